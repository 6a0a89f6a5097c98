"""Benchmark: what loading a game and recording a change cost, for every variant, short and at the event cap.

For each registered variant a short game (a whole game as a table plays it; Solo Whist: 50 deals) and a
long one at the cap of 5,000 events (Solo Whist: 4,999 deals; Wist: a whole game, then some 4,000
corrections of its first hand and undos; the others likewise by corrections and undos; and the rubber
that never ends — a remark every deal — as the partnership family's worst case: 2,500 deals, then
corrections of deal 1 that move every later deal's game score). For each:

- cold load: the game not kept by this process (`games.REPLAYED` emptied): its events read and
  replayed, as after a restart or in another worker;
- warm load: the game kept: a read of the events after its version (none);
- write: a correction of the first hand through `games.change` (the game kept: one event applied),
  and an undo (`games.undo`: the game replayed whole, once).

Prints p50/p95 in milliseconds (wall clock; for cold loads also this process's CPU time, which other
processes on the machine do not inflate) and, for the long game, long/short of the cold loads' CPU
time next to the ratio of their events: they are close when replay is linear (a short game's fixed
costs make it smaller). Asserts nothing. A temporary SQLite file; about a minute.

    python bench/replay.py [--repeat N]
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.store import db as store  # noqa: E402
from scorekeeper.service import games  # noqa: E402
from scorekeeper.rules import VARIANTS, new_game  # noqa: E402
from scorekeeper.rules.predictions import NO_BIDS  # noqa: E402

CAP = 5000
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena"]
SOLO = [{"contract": "solo", "declarer": 1, "trump": "H", "tricks": 6}, {"contract": "pass"},
        {"contract": "misere", "declarer": 2, "tricks": 0},
        {"contract": "proposal", "declarer": 0, "partner": 2, "trump": "S", "tricks": 9},
        {"contract": "abondance", "declarer": 3, "trump": "C", "tricks": 10}]
PIQUET = {"carte_blanche": [False, False], "point": [0, 5], "sequences": [0, 0], "sets": [0, 0],
          "trick_winners": [0] * 7 + [1] * 5}


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def legal_bids(spec, dealer, players, rng):
    while True:
        bids = [0 if spec.bidding == NO_BIDS else rng.randint(0, min(spec.cards, 4)) for _ in range(players)]
        if not spec.forbidden or sum(bids) != spec.cards or spec.bidding == NO_BIDS:
            return bids


# -- the games: each a function (state, step) -> the next change, or None for an undo -------------------
def whole_prediction_game(rng):
    """Every hand bid by bid (each seat in order, legal bids), then its tricks."""
    def change(state, step):
        number = state.current_hand
        if number is None:
            return None
        spec, hand = state.specs[number - 1], state.hand(number)
        if spec.bidding != NO_BIDS and None in hand.bids:
            while True:
                bids = legal_bids(spec, state.dealer(number), len(state.players), rng)
                seat = hand.bids.index(None)
                trial = [b if b is not None else bids[s] for s, b in enumerate(hand.bids)]
                if not spec.forbidden or None in trial[:seat] + trial[seat + 1:] or sum(trial) != spec.cards:
                    break
            return {"type": "bid", "hand": number, "seat": seat, "bid": bids[seat]}
        tricks = [0] * len(state.players)
        for _ in range(spec.cards):
            tricks[rng.randrange(len(tricks))] += 1
        return {"type": "hand", "hand": number, "trump": spec.trump or rng.choice("HDCS"), "tricks": tricks}
    return change


def rubber(rng):
    def change(state, step):
        if state.finished:
            return None
        first = rng.randint(3, 10)
        return {"type": "hand", "hand": state.current_hand, "trump": rng.choice("HDCS"), "tricks": [first, 13 - first]}
    return change


def endless_rubber(state, step):
    """After deal 1 the first side pays a remark and takes seven tricks every deal: its score stays put."""
    if not state.records:
        return {"type": "hand", "hand": 1, "trump": "S", "tricks": [8, 5]}
    return {"type": "hand", "hand": state.current_hand, "trump": "S", "tricks": [7, 6], "remarks": [1, 0]}


def solo_deals(state, step):
    return {"type": "hand", "hand": state.current_hand, **SOLO[step % len(SOLO)]}


def piquet_deals(state, step):
    return None if state.finished else {"type": "hand", "hand": state.current_hand, **PIQUET}


def corrections(state, step):
    """A correction of the first hand (two values in turn), an undo every third change."""
    if step % 3 == 2:
        return None
    return first_hand_correction(state, step)


def first_hand_correction(state, step):
    family = state.variant.family
    if family == "predictions":
        cards = state.specs[0].cards
        tricks = [cards] + [0] * (len(state.players) - 1) if step % 2 else [0] * (len(state.players) - 1) + [cards]
        return {"type": "hand", "hand": 1, "tricks": tricks}
    if family == "partnership":
        return {"type": "hand", "hand": 1, "tricks": [9, 4] if state.records[0].tricks == (8, 5) else [8, 5]}
    if family == "solo":
        return {"type": "hand", "hand": 1, **SOLO[0 if state.records[0].contract != "solo" else 1]}
    return {"type": "hand", "hand": 1, "point": [0, 6] if state.records[0].point == (0, 5) else [0, 5]}


def rows_of(variant_id, players, options, phases):
    """The events of a game played by `phases`: [(how many events at most, change function)], in turn.
    A change function answering None for a game's own end moves on to the next phase."""
    rows = [{"seq": 1, "type": "created", "payload": {"variant": variant_id, "players": players,
                                                      "first_dealer": 0, "options": options}}]
    standing = [new_game(variant_id, players, 0, options)]
    step = 0
    for until, change_of in phases:
        while len(rows) < until:
            change = change_of(standing[-1], step)
            step += 1
            if change is None:
                if change_of is not corrections:
                    break
                if len(standing) > 1:
                    standing.pop()
                    rows.append({"seq": len(rows) + 1, "type": "undo", "payload": {}})
                continue
            standing.append(standing[-1].apply(change))
            rows.append({"seq": len(rows) + 1, "type": "change", "payload": change})
    return rows


def cases(rng):
    """(label, variant, players, options, short phases, long phases) per game."""
    out = []
    for variant_id in sorted(VARIANTS):
        variant = VARIANTS[variant_id]
        players = NAMES[:max(variant.players) if variant_id == "whist-torneo" else min(variant.players)]
        options = {"scheme": "completo"} if variant_id == "whist-torneo" else {}
        if variant.family == "predictions":
            whole = whole_prediction_game(rng)
            out.append((variant_id, players, options, [(CAP, whole)], [(CAP, whole), (CAP, corrections)]))
        elif variant_id == "whist-classico":
            play = rubber(rng)
            out.append((variant_id, players, options, [(CAP, play)], [(CAP, play), (CAP, corrections)]))
            out.append(("whist-classico, endless rubber", players, {}, None,
                        [(CAP // 2, endless_rubber), (CAP, corrections)]))
        elif variant_id == "solo-whist":
            out.append((variant_id, players, options, [(51, solo_deals)], [(CAP, solo_deals)]))
        elif variant_id == "whist-morto":
            out.append((variant_id, players, options, [(CAP, rubber(rng))], [(CAP, rubber(rng)), (CAP, corrections)]))
        else:
            out.append((variant_id, players, options, [(CAP, piquet_deals)], [(CAP, piquet_deals), (CAP, corrections)]))
    return out


def stored(db, rows) -> tuple[str, games.Access]:
    created = rows[0]["payload"]
    loaded, keys = games.create(db, created["variant"].split(",")[0], created["players"], 0, created["options"])
    with store.write(db):
        for seq, row in enumerate(rows[1:], start=2):
            store.append_events(db, loaded.id, seq, row["type"], [row["payload"]], "scorer", None)
    return loaded.id, games.authorize(db, loaded.id, keys["scorer"])


def timed(action, repeat, cpu=None):
    """Wall-clock milliseconds of each run; with `cpu` (a list), this process's CPU milliseconds too."""
    samples = []
    for _ in range(repeat):
        start, used = time.perf_counter(), time.process_time()
        action()
        samples.append((time.perf_counter() - start) * 1000)
        if cpu is not None:
            cpu.append((time.process_time() - used) * 1000)
    return samples


def measure(db, rows, repeat):
    game_id, scorer = stored(db, rows)

    def cold():
        games.REPLAYED.clear()
        games.load(db, game_id)

    cold_cpu = []
    cold_ms = timed(cold, repeat, cold_cpu)
    warm_ms = timed(lambda: games.load(db, game_id), repeat * 5)
    steps = iter(range(10 ** 6))
    write_ms = timed(lambda: games.change(db, scorer, first_hand_correction(games.load(db, game_id).state,
                                                                              next(steps))), repeat)
    undo_ms = timed(lambda: games.undo(db, scorer), max(3, repeat // 2))
    return len(rows), cold_ms, cold_cpu, warm_ms, write_ms, undo_ms


def kept_bytes(db, rows) -> int:
    """What keeping one game costs this process (its events and state), measured by tracemalloc."""
    game_id, _ = stored(db, rows)
    games.REPLAYED.clear()
    tracemalloc.start()
    loaded = games.load(db, game_id)
    size = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del loaded
    return size


def ms(samples) -> str:
    return f"{statistics.median(samples):8.2f} {percentile(samples, 95):8.2f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20, help="cold loads and writes per game (warm loads: 5×)")
    repeat = parser.parse_args().repeat
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 1 << 30)  # as the production worker: no full collection but on its timer
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as folder:
        db = store.connect(str(Path(folder) / "bench.sqlite3"))
        store.migrate(db)
        db.max_events = 10 ** 6  # writes go on past the cap here, to time them at 5,000 events
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; milliseconds\n")
        print(f"{'game':32} {'':5} {'events':>6} {'cold p50':>8} {'p95':>8} {'cpu p50':>8} {'warm p50':>8} "
              f"{'p95':>8} {'write p50':>9} {'p95':>8} {'undo p50':>8} {'p95':>8} {'long/short':>10} {'events':>7}")
        for label, players, options, short_phases, long_phases in cases(rng):
            variant_id = label.split(",")[0]
            results = {}
            for size, phases in (("short", short_phases), ("long", long_phases)):
                if phases is None:
                    continue
                rows = rows_of(variant_id, players, options, phases)
                results[size] = measure(db, rows, repeat if size == "long" else repeat * 3)
                events, cold, cpu, warm, write, undo = results[size]
                ratio = ""
                if size == "long" and "short" in results:  # by CPU time: the wall clock waits for other processes
                    ratio = (f"{statistics.median(cpu) / statistics.median(results['short'][2]):10.1f} "
                             f"{events / results['short'][0]:7.1f}")
                print(f"{label:32} {size:5} {events:6d} {ms(cold)} {statistics.median(cpu):8.2f} {ms(warm)}  "
                      f"{ms(write)} {ms(undo)} {ratio}")
        solo = rows_of("solo-whist", NAMES[:4], {}, [(CAP, solo_deals)])
        print(f"\nkept in memory, a Solo Whist game of {len(solo)} events: "
              f"{kept_bytes(db, solo) / 1e6:.1f} MB (games.CACHED_EVENTS = {games.CACHED_EVENTS:,} events a process)")
        db.conn.close()


if __name__ == "__main__":
    main()
