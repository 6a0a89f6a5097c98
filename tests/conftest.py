"""Shared fixtures: an app on a fresh database file, a JSON API helper, a live server for browsers."""
from __future__ import annotations

import http.client
import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from hypothesis import settings
from werkzeug.serving import make_server

from scorekeeper import create_app

PLAYERS4 = ["Anna", "Bruno", "Carla", "Dario"]
PLAYERS5 = ["Anna", "Bruno", "Carla", "Dario", "Elena"]
BROWSER_TESTS = Path(__file__).resolve().parent / "browser"
QUICK_POLLS = {"TV_POLL": "500ms", "PLAYER_POLL": "500ms"}  # every poll swaps the block: a test measuring it waits
POLL_INTERVAL = 0.05  # serve_forever's wait between shutdown checks (0.5 s by default, paid at every teardown)

# Hypothesis in `make test` and `make test-fast`: a fixed seed and a fixed count, so a run takes the same time twice
# and finds the same thing (a test's own `settings(max_examples=…)` keeps its count and takes the seed). The slow
# tier (`make test-slow`: --hypothesis-profile=slow) searches ten times wider, with a new seed each run.
settings.register_profile("default", derandomize=True, database=None, max_examples=25, deadline=None)
settings.register_profile("slow", max_examples=250, deadline=None)
settings.load_profile("default")


def examples(count: int) -> int:
    """A search's own example count: `count` in `make test`, ten times it under the slow profile. Its module is
    marked `search`, so `make test-slow` runs it again, wider (`-m "slow or search"`)."""
    return count * settings().max_examples // settings.get_profile("default").max_examples


def pytest_collection_modifyitems(items):
    """Every test under tests/browser drives Chromium: marked `browser`, so `make test-fast` leaves them out."""
    for item in items:
        if BROWSER_TESTS in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def make_app(folder, **config):
    """An app on a fresh database file in `folder`, as the tests see it (links on loopback); `config` on top."""
    return create_app({"SCOREKEEPER_DATABASE": str(folder / "test.sqlite3"), "SECRET_KEY": "test", "TESTING": True,
                       "LISTEN_HOST": "127.0.0.1", "PUBLIC_URL": "",
                       "RATE_LIMIT_CREATE": "", "RATE_LIMIT_SEAT": "", "RATE_LIMIT_WRITE": "",  # limits' tests: own
                       **config})


def post_chunked(base: str, path: str, chunks, content_type: str) -> tuple[int | None, bytes]:
    """POST `chunks` to a live server with Transfer-Encoding: chunked (no Content-Length): (status, body), or
    (None, b"") when the server answered and closed before the end."""
    connection = http.client.HTTPConnection(urlsplit(base).hostname, urlsplit(base).port, timeout=30)
    try:
        connection.request("POST", path, body=chunks, encode_chunked=True, headers={"Content-Type": content_type})
        response = connection.getresponse()
        return response.status, response.read()
    except (BrokenPipeError, ConnectionResetError):
        return None, b""
    finally:
        connection.close()


def count_rows(app, table: str = "games") -> int:
    """How many rows a table of the app's database holds: a refused creation leaves it as it was."""
    with sqlite3.connect(app.config["SCOREKEEPER_DATABASE"]) as conn:
        return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path)


@pytest.fixture
def client(app):
    return app.test_client()


class Api:
    """Small helper over the test client speaking API v1 with a key."""

    def __init__(self, client):
        self.client = client

    def create(self, variant="wist", players=None, first_dealer=0, options=None, **extra):
        body = {"variant": variant, "players": players or PLAYERS4, "first_dealer": first_dealer, **extra}
        if options is not None:
            body["options"] = options
        return self.client.post("/api/v1/games", json=body)

    def game(self, **kwargs):
        response = self.create(**kwargs)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def headers(self, key, **extra):
        return {"Authorization": f"Bearer {key}", **extra}

    def get(self, game_id, key):
        return self.client.get(f"/api/v1/games/{game_id}", headers=self.headers(key))

    def snapshot(self, game_id, key):
        """The game as `key` reads it, with its ETag: what a refused write must leave as it was."""
        response = self.get(game_id, key)
        assert response.status_code == 200
        return response.get_json(), response.headers["ETag"]

    def bid(self, game_id, key, hand, seat, bid, **headers):
        return self.client.put(f"/api/v1/games/{game_id}/hands/{hand}/bids/{seat}", json={"bid": bid},
                               headers=self.headers(key, **headers))

    def hand(self, game_id, key, hand, body, **headers):
        return self.client.put(f"/api/v1/games/{game_id}/hands/{hand}", json=body,
                               headers=self.headers(key, **headers))

    def recorded(self, game_id, key, hand, body):
        """Record a hand that must be accepted; the game as it answers."""
        response = self.hand(game_id, key, hand, body)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def undo(self, game_id, key, **headers):
        return self.client.post(f"/api/v1/games/{game_id}/undo", headers=self.headers(key, **headers))


@pytest.fixture
def api(client):
    return Api(client)


@contextmanager
def serving(folder: Path, prepare=None, **config):
    """The app served on a free local port in a thread, on a database in `folder` (`config` on top; `prepare(app)`
    run before it serves): its address."""
    app = create_app({"SCOREKEEPER_DATABASE": str(folder / "live.sqlite3"), "SECRET_KEY": "test",
                      "LISTEN_HOST": "127.0.0.1", "PUBLIC_URL": "", **config})
    if prepare is not None:
        prepare(app)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": POLL_INTERVAL}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture
def live_server(request, tmp_path):
    """The app for one browser test; one marked `quick_polls` waits out no TV's 3 s nor player page's 5 s poll (#36)."""
    quick = request.node.get_closest_marker("quick_polls") is not None
    with serving(tmp_path, **(QUICK_POLLS if quick else {})) as base:
        yield base


@pytest.fixture(scope="module")
def module_live_server(tmp_path_factory):
    """The app shared by a module's tests that only read (the matrix's tour of every page)."""
    with serving(tmp_path_factory.mktemp("live")) as base:
        yield base
