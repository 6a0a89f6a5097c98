"""Giving the other requests of a worker a turn during long work.

Under the production server (gunicorn's gevent worker) every request and every live stream of a
worker is a greenlet of one thread: while one request computes — replaying a long game, reading or
writing a long CSV — none of the others runs. Long loops therefore pause every `EVERY` items with
`time.sleep(TURN)`, which gevent's monkey-patching turns into "let the others run, then come back": a
sleep of more than zero runs one iteration of gevent's loop, which looks for I/O, so a request that has
just arrived, or whose answer from the database is in, runs too. (`sleep(0)` did not: it only queues
the sleeper again, and gevent runs up to 50 such callbacks before it looks for I/O; measured, a long
import kept every other request of its worker waiting until it ended, #33.) Without gevent (the command line,
tests, benchmarks) nothing is done: threads are switched by Python anyway, and a real sleep hands the
CPU to other processes, which on a busy machine costs a millisecond or more a time. Never used in the
pure rules (`scorekeeper.rules`): the service and format layers call it between the rules' steps.

Work that is pure CPU for long, in one call of the rules (a club evening's seating: a search of up to seconds),
runs `apart`: in a thread of gevent's pool, while the worker's greenlets go on in their own thread (#33).
"""
from __future__ import annotations

import time
from typing import Callable, Iterable, Iterator, TypeVar

from gevent import get_hub, monkey

EVERY = 200  # items between turns: a few milliseconds of replay or CSV at the most
TURN = 1e-6  # seconds: any sleep above zero is one turn of gevent's loop (a few microseconds when nobody waits)

T = TypeVar("T")


_since = [0]  # items done since the last turn, whichever loop did them (one worker thread: its greenlets share it)


def give_way() -> None:
    """Let the other greenlets of this worker run now (under gevent; elsewhere nothing)."""
    _since[0] = 0
    if monkey.is_module_patched("time"):
        time.sleep(TURN)


def taking_turns(items: Iterable[T], every: int = EVERY) -> Iterator[T]:
    """`items`, with a turn given to the others after every `every` items of work. The count goes on across loops:
    an evening's page reads 120 partite of 15 events each, 1,800 events in loops of 15, and a count that started
    again at each loop never gave a turn (#33)."""
    for item in items:
        _since[0] += 1
        if _since[0] >= every:
            give_way()
        yield item


def apart(work: Callable[..., T], *args) -> T:
    """`work(*args)` where it holds none of the worker's other requests and streams: under gevent in a thread of
    the hub's pool (Python lets the worker's own thread run at least every 5 ms meanwhile), elsewhere here. For
    pure work only (the rules: no database, no gevent objects), which has no turns of its own to give."""
    if monkey.is_module_patched("threading"):
        return get_hub().threadpool.apply(work, args)
    return work(*args)
