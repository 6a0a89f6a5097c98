"""Games in and out of CSV files, as a service: an import stored whole or not at all, every game read out.

The checking is `csvimport`'s (pure); here the game it describes is created with all its changes in
the one transaction that creates a game (`games.create`), with new keys.
"""
from __future__ import annotations

from . import csvimport, games
from . import db as store


def import_csv(db, data: bytes) -> tuple[games.Loaded, dict]:
    """A new game from an exported CSV (`csvimport.CsvRefused` naming the line, and nothing stored)."""
    imported = csvimport.read(data, limit=getattr(db, "max_events", store.MAX_EVENTS))

    def record(db, game_id):
        for seq, change in enumerate(imported.changes, start=2):
            store.append_event(db, game_id, seq, "change", change, "scorer", None)

    loaded, keys = games.create(db, imported.variant, imported.players, imported.first_dealer, imported.options,
                                also=record)
    return games.load(db, loaded.id), keys


def every_game(db):
    """Every game on the server, oldest first, as replayed."""
    for (game_id,) in db.execute("SELECT id FROM games ORDER BY created_at, id").fetchall():
        yield games.load(db, game_id)
