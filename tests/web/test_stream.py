"""The JSON event stream (docs/api.md: `GET /api/v1/games/<id>/events`) against a real threaded server.

`event: hello` with the current version, then one `event: change` per new version with `id:` =
the version, none lost or repeated even when four phones write at the same moment; a reconnect
with Last-Event-ID replays what was missed; a rotated key's open stream ends; a phone that hangs
up frees its server thread. Every read has a timeout: nothing here can hang.
"""
from __future__ import annotations

import sys
import threading
import time

import pytest
from werkzeug.serving import WSGIRequestHandler, make_server

from scorekeeper import create_app
from scorekeeper.store import live
from tests.conftest import POLL_INTERVAL

from .sse import Stream, new_game, request


def hub_of(tmp_path, name="live.sqlite3") -> live.Hub:
    return live.hub(str(tmp_path / name))


def events_path(game_id: str) -> str:
    return f"/api/v1/games/{game_id}/events"


def wait_until(condition, timeout: float = 5.0, step: float = 0.02) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return condition()


def handler_threads(base_url: str) -> int:
    """Threads of the server at `base_url` busy with a connection (streams included)."""
    port = int(base_url.rsplit(":", 1)[1])
    busy = 0
    for frame in sys._current_frames().values():
        while frame is not None:
            handler = frame.f_locals.get("self") if frame.f_code.co_name == "handle" else None
            if isinstance(handler, WSGIRequestHandler) and handler.server.server_port == port:
                busy += 1
                break
            frame = frame.f_back
    return busy


def bid(base, game, seat, value, key=None, hand=1):
    key = key or game["keys"]["seats"][seat]
    return request(base, "PUT", f"/api/v1/games/{game['id']}/hands/{hand}/bids/{seat}", key, {"bid": value})


@pytest.fixture
def quick_server(tmp_path):
    """Like live_server, with a heartbeat of 0.3 s: an idle stream notices a gone phone quickly."""
    app = create_app({"SCOREKEEPER_DATABASE": str(tmp_path / "quick.sqlite3"), "SECRET_KEY": "test",
                      "LIVE_HEARTBEAT_SECONDS": 0.3})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": POLL_INTERVAL}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def test_hello_then_one_change_per_version(live_server):
    game = new_game(live_server)
    scorer, view = game["keys"]["scorer"], game["keys"]["view"]
    stream = Stream(live_server, events_path(game["id"]), view)
    try:
        assert stream.status == 200 and stream.content_type.startswith("text/event-stream")
        assert stream.next() == ("hello", None, {"version": 1})
        assert bid(live_server, game, 1, 4, key=scorer)[0] == 200
        assert bid(live_server, game, 2, 3)[0] == 200  # Carla from her own phone
        assert request(live_server, "POST", f"/api/v1/games/{game['id']}/undo", scorer)[0] == 200
        events = stream.take(3)
        assert [(e, i) for e, i, _ in events] == [("change", "2"), ("change", "3"), ("change", "4")]
        first, second, third = (data for _, _, data in events)
        assert {k: first[k] for k in ("version", "change", "by", "hand", "seat")} == {
            "version": 2, "change": "bid", "by": "scorer", "hand": 1, "seat": 1}
        assert second["by"] == "seat" and second["by_seat"] == 2 and second["seat"] == 2
        assert third["change"] == "undo" and third["version"] == 4
        assert all("bid" not in data for data in (first, second, third))  # never a value
        assert stream.quiet(0.3) == []
    finally:
        stream.close()


def test_page_stream_says_changed_with_the_version(live_server):
    game = new_game(live_server)
    page = Stream(live_server, f"/g/{game['id']}/{game['keys']['seats'][3]}/live")
    try:
        assert page.next() == ("changed", "1", 1)
        assert bid(live_server, game, 3, 2)[0] == 200
        assert page.next() == ("changed", "2", 2)
    finally:
        page.close()


def test_four_phones_bidding_at_once_lose_no_event(live_server):
    """Five rounds of four seat keys bidding at the same moment: versions 2..21, each once, in order."""
    game = new_game(live_server)
    streams = [Stream(live_server, events_path(game["id"]), game["keys"]["view"]),
               Stream(live_server, events_path(game["id"]), game["keys"]["seats"][0]),
               Stream(live_server, f"/g/{game['id']}/{game['keys']['view']}/live")]
    rounds, statuses = 5, []
    try:
        assert streams[0].next()[0] == "hello" and streams[1].next()[0] == "hello"
        assert streams[2].next() == ("changed", "1", 1)
        for number in range(rounds):
            barrier = threading.Barrier(4)

            def phone(seat, barrier=barrier, number=number):
                barrier.wait(timeout=5)
                statuses.append(bid(live_server, game, seat, (number + seat) % 3)[0])  # sums stay ≤ 8

            threads = [threading.Thread(target=phone, args=(seat,)) for seat in range(4)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=10)
        assert statuses == [200] * 4 * rounds
        last = 1 + 4 * rounds
        for stream in streams[:2]:
            events = stream.take(4 * rounds)
            assert [int(i) for _, i, _ in events] == list(range(2, last + 1))
            assert [data["version"] for _, _, data in events] == list(range(2, last + 1))
            assert sorted(data["by_seat"] for _, _, data in events[:4]) == [0, 1, 2, 3]
            assert all(data["by_seat"] == data["seat"] for _, _, data in events)
            assert stream.quiet(0.2) == []
        # The page stream may fold changes that come together: it only says "look again", with
        # the newest version; the versions it names only grow and end at the last one.
        names = [streams[2].next()]
        while names[-1][2] != last:
            names.append(streams[2].next())
        versions = [v for _, _, v in names]
        assert versions == sorted(set(versions))
    finally:
        for stream in streams:
            stream.close()
    status, final = request(live_server, "GET", f"/api/v1/games/{game['id']}", game["keys"]["scorer"])
    assert final["version"] == last and final["hands"][0]["bids"] == [(rounds - 1 + s) % 3 for s in range(4)]


def test_last_event_id_resumes_where_the_phone_left(live_server):
    game = new_game(live_server)
    view = game["keys"]["view"]
    stream = Stream(live_server, events_path(game["id"]), view)
    assert stream.next() == ("hello", None, {"version": 1})
    assert bid(live_server, game, 1, 1)[0] == 200
    assert stream.next()[1] == "2"
    stream.close()
    for seat, value in [(2, 2), (3, 1), (0, 0)]:  # missed while out of range
        assert bid(live_server, game, seat, value)[0] == 200
    stream = Stream(live_server, events_path(game["id"]), view, last_event_id=2)
    try:
        assert stream.next() == ("hello", None, {"version": 5})
        replayed = stream.take(3)
        assert [i for _, i, _ in replayed] == ["3", "4", "5"]
        assert [d["seat"] for _, _, d in replayed] == [2, 3, 0]
        assert bid(live_server, game, 2, 0)[0] == 200
        assert stream.next()[1] == "6"
        assert stream.quiet(0.3) == []  # nothing twice
    finally:
        stream.close()
    # `?since=` does the same for clients that cannot set headers; up to date → nothing replayed
    stream = Stream(live_server, events_path(game["id"]) + "?since=4", view)
    try:
        assert stream.next()[0] == "hello"
        assert [i for _, i, _ in stream.take(2)] == ["5", "6"]
    finally:
        stream.close()
    for weird in ["6", "999", "-1", "abc", "1" * 50]:
        stream = Stream(live_server, events_path(game["id"]), view, last_event_id=weird)
        try:
            assert stream.next() == ("hello", None, {"version": 6})
            assert stream.quiet(0.1) == []
        finally:
            stream.close()


@pytest.mark.parametrize("which", ["unknown_game", "garbage_key", "no_key", "other_game_key", "rotated_key"])
def test_streams_for_unknown_games_or_keys_are_404(live_server, which):
    game, other = new_game(live_server), new_game(live_server)
    game_id, key = game["id"], game["keys"]["view"]
    if which == "unknown_game":
        game_id = "nosuchgame"
    elif which == "garbage_key":
        key = "x" * 32
    elif which == "no_key":
        key = None
    elif which == "other_game_key":
        key = other["keys"]["view"]
    else:
        status, _ = request(live_server, "POST", f"/api/v1/games/{game_id}/keys/rotate", game["keys"]["scorer"],
                            {"role": "view"})
        assert status == 200
    stream = Stream(live_server, events_path(game_id), key)
    assert stream.status == 404 and stream.content_type.startswith("application/json")
    assert b'"not_found"' in stream.body and game["keys"]["scorer"].encode() not in stream.body
    stream.close()
    page = Stream(live_server, f"/g/{game_id}/{key or 'none'}/live")
    assert page.status == 404 and "Anna" not in page.body.decode()
    page.close()


def test_a_rotated_keys_open_streams_end_at_once(live_server):
    game = new_game(live_server)
    scorer, view = game["keys"]["scorer"], game["keys"]["view"]
    json_stream = Stream(live_server, events_path(game["id"]), view)
    page_stream = Stream(live_server, f"/g/{game['id']}/{view}/live")
    bystander = Stream(live_server, events_path(game["id"]), game["keys"]["seats"][1])
    try:
        assert json_stream.next()[0] == "hello" and page_stream.next()[0] == "changed"
        assert bystander.next()[0] == "hello"
        status, _ = request(live_server, "POST", f"/api/v1/games/{game['id']}/keys/rotate", scorer, {"role": "view"})
        assert status == 200
        assert json_stream.ended.wait(3) and page_stream.ended.wait(3), "the old key's stream stayed open"
        assert json_stream.next(1) is None and page_stream.next(1) is None  # ended without another event
        # the other keys' streams go on
        assert bid(live_server, game, 1, 2)[0] == 200
        assert bystander.next()[1] == "2"
    finally:
        for stream in (json_stream, page_stream, bystander):
            stream.close()


def test_a_phone_that_hangs_up_frees_its_thread(live_server, tmp_path):
    game = new_game(live_server)
    hub = hub_of(tmp_path)
    assert wait_until(lambda: hub.waiting == 0 and handler_threads(live_server) == 0)
    streams = [Stream(live_server, events_path(game["id"]), game["keys"]["view"]) for _ in range(5)]
    for stream in streams:
        assert stream.next()[0] == "hello"
    assert wait_until(lambda: hub.waiting == 5)
    assert handler_threads(live_server) == 5
    for stream in streams:
        stream.close()
    # The server notices at its next write: the next change (or the next keep-alive).
    for value in (1, 2):
        assert bid(live_server, game, 1, value)[0] == 200
    assert wait_until(lambda: hub.waiting == 0, timeout=5), hub.waiting
    assert wait_until(lambda: handler_threads(live_server) == 0, timeout=5), handler_threads(live_server)


def test_an_idle_stream_of_a_gone_phone_is_found_by_the_heartbeat(quick_server, tmp_path):
    game = new_game(quick_server)
    hub = hub_of(tmp_path, "quick.sqlite3")
    assert wait_until(lambda: handler_threads(quick_server) == 0)
    stream = Stream(quick_server, events_path(game["id"]), game["keys"]["view"])
    assert stream.next()[0] == "hello"
    assert wait_until(lambda: stream.comments >= 1, timeout=3)  # keep-alive comments flow
    assert wait_until(lambda: hub.waiting == 1, timeout=3)  # between keep-alives it waits in the hub
    stream.close()
    assert wait_until(lambda: hub.waiting == 0, timeout=5)  # no change needed
    assert wait_until(lambda: handler_threads(quick_server) == 0, timeout=5)


def test_hub_shares_one_read_among_the_streams_of_a_game(tmp_path):
    """Streams woken by the same change share one database read; a late one still gets all it missed."""
    hub = live.Hub(str(tmp_path / "unused.sqlite3"))
    log = list(range(1, 101))  # versions 1..100 "in the database"
    reads = []

    def read(after):
        reads.append(after)
        return [(v, f"event {v}") for v in log if v > after]

    hub.versions["g"] = 10
    log[:] = list(range(1, 11))
    assert [v for v, _ in hub.since("g", 5, read)] == [6, 7, 8, 9, 10]
    for _ in range(50):  # the other streams of the game, woken by the same change
        assert [v for v, _ in hub.since("g", 5, read)] == [6, 7, 8, 9, 10]
    assert reads == [5]
    log.append(11)
    hub.versions["g"] = 11
    assert [item for _, item in hub.since("g", 10, read)] == ["event 11"]
    assert reads == [5, 10]  # only what was new
    assert [v for v, _ in hub.since("g", 2, read)] == list(range(3, 12))  # one that fell behind the cache
    log[:] = list(range(1, 201))
    hub.versions["g"] = 200
    got = [v for v, _ in hub.since("g", 0, read)]
    assert got == list(range(1, 201))  # more than the cache keeps: all of it, still
    assert [v for v, _ in hub.since("g", 199, read)] == [200]
    assert [v for v, _ in hub.since("other", 0, lambda after: [])] == []
