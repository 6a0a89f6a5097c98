"""Piquet through the API: the worked parties of docs/rules/piquet.md, deal by deal, and bad deals."""
from __future__ import annotations

import pytest

from tests.module_app import api, app, client  # noqa: F401  (one database per module)

PLAYERS = ["Anna", "Bruno"]
# The partie without rubicon (Bruno deals first, so Anna is elder in the odd deals):
# (the deal as sent, declarations, play, cards bonus, repique, pique, scores, totals)
PARTIE = [
    ({"point": [5, 0], "sequences": [0, 7], "sets": [17, 0], "trick_winners": [0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0]},
     [22, 7], [12, 7], [10, 0], None, None, [44, 14], [44, 14]),
    ({"point": [0, 6], "sequences": [0, 15], "sets": [0, 14], "trick_winners": [1, 1, 1, 1, 0, 0, 1, 1, 0, 1, 1, 0]},
     [0, 35], [7, 11], [0, 10], 1, None, [7, 116], [51, 130]),
    ({"point": [5, 0], "sequences": [7, 0], "sets": [17, 0], "trick_winners": [0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 1, 0]},
     [29, 0], [12, 7], [10, 0], None, 0, [81, 7], [132, 137]),
    ({"point": [0, 5], "sequences": [4, 0], "sets": [0, 3], "trick_winners": [1] * 12},
     [4, 8], [0, 13], [0, 40], None, None, [4, 61], [136, 198]),
    ({"point": [4, 0], "sequences": [0, 3], "sets": [3, 0], "play_points": [9, 8], "tricks_won": [6, 6]},
     [7, 3], [9, 8], [0, 0], None, None, [16, 11], [152, 209]),
    ({"carte_blanche": [True, False], "point": [0, 6], "sequences": [0, 16], "sets": [0, 14],
      "trick_winners": [1, 1, 1, 0, 0, 1, 1, 1, 0, 1, 1, 1]},
     [10, 36], [5, 12], [0, 10], None, None, [15, 58], [167, 267]),
]
# The rubiconed partie, the play as totals: (deal, scores, totals).
RUBICON = [
    ({"point": [5, 0], "sequences": [0, 3], "play_points": [10, 7], "tricks_won": [7, 5]}, [25, 10], [25, 10]),
    ({"point": [0, 4], "sequences": [0, 4], "sets": [3, 0], "play_points": [6, 9], "tricks_won": [5, 7]},
     [9, 27], [34, 37]),
    ({"point": [0, 5], "sequences": [4, 0], "sets": [0, 14], "play_points": [8, 8], "tricks_won": [6, 6]},
     [12, 27], [46, 64]),
    ({"point": [6, 0], "sets": [0, 3], "play_points": [6, 10], "tricks_won": [4, 8]}, [12, 23], [58, 87]),
    ({"point": [0, 5], "sequences": [0, 15], "sets": [3, 0], "play_points": [9, 8], "tricks_won": [6, 6]},
     [12, 28], [70, 115]),
    ({"point": [0, 4], "sequences": [3, 0], "play_points": [8, 8], "tricks_won": [6, 6]}, [11, 12], [81, 127]),
]


def new(api, **options):
    data = api.game(variant="piquet", players=PLAYERS, first_dealer=1, options=options or None)
    return data["id"], data["keys"]["scorer"], data["game"]


def test_the_worked_partie_deal_by_deal(api):
    game_id, key, game = new(api)
    assert game["options"] == {"point_count": "cards", "tie": "playoff"} and game["deals"] == 6
    for number, (body, declared, play, bonus, repique, pique, scores, totals) in enumerate(PARTIE, start=1):
        game = api.recorded(game_id, key, number, body)
        hand = game["hands"][number - 1]
        elder = (number + 1) % 2  # Bruno deals first: Anna is elder in the odd deals
        assert hand["elder"] == elder and hand["dealer"] == 1 - elder
        assert hand["result"]["declarations"] == declared and hand["result"]["play"] == play
        assert hand["result"]["cards_bonus"] == bonus
        assert (hand["result"]["repique"], hand["result"]["pique"]) == (repique, pique)
        assert hand["scores"] == scores and hand["totals"] == totals
        if "trick_winners" in body:  # 13 + the tricks won on the opponent's lead
            winners = body["trick_winners"]
            leaders = [elder] + winners[:-1]
            assert sum(play) == 13 + sum(w != lead for w, lead in zip(winners, leaders))
    assert game["status"] == "finished" and game["partie"] == {"winner": 1, "value": 200, "rubicon": False,
                                                               "draw": False}
    csv = api.client.get(f"/api/v1/games/{game_id}/export.csv", headers=api.headers(key)).get_data(as_text=True)
    lines = [line.split(",", 1)[1].split(',"[')[0] for line in csv.split("\r\n")[1:-1]]  # the API's columns but the id
    assert lines[0] == 'piquet,1,,12,,Bruno,0,Anna,,8,44,44,"point 5, sets 17, play 12, 8 tricks, cards 10"'
    assert lines[3] == ('piquet,2,,12,,Anna,1,Bruno,,8,116,130,'
                        '"point 6, sequences 15, sets 14, play 11, 8 tricks, cards 10, repique 60"')
    assert lines[4] == ('piquet,3,,12,,Bruno,0,Anna,,8,81,132,'
                        '"point 5, sequences 7, sets 17, play 12, 8 tricks, cards 10, pique 30"')
    assert lines[7] == 'piquet,4,,12,,Anna,1,Bruno,,12,61,198,"point 5, sets 3, play 13, 12 tricks, capot 40"'
    assert api.hand(game_id, key, 7, PARTIE[0][0]).status_code == 409  # a seventh deal without a tie


def test_a_rubiconed_partie(api):
    game_id, key, _ = new(api)
    for number, (body, scores, totals) in enumerate(RUBICON, start=1):
        game = api.recorded(game_id, key, number, body)
        assert game["hands"][number - 1]["scores"] == scores and game["totals"] == totals
    assert game["partie"] == {"winner": 1, "value": 100 + 81 + 127, "rubicon": True, "draw": False}


@pytest.mark.parametrize("tie, deals, status", [("playoff", 8, "in_progress"), ("draw", 6, "finished")])
def test_a_tie_after_six_deals(api, tie, deals, status):
    game_id, key, _ = new(api, tie=tie)
    even = {"point": [0, 0], "play_points": [7, 7], "tricks_won": [6, 6]}  # 6 tricks each: 7 play points each
    for number in range(1, 7):
        game = api.recorded(game_id, key, number, even)
    assert game["totals"][0] == game["totals"][1] and game["deals"] == deals and game["status"] == status
    if tie == "draw":
        assert game["partie"] == {"winner": None, "value": None, "rubicon": False, "draw": True}
    else:
        game = api.recorded(game_id, key, 7, {**even, "point": [5, 0]})
        game = api.recorded(game_id, key, 8, even)
        assert game["status"] == "finished" and game["partie"]["winner"] == 0
        assert game["totals"] == [61, 56] and game["partie"]["rubicon"] is True  # Anna 5 ahead, Bruno under 100
        assert game["partie"]["value"] == 100 + 61 + 56  # rubicon: 100 + both totals (on the eight deals)


@pytest.mark.parametrize("body, code, field", [
    ({"point": [5, 4], "trick_winners": [0] * 12}, "invalid_input", "point"),
    ({"trick_winners": [0] * 13}, "tricks_sum", "trick_winners"),
    ({"trick_winners": [0] * 11 + [2]}, "invalid_input", "trick_winners"),
    ({"sequences": [5, 0], "trick_winners": [0] * 12}, "invalid_input", "sequences"),
    ({"sets": [13, 0], "trick_winners": [0] * 12}, "invalid_input", "sets"),
    ({"trick_winners": [0] * 12, "play_points": [13, 0], "tricks_won": [12, 0]}, "invalid_input", None),
    # Declarations each possible alone but not together (the two deals): one hand, or one pack.
    ({"point": [8, 0], "sequences": [18, 0], "sets": [42, 0], "trick_winners": [0] * 12}, "invalid_input", "sets"),
    ({"carte_blanche": [True, True], "trick_winners": [0] * 12}, "invalid_input", "carte_blanche"),
    ({"point": [0, 8], "sets": [14, 0], "trick_winners": [0] * 12}, "invalid_input", "sets"),
])
def test_bad_deals_are_refused_and_change_nothing(api, body, code, field):
    game_id, key, _ = new(api)
    api.recorded(game_id, key, 1, PARTIE[0][0])
    before = api.get(game_id, key).get_json()
    response = api.hand(game_id, key, 2, body)
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    assert error["code"] == code and (field is None or error.get("field") == field) and len(error["message"]) > 15
    assert api.get(game_id, key).get_json() == before


def test_a_declaration_with_a_part_sunk_is_scored_as_called(api):
    """#34: Bruno holds ♠ 7 8 9 10 J Q and ♥ 7 8 9 (a sixième and a tierce, 19) and calls a point of 4 of his six
    spades: accepted, and scored as called (the rules page's example)."""
    game_id, key, _ = new(api)
    game = api.recorded(game_id, key, 1, {"point": [0, 4], "sequences": [0, 19], "trick_winners": [0] * 6 + [1] * 6})
    deal = game["hands"][0]
    assert deal["result"]["declarations"] == [0, 23] and deal["result"]["play"] == [7, 7]
    assert deal["scores"] == [7, 30] and game["totals"] == [7, 30]


# The deals (#17): what each answers, in the player's words and language.
IMPOSSIBLE = [
    ({"point": [8, 0], "sequences": [18, 0], "sets": [42, 0]}, "sets", "en",
     "Anna cannot hold point 8, sequences worth 18 and sets worth 42 (quatorze + quatorze + quatorze): that takes "
     "at least 17 cards, and a hand has 12."),
    ({"carte_blanche": [True, True]}, "carte_blanche", "en",
     "Both players cannot hold a carte blanche: only 20 cards are not kings, queens or jacks."),
    ({"point": [8, 0], "sequences": [18, 0], "sets": [42, 0]}, "sets", "it",
     "Anna non può avere punto 8, sequenze per 18 e combinazioni per 42 (quatorze + quatorze + quatorze): servono "
     "almeno 17 carte, e una mano ne ha 12."),
    ({"carte_blanche": [True, True]}, "carte_blanche", "it",
     "I due giocatori non possono avere entrambi carte blanche: solo 20 carte non sono re, donne o fanti."),
    ({"carte_blanche": [True, False], "sets": [28, 0], "sequences": [0, 16]}, "sets", "it",
     "Un solo mazzo di 32 carte non può dare entrambe le mani: Anna con carte blanche e combinazioni per 28 "
     "(quatorze + quatorze), Bruno con sequenze per 16."),
]


@pytest.mark.parametrize("declarations, field, language, text", IMPOSSIBLE)
def test_declarations_no_pack_deals_are_refused(api, declarations, field, language, text):
    game_id, key, _ = new(api)
    before = api.snapshot(game_id, key)
    response = api.hand(game_id, key, 1, {**declarations, "trick_winners": [0] * 12}, **{"Accept-Language": language})
    assert response.status_code == 422
    assert response.get_json()["error"] == {"code": "invalid_input", "field": field, "message": text}
    assert api.snapshot(game_id, key) == before
