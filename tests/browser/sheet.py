"""What the browser tests do on a score sheet: tap bids, type tricks, read the grid.

Everything here works with JavaScript off too (full-page answers) as well as with htmx swaps.
"""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def watch(page: Page) -> list[str]:
    """Collect JavaScript errors and console errors: the page must have none.

    A refused entry is answered 422 on purpose (and swapped in); Chromium logs that response as a
    console error, which is not a fault of the page.
    """
    problems: list[str] = []

    def console(msg):
        if msg.type == "error" and "status of 422" not in msg.text:
            problems.append(f"console: {msg.text}")

    page.on("pageerror", lambda error: problems.append(f"pageerror: {error}"))
    page.on("console", console)
    return problems


def changed(page: Page, action) -> None:
    """Do something that records a change and wait until the sheet shows the new version."""
    version = page.locator("#sheet").get_attribute("data-version")
    action()
    expect(page.locator("#sheet")).not_to_have_attribute("data-version", version)


def pad_button(page: Page, value: int):
    return page.locator(".pad").get_by_role("button", name=str(value), exact=True)


def bid(page: Page, name: str, value: int) -> None:
    expect(page.locator(".pad-form .who")).to_have_text(f"{name} bids")
    changed(page, lambda: pad_button(page, value).tap())


def bid_round(page: Page, bids: list[tuple[str, int]], forbidden: int | None = None) -> None:
    """Tap the bids in order; before the dealer's (the last), `forbidden` is disabled and explained."""
    *others, (dealer, dealer_bid) = bids
    for name, value in others:
        bid(page, name, value)
    if forbidden is not None:
        expect(pad_button(page, forbidden)).to_be_disabled()
        expect(page.locator("#forbidden-note")).to_contain_text(f"{dealer} may not bid {forbidden}")
    bid(page, dealer, dealer_bid)


def fill_tricks(page: Page, tricks: list[int]):
    form = page.locator(".tricks-form")
    for seat, taken in enumerate(tricks):
        form.locator(f"input[name='tricks-{seat}']").fill(str(taken))
    return form


def record_tricks(page: Page, tricks: list[int]) -> None:
    form = fill_tricks(page, tricks)
    changed(page, lambda: form.get_by_role("button", name="Record the tricks").tap())


def refuse_tricks(page: Page, tricks: list[int], message: str):
    """Tricks that break a rule: the message shows, what was typed stays, nothing is recorded."""
    version = page.locator("#sheet").get_attribute("data-version")
    fill_tricks(page, tricks).get_by_role("button", name="Record the tricks").tap()
    error = page.get_by_role("alert")
    expect(error).to_have_text(message)
    expect(page.locator("#sheet")).to_have_attribute("data-version", version)
    last = len(tricks) - 1
    expect(page.locator(f".tricks-form input[name='tricks-{last}']")).to_have_value(str(tricks[last]))
    return error


def grid_row(page: Page, number: int) -> list[tuple[str, str, str, str]]:
    """(bid, score, running total, made/missed) of each player in a grid row."""
    cells = page.locator("table.grid tbody tr").nth(number - 1).locator("td")
    outcome = ["made" if "made" in classes else "missed" if "missed" in classes else ""
               for classes in ((cell.get_attribute("class") or "").split() for cell in cells.all())]
    return list(zip(cells.locator(".cell-bid").all_inner_texts(), cells.locator(".cell-score").all_inner_texts(),
                    cells.locator(".cell-total").all_inner_texts(), outcome))


def expect_row(page: Page, number: int, bids, scores, totals) -> None:
    row = grid_row(page, number)
    assert [c[0] for c in row] == [str(b) for b in bids], f"bids of hand {number}"
    assert [c[1] for c in row] == [str(s) for s in scores], f"scores of hand {number}"
    assert [c[2] for c in row] == [str(t) for t in totals], f"totals of hand {number}"


def expect_totals(page: Page, totals) -> None:
    expect(page.locator("table.grid tfoot tr").first.locator("td")).to_have_text([str(t) for t in totals])


def start_from_home(page: Page, base_url: str, game: str, players: list[str], dealer: int) -> None:
    """Home → New game → the game whose link matches `game` → names in order → who deals first (1-based)
    → Start: as a new user would."""
    page.goto(base_url)
    page.get_by_role("link", name="New game").tap()
    page.get_by_role("link", name=re.compile(game)).tap()
    for number, name in enumerate(players, start=1):
        page.get_by_role("textbox", name=re.compile(rf"^Player {number}\b")).fill(name)
    page.get_by_label(f"Player {dealer} deals first").check()
    page.get_by_role("button", name="Start the game").tap()


class Taps:
    """Counts what a player does with a thumb: taps, and the scrolls needed to reach what comes next.

    `tap(locator)` taps like a finger; when the target is not wholly on the screen first, the player
    would have scrolled: that is counted (and done: the target is brought into view) before the tap.
    `deal()` closes one deal's count and starts the next: `counts` holds (taps, scrolls) per deal."""

    VISIBLE = """el => { const r = el.getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth; }"""

    def __init__(self, page: Page):
        self.page = page
        self.taps = self.scrolls = 0
        self.counts: list[tuple[int, int]] = []

    SETTLED = """() => new Promise(done => { let last = -1, still = 0;
        const look = () => { still = scrollY === last ? still + 1 : 0; last = scrollY;
                             still >= 5 ? done(true) : requestAnimationFrame(look); }; look(); })"""

    def settle(self, target=None) -> None:
        """A player taps once the page has stopped moving (a smooth scroll the sheet made itself) and the key
        takes taps again (a pad just redrawn pauses them a moment, against double taps: live.js). Tapping a key
        still paused makes Playwright scroll the page about, looking for a spot that takes the tap."""
        if target is not None:
            self.page.wait_for_function("el => !el.closest('[inert]')", arg=target.element_handle())
        self.page.evaluate(self.SETTLED)

    def tap(self, locator) -> None:
        locator.wait_for(state="visible")
        self.settle(locator)
        if not locator.evaluate(self.VISIBLE):
            self.scrolls += 1
            locator.scroll_into_view_if_needed()
        self.taps += 1
        locator.tap()

    def choose(self, select, value: str) -> None:
        """A choice in a list: one tap on the list (the choice in the list that opens is the phone's own)."""
        select.wait_for(state="visible")
        self.settle(select)
        if not select.evaluate(self.VISIBLE):
            self.scrolls += 1
            select.scroll_into_view_if_needed()
        self.taps += 1
        select.select_option(value)

    def deal(self) -> tuple[int, int]:
        self.counts.append((self.taps, self.scrolls))
        self.taps = self.scrolls = 0
        return self.counts[-1]
