"""Games in and out of CSV files, as a service: an import (one game or many) stored whole or not at all, every
game read out.

The checking is `csvimport`'s (pure), done for the whole file before anything is written; here each game it
describes is created with all its changes and new keys. A file of many games (up to a phone's list of them)
is written a few games at a time, the worker's other requests let in between (`games.create_in_turns`): still
all or none, since the games of an import that cannot finish are deleted again before anyone was given a key.

An import may carry an idempotency key (the API's `Idempotency-Key` header, the page's hidden field): a
client that sent a file and never heard back (the Wi-Fi dropped, the server was killed after its commit)
sends it again with the same key and gets the game its first try made, not a second one — for a day,
for the same file (a digest), and while the scorer's link is still the one that answer gave. The key is kept
where every request sent twice is (`store/once.py`); no SQL here (#36).
"""
from __future__ import annotations

import hashlib
import io
import json
import sqlite3
from datetime import datetime, timedelta, timezone

from . import csvimport
from ..store.turns import taking_turns
from ..service import games
from ..service.phones import MAX_GAMES
from ..store import db as store
from ..store import once as kept_once
from ..rules import N_
from ..rules.base import InvalidInput, StateConflict

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


def import_csv(db, source, once: str | None = None, most: int | None = MAX_GAMES,
               allow=None) -> tuple[list[tuple[games.Loaded, dict]], bool]:
    """New games from an exported CSV — one game, or a file of many — from its bytes or a binary stream read as
    it comes (`csvimport.CsvRefused` naming the line, and nothing stored: all the file's games or none); with
    `once`, the games an earlier import with that key made, if any. Returns each game with its keys, and
    whether they were made earlier.

    `most`: the most games a file may hold (None: any number, for the server's owner); `allow(count)` is asked
    once the file is read and checked, before anything is stored, and refuses by raising (a rate limit counting
    each game as a creation).

    Each copy records where it comes from (the file's `game_id`, the game first exported, and when it was
    imported): the home list says it is an import, and statistics count a game and its copies once. Each game
    is replayed once, by the import's own check: the state it ends with is kept for the requests that follow."""
    source = Digesting(source)
    earlier = _made_with(db, once, source) if once is not None else None
    if earlier is not None:
        return _again(db, earlier)
    found = csvimport.read_all(source, limit=getattr(db, "max_events", store.MAX_EVENTS), most=most)
    if allow is not None:
        allow(len(found))
    when = store.now()
    stored: list[list] = [[] for _ in found]

    def recording(position: int, imported):
        def record(db, game_id):
            stored[position].extend(store.append_events(db, game_id, 2, "change", imported.changes, "scorer", None))
        return record

    def keyed(db, game_ids: list[str]) -> None:
        """With the last game: the key, for a retry to find every game (or, before, none)."""
        kept_once.forget_before(db, "import", "", once, _kept_since())  # #33: a day-old key stands for this one
        answer = {"games": game_ids, "scorer": games.keys_of(db, game_ids[0])["scorer"]}
        kept_once.keep(db, "import", "", once, source.digest(), json.dumps(answer), when)

    wanted = [games.New(imported.variant, imported.players, imported.first_dealer, imported.options,
                        also=recording(position, imported), events=1 + len(imported.changes),
                        created={"imported": {"from": imported.game_id, "origin": _origin(db, imported.game_id),
                                              "at": when}})
              for position, imported in taking_turns(enumerate(found))]
    try:
        made = games.create_in_turns(db, wanted, last=keyed if once is not None else None)
    except sqlite3.IntegrityError:  # the same key, sent twice at once: the other try made the games
        earlier = _made_with(db, once, source) if once is not None else None
        if earlier is None:
            raise
        return _again(db, earlier)
    out = []
    for (created, keys), imported, events in zip(made, found, stored):
        loaded = games.Loaded(created.id, imported.state, created.version + len(events), [*created.events, *events])
        games.remember(db, loaded)
        out.append((loaded, keys))
    return out, False


def _origin(db, exported_from: str) -> str:
    """The game a file's game first came from: the one it was exported from, or that one's origin when it was an
    import itself (a copy of a copy counts as the original)."""
    created = store.created(db, exported_from)
    imported = created.get("imported") if created else None
    return imported.get("origin", exported_from) if isinstance(imported, dict) else exported_from


def _kept_since() -> str:
    """When the oldest import key still kept was made: a key is kept for a day."""
    return (datetime.now(timezone.utc) - KEPT_FOR).isoformat(timespec="milliseconds")


def _made_with(db, once: str, source: Digesting) -> dict | None:
    """The answer of the import made with this key within a day ({"games": ids in the file's order, "scorer": the
    first one's scorer key}), or None. The same key with another file is refused (the file is read through for
    its digest only then)."""
    other = InvalidInput(N_("This idempotency key was used for another file: a new import needs a new key."),
                         field="Idempotency-Key")
    answer = kept_once.first_answer(db, "import", "", once, source.digest, since=_kept_since(), other=other)
    return json.loads(answer) if answer is not None else None


def _again(db, earlier: dict) -> tuple[list[tuple[games.Loaded, dict]], bool]:
    game_ids = earlier["games"]
    if games.keys_of(db, game_ids[0]).get("scorer") != earlier["scorer"]:
        raise StateConflict(N_("That import was made, and its scorer's link has been replaced since: open the game "
                               "with its new link."), field="Idempotency-Key")
    return [(games.load(db, game_id), games.keys_of(db, game_id)) for game_id in game_ids], True


def every_game(db):
    """Every game on the server, oldest first, as replayed (one at a time: a generator)."""
    for game_id in store.game_ids(db):
        yield games.load(db, game_id)
