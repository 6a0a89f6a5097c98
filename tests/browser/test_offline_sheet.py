"""A tab reopened offline shows the sheet (#35): the service worker keeps the last copy of each sheet the phone saw.

Wist, 4 players, Anna deals hand 1. The scorer opens the sheet, loses the network, taps Bruno 1 and Carla 0 (they
wait in the outbox) and the tab is closed. Reopened while still offline, the sheet comes from the worker's copy,
marked "Offline: the sheet as this phone last saw it" with its time and "2 taps waiting, safe on this phone", the
bids shown pending; back online they are sent, each once. A game this phone never opened (or whose copy is gone)
gets the app's own offline page, not the browser's error page, listing what waits for it. A copy is dropped when
its link is replaced, when the phone forgets the game, and beyond the last 10 games.
"""
from __future__ import annotations

import re
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from tests.web.sse import request

from .conftest import phone_context
from .test_durable_outbox import CREATED, events_on_server, replace_the_scorers_link
from .test_offline import NARROW, bids_on_server, faults, new_game, open_sheet, tap_offline_round
from .test_offline import browser, phone  # noqa: F401  (each test's phones in a Chromium of their own)

KEPT = "caches.open('sheets').then(c => c.keys()).then(rs => rs.map(r => new URL(r.url).pathname))"


def sheet_url(base: str, game: dict) -> str:
    return f"{base}/g/{game['id']}/{game['keys']['scorer']}"


def kept(page: Page) -> list[str]:
    """The addresses of the copies this phone's worker keeps."""
    return page.evaluate(KEPT)


def until(page: Page, condition) -> None:
    """Wait until `condition` holds of the kept copies' paths (the worker keeps and drops them in the background;
    wait_for_function takes a promise for true)."""
    for _ in range(100):
        if condition(kept(page)):
            return
        page.wait_for_timeout(100)
    raise AssertionError(kept(page))


def wait_for_copy(page: Page, path: str) -> None:
    """The worker keeps the page's copy a moment after it opens (at the first visit, once it is installed)."""
    until(page, lambda paths: path in paths)


def close_offline(context, page: Page, base: str, game: dict) -> None:
    """Bruno 1, Carla 0 tapped offline, then the tab closed (the page goes first)."""
    context.set_offline(True)
    tap_offline_round(page)
    page.goto("about:blank")
    page.close()
    assert bids_on_server(base, game) == [None, None, None, None]


def reopen(context, url: str) -> Page:
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(f"pageerror: {error}"))
    page.goto(url)
    return page


def test_a_tab_reopened_offline_shows_the_sheet_and_its_queued_taps(browser, live_server, artifacts):
    game = new_game(live_server)
    context = phone_context(browser, viewport=NARROW)
    page = open_sheet(context, live_server, game)
    wait_for_copy(page, f"/g/{game['id']}/{game['keys']['scorer']}")
    close_offline(context, page, live_server, game)
    page = reopen(context, sheet_url(live_server, game))  # still offline
    note = page.locator(".offline-copy")
    expect(note).to_contain_text("Offline: the sheet as this phone last saw it, ")
    expect(note).to_contain_text(re.compile(r"\d{1,2}:\d{2}"))  # its time
    expect(note).to_contain_text("2 taps waiting, safe on this phone")
    expect(page.locator(".bidders li", has_text="Bruno")).to_have_class(re.compile(r"\bpending\b"))
    expect(page.locator(".bidders li", has_text="Bruno").locator(".bid")).to_have_text("1")
    expect(page.locator(".bidders li", has_text="Carla").locator(".bid")).to_have_text("0")
    expect(page.locator("#outbox li")).to_have_text(["Bid of Bruno: 1", "Bid of Carla: 0"])
    page.screenshot(path=artifacts / "offline-copy-en-light-360.png")
    assert bids_on_server(live_server, game) == [None, None, None, None]
    context.set_offline(False)  # back online: sent, each once, and the note goes
    expect(page.locator("#outbox")).to_have_text("Recorded: Bid of Carla: 0", timeout=10_000)
    expect(note).to_have_count(0)
    assert bids_on_server(live_server, game) == [None, 1, 0, None]
    assert events_on_server(live_server, game) == CREATED + 2
    assert faults(page) == []


def test_a_game_never_opened_here_offline_gets_the_apps_offline_page(browser, live_server, artifacts):
    known, unknown = new_game(live_server), new_game(live_server)
    context = phone_context(browser, viewport=NARROW)
    page = open_sheet(context, live_server, known)  # the worker is installed here
    wait_for_copy(page, f"/g/{known['id']}/{known['keys']['scorer']}")
    context.set_offline(True)
    page.goto(sheet_url(live_server, unknown))
    expect(page.get_by_role("heading", level=1)).to_have_text("You are offline")
    expect(page.locator("main")).to_contain_text("it needs the network once")
    expect(page.locator(".offline-queue")).to_be_hidden()
    assert unknown["keys"]["scorer"] not in page.content().split("<body", 1)[0]  # the page is the app's, keyless
    page.screenshot(path=artifacts / "offline-page-en-light-360.png")
    # A page kept from an earlier release links files of then: offline, it gets this release's file of that name.
    with urllib.request.urlopen(f"{live_server}/static/app.css") as current:  # as this release sends it (minified)
        assert page.evaluate("fetch('/static/app.css?v=000000000000').then(r => r.text())") == current.read().decode()
    # The phone's pages now in Italian: the worker keeps the offline page in Italian too.
    page.goto("about:blank")  # (back online, the offline page would open its sheet by itself)
    context.set_offline(False)
    page.goto(f"{live_server}/lang/it?next=/g/{known['id']}/{known['keys']['scorer']}")
    expect(page.locator("#live")).to_have_attribute("data-state", "live")
    for _ in range(100):
        if "Sei senza rete" in page.evaluate("caches.match('/offline').then(r => r.text())"):
            break
        page.wait_for_timeout(100)
    context.set_offline(True)
    page.goto(sheet_url(live_server, unknown))
    expect(page.get_by_role("heading", level=1)).to_have_text("Sei senza rete")
    context.set_offline(False)


def test_the_copy_is_the_sheet_as_the_phone_put_it_away(browser, live_server):
    """Opened at version 1; another phone records a bid and the sheet follows live (version 2); the phone puts the
    tab away (hidden): the worker's copy is then the sheet at version 2, not as it first opened."""
    game = new_game(live_server)
    context = phone_context(browser, viewport=NARROW)
    page = open_sheet(context, live_server, game)
    path = f"/g/{game['id']}/{game['keys']['scorer']}"
    wait_for_copy(page, path)
    copy = f"caches.open('sheets').then(c => c.match({path!r})).then(r => r.text())"
    assert 'data-version="1"' in page.evaluate(copy)
    status, _ = request(live_server, "PUT", f"/api/v1/games/{game['id']}/hands/1/bids/1", key=game["keys"]["seats"][1],
                        body={"bid": 3})
    assert status == 200
    expect(page.locator("#sheet")).to_have_attribute("data-version", "2", timeout=10_000)
    assert 'data-version="1"' in page.evaluate(copy)  # a live refresh alone does not fetch the page again
    page.evaluate("""() => {
        Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    for _ in range(100):
        if 'data-version="2"' in page.evaluate(copy):
            break
        page.wait_for_timeout(100)
    assert 'data-version="2"' in page.evaluate(copy)
    context.set_offline(True)
    page.reload()  # offline: that copy, marked, with nothing waiting
    expect(page.locator(".offline-copy")).to_contain_text("Offline: the sheet as this phone last saw it")
    expect(page.locator(".offline-copy p")).to_have_count(1)
    expect(page.locator("#sheet")).to_have_attribute("data-version", "2")
    expect(page.locator(".bidders li", has_text="Bruno").locator(".bid")).to_have_text("3")
    context.set_offline(False)
    expect(page.locator(".offline-copy")).to_have_count(0, timeout=10_000)  # the stream is back: the note goes


def test_queued_taps_without_a_copy_are_listed_and_sent_back_online(browser, live_server, artifacts):
    """The copy is gone (the phone cleared it, or the game fell out of the last 10): the offline page still lists
    what waits for this game; back online the page opens the sheet by itself, which sends them."""
    game = new_game(live_server)
    context = phone_context(browser, viewport=NARROW)
    page = open_sheet(context, live_server, game)
    wait_for_copy(page, f"/g/{game['id']}/{game['keys']['scorer']}")
    page.evaluate("caches.delete('sheets')")
    close_offline(context, page, live_server, game)
    page = reopen(context, sheet_url(live_server, game))
    expect(page.get_by_role("heading", level=1)).to_have_text("You are offline")
    expect(page.locator(".offline-queue")).to_contain_text("2 taps waiting, safe on this phone")
    expect(page.locator(".offline-queue li")).to_have_text(["Bid of Bruno: 1", "Bid of Carla: 0"])
    page.screenshot(path=artifacts / "offline-page-queue-en-light-360.png")
    context.set_offline(False)
    expect(page.locator("#sheet")).to_be_visible(timeout=10_000)
    expect(page.locator(".bidders li", has_text="Carla").locator(".bid")).to_have_text("0", timeout=10_000)
    expect(page.locator("#outbox")).to_be_hidden(timeout=10_000)
    assert bids_on_server(live_server, game) == [None, 1, 0, None]
    assert events_on_server(live_server, game) == CREATED + 2
    assert page.problems == []


@pytest.mark.parametrize(("language", "scheme"), [("it", "dark"), ("en", "dark"), ("it", "light")])
def test_the_offline_copy_and_page_in_each_language(browser, live_server, artifacts, language, scheme):
    game, unknown = new_game(live_server), new_game(live_server)
    context = phone_context(browser, viewport=NARROW, color_scheme=scheme, locale=f"{language}-{language.upper()}")
    page = open_sheet(context, live_server, game)
    wait_for_copy(page, f"/g/{game['id']}/{game['keys']['scorer']}")
    italian = language == "it"
    context.set_offline(True)
    expect(page.locator("#live")).to_have_attribute("data-state", "offline", timeout=10000)
    page.locator(".pad").get_by_role("button", name="1", exact=True).tap()
    expect(page.locator("#outbox li")).to_have_count(1)
    page.goto("about:blank")
    page.close()
    page = reopen(context, sheet_url(live_server, game))
    words = ("Senza rete: il foglio come l'ha visto questo telefono l'ultima volta",
             "1 tocco in attesa, al sicuro su questo telefono") if italian else (
             "Offline: the sheet as this phone last saw it", "1 tap waiting, safe on this phone")
    for text in words:
        expect(page.locator(".offline-copy")).to_contain_text(text)
    page.screenshot(path=artifacts / f"offline-copy-{language}-{scheme}-360.png")
    page.goto(sheet_url(live_server, unknown))
    expect(page.get_by_role("heading", level=1)).to_have_text("Sei senza rete" if italian else
                                                               "You are offline")
    page.screenshot(path=artifacts / f"offline-page-{language}-{scheme}-360.png")
    context.set_offline(False)


def test_copies_go_with_a_replaced_link_a_forgotten_game_and_beyond_the_last_ten(browser, live_server):
    context = phone_context(browser, viewport=NARROW)
    first = new_game(live_server)
    page = open_sheet(context, live_server, first)
    path = f"/g/{first['id']}/{first['keys']['scorer']}"
    wait_for_copy(page, path)
    page.goto(f"{sheet_url(live_server, first)}/hands/1/history")  # the game's other pages are kept too
    wait_for_copy(page, f"{path}/hands/1/history")
    page.goto(f"{sheet_url(live_server, first)}/chart")
    assert not any(p.endswith("/chart") for p in kept(page))  # not a sheet page: never kept
    # The link replaced: the page says it no longer works, and its copies go.
    replace_the_scorers_link(live_server, first)
    page.goto(sheet_url(live_server, first))
    expect(page.get_by_role("alert")).to_be_visible()
    until(page, lambda paths: not any(p.startswith(path) for p in paths))
    # Forgotten on the home page: the game's copies go.
    second = new_game(live_server)
    page.goto(sheet_url(live_server, second))
    wait_for_copy(page, f"/g/{second['id']}/{second['keys']['scorer']}")
    page.goto(f"{live_server}/")
    page.locator("details.forget").first.locator("summary").click()
    page.locator("details.forget").first.locator("button").click()
    expect(page).to_have_url(f"{live_server}/")
    until(page, lambda paths: not any(second["id"] in p for p in paths))
    # Twelve more games opened: only the last ten are kept.
    games = [new_game(live_server) for _ in range(12)]
    for game in games:
        page.goto(sheet_url(live_server, game))
        expect(page.locator("#sheet")).to_be_visible()
    wait_for_copy(page, f"/g/{games[-1]['id']}/{games[-1]['keys']['scorer']}")
    ids = {p.split("/")[2] for p in kept(page)}
    assert ids == {game["id"] for game in games[2:]}

