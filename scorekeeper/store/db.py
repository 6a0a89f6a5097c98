"""The SQLite file: one connection per request, schema migrations, and the append-only event log."""
from __future__ import annotations

import contextlib
import json
import os
import random
import sqlite3
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import sqlite_utils

from ..model import MARKS
from .settings import Settings
from .turns import taking_turns

WRITE_WAIT_SECONDS = 10.0  # how long a write waits for the other processes' writes before giving up


def connect(path: str) -> sqlite_utils.Database:
    """A connection in autocommit mode: every write unit opens its own BEGIN IMMEDIATE.

    SQLite's own busy handler is off (busy_timeout 0): it sleeps inside C, which under gevent
    would freeze every stream of the worker. Writes wait their turn in `write` instead: behind a
    lock within the process, and in a cooperative retry loop when another process holds the file."""
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileExistsError):
            create_private(path)
    conn = sqlite3.connect(path, isolation_level=None, timeout=0, check_same_thread=False)
    conn.execute("PRAGMA busy_timeout = 0")
    conn.execute("PRAGMA foreign_keys = ON")
    patiently(lambda: conn.execute("PRAGMA synchronous = NORMAL"))  # the first statement that may touch the file
    db = sqlite_utils.Database(conn)
    db.path = path if path == ":memory:" else os.path.realpath(path)
    return db


def create_private(path: str) -> None:
    """Create an empty database file readable by its owner alone (SQLite gives its -wal, -shm and -journal
    files the database's mode): it holds every game's keys. FileExistsError when `path` exists: the file
    is made in one step, so nothing made meanwhile by someone else is ever taken over."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


_anchors: dict[str, sqlite3.Connection] = {}
_anchors_lock = threading.Lock()
ANCHORS = 8


def copy(source: str, target: str) -> int:
    """A consistent copy of the database at `source` into `target` (made by `create_private`), even while it is
    written; returns the number of events copied."""
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
        dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, nothing beside it
        return dst.execute("SELECT count(*) FROM events").fetchone()[0]


def _anchor(path: str) -> None:
    """Keep one connection to the file, with its WAL index open, for the life of the process.

    When the last connection to a WAL database closes, SQLite checkpoints and deletes the WAL and its
    index (`-shm`), and the next connection must make them again: every other process's readers meet
    "database is locked" meanwhile, and on a full disk the index cannot be made, so every read failed
    (#33). A connection opens the index at its first read and keeps it until it closes, holding nothing
    that keeps a write or a checkpoint waiting: the anchor reads once, after `migrate` put the file in WAL
    mode. (A few files at most: tests make many.)"""
    key = os.path.realpath(path)
    with _anchors_lock:
        if key in _anchors:
            return
        if len(_anchors) >= ANCHORS:
            _anchors.pop(next(iter(_anchors))).close()
        anchor = sqlite3.connect(path, isolation_level=None, timeout=0, check_same_thread=False)
        patiently(lambda: anchor.execute("SELECT count(*) FROM sqlite_master").fetchall())
        _anchors[key] = anchor


def _v1(db: sqlite_utils.Database) -> None:
    db["games"].create({"id": str, "variant": str, "created_at": str}, pk="id")
    db["keys"].create(
        {"key": str, "game_id": str, "role": str, "seat": int, "created_at": str, "revoked_at": str},
        pk="key", foreign_keys=[("game_id", "games", "id")], not_null={"game_id", "role"})
    db["keys"].create_index(["game_id"])
    db["events"].create(
        {"game_id": str, "seq": int, "type": str, "payload": str, "created_at": str,
         "actor_role": str, "actor_seat": int},
        pk=("game_id", "seq"), foreign_keys=[("game_id", "games", "id")], not_null={"type", "payload"})


def _v2(db: sqlite_utils.Database) -> None:
    """Tournaments (docs/rules/bid-exactly.md): their link keys and the partite (games) that belong to them."""
    db["tournaments"].create({"id": str, "name": str, "scheme": str, "created_at": str}, pk="id",
                             not_null={"name"})
    db["tournament_keys"].create(
        {"key": str, "tournament_id": str, "role": str, "created_at": str, "revoked_at": str},
        pk="key", foreign_keys=[("tournament_id", "tournaments", "id")], not_null={"tournament_id", "role"})
    db["tournament_keys"].create_index(["tournament_id"])
    db["tournament_games"].create(
        {"game_id": str, "tournament_id": str, "table_label": str, "round": int, "added_at": str},
        pk="game_id",  # the primary key keeps game_id UNIQUE: a game belongs to one tournament only
        foreign_keys=[("game_id", "games", "id"), ("tournament_id", "tournaments", "id")],
        not_null={"tournament_id", "table_label", "round"})
    db["tournament_games"].create_index(["tournament_id", "round", "table_label"], unique=True)


def _v3(db: sqlite_utils.Database) -> None:
    """The games and tournaments each phone created or opened (issue #8), kept here rather than in a cookie:
    the browser holds only its random device id."""
    db["device_games"].create(
        {"device": str, "game_id": str, "key": str, "role": str, "label": str, "added_at": str},
        pk=("device", "game_id"), not_null={"key", "role", "label", "added_at"})
    db["device_games"].create_index(["device", "added_at"])
    db["device_tournaments"].create(
        {"device": str, "tournament_id": str, "key": str, "role": str, "label": str, "added_at": str},
        pk=("device", "tournament_id"), not_null={"key", "role", "label", "added_at"})
    db["device_tournaments"].create_index(["device", "added_at"])


def _v4(db: sqlite_utils.Database) -> None:
    """Device ids are signed from now on (issue #17): the ids issued before are listed here, each taken
    once more (its list then moves to a new, signed id; web/phone/devices.py)."""
    db["unsigned_devices"].create({"device": str}, pk="device")
    db.execute("INSERT INTO unsigned_devices (device) SELECT device FROM device_games "
               "UNION SELECT device FROM device_tournaments")


def _v5(db: sqlite_utils.Database) -> None:
    """Imports a client may retry (issue #17): its idempotency key → the game it made, with a digest of the
    file and the scorer key the answer gave (web/game/api.py, archive.py)."""
    db["imports"].create({"idempotency_key": str, "game_id": str, "digest": str, "scorer_key": str,
                          "created_at": str}, pk="idempotency_key", foreign_keys=[("game_id", "games", "id")],
                         not_null={"game_id", "digest", "scorer_key", "created_at"})


def _v6(db: sqlite_utils.Database) -> None:
    """A file of many games imports as many games (issue #19): an idempotency key then stands for each of
    them, in the file's order (`imports` keeps the first, as before)."""
    db["import_games"].create({"idempotency_key": str, "position": int, "game_id": str},
                              pk=("idempotency_key", "position"),
                              foreign_keys=[("idempotency_key", "imports", "idempotency_key"),
                                            ("game_id", "games", "id")], not_null={"game_id"})


def _v7(db: sqlite_utils.Database) -> None:
    """A club evening seated by the app (issue #21): its rounds, its roster (each player's number, first round and,
    after a withdrawal, last round) and every round's seats; and whether its partite need an opponent's
    confirmation of each hand."""
    db["tournaments"].add_column("rounds", int)
    db["tournaments"].add_column("confirmation", int, not_null_default=0)
    db["tournament_players"].create(
        {"tournament_id": str, "number": int, "name": str, "from_round": int, "until_round": int},
        pk=("tournament_id", "number"), foreign_keys=[("tournament_id", "tournaments", "id")],
        not_null={"name", "from_round"})
    db["tournament_seats"].create(
        {"tournament_id": str, "round": int, "table_label": str, "seat": int, "number": int},
        pk=("tournament_id", "round", "number"), foreign_keys=[("tournament_id", "tournaments", "id")],
        not_null={"table_label", "seat"})
    db["tournament_seats"].create_index(["tournament_id", "round", "table_label", "seat"], unique=True)


def _v8(db: sqlite_utils.Database) -> None:
    """Seasons (issue #21): a season's link keys (organiser, view) and the tournaments it groups; a tournament
    may be in several seasons (the club's year and its autumn, say), once in each."""
    db["seasons"].create({"id": str, "name": str, "created_at": str}, pk="id", not_null={"name", "created_at"})
    db["season_keys"].create(
        {"key": str, "season_id": str, "role": str, "created_at": str, "revoked_at": str},
        pk="key", foreign_keys=[("season_id", "seasons", "id")], not_null={"season_id", "role"})
    db["season_keys"].create_index(["season_id"])
    db["season_tournaments"].create(
        {"season_id": str, "tournament_id": str, "added_at": str}, pk=("season_id", "tournament_id"),
        foreign_keys=[("season_id", "seasons", "id"), ("tournament_id", "tournaments", "id")],
        not_null={"added_at"})
    db["season_tournaments"].create_index(["tournament_id"])


def _v9(db: sqlite_utils.Database) -> None:
    """The entries applied, by the id their phone gave them (#22): an entry sent again (a retry after a lost
    answer, two tabs replaying one queue) is acknowledged, not applied twice. The key that sent it is kept: an
    id is one phone's own."""
    db["entries"].create({"game_id": str, "entry_id": str, "key": str, "seq": int}, pk=("game_id", "entry_id"),
                         foreign_keys=[("game_id", "games", "id")], not_null={"key", "seq"})


def _v10(db: sqlite_utils.Database) -> None:
    """Saved house rules (#23): a table's named rule set ("Casa Rossi"), kept for the phone that saved it (its
    device id), never shown to another: its variant and options, and the players and dealer it starts with.
    `folded` is the name as two names must differ in (one "Casa Rossi" per phone, whatever its case); `last_once`
    the key of the list the last game was started from, and `last_game` that game (a Start tapped twice: one game)."""
    db["house_rules"].create(
        {"id": str, "device": str, "name": str, "folded": str, "variant": str, "options": str, "players": str,
         "first_dealer": int, "confirmation": int, "used_at": str, "last_once": str, "last_game": str},
        pk="id", not_null={"device", "name", "folded", "variant", "options", "players", "confirmation", "used_at"})
    db["house_rules"].create_index(["device", "folded"], unique=True)


def _v11(db: sqlite_utils.Database) -> None:
    """The game a tournament plays (#23): a house-rules preset; none (every tournament before) is tournament Whist."""
    db["tournaments"].add_column("variant", str)


def _v12(db: sqlite_utils.Database) -> None:
    """What each entry applied recorded, as a digest (#33): its id sent again with another change is refused, not
    answered as if that change were made. Entries kept before have none: their ids answer as they did."""
    db["entries"].add_column("digest", str)


def _v13(db: sqlite_utils.Database) -> None:
    """Each player's own link of a club evening (#35): a tournament key of role "player" names the roster's
    `player` (number) it belongs to, and when the room's code handed it out (`claimed_at`: once, to one phone)."""
    db["tournament_keys"].add_column("player", int)
    db["tournament_keys"].add_column("claimed_at", str)


def _v14(db: sqlite_utils.Database) -> None:
    """The table's phones (#35): each seat of a partita claimed from the table's card ("I am Bruno") by one phone
    (its device id) and the seat link it was given; and the one-time links that hand a game's scoring to another
    phone (the scorer key that made each, and when it was taken)."""
    db["seat_claims"].create({"game_id": str, "seat": int, "device": str, "key": str, "claimed_at": str},
                             pk=("game_id", "seat"), foreign_keys=[("game_id", "games", "id")],
                             not_null={"device", "key", "claimed_at"})
    db["handovers"].create({"token": str, "game_id": str, "scorer_key": str, "created_at": str, "taken_at": str},
                           pk="token", foreign_keys=[("game_id", "games", "id")],
                           not_null={"game_id", "scorer_key", "created_at"})
    db["handovers"].create_index(["scorer_key"])



def _v15(db: sqlite_utils.Database) -> None:
    """The organiser's choice for a club evening's tables of 3 and 5 (#35): strict rotation or fewer repeats;
    none (every evening before) is strict rotation."""
    db["tournaments"].add_column("odd_tables", str)


def _v16(db: sqlite_utils.Database) -> None:
    """One store for requests sent twice (#36, store/once.py), where three kept them their own way: the entries
    applied (by game, the link that sent each), the imports (the games each made, the scorer link its answer gave)
    and each saved set's last Start (by phone). Every row kept moves there, and answers as it did."""
    db["once_keys"].create({"kind": str, "scope": str, "key": str, "owner": str, "digest": str, "answer": str,
                            "created_at": str}, pk=("kind", "scope", "key"), not_null={"answer"})
    db.execute("INSERT INTO once_keys SELECT 'change', game_id, entry_id, key, digest, seq, NULL FROM entries")
    db.execute("INSERT INTO once_keys SELECT 'import', '', i.idempotency_key, NULL, i.digest, "
               "json_object('games', json(CASE WHEN EXISTS (SELECT 1 FROM import_games g WHERE g.idempotency_key = "
               "i.idempotency_key) THEN (SELECT json_group_array(game_id) FROM (SELECT game_id FROM import_games g "
               "WHERE g.idempotency_key = i.idempotency_key ORDER BY position)) ELSE json_array(i.game_id) END), "
               "'scorer', i.scorer_key), i.created_at FROM imports i")
    db.execute("INSERT INTO once_keys SELECT 'start', device, last_once, NULL, id, last_game, used_at "
               "FROM house_rules WHERE last_once IS NOT NULL")
    for table in ("entries", "import_games", "imports"):
        db[table].drop()
    db["house_rules"].transform(drop={"last_once", "last_game"})


def _v17(db: sqlite_utils.Database) -> None:
    """Clubs (#37): a club's links (organiser, view, and each roster player's own, `player`), its roster (a number
    each; `folded` the name as two names must differ in, unique among the players not removed; a removed player's
    name and nickname are erased), the games added to it with the roster player at each seat, the club evenings
    added to it with the roster player each of their names is, and each game's result as the ratings read it (kept
    by the game's version: recomputed whenever the game has changed since)."""
    db["clubs"].create({"id": str, "name": str, "created_at": str}, pk="id", not_null={"name", "created_at"})
    db["club_keys"].create({"key": str, "club_id": str, "role": str, "player": int, "created_at": str,
                            "revoked_at": str}, pk="key", foreign_keys=[("club_id", "clubs", "id")],
                           not_null={"club_id", "role"})
    db["club_keys"].create_index(["club_id"])
    db["club_players"].create({"club_id": str, "number": int, "name": str, "folded": str, "nickname": str,
                               "hidden": int, "added_at": str, "removed_at": str}, pk=("club_id", "number"),
                              foreign_keys=[("club_id", "clubs", "id")], not_null={"added_at"})
    db.execute("CREATE UNIQUE INDEX club_players_named ON club_players (club_id, folded) WHERE removed_at IS NULL")
    db["club_games"].create({"game_id": str, "club_id": str, "added_at": str}, pk="game_id",
                            foreign_keys=[("game_id", "games", "id"), ("club_id", "clubs", "id")],
                            not_null={"club_id", "added_at"})
    db["club_games"].create_index(["club_id"])
    db["club_game_seats"].create({"game_id": str, "seat": int, "player": int}, pk=("game_id", "seat"),
                                 foreign_keys=[("game_id", "club_games", "game_id")], not_null={"player"})
    db["club_game_seats"].create_index(["game_id", "player"], unique=True)
    db["club_evenings"].create({"tournament_id": str, "club_id": str, "added_at": str}, pk="tournament_id",
                               foreign_keys=[("tournament_id", "tournaments", "id"), ("club_id", "clubs", "id")],
                               not_null={"club_id", "added_at"})
    db["club_evenings"].create_index(["club_id"])
    db["club_evening_names"].create({"tournament_id": str, "folded": str, "player": int},
                                    pk=("tournament_id", "folded"),
                                    foreign_keys=[("tournament_id", "club_evenings", "tournament_id")],
                                    not_null={"player"})
    db["game_results"].create({"game_id": str, "version": int, "family": str, "finished": int, "ended_at": str,
                               "teams": str, "ranks": str}, pk="game_id", foreign_keys=[("game_id", "games", "id")],
                              not_null={"version", "family", "finished"})


def _v18(db: sqlite_utils.Database) -> None:
    """The clubs each phone opened by their organiser's or their own link (#37), listed on its home page."""
    db["device_clubs"].create(
        {"device": str, "club_id": str, "key": str, "role": str, "label": str, "added_at": str},
        pk=("device", "club_id"), not_null={"key", "role", "label", "added_at"})
    db["device_clubs"].create_index(["device", "added_at"])


# Append only: migration i brings the file from user_version i to i + 1.
MIGRATIONS = [_v1, _v2, _v3, _v4, _v5, _v6, _v7, _v8, _v9, _v10, _v11, _v12, _v13, _v14, _v15, _v16, _v17, _v18]


def migrate(db: sqlite_utils.Database) -> None:
    """Create or bring the schema up to date; safe to call at every start and from several processes."""
    patiently(lambda: db.execute("PRAGMA journal_mode = WAL"))
    with write(db):
        version = db.execute("PRAGMA user_version").fetchone()[0]
        for number, step in enumerate(MIGRATIONS[version:], start=version + 1):
            step(db)
            db.execute(f"PRAGMA user_version = {number}")
    if db.path != ":memory:":
        _anchor(db.path)


UNAVAILABLE = {sqlite3.SQLITE_FULL: "SQLITE_FULL", sqlite3.SQLITE_READONLY: "SQLITE_READONLY",
               sqlite3.SQLITE_IOERR: "SQLITE_IOERR", sqlite3.SQLITE_CANTOPEN: "SQLITE_CANTOPEN",
               sqlite3.SQLITE_PERM: "SQLITE_PERM", sqlite3.SQLITE_BUSY: "SQLITE_BUSY",
               sqlite3.SQLITE_LOCKED: "SQLITE_LOCKED"}


def unavailable(error: BaseException) -> str | None:
    """The name of the storage trouble behind `error` (disk full, read-only, I/O, busy for too long), or
    None when it is no such trouble: then the web layer answers 503 and asks to try again later."""
    code = getattr(error, "sqlite_errorcode", None)
    if not isinstance(error, sqlite3.Error) or code is None:
        return None
    return UNAVAILABLE.get(code & 0xFF)


def is_busy(error: sqlite3.OperationalError) -> bool:
    """SQLITE_BUSY (another connection holds the lock) or SQLITE_LOCKED."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(error) or "busy" in str(error)


def patiently(step, wait: float = WRITE_WAIT_SECONDS):
    """Run `step()`; while SQLite answers "busy", sleep a little and try again, up to `wait` seconds.

    `time.sleep` is gevent's under the production server (monkey-patched): the other streams of
    the worker go on meanwhile."""
    deadline = time.monotonic() + wait
    pause = 0.001
    while True:
        try:
            return step()
        except sqlite3.OperationalError as error:
            if not is_busy(error) or time.monotonic() >= deadline:
                raise
        time.sleep(pause * (0.5 + random.random()))  # jittered: two waiting processes do not retry in step
        pause = min(pause * 2, 0.005)  # short: a write holds the file for a few milliseconds


_write_locks: dict[str, threading.RLock] = {}
_write_locks_guard = threading.Lock()


def write_lock(path: str) -> threading.RLock:
    """This process's lock for writes to the file at `path`: one write unit at a time per process,
    so SQLITE_BUSY can only come from another process. (Under gevent `threading` is patched and
    the lock is a greenlet lock: waiting for it lets the other greenlets run.)"""
    with _write_locks_guard:
        lock = _write_locks.get(path)
        if lock is None:
            lock = _write_locks[path] = threading.RLock()
        return lock


class write:
    """`with write(db):` one BEGIN IMMEDIATE … COMMIT unit (ROLLBACK on any error).

    Within a process the units of a file run one at a time (`write_lock`); across processes
    BEGIN IMMEDIATE is retried cooperatively while the other process holds the write lock."""

    def __init__(self, db: sqlite_utils.Database):
        self.db = db
        self.lock = write_lock(getattr(db, "path", ":memory:"))

    def __enter__(self):
        if not self.lock.acquire(timeout=WRITE_WAIT_SECONDS):
            raise sqlite3.OperationalError("database is locked (this process's writes queued too long)")
        try:
            patiently(lambda: self.db.execute("BEGIN IMMEDIATE"))
        except BaseException:
            self.lock.release()
            raise
        return self.db

    def __exit__(self, kind, value, traceback):
        try:
            if kind is None:
                try:
                    patiently(lambda: self.db.execute("COMMIT"))
                except BaseException:
                    self._rollback()
                    raise
            else:
                self._rollback()
        finally:
            self.lock.release()
        return False

    def _rollback(self) -> None:
        """Roll back what is left: SQLite may have rolled back already (a COMMIT that failed on a full
        disk), and "cannot rollback" must not hide the error that caused it."""
        try:
            self.db.execute("ROLLBACK")
        except sqlite3.Error:
            pass


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


MAX_EVENTS = Settings.max_events_per_game  # per game; `db.max_events` (the app's MAX_EVENTS_PER_GAME) overrides it


def append_event(db, game_id: str, seq: int, kind: str, payload: dict, role: str | None, seat: int | None) -> dict:
    """Append one event; returns it as `events()` will read it back.

    A game takes at most MAX_EVENTS changes (its creation, changes and undos) and, apart, as many marks
    (confirmations and reopenings, `model.MARKS`): past either `TooManyChanges` (409), and the write unit around
    this call rolls back. Marks never take the table's room, whatever a seat's phone confirms and reopens (#33)."""
    return append_events(db, game_id, seq, kind, [payload], role, seat)[0]


def append_events(db, game_id: str, seq: int, kind: str, payloads: list[dict], role: str | None,
                  seat: int | None) -> list[dict]:
    """Append events numbered from `seq` in one statement (an imported game's changes); returns them as
    `events()` will read them back (the payloads as their JSON gives them). The limits as `append_event`."""
    limit = getattr(db, "max_events", MAX_EVENTS)
    if seq + len(payloads) - 1 > limit:  # below it, neither kind can be full: nothing to count
        _check_room(db, game_id, kind, len(payloads), limit)
    at = now()
    texts = [json.dumps(payload, ensure_ascii=False, separators=(",", ":")) for payload in payloads]
    db.conn.executemany("INSERT INTO events (game_id, seq, type, payload, created_at, actor_role, actor_seat) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?)",
                        [(game_id, seq + i, kind, text, at, role, seat) for i, text in enumerate(texts)])
    return [{"seq": seq + i, "type": kind, "payload": json.loads(text), "created_at": at, "actor_role": role,
             "actor_seat": seat} for i, text in enumerate(texts)]


def check_room(db, game_id: str, kind: str) -> None:
    """Refuse one more event of `kind` at a full game before its log is read (`TooManyChanges`, as
    `append_event` would): an undo at the cap reads nothing, and the refusal's page reads the game once (#33)."""
    limit = getattr(db, "max_events", MAX_EVENTS)
    if version(db, game_id) >= limit:
        _check_room(db, game_id, kind, 1, limit)


def _check_room(db, game_id: str, kind: str, count: int, limit: int) -> None:
    """Refuse `count` more events of `kind` when its kind (marks, or changes) holds `limit` of them already."""
    from ..rules.base import N_, TooManyChanges
    marks = kind in MARKS
    held = db.execute("SELECT count(*) FROM events WHERE game_id = ? AND (type IN (?, ?)) = ?",
                      [game_id, *MARKS, marks]).fetchone()[0]
    if held + count <= limit:
        return
    if marks:
        raise TooManyChanges(N_("This game has reached the limit of %(max)s confirmations and reopenings: its "
                                "hands can still be recorded and corrected."), max=limit)
    raise TooManyChanges(N_("This game has reached the limit of %(max)s changes: start a new game."), max=limit)


def created(db, game_id: str) -> dict | None:
    """What a game's creation recorded (its first event's payload: players, options, an import's origin), or None."""
    row = db.execute("SELECT payload FROM events WHERE game_id = ? AND seq = 1", [game_id]).fetchone()
    return json.loads(row[0]) if row else None


def game_ids(db) -> list[str]:
    """Every game on the server, oldest first."""
    return [row[0] for row in db.execute("SELECT id FROM games ORDER BY created_at, id").fetchall()]


def events(db, game_id: str) -> list[dict]:
    return events_after(db, game_id, 0)


def version(db, game_id: str) -> int:
    row = db.execute("SELECT max(seq) FROM events WHERE game_id = ?", [game_id]).fetchone()
    return row[0] or 0


def events_after(db, game_id: str, after: int) -> list[dict]:
    """The events of a game with a sequence number above `after`, in order."""
    rows = db.execute("SELECT seq, type, payload, created_at, actor_role, actor_seat FROM events "
                      "WHERE game_id = ? AND seq > ? ORDER BY seq", [game_id, after]).fetchall()
    # The payloads parsed as one JSON array: one call instead of one per event (a game at the cap: 5,000).
    payloads = json.loads(f"[{','.join(r[2] for r in rows)}]")
    return [{"seq": r[0], "type": r[1], "payload": payload, "created_at": r[3], "actor_role": r[4],
             "actor_seat": r[5]} for r, payload in taking_turns(zip(rows, payloads))]
