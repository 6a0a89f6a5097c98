"""axe-core on the score sheets and the pages around them: no serious or critical violation.

axe-core is vendored from the npm registry (tests/browser/vendor, `make vendor`), injected into each
page after it loaded; checked at 360 px in light and dark, in English and Italian.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.sse import request

from .conftest import phone_context

AXE = (Path(__file__).parent / "vendor" / "axe-4.14.1.min.js").read_text(encoding="utf-8")
NARROW = {"width": 360, "height": 740}
PLAYERS = ["Alessandra", "Bartolomeo", "Costanza", "Domenico"]


def game(base: str, variant: str, hands: list[dict], players=PLAYERS) -> tuple[str, str, str]:
    status, created = request(base, "POST", "/api/v1/games", body={"variant": variant, "players": players,
                                                                   "first_dealer": 0})
    assert status == 201, created
    game_id, key = created["id"], created["keys"]["scorer"]
    for number, body in enumerate(hands, start=1):
        status, answer = request(base, "PUT", f"/api/v1/games/{game_id}/hands/{number}", key, body)
        assert status == 200, answer
    return f"/g/{game_id}/{key}", f"/g/{game_id}/{created['keys']['view']}", game_id


def serious(page) -> list[str]:
    page.evaluate(AXE)  # not a <script> tag: the page's CSP allows no inline script (tests/browser/test_csp.py)
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("scheme, locale", [("light", "en-US"), ("dark", "it-IT")])
def test_no_serious_violation_on_the_sheets(live_server, browser, scheme, locale):
    classic, classic_view, _ = game(live_server, "whist-classico", [
        {"trump": "S", "tricks": [9, 4]}, {"trump": "H", "tricks": [7, 6], "honours": [0, 4]},
        {"trump": "D", "tricks": [8, 5]}])
    morto, _, _ = game(live_server, "whist-morto", [{"trump": "NT", "tricks": [8, 5]}] * 4)
    wist, wist_view, _ = game(live_server, "wist", [{"bids": [1, 0, 0, 3], "tricks": [1, 1, 1, 10]}])
    pages = ["/", "/new", "/new?variant=whist-classico", classic, classic_view, f"{classic}/hands/1",
             f"{classic}/hands/1/history", morto, wist, wist_view, f"{wist}/hands/1", "/docs/rules/partnership.md"]
    context = phone_context(browser, viewport=NARROW, color_scheme=scheme, locale=locale)
    page = context.new_page()
    found = {}
    for path in pages:
        page.goto(live_server + path)
        page.wait_for_load_state("load")
        problems = serious(page)
        if problems:
            found[path] = problems
    context.close()
    assert not found, found
