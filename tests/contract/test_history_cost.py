"""A hand's history page costs one walk through the game's events, whatever the game's length (#33, finding 11).

Counted, not timed, as `test_replay_cost.py` counts a replay: the work is the number of Python calls into
`scorekeeper` while the page's entries are made (`sheet_common.history`), for a long game of every variant
played by its family's driver (new hands, then corrections of hand 1 with undos among them, some changes by a
player's own link, a confirmation now and then). Twice the changes must cost about twice the work. The entries
themselves are compared with `history_golden.json`, written by `python -m tests.contract.test_history_cost`
on main before the walk became linear: the page says exactly what it said.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper import create_app
from scorekeeper.model import Access, Loaded
from scorekeeper.rules import VARIANTS
from scorekeeper.service import games
from scorekeeper.web.game import sheet_common
from tests.contract.test_replay_cost import CHANGES, SLACK, calls_into, events

PACKAGE = str(Path(scorekeeper.__file__).resolve().parent)
GOLDEN = Path(__file__).with_name("history_golden.json")
GOLDEN_CHANGES = 90  # long enough for corrections and undos in every family, short enough to read the file


def long_game(variant, count: int) -> Loaded:
    """The driver's game of `count` changes as stored: every fifth change by a player's own link, a
    confirmation of each seventh change's hand."""
    rows = []
    for row in events(variant, count):
        seq = len(rows) + 1
        step = seq - 2
        by_seat = row["type"] == "change" and step % 5 == 0
        rows.append({**row, "seq": seq, "created_at": f"2026-11-26T20:{step // 60 % 60:02}:{step % 60:02}",
                     "actor_role": "seat" if by_seat else "scorer", "actor_seat": step % 2 if by_seat else None})
        if row["type"] == "change" and step % 7 == 0 and isinstance(row["payload"].get("hand"), int):
            rows.append({"seq": seq + 1, "type": "confirm", "payload": {"hand": row["payload"]["hand"]},
                         "created_at": rows[-1]["created_at"], "actor_role": "seat", "actor_seat": 1})
    return Loaded("G", games.replay(rows), len(rows), rows)


def entries(loaded: Loaded, number: int) -> list[list]:
    """The page's lines for one hand as the scorer reads them: when, who, what, undo, undone."""
    who = Access("G", "k", "scorer")
    found = sheet_common.history(loaded, number, who, games.visibility(loaded, who))
    return [[e.time, e.by, e.text, e.undo, e.undone] for e in found]


def work(loaded: Loaded, number: int) -> int:
    """Calls into the package while the history of hand `number` is made."""
    return calls_into(PACKAGE, lambda: entries(loaded, number))


@pytest.fixture(scope="module")
def request_context(tmp_path_factory):
    app = create_app({"SCOREKEEPER_DATABASE": str(tmp_path_factory.mktemp("history") / "db.sqlite3"),
                      "SECRET_KEY": "test", "TESTING": True})
    with app.test_request_context():
        yield


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_twice_the_changes_cost_twice_the_work(request_context, variant_id):
    """Hand 2, recorded early: the same few lines however long the game, so what is counted is the walk through the
    events. On main each change looked back through every change standing before it, so Solo Whist and the
    rubber, whose games grow, cost four times the work for twice the changes. Each page is made once before it is
    counted: what the rules compute once for a state and keep is not the page's walk."""
    variant = VARIANTS[variant_id]
    short, long = long_game(variant, CHANGES), long_game(variant, 2 * CHANGES)
    assert entries(short, 2) == entries(long, 2)
    once, twice = work(short, 2), work(long, 2)
    assert twice <= 2 * (1 + SLACK) * once, (variant_id, once, twice)


def golden_lines() -> dict[str, list]:
    """Every variant's long game: hands 1, 2 and the last, as the scorer reads them (every bid is out by then:
    the other links read the same)."""
    lines = {}
    for variant_id in sorted(VARIANTS):
        loaded = long_game(VARIANTS[variant_id], GOLDEN_CHANGES)
        for number in sorted({1, 2, len(loaded.state.hands)}):
            lines[f"{variant_id} hand {number}"] = entries(loaded, number)
    return lines


def test_the_entries_are_those_main_wrote(request_context):
    assert golden_lines() == json.loads(GOLDEN.read_text())


if __name__ == "__main__":  # python -m tests.contract.test_history_cost: write the golden file (on main)
    with create_app({"SCOREKEEPER_DATABASE": ":memory:", "SECRET_KEY": "x"}).test_request_context():
        GOLDEN.write_text("{\n" + ",\n".join(f"{json.dumps(key)}: [\n" + ",\n".join(
            json.dumps(line, ensure_ascii=False) for line in lines) + "]" for key, lines in golden_lines().items())
            + "\n}\n")  # a line of the page a line of the file
