"""What the numbers say about each player: statistics per player name and variant over a set of games.

Computed from the games as replayed from their event logs, over scored hands only: a sealed bid
counts (and shows) once its hand's tricks are recorded, never before. Games played, won and places
count finished games; hands (and the best and worst of them) count every scored hand. A player is
known by name (trimmed, case ignored), as the tournament standings match them. What only one family
has (bids, rubbers, contracts) is its `tally`, found through `family_of`. No Flask, no SQL: the pages
hand in the games a phone or a tournament holds.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable

from ..families import family_of
from ..rules import VARIANTS
from ..rules.base import is_draw, same_name, tidy_name


@dataclass(frozen=True)
class Moment:
    """One player's score in one hand (their side's, in a partnership): a best or a worst hand."""

    score: int
    game_id: str
    hand: int


@dataclass
class PlayerStats:
    name: str
    played: int = 0  # finished games
    won: int = 0  # first places, alone or shared with some (not all: that is a draw)
    drawn: int = 0  # games everyone tied: nobody won them
    places: list[int] = field(default_factory=list)  # in each finished game, in the order given
    results: list[int] = field(default_factory=list)  # final totals (the side's), same order
    hands: int = 0  # scored hands, finished games or not
    best: Moment | None = None
    worst: Moment | None = None
    counts: Counter = field(default_factory=Counter)  # the family's own (`tally`)

    @property
    def average_place(self) -> Fraction | None:
        return Fraction(sum(self.places), len(self.places)) if self.places else None

    def hand(self, moment: Moment) -> None:
        """Count one scored hand; on equal scores the earlier hand stays the best (or worst)."""
        self.hands += 1
        if self.best is None or moment.score > self.best.score:
            self.best = moment
        if self.worst is None or moment.score < self.worst.score:
            self.worst = moment


@dataclass
class VariantStats:
    variant: object
    games: int = 0  # games with at least one scored hand
    finished: int = 0
    players: list[PlayerStats] = field(default_factory=list)  # most wins first


def once_each(loadeds: Iterable) -> list:
    """A game and its copies imported from files count once (#19: an imported game doubled its statistics):
    of each, the one that has come furthest (the most changes), in the order first seen."""
    kept: dict[str, object] = {}
    for loaded in loadeds:
        found = kept.get(loaded.origin)
        if found is None or len(loaded.events) > len(found.events):
            kept[loaded.origin] = loaded
    return list(kept.values())


def name_key(name: str) -> str:
    return same_name(tidy_name(name))


def column_of(state, seat: int) -> int:
    """Where a seat's scores are: its own column, or its side's."""
    sides = state.sides
    return seat if sides is None else next(index for index, seats in enumerate(sides) if seat in seats)


def compute(games: Iterable) -> list[VariantStats]:
    """Statistics per variant (in the order of the registry) from replayed games (`games.Loaded`),
    given oldest first; games without a scored hand are left out."""
    found: dict[str, VariantStats] = {}
    rows: dict[tuple[str, str], PlayerStats] = {}
    for game in games:
        state = game.state
        scored = [hand for hand in state.hands if hand.scores is not None]
        if not scored:
            continue
        stats = found.setdefault(state.variant.id, VariantStats(state.variant))
        stats.games += 1
        stats.finished += state.finished
        places = {place.seat: place for place in state.standings}
        drawn = is_draw(state.standings)
        family = family_of(state.variant)
        for seat, name in enumerate(state.players):
            row = rows.get((state.variant.id, name_key(name)))
            if row is None:
                row = rows[state.variant.id, name_key(name)] = PlayerStats(" ".join(name.split()))
                stats.players.append(row)
            column = column_of(state, seat)
            for hand in scored:
                row.hand(Moment(hand.scores[column], game.id, hand.number))
            if state.finished:
                row.played += 1
                row.won += places[seat].place == 1 and not drawn
                row.drawn += drawn
                row.places.append(places[seat].place)
                row.results.append(places[seat].total)
            row.counts.update(family.tally(state, seat))
    order = list(VARIANTS)
    for stats in found.values():
        stats.players.sort(key=lambda r: (-r.won, r.average_place is None, r.average_place or 0, name_key(r.name)))
    return sorted(found.values(), key=lambda stats: order.index(stats.variant.id))
