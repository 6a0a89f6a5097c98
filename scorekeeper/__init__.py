"""Segnapunti: the application factory."""
from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask

from . import db as store

ROOT = Path(__file__).resolve().parent.parent


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__, template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"),
                instance_path=str(ROOT / "instance"))
    app.config.update(
        SCOREKEEPER_DATABASE=os.environ.get("SCOREKEEPER_DATABASE", str(Path(app.instance_path) / "scorekeeper.sqlite3")),
        PUBLIC_URL=os.environ.get("PUBLIC_URL", ""),
        LISTEN_HOST=os.environ.get("HOST", ""),  # 0.0.0.0: QR codes carry the LAN address
        SECRET_KEY=os.environ.get("SECRET_KEY") or _instance_secret(Path(app.instance_path)),
        MAX_CONTENT_LENGTH=64 * 1024,
        MAX_IMPORT_LENGTH=16 * 1024 * 1024,  # a game's CSV: 5,000 changes of five players fit
        BABEL_TRANSLATION_DIRECTORIES=str(ROOT / "translations"),
        BABEL_DEFAULT_LOCALE="en",
        SESSION_COOKIE_SAMESITE="Lax",
        JSON_SORT_KEYS=False,
        RATE_LIMIT_CREATE=os.environ.get("RATE_LIMIT_CREATE", "100/hour"),  # per client address and worker
        RATE_LIMIT_WRITE=os.environ.get("RATE_LIMIT_WRITE", "600/minute"),
        MAX_EVENTS_PER_GAME=int(os.environ.get("MAX_EVENTS_PER_GAME", "5000")),
    )
    app.config.update(config or {})
    app.json.sort_keys = False
    app.json.ensure_ascii = False

    database = store.connect(app.config["SCOREKEEPER_DATABASE"])
    store.migrate(database)
    database.conn.close()

    from . import cli, web
    web.init_app(app)
    cli.register(app)
    return app


def _instance_secret(folder: Path) -> str:
    """A secret kept in instance/ so that sessions survive a restart without configuration."""
    path = folder / "secret_key"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        folder.mkdir(parents=True, exist_ok=True)
        secret = secrets.token_hex(32)
        path.write_text(secret)
        return secret
