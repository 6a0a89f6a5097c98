"""The shape of every body is checked before the rules (issue 17), with the declarations the document is made
from: a bool or a float is not a whole number, an unknown field is refused, a seat is a seat — a 422 naming the
field, in the rules' words, never a 500, and the game unchanged."""
from __future__ import annotations

import pytest

from scorekeeper.families import FAMILIES
from scorekeeper.web.assets.openapi import document
from tests.conftest import PLAYERS4
from tests.module_app import api, app, client  # noqa: F401  (one database per module)


def game(api, variant, players=PLAYERS4, first_dealer=0):
    data = api.game(variant=variant, players=players, first_dealer=first_dealer)
    return data["id"], data["keys"]["scorer"]


def refused(api, gid, key, number, body, field, code="invalid_input"):
    before = api.snapshot(gid, key)
    response = api.hand(gid, key, number, body)
    assert response.status_code == 422, response.get_data(as_text=True)
    error = response.get_json()["error"]
    assert (error["code"], error["field"]) == (code, field), error
    assert api.snapshot(gid, key) == before
    return error["message"]


@pytest.mark.parametrize("odd", [1.0, 0.0, True])
def test_piquet_trick_winners_as_floats_are_refused_not_a_500(api, odd):
    gid, key = game(api, "piquet", ["Anna", "Bruno"])
    message = refused(api, gid, key, 1, {"trick_winners": [odd] + [0] * 11}, "trick_winners")
    assert "not a whole number" in message


@pytest.mark.parametrize("odd", [0.0, 1.0, False])
def test_piquet_pique_as_a_float_is_refused(api, odd):
    gid, key = game(api, "piquet", ["Anna", "Bruno"])
    refused(api, gid, key, 1, {"point": [0, 6], "play_points": [2, 24], "tricks_won": [1, 11], "pique": odd},
            "pique")


@pytest.mark.parametrize("variant, body, field", [
    ("wist", {"tricks": [13.0, 0, 0, 0]}, "tricks"),
    ("whist-torneo", {"penalties": [1.0]}, "penalties"),
    ("whist-classico", {"trump": "S", "tricks": [8, 5.0]}, "tricks"),
    ("whist-classico", {"revokes": [True]}, "revokes"),
    ("whist-classico", {"honours": [1.0, 0]}, "honours"),
    ("solo-whist", {"contract": "solo", "declarer": 1.0, "trump": "H", "tricks": 7}, "declarer"),
    ("solo-whist", {"contract": "proposal", "declarer": 0, "partner": True, "trump": "H", "tricks": 8}, "partner"),
    ("solo-whist", {"contract": "solo", "declarer": 1, "trump": "H", "tricks": 7.0}, "tricks"),
    ("piquet", {"point": [0, 5.0], "trick_winners": [0] * 12}, "point"),
    ("piquet", {"carte_blanche": [0, 1], "trick_winners": [0] * 12}, "carte_blanche"),
])
def test_every_family_refuses_floats_and_bools_where_a_whole_number_goes(api, variant, body, field):
    players = ["Anna", "Bruno"] if variant == "piquet" else PLAYERS4
    gid, key = game(api, variant, players)
    if variant == "wist":
        assert api.recorded(gid, key, 1, {"bids": [0, 0, 0, 0]})
    refused(api, gid, key, 1, body, field)


@pytest.mark.parametrize("variant, players", [("wist", PLAYERS4), ("whist-classico", PLAYERS4),
                                              ("solo-whist", PLAYERS4), ("piquet", ["Anna", "Bruno"])])
def test_an_unknown_field_is_refused_naming_it(api, variant, players):
    gid, key = game(api, variant, players)
    message = refused(api, gid, key, 1, {"colour": "red"}, "colour")
    assert message == "Unknown field: colour."


def test_a_bid_as_a_float_and_the_seat_key_that_may_not_write(api):
    data = api.game(variant="wist", players=PLAYERS4, first_dealer=0)
    gid, keys = data["id"], data["keys"]
    assert api.bid(gid, keys["scorer"], 1, 1, 2.0).get_json()["error"]["code"] == "invalid_input"
    # A key without the right is told so (403) whatever it sends.
    assert api.hand(gid, keys["view"], 1, {"tricks": "x"}).status_code == 403
    assert api.bid(gid, keys["seats"][0], 1, 1, 2.0).status_code == 403


def test_the_refusal_is_in_italian_too(api, client):
    gid, key = game(api, "wist")
    response = client.put(f"/api/v1/games/{gid}/hands/1", json={"colour": 1},
                          headers={"Authorization": f"Bearer {key}", "Accept-Language": "it"})
    assert response.get_json()["error"]["message"] == "Campo sconosciuto: colour."


def test_the_hand_body_of_the_document_has_every_familys_fields():
    """The drift of #17: the Solo Whist and Piquet fields were missing from `PUT …/hands/{n}`."""
    schemas = document()["components"]["schemas"]
    bodies = [schemas[ref["$ref"].rsplit("/", 1)[1]] for ref in schemas["HandBody"]["anyOf"]]
    fields = set().union(*(body["properties"] for body in bodies))
    assert {"contract", "declarer", "partner", "trick_winners", "play_points", "tricks_won", "pique",
            "carte_blanche", "honours", "penalties", "bids"} <= fields
    assert len(bodies) == len(FAMILIES) and all(body["additionalProperties"] is False for body in bodies)
