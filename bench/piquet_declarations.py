"""Benchmark: the check that a Piquet deal's declarations fit two hands from one pack (#17).

Deals real hands from shuffled packs (each class scored by the better holder, as in the property
tests) and measures, per deal: the first check in a fresh process (the warm-up: the tables of one
suit, then the halves of that kind of deal), a deal of a kind already seen (halves kept, answer not),
a deal already checked (what a replay costs once warm), and whole games replayed from their events.
Prints percentiles; asserts nothing. A few seconds.

    python bench/piquet_declarations.py [--deals 2000] [--seed 1]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.rules import piquet  # noqa: E402
from tests.rules.test_piquet_properties import PACK, declarations_of  # noqa: E402


def percentiles(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    pick = lambda p: ms[min(len(ms) - 1, int(p / 100 * len(ms)))]  # noqa: E731
    return (f"mean {statistics.fmean(ms):.3f} ms · p50 {pick(50):.3f} · p95 {pick(95):.3f} · "
            f"p99 {pick(99):.3f} · max {ms[-1]:.3f}")


def real_deal(rng: random.Random, count: str) -> dict:
    pack = list(PACK)
    rng.shuffle(pack)
    return declarations_of((frozenset(pack[:12]), frozenset(pack[12:24])), count)


def holdings(fields: dict) -> tuple:
    return tuple(piquet.Holding(fields["carte_blanche"][s], fields["point"][s], fields["sequences"][s],
                                fields["sets"][s]) for s in (0, 1))


def timed(action, *args) -> float:
    start = time.perf_counter()
    action(*args)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    deals = [(count, holdings(real_deal(rng, count))) for count in rng.choices(["cards", "pips"], k=args.deals)]

    first = timed(piquet.fits, *deals[0])
    print(f"warm-up (first deal in a fresh process): {first * 1000:.1f} ms")
    new_kind, seen_kind = [], []
    for deal in deals:
        piquet.fits.cache_clear()
        misses = piquet._halves.cache_info().misses
        spent = timed(piquet.fits, *deal)
        (new_kind if piquet._halves.cache_info().misses > misses else seen_kind).append(spent)
    print(f"a deal of a new kind (its halves built): {percentiles(new_kind)}  ({len(new_kind)} deals)")
    print(f"a deal of a kind seen (halves kept):     {percentiles(seen_kind)}  ({len(seen_kind)} deals)")
    for deal in deals:
        piquet.fits(*deal)
    cached = [timed(piquet.fits, *deal) for deal in deals]
    print(f"a deal checked again (answer kept):      {percentiles(cached)}")

    games = []
    for _ in range(50):
        game = piquet.PIQUET.new_game(["Anna", "Bruno"], 0, {"point_count": rng.choice(["cards", "pips"])})
        events = []
        for number in range(1, 7):
            fields = real_deal(rng, game.options["point_count"])
            events.append({"type": "hand", "hand": number, **fields, "trick_winners": [0] * 7 + [1] * 5})
        games.append((game, events))

    def replay(game, events):
        for event in events:
            game = game.apply(event)

    piquet.fits.cache_clear()
    piquet._halves.cache_clear()
    cold = [timed(replay, *game) / 6 for game in games]
    warm = [timed(replay, *game) / 6 for game in games]
    print(f"replay of a six-deal game, per deal, first time in the process: {percentiles(cold)}")
    print(f"replay of a six-deal game, per deal, again (the app's next request): {percentiles(warm)}")


if __name__ == "__main__":
    main()
