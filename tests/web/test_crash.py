"""Crash safety: the production server (gunicorn with server/gunicorn_config.py) is killed with SIGKILL in the
middle of writes; after a restart every write it had acknowledged is in the event log, unchanged.

Four phones write to four games at once (bids one by one, then the tricks); the server and all its
workers are killed without warning while they do; what each phone had been answered 200 for must
be there after the restart, at the version it was told, and the games must go on.
"""
from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import pytest

from scorekeeper.server.cli import server_command
from tests.web.sse import request

pytestmark = pytest.mark.slow  # the production server started twice and killed: `make test-slow`

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """The production server as `make run` starts it (`server_command`), on a free loopback port."""

    def __init__(self, database: Path):
        self.port = free_port()
        env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(self.port), "SCOREKEEPER_DATABASE": str(database),
               "SECRET_KEY": "test", "WORKERS": "2"}
        self.process = subprocess.Popen(server_command(), cwd=ROOT, env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if request(self.base, "GET", "/api/v1/openapi.json", timeout=2)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        self.kill()
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        """SIGKILL the master and every worker at once: no shutdown, no flush, no goodbye."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=10)


def phone(base: str, game_id: str, key: str, acked: list, stop: threading.Event) -> None:
    """Bid 1 0 0 3 seat by seat, then the tricks, hand after hand, until the server dies or all 8 are in."""
    for number in range(1, 9):
        writes = [(f"/hands/{number}/bids/{seat}", {"bid": bid}, {"type": "bid", "hand": number, "seat": seat,
                                                                 "bid": bid}) for seat, bid in enumerate([1, 0, 0, 3])]
        if number == 8:  # the last round has no bidding
            writes = []
        writes.append((f"/hands/{number}", {"tricks": [1, 1, 1, 10]},
                       {"type": "hand", "hand": number, "tricks": [1, 1, 1, 10]}))
        for path, body, event in writes:
            if stop.is_set():
                return
            try:
                status, answer = request(base, "PUT", f"/api/v1/games/{game_id}{path}", key, body, timeout=5)
            except (OSError, http.client.HTTPException):
                return  # the server is gone (mid-answer too): whatever was not answered was not promised
            if status != 200:
                return
            acked.append((answer["version"], event))


def test_every_acknowledged_write_survives_a_sigkill(tmp_path):
    database = tmp_path / "crash.sqlite3"
    server = Server(database)
    try:
        games = []
        for _ in range(4):
            status, created = request(server.base, "POST", "/api/v1/games",
                                      body={"variant": "wist", "players": PLAYERS, "first_dealer": 0})
            assert status == 201
            games.append((created["id"], created["keys"]["scorer"], []))
        stop = threading.Event()
        threads = [threading.Thread(target=phone, args=(server.base, gid, key, acked, stop), daemon=True)
                   for gid, key, acked in games]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 20
        while sum(len(acked) for *_, acked in games) < 60 and time.monotonic() < deadline:
            time.sleep(0.01)
        server.kill()  # in the middle of the writes
        stop.set()
        for thread in threads:
            thread.join(timeout=10)
    finally:
        server.kill()
    total = sum(len(acked) for *_, acked in games)
    assert total >= 60, f"only {total} writes were answered before the kill"

    # Nothing acknowledged is missing or different, straight from the file...
    with sqlite3.connect(database) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        for game_id, _, acked in games:
            log = {seq: json.loads(payload) for seq, payload in
                   conn.execute("SELECT seq, payload FROM events WHERE game_id = ?", [game_id])}
            for version, event in acked:
                assert log.get(version) == event, (game_id, version)
    # ...and the restarted server serves every game at (at least) its acknowledged version, and goes on.
    server = Server(database)
    try:
        for game_id, key, acked in games:
            status, game = request(server.base, "GET", f"/api/v1/games/{game_id}", key)
            assert status == 200 and game["version"] >= max((v for v, _ in acked), default=1)
            status, _ = request(server.base, "POST", f"/api/v1/games/{game_id}/undo", key)
            assert status == 200
    finally:
        server.kill()
