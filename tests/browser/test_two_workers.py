"""Two phones on two server processes (#22): each sheet's stream is held by its own process, and a bid tapped
through one reaches the other at once, not at the other process's next poll.

Two `flask run` processes share a database file (tests/web/test_multiprocess.py), each polling for the other's
writes only every 30 s: the writer rings the other's doorbell (scorekeeper/store/doorbell.py). The scorer's sheet
is served by process B, Carla's phone by process A. Wist, Anna deals hand 1: Bruno bids first, then Carla.
"""
from __future__ import annotations

from playwright.sync_api import expect

from tests.web.sse import new_game
from tests.web.test_multiprocess import running_two

from .conftest import phone_context
from .sheet import pad_button
from .test_offline import NARROW

WOKEN = 10_000  # ms: a third of the poll; the doorbell takes milliseconds


def live_sheet(browser, base: str, game: dict, key: str):
    page = phone_context(browser, viewport=NARROW).new_page()
    page.goto(f"{base}/g/{game['id']}/{key}")
    expect(page.locator("#live")).to_have_attribute("data-state", "live")
    return page


def test_a_bid_through_one_process_reaches_the_sheet_held_by_the_other_at_once(browser, tmp_path):
    with running_two(tmp_path, LIVE_POLL_SECONDS="30") as (a, b):
        game = new_game(a)
        scorer = live_sheet(browser, b, game, game["keys"]["scorer"])
        carla = live_sheet(browser, a, game, game["keys"]["seats"][2])
        pad_button(scorer, 1).tap()  # Bruno 1, through B
        expect(carla.locator('.bidders li[data-seat="1"] .bid')).to_have_text("1", timeout=WOKEN)
        expect(carla.locator(".pad-form .who")).to_have_text("Carla bids", timeout=WOKEN)
        pad_button(carla, 0).tap()  # Carla 0, on her own phone, through A
        expect(scorer.locator('.bidders li[data-seat="2"] .bid')).to_have_text("0", timeout=WOKEN)
        expect(scorer.locator(".pad-form .who")).to_have_text("Dario bids", timeout=WOKEN)
        for page in (scorer, carla):
            page.context.close()
