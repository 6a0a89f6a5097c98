"""The static files as the pages link them: compressed, and cached for a year when their address
carries their content's fingerprint (`?v=…`), so a phone loads them once per release, not per page.

A file's fingerprint is read once per process; a new release changes the address, so nothing stale
is ever served from a phone's cache.
"""
from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from flask import Flask, current_app, request, url_for
from flask_compress import Compress

YEAR = 365 * 24 * 3600


@cache
def _fingerprint(folder: str, filename: str) -> str:
    path = Path(folder) / filename
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12] if path.is_file() else ""


def static_url(filename: str) -> str:
    """The address of a static file, fingerprinted by its content."""
    return url_for("static", filename=filename, v=_fingerprint(current_app.static_folder, filename) or None)


def _cache_fingerprinted(response):
    if request.endpoint == "static" and request.args.get("v") and response.status_code == 200:
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
        response.cache_control.no_cache = None
    return response


def init_app(app: Flask) -> None:
    # Live streams (text/event-stream) are not in the list: they go out as they are written. Static files
    # are sent as streams: those are compressed (COMPRESS_STREAMS, the default).
    app.config.setdefault("COMPRESS_MIMETYPES", ["text/html", "text/css", "text/javascript", "application/javascript",
                                                 "application/json", "application/manifest+json", "text/csv",
                                                 "image/svg+xml"])
    Compress(app)
    app.after_request(_cache_fingerprinted)
    app.jinja_env.globals["static_url"] = static_url
