"""The owner's commands: `backup`, `export-csv`, `import-csv` — the service's faces on a terminal, as the pages
are its faces in a browser. Registered on the app (`flask --app scorekeeper …`) and on the `segnapunti` command.

A backup is SQLite's online backup: a consistent copy of the whole database (every game, key and
tournament) taken while the app keeps serving; writes wait for it only for a moment. The CSV
commands archive games one file each and bring one back (docs/api.md "CSV export", "CSV import").
"""
from __future__ import annotations

from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext


def backup(source: str, target: str) -> int:
    """Copy the database at `source` to a new file `target`, readable by its owner alone as the database is;
    returns the number of events copied. A `target` that exists is refused and left as it was."""
    from ..store import db as store

    Path(target).parent.mkdir(parents=True, exist_ok=True)
    try:
        store.create_private(target)
    except FileExistsError:
        raise click.ClickException(f"{target} already exists: choose a new file name.") from None
    return store.copy(source, target)


def export_csv(db, folder: Path) -> int:
    """Every game into `folder`: `game-<id>.csv` each and `all-games.csv` with all; returns how many."""
    from ..formats import archive, csvexport

    folder.mkdir(parents=True, exist_ok=True)
    loaded = list(archive.every_game(db))
    for game in loaded:
        (folder / f"game-{game.id}.csv").write_bytes(csvexport.export(game).encode("utf-8"))
    (folder / "all-games.csv").write_bytes(csvexport.export_all(loaded).encode("utf-8"))
    return len(loaded)


@click.command("backup")
@click.argument("target", type=click.Path(dir_okay=False))
@with_appcontext
def backup_command(target: str) -> None:
    """Write a consistent copy of the database to TARGET (a new file), even while serving."""
    source = current_app.config["SCOREKEEPER_DATABASE"]
    events = backup(source, target)
    click.echo(f"Backed up {source} to {target} ({events} events).")


@click.command("export-csv")
@click.argument("folder", type=click.Path(file_okay=False))
@with_appcontext
def export_command(folder: str) -> None:
    """Write every game to FOLDER as CSV: one file per game (game-<id>.csv) and all-games.csv."""
    from ..store import db as store

    count = export_csv(store.connect(current_app.config["SCOREKEEPER_DATABASE"]), Path(folder))
    click.echo(f"Exported {count} games to {folder}.")


@click.command("import-csv")
@click.argument("file", type=click.File("rb"))
@with_appcontext
def import_command(file) -> None:
    """Create the games of FILE, a CSV this app exported (one game, or many: all-games.csv); print their links."""
    from ..formats import archive
    from ..formats.csvimport import CsvRefused
    from ..store import db as store
    from .gate.links import links

    app = current_app
    db = store.connect(app.config["SCOREKEEPER_DATABASE"])
    db.max_events = app.config.get("MAX_EVENTS_PER_GAME", store.MAX_EVENTS)
    try:
        made, _ = archive.import_csv(db, file)
    except CsvRefused as error:
        raise click.ClickException(f"{file.name}: {error}") from None
    for loaded, keys in made:  # a file of many games (all-games.csv) imports as many
        with app.test_request_context(base_url=app.config.get("PUBLIC_URL") or "http://localhost:5000"):
            urls = links(loaded.id, keys)
        click.echo(f"Imported game {loaded.id} ({loaded.variant.id}, {', '.join(loaded.state.players)}).")
        click.echo(f"scorer: {urls['scorer']}\nview: {urls['view']}")
        for name, url in zip(loaded.state.players, urls["seats"]):
            click.echo(f"seat of {name}: {url}")


OWNER_COMMANDS = (backup_command, export_command, import_command)


def register(app) -> None:
    """The owner's commands as the app's own (`flask --app scorekeeper …`); `segnapunti` adds them too."""
    for command in OWNER_COMMANDS:
        app.cli.add_command(command)
