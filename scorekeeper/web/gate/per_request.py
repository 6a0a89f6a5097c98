"""What each request carries: its own database connection, and the language it is answered in."""
from __future__ import annotations

from flask import current_app, g, request

from ...store import db as store

LANGUAGES = ("it", "en")


def get_db():
    """This request's connection (one per request, closed at teardown)."""
    if "db" not in g:
        g.db = store.connect(current_app.config["SCOREKEEPER_DATABASE"])
        g.db.max_events = current_app.config.get("MAX_EVENTS_PER_GAME", store.MAX_EVENTS)
    return g.db


def close_db(_error=None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.conn.close()


def select_locale() -> str:
    chosen = request.cookies.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"
