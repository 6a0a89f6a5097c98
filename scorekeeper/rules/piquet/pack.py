"""What two hands of twelve cards from one pack can declare together: the check that a deal's declarations
could all be held at once."""
from __future__ import annotations

from copy import copy
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from typing import Any, Sequence

from ..base import N_, RuleError, Term
from .records import CLASSES, FACES, HAND_CARDS, PIPS, RANKS, SET_POINTS, SET_RANKS
from .declarations import _point_value, _runs, _suit_masks, sequence_points


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
