"""A game's CSV read back (docs/api.md "CSV import"): rows → the changes of a new game, all checked.

Nothing is trusted: the game's facts and each hand's `record` are replayed through the pure rules,
then every row the game would export is computed again and compared, cell for cell, with the file.
So a score or total typed over, a changed name, rows of another game, a record the rules refuse or
anything else that does not follow from what was recorded is refused, naming the line of the file
(1-based, as a spreadsheet numbers it). Reading stops at the first fault, so junk costs little.

The file is read as a stream, a chunk at a time (`CHUNK` bytes), decoded and split into lines as it
comes: its size never sits in memory twice, and what is held is bounded by what a game can hold — a
row is at most `MAX_ROW` characters (an exported row has at most about two thousand: five names of
40, a record), a hand at most one row per player, a game at most the events of the cap. A longer
row, a line that does not end, is refused at once, naming its line. A run of empty lines is skipped
whole (they are fine at the end only). Every `turns.EVERY` rows the other requests of the worker get
a turn.

No database, no Flask; `archive.import_csv` stores what this returns.
"""
from __future__ import annotations

import codecs
import csv
import io
import json
import re
from dataclasses import dataclass
from typing import BinaryIO, Iterator

from .csvexport import GAME_COLUMNS, cells
from ..store.db import MAX_EVENTS
from ..rules import N_, RuleError, new_game
from ..rules.base import _short
from ..store.turns import taking_turns

WHOLE = re.compile(r"-?[0-9]{1,6}")
FACTS = ("game_id", "variant", "players", "first_dealer", "options", "ended")
AT = {name: GAME_COLUMNS.index(name) for name in GAME_COLUMNS}
CHUNK = 65_536        # bytes read at a time
MAX_ROW = 8_192       # characters in a row (its line ends included): four times the longest an export writes
LINE_END = re.compile(r"\r\n|\r|\n")   # as `csv` and `io` (newline="") split lines
LINE_ENDS = re.compile(r"[\r\n]+")


class CsvRefused(RuleError):
    """The file cannot be imported: `line` says where; `reason` (a RuleError) says why."""

    code = "invalid_csv"

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
    game_id: str = ""  # as the file has it: the game it was exported from
    line: int = 2  # where its rows start


def read_all(source: bytes | BinaryIO, limit: int = MAX_EVENTS, most: int | None = None) -> list[Imported]:
    """The games of an exported CSV file — one game, or many ("Download all games", `export-csv`'s
    all-games.csv: each game's rows follow each other) — or `CsvRefused` for the first fault; `source`: the
    file's bytes or a binary stream (a request's body, an upload, an open file), read as it goes; `limit`: the
    most events one game may hold; `most`: the most games the file may hold (None: any number), refused at
    the first row of the one too many, before it is read."""
    rows = _rows(_pieces(source))
    line, header = next(rows, (1, None))
    if header != GAME_COLUMNS:
        raise refuse(line, N_("the first line must be the header of a Segnapunti CSV, with these columns in "
                              "this order: %(columns)s."), columns=",".join(GAME_COLUMNS))
    found: list[Imported] = []
    seen: set[str] = set()  # the games' ids in the file
    reading: _Game | None = None
    for line, row in taking_turns(rows):
        if reading is not None and row[AT["game_id"]] != reading.first[AT["game_id"]]:
            found.append(reading.finish())
            if row[AT["game_id"]] in seen:
                raise refuse(line, N_("rows of game %(game)s come again after another game's: a game's rows follow "
                                      "each other."), game=_short(row[AT["game_id"]]))
            reading = None
        if reading is None:
            if most is not None and len(found) == most:
                raise refuse(line, N_("a file holds at most %(max)s games (as many as a phone's list keeps): import "
                                      "it in parts."), max=most)
            reading = _Game(line, row, limit)
            seen.add(row[AT["game_id"]])
        if not reading.add(line, row):
            break
    if reading is None:
        raise refuse(line + 1, N_("there are no rows: a game is exported once a hand is scored."))
    found.append(reading.finish())
    return found


class _Game:
    """One game's rows read in turn: its facts from its first row, each hand replayed as it comes."""

    def __init__(self, line: int, row: list[str], limit: int):
        self.start, self.first, self.limit = line, row, limit
        self.state = _start(line, row)
        self.changes: list[dict] = []
        self.kept: list = []
        self.in_hand = 0
        self.overflow: int | None = None
        self.last = line

    def add(self, line: int, row: list[str]) -> bool:
        """Take one more row; False when it is one row more than its hand has (nothing after it is read)."""
        for name in FACTS:
            if row[AT[name]] != self.first[AT[name]]:
                raise refuse(line, N_("the column “%(column)s” differs from the first row's: every row of a game "
                                      "says the same of it."), column=name)
            row[AT[name]] = self.first[AT[name]]  # one copy of what every row repeats
        self.last = line
        if not self.kept or row[AT["hand"]] != self.kept[-1][1][AT["hand"]]:
            _room(line, self.changes, self.limit)
            change = {**_json(line, row, "record", dict), "type": "hand", "hand": _whole(line, row, "hand")}
            self.state = _apply(line, self.state, change)
            self.changes.append(change)
            self.in_hand = 0
        self.in_hand += 1
        if self.in_hand > len(self.state.players):
            self.overflow = line
            return False
        self.kept.append((line, row))
        return True

    def finish(self) -> Imported:
        game_id, was_ended, state = self.first[AT["game_id"]], self.first[AT["ended"]] == "yes", self.state
        if self.overflow is not None:
            _compare(game_id, state, was_ended, self.kept)  # a difference before it comes first
            raise _no_hand(self.overflow)
        if was_ended:
            _room(self.last, self.changes, self.limit)
            self.changes.append({"type": "end"})
            state = _apply(self.last, state, self.changes[-1])
        _compare(game_id, state, was_ended, self.kept)
        return Imported(state.variant.id, list(state.players), state.first_dealer, dict(state.options), self.changes,
                        state, game_id, self.start)


def _room(line: int, changes: list, limit: int) -> None:
    """One more change must fit in the game, its creation counted."""
    if len(changes) + 2 > limit:
        raise refuse(line, N_("a game holds at most %(max)s changes."), max=limit)


def _pieces(source: bytes | BinaryIO) -> Iterator[tuple[int, str, int]]:
    """The file as (line number, text, empty lines): each line with its end, or a run of empty lines whole
    (`text` their line ends, `empty lines` how many), decoded from UTF-8 (a byte order mark dropped) a chunk
    at a time. Bytes that are not UTF-8 are refused at their line, and so is a line longer than `MAX_ROW`."""
    read = source.read if hasattr(source, "read") else io.BytesIO(source).read
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    number, pending, final = 1, "", False
    while not final:
        chunk = read(CHUNK)
        final = not chunk
        try:
            text = pending + decoder.decode(chunk, final)
        except UnicodeDecodeError as error:
            raise refuse(number + error.object.count(b"\n", 0, error.start),
                         N_("this is not UTF-8 text, which a CSV exported by Segnapunti is.")) from None
        at, size = 0, len(text)
        while at < size:
            ends = LINE_ENDS.match(text, at)
            if ends is not None:  # a line without text: empty lines up to the next text
                end = ends.end()
                if end == size and not final and text[end - 1] == "\r":
                    end -= 1  # its \n may come with the next chunk
                    if end == at:
                        break
                run = text[at:end]
                count = run.count("\n") + run.count("\r") - run.count("\r\n")
                yield number, run, count
                number, at = number + count, end
                continue
            found = LINE_END.search(text, at)
            if found is None or (not final and found.end() == size and found.group() == "\r"):
                break  # the line goes on in the next chunk
            yield number, text[at:found.end()], 0
            number, at = number + 1, found.end()
        pending = text[at:]
        if len(pending) > MAX_ROW:
            raise _too_long(number)
    if pending:
        yield number, pending, 0


def _too_long(line: int) -> CsvRefused:
    return refuse(line, N_("this is not CSV text as Segnapunti exports it: a row of more than %(max)s characters "
                           "(an exported row has at most a few hundred)."), max=MAX_ROW)


def _rows(pieces: Iterator[tuple[int, str, int]]):
    """(the line where the row starts, its cells) for each row, the header first; empty lines at the end
    are dropped, one in between is refused; a row longer than `MAX_ROW` characters is refused."""
    given, taken = None, 0  # the line handed to the reader next; characters it took for this row

    def lines():
        nonlocal given, taken
        while True:
            piece = given if given is not None else next(pieces, None)
            given = None
            if piece is None:
                return
            taken += len(piece[1])
            if taken > MAX_ROW:
                raise _too_long(start)
            if piece[2]:  # empty lines inside a quoted cell: one at a time, as the reader takes lines
                yield from (found.group() for found in LINE_END.finditer(piece[1]))
            else:
                yield piece[1]

    reader = csv.reader(lines(), strict=True)
    empty = None  # the first empty line, if the file goes on after it
    for piece in pieces:
        start = piece[0]
        if piece[2]:
            empty = empty or start
            continue
        if empty is not None:
            raise refuse(empty, N_("an empty line: a game's rows follow each other."))
        given, taken = piece, 0
        try:
            row = next(reader)
        except csv.Error as error:
            raise refuse(start, N_("this is not CSV text (%(error)s)."), error=str(error)[:80]) from None
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
    for (line, row), wanted in taking_turns(zip(kept, expected)):
        for column, found, value in zip(GAME_COLUMNS, row, wanted):
            if found != value:
                raise refuse(line, N_("the column “%(column)s” says “%(found)s”, but what was recorded gives "
                                      "“%(expected)s”."), column=column, found=_short(found, 120),
                             expected=_short(value, 120))
    if len(kept) > len(expected):
        raise _no_hand(kept[len(expected)][0])
    if len(kept) < len(expected):
        raise refuse(kept[-1][0] + 1, N_("rows are missing: the last hand has one row per player (or side)."))


def _no_hand(line: int) -> CsvRefused:
    return refuse(line, N_("this row belongs to no hand of the game: a hand has one row per player (or side)."))
