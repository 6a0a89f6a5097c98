"""Counting one request's work (#33): whole replays of games, events read from the log, SQL statements, turns given
to the worker's other requests, the answer's bytes. What `tests/web/test_bounded.py` checks against each door's
budget and `bench/doors.py` prints beside its timings. Not a test module itself."""
from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from types import SimpleNamespace

from scorekeeper.store import turns
from scorekeeper.service import games
from scorekeeper.store import db as store


@dataclass
class Work:
    """What one request did."""

    replays: int = 0  # whole replays (`games.replay`)
    events: int = 0  # events read from the log (`store.events_after`)
    games: set = field(default_factory=set)  # the games whose log was read
    whole: dict = field(default_factory=dict)  # game → how many times its whole log was read (from its start)
    statements: int = 0  # SQL statements on the connections the request opened
    turns: int = 0  # turns given to the worker's other requests (`turns.give_way`)
    size: int = 0  # the answer's bytes


@contextlib.contextmanager
def counted(cold: bool = True):
    """Count the work done inside the block: replays start cold (no game kept between requests; `cold=False`: the
    games kept stay kept, as in a worker that served them before), and `give_way` is counted as under gevent (where
    it sleeps a turn), without sleeping."""
    work = Work()
    replay, events_after, connect = games.replay, store.events_after, store.connect
    monkey, clock = turns.monkey, turns.time

    def counted_replay(rows):
        work.replays += 1
        return replay(rows)

    def counted_events(db, game_id, after):
        rows = events_after(db, game_id, after)
        work.events += len(rows)
        work.games.add(game_id)
        if not after:
            work.whole[game_id] = work.whole.get(game_id, 0) + 1
        return rows

    def counted_connect(path):
        db = connect(path)
        db.conn.set_trace_callback(lambda _statement: setattr(work, "statements", work.statements + 1))
        return db

    def sleep(_seconds):
        work.turns += 1

    if cold:
        games.REPLAYED.clear()
    games.replay, store.events_after, store.connect = counted_replay, counted_events, counted_connect
    turns.monkey = SimpleNamespace(is_module_patched=lambda name: name == "time")
    turns.time = SimpleNamespace(sleep=sleep)
    try:
        yield work
    finally:
        games.replay, store.events_after, store.connect = replay, events_after, connect
        turns.monkey, turns.time = monkey, clock
        if cold:
            games.REPLAYED.clear()


def knock(client, call) -> tuple[object, Work]:
    """`call` (a `worst_calls.Knock`) made once, its work counted (what it prepares first, not)."""
    if call.prepare is not None:
        call.prepare(client)
    body = {name: value() if callable(value) else value for name, value in call.body.items()}
    with counted() as work:
        response = client.open(call.path, method=call.method, headers=call.headers, **body)
        work.size = len(response.get_data())
    return response, work
