"""The worker's garbage collector: young collections as usual, the full one only on its timer."""
from __future__ import annotations

import gc

import gevent

from scorekeeper.server import NEVER, collect_on_a_timer


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
