"""A whole game of Italian Wist on a phone, played by tapping as a scorer at the table would (hands 3 and 4 come
from another phone: test_wist_taps taps every kind of hand).

The bids and tricks are chosen in advance and every score below was worked out by hand from
docs/rules/bid-exactly.md (bid k ≥ 1: tricks, +10 if exact; bid 0 with 4 players: +25 if clean, else −5 a
trick). Players in order of play: Anna, Bruno, Carla, Dario; Dario deals hand 1, so the deal
passes Dario → Anna → Bruno → Carla → Dario → …, and the player after the dealer bids first.

    hand  dealer  bids (in bidding order)     forbidden   tricks A B C D   scores A B C D
    1     Dario   A3 B4 C2 D3                 Dario 4     3 4 1 5          13  14   1   5
          (tricks first typed 3 4 1 4 = 12: refused, nothing recorded)
    2     Anna    B0 C5 D2 A4 (typed)         Anna 6      4 0 5 4          14  25  15   4
          corrected to D3, tricks B1 D3                   4 1 5 3          14  −5  15  13
    3     Bruno   C1 D3 A2 B0                 Bruno 7     2 1 3 7          12  −5   3   7
    4     Carla   D4 A0 B3 C5                 Carla 6     0 3 6 4          25  13   6  14
    5     Dario   A2 B2 C2 D1 (A5 undone)     Dario 7     2 3 2 6          12   3  12   6
    6     Anna    B3 C3 D3 A0 (blind)         Anna 4      0 3 3 7          25  13  13   7
    7     Bruno   C4 D3 A3 B3 (sealed: sum 13 is allowed)  3 3 4 3          13  13  14  13
    8     Carla   no bidding: everyone bid 0              5 3 0 5         −25 −15  25 −25

Running totals after the correction: 13 14 1 5 | 27 9 16 18 | 39 4 19 25 | 64 17 25 39 |
76 20 37 45 | 101 33 50 52 | 114 46 64 65 | 89 31 89 40 → Anna and Carla share first place.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.sse import request

from .conftest import phone_context
from .sheet import (bid, bid_round, changed, expect_row, expect_totals, grid_row, pad_button, record_tricks,
                    refuse_tricks, watch)

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
NARROW = {"width": 360, "height": 740}


# -- helpers -------------------------------------------------------------------------------------
def start_game(page: Page, base_url: str, players: list[str], dealer: str) -> None:
    """Home → New game → Wist → names → first dealer → Start: lands on the score sheet."""
    page.goto(base_url)
    page.get_by_role("link", name="New game").tap()
    page.get_by_role("link", name=re.compile(r"^Wist(?! \()")).tap()
    expect(page.get_by_role("heading", name="Wist", exact=True)).to_be_visible()
    for number, name in enumerate(players, start=1):
        page.get_by_role("textbox", name=re.compile(rf"^Player {number}\b")).fill(name)
    page.get_by_label(f"Player {players.index(dealer) + 1} deals first").check()
    page.get_by_role("button", name="Start the game").tap()
    expect(page).to_have_url(re.compile(r"/g/[^/]+/[^/?]+$"))
    expect(page.locator("#entry-title")).to_contain_text("Hand 1")


def view_key(page: Page) -> str:
    """The table view's key, read from the share panel's page (as the scorer would hand it out)."""
    share = page.context.request.get(page.url + "/share").text()
    return re.search(r'data-role="view".*?/g/[^/]+/([\w-]+)', share, re.S).group(1)


def bidder_marks(page: Page) -> list[str]:
    """What the bidders list shows after each name, in bidding order."""
    return [text.strip() for text in page.locator(".bidders .bid").all_inner_texts()]


# -- the whole game ------------------------------------------------------------------------------
# Without JavaScript: a whole hand (test_no_js), the tap-only hand (test_tap_only), every form and refusal through
# the web tests (a Flask client is a browser without JavaScript); the whole game once, with it (#20: cut repeats).
@pytest.mark.slow  # a long journey (#36): make test-slow and CI run it; make test keeps the shorter ones
@pytest.mark.parametrize("javascript", [True], ids=["js"])
def test_complete_wist_game_by_tapping(live_server, browser, artifacts, javascript):
    """The same game with JavaScript (htmx swaps, no page load) and without (a form post and a full page
    each time): corrections, undo, the sealed round and the table view work both ways."""
    context = phone_context(browser, java_script_enabled=javascript)
    page = context.new_page()
    problems = watch(page)
    mode = "js" if javascript else "nojs"
    start_game(page, live_server, PLAYERS, dealer="Dario")
    expect(page.locator(".facts")).to_contain_text("13 cards each · Dario deals")
    if javascript:
        page.evaluate("window.sameDocument = true")  # gone if any tap reloads the page instead of swapping

    # Hand 1 · Cuori: Anna bids first, Dario deals and bids last.
    expect(page.locator("#entry-title")).to_have_text(re.compile(r"Hand 1 · Cuori\s*♥"))
    expect(page.locator(".bidders li.next")).to_contain_text("Anna")
    expect(page.locator(".bidders li", has=page.locator(".tag"))).to_contain_text("Dario")
    expect(page.locator(".undo-form")).to_have_count(0)  # nothing to undo yet
    bid(page, "Anna", 3)
    bid(page, "Bruno", 4)
    bid(page, "Carla", 2)
    # With the others at 9, the dealer may not bid 13 − 9 = 4: a disabled button and a note saying why.
    expect(page.locator(".pad-form .who")).to_have_text("Dario bids")
    expect(pad_button(page, 4)).to_be_disabled()
    expect(pad_button(page, 4)).to_have_attribute("aria-describedby", "forbidden-note")
    for value in (0, 3, 5, 13):
        expect(pad_button(page, value)).to_be_enabled()
    expect(page.locator(".pad button[aria-disabled=true]")).to_have_count(1)
    expect(page.locator("#forbidden-note")).to_be_visible()
    expect(page.locator("#forbidden-note")).to_contain_text("Dario may not bid 4")
    expect(page.locator("#forbidden-note")).to_contain_text("13 tricks")
    page.screenshot(path=artifacts / f"sheet-forbidden-{mode}.png", full_page=True)
    bid(page, "Dario", 3)
    expect(page.locator(".bidders")).to_have_count(0)  # the bids are in: each trick row says its player's bid
    expect(page.locator(".trick-row small")).to_have_text(["(bid 3)", "(bid 4)", "(bid 2)", "(bid 3)"])
    expect(page.locator(".pad")).to_have_count(0)
    # A slip of the finger (Dario 4, the tricks add up to 12) is refused in place: the message is in
    # view where the scorer is looking, what was typed stays, nothing is recorded.
    error = refuse_tricks(page, [3, 4, 1, 4], "The tricks add up to 12, but 13 were played in this hand.")
    expect(error).to_be_in_viewport()
    assert [c[1] for c in grid_row(page, 1)] == ["", "", "", ""]
    record_tricks(page, [3, 4, 1, 5])
    expect(page.get_by_role("alert")).to_have_count(0)
    expect_row(page, 1, [3, 4, 2, 3], [13, 14, 1, 5], [13, 14, 1, 5])
    assert [c[3] for c in grid_row(page, 1)] == ["made", "made", "missed", "missed"]
    expect_totals(page, [13, 14, 1, 5])

    # Hand 2 · Quadri: Anna deals; typed with a mistake that is corrected after hand 4.
    expect(page.locator("#entry-title")).to_have_text(re.compile(r"Hand 2 · Quadri"))
    expect(page.locator(".facts")).to_contain_text("Anna deals")
    bid_round(page, [("Bruno", 0), ("Carla", 5), ("Dario", 2), ("Anna", 4)], forbidden=6)
    record_tricks(page, [4, 0, 5, 4])
    expect_row(page, 2, [4, 0, 5, 2], [14, 25, 15, 4], [27, 39, 16, 9])

    # Hands 3 · Fiori (Bruno deals) and 4 · Picche (Carla deals) are entered as hand 2 was, from another phone
    # (the suite's time: test_wist_taps taps every kind of hand): the sheet follows them live.
    _, game_id, key = re.search(r"/g/([^/]+)/([^/?#]+)", page.url).group(0).split("/")[1:]
    for number, bids, tricks in ((3, [2, 0, 1, 3], [2, 1, 3, 7]), (4, [0, 3, 5, 4], [0, 3, 6, 4])):
        status, answer = request(live_server, "PUT", f"/api/v1/games/{game_id}/hands/{number}", key,
                                 {"bids": bids, "tricks": tricks})
        assert status == 200, answer
    expect_totals(page, [64, 47, 25, 30])  # waits for the live refresh that brings hand 4 (the rows do not wait)
    expect_row(page, 3, [2, 0, 1, 3], [12, -5, 3, 7], [39, 34, 19, 16])
    expect_row(page, 4, [0, 3, 5, 4], [25, 13, 6, 14], [64, 47, 25, 30])

    # Correct hand 2 through its ✎ link: Dario had bid 3 (not 2) and took 3; Bruno took 1.
    link = page.locator("table.grid tbody tr").nth(1).get_by_role("link")
    expect(link).to_contain_text("✎")
    link.tap()
    edit = page.locator("section.edit")
    expect(edit.get_by_role("heading")).to_have_text("Correct hand 2 · Quadri")
    expect(edit.get_by_label("Bid of Dario")).to_have_value("2")
    expect(edit.get_by_label("Tricks of Bruno")).to_have_value("0")
    edit.get_by_label("Bid of Dario").fill("3")
    edit.get_by_label("Tricks of Bruno").fill("1")
    edit.get_by_label("Tricks of Dario").fill("3")
    changed(page, lambda: edit.get_by_role("button", name="Save the correction").tap())
    expect(edit).to_have_count(0)
    expect_row(page, 1, [3, 4, 2, 3], [13, 14, 1, 5], [13, 14, 1, 5])
    expect_row(page, 2, [4, 0, 5, 3], [14, -5, 15, 13], [27, 9, 16, 18])
    expect_row(page, 3, [2, 0, 1, 3], [12, -5, 3, 7], [39, 4, 19, 25])
    expect_row(page, 4, [0, 3, 5, 4], [25, 13, 6, 14], [64, 17, 25, 39])
    expect_totals(page, [64, 17, 25, 39])

    # Hand 5 · Libera: Anna's 5 was misheard; undo takes it back (and only it).
    expect(page.locator("#entry-title")).to_have_text(re.compile(r"Hand 5 · Libera"))
    bid(page, "Anna", 5)
    assert bidder_marks(page)[0] == "5"
    assert grid_row(page, 5)[0][0] == "5"
    undo = page.locator(".undo-form button")
    expect(undo).to_have_text("↶ Undo: bid 5 for Anna, hand 5")  # it says what it takes back
    changed(page, undo.tap)
    expect(page.locator(".notice")).to_have_text("Undone: bid 5 for Anna, hand 5.")
    expect(page.locator(".pad-form .who")).to_have_text("Anna bids")
    expect(page.locator(".bidders li.next")).to_contain_text("Anna")
    assert bidder_marks(page) == ["…", "", "", ""]
    assert grid_row(page, 5)[0][0] == ""
    expect_row(page, 2, [4, 0, 5, 3], [14, -5, 15, 13], [27, 9, 16, 18])  # the correction stands
    expect_totals(page, [64, 17, 25, 39])
    page.screenshot(path=artifacts / f"sheet-mid-{mode}.png", full_page=True)
    bid_round(page, [("Anna", 2), ("Bruno", 2), ("Carla", 2), ("Dario", 1)], forbidden=7)
    record_tricks(page, [2, 3, 2, 6])
    expect_row(page, 5, [2, 2, 2, 1], [12, 3, 12, 6], [76, 20, 37, 45])

    # Hand 6 · Buio: blind bidding, the forbidden bid still applies.
    expect(page.locator("#entry-title")).to_have_text(re.compile(r"Hand 6 · Buio"))
    expect(page.locator(".facts")).to_contain_text("Blind: bid before looking at your cards")
    bid_round(page, [("Bruno", 3), ("Carla", 3), ("Dario", 3), ("Anna", 0)], forbidden=4)
    record_tricks(page, [0, 3, 3, 7])
    expect_row(page, 6, [0, 3, 3, 3], [25, 13, 13, 7], [101, 33, 50, 52])

    # Hand 7 · Biglietti: sealed bids. Nobody, not even the scorer, sees one before the tricks are in;
    # the forbidden bid does not apply, so Bruno (the dealer) may make the total 13.
    expect(page.locator("#entry-title")).to_have_text(re.compile(r"Hand 7 · Biglietti"))
    expect(page.locator(".facts")).to_contain_text("Sealed bids")
    expect(page.get_by_text("0 of 4 bids in")).to_be_visible()
    # The players have no phones here: the scorer taps each one's name, then their slip (the pad never moves on
    # to the next player by itself in a sealed round, #19).
    expect(page.locator(".pad-form")).to_have_count(0)
    for count, (name, value) in enumerate([("Carla", 4), ("Dario", 3), ("Anna", 3)], start=1):
        page.locator(".bidders").get_by_role("link", name=name, exact=True).click()
        bid(page, name, value)
        expect(page.get_by_text(f"{count} of 4 bids in")).to_be_visible()
        assert bidder_marks(page) == ["✓"] * count + [""] * (4 - count)
        assert [c[0] for c in grid_row(page, 7)] == ["", "", "", ""]
    page.locator(".bidders").get_by_role("link", name="Bruno", exact=True).click()
    expect(page.locator(".pad-form .who")).to_have_text("Bruno bids")
    expect(page.locator(".pad button[aria-disabled=true]")).to_have_count(0)
    expect(page.locator("#forbidden-note")).to_have_count(0)
    bid(page, "Bruno", 3)
    expect(page.get_by_text("4 of 4 bids in")).to_be_visible()
    assert bidder_marks(page) == ["✓", "✓", "✓", "✓"]
    expect(page.locator(".bidders li")).to_have_text(["Carla ✓", "Dario ✓", "Anna ✓", "Bruno dealer ✓"])
    assert [c[0] for c in grid_row(page, 7)] == ["", "", "", ""]
    tricks_form = page.locator(".tricks-form")
    expect(tricks_form).to_be_visible()
    expect(tricks_form).not_to_contain_text("bid")  # no "(bid 4)" next to the names
    page.screenshot(path=artifacts / f"sheet-sealed-{mode}.png", full_page=True)
    # The table view (the link on the table's phone) sees who has bid, not the bids; it refreshes itself
    # without JavaScript (<noscript> meta refresh) and shows them once the tricks are in.
    table = context.new_page()
    table.goto(page.url.rsplit("/", 1)[0] + "/" + view_key(page))
    expect(table.locator(".bidders li")).to_have_text(["Carla ✓", "Dario ✓", "Anna ✓", "Bruno dealer ✓"])
    expect(table.locator('noscript meta[http-equiv="refresh"]')).to_have_count(0 if javascript else 1)
    record_tricks(page, [3, 3, 4, 3])
    expect_row(page, 7, [3, 3, 4, 3], [13, 13, 14, 13], [114, 46, 64, 65])  # revealed once scored
    if not javascript:
        table.reload()  # what the meta refresh does every 15 s
    expect_row(table, 7, [3, 3, 4, 3], [13, 13, 14, 13], [114, 46, 64, 65])
    table.close()

    # Hand 8 · Wist: no bidding at all; everyone is scored as having bid 0.
    expect(page.locator("#entry-title")).to_have_text(re.compile(r"Hand 8 · Wist"))
    expect(page.locator(".facts")).to_contain_text("No bidding: everyone plays for zero")
    expect(page.locator(".pad")).to_have_count(0)
    expect(page.locator(".bidders")).to_have_count(0)
    record_tricks(page, [5, 3, 0, 5])
    expect_row(page, 8, ["", "", "", ""], [-25, -15, 25, -25], [89, 31, 89, 40])

    # The end: the totals row and the final ranking (equal totals share the place).
    expect(page.locator(".entry")).to_have_count(0)
    expect_totals(page, [89, 31, 89, 40])
    ranking = page.locator("section.ranking")
    expect(ranking.get_by_role("heading")).to_have_text("Final ranking")
    rows = ranking.locator("li")
    expect(rows.locator(".place")).to_have_text(["1.", "1.", "3.", "4."])
    expect(rows.locator(".name")).to_have_text(["Anna", "Carla", "Dario", "Bruno"])
    expect(rows.locator(".total")).to_have_text(["89", "89", "40", "31"])
    expect(page.locator("table.grid tbody tr.done")).to_have_count(8)
    page.screenshot(path=artifacts / f"sheet-final-{mode}.png", full_page=True)

    if javascript:
        assert page.evaluate("window.sameDocument === true"), "every tap should be an htmx swap, not a page load"
    assert problems == []
    context.close()


# -- a narrow phone: 5 players, 360 px ---------------------------------------------------------------
@pytest.fixture
def narrow(browser):
    context = phone_context(browser, NARROW)
    yield context
    context.close()


def no_horizontal_overflow(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= NARROW["width"], f"the page is {width} px wide on a {NARROW['width']} px screen"


def test_five_players_fit_a_360px_screen(live_server, narrow, artifacts):
    page = narrow.new_page()
    problems = watch(page)
    players = ["Anna", "Bruno", "Carla", "Dario", "Elena"]
    start_game(page, live_server, players, dealer="Elena")
    expect(page.locator(".facts")).to_contain_text("10 cards each · Elena deals")
    no_horizontal_overflow(page)

    # Every pad button (0–10) is a comfortable tap target.
    buttons = page.locator(".pad button")
    expect(buttons).to_have_count(11)
    for box in (buttons.nth(i).bounding_box() for i in range(11)):
        assert box["width"] >= 44 and box["height"] >= 44, box

    # docs/rules/bid-exactly.md example: 2, 2, Wist, 4 → the dealer may not bid 10 − 8 = 2.
    bid_round(page, [("Anna", 2), ("Bruno", 2), ("Carla", 0), ("Dario", 4), ("Elena", 1)], forbidden=2)
    no_horizontal_overflow(page)
    record_tricks(page, [2, 1, 3, 4, 0])
    # 5 players: a clean Wist scores +20, a broken one −5 a trick.
    expect_row(page, 1, [2, 2, 0, 4, 1], [12, 1, -15, 14, 0], [12, 1, -15, 14, 0])
    no_horizontal_overflow(page)
    page.screenshot(path=artifacts / "sheet-360-5players.png", full_page=True)
    assert problems == []
