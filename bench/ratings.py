"""Recomputing a club's ratings (#37): `rate` runs again whenever a game ends or is corrected, over every game.

A seeded club of 500 players and 20,000 finished games: free-for-all predictions games of 3, 4 and 5 players, Solo
Whist of 4, partnership Whist of two pairs, Piquet of two. Each player has a hidden strength; a game's places
follow the strengths with noise, and one game in ten has two players sharing a place. Prints the CPU seconds
(time.process_time: other processes on the machine do not inflate it) of each `rate` over the whole club, and
next to it openskill's `PlackettLuce.rate` alone on the same games, so what `rate` adds on top shows. Asserts
nothing; the target is under 2 s for the whole club.

    python bench/ratings.py [--players 500] [--games 20000] [--repeat 3] [--seed 37]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from scorekeeper.rules.ratings import MODEL, RatedGame, rate

SHAPES = [("predictions", 3, 1), ("predictions", 4, 1), ("predictions", 5, 1), ("solo", 4, 1),
          ("partnership", 2, 2), ("piquet", 2, 1)]  # (family, teams, players a team)


def club(players: int, count: int, seed: int) -> list[RatedGame]:
    """`count` games among `players` numbered 1…players, in shuffled order (`rate` sorts them)."""
    rng = random.Random(seed)
    strength = {p: rng.gauss(0, 1) for p in range(1, players + 1)}
    games = []
    for n in range(count):
        family, teams, size = rng.choice(SHAPES)
        seated = rng.sample(range(1, players + 1), teams * size)
        table = [tuple(seated[i * size:(i + 1) * size]) for i in range(teams)]
        form = [sum(strength[p] for p in team) + rng.gauss(0, 1.5) for team in table]
        places = sorted(range(teams), key=lambda t: -form[t])
        ranks = [0] * teams
        for place, team in enumerate(places, 1):
            ranks[team] = place
        if teams > 2 and rng.random() < 0.1:  # the last two share a place
            ranks[places[-1]] = ranks[places[-2]]
        ended = f"2025-{1 + n * 12 // count:02d}-{1 + n % 28:02d}T{20 + n % 4}:{n % 60:02d}"
        games.append(RatedGame(f"g{n:05d}", family, ended, tuple(table), tuple(ranks)))
    rng.shuffle(games)
    return games


def openskill_alone(games: list[RatedGame]) -> None:
    """The same games through `PlackettLuce.rate` only, every player new each game: the floor under `rate`."""
    for game in games:
        MODEL.rate([[MODEL.rating() for _ in team] for team in game.teams], ranks=list(game.ranks))


def cpu(function, *args) -> float:
    start = time.process_time()
    function(*args)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=37)
    args = parser.parse_args()
    games = club(args.players, args.games, args.seed)
    ratings = rate(games)
    rated = {family: len(table) for family, table in sorted(ratings.items())}
    steps = sum(r.games for table in ratings.values() for r in table.values())
    print(f"{args.games} games, {args.players} players: {steps} steps; rated per family {rated}")
    ours = [cpu(rate, games) for _ in range(args.repeat)]
    floor = [cpu(openskill_alone, games) for _ in range(args.repeat)]
    print(f"rate (the whole club)        CPU s: median {statistics.median(ours):.3f}, best {min(ours):.3f}")
    print(f"openskill's rate alone       CPU s: median {statistics.median(floor):.3f}, best {min(floor):.3f}")
    print(f"per game                     CPU µs: {statistics.median(ours) / args.games * 1e6:.0f}")


if __name__ == "__main__":
    main()
