"""Commands for the server's owner: `flask --app app backup FILE`.

A backup is SQLite's online backup: a consistent copy of the whole database (every game, key and
tournament) taken while the app keeps serving; writes wait for it only for a moment.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

import click
from flask import Flask


def backup(source: str, target: str) -> int:
    """Copy the database at `source` to a new file `target`; returns the number of events copied."""
    if Path(target).exists():
        raise click.ClickException(f"{target} already exists: choose a new file name.")
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
        dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, nothing beside it
        return dst.execute("SELECT count(*) FROM events").fetchone()[0]


def register(app: Flask) -> None:
    @app.cli.command("backup")
    @click.argument("target", type=click.Path(dir_okay=False))
    def backup_command(target: str) -> None:
        """Write a consistent copy of the database to TARGET (a new file), even while serving."""
        events = backup(app.config["SCOREKEEPER_DATABASE"], target)
        click.echo(f"Backed up {app.config['SCOREKEEPER_DATABASE']} to {target} ({events} events).")
