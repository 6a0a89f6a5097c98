"""An id issued before ids were signed moves its list once, to the phone that held it (#33, finding 13).

That id only ever lived in the phone's own `device` cookie. A request that merely knows it — sent from another
site, in a cookie the phone was never given, beside the phone's own signed id (planted there by a sibling
subdomain), in a header, a form or the address — takes nothing: the list stays for the phone.
"""
from __future__ import annotations

import sqlite3

import pytest

from tests.conftest import Api, make_app

OLD = "B" * 32
FROM_ANOTHER_SITE = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}


@pytest.fixture
def old_list(tmp_path):
    """An app whose database lists a game under an id from before signing, as migration 4 found it."""
    app = make_app(tmp_path)
    game = Api(app.test_client()).game(players=["Ottavia", "Bruno", "Carla", "Dario"])
    with sqlite3.connect(app.config["SCOREKEEPER_DATABASE"]) as conn:
        conn.execute("INSERT INTO device_games (device, game_id, key, role, label, added_at) "
                     "VALUES (?, ?, ?, 'scorer', 'Wist · Ottavia, Bruno, Carla, Dario', '2026-01-01T00:00:00')",
                     [OLD, game["id"], game["keys"]["scorer"]])
        conn.execute("INSERT INTO unsigned_devices (device) VALUES (?)", [OLD])
    return app, f"/g/{game['id']}/{game['keys']['scorer']}"


def lists(client, link: str, **kwargs) -> bool:
    return link in client.get("/", **kwargs).get_data(as_text=True)


def the_phone_still_gets_its_list(app, link: str) -> None:
    phone = app.test_client()
    phone.set_cookie("device", OLD)
    assert lists(phone, link)
    assert lists(phone, link) and phone.get_cookie("device").value.split(".")[0] != OLD  # moved, once


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_an_old_id_sent_from_another_site_takes_nothing(old_list, site):
    """A page elsewhere (or a sibling subdomain that planted the cookie) leads a browser here with the old id."""
    app, link = old_list
    led = app.test_client()
    led.set_cookie("device", OLD)
    assert not lists(led, link, headers={**FROM_ANOTHER_SITE, "Sec-Fetch-Site": site})
    the_phone_still_gets_its_list(app, link)


def test_an_old_id_planted_beside_the_phones_own_takes_nothing(old_list):
    """A second `device` cookie (a sibling's, with a longer path so that it comes first): the phone keeps its own
    id and list, and the old id's list stays for its phone."""
    app, link = old_list
    victim = app.test_client()
    own = Api(victim).game(players=["Vittoria", "Bruno", "Carla", "Dario"])
    assert victim.get(f"/g/{own['id']}/{own['keys']['view']}").status_code == 200  # on its list
    signed = victim.get_cookie("device").value
    answer = app.test_client(use_cookies=False).get("/", headers={"Cookie": f"device={OLD}; device={signed}"})
    home = answer.get_data(as_text=True)
    assert "Vittoria" in home and link not in home
    assert answer.headers["Set-Cookie"].startswith(f"device={signed};")  # its own id, renewed
    the_phone_still_gets_its_list(app, link)


def test_an_old_id_in_a_cookie_header_form_or_address_it_never_had_takes_nothing(old_list):
    app, link = old_list
    knower = app.test_client()
    knower.set_cookie("__Host-device", OLD, domain="localhost", secure=True)  # over https: never the old id's name
    assert not lists(knower, link, base_url="https://localhost")
    for stranger in (app.test_client() for _ in range(3)):
        assert not lists(stranger, link, headers={"X-Device": OLD, "Device": OLD})
        assert not lists(stranger, link, query_string={"device": OLD})
        assert link not in stranger.post("/new", data={"device": OLD, "variant": "wist"}).get_data(as_text=True)
    the_phone_still_gets_its_list(app, link)


def test_over_https_the_old_phone_moves_its_list_once(old_list):
    """The phone's own cookie from before (plain `device`, as it was set then) over https: its list, once."""
    app, link = old_list
    phone = app.test_client()
    phone.set_cookie("device", OLD, domain="localhost", secure=True)
    assert lists(phone, link, base_url="https://localhost")
    assert phone.get_cookie("__Host-device", domain="localhost").value.split(".")[0] != OLD
    assert lists(phone, link, base_url="https://localhost")  # its new signed id, with the old one still beside it
    again = app.test_client()
    again.set_cookie("device", OLD, domain="localhost", secure=True)
    assert not lists(again, link, base_url="https://localhost")
