"""The print page of a 90-player tournament in Chromium (#21): three A4 pages in the PDF it makes, black on
white, the header on each page."""
from __future__ import annotations

import re

from tests.conftest import make_app, serving
from tests.evenings import play_tournament
from tests.web.test_results import NINETY


def test_ninety_players_make_three_a4_pages(browser, tmp_path, artifacts):
    client = make_app(tmp_path, SCOREKEEPER_DATABASE=str(tmp_path / "live.sqlite3")).test_client()
    created, _ = play_tournament(client, "Torneo d'autunno", [NINETY[i:i + 5] for i in range(0, 90, 5)])
    with serving(tmp_path) as base:
        page = browser.new_page(locale="en-US")
        try:
            page.goto(f"{base}/t/{created['id']}/{created['keys']['view']}/print")
            assert page.locator(".print-page").count() == 3
            page.emulate_media(media="print")
            assert page.locator(".screen-only").is_hidden()
            colours = page.locator("td").first.evaluate(
                "el => [getComputedStyle(el).color, getComputedStyle(document.body).backgroundColor]")
            assert colours == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"]
            pdf = page.pdf(format="A4")
            (artifacts / "print-90.pdf").write_bytes(pdf)
            assert len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf)) == 3
            page.set_viewport_size({"width": 794, "height": 1123})  # an A4 sheet at 96 dpi
            page.screenshot(path=str(artifacts / "print-90.png"))
        finally:
            page.close()
