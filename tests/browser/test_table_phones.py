"""The table's phones at a club evening (#35), at 360 × 740: the first phone starts the table from its card and keeps
the score; a second phone (dark, in Italian) scans the same card, taps "Sono Bruno" and bids on its own pad; the
scorer's phone is then passed to Carla, who confirms hand 1 on it, and every sheet says so."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import phone_context
from .sheet import changed, pad_button, watch
from .test_live import PLAYERS, api

SMALL = {"width": 360, "height": 740}


def test_a_second_phone_takes_its_seat_and_the_scorers_phone_is_passed_round(live_server, browser, artifacts):
    made = api(live_server, "POST", "/api/v1/tournaments", body={"name": "Giovedì", "confirmation": True})
    tid, keys = made["id"], made["keys"]
    api(live_server, "PUT", f"/api/v1/tournaments/{tid}/roster", keys["organiser"],
        {"players": PLAYERS, "rounds": 1})
    card = f"{live_server}/t/{tid}/{keys['join']}?round=1&table=A"
    scorer_phone = phone_context(browser, viewport=SMALL)
    bruno_phone = phone_context(browser, viewport=SMALL, locale="it-IT", color_scheme="dark")
    try:
        scorer = scorer_phone.new_page()
        scorer.goto(card)
        scorer.get_by_role("button", name="Start the partita").tap()
        expect(scorer).to_have_url(re.compile(r"/g/[\w-]+/[\w-]+$"))
        game_id, key = re.search(r"/g/([\w-]+)/([\w-]+)$", scorer.url).groups()
        game = api(live_server, "GET", f"/api/v1/games/{game_id}", key)
        players, hand = game["players"], game["hands"][0]

        bruno = bruno_phone.new_page()
        problems = watch(bruno)
        bruno.goto(card)
        claims = bruno.locator(".claim-seats button")
        expect(claims).to_have_text([f"Sono {name}" for name in players])
        assert bruno.evaluate("document.documentElement.scrollWidth") <= 360
        bruno.screenshot(path=artifacts / "table-card-i-am-360-dark-it.png", full_page=True)
        bruno.get_by_role("button", name="Sono Bruno").tap()
        expect(bruno.locator("#sheet")).to_have_attribute("data-role", "seat")
        assert not bruno.url.endswith(key)  # a seat's link, never the scorer's
        seat = players.index("Bruno")
        for before in hand["order"][:hand["order"].index(seat)]:  # the scorer enters the bids before Bruno's
            api(live_server, "PUT", f"/api/v1/games/{game_id}/hands/1/bids/{before}", key, {"bid": 0})
        expect(pad_button(bruno, 0)).to_be_enabled()
        changed(bruno, lambda: pad_button(bruno, 0).tap())
        assert api(live_server, "GET", f"/api/v1/games/{game_id}", key)["hands"][0]["bids"][seat] == 0
        bruno.screenshot(path=artifacts / "table-phone-bruno-bid-360-dark-it.png", full_page=True)

        api(live_server, "PUT", f"/api/v1/games/{game_id}/hands/1", key,
            {"bids": [0] * len(players), "tricks": [hand["cards"]] + [0] * (len(players) - 1),
             "penalties": [0] * len(players), "trump": "H"})
        scorer.reload()
        passing = scorer.locator(".pass-phone")
        passing.locator("summary").tap()
        expect(passing.locator("summary")).to_have_text("Pass the phone: is hand 1 right?")
        expect(passing.locator(".confirm-table tbody tr")).to_have_count(len(players))
        assert scorer.evaluate("document.documentElement.scrollWidth") <= 360
        scorer.screenshot(path=artifacts / "pass-the-phone-360-light-en.png", full_page=True)
        changed(scorer, lambda: passing.get_by_role("button", name="✓ Carla confirms").tap())
        mark = scorer.locator(".grid tbody tr").first.locator(".scorers-phone-mark")
        expect(mark).to_have_text("confirmed by Carla on the table's phone")
        assert scorer.evaluate("document.documentElement.scrollWidth") <= 360
        scorer.screenshot(path=artifacts / "confirmed-on-the-tables-phone-360-light-en.png", full_page=True)
        confirmed = api(live_server, "GET", f"/api/v1/games/{game_id}", key)["confirmation"]["confirmed"]
        assert [(m["hand"], m["by"], m["on_scorers_phone"]) for m in confirmed] == [(1, "Carla", True)]

        italian = bruno.locator(".grid tbody tr").first.locator(".scorers-phone-mark")
        expect(italian).to_have_text("confermata da Carla sul telefono del tavolo")  # Bruno's sheet, live
        bruno.screenshot(path=artifacts / "confirmed-on-the-tables-phone-360-dark-it.png", full_page=True)
        assert problems == []
    finally:
        scorer_phone.close()
        bruno_phone.close()


def test_the_scoring_handed_over_to_another_phone(live_server, browser, artifacts):
    """The scorer's share page makes a one-time link; the other phone opens it and keeps the score; the old phone's
    open sheet then says the scoring was handed over, by itself."""
    game = api(live_server, "POST", "/api/v1/games", body={"variant": "wist", "players": PLAYERS, "first_dealer": 0})
    old_phone, new_phone = phone_context(browser, viewport=SMALL), phone_context(browser, viewport=SMALL)
    try:
        old = old_phone.new_page()
        old.goto(f"{live_server}/g/{game['id']}/{game['keys']['scorer']}/share")
        old.get_by_role("button", name="Hand over scoring to another phone").tap()
        link = old.locator(".handover-card a.link")
        expect(link).to_have_attribute("href", re.compile(rf"/g/{game['id']}/take/[\w-]+$"))
        assert old.evaluate("document.documentElement.scrollWidth") <= 360
        old.screenshot(path=artifacts / "hand-over-scoring-360-light-en.png", full_page=True)
        address = link.get_attribute("href")
        old.goto(f"{live_server}/g/{game['id']}/{game['keys']['scorer']}")
        expect(old.locator("#sheet")).to_have_attribute("data-role", "scorer")
        new = new_phone.new_page()
        new.goto(address)
        new.get_by_role("button", name="Keep the score on this phone").tap()
        expect(new.locator("#sheet")).to_have_attribute("data-role", "scorer")
        assert game["keys"]["scorer"] not in new.url
        expect(old.get_by_text("Scoring was handed over to another phone")).to_be_visible(timeout=10_000)
        old.screenshot(path=artifacts / "scoring-handed-over-360-light-en.png", full_page=True)
    finally:
        old_phone.close()
        new_phone.close()
