"""The static files as the pages link them: styles and scripts minified and packed once per process at Brotli's best
(and gzip's, for the rare browser without it), the rest compressed as it goes out; cached for a year when their address
carries their content's fingerprint (`?v=…`), so a phone loads them once per release, not per page;
and the service worker (`/sw.js`) that keeps them on the phone, so the app opens on a flaky Wi-Fi, with the app's
offline page (`/offline`) it answers for a sheet it has no copy of.

A file's fingerprint is read once per process; a new release changes the address, so nothing stale
is ever served from a phone's cache.
"""
from __future__ import annotations

import gzip
import hashlib
from functools import cache
from pathlib import Path

import brotli
import rcssmin
import rjsmin
from flask import Flask, current_app, render_template, request, send_from_directory, url_for
from flask_babel import get_locale
from flask_compress import Compress

YEAR = 365 * 24 * 3600


@cache
def _fingerprint(folder: str, filename: str) -> str:
    path = Path(folder) / filename
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12] if path.is_file() else ""


def static_url(filename: str) -> str:
    """The address of a static file, fingerprinted by its content."""
    return url_for("static", filename=filename, v=_fingerprint(current_app.static_folder, filename) or None)


MINIFIERS = {".css": rcssmin.cssmin, ".js": rjsmin.jsmin}
MIMETYPES = {".css": "text/css", ".js": "text/javascript"}


@cache
def _packed(folder: str, filename: str) -> dict[str, bytes]:
    """A style or script without its comments and spaces, in each encoding a browser may take: Brotli at its best
    quality, paid once per process rather than at level 5 for every phone (#36)."""
    text = MINIFIERS[Path(filename).suffix]((Path(folder) / filename).read_text(encoding="utf-8")).encode()
    return {"br": brotli.compress(text, quality=11), "gzip": gzip.compress(text, 9, mtime=0), "identity": text}


def static_file(filename: str):
    """A static file: a style or script packed (`_packed`) in the best encoding the browser accepts, anything else
    as Flask sends it."""
    folder = current_app.static_folder
    suffix = Path(filename).suffix
    if suffix not in MINIFIERS or not _fingerprint(folder, filename):
        return send_from_directory(folder, filename)
    packed = _packed(folder, filename)
    encoding = request.accept_encodings.best_match(["br", "gzip"]) or "identity"
    response = current_app.response_class(packed[encoding], mimetype=MIMETYPES[suffix])
    if encoding != "identity":
        response.headers["Content-Encoding"] = encoding  # flask-compress leaves it as it is
    response.vary.add("Accept-Encoding")
    response.set_etag(f"{_fingerprint(folder, filename)}-{encoding}")
    return response.make_conditional(request)


def family_style(family: str) -> str | None:
    """The address of the stylesheet a family's sheet adds to app.css (piquet.css), or None where app.css holds all
    it needs: a phone opening a Wist sheet does not download Piquet's rules (#36)."""
    filename = f"{family}.css"
    return static_url(filename) if _fingerprint(current_app.static_folder, filename) else None


def _cache_fingerprinted(response):
    if request.endpoint == "static" and request.args.get("v") and response.status_code == 200:
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
        response.cache_control.no_cache = None
    return response


def service_worker():
    """The worker, served from the root so that its scope is the whole app; it lists the current
    fingerprinted static files, so a new release is a new worker that drops the old ones."""
    folder = Path(current_app.static_folder)
    files = [static_url(path.name) for path in sorted(folder.iterdir()) if path.is_file() and path.suffix != ".txt"]
    response = current_app.response_class(render_template("sw.js", files=files, offline=url_for("offline_page")),
                                          mimetype="text/javascript")
    response.cache_control.no_cache = True  # the browser checks it at every visit: a release is seen at once
    return response


def offline_page():
    """The page the worker answers offline for a sheet this phone has no copy of: kept at install, so it holds no
    game and no key; its script lists what waits in the outbox for the address it stands in for. It says which
    language it is in: the worker fetches it again when the phone's pages change language."""
    response = current_app.response_class(render_template("offline.html"))
    response.headers["Content-Language"] = str(get_locale())
    return response


def init_app(app: Flask) -> None:
    # Live streams (text/event-stream) are not in the list: they go out as they are written. Static files
    # are sent as streams: those are compressed (COMPRESS_STREAMS, the default).
    app.config.setdefault("COMPRESS_MIMETYPES", ["text/html", "text/css", "text/javascript", "application/javascript",
                                                 "application/json", "application/manifest+json", "text/csv",
                                                 "image/svg+xml"])
    # Brotli at 5, not the library's 4: measured on the sheet (bench/refresh.py), 6–9 % fewer bytes for a
    # refresh's parts and a first load, at some 0.01 ms more for a refresh (0.15 ms for a whole sheet); 6 and up
    # gain nothing more.
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)
    # Brotli before zstd: Chromium accepts both, and Brotli at 5 makes a sheet some 10 % smaller than zstd at its 3.
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "zstd", "gzip", "deflate"])
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "zstd", "deflate"])
    Compress(app)
    app.view_functions["static"] = static_file
    app.after_request(_cache_fingerprinted)
    app.jinja_env.globals["static_url"] = static_url
    app.jinja_env.globals["family_style"] = family_style
    app.add_url_rule("/sw.js", "service_worker", service_worker)
    app.add_url_rule("/offline", "offline_page", offline_page)
