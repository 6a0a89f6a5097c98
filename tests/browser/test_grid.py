"""The grid at 360 px with five real, long names: every name whole, nothing wider than the screen."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

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
    # whole names: nothing cut along the (upward) line; across it, a pixel of column-width rounding at most
    assert all(tall <= 0 and wide <= 1 for _, tall, wide in overflow["names"]), overflow["names"]
    page.locator("table.grid").screenshot(path=str(artifacts / f"grid-names-{variant}-360.png"))
    context.close()


def test_the_grid_reads_at_a_glance(live_server, browser, artifacts):
    """Wist, five players, Alessandra deals hand 1 (10 cards each): bids 2 2 0 4 3, tricks 2 2 0 4 2. A bid
    made scores 10 + the tricks (12, 12, 14), a 0 made 20 with five players (Costanza), a bid missed the
    tricks alone (Ermenegilda 2; docs/rules/bid-exactly.md): Costanza is first, Domenico second,
    Alessandra and Bartolomeo share third, Ermenegilda is fifth. Each box shows
    "bid/tricks" over the score over the total; the names, the hands' column and the totals-and-place rows
    stay in sight while the grid scrolls, without JavaScript."""
    status, created = request(live_server, "POST", "/api/v1/games",
                              body={"variant": "wist", "players": FIVE, "first_dealer": 0})
    key = created["keys"]["scorer"]
    request(live_server, "PUT", f"/api/v1/games/{created['id']}/hands/1", key,
            {"bids": [2, 2, 0, 4, 3], "tricks": [2, 2, 0, 4, 2]})
    context = phone_context(browser, viewport={"width": 360, "height": 740}, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server}/g/{created['id']}/{key}")
    first = page.locator("table.grid tbody tr").first.locator("td")
    expect(first.locator(".cell-call")).to_have_text(["2/2", "2/2", "0/0", "4/4", "3/2"])
    expect(first.locator(".cell-score")).to_have_text(["12", "12", "20", "14", "2"])
    expect(page.locator("table.grid tfoot tr.place-row td")).to_have_text(["3", "3", "1", "2", "5"])
    expect(page.locator(".legend").first).to_have_text(
        "In each box: the bid / the tricks taken, the hand's score, the running total.")

    # Cagliari's 24 hands make a grid taller than the phone: scrolled halfway down it, the names are
    # still at the top of the screen and the totals and places at its bottom.
    status, cagliari = request(live_server, "POST", "/api/v1/games",
                               body={"variant": "wist-cagliari", "players": FIVE[:4], "first_dealer": 0})
    page.goto(f"{live_server}/g/{cagliari['id']}/{cagliari['keys']['view']}")
    table = page.locator("table.grid")
    top = table.evaluate("t => t.getBoundingClientRect().top + window.scrollY")
    assert table.bounding_box()["height"] > 1.5 * 740
    page.evaluate(f"window.scrollTo(0, {top} + 300)")
    head, foot = page.locator("table.grid thead").bounding_box(), page.locator("table.grid tfoot").bounding_box()
    assert abs(head["y"]) <= 1, head
    assert abs(foot["y"] + foot["height"] - 740) <= 1, foot
    expect(page.locator("table.grid tfoot tr.place-row td")).to_have_text(["1", "1", "1", "1"])
    page.screenshot(path=str(artifacts / "grid-glance-scrolled-360.png"))
    context.close()


def test_the_table_view_fills_a_large_screen(live_server, browser, artifacts):
    """At 1280×800 the table view's grid takes most of the screen's width, in large type, totals in sight; what
    happens now (the hand, whose turn it is) stands beside it (#19)."""
    status, created = request(live_server, "POST", "/api/v1/games",
                              body={"variant": "wist", "players": FIVE, "first_dealer": 0})
    request(live_server, "PUT", f"/api/v1/games/{created['id']}/hands/1", created["keys"]["scorer"],
            {"bids": [2, 2, 0, 4, 3], "tricks": [2, 2, 0, 4, 2]})
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{live_server}/g/{created['id']}/{created['keys']['view']}")
    grid = page.locator("table.grid").bounding_box()
    assert grid["width"] >= 760
    now = page.locator(".pane-now").bounding_box()
    assert now["x"] >= grid["x"] + grid["width"] and now["x"] + now["width"] <= 1280
    expect(page.locator("#entry-title")).to_be_in_viewport()
    score = page.locator("table.grid tbody tr").first.locator(".cell-score").first
    assert float(score.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px")) >= 20
    total = page.locator("table.grid tfoot tr").first.locator("td").first
    assert float(total.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px")) >= 26
    expect(total).to_be_in_viewport()
    page.screenshot(path=str(artifacts / "view-wist-1280.png"))
    context.close()


def test_the_pinned_names_and_totals_leave_the_rows_in_sight(live_server, browser, artifacts):
    """#18: at 360 × 740 the sticky names and the pinned totals collided when the grid started low on the screen
    (names cut, one row in sight) and the confirmation bar covered the Place row. A tournament table of five long
    names (14 hands: a grid taller than the screen), a bid just recorded (the bar shows), the page scrolled into
    the grid: every name whole, the rows in sight between the names and the totals, the Place row above the bar."""
    status, created = request(live_server, "POST", "/api/v1/games",
                              body={"variant": "whist-torneo", "players": FIVE, "first_dealer": 0})
    key = created["keys"]["scorer"]
    context = phone_context(browser, viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(f"{live_server}/g/{created['id']}/{key}")
    version = page.locator("#sheet").get_attribute("data-version")
    page.locator(".pad").get_by_role("button", name="1", exact=True).tap()
    expect(page.locator("#sheet")).not_to_have_attribute("data-version", version)
    expect(page.locator("#outbox")).to_contain_text("Recorded: Bid of Bartolomeo: 1")  # Alessandra deals
    page.evaluate("window.scrollTo(0, document.querySelector('table.grid').getBoundingClientRect().top + scrollY + 1)")
    geometry = page.evaluate("""() => {
        const box = s => document.querySelector(s).getBoundingClientRect();
        return {head: box('.grid thead'), foot: box('.grid tfoot'), bar: box('#outbox'),
                row: box('.grid tbody tr:nth-child(2)'),
                names: [...document.querySelectorAll('.grid thead th.player')].map(th =>
                    th.scrollHeight - th.clientHeight)}; }""")
    head, foot, bar, row = geometry["head"], geometry["foot"], geometry["bar"], geometry["row"]
    assert all(cut <= 0 for cut in geometry["names"]), geometry["names"]
    assert abs(head["top"]) <= 1 and foot["bottom"] <= bar["top"] + 1, geometry
    assert (foot["top"] - head["bottom"]) / row["height"] >= 4, geometry  # the game's rows, not one
    page.screenshot(path=str(artifacts / "grid-pinned-with-bar-360.png"))
    context.close()
