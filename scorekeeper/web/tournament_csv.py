"""Tournament standings as CSV: UTF-8, a header row, one row per player, `\\r\\n`, formula-safe cells.

`table_points` is exact ("13/3", as in the API); `table_points_decimal` is the same number rounded to
three decimals for spreadsheets (which would read "13/3" as a date).
"""
from __future__ import annotations

import csv
import io
from fractions import Fraction

from flask import Response

from ..csvexport import RISKY
from ..rules.base import format_fraction

COLUMNS = ["tournament_id", "place", "player", "table_points", "table_points_decimal", "raw_points", "partite"]
NUMERIC = {"place", "table_points", "table_points_decimal", "raw_points", "partite"}


def safe(column: str, value) -> str:
    """Like `csvexport.safe`: text a spreadsheet would run as a formula gets a leading apostrophe."""
    if value is None:
        return ""
    if column in NUMERIC and not isinstance(value, (str, bool)):
        return str(value)
    text = str(value)
    return "'" + text if text.startswith(RISKY) else text


def decimal(value: Fraction) -> str:
    return f"{float(value):.3f}".rstrip("0").rstrip(".")


def export(tournament) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for s in tournament.standings:
        row = {"tournament_id": tournament.id, "place": s.place, "player": s.player,
               "table_points": format_fraction(s.table_points),
               "table_points_decimal": decimal(s.table_points), "raw_points": s.raw_points,
               "partite": s.partite}
        writer.writerow([safe(c, row[c]) for c in COLUMNS])
    return out.getvalue()


def response(tournament) -> Response:
    return Response(export(tournament), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="tournament-{tournament.id}-standings.csv"',
                             "Cache-Control": "no-store"})
