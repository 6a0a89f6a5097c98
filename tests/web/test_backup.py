"""`segnapunti backup` (and `flask backup`): a consistent copy of the database, restorable by putting it in
place; and the `segnapunti` program itself, the entry point `pipx install` gives."""
from __future__ import annotations

import os
import sqlite3
import stat
from importlib.metadata import entry_points

from click.testing import CliRunner

from scorekeeper import create_app
from scorekeeper.server.cli import main
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
    target.chmod(0o640)
    result = app.test_cli_runner().invoke(args=["backup", str(target)])
    assert result.exit_code != 0 and "already exists" in result.output
    assert target.read_text() == "keep me" and stat.S_IMODE(target.stat().st_mode) == 0o640  # left as it was


def test_a_backup_is_readable_by_its_owner_alone(app, api, tmp_path):
    """It holds every game's keys, as the database does (#33): 0600 whatever the umask, nothing left beside it."""
    api.game()
    folder = tmp_path / "backups"
    umask = os.umask(0o022)  # the usual one: it gave 0644
    try:
        result = app.test_cli_runner().invoke(args=["backup", str(folder / "copy.sqlite3")])
    finally:
        os.umask(umask)
    assert result.exit_code == 0, result.output
    assert {path.name: stat.S_IMODE(path.stat().st_mode) for path in folder.iterdir()} == {"copy.sqlite3": 0o600}


def test_segnapunti_is_the_programs_command_with_the_owners_commands(tmp_path, monkeypatch):
    """The package's entry point; `backup`, `export-csv` and `import-csv` through it, on the database of the
    environment (as `segnapunti run` serves it) — and `run` starts the production server."""
    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "segnapunti"]
    assert script.value == "scorekeeper.server.cli:main"
    database = tmp_path / "instance" / "scorekeeper.sqlite3"
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(database))
    monkeypatch.setenv("SECRET_KEY", "test")
    runner = CliRunner()
    listed = runner.invoke(main, ["--help"])
    assert listed.exit_code == 0
    assert all(name in listed.output for name in ("run", "backup", "export-csv", "import-csv"))
    assert "--port" in runner.invoke(main, ["run", "--help"]).output
    api = Api(create_app({"TESTING": True, "LISTEN_HOST": "127.0.0.1"}).test_client())
    game = api.game()
    api.recorded(game["id"], game["keys"]["scorer"], 1, {"bids": [1, 0, 0, 3], "tricks": [1, 1, 1, 10]})
    exported = runner.invoke(main, ["export-csv", str(tmp_path / "out")])
    assert exported.exit_code == 0 and "Exported 1 games" in exported.output, exported.output
    imported = runner.invoke(main, ["import-csv", str(tmp_path / "out" / f"game-{game['id']}.csv")])
    assert imported.exit_code == 0 and "scorer: http://localhost:5000/g/" in imported.output, imported.output
    backup = runner.invoke(main, ["backup", str(tmp_path / "copy.sqlite3")])
    assert backup.exit_code == 0 and "(4 events)" in backup.output, backup.output  # two games of two events


def test_the_server_command_is_gunicorn_with_the_production_settings():
    from scorekeeper.server.cli import server_command

    command = server_command()
    assert command[1:3] == ["-m", "gunicorn"] and "python:scorekeeper.server.gunicorn_config" in command
    assert command[-1] == "scorekeeper.server.wsgi:app"
