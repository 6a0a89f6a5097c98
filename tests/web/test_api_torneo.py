"""Whist under tournament rules and Cagliari Wist through the JSON API: whole partite for 3, 4 and 5
players in both schemes, and every refusal of the issue (nothing changes when refused)."""
from __future__ import annotations

import pytest

from tests import torneo_support as ref

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena"]

# Final (totals, failed contracts, table points) of the seeded partite, worked out with the
# independent reading of the tournament rules (docs/rules/bid-exactly.md) in tests/torneo_support.py.
FINALS = {
    (3, "ridotto"): ([121, 150, 138], [9, 7, 8], ["2", "9", "5"]),
    (3, "completo"): ([196, 260, 268], [14, 12, 9], ["2", "5", "9"]),
    (4, "ridotto"): ([139, 153, 146, 189], [7, 6, 7, 3], ["1", "6", "3", "10"]),
    (4, "completo"): ([183, 192, 215, 279], [15, 15, 12, 7], ["1", "3", "6", "10"]),
    (5, "ridotto"): ([126, 192, 94, 172, 148], [7, 3, 9, 4, 4], ["2", "11", "1", "7", "4"]),
    (5, "completo"): ([208, 237, 185, 200, 217], [11, 10, 13, 13, 10], ["4", "11", "1", "2", "7"]),
}


def torneo(api, players=4, scheme="ridotto", first_dealer=0, **extra):
    return api.game(variant="whist-torneo", players=NAMES[:players], first_dealer=first_dealer,
                    options={"scheme": scheme}, **extra)


class Refusals:
    """Refused writes to one game: the snapshot is taken before the request, so an undone change shows."""

    def __init__(self, api, game):
        self.api, self.id, self.key = api, game["id"], game["keys"]["scorer"]

    def snapshot(self):
        return self.api.snapshot(self.id, self.key)

    def refused(self, make, status, code, field=None):
        """Call `make()`; it must answer `status` with `code` (and `field`), and leave the game as it was."""
        before = self.snapshot()
        response = make()
        assert response.status_code == status, response.get_json()
        error = response.get_json()["error"]
        assert error["code"] == code
        if field:
            assert error.get("field") == field
        assert self.snapshot() == before
        return error["message"]


@pytest.mark.parametrize("players,scheme", sorted(FINALS))
def test_whole_partita_through_the_api(api, players, scheme):
    hands = ref.make_game(players, scheme, seed=100 * players + len(scheme), first_dealer=players - 1)
    want = ref.expected(hands, players)
    game = torneo(api, players, scheme, first_dealer=players - 1)
    assert game["game"]["options"] == {"scheme": scheme, "direction": "counterclockwise"}
    schedule = game["game"]["schedule"]
    assert [(h["cards"], h["trump"]) for h in schedule] == [
        (cards, "NT" if nt13 else None) for cards, nt13 in ref.schedule(players, scheme)]
    last = ref.play_api(api, game["id"], game["keys"]["scorer"], hands).get_json()
    assert last["status"] == "finished" and last["current_hand"] is None
    for got, hand, exp in zip(last["hands"], hands, want["hands"]):
        assert got["cards"] == hand["cards"]
        assert got["trump"] == (hand["trump"] or "NT")
        assert got["scores"] == exp["scores"], got["number"]
        assert got["totals"] == exp["totals"]
        assert got["result"] == {"failed": exp["failed"]}
        assert got["penalties"] == hand["penalties"]
    totals, failed, table_points = FINALS[players, scheme]
    assert want["totals"] == totals and want["failed_contracts"] == failed  # the reading agrees with itself
    assert last["totals"] == totals
    assert last["failed_contracts"] == failed
    by_seat = {row["seat"]: row for row in last["standings"]}
    assert [by_seat[s]["table_points"] for s in range(players)] == table_points
    assert [row["place"] for row in last["standings"]] == list(range(1, players + 1))
    assert [row["total"] for row in last["standings"]] == sorted(totals, reverse=True)


def test_first_hands_worked_by_hand(api):
    game = torneo(api, 3, first_dealer=0)
    gid, key = game["id"], game["keys"]["scorer"]
    # Hand 1 (3 cards, ♥): Anna bids 1 takes 1 → 14; Bruno 1 takes 2 → 2; Carla 0 takes 0 → 13.
    body = api.hand(gid, key, 1, {"trump": "H", "bids": [1, 1, 0], "tricks": [1, 2, 0]}).get_json()
    assert body["hands"][0]["scores"] == [14, 2, 13]
    assert body["hands"][0]["result"] == {"failed": [False, True, False]}
    # Hand 2 (5 cards, Bruno deals): Anna 2/2 → 15; Bruno 0/0 but an illegal play → 0; Carla 2/3 → 3.
    body = api.hand(gid, key, 2, {"trump": "C", "bids": [2, 0, 2], "tricks": [2, 0, 3], "penalties": [1]}).get_json()
    hand = body["hands"][1]
    assert (hand["dealer"], hand["scores"], hand["totals"]) == (1, [15, 0, 3], [29, 2, 16])
    assert hand["result"] == {"failed": [False, True, True]} and hand["penalties"] == [1]
    assert body["failed_contracts"] == [0, 2, 1]
    assert [(r["player"], r["place"], r["table_points"]) for r in body["standings"]] == [
        ("Anna", 1, "9"), ("Carla", 2, "5"), ("Bruno", 3, "2")]
    # Correcting hand 2 (no penalty after all): Bruno made 0 → 13; everything after is recomputed.
    body = api.hand(gid, key, 2, {"penalties": []}).get_json()
    assert body["hands"][1]["scores"] == [15, 13, 3] and body["totals"] == [29, 15, 16]
    assert body["failed_contracts"] == [0, 1, 1]


def test_three_way_tie_shares_thirteen_thirds(api):
    game = torneo(api, 5, "ridotto", first_dealer=0)
    last = ref.play_api(api, game["id"], game["keys"]["scorer"], ref.three_way_tie()).get_json()
    assert last["totals"] == [280, 234, 234, 234, 14]
    assert last["failed_contracts"] == [0, 0, 0, 0, 14]
    assert [(r["seat"], r["place"], r["table_points"]) for r in last["standings"]] == [
        (0, 1, "11"), (1, 2, "13/3"), (2, 2, "13/3"), (3, 2, "13/3"), (4, 5, "1")]
    assert [h["scores"][1] for h in last["hands"]] == [13] * 5 + [26] * 4 + [13] * 5


def test_made_zero_scores_26_only_at_no_trump_13s(api):
    game = torneo(api, 4, "completo", first_dealer=3)
    gid, key = game["id"], game["keys"]["scorer"]
    for number in range(1, 12):
        cards = game["game"]["schedule"][number - 1]["cards"]
        body = {"bids": [0, 0, 0, 1], "tricks": [0, 0, 0, cards]}
        if number != 11:
            body["trump"] = "D"
        response = api.hand(gid, key, number, body)
        assert response.status_code == 200, response.get_json()
    hands = response.get_json()["hands"]
    assert hands[9]["scores"][:3] == [13, 13, 13]  # 12 cards with a trump
    assert hands[10]["trump"] == "NT" and hands[10]["scores"] == [26, 26, 26, 13]  # 13 cards NT


def test_forbidden_bid_works_as_in_wist(api):
    # 4 players, completo, hand 8 has 10 cards: Anna, Bruno, Carla bid 3, 3, 2 → Dario may not bid 2.
    game = torneo(api, 4, "completo", first_dealer=0)
    gid, key = game["id"], game["keys"]["scorer"]
    for number in range(1, 8):
        cards = game["game"]["schedule"][number - 1]["cards"]
        body = {"trump": "S", "bids": [0, 0, 0, 0], "tricks": [cards, 0, 0, 0]}
        assert api.hand(gid, key, number, body).status_code == 200
    dealer = (0 + 8 - 1) % 4  # Dario deals hand 8
    assert dealer == 3
    for seat, bid in ((0, 3), (1, 3), (2, 2)):
        body = api.bid(gid, key, 8, seat, bid).get_json()
    assert body["hands"][7]["forbidden_bid"] == 2
    checker = Refusals(api, game)
    message = checker.refused(lambda: api.bid(gid, key, 8, 3, 2), 422, "forbidden_bid")
    assert "2" in message
    assert api.bid(gid, key, 8, 3, 1).status_code == 200


def test_trump_missing_where_one_was_turned(api):
    game = torneo(api, 4)
    checker = Refusals(api, game)
    gid, key = game["id"], game["keys"]["scorer"]
    message = checker.refused(lambda: api.hand(gid, key, 1, {"bids": [1, 0, 0, 0], "tricks": [1, 1, 1, 0]}),
                              422, "invalid_input", "trump")
    assert "trump" in message.lower()
    checker.refused(lambda: api.hand(gid, key, 1, {"trump": "NT", "bids": [1, 0, 0, 0], "tricks": [1, 1, 1, 0]}),
                    422, "invalid_input", "trump")
    checker.refused(lambda: api.hand(gid, key, 1, {"trump": "♠", "tricks": [1, 1, 1, 0]}),
                    422, "invalid_input", "trump")


def test_trump_given_where_the_hand_is_no_trump(api):
    game = torneo(api, 3, "ridotto", first_dealer=0)
    gid, key = game["id"], game["keys"]["scorer"]
    for number in range(1, 6):
        cards = game["game"]["schedule"][number - 1]["cards"]
        assert api.hand(gid, key, number, {"trump": "H", "bids": [0, 0, 0], "tricks": [0, 0, cards]}).status_code == 200
    checker = Refusals(api, game)
    message = checker.refused(lambda: api.hand(gid, key, 6, {"trump": "H", "bids": [4, 4, 4], "tricks": [4, 4, 5]}),
                              422, "invalid_input", "trump")
    assert "without trump" in message
    body = api.hand(gid, key, 6, {"bids": [4, 4, 4], "tricks": [4, 4, 5]}).get_json()
    assert body["hands"][5]["trump"] == "NT" and body["hands"][5]["scores"] == [17, 17, 5]


def test_five_players_asking_for_13_cards(api):
    # The options cannot ask for it …
    response = api.create(variant="whist-torneo", players=NAMES, options={"scheme": "ridotto", "cards": 13})
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "invalid_option"
    response = api.create(variant="wist-cagliari", players=NAMES, options={})
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "invalid_players"
    # … and in a capped hand (13 of the scheme, 10 dealt) 13 is refused for bids and tricks, naming the cap.
    game = torneo(api, 5, "ridotto", first_dealer=0)
    gid, key = game["id"], game["keys"]["scorer"]
    assert game["game"]["schedule"][5] == {"number": 6, "name": "", "cards": 10, "trump": "NT", "bidding": "normal"}
    for number in range(1, 6):
        cards = game["game"]["schedule"][number - 1]["cards"]
        body = {"trump": "C", "bids": [0] * 5, "tricks": [cards, 0, 0, 0, 0]}
        assert api.hand(gid, key, number, body).status_code == 200
    checker = Refusals(api, game)
    message = checker.refused(lambda: api.bid(gid, key, 6, 1, 13), 422, "bid_out_of_range", "bid")
    assert "only 10 cards" in message
    message = checker.refused(lambda: api.hand(gid, key, 6, {"bids": [0, 0, 0, 0, 1], "tricks": [13, 0, 0, 0, 0]}),
                              422, "tricks_sum")
    assert "only 10 cards" in message
    checker.refused(lambda: api.hand(gid, key, 6, {"bids": [3, 3, 3, 3, 0], "tricks": [3, 3, 3, 3, 1]}),
                    422, "tricks_sum")


def test_penalty_for_a_seat_that_does_not_exist(api):
    game = torneo(api, 4)
    gid, key = game["id"], game["keys"]["scorer"]
    checker = Refusals(api, game)
    for penalties in ([4], [-1], ["Anna"], [True], 2, [None]):
        body = {"trump": "S", "bids": [1, 0, 0, 0], "tricks": [1, 1, 1, 0], "penalties": penalties}
        checker.refused(lambda body=body: api.hand(gid, key, 1, body), 422, "invalid_input", "penalties")
    body = api.hand(gid, key, 1, {"trump": "S", "bids": [1, 0, 0, 0], "tricks": [1, 1, 1, 0],
                                  "penalties": [3]}).get_json()
    assert body["hands"][0]["scores"] == [14, 1, 1, 0]
    assert body["failed_contracts"] == [0, 1, 1, 1]


def test_penalties_are_for_whist_torneo_only(api):
    game = api.game(variant="wist-cagliari", players=NAMES[:4], first_dealer=0)
    checker = Refusals(api, game)
    checker.refused(lambda: api.hand(game["id"], game["keys"]["scorer"], 1, {
        "bids": [1, 0, 0, 0], "tricks": [1, 4, 4, 4], "penalties": [1]}), 422, "invalid_input", "penalties")


def test_cagliari_through_the_api(api):
    game = api.game(variant="wist-cagliari", players=NAMES[:4], first_dealer=1, options={"double_one": True})
    gid, key = game["id"], game["keys"]["scorer"]
    schedule = game["game"]["schedule"]
    assert len(schedule) == 26 and [h["cards"] for h in schedule][11:15] == [2, 1, 1, 2]
    assert [h["trump"] for h in schedule].count("NT") == 2 and schedule[0]["trump"] == schedule[-1]["trump"] == "NT"
    # Hand 1 (13 NT, Bruno deals): bids 4, 3, 3, 2 (sum 12); tricks 4, 5, 3, 1.
    body = api.hand(gid, key, 1, {"bids": [4, 3, 3, 2], "tricks": [4, 5, 3, 1]}).get_json()
    assert body["hands"][0]["scores"] == [18, -4, 16, -2]
    assert body["hands"][0]["result"] is None and "failed_contracts" not in body
    checker = Refusals(api, game)
    checker.refused(lambda: api.hand(gid, key, 2, {"bids": [3, 3, 3, 2], "tricks": [3, 3, 3, 3]}),
                    422, "invalid_input", "trump")
    checker.refused(lambda: api.hand(gid, key, 2, {"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3], "trump": "H"}),
                    422, "forbidden_bid")
    body = api.hand(gid, key, 2, {"bids": [0, 3, 3, 2], "tricks": [0, 3, 3, 6], "trump": "H"}).get_json()
    assert body["hands"][1]["trump"] == "H" and body["hands"][1]["scores"] == [10, 16, 16, -8]
    assert body["totals"] == [28, 12, 32, -10]
    assert [r["seat"] for r in body["standings"]] == [2, 0, 1, 3]
    assert all(r["table_points"] is None for r in body["standings"])
