"""Games as files on a 360 px phone: download every game from the home page, import one through the form
(with and without JavaScript, in light and dark, in English and Italian)."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.sse import request

from .conftest import phone_context
from .sheet import expect_totals

NARROW = {"width": 360, "height": 740}
HOSTILE = ["=SUM(A1)", "-Bob", "@home", "'Il \"Capo\", <b>sì</b>"]


def scored_game(base: str, players: list[str]) -> dict:
    """Two hands: bids 3 0 4 2, tricks 4 1 4 4; bids 0 5 2 3, tricks 0 6 2 5 → totals 29 1 26 9."""
    status, created = request(base, "POST", "/api/v1/games", body={"variant": "wist", "players": players,
                                                                   "first_dealer": 0})
    assert status == 201, created
    for number, body in ((1, {"bids": [3, 0, 4, 2], "tricks": [4, 1, 4, 4]}),
                         (2, {"bids": [0, 5, 2, 3], "tricks": [0, 6, 2, 5]})):
        status, answer = request(base, "PUT", f"/api/v1/games/{created['id']}/hands/{number}",
                                 created["keys"]["scorer"], body)
        assert status == 200, answer
    return created


def csv_of(base: str, game: dict) -> str:
    status, text = request(base, "GET", f"/api/v1/games/{game['id']}/export.csv", game["keys"]["view"])
    assert status == 200
    return text


def fits(page) -> None:
    """Nothing wider than the phone, and the file controls big enough to tap."""
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    for control in (page.locator("#import-file"), page.get_by_role("button", name="Import a game", exact=True)):
        box = control.bounding_box()
        assert box["height"] >= 44 and box["width"] <= NARROW["width"]


def test_download_every_game_of_the_phone_from_home(live_server, browser, artifacts):
    first, second = scored_game(live_server, ["Anna", "Bruno", "Carla", "Dario"]), scored_game(live_server, HOSTILE)
    context = phone_context(browser, viewport=NARROW)
    page = context.new_page()
    for game in (first, second):
        page.goto(f"{live_server}/g/{game['id']}/{game['keys']['scorer']}")  # on this phone's list
    page.goto(live_server)
    link = page.get_by_role("link", name="Download all games (CSV)")
    expect(link).to_be_visible()
    fits(page)
    page.screenshot(path=str(artifacts / "home-files-360.png"), full_page=True)
    with page.expect_download() as caught:
        link.tap()
    download = caught.value
    assert download.suggested_filename == "segnapunti-games.csv"
    text = Path(download.path()).read_bytes().decode("utf-8")
    one, two = csv_of(live_server, first), csv_of(live_server, second)
    assert text == two + one.split("\r\n", 1)[1]  # one header, the most recently opened game first
    context.close()


@pytest.mark.parametrize("javascript", [True, False])
def test_import_a_file_and_land_on_its_sheet(live_server, browser, artifacts, tmp_path, javascript):
    original = scored_game(live_server, HOSTILE)
    file = tmp_path / "game.csv"
    file.write_text(csv_of(live_server, original), encoding="utf-8", newline="")
    context = phone_context(browser, viewport=NARROW, java_script_enabled=javascript)
    page = context.new_page()
    page.goto(live_server)
    page.locator("#import-file").set_input_files(str(file))
    page.get_by_role("button", name="Import a game", exact=True).tap()
    page.wait_for_url(f"{live_server}/g/**")
    expect_totals(page, [29, 1, 26, 9])
    for name in HOSTILE:
        expect(page.locator("table.grid thead")).to_contain_text(name)
    assert original["id"] not in page.url
    page.goto(live_server)
    expect(page.locator("ul.games li").first).to_contain_text("=SUM(A1), -Bob, @home")
    context.close()


@pytest.mark.parametrize("scheme, locale, words", [("light", "en-US", "Line 7: the column “total” says “7”"),
                                                   ("dark", "it-IT", "Riga 7: la colonna “total” dice “7”")])
def test_a_tampered_file_is_refused_on_the_page(live_server, browser, artifacts, tmp_path, scheme, locale, words):
    original = scored_game(live_server, ["Anna", "Bruno", "Carla", "Dario"])
    lines = csv_of(live_server, original).split("\r\n")
    lines[6] = lines[6].replace(",Bruno,5,6,6,1,", ",Bruno,5,6,6,7,")
    file = tmp_path / "tampered.csv"
    file.write_text("\r\n".join(lines), encoding="utf-8", newline="")
    context = phone_context(browser, viewport=NARROW, color_scheme=scheme, locale=locale)
    page = context.new_page()
    page.goto(live_server)
    page.locator("#import-file").set_input_files(str(file))
    page.locator(".import-form button[type=submit]").tap()
    alert = page.locator("#import-error")
    expect(alert).to_contain_text(words)
    status, _ = request(live_server, "GET", f"/api/v1/games/{original['id']}", original["keys"]["view"])
    assert status == 200
    alert.scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    page.screenshot(path=str(artifacts / f"home-import-refused-{scheme}-{locale}-360.png"), full_page=True)
    context.close()
