"""The production worker at busy moments: the garbage collector (young collections as usual, the full
one on its timer) and the warm-up before the first request."""
from __future__ import annotations

import gc

import gevent

from scorekeeper.server.worker import NEVER, collect_on_a_timer


def test_full_collections_leave_the_thresholds_and_run_on_the_timer():
    before = gc.get_threshold()
    full = []

    def seen(phase, info):
        if phase == "stop" and info["generation"] == 2:
            full.append(info)
    gc.callbacks.append(seen)
    timer = collect_on_a_timer(0.01)
    try:
        young, middle, oldest = gc.get_threshold()
        assert (young, middle) == before[:2]  # young collections as before
        assert oldest == NEVER  # the full one never by growth...
        with gevent.Timeout(10):
            while len(full) < 2:  # ...but on the timer, again and again
                gevent.sleep(0.01)
    finally:
        timer.kill()
        gc.callbacks.remove(seen)
        gc.set_threshold(*before)


def test_a_worker_warms_up_before_its_first_request(tmp_path):
    """Every template compiled, both catalogues loaded: the first request does not stall the worker."""
    from flask_babel import get_domain

    from scorekeeper import create_app
    from scorekeeper.web import LANGUAGES, warm_up

    app = create_app({"SCOREKEEPER_DATABASE": str(tmp_path / "warm.sqlite3"), "SECRET_KEY": "test"})
    warm_up(app)
    names = app.jinja_env.list_templates()
    assert len(names) > 20
    cached = {key[1] for key in app.jinja_env.cache.keys()}
    assert cached >= set(names)
    with app.app_context():
        cache = get_domain().get_translations_cache(None)
    assert {locale for locale, _ in cache} == set(LANGUAGES)


def test_a_stream_waiting_for_a_change_dies_when_killed(tmp_path, monkeypatch):
    """A kill (a worker stopping, a stream's connection gone) reaches a stream waiting in the hub: the wait
    does not swallow it, so the stream's loop ends and gives its place back."""
    import gevent.event

    from scorekeeper.store import db as store
    from scorekeeper.store import live

    monkeypatch.setattr(live.threading, "Event", gevent.event.Event)  # as the gevent worker's patching does
    path = str(tmp_path / "hub.sqlite3")
    store.migrate(store.connect(path))
    hub = live.Hub(path)
    wakes = []

    def stream():
        while True:  # a stream's loop: wait, send, wait again
            hub.wait("game", 0, timeout=0.02)
            wakes.append(1)

    waiting = gevent.spawn(stream)
    gevent.sleep(0.1)
    assert wakes  # it was looping
    waiting.kill(timeout=3)
    assert waiting.dead
    seen = len(wakes)
    gevent.sleep(0.1)
    assert len(wakes) == seen and hub.waiting == 0 and not hub.waiting_per_game


def test_pure_work_runs_apart_from_the_workers_greenlets(monkeypatch):
    """A seating's search (seconds of CPU in one call of the rules) runs `apart` under gevent: in a thread of the
    hub's pool, while the worker's other greenlets keep taking turns (#33). Counted: the work below waits, busy,
    until another greenlet has taken ten turns, which it could never do were the work run in a greenlet."""
    import time

    from scorekeeper.store import turns

    monkeypatch.setattr(turns.monkey, "is_module_patched", lambda name: True)  # as under the gevent worker
    turns_taken = [0]

    def other_greenlet():
        while True:
            turns_taken[0] += 1
            gevent.sleep(0.001)

    def busy() -> int:
        deadline = time.monotonic() + 5  # a safety net: in a greenlet it would wait for ever
        while turns_taken[0] < 10 and time.monotonic() < deadline:
            pass
        return turns_taken[0]

    other = gevent.spawn(other_greenlet)
    try:
        assert turns.apart(busy) >= 10
    finally:
        other.kill()
