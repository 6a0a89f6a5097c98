"""The server's settings (#20): read once from the environment, and a value that cannot be read stops the
start with a message naming it, where it used to become the default quietly (WORKERS=four, SEND_TIMEOUT=3O)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper.store import db, live
from scorekeeper.store.settings import Settings, SettingError, parse_rate, read


def test_the_defaults_and_every_variable_read():
    assert read({}) == Settings(scorekeeper_database=str(Path.cwd() / "instance" / "scorekeeper.sqlite3"))
    settings = read({"SCOREKEEPER_DATABASE": "/tmp/x.sqlite3", "PUBLIC_URL": "https://carte.example.org/",
                     "PORT": "8080", "WORKERS": "2", "SEND_TIMEOUT": "1.5", "STREAMS_PER_KEY": "0",
                     "RATE_LIMIT_CREATE": "", "ACCESS_LOG": "", "MAX_EVENTS_PER_GAME": "100",
                     "HEARTBEAT_SECONDS": "2.5", "LIVE_NOTIFY": "0", "LIVE_POLL_SECONDS": "30"})
    assert (settings.scorekeeper_database, settings.public_url, settings.port, settings.worker_count) == (
        "/tmp/x.sqlite3", "https://carte.example.org", 8080, 2)
    assert (settings.send_timeout, settings.streams_per_key, settings.max_events_per_game) == (1.5, 0, 100)
    assert settings.heartbeat_seconds == 2.5
    assert (settings.live_notify, settings.live_poll_seconds) == (0, 30.0)
    assert (settings.rate_limit_create, settings.access_log) == ("", "")  # empty: no limit, no access log
    assert read({"SEND_TIMEOUT": ""}).send_timeout == 30.0  # an empty number is the default
    assert 1 <= read({}).worker_count <= 4


@pytest.mark.parametrize("name, value, words", [
    ("PORT", "abc", "PORT='abc' cannot be used: a whole number from 1 to 65535."),
    ("PORT", "70000", "a whole number from 1 to 65535"),
    ("WORKERS", "four", "WORKERS='four' cannot be used: a whole number from 0 to 64."),
    ("WORKER_CONNECTIONS", "-5", "a whole number 1 or more"),
    ("SEND_TIMEOUT", "3O", "SEND_TIMEOUT='3O' cannot be used: a number of seconds, 0 or more."),
    ("REQUEST_TIMEOUT", "nan", "a number of seconds"),
    ("DEAD_PEER_SECONDS", "inf", "a number of seconds"),
    ("STREAMS_PER_ADDRESS", "1.5", "a whole number 0 or more"),
    ("RATE_LIMIT_WRITE", "lots", "a rate is written like 60/hour, not 'lots'"),
    ("RATE_LIMIT_SEAT", "10 a minute", "a rate is written like 60/hour, not '10 a minute'"),
    ("PUBLIC_URL", "carte.example.org", "an address such as https://carte.example.org"),
    ("MAX_EVENTS_PER_GAME", "0", "a whole number 1 or more"),
    ("HEARTBEAT_SECONDS", "30", "HEARTBEAT_SECONDS='30' cannot be used: a number of seconds from 0.1 to 20."),
    ("HEARTBEAT_SECONDS", "0", "a number of seconds from 0.1 to 20"),
    ("LIVE_POLL_SECONDS", "0", "LIVE_POLL_SECONDS='0' cannot be used: a number of seconds from 0.01 to 60."),
    ("LIVE_NOTIFY", "yes", "LIVE_NOTIFY='yes' cannot be used: a whole number from 0 to 1."),
])
def test_a_bad_value_is_refused_naming_the_variable(name, value, words):
    with pytest.raises(SettingError) as error:
        read({name: value})
    assert words in str(error.value) and str(error.value).startswith(f"{name}=")


def test_rates():
    assert (parse_rate("60/hour").amount, parse_rate("60/hour").get_expiry()) == (60, 3600)
    assert (parse_rate(" 5 / second ").amount, parse_rate("5 per second").get_expiry()) == (5, 1)
    assert parse_rate("") is None and parse_rate("0/minute") is None


def test_segnapunti_run_stops_before_starting_with_a_bad_value(tmp_path):
    """The server never starts (no gunicorn, no port taken): the message says what to fix."""
    env = {**os.environ, "WORKERS": "four", "SCOREKEEPER_DATABASE": str(tmp_path / "db.sqlite3")}
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "run", "--port", "5999"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "WORKERS='four' cannot be used: a whole number from 0 to 64." in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "db.sqlite3").exists()


def test_the_live_hub_takes_the_settings_the_app_was_made_with(tmp_path, monkeypatch):
    """LIVE_POLL_SECONDS and LIVE_NOTIFY reach the hub from the one settings object the app read at its creation
    (#36: `store/live.py` read the environment again, a second copy, whenever it made a hub)."""
    from scorekeeper import create_app

    monkeypatch.setenv("LIVE_POLL_SECONDS", "0.25")
    monkeypatch.setenv("LIVE_NOTIFY", "0")
    database = str(tmp_path / "settings.sqlite3")
    create_app({"SCOREKEEPER_DATABASE": database, "SECRET_KEY": "x"})
    monkeypatch.setenv("LIVE_POLL_SECONDS", "7")  # read again, these would win
    monkeypatch.setenv("LIVE_NOTIFY", "1")
    hub = live.hub(database)
    assert (hub.safety_poll, hub.doorbell) == (0.25, None)


def test_each_default_is_written_once():
    """The defaults are `Settings`' own: no other module of the package writes one of them again (#36: the rate
    limits' were set twice, in the settings and in web/gate/guard.py)."""
    package = Path(scorekeeper.__file__).parent
    source = {path: path.read_text(encoding="utf-8") for path in package.rglob("*.py")}
    for default in ("100/hour", "10/minute", "600/minute"):
        assert [path.name for path, text in source.items() if f'"{default}"' in text] == ["settings.py"]
    assert live.Hub.__init__.__defaults__ == (Settings.live_poll_seconds, bool(Settings.live_notify))
    assert db.MAX_EVENTS == Settings.max_events_per_game
