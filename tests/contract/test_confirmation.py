"""The opponents confirm (#21), over every registered variant: a complete hand waits for another player's tap
on their own phone, is locked once confirmed, and is reopened to be corrected."""
from __future__ import annotations

import pytest

from scorekeeper.rules import VARIANTS
from tests.contract.drivers import DRIVERS, NAMES


def post(api, game, path, key, body=None):
    response = api.client.post(f"/api/v1/games/{game['id']}{path}", json=body if body is not None else {},
                               headers=api.headers(key))
    return response.status_code, response.get_json()


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_a_hand_is_confirmed_locked_reopened_and_confirmed_again(api, variant_id):
    variant = VARIANTS[variant_id]
    driver, players = DRIVERS[variant.family], NAMES[:min(variant.players)]
    game = api.game(variant=variant_id, players=players, confirmation=True)
    scorer, view, seats = game["keys"]["scorer"], game["keys"]["view"], game["keys"]["seats"]
    assert game["game"]["confirmation"] == {"on": True, "unconfirmed": [], "confirmed": []}
    first = game["game"]["hands"][0] if game["game"]["hands"] else {"cards": 13, "trump": None}

    played = api.recorded(game["id"], scorer, 1, driver.first_hand(first, len(players)))
    assert played["confirmation"]["unconfirmed"] == [1] and played["version"] == 2
    # The scorer and the table's view cannot confirm; a page drawn before the hand was in is stale.
    status, refused = post(api, game, "/hands/1/confirm", scorer, {"version": 2})
    assert status == 403 and "another player, on their own phone" in refused["error"]["message"]
    assert post(api, game, "/hands/1/confirm", view, {"version": 2})[0] == 403
    status, stale = post(api, game, "/hands/1/confirm", seats[1], {"version": 1})
    assert (status, stale["error"]["code"]) == (409, "stale_hand")

    status, confirmed = post(api, game, "/hands/1/confirm", seats[1], {"version": 2})
    assert status == 200 and confirmed["version"] == 3 and confirmed["confirmation"]["unconfirmed"] == []
    [mark] = confirmed["confirmation"]["confirmed"]
    assert (mark["hand"], mark["by"]) == (1, players[1]) and mark["at"].startswith("20")
    assert confirmed["hands"] == played["hands"]  # a confirmation changes no score
    # A second tap (or another player's) records nothing more.
    assert post(api, game, "/hands/1/confirm", seats[0], {"version": 2}) == (200, confirmed)

    # Locked: neither a correction nor an undo reaches it.
    correction = driver.correction(played["hands"][0], len(players))
    refused = api.hand(game["id"], scorer, 1, correction)
    assert refused.status_code == 409 and refused.get_json()["error"]["code"] == "hand_confirmed"
    assert api.undo(game["id"], scorer).get_json()["error"]["code"] == "hand_confirmed"
    assert api.get(game["id"], scorer).get_json() == confirmed

    # A player reopens it (not the scorer); corrected, it waits for a new confirmation.
    assert post(api, game, "/hands/1/reopen", scorer)[0] == 403
    status, reopened = post(api, game, "/hands/1/reopen", seats[0])
    assert status == 200 and reopened["confirmation"]["unconfirmed"] == [1]
    corrected = api.recorded(game["id"], scorer, 1, correction)
    assert corrected["hands"][0]["scores"] != played["hands"][0]["scores"]
    assert corrected["confirmation"]["unconfirmed"] == [1]
    assert post(api, game, "/hands/1/confirm", seats[1], {"version": 2})[0] == 409  # what it showed changed
    status, again = post(api, game, "/hands/1/confirm", seats[1], {"version": corrected["version"]})
    assert status == 200 and again["confirmation"]["unconfirmed"] == []

    # The sheets mark an unconfirmed hand; the history says who confirmed and reopened.
    history = api.client.get(f"/g/{game['id']}/{scorer}/hands/1/history").get_data(as_text=True)
    assert history.count("confirmed the hand") == 2 and "reopened the hand" in history


def test_bad_confirmations(api):
    game = api.game(confirmation=True)
    scorer, seats = game["keys"]["scorer"], game["keys"]["seats"]
    assert post(api, game, "/hands/1/confirm", seats[1], {"version": 1})[1]["error"]["code"] == "hand_not_complete"
    api.recorded(game["id"], scorer, 1, {"bids": [1, 0, 0, 0], "tricks": [13, 0, 0, 0]})
    for hand in (2, 99, 0, -1):  # not complete, not dealt, none such
        status, refused = post(api, game, f"/hands/{hand}/confirm", seats[1], {"version": 2})
        assert (status, refused["error"]["code"]) == (409, "hand_not_complete")
    for body in ({}, {"version": "2"}, {"version": 2.0}, {"version": 2, "more": 1}):
        assert post(api, game, "/hands/1/confirm", seats[1], body)[0] == 422, body
    status, refused = post(api, game, "/hands/1/reopen", seats[1])
    assert (status, refused["error"]["code"]) == (409, "conflict")  # nothing to reopen
    rotated = api.client.post(f"/api/v1/games/{game['id']}/keys/rotate", json={"role": "seat", "seat": 1},
                              headers=api.headers(scorer))
    assert rotated.status_code == 200
    assert post(api, game, "/hands/1/confirm", seats[1], {"version": 2})[0] == 404  # a revoked key opens nothing
    assert post(api, game, "/hands/1/confirm", rotated.get_json()["key"], {"version": 2})[0] == 200


def test_a_game_without_confirmation(api):
    game = api.game()
    played = api.recorded(game["id"], game["keys"]["scorer"], 1, {"bids": [1, 0, 0, 0], "tricks": [13, 0, 0, 0]})
    assert played["confirmation"] == {"on": False, "unconfirmed": [], "confirmed": []}
    status, refused = post(api, game, "/hands/1/confirm", game["keys"]["seats"][1], {"version": 2})
    assert (status, refused["error"]["code"]) == (409, "conflict")
    assert api.create(confirmation="yes").status_code == 422


def test_a_correction_that_would_rescore_a_confirmed_deal_is_refused(api):
    """Whist-classico: deal 2's 4 points are capped at the 2 that win the game (3 + 2 = 5); corrected to 1 point,
    deal 1 would leave deal 2 its 4. Deal 2 is confirmed, so the correction of deal 1 is refused, naming deal 2."""
    game = api.game(variant="whist-classico", confirmation=True)
    scorer, seat = game["keys"]["scorer"], game["keys"]["seats"][1]
    api.recorded(game["id"], scorer, 1, {"trump": "S", "tricks": [9, 4]})
    played = api.recorded(game["id"], scorer, 2, {"trump": "S", "tricks": [10, 3]})
    assert [hand["scores"] for hand in played["hands"][:2]] == [[3, 0], [2, 0]]
    assert post(api, game, "/hands/2/confirm", seat, {"version": played["version"]})[0] == 200
    refused = api.hand(game["id"], scorer, 1, {"tricks": [7, 6]})
    assert refused.status_code == 409 and refused.get_json()["error"]["message"].startswith("Hand 2 was confirmed")
    assert api.recorded(game["id"], scorer, 1, {"tricks": [9, 4], "trump": "H"})["hands"][1]["scores"] == [2, 0]
