"""Seating a club evening: the tables of every round of a tournament from its roster (docs/rules/bid-exactly.md,
"Seating"). Pure and deterministic: the same players, rounds, played rounds and seed give the same seating.

- Tables of 4, as many as the count allows; a table of 3 (or two), or of 5, only when it must be.
- Players meet as many different opponents as they can: the plan minimises the repeated pairs (a pair of players
  at the same table once more), then spreads what repeats (two pairs meeting twice rather than one three times).
- The tables of 3 or 5 go round: nobody sits at one while a player who has sat at fewer sits at a table of 4.
- Played rounds are never moved: a late arrival or a withdrawal re-plans the rounds still to play around them.

A player is a number (their place in the roster, kept when others withdraw or arrive); a table is a tuple of players
in seat order, a round a tuple of tables (the tables of 4 first).
"""
from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations
from typing import Any, Callable, Iterable, Sequence

from .base import N_, InvalidInput, InvalidPlayers, check_int, check_players

Table = tuple[int, ...]
Round = tuple[Table, ...]

MIN_PLAYERS, MAX_PLAYERS = 3, 60
MAX_ROUNDS = 8  # partite of an evening (each takes the best part of an hour)
REPEAT = 1000  # a repeated pair outweighs any spreading of the others (`_weight`)
# The starts of the search: a descent first (enough for most rosters), then an annealing; each with its heat and
# its steps per player and round to plan (a descent's step weighs every swap of a player, an annealing's one).
# Each stops as soon as nothing repeats.
STARTS = ((0, 30), (REPEAT / 4, 60))
PAUSE_EVERY = 25  # steps of the search between two `pause()` calls: a few milliseconds at most


def check_roster(names: Any) -> list[str]:
    """The evening's players: 3 to 60 names, no two the same (ignoring case and spaces), each a player's name."""
    if isinstance(names, list) and not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise InvalidPlayers(N_("An evening is seated for %(low)s to %(high)s players, not %(count)s."),
                             low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(names))
    return check_players(names, range(MIN_PLAYERS, MAX_PLAYERS + 1))


def check_rounds(rounds: Any) -> int:
    if isinstance(rounds, int) and not isinstance(rounds, bool) and not 1 <= rounds <= MAX_ROUNDS:
        raise InvalidInput(N_("An evening has 1 to %(max)s rounds, not %(count)s."), field="rounds",
                           max=MAX_ROUNDS, count=rounds)
    return check_int(rounds, "rounds", 1, MAX_ROUNDS)


def table_sizes(players: int) -> tuple[int, ...]:
    """The tables for this many players: 4s, then the 3s or the 5 the count requires (9 → 4 + 5, 10 → 4 + 3 + 3)."""
    if players < MIN_PLAYERS:
        raise ValueError("at least 3 players")
    odd = {0: (), 1: (5,), 2: (3, 3), 3: (3,)}[players % 4]
    return (4,) * ((players - sum(odd)) // 4) + odd


def meetings(rounds: Iterable[Round]) -> Counter:
    """How often each pair of players (smaller first) shared a table."""
    met: Counter = Counter()
    for round_ in rounds:
        for table in round_:
            met.update(combinations(sorted(table), 2))
    return met


def repeated_pairs(rounds: Iterable[Round]) -> int:
    """The pairs met once more than the first time, summed: 0 when every table brings new opponents."""
    return sum(count - 1 for count in meetings(rounds).values() if count > 1)


def odd_seatings(rounds: Iterable[Sequence[Sequence[int]]]) -> Counter:
    return Counter(player for round_ in rounds for table in round_ if len(table) != 4 for player in table)


def fair(rounds: Sequence[Sequence[Sequence[int]]], played: Sequence[Round] = ()) -> bool:
    """No round of `rounds` seats a player at a table of 3 or 5 while one with fewer such seatings (since the
    evening began) sits at a table of 4."""
    counts = odd_seatings(played)
    for round_ in rounds:
        odd = [player for table in round_ if len(table) != 4 for player in table]
        four = [player for table in round_ if len(table) == 4 for player in table]
        if odd and four and max(counts[p] for p in odd) > min(counts[p] for p in four):
            return False
        counts.update(odd)
    return True


def plan(players: Sequence[int], rounds: int, played: Sequence[Round] = (), seed: int = 0,
         pause: Callable[[], None] = lambda: None) -> list[Round]:
    """The next `rounds` rounds for `players` (those present from now on), after the `played` ones.

    `pause()` is called every few milliseconds of the search: a server gives its other requests a turn there."""
    players = sorted(set(players))
    sizes = table_sizes(len(players))
    rng = random.Random(f"{seed}:{players}:{rounds}:{played}")
    best: tuple[int, list[list[list[int]]]] | None = None
    for heat, steps in STARTS:
        search = _Search(players, sizes, rounds, played, rng)
        found = search.run(steps * len(players) * rounds, heat, pause)
        if best is None or found[0] < best[0]:
            best = found
        if best[0] == search.floor:
            break
    assert best is not None
    return [tuple(tuple(table) for table in round_) for round_ in best[1]]


def _weight(count: int) -> int:
    """What a pair that met `count` times costs: each repeat REPEAT, and more for meeting often (spread them)."""
    return REPEAT * max(0, count - 1) + count * (count - 1) // 2


class _Search:
    """A local search over the rounds to plan: swap two players between two tables of one round, keep the swap when
    the cost does not grow (walking across equal costs gets out of most dead ends; an annealing sometimes keeps
    one that grows), never break `fair`."""

    def __init__(self, players: list[int], sizes: tuple[int, ...], rounds: int, played: Sequence[Round],
                 rng: random.Random):
        self.rng, self.played, self.sizes = rng, played, sizes
        self.met = meetings(played)
        self.floor = sum(_weight(count) for count in self.met.values())  # no new table brings a pair together again
        self.tables: list[list[list[int]]] = []
        for _ in range(rounds):
            self.tables.append(self._fair_round(players))
        for round_ in self.tables:
            for table in round_:
                self.met.update(combinations(sorted(table), 2))
        self.cost = sum(_weight(count) for count in self.met.values())

    def _fair_round(self, players: list[int]) -> list[list[int]]:
        """A first guess at the next round: the tables of 3 or 5 to those with the fewest such seatings so far."""
        counts = odd_seatings(self.played) + odd_seatings(self.tables)
        order = sorted(players, key=lambda p: (counts[p], self.rng.random()))
        odd_seats = sum(size for size in self.sizes if size != 4)
        odd, four = order[:odd_seats], order[odd_seats:]
        self.rng.shuffle(four)
        seats = four + odd
        tables, start = [], 0
        for size in self.sizes:
            tables.append(seats[start:start + size])
            start += size
        return tables

    def _pair(self, a: int, b: int) -> tuple[int, int]:
        return (a, b) if a < b else (b, a)

    def _delta(self, table: list[int], leaving: int, coming: int) -> int:
        delta = 0
        for other in table:
            if other == leaving:
                continue
            old = self.met[self._pair(leaving, other)]
            delta += _weight(old - 1) - _weight(old)
            new = self.met[self._pair(coming, other)]
            delta += _weight(new + 1) - _weight(new)
        return delta

    def _move(self, table: list[int], leaving: int, coming: int) -> None:
        for other in table:
            if other != leaving:
                self.met[self._pair(leaving, other)] -= 1
                self.met[self._pair(coming, other)] += 1
        table[table.index(leaving)] = coming

    def run(self, steps: int, heat: float, pause: Callable[[], None]) -> tuple[int, list[list[list[int]]]]:
        """Simulated annealing from `heat`: a swap that adds a repeat is kept now and then, less often as the steps
        go by (a descent alone can stop short: 12 repeats for 8 players in 3 rounds, where 8 is the least). A
        descent moves a player drawn at random to the best swap of its round, an annealing to any. The best plan
        seen."""
        rng, tables = self.rng, self.tables
        best = (self.cost, [[table[:] for table in round_] for round_ in tables])
        if len(self.sizes) < 2:
            return best
        for step in range(steps):
            if self.cost == self.floor:
                break
            if step % PAUSE_EVERY == 0:
                pause()
            round_ = tables[rng.randrange(len(tables))]
            first = round_[rng.randrange(len(round_))]
            a = rng.choice(first)
            if heat:  # annealing: any partner in the other tables of the round
                second = rng.choice([table for table in round_ if table is not first])
                b = rng.choice(second)
                delta = self._delta(first, a, b) + self._delta(second, b, a)
            else:  # descent: the best partner (ties drawn at random)
                delta, _, second, b = min((self._delta(first, a, b) + self._delta(table, b, a), rng.random(), table, b)
                                          for table in round_ if table is not first for b in table)
            if delta > 0 and (not heat or rng.random() >= math.exp(-delta / (heat * (1 - step / steps)))):
                continue
            self._move(first, a, b)
            self._move(second, b, a)
            if (len(first) == 4) != (len(second) == 4) and not fair(tables, self.played):
                self._move(first, b, a)
                self._move(second, a, b)
                continue
            self.cost += delta
            if self.cost < best[0]:
                best = (self.cost, [[table[:] for table in round_] for round_ in tables])
        return best
