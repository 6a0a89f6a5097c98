"""Several server processes on one SQLite file (the README: "It must keep working with several server
processes ... watch the event table"): a change made through process A reaches the streams that
process B holds open, and a link rotated through A closes B's streams of the old key.

Two real `flask run --with-threads` processes on free loopback ports share a temporary database.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from .sse import Stream, new_game, request

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(database: Path, log: Path, **settings: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_DATABASE": str(database), "SECRET_KEY": "test", "PYTHONUNBUFFERED": "1",
           **settings}
    env.pop("PUBLIC_URL", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "scorekeeper", "run", "--host", "127.0.0.1", "--port", str(port),
         "--with-threads", "--no-reload", "--no-debugger"],
        cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
    return process, f"http://127.0.0.1:{port}"


def wait_ready(process: subprocess.Popen, base: str, log: Path, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"server exited: {log.read_text()[-2000:]}")
        try:
            with socket.create_connection((base.split("//")[1].split(":")[0], int(base.rsplit(":", 1)[1])), 0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"server not ready: {log.read_text()[-2000:]}")


@contextmanager
def running_two(tmp_path: Path, **settings: str):
    """Two servers on one database file: their addresses."""
    database = tmp_path / "shared.sqlite3"
    started = []
    try:
        for name in ("a", "b"):
            log = tmp_path / f"server-{name}.log"
            process, base = start_server(database, log, **settings)
            started.append((process, base, log))
        for process, base, log in started:
            wait_ready(process, base, log)
        yield started[0][1], started[1][1]
    finally:
        for process, _, _ in started:
            process.terminate()
        for process, _, _ in started:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)


@pytest.fixture
def two_servers(tmp_path):
    with running_two(tmp_path) as bases:
        yield bases


def test_a_change_through_one_process_reaches_the_streams_of_the_other(two_servers):
    a, b = two_servers
    game = new_game(a)
    game_id, keys = game["id"], game["keys"]
    on_b = Stream(b, f"/api/v1/games/{game_id}/events", keys["view"])
    page_on_b = Stream(b, f"/g/{game_id}/{keys['view']}/live")
    on_a = Stream(a, f"/api/v1/games/{game_id}/events", keys["seats"][0])
    try:
        assert on_b.next() == ("hello", None, {"version": 1})
        assert page_on_b.next() == ("changed", "1", 1)
        assert on_a.next()[0] == "hello"

        status, _ = request(a, "PUT", f"/api/v1/games/{game_id}/hands/1/bids/2", keys["seats"][2], {"bid": 3})
        assert status == 200
        event, event_id, data = on_b.next(timeout=2)
        assert (event, event_id, data["version"], data["seat"], data["by_seat"]) == ("change", "2", 2, 2, 2)
        assert page_on_b.next(timeout=2) == ("changed", "2", 2)

        # Writes on both processes, in quick succession: every stream gets every version once, in order.
        for base, seat, value in [(a, 1, 1), (b, 3, 2), (a, 0, 0), (b, 1, 2)]:
            status, _ = request(base, "PUT", f"/api/v1/games/{game_id}/hands/1/bids/{seat}", keys["seats"][seat],
                                {"bid": value})
            assert status == 200
        for stream in (on_a, on_b):
            ids = [i for _, i, _ in stream.take(4 if stream is on_b else 5, timeout=3)]
            assert ids == (["3", "4", "5", "6"] if stream is on_b else ["2", "3", "4", "5", "6"])
        status, game_on_b = request(b, "GET", f"/api/v1/games/{game_id}", keys["view"])
        assert game_on_b["version"] == 6 and game_on_b["hands"][0]["bids"] == [0, 2, 3, 2]

        # A link rotated through A: B's open stream of the old key ends, without any other change.
        status, _ = request(a, "POST", f"/api/v1/games/{game_id}/keys/rotate", keys["scorer"], {"role": "view"})
        assert status == 200
        assert on_b.ended.wait(3) and page_on_b.ended.wait(3), "B kept streaming to a rotated key"
        assert not on_a.ended.is_set()  # a seat key's stream on A goes on
        assert request(b, "GET", f"/api/v1/games/{game_id}", keys["view"])[0] == 404
    finally:
        for stream in (on_a, on_b, page_on_b):
            stream.close()


def test_a_write_rings_the_other_process_without_waiting_for_its_poll(tmp_path):
    """Each process's watcher polls only every 30 s here, yet a write (or a rotation) through either process
    reaches the other's streams well before a poll could have: the writer rang the other's doorbell
    (scorekeeper/store/doorbell.py). No timing is asserted beyond "a third of the poll"."""
    with running_two(tmp_path, LIVE_POLL_SECONDS="30") as (a, b):
        game = new_game(a)
        game_id, keys = game["id"], game["keys"]
        on_a = Stream(a, f"/api/v1/games/{game_id}/events", keys["view"])
        on_b = Stream(b, f"/api/v1/games/{game_id}/events", keys["seats"][0])
        try:
            assert on_a.next()[0] == on_b.next()[0] == "hello"
            for writer, seat, version in [(b, 1, 2), (a, 2, 3), (b, 3, 4)]:
                status, _ = request(writer, "PUT", f"/api/v1/games/{game_id}/hands/1/bids/{seat}",
                                    keys["seats"][seat], {"bid": 1})
                assert status == 200
                for stream in (on_a, on_b):  # the other process's stream as soon as the writer's own
                    event, event_id, data = stream.next(timeout=10)
                    assert (event, event_id, data["seat"]) == ("change", str(version), seat)
            status, _ = request(b, "POST", f"/api/v1/games/{game_id}/keys/rotate", keys["scorer"], {"role": "view"})
            assert status == 200
            assert on_a.ended.wait(10), "A's stream of the rotated key waited for the poll"
        finally:
            on_a.close()
            on_b.close()
