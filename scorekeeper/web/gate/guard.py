"""What every request and response goes through (issue #8): cross-site refusals, rate limits, the body
size limit for chunked bodies too, security headers, and where `next=` may lead.

- **Cross-site writes.** A state-changing request (POST, PUT, PATCH, DELETE) sent by a browser from
  a page of another site is refused with 403 before it reaches a view: `Sec-Fetch-Site` decides
  where the browser sends it; else `Origin`; else the host of `Referer`. A request with none of
  them (curl, a script, an old browser) passes: it cannot carry a victim's cookie by accident.
- **Rate limits** (Flask-Limiter): per client address and kind (creations, seatings, other writes), at most
  N in any window of the period (a moving window), kept in this process (each gunicorn worker keeps
  its own). `RATE_LIMIT_CREATE`, `RATE_LIMIT_SEAT`, `RATE_LIMIT_WRITE` as "N/second|minute|hour|day"; empty:
  no limit. A seating (a club evening's roster, a withdrawal, an arrival: each a search of up to seconds of
  CPU, #33) counts only as a seating, under a tighter limit than other writes.
  A refusal is 429 with one `Retry-After`, the seconds until the window lets one more through.
  A creation is a request to a route of `CREATIONS` (each makes a game, a tournament or a season; a test
  walks every route to keep the list whole); one that makes many (a file of many games) counts one
  creation for each (`create_more`).
- **Security headers** on every response; `Cache-Control: no-store` on every response that sets
  no cache policy of its own (pages, JSON, CSV: most carry link keys), static files excepted.
"""
from __future__ import annotations

import math
import re
import time
from io import BytesIO
from urllib.parse import unquote, urlsplit

from flask import current_app, request, url_for
from flask_limiter import ApplicationLimit, Limiter
from flask_limiter.util import get_remote_address
from werkzeug.exceptions import HTTPException

from ...rules import N_, RuleError
from ...store.settings import parse_rate
from .doors import Cost, costing

UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "font-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
IMPORTS = ("/import", "/api/v1/games/import")  # a long game's CSV is far over the usual limit
CREATIONS = costing(Cost.CREATE)  # the doors that cost a creation, or a seating (web/gate/doors.py): every other write
SEATINGS = costing(Cost.SEAT)  # is a write


class CrossSite(HTTPException):
    code = 403
    description = "cross_site"


# -- where `next=` may lead ---------------------------------------------------------------------
UNSAFE_CHARS = re.compile(r"[\x00-\x20\x7f\\]")


def safe_next(target) -> str:
    """`target` if it is a path of this site (and stays one however a browser reads it), else home.

    Refused: anything with a scheme or host, `//` or `/\\` at the start, backslashes, spaces, tabs,
    newlines or other control characters (browsers drop or turn them into slashes), also once
    percent-decoded."""
    home = url_for("pages.home")
    if not isinstance(target, str) or not target.startswith("/") or len(target) > 2000:
        return home
    decoded, text = target, None
    for _ in range(3):  # /%252F… decoded twice is still looked at
        text, decoded = decoded, unquote(decoded)
        if text == decoded:
            break
    for candidate in {target, decoded}:
        if UNSAFE_CHARS.search(candidate) or candidate.startswith("//") or not candidate.startswith("/"):
            return home
        parts = urlsplit(candidate)
        if parts.scheme or parts.netloc:
            return home
    return target


# -- cross-site requests ------------------------------------------------------------------------
def _host_of(url: str | None) -> str | None:
    try:
        parts = urlsplit(url or "")
    except ValueError:
        return None
    return parts.netloc.lower() if parts.scheme in ("http", "https") and parts.netloc else None


def _own_hosts() -> set[str]:
    hosts = {request.host.lower()}
    public = _host_of(current_app.config.get("PUBLIC_URL"))
    if public:
        hosts.add(public)
    return hosts


def is_cross_site() -> bool:
    """Whether a browser sent this request from a page of another site (see the module's doc)."""
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site in ("same-origin", "none"):
        return False
    if fetch_site in ("cross-site", "same-site"):
        return True
    origin = request.headers.get("Origin")
    if origin is not None:
        return _host_of(origin) not in _own_hosts()  # "null" (a sandbox, a redirect) is foreign too
    referer = request.headers.get("Referer")
    if referer:
        return _host_of(referer) not in _own_hosts()
    return False


def may_set_cookies() -> bool:
    """Whether this response may give the browser a new device cookie: not for a request made from
    another site (a page embedding or fetching ours), except a plain navigation to one of our pages
    (a link followed from a chat), which carries our Lax cookies anyway."""
    if not is_cross_site():
        return True
    return (request.method == "GET" and request.headers.get("Sec-Fetch-Mode") == "navigate"
            and request.headers.get("Sec-Fetch-Dest") in ("document", None))


# -- rate limits -------------------------------------------------------------------------------
KINDS = ("create", "seat", "write")


def _kind() -> str:
    return "create" if request.endpoint in CREATIONS else "seat" if request.endpoint in SEATINGS else "write"


def _rate_of(kind: str) -> str:
    return current_app.config.get(f"RATE_LIMIT_{kind.upper()}") or ""


def _limit(kind: str) -> ApplicationLimit:
    """One limit for every request of a kind, shared by every route: reads pass, and so do writes when the
    kind's rate is empty (tests, or a server that wants none)."""
    return ApplicationLimit(lambda: _rate_of(kind), scope=kind,
                            exempt_when=lambda: _kind() != kind or parse_rate(_rate_of(kind)) is None)


def retry_after() -> int:
    """The seconds a refused client waits until the window lets one more request through."""
    refused = current_app.extensions["scorekeeper.limiter"].current_limit
    return _seconds_until(refused.reset_at) if refused is not None else 60


def _seconds_until(moment: float) -> int:
    return max(1, int(moment - time.time()))


class TooManyCreations(RuleError):
    """A file of more games than the address may still create: 429, nothing made (`wait`: Retry-After)."""

    code, status = "rate_limited", 429

    def __init__(self, count: int, left: int, wait: int):
        super().__init__(N_("This file holds %(count)s games, but only %(left)s more new games may be started from "
                            "this device now: try again in %(minutes)s min, or import fewer games at a time."),
                         count=count, left=left, minutes=math.ceil(wait / 60))
        self.wait = wait


def create_more(count: int) -> None:
    """Count a request that makes `count` things (a file's games) as `count` creations: the one counted when it
    came in (a route of `CREATIONS`) and `count - 1` more, hit all at once on the same limit, or none of them
    and `TooManyCreations` when fewer are left in its window."""
    for counted in current_app.extensions["scorekeeper.limiter"].current_limits:  # the creation limit, when set
        if count > 1 and not counted.limiter.hit(counted.limit, *counted.request_args, cost=count - 1):
            reset, left = counted.limiter.get_window_stats(counted.limit, *counted.request_args)
            raise TooManyCreations(count, left, _seconds_until(reset + 1))


# -- chunked bodies ----------------------------------------------------------------------------
class ChunkedLimit:
    """WSGI middleware: a body without Content-Length (chunked) is read here up to the size limit;
    over it, the request is marked and the view answers 413 (Werkzeug would cut it short: a 400).

    A CSV import's body (up to 16 MB) is not read here but counted as the import reads it (`Capped`):
    the import reads its file a chunk at a time, and holding it whole would be 16 MB per request."""

    def __init__(self, wsgi_app, app):
        self.wsgi_app, self.app = wsgi_app, app

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        limit = body_limit(self.app.config, path)
        if (limit and not environ.get("CONTENT_LENGTH") and environ.get("wsgi.input_terminated")
                and environ.get("REQUEST_METHOD") in UNSAFE and path in IMPORTS):
            environ["wsgi.input"] = Capped(environ["wsgi.input"], limit)
            environ["scorekeeper.capped"] = True
        elif (limit and not environ.get("CONTENT_LENGTH") and environ.get("wsgi.input_terminated")
                and environ.get("REQUEST_METHOD") in UNSAFE):
            stream, chunks, size = environ["wsgi.input"], [], 0
            while size <= limit:
                chunk = stream.read(min(65536, limit + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
            if size > limit:
                environ["scorekeeper.too_large"] = True
                chunks = []
            body = b"".join(chunks)
            environ["wsgi.input"] = BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            environ.pop("wsgi.input_terminated", None)
            environ.pop("HTTP_TRANSFER_ENCODING", None)  # now a body of known length
        return self.wsgi_app(environ, start_response)


class Capped:
    """A chunked body read as it comes: 413 as soon as more than `limit` bytes have come."""

    def __init__(self, stream, limit: int):
        self.stream, self.left = stream, limit

    def read(self, size: int = -1) -> bytes:
        data = self.stream.read(size if size is not None and size >= 0 else self.left + 1)
        self.left -= len(data)
        if self.left < 0:
            from werkzeug.exceptions import RequestEntityTooLarge
            raise RequestEntityTooLarge()
        return data


class Body:
    """A request body of known length read in chunks, never past its end. (Werkzeug's stream answers 413
    to a read after the end when the length is exactly the limit.)"""

    def __init__(self, stream, length: int):
        self.stream, self.left = stream, length

    def read(self, size: int = -1) -> bytes:
        if self.left <= 0:
            return b""
        data = self.stream.read(self.left if size is None or size < 0 else min(size, self.left))
        self.left -= len(data)
        return data


def import_body():
    """The body of a CSV import, to read as it comes (see `ChunkedLimit`)."""
    if request.content_length is None:
        return request.stream
    return Body(request.stream, request.content_length)


def body_limit(config, path: str) -> int | None:
    """The most bytes a request body may have: MAX_CONTENT_LENGTH, or MAX_IMPORT_LENGTH for a CSV import."""
    return config.get("MAX_IMPORT_LENGTH" if path in IMPORTS else "MAX_CONTENT_LENGTH")


# -- wiring ------------------------------------------------------------------------------------
def before_request() -> None:
    if request.environ.get("scorekeeper.too_large"):
        from werkzeug.exceptions import RequestEntityTooLarge
        raise RequestEntityTooLarge()
    limit = body_limit(current_app.config, request.path)
    if limit and request.environ.get("scorekeeper.capped"):
        limit += 1  # `Capped` answers 413 past the limit: Werkzeug's own count must never meet a body at it
    request.max_content_length = limit
    if request.method in UNSAFE and is_cross_site():
        raise CrossSite()


def after_request(response):
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CSP)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "no-referrer")
    headers.setdefault("X-Frame-Options", "DENY")
    if "Cache-Control" not in headers and request.endpoint != "static":
        headers["Cache-Control"] = "no-store"
    return response


def init_app(app) -> None:
    for kind in KINDS:
        parse_rate(app.config[f"RATE_LIMIT_{kind.upper()}"])  # a typo fails at start, not at the first request
    app.wsgi_app = ChunkedLimit(app.wsgi_app, app)
    app.before_request(before_request)  # before the limits: a cross-site write is refused without counting
    app.after_request(after_request)
    limiter = Limiter(get_remote_address, app=app, application_limits=[_limit(kind) for kind in KINDS],
                      storage_uri="memory://", strategy="moving-window")  # a 429 says Retry-After (errors.py)
    limiter.request_filter(lambda: request.method not in UNSAFE)  # reads: nothing to count, nothing to look up
    app.extensions["scorekeeper.limiter"] = limiter
