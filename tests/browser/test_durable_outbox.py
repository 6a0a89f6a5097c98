"""No tap lost even when the phone closes the tab (#22): the outbox keeps its entries in localStorage.

Wist, 4 players, Anna deals hand 1: Bruno bids first, then Carla. Both bids are tapped offline; the browser
context is closed (the tab killed, the phone asleep) and a new one opened with what the old one stored (the
phone's own storage survives); back online, the sheet opens and the two bids are sent, in order, each applied
once. Two contexts with the same stored queue (two tabs) replay it together: each entry is applied once, and
the second answer says "Already recorded". A queue replayed after the scorer's link was replaced is refused
with the reason and the entries named, nothing applied — on the sheet, or on the error page of the old link when
the tab was closed meanwhile. Any page of the game sends what waits (a hand's history here).
"""
from __future__ import annotations

from contextlib import contextmanager

from playwright.sync_api import expect

from tests.web.sse import request

from .conftest import phone_context
from .test_offline import NARROW, bids_on_server, faults, new_game, open_sheet, tap_offline_round


CREATED = 1  # a new game's version: its creation


def events_on_server(base: str, game: dict) -> int:
    status, body = request(base, "GET", f"/api/v1/games/{game['id']}", key=game["keys"]["view"])
    assert status == 200
    return body["version"]


@contextmanager
def queue_kept_offline(browser, base: str, game: dict):
    """Bruno 1, Carla 0 tapped offline: the storage the tab leaves behind when it is killed. The old tab stays
    offline, untouched, until the test is over: Chromium may let a request out while it closes an offline page
    (seen in CI, and here two times in four), which a dead phone never does."""
    context = phone_context(browser, viewport=NARROW)
    page = open_sheet(context, base, game)
    context.set_offline(True)
    tap_offline_round(page)
    stored = context.storage_state()
    assert faults(page) == [] and bids_on_server(base, game) == [None, None, None, None]
    try:
        yield stored
    finally:
        context.close()


def replace_the_scorers_link(base: str, game: dict) -> None:
    """Another phone makes a new scorer's link: the old one stops working."""
    status, _ = request(base, "POST", f"/api/v1/games/{game['id']}/keys/rotate", key=game["keys"]["scorer"],
                        body={"role": "scorer"})
    assert status == 200


def refused_by_name(page, base: str, game: dict) -> None:
    """The waiting bids are named as not recorded, because the link no longer works; none reached the server and
    the queue is let go."""
    outbox = page.locator("#outbox")
    expect(outbox).to_contain_text("this link no longer works", timeout=10_000)
    expect(outbox).to_contain_text("Bid of Bruno: 1, Bid of Carla: 0")
    assert bids_on_server(base, game) == [None, None, None, None]
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('outbox:')).length") == 0


def test_taps_made_offline_survive_the_tab_closing_and_are_sent_once_in_order(browser, live_server):
    game = new_game(live_server)
    with queue_kept_offline(browser, live_server, game) as stored:
        context = phone_context(browser, viewport=NARROW, storage_state=stored)
        page = open_sheet(context, live_server, game)  # the sheet opens again: what waited is sent
        expect(page.locator(".bidders li", has_text="Carla").locator(".bid")).to_have_text("0")
        expect(page.locator("#outbox")).to_be_hidden(timeout=10_000)
        assert bids_on_server(live_server, game) == [None, 1, 0, None]
        assert events_on_server(live_server, game) == CREATED + 2  # each once: Bruno's, then Carla's
        assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('outbox:')).length") == 0
        context.close()


def test_two_tabs_replaying_the_same_queue_apply_it_once(browser, live_server):
    """One tab opens the sheet, the other the hand's history: any page of the game sends what waits."""
    game = new_game(live_server)
    with queue_kept_offline(browser, live_server, game) as stored:
        tabs = [phone_context(browser, viewport=NARROW, storage_state=stored) for _ in range(2)]
        sheet = open_sheet(tabs[0], live_server, game)
        history = tabs[1].new_page()
        history.goto(f"{live_server}/g/{game['id']}/{game['keys']['scorer']}/hands/1/history")
        pages = [sheet, history]
        expect(sheet.locator(".bidders li", has_text="Carla").locator(".bid")).to_have_text("0", timeout=10_000)
        expect(history.locator("#outbox")).to_contain_text("recorded: Bid of Carla: 0", timeout=10_000)
        assert bids_on_server(live_server, game) == [None, 1, 0, None]
        assert events_on_server(live_server, game) == CREATED + 2
        # The tab whose entries arrived second was answered "Already recorded", with the sheet as it is
        said: list[str] = []
        for _ in range(50):  # the later tab may still be sending: its answer, when it comes, says so
            said = [page.locator("#outbox").inner_text() for page in pages]
            if any("Already recorded: Bid of Carla: 0" in text for text in said):
                break
            pages[0].wait_for_timeout(100)
        assert any("Already recorded: Bid of Carla: 0" in text for text in said), said
        for tab in tabs:
            tab.close()


def test_a_queue_replayed_after_the_link_was_replaced_is_refused_by_name(browser, live_server):
    """Offline, two bids wait; meanwhile the scorer's link is replaced (another phone made a new one): back online,
    the queue is refused with the reason and both entries named, and nothing is applied."""
    game = new_game(live_server)
    context = phone_context(browser, viewport=NARROW)
    page = open_sheet(context, live_server, game)
    context.set_offline(True)
    tap_offline_round(page)
    replace_the_scorers_link(live_server, game)
    context.set_offline(False)
    refused_by_name(page, live_server, game)
    context.close()


def test_a_queue_kept_for_a_link_replaced_meanwhile_is_named_on_its_error_page(browser, live_server):
    """The tab was closed with two bids waiting; meanwhile the link was replaced. Opening the old link shows why it
    no longer works and names both entries, not sent; nothing is applied and the queue is let go."""
    game = new_game(live_server)
    with queue_kept_offline(browser, live_server, game) as stored:
        replace_the_scorers_link(live_server, game)
        context = phone_context(browser, viewport=NARROW, storage_state=stored)
        page = context.new_page()
        page.goto(f"{live_server}/g/{game['id']}/{game['keys']['scorer']}")
        refused_by_name(page, live_server, game)
        context.close()
