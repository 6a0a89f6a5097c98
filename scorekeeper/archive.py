"""Games in and out of CSV files, as a service: an import stored whole or not at all, every game read out.

The checking is `csvimport`'s (pure); here the game it describes is created with all its changes in
the one transaction that creates a game (`games.create`), with new keys.

An import may carry an idempotency key (the API's `Idempotency-Key` header, the page's hidden field): a
client that sent a file and never heard back (the Wi-Fi dropped, the server was killed after its commit)
sends it again with the same key and gets the game its first try made, not a second one — for a day,
for the same file (a digest), and while the scorer's link is still the one that answer gave.
"""
from __future__ import annotations

import hashlib
import io
import re
import sqlite3
from datetime import datetime, timedelta, timezone

from . import csvimport, games
from . import db as store
from .rules import N_
from .rules.base import InvalidInput, StateConflict

ONCE = re.compile(r"[A-Za-z0-9_-]{16,200}")  # a key a client made at random (a UUID will do)
KEPT_FOR = timedelta(days=1)


class Digesting(io.RawIOBase):
    """A binary stream read through, its SHA-256 taken on the way."""

    def __init__(self, source):
        self.source = io.BytesIO(source) if isinstance(source, (bytes, bytearray)) else source
        self.hash = hashlib.sha256()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self.source.read(len(buffer))
        self.hash.update(data)
        buffer[:len(data)] = data
        return len(data)

    def digest(self) -> str:
        """The digest of the whole source (what is left is read now)."""
        while self.read(1 << 16):
            pass
        return self.hash.hexdigest()


def check_once(value) -> str | None:
    """An idempotency key as sent (None: none sent), or a refusal naming it."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not ONCE.fullmatch(value):
        raise InvalidInput(N_("The idempotency key must be 16 to 200 letters, digits, “-” or “_” (a UUID will do)."),
                           field="Idempotency-Key")
    return value


def import_csv(db, source, once: str | None = None) -> tuple[games.Loaded, dict, bool]:
    """A new game from an exported CSV, its bytes or a binary stream read as it comes (`csvimport.CsvRefused`
    naming the line, and nothing stored); with `once`, the game an earlier import with that key made, if
    any. Returns the game, its keys, and whether it was made earlier.

    The game is replayed once, by the import's own check: the state it ends with is the game's, kept
    for the requests that follow (its sheet, opened next), not replayed again from what was stored."""
    source = Digesting(source)
    earlier = _made_with(db, once) if once is not None else None
    if earlier is not None:
        return _again(db, earlier, source.digest())
    imported = csvimport.read(source, limit=getattr(db, "max_events", store.MAX_EVENTS))
    stored = []

    def record(db, game_id):
        stored.extend(store.append_events(db, game_id, 2, "change", imported.changes, "scorer", None))
        if once is not None:
            scorer = db.execute("SELECT key FROM keys WHERE game_id = ? AND role = 'scorer'", [game_id]).fetchone()
            db.execute("INSERT INTO imports (idempotency_key, game_id, digest, scorer_key, created_at) "
                       "VALUES (?, ?, ?, ?, ?)", [once, game_id, source.digest(), scorer[0], store.now()])

    try:
        created, keys = games.create(db, imported.variant, imported.players, imported.first_dealer,
                                     imported.options, also=record)
    except sqlite3.IntegrityError:  # the same key, sent twice at once: the other try made the game
        earlier = _made_with(db, once) if once is not None else None
        if earlier is None:
            raise
        return _again(db, earlier, source.digest())
    loaded = games.Loaded(created.id, imported.state, created.version + len(stored), [*created.events, *stored])
    games.remember(db, loaded)
    return loaded, keys, False


def _made_with(db, once: str):
    """(game id, digest, scorer key) of the import made with this key within a day, or None."""
    since = (datetime.now(timezone.utc) - KEPT_FOR).isoformat(timespec="milliseconds")
    return db.execute("SELECT game_id, digest, scorer_key FROM imports WHERE idempotency_key = ? AND created_at > ?",
                      [once, since]).fetchone()


def _again(db, earlier, digest: str) -> tuple[games.Loaded, dict, bool]:
    game_id, first_digest, scorer = earlier
    if digest != first_digest:
        raise InvalidInput(N_("This idempotency key was used for another file: a new import needs a new key."),
                           field="Idempotency-Key")
    keys = games.keys_of(db, game_id)
    if keys.get("scorer") != scorer:
        raise StateConflict(N_("That import was made, and its scorer's link has been replaced since: open the game "
                               "with its new link."), field="Idempotency-Key")
    return games.load(db, game_id), keys, True


def every_game(db):
    """Every game on the server, oldest first, as replayed (one at a time: a generator)."""
    for (game_id,) in db.execute("SELECT id FROM games ORDER BY created_at, id").fetchall():
        yield games.load(db, game_id)
