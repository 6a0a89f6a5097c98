"""The list of games and tournaments each phone keeps (issue #8), in the database: the service below
`web/phone/devices.py`, which knows the phone by its cookie and calls this with its device id."""
from __future__ import annotations

from typing import NamedTuple

from ..store import db as store

MAX_GAMES = 1000
MAX_TOURNAMENTS = 200
MAX_CLUBS = 50
KINDS = {"game": ("device_games", "game_id", MAX_GAMES), "tournament": ("device_tournaments", "tournament_id",
                                                                       MAX_TOURNAMENTS),
         "club": ("device_clubs", "club_id", MAX_CLUBS)}
KEYS = {"game": ("keys", "game_id"), "tournament": ("tournament_keys", "tournament_id"),
        "club": ("club_keys", "club_id")}  # where links live
# The links a phone's list keeps over the other links of the same game or tournament, strongest first: a game's
# scorer link (#33); a tournament's organiser link, then a player's own link over the room's code and the TV's (#35);
# a club's organiser link over its view link (#37).
KEPT = {"game": "/scorer/", "tournament": "/organiser/player/", "club": "/organiser/"}


class Entry(NamedTuple):
    """A game (or tournament) on a phone's list."""

    id: str
    key: str
    role: str
    label: str
    opened: str  # when it was last opened here
    opens: bool  # whether its link still opens it (false once the link was replaced)


def move_unsigned(db, old: str, new: str) -> bool:
    """Move the list of an id issued before ids were signed (migration 4 listed them) to `new`, once:
    False when `old` is no such id (or was moved already)."""
    with store.write(db):
        if db.execute("DELETE FROM unsigned_devices WHERE device = ?", [old]).rowcount == 0:
            return False
        for table, _column, _limit in KINDS.values():
            db.execute(f"UPDATE {table} SET device = ? WHERE device = ?", [new, old])
    return True


def keep(db, kind: str, device: str, item_id: str, key: str, role: str, label: str) -> None:
    """Put a game or tournament at the top of a phone's list; the oldest fall off past the limit."""
    keep_all(db, kind, device, [(item_id, key, role, label)])


def keep_all(db, kind: str, device: str, items: list[tuple[str, str, str, str]]) -> None:
    """Put games or tournaments — (id, key, role, label) each — at the top of a phone's list in one write, the
    last of them on top (the games of a file imported: one write, not one each); the oldest fall off past the
    limit, in the order the list shows them. A phone that holds a game's scorer link keeps it when it opens
    another of the game's links (a player's, from the share page): its list still opens the scorer's sheet, and a
    confirmation made there is known to be on the scorer's phone (#33); a player's phone keeps its own link of the
    evening when it scans the room's code again (#35). Once that link no longer opens the game (replaced), the link
    opened takes its place."""
    table, column, limit = KINDS[kind]
    keys, owner = KEYS[kind]
    rank = "instr(:kept, '/' || {}.role || '/')"  # a role's place in KEPT: 0 for a role it does not keep
    mine, theirs = rank.format(table), rank.format("excluded")
    kept = (f"{mine} > 0 AND NOT ({theirs} > 0 AND {theirs} <= {mine}) AND EXISTS "
            f"(SELECT 1 FROM {keys} k WHERE k.key = {table}.key AND k.{owner} = {table}.{column} AND "
            f"k.revoked_at IS NULL)")
    at = store.now()
    with store.write(db):
        db.conn.executemany(
            f"INSERT INTO {table} (device, {column}, key, role, label, added_at) "
            f"VALUES (:device, :item, :key, :role, :label, :now) "
            f"ON CONFLICT (device, {column}) DO UPDATE SET "
            f"key = CASE WHEN {kept} THEN {table}.key ELSE excluded.key END, "
            f"role = CASE WHEN {kept} THEN {table}.role ELSE excluded.role END, "
            f"label = excluded.label, added_at = excluded.added_at",
            [{"device": device, "item": item_id, "key": key, "role": role, "label": label[:200], "now": at,
              "kept": KEPT[kind]} for item_id, key, role, label in items])
        db.execute(f"DELETE FROM {table} WHERE device = ? AND {column} NOT IN (SELECT {column} FROM {table} "
                   f"WHERE device = ? ORDER BY added_at DESC, rowid DESC LIMIT ?)", [device, device, limit])


def holds(db, kind: str, device: str, item_id: str, role: str) -> bool:
    """Whether a phone's list holds a game (or tournament) by a link of that role: the scorer's, for a game this
    phone created or opened as its scorer."""
    table, column, _limit = KINDS[kind]
    return db.execute(f"SELECT 1 FROM {table} WHERE device = ? AND {column} = ? AND role = ?",
                      [device, item_id, role]).fetchone() is not None


def entries(db, kind: str, device: str) -> list[Entry]:
    """A phone's games or tournaments, newest first, each saying whether its link still opens it."""
    table, column, _limit = KINDS[kind]
    keys, owner = KEYS[kind]
    return [Entry(*row[:5], opens=bool(row[5])) for row in db.execute(
        f"SELECT d.{column}, d.key, d.role, d.label, d.added_at, k.key IS NOT NULL FROM {table} d "
        f"LEFT JOIN {keys} k ON k.key = d.key AND k.{owner} = d.{column} AND k.revoked_at IS NULL "
        f"WHERE d.device = ? ORDER BY d.added_at DESC, d.rowid DESC", [device]).fetchall()]


def drop(db, kind: str, device: str, item_id: str) -> None:
    """Take a game (or tournament) off a phone's list; the game itself and its links stay."""
    table, column, _limit = KINDS[kind]
    with store.write(db):
        db.execute(f"DELETE FROM {table} WHERE device = ? AND {column} = ?", [device, item_id])

