"""One store for requests sent twice (#36, store/once.py): migration 16 moves the rows the three old stores kept (the
entries applied, the imports, each saved set's last Start) into it, and each answers as it did."""
from __future__ import annotations

import json

import pytest

from scorekeeper.model import once_reused
from scorekeeper.rules.base import InvalidInput, StateConflict
from scorekeeper.store import db as store
from scorekeeper.store import once

DIGEST = "d" * 64


@pytest.fixture
def old_file(tmp_path):
    """A database as migration 15 left it, holding a row of each old store."""
    db = store.connect(str(tmp_path / "old.sqlite3"))
    with store.write(db):
        for number, step in enumerate(store.MIGRATIONS[:15], start=1):
            step(db)
            db.execute(f"PRAGMA user_version = {number}")
        for game in ("g1", "g2", "g3"):
            db.execute("INSERT INTO games (id, variant, created_at) VALUES (?, 'wist', '2026-01-01')", [game])
        db.execute("INSERT INTO entries (game_id, entry_id, key, seq, digest) VALUES ('g1', 'entry-1', 'k1', 4, ?)",
                   [DIGEST])
        db.execute("INSERT INTO entries (game_id, entry_id, key, seq, digest) VALUES ('g1', 'entry-0', 'k1', 2, NULL)")
        db.execute("INSERT INTO imports VALUES ('import-1', 'g2', ?, 'scorer-2', '2026-11-27T10:00:00.000+00:00')",
                   [DIGEST])
        db.execute("INSERT INTO imports VALUES ('import-0', 'g1', ?, 'scorer-1', '2026-11-27T09:00:00.000+00:00')",
                   [DIGEST])  # kept before files of many games: no import_games rows
        db.conn.executemany("INSERT INTO import_games VALUES ('import-1', ?, ?)", [(1, "g3"), (0, "g2")])
        db.execute("INSERT INTO house_rules (id, device, name, folded, variant, options, players, confirmation, "
                   "used_at, last_once, last_game) VALUES ('set-1', 'phone-1', 'Casa', 'casa', 'wist', '{}', '[]', 0, "
                   "'2026-11-27', 'start-1', 'g3')")
    yield db
    db.conn.close()


def test_migration_16_keeps_every_old_row_readable(old_file):
    db = old_file
    store.migrate(db)
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(store.MIGRATIONS) >= 16  # and those after
    assert db.execute("SELECT count(*) FROM once_keys").fetchone()[0] == 5
    assert {"entries", "imports", "import_games"}.isdisjoint(db.table_names())
    assert {"last_once", "last_game"}.isdisjoint(db["house_rules"].columns_dict)
    # a change: answered with its version; another phone's id refused; another change refused
    assert once.first_answer(db, "change", "g1", "entry-1", DIGEST, "k1", taken=StateConflict("taken")) == "4"
    with pytest.raises(StateConflict):
        once.first_answer(db, "change", "g1", "entry-1", DIGEST, "k2", taken=StateConflict("taken"))
    with pytest.raises(InvalidInput) as reused:
        once.first_answer(db, "change", "g1", "entry-1", "e" * 64, "k1", taken=StateConflict("taken"))
    assert str(reused.value) == str(once_reused())
    assert once.first_answer(db, "change", "g1", "entry-0", "e" * 64, "k1") == "2"  # kept before digests were
    # imports: the games in the file's order and the scorer link the answer gave
    assert json.loads(once.first_answer(db, "import", "", "import-1", DIGEST)) == {"games": ["g2", "g3"],
                                                                                  "scorer": "scorer-2"}
    assert json.loads(once.first_answer(db, "import", "", "import-0", DIGEST)) == {"games": ["g1"],
                                                                                  "scorer": "scorer-1"}
    assert once.first_answer(db, "import", "", "import-1", DIGEST, since="2026-11-27T11:00:00.000+00:00") is None
    # a saved set's Start: the game it started, and refused for another set
    assert once.first_answer(db, "start", "phone-1", "start-1", "set-1") == "g3"
    with pytest.raises(InvalidInput):
        once.first_answer(db, "start", "phone-1", "start-1", "set-2")
    assert once.first_answer(db, "start", "phone-2", "start-1", "set-1") is None  # another phone's key is its own


def test_a_stale_key_is_forgotten_and_a_new_one_kept_once(tmp_path):
    db = store.connect(str(tmp_path / "new.sqlite3"))
    store.migrate(db)
    with store.write(db):
        once.keep(db, "import", "", "import-1", DIGEST, '{"games": []}', "2026-11-26T10:00:00.000+00:00")
        once.forget_before(db, "import", "", "import-1", "2026-11-26T09:00:00.000+00:00")  # younger: kept
        assert db.execute("SELECT count(*) FROM once_keys").fetchone()[0] == 1
        once.forget_before(db, "import", "", "import-1", "2026-11-26T11:00:00.000+00:00")
        assert db.execute("SELECT count(*) FROM once_keys").fetchone()[0] == 0
