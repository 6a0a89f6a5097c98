"""Two hands of Wist by keyboard alone, as a screen-reader user would play them (#19).

Every key press is counted: from the page's first Tab, a hand takes at most 20. What a screen reader would
say is read from the browser's accessibility tree: whose turn it is (announced in a live region when it
changes), the forbidden bid and why (a key that keeps the focus, with its reason as its description), the
tricks fields with each player's bid, the grid's boxes in words.

The hands are hands 1 and 2 of test_wist_game (docs/rules/bid-exactly.md: bid k ≥ 1 scores the tricks + 10 if
exact; a clean 0 with four players +25): Dario deals hand 1, bids A3 B4 C2 D3 (the dealer may not bid 4),
tricks 3 4 1 5 → 13 14 1 5; Anna deals hand 2, bids B0 C5 D2 A4 (she may not bid 6), tricks 4 0 5 4 →
14 25 15 4, totals 27 39 16 9.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.sse import request

from .conftest import quick_taps
from .sheet import watch

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
HANDS = [  # bids in bidding order (seat, bid), the forbidden bid, tricks by seat
    ([(0, 3), (1, 4), (2, 2), (3, 3)], 4, [3, 4, 1, 5]),
    ([(1, 0), (2, 5), (3, 2), (0, 4)], 6, [4, 0, 5, 4]),
]


class Keyboard:
    """The page's keyboard, counting every press."""

    def __init__(self, page: Page):
        self.page, self.count = page, 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1


def focused(page: Page):
    return page.locator(":focus")


def recorded(page: Page, keyboard: Keyboard, key: str) -> None:
    """Press a key that makes an entry and wait until the sheet shows it."""
    version = page.locator("#sheet").get_attribute("data-version")
    keyboard.press(key)
    expect(page.locator("#sheet")).not_to_have_attribute("data-version", version, timeout=10000)


@pytest.fixture
def desk(browser):
    context = quick_taps(browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US"))
    yield context
    context.close()


def test_two_wist_hands_by_keyboard_alone(live_server, desk, artifacts):
    status, game = request(live_server, "POST", "/api/v1/games",
                           body={"variant": "wist", "players": PLAYERS, "first_dealer": 3})
    assert status == 201, game
    page = desk.new_page()
    problems = watch(page)
    page.goto(f"{live_server}/g/{game['id']}/{game['keys']['scorer']}")
    keyboard = Keyboard(page)
    keyboard.press("Tab")  # the first Tab: the way to the entry
    expect(focused(page)).to_have_text("Skip to the sheet")
    keyboard.press("Enter")
    expect(focused(page)).to_have_accessible_name("0")
    expect(page.locator(".bidders li[aria-current=step]")).to_contain_text("Anna")
    counts = []
    for number, (bids, forbidden, tricks) in enumerate(HANDS, start=1):
        *others, (dealer, dealer_bid) = bids
        for seat, value in others:
            expect(page.get_by_role("group", name=f"Bid of {PLAYERS[seat]}")).to_be_visible()
            expect(focused(page)).to_have_role("button")  # focus waits on the pad, not on the page's body
            recorded(page, keyboard, str(value))
            following = PLAYERS[bids[[s for s, _ in bids].index(seat) + 1][0]]
            expect(page.locator("#next-up")).to_have_text(f"{following} bids")  # said aloud: whose turn
            expect(page.locator(".bidders li[aria-current=step]")).to_contain_text(following)
        # The forbidden bid takes the focus and says why; nothing is sent.
        expect(focused(page)).to_have_accessible_name("0")  # the dealer's pad takes keys
        version = page.locator("#sheet").get_attribute("data-version")
        keyboard.press(str(forbidden))
        expect(focused(page)).to_have_accessible_name(str(forbidden))
        expect(focused(page)).to_have_attribute("aria-disabled", "true")
        expect(focused(page)).to_have_accessible_description(re.compile(
            rf"Dealer's forbidden bid: {PLAYERS[dealer]} may not bid {forbidden}, or the bids would add up to the 13"))
        if number == 1:  # tapped, it is refused on the spot, with why
            page.locator(".pad button.forbidden").click(force=True)  # force: Playwright would wait for it to be enabled
            expect(page.locator("#outbox")).to_contain_text(
                f"Not recorded: Bid of {PLAYERS[dealer]}: {forbidden} — Dealer's forbidden bid")
            page.locator(".pad button").first.focus()  # back to the keyboard
        page.wait_for_timeout(300)
        expect(page.locator("#sheet")).to_have_attribute("data-version", version)
        recorded(page, keyboard, str(dealer_bid))

        # The tricks: each field says its player's bid; the pad takes the digits, the last player's are what is left.
        expect(page.locator("#next-up")).to_have_text("Tricks of Anna:")
        by_seat = dict(bids)
        for seat, name in enumerate(PLAYERS):
            expect(page.get_by_role("spinbutton", name=f"Tricks of {name} (bid {by_seat[seat]})")).to_be_visible()
        for seat, taken in enumerate(tricks[:-1]):
            expect(page.locator("#next-up")).to_have_text(f"Tricks of {PLAYERS[seat]}:")
            expect(focused(page)).to_have_role("button")  # on the pad of this player's tricks
            keyboard.press(str(taken))
            if taken == 1:  # 10–13 also start with 1: a lone 1 is taken after a moment
                expect(page.locator("#next-up")).not_to_have_text(f"Tricks of {PLAYERS[seat]}:")
        expect(page.locator(".tricks-form .count")).to_have_text("13 of 13")
        expect(focused(page)).to_have_accessible_name("Record the tricks")
        recorded(page, keyboard, "Enter")
        expect(page.locator("#outbox")).to_contain_text(f"Hand {number}: tricks recorded.")
        counts.append(keyboard.count)
        keyboard.count = 0
        if number < len(HANDS):
            expect(page.locator("#next-up")).to_have_text(f"{PLAYERS[HANDS[number][0][0][0]]} bids")
            expect(focused(page)).to_have_accessible_name("0")

    assert all(count <= 20 for count in counts), counts
    # Space on a bidder's name (a link: the scorer picks whose bid the pad enters) follows it, as Enter does.
    page.locator(".bidders a", has_text="Dario").focus()
    page.keyboard.press(" ")
    expect(page.locator(".pad-form .who")).to_have_text("Dario bids")
    # The grid read aloud: each box in words, the running totals at the foot.
    snapshot = page.locator("table.grid").aria_snapshot()
    for box in ("bid 3, took 3, 13 points, total 13", "bid 4, took 4, 14 points, total 27",
                "bid 0, took 0, 25 points, total 39", "bid 5, took 5, 15 points, total 16",
                "bid 2, took 4, 4 points, total 9"):
        assert box in snapshot, snapshot
    assert "4/4" not in snapshot, snapshot
    expect(page.locator("table.grid tbody tr[aria-current=step] th")).to_contain_text("3")
    page.screenshot(path=artifacts / "keyboard-wist.png")
    assert problems == []


@pytest.mark.parametrize("variant, players, keys, first, then, where, says", [
    # classic Whist: Enter on the turned card (Hearts), then "7": Anna & Carla's tricks; the next deal's suits
    ("whist-classico", PLAYERS, ["Enter", "7"], "Hearts", "Hearts", "#entry-title", "Deal 2"),
    # Piquet: the winner of each trick, one Enter each; the focus stays on the next trick's keys
    ("piquet", PLAYERS[:2], ["Enter", "Enter"], "Anna", "Anna", ".pad-title", "Trick 3 won by:"),
])
def test_every_family_gives_the_focus_to_the_next_entry(live_server, desk, variant, players, keys, first, then,
                                                        where, says):
    """The other families by keyboard: the skip link lands on the entry's first key, and after each entry the
    focus is on the next one, never on the page's body (#19)."""
    status, game = request(live_server, "POST", "/api/v1/games",
                           body={"variant": variant, "players": players, "first_dealer": 0})
    page = desk.new_page()
    page.goto(f"{live_server}/g/{game['id']}/{game['keys']['scorer']}")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(focused(page)).to_have_accessible_name(first)
    for key in keys:
        before = page.url, page.locator("#sheet").get_attribute("data-version")
        page.keyboard.press(key)
        moved = "b => location.href !== b[0] || document.querySelector('#sheet').dataset.version !== b[1]"
        page.wait_for_function(moved, arg=list(before))  # recorded, or a Piquet trick in the address
        expect(focused(page)).to_have_role("button")
    expect(focused(page)).to_have_accessible_name(then)
    expect(page.locator(where)).to_contain_text(says)
