"""Segnapunti: the application factory."""
from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask, g, request
from flask_babel import Babel, get_locale

from . import db as store

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("it", "en")


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__, template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"),
                instance_path=str(ROOT / "instance"))
    app.config.update(
        SCOREKEEPER_DATABASE=os.environ.get("SCOREKEEPER_DATABASE", str(Path(app.instance_path) / "scorekeeper.sqlite3")),
        PUBLIC_URL=os.environ.get("PUBLIC_URL", ""),
        LISTEN_HOST=os.environ.get("HOST", ""),  # 0.0.0.0: QR codes carry the LAN address
        SECRET_KEY=os.environ.get("SECRET_KEY") or _instance_secret(Path(app.instance_path)),
        MAX_CONTENT_LENGTH=64 * 1024,
        BABEL_TRANSLATION_DIRECTORIES=str(ROOT / "translations"),
        BABEL_DEFAULT_LOCALE="en",
        SESSION_COOKIE_SAMESITE="Lax",
        JSON_SORT_KEYS=False,
    )
    app.config.update(config or {})
    app.json.sort_keys = False
    app.json.ensure_ascii = False

    Babel(app, locale_selector=select_locale)
    app.jinja_env.globals["get_locale"] = get_locale
    database = store.connect(app.config["SCOREKEEPER_DATABASE"])
    store.migrate(database)
    database.conn.close()

    @app.teardown_appcontext
    def close_db(_error):
        db = g.pop("db", None)
        if db is not None:
            db.conn.close()

    from .web import api, errors, live_views, pages
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(live_views.bp)
    from .web import tournament_api, tournament_pages
    app.register_blueprint(tournament_pages.bp)
    app.register_blueprint(tournament_api.bp)
    errors.register(app)
    return app


def get_db():
    """This request's connection (one per request, closed at teardown)."""
    from flask import current_app
    if "db" not in g:
        g.db = store.connect(current_app.config["SCOREKEEPER_DATABASE"])
    return g.db


def select_locale() -> str:
    chosen = request.cookies.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"


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
