"""Tournament (and season) standings as CSV: UTF-8, a header row, one row per player, `\r\n`, formula-safe cells.

`table_points` is exact ("13/3", as in the API); `table_points_decimal` is the same number rounded to
three decimals for spreadsheets (which would read "13/3" as a date).
"""
from __future__ import annotations

from fractions import Fraction

from flask import Response

from ...formats import csvexport
from ...rules.base import format_fraction
from ..game.downloads import csv_download


def decimal(value: Fraction) -> str:
    return f"{float(value):.3f}".rstrip("0").rstrip(".")


def standings(owner: str, owner_id: str, rows, played: str) -> str:
    """The rows of `rows` (standings), each under its owner's id (`tournament_id`, `season_id`); `played` names
    what each player's count is of (`partite`, `evenings`)."""
    columns = [owner, "place", "player", "table_points", "table_points_decimal", "raw_points", played]
    return csvexport.write(columns, set(columns[1:]) - {"player"}, (
        {owner: owner_id, "place": s.place, "player": s.player, "table_points": format_fraction(s.table_points),
         "table_points_decimal": decimal(s.table_points), "raw_points": s.raw_points, played: s.partite}
        for s in rows))


def export(tournament) -> str:
    return standings("tournament_id", tournament.id, tournament.standings, "partite")


def response(tournament) -> Response:
    return csv_download(export(tournament), f"tournament-{tournament.id}-standings.csv")
