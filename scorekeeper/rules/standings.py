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
    projected: Fraction | None = None  # at a partita in play: the table points it would give if it ended now (#35)


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


def standings_apart(finished: Iterable[Iterable[tuple[str, Fraction, int]]],
                    in_play: Iterable[Iterable[tuple[str, Fraction, int]]]) -> list[Standing]:
    """The standings over the finished partite alone, every player at a partita in play listed too (with what they
    finished so far) and that partita's table points if it ended now kept apart in `projected` (#35): a partita
    two hands old no longer moves anyone up or down the ranking, and the room still sees where it is heading."""
    rows = tournament_standings(finished)
    known = {same_name(tidy_name(r.player)) for r in rows}
    projected: dict[str, Fraction] = {}
    newcomers: list[str] = []
    for partita in in_play:
        for player, table_points, _total in partita:
            key = same_name(tidy_name(player))
            projected[key] = projected.get(key, Fraction(0)) + Fraction(table_points)
            if key not in known:
                known.add(key)
                newcomers.append(player)
    everyone = [(r.player, r.table_points, r.raw_points, r.partite) for r in rows] + \
        [(player, Fraction(0), 0, 0) for player in newcomers]
    places = competition_places([(points, raw) for _player, points, raw, _partite in everyone])
    out = [Standing(tidy_name(player), places[i], points, raw, partite, projected.get(same_name(tidy_name(player))))
           for i, (player, points, raw, partite) in enumerate(everyone)]
    # Within a place, who is heading up comes first (a tie of 0 before the first partita ends is everyone's).
    return sorted(out, key=lambda r: (r.place, -(r.projected or 0), r.player.casefold()))
