"""The games (and tournaments) a phone created or opened, kept on the server (issue #8).

The browser holds only a random device id in a long-lived cookie (HttpOnly, SameSite=Lax, Secure
over https); the list is in the database (`device_games`, `device_tournaments`), so it holds
hundreds of games, where the signed session cookie stopped growing at about 15 (4 KB).

- A device cookie is never created or replaced by a request from another site (`guard.may_set_cookies`):
  a page elsewhere cannot give the phone a fresh, empty list. State-changing requests from other
  sites are refused anyway.
- Only ids this server issued are taken (issue #17): the cookie holds the id signed with the app's
  secret, so a value planted in the browser (from a sibling subdomain, or one response injected over
  plain HTTP) is ignored, and whoever planted it cannot later read that phone's games. Over https
  the cookie is `__Host-device` (Secure, whole site, no Domain: no sibling can set it).
- Ids issued before they were signed (listed by migration 4) are taken once: their list moves to a
  new, signed id and the old value stops counting. Only as the phone held it (#33): its `device` cookie,
  alone, on a request of this site's own pages (`_unsigned_moved`).
- A list kept by an older version in the session cookie is moved into the table once, then dropped
  from the cookie.
- An entry whose link no longer opens its game (the scorer made a new link) shows nothing of the
  game: `listed` says which entries still open, and only those are replayed anywhere.
"""
from __future__ import annotations

import re
import secrets
import sqlite3
from contextlib import contextmanager
from urllib.parse import urlsplit

from flask import current_app, g, request, session
from itsdangerous import BadSignature, Signer

from ...service import games, phones
from ...service.phones import Entry
from ...store import db as store
from ..assets.labels import variant_name
from ..gate.guard import is_cross_site, may_set_cookies
from ..gate.per_request import get_db

COOKIE = "device"
SECURE_COOKIE = "__Host-device"  # over https: only this site, whole of it, Secure (RFC 6265bis prefixes)
MAX_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie; renewed at each visit
DEVICE = re.compile(r"[A-Za-z0-9_-]{32}")
KINDS = phones.KINDS
LEGACY = {"game": "games", "tournament": "tournaments"}  # the session keys older versions used


def _signer() -> Signer:
    return Signer(current_app.config["SECRET_KEY"], salt="device")


def _secure() -> bool:
    """Whether the browser reaches us over https (directly, or as PUBLIC_URL says behind a proxy)."""
    public = current_app.config.get("PUBLIC_URL", "")
    return request.is_secure or (public.startswith("https://") and urlsplit(public).netloc == request.host)


def _cookie_name() -> str:
    return SECURE_COOKIE if _secure() else COOKIE


def _issued(value) -> str | None:
    """The device id a cookie value carries, if this server signed it."""
    if not isinstance(value, str) or len(value) > 100:
        return None
    try:
        device_id = _signer().unsign(value).decode("ascii")
    except (BadSignature, UnicodeDecodeError):
        return None
    return device_id if DEVICE.fullmatch(device_id) else None


def device(create: bool) -> str | None:
    """This browser's device id (None when it has none and `create` is false or not allowed)."""
    if "device" in g:
        return g.device
    # The first value this server signed: another `device` cookie planted beside it hides nothing.
    value = next(filter(None, map(_issued, request.cookies.getlist(_cookie_name()))), None)
    allowed = may_set_cookies()
    if value is None and allowed:
        value = _unsigned_moved()
    if value is None and (create or any(name in session for name in LEGACY.values())) and allowed:
        value = secrets.token_urlsafe(24)
    g.device = value
    if value is not None and allowed:
        g.device_cookie = value  # set (or renewed) on the response
        _adopt_legacy(value)
    return value


def _unsigned_moved() -> str | None:
    """An id issued before ids were signed (migration 4 listed them): its list moves to a new id, once, for the
    phone that held it (#33). That id only ever lived in the phone's own `device` cookie (HttpOnly: no page, CSV,
    address or log shows it), so it is taken from there alone: sent by this site's own pages (not from another
    site, nor a link followed from one), as the request's only device cookie (one planted beside the phone's own
    signed id, by a sibling subdomain, moves nothing and does not replace it)."""
    values = request.cookies.getlist(COOKIE)
    if is_cross_site() or len(values) != 1 or SECURE_COOKIE in request.cookies or not DEVICE.fullmatch(values[0]):
        return None
    moved, new = None, secrets.token_urlsafe(24)
    with _bookkeeping():
        moved = new if phones.move_unsigned(get_db(), values[0], new) else None
    return moved


@contextmanager
def _bookkeeping():
    """A write to this phone's list, done on the side of a page: when the storage cannot take it (a full
    disk, a read-only file) the page is shown all the same and the log says what was not kept."""
    try:
        yield
    except sqlite3.Error as error:
        trouble = store.unavailable(error)
        if trouble is None:
            raise
        current_app.logger.warning("this phone's list was not updated: %s (%s)", trouble, error)


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
                with _bookkeeping():
                    phones.keep(get_db(), kind, device_id, *row)


def remember(kind: str, item_id: str, key: str, role: str, label: str) -> None:
    """Put a game or tournament at the top of this phone's list (once the device may be known)."""
    remember_all(kind, [(item_id, key, role, label)])


def remember_all(kind: str, items: list[tuple[str, str, str, str]]) -> None:
    """Put games or tournaments — (id, key, role, label) each — at the top of this phone's list in one write, the
    last of them on top (once the device may be known)."""
    device_id = device(create=True)
    if device_id is not None:
        with _bookkeeping():
            phones.keep_all(get_db(), kind, device_id, items)


def holds_scorer_link(game_id: str) -> bool:
    """Whether this browser is the phone that holds the game's scorer link (it created the game or opened that
    link): a confirmation tapped here is the table's phone passed round, and says so (#33). Only read: a client
    without this server's device cookie (a script, another phone) holds none."""
    device_id = g.get("device") or _issued(request.cookies.get(_cookie_name()))
    return device_id is not None and phones.holds(get_db(), "game", device_id, game_id, "scorer")


def listed(kind: str) -> list[Entry]:
    """This phone's games or tournaments, newest first, each saying whether its link still opens it."""
    device_id = device(create=False)
    return [] if device_id is None else phones.entries(get_db(), kind, device_id)


def opening(kind: str) -> list[Entry]:
    """The entries of this phone's list whose link still opens them: the only ones anything is read from."""
    return [entry for entry in listed(kind) if entry.opens]


def held(kind: str, item_id: str, role: str) -> str | None:
    """The link of `role` this phone's list holds for that game or tournament, while it still opens it (a player's
    own link of the evening, #35)."""
    return next((entry.key for entry in opening(kind) if entry.id == item_id and entry.role == role), None)


def forget(kind: str, item_id: str) -> None:
    """Take a game (or tournament) off this phone's list; the game itself and its links stay."""
    device_id = device(create=False)
    if device_id is not None:
        phones.drop(get_db(), kind, device_id, item_id)


def recent_names(limit: int = 40) -> list[str]:
    """The player names of this phone's recent games, most recent first, each once (to offer them again)."""
    names, seen = [], set()
    for game_id, *_ in opening("game")[:30]:
        for name in games.players_of(get_db(), game_id):
            if isinstance(name, str) and name.casefold() not in seen:
                seen.add(name.casefold())
                names.append(name)
    return names[:limit]


def set_cookie(response):
    """after_request: give the browser its device cookie (new, or renewed)."""
    value = g.pop("device_cookie", None)
    if value is not None:
        secure = _secure()
        response.set_cookie(SECURE_COOKIE if secure else COOKIE, _signer().sign(value).decode("ascii"),
                            max_age=MAX_AGE, httponly=True, samesite="Lax", secure=secure, path="/")
    return response


def remember_game(game_id: str, key: str, role: str, state) -> None:
    """Keep a game this phone created or opened on its list (newest first), named as the list names it."""
    remember("game", game_id, key, role, list_label(state))


def list_label(state) -> str:
    """A game as a phone's list names it: its game and players."""
    return f"{variant_name(state.variant)} · {', '.join(state.players)}"
