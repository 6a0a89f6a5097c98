"""Clubs through the JSON API (#37): the club of the issue (nine long names), a Wist game and a Piquet partie rated as
openskill's Plackett–Luce rates them, a club evening matched by name, a player's page, the roster's privacy, the
CSV files over the API and the ladder's card; every refusal answered in words and leaving the club as it was."""
from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from scorekeeper.rules.ratings import shown
from scorekeeper.service import clubs
from scorekeeper.store import db as store
from scorekeeper.web.club import club_card
from tests.evenings import play_tournament
from tests.web.test_creations import PIQUET_DEAL

ROSTER = ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda", "Fiorenzo", "Gianmarco", "Ilaria",
          "Leonardo"]
CLUBS = "/api/v1/clubs"


class Organiser:
    """A club made through the API, its nine players on the roster (numbers 1–9)."""

    def __init__(self, client, name="Circolo del Whist"):
        self.client = client
        response = client.post(CLUBS, json={"name": name})
        assert response.status_code == 201, response.get_json()
        self.created = response.get_json()
        self.id, self.keys = self.created["id"], dict(self.created["keys"])
        for name in ROSTER:
            assert self.call("POST", "/players", json={"name": name}).status_code == 201

    def headers(self, key: str | None = None) -> dict:
        return {"Authorization": f"Bearer {key or self.keys['organiser']}"}

    def call(self, method: str, path: str = "", key: str | None = None, **kwargs):
        return self.client.open(f"{CLUBS}/{self.id}{path}", method=method, headers=self.headers(key), **kwargs)

    def read(self, key: str | None = None) -> dict:
        response = self.call("GET", key=key)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def refused(self, response, status: int, code: str) -> str:
        """The refusal's message, the club unchanged by it."""
        assert response.status_code == status, response.get_json()
        assert response.get_json()["error"]["code"] == code
        return response.get_json()["error"]["message"]


@pytest.fixture
def club(client):
    return Organiser(client)


def wist(api, players) -> tuple[dict, list[int]]:
    """A whole Wist game of four (eight hands), and each seat's place as the game ranks them."""
    game = api.game(players=players, first_dealer=0)
    for number in range(1, 9):
        bids = [0, 0, 0, 0] if number == 8 else [3, 3, 3, 3]
        assert api.hand(game["id"], game["keys"]["scorer"], number,
                        {"bids": bids, "tricks": [13, 0, 0, 0]}).status_code == 200
    standings = api.get(game["id"], game["keys"]["view"]).get_json()["standings"]
    places = {s["seat"]: s["place"] for s in standings}
    return game, [places[seat] for seat in range(len(players))]


def piquet(api, players) -> tuple[dict, list[int]]:
    game = api.game(variant="piquet", players=players, first_dealer=1)
    for number in range(1, 7):
        assert api.hand(game["id"], game["keys"]["scorer"], number, PIQUET_DEAL).status_code == 200
    standings = api.get(game["id"], game["keys"]["view"]).get_json()["standings"]
    places = {s["seat"]: s["place"] for s in standings}
    return game, [places[seat] for seat in range(len(players))]


def openskill(places: list[int]) -> list[int]:
    """Each seat's shown rating after one game from scratch, by openskill's Plackett–Luce called directly."""
    model = PlackettLuce()
    rated = model.rate([[model.rating()] for _ in places], ranks=places)
    return [shown(team[0].mu, team[0].sigma) for team in rated]


def test_create_read_and_the_roster(client, club):
    created = club.created
    assert set(created["keys"]) == {"organiser", "view"} and all(len(k) >= 32 for k in created["keys"].values())
    assert created["links"] == {role: f"http://localhost/c/{club.id}/{key}" for role, key in club.keys.items()}
    assert created["club"] == {"id": club.id, "name": "Circolo del Whist", "created_at": created["club"]["created_at"],
                               "roster": [], "families": [], "ladder": {}, "day": None, "season": None,
                               "seasons": []}
    read = club.read(club.keys["view"])
    assert [(m["number"], m["name"]) for m in read["roster"]] == sorted(enumerate(ROSTER, 1), key=lambda m: m[1])
    added = club.call("POST", "/players", json={"name": "Zeno", "nickname": "il Conte"})
    assert added.status_code == 201
    assert added.get_json() == {"number": 10, "name": "Zeno", "nickname": "il Conte", "hidden": False,
                                "removed": False}
    message = club.refused(club.call("POST", "/players", json={"name": "  ermenegìlda "}), 409, "same_name")
    assert message == ("“ermenegìlda” is already on the roster as “Ermenegilda”: names that differ only in capitals or "
                       "accents are one player.")
    assert club.refused(club.call("PATCH", "/players/10", json={"name": "ILÀRIA"}), 409, "same_name")
    assert club.refused(club.call("POST", "/players", json={"name": ""}), 422,
                        "invalid_players") == "Every player needs a name."
    assert club.refused(club.call("POST", "/players", json={"name": "Zeno2", "age": 3}), 422,
                        "invalid_input") == "Unknown field: age."
    assert "not the name" not in club.refused(club.call("POST", "/players", key=club.keys["view"],
                                                        json={"name": "Ugo"}), 403, "forbidden")
    assert len(club.read()["roster"]) == 10
    renamed = club.call("PATCH", "/players/10", json={"name": "Zeno Zanchi", "nickname": ""})
    assert renamed.get_json()["name"] == "Zeno Zanchi" and renamed.get_json()["nickname"] == ""
    assert club.refused(club.call("PATCH", "/players/99", json={}), 404, "not_found")
    assert club.refused(client.post(CLUBS, json={"name": "x" * 61}), 422, "invalid_input")


def test_a_wist_game_and_a_piquet_partie_rate_as_openskill_does(api, club):
    players = ["Alessandra", "Bartolomeo", "Costanza", "Domenico"]
    game, places = wist(api, players)
    body = {"game": game["id"], "key": game["keys"]["scorer"], "players": [1, 2, 3, 4]}
    assert club.refused(club.call("POST", "/games", key=club.keys["view"], json=body), 403, "forbidden")
    assert "matched to two seats" in club.refused(club.call("POST", "/games", json={**body, "players": [1, 2, 2, 4]}),
                                                  422, "invalid_input")
    assert club.refused(club.call("POST", "/games", json={**body, "players": [1, 2, 3, "Domenico"]}), 422,
                        "invalid_input") == ("“Domenico” is not matched to anyone on the roster: pick who they are, "
                                             "or add them as a new player.")
    assert club.refused(club.call("POST", "/games", json={**body, "players": [1, 2, 3]}), 422,
                        "invalid_input") == "Match each of the game's 4 players to the roster."
    assert club.refused(club.call("POST", "/games", json={**body, "key": game["keys"]["view"]}), 403, "forbidden")
    assert club.refused(club.call("POST", "/games", json={**body, "key": "nope"}), 404, "not_found")
    assert club.read()["ladder"] == {}
    added = club.call("POST", "/games", json=body)
    assert added.status_code == 201, added.get_json()
    assert club.refused(club.call("POST", "/games", json=body), 409, "already_in_club")
    expected = openskill(places)
    ladder = added.get_json()["ladder"]["predictions"]
    assert sorted((r["player"], r["rating"], r["games"], r["provisional"], r["moved"]) for r in ladder) == [
        (seat + 1, expected[seat], 1, True, expected[seat] - shown(25, 25 / 3)) for seat in range(4)]
    assert [r["place"] for r in ladder] == [1, 2, 2, 2] and places == [1, 2, 2, 2]
    partie, duel = piquet(api, ["Ilaria", "Leo"])
    added = club.call("POST", "/games", json={"game": partie["id"], "key": partie["keys"]["scorer"],
                                              "players": [8, "new"]})
    assert added.status_code == 201
    read = added.get_json()
    assert read["families"] == ["predictions", "piquet"] and read["seasons"] == [read["day"][:4]]
    assert {m["number"]: m["name"] for m in read["roster"]}[10] == "Leo"  # "new": a roster player of their name
    assert sorted((r["player"], r["rating"]) for r in read["ladder"]["piquet"]) == [(8, openskill(duel)[0]),
                                                                                  (10, openskill(duel)[1])]
    removed = club.call("DELETE", f"/games/{game['id']}")
    assert removed.status_code == 200 and removed.get_json()["families"] == ["piquet"]
    assert club.refused(club.call("DELETE", f"/games/{game['id']}"), 404, "not_found")


def test_an_evening_joins_matched_by_name(client, club):
    evening, _ = play_tournament(client, "Ottobre", [["alessandra", "Bartolomeo", "Costanza", "Zeno"]], seed=1)
    body = {"tournament": evening["id"], "key": evening["keys"]["organiser"]}
    assert club.refused(club.call("POST", "/evenings", json={**body, "players": {"Alessandra": 1, "Bartolomeo": 2,
                                                                                  "Costanza": 3}}), 422,
                        "invalid_input") == "Match “Zeno” of the evening to the roster, or add them as new."
    assert club.refused(club.call("POST", "/evenings", json={**body, "players": {
        "Alessandra": 1, "Bartolomeo": 2, "Costanza": 3, "Zeno": "new", "Ugo": 4}}), 422,
        "invalid_input") == "Nobody called “Ugo” played at this evening."
    assert club.refused(club.call("POST", "/evenings", json={**body, "key": evening["keys"]["view"], "players": {}}),
                        403, "forbidden")
    matched = {"ALESSANDRA": 1, "Bartolomeo": 2, "Còstanza": 3, "Zeno": "new"}  # as typed, or not
    added = club.call("POST", "/evenings", json={**body, "players": matched})
    assert added.status_code == 201, added.get_json()
    assert sorted(r["player"] for r in added.get_json()["ladder"]["predictions"]) == [1, 2, 3, 10]
    assert club.refused(club.call("POST", "/evenings", json={**body, "players": matched}), 409, "already_in_club")
    removed = club.call("DELETE", f"/evenings/{evening['id']}")
    assert removed.status_code == 200 and removed.get_json()["ladder"] == {}


def test_a_players_page_and_privacy(api, club):
    game, places = wist(api, ["Alessandra", "Bartolomeo", "Costanza", "Domenico"])
    club.call("POST", "/games", json={"game": game["id"], "key": game["keys"]["scorer"], "players": [1, 2, 3, 4]})
    link = club.call("POST", "/players/2/link", json={})
    assert link.status_code == 200 and link.get_json()["link"] == f"http://localhost/c/{club.id}/{link.get_json()['key']}"
    own = link.get_json()["key"]
    assert club.call("POST", "/players/2/link").get_json()["key"] == own  # the one there is
    page = club.call("GET", "/players/2", key=own).get_json()
    rating = page["ratings"]["predictions"]
    assert (rating["rating"], rating["games"], rating["provisional"]) == (openskill(places)[1], 1, True)
    assert [(s["game"], s["before"], s["after"]) for s in rating["history"]] == [
        (game["id"], shown(25, 25 / 3), openskill(places)[1])]
    assert [(m["player"], m["name"], m["games"], m["ahead"], m["level"], m["behind"]) for m in page["meetings"]] == [
        (1, "Alessandra", 1, 0, 0, 1), (3, "Costanza", 1, 0, 1, 0), (4, "Domenico", 1, 0, 1, 0)]
    assert page["games"] == [{"id": game["id"], "evening": None, "family": "predictions", "finished": True,
                              "ended_at": rating["history"][0]["ended_at"], "players": [1, 2, 3, 4], "place": 2}]
    assert club.refused(club.call("GET", "/players/3", key=own), 404, "not_found")
    assert "your own page" in club.refused(club.call("GET", key=own), 403, "forbidden")
    assert club.refused(club.call("PATCH", "/players/2", key=own, json={"name": "Bart"}), 403, "forbidden")
    assert club.refused(club.call("PATCH", "/players/3", key=own, json={"hidden": True}), 403, "forbidden")
    assert club.refused(club.call("PATCH", "/players/3", key=club.keys["view"], json={"hidden": True}), 403,
                        "forbidden")
    hidden = club.call("PATCH", "/players/2", key=own, json={"hidden": True})
    assert hidden.status_code == 200 and hidden.get_json()["hidden"] is True
    assert sorted(r["player"] for r in club.read()["ladder"]["predictions"]) == [1, 3, 4]
    gone = club.call("DELETE", "/players/3")
    assert gone.get_json() == {"number": 3, "name": None, "nickname": "", "hidden": True, "removed": True}
    assert sorted(r["player"] for r in club.read()["ladder"]["predictions"]) == [1, 4]
    assert [m["name"] for m in club.call("GET", "/players/2", key=own).get_json()["meetings"]] == [
        "Alessandra", "Domenico", None]
    new = club.call("POST", "/players/2/link", json={"new": True}).get_json()["key"]
    assert club.refused(club.call("GET", "/players/2", key=own), 404, "not_found")  # replaced
    assert club.call("GET", "/players/2", key=new).status_code == 200


def test_links_replaced_and_strangers(client, club):
    other = Organiser(client, "Circolo della Briscola")
    assert club.refused(club.call("GET", key=other.keys["organiser"]), 404, "not_found")
    assert club.refused(client.get(f"{CLUBS}/{club.id}"), 404, "not_found")
    assert club.refused(club.call("POST", "/keys/rotate", key=club.keys["view"], json={"role": "view"}), 403,
                        "forbidden")
    assert club.refused(club.call("POST", "/keys/rotate", json={"role": "scorer"}), 422, "invalid_input")
    rotated = club.call("POST", "/keys/rotate", json={"role": "view"})
    assert rotated.status_code == 200
    answer = rotated.get_json()
    assert answer["role"] == "view" and answer["keys"] == {"organiser": club.keys["organiser"], "view": answer["key"]}
    assert club.refused(club.call("GET", key=club.keys["view"]), 404, "not_found")
    assert club.refused(club.call("GET", "/roster.csv", key=club.keys["view"]), 404, "not_found")
    assert club.read(answer["key"])["name"] == "Circolo del Whist"


def test_the_files_over_the_api(api, club):
    game, places = wist(api, ["Alessandra", "Bartolomeo", "Costanza", "Domenico"])
    club.call("POST", "/games", json={"game": game["id"], "key": game["keys"]["scorer"], "players": [1, 2, 3, 4]})
    for name in ("roster", "ratings", "games"):
        response = club.call("GET", f"/{name}.csv", key=club.keys["view"])
        assert response.status_code == 200 and response.mimetype == "text/csv"
        assert response.headers["Content-Disposition"] == f'attachment; filename="club-{club.id}-{name}.csv"'
    ratings = club.call("GET", "/ratings.csv").get_data(as_text=True).splitlines()
    assert ratings[0] == "family,place,number,name,rating,provisional,games,mu,sigma"
    assert [line.split(",")[:7] for line in ratings[1:]] == [
        ["predictions", "1", "1", "Alessandra", str(openskill(places)[0]), "true", "1"],
        *[["predictions", "2", str(n), name, str(openskill(places)[n - 1]), "true", "1"]
          for n, name in ((2, "Bartolomeo"), (3, "Costanza"), (4, "Domenico"))]]
    own = club.call("POST", "/players/1/link").get_json()["key"]
    assert club.refused(club.call("GET", "/games.csv", key=own), 403, "forbidden")


def test_the_ladders_card(api, client, club):
    assert client.get(f"/c/{club.id}/{club.keys['view']}/ladder.png").status_code == 409
    game, places = wist(api, ["Alessandra", "Bartolomeo", "Costanza", "Domenico"])
    club.call("POST", "/games", json={"game": game["id"], "key": game["keys"]["scorer"], "players": [1, 2, 3, 4]})
    address = f"/c/{club.id}/{club.keys['view']}/ladder.png?family=predictions"
    first = client.get(address)
    assert first.status_code == 200 and first.mimetype == "image/png" and first.data[:8] == b"\x89PNG\r\n\x1a\n"
    assert first.headers["Content-Disposition"] == 'inline; filename="circolo-del-whist-ladder.png"'
    again = client.get(address, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    club.call("PATCH", "/players/1", json={"hidden": True})
    changed = client.get(address, headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and changed.headers["ETag"] != first.headers["ETag"]
    own = club.call("POST", "/players/2/link").get_json()["key"]
    assert client.get(f"/c/{club.id}/{own}/ladder.png").status_code == 403
    assert client.get(f"/c/{club.id}/nope/ladder.png").status_code == 404


def test_the_cards_rows_leave_out_hidden_and_removed_players(app, api, club):
    game, places = wist(api, ["Alessandra", "Bartolomeo", "Costanza", "Domenico"])
    club.call("POST", "/games", json={"game": game["id"], "key": game["keys"]["scorer"], "players": [1, 2, 3, 4]})
    club.call("PATCH", "/players/2", json={"hidden": True})
    club.call("DELETE", "/players/3")
    shown_card = club_card.ladder_card(clubs.ladder(store.connect(app.config["SCOREKEEPER_DATABASE"]), club.id))
    assert [(r.place, r.name, r.figures) for r in shown_card.rows] == [
        (1, "Alessandra", (str(openskill(places)[0]), "1")), (2, "Domenico", (str(openskill(places)[3]), "1"))]


def test_refusals_and_the_card_in_italian(api, client, club):
    italian = {**club.headers(), "Accept-Language": "it"}
    refused = client.post(f"{CLUBS}/{club.id}/players", json={"name": "Ermenegìlda"}, headers=italian)
    assert refused.status_code == 409 and refused.get_json()["error"] == {
        "code": "same_name", "field": "name", "message": "“Ermenegìlda” è già tra i soci come “Ermenegilda”: nomi che "
                                                         "differiscono solo per maiuscole o accenti sono lo stesso "
                                                         "giocatore."}
    own = club.call("POST", "/players/8/link").get_json()["key"]
    assert client.get(f"{CLUBS}/{club.id}", headers={"Authorization": f"Bearer {own}", "Accept-Language": "it"}
                      ).get_json()["error"]["message"] == ("Il tuo link apre la tua pagina; per la classifica e i file "
                                                           "del circolo serve il link del circolo.")
    game, _ = piquet(api, ["Ilaria", "Leonardo"])
    club.call("POST", "/games", json={"game": game["id"], "key": game["keys"]["scorer"], "players": [8, 9]})
    address = f"/c/{club.id}/{club.keys['view']}/ladder.png"
    english, italian_card = client.get(address), client.get(address, headers={"Accept-Language": "it"})
    assert english.headers["ETag"].endswith('-en"') and italian_card.headers["ETag"].endswith('-it"')
    assert english.data != italian_card.data
    csv = client.get(f"/c/{club.id}/{club.keys['view']}/roster.csv", headers={"Accept-Language": "it"})
    assert csv.status_code == 200
    club.call("DELETE", "/players/9")
    lines = client.get(f"/c/{club.id}/{club.keys['view']}/roster.csv", headers={"Accept-Language": "it"}).get_data(
        as_text=True).splitlines()
    assert lines[:3] == ["number,name,nickname,hidden,removed,games,last_played",
                         f"8,Ilaria,,false,false,1,{lines[1].rsplit(',', 1)[1]}", lines[2]]
    assert lines[-1].startswith("9,un ex giocatore,,true,true,1,")
