"""A season on a 360 px phone without JavaScript (#21): create it, add a finished tournament by pasting its link,
read the standings — nothing wider than the screen, every button a big tap target."""
from __future__ import annotations

from tests.conftest import make_app, serving
from tests.evenings import play_tournament
from tests.test_seasons import OCTOBER

from .conftest import phone_context

WIDE = "() => document.documentElement.scrollWidth"
SMALL_TAPS = """() => [...document.querySelectorAll('button, a.button, input:not([type=hidden])')]
    .filter(el => el.getBoundingClientRect().height < 44).map(el => el.outerHTML.slice(0, 80))"""


def test_a_season_on_a_phone_without_javascript(browser, tmp_path, artifacts):
    client = make_app(tmp_path, SCOREKEEPER_DATABASE=str(tmp_path / "live.sqlite3")).test_client()
    october, _ = play_tournament(client, "Ottobre al circolo", OCTOBER, seed=1)
    with serving(tmp_path) as base:
        context = phone_context(browser, viewport={"width": 360, "height": 740}, java_script_enabled=False)
        page = context.new_page()
        try:
            page.goto(f"{base}/tournaments/new")
            page.get_by_role("link", name="New season").click()
            page.get_by_label("Name of the season").fill("Stagione 2026–27")
            page.get_by_role("button", name="Create the season").click()
            page.get_by_label("A link of the tournament").fill(f"{base}/t/{october['id']}/{october['keys']['view']}")
            page.get_by_role("button", name="Add the tournament").click()
            assert page.locator("table.standings tbody tr").count() == 9
            assert page.locator(".season-evenings li").inner_text().startswith("Ottobre al circolo")
            assert page.evaluate(WIDE) <= 360
            assert page.evaluate(SMALL_TAPS) == []
            page.screenshot(path=str(artifacts / "season-360.png"), full_page=True)
        finally:
            context.close()
