"""Capability keys: random link keys and ids, finding a key among a few in constant time, and replacing one."""
from __future__ import annotations

import hmac
import secrets

from .db import now

ID_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
MAX_KEY = 200


def new_key() -> str:
    return secrets.token_urlsafe(24)  # 192 random bits


def new_id() -> str:
    """A public id: 12 letters and digits (never a leading "-" that a spreadsheet would misread)."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(12))


def find_key(rows, key) -> tuple | None:
    """The row whose last column equals `key`, comparing every candidate in constant time."""
    if not isinstance(key, str) or not key or len(key) > MAX_KEY:
        return None
    found = None
    for row in rows:
        if hmac.compare_digest(row[-1].encode(), key.encode()):
            found = row
    return found


# The key tables of what has one key per role (a tournament, a season) and the column naming the owner: the SQL
# below takes its table and column from here alone, never from a caller's text. (A game's keys have seats: its own.)
OWNED_KEYS = {"tournament_keys": "tournament_id", "season_keys": "season_id", "club_keys": "club_id"}


def replace_key(db, table: str, owner_id: str, role: str) -> str:
    """Revoke the owner's live key(s) of `role` in `table` (one of OWNED_KEYS) and insert a new one; the new key.
    Called inside the caller's write unit (`db.write`): both happen, or neither."""
    column = OWNED_KEYS[table]
    at, key = now(), new_key()
    db.execute(f"UPDATE {table} SET revoked_at = ? WHERE {column} = ? AND role = ? AND revoked_at IS NULL",
               [at, owner_id, role])
    db[table].insert({"key": key, column: owner_id, "role": role, "created_at": at})
    return key
