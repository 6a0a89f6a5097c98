"""Seating a club evening at the scale the app allows (#21): 7 to 60 players, 1 to 8 rounds, one `plan` call each,
the players numbered as the API numbers them (the search's seed depends on it), so the figures are what it serves.

Prints, per roster size, the repeated pairs of each number of rounds beside a lower bound, then the time of one
call (percentiles over the grid and the slowest cells). The bound counts only what each player must repeat: in r
rounds they sit down with more others than the roster holds (tables of 4 after tables of 5, say). It is weak: 12
players in 3 rounds must repeat 6 pairs (docs/rules/bid-exactly.md) where it says 0. A cell at its bound is at the
optimum; above it, it may or may not be.

    python bench/seating.py [--players 7-60] [--rounds 1-8]
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from scorekeeper.rules.seating import MAX_PLAYERS, MAX_ROUNDS, Round, plan, repeated_pairs, roster


def bound(evening) -> int:
    """At least this many repeated pairs: what each player sits down with beyond the roster's others, halved."""
    met: Counter = Counter()
    for round_ in evening:
        for table in round_:
            for player in table:
                met[player] += len(table) - 1
    others = len(met) - 1
    return -(-sum(max(0, count - others) for count in met.values()) // 2)


def evening(players: int, rounds: int) -> list[Round]:
    """The evening the API seats for this many players: numbered as its roster numbers them (`roster`), which the
    search's seed depends on."""
    return plan(roster(players), rounds)


def span(text: str, low: int, high: int) -> range:
    first, _, last = text.partition("-")
    return range(max(low, int(first)), min(high, int(last or first)) + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default=f"7-{MAX_PLAYERS}")
    parser.add_argument("--rounds", default=f"1-{MAX_ROUNDS}")
    args = parser.parse_args()
    rounds = span(args.rounds, 1, MAX_ROUNDS)
    times: dict[tuple[int, int], float] = {}
    print("players | " + " | ".join(f"{r} round{'s' if r > 1 else ''}" for r in rounds) + "   (repeated pairs, "
          "the lower bound in brackets)")
    for players in span(args.players, 3, MAX_PLAYERS):
        cells = []
        for r in rounds:
            start = time.perf_counter()
            seated = evening(players, r)
            times[players, r] = time.perf_counter() - start
            cells.append(f"{repeated_pairs(seated)} ({bound(seated)})")
        print(f"{players:7} | " + " | ".join(f"{cell:>8}" for cell in cells), flush=True)
    spent = sorted(times.values())
    cut = statistics.quantiles(spent, n=100) if len(spent) > 1 else spent * 99
    print(f"\none call, {len(spent)} cells: p50 {cut[49]:.3f} s, p95 {cut[94]:.3f} s, max {spent[-1]:.3f} s")
    slowest = sorted(times, key=times.get, reverse=True)[:5]
    print("slowest: " + ", ".join(f"{p} × {r} {times[p, r]:.2f} s" for p, r in slowest))


if __name__ == "__main__":
    main()
