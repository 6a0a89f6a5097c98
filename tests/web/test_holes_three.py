"""Issue 17, "Holes, round three": each finding with a test that failed before the fix.

A revoked link reports nothing of its game; device ids only as this server issued them; files
readable by their owner alone.
"""
from __future__ import annotations

import os
import re
import sqlite3
import stat

from scorekeeper import create_app
from tests.conftest import PLAYERS4, Api

NAMES = ["Alessandra", "Bartolomeo", "Costanza", "Domenico"]


def scored_game(api: Api) -> dict:
    """A finished Piquet partie would do as well; a Wist hand scored is enough to show totals and places."""
    game = api.game(players=NAMES, first_dealer=0)
    api.recorded(game["id"], game["keys"]["scorer"], 1, {"bids": [1, 0, 0, 3], "tricks": [1, 1, 1, 10]})
    return game


def test_a_revoked_link_shows_nothing_of_its_game_on_the_phone_that_held_it(app, client):
    scorer_phone = app.test_client()
    api = Api(scorer_phone)
    game = scored_game(api)
    view = f"/g/{game['id']}/{game['keys']['view']}"
    assert client.get(view).status_code == 200  # the table's phone opens the view link: on its list
    assert "Bartolomeo" in client.get("/").get_data(as_text=True)
    rotated = scorer_phone.post(f"/api/v1/games/{game['id']}/keys/rotate", json={"role": "view"},
                                headers=api.headers(game["keys"]["scorer"]))
    assert rotated.status_code == 200
    assert client.get(view).status_code == 404
    home = client.get("/").get_data(as_text=True)
    assert "no longer opens it" in home
    assert all(name not in home for name in NAMES) and game["keys"]["view"] not in home
    stats = client.get("/stats").get_data(as_text=True)
    assert all(name not in stats for name in NAMES)
    export = client.get("/games.csv").get_data(as_text=True)
    assert game["id"] not in export and "Bartolomeo" not in export
    assert all(name not in client.get("/new?variant=wist").get_data(as_text=True) for name in NAMES)
    # The scorer's phone, whose link still opens it, keeps it whole.
    assert scorer_phone.get(f"/g/{game['id']}/{game['keys']['scorer']}").status_code == 200
    assert "Bartolomeo" in scorer_phone.get("/").get_data(as_text=True)
    # Taken off the list like any other entry.
    assert client.post(f"/forget/game/{game['id']}").status_code == 303
    assert "no longer opens it" not in client.get("/").get_data(as_text=True)


def test_a_revoked_tournament_link_shows_nothing_of_it(app, client):
    made = client.post("/tournaments/new", data={"name": "Torneo di Natale"})
    assert made.status_code == 303
    organiser_url = made.headers["Location"]
    tournament_id, key = organiser_url.rstrip("/").split("/")[-2:]
    assert "Torneo di Natale" in client.get("/").get_data(as_text=True)
    other = app.test_client()
    rotated = other.post(f"/api/v1/tournaments/{tournament_id}/keys/rotate", json={"role": "organiser"},
                         headers={"Authorization": f"Bearer {key}"})
    assert rotated.status_code == 200
    for page in ("/", "/tournaments/new"):
        html = client.get(page).get_data(as_text=True)
        assert "Torneo di Natale" not in html and "no longer opens it" in html


def test_a_device_id_the_server_did_not_issue_is_ignored(app, client):
    """Fixation: a value of the right shape planted in the browser (a sibling subdomain, one response
    injected over plain HTTP) is not taken: the phone gets an id of its own, which the planter does
    not know, and the planted one never lists the phone's games."""
    planted = "A" * 32
    client.set_cookie("device", planted)
    made = client.post("/new", data={"variant": "wist", "player": PLAYERS4, "first_dealer": "draw"})
    assert made.status_code == 303
    issued = client.get_cookie("device").value
    assert issued != planted and issued.split(".")[0] != planted
    attacker = app.test_client()
    attacker.set_cookie("device", planted)
    assert "Anna" not in attacker.get("/").get_data(as_text=True)
    assert attacker.get("/games.csv").get_data(as_text=True).count("\n") <= 1  # the header alone
    assert "Anna" in client.get("/").get_data(as_text=True)  # the phone's own list, under its own id
    forged = issued.split(".")[0] + ".forged-signature"
    stranger = app.test_client()
    stranger.set_cookie("device", forged)
    assert "Anna" not in stranger.get("/").get_data(as_text=True)


def test_over_https_the_device_cookie_is_a_host_cookie(client):
    made = client.post("/new", data={"variant": "wist", "player": PLAYERS4, "first_dealer": "draw"},
                       base_url="https://localhost")
    cookie = made.headers["Set-Cookie"]
    assert cookie.startswith("__Host-device=") and "Secure" in cookie and "Path=/" in cookie
    assert "Domain" not in cookie and "HttpOnly" in cookie
    assert "Anna" in client.get("/", base_url="https://localhost").get_data(as_text=True)
    # Over https a plain `device` cookie (which a sibling could set) is not the phone's id.
    sibling = client.application.test_client()
    sibling.set_cookie("device", client.get_cookie("__Host-device", domain="localhost").value)
    assert "Anna" not in sibling.get("/", base_url="https://localhost").get_data(as_text=True)


def test_an_id_issued_before_signing_moves_its_list_once(tmp_path):
    """Phones that had a list before ids were signed keep it: the old id is taken once and replaced."""
    database = tmp_path / "old.sqlite3"
    app = create_app({"SCOREKEEPER_DATABASE": str(database), "SECRET_KEY": "test", "TESTING": True,
                      "LISTEN_HOST": "127.0.0.1"})
    api = Api(app.test_client())
    game = api.game()
    old = "B" * 32
    with sqlite3.connect(database) as conn:  # as migration 4 found it
        conn.execute("INSERT INTO device_games (device, game_id, key, role, label, added_at) "
                     "VALUES (?, ?, ?, 'scorer', 'Wist · Anna, Bruno, Carla, Dario', '2026-01-01T00:00:00')",
                     [old, game["id"], game["keys"]["scorer"]])
        conn.execute("INSERT INTO unsigned_devices (device) VALUES (?)", [old])
    phone = app.test_client()
    phone.set_cookie("device", old)
    assert f"/g/{game['id']}/{game['keys']['scorer']}" in phone.get("/").get_data(as_text=True)
    assert phone.get_cookie("device").value.split(".")[0] != old
    assert f"/g/{game['id']}/" in phone.get("/").get_data(as_text=True)  # still there, under the new id
    again = app.test_client()
    again.set_cookie("device", old)
    assert f"/g/{game['id']}/" not in again.get("/").get_data(as_text=True)  # the old value counts no more


def test_the_database_and_the_secret_are_readable_by_their_owner_alone(tmp_path):
    folder = tmp_path / "instance"
    database = folder / "scorekeeper.sqlite3"
    app = create_app({"SCOREKEEPER_DATABASE": str(database), "TESTING": True, "LISTEN_HOST": "127.0.0.1"})
    Api(app.test_client()).game()
    with sqlite3.connect(database) as conn:  # while a connection writes, the -wal and -shm files exist
        conn.execute("INSERT INTO unsigned_devices (device) VALUES ('x')")
        modes = {path.name: stat.S_IMODE(os.stat(path).st_mode) for path in folder.iterdir()}
    assert set(modes) >= {"scorekeeper.sqlite3", "scorekeeper.sqlite3-wal", "scorekeeper.sqlite3-shm", "secret_key"}
    assert set(modes.values()) == {0o600}, modes
    assert re.fullmatch(r"[0-9a-f]{64}", (folder / "secret_key").read_text())


def _failing_commits(monkeypatch, name: str, code: int):
    """Every COMMIT fails as SQLite's does on a full disk: it rolls the transaction back itself and says
    so once (a later ROLLBACK then finds no transaction)."""
    from scorekeeper.store import db as store

    real = store.connect

    def connect(path):
        db = real(path)
        execute = db.execute

        def failing(sql, *args, **kwargs):
            if sql == "COMMIT":
                execute("ROLLBACK")
                error = sqlite3.OperationalError("database or disk is full")
                error.sqlite_errorcode, error.sqlite_errorname = code, name
                raise error
            return execute(sql, *args, **kwargs)
        db.execute = failing
        return db
    monkeypatch.setattr(store, "connect", connect)


def test_a_full_disk_answers_503_and_changes_nothing(app, client, monkeypatch, caplog):
    api = Api(client)
    game = api.game(players=NAMES, first_dealer=0)
    key = game["keys"]["scorer"]
    before = api.get(game["id"], key).get_json()
    _failing_commits(monkeypatch, "SQLITE_FULL", sqlite3.SQLITE_FULL)
    refused = api.bid(game["id"], key, 1, 0, 2)
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "30"
    error = refused.get_json()["error"]
    assert error["code"] == "unavailable" and "storage is full or read-only" in error["message"]
    assert "SQLITE_FULL" in caplog.text and "cannot rollback" not in caplog.text
    assert key not in caplog.text
    page = client.post(f"/g/{game['id']}/{key}/bid", data={"hand": "1", "seat": "0", "bid": "2"})
    assert page.status_code == 503 and "Nothing was changed" in page.get_data(as_text=True)
    italian = client.post(f"/g/{game['id']}/{key}/bid", data={"hand": "1", "seat": "0", "bid": "2"},
                          headers={"Accept-Language": "it"})
    assert italian.status_code == 503 and "Non è cambiato nulla" in italian.get_data(as_text=True)
    monkeypatch.undo()
    assert api.get(game["id"], key).get_json() == before


def test_a_read_only_database_still_shows_every_sheet(app, client, monkeypatch):
    """Viewing a sheet writes the phone's list on the side: when that cannot be written, the sheet is shown
    all the same; a change is refused with 503."""
    from scorekeeper.store import db as store

    api = Api(app.test_client())
    game = api.game(players=NAMES, first_dealer=0)
    real = store.connect

    def read_only(path):
        db = real(path)
        db.execute("PRAGMA query_only = ON")
        return db
    monkeypatch.setattr(store, "connect", read_only)
    sheet = client.get(f"/g/{game['id']}/{game['keys']['view']}")
    assert sheet.status_code == 200 and "Bartolomeo" in sheet.get_data(as_text=True)
    assert client.get("/").status_code == 200
    assert api.bid(game["id"], game["keys"]["scorer"], 1, 0, 2).status_code == 503


def test_a_name_that_shows_nothing_or_passes_for_another_is_refused(client):
    """Probes of the result (#17): "\u200b" made a player with no visible name, "Anna\u200b" a second Anna that
    no one at the table could tell from the first; through the API and the new-game page alike."""
    def create(players):
        return client.post("/api/v1/games", json={"variant": "wist", "players": players})
    for players in (["Anna", "Bruno", "\u200b", "Dario"], ["Anna", "Bruno", "Anna\u200b", "Dario"],
                    ["Anna", "Bruno", "\uff21nna", "Dario"]):
        answer = create(players)
        assert answer.status_code == 422, players
        assert answer.get_json()["error"]["code"] in ("invalid_players", "malformed")
    made = create(["\u200bAnna", "Bruno", "Carla", "Dario"])
    assert made.status_code == 201 and made.get_json()["game"]["players"][0] == "Anna"
    page = client.post("/new", data={"variant": "wist", "player": ["Anna", "Bruno", "Anna\u200b", "Dario"],
                                     "first_dealer": "draw"})
    assert page.status_code == 422
    assert "Two players are called" in page.get_data(as_text=True)
