"""The club of issue #37, played through the API (the Flask test client, or the live server's over HTTP): nine
players, three club evenings seated by the app and four games at home typed each its own way, and the ratings
computed here, independently, with openskill's Plackett–Luce in the order the games ended (1000 + 40 × (μ − 3σ),
the rules page's number). Not a test module itself."""
from __future__ import annotations

from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from tests.evenings import play_hands
from tests.web.sse import request
from tests.web.test_creations import PIQUET_DEAL

CLUB = ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda", "Fiorenzo", "Gianmarco", "Ilaria",
        "Leonardo"]
EVENINGS = [  # who came, as each evening's organiser typed them
    ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda", "Fiorenzo", "Gianmarco", "Ilaria"],
    ["alessandra", "Bartolomeo", "Costanza", "Domenico", "ermenegilda", "Fiorenzo", "Gianmarco", "Ilaria", "Leonardo"],
    ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Fiorenzo", "Gianmarco", "Ilària", "Leonardo"],
]
MORTO_DEALS = [[9, 4], [7, 6], [3, 10], [8, 5]]  # Whist with dummy: a match of four deals


class Http:
    """The test client's shape (`put`, `post`, `get` → status and JSON) over the live server's API."""

    @dataclass
    class Answer:
        status_code: int
        body: object

        def get_json(self):
            return self.body

    def __init__(self, base: str):
        self.base = base

    def _call(self, method: str, path: str, json: dict | None = None, headers: dict | None = None):
        key = (headers or {}).get("Authorization", " ").split(" ", 1)[1] or None
        return self.Answer(*request(self.base, method, path, key=key, body=json))

    def put(self, path, json=None, headers=None):
        return self._call("PUT", path, json, headers)

    def post(self, path, json=None, headers=None):
        return self._call("POST", path, json, headers)

    def get(self, path, headers=None):
        return self._call("GET", path, None, headers)


@dataclass
class Played:
    """A finished game as the club will see it: its link, players (as typed), family and each seat's place."""

    game_id: str
    scorer: str
    players: list[str]
    family: str
    places: list[int]
    sides: list[list[int]] = field(default_factory=list)


def bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


def finished(http: Http, game: dict, family: str, sides=None) -> Played:
    body = http.get(f"/api/v1/games/{game['id']}", headers=bearer(game["keys"]["view"])).get_json()
    assert body["status"] == "finished", body["status"]
    places = [0] * len(body["players"])
    for row in body["standings"]:
        places[row["seat"]] = row["place"]
    return Played(game["id"], game["keys"]["scorer"], body["players"], family, places, sides or [])


def evening(http: Http, number: int, names: list[str]) -> tuple[dict, list[Played]]:
    """A club evening of one round seated by the app, every table started from the plan and played out, one after
    another: (its creation answer, its partite in the order they ended)."""
    created = http.post("/api/v1/tournaments", json={"name": f"Serata {number}"}).get_json()
    organiser = bearer(created["keys"]["organiser"])
    seated = http.put(f"/api/v1/tournaments/{created['id']}/roster", json={"players": names, "rounds": 1},
                      headers=organiser)
    assert seated.status_code == 200, seated.get_json()
    partite = []
    for index, table in enumerate(seated.get_json()["seating"]["plan"][0]["tables"]):
        started = http.post(f"/api/v1/tournaments/{created['id']}/seating/start",
                            json={"round": 1, "table": table["table"], "first_dealer": 0}, headers=organiser)
        assert started.status_code == 201, started.get_json()
        partita = started.get_json()
        play_hands(http, partita["id"], partita["keys"]["scorer"], partita["game"]["players"], seed=10 * number + index)
        partite.append(finished(http, partita, "predictions"))
    return created, partite


def home_games(http: Http) -> list[Played]:
    """Four games at home, on other phones, each typed its own way: tournament Whist for four, a Piquet partie,
    Whist with dummy, Solo Whist ended after one deal."""
    played = []
    torneo = http.post("/api/v1/games", json={"variant": "whist-torneo", "first_dealer": 0,
                                               "players": ["Alessandra", "costanza", "Fiorenzo", "Ilaria"],
                                               "options": {"scheme": "ridotto"}}).get_json()
    play_hands(http, torneo["id"], torneo["keys"]["scorer"], torneo["game"]["players"], seed=77)
    played.append(finished(http, torneo, "predictions"))
    piquet = http.post("/api/v1/games", json={"variant": "piquet", "players": ["Bartolomeo", "Leo"],
                                               "first_dealer": 1}).get_json()
    for deal in range(1, 7):
        assert http.put(f"/api/v1/games/{piquet['id']}/hands/{deal}", json=PIQUET_DEAL,
                        headers=bearer(piquet["keys"]["scorer"])).status_code == 200
    played.append(finished(http, piquet, "piquet"))
    morto = http.post("/api/v1/games", json={"variant": "whist-morto", "first_dealer": 0, "players": [
        "Ermenegilda", "Gianmarco", "Leonardo", "Domenico"]}).get_json()
    for deal, tricks in enumerate(MORTO_DEALS, start=1):
        assert http.put(f"/api/v1/games/{morto['id']}/hands/{deal}", json={"trump": "S", "tricks": tricks},
                        headers=bearer(morto["keys"]["scorer"])).status_code == 200
    played.append(finished(http, morto, "partnership", sides=[[0, 2], [1, 3]]))
    solo = http.post("/api/v1/games", json={"variant": "solo-whist", "first_dealer": 0, "players": [
        "Alessandra", "Bartolomeo", "Fiorenzo", "Ilaria"]}).get_json()
    assert http.put(f"/api/v1/games/{solo['id']}/hands/1", json={"contract": "solo", "declarer": 1, "trump": "H",
                                                                  "tricks": 7},
                    headers=bearer(solo["keys"]["scorer"])).status_code == 200
    assert http.post(f"/api/v1/games/{solo['id']}/end", headers=bearer(solo["keys"]["scorer"])).status_code == 200
    played.append(finished(http, solo, "solo"))
    return played


def member(name: str) -> str:
    """The roster name a typed name is: case and accents aside, "Leo" is Leonardo (the organiser picks him)."""
    plain = {"ilària": "Ilaria", "leo": "Leonardo"}.get(name.casefold())
    return plain or next(n for n in CLUB if n.casefold() == name.casefold())


def expected(games: list[Played]) -> dict[str, dict[str, int]]:
    """family → roster name → the number shown, computed here with openskill alone, the games in the order ended."""
    model = PlackettLuce()
    ratings: dict[str, dict[str, object]] = {}
    for game in games:
        family = ratings.setdefault(game.family, {})
        teams = game.sides or [[seat] for seat in range(len(game.players))]
        names = [[member(game.players[seat]) for seat in team] for team in teams]
        before = [[family.get(name) or model.rating(name=name) for name in team] for team in names]
        after = model.rate(before, ranks=[game.places[team[0]] for team in teams])
        for team, rated in zip(names, after):
            for name, rating in zip(team, rated):
                family[name] = rating
    return {family: {name: round(1000 + 40 * (r.mu - 3 * r.sigma)) for name, r in found.items()}
            for family, found in ratings.items()}
