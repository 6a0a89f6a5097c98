"""A club on a 360 px phone without JavaScript (#37): the organiser creates it from the home page, adds the nine
players, sees the roster; the ladder after games (light and dark); the ladder on a 1280×720 TV. Nothing wider than
the screen, every button a big tap target, no serious accessibility fault; screenshots in test-artifacts/."""
from __future__ import annotations

from scorekeeper.service import clubs
from scorekeeper.store import db as store
from tests.conftest import Api, make_app, serving
from tests.test_clubs import ROSTER, morto

from .axe import serious
from .conftest import phone_context
from .test_season_phone import SMALL_TAPS, WIDE

FITS = """() => { const table = document.querySelector('table.ladder');
    return table.offsetWidth <= table.parentElement.clientWidth; }"""
TABLES = [[1, 2, 3, 4], [5, 6, 7, 8], [1, 5, 2, 9]]  # three games of Whist with dummy among the nine


def test_a_club_on_a_phone_and_its_ladder_on_a_tv(browser, tmp_path, artifacts):
    app = make_app(tmp_path, SCOREKEEPER_DATABASE=str(tmp_path / "live.sqlite3"))
    api = Api(app.test_client())
    with serving(tmp_path) as base:
        context = phone_context(browser, viewport={"width": 360, "height": 740}, java_script_enabled=False)
        page = context.new_page()
        try:
            page.goto(f"{base}/")
            page.get_by_role("link", name="New club").click()
            page.get_by_label("Name of the club").fill("Circolo del Whist di Borgo San Lorenzo")
            page.get_by_role("button", name="Create the club").click()
            club_page = page.url
            for name in ROSTER:
                page.get_by_label("Name", exact=True).fill(name)
                page.get_by_role("button", name="Add to the club").click()
            page.get_by_label("Name", exact=True).fill("Ermenegìlda")
            page.get_by_role("button", name="Add to the club").click()
            assert page.locator("#name-error").inner_text().startswith("“Ermenegìlda” is already on the roster")
            assert page.locator(".club-roster li .name").all_inner_texts() == ROSTER
            assert page.evaluate(WIDE) <= 360 and page.evaluate(SMALL_TAPS) == []
            page.screenshot(path=str(artifacts / "club-roster-360.png"), full_page=True)

            _, _, club_id, key = club_page.rsplit("/", 3)
            db = store.connect(str(tmp_path / "live.sqlite3"))
            who = clubs.authorize(db, club_id, key)
            for numbers in TABLES:
                game = morto(api, [ROSTER[n - 1] for n in numbers])
                clubs.add_game(db, who, game["id"], game["keys"]["scorer"], numbers)
            ladder = clubs.ladder(db, club_id)
            page.goto(club_page)
            assert page.locator("table.ladder tbody tr").count() == 9
            assert page.locator("table.ladder .rating").all_inner_texts() == [str(r.rating.shown) for r in ladder.rungs]
            assert page.evaluate(FITS)  # inside its panel, the longest name whole
            assert page.evaluate(WIDE) <= 360 and page.evaluate(SMALL_TAPS) == []
            page.screenshot(path=str(artifacts / "club-ladder-360.png"), full_page=True)
            page.locator("table.ladder").screenshot(path=str(artifacts / "club-ladder-table-360.png"))
            page.emulate_media(color_scheme="dark")
            page.screenshot(path=str(artifacts / "club-ladder-360-dark.png"))
        finally:
            context.close()
        tv = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en-US")
        page = tv.new_page()
        try:
            page.goto(f"{base}/c/{club_id}/{clubs.keys_of(db, club_id)['view']}/tv")
            assert page.locator("table.ladder tbody tr").count() == 9
            assert page.locator(".movers li").count() >= 1
            box = page.locator("table.ladder").bounding_box()
            assert box is not None and box["y"] + box["height"] <= 720  # the whole top of the ladder on one screen
            assert page.evaluate(WIDE) <= 1280 and serious(page) == []
            page.screenshot(path=str(artifacts / "club-tv-1280.png"))
            page.set_viewport_size({"width": 1920, "height": 1080})
            page.screenshot(path=str(artifacts / "club-tv-1920.png"))
            page.get_by_role("link", name="IT").click()
            page.emulate_media(color_scheme="dark")
            assert page.get_by_role("heading", name="Chi è salito di più stasera").is_visible()
            page.screenshot(path=str(artifacts / "club-tv-1920-it-dark.png"))
        finally:
            tv.close()
