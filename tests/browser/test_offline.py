"""No lost tap: the scorer's phone loses the network during the bids, and nothing tapped is lost.

Wist, 4 players, Anna deals hand 1 (13 cards each): Bruno bids first, then Carla, Dario, Anna.
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


@pytest.fixture
def browser(own_browser):
    """Each test's phones in a browser of their own, which ends them all (tests/browser/conftest.py, own_browser)."""
    return own_browser


@pytest.fixture
def phone(browser):
    """A phone that closes with its browser: closing the context alone can hang (own_browser)."""
    return phone_context(browser)


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
    """The page's script errors (the console's notes of each request that could not be made offline are
    expected here)."""
    return [problem for problem in page.problems if problem.startswith("pageerror")]


def who_bids(page: Page):
    return page.locator(".pad-form .who")


def bidder(page: Page, name: str):
    return page.locator(".bidders li", has_text=name)


def tap_offline_round(page: Page) -> None:
    """Bruno 1, Carla 0 tapped while offline: both wait, shown pending; the pad is at Dario."""
    expect(page.locator("#live")).to_have_attribute("data-state", "offline", timeout=10000)
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
    # the grid's pinned totals stay above the bar of waiting entries, not under it
    page.set_viewport_size({"width": 390, "height": 480})  # shorter than the grid: its totals row is pinned
    page.evaluate("document.querySelector('.grid thead').scrollIntoView()")
    totals, bar = page.locator(".grid tfoot").bounding_box(), page.locator("#outbox").bounding_box()
    assert bar["y"] < 480 and totals["y"] + totals["height"] <= bar["y"] + 1
    page.set_viewport_size({"width": 390, "height": 844})
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


def test_a_queued_bid_another_phone_made_meanwhile_comes_back_refused(live_server, phone, artifacts):
    """Bruno bid 3 from his own phone while the scorer was offline: the scorer's queued "Bruno 1" is
    refused with the reason, and "Carla 0", tapped after it, is dropped and named, not sent."""
    game = new_game(live_server)
    page = open_sheet(phone, live_server, game)
    phone.set_offline(True)
    tap_offline_round(page)
    status, _ = request(live_server, "PUT", f"/api/v1/games/{game['id']}/hands/1/bids/1", key=game["keys"]["seats"][1],
                        body={"bid": 3})
    assert status == 200
    phone.set_offline(False)
    outbox = page.locator("#outbox")
    expect(outbox).to_have_attribute("data-state", "refused", timeout=10000)
    expect(outbox.locator("p").first).to_have_text(
        "Not recorded: Bid of Bruno: 1 — That bid was already recorded (a second tap, or another phone): nothing more "
        "was recorded. Look at the sheet, and tap again if it is not what you meant.")
    expect(outbox.locator("p").nth(1)).to_have_text(
        "Not sent, because they were tapped after it: Bid of Carla: 0. Look at the sheet and tap them again if they "
        "still apply.")
    expect(page.get_by_role("alert")).to_contain_text("That bid was already recorded")
    assert bids_on_server(live_server, game) == [None, 3, None, None]
    expect(bidder(page, "Bruno").locator(".bid")).to_have_text("3")  # the sheet shows what is recorded
    expect(bidder(page, "Carla").locator(".bid")).to_have_text("…")
    expect(page.locator(".pending")).to_have_count(0)
    page.screenshot(path=artifacts / "offline-refused-en-light-390.png")
    assert faults(page) == []


def test_a_double_tap_records_once_and_every_entry_is_acknowledged(live_server, phone):
    game = new_game(live_server)
    page = open_sheet(phone, live_server, game)
    two = pad_button(page, 2)
    two.evaluate("button => { button.click(); button.click(); }")  # the second lands while the first is on its way
    expect(page.locator("#outbox")).to_have_text("Recorded: Bid of Bruno: 2")
    expect(page.locator("#sheet")).to_have_attribute("data-version", "2")
    expect(who_bids(page)).to_have_text("Carla bids")
    assert bids_on_server(live_server, game) == [None, 2, None, None]
    # Undo says what it takes back, and is acknowledged too; a double tap on it undoes once.
    undo = page.get_by_role("button", name="↶ Undo: bid 2 for Bruno, hand 1")
    undo.evaluate("button => { button.click(); button.click(); }")
    expect(page.locator("#sheet")).to_have_attribute("data-version", "3")
    expect(page.locator("#outbox p").first).to_contain_text("Undo: bid 2 for Bruno, hand 1")
    assert bids_on_server(live_server, game) == [None, None, None, None]
    status, body = request(live_server, "GET", f"/api/v1/games/{game['id']}", key=game["keys"]["view"])
    assert body["version"] == 3  # one bid, one undo
    assert faults(page) == []


def test_a_failed_send_waits_and_survives_a_reload(live_server, phone):
    """The network is up but the entry cannot get through (the Wi-Fi drops the request): "offline", the
    entry waits; a reload keeps it; it is sent by itself once requests get through again."""
    game = new_game(live_server)
    page = open_sheet(phone, live_server, game)
    page.route("**/bid", lambda route: route.abort("connectionreset"))
    pad_button(page, 1).tap()
    expect(page.locator("#live")).to_have_attribute("data-state", "offline", timeout=10000)
    expect(page.locator("#outbox")).to_contain_text("1 entry waiting to be sent")
    expect(who_bids(page)).to_have_text("Carla bids")
    page.reload()
    expect(page.locator("#outbox")).to_contain_text("1 entry waiting to be sent")
    expect(bidder(page, "Bruno").locator(".bid")).to_have_text("1")
    expect(who_bids(page)).to_have_text("Carla bids")
    page.unroute("**/bid")
    expect(page.locator("#outbox")).to_have_text("Recorded: Bid of Bruno: 1", timeout=10000)
    assert bids_on_server(live_server, game) == [None, 1, None, None]
    assert faults(page) == []


def test_the_service_worker_serves_the_static_files_from_the_phone(live_server, phone):
    """After the first visit the static files come from the worker's cache (even offline); the pages,
    whose addresses carry the game's keys, are never kept."""
    game = new_game(live_server)
    page = open_sheet(phone, live_server, game)
    assert page.evaluate("navigator.serviceWorker.ready.then(r => r.active.scriptURL)") == f"{live_server}/sw.js"
    page.reload()
    expect(page.locator("#live")).to_have_attribute("data-state", "live")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    cached = page.evaluate("caches.open('static').then(c => c.keys()).then(rs => rs.map(r => r.url))")
    css = page.locator("link[rel=stylesheet]").get_attribute("href")
    assert f"{live_server}{css}" in cached and "?v=" in css
    assert all("/static/" in url and "?v=" in url for url in cached)  # no page, no key, no API answer
    assert not any(game["keys"]["scorer"] in url for url in cached)
    phone.set_offline(True)
    served = page.evaluate("u => fetch(u).then(r => r.ok ? r.text() : 'failed')", css)
    assert served.startswith(":root{") and ".pad" in served  # this release's styles, minified
    phone.set_offline(False)


def test_tricks_tapped_offline_wait_and_are_recorded(live_server, phone):
    """Hand 1, bids in; offline, a tap on the tricks pad fills Anna's box (the grid's order) and the pad steps
    aside for the boxes (the next pad would need the server); the rest typed, and "Record the tricks" waits until
    the network is back; then hand 1 is scored and the sheet is at hand 2."""
    game = new_game(live_server)
    status, _ = request(live_server, "PUT", f"/api/v1/games/{game['id']}/hands/1", key=game["keys"]["scorer"],
                        body={"bids": [0, 1, 1, 0]})
    assert status == 200, _
    page = open_sheet(phone, live_server, game)
    phone.set_offline(True)
    expect(page.locator("#live")).to_have_attribute("data-state", "offline", timeout=10000)
    form = page.locator(".tricks-form")
    expect(form.locator(".pad-title")).to_have_text("Tricks of Anna:")
    form.locator(".tricks-pad").get_by_role("button", name="1", exact=True).tap()
    expect(form.locator(".tricks-pad")).to_be_hidden()
    values = [form.locator(f"input[name='tricks-{seat}']").input_value() for seat in range(4)]
    assert values == ["1", "", "", ""]
    expect(form.locator("input[name='tricks-1']")).to_be_focused()  # Bruno's box, next in the grid's order
    for seat, taken in ((1, "5"), (2, "4"), (3, "3")):
        form.locator(f"input[name='tricks-{seat}']").fill(taken)
    form.get_by_role("button", name="Record the tricks").tap()
    expect(page.locator("#outbox")).to_contain_text("1 entry waiting to be sent")
    expect(page.locator("#outbox li")).to_have_text(["Record the tricks"])
    phone.set_offline(False)
    expect(page.locator("#outbox")).to_have_text("Hand 1: tricks recorded.", timeout=10000)  # not the button again
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    status, body = request(live_server, "GET", f"/api/v1/games/{game['id']}", key=game["keys"]["view"])
    assert body["hands"][0]["tricks"] == [1, 5, 4, 3]
    assert faults(page) == []


WAITING = {"en": ("offline", "2 entries waiting to be sent", "Dario bids"),
           "it": ("senza rete", "2 voci in attesa di invio", "Dichiara Dario")}


@pytest.mark.parametrize("scheme, language", [("light", "en"), ("dark", "it")])  # each theme, each language once
def test_screenshots_of_the_offline_badge_and_the_waiting_entries(live_server, browser, artifacts, scheme, language):
    game = new_game(live_server)
    context = phone_context(browser, viewport=NARROW, color_scheme=scheme, locale=f"{language}-{language.upper()}")
    page = context.new_page()
    page.goto(f"{live_server}/g/{game['id']}/{game['keys']['scorer']}")
    expect(page.locator("#live")).to_have_attribute("data-state", "live")
    context.set_offline(True)
    badge, waiting, next_bidder = WAITING[language]
    expect(page.locator("#live .when-offline")).to_be_visible(timeout=10000)
    expect(page.locator("#live .when-offline")).to_have_text(badge)
    pad_button(page, 1).tap()
    pad_button(page, 0).tap()
    expect(page.locator("#outbox p")).to_have_text(waiting)
    expect(who_bids(page)).to_have_text(next_bidder)
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    page.screenshot(path=artifacts / f"offline-waiting-{language}-{scheme}-360.png")
    bar = page.locator(".bar")
    assert bar.evaluate("bar => bar.scrollWidth <= bar.clientWidth && bar.clientHeight < 80")  # one line
    bar.screenshot(path=artifacts / f"offline-badge-{language}-{scheme}-360.png")
    context.set_offline(False)
    expect(page.locator("#outbox")).to_have_attribute("data-state", "recorded", timeout=10000)
    page.screenshot(path=artifacts / f"offline-recorded-{language}-{scheme}-360.png")


def test_offline_the_dealers_forbidden_bid_is_greyed_as_online(live_server, phone):
    """The page knows the cards and the bids tapped: offline, the dealer's forbidden bid is greyed and explained
    at once, instead of being refused later (#18)."""
    game = new_game(live_server)     # Anna deals hand 1 (13 cards): Bruno, Carla, Dario, then Anna
    page = open_sheet(phone, live_server, game)
    phone.set_offline(True)
    tap_offline_round(page)          # Bruno 1, Carla 0
    pad_button(page, 5).tap()        # Dario 5: the others' bids add up to 6
    expect(who_bids(page)).to_have_text("Anna bids")
    expect(pad_button(page, 7)).to_be_disabled()
    expect(page.locator("#forbidden-note")).to_have_text("Dealer's forbidden bid: Anna may not bid 7, or the bids "
                                                         "would add up to the 13 tricks and nobody would fail.")
    for value in (6, 8):
        expect(pad_button(page, value)).to_be_enabled()
    phone.set_offline(False)
    expect(page.locator("#sheet")).to_have_attribute("data-version", "4", timeout=10000)
    expect(pad_button(page, 7)).to_be_disabled()     # and the server says the same once back


def test_a_sealed_slip_on_its_way_shows_a_tick_not_its_value(live_server, phone):
    """Biglietti (hand 7): the scorer enters Carla's slip. The table reads the scorer's screen, so while the slip is
    on its way it shows as "✓" next to Carla and as "a sealed bid for Carla" in the outbox, never as its value,
    even when the live refresh lands before the answer (it once showed the value then, #19)."""
    game = new_game(live_server)
    for number in range(1, 7):  # hands 1–6 (13 cards each): bids 1, 1, 1, 0; Anna takes every trick
        status, body = request(live_server, "PUT", f"/api/v1/games/{game['id']}/hands/{number}",
                               key=game["keys"]["scorer"], body={"bids": [1, 1, 1, 0], "tricks": [13, 0, 0, 0]})
        assert status == 200, (number, body)
    page = open_sheet(phone, live_server, game)
    expect(page.locator("#entry-title")).to_contain_text("Biglietti")
    page.locator(".bidders").get_by_role("link", name="Carla", exact=True).click()
    expect(who_bids(page)).to_have_text("Carla bids")
    held, answers = [], []

    def hold(route):  # recorded, the answer held back
        held.append(route)
        answers.append(route.fetch())
    page.route("**/bid", hold)
    version = page.locator("#sheet").get_attribute("data-version")
    pad_button(page, 4).tap()
    expect(page.locator("#sheet")).not_to_have_attribute("data-version", version)  # the live refresh came first
    assert len(held) == 1
    expect(page.locator("#outbox")).to_contain_text("a sealed bid for Carla")
    expect(bidder(page, "Carla").locator(".bid")).to_have_text("✓")
    while not answers:  # the answer is on its way to the test (the refresh came first)
        page.wait_for_timeout(20)
    held[0].fulfill(response=answers[0])
    expect(page.locator("#outbox")).to_have_text("Recorded: a sealed bid for Carla")
    expect(bidder(page, "Carla").locator(".bid")).to_have_text("✓")
    expect(page.get_by_text("1 of 4 bids in")).to_be_visible()
    assert "4" not in page.locator(".bidders").inner_text()
    assert faults(page) == []


# House rules, Anna deals hand 1 of 5 cards: after her the dealer bids last; with "dealer-first" Anna bids first and
# Dario, before her, last (#36).
FIVE_CARDS = {"trump": "no-trump", "schedule": "custom", "card_list": [5]}
LAST_BIDDER = {"dealer": ({"first_bid": "after-dealer", **FIVE_CARDS}, "Anna"),
               "last": ({"first_bid": "dealer-first", **FIVE_CARDS}, "Dario")}


def refused_here(page: Page, words: str) -> None:
    """The forbidden bid tapped: refused on the phone, in the server's words. Tapped again if an answer to the
    queue just sent (CI saw one "recorded" land after the refusal) wrote over it: the refusal changes nothing."""
    outbox = page.locator("#outbox")
    for _ in range(3):
        pad_button(page, 3).tap(force=True)
        page.wait_for_timeout(300)
        if outbox.get_attribute("data-state") == "refused" and words in outbox.inner_text():
            return
    expect(outbox).to_have_attribute("data-state", "refused")
    expect(outbox).to_contain_text(words)


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("last", ["dealer", "last"])
def test_offline_the_forbidden_bid_is_refused_in_the_servers_words(live_server, browser, language, last):
    """Offline the page adds up the bids tapped, but the rule and its words are the server's (#36: offline it always
    said "Dealer's forbidden bid", where the server says "Last bid of the set" to a last bidder who is not the
    dealer): the forbidden bid is refused with the same words as online, and the allowed one waits to be sent."""
    options, closer = LAST_BIDDER[last]
    status, game = request(live_server, "POST", "/api/v1/games", body={"variant": "house-rules", "options": options,
                                                                       "players": PLAYERS, "first_dealer": 0})
    assert status == 201, game
    context = phone_context(browser, locale={"en": "en-US", "it": "it-IT"}[language])
    page = open_sheet(context, live_server, game)
    context.set_offline(True)
    expect(page.locator("#live")).to_have_attribute("data-state", "offline", timeout=10000)
    for value in (1, 0, 1):                      # the others' bids add up to 2: the closer may not bid 3
        pad_button(page, value).tap()
    expect(page.locator("#outbox li")).to_have_count(3)
    expect(pad_button(page, 3)).to_be_disabled()
    offline = page.locator("#forbidden-note").inner_text()
    pad_button(page, 3).tap(force=True)          # aria-disabled: it keeps the focus and says why; nothing waits more
    expect(page.locator("#outbox li")).to_have_count(3)
    context.set_offline(False)                   # the three bids go; the server draws the closer's pad and its note
    expect(page.locator("#sheet")).to_have_attribute("data-version", "4", timeout=10000)
    expect(page.locator("#outbox li")).to_have_count(0)  # the queue sent and answered: no answer comes after the tap
    expect(page.locator("#outbox")).to_have_attribute("data-state", "recorded")
    expect(pad_button(page, 3)).to_be_disabled()
    assert page.locator("#forbidden-note").inner_text() == offline
    refused_here(page, offline)
    words = {("en", "dealer"): f"Dealer's forbidden bid: {closer} may not bid 3, or the bids would add up to the 5",
             ("en", "last"): f"Last bid of the set: {closer} may not bid 3, or the bids would add up to the 5",
             ("it", "dealer"): "Dichiarazione vietata al mazziere",
             ("it", "last"): "Ultima dichiarazione: "}[language, last]
    assert words in offline and closer in offline, offline
    assert sorted(bid for bid in bids_on_server(live_server, game) if bid is not None) == [0, 1, 1]
    context.set_offline(True)
    expect(page.locator("#live")).to_have_attribute("data-state", "offline", timeout=10000)
    pad_button(page, 4).tap()                    # allowed: it waits
    expect(page.locator("#outbox li")).to_have_count(1)
    expect(bidder(page, closer).locator(".bid")).to_have_text("4")
    context.set_offline(False)
    expect(page.locator("#outbox")).to_have_attribute("data-state", "recorded", timeout=10000)
    assert sorted(bids_on_server(live_server, game)) == [0, 1, 1, 4]
    assert faults(page) == []
