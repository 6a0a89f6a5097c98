"""The games (and tournaments) a phone created or opened, kept on the server (issue #8).

The browser holds only a random device id in a long-lived cookie (HttpOnly, SameSite=Lax, Secure
over https); the list is in the database (`device_games`, `device_tournaments`), so it holds
hundreds of games, where the signed session cookie stopped growing at about 15 (4 KB).

- A device cookie is never created or replaced by a request from another site (`guard.may_set_cookies`):
  a page elsewhere cannot give the phone a fresh, empty list. State-changing requests from other
  sites are refused anyway.
- A list kept by an older version in the session cookie is moved into the table once, then dropped
  from the cookie.
"""
from __future__ import annotations

import json
import re
import secrets
from urllib.parse import urlsplit

from flask import current_app, g, request, session

from .. import db as store
from . import get_db
from .guard import may_set_cookies

COOKIE = "device"
MAX_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie; renewed at each visit
DEVICE = re.compile(r"[A-Za-z0-9_-]{32}")
MAX_GAMES = 1000
MAX_TOURNAMENTS = 200
TABLES = {"game": ("device_games", "game_id", MAX_GAMES), "tournament": ("device_tournaments", "tournament_id",
                                                                        MAX_TOURNAMENTS)}
LEGACY = {"game": "games", "tournament": "tournaments"}  # the session keys older versions used


def device(create: bool) -> str | None:
    """This browser's device id (None when it has none and `create` is false or not allowed)."""
    if "device" in g:
        return g.device
    value = request.cookies.get(COOKIE)
    if not (isinstance(value, str) and DEVICE.fullmatch(value)):
        value = None
    if value is None and (create or any(name in session for name in LEGACY.values())) and may_set_cookies():
        value = secrets.token_urlsafe(24)
    g.device = value
    if value is not None and may_set_cookies():
        g.device_cookie = value  # set (or renewed) on the response
        _adopt_legacy(value)
    return value


def _adopt_legacy(device_id: str) -> None:
    """Move the list an older version kept in the session cookie into the table, once."""
    if not any(LEGACY[kind] in session for kind in LEGACY):
        return
    for kind, name in LEGACY.items():
        rows = session.pop(name, None)
        if not isinstance(rows, list):
            continue
        for row in reversed(rows):  # oldest first: the newest ends on top
            if isinstance(row, list) and len(row) == 4 and all(isinstance(v, str) for v in row):
                _store(kind, device_id, *row)


def remember(kind: str, item_id: str, key: str, role: str, label: str) -> None:
    """Put a game or tournament at the top of this phone's list (once the device may be known)."""
    device_id = device(create=True)
    if device_id is not None:
        _store(kind, device_id, item_id, key, role, label)


def _store(kind: str, device_id: str, item_id: str, key: str, role: str, label: str) -> None:
    table, column, limit = TABLES[kind]
    db = get_db()
    with store.write(db):
        db.execute(f"INSERT INTO {table} (device, {column}, key, role, label, added_at) VALUES (?, ?, ?, ?, ?, ?) "
                   f"ON CONFLICT (device, {column}) DO UPDATE SET key = excluded.key, role = excluded.role, "
                   f"label = excluded.label, added_at = excluded.added_at",
                   [device_id, item_id, key, role, label[:200], store.now()])
        db.execute(f"DELETE FROM {table} WHERE device = ? AND {column} NOT IN (SELECT {column} FROM {table} "
                   f"WHERE device = ? ORDER BY added_at DESC LIMIT ?)", [device_id, device_id, limit])


def listed(kind: str) -> list[tuple[str, str, str, str, str]]:
    """This phone's games or tournaments, newest first: (id, key, role, label, when last opened)."""
    device_id = device(create=False)
    if device_id is None:
        return []
    table, column, _limit = TABLES[kind]
    return [tuple(row) for row in get_db().execute(
        f"SELECT {column}, key, role, label, added_at FROM {table} WHERE device = ? "
        f"ORDER BY added_at DESC, rowid DESC", [device_id]).fetchall()]


def forget(kind: str, item_id: str) -> None:
    """Take a game (or tournament) off this phone's list; the game itself and its links stay."""
    device_id = device(create=False)
    if device_id is None:
        return
    table, column, _limit = TABLES[kind]
    db = get_db()
    with store.write(db):
        db.execute(f"DELETE FROM {table} WHERE device = ? AND {column} = ?", [device_id, item_id])


def recent_names(limit: int = 40) -> list[str]:
    """The player names of this phone's recent games, most recent first, each once (to offer them again)."""
    names, seen = [], set()
    for game_id, *_ in listed("game")[:30]:
        row = get_db().execute("SELECT payload FROM events WHERE game_id = ? AND seq = 1", [game_id]).fetchone()
        for name in (json.loads(row[0]).get("players", []) if row else []):
            if isinstance(name, str) and name.casefold() not in seen:
                seen.add(name.casefold())
                names.append(name)
    return names[:limit]


def set_cookie(response):
    """after_request: give the browser its device cookie (new, or renewed)."""
    value = g.pop("device_cookie", None)
    if value is not None:
        public = current_app.config.get("PUBLIC_URL", "")
        secure = request.is_secure or (public.startswith("https://") and urlsplit(public).netloc == request.host)
        response.set_cookie(COOKIE, value, max_age=MAX_AGE, httponly=True, samesite="Lax", secure=secure)
    return response
