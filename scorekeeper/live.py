"""Live updates: wake the open streams of a game whenever its event log grows, in any process.

Each process keeps one `Hub`. Writes in this process wake it at once (`published`); writes in
other processes (gunicorn workers, another server on the same file) are seen by a watcher thread
that polls SQLite's `PRAGMA data_version` — a cheap counter that changes when another connection
commits — and then reads which games moved. Nothing lives only in one process's memory.
"""
from __future__ import annotations

import os
import threading
import time

from . import db as store

POLL_SECONDS = 0.05
IDLE_STOP_SECONDS = 10.0


class Hub:
    def __init__(self, path: str):
        self.path = path
        self.versions: dict[str, int] = {}
        self.changed = threading.Condition()
        self.waiting = 0
        self.watcher: threading.Thread | None = None
        self.last_rowid = None

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
                db = store.connect(self.path)
                try:
                    self.last_rowid = db.execute("SELECT coalesce(max(rowid), 0) FROM events").fetchone()[0]
                finally:
                    db.conn.close()
                self.watcher = threading.Thread(target=self._watch, name="scorekeeper-live", daemon=True)
                self.watcher.start()

    def poke(self) -> None:
        """Wake every stream so it re-checks its key (after a link was rotated)."""
        with self.changed:
            self.changed.notify_all()

    def wait(self, game_id: str, after: int, timeout: float) -> int:
        """Block until `game_id` has a version above `after` (or the timeout); returns the newest seen."""
        self.start()
        with self.changed:
            self.waiting += 1
            try:
                self.changed.wait_for(lambda: self.versions.get(game_id, 0) > after, timeout)
            finally:
                self.waiting -= 1
            return self.versions.get(game_id, 0)

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

    def _read_new(self, db) -> None:
        rows = db.execute("SELECT game_id, max(seq), max(rowid) FROM events WHERE rowid > ? GROUP BY game_id",
                          [self.last_rowid]).fetchall()
        if not rows:
            return
        self.last_rowid = max(self.last_rowid, *(row[2] for row in rows))
        with self.changed:
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
    """Yield each new version of a game as it appears (None as a heartbeat), while the key still works."""
    last = version
    while True:
        newest = hub.wait(game_id, last, heartbeat)
        if not still_allowed():
            return
        if newest > last:
            last = newest
            yield newest
        else:
            yield None
