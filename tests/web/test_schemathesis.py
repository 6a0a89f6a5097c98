"""Schemathesis against /api/v1/openapi.json (issue 8): every operation, a bounded number of generated
requests each (valid and invalid by the schema), on a real game and tournament most of the time.

Whatever is sent: never a 5xx, and every answer is one the document describes (status code,
content type, headers, body schema): when they disagree, fix the document or the app.
The event stream is left out: it never ends by design (tests/web/test_stream.py covers it).
"""
from __future__ import annotations

import pytest
import schemathesis
from schemathesis import GenerationMode
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import (content_type_conformance, not_a_server_error, response_headers_conformance,
                                 response_schema_conformance, status_code_conformance)

from scorekeeper.web.openapi import document
from tests.conftest import PLAYERS4
from tests.module_app import app  # noqa: F401  (one database per module)

EXAMPLES = 25
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance]


class Subjects:
    """A Wist game and a tournament with one partita: the requests mostly aim at them, with their keys."""

    def __init__(self, app):
        client = app.test_client()
        game = client.post("/api/v1/games", json={"variant": "wist", "players": PLAYERS4, "first_dealer": 0})
        assert game.status_code == 201
        self.game_id, self.game_keys = game.json["id"], game.json["keys"]
        made = client.post("/api/v1/tournaments", json={"name": "Schema"})
        assert made.status_code == 201
        self.tournament_id, self.tournament_keys = made.json["id"], made.json["keys"]
        partita = client.post(f"/api/v1/tournaments/{self.tournament_id}/games", json={"players": PLAYERS4},
                              headers={"Authorization": f"Bearer {self.tournament_keys['organiser']}"})
        assert partita.status_code == 201
        self.partita = partita.json["id"]

    def aim(self, case, choice: int) -> None:
        """Point the case at the real subjects (choice 0–2) or leave what was generated (3: mostly 404)."""
        if choice == 3:
            return
        params = case.path_parameters if case.path_parameters is not None else {}
        if "tournament_id" in params:
            params["tournament_id"] = self.tournament_id
            if "game_id" in params:
                params["game_id"] = self.partita
            key = self.tournament_keys[("organiser", "join", "view")[choice]]
        elif "game_id" in params:
            params["game_id"] = self.game_id
            key = self.game_keys["scorer"] if choice < 2 else self.game_keys["view"]
        else:
            return
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {key}"}

    def learn(self, case, response) -> None:
        """A rotated key replaces the one held."""
        if response.status_code == 200 and case.path.endswith("/keys/rotate"):
            keys = response.json()["keys"]
            if "tournament_id" in (case.path_parameters or {}):
                self.tournament_keys = keys
            else:
                self.game_keys = keys


@pytest.fixture(scope="module")
def subjects(app):
    return Subjects(app)


@pytest.fixture(scope="module")
def api_schema(app):
    return schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)


OPERATIONS = [(path, method) for path, operations in document(None)["paths"].items() for method in operations
              if method in ("get", "put", "post", "delete") and not path.endswith("/events")]


@pytest.mark.parametrize("mode", list(GenerationMode), ids=lambda m: m.value)
@pytest.mark.parametrize("path, method", OPERATIONS, ids=[f"{m.upper()} {p}" for p, m in OPERATIONS])
def test_the_api_answers_as_documented(api_schema, subjects, path, method, mode):
    operation = api_schema[path][method]
    if mode is GenerationMode.NEGATIVE and not (operation.path_parameters or operation.body or operation.headers):
        pytest.skip("nothing the schema constrains")

    @given(case=operation.as_strategy(generation_mode=mode), aim=st.integers(0, 3))
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def run(case, aim):
        # The test transport does not undo gzip: ask for the bodies as they are (compression is tested apart).
        case.headers = {**(case.headers or {}), "Accept-Encoding": "identity"}
        subjects.aim(case, aim)
        response = case.call()
        case.validate_response(response, checks=CHECKS)
        subjects.learn(case, response)

    run()

