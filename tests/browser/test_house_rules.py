"""Saved house rules at 360 × 740 (#23): a Wist game with buio sealed is started with "Save these rules as Casa
Rossi", then the next game starts from "Casa Rossi" in one tap on the new-game page, with the same options and
players and the next dealer. The taps are counted; the new-game page with the saved set is photographed in light
and English, dark and Italian, and with the question a name in use asks."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.web.sse import request

from .conftest import phone_context
from .sheet import Taps, watch

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
NARROW = {"width": 360, "height": 740}
SHEET = re.compile(r"/g/([^/]+)/([^/?]+)$")
SEALED = "Buio with sealed bids (written on slips, like Biglietti): yes"


def game_of(base: str, url: str) -> dict:
    game_id, key = SHEET.search(url).groups()
    status, game = request(base, "GET", f"/api/v1/games/{game_id}", key)
    assert status == 200
    return game


def test_rules_saved_on_the_form_start_the_next_game_in_one_tap(live_server, browser, artifacts):
    context = phone_context(browser, viewport=NARROW)
    page = context.new_page()
    problems = watch(page)
    taps = Taps(page)
    page.goto(live_server)
    taps.tap(page.get_by_role("link", name="New game"))
    taps.tap(page.get_by_role("link", name=re.compile(r"^Wist(?! \()")))
    for number, name in enumerate(PLAYERS, start=1):
        page.get_by_role("textbox", name=re.compile(rf"^Player {number}\b")).fill(name)
    taps.tap(page.get_by_label("Player 1 deals first"))
    taps.tap(page.get_by_label(re.compile("Buio with sealed bids")))
    page.get_by_label("Save these rules as…").fill("Casa Rossi")
    taps.tap(page.get_by_role("button", name="Start the game"))
    expect(page).to_have_url(SHEET)
    first = game_of(live_server, page.url)
    assert first["options"]["sealed_buio"] is True and first["first_dealer"] == 0
    assert taps.taps == 5  # New game, Wist, the dealer, the option, Start (the names and the rules' name typed)

    page.goto(f"{live_server}/new")
    saved = page.locator(".rule-set").filter(has_text="Casa Rossi")
    expect(saved).to_contain_text("Anna, Bruno, Carla, Dario · Bruno deals first")
    expect(saved).to_contain_text(SEALED)
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    page.screenshot(path=str(artifacts / "new-house-rules-360-light-en.png"), full_page=True)
    start = saved.get_by_role("button", name="Start “Casa Rossi”")
    box = start.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 150  # a big target for a thumb
    taps.taps = taps.scrolls = 0
    taps.tap(start)
    expect(page).to_have_url(SHEET)
    assert taps.taps == 1 and taps.scrolls == 0
    second = game_of(live_server, page.url)
    assert second["id"] != first["id"] and second["players"] == PLAYERS
    assert second["options"] == first["options"] and second["first_dealer"] == 1
    expect(page.locator(".house-rules")).to_contain_text(SEALED)

    # The same name again asks before replacing anything.
    page.goto(f"{live_server}/new?variant=wist")
    for row, name in zip(page.locator("input[name=player]").all(), PLAYERS):  # now offering the names typed before
        row.fill(name)
    page.get_by_label("Save these rules as…").fill("casa rossi")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("alert")).to_contain_text("“casa rossi” already exists on this phone: replace it?")
    page.get_by_role("alert").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "new-house-rules-replace-360-light-en.png"), full_page=True)

    # Dark, in Italian: the site's language switch, the browser's dark scheme.
    page.emulate_media(color_scheme="dark")
    page.goto(f"{live_server}/lang/it?next=/new")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator(".rule-set")).to_contain_text("Casa Rossi")
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    page.screenshot(path=str(artifacts / "new-house-rules-360-dark-it.png"), full_page=True)
    context.close()
    assert [p for p in problems if "status of 409" not in p] == []  # the question is answered 409 on purpose
