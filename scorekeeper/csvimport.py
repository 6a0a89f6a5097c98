"""A game's CSV read back (docs/api.md "CSV import"): rows → the changes of a new game, all checked.

Nothing is trusted: the game's facts and each hand's `record` are replayed through the pure rules,
then every row the game would export is computed again and compared, cell for cell, with the file.
So a score or total typed over, a changed name, rows of another game, a record the rules refuse or
anything else that does not follow from what was recorded is refused, naming the line of the file
(1-based, as a spreadsheet numbers it). Reading stops at the first fault, so junk costs little.

Pure: no database, no Flask; `archive.import_csv` stores what this returns.
"""
from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass

from .csvexport import GAME_COLUMNS, cells
from .db import MAX_EVENTS
from .rules import N_, RuleError, new_game
from .rules.base import _short

WHOLE = re.compile(r"-?[0-9]{1,6}")
FACTS = ("game_id", "variant", "players", "first_dealer", "options", "ended")
AT = {name: GAME_COLUMNS.index(name) for name in GAME_COLUMNS}


class CsvRefused(RuleError):
    """The file cannot be imported: `line` says where; `reason` (a RuleError) says why."""

    code = "invalid_csv"
    status = 422

    def __init__(self, line: int, reason: RuleError):
        self.line = line
        super().__init__(N_("Line %(line)s: %(reason)s"), line=line, reason=reason)


def refuse(line: int, template: str, **params) -> CsvRefused:
    return CsvRefused(line, RuleError(template, **params))


@dataclass(frozen=True)
class Imported:
    """A game as a file recorded it: what creates it, and its changes in order."""

    variant: str
    players: list
    first_dealer: int
    options: dict
    changes: list[dict]
    state: object


def read(data: bytes, limit: int = MAX_EVENTS) -> Imported:
    """The game of one exported CSV file, or `CsvRefused`; `limit`: the most events a game may hold."""
    rows = _rows(_decode(data))
    line, header = next(rows, (1, None))
    if header != GAME_COLUMNS:
        raise refuse(line, N_("the first line must be the header of a Segnapunti CSV, with these columns in "
                              "this order: %(columns)s."), columns=",".join(GAME_COLUMNS))
    first, state, changes, kept = None, None, [], []
    for line, row in rows:
        if first is None:
            first, state = row, _start(line, row)
        for name in FACTS:
            if row[AT[name]] != first[AT[name]]:
                raise refuse(line, N_("the column “%(column)s” differs from the first row's: a file holds one "
                                      "game, and every row says the same of it."), column=name)
        if not kept or row[AT["hand"]] != kept[-1][1][AT["hand"]]:
            _room(line, changes, limit)
            change = {**_json(line, row, "record", dict), "type": "hand", "hand": _whole(line, row, "hand")}
            state = _apply(line, state, change)
            changes.append(change)
        kept.append((line, row))
    if first is None:
        raise refuse(line + 1, N_("there are no rows: a game is exported once a hand is scored."))
    was_ended = first[AT["ended"]] == "yes"
    if was_ended:
        _room(line, changes, limit)
        changes.append({"type": "end"})
        state = _apply(line, state, changes[-1])
    _compare(first[AT["game_id"]], state, was_ended, kept)
    return Imported(state.variant.id, list(state.players), state.first_dealer, dict(state.options), changes, state)


def _room(line: int, changes: list, limit: int) -> None:
    """One more change must fit in the game, its creation counted."""
    if len(changes) + 2 > limit:
        raise refuse(line, N_("a game holds at most %(max)s changes."), max=limit)


def _decode(data: bytes) -> str:
    """UTF-8 text without its byte order mark; bytes that are not UTF-8 are refused at their line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise refuse(data.count(b"\n", 0, error.start) + 1,
                     N_("this is not UTF-8 text, which a CSV exported by Segnapunti is.")) from None


def _rows(text: str):
    """(the line where the row starts, its cells) for each row, the header first; empty lines at the end
    are dropped, one in between is refused."""
    reader = csv.reader(io.StringIO(text.rstrip("\r\n"), newline=""), strict=True)
    end = 0
    while True:
        start = end + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            raise refuse(start, N_("this is not CSV text (%(error)s)."), error=str(error)[:80]) from None
        end = reader.line_num
        if not row:
            raise refuse(start, N_("an empty line: a game's rows follow each other."))
        if start > 1 and len(row) != len(GAME_COLUMNS):
            raise refuse(start, N_("this row has %(count)s cells where the header has %(columns)s."),
                         count=len(row), columns=len(GAME_COLUMNS))
        yield start, row


def _start(line: int, row: list[str]):
    """The new game the first row describes (its variant, players, first dealer and options)."""
    if row[AT["ended"]] not in ("yes", "no"):
        raise refuse(line, N_("the column “ended” must say yes or no."))
    players = _json(line, row, "players", list)
    options = _json(line, row, "options", dict)
    try:
        return new_game(row[AT["variant"]], players, _whole(line, row, "first_dealer"), options)
    except RuleError as error:
        raise CsvRefused(line, error) from None


def _apply(line: int, state, change: dict):
    try:
        return state.apply(change)
    except RuleError as error:
        raise CsvRefused(line, error) from None
    except (TypeError, ValueError, LookupError):  # values of a kind no rule expects (a list in a list...)
        raise refuse(line, N_("the record of this hand is not one the rules can take.")) from None


def _json(line: int, row: list[str], column: str, kind: type):
    try:
        value = json.loads(row[AT[column]])
    except (ValueError, RecursionError):
        value = None
    if not isinstance(value, kind):
        raise refuse(line, N_("the column “%(column)s” must hold JSON, as exported."), column=column)
    return value


def _whole(line: int, row: list[str], column: str) -> int:
    text = row[AT[column]]
    if not WHOLE.fullmatch(text):
        raise refuse(line, N_("the column “%(column)s” must hold a whole number, not “%(value)s”."),
                     column=column, value=_short(text))
    return int(text)


def _compare(game_id: str, state, was_ended: bool, kept: list) -> None:
    """Every row the game exports, compared cell for cell with the file's."""
    expected = cells(game_id, state, was_ended)
    for (line, row), wanted in zip(kept, expected):
        for column, found, value in zip(GAME_COLUMNS, row, wanted):
            if found != value:
                raise refuse(line, N_("the column “%(column)s” says “%(found)s”, but what was recorded gives "
                                      "“%(expected)s”."), column=column, found=_short(found, 120),
                             expected=_short(value, 120))
    if len(kept) > len(expected):
        raise refuse(kept[len(expected)][0], N_("this row belongs to no hand of the game: a hand has one row per "
                                                "player (or side)."))
    if len(kept) < len(expected):
        raise refuse(kept[-1][0] + 1, N_("rows are missing: the last hand has one row per player (or side)."))
