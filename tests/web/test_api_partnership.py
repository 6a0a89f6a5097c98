"""Partnership whist through the API (docs/api.md "Partnership whist"): result fields, rubber, refusals."""
from __future__ import annotations

import pytest

from tests.module_app import api, app, client  # noqa: F401  (one database per module)

PLAYERS = ["Alessandra", "Bartolomeo", "Costanza", "Domenico"]
# The rubber of tests/browser/test_partnership.py: (body, points, game_score, game_won_by, totals).
RUBBER = [
    ({"trump": "S", "tricks": [9, 4]}, [3, 0], [3, 0], None, [3, 0]),
    ({"trump": "H", "tricks": [7, 6], "honours": [0, 4]}, [1, 3], [4, 3], None, [4, 3]),
    ({"trump": "D", "tricks": [8, 5]}, [1, 0], [0, 0], 0, [5, 3]),
    ({"trump": "C", "tricks": [0, 13]}, [0, 5], [0, 0], 1, [5, 8]),
    ({"trump": "S", "tricks": [10, 3], "honours": [3, 1]}, [5, 0], [0, 0], 0, [10, 8]),
]


def new(api, variant="whist-classico", options=None, first_dealer=0):
    data = api.game(variant=variant, players=PLAYERS, first_dealer=first_dealer, options=options)
    return data["id"], data["keys"]["scorer"], data["game"]


def test_a_new_game_has_sides_and_default_options(api):
    _, _, game = new(api)
    assert game["sides"] == [[0, 2], [1, 3]] and game["totals"] == [0, 0]
    assert game["options"] == {"target": 5, "honours": True, "laws": False}
    assert game["rubber"] == {"games": [], "winner": None, "points": None}
    assert game["side_names"] == ["Alessandra & Costanza", "Bartolomeo & Domenico"]
    _, _, dummy = new(api, "whist-morto")
    assert dummy["options"] == {} and dummy["deals"] == 4 and "rubber" not in dummy


def test_a_whole_rubber_through_the_api(api):
    game_id, key, _ = new(api)
    for number, (body, points, game_score, won, totals) in enumerate(RUBBER, start=1):
        game = api.recorded(game_id, key, number, body)
        hand = game["hands"][number - 1]
        assert hand["result"]["points"] == points and hand["scores"] == points
        assert hand["result"]["game_score"] == game_score and hand["result"]["game_won_by"] == won
        assert hand["totals"] == totals and game["totals"] == totals
    assert game["status"] == "finished" and game["current_hand"] is None
    assert [h["result"]["game_value"] for h in game["hands"]] == [None, None, 1, 3, 3]
    assert game["rubber"] == {"games": [{"winner": 0, "value": 1}, {"winner": 1, "value": 3},
                                        {"winner": 0, "value": 3}], "winner": 0, "points": [3, 0]}
    assert [(s["seat"], s["side"], s["place"], s["total"]) for s in game["standings"]] == [
        (0, 0, 1, 10), (2, 0, 1, 10), (1, 1, 2, 8), (3, 1, 2, 8)]
    # What ranks them, beside the deal points' `total`: the games won and the rubber points.
    assert [(s["games_won"], s["rubber_points"]) for s in game["standings"]] == [(2, 3), (2, 3), (1, 0), (1, 0)]
    # The CSV: one row per side per deal, its detail in words.
    csv = api.client.get(f"/api/v1/games/{game_id}/export.csv", headers=api.headers(key)).get_data(as_text=True)
    lines = [line.split(",", 1)[1].split(',"[')[0] for line in csv.split("\r\n")[1:-1]]  # the API's columns but the id
    assert lines == [
        'whist-classico,1,,13,S,Alessandra,0,Alessandra & Costanza,,9,3,3,"9 tricks, 3 points"',
        'whist-classico,1,,13,S,Alessandra,1,Bartolomeo & Domenico,,4,0,0,"4 tricks, 0 points"',
        'whist-classico,2,,13,H,Bartolomeo,0,Alessandra & Costanza,,7,1,4,"7 tricks, 1 point"',
        'whist-classico,2,,13,H,Bartolomeo,1,Bartolomeo & Domenico,,6,3,3,"6 tricks, 3 points, honours 3"',
        'whist-classico,3,,13,D,Costanza,0,Alessandra & Costanza,,8,1,5,"8 tricks, 1 point, game won (1)"',
        'whist-classico,3,,13,D,Costanza,1,Bartolomeo & Domenico,,5,0,3,"5 tricks, 0 points"',
        'whist-classico,4,,13,C,Domenico,0,Alessandra & Costanza,,0,0,5,"0 tricks, 0 points"',
        'whist-classico,4,,13,C,Domenico,1,Bartolomeo & Domenico,,13,5,8,"13 tricks, 5 points, game won (3)"',
        'whist-classico,5,,13,S,Alessandra,0,Alessandra & Costanza,,10,5,10,'
        '"10 tricks, 5 points, honours 1, game won (3)"',
        'whist-classico,5,,13,S,Alessandra,1,Bartolomeo & Domenico,,3,0,8,"3 tricks, 0 points"']


def test_revoke_and_remarks(api):
    game_id, key, _ = new(api)
    api.recorded(game_id, key, 1, {"trump": "S", "tricks": [9, 4]})  # 3–0
    # A&C make a remark (3 → 2); B&D revoke: 2 of their 4 tricks go to A&C (11–2): 5 trick points, capped at 3.
    game = api.recorded(game_id, key, 2, {"trump": "H", "tricks": [9, 4], "revokes": [1], "remarks": [1, 0]})
    result = game["hands"][1]["result"]
    assert result["tricks"] == [11, 2] and result["remark_points"] == [-1, 0]
    assert result["points"] == [2, 0] and result["game_won_by"] == 0 and result["game_value"] == 3


def test_the_laws_preset(api):
    game_id, key, game = new(api, options={"laws": True})
    assert game["options"]["laws"] is True
    # Honours 4 score 4 under the Laws.
    game = api.recorded(game_id, key, 1, {"trump": "S", "tricks": [6, 7], "honours": [4, 0]})
    assert game["hands"][0]["result"]["points"] == [4, 1]
    refused = api.hand(game_id, key, 2, {"trump": "S", "tricks": [7, 6], "remarks": [1, 0]})
    assert refused.status_code == 422 and refused.get_json()["error"]["field"] == "remarks"


def test_a_dummy_match_and_its_draw(api):
    game_id, key, _ = new(api, "whist-morto", first_dealer=2)
    for number, (trump, tricks) in enumerate((("NT", [8, 5]), ("H", [4, 9]), ("S", [7, 6]), ("D", [6, 7])), 1):
        game = api.recorded(game_id, key, number, {"trump": trump, "tricks": tricks})
    assert [h["scores"] for h in game["hands"]] == [[3, 0], [0, 5], [1, 0], [0, 1]]
    assert [h["dealer"] for h in game["hands"]] == [2, 3, 0, 1]
    assert game["hands"][0]["declarer"] == 2 and game["hands"][0]["dummy"] == 0
    assert game["totals"] == [4, 6] and game["status"] == "finished"
    assert [s["place"] for s in game["standings"]] == [1, 1, 2, 2] and game["standings"][0]["side"] == 1
    assert "games_won" not in game["standings"][0] and "rubber_points" not in game["standings"][0]  # no rubber
    game = api.recorded(game_id, key, 2, {"tricks": [5, 8]})  # corrected: 3 to B&D → 4 all, a draw
    assert game["totals"] == [4, 4] and [s["place"] for s in game["standings"]] == [1, 1, 1, 1]


class Refused:
    def __init__(self, api):
        self.api = api
        self.id, self.key, _ = new(api)
        api.recorded(self.id, self.key, 1, {"trump": "S", "tricks": [9, 4]})

    def check(self, number, body, status, code, field):
        before = self.api.snapshot(self.id, self.key) if hasattr(self.api, "snapshot") else self._snapshot()
        response = self.api.hand(self.id, self.key, number, body)
        assert response.status_code == status, response.get_json()
        error = response.get_json()["error"]
        assert error["code"] == code and error.get("field") == field and len(error["message"]) > 15
        after = self.api.snapshot(self.id, self.key) if hasattr(self.api, "snapshot") else self._snapshot()
        assert after == before

    def _snapshot(self):
        response = self.api.get(self.id, self.key)
        return response.get_json(), response.headers["ETag"]


@pytest.mark.parametrize("number, body, status, code, field", [
    (2, {"trump": "S", "tricks": [14, -1]}, 422, "tricks_sum", "tricks"),
    (2, {"trump": "S", "tricks": [7, 7]}, 422, "tricks_sum", "tricks"),
    (2, {"trump": "S", "tricks": [13]}, 422, "invalid_input", "tricks"),
    (2, {"trump": "S", "tricks": ["7", 6]}, 422, "invalid_input", "tricks"),
    (2, {"trump": "S", "tricks": [7, 6], "honours": [4, 3]}, 422, "invalid_input", "honours"),
    (2, {"trump": "S", "tricks": [7, 6], "revokes": [2]}, 422, "invalid_input", "revokes"),
    (2, {"trump": "NT", "tricks": [7, 6]}, 422, "invalid_input", "trump"),
    (2, {"tricks": [7, 6]}, 422, "invalid_input", "trump"),
    (2, {"trump": "S", "tricks": [7, 6], "bids": [1, 2, 3, 4]}, 422, "invalid_input", "bids"),
    (3, {"trump": "S", "tricks": [7, 6]}, 409, "hand_not_current", "hand"),
])
def test_bad_deals_are_refused_and_change_nothing(api, number, body, status, code, field):
    Refused(api).check(number, body, status, code, field)


def test_a_deal_after_the_rubber_and_a_bid_are_refused(api):
    game_id, key, _ = new(api)
    for number, (body, *_) in enumerate(RUBBER, start=1):
        api.recorded(game_id, key, number, body)
    before = api.get(game_id, key).get_json()
    response = api.hand(game_id, key, 6, {"trump": "S", "tricks": [7, 6]})
    assert response.status_code == 409 and "rubber is over" in response.get_json()["error"]["message"]
    response = api.bid(game_id, key, 5, 0, 3)
    assert response.status_code == 422 and "no bidding" in response.get_json()["error"]["message"]
    response = api.client.post(f"/api/v1/games/{game_id}/end", headers=api.headers(key))
    assert response.status_code == 409
    assert api.get(game_id, key).get_json() == before


@pytest.mark.parametrize("options, field_text", [
    ({"target": 6}, "target"), ({"target": "7"}, "target"), ({"honours": "yes"}, "honours"),
    ({"laws": 1}, "laws"), ({"stake": "0.10"}, "stake"),
])
def test_options_of_the_wrong_kind_are_refused(api, options, field_text):
    response = api.create(variant="whist-classico", players=PLAYERS, options=options)
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "invalid_option" and field_text in error["message"]


def test_the_new_game_form_takes_the_target_and_the_presets(client):
    response = client.post("/new", data={"variant": "whist-classico", "player": PLAYERS, "first_dealer": "1",
                                         "option-target": "7", "option-laws": "on"})
    assert response.status_code == 303
    sheet = client.get(response.headers["Location"])
    assert "first to 7" in sheet.get_data(as_text=True)
    form = client.get("/new?variant=whist-classico").get_data(as_text=True)
    assert 'name="option-target"' in form and 'name="option-honours" checked' in form.replace("  ", " ")
