"""Tournament standings as CSV: UTF-8, a header row, one row per player, `\r\n`, formula-safe cells.

`table_points` is exact ("13/3", as in the API); `table_points_decimal` is the same number rounded to
three decimals for spreadsheets (which would read "13/3" as a date).
"""
from __future__ import annotations

from fractions import Fraction

from flask import Response

from ..formats import csvexport
from ..rules.base import format_fraction
from .downloads import csv_download

COLUMNS = ["tournament_id", "place", "player", "table_points", "table_points_decimal", "raw_points", "partite"]
NUMERIC = {"place", "table_points", "table_points_decimal", "raw_points", "partite"}


def decimal(value: Fraction) -> str:
    return f"{float(value):.3f}".rstrip("0").rstrip(".")


def export(tournament) -> str:
    return csvexport.write(COLUMNS, NUMERIC, (
        {"tournament_id": tournament.id, "place": s.place, "player": s.player,
         "table_points": format_fraction(s.table_points), "table_points_decimal": decimal(s.table_points),
         "raw_points": s.raw_points, "partite": s.partite}
        for s in tournament.standings))


def response(tournament) -> Response:
    return csv_download(export(tournament), f"tournament-{tournament.id}-standings.csv")
