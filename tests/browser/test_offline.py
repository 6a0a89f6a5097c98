"""No lost tap: the scorer's phone loses the network during the bids, and nothing tapped is lost.

Wist, 4 players, Anna deals hand 1 (one card each): Bruno bids first, then Carla, Dario, Anna.
Offline, the badge says "offline", each tapped bid shows as waiting (its value pending next to the
bidder, "2 entries waiting to be sent") and the pad moves on to the next player; back online, the
bids are sent in order and recorded. A queued bid that another phone made meanwhile comes back
refused with the reason, and the bid tapped after it is dropped, not sent. A double tap records once.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.sse import request

from .conftest import phone_context
from .sheet import pad_button, watch

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
NARROW = {"width": 360, "height": 740}


def new_game(base: str) -> dict:
    status, created = request(base, "POST", "/api/v1/games",
                              body={"variant": "wist", "players": PLAYERS, "first_dealer": 0})
    assert status == 201
    return created


def bids_on_server(base: str, game: dict) -> list:
    status, body = request(base, "GET", f"/api/v1/games/{game['id']}", key=game["keys"]["view"])
    assert status == 200
    return body["hands"][0]["bids"]


def open_sheet(context, base: str, game: dict) -> Page:
    page = context.new_page()
    page.problems = watch(page)
    page.goto(f"{base}/g/{game['id']}/{game['keys']['scorer']}")
    expect(page.locator("#live")).to_have_attribute("data-state", "live")
    return page


def faults(page: Page) -> list[str]:
    """The page's errors, less the browser's own note of each request it could not make offline."""
    return [problem for problem in page.problems if "ERR_INTERNET_DISCONNECTED" not in problem]


def who_bids(page: Page):
    return page.locator(".pad-form .who")


def bidder(page: Page, name: str):
    return page.locator(".bidders li", has_text=name)


def tap_offline_round(page: Page) -> None:
    """Bruno 1, Carla 0 tapped while offline: both wait, shown pending; the pad is at Dario."""
    expect(page.locator("#live")).to_have_attribute("data-state", "offline")
    expect(page.locator("#live .when-offline")).to_have_text("offline")
    expect(who_bids(page)).to_have_text("Bruno bids")
    pad_button(page, 1).tap()
    expect(page.locator("#outbox")).to_contain_text("1 entry waiting to be sent")
    expect(bidder(page, "Bruno")).to_have_class(re.compile(r"\bpending\b"))
    expect(bidder(page, "Bruno").locator(".bid")).to_have_text("1")
    expect(who_bids(page)).to_have_text("Carla bids")
    pad_button(page, 0).tap()
    expect(page.locator("#outbox")).to_contain_text("2 entries waiting to be sent")
    expect(page.locator("#outbox li")).to_have_text(["Bid of Bruno: 1", "Bid of Carla: 0"])
    expect(who_bids(page)).to_have_text("Dario bids")


def test_bids_tapped_offline_are_sent_in_order_when_back(live_server, phone):
    game = new_game(live_server)
    page = open_sheet(phone, live_server, game)
    phone.set_offline(True)
    tap_offline_round(page)
    assert bids_on_server(live_server, game) == [None, None, None, None]
    phone.set_offline(False)
    expect(page.locator("#outbox")).to_have_text("Recorded: Bid of Carla: 0", timeout=10000)
    expect(page.locator("#sheet")).to_have_attribute("data-version", "3")
    assert bids_on_server(live_server, game) == [None, 1, 0, None]
    expect(bidder(page, "Bruno").locator(".bid")).to_have_text("1")
    expect(bidder(page, "Carla").locator(".bid")).to_have_text("0")
    expect(who_bids(page)).to_have_text("Dario bids")
    expect(page.locator("#live")).to_have_attribute("data-state", "live", timeout=10000)
    expect(page.locator(".pending")).to_have_count(0)
    assert faults(page) == []
