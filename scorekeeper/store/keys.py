"""Capability keys: random link keys and ids, and finding a key among a few in constant time."""
from __future__ import annotations

import hmac
import secrets

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
