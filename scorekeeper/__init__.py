"""Segnapunti: the application factory."""
from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask

from .store.db import connect, migrate
from .web.assets.folders import shipped
from .store.settings import read, use


def create_app(config: dict | None = None) -> Flask:
    """The app; its catalogues travel inside the package, its templates, static files and documents beside it."""
    app = Flask(__name__, template_folder=shipped("templates"), static_folder=shipped("static"))
    settings = use(read())  # once, for the whole process; a bad value stops here, naming the variable
    app.config.update(
        SCOREKEEPER_DATABASE=settings.scorekeeper_database,
        PUBLIC_URL=settings.public_url,
        LISTEN_HOST=settings.host,  # 0.0.0.0: QR codes carry the LAN address
        SECRET_KEY=settings.secret_key or None,
        MAX_CONTENT_LENGTH=64 * 1024,
        MAX_IMPORT_LENGTH=16 * 1024 * 1024,  # a game's CSV: 5,000 changes of five players fit
        BABEL_DEFAULT_LOCALE="en",
        SESSION_COOKIE_SAMESITE="Lax",
        JSON_SORT_KEYS=False,
        RATE_LIMIT_CREATE=settings.rate_limit_create,  # per client address and worker
        RATE_LIMIT_SEAT=settings.rate_limit_seat,  # a club evening's seating: a search of up to seconds of CPU
        RATE_LIMIT_WRITE=settings.rate_limit_write,
        MAX_EVENTS_PER_GAME=settings.max_events_per_game,
        STREAMS_PER_KEY=settings.streams_per_key,  # per worker; 0: no cap
        STREAMS_PER_ADDRESS=settings.streams_per_address,
        LIVE_HEARTBEAT_SECONDS=settings.heartbeat_seconds,
        TV_POLL="3s",  # how often the TV's standings and a player's own page ask again (htmx; tests: shorter)
        PLAYER_POLL="5s",
    )
    app.config.update(config or {})
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = _kept_secret(Path(app.config["SCOREKEEPER_DATABASE"]).parent)
    app.json.sort_keys = False
    app.json.ensure_ascii = False

    database = connect(app.config["SCOREKEEPER_DATABASE"])
    migrate(database)
    database.conn.close()

    from . import web
    web.init_app(app)
    return app


def _kept_secret(folder: Path) -> str:
    """A secret kept beside the database (instance/secret_key), so that sessions survive a restart
    without configuration; readable by its owner alone."""
    path = folder / "secret_key"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        folder.mkdir(parents=True, exist_ok=True)
        secret = secrets.token_hex(32)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(secret)
        return secret
