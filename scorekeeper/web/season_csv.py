"""A season's standings as CSV, as a tournament's are (`tournament_csv`): UTF-8, a header row, one row per player,
`\r\n`, formula-safe cells, table points exact and as a decimal."""
from __future__ import annotations

from flask import Response

from ..formats import csvexport
from ..rules.base import format_fraction
from .downloads import csv_download
from .tournament_csv import decimal

COLUMNS = ["season_id", "place", "player", "table_points", "table_points_decimal", "raw_points", "evenings"]
NUMERIC = {"place", "table_points", "table_points_decimal", "raw_points", "evenings"}


def export(season) -> str:
    return csvexport.write(COLUMNS, NUMERIC, (
        {"season_id": season.id, "place": s.place, "player": s.player,
         "table_points": format_fraction(s.table_points), "table_points_decimal": decimal(s.table_points),
         "raw_points": s.raw_points, "evenings": s.partite}
        for s in season.standings))


def response(season) -> Response:
    return csv_download(export(season), f"season-{season.id}-standings.csv")
