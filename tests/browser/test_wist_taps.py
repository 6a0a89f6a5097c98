"""A whole game of Wist at 360 × 740, four long names, played by tapping as a scorer would (#18's measure): each
kind of hand's taps and scrolls are counted — at most 2 × 4 + 1 taps, no scroll. Quadri, Fiori and Picche are
played as Cuori is (another phone enters them: the suite's time); in the sealed round the players bid on their
own phones (the scorer enters the tricks); the grid's totals are checked against the rules."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from scorekeeper.rules import new_game
from tests.web.sse import request

from .conftest import phone_context
from .sheet import Taps, changed, watch

PLAYERS = ["Alessandra", "Bartolomeo", "Costanza", "Domenico"]
# (bids by seat, tricks by seat) for the eight rounds; none makes the bids add up to the 13 cards.
LIKE_THE_FIRST = (2, 3, 4)  # Quadri, Fiori, Picche: the same entry as Cuori with another trump
PLAN = [([3, 3, 3, 3], [4, 3, 3, 3]), ([2, 4, 5, 1], [2, 4, 5, 2]), ([0, 6, 3, 3], [1, 6, 3, 3]),
        ([4, 4, 4, 0], [4, 4, 5, 0]), ([1, 2, 3, 4], [1, 2, 3, 7]), ([3, 3, 3, 3], [4, 3, 3, 3]),
        ([5, 5, 2, 2], [5, 5, 2, 1]), ([0, 0, 0, 0], [5, 3, 0, 5])]


def test_a_whole_wist_game_in_at_most_nine_taps_a_hand_and_no_scroll(live_server, browser, artifacts):
    status, game = request(live_server, "POST", "/api/v1/games", body={"variant": "wist", "players": PLAYERS,
                                                                         "first_dealer": 3})
    assert status == 201
    context = phone_context(browser, viewport={"width": 360, "height": 740})
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{live_server}/g/{game['id']}/{game['keys']['scorer']}")
    taps = Taps(page)
    expected = new_game("wist", PLAYERS, 3, None)
    for number, (bids, tricks) in enumerate(PLAN, start=1):
        expect(page.locator("#entry-title")).to_contain_text(f"Hand {number}")
        hand = expected.hand(number)
        entry = {"type": "hand", "hand": number, "bids": bids if hand.spec.bidding != "none" else [0, 0, 0, 0],
                 "tricks": tricks}
        if number in LIKE_THE_FIRST:
            path, body = f"/api/v1/games/{game['id']}/hands/{number}", {"bids": bids, "tricks": tricks}
            changed(page, lambda path=path, body=body: request(live_server, "PUT", path, game["keys"]["scorer"], body))
            expected = expected.apply(entry)
            continue
        if hand.spec.sealed:   # each player on their own phone: the scorer's sheet follows live
            version = int(page.locator("#sheet").get_attribute("data-version"))
            for seat in range(4):
                request(live_server, "PUT", f"/api/v1/games/{game['id']}/hands/{number}/bids/{seat}",
                        game["keys"]["seats"][seat], {"bid": bids[seat]})
            expect(page.locator("#sheet")).to_have_attribute("data-version", str(version + 4))
        elif hand.spec.bidding != "none":
            # the whole pad, 0 to 13, is on the first screen under the four bidders (two by two, #19)
            expect(page.locator(".pad button").last).to_be_in_viewport(ratio=1)
            for _ in range(4):
                name = re.match(r"(\w+) bids", page.locator(".pad-form .who").inner_text()).group(1)
                key = page.locator(".pad").get_by_role("button", name=str(bids[PLAYERS.index(name)]), exact=True)
                changed(page, lambda key=key: taps.tap(key))
        form = page.locator(".tricks-form")
        for seat in range(3):   # the grid's order; the last player's are what is left
            expect(form.locator(".pad-title")).to_have_text(f"Tricks of {PLAYERS[seat]}:")
            key = form.locator(".tricks-pad").get_by_role("button", name=str(tricks[seat]), exact=True)
            taps.tap(key)
        expect(form.locator("input[name='tricks-3']")).to_have_value(str(tricks[3]))
        record = form.get_by_role("button", name="Record the tricks")
        changed(page, lambda record=record: taps.tap(record))
        expected = expected.apply(entry)
        done, scrolled = taps.deal()
        assert done <= 2 * 4 + 1 and scrolled == 0, (number, done, scrolled)
        if number == 1:
            page.screenshot(path=str(artifacts / "wist-taps-hand-2-360.png"))
    totals = page.locator("table.grid tfoot tr").first.locator("td")
    expect(totals).to_have_text([str(t) for t in expected.totals])
    assert problems == []
    context.close()
