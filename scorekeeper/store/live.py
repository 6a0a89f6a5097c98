"""Live updates: wake the open streams of a game whenever its event log grows, in any process.

Each process keeps one `Hub`. Writes in this process wake it at once (`published`). Writes in
other processes (gunicorn workers, another server on the same file) are read by a watcher: it
looks at SQLite's `PRAGMA data_version` — a cheap counter that changes when another connection
commits — and then reads which games moved. Nothing lives only in one process's memory.

The watcher looks when it is told to. Every write rings a doorbell (store/doorbell.py: a Unix
datagram socket per process, in a run directory beside the database) in every other process, and
their watchers look at once: a write reaches the streams of every worker within a millisecond
or so (a ring takes about 0.03 ms) instead of up to a poll later. The ring carries nothing; the
database says what changed, so a lost ring only waits for the safety net: a poll every
`LIVE_POLL_SECONDS` (0.5 s). Without a doorbell (`LIVE_NOTIFY=0`, or no socket could be bound)
the watcher polls every 50 ms as before.

Wake-ups are per game: the streams of a game wait on that game's own signal, so a change wakes
the half-dozen phones of its table, not the thousands of other streams of the process.

Rotating a link "pokes" its game: the streams of that game re-check their key and the streams of
the old key end. A rotation rings the doorbell too, and the other processes' watchers notice it
the same way (every rotation adds a key row: the games of the new key rows are poked). Streams
also check their key at each heartbeat, not at every change: a change then costs each woken
stream no query at all (the page stream) or a share of one read (the JSON stream).

The hub also counts the open streams, per key and per address, so that a view can refuse one
more than the caps allow (`admit`) and `/healthz` can say how many this process holds.

Everything here uses `threading`, `time` and `socket`: under the production server (gunicorn's
gevent worker) they are monkey-patched, the watcher is a greenlet and every wait is cooperative.
"""
from __future__ import annotations

import os
import threading
import time
from collections import Counter, OrderedDict

from . import db as store
from .settings import Settings, current
from .doorbell import Doorbell

POLL_ALONE_SECONDS = 0.05  # without a doorbell: how late another process's write may reach a stream
IDLE_STOP_SECONDS = 10.0
CACHED_VERSIONS = 64  # per game: what streams woken by the same change share instead of each reading it
CACHED_GAMES = 256


class Slot:
    """One admitted stream; `release()` (idempotent) gives its place back."""

    def __init__(self, hub: "Hub", key: str, address: str):
        self.hub, self.key, self.address = hub, key, address
        self.released = False

    def release(self) -> None:
        with self.hub.lock:
            if self.released:
                return
            self.released = True
            self.hub.open_streams -= 1
            for counter, name in ((self.hub.per_key, self.key), (self.hub.per_address, self.address)):
                counter[name] -= 1
                if counter[name] <= 0:
                    del counter[name]


class Hub:
    def __init__(self, path: str, safety_poll: float = Settings.live_poll_seconds,
                 notify: bool = bool(Settings.live_notify)):
        self.path = path
        self.safety_poll = safety_poll  # seconds between the watcher's looks when rings wake it
        self.doorbell = Doorbell(path) if notify else None
        self.listening = False  # the doorbell is bound: rings wake the watcher
        self.lock = threading.Lock()
        self.versions: dict[str, int] = {}  # game → newest version known in this process
        self.pokes: dict[str, int] = {}  # game → times its links were rotated (anywhere) since this hub was made
        self.signals: dict[str, threading.Event] = {}  # game → what its streams wait on; set, replaced at each change
        self.waiting = 0  # streams waiting in the hub right now
        self.waiting_per_game: Counter[str] = Counter()
        self.wakeups = 0  # games signalled (for tests and /healthz: a change wakes one game, not all)
        self.open_streams = 0
        self.per_key: Counter[str] = Counter()
        self.per_address: Counter[str] = Counter()
        self.watcher: threading.Thread | None = None
        self.last_rowid = None
        self.last_key_rowid = None  # every rotation adds a key row: the games of new rows are poked
        self.recent: OrderedDict[str, list[tuple[int, object]]] = OrderedDict()  # game → [(version, item)]
        self.recent_lock = threading.Lock()
        self.reader = None  # one connection for the streams' small reads (key checks, new events)
        self.reader_lock = threading.Lock()

    # -- changes ---------------------------------------------------------------------------------
    def _wake(self, game_id: str) -> None:
        """Under self.lock: wake the streams waiting on this game (only those)."""
        signal = self.signals.pop(game_id, None)
        if signal is not None:
            self.wakeups += 1
            signal.set()

    def published(self, game_id: str, version: int) -> None:
        """A write in this process committed `version` of `game_id`."""
        with self.lock:
            if version > self.versions.get(game_id, 0):
                self.versions[game_id] = version
                self._wake(game_id)
        self._ring()  # even when this process's watcher saw the commit first: the others have not

    def poke(self, game_id: str | None = None) -> None:
        """Wake the streams of a game (of every game if None) so they re-check their key (after a
        link was rotated)."""
        with self.lock:
            for game in [game_id] if game_id is not None else list(self.signals):
                self.pokes[game] = self.pokes.get(game, 0) + 1
                self._wake(game)
        self._ring()

    def _ring(self) -> None:
        """Tell the other processes' watchers to look now (after a commit)."""
        if self.doorbell is not None:
            self.doorbell.ring()

    def pokes_of(self, game_id: str) -> int:
        with self.lock:
            return self.pokes.get(game_id, 0)

    def start(self) -> None:
        """Start watching before a stream reads its first version, so no commit falls in between."""
        with self.lock:
            if self.watcher is not None and self.watcher.is_alive():
                return
            self.listening = self.doorbell is not None and self.doorbell.listen()  # before the first look
            if self.last_rowid is None:  # on a restart, carry on from where the last watcher stopped
                db = store.connect(self.path)
                try:
                    self.last_rowid = db.execute("SELECT coalesce(max(rowid), 0) FROM events").fetchone()[0]
                    self.last_key_rowid = db.execute("SELECT coalesce(max(rowid), 0) FROM keys").fetchone()[0]
                finally:
                    db.conn.close()
            self.watcher = threading.Thread(target=self._watch, name="scorekeeper-live", daemon=True)
            self.watcher.start()

    def wait(self, game_id: str, after: int, timeout: float, pokes: int | None = None) -> tuple[int, int]:
        """Block until `game_id` has a version above `after`, a poke of it after `pokes`, or the timeout.

        Returns (the newest version seen, the game's poke count)."""
        self.start()
        with self.lock:
            if self.versions.get(game_id, 0) > after or (pokes is not None and self.pokes.get(game_id, 0) != pokes):
                return self.versions.get(game_id, 0), self.pokes.get(game_id, 0)
            signal = self.signals.get(game_id)
            if signal is None:
                signal = self.signals[game_id] = threading.Event()
            self.waiting += 1
            self.waiting_per_game[game_id] += 1
        try:
            signal.wait(timeout)
        finally:  # also when the stream is killed while it waits: the kill goes on up (no return in here)
            with self.lock:
                self.waiting -= 1
                self.waiting_per_game[game_id] -= 1
                if self.waiting_per_game[game_id] <= 0:
                    del self.waiting_per_game[game_id]
                    if self.signals.get(game_id) is signal:
                        del self.signals[game_id]  # nobody waits on it any more
        with self.lock:
            return self.versions.get(game_id, 0), self.pokes.get(game_id, 0)

    # -- shared reads ----------------------------------------------------------------------------
    def read(self, query):
        """`query(db)` on this hub's reading connection (one per process, shared by the streams)."""
        with self.reader_lock:
            if self.reader is None:
                self.reader = store.connect(self.path)
            return query(self.reader)

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

    # -- open streams ----------------------------------------------------------------------------
    def admit(self, key: str, address: str, per_key: int, per_address: int) -> Slot | None:
        """A slot for one more stream of `key` from `address`, or None when either cap is reached
        (0 = no cap). Counted in this process."""
        with self.lock:
            if (per_key and self.per_key[key] >= per_key) or (per_address and self.per_address[address] >= per_address):
                return None
            self.open_streams += 1
            self.per_key[key] += 1
            self.per_address[address] += 1
            return Slot(self, key, address)

    def status(self) -> dict:
        with self.lock:
            return {"open_streams": self.open_streams, "waiting": self.waiting,
                    "games_watched": len(self.waiting_per_game), "addresses": len(self.per_address)}

    # -- the watcher -----------------------------------------------------------------------------
    def _watch(self) -> None:
        db = store.connect(self.path)
        try:
            seen = db.execute("PRAGMA data_version").fetchone()[0]
            self._read_new(db)  # whatever committed between start() and this connection's first look
            idle_since = time.monotonic()
            while True:
                self._pause()
                try:
                    version = db.execute("PRAGMA data_version").fetchone()[0]
                    if version != seen:
                        seen = version
                        self._read_new(db)
                except store.sqlite3.OperationalError as error:  # busy for a moment: look again next time
                    if not store.is_busy(error):
                        raise
                with self.lock:
                    if self.waiting:
                        idle_since = time.monotonic()
                    elif time.monotonic() - idle_since > IDLE_STOP_SECONDS:
                        self.watcher = None
                        return
        finally:
            db.conn.close()

    def _pause(self) -> None:
        """Until another process rings, or the safety net's poll is due; without a doorbell, a short poll."""
        if self.listening:
            self.doorbell.wait(self.safety_poll)
        else:
            time.sleep(POLL_ALONE_SECONDS)

    def _read_new(self, db) -> None:
        rotated = [row[0] for row in db.execute("SELECT DISTINCT game_id FROM keys WHERE rowid > ?",
                                                [self.last_key_rowid]).fetchall()]
        if rotated:
            self.last_key_rowid = db.execute("SELECT coalesce(max(rowid), 0) FROM keys").fetchone()[0]
        rows = db.execute("SELECT game_id, max(seq), max(rowid) FROM events WHERE rowid > ? GROUP BY game_id",
                          [self.last_rowid]).fetchall()
        if not rows and not rotated:
            return
        if rows:
            self.last_rowid = max(self.last_rowid, *(row[2] for row in rows))
        with self.lock:  # one step: a stream never sees a change of a rotation it has not seen
            for game_id in rotated:  # new games add key rows too: poking a game nobody watches costs nothing
                self.pokes[game_id] = self.pokes.get(game_id, 0) + 1
                self._wake(game_id)
            for game_id, seq, _ in rows:
                if seq > self.versions.get(game_id, 0):
                    self.versions[game_id] = seq
                    self._wake(game_id)


_hubs: dict[str, Hub] = {}
_hubs_lock = threading.Lock()


def hub(path: str) -> Hub:
    """This process's hub for the database file at `path`."""
    path = os.path.realpath(path)
    with _hubs_lock:
        if path not in _hubs:
            settings = current()
            _hubs[path] = Hub(path, settings.live_poll_seconds, bool(settings.live_notify))
        return _hubs[path]


KEY_CHECK_BEATS = 6  # a minute at the default heartbeat


def stream(hub: Hub, game_id: str, version: int, still_allowed, heartbeat: float = Settings.heartbeat_seconds,
           first_beat: float | None = None):
    """Yield each new version of a game as it appears (None as a heartbeat), while the key still works.

    The key is checked again after every rotation of the game's links (a poke, from any process)
    and, as a safety net, every KEY_CHECK_BEATS heartbeats: with thousands of streams a query per
    stream at every heartbeat would cost the writes their latency. `first_beat`: the first
    heartbeat's delay (spread, so that streams opened together do not all beat in the same instant)."""
    last, pokes = version, hub.pokes_of(game_id)
    checked = time.monotonic()
    beat = heartbeat if first_beat is None else first_beat
    beats = 0
    while True:
        newest, now_pokes = hub.wait(game_id, last, max(0.0, checked + beat - time.monotonic()), pokes)
        beat_due = time.monotonic() - checked >= beat
        if beat_due:
            checked, beat, beats = time.monotonic(), heartbeat, beats + 1
        if now_pokes != pokes or (beat_due and beats % KEY_CHECK_BEATS == 0):
            pokes = now_pokes
            if not still_allowed():
                return
        if newest > last:
            last = newest
            yield newest
        elif beat_due:
            yield None
