"""A tournament created with `confirmation` (#21) passes it to every partita, however the table starts it, and
its organiser may reopen a confirmed hand."""
from __future__ import annotations

from scorekeeper.service import games
from scorekeeper.web.gate.per_request import get_db

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]


def tournament(client, confirmation: bool) -> dict:
    made = client.post("/api/v1/tournaments", json={"confirmation": confirmation})
    assert made.status_code == 201
    return made.get_json()


def test_every_partita_asks_for_confirmation_when_the_tournament_does(client, api):
    for confirmation in (True, False):
        made = tournament(client, confirmation)
        headers = api.headers(made["keys"]["organiser"])
        added = client.post(f"/api/v1/tournaments/{made['id']}/games", json={"players": PLAYERS}, headers=headers)
        assert added.status_code == 201 and added.get_json()["game"]["confirmation"]["on"] is confirmation
        made = tournament(client, confirmation)  # a club evening: its tables start their partite
        headers = api.headers(made["keys"]["organiser"])
        roster = client.put(f"/api/v1/tournaments/{made['id']}/roster",
                            json={"players": [*PLAYERS, "Elena", "Fabio", "Gina", "Ugo"], "rounds": 1},
                            headers=headers)
        assert roster.status_code == 200, roster.get_json()
        started = client.post(f"/api/v1/tournaments/{made['id']}/seating/start", json={"round": 1, "table": "A"},
                              headers=headers)
        assert started.status_code in (200, 201), started.get_json()
        assert started.get_json()["game"]["confirmation"]["on"] is confirmation


def test_the_organiser_reopens_a_confirmed_hand(app, api):
    game = api.game(variant="whist-torneo", confirmation=True)
    scorer, seat = game["keys"]["scorer"], game["keys"]["seats"][2]
    cards = game["game"]["hands"][0]["cards"]
    api.recorded(game["id"], scorer, 1, {"trump": "S", "bids": [1, 0, 0, 0], "tricks": [cards, 0, 0, 0]})
    confirmed = api.client.post(f"/api/v1/games/{game['id']}/hands/1/confirm", json={"version": 2},
                                headers=api.headers(seat))
    assert confirmed.status_code == 200
    with app.test_request_context():
        reopened = games.reopen(get_db(), game["id"], 1, by="organiser")
        assert reopened.version == 4
    read = api.get(game["id"], scorer).get_json()
    assert read["confirmation"] == {"on": True, "unconfirmed": [1], "confirmed": []}
    history = api.client.get(f"/g/{game['id']}/{scorer}/hands/1/history").get_data(as_text=True)
    assert "organiser" in history and "reopened the hand" in history


def test_the_organisers_page_reopens_a_hand_of_its_own_partite_only(client, api):
    made = tournament(client, True)
    organiser, join = made["keys"]["organiser"], made["keys"]["join"]
    added = client.post(f"/api/v1/tournaments/{made['id']}/games", json={"players": PLAYERS},
                        headers=api.headers(organiser)).get_json()
    cards = added["game"]["hands"][0]["cards"]
    played = api.recorded(added["id"], added["keys"]["scorer"], 1,
                          {"trump": "S", "bids": [1, 0, 0, 0], "tricks": [cards, 0, 0, 0]})
    assert client.post(f"/api/v1/games/{added['id']}/hands/1/confirm", json={"version": played["version"]},
                       headers=api.headers(added["keys"]["seats"][1])).status_code == 200
    page = client.get(f"/t/{made['id']}/{organiser}").get_data(as_text=True)
    assert "Reopen hand 1</button>" in page and "still to confirm" not in page  # its button on the table's card
    other = api.game(confirmation=True)
    url = f"/t/{made['id']}/{{key}}/games/{{game}}/hands/1/reopen"
    assert client.post(url.format(key=join, game=added["id"])).status_code == 404  # not the organiser
    assert client.post(url.format(key=organiser, game=other["id"])).status_code == 404  # not its partita
    reopened = client.post(url.format(key=organiser, game=added["id"]))
    assert reopened.status_code == 303 and reopened.headers["Location"].endswith(f"/t/{made['id']}/{organiser}")
    assert api.get(added["id"], added["keys"]["scorer"]).get_json()["confirmation"]["unconfirmed"] == [1]
    page = client.get(f"/t/{made['id']}/{organiser}").get_data(as_text=True)
    assert "Hand 1 is still to confirm" in page and "Reopen hand 1</button>" not in page
    tv = client.get(f"/t/{made['id']}/{made['keys']['view']}").get_data(as_text=True)
    assert "1 hand to confirm" in tv
    assert client.post(url.format(key=organiser, game=added["id"])).status_code == 409  # nothing to reopen now
