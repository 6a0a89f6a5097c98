"""Your own rules, saved and played again (#23), at 360 × 740: from the home page, a game of custom house rules is
set with one tap a rule (chips, a tick box) besides typing the names, saved as "Casa Rossi" as it starts — ten taps
at most —, and its sheet lists the rules; then the next game starts from "Casa Rossi" in one tap on the new-game
page, with the same rules and players and the next dealer. A name in use asks before replacing anything. The
new-game page with the saved set is photographed in light and English, dark and Italian."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.web.sse import request

from .conftest import phone_context
from .sheet import Taps, watch

PLAYERS = ["Anna", "Bruno", "Carla"]
NARROW = {"width": 360, "height": 740}
SHEET = re.compile(r"/g/([^/]+)/([^/?]+)$")
CHOSEN = ("Down: …3, 2, 1", "Suits in turn", "the bid squared", "always", "Sealed bids")


def game_of(base: str, url: str) -> dict:
    game_id, key = SHEET.search(url).groups()
    status, game = request(base, "GET", f"/api/v1/games/{game_id}", key)
    assert status == 200
    return game


def test_custom_rules_in_a_few_taps_saved_and_started_again_in_one(live_server, browser, artifacts):
    context = phone_context(browser, viewport=NARROW)
    page = context.new_page()
    problems = watch(page)
    taps = Taps(page)
    page.goto(live_server)
    taps.tap(page.get_by_role("link", name="New game"))
    taps.tap(page.get_by_role("link", name=re.compile(r"^Your own rules")))
    for number, name in enumerate(PLAYERS, start=1):
        page.get_by_role("textbox", name=re.compile(rf"^Player {number}\b")).fill(name)
    taps.tap(page.get_by_label("Player 1 deals first"))
    for label in CHOSEN:
        taps.tap(page.get_by_text(label, exact=label != "Sealed bids").first)
    page.get_by_label("Save these rules as…").fill("Casa Rossi")
    taps.tap(page.get_by_role("button", name="Start the game"))
    expect(page).to_have_url(SHEET)
    assert taps.taps <= 10, taps.taps  # New game, Your own rules, the dealer, five rules, Start: 9 (and typing)
    first = game_of(live_server, page.url)
    assert first["first_dealer"] == 0 and first["options"]["schedule"] == "down"
    assert first["options"]["plus_bid"] == "bid-squared" and first["options"]["sealed"] is True
    rules = page.locator(".house-rules")
    expect(rules).to_contain_text("Down: …3, 2, 1")
    expect(rules).to_contain_text("the bid squared")
    expect(rules).to_contain_text("Order of the trumps")  # it matters now: the suits go in turn
    expect(page.locator(".grid")).to_contain_text("17")  # 3 players, no card turned: 17, 16, … 1
    page.screenshot(path=str(artifacts / "house-rules-sheet-360.png"), full_page=False)

    page.goto(f"{live_server}/new")
    saved = page.locator(".rule-set").filter(has_text="Casa Rossi")
    expect(saved).to_contain_text("Anna, Bruno, Carla · Bruno deals first")
    expect(saved).to_contain_text("the bid squared")
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
    assert second["id"] != first["id"] and second["players"] == PLAYERS and second["variant"] == "house-rules"
    assert second["options"] == first["options"] and second["first_dealer"] == 1
    expect(page.locator(".house-rules")).to_contain_text("the bid squared")

    # The same name again asks before replacing anything.
    page.goto(f"{live_server}/new?variant=wist")
    for row, name in zip(page.locator("input[name=player]").all(), ["Anna", "Bruno", "Carla", "Dario"]):
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


def test_oh_hell_at_360_eight_seats_and_wikipedias_schedule_one_chip_away(live_server, browser, artifacts):
    """#34 on a phone: the Oh Hell form takes 8 players and draws its chips inside 360 px (photographed); it starts
    on pagat's 10 down to 1 and back, and one tap on "Up to the most and down" plays Wikipedia's 1 up to 12 and back."""
    context = phone_context(browser, viewport=NARROW)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{live_server}/new?variant=oh-hell")
    rows = page.locator("input[name=player]")
    expect(rows).to_have_count(8)
    expect(page.get_by_label("Down and up: top…1…top")).to_be_checked()
    expect(page.get_by_label("Most cards in a hand")).to_have_value("10")
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    chips = page.locator("fieldset.option-chips").first
    chips.scroll_into_view_if_needed()
    chips.screenshot(path=str(artifacts / "oh-hell-schedule-chips-360.png"))
    page.locator("fieldset.option-chips").filter(has_text="Order of the trumps").screenshot(
        path=str(artifacts / "oh-hell-rotation-chips-360.png"))
    page.screenshot(path=str(artifacts / "new-oh-hell-360.png"), full_page=True)
    for row, name in zip(rows.all(), ["Anna", "Bruno", "Carla", "Dario"]):
        row.fill(name)
    taps = Taps(page)
    taps.tap(page.get_by_text("Up to the most and down", exact=False))
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(SHEET)
    game = game_of(live_server, page.url)
    assert [hand["cards"] for hand in game["schedule"]] == [*range(1, 13), *range(11, 0, -1)]
    assert taps.taps == 1 and game["options"]["schedule"] == "up-to-the-most-and-down"
    assert game["options"]["most_cards"] == 10  # the preset's, echoed: the form left out what means nothing here
    context.close()
    assert problems == []
