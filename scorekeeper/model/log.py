"""A game's event log with its index, built in one pass and extended event by event (#36).

A bid used to walk the whole log seven times (the changes standing, the undos, the hand it concerns, the marks,
the secrets opened…): at 5,000 events, 75,000 reads of the log for one bid. The index answers each of those
questions from the events of one hand. `Log` holds the rows and the index, for every version of a kept game at
once: it only grows (a change or a mark is appended; an undo makes a new log, the game being replayed), and each
version sees it through its own `Events`, up to its length — a page still drawing the version before a write
reads that version, never the event the write added. Pure: no database, no Flask.
"""
from __future__ import annotations

import threading
from collections.abc import Hashable, Iterable, Iterator, Sequence
from itertools import islice

# Events that mark a hand without changing it (#21: another player confirms it, or it is reopened): never
# applied to the game's state, never taken back by an undo.
MARKS = ("confirm", "reopen")


class Log:
    """The rows of a game's log and, once asked for, their index: for each hand, the events that touch it (an
    undo touches the hand of the change it took back), with their positions; the changes standing; the undos.
    Built at the first question, in one pass, then kept up to date by `append` (an undo is never appended)."""

    def __init__(self, rows: Iterable[dict]):
        self.rows: list[dict] = list(rows)
        self.lock = threading.Lock()
        self.indexed = 0  # the rows the index covers
        self.hands: dict[object, list[tuple[int, dict, dict]]] = {}  # hand → (position, row, payload it concerns)
        self.standing: list[int] = []  # positions of the changes standing
        self.taken: dict[int, int] = {}  # an undo's position → the position of the change it took back
        self.undone: set[int] = set()  # the positions of the changes taken back
        self.marked: dict[object, int] = {}  # a hand ever confirmed or reopened → the position of its first mark

    def index(self) -> Log:
        """The index, brought up to the last row (one pass the first time, then the rows appended since)."""
        with self.lock:
            for position in range(max(self.indexed, 1), len(self.rows)):  # the first row creates the game
                self._add(position, self.rows[position])
            self.indexed = len(self.rows)
        return self

    def _add(self, position: int, row: dict) -> None:
        payload = row["payload"]
        if row["type"] == "undo":
            self.taken[position] = self.standing.pop()
            self.undone.add(self.taken[position])
            payload = self.rows[self.taken[position]]["payload"]
        elif row["type"] in MARKS:
            self.marked.setdefault(payload.get("hand"), position)
        else:
            self.standing.append(position)
        self.hands.setdefault(payload.get("hand"), []).append((position, row, payload))

    def view(self, length: int | None = None) -> Events:
        return Events(self, len(self.rows) if length is None else length)


class Events(Sequence):
    """The log as one version of the game sees it: its first `length` rows, and what the index says of them."""

    def __init__(self, log: Log, length: int):
        self.log, self.length = log, length

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, at):
        if isinstance(at, slice):
            return self.log.rows[slice(*at.indices(self.length))]
        if at < 0:
            at += self.length
        if not 0 <= at < self.length:
            raise IndexError(at)
        return self.log.rows[at]

    def __iter__(self) -> Iterator[dict]:
        return islice(self.log.rows, self.length)

    def after(self, seq: int) -> list[dict]:
        """The events after the one numbered `seq` (events are numbered from 1, in order)."""
        return self.log.rows[max(seq, 0):self.length]

    def plus(self, rows: list[dict]) -> Events:
        """This version with `rows` appended: the log shared when it holds nothing after this version (or those very
        rows already); else a log of its own (a write that did not commit had appended another row)."""
        log, end = self.log, self.length + len(rows)
        with log.lock:
            if len(log.rows) == self.length:
                log.rows.extend(rows)
                return Events(log, end)
            if log.rows[self.length:end] == rows:
                return Events(log, end)
        return Log([*self, *rows]).view()

    # -- the index ------------------------------------------------------------------------------------------
    def touching(self, hand) -> list[tuple[dict, dict]]:
        """The events of this version that touch `hand`, oldest first: (the row, the payload it concerns — for an
        undo, the change it took back's)."""
        return [(row, payload) for _, row, payload in self._touching(hand)]

    def _touching(self, hand) -> list[tuple[int, dict, dict]]:
        hands = self.log.index().hands
        found = hands.get(hand, ()) if isinstance(hand, Hashable) else ()  # a hand sent as a list touches nothing
        return [entry for entry in found if entry[0] < self.length]

    def standing_in(self, hand, before: int | None = None) -> list[dict]:
        """The changes to `hand` standing in this version, oldest first (only those numbered below `before`). Undos
        are only in the log it was built from, so a change appended since stands."""
        touching = self._touching(hand)
        return [row for position, row, _ in touching if row["type"] == "change" and position not in self.log.undone
                and (before is None or row["seq"] < before)]

    def standing(self) -> list[dict]:
        """The changes standing in this version, oldest first (what a replay applies)."""
        log = self.log.index()
        return [log.rows[position] for position in log.standing if position < self.length]

    def last_standing(self) -> dict | None:
        """The latest change standing in this version (what Undo takes back)."""
        standing = self.log.index().standing
        for position in reversed(standing):
            if position < self.length:
                return self.log.rows[position]
        return None

    def taken_by(self, undo: dict) -> dict:
        """The change an undo of this version took back."""
        log = self.log.index()
        return log.rows[log.taken[undo["seq"] - 1]]

    def hands_marked(self) -> list:
        """The hands of this version ever confirmed or reopened."""
        return [hand for hand, position in self.log.index().marked.items() if position < self.length]
