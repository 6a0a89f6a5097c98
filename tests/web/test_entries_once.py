"""An entry sent twice is applied once (#22): the `Idempotency-Key` of a change, an undo, a confirmation, through
the API and the pages. The second answer is the game as it is, with `Idempotent-Replayed: true`; another phone's
id (a forged or a borrowed one) is refused and undoes or overwrites nothing; a bad id is refused by name."""
from __future__ import annotations

import pytest

from tests.conftest import count_rows

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
ONE = "entry-0001-aaaa-bbbb-cccc"
TWO = "entry-0002-aaaa-bbbb-cccc"


def bid(api, game, seat, value, entry, key=None):
    return api.bid(game["id"], key or game["keys"]["scorer"], 1, seat, value, **{"Idempotency-Key": entry})


def test_a_bid_sent_twice_is_applied_once(api, app):
    game = api.game(players=PLAYERS)
    first = bid(api, game, 1, 2, ONE)
    assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers
    events = count_rows(app, "events")
    again = bid(api, game, 1, 2, ONE)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert count_rows(app, "events") == events
    assert again.get_json()["version"] == first.get_json()["version"]
    assert again.get_json()["hands"][0]["bids"][1] == 2


def test_a_replay_is_acknowledged_even_when_the_game_moved_on(api, app):
    """The first try went through, its answer was lost, other bids followed: the retry is no "stale" refusal."""
    game = api.game(players=PLAYERS)
    assert bid(api, game, 1, 2, ONE).status_code == 200
    assert bid(api, game, 2, 1, TWO).status_code == 200
    events = count_rows(app, "events")
    again = api.bid(game["id"], game["keys"]["scorer"], 1, 1, 2, **{"Idempotency-Key": ONE, "If-Match": '"1"'})
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert count_rows(app, "events") == events and again.get_json()["hands"][0]["bids"][1:3] == [2, 1]


def test_an_undo_sent_twice_undoes_once(api, app):
    game = api.game(players=PLAYERS)
    for seat, entry in ((1, ONE), (2, TWO)):
        assert bid(api, game, seat, 1, entry).status_code == 200
    undo = "undo-0001-aaaa-bbbb-cccc"
    headers = {"Idempotency-Key": undo}
    first = api.undo(game["id"], game["keys"]["scorer"], **headers)
    again = api.undo(game["id"], game["keys"]["scorer"], **headers)
    assert first.status_code == again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["hands"][0]["bids"][1:3] == [1, None]  # bid 2 taken back, bid 1 still there


def test_another_phones_id_changes_nothing(api, app):
    """Bruno's bid went with his id; the scorer's phone, then Anna's, send that id (forged, or a copied queue):
    refused, and Bruno's bid is neither undone nor overwritten."""
    game = api.game(players=PLAYERS)
    anna, bruno = game["keys"]["seats"][0], game["keys"]["seats"][1]
    assert bid(api, game, 1, 2, ONE, key=bruno).status_code == 200
    before = api.snapshot(game["id"], game["keys"]["scorer"])
    undo = api.undo(game["id"], game["keys"]["scorer"], **{"Idempotency-Key": ONE})
    overwrite = bid(api, game, 1, 0, ONE)
    own = bid(api, game, 0, 1, ONE, key=anna)
    for refused in (undo, overwrite, own):
        assert refused.status_code == 409 and refused.get_json()["error"]["code"] == "entry_taken"
    assert api.snapshot(game["id"], game["keys"]["scorer"]) == before


@pytest.mark.parametrize("entry", ["short", "x" * 201, "has space in it 1234", "ümlaut-0001-aaaa-bbbb"])
def test_a_bad_id_is_refused_by_name(api, app, entry):
    game = api.game(players=PLAYERS)
    events = count_rows(app, "events")
    response = bid(api, game, 1, 2, entry)
    assert response.status_code == 422 and response.get_json()["error"]["field"] == "Idempotency-Key"
    assert count_rows(app, "events") == events


def test_the_outbox_form_sent_twice_records_once(client, api, app):
    """The sheet's form as the outbox sends it (htmx, with the entry's id): the second answer is the sheet, once."""
    game = api.game(players=PLAYERS)
    url = f"/g/{game['id']}/{game['keys']['scorer']}/bid"
    headers = {"HX-Request": "true", "Idempotency-Key": ONE}
    first = client.post(url, data={"hand": "1", "seat": "1", "bid": "2", "version": "1"}, headers=headers)
    events = count_rows(app, "events")
    again = client.post(url, data={"hand": "1", "seat": "1", "bid": "2", "version": "1"}, headers=headers)
    assert first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true" and 'id="sheet"' in again.get_data(as_text=True)
    assert count_rows(app, "events") == events


def test_every_page_of_a_game_carries_its_outbox_and_so_does_the_error_page_of_its_link(api, client):
    """A queue kept for a link is sent from any page of the game, or refused by name from the error page of that
    link once replaced (outbox.js reads the link from the bar); an address that is no game link gets no bar."""
    game = api.game(players=PLAYERS)
    base = f"/g/{game['id']}/{game['keys']['scorer']}"
    for path in (base, f"{base}/hands/1/history", f"{base}/share"):
        page = client.get(path).get_data(as_text=True)
        assert f'id="outbox" class="outbox" role="status" aria-live="polite" hidden data-base="{base}"' in page, path
        assert "outbox.js" in page
    gone = client.get(f"/g/{game['id']}/not-the-key/hands/1/history")
    assert gone.status_code == 404
    assert f'data-base="/g/{game["id"]}/not-the-key"' in gone.get_data(as_text=True)
    for path in ("/g/x/%22onmouseover%3Dalert(1)", "/nothing/here", f"/g/{game['id']}"):
        other = client.get(path)
        assert other.status_code == 404 and 'id="outbox"' not in other.get_data(as_text=True), path


def test_a_confirmation_sent_twice_confirms_once(api, app):
    """Bruno's confirmation is sent again after Carla reopened the hand (his answer was lost, his queue replays it):
    the second answers as the first (version and all) and records nothing, so the hand stays reopened (#36)."""
    game = api.game(players=PLAYERS, confirmation=True)
    api.recorded(game["id"], game["keys"]["scorer"], 1, {"bids": [1, 0, 0, 3], "tricks": [1, 1, 1, 10]})
    bruno = {"Authorization": f"Bearer {game['keys']['seats'][1]}", "Idempotency-Key": ONE}
    carla = {"Authorization": f"Bearer {game['keys']['seats'][2]}", "Idempotency-Key": TWO}
    confirm = f"/api/v1/games/{game['id']}/hands/1/confirm"
    first = api.client.post(confirm, json={"version": 2}, headers=bruno)
    assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers
    assert first.get_json()["confirmation"]["unconfirmed"] == []
    assert api.client.post(f"/api/v1/games/{game['id']}/hands/1/reopen", headers=carla).status_code == 200
    events = count_rows(app, "events")
    again = api.client.post(confirm, json={"version": 2}, headers=bruno)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert count_rows(app, "events") == events == 4  # created, hand 1, confirmed, reopened: no second confirmation
    assert again.get_json()["version"] == 4 and again.get_json()["confirmation"]["unconfirmed"] == [1]


def test_a_reopening_sent_twice_reopens_once(api, app):
    """The second reopening of the same id answers as the first: 200, the game as it is, nothing recorded (#36)."""
    game = api.game(players=PLAYERS, confirmation=True)
    api.recorded(game["id"], game["keys"]["scorer"], 1, {"bids": [1, 0, 0, 3], "tricks": [1, 1, 1, 10]})
    bruno = {"Authorization": f"Bearer {game['keys']['seats'][1]}"}
    assert api.client.post(f"/api/v1/games/{game['id']}/hands/1/confirm", json={"version": 2},
                           headers=bruno).status_code == 200
    reopen = f"/api/v1/games/{game['id']}/hands/1/reopen"
    first = api.client.post(reopen, headers={**bruno, "Idempotency-Key": ONE})
    assert first.status_code == 200 and first.get_json()["confirmation"]["unconfirmed"] == [1]
    events = count_rows(app, "events")
    again = api.client.post(reopen, headers={**bruno, "Idempotency-Key": ONE})
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert count_rows(app, "events") == events == 4
    assert again.get_json()["version"] == first.get_json()["version"] == 4
