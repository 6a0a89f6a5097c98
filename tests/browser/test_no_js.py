"""The sheet without JavaScript: plain forms and full-page responses must carry the whole flow.

Hand 1 of a 4-player Wist with Anna dealing: Bruno, Carla and Dario bid 4, 3 and 5 (12), so Anna,
the dealer, may not bid 13 − 12 = 1. She bids 2. Tricks Anna 2, Bruno 4, Carla 2, Dario 5:
Anna 2 → 12, Bruno 4 → 14, Carla bid 3 took 2 → 2, Dario 5 → 15 (docs/rules/bid-exactly.md).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import phone_context
from .sheet import bid, expect_row, expect_totals, pad_button, refuse_tricks
from .test_live import new_game

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]


@pytest.fixture
def no_js(browser):
    context = phone_context(browser, java_script_enabled=False)
    yield context
    context.close()


def test_whole_hand_without_javascript(live_server, no_js, artifacts):
    page = no_js.new_page()
    page.goto(live_server)
    page.get_by_role("link", name="New game").tap()
    page.get_by_role("link", name=re.compile(r"^Wist(?! \()")).tap()
    for number, name in enumerate(PLAYERS, start=1):
        page.get_by_role("textbox", name=re.compile(rf"^Player {number}\b")).fill(name)
    page.get_by_label("Player 1 deals first").check()
    page.get_by_role("button", name="Start the game").tap()
    expect(page).to_have_url(re.compile(r"/g/[^/]+/[^/?]+$"))
    sheet_url = page.url
    expect(page.locator("#entry-title")).to_have_text(re.compile(r"Hand 1 · Cuori"))
    expect(page.locator(".facts")).to_contain_text("Anna deals")

    # Every tap on the pad is a form post answered by a redirect to the sheet (post/redirect/get).
    bid(page, "Bruno", 4)
    expect(page).to_have_url(sheet_url)
    bid(page, "Carla", 3)
    bid(page, "Dario", 5)
    expect(page.locator(".pad-form .who")).to_have_text("Anna bids")
    expect(pad_button(page, 1)).to_be_disabled()
    expect(page.locator(".pad button[aria-disabled=true]")).to_have_count(1)
    expect(page.locator("#forbidden-note")).to_contain_text("Anna may not bid 1")
    bid(page, "Anna", 2)
    expect(page.locator(".pad")).to_have_count(0)

    # Tricks adding up to 12 instead of 13: refused with a message, the typed values kept, nothing recorded.
    refuse_tricks(page, [2, 4, 2, 4], "The tricks add up to 12, but 13 were played in this hand.")
    expect(page.locator("#entry-title")).to_have_text(re.compile(r"Hand 1 · Cuori"))
    expect_row(page, 1, [2, 4, 3, 5], ["", "", "", ""], ["", "", "", ""])
    expect_totals(page, [0, 0, 0, 0])
    form = page.locator(".tricks-form")
    page.screenshot(path=artifacts / "sheet-nojs-refused.png", full_page=True)

    # Fixed: the hand is scored and the next one starts.
    form.locator("input[name='tricks-3']").fill("5")
    form.get_by_role("button", name="Record the tricks").tap()
    expect(page.locator("#entry-title")).to_have_text(re.compile(r"Hand 2 · Quadri"))
    expect(page.get_by_role("alert")).to_have_count(0)
    expect_row(page, 1, [2, 4, 3, 5], [12, 14, 2, 15], [12, 14, 2, 15])
    expect_totals(page, [12, 14, 2, 15])
    expect(page.locator(".pad-form .who")).to_have_text("Carla bids")

    # A reload shows the same recorded state (nothing lived only in the page).
    page.goto(sheet_url)
    expect_totals(page, [12, 14, 2, 15])


def test_without_javascript_the_table_view_refreshes_itself_and_the_scorer_sheet_does_not(live_server, no_js, browser):
    """With scripts off, <noscript> is real markup: the table view's meta refresh (15 s) is live, the scorer
    has none (a reload would throw away what they are typing). With scripts on it is inert text."""
    game = new_game(live_server)
    refresh = 'noscript meta[http-equiv="refresh"]'
    page = no_js.new_page()
    for key in (game["keys"]["view"], game["keys"]["seats"][1]):
        page.goto(f"{live_server}/g/{game['id']}/{key}")
        expect(page.locator("#entry-title")).to_have_text(re.compile(r"Hand 1"))
        expect(page.locator(refresh)).to_have_count(1)
        expect(page.locator(refresh)).to_have_attribute("content", "15")
    page.goto(f"{live_server}/g/{game['id']}/{game['keys']['scorer']}")
    expect(page.locator("#entry-title")).to_have_text(re.compile(r"Hand 1"))
    expect(page.locator('meta[http-equiv="refresh"]')).to_have_count(0)
    with_js = phone_context(browser)
    try:
        view = with_js.new_page()
        view.goto(f"{live_server}/g/{game['id']}/{game['keys']['view']}")
        expect(view.locator("#entry-title")).to_have_text(re.compile(r"Hand 1"))
        expect(view.locator(refresh)).to_have_count(0)  # parsed as text: the live view updates without reloads
    finally:
        with_js.close()
