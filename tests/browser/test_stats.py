"""The statistics page and the running-totals charts in a phone's browser, at 360 px: no page wider
than the screen with five long names, light and dark, English and Italian, no serious axe violation;
a chart on a game of every family (classic Whist draws none) with labelled axes and a dash pattern per
line. Screenshots go to test-artifacts/ (stats-*.png, chart-*.png)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.stats.games import CLASSICO, SOLO

from .conftest import phone_context
from .axe import NARROW, game, serious

LONG = ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda"]
WIST5 = [{"bids": [2, 2, 2, 2, 1], "tricks": [2, 3, 2, 2, 1]},   # 12, 3, 12, 12, 11
         {"bids": [0, 3, 3, 1, 2], "tricks": [1, 3, 3, 1, 2]},   # -5, 13, 13, 11, 12
         {"bids": [4, 0, 0, 4, 0], "tricks": [4, 0, 0, 6, 0]}]   # 14, 20, 20, 6, 20
DEAL = {"carte_blanche": [False, False], "point": [0, 5], "sequences": [0, 0], "sets": [0, 0],
        "trick_winners": [0] * 7 + [1] * 5}
PIQUET = [DEAL, {**DEAL, "point": [5, 0], "sequences": [0, 3], "trick_winners": [1] * 7 + [0] * 5}, DEAL]


def families(base: str) -> dict[str, str]:
    """A game of each family with long names: the scorer's sheet of each."""
    sheets = {
        "wist": game(base, "wist", WIST5, LONG)[0],
        "whist-classico": game(base, "whist-classico", [{"trump": "SHDCS"[n], "tricks": t}
                                                        for n, t in enumerate(CLASSICO)], LONG[:4])[0],
        "solo-whist": game(base, "solo-whist", SOLO, LONG[:4])[0],
        "piquet": game(base, "piquet", PIQUET, LONG[:2])[0],
    }
    return sheets


def no_overflow(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]


@pytest.mark.parametrize("scheme, locale", [("light", "en-US"), ("dark", "it-IT")])
def test_the_statistics_page_at_360_px(live_server, browser, artifacts, scheme, locale):
    context = phone_context(browser, viewport=NARROW, color_scheme=scheme, locale=locale)
    page = context.new_page()
    page.goto(live_server + "/stats")
    assert page.locator(".empty-state").is_visible()  # nothing on this phone yet: explained
    assert not serious(page)
    for path in families(live_server).values():
        page.goto(live_server + path)  # opened here: on this phone's list
    page.goto(live_server + "/")
    page.locator("a[href='/stats']").click()
    page.wait_for_load_state("load")
    assert page.locator(".stats-variant h2").all_inner_texts() == (
        ["Wist", "Whist (classic, with honours and rubber)", "Solo Whist", "Piquet"] if locale == "en-US" else
        ["Wist", "Whist (classico, con onori e rubber)", "Solo Whist", "Piquet"])
    wist = page.locator(".stats-variant").first
    assert wist.locator("tbody tr").first.locator("th").inner_text() == "Alessandra"  # in progress: A to Z
    no_overflow(page)
    for box in page.locator(".table-scroll").all():  # each table fits, or scrolls inside its own box
        assert box.evaluate("e => e.getBoundingClientRect().right") <= NARROW["width"]
    # A table wider than the screen says it scrolls (#18): a line over it while more columns wait to the right,
    # and a shadow at the edge; a table that fits says nothing.
    for box in page.locator(".table-scroll:has(.scroll-hint)").all():
        hint = box.locator(".scroll-hint")
        if box.evaluate("e => e.scrollWidth > e.clientWidth"):
            expect(hint).to_be_visible()
            expect(hint).to_have_text("Swipe the table sideways to see every column →" if locale == "en-US" else
                                      "Scorri la tabella di lato per vedere tutte le colonne →")
            box.evaluate("e => e.scrollLeft = e.scrollWidth")
            expect(hint).to_be_hidden()   # at the end: nothing more to see
        else:
            expect(hint).to_be_hidden()
    assert "radial-gradient" in page.locator(".table-scroll").first.evaluate("e => getComputedStyle(e).backgroundImage")
    for index, section in enumerate(page.locator(".stats-variant").all()):
        section.screenshot(path=str(artifacts / f"stats-{scheme}-{locale}-{index}.png"))
    assert not serious(page)
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_family_has_a_readable_chart(live_server, browser, artifacts, scheme):
    context = phone_context(browser, viewport=NARROW, color_scheme=scheme)
    page = context.new_page()
    for variant, path in families(live_server).items():
        page.goto(live_server + path)
        chart = page.locator("figure.chart")
        if variant == "whist-classico":  # no chart: the sum of the deal points decides nothing in a rubber
            expect(chart).to_have_count(0)
            continue
        chart.scroll_into_view_if_needed()
        titles = chart.locator("text.axis-title").all_text_contents()
        assert titles[1] == "Points ↑" and titles[0] in ("Hands →", "Deals →")
        assert len(chart.locator("text.tick").all()) >= 5
        lines = chart.locator("polyline.line").all()
        assert len(lines) == (2 if variant == "piquet" else 5 if variant == "wist" else 4)
        dashes = [line.evaluate("e => getComputedStyle(e).strokeDasharray") for line in lines]
        colours = [line.evaluate("e => getComputedStyle(e).stroke") for line in lines]
        assert len(set(dashes)) == len(lines) and len(set(colours)) == len(lines)
        no_overflow(page)
        chart.screenshot(path=str(artifacts / f"chart-{variant}-{scheme}.png"))
    assert not serious(page)
    context.close()
