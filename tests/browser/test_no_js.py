"""The sheet without JavaScript: plain forms and full-page responses must carry the whole flow.

Hand 1 of a 4-player Wist with Anna dealing: Bruno, Carla and Dario bid 4, 3 and 5 (12), so Anna,
the dealer, may not bid 13 − 12 = 1. She bids 2. Tricks Anna 2, Bruno 4, Carla 2, Dario 5:
Anna 2 → 12, Bruno 4 → 14, Carla bid 3 took 2 → 2, Dario 5 → 15 (RULES.md §1a).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import phone_context

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]


@pytest.fixture
def no_js(browser):
    context = phone_context(browser, java_script_enabled=False)
    yield context
    context.close()


def grid_row(page: Page, number: int):
    """(bid, score, running total) of each player in a grid row, read without running page scripts."""
    cells = page.locator("table.grid tbody tr").nth(number - 1).locator("td")
    return list(zip(cells.locator(".cell-bid").all_inner_texts(), cells.locator(".cell-score").all_inner_texts(),
                    cells.locator(".cell-total").all_inner_texts()))


def pad_button(page: Page, value: int):
    return page.locator(".pad").get_by_role("button", name=str(value), exact=True)


def bid(page: Page, name: str, value: int) -> None:
    expect(page.locator(".pad-form .who")).to_have_text(f"{name} bids")
    pad_button(page, value).tap()
    expect(page.locator(".bidders li", has_text=name).locator(".bid")).to_have_text(str(value))


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
    expect(page.locator(".pad button[disabled]")).to_have_count(1)
    expect(page.locator("#forbidden-note")).to_contain_text("Anna may not bid 1")
    bid(page, "Anna", 2)
    expect(page.locator(".pad")).to_have_count(0)
    version = page.locator("#sheet").get_attribute("data-version")

    # Tricks adding up to 12 instead of 13: refused with a message, the typed values kept, nothing recorded.
    form = page.locator(".tricks-form")
    for seat, taken in enumerate([2, 4, 2, 4]):
        form.locator(f"input[name='tricks-{seat}']").fill(str(taken))
    form.get_by_role("button", name="Record the tricks").tap()
    error = page.get_by_role("alert")
    expect(error).to_have_text("The tricks add up to 12, but 13 were played in this hand.")
    expect(page.locator("#sheet")).to_have_attribute("data-version", version)
    expect(page.locator("#entry-title")).to_have_text(re.compile(r"Hand 1 · Cuori"))
    expect(form.locator("input[name='tricks-3']")).to_have_value("4")
    assert grid_row(page, 1) == [("2", "", ""), ("4", "", ""), ("3", "", ""), ("5", "", "")]
    expect(page.locator("table.grid tfoot td")).to_have_text(["0", "0", "0", "0"])
    page.screenshot(path=artifacts / "sheet-nojs-refused.png", full_page=True)

    # Fixed: the hand is scored and the next one starts.
    form.locator("input[name='tricks-3']").fill("5")
    form.get_by_role("button", name="Record the tricks").tap()
    expect(page.locator("#entry-title")).to_have_text(re.compile(r"Hand 2 · Quadri"))
    expect(page.get_by_role("alert")).to_have_count(0)
    assert grid_row(page, 1) == [("2", "12", "12"), ("4", "14", "14"), ("3", "2", "2"), ("5", "15", "15")]
    expect(page.locator("table.grid tfoot td")).to_have_text(["12", "14", "2", "15"])
    expect(page.locator(".pad-form .who")).to_have_text("Carla bids")

    # A reload shows the same recorded state (nothing lived only in the page).
    page.goto(sheet_url)
    expect(page.locator("table.grid tfoot td")).to_have_text(["12", "14", "2", "15"])
