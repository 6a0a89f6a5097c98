"""Tournaments through the JSON API: create, add partite (new or existing games), standings, CSV."""
from __future__ import annotations

import pytest

from tests import torneo_support as ref
from tests.conftest import count_rows

FIVE = ["Anna", "Bruno", "Carla", "Dario", "Elena"]
FOUR = ["Fabio", "Gina", "Ugo", "Vera"]


class Organiser:
    def __init__(self, client, name="Torneo del circolo", scheme=None):
        self.client = client
        body = {"name": name} if scheme is None else {"name": name, "scheme": scheme}
        response = client.post("/api/v1/tournaments", json=body)
        assert response.status_code == 201, response.get_json()
        self.created = response.get_json()
        self.id = self.created["id"]
        self.keys = self.created["keys"]

    def headers(self, role="organiser", key=None):
        return {"Authorization": f"Bearer {key or self.keys[role]}"}

    def get(self, role="organiser", **headers):
        return self.client.get(f"/api/v1/tournaments/{self.id}", headers={**self.headers(role), **headers})

    def add(self, role="organiser", **body):
        return self.client.post(f"/api/v1/tournaments/{self.id}/games", json=body, headers=self.headers(role))

    def snapshot(self):
        response = self.get()
        assert response.status_code == 200
        return response.get_json(), response.headers["ETag"]

    def refused(self, make, status, code):
        """Call `make()`; it must answer `status` with `code`, and leave the tournament as it was."""
        before = self.snapshot()
        response = make()
        assert response.status_code == status, response.get_json()
        assert response.get_json()["error"]["code"] == code
        assert len(response.get_json()["error"]["message"]) > 10
        assert self.snapshot() == before
        return response.get_json()["error"]["message"]


@pytest.fixture
def organiser(client):
    return Organiser(client)



def test_create(client, organiser):
    created = organiser.created
    assert set(created["keys"]) == {"organiser", "view", "join"}
    assert len(set(created["keys"].values())) == 3
    assert all(len(key) >= 32 for key in created["keys"].values())  # 192 random bits, URL-safe
    assert created["links"]["organiser"] == f"http://localhost/t/{organiser.id}/{organiser.keys['organiser']}"
    assert created["links"]["standings"].endswith(f"/t/{organiser.id}/{organiser.keys['view']}/standings")
    assert created["tournament"] == {**created["tournament"], "id": organiser.id, "name": "Torneo del circolo",
                                     "scheme": "ridotto", "games": [], "standings": []}


def test_create_defaults_and_bad_input(client):
    response = client.post("/api/v1/tournaments", json={})
    assert response.status_code == 201 and response.get_json()["tournament"]["name"] == "Tournament"
    assert response.headers["Location"] == f"/api/v1/tournaments/{response.get_json()['id']}"
    cases = [({"scheme": "lungo"}, 422, "invalid_option"), ({"name": "x" * 61}, 422, "invalid_input"),
             ({"name": "   "}, 422, "invalid_input"), ({"name": 7}, 422, "invalid_input"),
             ([1, 2], 400, "malformed")]
    for body, status, code in cases:
        response = client.post("/api/v1/tournaments", json=body)
        assert response.status_code == status and response.get_json()["error"]["code"] == code, body


def test_add_a_new_partita(organiser, api):
    response = organiser.add(players=FIVE, first_dealer=2, table="A", round=1)
    assert response.status_code == 201
    body = response.get_json()
    assert response.headers["Location"] == f"/api/v1/games/{body['id']}"
    assert (body["table"], body["round"], body["variant"], body["version"]) == ("A", 1, "whist-torneo", 1)
    assert set(body["keys"]) == {"scorer", "view", "seats"} and len(body["keys"]["seats"]) == 5
    assert body["links"]["scorer"] == f"http://localhost/g/{body['id']}/{body['keys']['scorer']}"
    assert body["game"]["options"]["scheme"] == "ridotto" and body["game"]["first_dealer"] == 2
    # the game works with its own keys, like any game
    assert api.get(body["id"], body["keys"]["scorer"]).get_json()["players"] == FIVE
    [partita] = body["tournament"]["games"]
    assert partita == {**partita, "id": body["id"], "table": "A", "round": 1, "players": FIVE,
                       "status": "in_progress", "counted": False, "current_hand": 1, "hands_played": 0,
                       "hands_total": 14, "totals": [0] * 5, "failed_contracts": [0] * 5}
    assert set(partita["links"]) == {"scorer", "view"}


def test_tables_are_numbered_and_rounds_follow_the_latest(organiser):
    first = organiser.add(players=FOUR).get_json()
    second = organiser.add(players=FIVE, options={"scheme": "completo"}).get_json()
    assert (first["table"], first["round"], second["table"], second["round"]) == ("1", 1, "2", 1)
    assert second["game"]["options"]["scheme"] == "completo"  # a partita may use another schedule
    third = organiser.add(players=FOUR, round=2).get_json()
    fourth = organiser.add(players=FIVE).get_json()
    assert (third["table"], third["round"], fourth["table"], fourth["round"]) == ("1", 2, "2", 2)
    assert [(g["round"], g["table"]) for g in organiser.get().get_json()["games"]] == [
        (1, "1"), (1, "2"), (2, "1"), (2, "2")]


def test_tournament_scheme_is_the_default_of_its_partite(client):
    organiser = Organiser(client, scheme="completo")
    body = organiser.add(players=FOUR).get_json()
    assert body["game"]["options"]["scheme"] == "completo" and len(body["game"]["schedule"]) == 24


def test_roles_and_unknown(organiser, client):
    assert organiser.get("view").status_code == 200
    assert organiser.get("join").status_code == 200
    organiser.refused(lambda: organiser.add("view", players=FOUR), 403, "forbidden")
    assert organiser.add("join", players=FOUR).status_code == 201  # the QR code's key may start a partita
    other = Organiser(client, "Another")
    for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": f"Bearer {other.keys['organiser']}"},
                    {"Authorization": organiser.keys["organiser"]}):
        response = client.get(f"/api/v1/tournaments/{organiser.id}", headers=headers)
        assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"
        assert "tournament" in response.get_json()["error"]["message"]
    response = client.get("/api/v1/tournaments/unknown", headers=organiser.headers())
    assert response.status_code == 404
    response = client.post(f"/api/v1/tournaments/{organiser.id}/games", json={"players": FOUR},
                           headers=other.headers())
    assert response.status_code == 404


def test_bad_partite_create_nothing(organiser, app):
    before = count_rows(app)
    cases = [
        ({"players": ["Anna", "Bruno"]}, 422, "invalid_players"),
        ({"players": FIVE + ["Fabio"]}, 422, "invalid_players"),
        ({"players": ["Anna", "anna", "Bruno"]}, 422, "invalid_players"),
        ({"players": FIVE, "options": {"scheme": "ridotto", "cards": 13}}, 422, "invalid_option"),
        ({"players": FIVE, "options": {"scheme": "lungo"}}, 422, "invalid_option"),
        ({"players": FIVE, "options": ["completo"]}, 422, "invalid_input"),
        ({"players": FOUR, "first_dealer": 4}, 422, "invalid_input"),
        ({"players": FOUR, "round": 0}, 422, "invalid_input"),
        ({"players": FOUR, "round": "due"}, 422, "invalid_input"),
        ({"players": FOUR, "table": "T" * 21}, 422, "invalid_input"),
        ({"players": FOUR, "table": ["A"]}, 422, "invalid_input"),
        ({}, 422, "invalid_players"),
    ]
    for body, status, code in cases:
        organiser.refused(lambda body=body: organiser.add(**body), status, code)
    assert count_rows(app) == before


def test_a_table_once_per_round(organiser, app):
    assert organiser.add(players=FOUR, table="A", round=1).status_code == 201
    before = count_rows(app)
    message = organiser.refused(lambda: organiser.add(players=FIVE, table="a", round=1), 409, "table_taken")
    assert "round 1" in message
    assert count_rows(app) == before
    assert organiser.add(players=FIVE, table="A", round=2).status_code == 201


def test_attach_an_existing_game(organiser, api, client):
    game = api.game(variant="whist-torneo", players=FOUR, options={"scheme": "completo"})
    response = organiser.add(game_id=game["id"], key=game["keys"]["scorer"], table="Sala 2")
    assert response.status_code == 201
    body = response.get_json()
    assert (body["id"], body["table"], body["round"]) == (game["id"], "Sala 2", 1)
    assert body["keys"]["scorer"] == game["keys"]["scorer"]
    # added twice: to the same tournament, or to another one → 409, nothing changes
    message = organiser.refused(lambda: organiser.add(game_id=game["id"], key=game["keys"]["scorer"]), 409,
                                "already_in_tournament")
    assert "already in this tournament" in message
    other = Organiser(client, "Another")
    other.refused(lambda: other.add(game_id=game["id"], key=game["keys"]["scorer"], table="B"), 409,
                  "already_in_tournament")


def test_attach_needs_the_scorer_key_of_a_whist_torneo_game(organiser, api):
    game = api.game(variant="whist-torneo", players=FOUR)
    organiser.refused(lambda: organiser.add(game_id=game["id"], key=game["keys"]["view"]), 403, "forbidden")
    organiser.refused(lambda: organiser.add(game_id=game["id"], key=game["keys"]["seats"][0]), 403, "forbidden")
    organiser.refused(lambda: organiser.add(game_id=game["id"], key="wrong"), 404, "not_found")
    organiser.refused(lambda: organiser.add(game_id="nope", key=game["keys"]["scorer"]), 404, "not_found")
    organiser.refused(lambda: organiser.add(game_id=game["id"]), 404, "not_found")
    organiser.refused(lambda: organiser.add("view", game_id=game["id"], key=game["keys"]["scorer"]), 403, "forbidden")
    wist = api.game(variant="wist", players=FOUR)
    organiser.refused(lambda: organiser.add(game_id=wist["id"], key=wist["keys"]["scorer"]), 422, "invalid_game")


def test_the_rooms_join_link_never_attaches_an_existing_game(organiser, api, client):
    """The join link is the QR code in the room: a table starts its partita with it, but attaching a game
    that exists (finished, or imported from a forged CSV) would count it at once in the standings: the
    organiser's act alone (#17)."""
    game = api.game(variant="whist-torneo", players=FOUR, options={"scheme": "ridotto"})
    finish(api, {"id": game["id"], "keys": game["keys"]}, ref.make_game(4, "ridotto", seed=17, first_dealer=0))
    message = organiser.refused(lambda: organiser.add("join", game_id=game["id"], key=game["keys"]["scorer"]),
                                403, "forbidden")
    assert "Only the organiser" in message
    assert organiser.get().get_json()["standings"] == []
    # Through the pages too: the join key posting to the organiser's form gets a 404, never the organiser's
    # page with every table's scorer link.
    partita = organiser.add(players=FIVE, table="A").get_json()
    for form in ({"link": f"http://localhost/g/{game['id']}/{game['keys']['scorer']}", "round": "1"},
                 {"players": ""}):
        page = client.post(f"/t/{organiser.id}/{organiser.keys['join']}/games", data=form)
        assert page.status_code == 404
        assert partita["keys"]["scorer"] not in page.get_data(as_text=True)
    assert [row["id"] for row in organiser.get().get_json()["games"]] == [partita["id"]]


def finish(api, added, hands):
    ref.play_api(api, added["id"], added["keys"]["scorer"], hands)


def test_standings_over_finished_partite(organiser, api):
    a = organiser.add(players=FIVE, table="A", round=1, first_dealer=0).get_json()
    b = organiser.add(players=FOUR, table="B", round=1, first_dealer=3).get_json()
    c = organiser.add(players=["Anna", "Bruno", "Carla"], table="A", round=2, first_dealer=0).get_json()
    finish(api, a, ref.three_way_tie())
    finish(api, b, ref.make_game(4, "ridotto", seed=404 + 3, first_dealer=3))
    ref.play_api(api, c["id"], c["keys"]["scorer"], ref.make_game(3, "ridotto", seed=1), stop=3)  # in progress
    body = organiser.get().get_json()
    assert [(g["table"], g["round"], g["status"], g["hands_played"]) for g in body["games"]] == [
        ("A", 1, "finished", 14), ("B", 1, "finished", 14), ("A", 2, "in_progress", 3)]
    assert [r["table_points"] for r in body["games"][0]["standings"]] == ["11", "13/3", "13/3", "13/3", "1"]
    # table B: totals 139, 153, 146, 189 → Vera 10, Gina 6, Ugo 3, Fabio 1
    assert [(s["player"], s["place"], s["table_points"], s["raw_points"], s["partite"]) for s in body["standings"]] == [
        ("Anna", 1, "11", 280, 1), ("Vera", 2, "10", 189, 1), ("Gina", 3, "6", 153, 1),
        ("Bruno", 4, "13/3", 234, 1), ("Carla", 4, "13/3", 234, 1), ("Dario", 4, "13/3", 234, 1),
        ("Ugo", 7, "3", 146, 1), ("Fabio", 8, "1", 139, 1), ("Elena", 9, "1", 14, 1)]


def test_fractions_add_up_exactly_across_rounds(organiser, api):
    a = organiser.add(players=FIVE, table="A", round=1, first_dealer=0).get_json()
    finish(api, a, ref.three_way_tie())
    # Round 2: Bruno, Carla, Dario alone: Carla bids and makes, the others share the rest.
    b = organiser.add(players=["Carla", "Bruno", "Dario"], table="A", round=2, first_dealer=0).get_json()
    hands = ref.make_game(3, "ridotto", seed=3, first_dealer=0)
    finish(api, b, hands)
    want = ref.expected(hands, 3)
    points = dict(zip(["Carla", "Bruno", "Dario"], want["table_points"]))
    standings = {s["player"]: s for s in organiser.get().get_json()["standings"]}
    for name in ("Carla", "Bruno", "Dario"):
        total = points[name] + ref.Fraction(13, 3)
        assert standings[name]["table_points"] == ref.exact(total)
        assert standings[name]["partite"] == 2
    assert sum(ref.Fraction(s["table_points"]) for s in standings.values()) == 11 + 7 + 4 + 2 + 1 + 9 + 5 + 2


def test_csv_of_the_standings(organiser, api, client):
    a = organiser.add(players=["=Anna", "Bruno", "Carla", "Dario", "Elena"], table="A", round=1,
                      first_dealer=0).get_json()
    finish(api, a, ref.three_way_tie())
    response = client.get(f"/api/v1/tournaments/{organiser.id}/standings.csv", headers=organiser.headers("view"))
    assert response.status_code == 200 and response.mimetype == "text/csv"
    t = organiser.id
    assert response.get_data(as_text=True) == (
        "tournament_id,place,player,table_points,table_points_decimal,raw_points,partite\r\n"
        f"{t},1,'=Anna,11,11,280,1\r\n"
        f"{t},2,Bruno,13/3,4.333,234,1\r\n"
        f"{t},2,Carla,13/3,4.333,234,1\r\n"
        f"{t},2,Dario,13/3,4.333,234,1\r\n"
        f"{t},5,Elena,1,1,14,1\r\n")
    assert client.get(f"/api/v1/tournaments/{t}/standings.csv").status_code == 404


def test_etag_and_not_modified(organiser, api):
    first = organiser.get()
    etag = first.headers["ETag"]
    assert organiser.get(**{"If-None-Match": etag}).status_code == 304
    added = organiser.add(players=FOUR).get_json()
    assert organiser.get(**{"If-None-Match": etag}).status_code == 200
    etag = organiser.get().headers["ETag"]
    api.bid(added["id"], added["keys"]["scorer"], 1, 1, 0)  # any change at a table changes the tournament
    assert organiser.get(**{"If-None-Match": etag}).status_code == 200


def test_take_a_partita_out(organiser, api, client):
    added = organiser.add(players=FOUR, table="A").get_json()
    url = f"/api/v1/tournaments/{organiser.id}/games/{added['id']}"
    organiser.refused(lambda: client.delete(url, headers=organiser.headers("view")), 403, "forbidden")
    organiser.refused(lambda: client.delete(url, headers=organiser.headers("join")), 403, "forbidden")
    response = client.delete(url, headers=organiser.headers())
    assert response.status_code == 200 and response.get_json()["games"] == []
    assert client.delete(url, headers=organiser.headers()).status_code == 404
    assert api.get(added["id"], added["keys"]["scorer"]).status_code == 200  # the game itself is kept
    assert organiser.add(game_id=added["id"], key=added["keys"]["scorer"], table="A").status_code == 201


def test_openapi_lists_the_tournament_endpoints(client):
    served = client.get("/api/v1/openapi.json").get_json()
    paths = served["paths"]
    assert "post" in paths["/api/v1/tournaments"]
    assert "post" in paths["/api/v1/tournaments/{tournament_id}/games"]
    assert "get" in paths["/api/v1/tournaments/{tournament_id}"]
    assert "get" in paths["/api/v1/tournaments/{tournament_id}/standings.csv"]

    def resolved(schema):  # the document is generated: its schemas refer to one another
        while "$ref" in schema:
            schema = served["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
        return schema

    tournament = resolved(paths["/api/v1/tournaments/{tournament_id}"]["get"]["responses"]["200"]["content"][
        "application/json"]["schema"])
    standing = resolved(tournament["properties"]["standings"]["items"])["properties"]
    assert standing["table_points"]["type"] == "string"
