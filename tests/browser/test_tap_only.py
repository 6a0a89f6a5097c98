"""A hand of Wist entered by tapping only: bids on the pad, tricks on the pad, the last player's tricks
filled in, a "n of 13" counter, one tap to record — 2 × players taps, with and without JavaScript."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.web.sse import request

from .conftest import phone_context
from .sheet import changed, expect_row, pad_button, watch

PLAYERS = ["Alessandra", "Bartolomeo", "Costanza", "Domenico"]


class Taps:
    """Taps counted; one that records a change is waited out until the sheet shows it."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def __call__(self, locator, records: bool) -> None:
        self.count += 1
        if records:
            changed(self.page, locator.tap)
        else:
            locator.tap()


@pytest.mark.parametrize("javascript", [True, False])
def test_a_hand_in_eight_taps(live_server, browser, artifacts, javascript):
    status, created = request(live_server, "POST", "/api/v1/games",
                              body={"variant": "wist", "players": PLAYERS, "first_dealer": 3})
    assert status == 201
    context = phone_context(browser, viewport={"width": 360, "height": 740}, java_script_enabled=javascript)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{live_server}/g/{created['id']}/{created['keys']['scorer']}")
    tap = Taps(page)

    for value in (3, 4, 2, 3):  # Alessandra, Bartolomeo, Costanza; Domenico deals (may not bid 4)
        tap(pad_button(page, value), records=True)
    form = page.locator(".tricks-form")
    expect(form.locator(".count")).to_have_text("0 of 13")
    for name, value, counted in (("Alessandra", 3, "3 of 13"), ("Bartolomeo", 4, "7 of 13"),
                                 ("Costanza", 1, "8 of 13")):
        expect(form.locator(".pad-title")).to_have_text(f"Tricks of {name}:")
        tap(form.locator(".tricks-pad").get_by_role("button", name=str(value), exact=True), records=False)
        expect(form.locator(".count")).to_have_text(counted if name != "Costanza" else "13 of 13")
    # Domenico's tricks are what is left: 5. No pad any more, one tap records the hand.
    expect(form.locator("input[name='tricks-3']")).to_have_value("5")
    expect(form.locator(".tricks-pad")).to_have_count(0)
    page.screenshot(path=str(artifacts / f"tap-only-tricks-{'js' if javascript else 'nojs'}-360.png"), full_page=True)
    tap(form.get_by_role("button", name="Record the tricks"), records=True)
    assert tap.count == 8  # 2 × 4 players: no keyboard
    # Bid 3 took 3 → 13; bid 4 took 4 → 14; bid 2 took 1 → 1; bid 3 took 5 → 5.
    expect_row(page, 1, [3, 4, 2, 3], [13, 14, 1, 5], [13, 14, 1, 5])
    assert problems == []
    context.close()


@pytest.mark.parametrize("javascript", [True, False])
def test_a_five_player_tournament_hand_in_eleven_taps(live_server, browser, javascript):
    """Whist torneo, five players, Ermenegilda deals hand 1 (3 cards, the trump turned up): 1 tap for the
    turned card, 5 bids, 4 players' tricks (the fifth is what is left), Record: 2 × 5 + 1 = 11 taps.
    Bids 1 0 1 0 then Ermenegilda, who may not bid 3 − 2 = 1, bids 0; tricks 1 0 1 1 (Ermenegilda 0).
    A bid made scores 13 + the tricks, a bid missed the tricks (docs/rules/bid-exactly.md): 14 13 14 1 13."""
    five = PLAYERS + ["Ermenegilda"]
    status, created = request(live_server, "POST", "/api/v1/games",
                              body={"variant": "whist-torneo", "players": five, "first_dealer": 4})
    context = phone_context(browser, viewport={"width": 360, "height": 740}, java_script_enabled=javascript)
    page = context.new_page()
    page.goto(f"{live_server}/g/{created['id']}/{created['keys']['scorer']}")
    tap = Taps(page)

    tap(page.get_by_role("button", name="Spades"), records=True)
    for value in (1, 0, 1, 0):
        tap(pad_button(page, value), records=True)
    expect(pad_button(page, 1)).to_be_disabled()
    tap(pad_button(page, 0), records=True)
    form = page.locator(".tricks-form")
    for value in (1, 0, 1, 1):
        tap(form.locator(".tricks-pad").get_by_role("button", name=str(value), exact=True), records=False)
    expect(form.locator("input[name='tricks-4']")).to_have_value("0")
    tap(form.get_by_role("button", name="Record the tricks"), records=True)
    assert tap.count == 11
    expect_row(page, 1, [1, 0, 1, 0, 0], [14, 13, 14, 1, 13], [14, 13, 14, 1, 13])
    context.close()


def bids_in(live_server) -> tuple[str, str]:
    """A Wist game whose first hand has its bids in (3 4 2 3): its id and the scorer's key."""
    status, created = request(live_server, "POST", "/api/v1/games",
                              body={"variant": "wist", "players": PLAYERS, "first_dealer": 3})
    key = created["keys"]["scorer"]
    request(live_server, "PUT", f"/api/v1/games/{created['id']}/hands/1", key, {"bids": [3, 4, 2, 3]})
    return created["id"], key


def tricks_tapped(live_server, browser, game_id: str, key: str):
    """The scorer's phone (360 × 640) with three players' tricks tapped, scrolled down to the grid."""
    context = phone_context(browser, viewport={"width": 360, "height": 640})
    page = context.new_page()
    page.goto(f"{live_server}/g/{game_id}/{key}?tricks=3,4,1")
    expect(page.locator("#live")).to_have_attribute("data-state", "live")
    button = page.get_by_role("button", name="Record the tricks")
    button.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 400)")  # the scorer scrolled down to the grid meanwhile
    return context, page, button


def test_the_tricks_pad_offers_no_more_than_is_left(live_server, browser):
    game_id, key = bids_in(live_server)
    context = phone_context(browser)
    page = context.new_page()
    page.goto(f"{live_server}/g/{game_id}/{key}?tricks=10")
    pad = page.locator(".tricks-pad")
    expect(pad.get_by_role("button")).to_have_count(4)  # 0–3: only 3 tricks are left
    expect(pad.locator("[aria-disabled='true']")).to_have_count(10)
    page.goto(f"{live_server}/g/{game_id}/{key}?tricks=9,9")  # an address that cannot be: start again
    expect(page.locator(".tricks-form .count")).to_have_text("0 of 13")
    context.close()


def test_a_double_tap_records_one_bid(live_server, browser):
    """Two taps on "2" 150 ms apart: Alessandra bids 2; the second tap does not become Bartolomeo's bid.

    The pads take no tap for 300 ms after they are drawn (static/live.js), so the two taps must both be made
    within 300 ms of the first: on a starved machine the second can come later (seen twice in CI, 7 recorded for
    Bartolomeo, as a real phone would rightly record a second tap half a second later). Such a try (the page's
    own clock says how far apart it got the taps) proves nothing and is made again with a new game."""
    context = phone_context(browser, viewport={"width": 360, "height": 740}, real_pause=True)
    page = context.new_page()
    for _ in range(3):
        status, created = request(live_server, "POST", "/api/v1/games",
                                  body={"variant": "wist", "players": PLAYERS, "first_dealer": 3})
        page.goto(f"{live_server}/g/{created['id']}/{created['keys']['scorer']}")
        expect(page.locator(".pad-form .who")).to_have_text("Alessandra bids")
        box = pad_button(page, 2).bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.evaluate("window.taps = []; addEventListener('pointerdown', () => taps.push(performance.now()), true)")
        start = time.monotonic()
        page.mouse.click(x, y)
        page.wait_for_timeout(150)
        page.mouse.click(x, y)
        apart = page.evaluate("taps.length === 2 ? taps[1] - taps[0] : Infinity")  # as the page saw them
        if time.monotonic() - start < 0.3 and apart < 250:
            break
    else:
        pytest.skip("this machine could not make two taps within 300 ms in three tries")
    expect(page.locator(".pad-form .who")).to_have_text("Bartolomeo bids")
    page.wait_for_timeout(600)
    status, game = request(live_server, "GET", f"/api/v1/games/{created['id']}", created["keys"]["scorer"])
    assert game["hands"][0]["bids"] == [2, None, None, None] and game["version"] == 2
    context.close()


def test_the_new_hand_comes_into_view_after_the_tricks(live_server, browser):
    """Recording the tricks scrolls the next hand's heading into view on the scorer's phone."""
    context, page, button = tricks_tapped(live_server, browser, *bids_in(live_server))
    changed(page, button.tap)
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    expect(page.locator("#entry-title")).to_be_in_viewport()
    context.close()


def test_the_new_hand_comes_into_view_even_when_the_live_refresh_shows_it_first(live_server, browser):
    """The answer to the tricks is slow: the live stream's refresh draws hand 2 before it arrives.
    It was still this phone's entry that moved the game on, so its heading comes into view."""
    game_id, key = bids_in(live_server)
    context, page, button = tricks_tapped(live_server, browser, game_id, key)

    def slow_answer(route):
        answer = route.fetch()  # recorded: the stream announces it and the page refreshes meanwhile
        time.sleep(1.5)
        route.fulfill(response=answer)
    page.route(f"**/g/{game_id}/{key}/hands/1", slow_answer)
    button.tap()
    expect(page.locator("#outbox")).to_contain_text("Hand 1: tricks recorded.", timeout=10000)
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    expect(page.locator("#entry-title")).to_be_in_viewport()
    context.close()


def test_a_sheet_keeps_the_screen_awake_and_the_app_installs(live_server, browser):
    """The sheet asks for a screen wake lock; the manifest offers PNG icons; the page a theme colour."""
    status, created = request(live_server, "POST", "/api/v1/games",
                              body={"variant": "wist", "players": PLAYERS, "first_dealer": 3})
    context = phone_context(browser)
    page = context.new_page()
    page.goto(f"{live_server}/g/{created['id']}/{created['keys']['view']}")
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "on")  # granted: the screen stays on
    assert page.evaluate("'wakeLock' in navigator")
    manifest = page.evaluate("fetch('/static/manifest.webmanifest').then(r => r.json())")
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert page.request.get(live_server + icon["src"]).status == 200
    assert page.locator("meta[name='theme-color']").count() == 2
    assert page.request.get(live_server + "/static/apple-touch-icon.png").status == 200
    context.close()
