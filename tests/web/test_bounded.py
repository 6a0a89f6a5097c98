"""Every request is bounded (#33): each door at the largest input it accepts does no more than its budget
(`scorekeeper/web/gate/doors.py`, BUDGETS), counted in the worst world (`worst_world.py`), never timed.

- Every door has a budget, or says why its work is constant.
- Each door called at its largest input (`worst_calls.py`; a write too, the world then put back as built:
  `doors_world.Snapshot`) replays each game it reads at most once and reads its whole log at most once (nothing
  kept from before), makes no more SQL statements than its budget (a fixed number, plus so many a game read or
  written), answers within its size, and gives the worker's other requests a turn every `turn` events it reads or
  writes.
"""
from __future__ import annotations

import pytest

from scorekeeper.store import turns
from scorekeeper.web.club.evening_pages import QR_PER_TURN
from scorekeeper.web.gate.doors import BUDGETS, BY_ENDPOINT, Budget
from tests.conftest import make_app
from tests.web.counting import counted, knock
from tests.web.doors_world import Snapshot
from tests.web.worst_calls import calls
from tests.web.worst_world import build


SLOW = pytest.mark.slow  # the worst world (worst_world.py) takes seconds to build and each door a second: test-slow


@pytest.fixture(scope="session")
def worst(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("worst"))
    world = build(app)
    return app.test_client(use_cookies=False), calls(world), Snapshot(app.config["SCOREKEEPER_DATABASE"])


def test_every_door_has_a_budget_or_says_why_its_work_is_constant():
    assert set(BUDGETS) == set(BY_ENDPOINT)
    for endpoint, budget in BUDGETS.items():
        assert isinstance(budget, Budget) or budget.startswith("constant work: ") and len(budget) > 20, endpoint


@SLOW
def test_every_door_with_a_budget_is_called_at_its_largest_input(worst):
    _client, knocks, _snapshot = worst
    budgeted = {endpoint for endpoint, budget in BUDGETS.items() if isinstance(budget, Budget)}
    assert set(knocks) == budgeted


ENDPOINTS = sorted(endpoint for endpoint, budget in BUDGETS.items() if isinstance(budget, Budget))


@SLOW
@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_each_door_keeps_its_budget_at_its_largest_input(worst, endpoint):
    client, knocks, snapshot = worst
    budget = BUDGETS[endpoint]
    for call in knocks[endpoint]:
        response, work = knock(client, call)
        snapshot.undo_changes()  # a write's world put back for the next call
        assert response.status_code < 500, (call.label, response.status_code)
        games = max(len(work.games), call.games)
        assert work.replays <= budget.replays * max(games, 1), (call.label, work.replays, games)
        assert max(work.whole.values(), default=0) <= 1, (call.label, work.whole)
        most = budget.statements + budget.per_game * games + budget.per_event * call.items
        assert work.statements <= most, (call.label, work.statements, games)
        assert work.size <= budget.kilobytes * 1024, (call.label, work.size)
        items = max(work.events, call.items)
        assert work.turns >= items // budget.turn, (call.label, items, work.turns)


def test_many_small_games_read_in_one_request_give_turns_as_one_long_one():
    """The turns are counted across loops: 120 partite of 15 events read one after the other are 1,800 events,
    which give the others a turn as a game of 1,800 changes does (before #33 a loop's count started again at each
    partita, and an evening's page gave none)."""
    with counted() as work:
        for _ in range(120):
            list(turns.taking_turns(range(15)))
    assert work.turns == 120 * 15 // turns.EVERY


@SLOW
def test_the_cards_of_an_evening_give_a_turn_every_few_qr_codes(worst):
    """120 table cards are 120 QR codes, a second of drawing with no event read: the page gives the worker's other
    requests a turn every few codes (before, none: it held the worker that second)."""
    client, knocks, _snapshot = worst
    [call] = knocks["evenings.cards"]
    response, work = knock(client, call)
    assert response.status_code == 200 and response.get_data(as_text=True).count("<svg") >= 120
    assert work.turns >= 120 // QR_PER_TURN, work.turns
