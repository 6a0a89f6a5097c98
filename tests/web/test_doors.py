"""Every door of the app is declared, and answers as declared (#33, `scorekeeper/web/gate/doors.py`).

- Every endpoint of Flask's `url_map` has a door, every door a route, with the same methods and path.
- Every door is called with every role in one world (`doors_world.py`): the status is the one declared; an answer
  shows no scorer's, seat's or organiser's link but the role's own (a scorer sees its game's, an organiser its
  partite's); a refusal changes nothing; a door that creates a game, a tournament or a season counts as a creation.
- docs/security.md holds the table as the doors render it, and the app serves it.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.web.gate import guard
from scorekeeper.web.gate.doors import BEGIN, BY_ENDPOINT, DOORS, END, Cost, Role, Subject, costing, render
from tests.conftest import make_app
from tests.web.doors_world import CALLS, World

SECURITY = Path(__file__).resolve().parents[2] / "docs" / "security.md"
CONVERTER = re.compile(r"<(?:[^:>]+:)?(?P<name>[^>]+)>")

# The cells whose declared answer today's code does not give yet. Each line goes once its fix is merged: the xfail
# is strict, so a cell that starts passing while listed fails, as a reminder.
NOT_YET: dict = {}


def route_of(rule) -> str:
    """A url_map rule as a door writes it: its methods (HEAD and OPTIONS are Flask's own) and its path without
    converters."""
    methods = "|".join(sorted(rule.methods - {"HEAD", "OPTIONS"}))
    return methods + " " + CONVERTER.sub(r"<\g<name>>", rule.rule)


def test_every_endpoint_has_a_door_and_every_door_a_route(tmp_path):
    routes: dict[str, list[str]] = {}
    for rule in make_app(tmp_path).url_map.iter_rules():
        routes.setdefault(rule.endpoint, []).append(route_of(rule))
    missing = sorted(set(routes) - set(BY_ENDPOINT))
    assert not missing, f"endpoints without a door: declare them in scorekeeper/web/gate/doors.py: {missing}"
    assert not sorted(set(BY_ENDPOINT) - set(routes)), "doors without a route"
    assert len(DOORS) == len(BY_ENDPOINT), "a door declared twice"
    assert {endpoint: [door.route] for endpoint, door in BY_ENDPOINT.items()} == routes


def test_every_door_is_called_and_its_cost_fits_its_method():
    """Writes are counted by the rate limits (a creation or a write), reads are not; the costing counted are the
    doors that cost one (and the matrix below checks that every door that creates something costs one)."""
    assert set(CALLS) == set(BY_ENDPOINT)
    for door in DOORS:
        counted = door.cost in (Cost.CREATE, Cost.SEAT, Cost.WRITE)
        assert counted == bool(door.methods & guard.UNSAFE), door.endpoint
    assert guard.CREATIONS == costing(Cost.CREATE) and guard.SEATINGS == costing(Cost.SEAT)


@pytest.fixture(scope="session")  # once per process, however the tests of the modules are interleaved
def world(tmp_path_factory):
    return World(make_app(tmp_path_factory.mktemp("doors")))


CELLS = [pytest.param(door.endpoint, role, id=f"{door.endpoint}-{role}", marks=[
    pytest.mark.xfail(strict=True, reason=NOT_YET[door.endpoint, role])] if (door.endpoint, role) in NOT_YET else [])
    for door in DOORS for role in Role]


@pytest.mark.parametrize("endpoint, role", CELLS)
def test_every_door_answers_every_role_as_declared(world, endpoint, role):
    door = BY_ENDPOINT[endpoint]
    want = door.answer(role).statuses
    for call in CALLS[endpoint]:
        shown = world.keys_shown(door.subject, call.target, role, endpoint) | world.given(door, call, role)
        hidden = world.strong_keys() - shown
        for response, text, effect in world.knock(door, call, role):
            status = response.status_code
            assert status in want, (call.path, status, want, text[:300])
            seen = text.decode("utf-8", "replace") + response.headers.get("Location", "")
            leaked = sorted(key for key in hidden if key in seen)
            assert not leaked, f"{call.path}: a link stronger than {role} in the answer"
            assert status < 400 or not effect.changed, f"{call.path}: refused ({status}) yet the database changed"
            assert not effect.created or door.cost is Cost.CREATE, (
                f"{endpoint} creates a game, a tournament or a season: its cost is {Cost.CREATE} (doors.py)")


def test_the_security_page_holds_the_doors_as_declared():
    text = SECURITY.read_text(encoding="utf-8")
    start, end = text.index(BEGIN) + len(BEGIN) + 1, text.index(END)
    assert text[start:end] == render(), ("docs/security.md's table is not the doors' as declared: regenerate it with "
                                         "`make security-doc` (python -m scorekeeper.web.gate.doors docs/security.md)")


def test_the_security_page_is_served_with_its_tables(client):
    response = client.get("/docs/security.md")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.count("<table") == len(Subject)  # one per subject
    assert "<code>GET /g/&lt;game_id&gt;/&lt;key&gt;/share</code>" in html
    api = client.get("/docs/api.md").get_data(as_text=True)
    assert 'href="security.md"' in api
