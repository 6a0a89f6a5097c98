"""`flask backup`: a consistent copy of the database, restorable by putting it in place."""
from __future__ import annotations

import sqlite3

from scorekeeper import create_app
from tests.conftest import Api


def test_a_backup_taken_while_serving_restores_every_game(app, api, tmp_path):
    games = []
    for first_dealer in range(3):
        data = api.game(first_dealer=first_dealer)
        assert api.hand(data["id"], data["keys"]["scorer"], 1,
                        {"bids": [1, 0, 0, 3], "tricks": [1, 1, 1, 10]}).status_code == 200
        games.append((data["id"], data["keys"]["scorer"], api.get(data["id"], data["keys"]["scorer"]).get_json()))
    target = tmp_path / "backups" / "copy.sqlite3"
    result = app.test_cli_runner().invoke(args=["backup", str(target)])
    assert result.exit_code == 0, result.output
    assert "(6 events)" in result.output
    with sqlite3.connect(target) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    # Restore: an app started on the copy serves the same games, keys included.
    restored = Api(create_app({"SCOREKEEPER_DATABASE": str(target), "SECRET_KEY": "test", "TESTING": True,
                               "LISTEN_HOST": "127.0.0.1"}).test_client())
    for game_id, key, game in games:
        assert restored.get(game_id, key).get_json() == game


def test_a_backup_never_overwrites_a_file(app, tmp_path):
    target = tmp_path / "exists.sqlite3"
    target.write_text("keep me")
    result = app.test_cli_runner().invoke(args=["backup", str(target)])
    assert result.exit_code != 0 and "already exists" in result.output
    assert target.read_text() == "keep me"
