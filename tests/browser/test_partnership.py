"""A whole rubber of classic Whist and a whole match of Whist with dummy, played by tapping at 360 × 740.

Sides: Alessandra & Costanza (1st and 3rd) against Bartolomeo & Domenico. The rubber is tests/tour.py's
WHIST_RUBBER, with honours, a revoke and remarks, won 2–1 by the side with fewer deal points (10 against
13); its sheet, worked out by hand from docs/rules/partnership.md, is in tests/web/test_sheet_partnership.py.
Every deal is counted: the taps, and the scrolls a thumb would need to reach the next target.
"""
from __future__ import annotations

import pytest

from playwright.sync_api import Page, expect

from tests.tour import WHIST_RUBBER
from tests.web.test_sheet_partnership import CELLS, LINES

from .sheet import Taps, changed, start_from_home, watch

PLAYERS = ["Alessandra", "Bartolomeo", "Costanza", "Domenico"]
SIDES = ["Alessandra & Costanza", "Bartolomeo & Domenico"]
NARROW = {"width": 360, "height": 740}
# the visible "NT" is part of its name
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs", "NT": "NT, No trump"}


def start(page: Page, base_url: str, game: str, heading: str) -> None:
    start_from_home(page, base_url, game, PLAYERS, dealer=1)
    expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()  # the sheet's title
    expect(page.locator("#entry-title")).to_contain_text("Deal 1")


class Thumb(Taps):
    """`Taps`, where a target under the outbox's bar (fixed at the bottom of the screen) needs a scroll too."""

    VISIBLE = """el => { const r = el.getBoundingClientRect(), bar = document.getElementById('outbox');
        const bottom = bar && !bar.hidden ? bar.getBoundingClientRect().top : window.innerHeight;
        return r.top >= 0 && r.left >= 0 && r.bottom <= bottom && r.right <= window.innerWidth; }"""

    def submit(self, locator) -> None:
        """A tap that sends the form: waited out until the sheet shows the change and the page stops moving."""
        changed(self.page, lambda: self.tap(locator))
        settle(self.page)


def settle(page: Page) -> None:
    """Wait until the page has not scrolled for a moment (the sheet brings the next target into view)."""
    page.evaluate("delete window.lastY")
    page.wait_for_function("""() => { const now = performance.now();
        if (window.lastY !== scrollY) { window.lastY = scrollY; window.still = now; return false; }
        return now - window.still > 100; }""", polling=25)


def play(thumb: Thumb, body: dict) -> tuple[int, int]:
    """One deal as the scorer taps it: the turned card; the deal is played; the honours, the penalties and
    A&C's tricks. Returns its (taps, scrolls)."""
    page = thumb.page
    form = page.locator(".deal-form")
    thumb.submit(form.get_by_role("button", name=SUIT_NAMES[body["trump"]], exact=True))
    if body.get("revokes") or any(body.get("remarks", ())):
        page.clock.run_for(4100)  # the deal is played: the outbox's "Recorded" has gone (after 4 s)
        expect(page.locator("#outbox")).to_be_hidden()
        thumb.tap(form.locator(".penalties summary"))
        for side in body.get("revokes", ()):
            thumb.tap(form.get_by_label(f"{SIDES[side]} revoked"))
        for side, count in enumerate(body.get("remarks", ())):
            if count:
                box = form.get_by_label(f"Remarks during play by {SIDES[side]}")
                thumb.tap(box)
                box.fill(str(count))
    for side, held in enumerate(body.get("honours", ())):
        if held >= 3:
            thumb.tap(form.get_by_label(f"{SIDES[side]}: {held}"))
    thumb.submit(form.locator(".pad").get_by_role("button", name=str(body["tricks"][0]), exact=True))
    return thumb.deal()


def grid(page: Page) -> list[list[str]]:
    """The grid's body, row by row: each side's cell as its text reads."""
    return page.evaluate("""() => [...document.querySelectorAll('table.grid tbody tr')].map(tr =>
        [...tr.querySelectorAll('td')].map(td => td.textContent.split(/\\s+/).filter(Boolean).join(' ')))""")


def pinned(page: Page) -> dict[str, list[str]]:
    """The rows pinned under the grid: {label: values per side}."""
    rows = page.locator("table.grid tfoot tr")
    return {row.locator("th").inner_text(): row.locator("td").all_inner_texts() for row in rows.all()}


def no_overflow(page: Page) -> None:
    widths = page.evaluate("""() => [document.documentElement.scrollWidth,
        ...[...document.querySelectorAll('.grid-wrap')].map(w => w.scrollWidth - w.clientWidth)]""")
    assert widths[0] <= 360 and all(extra <= 0 for extra in widths[1:]), widths


def suits_on_one_line(page: Page, suits: str = ".deal-form .suit-button") -> None:
    """The trump buttons are one row, none left alone beside the label (in the correction too)."""
    tops = page.evaluate(f"[...document.querySelectorAll('{suits}')].map(b => b.getBoundingClientRect().top)")
    assert len(tops) >= 4 and len(set(tops)) == 1, tops


# The places pinned under the grid as the rubber goes on: by games, then the game being played — not by the
# deal points (after deal 6 B&D have 10 to A&C's 8, yet A&C lead the third game 3–1).
PLACES = {1: ["2", "1"], 2: ["2", "1"], 5: ["1", "1"], 6: ["1", "2"], 7: ["2", "1"], 8: ["1", "2"]}
# (taps, scrolls) per deal: the turned card and the tricks; +1 for honours, +2 for a revoke (open the
# penalties, tick), +2 for remarks (open, the box); never a scroll.
COUNTS = [(3, 0), (2, 0), (5, 0), (4, 0), (2, 0), (3, 0), (2, 0), (2, 0)]


@pytest.mark.slow  # a long journey (#36): make test-slow and CI run it; make test keeps the shorter ones
def test_a_whole_rubber_by_tapping(live_server, browser, artifacts):
    from .conftest import phone_context
    context = phone_context(browser, viewport=NARROW)
    page = context.new_page()
    page.clock.install()  # time runs as usual; a deal's play is skipped over (`play`)
    problems = watch(page)
    start(page, live_server, r"^Whist \(classic", "Whist (classic, with honours and rubber)")
    suits_on_one_line(page)
    thumb = Thumb(page)
    for number, body in enumerate(WHIST_RUBBER, start=1):
        play(thumb, body)
        if number in PLACES:
            assert pinned(page)["Place"] == PLACES[number], number
        if number == 3:
            assert pinned(page) == {"Game 2": ["3", "2"], "Games won": ["0", "1"], "Place": ["2", "1"]}
            expect(page.locator(".game-score")).to_contain_text(
                "Game 2: Alessandra & Costanza 3 – 2 Bartolomeo & Domenico")
            page.screenshot(path=str(artifacts / "partnership-classic-360.png"))
        if number == 2:
            correct_deal_1_and_undo(page)
    assert thumb.counts == COUNTS
    rows = []
    for number, cells in enumerate(CELLS, start=1):
        rows += [cells] + [line for _, line in LINES.get(number, [])]
    assert grid(page) == rows
    assert pinned(page) == {"Games won": ["2", "1"], "Rubber points": ["1", "0"], "Place": ["1", "2"]}
    expect(page.locator("#ranking-title")).to_have_text("Rubber won by Alessandra & Costanza")
    expect(page.locator(".ranking .lead")).to_contain_text("1 rubber point: 1 + 1 + 2 − 3 = 1")
    expect(page.locator(".ranking ol.rubber-games li")).to_have_text([
        "Game 1: Bartolomeo & Domenico, worth 3", "Game 2: Alessandra & Costanza, worth 1",
        "Game 3: Alessandra & Costanza, worth 1"])
    expect(page.locator(".ranking ol.places li")).to_have_text([  # the winners first, each number named
        "1. Alessandra & Costanza 2 games won · 1 rubber point",
        "2. Bartolomeo & Domenico 1 game won · 0 rubber points"])
    expect(page.locator(".deal-form")).to_have_count(0)
    no_overflow(page)
    page.screenshot(path=str(artifacts / "partnership-classic-finished-360.png"), full_page=True)
    page.get_by_role("link", name="IT").tap()
    expect(page.locator("#ranking-title")).to_have_text("Rubber vinto da Alessandra & Costanza")
    no_overflow(page)
    page.screenshot(path=str(artifacts / "partnership-classic-finished-it-360.png"), full_page=True)
    assert problems == []
    context.close()


def correct_deal_1_and_undo(page: Page) -> None:
    """A&C took 7 tricks in deal 1, not 6: corrected, everything after it recomputed, said as a correction;
    then undone, and nothing after it is lost."""
    page.locator("table.grid tbody tr").first.get_by_role("link").tap()
    expect(page.locator("#edit-title")).to_have_text("Correct deal 1")
    suits_on_one_line(page, ".edit .trump")
    page.locator(".edit").get_by_label("Tricks won by Alessandra & Costanza").fill("7")
    changed(page, lambda: page.get_by_role("button", name="Save the correction").tap())
    said = ("trump ♠ · tricks Alessandra & Costanza 7, Bartolomeo & Domenico 6 · "
            "honours Alessandra & Costanza 0, Bartolomeo & Domenico 4")
    expect(page.locator("#outbox")).to_have_text(f"Deal 1 corrected: {said}")
    expect(page.locator(".notice")).to_have_text(f"Deal 1 corrected: {said}")
    # 1–3 after deal 1 (honours count: B&D were on 0); B&D need 2 in deal 2, A&C had 1: game 1 worth 2.
    assert grid(page)[:3] == [["7 +1 1", "6 +3 3 4 honours +3"], ["3 0 1", "10 +2 5"], ["", "game won +2"]]
    undo = page.locator(".undo-form button")
    expect(undo).to_have_text(f"↶ Undo: the correction of deal 1 ({said})")
    changed(page, undo.tap)
    expect(page.locator(".notice")).to_have_text(f"Undone: the correction of deal 1 ({said}).")
    assert grid(page)[:3] == [CELLS[0], CELLS[1], LINES[2][0][1]]
    page.evaluate("document.getElementById('entry-title').scrollIntoView()")  # back to the deal being played


def test_a_whole_dummy_match_by_tapping(live_server, browser, artifacts):
    """4 deals, each player deals once; the side with more tricks scores the difference."""
    from .conftest import phone_context
    context = phone_context(browser, viewport=NARROW, color_scheme="dark")
    page = context.new_page()
    problems = watch(page)
    start(page, live_server, r"^Whist with dummy", "Whist with dummy")
    expect(page.locator(".entry .facts")).to_contain_text("Alessandra deals · Costanza is dummy")
    suits_on_one_line(page)
    thumb = Thumb(page)
    for trump, tricks in (("NT", 8), ("H", 4), ("S", 7), ("D", 6)):
        play(thumb, {"trump": trump, "tricks": [tricks, 13 - tricks]})
    assert thumb.counts == [(2, 0)] * 4
    # 8–5 → +3 A&C; 4–9 → +5 B&D; 7–6 → +1 A&C; 6–7 → +1 B&D: 4 against 6.
    assert grid(page) == [["8 +3 3", "5 0 0"], ["4 0 3", "9 +5 5"], ["7 +1 4", "6 0 5"], ["6 0 4", "7 +1 6"]]
    assert pinned(page) == {"Total": ["4", "6"], "Place": ["2", "1"]}
    expect(page.locator("#ranking-title")).to_have_text("Bartolomeo & Domenico win the match")
    expect(page.locator(".ranking ol.places li")).to_have_text([
        "1. Bartolomeo & Domenico 6 points", "2. Alessandra & Costanza 4 points"])
    no_overflow(page)
    page.screenshot(path=str(artifacts / "partnership-dummy-dark-360.png"), full_page=True)
    assert problems == []
    context.close()
