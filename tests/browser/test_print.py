"""The print page in Chromium: a 90-player tournament's standings on three A4 pages, the header on each, then its
round (#21); the club evening of #35 (eleven players, three rounds, a withdrawal and a late arrival): the standings
on one sheet and each round on its own, no table split, black on white, and readable on a 360-pixel phone."""
from __future__ import annotations

import re

from tests.conftest import make_app, serving
from tests.evenings import play_evening, play_tournament
from tests.web.test_results import NINETY


def pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def test_ninety_players_make_three_a4_pages(browser, tmp_path, artifacts):
    client = make_app(tmp_path, SCOREKEEPER_DATABASE=str(tmp_path / "live.sqlite3")).test_client()
    created, _ = play_tournament(client, "Torneo d'autunno", [NINETY[i:i + 5] for i in range(0, 90, 5)])
    with serving(tmp_path) as base:
        page = browser.new_page(locale="en-US")
        try:
            page.goto(f"{base}/t/{created['id']}/{created['keys']['view']}/print")
            assert page.locator(".print-page").count() == 3 and page.locator(".print-round").count() == 1
            page.emulate_media(media="print")
            assert page.locator(".screen-only").is_hidden()
            colours = page.locator("td").first.evaluate(
                "el => [getComputedStyle(el).color, getComputedStyle(document.body).backgroundColor]")
            assert colours == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"]
            pdf = page.pdf(format="A4")
            (artifacts / "print-90.pdf").write_bytes(pdf)
            # three sheets of standings, then round 1's eighteen tables of five, whole, about six to a sheet
            assert pages(pdf) == 3 + 3
            page.set_viewport_size({"width": 794, "height": 1123})  # an A4 sheet at 96 dpi
            page.screenshot(path=str(artifacts / "print-90.png"))
        finally:
            page.close()


def test_the_evening_prints_its_standings_then_a_sheet_a_round(browser, tmp_path, artifacts):
    client = make_app(tmp_path, SCOREKEEPER_DATABASE=str(tmp_path / "live.sqlite3")).test_client()
    created, played = play_evening(client)
    with serving(tmp_path) as base:
        page = browser.new_page(locale="en-US", viewport={"width": 360, "height": 740})
        try:
            page.goto(f"{base}/t/{created['id']}/{created['keys']['organiser']}/print")
            assert page.locator(".print-round").count() == 3
            assert page.locator(".print-table").count() == len(played) == 9
            assert page.locator(".print-round").nth(1).locator("caption").all_inner_texts() == [
                "Table A", "Table B", "Table C"]
            assert page.evaluate("document.documentElement.scrollWidth") <= 360  # a phone reads it, no sideways scroll
            page.screenshot(path=str(artifacts / "print-evening-360.png"), full_page=True)
            page.emulate_media(media="print")
            styles = page.locator(".print-table").first.evaluate(
                "el => [getComputedStyle(el).breakInside, getComputedStyle(el.closest('section')).breakBefore,"
                " getComputedStyle(el).color]")
            assert styles == ["avoid", "page", "rgb(0, 0, 0)"]
            pdf = page.pdf(format="A4")
            (artifacts / "print-evening.pdf").write_bytes(pdf)
            assert pages(pdf) == 1 + 3  # the standings of twelve, then a sheet for each round
            page.set_viewport_size({"width": 794, "height": 1123})  # an A4 sheet at 96 dpi
            page.screenshot(path=str(artifacts / "print-evening-a4.png"), full_page=True)
        finally:
            page.close()
