"""What one hand of twelve cards can declare, and what a declaration scores: the values the form offers and
the rules accept (enumerated once), and the helpers that say which player scores each class."""
from __future__ import annotations

from functools import cache
from typing import Any, Iterable, Sequence, cast

from ..base import N_, InvalidInput, _short, check_int, pair
from .records import FACES, HAND_CARDS, PIPS, RANKS, SET_POINTS, SET_RANKS


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
        cards, pips = cast(tuple[int, int], keys[winner])  # the better key is one that was given
        points[winner] = point_points(cards, pips, count)
    return pair(points)


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
    return pair(points)


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
    return pair(points)
