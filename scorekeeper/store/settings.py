"""The server's settings, read from the environment once and checked before anything starts.

A value that cannot be read stops the start with a message naming the variable (a typo in
`WORKERS` or `SEND_TIMEOUT` must not quietly become the default on some request). The README's
"Configuration" table lists them; each default is written once, in `Settings`. The app reads them once, at
its creation, and makes them the process's (`use`); `segnapunti run`, gunicorn's settings, the worker and the
live hub (`store/live.py`) take that same object (`current`). Here in `store/`, the lowest floor that may
read the environment and parse a rate with `limits`: the model stays pure (#36).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Callable, Mapping
from urllib.parse import urlsplit

from limits import RateLimitItem, parse

DEFAULT_DATABASE = Path("instance") / "scorekeeper.sqlite3"  # in the folder the server is started from


class SettingError(ValueError):
    """A variable of the environment the server cannot use: the message names it and says why."""


def _whole(low: int, high: int | None = None) -> Callable[[str], int]:
    def read(text: str) -> int:
        if not re.fullmatch(r"\s*\d+\s*", text) or int(text) < low or (high is not None and int(text) > high):
            span = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise ValueError(f"a whole number {span}")
        return int(text)
    return read


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0 or value == float("inf"):
        raise ValueError("a number of seconds, 0 or more")
    return value


def _heartbeat(text: str) -> float:
    """A sheet that hears nothing for 25 s reconnects (static/live.js): the keep-alive must come sooner."""
    value = _seconds(text)
    if not 0.1 <= value <= 20:
        raise ValueError("a number of seconds from 0.1 to 20")
    return value


def _poll(text: str) -> float:
    value = _seconds(text)
    if not 0.01 <= value <= 60:
        raise ValueError("a number of seconds from 0.01 to 60")
    return value


def parse_rate(text: str | None) -> RateLimitItem | None:
    """"60/hour" (or "60 per hour") → the limit; "", None or "0/hour" → no limit."""
    if text in (None, ""):
        return None
    try:
        rate = parse(str(text))
    except ValueError:
        raise ValueError(f"a rate is written like 60/hour, not {text!r}") from None
    return rate if rate.amount else None


def _rate(text: str) -> str:
    parse_rate(text)
    return text


def _public_url(text: str) -> str:
    parts = urlsplit(text.strip())
    if text.strip() and (parts.scheme not in ("http", "https") or not parts.hostname):
        raise ValueError("an address such as https://carte.example.org")
    return text.strip().rstrip("/")


def _text(text: str) -> str:
    return text


@dataclass(frozen=True)
class Settings:
    """Each field is the environment variable of its name in capitals, read by the function beside it."""
    scorekeeper_database: str = ""
    public_url: str = ""
    host: str = ""
    port: int = 5000
    secret_key: str = ""
    rate_limit_create: str = "100/hour"
    rate_limit_seat: str = "10/minute"  # a club evening seated or re-seated: a search of up to seconds of CPU
    rate_limit_write: str = "600/minute"
    max_events_per_game: int = 5000
    workers: int = 0  # 0: one per core, at most 4
    worker_connections: int = 10000
    access_log: str = "-"
    streams_per_key: int = 30
    streams_per_address: int = 300
    heartbeat_seconds: float = 10.0
    request_timeout: float = 10.0
    send_timeout: float = 30.0
    dead_peer_seconds: float = 30.0
    send_buffer: int = 0
    full_collection_seconds: float = 300.0
    live_notify: int = 1  # 1: a write rings the other processes' watchers (store/doorbell.py); 0: they poll
    live_poll_seconds: float = 0.5  # the watchers' safety net when rings wake them

    @property
    def worker_count(self) -> int:
        return self.workers or min(os.cpu_count() or 2, 4)


READERS: dict[str, Callable[[str], object]] = {
    "scorekeeper_database": _text, "public_url": _public_url, "host": _text, "port": _whole(1, 65535),
    "secret_key": _text, "rate_limit_create": _rate, "rate_limit_seat": _rate, "rate_limit_write": _rate,
    "max_events_per_game": _whole(1), "workers": _whole(0, 64), "worker_connections": _whole(1),
    "access_log": _text, "streams_per_key": _whole(0), "streams_per_address": _whole(0),
    "heartbeat_seconds": _heartbeat, "request_timeout": _seconds, "send_timeout": _seconds,
    "dead_peer_seconds": _seconds, "send_buffer": _whole(0), "full_collection_seconds": _seconds,
    "live_notify": _whole(0, 1), "live_poll_seconds": _poll,
}


_in_use: list[Settings] = []  # the process's settings, once read


def use(settings: Settings) -> Settings:
    """Make `settings` the process's (the app's, read at its creation): every later `current()` answers them."""
    _in_use[:] = [settings]
    return settings


def current() -> Settings:
    """The settings this process runs with: the app's, or else those of the environment, read the first time."""
    return _in_use[0] if _in_use else use(read())


def read(environ: Mapping[str, str] | None = None) -> Settings:
    """The settings from `environ` (the process's environment by default); SettingError on a bad value."""
    environ = os.environ if environ is None else environ
    values: dict[str, object] = {}
    for field in fields(Settings):
        name = field.name.upper()
        if name in environ and (environ[name] != "" or field.type == "str"):
            try:
                values[field.name] = READERS[field.name](environ[name])
            except ValueError as error:
                raise SettingError(f"{name}={environ[name]!r} cannot be used: {error}.") from None
    if not values.get("scorekeeper_database"):
        values["scorekeeper_database"] = str(Path.cwd() / DEFAULT_DATABASE)
    return Settings(**values)
