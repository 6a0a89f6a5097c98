"""The production worker at busy moments: the garbage collector (young collections as usual, the full
one on its timer) and the warm-up before the first request."""
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
