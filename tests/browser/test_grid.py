"""The grid at 360 px with five real, long names: every name whole, nothing wider than the screen."""
from __future__ import annotations

import pytest

from tests.web.sse import request

from .conftest import phone_context

FIVE = ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda"]


@pytest.mark.parametrize("variant, players, hand", [
    ("wist", FIVE, {"bids": [2, 2, 0, 4, 3], "tricks": [2, 2, 0, 4, 2]}),
    ("solo-whist", FIVE[:4], {"contract": "solo", "declarer": 1, "trump": "H", "tricks": 7}),
])
def test_five_long_names_fit_a_360_px_phone_whole(live_server, browser, artifacts, variant, players, hand):
    status, created = request(live_server, "POST", "/api/v1/games",
                              body={"variant": variant, "players": players, "first_dealer": 0})
    key = created["keys"]["scorer"]
    request(live_server, "PUT", f"/api/v1/games/{created['id']}/hands/1", key, hand)
    context = phone_context(browser, viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(f"{live_server}/g/{created['id']}/{key}")
    overflow = page.evaluate("""() => ({
        page: document.documentElement.scrollWidth,
        grids: [...document.querySelectorAll('.grid-wrap')].map(w => w.scrollWidth - w.clientWidth),
        names: [...document.querySelectorAll('.grid thead th.player')].map(th =>
            [th.textContent.trim(), th.scrollHeight - th.clientHeight, th.scrollWidth - th.clientWidth])})""")
    assert overflow["page"] <= 360 and all(extra <= 0 for extra in overflow["grids"]), overflow
    assert [name for name, *_ in overflow["names"]] == players
    assert all(tall <= 0 and wide <= 0 for _, tall, wide in overflow["names"]), overflow["names"]
    page.locator("table.grid").screenshot(path=str(artifacts / f"grid-names-{variant}-360.png"))
    context.close()
