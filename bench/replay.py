"""Benchmark: how long a game takes to load (replay of its events) and to record a change.

Every request replays the game from its event log; this measures that cost for small and long
games, and the cost of one write (BEGIN IMMEDIATE, replay, validate, append). Prints
percentiles and ratios; asserts nothing. Runs on a temporary SQLite file; about 10 seconds.
"""
from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper import db as store  # noqa: E402
from scorekeeper import games  # noqa: E402
from scorekeeper.rules.predictions import NO_BIDS  # noqa: E402


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def legal_bids(spec, dealer, players, rng):
    while True:
        bids = [0 if spec.bidding == NO_BIDS else rng.randint(0, min(spec.cards, 4)) for _ in range(players)]
        if not spec.forbidden or sum(bids) != spec.cards or spec.bidding == NO_BIDS:
            return bids


def play(db, variant, players, options, rng, bid_by_bid=True):
    """A whole legal game, bids one event each (as a table would enter them), tricks one event."""
    loaded, keys = games.create(db, variant, players, 0, options)
    scorer = games.authorize(db, loaded.id, keys["scorer"])
    state = loaded.state
    for spec in state.specs:
        dealer = state.dealer(spec.number)
        bids = legal_bids(spec, dealer, len(players), rng)
        fields = {"trump": rng.choice("HDCS")} if spec.trump is None else {}
        if bid_by_bid and spec.bidding != NO_BIDS:
            for seat in state.order(spec.number):
                games.change(db, scorer, {"type": "bid", "hand": spec.number, "seat": seat, "bid": bids[seat]})
        else:
            fields["bids"] = bids
        tricks = [0] * len(players)
        for _ in range(spec.cards):
            tricks[rng.randrange(len(players))] += 1
        games.change(db, scorer, {"type": "hand", "hand": spec.number, "tricks": tricks, **fields})
    return loaded.id, scorer


def timed(action, repeat):
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def main():
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "bench.sqlite3")
        db = store.connect(path)
        store.migrate(db)
        cases = [
            ("wist, 4 players", "wist", ["A", "B", "C", "D"], {}),
            ("whist-torneo completo, 5 players", "whist-torneo", ["A", "B", "C", "D", "E"], {"scheme": "completo"}),
            ("wist-cagliari, 4 players", "wist-cagliari", ["A", "B", "C", "D"], {}),
        ]
        rows = []
        for label, variant, players, options in cases:
            game_id, scorer = play(db, variant, players, options, rng)
            events = store.version(db, game_id)
            load = timed(lambda game_id=game_id: games.load(db, game_id), 200)
            undo_redo = timed(lambda scorer=scorer: games.undo(db, scorer), 20)
            rows.append((label, events, load, undo_redo))
        base = statistics.median(rows[0][2])
        print(f"{'game':36} {'events':>6} {'load p50':>9} {'p95':>7} {'×wist':>6} {'write p50':>10} {'p95':>7}")
        for label, events, load, write in rows:
            print(f"{label:36} {events:6d} {statistics.median(load):8.2f}ms {percentile(load, 95):6.2f}ms "
                  f"{statistics.median(load) / base:6.1f} {statistics.median(write):9.2f}ms "
                  f"{percentile(write, 95):6.2f}ms")
        db.conn.close()


if __name__ == "__main__":
    main()
