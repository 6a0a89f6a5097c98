"""The doorbell between processes (scorekeeper/store/doorbell.py) and the hub it wakes.

Two hubs on one database file stand for two worker processes: each has its own doorbell socket. Their
watchers poll only every 30 s here, so what reaches the other hub sooner came through a ring.
"""
from __future__ import annotations

import os
import socket
import threading
import time

from scorekeeper.store import db as store
from scorekeeper.store import live
from scorekeeper.store.doorbell import Doorbell

SLOW_POLL = 30.0
SOON = 10.0  # a third of the poll: what arrives by then was rung, not polled


def wait_until(condition, timeout: float = SOON) -> bool:
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.01)
    return condition()


def database(tmp_path, *games: str) -> str:
    path = str(tmp_path / "rung.sqlite3")
    db = store.connect(path)
    store.migrate(db)
    for game in games:
        db["games"].insert({"id": game, "variant": "wist", "created_at": store.now()})
    db.conn.close()
    return path


def write(path: str, hub: live.Hub, game: str, seq: int) -> None:
    """One change of `game`, committed, then published as the service does."""
    db = store.connect(path)
    with store.write(db):
        store.append_event(db, game, seq, "change", {"type": "bid"}, "scorer", None)
    db.conn.close()
    hub.published(game, seq)


def waiting_on(hub: live.Hub, game: str) -> dict:
    """A stream of `game` waiting in `hub` (in a thread); what its wait returned lands in the dict."""
    returned: dict = {}
    thread = threading.Thread(target=lambda: returned.update(version=hub.wait(game, 0, timeout=SOON * 2)[0]),
                              daemon=True)
    thread.start()
    assert wait_until(lambda: hub.waiting_per_game[game] >= 1)
    return returned


def test_a_stale_socket_of_a_dead_process_is_removed_and_the_live_ones_rung(tmp_path):
    path = str(tmp_path / "bell.sqlite3")
    listening = Doorbell(path)
    assert listening.listen() and listening.own is not None and os.path.dirname(listening.own) == path + "-live"
    assert oct(os.stat(path + "-live").st_mode & 0o777) == "0o700"
    dead = os.path.join(path + "-live", "99999.dead")
    gone = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    gone.bind(dead)
    gone.close()  # its process died: the file stays, nobody reads it
    assert os.path.exists(dead)
    Doorbell(path).ring()
    assert not os.path.exists(dead)
    assert listening.wait(SOON) is True
    assert os.listdir(path + "-live") == [os.path.basename(listening.own)]
    listening.ring()  # a process does not ring itself
    assert listening.wait(0.05) is False


def test_a_burst_of_writes_for_one_game_wakes_its_streams_in_the_other_process(tmp_path):
    path = database(tmp_path, "g")
    writer, watcher = live.Hub(path, SLOW_POLL), live.Hub(path, SLOW_POLL)
    stream = waiting_on(watcher, "g")
    for seq in range(1, 51):
        write(path, writer, "g", seq)
    assert wait_until(lambda: "version" in stream), "the stream waited for the poll"
    assert stream["version"] >= 1
    assert wait_until(lambda: watcher.versions.get("g") == 50)  # the whole burst, read from the database
    assert watcher.listening and watcher.wakeups == 1  # one stream, woken once


def test_a_ring_for_a_game_nobody_watches_here_wakes_nobody(tmp_path):
    path = database(tmp_path, "watched", "other")
    writer, watcher = live.Hub(path, SLOW_POLL), live.Hub(path, SLOW_POLL)
    stream = waiting_on(watcher, "watched")
    write(path, writer, "other", 1)
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as stranger:  # a ring with nothing new behind it
        stranger.sendto(b"no such game", watcher.doorbell.own)
    assert wait_until(lambda: watcher.versions.get("other") == 1)  # the watcher looked, at once
    time.sleep(0.1)
    assert "version" not in stream and watcher.waiting == 1 and watcher.wakeups == 0
    write(path, writer, "watched", 1)
    assert wait_until(lambda: stream.get("version") == 1)


def test_without_a_doorbell_the_watcher_polls_as_before(tmp_path, caplog):
    """LIVE_NOTIFY=0, or a run directory whose path is too long for a Unix socket: the other process's
    write still arrives, found by the 50 ms poll instead of the 30 s safety net."""
    deep = tmp_path / ("d" * 100)
    deep.mkdir()
    path = database(deep, "g")
    writer, watcher = live.Hub(path, SLOW_POLL, notify=False), live.Hub(path, SLOW_POLL)
    stream = waiting_on(watcher, "g")
    assert not watcher.listening and "no doorbell" in caplog.text  # the socket's path is too long
    write(path, writer, "g", 1)
    assert wait_until(lambda: stream.get("version") == 1)
    assert not os.path.exists(path + "-live") or os.listdir(path + "-live") == []
