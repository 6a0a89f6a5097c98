"""CSV files (docs/api.md): UTF-8, a header row, `\\r\\n` line ends, formula-safe cells.

A game's CSV has one row per scored hand per player (per side in partnership games): the family
gives the rows, this module the columns and the safety. Unscored hands are never exported, so a
sealed bid never is.

After the API's columns come those an import needs to record the game again (`csvimport`): the
game's facts on every row (its players, first dealer and options as at creation — an option added
later left out while at its default, as the files written before it lack it —, whether its players
ended it) and each hand's record, as compact JSON. The JSON cells begin with `[` or `{`,
so the names in `players` are never prefixed by the formula guard: they are the names exactly.
"""
from __future__ import annotations

import csv
import io
import json
from typing import Iterable


from ..families import family_of
from ..model import sort_out
from ..store.turns import taking_turns
from ..rules.base import recorded_options

COLUMNS = ["game_id", "variant", "hand", "hand_name", "cards", "trump", "dealer", "seat", "player",
           "bid", "tricks", "score", "total", "detail"]
FAITHFUL = ["players", "first_dealer", "options", "ended", "record"]
GAME_COLUMNS = COLUMNS + FAITHFUL
NUMERIC = {"hand", "cards", "seat", "bid", "tricks", "score", "total", "first_dealer"}
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
    return text(columns, ([safe(row.get(column), column in numeric) for column in columns] for row in rows))


def text(header: list[str], cells: Iterable[list[str]]) -> str:
    """A header and rows of cells already made safe, as CSV text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(cells)
    return out.getvalue()


def compact(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def ended(events: list) -> bool:
    """Whether the players ended the game (an `end` change still standing)."""
    return any(row["payload"].get("type") == "end" for row in sort_out(events)[0])


def cells(game_id: str, state, was_ended: bool) -> list[list[str]]:
    """Every row of one game, as the cells of the file (made safe)."""
    family = family_of(state.variant)
    facts = {"game_id": game_id, "variant": state.variant.id, "players": compact(list(state.players)),
             "first_dealer": state.first_dealer,
             "options": compact(recorded_options(state.variant.options, state.options)),
             "ended": "yes" if was_ended else "no"}
    records: dict[int, str] = {}
    out = []
    for row in taking_turns(family.csv_rows(state)):
        number = row["hand"]
        if number not in records:
            records[number] = compact(family.csv_record(state.hand(number)))
        full = {**facts, **row, "record": records[number]}
        out.append([safe(full.get(column), column in NUMERIC) for column in GAME_COLUMNS])
    return out


def export(loaded) -> str:
    return export_all([loaded])


def export_all(loadeds: Iterable) -> str:
    """Several games in one file: one header, then each game's rows."""
    return text(GAME_COLUMNS, (row for loaded in loadeds
                               for row in cells(loaded.id, loaded.state, ended(loaded.events))))

