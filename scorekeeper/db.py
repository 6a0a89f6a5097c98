"""The SQLite file: one connection per request, schema migrations, and the append-only event log."""
from __future__ import annotations

import json
import os
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import sqlite_utils


def connect(path: str) -> sqlite_utils.Database:
    """A connection in autocommit mode: every write unit opens its own BEGIN IMMEDIATE."""
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None, timeout=10, check_same_thread=False)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA busy_timeout = 10000")
    conn.execute("PRAGMA synchronous = NORMAL")
    db = sqlite_utils.Database(conn)
    db.path = path if path == ":memory:" else os.path.realpath(path)
    return db


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


MIGRATIONS = [_v1, _v2, _v3]  # append only: migration i brings the file from user_version i to i + 1


def migrate(db: sqlite_utils.Database) -> None:
    """Create or bring the schema up to date; safe to call at every start and from several processes."""
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        for number, step in enumerate(MIGRATIONS[version:], start=version + 1):
            step(db)
            db.execute(f"PRAGMA user_version = {number}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


class write:
    """`with write(db):` one BEGIN IMMEDIATE … COMMIT unit (ROLLBACK on any error)."""

    def __init__(self, db: sqlite_utils.Database):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind, value, traceback):
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
        return False


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


MAX_EVENTS = 5000  # per game; `db.max_events` (the app's MAX_EVENTS_PER_GAME) overrides it


def append_event(db, game_id: str, seq: int, kind: str, payload: dict, role: str | None, seat: int | None) -> dict:
    """Append one event; returns it as `events()` will read it back.

    A game takes at most MAX_EVENTS events: past that `TooManyChanges` (409), and the write unit
    around this call rolls back."""
    if seq > getattr(db, "max_events", MAX_EVENTS):
        from .rules.base import N_, TooManyChanges
        raise TooManyChanges(N_("This game has reached the limit of %(max)s changes: start a new game."),
                             max=getattr(db, "max_events", MAX_EVENTS))
    event = {"seq": seq, "type": kind, "payload": payload, "created_at": now(), "actor_role": role, "actor_seat": seat}
    db["events"].insert({**event, "game_id": game_id,
                         "payload": json.dumps(payload, ensure_ascii=False, separators=(",", ":"))})
    return event


def events(db, game_id: str) -> list[dict]:
    return events_after(db, game_id, 0)


def version(db, game_id: str) -> int:
    row = db.execute("SELECT max(seq) FROM events WHERE game_id = ?", [game_id]).fetchone()
    return row[0] or 0


def events_after(db, game_id: str, after: int) -> list[dict]:
    """The events of a game with a sequence number above `after`, in order."""
    rows = db.execute("SELECT seq, type, payload, created_at, actor_role, actor_seat FROM events "
                      "WHERE game_id = ? AND seq > ? ORDER BY seq", [game_id, after]).fetchall()
    return [_event(r) for r in rows]


def _event(r) -> dict:
    return {"seq": r[0], "type": r[1], "payload": json.loads(r[2]), "created_at": r[3],
            "actor_role": r[4], "actor_seat": r[5]}
