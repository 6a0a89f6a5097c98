"""The table view on a TV follows the game by itself (#19).

A whole Cagliari game (25 hands, 13 → 1 → 13 cards) is entered from the scorer's side (some hands bid by bid) while two
table views nobody touches are open, one at 1920×1080 and one at 1280×800. At every hand the row of the hand
being played is on the screen, clear of the pinned names and totals, and the panel beside the grid shows the
hand, the dealer and whose turn it is; at the end the ranking and the chart are on the screen.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.web.sse import request

from .sheet import watch

PLAYERS = ["Alessandra", "Bartolomeo", "Costanza", "Domenico"]
SCREENS = [{"width": 1920, "height": 1080}, {"width": 1280, "height": 800}]

# The row of the current hand, wholly between the pinned header (the names) and footer (totals, places).
ROW_IN_SIGHT = """() => {
    const row = document.querySelector('.grid tbody tr[aria-current]');
    if (!row) return false;
    const r = row.getBoundingClientRect(), head = document.querySelector('.grid thead').getBoundingClientRect(),
          foot = document.querySelector('.grid tfoot').getBoundingClientRect();
    return r.top >= head.bottom - 1 && r.bottom <= foot.top + 1 && r.bottom <= innerHeight;
}"""
IN_SIGHT = """el => { const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }"""


def in_sight(page: Page, selector: str) -> bool:
    return page.locator(selector).first.evaluate(IN_SIGHT)


def call(base: str, game: dict, method: str, path: str, body: dict) -> None:
    status, answer = request(base, method, f"/api/v1/games/{game['id']}{path}", key=game["keys"]["scorer"], body=body)
    assert status == 200, (path, answer)


@pytest.fixture
def screens(browser):
    contexts = [browser.new_context(viewport=size, locale="en-US") for size in SCREENS]
    yield contexts
    for context in contexts:
        context.close()


@pytest.mark.slow  # a whole game followed on two screens: `make test-slow`
def test_a_tv_follows_a_whole_cagliari_game(live_server, screens, artifacts):
    status, game = request(live_server, "POST", "/api/v1/games",
                           body={"variant": "wist-cagliari", "players": PLAYERS, "first_dealer": 0})
    assert status == 201
    _, state = request(live_server, "GET", f"/api/v1/games/{game['id']}", key=game["keys"]["view"])
    tvs = []
    for context in screens:
        page = context.new_page()
        page.problems = watch(page)
        page.goto(f"{live_server}/g/{game['id']}/{game['keys']['view']}")
        expect(page.locator("#live")).to_have_attribute("data-state", "live")
        tvs.append(page)
    assert len(state["schedule"]) == 25
    for hand in state["schedule"]:
        number, cards = hand["number"], hand["cards"]
        dealer = (number - 1) % 4
        order = [(dealer + 1 + i) % 4 for i in range(4)]
        bids = [0] * 4
        bids[order[0]] = 1 if cards > 1 else 0  # never adding up to the cards: the dealer's rule holds
        for tv in tvs:  # the new hand in sight: its row, its title, the dealer, who bids first
            expect(tv.locator("#entry-title")).to_contain_text(f"Hand {number}")
            tv.wait_for_function(ROW_IN_SIGHT)
            assert tv.locator(".grid tbody tr[aria-current] th").inner_text().split()[0] == str(number)
            expect(tv.locator(".entry")).to_contain_text(f"{PLAYERS[dealer]} deals")
            expect(tv.locator(".bidders li.next")).to_contain_text(PLAYERS[order[0]])
            assert in_sight(tv, "#entry-title") and in_sight(tv, ".bidders li.next")
        tricks = [0] * 4
        tricks[order[0]] = cards
        body = {"tricks": tricks} if hand["trump"] is not None else {"tricks": tricks, "trump": "S"}
        if number % 6 == 1:  # hands 1, 7, 13, 19, 25: bid by bid, the TVs looked at in the middle of the bidding
            call(live_server, game, "PUT", f"/hands/{number}/bids/{order[0]}", {"bid": bids[order[0]]})
            for tv in tvs:  # nothing moved: the next bidder is shown, the row still in sight
                expect(tv.locator(".bidders li.next")).to_contain_text(PLAYERS[order[1]])
                tv.wait_for_function(ROW_IN_SIGHT)
                assert in_sight(tv, ".bidders li.next")
            for seat in order[1:]:
                call(live_server, game, "PUT", f"/hands/{number}/bids/{seat}", {"bid": bids[seat]})
        else:
            body["bids"] = bids
        call(live_server, game, "PUT", f"/hands/{number}", body)
        if number == 13:
            for tv, size in zip(tvs, SCREENS):
                expect(tv.locator("#entry-title")).to_have_text("Hand 14")
                tv.wait_for_function(ROW_IN_SIGHT)
                tv.screenshot(path=artifacts / f"tv-cagliari-hand-14-{size['width']}.png")
    for tv, size in zip(tvs, SCREENS):
        expect(tv.locator("#ranking-title")).to_have_text("Final ranking")
        tv.wait_for_function("() => { const c = document.querySelector('.chart');"
                             " const r = c && c.getBoundingClientRect(); return r && r.bottom <= innerHeight; }")
        assert in_sight(tv, ".ranking") and in_sight(tv, ".chart")
        drawing = tv.locator(".chart > svg")  # arrived with a live refresh, and drawn: an SVG, not a blank box
        assert drawing.evaluate("e => e instanceof SVGSVGElement") and drawing.bounding_box()["height"] > 100
        tv.screenshot(path=artifacts / f"tv-cagliari-end-{size['width']}.png")
        assert [p for p in tv.problems if p.startswith("pageerror")] == []
