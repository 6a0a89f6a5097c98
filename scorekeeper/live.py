"""Live updates: wake the open streams of a game whenever its event log grows, in any process.

Each process keeps one `Hub`. Writes in this process wake it at once (`published`); writes in
other processes (gunicorn workers, another server on the same file) are seen by a watcher thread
that polls SQLite's `PRAGMA data_version` — a cheap counter that changes when another connection
commits — and then reads which games moved. Nothing lives only in one process's memory.

Rotating a link "pokes" the hub: every stream re-checks its key and the streams of the old key end.
A rotation in another process is noticed by the same watcher (the count of revoked keys moved).
Streams check their key only after a poke and at each heartbeat, not at every change: a change
then costs each woken stream one small query, however many phones are watching.
"""
from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict

from . import db as store

POLL_SECONDS = 0.05
IDLE_STOP_SECONDS = 10.0
CACHED_VERSIONS = 64  # per game: what streams woken by the same change share instead of each reading it
CACHED_GAMES = 256


class Hub:
    def __init__(self, path: str):
        self.path = path
        self.versions: dict[str, int] = {}
        self.changed = threading.Condition()
        self.waiting = 0
        self.pokes = 0  # how many times links were rotated (anywhere) since this hub was made
        self.watcher: threading.Thread | None = None
        self.last_rowid = None
        self.keys_seen = None  # (max rowid of keys, revoked keys): a rotation in any process moves it
        self.recent: OrderedDict[str, list[tuple[int, object]]] = OrderedDict()  # game → [(version, item)]
        self.recent_lock = threading.Lock()

    def published(self, game_id: str, version: int) -> None:
        """A write in this process committed `version` of `game_id`."""
        with self.changed:
            if version > self.versions.get(game_id, 0):
                self.versions[game_id] = version
            self.changed.notify_all()

    def start(self) -> None:
        """Start watching before a stream reads its first version, so no commit falls in between."""
        with self.changed:
            if self.watcher is None or not self.watcher.is_alive():
                if self.last_rowid is None:  # on a restart, carry on from where the last watcher stopped
                    db = store.connect(self.path)
                    try:
                        self.last_rowid = db.execute("SELECT coalesce(max(rowid), 0) FROM events").fetchone()[0]
                        self.keys_seen = self._keys_state(db)
                    finally:
                        db.conn.close()
                self.watcher = threading.Thread(target=self._watch, name="scorekeeper-live", daemon=True)
                self.watcher.start()

    def poke(self) -> None:
        """Wake every stream so it re-checks its key (after a link was rotated)."""
        with self.changed:
            self.pokes += 1
            self.changed.notify_all()

    def wait(self, game_id: str, after: int, timeout: float, pokes: int | None = None) -> tuple[int, int]:
        """Block until `game_id` has a version above `after`, a poke after `pokes`, or the timeout.

        Returns (the newest version seen, the poke count)."""
        self.start()
        with self.changed:
            self.waiting += 1
            try:
                self.changed.wait_for(lambda: self.versions.get(game_id, 0) > after
                                      or (pokes is not None and self.pokes != pokes), timeout)
            finally:
                self.waiting -= 1
            return self.versions.get(game_id, 0), self.pokes

    def since(self, game_id: str, after: int, read) -> list[tuple[int, object]]:
        """[(version, item)] for the versions of a game above `after`, in order; `read(after)` gives
        the same from the database. Every stream woken by one change asks for the same versions:
        the first one reads them, the others share what it read — so an item must be the same for
        every caller (the JSON stream's events are: they never carry a value, sealed or not)."""
        with self.recent_lock:
            items = self.recent.get(game_id)
            if items and items[0][0] <= after + 1:
                if items[-1][0] < max(self.versions.get(game_id, 0), after + 1):
                    items = items + list(read(items[-1][0]))
            else:
                items = list(read(after))
            self.recent[game_id] = items[-CACHED_VERSIONS:]
            self.recent.move_to_end(game_id)
            while len(self.recent) > CACHED_GAMES:
                self.recent.popitem(last=False)
            return [(version, item) for version, item in items if version > after]

    def _watch(self) -> None:
        db = store.connect(self.path)
        try:
            seen = db.execute("PRAGMA data_version").fetchone()[0]
            self._read_new(db)  # whatever committed between start() and this connection's first look
            idle_since = time.monotonic()
            while True:
                time.sleep(POLL_SECONDS)
                version = db.execute("PRAGMA data_version").fetchone()[0]
                if version != seen:
                    seen = version
                    self._read_new(db)
                with self.changed:
                    if self.waiting:
                        idle_since = time.monotonic()
                    elif time.monotonic() - idle_since > IDLE_STOP_SECONDS:
                        self.watcher = None
                        return
        finally:
            db.conn.close()

    @staticmethod
    def _keys_state(db, known: tuple[int, int] | None = None) -> tuple[int, int]:
        """(newest key rowid, revoked keys). Every rotation adds a key, so the cheap max(rowid) tells
        when counting the revoked keys is worth it."""
        newest = db.execute("SELECT coalesce(max(rowid), 0) FROM keys").fetchone()[0]
        if known is not None and known[0] == newest:
            return known
        return newest, db.execute("SELECT count(*) FROM keys WHERE revoked_at IS NOT NULL").fetchone()[0]

    def _read_new(self, db) -> None:
        keys = self._keys_state(db, self.keys_seen)
        rotated = self.keys_seen is not None and keys[1] != self.keys_seen[1]
        self.keys_seen = keys
        rows = db.execute("SELECT game_id, max(seq), max(rowid) FROM events WHERE rowid > ? GROUP BY game_id",
                          [self.last_rowid]).fetchall()
        if not rows and not rotated:
            return
        if rows:
            self.last_rowid = max(self.last_rowid, *(row[2] for row in rows))
        with self.changed:  # one step: a stream never sees a change of a rotation it has not seen
            if rotated:
                self.pokes += 1
            for game_id, seq, _ in rows:
                if seq > self.versions.get(game_id, 0):
                    self.versions[game_id] = seq
            self.changed.notify_all()


_hubs: dict[str, Hub] = {}
_hubs_lock = threading.Lock()


def hub(path: str) -> Hub:
    """This process's hub for the database file at `path`."""
    path = os.path.realpath(path)
    with _hubs_lock:
        if path not in _hubs:
            _hubs[path] = Hub(path)
        return _hubs[path]


def stream(hub: Hub, game_id: str, version: int, still_allowed, heartbeat: float = 10.0):
    """Yield each new version of a game as it appears (None as a heartbeat), while the key still works.

    The key is checked again after every rotation (a poke) and at every heartbeat."""
    last, pokes = version, hub.pokes
    checked = time.monotonic()
    while True:
        newest, now_pokes = hub.wait(game_id, last, heartbeat, pokes)
        if now_pokes != pokes or time.monotonic() - checked >= heartbeat:
            pokes, checked = now_pokes, time.monotonic()
            if not still_allowed():
                return
        if newest > last:
            last = newest
            yield newest
        else:
            yield None
