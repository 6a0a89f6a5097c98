"""A season (docs/rules/bid-exactly.md, "Season"): its name and its standings, the evenings' standings summed.

Pure: the service (`service/seasons.py`) gives the standings of each finished tournament of the season.
"""
from __future__ import annotations

from typing import Iterable

from .base import N_
from .standings import Standing, tournament_standings
from .tournament import check_title

ROLES = ("organiser", "view")
MAX_SEASON_NAME = 60


def check_name(name) -> str:
    return check_title(name, MAX_SEASON_NAME, N_("Give the season a name."),
                       N_("A season name may be at most %(max)s characters long."),
                       N_("A season name may not contain control characters."))


def season_standings(evenings: Iterable[list[Standing]]) -> list[Standing]:
    """Each evening's standings summed as if it were one partita: table points, then raw points, ranked as a
    tournament's standings; a player's `partite` is then the evenings they played. Names match as in a
    tournament (tidied, ignoring case and width)."""
    return tournament_standings([(s.player, s.table_points, s.raw_points) for s in standings]
                                for standings in evenings)
