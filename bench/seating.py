"""Seating a club evening at the scale the app allows (#21, #35): 7 to 60 players, 1 to 8 rounds, one `plan` call
each, the players numbered as the API numbers them (the search's seed depends on it), so the figures are what it
serves; then re-seatings after a withdrawal or an arrival.

Prints the grid, players × rounds, each cell "repeated pairs / lower bound, CPU ms" of one call (CPU time of this
process, not wall time: the search's budget is counted in swaps weighed, so its answer is the same on any machine
and only its time differs). The bound (`least_repeats`) counts only what each player must repeat: in r rounds they
sit down with more others than the roster holds. It is weak: 12 players in 3 rounds must repeat 6 pairs
(docs/rules/bid-exactly.md) where it says 0. A cell at its bound is at the optimum; above it, it may or may not be.

Then, for the `--reseat` rosters, an evening of 8 rounds re-seated before each round from 2 to 8 around the rounds
played: player 1 withdraws, or one more arrives; the slowest CPU ms and the repeated pairs of each.

    python bench/seating.py [--players 7-60] [--rounds 1-8] [--odd-tables strict_rotation|fewer_repeats]
                            [--reseat 27-31,50-60]
"""
from __future__ import annotations

import argparse
import statistics
import time

from scorekeeper.rules.seating import (MAX_PLAYERS, MAX_ROUNDS, ODD_TABLES, STRICT, Round, least_repeats, plan,
                                       repeated_pairs, roster)


def timed(*args, **kwargs) -> tuple[list[Round], float]:
    """`plan(*args)` and the CPU milliseconds it took."""
    start = time.process_time()
    seated = plan(*args, **kwargs)
    return seated, (time.process_time() - start) * 1000


def evening(players: int, rounds: int) -> list[Round]:
    """The evening the API seats for this many players: numbered as its roster numbers them (`roster`), which the
    search's seed depends on."""
    return plan(roster(players), rounds)


def span(text: str, low: int, high: int) -> range:
    first, _, last = text.partition("-")
    return range(max(low, int(first)), min(high, int(last or first)) + 1)


def grid(players: range, rounds: range, odd_tables: str) -> list[float]:
    """Print the grid; the CPU ms of every cell."""
    print("players | " + " | ".join(f"{r} round{'s' if r > 1 else ' '}".center(12) for r in rounds)
          + "   (repeated pairs / lower bound, CPU ms)")
    spent = []
    for count in players:
        cells = []
        for r in rounds:
            seated, ms = timed(roster(count), r, odd_tables=odd_tables)
            spent.append(ms)
            cells.append(f"{repeated_pairs(seated):>3}/{least_repeats(count, r):<3}{ms:5.0f}")
        print(f"{count:7} | " + " | ".join(cells), flush=True)
    return spent


def reseats(rosters: list[range], odd_tables: str) -> list[float]:
    """Print, per roster, the re-seatings of an evening of 8 rounds before rounds 2 to 8: player 1 withdrawing,
    one more arriving; the CPU ms of every one."""
    print(f"\nre-seating {MAX_ROUNDS} rounds before round 2…{MAX_ROUNDS}: the slowest CPU ms, the repeated pairs "
          "over the evening before each round")
    spent = []
    for players in rosters:
        for count in players:
            evening = plan(roster(count), MAX_ROUNDS, odd_tables=odd_tables)
            for change, present in (("withdrawal", roster(count)[1:]), ("arrival", roster(count + 1))):
                if len(present) > MAX_PLAYERS:
                    continue
                times, repeats = [], []
                for first in range(2, MAX_ROUNDS + 1):
                    played = evening[:first - 1]
                    later, ms = timed(present, MAX_ROUNDS - len(played), played, odd_tables=odd_tables)
                    times.append(ms)
                    repeats.append(repeated_pairs([*played, *later]))
                spent += times
                print(f"{count:3} players, {change:10}: {max(times):5.0f} ms; repeats "
                      + " ".join(map(str, repeats)), flush=True)
    return spent


def summary(label: str, spent: list[float]) -> None:
    ordered = sorted(spent)
    cut = statistics.quantiles(ordered, n=100, method="inclusive") if len(ordered) > 1 else ordered * 99
    print(f"{label}, {len(ordered)} calls: CPU p50 {cut[49]:.0f} ms, p95 {cut[94]:.0f} ms, max {ordered[-1]:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default=f"7-{MAX_PLAYERS}")
    parser.add_argument("--rounds", default=f"1-{MAX_ROUNDS}")
    parser.add_argument("--odd-tables", default=STRICT, choices=ODD_TABLES)
    parser.add_argument("--reseat", default="27-31,50-60", help="rosters re-seated ('' for none)")
    args = parser.parse_args()
    fresh = grid(span(args.players, 3, MAX_PLAYERS), span(args.rounds, 1, MAX_ROUNDS), args.odd_tables)
    again = reseats([span(part, 3, MAX_PLAYERS) for part in args.reseat.split(",") if part], args.odd_tables)
    print()
    summary("new evenings", fresh)
    if again:
        summary("re-seatings", again)


if __name__ == "__main__":
    main()
