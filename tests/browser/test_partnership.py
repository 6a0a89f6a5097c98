"""A whole rubber of classic Whist and a whole match of Whist with dummy, played by tapping at 360 px.

Sides: Alessandra & Costanza (1st and 3rd) against Bartolomeo & Domenico. Target 5, honours on.
Every number below was worked out by hand from the rules (docs/rules/partnership.md):

    deal  trump  honours       tricks A&C–B&D   points   game score   game
    1     ♠      —             9–4              3, 0     3–0
    2     ♥      B&D hold 4    7–6              1, 3     4–3          (B&D on 0 may score honours)
    3     ♦      —             8–5              1, 0     —            game 1 to A&C, worth 1 (B&D had 3)
    4     ♣      —             0–13             0, 5     —            game 2 to B&D, worth 3 (A&C had 0)
    5     ♠      A&C hold 3    10–3             5, 0     —            game 3 to A&C by honours, worth 3
Rubber: A&C 1 + 3 + 2 − 3 = 3 rubber points; totals 10 and 8.
"""
from __future__ import annotations

from playwright.sync_api import Page, expect

from .sheet import changed, start_from_home, watch

PLAYERS = ["Alessandra", "Bartolomeo", "Costanza", "Domenico"]
NARROW = {"width": 360, "height": 740}
# the visible "NT" is part of its name
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs", "NT": "NT, No trump"}


def start(page: Page, base_url: str, game: str, heading: str) -> None:
    start_from_home(page, base_url, game, PLAYERS, dealer=1)
    expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()  # the sheet's title
    expect(page.locator("#entry-title")).to_contain_text("Deal 1")


class Taps:
    """Counts the taps a scorer makes, each one waited out until the sheet shows the change."""

    def __init__(self, page: Page):
        self.page, self.count = page, 0

    def tap(self, locator) -> None:
        self.count += 1
        changed(self.page, locator.tap) if locator.get_attribute("type") == "submit" else locator.tap()

    def deal(self, trump: str, tricks: int, honours: str | None = None) -> int:
        """Turned card, honours, side 1's tricks: returns the taps it took."""
        before = self.count
        form = self.page.locator(".deal-form")
        self.tap(form.get_by_role("button", name=SUIT_NAMES[trump], exact=True))
        if honours:
            self.tap(self.page.get_by_label(honours))
        self.tap(self.page.locator(".deal-form .pad").get_by_role("button", name=str(tricks), exact=True))
        return self.count - before


def grid(page: Page) -> list[list[str]]:
    """Per deal row: the two cells' (tricks, points, total) text."""
    rows = page.locator("table.grid tbody tr:not(.game-end)")
    out = []
    for row in rows.all():
        cells = row.locator("td")
        out.append([" ".join(cells.nth(i).locator("span").all_inner_texts()) for i in range(2)])
    return out


def no_overflow(page: Page) -> None:
    widths = page.evaluate("""() => [document.documentElement.scrollWidth,
        ...[...document.querySelectorAll('.grid-wrap')].map(w => w.scrollWidth - w.clientWidth)]""")
    assert widths[0] <= 360 and all(extra <= 0 for extra in widths[1:]), widths


def test_a_whole_rubber_by_tapping(live_server, browser, artifacts):
    from .conftest import phone_context
    context = phone_context(browser, viewport=NARROW)
    page = context.new_page()
    problems = watch(page)
    start(page, live_server, r"^Whist \(classic", "Whist (classic, with honours and rubber)")
    taps = Taps(page)
    assert taps.deal("S", 9) == 2
    expect(page.locator(".game-score")).to_contain_text("Game 1: Alessandra & Costanza 3 – 0 Bartolomeo & Domenico")
    assert taps.deal("H", 7, honours="Bartolomeo & Domenico: 4") == 3
    expect(page.locator(".game-score")).to_contain_text("4 – 3")
    page.screenshot(path=str(artifacts / "partnership-classic-360.png"), full_page=True)
    no_overflow(page)
    taps.deal("D", 8)
    expect(page.locator("tr.game-end").first).to_have_text("Game won by Alessandra & Costanza, worth 1")
    expect(page.locator(".game-score")).to_contain_text("Game 2:")
    taps.deal("C", 0)
    # A correction of deal 1 (A&C 9 → 10 tricks) and its undo: nothing after it is lost.
    page.locator("table.grid tbody tr").first.get_by_role("link").tap()
    expect(page.locator("#edit-title")).to_have_text("Correct deal 1")
    page.locator(".edit").get_by_label("Tricks won by Alessandra & Costanza").fill("10")
    changed(page, lambda: page.get_by_role("button", name="Save the correction").tap())
    assert grid(page)[0] == ["10 4 4", "3 0 0"]
    expect(page.locator(".undo-form button")).to_have_text(
        "↶ Undo: recorded the deal · trump ♠ · tricks Alessandra & Costanza 10, Bartolomeo & Domenico 3, deal 1")
    changed(page, lambda: page.locator(".undo-form button").tap())
    expect(page.locator(".notice")).to_contain_text("Undone: recorded the deal")
    assert grid(page)[0] == ["9 3 3", "4 0 0"]
    assert taps.deal("S", 10, honours="Alessandra & Costanza: 3") == 3
    assert grid(page) == [["9 3 3", "4 0 0"], ["7 1 4", "6 3 3"], ["8 1 5", "5 0 3"], ["0 0 5", "13 5 8"],
                          ["10 5 10", "3 0 8"]]
    expect(page.locator("#ranking-title")).to_have_text("Rubber won by Alessandra & Costanza")
    expect(page.locator(".ranking .lead")).to_have_text("3 rubber points")
    expect(page.locator(".ranking ol.rubber-games li")).to_have_text([
        "Game 1: Alessandra & Costanza, worth 1", "Game 2: Bartolomeo & Domenico, worth 3",
        "Game 3: Alessandra & Costanza, worth 3"])
    expect(page.locator(".games-row td")).to_have_text(["2", "1"])
    expect(page.locator(".deal-form")).to_have_count(0)
    assert taps.count == 12  # 5 deals: 2 taps each, +1 for each deal with honours
    no_overflow(page)
    page.screenshot(path=str(artifacts / "partnership-classic-finished-360.png"), full_page=True)
    assert problems == []
    context.close()


def test_a_whole_dummy_match_by_tapping(live_server, browser, artifacts):
    """4 deals, each player deals once; the side with more tricks scores the difference."""
    from .conftest import phone_context
    context = phone_context(browser, viewport=NARROW, color_scheme="dark")
    page = context.new_page()
    problems = watch(page)
    start(page, live_server, r"^Whist with dummy", "Whist with dummy")
    expect(page.locator(".entry .facts")).to_contain_text("Alessandra deals · Costanza is dummy")
    taps = Taps(page)
    for trump, tricks in (("NT", 8), ("H", 4), ("S", 7), ("D", 6)):
        assert taps.deal(trump, tricks) == 2
    # 8–5 → +3 A&C; 4–9 → +5 B&D; 7–6 → +1 A&C; 6–7 → +1 B&D: 4 against 6.
    assert grid(page) == [["8 3 3", "5 0 0"], ["4 0 3", "9 5 5"], ["7 1 4", "6 0 5"], ["6 0 4", "7 1 6"]]
    expect(page.locator("#ranking-title")).to_have_text("Bartolomeo & Domenico win the match")
    no_overflow(page)
    page.screenshot(path=str(artifacts / "partnership-dummy-dark-360.png"), full_page=True)
    assert problems == []
    context.close()
