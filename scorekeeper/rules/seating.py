"""Seating a club evening: the tables of every round of a tournament from its roster (docs/rules/bid-exactly.md,
"Seating"). Pure and deterministic: the same players, rounds, played rounds and seed give the same seating.

- Tables of 4, as many as the count allows; a table of 3 (or two), or of 5, only when it must be.
- Players meet as many different opponents as they can: the plan minimises the repeated pairs (a pair of players
  at the same table once more), then spreads what repeats (two pairs meeting twice rather than one three times).
- The tables of 3 or 5 go round: nobody sits at one while a player who has sat at fewer sits at a table of 4
  (`STRICT`); or, as the organiser chooses (`FEWER_REPEATS`), they go round unless that keeps a pair meeting again.
- Played rounds are never moved: a late arrival or a withdrawal re-plans the rounds still to play around them.

A player is a number (their place in the roster, kept when others withdraw or arrive); a table is a tuple of players
in seat order, a round a tuple of tables (the tables of 4 first).
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any, Iterable, Sequence

from .base import N_, InvalidInput, InvalidPlayers, check_int, check_players
from .best import BEST
from .designs import ZERO

Table = tuple[int, ...]
Round = tuple[Table, ...]

MIN_PLAYERS, MAX_PLAYERS = 3, 60
MAX_ROUNDS = 8  # partite of an evening (each takes the best part of an hour)
REPEAT = 1000  # a repeated pair outweighs any spreading of the others (`_weight`)
ROTATE = 10  # with FEWER_REPEATS, a seat at a table of 3 or 5 out of turn, per round it counts in (`_Search._rotation`)
WEIGHED = 5000  # swaps weighed by the search, per player and round to plan; it stops sooner when nothing repeats
MOST_WEIGHED = 400_000  # but never more: under a second of CPU for any evening (bench/seating.py)
STRICT, FEWER_REPEATS = "strict_rotation", "fewer_repeats"  # the organiser's choice for the tables of 3 and 5
ODD_TABLES = (STRICT, FEWER_REPEATS)
STUCK = 150  # steps without a better plan before the search starts again (`_Search._restart`)
TENURE = (4, 100)  # steps for which two players swapped in a round are not swapped back there (drawn at random)


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


def check_odd_tables(choice: Any) -> str:
    """The organiser's choice for the tables of 3 and 5: strict rotation (when absent) or fewer repeats."""
    if choice is None:
        return STRICT
    if choice not in ODD_TABLES or not isinstance(choice, str):
        raise InvalidInput(N_("The tables of 3 and 5 are seated by one of: %(choices)s."), field="odd_tables",
                           choices=", ".join(ODD_TABLES))
    return choice


def roster(count: int) -> range:
    """A new evening's players: their numbers in the roster, from 1 as the API shows them (`plan`'s seed depends
    on them, so a benchmark seats the same evenings only with these)."""
    return range(1, count + 1)


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


def met_again(rounds: Sequence[Round]) -> list[tuple[tuple[int, int], tuple[int, ...]]]:
    """Each pair of players seated together more than once (smaller first), with the rounds (from 1) they shared a
    table in: what the organiser reads when the seating cannot avoid every repeat."""
    shared: dict[tuple[int, int], list[int]] = {}
    for number, round_ in enumerate(rounds, start=1):
        for table in round_:
            for pair in combinations(sorted(table), 2):
                shared.setdefault(pair, []).append(number)
    return sorted((pair, tuple(numbers)) for pair, numbers in shared.items() if len(numbers) > 1)


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
         odd_tables: str = STRICT) -> list[Round]:
    """The next `rounds` rounds for `players` (those present from now on), after the `played` ones: under a second
    of CPU (MOST_WEIGHED; a server runs it apart from its other requests, `store.turns.apart`). `odd_tables`: the
    organiser's choice, STRICT rotation of the tables of 3 and 5 or FEWER_REPEATS. A new evening is built
    (`_zero`) or taken from the plans a longer search found (`best.BEST`, the tables of 3 or 5 in turn) where the
    bounded search falls short; with FEWER_REPEATS, unless the search finds fewer repeats."""
    players = sorted(set(players))
    rng = random.Random(f"{seed}:{players}:{rounds}:{played}")
    if not played and (design := _zero(players, rounds, rng)):
        return design
    stored = None if played else BEST.get((len(players), rounds))
    if stored and odd_tables == STRICT:
        return _seat(players, stored[1], rng)
    search = _Search(players, table_sizes(len(players)), rounds, played, rng, odd_tables == STRICT)
    best = search.run(min(WEIGHED * len(players) * rounds, MOST_WEIGHED), 0 if played else least_repeats(
        len(players), rounds))
    evening = [tuple(tuple(table) for table in round_) for round_ in best]
    if stored and stored[0] <= repeated_pairs(evening):  # as few repeats, and the tables in turn
        return _seat(players, stored[1], rng)
    return evening


def least_repeats(players: int, rounds: int) -> int:
    """At least this many pairs repeat in a new evening: each player sits down with more others than the roster
    holds once their tables add up to more, halved (each pair counted by both). A player's excess only falls with
    fewer seats at a table of 3 (rises with more at a table of 5), so the tables of 3 or 5 taken in turn, as even
    as they can be, make the least of it. Weak: 12 players in 3 rounds must repeat 6 pairs where it says 0."""
    sizes = table_sizes(players)
    odd = [size for size in sizes if size != 4]
    turns, more = divmod(rounds * sum(odd), players)  # each player's seats at a table of 3 or 5: turns, or one more
    extra = odd[0] - 4 if odd else 0  # what a seat there adds to the others met: −1 at a table of 3, +1 at one of 5
    excess = [max(0, 3 * rounds + extra * (turns + (p < more)) - (players - 1)) for p in range(players)]
    return -(-sum(excess) // 2)


def _zero(players: list[int], rounds: int, rng: random.Random) -> list[Round] | None:
    """Rounds where nobody meets anyone twice, built rather than searched for, where the search falls short:
    a plan of 4·q players (`_designed`), or of one more than the roster, whose emptied seat makes each round's
    table of 3 (the emptied seat meets nobody twice, so nobody sits at a table of 3 twice). None otherwise."""
    full = len(players) + (len(players) % 4 == 3)
    design = _designed(full, rounds)
    return None if design is None else _seat(players, design, rng)


def _seat(players: list[int], design: Sequence[Sequence[Sequence[int]]], rng: random.Random) -> list[Round]:
    """The rounds of `design` (a plan of players numbered from 0, the roster or one more) with the names of
    `players` in its seats at random, a seat past the roster emptied."""
    order: list[int | None] = [*players, None][:sum(map(len, design[0]))]
    rng.shuffle(order)  # the names fall anywhere in the design
    evening = []
    for round_ in design:
        tables = [tuple(p for i in table if (p := order[i]) is not None) for table in round_]
        rng.shuffle(tables)
        evening.append(tuple(sorted(tables, key=lambda table: len(table) != 4)))  # the tables of 4 first
    return evening


def _designed(players: int, rounds: int) -> Sequence[Sequence[Sequence[int]]] | None:
    """The first `rounds` rounds of a plan of `players` (numbered from 0) meeting nobody twice, if one is known:
    the lines of an affine plane (`_affine`) or a plan found once and stored (`designs.ZERO`)."""
    q, left = divmod(players, 4)
    if not left and rounds <= q and q in (4, 5, 7, 8, 11, 13):
        return _affine(q, rounds)
    stored = ZERO.get(players, ())
    return stored[:rounds] if rounds <= len(stored) else None


def _affine(q: int, rounds: int) -> list[list[list[int]]]:
    """Rounds of 4·q players, q a prime from 5 or 4 or 8, at most q rounds. Player (x, y), x of 4 rows and y of
    the field of q elements, sits in round r at table y − x·r: two of one row never meet, two of rows x₁ ≠ x₂ in
    the one round where y₁ − x₁·r = y₂ − x₂·r (the lines of an affine plane)."""
    binary = q in (4, 8)  # GF(4) and GF(8): adding is xor, multiplying is modulo x² + x + 1 or x³ + x + 1

    def table(x: int, y: int, r: int) -> int:
        if not binary:
            return (y - x * r) % q
        product = 0
        for bit in range(3):
            if r >> bit & 1:
                product ^= x << bit
        for bit in (4, 3, 2):  # x·r < 2⁵; reduce what lies above the field's degree
            if bit >= q.bit_length() - 1 and product >> bit & 1:
                product ^= (0b111 if q == 4 else 0b1011) << (bit - q.bit_length() + 1)
        return y ^ product

    design = []
    for r in range(rounds):
        tables: list[list[int]] = [[] for _ in range(q)]
        for i in range(4 * q):
            tables[table(*divmod(i, q), r)].append(i)
        design.append(tables)
    return design


def _weight(count: int) -> int:
    """What a pair that met `count` times costs: each repeat REPEAT, and more for meeting often (spread them)."""
    return REPEAT * max(0, count - 1) + count * (count - 1) // 2


class _Search:
    """A tabu search over the rounds to plan (Dotú and Van Hentenryck, "Scheduling social golfers locally", 2005).
    Each step swaps two players of one round at two tables, one of them in a repeated pair at that table (a
    conflict): the swap that lowers the cost most, or raises it least, so that the search walks on out of a dead
    end. The same two players are not swapped back in that round for a few steps (they are tabu), unless that
    makes the best plan yet; stuck for long, the search starts again. `strict`: never breaks `fair`; else a seat
    at a table of 3 or 5 out of turn costs what `_rotation` says, less than a repeated pair."""

    def __init__(self, players: list[int], sizes: tuple[int, ...], rounds: int, played: Sequence[Round],
                 rng: random.Random, strict: bool = True):
        self.rng, self.players, self.played, self.sizes, self.strict = rng, players, played, sizes, strict
        met = meetings(played)
        self.floor = sum(_weight(count) for count in met.values())  # no new table brings a pair together again
        # how often a and b have met (met[a][b]), among the players present: the others meet nobody new
        self.played_met = {a: {b: met[(a, b) if a < b else (b, a)] for b in players} for a in players}
        # what one more, or one less, meeting of a pair that met c times adds to the cost (more[c], less[c])
        self.more = [_weight(c + 1) - _weight(c) for c in range(len(played) + rounds + 1)]
        self.less = [0] + [_weight(c - 1) - _weight(c) for c in range(1, len(played) + rounds + 1)]
        self.met = {a: dict(row) for a, row in self.played_met.items()}
        self.tables: list[list[list[int]]] = []
        for _ in range(rounds):
            self.tables.append(self._first_round())
        self._count()

    def _first_round(self) -> list[list[int]]:
        """A first guess at the next round: the tables of 3 or 5 to those with the fewest such seatings so far,
        then each player in turn at the table where they have met the fewest."""
        counts = odd_seatings(self.played) + odd_seatings(self.tables)
        order = sorted(self.players, key=lambda p: (counts[p], self.rng.random()))
        odd_seats = sum(size for size in self.sizes if size != 4)
        tables: list[list[int]] = [[] for _ in self.sizes]
        for group, odd in ((order[odd_seats:], False), (order[:odd_seats], True)):
            self.rng.shuffle(group)
            for p in group:
                table = min((t for t, size in zip(tables, self.sizes) if (size != 4) == odd and len(t) < size),
                            key=lambda t: (sum(self.more[self.met[p][q]] for q in t), self.rng.random()))
                for q in table:
                    self.met[p][q] += 1
                    self.met[q][p] += 1
                table.append(p)
        return tables

    def _count(self) -> None:
        """The cost, the table of each player in each round and the pairs met more than once, from `met`; no
        swap tabu."""
        self._rotation()
        self.cost = self.floor + self.penalty + sum(_weight(count) - _weight(self.played_met[a][b])
                                                    for a, row in self.met.items() for b, count in row.items() if a < b)
        self.where = [{p: t for t, table in enumerate(round_) for p in table} for round_ in self.tables]
        self.tabu: list[dict[tuple[int, int], int]] = [{} for _ in self.tables]  # swap of a, b: tabu until step
        self.repeated = {(a, b) for a, row in self.met.items() for b, count in row.items() if a < b and count > 1}

    def _rotation(self) -> None:
        """With FEWER_REPEATS, what the tables of 3 or 5 out of turn cost (`penalty`): ROTATE times the squares of
        each player's seats at one so far, summed over the rounds to plan. Taking the tables in turn (`fair`) makes
        the least of it, round by round. `later[r][p]`: p's seats at one so far, summed over round r and after,
        which prices a swap (`_moves`)."""
        self.penalty = 0
        self.later: list[dict[int, int]] = []
        if self.strict:
            return
        counts = odd_seatings(self.played)
        so_far = []
        for round_ in self.tables:
            counts.update(p for table in round_ if len(table) != 4 for p in table)
            so_far.append({p: counts[p] for p in self.players})
            self.penalty += ROTATE * sum(count * count for count in so_far[-1].values())
        total = dict.fromkeys(self.players, 0)
        for row in reversed(so_far):
            total = {p: total[p] + row[p] for p in self.players}
            self.later.insert(0, total)

    def _out_of_turn(self, r: int, leaving: int, joining: int) -> int:
        """What `leaving` giving their seat at a table of 3 or 5 in round r to `joining` adds to `penalty` (and
        so to `cost`)."""
        later = self.later[r]
        return ROTATE * 2 * (later[joining] - later[leaving] + len(self.tables) - r)

    def _swap(self, r: int, t: int, a: int, u: int, b: int) -> None:
        """a (at table t of round r) and b (at table u) change places."""
        met, repeated = self.met, self.repeated
        for table, leaving, coming in ((self.tables[r][t], a, b), (self.tables[r][u], b, a)):
            for q in table:
                if q != leaving:
                    for x, count in ((leaving, -1), (coming, 1)):
                        met[x][q] += count
                        met[q][x] += count
                        pair = (x, q) if x < q else (q, x)
                        if met[x][q] > 1:
                            repeated.add(pair)
                        else:
                            repeated.discard(pair)
            table[table.index(leaving)] = coming
        self.where[r][a], self.where[r][b] = u, t

    def _moves(self, step: int, best: int) -> list[tuple[int, int, int, int, int, int]]:
        """The swaps of a player in conflict, as (cost added, round, table, a, other table, b), but for the tabu
        ones that do not make the best plan yet."""
        met, more, less, tables, where = self.met, self.more, self.less, self.tables, self.where
        conflicts = sorted({(r, p) for a, b in self.repeated for r in range(len(tables)) if where[r][a] == where[r][b]
                            for p in (a, b)})
        leaves: dict[int, dict[int, int]] = {}  # what a player leaving their table takes off the cost, by round
        joins: dict[tuple[int, int], dict[int, int]] = {}  # what a player joining a table adds (all of it)
        moves = []
        for r, a in conflicts:
            round_, t, tabu = tables[r], where[r][a], self.tabu[r]
            if r not in leaves:
                leaves[r] = {p: sum(less[met[p][q]] for q in table if q != p) for table in round_ for p in table}
            if (r, t) not in joins:
                joins[r, t] = {p: sum(more[met[p][q]] for q in round_[t]) for table in round_ for p in table}
            leave, join, meets = leaves[r], joins[r, t], met[a]
            for u, other in enumerate(round_):
                if u != t:
                    gain = leave[a] + sum(more[meets[q]] for q in other)
                    for b in other:
                        delta = gain + leave[b] + join[b] - 2 * more[meets[b]]
                        if not self.strict and (len(round_[t]) == 4) != (len(other) == 4):
                            delta += self._out_of_turn(r, a, b) if len(other) == 4 else self._out_of_turn(r, b, a)
                        if self.cost + delta < best or tabu.get((a, b), -1) < step:
                            moves.append((delta, r, t, a, u, b))
        return moves

    def _restart(self, best: list[list[list[int]]] | None) -> None:
        """Start again from a new first guess (`best` None) or from `best`, shaken: a swap at random in each round
        between two tables of 4 (or of 3), never unfair. Going back to the best alone can circle round it (14
        players in 5 rounds: 11 repeats where 6 will do), starting anew alone throws good plans away (32 in 8)."""
        self.met = {a: dict(row) for a, row in self.played_met.items()}
        if best is None:
            self.tables = []
            for _ in self.where:
                self.tables.append(self._first_round())
        else:
            self.tables = [[table[:] for table in round_] for round_ in best]
            for round_ in self.tables:
                first, second = self.rng.sample(round_, 2)
                if len(first) == len(second):
                    i, j = self.rng.randrange(len(first)), self.rng.randrange(len(second))
                    first[i], second[j] = second[j], first[i]
                for table in round_:
                    for a, b in combinations(table, 2):
                        self.met[a][b] += 1
                        self.met[b][a] += 1
        self._count()

    def _settled(self, least: int) -> bool:
        """Nothing better to look for: no more new repeats than `least` (those a new evening cannot avoid, or none
        after played rounds) and the tables of 3 or 5 in turn."""
        new = sum(self.met[a][b] - max(1, self.played_met[a][b]) for a, b in self.repeated)
        return new <= least and (self.strict or fair(self.tables, self.played))

    def run(self, budget: int, least: int) -> list[list[list[int]]]:
        """The best plan found by weighing `budget` swaps (a step weighs more when more players are in conflict),
        or as soon as it is `_settled`."""
        best = (self.cost, [[table[:] for table in round_] for round_ in self.tables])
        last = step = restarts = 0  # the step that found the best plan (or restarted), the step, the restarts
        done = len(self.sizes) < 2 or self._settled(least)
        while budget > 0 and not done:
            step += 1
            if step - last > STUCK:
                restarts += 1
                self._restart(best[1] if restarts % 2 == 0 else None)
                last = step
            moves = self._moves(step, best[0])
            budget -= len(moves) + len(self.players)
            self.rng.shuffle(moves)  # ties in a random order
            for delta, r, t, a, u, b in sorted(moves, key=lambda move: move[0]):
                self._swap(r, t, a, u, b)
                same = (len(self.tables[r][t]) == 4) == (len(self.tables[r][u]) == 4)
                if same or not self.strict or fair(self.tables, self.played):
                    self.cost += delta
                    self.tabu[r][a, b] = self.tabu[r][b, a] = step + self.rng.randint(*TENURE)
                    if not same:
                        self._rotation()
                    break
                self._swap(r, t, b, u, a)
                budget -= len(self.players)  # weighing `fair` costs about as much as a step
            if self.cost < best[0]:
                best, last = (self.cost, [[table[:] for table in round_] for round_ in self.tables]), step
                done = self._settled(least)
        return best[1]
