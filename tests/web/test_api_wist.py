"""Wist through the JSON API (docs/api.md): shapes, the worked games hand by hand, sealed rounds,
edits and undo."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.rules.test_wist import GAME4, GAME5, WORKED_GAMES
from tests.module_app import api, app, client  # noqa: F401  (one database per module)

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
PLAYERS5 = ["Anna", "Bruno", "Carla", "Dario", "Elena"]
DEFAULT_OPTIONS = {"direction": "counterclockwise", "sealed_buio": False, "trump_may_always_cut": False}




def ok(response, status=200):
    assert response.status_code == status, response.get_json()
    return response.get_json()


def without_version(game: dict) -> dict:
    return {k: v for k, v in game.items() if k != "version"}


def quick_hands(api, game_id, key, upto, players=4):
    """Record hands 1..upto-1 with one PUT each: all bid 0 (never the cards), seat 0 takes every trick."""
    cards = 13 if players == 4 else 10
    game = None
    for number in range(1, upto):
        body = {"tricks": [cards] + [0] * (players - 1)}
        if number < 8:
            body["bids"] = [0] * players
        game = ok(api.hand(game_id, key, number, body))
    return game


# --------------------------------------------------------------------------------------------
# Shapes
# --------------------------------------------------------------------------------------------
def test_create_response_shape(api):
    response = api.create(players=PLAYERS, first_dealer=3, options={"direction": "counterclockwise"})
    assert response.status_code == 201
    assert response.headers["Location"].endswith("/api/v1/games/" + response.get_json()["id"])
    data = response.get_json()
    assert list(data)[:6] == ["id", "variant", "version", "keys", "links", "game"]
    assert data["variant"] == "wist"
    assert data["version"] == 1
    assert isinstance(data["id"], str) and data["id"]
    keys = data["keys"]
    assert set(keys) == {"scorer", "view", "seats"}
    assert len(keys["seats"]) == 4
    every_key = [keys["scorer"], keys["view"], *keys["seats"]]
    assert len(set(every_key)) == 6
    assert all(isinstance(k, str) and len(k) >= 22 for k in every_key)  # ≥ 128 random bits
    links = data["links"]
    assert set(links) == {"scorer", "view", "seats"}
    assert len(links["seats"]) == 4
    assert links["scorer"].startswith("http") and keys["scorer"] in links["scorer"]
    assert keys["view"] in links["view"]
    assert all(k in link for k, link in zip(keys["seats"], links["seats"]))
    game = data["game"]
    assert game["id"] == data["id"] and game["variant"] == "wist" and game["version"] == 1
    assert game["options"] == DEFAULT_OPTIONS  # the full effective options
    assert game["status"] == "in_progress"
    assert game["players"] == PLAYERS
    assert game["sides"] is None
    assert game["current_hand"] == 1
    assert game["totals"] == [0, 0, 0, 0]
    assert [h["number"] for h in game["hands"]] == [1]
    hand = game["hands"][0]
    assert {k: hand[k] for k in ("number", "name", "cards", "trump", "dealer", "order", "bids", "forbidden_bid",
                                 "sealed", "tricks", "scores", "totals", "result")} == {
        "number": 1, "name": "Cuori", "cards": 13, "trump": "H", "dealer": 3, "order": [0, 1, 2, 3],
        "bids": [None, None, None, None], "forbidden_bid": None, "sealed": False, "tricks": None,
        "scores": None, "totals": None, "result": None}
    assert [(s["number"], s["name"], s["cards"], s["trump"]) for s in game["schedule"]] == [
        (1, "Cuori", 13, "H"), (2, "Quadri", 13, "D"), (3, "Fiori", 13, "C"), (4, "Picche", 13, "S"),
        (5, "Libera", 13, "NT"), (6, "Buio", 13, "NT"), (7, "Biglietti", 13, "NT"), (8, "Wist", 13, "NT")]
    assert [s["place"] for s in game["standings"]] == [1, 1, 1, 1]
    # The game in the creation answer is the same object as GET shows.
    assert ok(api.get(data["id"], keys["scorer"])) == game


def test_create_with_options_and_five_players(api):
    data = api.game(players=PLAYERS5, first_dealer=4, options={"direction": "clockwise", "sealed_buio": True})
    assert data["game"]["options"] == {"direction": "clockwise", "sealed_buio": True, "trump_may_always_cut": False}
    assert len(data["keys"]["seats"]) == 5
    assert data["game"]["hands"][0]["cards"] == 10
    assert [s["bidding"] for s in data["game"]["schedule"]] == [
        "normal", "normal", "normal", "normal", "normal", "sealed", "sealed", "none"]


def test_first_dealer_is_drawn_when_absent(client):
    seen = set()
    for _ in range(30):
        response = client.post("/api/v1/games", json={"variant": "wist", "players": PLAYERS})
        game = ok(response, 201)["game"]
        assert game["hands"][0]["dealer"] in range(4)
        assert game["first_dealer"] == game["hands"][0]["dealer"]
        seen.add(game["first_dealer"])
    assert len(seen) > 1  # 30 draws all equal: probability 4 × (1/4)^30


def test_get_shape_and_etag(api):
    data = api.game(first_dealer=3)
    response = api.get(data["id"], data["keys"]["view"])
    assert response.status_code == 200
    assert response.headers["ETag"] == '"1"'
    assert response.mimetype == "application/json"
    game = response.get_json()
    for field in ("id", "variant", "options", "version", "status", "players", "sides", "current_hand", "hands",
                  "totals", "standings"):
        assert field in game
    ok(api.bid(data["id"], data["keys"]["scorer"], 1, 0, 4))
    response = api.get(data["id"], data["keys"]["scorer"])
    assert response.headers["ETag"] == '"2"'
    assert response.get_json()["version"] == 2
    # Every key of the game may read it, with the same figures.
    for key in (data["keys"]["view"], *data["keys"]["seats"]):
        assert ok(api.get(data["id"], key)) == response.get_json()


def test_api_md_example(api):
    """Anna Bruno Carla Dario, Dario deals: bids 4, 0, 5 → Dario may not bid 4; tricks 4 1 5 3."""
    data = api.game(players=PLAYERS, first_dealer=3)
    game_id, key = data["id"], data["keys"]["scorer"]
    game = ok(api.bid(game_id, key, 1, 0, 4))
    assert game["hands"][0]["forbidden_bid"] is None
    game = ok(api.bid(game_id, key, 1, 1, 0))
    assert game["hands"][0]["forbidden_bid"] is None
    game = ok(api.bid(game_id, key, 1, 2, 5))
    assert game["hands"][0]["bids"] == [4, 0, 5, None]
    assert game["hands"][0]["forbidden_bid"] == 4
    assert game["hands"][0]["next_bidder"] == 3
    refused = api.bid(game_id, key, 1, 3, 4)
    assert refused.status_code == 422
    assert refused.get_json()["error"]["code"] == "forbidden_bid"
    assert "Dario may not bid 4" in refused.get_json()["error"]["message"]
    ok(api.bid(game_id, key, 1, 3, 3))
    game = ok(api.hand(game_id, key, 1, {"tricks": [4, 1, 5, 3]}))
    hand = game["hands"][0]
    assert {k: hand[k] for k in ("number", "name", "cards", "trump", "dealer", "order", "bids", "forbidden_bid",
                                 "sealed", "tricks", "scores", "totals", "result")} == {
        "number": 1, "name": "Cuori", "cards": 13, "trump": "H", "dealer": 3, "order": [0, 1, 2, 3],
        "bids": [4, 0, 5, 3], "forbidden_bid": 4, "sealed": False, "tricks": [4, 1, 5, 3],
        "scores": [14, -5, 15, 13], "totals": [14, -5, 15, 13], "result": None}
    assert game["totals"] == [14, -5, 15, 13]
    assert game["current_hand"] == 2
    assert game["version"] == 6
    assert game["standings"] == [
        {"seat": 2, "player": "Carla", "place": 1, "total": 15, "table_points": None},
        {"seat": 0, "player": "Anna", "place": 2, "total": 14, "table_points": None},
        {"seat": 3, "player": "Dario", "place": 3, "total": 13, "table_points": None},
        {"seat": 1, "player": "Bruno", "place": 4, "total": -5, "table_points": None},
    ]
    assert [h["number"] for h in game["hands"]] == [1, 2]  # hand 2 is in progress, no future ones


# --------------------------------------------------------------------------------------------
# The worked games of tests/rules/test_wist.py, bid by bid through the API
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("worked", WORKED_GAMES)
def test_worked_game_through_the_api(api, worked):
    data = api.game(players=list(worked.players), first_dealer=worked.first_dealer)
    game_id, key = data["id"], data["keys"]["scorer"]
    version = 1
    for number, hand in enumerate(worked.hands, start=1):
        game = ok(api.get(game_id, key))
        current = game["hands"][number - 1]
        assert game["current_hand"] == number
        assert current["dealer"] == hand.dealer and current["order"][-1] == hand.dealer
        if number < 8:
            for seat in current["order"]:
                if seat == hand.dealer:
                    assert game["hands"][number - 1]["forbidden_bid"] == hand.forbidden
                    if hand.forbidden is not None:
                        refused = api.bid(game_id, key, number, seat, hand.forbidden)
                        assert refused.status_code == 422
                        assert refused.get_json()["error"]["code"] == "forbidden_bid"
                        assert ok(api.get(game_id, key)) == game  # nothing changed
                game = ok(api.bid(game_id, key, number, seat, hand.bids[seat]))
                version += 1
                assert game["version"] == version
            shown = game["hands"][number - 1]["bids"]
            if number == 7:  # Biglietti: sealed until the tricks are in, even for the scorer
                assert shown == [None] * len(worked.players)
                assert game["hands"][6]["bids_in"] == [True] * len(worked.players)
                assert game["hands"][6]["sealed"] is True
            else:
                assert shown == list(hand.bids)
        else:
            assert current["bids"] == [0] * len(worked.players)
        game = ok(api.hand(game_id, key, number, {"tricks": list(hand.tricks)}))
        version += 1
        assert game["version"] == version
        scored = game["hands"][number - 1]
        assert scored["bids"] == list(hand.bids)
        assert scored["tricks"] == list(hand.tricks)
        assert scored["scores"] == list(hand.scores), f"hand {number}"
        assert scored["totals"] == list(hand.totals), f"hand {number}"
        assert scored["sealed"] is False
        assert game["totals"] == list(hand.totals)
        assert game["status"] == ("finished" if number == 8 else "in_progress")
    final = ok(api.get(game_id, data["keys"]["view"]))
    assert final["status"] == "finished"
    assert final["current_hand"] is None
    assert final["totals"] == list(worked.hands[-1].totals)
    assert [h["scores"] for h in final["hands"]] == [list(h.scores) for h in worked.hands]
    assert [h["totals"] for h in final["hands"]] == [list(h.totals) for h in worked.hands]
    assert final["standings"] == [
        {"seat": seat, "player": worked.players[seat], "place": place, "total": total, "table_points": None}
        for seat, place, total in worked.standings]


def test_five_player_game_ends_with_a_shared_second_place(api):
    data = api.game(players=list(GAME5.players), first_dealer=GAME5.first_dealer)
    game = None
    for number, hand in enumerate(GAME5.hands, start=1):
        body = {"tricks": list(hand.tricks), **({"bids": list(hand.bids)} if number < 8 else {})}
        game = ok(api.hand(data["id"], data["keys"]["scorer"], number, body))
    assert [(s["player"], s["place"]) for s in game["standings"]] == [
        ("Elena", 1), ("Anna", 2), ("Dario", 2), ("Bruno", 4), ("Carla", 5)]


# --------------------------------------------------------------------------------------------
# Sealed rounds
# --------------------------------------------------------------------------------------------
def sealed_table(api, options=None, number=7):
    data = api.game(players=PLAYERS, first_dealer=0, options=options)
    quick_hands(api, data["id"], data["keys"]["scorer"], number)
    return data


def test_biglietti_bids_are_sealed_for_everyone_until_the_tricks(api):
    data = sealed_table(api)
    game_id, scorer, view, seats = data["id"], data["keys"]["scorer"], data["keys"]["view"], data["keys"]["seats"]
    # Hand 7: Carla deals; the order is Dario, Anna, Bruno, Carla. 4 + 2 + 4 + 3 = 13 = the cards.
    game = ok(api.bid(game_id, scorer, 7, 3, 3))
    hand = game["hands"][6]
    assert (hand["name"], hand["sealed"], hand["bids"], hand["bids_in"]) == (
        "Biglietti", True, [None, None, None, None], [False, False, False, True])
    assert hand["forbidden_bid"] is None and hand["next_bidder"] is None
    game = ok(api.bid(game_id, seats[0], 7, 0, 4))  # Anna from her own phone
    assert game["hands"][6]["bids"] == [4, None, None, None]  # she sees only her own
    ok(api.bid(game_id, scorer, 7, 1, 2))
    game = ok(api.bid(game_id, scorer, 7, 2, 4))  # the total is 13: allowed in Biglietti
    for key in (scorer, view):
        hand = ok(api.get(game_id, key))["hands"][6]
        assert hand["bids"] == [None, None, None, None]
        assert hand["bids_in"] == [True, True, True, True]
        assert hand["forbidden_bid"] is None
    for seat, key in enumerate(seats):
        shown = ok(api.get(game_id, key))["hands"][6]["bids"]
        assert shown == [[4, 2, 4, 3][s] if s == seat else None for s in range(4)]
    # The answer to the scorer's own write does not show the bids either.
    assert game["hands"][6]["bids"] == [None, None, None, None]
    # A refused write carrying the game (412) does not leak them.
    stale = api.bid(game_id, scorer, 7, 2, 4, **{"If-Match": "1"})
    assert stale.status_code == 412
    assert stale.get_json()["error"]["game"]["hands"][6]["bids"] == [None, None, None, None]
    # Nor does the CSV (the hand is not scored yet).
    csv = api.client.get(f"/api/v1/games/{game_id}/export.csv", headers=api.headers(scorer)).get_data(as_text=True)
    assert ",7,Biglietti," not in csv
    # Once the tricks are in, every bid is visible to every key.
    game = ok(api.hand(game_id, scorer, 7, {"tricks": [4, 3, 4, 2]}))
    for key in (scorer, view, *seats):
        hand = ok(api.get(game_id, key))["hands"][6]
        assert hand["sealed"] is False
        assert hand["bids"] == [4, 2, 4, 3]
        assert hand["scores"] == [14, 3, 14, 2]


def test_seat_key_bids_its_own_sealed_bid(api):
    data = sealed_table(api)
    game_id, seats = data["id"], data["keys"]["seats"]
    for seat, bid in enumerate([3, 3, 3]):
        game = ok(api.bid(game_id, seats[seat], 7, seat, bid))
        assert game["hands"][6]["bids"] == [bid if s == seat else None for s in range(4)]
        assert game["hands"][6]["bids_in"] == [s <= seat for s in range(4)]
    # The seat may change its mind while others are still writing their slips.
    game = ok(api.bid(game_id, seats[1], 7, 1, 0))
    assert game["hands"][6]["bids"] == [None, 0, None, None]
    game = ok(api.bid(game_id, seats[3], 7, 3, 4))
    assert game["hands"][6]["bids_in"] == [True] * 4
    # Every slip is in: frozen until the tricks (the forbidden bid does not apply: 3 + 0 + 3 + 4 ≠ 13 anyway).
    refused = api.bid(game_id, seats[1], 7, 1, 2)
    assert refused.status_code == 409 and refused.get_json()["error"]["code"] == "bidding_closed"
    game = ok(api.hand(game_id, data["keys"]["scorer"], 7, {"tricks": [3, 1, 3, 6]}))
    assert game["hands"][6]["bids"] == [3, 0, 3, 4]
    assert game["hands"][6]["scores"] == [13, -5, 13, 6]


def test_sealed_buio_option(api):
    data = sealed_table(api, options={"sealed_buio": True}, number=6)
    game_id, scorer = data["id"], data["keys"]["scorer"]
    # Hand 6: Bruno deals; Carla 3, Dario 3, Anna 3, Bruno 4 = 13: no forbidden bid when sealed.
    for seat, bid in ((2, 3), (3, 3), (0, 3)):
        game = ok(api.bid(game_id, scorer, 6, seat, bid))
    hand = game["hands"][5]
    assert (hand["name"], hand["sealed"], hand["forbidden_bid"], hand["bids"]) == ("Buio", True, None, [None] * 4)
    game = ok(api.bid(game_id, scorer, 6, 1, 4))
    assert game["hands"][5]["bids_in"] == [True] * 4
    game = ok(api.hand(game_id, scorer, 6, {"tricks": [3, 4, 3, 3]}))
    assert game["hands"][5]["bids"] == [3, 4, 3, 3]
    assert game["hands"][5]["scores"] == [13, 14, 13, 13]


def test_buio_without_the_option_is_open_and_keeps_the_forbidden_bid(api):
    data = sealed_table(api, number=6)
    game_id, scorer = data["id"], data["keys"]["scorer"]
    for seat, bid in ((2, 3), (3, 3), (0, 3)):
        game = ok(api.bid(game_id, scorer, 6, seat, bid))
    hand = game["hands"][5]
    assert (hand["name"], hand["sealed"], hand["forbidden_bid"], hand["bids"]) == ("Buio", False, 4, [3, None, 3, 3])
    assert "bids_in" not in hand or hand["bids_in"] == [True, False, True, True]
    refused = api.bid(game_id, scorer, 6, 1, 4)
    assert (refused.status_code, refused.get_json()["error"]["code"]) == (422, "forbidden_bid")


# --------------------------------------------------------------------------------------------
# Edits and undo
# --------------------------------------------------------------------------------------------
def test_edit_an_earlier_hand_recomputes_everything_after_it_and_undo_restores(api):
    data = api.game(players=list(GAME4.players), first_dealer=GAME4.first_dealer)
    game_id, key = data["id"], data["keys"]["scorer"]
    for number, hand in enumerate(GAME4.hands[:4], start=1):
        ok(api.hand(game_id, key, number, {"bids": list(hand.bids), "tricks": list(hand.tricks)}))
    before = ok(api.get(game_id, key))
    assert before["totals"] == [15, 47, 59, 37]
    # Hand 1 again: Bruno made his 3 (13 instead of 4), Carla took 5 (5 instead of 14).
    edited = ok(api.hand(game_id, key, 1, {"tricks": [3, 3, 5, 2]}))
    assert edited["hands"][0]["scores"] == [13, 13, 5, 12]
    assert [h["totals"] for h in edited["hands"][:4]] == [
        [13, 13, 5, 12], [16, 28, 30, 27], [11, 44, 46, 52], [15, 56, 50, 37]]
    assert edited["version"] == before["version"] + 1
    # An edit that would break the forbidden bid of that hand is refused.
    refused = api.hand(game_id, key, 2, {"bids": [4, 4, 0, 5]})
    assert (refused.status_code, refused.get_json()["error"]["code"]) == (422, "forbidden_bid")
    undone = ok(api.undo(game_id, key))
    assert undone["version"] == before["version"] + 2
    assert without_version(undone) == without_version(before)
    assert undone == ok(api.get(game_id, key))


def test_undo_steps_back_one_change_at_a_time(api):
    data = api.game(players=PLAYERS, first_dealer=3)
    game_id, key = data["id"], data["keys"]["scorer"]
    states = [ok(api.get(game_id, key))]
    for seat, bid in ((0, 4), (1, 0), (2, 5), (3, 3)):
        states.append(ok(api.bid(game_id, key, 1, seat, bid)))
    states.append(ok(api.hand(game_id, key, 1, {"tricks": [4, 1, 5, 3]})))
    for expected in reversed(states[:-1]):
        assert without_version(ok(api.undo(game_id, key))) == without_version(expected)
    assert ok(api.get(game_id, key))["version"] == 1 + 5 + 5


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.sampled_from([4, 5]), played=st.integers(1, 5))
def test_edit_then_undo_restores_the_same_game(api, data, players, played):
    names = PLAYERS if players == 4 else PLAYERS5
    cards = 13 if players == 4 else 10
    created = api.game(players=names, first_dealer=data.draw(st.integers(0, players - 1)))
    game_id, key = created["id"], created["keys"]["scorer"]
    order = [(created["game"]["first_dealer"] + 1 + i) % players for i in range(players)]
    for number in range(1, played + 1):
        # Bids drawn in order, the dealer from the legal ones; the hand is entered in one PUT.
        bids = [0] * players
        for seat in order[:-1]:
            bids[seat] = data.draw(st.integers(0, cards))
        others = sum(bids)
        bids[order[-1]] = data.draw(st.sampled_from([b for b in range(cards + 1) if others + b != cards]))
        cuts = sorted(data.draw(st.lists(st.integers(0, cards), min_size=players - 1, max_size=players - 1)))
        bounds = [0, *cuts, cards]
        tricks = [bounds[i + 1] - bounds[i] for i in range(players)]
        game = ok(api.hand(game_id, key, number, {"bids": bids, "tricks": tricks}))
        assert game["hands"][number - 1]["dealer"] == order[-1]
        order = order[1:] + order[:1]
    before = ok(api.get(game_id, key))
    number = data.draw(st.integers(1, played), label="edited hand")
    if data.draw(st.booleans(), label="edit a bid"):
        seat = data.draw(st.integers(0, players - 1), label="seat")
        bids = before["hands"][number - 1]["bids"]
        others = sum(bids) - bids[seat]
        bid = data.draw(st.sampled_from([b for b in range(cards + 1) if others + b != cards]), label="new bid")
        edited = ok(api.bid(game_id, key, number, seat, bid))
        assert edited["hands"][number - 1]["bids"][seat] == bid
    else:
        tricks = data.draw(st.permutations(before["hands"][number - 1]["tricks"]), label="new tricks")
        edited = ok(api.hand(game_id, key, number, {"tricks": list(tricks)}))
        assert edited["hands"][number - 1]["tricks"] == list(tricks)
    assert edited["version"] == before["version"] + 1
    for hand in edited["hands"][:played]:
        assert hand["totals"] == [sum(h["scores"][s] for h in edited["hands"][: hand["number"]])
                                  for s in range(players)]
    undone = ok(api.undo(game_id, key))
    assert undone["version"] == before["version"] + 2
    assert without_version(undone) == without_version(before)
