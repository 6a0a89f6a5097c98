"""The opponents confirm (#21) on two phones: the scorer records a Wist hand; Bruno's own phone (a seat link, 360 px
wide) shows the hand to confirm with its bids, tricks and scores and confirms it with one tap; the scorer's sheet
loses its "to confirm" mark by itself (a confirmation is a change like any other: every phone is told)."""
from __future__ import annotations

from playwright.sync_api import expect

from .conftest import phone_context
from .sheet import bid_round, record_tricks
from .test_live import PLAYERS, api, open_sheet

NARROW = {"width": 360, "height": 780}


def test_a_player_confirms_the_hand_on_their_own_phone(live_server, browser, artifacts):
    game = api(live_server, "POST", "/api/v1/games",
               body={"variant": "wist", "players": PLAYERS, "first_dealer": 0, "confirmation": True})
    scorer_phone, bruno_phone = phone_context(browser), phone_context(browser, viewport=NARROW)
    try:
        scorer = open_sheet(scorer_phone, live_server, game, game["keys"]["scorer"])
        bruno = open_sheet(bruno_phone, live_server, game, game["keys"]["seats"][1])
        bid_round(scorer, [("Bruno", 4), ("Carla", 3), ("Dario", 5), ("Anna", 2)], forbidden=1)
        expect(bruno.locator(".confirm-panel")).to_have_count(0)  # not before the tricks are in
        record_tricks(scorer, [2, 4, 2, 5])
        mark = scorer.locator(".grid tbody tr").first.locator(".to-confirm-mark")
        expect(mark).to_have_text("to confirm")

        panel = bruno.locator(".confirm-panel")
        expect(panel.locator("h2")).to_have_text("Is hand 1 right?")
        rows = panel.locator("tbody tr")
        expect(rows).to_have_count(4)
        # Carla bid 3 and took 2: 2 points; Dario bid 5 and took 5: 15.
        expect(rows.nth(2).locator("th, td")).to_have_text(["Carla", "3", "2", "2"])
        expect(rows.nth(3).locator("th, td")).to_have_text(["Dario", "5", "5", "15"])
        button = panel.get_by_role("button", name="✓ Confirm hand 1")
        assert button.bounding_box()["height"] >= 48 and bruno.evaluate("document.documentElement.scrollWidth") <= 360
        bruno.screenshot(path=artifacts / "confirm-360.png", full_page=True)

        button.tap()
        expect(panel).to_have_count(0)
        expect(mark).to_have_count(0)  # the scorer's sheet, live
        expect(bruno.get_by_text("Reopen a confirmed hand…")).to_be_visible()
        assert scorer.problems == [] and bruno.problems == []
    finally:
        scorer_phone.close()
        bruno_phone.close()


def test_a_confirmation_on_the_scorers_phone_is_marked_so(live_server, browser, artifacts):
    """#33: the scorer's phone (360 px) hands Bruno his link from the share page; he confirms there. The grid of
    the scorer's sheet says so in the hand's own cell, without widening the page."""
    game = api(live_server, "POST", "/api/v1/games",
               body={"variant": "wist", "players": PLAYERS, "first_dealer": 0, "confirmation": True})
    api(live_server, "PUT", f"/api/v1/games/{game['id']}/hands/1", game["keys"]["scorer"],
        {"bids": [2, 4, 3, 5], "tricks": [2, 4, 2, 5]})
    scorers_phone = phone_context(browser, viewport=NARROW)
    try:
        scorer = open_sheet(scorers_phone, live_server, game, game["keys"]["scorer"])
        scorer.goto(f"{live_server}/g/{game['id']}/{game['keys']['scorer']}/share")
        scorer.locator('.qr-card[data-seat="1"] a.link').click()
        scorer.get_by_role("button", name="✓ Confirm hand 1").tap()
        mark = scorer.locator(".grid tbody tr").first.locator(".scorers-phone-mark")
        expect(mark).to_have_text("confirmed by Bruno on the table's phone")
        scorer.goto(f"{live_server}/g/{game['id']}/{game['keys']['scorer']}")
        expect(mark).to_have_text("confirmed by Bruno on the table's phone")
        assert scorer.evaluate("document.documentElement.scrollWidth") <= 360
        scorer.screenshot(path=artifacts / "confirmed-on-the-scorers-phone-360.png", full_page=True)
        assert scorer.problems == []
    finally:
        scorers_phone.close()
