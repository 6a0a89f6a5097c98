"""Piquet: two players, 32 cards, a partie of six deals.

Per deal the scorer records what each player scored in the four classes of declarations (carte
blanche, point, sequences, sets) and the play: the winner of each of the 12 tricks in order, or
each player's play points and tricks won. Everything else is derived from those records alone:
the play points, the 10 (or 40 for a capot) for the cards, repique and pique, the running totals
and, after the six deals (eight with a play-off), the value of the partie with its rubicon.

Seats are 0 and 1; the dealer of deal n is (first dealer + n − 1) % 2 and is the younger hand, the
other player the elder hand (who leads the first trick and announces first).
"""
from __future__ import annotations

from copy import copy
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations
from typing import Any, Iterable, Sequence

from .base import (
    N_, InvalidInput, Option, Place, RuleError, StateConflict, Term, TricksSum, _short, check_int,
    DealByDeal, ScorerOnly, evolve, competition_places, put_record, with_defaults,
)
from .vector import EMPTY, Vector

PLAYERS = 2
TRICKS = 12                 # 12 cards each: 12 tricks
HAND_CARDS = 12
DEALS = 6                   # a partie: each player deals three times
PLAYOFF_DEALS = 8           # a tie after six is played off with two more deals
CARTE_BLANCHE = 10
REPIQUE, PIQUE = 60, 30
REPIQUE_AT = PIQUE_AT = 30
CARDS_BONUS, CAPOT = 10, 40
RUBICON = 100               # a loser under 100 is rubiconed
PARTIE_BONUS = 100

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")      # low to high: the order of sequences
PIPS = {"7": 7, "8": 8, "9": 9, "10": 10, "J": 10, "Q": 10, "K": 10, "A": 11}
FACES = ("J", "Q", "K")                                 # a hand without any is a carte blanche
SET_RANKS = ("10", "J", "Q", "K", "A")                  # sets of 10 or higher only
SET_POINTS = {3: 3, 4: 14}                              # trio, quatorze
CLASSES = ("point", "sequences", "sets")                # after carte blanche, in the order announced
FIELDS = ("carte_blanche", "point", "sequences", "sets", "trick_winners", "play_points", "tricks_won",
          "pique")
CLASS_WORDS = {"point": Term(N_("the point")), "sequences": Term(N_("sequences")), "sets": Term(N_("sets"))}


def is_seat(value: Any) -> bool:
    """0 or 1, as a whole number: 1.0 and True are not seats (they compare equal to 1, and would be stored)."""
    return not isinstance(value, bool) and isinstance(value, int) and 0 <= value < PLAYERS


@dataclass(frozen=True)
class PiquetVariant(ScorerOnly):
    id: str
    name: str
    options: tuple[Option, ...]
    family: str = "piquet"
    players: tuple[int, ...] = (2,)

    def new_game(self, players: list[str], first_dealer: int, options: dict) -> "PiquetGame":
        return PiquetGame(self, tuple(players), with_defaults(self.options, options), first_dealer, EMPTY)


PIQUET = PiquetVariant(
    id="piquet",
    name="Piquet",
    options=(
        Option("point_count", ("cards", "pips"), "cards"),
        Option("tie", ("playoff", "draw"), "playoff"),
    ),
)


@dataclass(frozen=True)
class DealRecord:
    """What the scorer recorded for one deal (points per seat in each class; the play one way or the other)."""

    carte_blanche: tuple[bool, bool] = (False, False)
    point: tuple[int, int] = (0, 0)
    sequences: tuple[int, int] = (0, 0)
    sets: tuple[int, int] = (0, 0)
    trick_winners: tuple[int, ...] | None = None     # the seat winning each trick, in order
    play_points: tuple[int, int] | None = None       # or the play as totals...
    tricks_won: tuple[int, int] | None = None
    pique: int | None = None                          # ...with the seat that made pique (totals only)


@dataclass(frozen=True)
class DealResult:
    declarations: tuple[int, int]
    play: tuple[int, int]
    cards_bonus: tuple[int, int]      # 10 for 7+ tricks, 40 for a capot
    repique: int | None               # the seat that made it
    pique: int | None
    scores: tuple[int, int]           # declarations + play + cards bonus + 60 repique + 30 pique
    tricks_won: tuple[int, int]


@dataclass(frozen=True)
class Deal:
    number: int
    dealer: int
    elder: int
    record: DealRecord
    result: DealResult | None         # None for the deal in progress
    totals: tuple[int, int] | None    # running totals after this deal

    @property
    def younger(self) -> int:
        return self.dealer

    @property
    def scores(self) -> tuple[int, int] | None:
        return self.result.scores if self.result else None

    @property
    def trump(self) -> None:
        """Piquet has no trump."""
        return None

    @property
    def tricks(self) -> tuple[int, int] | None:
        return self.result.tricks_won if self.result else None


@dataclass(frozen=True)
class Partie:
    winner: int | None
    value: int | None      # 100 + difference, or 100 + sum on a rubicon; None for a draw
    rubicon: bool
    draw: bool


# -- what a hand of twelve cards can score (enumerated once) ------------------------------------------
def _runs(mask: int) -> list[int]:
    """Lengths of the maximal runs of consecutive ranks in one suit (bit i: RANKS[i])."""
    runs, length = [], 0
    for i in range(len(RANKS) + 1):
        if i < len(RANKS) and mask >> i & 1:
            length += 1
        else:
            if length:
                runs.append(length)
            length = 0
    return runs


def _suit_masks(blank: bool) -> range | list[int]:
    if not blank:
        return range(1 << len(RANKS))
    faces = sum(1 << RANKS.index(r) for r in FACES)
    return [m for m in range(1 << len(RANKS)) if not m & faces]


def _combine(per_suit: dict[int, set], merge) -> set:
    """Every value of a hand of exactly 12 cards over four suits, from each suit's (cards → values)."""
    states = {0: {None}}
    for _ in range(4):
        nxt: dict[int, set] = {}
        for cards, values in states.items():
            for count, suit_values in per_suit.items():
                if cards + count > HAND_CARDS:
                    continue
                bucket = nxt.setdefault(cards + count, set())
                for a in values:
                    for b in suit_values:
                        bucket.add(merge(a, b))
        states = nxt
    return states.get(HAND_CARDS, set())


@cache
def sequence_totals(blank: bool = False) -> frozenset[int]:
    """Every total a 12-card hand's sequences can score (all of them, as its holder scores them)."""
    per_suit: dict[int, set] = {}
    for mask in _suit_masks(blank):
        per_suit.setdefault(bin(mask).count("1"), set()).add(
            sequence_points([r for r in _runs(mask) if r >= 3], check=False))
    return frozenset(_combine(per_suit, lambda a, b: (a or 0) + b))


@cache
def set_totals(blank: bool = False) -> frozenset[int]:
    """Every total a 12-card hand's sets can score (trios and quatorzes of 10 or higher)."""
    states = {0: {0}}
    for rank in RANKS:
        most = 0 if blank and rank in FACES else 4
        nxt: dict[int, set] = {}
        for cards, totals in states.items():
            for count in range(most + 1):
                if cards + count <= HAND_CARDS:
                    gain = SET_POINTS.get(count, 0) if rank in SET_RANKS else 0
                    nxt.setdefault(cards + count, set()).update(t + gain for t in totals)
        states = nxt
    return frozenset(states.get(HAND_CARDS, set()))


@cache
def _suit_points(blank: bool) -> dict[int, set]:
    """Per number of cards in a suit: the (length, pips) keys of that suit."""
    per_suit: dict[int, set] = {}
    for mask in _suit_masks(blank):
        cards = [RANKS[i] for i in range(len(RANKS)) if mask >> i & 1]
        per_suit.setdefault(len(cards), set()).add((len(cards), sum(PIPS[c] for c in cards)))
    return per_suit


@cache
def point_keys(blank: bool = False) -> frozenset[tuple[int, int]]:
    """Every (length, pips) a 12-card hand's point (its best suit) can have."""
    return frozenset(_combine(_suit_points(blank), lambda a, b: b if a is None else max(a, b)))


@cache
def point_values(count: str, blank: bool = False) -> frozenset[int]:
    """Every value a scored point can have when counted by `count` ("cards" or "pips")."""
    return frozenset(_point_value(length, pips, count) for length, pips in point_keys(blank))


@cache
def pip_totals(cards: int) -> frozenset[int]:
    """Every pip total of `cards` cards of one suit."""
    return frozenset(pips for length, pips in _suit_points(False).get(cards, ()) if length == cards)


def _point_value(cards: int, pips: int, count: str) -> int:
    return cards if count == "cards" else (pips + 5) // 10   # tenths rounded half up: 45 → 5


# -- what two hands of twelve cards from one pack can declare together ----------------------------------
# Each class is checked alone above. Here the declarations of each player, and of both, are checked
# together: two disjoint hands of 12 cards from one pack must exist in which each scorer holds at least what
# they declared, and a carte blanche no face card. A player may sink part of a combination ("calling 51 for his
# point when he really has 61; calling a quinte when he has a sixième, or a trio when he has a quatorze … the
# part sunk is lost", Foster), so a declaration is at most what the hand holds:
# - the point: some cards of one suit counting the value declared (never more than the suit counts: a point's
#   value only grows with its cards and pips);
# - sequences: each sequence of the hand declared whole, shortened to three cards or more, or not at all (one
#   held sequence is never declared as two);
# - sets: q ranks held four times for the quatorzes, t other ranks at least three times for the trios.
# A class a player did not score asks nothing of their hand. The search is exhaustive, so that no real deal
# is refused, and small: a dynamic programme over the four suits, met in the middle.
#
# - A suit of the deal is a pair of disjoint rank masks, one per player (3**8 pairs). What the scorers ask
#   of it is a few numbers: each player's cards in it; whether some of the point scorer's cards in it count
#   the point declared; every total the sequence scorer can declare from it; the set scorer's ranks in it,
#   among the ranks the sets are looked for in.
# - Cards and sequences add up over the suits, so what two suits can hold together is one integer whose
#   bits are the reachable (cards, cards, sequences); one such integer per count of each of those ranks in
#   the two suits (0 to 2 each, read in base 3), and another for the pairs of suits one of which makes the
#   point (the suits are alike: that pair can always be the first).
# - The sets are looked for in each choice of ranks for them, at most ten (q + t of the five ranks): in the
#   two halves of the deal a quatorze's rank is held 2 + 2 times, a trio's 1 + 2, 2 + 1 or 2 + 2.
# - Two such halves are a deal when the cards add up to 12 and 12, the sequences to the total declared and
#   the counts of the set ranks as above: for each pair of counts that does, one AND of a half with the
#   other half reversed and shifted.
#
# Two suits are put together only as the search asks for them: a real deal is usually found among the first
# few. What one kind of deal can hold (carte blanches, who scored which class, the point's value, the ranks
# of the sets) is kept for the next deals of that kind, and the answer for a deal too: replaying a game
# checks every deal again.
_SUIT_MASKS = 1 << len(RANKS)                           # bit i of a suit's mask: RANKS[i]
_FACE_BITS = sum(1 << RANKS.index(rank) for rank in FACES)
_SET_SHIFT = RANKS.index(SET_RANKS[0])                  # the set ranks are the top bits of a mask
_BASE3 = [sum(3 ** i for i in range(len(SET_RANKS)) if held >> i & 1) for held in range(1 << len(SET_RANKS))]
_BITS_REVERSED = bytes(int(f"{byte:08b}"[::-1], 2) for byte in range(256))
_SETS_OF = {SET_POINTS[4] * q + SET_POINTS[3] * t: (q, t)            # a sets score: its quatorzes and trios
            for q in range(len(SET_RANKS) + 1) for t in range(len(SET_RANKS) + 1 - q) if 4 * q + 3 * t <= HAND_CARDS}


@dataclass(frozen=True)
class Holding:
    """What a player declared, which their hand must hold at least: a carte blanche, and what they scored in
    each class (0: nothing is asked of the hand in that class)."""

    blank: bool = False
    point: int = 0
    sequences: int = 0
    sets: int = 0

    def upto(self, name: str) -> "Holding":
        """The declarations announced up to `name` (carte_blanche, point, sequences, sets), no later."""
        order = ("carte_blanche",) + CLASSES
        keep = order[:order.index(name) + 1]
        return Holding(self.blank and "carte_blanche" in keep,
                       *(getattr(self, c) if c in keep else 0 for c in CLASSES))


@cache
def _suit_figures() -> tuple[list[int], dict[str, list[int]], list[tuple[int, ...]]]:
    """For each mask of one suit: its cards; the point values some of its cards count (bit v for the value v,
    by cards and by pips); every total its sequences can declare, whole, shortened or sunk."""
    cards = [bin(mask).count("1") for mask in range(_SUIT_MASKS)]
    pips = [sum(PIPS[rank] for i, rank in enumerate(RANKS) if mask >> i & 1) for mask in range(_SUIT_MASKS)]
    values: dict[str, list[int]] = {"cards": [], "pips": []}
    sequences: list[tuple[int, ...]] = []
    for mask in range(_SUIT_MASKS):
        for count, column in values.items():
            bits, part = 0, mask
            while True:                                 # every subset of the suit's cards
                bits |= 1 << _point_value(cards[part], pips[part], count)
                if not part:
                    break
                part = (part - 1) & mask
            column.append(bits)
        totals = {0}
        for run in _runs(mask):
            totals = {total + sequence_points([length], check=False) if length else total
                      for total in totals for length in (0, *range(3, run + 1))}
        sequences.append(tuple(sorted(totals)))
    return cards, values, sequences


@cache
def _suit_pairs(blanks: tuple[bool, bool], alone: bool) -> tuple[tuple[int, int], ...]:
    """Every way to share one suit between the two hands (with the cards nobody holds); `alone`: the
    second hand holds nothing."""
    pairs = []
    for first in _suit_masks(blanks[0]):
        free = 0 if alone else (_SUIT_MASKS - 1) & ~first & ~(_FACE_BITS if blanks[1] else 0)
        second = free
        while True:                                     # every subset of the free ranks
            pairs.append((first, second))
            if not second:
                break
            second = (second - 1) & free
    return tuple(pairs)


class _Halves:
    """What one suit, and two suits, of one kind of deal can hold (see above)."""

    def __init__(self, count: str, blanks: tuple[bool, bool], point: tuple[int, int] | None,
                 sequences: int | None, sets: int | None, alone: bool):
        cards, values, runs = _suit_figures()
        most = 4 * len(RANKS) if alone else HAND_CARDS
        two_suits = 2 * len(RANKS) + 1                  # cards of two suits: 0 to 16
        top_sequences = 2 * max(runs[_SUIT_MASKS - 1]) if sequences is not None else 0
        self.radix = (most + 1, 1) if alone else (two_suits, two_suits)
        self.top = self.index((most, 0 if alone else most), top_sequences)   # where the reversal turns
        self.asks_point = point is not None
        suits: dict[int, dict[int, list]] = {}          # set ranks held → index → [a pair, a pair making the point]
        first, second = self.radix
        for pair in _suit_pairs(blanks, alone):
            makes = point is not None and values[count][pair[point[0]]] >> point[1] & 1
            held = suits.setdefault(0 if sets is None else pair[sets] >> _SET_SHIFT, {})
            for total in (0,) if sequences is None else runs[pair[sequences]]:
                at = cards[pair[0]] + first * (cards[pair[1]] + second * total)      # self.index, inlined
                found = held.setdefault(at, [pair, None])
                if makes and found[1] is None:
                    found[1] = pair
        self.valid = 0                                  # no hand over `most` cards, nor a carry in the index
        for sequences_held in range(top_sequences + 1):
            for second in range(1 if alone else most + 1):
                self.valid |= ((1 << most + 1) - 1) << self.index((0, second), sequences_held)
        self.views: dict[int, _Halves] = {}
        self._hold(suits)

    def _hold(self, suits: dict[int, dict[int, list]]) -> None:
        self.suits = suits
        self.every = {held: sum(1 << at for at in reach) for held, reach in suits.items()}
        self.made = {held: sum(1 << at for at, pairs in reach.items() if pairs[1]) for held, reach in suits.items()}
        self.two: dict[tuple[int, bool], int] = {}
        self.flipped: dict[int, int] = {}

    def looking_at(self, ranks: int) -> "_Halves":
        """These halves with only the set ranks in `ranks` told apart (bit i: SET_RANKS[i]): the ranks of the
        sets looked for."""
        if ranks not in self.views:
            suits: dict[int, dict[int, list]] = {}
            for held, reach in self.suits.items():
                merged = suits.setdefault(held & ranks, {})
                for at, pairs in reach.items():
                    found = merged.setdefault(at, list(pairs))
                    found[1] = found[1] or pairs[1]
            view = copy(self)
            view.views = {}
            view._hold(suits)
            self.views[ranks] = view
        return self.views[ranks]

    def index(self, cards: Sequence[int], sequences: int) -> int:
        return cards[0] + self.radix[0] * (cards[1] + self.radix[1] * sequences)

    def both(self, counts: int, make_point: bool = False) -> int:
        """The bits of two suits whose set ranks add up to `counts` (base 3); one of them making the point."""
        make_point = make_point and self.asks_point
        if (counts, make_point) not in self.two:
            bits = 0
            for one, other in _SUIT_KINDS.get(counts, ()):
                if one not in self.suits or other not in self.suits:
                    continue
                if len(self.suits[one]) > len(self.suits[other]):
                    one, other = other, one             # shift the one with more bits, once for each of the other's
                for at, pairs in self.suits[one].items():
                    bits |= (self.every[other] if pairs[1] or not make_point else self.made[other]) << at
            self.two[counts, make_point] = bits & self.valid
        return self.two[counts, make_point]

    def reversed(self, counts: int) -> int:
        """`both(counts)` reversed over 0..top: bit i set when two suits can hold what bit top − i says."""
        if counts not in self.flipped:
            width = self.top + 1
            size = (width + 7) // 8
            data = self.both(counts).to_bytes(size, "little")[::-1].translate(_BITS_REVERSED)
            self.flipped[counts] = int.from_bytes(data, "little") >> (8 * size - width)
        return self.flipped[counts]


def _two_suit_kinds() -> dict[int, list[tuple[int, int]]]:
    """The counts of the set ranks in two suits (base 3) → the set ranks each suit may hold."""
    kinds: dict[int, list[tuple[int, int]]] = {}
    for one in range(1 << len(SET_RANKS)):
        for other in range(one, 1 << len(SET_RANKS)):
            kinds.setdefault(_BASE3[one] + _BASE3[other], []).append((one, other))
    return kinds


_SUIT_KINDS = _two_suit_kinds()


@lru_cache(maxsize=32)
def _halves(count: str, blanks: tuple[bool, bool], point: tuple[int, int] | None, sequences: int | None,
            sets: int | None, alone: bool) -> _Halves:
    """The halves of one kind of deal: `point` is (the seat that scored it, its value), `sequences` and
    `sets` the seat that scored them (None: nobody); `alone`: one hand (seat 0) of any size up to 32."""
    return _Halves(count, blanks, point, sequences, sets, alone)


@cache
def _set_counts(quatorzes: int, trios: int) -> tuple[tuple[int, dict[int, tuple[int, ...]]], ...]:
    """Each choice of ranks for `quatorzes` fours and `trios` threes (bit i: SET_RANKS[i]), with the counts of
    those ranks in two suits (base 3) → every count of them in the other two suits that holds the sets: a
    quatorze's rank all four times, a trio's three or four times (a trio may be a quatorze, part sunk)."""
    splits = {4: ((2, 2),), 3: ((1, 2), (2, 1), (2, 2))}
    chosen: dict[int, dict[int, set[int]]] = {}
    for fours in combinations(range(len(SET_RANKS)), quatorzes):
        for threes in combinations([rank for rank in range(len(SET_RANKS)) if rank not in fours], trios):
            counts = [(0, 0)]
            for rank in fours + threes:
                counts = [(one + x * 3 ** rank, other + y * 3 ** rank) for one, other in counts
                          for x, y in splits[4 if rank in fours else 3]]
            pairs = chosen.setdefault(sum(1 << rank for rank in fours + threes), {})
            for one, other in counts:
                pairs.setdefault(one, set()).add(other)
    return tuple((ranks, {one: tuple(sorted(others)) for one, others in pairs.items()})
                 for ranks, pairs in chosen.items())


def deal_for(count: str, holdings: Sequence[Holding], size: int = HAND_CARDS) -> tuple | None:
    """A deal from one pack of 32 cards in which each hand holds at least what its holding declares, a part
    sunk (at most one scorer per class, the point counted by `count`): the four suits as (mask of seat 0,
    mask of seat 1), bit i for RANKS[i]; None when there is none. With one holding: one hand of `size` cards
    (up to 32)."""
    alone = len(holdings) == 1
    holdings = [*holdings, Holding()] if alone else list(holdings)
    if not (0 <= size <= 4 * len(RANKS) if alone else size == HAND_CARDS):
        raise ValueError(f"two hands of {HAND_CARDS} cards, or one hand of any size: not {size}")
    scorers = [[seat for seat in (0, 1) if getattr(holdings[seat], name)] for name in CLASSES]
    if any(len(seats) > 1 for seats in scorers):
        raise ValueError("one scorer a class")
    point, sequences, sets = (seats[0] if seats else None for seats in scorers)
    choices = ((0, {0: (0,)}),) if sets is None else _set_counts(*_SETS_OF[holdings[sets].sets])
    for ranks, counts in choices:
        halves = _halves(count, (holdings[0].blank, holdings[1].blank),
                         None if point is None else (point, holdings[point].point), sequences, sets,
                         alone).looking_at(ranks)
        target = halves.index((size, 0 if alone else size),
                              0 if sequences is None else holdings[sequences].sequences)
        shift = halves.top - target
        for one, others in counts.items():
            with_point = halves.both(one, make_point=True)
            if not with_point:
                continue
            for other in others:
                met = with_point & (halves.reversed(other) >> shift)
                if met:
                    at = (met & -met).bit_length() - 1
                    return (*_two_suits(halves, one, at, point is not None),
                            *_two_suits(halves, other, target - at))
    return None


def _two_suits(halves: _Halves, counts: int, at: int, make_point: bool = False) -> tuple:
    """Two suits (mask pairs) holding together what bit `at` of the half with these counts says."""
    for one, other in _SUIT_KINDS[counts]:
        further = halves.suits.get(other, {})
        for first_at, first in halves.suits.get(one, {}).items():
            second = further.get(at - first_at)
            if second is None:
                continue
            if not make_point:
                return first[0], second[0]
            if first[1]:
                return first[1], second[0]
            if second[1]:
                return first[0], second[1]
    raise AssertionError(f"no two suits for bit {at} of {counts}")


def set_names(points: int) -> str:
    """17 → "quatorze + trio": the sets scoring `points` (one way only)."""
    quatorzes, trios = _SETS_OF.get(points, (0, 0))
    return " + ".join(["quatorze"] * quatorzes + ["trio"] * trios)


class _Words(RuleError):
    """Words put into a message (what a player declared), translated with it: not an error of their own."""


def _declared(holding: Holding) -> Any:
    """A holding in words: "point 8, sequences worth 18 and sets worth 42 (quatorze + quatorze + quatorze)"."""
    parts: list[Any] = [Term(N_("a carte blanche"))] if holding.blank else []
    if holding.point:
        parts.append(_Words(N_("point %(value)s"), value=holding.point))
    if holding.sequences:
        parts.append(_Words(N_("sequences worth %(value)s"), value=holding.sequences))
    if holding.sets:
        parts.append(_Words(N_("sets worth %(value)s (%(names)s)"), value=holding.sets, names=set_names(holding.sets)))
    words = parts[-1]
    for i, part in enumerate(reversed(parts[:-1])):
        words = _Words(N_("%(first)s and %(second)s") if i == 0 else N_("%(first)s, %(second)s"),
                       first=part, second=words)
    return words


@lru_cache(maxsize=4096)
def fits(count: str, holdings: tuple[Holding, ...]) -> bool:
    """Whether some deal from one pack gives each player what their holding asks (see deal_for)."""
    return deal_for(count, holdings) is not None


# -- the declaration helpers (for the form) -----------------------------------------------------------
def point_points(cards: Any, pips: Any, count: str) -> int:
    """What a point scores: 1 a card ("cards"), or its pip total over ten rounded half up ("pips")."""
    check_int(cards, "point", 3, len(RANKS))
    if pips is None:
        if count == "pips":
            raise InvalidInput(N_("The point is counted by pips here: give the pip total of the suit."),
                               field="point")
        return cards
    check_int(pips, "point", 0, sum(PIPS.values()))
    if pips not in pip_totals(cards):
        raise InvalidInput(N_("%(cards)s cards of one suit cannot count %(pips)s pips (A 11, K Q J 10, "
                              "the others their number)."), field="point", cards=cards, pips=pips)
    return _point_value(cards, pips, count)


def sequence_points(lengths: Iterable[Any], check: bool = True) -> int:
    """What sequences score: a tierce 3, a quart 4, then 10 more from five cards (quint 15 ... huitième 18)."""
    lengths = list(lengths)
    if check:
        for length in lengths:
            check_int(length, "sequences", 3, len(RANKS))
        if sum(lengths) > HAND_CARDS:
            raise InvalidInput(N_("These sequences need %(cards)s cards, but a hand has 12."),
                               field="sequences", cards=sum(lengths))
    return sum(length + (10 if length >= 5 else 0) for length in lengths)


def set_points(sets: Iterable[Any]) -> int:
    """What sets score: a trio (three of a kind, 10 or higher) 3, a quatorze (four) 14."""
    sets = list(sets)
    for size in sets:
        if isinstance(size, bool) or not isinstance(size, int) or size not in SET_POINTS:
            raise InvalidInput(N_("A set is three (a trio) or four (a quatorze) cards of a kind, not %(size)s."),
                               field="sets", size=_short(size))
    if len(sets) > len(SET_RANKS) or sum(sets) > HAND_CARDS:
        raise InvalidInput(N_("These sets need %(cards)s cards, but a hand has 12."), field="sets",
                           cards=sum(sets))
    return sum(SET_POINTS[size] for size in sets)


def _better(first: tuple | None, second: tuple | None) -> int | None:
    """0 or 1 for the better key (None: no key), None on an exact tie or when neither has one."""
    if first == second:
        return None
    if second is None or (first is not None and first > second):
        return 0
    return 1


def point_scores(first: tuple[int, int] | None, second: tuple[int, int] | None,
                 count: str = "cards") -> tuple[int, int]:
    """The point of each player as (cards, pips) or None: the longer suit wins, then the higher pips."""
    keys = [k if k is None else (k[0], k[1]) for k in (first, second)]
    for key in keys:
        if key is not None:
            if key[1] is None:
                raise InvalidInput(N_("Points of equal length are decided by their pips: give each point as "
                                      "its number of cards and its pip total."), field="point")
            point_points(key[0], key[1], "pips")   # checks both: 3 to 8 cards, pips those cards can count
    points = [0, 0]
    winner = _better(*keys)
    if winner is not None:
        points[winner] = point_points(keys[winner][0], keys[winner][1], count)
    return tuple(points)


def _rank(rank: Any, field: str, allowed: Sequence[str] = RANKS) -> int:
    if rank not in allowed:
        raise InvalidInput(N_("“%(rank)s” is not a card here: use one of %(ranks)s."), field=field,
                           rank=_short(rank), ranks=", ".join(allowed))
    return RANKS.index(rank)


def sequence_scores(first: Sequence[tuple[int, str]], second: Sequence[tuple[int, str]]) -> tuple[int, int]:
    """Each player's sequences as (length, top card): the best (longest, then highest top) scores all its holder's."""
    keys = []
    for sequences in (first, second):
        best = None
        for length, top in sequences:
            check_int(length, "sequences", 3, len(RANKS))
            if _rank(top, "sequences") < length - 1:
                raise InvalidInput(N_("No sequence of %(length)s cards ends at the %(top)s."), field="sequences",
                                   length=length, top=top)
            best = max(best or (0, 0), (length, RANKS.index(top)))
        keys.append(best)
    points = [0, 0]
    winner = _better(*keys)
    if winner is not None:
        points[winner] = sequence_points([length for length, _ in (first, second)[winner]])
    return tuple(points)


def set_scores(first: Sequence[tuple[int, str]], second: Sequence[tuple[int, str]]) -> tuple[int, int]:
    """Each player's sets as (3 or 4, rank): the best (a quatorze beats any trio, then the higher rank)
    scores all its holder's."""
    keys = []
    for sets in (first, second):
        best = None
        for size, rank in sets:
            set_points([size])
            best = max(best or (0, 0), (size, _rank(rank, "sets", SET_RANKS)))
        keys.append(best)
    if keys[0] is not None and keys[0] == keys[1]:
        raise InvalidInput(N_("Both players cannot hold that set: there are only four cards of a kind."),
                           field="sets")
    points = [0, 0]
    winner = _better(*keys)
    if winner is not None:
        points[winner] = set_points([size for size, _ in (first, second)[winner]])
    return tuple(points)


# -- scoring one deal (pure functions of the record) ---------------------------------------------------
def play_from_tricks(trick_winners: Sequence[int], elder: int) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    """Play points per seat and the scoring steps in order: (seat, points) for the elder's first lead,
    then each trick: 1 won on one's own lead, 2 on the opponent's; the winner leads the next."""
    points = [0, 0]
    steps = [(elder, 1)]
    points[elder] += 1
    leader = elder
    for winner in trick_winners:
        gain = 1 if winner == leader else 2
        points[winner] += gain
        steps.append((winner, gain))
        leader = winner
    return tuple(points), steps


def cards_bonus(tricks_won: tuple[int, int]) -> tuple[int, int]:
    """10 to the player with 7 or more tricks, 40 instead for all twelve (capot); 6–6 scores nothing."""
    bonus = [0, 0]
    for seat in (0, 1):
        if tricks_won[seat] == TRICKS:
            bonus[seat] = CAPOT
        elif tricks_won[seat] * 2 > TRICKS:
            bonus[seat] = CARDS_BONUS
    return tuple(bonus)


def declaration_steps(record: DealRecord, elder: int) -> list[tuple[int, int]]:
    """(seat, points) in the order announced: carte blanche, point, sequences, sets; elder first in each."""
    steps = []
    for seat in (elder, 1 - elder):
        if record.carte_blanche[seat]:
            steps.append((seat, CARTE_BLANCHE))
    for name in CLASSES:
        for seat in (elder, 1 - elder):
            if getattr(record, name)[seat]:
                steps.append((seat, getattr(record, name)[seat]))
    return steps


def find_repique(steps: Iterable[tuple[int, int]]) -> int | None:
    """The seat reaching 30 in declarations before the other has scored anything."""
    running = [0, 0]
    for seat, points in steps:
        running[seat] += points
        if running[seat] >= REPIQUE_AT and running[1 - seat] == 0:
            return seat
    return None


def find_pique(steps: Iterable[tuple[int, int]], elder: int) -> int | None:
    """The elder reaching 30 (declarations, then play in order) before the younger has scored anything."""
    running = [0, 0]
    for seat, points in steps:
        running[seat] += points
        if running[1 - elder]:
            return None
        if running[elder] >= PIQUE_AT:
            return elder
    return None


def _play_split(record: DealRecord, elder: int) -> tuple[int, int, int, int]:
    """From totals: (elder's tricks, younger's tricks, elder's wins on the younger's lead, the younger's
    wins on the elder's lead)."""
    younger = 1 - elder
    x, y = record.tricks_won[elder], record.tricks_won[younger]
    return x, y, record.play_points[elder] - 1 - x, record.play_points[younger] - y


def pique_bounds(record: DealRecord, elder: int) -> tuple[bool, bool]:
    """With the play as totals: (a pique is possible, a pique is certain) from what the totals tell.

    Before the younger's first trick the elder scores 1 for the lead and 1 per trick won on their own
    lead: at most all of them (x − k), and all of them for sure when the elder never won on the
    younger's lead (the lead never came back, so every elder trick came first)."""
    younger = 1 - elder
    declared = [0, 0]
    for seat, points in declaration_steps(record, elder):
        declared[seat] += points
    if declared[younger] or find_repique(declaration_steps(record, elder)) is not None:
        return False, False
    x, _, k, _ = _play_split(record, elder)
    most = declared[elder] + 1 + (x - k)
    least = declared[elder] + 1 + (x if k == 0 else 0)
    return most >= PIQUE_AT, least >= PIQUE_AT


def score_deal(record: DealRecord, elder: int) -> DealResult:
    """Everything a deal scores, from its record alone (the record is complete and checked)."""
    declarations = [0, 0]
    steps = declaration_steps(record, elder)
    for seat, points in steps:
        declarations[seat] += points
    repique = find_repique(steps)
    if record.trick_winners is not None:
        play, play_steps = play_from_tricks(record.trick_winners, elder)
        tricks = tuple(record.trick_winners.count(seat) for seat in (0, 1))
        pique = None if repique is not None else find_pique(steps + play_steps, elder)
    else:
        play, tricks = record.play_points, record.tricks_won
        certain = pique_bounds(record, elder)[1]
        pique = elder if certain else record.pique
    bonus = cards_bonus(tricks)
    scores = tuple(declarations[s] + play[s] + bonus[s] + (REPIQUE if repique == s else 0)
                   + (PIQUE if pique == s else 0) for s in (0, 1))
    return DealResult(declarations=tuple(declarations), play=tuple(play), cards_bonus=bonus, repique=repique,
                      pique=pique, scores=scores, tricks_won=tuple(tricks))


_scored = lru_cache(maxsize=4096)(score_deal)  # a correction asks again for the deals before it, mostly alike


def partie_value(totals: tuple[int, int]) -> Partie:
    """The higher total wins 100 + the difference; 100 + both totals when the loser has under 100 (rubicon)."""
    if totals[0] == totals[1]:
        return Partie(winner=None, value=None, rubicon=False, draw=True)
    winner = 0 if totals[0] > totals[1] else 1
    loser = totals[1 - winner]
    if loser < RUBICON:
        return Partie(winner=winner, value=PARTIE_BONUS + totals[0] + totals[1], rubicon=True, draw=False)
    return Partie(winner=winner, value=PARTIE_BONUS + totals[winner] - loser, rubicon=False, draw=False)


# -- the game -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PiquetGame(DealByDeal):
    variant: PiquetVariant
    players: tuple[str, ...]
    options: dict
    first_dealer: int
    records: Vector                   # scored deals (DealRecord) in order (a deal is recorded whole)
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def sides(self):
        return None

    def dealer(self, number: int) -> int:
        return (self.first_dealer + number - 1) % PLAYERS

    def elder(self, number: int) -> int:
        return 1 - self.dealer(number)

    # -- derived figures -------------------------------------------------------------------------

    def _replay(self) -> dict:
        deals, totals = [], (0, 0)
        for number, record in enumerate(self.records, start=1):
            result = _scored(record, self.elder(number))
            totals = tuple(t + s for t, s in zip(totals, result.scores))
            deals.append(Deal(number, self.dealer(number), self.elder(number), record, result, totals))
        over = self.finished
        if not over:
            number = len(deals) + 1
            deals.append(Deal(number, self.dealer(number), self.elder(number), DealRecord(), None, None))
        partie = partie_value(totals) if over else None
        return {"hands": deals, "totals": totals, "partie": partie}

    @property
    def planned_hands(self) -> int:
        """Six deals; eight once the six are tied and the play-off is on. Only the first six deals are
        scored to know it (a change checks it: the partie is short, the sheet's figures wait until asked)."""
        if "planned" not in self._cache:
            playoff = False
            if self.options["tie"] == "playoff" and len(self.records) >= DEALS:
                after_six = [0, 0]
                for number, record in enumerate(self.records[:DEALS], start=1):
                    for seat, score in enumerate(_scored(record, self.elder(number)).scores):
                        after_six[seat] += score
                playoff = after_six[0] == after_six[1]
            self._cache["planned"] = PLAYOFF_DEALS if playoff else DEALS
        return self._cache["planned"]

    @property
    def finished(self) -> bool:
        return len(self.records) >= self.planned_hands

    @property
    def current_hand(self) -> int | None:
        return None if self.finished else len(self.records) + 1  # a deal is recorded whole

    @property
    def totals(self) -> tuple[int, int]:
        return self._figures["totals"]

    @property
    def partie(self) -> Partie | None:
        """The result of the partie once it is over; None until then."""
        return self._figures["partie"]

    @property
    def standings(self) -> list[Place]:
        totals = self.totals
        places = competition_places(list(totals))
        rows = [Place(seat=seat, place=places[seat], total=totals[seat]) for seat in range(PLAYERS)]
        return sorted(rows, key=lambda r: (r.place, r.seat))

    # -- changes -----------------------------------------------------------------------------------
    NO_BIDDING = N_("There is no bidding in Piquet: record each deal's declarations and play.")
    Record = DealRecord

    @staticmethod
    def with_end(event: dict):
        raise StateConflict(N_("A partie of Piquet ends by itself after its six deals (eight after a tie)."))

    def with_hand(self, number: Any, fields: dict) -> "PiquetGame":
        """Record a deal whole, or correct one: the fields given replace the recorded ones, then the
        record is checked as a whole."""
        record = self._editable(number)
        unknown = sorted(str(name) for name in fields if name not in FIELDS)
        if unknown:
            raise InvalidInput(N_("Unknown field: %(names)s."), field=unknown[0],
                               names=", ".join(_short(u) for u in unknown))
        totals_given = "play_points" in fields or "tricks_won" in fields
        if "trick_winners" in fields and totals_given:
            raise InvalidInput(N_("Record the play one way: the winner of each trick, or the play points "
                                  "and tricks of each player, not both."), field="trick_winners")
        if "carte_blanche" in fields:
            record = evolve(record, carte_blanche=self._check_blanche(fields["carte_blanche"]))
        for name in CLASSES:
            if name in fields:
                record = evolve(record, **{name: self._pair(fields[name], name, 0, 99)})
        if "trick_winners" in fields:
            record = evolve(record, trick_winners=self._check_winners(fields["trick_winners"]),
                             play_points=None, tricks_won=None, pique=None)
        if totals_given:
            record = evolve(record, trick_winners=None)
        if "play_points" in fields:
            record = evolve(record, play_points=self._pair(fields["play_points"], "play_points", 0, 99))
        if "tricks_won" in fields:
            record = evolve(record, tricks_won=self._check_tricks_won(fields["tricks_won"]))
        if "pique" in fields:
            record = evolve(record, pique=self._check_pique_seat(fields["pique"], number))
        self._check_record(record, number)
        game = evolve(self, records=put_record(self.records, number, record))
        if len(game.records) > game.planned_hands:  # no longer a tie: only undoing the play-off helps
            beyond, last = game.planned_hands + 1, len(game.records)
            raise StateConflict(
                N_("With this correction the six deals are no longer a tie, so there is no play-off, yet deals "
                   "%(number)s to %(last)s are recorded: undo until they are gone (Undo takes back the latest "
                   "change first), then make this correction again.") if last > beyond else
                N_("With this correction the six deals are no longer a tie, so there is no play-off, yet deal "
                   "%(number)s is recorded: undo it first (Undo takes back the latest change first), then make "
                   "this correction again."), field="hand", number=beyond, last=last)
        return game

    # -- checks ------------------------------------------------------------------------------------
    def _past_the_end(self, number: int) -> StateConflict:
        if self.planned_hands == DEALS and self.options["tie"] == "playoff":
            return StateConflict(N_("The partie is over: after six deals it is not a tie, so there is no "
                                    "deal %(number)s."), field="hand", number=number)
        return StateConflict(N_("The partie is over after %(deals)s deals: there is no deal %(number)s."),
                             field="hand", deals=self.planned_hands, number=number)

    def _names(self) -> dict:
        return {"player0": self.players[0], "player1": self.players[1]}

    def _pair(self, values: Any, field: str, low: int, high: int, error=InvalidInput) -> tuple[int, int]:
        if not isinstance(values, list) or len(values) != PLAYERS:
            raise InvalidInput(N_("Give two numbers, one for each player: [%(player0)s, %(player1)s]."),
                               field=field, **self._names())
        for value in values:
            check_int(value, field, low, high, error=error)
        return tuple(values)

    def _check_blanche(self, values: Any) -> tuple[bool, bool]:
        if not isinstance(values, list) or len(values) != PLAYERS or not all(isinstance(v, bool) for v in values):
            raise InvalidInput(N_("Say for each player whether they held a carte blanche (a hand without "
                                  "king, queen or jack): [%(player0)s, %(player1)s] as true or false."),
                               field="carte_blanche", **self._names())
        return tuple(values)

    def _check_winners(self, values: Any) -> tuple[int, ...]:
        if not isinstance(values, list):
            raise InvalidInput(N_("Give the winner of each trick in order: 12 seats, 0 (%(player0)s) or 1 "
                                  "(%(player1)s)."), field="trick_winners", **self._names())
        for value in values:
            if not is_seat(value):
                raise InvalidInput(N_("“%(seat)s” is not a player: a trick is won by 0 (%(player0)s) or 1 "
                                      "(%(player1)s)."), field="trick_winners", seat=_short(value),
                                   **self._names())
        if len(values) != TRICKS:
            raise TricksSum(N_("%(count)s tricks were given, but a deal has 12 tricks: give the winner of "
                               "each."), field="trick_winners", count=len(values))
        return tuple(values)

    def _check_tricks_won(self, values: Any) -> tuple[int, int]:
        values = self._pair(values, "tricks_won", 0, TRICKS, error=TricksSum)
        if sum(values) != TRICKS:
            raise TricksSum(N_("The tricks add up to %(sum)s, but a deal has %(tricks)s tricks."),
                            field="tricks_won", sum=sum(values), tricks=TRICKS)
        return values

    def _check_pique_seat(self, value: Any, number: int) -> int | None:
        if value is None:
            return None
        if not is_seat(value):
            raise InvalidInput(N_("There is no seat %(seat)s at this table."), field="pique", seat=_short(value))
        elder = self.elder(number)
        if value != elder:
            raise InvalidInput(N_("Only the elder hand (%(elder)s, who did not deal) can make a pique: "
                                  "%(player)s dealt this deal."), field="pique",
                               elder=self.players[elder], player=self.players[value])
        return value

    def _check_record(self, record: DealRecord, number: int) -> None:
        """The merged record as a whole: declarations a hand can have, play that fits together."""
        count = self.options["point_count"]
        for name in CLASSES:
            values = getattr(record, name)
            if values[0] and values[1]:
                raise InvalidInput(
                    N_("Only one player scores for %(what)s, the one who holds the better: here %(player0)s "
                       "has %(first)s and %(player1)s %(second)s."), field=name, what=CLASS_WORDS[name],
                    first=values[0], second=values[1], **self._names())
            for seat in (0, 1):
                self._check_class(name, values[seat], seat, record.carte_blanche[seat], count)
        self._check_hands(record)
        elder = self.elder(number)
        if record.trick_winners is None:
            if record.play_points is None and record.tricks_won is None:
                raise InvalidInput(N_("Record the play: the winner of each trick in order, or each player's "
                                      "play points and tricks won."), field="trick_winners")
            if record.tricks_won is None:
                raise InvalidInput(N_("With the play points, record each player's tricks won."), field="tricks_won")
            if record.play_points is None:
                raise InvalidInput(N_("With the tricks won, record each player's play points."),
                                   field="play_points")
            self._check_play_points(record, elder)
            if record.pique is not None:
                self._check_pique(record, elder)
        elif record.pique is not None:
            raise InvalidInput(N_("With the winner of each trick recorded the pique is worked out from them: "
                                  "leave it out."), field="pique")

    def _check_class(self, name: str, value: int, seat: int, blank: bool, count: str) -> None:
        if value == 0:
            return
        if name == "point":
            allowed = point_values(count, blank)
        elif name == "sequences":
            allowed = sequence_totals(blank)
        else:
            allowed = set_totals(blank)
        if value in allowed:
            return
        listed = ", ".join(str(v) for v in sorted(allowed - {0}))
        if blank and value in (point_values(count) if name == "point" else
                               sequence_totals() if name == "sequences" else set_totals()):
            raise InvalidInput(N_("%(player)s holds a carte blanche (no king, queen or jack): %(what)s of such "
                                  "a hand can score only %(allowed)s, not %(value)s."), field=name,
                               player=self.players[seat], what=CLASS_WORDS[name], allowed=listed, value=value)
        if name == "point" and count == "pips":
            raise InvalidInput(N_("No hand scores %(value)s for the point counted by pips (its pip total over "
                                  "ten, rounded): it scores %(allowed)s."), field=name, value=value, allowed=listed)
        if name == "point":
            raise InvalidInput(N_("No hand scores %(value)s for the point: the longest suit of twelve cards "
                                  "has 3 to 8 cards."), field=name, value=value)
        raise InvalidInput(N_("No hand of twelve cards scores %(value)s for %(what)s; it can score "
                              "%(allowed)s."), field=name, value=value, what=CLASS_WORDS[name], allowed=listed)

    def _check_hands(self, record: DealRecord) -> None:
        """The declarations together: each player's must fit one hand of twelve cards, and both players' two
        hands dealt from one pack, a part sunk or not. Refused at the first field, in the order announced, where
        they stop fitting. What one player declares, each class a value it can score, always fits a bigger hand:
        the whole pack (the 20 cards without a face, for a carte blanche) holds every combination whole."""
        count = self.options["point_count"]
        holdings = tuple(Holding(record.carte_blanche[seat], record.point[seat], record.sequences[seat],
                                 record.sets[seat]) for seat in (0, 1))
        if fits(count, holdings):
            return
        order = ("carte_blanche",) + CLASSES
        for seat in (0, 1):
            for name in order:
                held = holdings[seat].upto(name)
                declared = held.blank if name == "carte_blanche" else getattr(held, name)
                if not declared or fits(count, (held,)):
                    continue
                fewest = next(size for size in range(HAND_CARDS + 1, 4 * len(RANKS) + 1)
                              if deal_for(count, [held], size) is not None)
                raise InvalidInput(N_("%(player)s cannot hold %(declared)s: that takes at least %(cards)s "
                                      "cards, and a hand has 12."), field=name, player=self.players[seat],
                                   declared=_declared(held), cards=fewest)
        for name in order:
            held = tuple(holding.upto(name) for holding in holdings)
            if fits(count, held):
                continue
            if name == "carte_blanche":
                raise InvalidInput(N_("Both players cannot hold a carte blanche: only 20 cards are not kings, "
                                      "queens or jacks."), field=name)
            raise InvalidInput(N_("One pack of 32 cards cannot deal both hands: %(player0)s with %(first)s, "
                                  "%(player1)s with %(second)s."), field=name, first=_declared(held[0]),
                               second=_declared(held[1]), **self._names())
        raise AssertionError("declarations that fit field by field but not as a whole")

    def _check_play_points(self, record: DealRecord, elder: int) -> None:
        """Elder: 1 for the first lead + 1 a trick + 1 more a trick won on the younger's lead (k);
        younger: 1 a trick + 1 more a trick won on the elder's lead (m). Such tricks pass the lead, so
        they alternate, the younger's first: m is k or k + 1, and a younger who won anything has m ≥ 1."""
        younger = 1 - elder
        x, y, k, m = _play_split(record, elder)
        bounds = {elder: (1 + x, 1 + x + min(x, y), x), younger: (y + (1 if y else 0), y + min(y, x + 1), y)}
        for seat in (elder, younger):
            low, high, tricks = bounds[seat]
            if not low <= record.play_points[seat] <= high:
                raise InvalidInput(
                    N_("With %(tricks)s tricks %(player)s scores from %(low)s to %(high)s play points, not "
                       "%(value)s (1 a trick won on one's own lead, 2 on the opponent's, and 1 to the elder "
                       "hand for the first lead)."), field="play_points", tricks=tricks,
                    player=self.players[seat], low=low, high=high, value=record.play_points[seat])
        if m - k not in (0, 1):
            raise InvalidInput(
                N_("These play points do not go together: a trick won on the opponent's lead passes the lead, "
                   "so such tricks alternate between the players, the younger hand's first. The play points "
                   "add up to 13 plus the number of those tricks."), field="play_points")

    def _check_pique(self, record: DealRecord, elder: int) -> None:
        younger = 1 - elder
        steps = declaration_steps(record, elder)
        if find_repique(steps) is not None:
            raise InvalidInput(N_("There is a repique in this deal, and never a pique as well."), field="pique")
        declared = [0, 0]
        for seat, points in steps:
            declared[seat] += points
        if declared[younger]:
            raise InvalidInput(N_("No pique: %(younger)s (the younger hand) scored in the declarations before "
                                  "any play."), field="pique", younger=self.players[younger])
        if not pique_bounds(record, elder)[0]:
            x, _, k, _ = _play_split(record, elder)
            raise InvalidInput(
                N_("No pique: %(elder)s cannot reach 30 before %(younger)s scores (%(declared)s in declarations, "
                   "1 for the lead and at most %(tricks)s for tricks won on their own lead)."), field="pique",
                elder=self.players[elder], younger=self.players[younger], declared=declared[elder],
                tricks=x - k)
