"""The `segnapunti` command: `run` the server, `backup`, `export-csv`, `import-csv`.

Installed from the package's entry points (`make run` uses it; so does `pipx install .`). `run`
starts the production server exactly as `make run` does: gunicorn with our gevent workers and
`scorekeeper.server.gunicorn_config`, on all interfaces, port 5000, the database in `instance/` of the
current folder. The other commands are the owner's (`web/commands.py`), also the app's `flask` commands
(`flask --app scorekeeper …`).
"""
from __future__ import annotations

import os
import sys

import click
from flask.cli import FlaskGroup

from .. import create_app
from ..store.settings import SettingError, Settings, read, use
from ..web.commands import OWNER_COMMANDS


def server_command(*gunicorn_options: str) -> list[str]:
    """The production server's command line (gunicorn, our worker and settings): `run`, the tests and
    the benchmarks all start this one."""
    return [sys.executable, "-m", "gunicorn", "-c", "python:scorekeeper.server.gunicorn_config", *gunicorn_options,
            "scorekeeper.server.wsgi:app"]


@click.command("run")
@click.option("--host", envvar="HOST", default="0.0.0.0", show_default=True,
              help="Interface to listen on; with all interfaces the QR codes carry the LAN address.")
@click.option("--port", envvar="PORT", default=Settings.port, show_default=True, type=click.IntRange(1, 65535))
def run_command(host: str, port: int) -> None:
    """Start the server for the table (gunicorn with gevent workers), announcing its address and QR code."""
    from .announce import announce

    os.environ.update(HOST=host, PORT=str(port))
    try:
        use(read())  # the same check gunicorn's settings make, said plainly before anything starts
    except SettingError as error:
        raise click.ClickException(str(error)) from None
    announce()
    sys.stdout.flush()
    command = server_command()
    os.execv(command[0], command)  # gunicorn becomes this process: Ctrl-C and the PID are the server's


main = FlaskGroup(name="segnapunti", help=__doc__.split("\n\n")[0], create_app=create_app,
                  add_default_commands=False, load_dotenv=False, set_debug_flag=False)
main.add_command(run_command)
for _command in OWNER_COMMANDS:
    main.add_command(_command)
