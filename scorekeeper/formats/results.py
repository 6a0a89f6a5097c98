"""The final results of a finished game or tournament as one list of rows: what the print page and the
results card show (#21), whatever the family. A partnership game lists its sides, the others their players."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..families import family_of
from .stats import column_of


@dataclass(frozen=True)
class ResultRow:
    place: int
    name: str
    score: int  # the raw points summed (tournament) or the final score (game)
    table_points: Fraction | None  # tournament and whist-torneo only


@dataclass(frozen=True)
class Results:
    title: str
    when: str  # ISO time: the tournament's creation, the game's last change
    rows: list[ResultRow]
    tournament: bool
    version: str  # the game's version, the tournament's fingerprint: what they show changes only with it

    @property
    def has_table_points(self) -> bool:
        return any(row.table_points is not None for row in self.rows)


def of_tournament(t) -> Results:
    """A tournament's standings (`service.tournaments.Tournament`): table points, then raw points."""
    rows = [ResultRow(s.place, s.player, s.raw_points, s.table_points) for s in t.standings]
    return Results(t.name, t.created_at, rows, tournament=True, version=t.fingerprint)


def of_game(loaded, title: str) -> Results:
    """A finished game's ranking, one row per column of its sheet (a side counts once)."""
    state = loaded.state
    names = family_of(state.variant).columns(state)
    rows, seen = [], set()
    for place in state.standings:
        column = column_of(state, place.seat)
        if column not in seen:
            seen.add(column)
            rows.append(ResultRow(place.place, names[column], place.total, place.table_points))
    when = loaded.events[-1]["created_at"] if loaded.events else ""
    return Results(title, when, rows, tournament=False, version=str(loaded.version))
