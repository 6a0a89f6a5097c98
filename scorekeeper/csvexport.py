"""CSV files (docs/api.md): UTF-8, a header row, `\\r\\n` line ends, formula-safe cells.

A game's CSV has one row per scored hand per player (per side in partnership games): the family
gives the rows, this module the columns and the safety. Unscored hands are never exported, so a
sealed bid never is.
"""
from __future__ import annotations

import csv
import io
from typing import Iterable

from flask import Response

from .families import family_of

COLUMNS = ["game_id", "variant", "hand", "hand_name", "cards", "trump", "dealer", "seat", "player",
           "bid", "tricks", "score", "total", "detail"]
NUMERIC = {"hand", "cards", "seat", "bid", "tricks", "score", "total"}
RISKY = ("=", "+", "-", "@", "\t", "\r")


def safe(value, numeric: bool = False) -> str:
    """Neutralise cells a spreadsheet would run as a formula; numbers in numeric columns stay numbers."""
    if value is None:
        return ""
    if numeric and not isinstance(value, (str, bool)):
        return str(value)
    text = str(value)
    return "'" + text if text.startswith(RISKY) else text


def write(columns: list[str], numeric: set[str], rows: Iterable[dict]) -> str:
    """The CSV text of `rows` (dicts by column name), every cell made safe."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([safe(row.get(column), column in numeric) for column in columns])
    return out.getvalue()


def response(loaded):
    """The game's CSV as a download (no-store: a key opened it)."""
    return Response(export(loaded), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="game-{loaded.id}.csv"',
                             "Cache-Control": "no-store"})


def export(loaded) -> str:
    state = loaded.state
    head = {"game_id": loaded.id, "variant": state.variant.id}
    return write(COLUMNS, NUMERIC, ({**head, **row} for row in family_of(state.variant).csv_rows(state)))
