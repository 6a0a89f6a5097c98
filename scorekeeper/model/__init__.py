"""What the service and the families both speak of: who is asking (`Access`), a game as replayed
(`Loaded`), what a caller may see of it (`Seen`), and the events still standing after undos.

Below both `games.py` (the service) and `families/`, so that a family needs nothing of the service
to draw a sheet (#20). Pure: no database, no Flask.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..rules.base import N_, InvalidInput, whole
from ..rules.base import whole_or_none as whole_or_none  # the pages read a number from here, as `whole`
from ..rules.family import GameState
from .log import MARKS, Events, Log

ROLES = ("scorer", "view", "seat")


def version(text: str) -> int:
    """A game's version as a form carries it (`whole`, up to 9 digits)."""
    return whole(text, 9)


class NotFound(Exception):
    """Unknown game, or a key that does not open it (we never say which)."""

    message = N_("There is no such game, or this link no longer opens it.")


@dataclass(frozen=True)
class Access:
    """Who is asking: the role of the key they hold (and their seat for a seat key)."""

    game_id: str
    key: str
    role: str
    seat: int | None = None
    entry: str | None = None  # the client's id of the entry it sends (#22): applied once, however often sent

    def may_write(self) -> bool:
        return self.role == "scorer"


ONCE = re.compile(r"[A-Za-z0-9_-]{16,200}")  # a key a client made at random (a UUID will do)


def check_once(value) -> str | None:
    """An idempotency key as sent (None: none sent), or a refusal naming it."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not ONCE.fullmatch(value):
        raise InvalidInput(N_("The idempotency key must be 16 to 200 letters, digits, “-” or “_” (a UUID will do)."),
                           field="Idempotency-Key")
    return value


def once_reused() -> InvalidInput:
    """The refusal of an idempotency key sent again with another change than the one it made (#33): answering it
    as a replay would say the new change was made when nothing was."""
    return InvalidInput(N_("This idempotency key was sent before with another change: nothing was changed. A new "
                           "change needs a new key."), field="Idempotency-Key")


@dataclass(frozen=True)
class Seen:
    """What one caller may see: the (hand, seat) entries hidden from them (sealed bids).

    Decided here, once, from the family's `secrets()` and the caller's key; the JSON, the pages,
    the history, the CSV and the event stream all take it from here."""

    hidden: frozenset = frozenset()

    def hides(self, hand: int, seat: int) -> bool:
        return (hand, seat) in self.hidden


EVERYTHING = Seen()


def visibility(loaded: "Loaded", access: Access | None) -> Seen:
    """Secrets stay hidden from everyone but the seat they belong to (the scorer included).

    Once a hand's tricks have been recorded its secrets are out for good: an undo of the tricks
    does not seal them again, so whoever peeked (the scorer recording invented tricks) is seen
    to have done so by the whole table."""
    own = access.seat if access is not None and access.role == "seat" else None
    secrets = loaded.state.secrets()
    opened = {hand for hand in {hand for hand, _ in secrets} if _opened(loaded, hand)}
    return Seen(frozenset((hand, seat) for hand, seat in secrets if seat != own and hand not in opened))


def _opened(loaded: "Loaded", hand) -> bool:
    """Whether a change ever recorded what brings the hand's secrets out (its tricks), taken back since or not."""
    reveals = loaded.variant.reveals
    return any(row["type"] == "change" and reveals(row["payload"]) for row, _ in loaded.events.touching(hand))


@dataclass(frozen=True)
class Loaded:
    """A game as replayed: its state, version (last event number) and raw events (`Events`: given as a list, they
    are made a log of their own; `events.plus` extends the log kept, #36)."""

    id: str
    state: GameState
    version: int
    events: Events

    def __post_init__(self):
        if not isinstance(self.events, Events):
            object.__setattr__(self, "events", Log(self.events).view())

    @property
    def variant(self):
        return self.state.variant

    @property
    def imported(self) -> dict | None:
        """Where a game imported from a CSV file came from: {"from": the game exported, "origin": the first of
        its line, "at": when}; None for a game made here."""
        facts = self.events[0]["payload"].get("imported") if self.events else None
        return facts if isinstance(facts, dict) else None

    @property
    def origin(self) -> str:
        """The game this one is, or is a copy of: statistics count a game and its copies once."""
        return (self.imported or {}).get("origin") or self.id

    @property
    def dealer_drawn(self) -> bool:
        """The app drew the first dealer (the creator left it to chance)."""
        return bool(self.events) and bool(self.events[0]["payload"].get("dealer_drawn"))

    @property
    def rules_name(self) -> str | None:
        """The name of the saved house rules the game was started from ("Casa Rossi"); None for any other."""
        name = self.events[0]["payload"].get("rules_name") if self.events else None
        return name if isinstance(name, str) else None


def sort_out(rows) -> tuple[list[dict], dict[int, dict]]:
    """The changes still standing, and for each undo (by its number) the change it took back (marks are no
    change: they are neither standing nor undone)."""
    standing, undid = [], {}
    for row in rows[1:]:
        if row["type"] == "undo":
            undid[row["seq"]] = standing.pop()
        elif row["type"] not in MARKS:
            standing.append(row)
    return standing, undid
