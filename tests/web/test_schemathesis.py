"""Schemathesis against the OpenAPI document (issues 8 and 17): every operation, on a real game of every
registered variant in three states (fresh, mid-way, finished), on a real tournament and on a real season.

For a game of one family the document is the one the server generates for that family
(`document(family)`: its hand body, its bid body if it has bidding), so what is generated is what such
a game takes. Each request is aimed at a real subject most of the time (its id, one of its keys, a hand
and a seat of it), else left as generated (mostly 404).

Whatever is sent: never a 5xx, and every answer is one the document describes (status, content type,
headers, body). And the document is never looser than validation:
- a body generated as valid (positive mode) passes the declaration the server checks it with, so the
  only refusals left are the rules' (a sum, a bid the dealer may not make, a hand already scored...);
- schemathesis's own rule for its "validation mismatch" warning never fires: an operation whose every
  valid request was refused, mostly with 400/422 (not 401/403/404/409/429), is a failure here.
The event stream is left out: it never ends by design (tests/web/test_stream.py covers it).
"""
from __future__ import annotations

import copy
import json
from collections import Counter

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import (content_type_conformance, not_a_server_error, response_headers_conformance,
                                 response_schema_conformance, status_code_conformance)

from scorekeeper.model import season_shapes, shapes
from scorekeeper.families import FAMILIES
from scorekeeper.rules import VARIANTS
from scorekeeper.rules.base import InvalidOption
from scorekeeper.web.assets.openapi import document
from tests.contract.drivers import NAMES, representatives
from tests.conftest import examples
from tests.module_app import app  # noqa: F401  (one database per module)

pytestmark = pytest.mark.search  # `make test-slow` runs every operation again, ten times wider
EXAMPLES = examples(6)  # each operation in `make test` (#36: 46 CPU-seconds at 12 and 30); test-slow: ten times
MORE = {"/api/v1/games/{game_id}/hands/{n}": examples(15)}  # the bodies that vary most with the variant
MEANS_NOTHING = "Option “%(name)s” means nothing when “%(other)s” is %(value)s: leave it out."
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance]
STATES = ("fresh", "midway", "finished")
EVENING = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo", "Vera"]
WRITES = ("put", "post", "delete")


# -- the subjects: one game per variant and state -----------------------------------------------------------------
def deal(family: str, game: dict) -> dict:
    """A legal body for the game's current hand."""
    if family == "predictions":
        hand, seats = game["hands"][game["current_hand"] - 1], len(game["players"])
        return {"trump": hand["trump"] or "S", "bids": [0] * seats, "tricks": [hand["cards"]] + [0] * (seats - 1)}
    return {"partnership": {"trump": "S", "tricks": [13, 0]}, "piquet": {"trick_winners": [0] * 12},
            "solo": {"contract": "solo", "declarer": 0, "trump": "H", "tricks": 7}}[family]


class Subject:
    """A game of `variant` brought to `state`; made again when a change would leave it in another state."""

    def __init__(self, client, variant, state):
        self.client, self.variant, self.state = client, variant, state
        self.make()

    def call(self, method, path="", **kwargs):
        response = getattr(self.client, method)(f"/api/v1/games/{self.id}{path}",
                                                headers={"Authorization": f"Bearer {self.keys['scorer']}"}, **kwargs)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def make(self):
        made = self.client.post("/api/v1/games", json={"variant": self.variant.id, "first_dealer": 0,
                                                       "players": NAMES[:min(self.variant.players)]})
        assert made.status_code == 201, made.get_json()
        self.id, self.keys, game = made.json["id"], made.json["keys"], made.json["game"]
        family = self.variant.family
        while self.state != "fresh" and game["status"] != "finished":
            if family == "solo" and game["current_hand"] == 2:
                game = self.call("post", "/end")
                continue
            game = self.call("put", f"/hands/{game['current_hand']}", json=deal(family, game))
            if self.state == "midway":
                break
        self.game = game
        self.dirty = False

    def csv(self) -> str:
        response = self.client.get(f"/api/v1/games/{self.id}/export.csv",
                                   headers={"Authorization": f"Bearer {self.keys['scorer']}"})
        return response.get_data(as_text=True)


class Subjects:
    def __init__(self, app):
        self.client = app.test_client()
        self.games = {(v, s): Subject(self.client, VARIANTS[v], s) for v in representatives() for s in STATES}
        made = self.client.post("/api/v1/tournaments", json={"name": "Schema"})
        assert made.status_code == 201
        self.tournament_id, self.tournament_keys = made.json["id"], made.json["keys"]
        self.partita = self.client.post(f"/api/v1/tournaments/{self.tournament_id}/games", json={"players": NAMES[:4]},
                                        headers={"Authorization": f"Bearer {self.tournament_keys['organiser']}"}).json
        assert "keys" in self.partita
        self.seat_evening()
        made = self.client.post("/api/v1/seasons", json={"name": "Schema"})
        assert made.status_code == 201
        self.season_id, self.season_keys = made.json["id"], made.json["keys"]

    def seat_evening(self):
        """A club evening seated by the app, not begun (#21): what the roster and seating operations act on."""
        made = self.client.post("/api/v1/tournaments", json={"name": "Serata"})
        self.evening_id, self.evening_keys = made.json["id"], made.json["keys"]
        seated = self.client.put(f"/api/v1/tournaments/{self.evening_id}/roster",
                                 json={"players": EVENING, "rounds": 2},
                                 headers={"Authorization": f"Bearer {self.evening_keys['organiser']}"})
        assert seated.status_code == 200, seated.get_json()
        self.plan = seated.json["seating"]["plan"]

    def aim_evening(self, case) -> None:
        """The evening's own names and tables in a body that names some (else a name is nobody's: 422)."""
        body = case.body if isinstance(case.body, dict) else {}
        if isinstance(body.get("player"), str):
            body["player"] = EVENING[len(body["player"]) % len(EVENING)]
        if isinstance(body.get("players"), list) and len(body["players"]) == 2:
            body["players"] = [self.plan[1]["tables"][0]["players"][0], self.plan[1]["tables"][1]["players"][0]]
            body["round"] = 2
        if isinstance(body.get("table"), str):
            body["table"], body["round"] = "B", 1

    def subject(self, variant_id: str, state: str) -> Subject:
        subject = self.games[variant_id, state]
        if subject.dirty:
            subject.make()
        return subject

    def aim(self, case, variant_id: str | None, choice: int, state: str) -> Subject | None:
        """Point the case at a real subject (choice 0–4: the scorer's key (0–2), the view key or seat 0's; the
        organiser's, join or view; the season's organiser or view) or leave what was generated (5: mostly 404)."""
        params = case.path_parameters if case.path_parameters is not None else {}
        if choice == 5:
            return None
        choice = max(0, choice - 2)  # the scorer's (organiser's) key three times in five: the one that may write
        if "season_id" in params:  # a real season (a tournament to take out of it is left as generated: 404)
            params["season_id"] = self.season_id
            key = self.season_keys[("organiser", "view", "view")[choice]]
        elif "tournament_id" in params and ("/roster" in case.path or "/seating/" in case.path):
            params["tournament_id"] = self.evening_id
            key = self.evening_keys[("organiser", "join", "view")[choice]]
            if choice == 0:
                self.aim_evening(case)
        elif "tournament_id" in params:
            params["tournament_id"] = self.tournament_id
            if "game_id" in params:
                params["game_id"] = self.partita["id"]
            key = self.tournament_keys[("organiser", "join", "view")[choice]]
        elif "game_id" in params:
            subject = self.subject(variant_id, state)
            params["game_id"] = subject.id
            key = (subject.keys["scorer"], subject.keys["view"], subject.keys["seats"][0])[choice]
            game = subject.game
            if isinstance(params.get("n"), int):  # a hand of the game: the current one (or the last), or the first
                params["n"] = (game["current_hand"] or len(game["hands"])) if params["n"] % 3 == 0 else 1
            if isinstance(params.get("seat"), int):
                params["seat"] %= len(game["players"])
            if "If-Match" in (case.headers or {}) and choice == 0:  # mostly not stale (412 is tested apart)
                case.headers["If-Match"] = "*"
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {key}"}
            return subject
        elif case.path.endswith("/import") and choice < 2:  # a real file to import (what the body stands for)
            case.body = self.subject(variant_id or "wist", "midway").csv()
            return None
        else:
            return None
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {key}"}
        return None

    def learn(self, case, response, subject: Subject | None) -> None:
        """A rotated key replaces the one held; a change the subject's state depends on makes it again; a
        partita taken out goes back in."""
        if response.status_code >= 300:
            return
        if "/roster" in case.path or "/seating/" in case.path:
            self.seat_evening()  # the next example finds it as new
        elif case.path.endswith("/keys/rotate"):
            keys = response.json()["keys"]
            if "season_id" in (case.path_parameters or {}):
                self.season_keys = keys
            elif "tournament_id" in (case.path_parameters or {}):
                self.tournament_keys = keys
            elif subject is not None:
                subject.keys = keys
        elif subject is not None and case.method.lower() in WRITES:
            subject.dirty = True
        elif case.method.lower() == "delete":
            back = self.client.post(f"/api/v1/tournaments/{self.tournament_id}/games",
                                    json={"game_id": self.partita["id"], "key": self.partita["keys"]["scorer"]},
                                    headers={"Authorization": f"Bearer {self.tournament_keys['organiser']}"})
            assert back.status_code == 201, back.get_json()


@pytest.fixture(scope="module")
def subjects(app):
    return Subjects(app)


@pytest.fixture(scope="module")
def schemas(app):
    """The document for each family (what its games take), and the whole one as served."""
    out = {None: schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)}
    for family in FAMILIES:
        out[family] = schemathesis.openapi.from_dict(copy.deepcopy(document(family)))
        out[family].app = app
    return out


def game_operations(family: str) -> list[tuple[str, str]]:
    return [(path, method) for path, operations in document(family)["paths"].items() for method in operations
            if "{game_id}" in path and "tournament" not in path and not path.endswith("/events")]


GAME_OPERATIONS = [(variant_id, path, method) for variant_id in representatives()  # presets: one for all
                   for path, method in game_operations(VARIANTS[variant_id].family)]
OTHER_OPERATIONS = [(path, method) for path, operations in document()["paths"].items() for method in operations
                    if "{game_id}" not in path or "tournament" in path]


# -- the document is not looser than validation ---------------------------------------------------------------------
DECLARED = {"/api/v1/games/{game_id}/hands/{n}": lambda family: FAMILIES[family].hand_body,
            "/api/v1/games/{game_id}/hands/{n}/bids/{seat}": lambda family: FAMILIES[family].bid_body,
            "/api/v1/games/{game_id}/keys/rotate": lambda family: shapes.Rotate,
            "/api/v1/tournaments": lambda family: shapes.NewTournament,
            "/api/v1/tournaments/{tournament_id}/keys/rotate": lambda family: shapes.RotateTournament,
            "/api/v1/tournaments/{tournament_id}/roster": lambda family: shapes.Roster,
            "/api/v1/tournaments/{tournament_id}/roster/withdraw": lambda family: shapes.RosterPlayer,
            "/api/v1/tournaments/{tournament_id}/roster/arrive": lambda family: shapes.RosterPlayer,
            "/api/v1/tournaments/{tournament_id}/seating/swap": lambda family: shapes.SwapSeats,
            "/api/v1/tournaments/{tournament_id}/seating/start": lambda family: shapes.StartTable,
            "/api/v1/seasons": lambda family: season_shapes.NewSeason,
            "/api/v1/seasons/{season_id}/tournaments": lambda family: season_shapes.SeasonTournament,
            "/api/v1/seasons/{season_id}/keys/rotate": lambda family: season_shapes.RotateSeason}


def declared_accepts(path: str, family: str | None, body) -> None:
    """A body generated as valid passes the declaration the server checks it with (the one rule JSON Schema
    cannot say, names alike but for case, aside)."""
    if not isinstance(body, dict) or whole_float(body):
        return  # JSON Schema cannot tell 2.0 from 2; the API reads numbers as written (the document says so)
    if path == "/api/v1/games":
        model = shapes.NEW_GAME.get(body.get("variant"))
    elif path == "/api/v1/tournaments/{tournament_id}/games":
        model = shapes.AttachPartita if "game_id" in body or "key" in body else shapes.NewPartita
    else:
        model = DECLARED[path](family) if path in DECLARED else None
    if model is None:
        return
    names = body.get("players")
    if isinstance(names, list) and len({" ".join(str(n).split()).casefold() for n in names}) < len(names):
        return
    try:
        shapes.check(model, body)  # raises the refusal: the document let through what the server refuses
    except InvalidOption as refusal:
        if refusal.template != MEANS_NOTHING:
            raise  # else an option given that the others make meaningless (#34): the other rule JSON Schema
            # cannot say (the document lists each option's values, not which options go together)


def whole_float(value) -> bool:
    if isinstance(value, float):
        return value.is_integer()
    if isinstance(value, dict):
        return any(whole_float(v) for v in value.values())
    return isinstance(value, list) and any(whole_float(v) for v in value)


class Outcomes:
    """Schemathesis's rule for its "validation mismatch" warning (cli/commands/run/warnings.py), per operation:
    every valid request refused, and 400/422 (not 401/403/404/409/429) among a tenth or more of the refusals."""

    def __init__(self):
        self.statuses = Counter()

    def add(self, status: int) -> None:
        self.statuses[status] += 1

    def mismatch(self) -> bool:
        if not self.statuses or any(200 <= status < 300 for status in self.statuses):
            return False
        other = sum(n for status, n in self.statuses.items() if 400 <= status < 500
                    and status not in (401, 403, 404, 409, 429))
        client = other + self.statuses[404]
        return bool(client) and other / client >= 0.1


def run(schema, subjects, path, method, mode, variant_id=None):
    operation = schema[path][method]
    if mode is GenerationMode.NEGATIVE and not (operation.path_parameters or operation.body or operation.headers):
        pytest.skip("nothing the schema constrains")
    family = VARIANTS[variant_id].family if variant_id else None
    outcomes = Outcomes()

    @given(case=operation.as_strategy(generation_mode=mode), aim=st.integers(0, 5), state=st.sampled_from(STATES))
    @settings(max_examples=MORE.get(path, EXAMPLES), deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def each(case, aim, state):
        # The test transport does not undo gzip: ask for the bodies as they are (compression is tested apart).
        case.headers = {**(case.headers or {}), "Accept-Encoding": "identity"}
        subject = subjects.aim(case, variant_id, aim, state)
        if mode is GenerationMode.POSITIVE:
            declared_accepts(path, family, case.body)
        response = case.call()
        case.validate_response(response, checks=CHECKS)
        if mode is GenerationMode.POSITIVE:
            outcomes.add(response.status_code)
        subjects.learn(case, response, subject)

    each()
    assert not outcomes.mismatch(), f"every valid request refused, mostly by validation: {dict(outcomes.statuses)}"


@pytest.mark.parametrize("mode", list(GenerationMode), ids=lambda m: m.value)
@pytest.mark.parametrize("variant_id, path, method", GAME_OPERATIONS,
                         ids=[f"{v} {m.upper()} {p.removeprefix('/api/v1/games/{game_id}')}"
                              for v, p, m in GAME_OPERATIONS])
def test_every_variant_answers_as_documented(schemas, subjects, variant_id, path, method, mode):
    run(schemas[VARIANTS[variant_id].family], subjects, path, method, mode, variant_id)


@pytest.mark.parametrize("mode", list(GenerationMode), ids=lambda m: m.value)
@pytest.mark.parametrize("path, method", OTHER_OPERATIONS, ids=[f"{m.upper()} {p}" for p, m in OTHER_OPERATIONS])
def test_games_and_tournaments_answer_as_documented(schemas, subjects, path, method, mode):
    run(schemas[None], subjects, path, method, mode)


def test_every_variant_is_covered():
    """Every variant, or one of the presets that differ from it only in their options' defaults (#23)."""
    assert {v for v, _, _ in GAME_OPERATIONS} == set(representatives())
    assert all(any(VARIANTS[v].options and [o.name for o in VARIANTS[v].options] ==
                   [o.name for o in VARIANTS[r].options] and VARIANTS[v].family == VARIANTS[r].family
                   for r in representatives()) or v in representatives() for v in VARIANTS)
    for variant_id in representatives():
        assert ("/api/v1/games/{game_id}/hands/{n}", "put") in [(p, m) for v, p, m in GAME_OPERATIONS
                                                                 if v == variant_id]


def test_the_served_document_is_the_generated_one(app):
    served = app.test_client().get("/api/v1/openapi.json").get_json()
    assert served == json.loads(json.dumps(document()))


# -- stateful: create → read, record a hand, undo, export, following the document's links ----------------------------
def test_following_the_links_of_a_created_game(app):
    """Schemathesis's state machine over the served document: it creates games (any variant) and follows the
    201's links to the new game with the scorer key the creation answered (the one thing a link cannot carry)."""
    # The games' operations alone: the walk's few steps go to what it follows (the tournaments' and the seasons'
    # operations lead to no game's link; the stateless run above checks them).
    # Nor the live stream, which tests/web/test_stream.py reads: a stream the walk opened held it 5-10 s a call,
    # until its first heartbeat (40 s of the default tier, #36).
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app).include(path_regex="^/api/v1/games") \
        .exclude(path_regex="/events$")
    scorer_keys: dict[str, str] = {}
    followed = Counter()

    class Machine(schema.as_state_machine()):
        def before_call(self, case):
            case.headers = {**(case.headers or {}), "Accept-Encoding": "identity"}
            game_id = (case.path_parameters or {}).get("game_id")
            if game_id in scorer_keys:
                case.headers["Authorization"] = f"Bearer {scorer_keys[game_id]}"
                followed[case.operation.label] += 1

        def after_call(self, response, case):
            if case.path == "/api/v1/games" and response.status_code == 201:
                created = response.json()
                scorer_keys[created["id"]] = created["keys"]["scorer"]

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            case.validate_response(response, checks=CHECKS)

    Machine.run(settings=settings(max_examples=15, stateful_step_count=6, deadline=None, derandomize=True,
                                  database=None, suppress_health_check=list(HealthCheck)))
    assert scorer_keys and len(followed) >= 3, f"links followed: {dict(followed)}"
