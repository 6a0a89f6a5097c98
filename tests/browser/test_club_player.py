"""A player's own page in the club on a 360 px phone (#37): she opens her own link, sees her rating's chart, hides
her name, and the ladder no longer lists her. Light and dark, English and Italian, JavaScript off: plain forms."""
from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.service import clubs
from scorekeeper.store import db as store
from tests.conftest import Api, make_app, serving
from tests.web.test_club_player import ALE, build_club

from .conftest import phone_context

SHOTS = Path("/tmp/shots-club-player")
WIDE = "() => document.documentElement.scrollWidth"
SMALL_TAPS = """() => [...document.querySelectorAll('button, a.button, input:not([type=hidden])')]
    .filter(el => el.getBoundingClientRect().height < 44).map(el => el.outerHTML.slice(0, 80))"""


@pytest.mark.parametrize("locale, scheme", [("en-US", "light"), ("it-IT", "dark")])
def test_a_player_hides_her_name_from_her_own_page(browser, tmp_path, locale, scheme):
    app = make_app(tmp_path, SCOREKEEPER_DATABASE=str(tmp_path / "live.sqlite3"))
    client = app.test_client()
    db = store.connect(app.config["SCOREKEEPER_DATABASE"])
    who, _, _ = build_club(Api(client), client, db)
    own = clubs.player_link(db, who, ALE)
    SHOTS.mkdir(exist_ok=True)
    with serving(tmp_path) as base:
        context = phone_context(browser, viewport={"width": 360, "height": 740}, java_script_enabled=False,
                                locale=locale, color_scheme=scheme)
        page = context.new_page()
        try:
            page.goto(f"{base}/c/{who.club_id}/{own}/players/{ALE}")
            assert page.locator("h1").inner_text() == "Alessandra"
            assert page.locator("figure.chart polyline").count() == 2  # a chart a family: Whist (torneo), with dummy
            assert page.evaluate(WIDE) <= 360 and page.evaluate(SMALL_TAPS) == []
            page.screenshot(path=str(SHOTS / f"player-{locale}-{scheme}.png"), full_page=True)
            hide = "Nascondi il mio nome dalla classifica" if locale == "it-IT" else "Hide my name from the ladder"
            page.get_by_role("button", name=hide).click()
            assert page.url == f"{base}/c/{who.club_id}/{own}/players/{ALE}"
            hidden = "Nascosto dalla classifica" if locale == "it-IT" else "Hidden from the ladder"
            assert page.get_by_role("status").inner_text() == hidden
            assert ALE not in {r.member.number for family in ("partnership", "predictions")
                               for r in clubs.ladder(db, who.club_id, family).rungs}
            page.screenshot(path=str(SHOTS / f"player-hidden-{locale}-{scheme}.png"), full_page=True)
        finally:
            context.close()
