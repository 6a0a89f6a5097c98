"""An `Idempotency-Key` sent again with another change (#33, finding 13): refused by name (422), never answered as
if the change were made. The same key with the same change is still answered as the first time.

"The same change" is what the entry records: its kind (a change, an undo, a confirmation, a reopening) and the
change itself, wherever it came from (the API or the sheet's form); an import's file; a saved set's Start.
"""
from __future__ import annotations

import io
import re
import sqlite3

import pytest

from tests.conftest import count_rows

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
ONCE = "entry-0001-aaaa-bbbb-cccc"


def reused(response) -> None:
    """Refused as a key used for another change: 422, naming the key."""
    assert response.status_code == 422, response.get_data(as_text=True)
    error = response.get_json()["error"]
    assert error["code"] == "invalid_input" and error["field"] == "Idempotency-Key"
    assert "idempotency key was sent before with another change" in error["message"]


OTHER_CHANGES = {
    "another bid": lambda api, g, key: api.bid(g["id"], key, 1, 1, 3, **{"Idempotency-Key": ONCE}),
    "another seat": lambda api, g, key: api.bid(g["id"], key, 1, 2, 2, **{"Idempotency-Key": ONCE}),
    "another hand": lambda api, g, key: api.bid(g["id"], key, 2, 1, 2, **{"Idempotency-Key": ONCE}),
    "an undo": lambda api, g, key: api.undo(g["id"], key, **{"Idempotency-Key": ONCE}),
    "the whole hand": lambda api, g, key: api.hand(g["id"], key, 1, {"bids": [1, 2, 0, 3], "tricks": [1, 2, 0, 10]},
                                                   **{"Idempotency-Key": ONCE}),
}


@pytest.mark.parametrize("other", OTHER_CHANGES)
def test_a_key_sent_again_with_another_change_is_refused_by_name(api, app, other):
    game = api.game(players=PLAYERS)
    key = game["keys"]["scorer"]
    assert api.bid(game["id"], key, 1, 1, 2, **{"Idempotency-Key": ONCE}).status_code == 200
    before, events = api.snapshot(game["id"], key), count_rows(app, "events")
    reused(OTHER_CHANGES[other](api, game, key))
    assert api.snapshot(game["id"], key) == before and count_rows(app, "events") == events
    again = api.bid(game["id"], key, 1, 1, 2, **{"Idempotency-Key": ONCE})  # the first change: as the first time
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["hands"][0]["bids"][1] == 2


def test_the_sheets_form_with_a_key_of_another_change_is_refused(api, client, app):
    """The outbox's form (htmx) and the API are one change when they record the same: the API's retry of a bid
    the form sent is acknowledged; the form sent again with another bid under its id is refused."""
    game = api.game(players=PLAYERS)
    url = f"/g/{game['id']}/{game['keys']['scorer']}/bid"
    headers = {"HX-Request": "true", "Idempotency-Key": ONCE}
    assert client.post(url, data={"hand": "1", "seat": "1", "bid": "2"}, headers=headers).status_code == 200
    same = api.bid(game["id"], game["keys"]["scorer"], 1, 1, 2, **{"Idempotency-Key": ONCE})
    assert same.status_code == 200 and same.headers["Idempotent-Replayed"] == "true"
    events = count_rows(app, "events")
    other = client.post(url, data={"hand": "1", "seat": "1", "bid": "0"}, headers=headers)
    assert other.status_code == 422 and "sent before with another change" in other.get_data(as_text=True)
    assert count_rows(app, "events") == events


def test_a_confirmations_key_sent_again_to_reopen_is_refused(api, app):
    game = api.game(players=PLAYERS, confirmation=True)
    api.recorded(game["id"], game["keys"]["scorer"], 1, {"bids": [1, 0, 0, 3], "tricks": [1, 1, 1, 10]})
    bruno = {"Authorization": f"Bearer {game['keys']['seats'][1]}", "Idempotency-Key": ONCE}
    confirm = f"/api/v1/games/{game['id']}/hands/1/confirm"
    assert api.client.post(confirm, json={"version": 2}, headers=bruno).status_code == 200
    events = count_rows(app, "events")
    reused(api.client.post(f"/api/v1/games/{game['id']}/hands/1/reopen", headers=bruno))
    assert count_rows(app, "events") == events
    again = api.client.post(confirm, json={"version": 2}, headers=bruno)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"


def test_a_start_key_sent_again_for_another_saved_set_is_refused(app, client):
    """Each set's Start carries its own key: one list lets the table start Casa Rossi, then Casa Bianchi. A key
    sent with another set than the one it started is refused, and starts nothing."""
    for name in ("Casa Rossi", "Casa Bianchi"):
        form = {"variant": "wist", "player": PLAYERS, "first_dealer": "0", "rules_name": name}
        assert client.post("/new", data=form).status_code == 303
    listing = client.get("/").get_data(as_text=True)
    starts = re.findall(r'action="/house-rules/([^/"]+)/start">\s*<input type="hidden" name="once" value="([^"]+)"',
                        listing)
    assert len(starts) == 2 and starts[0][1] != starts[1][1]
    (first, first_once), (second, second_once) = starts
    started = client.post(f"/house-rules/{first}/start", data={"once": first_once})
    assert started.status_code == 303
    games = count_rows(app, "games")
    refused = client.post(f"/house-rules/{second}/start", data={"once": first_once})
    assert refused.status_code == 422 and "sent before with another change" in refused.get_data(as_text=True)
    assert count_rows(app, "games") == games
    again = client.post(f"/house-rules/{first}/start", data={"once": first_once})
    assert again.status_code == 303 and again.headers["Location"] == started.headers["Location"]
    assert client.post(f"/house-rules/{second}/start", data={"once": second_once}).status_code == 303
    assert count_rows(app, "games") == games + 1


def test_an_imports_key_sent_again_with_another_file_is_refused_and_after_a_day_is_new(app, client, api):
    """An import's key stands for its file: another file under it is refused by name, the same file through the
    home page's form is the same import; a key older than a day is forgotten, whatever file comes with it."""
    from tests.web.test_csv_import_web import export, post_csv, scored_game

    game = scored_game(api)
    text = export(client, game["id"], game["keys"]["view"]).encode()
    first = post_csv(client, text, **{"Idempotency-Key": ONCE})
    assert first.status_code == 201
    games = count_rows(app)
    other = post_csv(client, text.replace(b"\r\n", b"\n"), **{"Idempotency-Key": ONCE})
    assert other.status_code == 422 and other.get_json()["error"]["field"] == "Idempotency-Key"
    page = client.post("/import", data={"once": ONCE, "file": (io.BytesIO(text), "game.csv")},
                       content_type="multipart/form-data")
    assert page.status_code == 303 and first.get_json()["id"] in page.headers["Location"]
    assert count_rows(app) == games
    with sqlite3.connect(app.config["SCOREKEEPER_DATABASE"]) as conn:
        conn.execute("UPDATE once_keys SET created_at = '2020-01-01T00:00:00.000+00:00' WHERE kind = 'import'")
    later = post_csv(client, text.replace(b"\r\n", b"\n"), **{"Idempotency-Key": ONCE})
    assert later.status_code == 201 and "Idempotent-Replayed" not in later.headers, later.get_json()
    assert later.get_json()["id"] != first.get_json()["id"] and count_rows(app) == games + 1
    again = post_csv(client, text.replace(b"\r\n", b"\n"), **{"Idempotency-Key": ONCE})  # within its day
    assert again.headers["Idempotent-Replayed"] == "true" and again.get_json()["id"] == later.get_json()["id"]
