"""Tournament standings (docs/rules/bid-exactly.md): table points summed over the partite, ties by raw points."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from .base import competition_places, same_name, tidy_name


@dataclass(frozen=True)
class Standing:
    player: str
    place: int
    table_points: Fraction
    raw_points: int
    partite: int


def tournament_standings(results: Iterable[Iterable[tuple[str, Fraction, int]]]) -> list[Standing]:
    """`results`: for each finished partita, (player, table points, total) per seat.

    Players are matched by name (tidied, ignoring case and width); the first spelling seen is kept.
    """
    points: dict[str, Fraction] = {}
    raw: dict[str, int] = {}
    games: dict[str, int] = {}
    names: dict[str, str] = {}
    for partita in results:
        for player, table_points, total in partita:
            key = same_name(tidy_name(player))
            names.setdefault(key, tidy_name(player))
            points[key] = points.get(key, Fraction(0)) + Fraction(table_points)
            raw[key] = raw.get(key, 0) + total
            games[key] = games.get(key, 0) + 1
    order = list(points)
    places = competition_places([(points[k], raw[k]) for k in order])
    rows = [Standing(names[k], places[i], points[k], raw[k], games[k]) for i, k in enumerate(order)]
    return sorted(rows, key=lambda r: (r.place, r.player.casefold()))
