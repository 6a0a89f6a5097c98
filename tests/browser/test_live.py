"""The live table in real browsers: several phones on one game, each in its own browser context.

1. The scorer taps a bid; the table view (another phone) shows it without reloading, and its
   indicator says "live". When the connection drops, the indicator says "reconnecting…" and the
   view catches up by itself once the network is back.
2. Biglietti (hand 7, sealed): four players tap their own bids on their own phones; the scorer and
   the table see "4 of 4 bids in" and ✓ marks, never a number; the scorer records the tricks and
   every phone shows all the bids.
3. Those refreshes send only the parts of the sheet that changed (#22): after them each phone reads the same
   as the sheet opened afresh — also where a deal adds its row to the grid (a rubber's deals with the line of a
   game won, Solo Whist, Piquet).

No sleeps: every wait is an expectation on what the page shows. Tests never assert timings; the
time from a tap to the other phone showing it is printed (run with -s to see it).
"""
from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.families import family_of
from scorekeeper.rules import VARIANTS
from tests.contract.drivers import DRIVERS

from .conftest import PHONE, phone_context

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
SEALED_BIDS = [5, 2, 6, 1]  # Anna, Bruno, Carla, Dario
SEALED_TRICKS = [5, 3, 4, 1]


def api(base: str, method: str, path: str, key: str | None = None, body=None):
    request = urllib.request.Request(base + path, method=method,
                                     data=json.dumps(body).encode() if body is not None else None)
    request.add_header("Content-Type", "application/json")
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def new_game(base: str) -> dict:
    return api(base, "POST", "/api/v1/games", body={"variant": "wist", "players": PLAYERS, "first_dealer": 0})


@pytest.fixture
def phones(browser):
    """As many phone-sized browser contexts (each a separate phone) as a test asks for."""
    made = []

    def new(count: int = 1) -> list:
        for _ in range(count):
            made.append(phone_context(browser))
        return made[-count:]

    yield new
    for context in made:
        context.close()


def open_sheet(context, base: str, game: dict, key: str) -> Page:
    page = context.new_page()
    problems, answers = [], []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("response", lambda response: answers.append(response.headers.get("x-sheet-version") is not None)
            if response.request.headers.get("x-live-refresh") else None)
    page.problems, page.refreshes = problems, answers  # per live refresh: whether it brought parts
    page.goto(f"{base}/g/{game['id']}/{key}")
    expect(page.locator("#live")).to_have_attribute("data-state", "live")
    page.evaluate("window.sameDocument = true")  # gone if the page reloads instead of swapping
    return page


def reads_as_afresh(page: Page) -> None:
    """The sheet after its live refreshes reads as the same sheet opened again now (its chart drawn once in view);
    at least one refresh brought parts of it (#22), not the whole."""
    again = page.context.new_page()
    again.goto(page.url)
    expect(again.locator("#sheet")).to_have_attribute("data-version", page.locator("#sheet").get_attribute(
        "data-version"))
    if page.locator("#chart-box > *").count():
        page.locator("#chart-box > *").scroll_into_view_if_needed()
    expect(page.locator("#chart-box figure.chart")).to_have_count(again.locator("#chart-box figure.chart").count())
    assert page.locator("#sheet").inner_text() == again.locator("#sheet").inner_text()
    assert any(page.refreshes), page.refreshes
    again.close()


def bid_mark(page: Page, name: str):
    return page.locator(".bidders li", has_text=name).locator(".bid")


def test_a_tap_on_the_scorers_phone_shows_on_the_table_at_once(live_server, phones):
    game = new_game(live_server)
    scorer_phone, table_phone = phones(2)
    scorer = open_sheet(scorer_phone, live_server, game, game["keys"]["scorer"])
    table = open_sheet(table_phone, live_server, game, game["keys"]["view"])
    expect(table.locator("#live .when-live")).to_be_visible()
    expect(table.locator("#live .when-live")).to_have_text("live")
    expect(table.locator(".pad")).to_have_count(0)  # the table view cannot bid

    # Hand 1, Anna deals: Bruno bids first.
    expect(scorer.locator(".pad-form .who")).to_have_text("Bruno bids")
    delays = []
    for name, value in [("Bruno", 4), ("Carla", 3)]:
        tapped = time.monotonic()
        scorer.locator(".pad").get_by_role("button", name=str(value), exact=True).tap()
        expect(bid_mark(table, name)).to_have_text(str(value), timeout=3000)
        delays.append(time.monotonic() - tapped)
    expect(table.locator("#sheet")).to_have_attribute("data-version", "3")
    assert table.evaluate("window.sameDocument") is True
    print(f"\ntap → table view: {', '.join(f'{d * 1000:.0f} ms' for d in delays)}")

    # The network drops; a change made meanwhile shows by itself once it is back.
    table_phone.set_offline(True)
    api(live_server, "PUT", f"/api/v1/games/{game['id']}/hands/1/bids/3", game["keys"]["seats"][3], {"bid": 5})
    table_phone.set_offline(False)
    expect(bid_mark(table, "Dario")).to_have_text("5", timeout=10000)
    expect(table.locator("#live")).to_have_attribute("data-state", "live", timeout=10000)
    assert table.evaluate("window.sameDocument") is True
    assert scorer.problems == [] and table.problems == []
    reads_as_afresh(table)


def test_reconnecting_indicator_and_catch_up(live_server, phones):
    """The stream is cut (the server refuses it for a while): "reconnecting…", then live again."""
    game = new_game(live_server)
    (table_phone,) = phones(1)
    table = open_sheet(table_phone, live_server, game, game["keys"]["view"])
    blocked = {"on": True}

    def cut(route):
        if blocked["on"]:
            route.abort("connectionreset")
        else:
            route.continue_()

    table.route("**/live", cut)
    # Drop the current stream as the page drops a silent one, with htmx's public swap: it reconnects, which now fails.
    table.evaluate("() => { const l = document.getElementById('live');"
                   " htmx.swap({target: l, text: l.outerHTML, swap: 'outerHTML'}); }")
    expect(table.locator("#live")).to_have_attribute("data-state", "reconnecting", timeout=5000)
    expect(table.locator("#live .when-reconnecting")).to_be_visible()
    api(live_server, "PUT", f"/api/v1/games/{game['id']}/hands/1/bids/1", game["keys"]["scorer"], {"bid": 2})
    blocked["on"] = False
    expect(table.locator("#live")).to_have_attribute("data-state", "live", timeout=10000)
    expect(bid_mark(table, "Bruno")).to_have_text("2", timeout=10000)
    assert table.evaluate("window.sameDocument") is True


def test_a_silent_stream_is_dropped_and_opened_again(live_server, browser):
    """A phone whose Wi-Fi dropped keeps a dead stream open: after a silence (1.5 s here, 25 s on phones; the server
    beats every 10 s) the page says "offline", closes that stream and opens another, through htmx's public API (#36:
    it reached into hx-sse's internals); the indicator drawn anew is not taken for a new sheet."""
    game = new_game(live_server)
    context = phone_context(browser)
    context.add_init_script("""window.segnapuntiSilenceMs = 1500; window.sheetsReady = 0; window.states = [];
        document.addEventListener('sheet:ready', () => window.sheetsReady++);
        new MutationObserver(() => { const l = document.getElementById('live');
            if (l && l.dataset.state !== window.states.at(-1)) window.states.push(l.dataset.state);
            document.documentElement.dataset.states = window.states.join(' '); })
          .observe(document, {subtree: true, childList: true, attributeFilter: ['data-state']});""")
    page = context.new_page()
    opened, ended = [], []
    page.on("request", lambda r: opened.append(r) if r.url.endswith("/live") else None)
    page.on("requestfailed", lambda r: ended.append(r) if r.url.endswith("/live") else None)
    page.on("requestfinished", lambda r: ended.append(r) if r.url.endswith("/live") else None)
    page.goto(f"{live_server}/g/{game['id']}/{game['keys']['view']}")
    expect(page.locator("#live")).to_have_attribute("data-state", "live")
    states = page.locator("html")  # what the indicator said, in turn
    expect(states).to_have_attribute("data-states", re.compile(r"live offline live offline live"), timeout=8000)
    expect(page.locator("#live")).to_have_attribute("data-state", "live")  # dropped twice, one stream at a time
    assert len(opened) >= 3 and opened[0] in ended and opened[1] in ended  # the dropped streams are closed
    assert page.locator("#live").count() == 1 and page.locator("#live .when-live").is_visible()
    assert page.evaluate("window.sheetsReady") == 0
    api(live_server, "PUT", f"/api/v1/games/{game['id']}/hands/1/bids/1", game["keys"]["scorer"], {"bid": 2})
    expect(bid_mark(page, "Bruno")).to_have_text("2", timeout=10000)
    context.close()


def test_sealed_bids_from_four_phones(live_server, phones, artifacts):
    game = new_game(live_server)
    keys = game["keys"]
    for number in range(1, 7):  # hands 1–6 recorded quickly through the API
        api(live_server, "PUT", f"/api/v1/games/{game['id']}/hands/{number}", keys["scorer"],
            {"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]})
    contexts = phones(6)
    scorer = open_sheet(contexts[0], live_server, game, keys["scorer"])
    table = open_sheet(contexts[1], live_server, game, keys["view"])
    seats = [open_sheet(contexts[2 + s], live_server, game, keys["seats"][s]) for s in range(4)]
    for page in (scorer, table, *seats):
        expect(page.locator("#entry-title")).to_contain_text("Hand 7 · Biglietti")
        expect(page.locator(".facts")).to_contain_text("Sealed bids")
        expect(page.locator(".bidders + p.muted")).to_have_text("0 of 4 bids in")
    expect(table.locator(".pad")).to_have_count(0)

    # Each player taps their own bid on their own phone, in order of seats (not of play).
    for seat, page in enumerate(seats):
        if seat == 3:  # Anna changes her mind while Dario is still writing: only her phone shows it
            seats[0].locator(".pad").get_by_role("button", name="4", exact=True).tap()
            expect(bid_mark(seats[0], "Anna")).to_have_text("4")
            expect(bid_mark(table, "Anna")).to_have_text("✓")
        expect(page.locator(".pad-form .who")).to_have_text(f"{PLAYERS[seat]} bids")
        page.locator(".pad").get_by_role("button", name=str(SEALED_BIDS[seat]), exact=True).tap()
        expect(bid_mark(page, PLAYERS[seat])).to_have_text(str(SEALED_BIDS[seat]))  # sees their own
        expect(table.locator(".bidders + p.muted")).to_have_text(f"{seat + 1} of 4 bids in")
    expect(table.locator("#sheet")).to_have_attribute("data-version", "12")
    revealed = [4, *SEALED_BIDS[1:]]
    for page in (scorer, table):
        expect(page.locator(".bidders + p.muted")).to_have_text("4 of 4 bids in")
        expect(page.locator(".bidders .bid")).to_have_text(["✓"] * 4)
        expect(page.locator("tr.current .cell-bid")).to_have_text([""] * 4)
    for seat, page in enumerate(seats):
        expect(page.locator(".bidders + p.muted")).to_have_text("4 of 4 bids in")
        # Carla deals hand 7: the list goes Dario, Anna, Bruno, Carla; a player sees only their own number
        expect(page.locator(".bidders .bid")).to_have_text(
            [str(revealed[s]) if s == seat else "✓" for s in (3, 0, 1, 2)])
        expect(page.locator(".pad")).to_have_count(0)  # every slip is in: nothing can change now
    seats[0].screenshot(path=artifacts / "live-seat-sealed.png", full_page=True)

    # The scorer records the tricks: the slips are opened on every phone, without a reload.
    form = scorer.locator(".tricks-form")
    for seat, taken in enumerate(SEALED_TRICKS):
        form.locator(f"input[name='tricks-{seat}']").fill(str(taken))
    form.get_by_role("button", name="Record the tricks").tap()
    row = "table.grid tbody tr:nth-child(7) .cell-bid"
    for page in (scorer, table, *seats):
        expect(page.locator(row)).to_have_text([str(b) for b in revealed], timeout=5000)
        expect(page.locator("#entry-title")).to_contain_text("Hand 8 · Wist")
        assert page.evaluate("window.sameDocument") is True
        assert page.problems == []
    for page in (table, *seats[1:]):
        reads_as_afresh(page)
    # After the reveal no phone offers a bid pad for hand 7 any more
    expect(seats[1].locator(".pad")).to_have_count(0)
    seats[1].screenshot(path=artifacts / "live-seat-revealed.png", full_page=True)


@pytest.mark.parametrize("variant", ["whist-classico", "solo-whist", "piquet"])
def test_deals_add_their_rows_on_the_table(live_server, phones, variant):
    names = PLAYERS[:min(VARIANTS[variant].players)]
    game = api(live_server, "POST", "/api/v1/games", body={"variant": variant, "players": names, "first_dealer": 0})
    (table_phone,) = phones(1)
    table = open_sheet(table_phone, live_server, game, game["keys"]["view"])
    deal = DRIVERS[family_of(VARIANTS[variant]).id].first_hand({}, len(names))
    for number in (1, 2, 3):
        api(live_server, "PUT", f"/api/v1/games/{game['id']}/hands/{number}", game["keys"]["scorer"], deal)
        expect(table.locator("#sheet")).to_have_attribute("data-version", str(number + 1), timeout=5000)
    expect(table.locator("#hand-3")).to_have_count(1)
    reads_as_afresh(table)
    assert table.evaluate("window.sameDocument") is True and table.problems == []


def test_share_page_screenshot(live_server, phones, artifacts):
    game = new_game(live_server)
    (context,) = phones(1)
    page = context.new_page()
    page.goto(f"{live_server}/g/{game['id']}/{game['keys']['scorer']}/share")
    expect(page.locator("svg.qr")).to_have_count(6)
    for card in page.locator(".qr-card").all():
        box = card.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5  # no sideways scrolling
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=artifacts / "live-share.png", full_page=True)
    # the same panel inside the scorer's sheet
    page.goto(f"{live_server}/g/{game['id']}/{game['keys']['scorer']}")
    page.locator("#share summary").tap()
    expect(page.locator("#share svg.qr")).to_have_count(6)
    page.screenshot(path=artifacts / "live-sheet-share-open.png", full_page=False)


def test_a_rotated_link_stops_on_the_open_page(live_server, phones, artifacts):
    """The table's link is replaced: the page still open on the old link says so by itself."""
    game = new_game(live_server)
    (table_phone,) = phones(1)
    table = open_sheet(table_phone, live_server, game, game["keys"]["view"])
    api(live_server, "POST", f"/api/v1/games/{game['id']}/keys/rotate", game["keys"]["scorer"], {"role": "view"})
    expect(table.get_by_text("this link no longer opens it")).to_be_visible(timeout=10000)
    expect(table.locator("header.bar")).to_have_count(1)  # the error page, whole: not one inside the sheet
    expect(table.locator("#live")).to_have_count(0)
    table.screenshot(path=artifacts / "live-rotated-away.png", full_page=True)
