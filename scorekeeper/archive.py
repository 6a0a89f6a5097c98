"""Games in and out of CSV files, as a service: an import stored whole or not at all, every game read out.

The checking is `csvimport`'s (pure); here the game it describes is created with all its changes in
the one transaction that creates a game (`games.create`), with new keys.
"""
from __future__ import annotations

from . import csvimport, games
from . import db as store


def import_csv(db, source) -> tuple[games.Loaded, dict]:
    """A new game from an exported CSV, its bytes or a binary stream read as it comes (`csvimport.CsvRefused`
    naming the line, and nothing stored).

    The game is replayed once, by the import's own check: the state it ends with is the game's, kept
    for the requests that follow (its sheet, opened next), not replayed again from what was stored."""
    imported = csvimport.read(source, limit=getattr(db, "max_events", store.MAX_EVENTS))
    stored = []

    def record(db, game_id):
        stored.extend(store.append_events(db, game_id, 2, "change", imported.changes, "scorer", None))

    created, keys = games.create(db, imported.variant, imported.players, imported.first_dealer, imported.options,
                                 also=record)
    loaded = games.Loaded(created.id, imported.state, created.version + len(stored), [*created.events, *stored])
    games.remember(db, loaded)
    return loaded, keys


def every_game(db):
    """Every game on the server, oldest first, as replayed (one at a time: a generator)."""
    for (game_id,) in db.execute("SELECT id FROM games ORDER BY created_at, id").fetchall():
        yield games.load(db, game_id)
