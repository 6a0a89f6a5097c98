"""Stream caps (per key, per address: 429 with Retry-After) and per-game wake-ups in the hub."""
from __future__ import annotations

import threading
import time

import pytest
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.store import live
from tests.conftest import POLL_INTERVAL

from .sse import Stream, new_game


@pytest.fixture
def capped_server(tmp_path):
    app = create_app({"SCOREKEEPER_DATABASE": str(tmp_path / "capped.sqlite3"), "SECRET_KEY": "test",
                      "LIVE_HEARTBEAT_SECONDS": 0.3, "STREAMS_PER_KEY": 2, "STREAMS_PER_ADDRESS": 3})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": POLL_INTERVAL}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", live.hub(str(tmp_path / "capped.sqlite3"))
    server.shutdown()


def wait_until(condition, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def test_streams_beyond_the_caps_are_answered_429(capped_server):
    base, hub = capped_server
    game = new_game(base)
    view, seats = game["keys"]["view"], game["keys"]["seats"]
    events = f"/api/v1/games/{game['id']}/events"
    opened = [Stream(base, events, view), Stream(base, f"/g/{game['id']}/{view}/live")]
    try:
        assert all(stream.status == 200 for stream in opened)
        # a third stream of the same key: refused, as JSON on the API, as a small page for the sheet
        refused = Stream(base, events, view)
        assert refused.status == 429 and refused.response.getheader("Retry-After") == "30"
        assert b'"too_many_streams"' in refused.body and view.encode() not in refused.body
        page = Stream(base, f"/g/{game['id']}/{view}/live")
        assert page.status == 429 and page.response.getheader("Retry-After")
        assert page.content_type.startswith("text/html") and b"Too many live sheets" in page.body
        # another key from the same address: one more fits (3 per address), then no more
        opened.append(Stream(base, events, seats[0]))
        assert opened[-1].status == 200
        assert Stream(base, events, seats[1]).status == 429
        assert hub.status()["open_streams"] == 3
        # a stream that ends gives its place back
        opened.pop(0).close()
        assert wait_until(lambda: hub.status()["open_streams"] == 2)
        opened.append(Stream(base, events, seats[1]))
        assert opened[-1].status == 200 and opened[-1].next()[0] == "hello"
    finally:
        for stream in opened:
            stream.close()
    assert wait_until(lambda: hub.status()["open_streams"] == 0)


def test_a_change_wakes_only_the_streams_of_its_game(tmp_path):
    hub = live.Hub(str(tmp_path / "unused.sqlite3"))
    hub.start = lambda: None  # no watcher: only what this test publishes
    returned = {"a": 0, "b": 0}

    def watch(game):
        hub.wait(game, 0, timeout=5)
        returned[game] += 1

    threads = [threading.Thread(target=watch, args=(game,)) for game in ["a"] * 5 + ["b"] * 5]
    for thread in threads:
        thread.start()
    assert wait_until(lambda: hub.waiting == 10)
    hub.published("b", 2)
    assert wait_until(lambda: returned["b"] == 5)
    time.sleep(0.1)
    assert returned["a"] == 0 and hub.waiting == 5 and hub.wakeups == 1  # game a's streams slept on
    hub.poke("a")  # a rotation of a's links wakes a's streams (to re-check their keys)
    assert wait_until(lambda: returned["a"] == 5)
    for thread in threads:
        thread.join(timeout=5)
    assert hub.waiting == 0 and not hub.signals  # nothing left behind for games nobody watches
