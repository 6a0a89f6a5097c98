"""Commands for the server's owner: `flask --app app backup FILE`, `export-csv DIR`, `import-csv FILE`.

A backup is SQLite's online backup: a consistent copy of the whole database (every game, key and
tournament) taken while the app keeps serving; writes wait for it only for a moment. The CSV
commands archive games one file each and bring one back (docs/api.md "CSV export", "CSV import").
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

import click
from flask import Flask

from . import archive, csvexport
from . import db as store
from .csvimport import CsvRefused
from .web.links import links


def backup(source: str, target: str) -> int:
    """Copy the database at `source` to a new file `target`; returns the number of events copied."""
    if Path(target).exists():
        raise click.ClickException(f"{target} already exists: choose a new file name.")
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
        dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, nothing beside it
        return dst.execute("SELECT count(*) FROM events").fetchone()[0]


def export_csv(db, folder: Path) -> int:
    """Every game into `folder`: `game-<id>.csv` each and `all-games.csv` with all; returns how many."""
    folder.mkdir(parents=True, exist_ok=True)
    loaded = list(archive.every_game(db))
    for game in loaded:
        (folder / f"game-{game.id}.csv").write_bytes(csvexport.export(game).encode("utf-8"))
    (folder / "all-games.csv").write_bytes(csvexport.export_all(loaded).encode("utf-8"))
    return len(loaded)


def register(app: Flask) -> None:
    @app.cli.command("backup")
    @click.argument("target", type=click.Path(dir_okay=False))
    def backup_command(target: str) -> None:
        """Write a consistent copy of the database to TARGET (a new file), even while serving."""
        events = backup(app.config["SCOREKEEPER_DATABASE"], target)
        click.echo(f"Backed up {app.config['SCOREKEEPER_DATABASE']} to {target} ({events} events).")

    @app.cli.command("export-csv")
    @click.argument("folder", type=click.Path(file_okay=False))
    def export_command(folder: str) -> None:
        """Write every game to FOLDER as CSV: one file per game (game-<id>.csv) and all-games.csv."""
        count = export_csv(store.connect(app.config["SCOREKEEPER_DATABASE"]), Path(folder))
        click.echo(f"Exported {count} games to {folder}.")

    @app.cli.command("import-csv")
    @click.argument("file", type=click.File("rb"))
    def import_command(file) -> None:
        """Create a game from FILE, a game's CSV this app exported; print its links."""
        db = store.connect(app.config["SCOREKEEPER_DATABASE"])
        db.max_events = app.config.get("MAX_EVENTS_PER_GAME", store.MAX_EVENTS)
        try:
            loaded, keys = archive.import_csv(db, file.read())
        except CsvRefused as error:
            raise click.ClickException(f"{file.name}: {error}") from None
        with app.test_request_context(base_url=app.config.get("PUBLIC_URL") or "http://localhost:5000"):
            urls = links(loaded.id, keys)
        click.echo(f"Imported game {loaded.id} ({loaded.variant.id}, {', '.join(loaded.state.players)}).")
        click.echo(f"scorer: {urls['scorer']}\nview: {urls['view']}")
        for name, url in zip(loaded.state.players, urls["seats"]):
            click.echo(f"seat of {name}: {url}")
