"""A request replays a game at most once; games replayed are kept per process and brought up to date (#16).

Replays are counted (`games.replay` wrapped), never timed: a request on a game not kept yet replays it
once, the same request again replays nothing; a CSV import replays its game once, in its own check, and
the sheet it opens replays nothing. What another process writes is caught up with, an undo replays once,
a write that did not commit is never kept, and long work gives the other requests a turn (`turns`).
"""
from __future__ import annotations

import io
import threading
import time

import pytest

from scorekeeper.formats import csvimport
from scorekeeper.service import games
from scorekeeper.store import turns
from scorekeeper.store import db as store
from tests.conftest import PLAYERS4, Api

SOLO_DEAL = {"contract": "solo", "declarer": 1, "trump": "H", "tricks": 6}


@pytest.fixture
def replays(monkeypatch):
    """How many times games were replayed whole (`games.replay`) and CSV files read (`csvimport.read_all`)."""
    counts = {"replay": 0, "csv": 0}
    replay, read = games.replay, csvimport.read_all

    def counted_replay(rows):
        counts["replay"] += 1
        return replay(rows)

    def counted_read(*args, **kwargs):
        counts["csv"] += 1
        return read(*args, **kwargs)

    monkeypatch.setattr(games, "replay", counted_replay)
    monkeypatch.setattr(csvimport, "read_all", counted_read)
    return counts


def solo_game(api, deals=3) -> dict:
    game = api.game(variant="solo-whist")
    for number in range(1, deals + 1):
        api.recorded(game["id"], game["keys"]["scorer"], number, SOLO_DEAL)
    return game


def page(game, path=""):
    return f"/g/{game['id']}/{game['keys']['scorer']}{path}"


def exported(client, game) -> bytes:
    return client.get(page(game, "/export.csv")).get_data()


REQUESTS = {
    "a hand saved from the page": lambda client, api, game: client.post(
        page(game, "/hands/4"), data={"contract": "solo", "declarer": "1", "trump": "H", "tricks": "6"}),
    "a hand refused on the page": lambda client, api, game: client.post(
        page(game, "/hands/4"), data={"contract": "solo", "declarer": "1", "trump": "H", "tricks": "14"}),
    "a correction refused on the page": lambda client, api, game: client.post(
        page(game, "/hands/1"), data={"correction": "1", "contract": "solo", "declarer": "1", "trump": "NT",
                                       "tricks": "6"}),
    "a link rotated on the page": lambda client, api, game: client.post(page(game, "/rotate"), data={"role": "view"}),
    "a link rotated through the API": lambda client, api, game: client.post(
        f"/api/v1/games/{game['id']}/keys/rotate", json={"role": "view"}, headers=api.headers(game["keys"]["scorer"])),
    "a hand through the API": lambda client, api, game: api.hand(game["id"], game["keys"]["scorer"], 4, SOLO_DEAL),
    "a stale hand through the API": lambda client, api, game: api.hand(
        game["id"], game["keys"]["scorer"], 4, SOLO_DEAL, **{"If-Match": '"1"'}),
    "an undo through the API": lambda client, api, game: client.post(
        f"/api/v1/games/{game['id']}/undo", headers=api.headers(game["keys"]["scorer"])),
    "the sheet": lambda client, api, game: client.get(page(game)),
    "the game through the API": lambda client, api, game: api.get(game["id"], game["keys"]["scorer"]),
}


@pytest.mark.parametrize("name", REQUESTS)
def test_a_request_replays_its_game_at_most_once(client, replays, name):
    api = Api(client)
    game = solo_game(api)
    games.REPLAYED.clear()  # as after a restart, or in another worker: the game is not kept yet
    replays["replay"] = 0
    response = REQUESTS[name](client, api, game)
    assert response.status_code < 500
    assert replays["replay"] == 1, (name, response.status_code)
    if name != "an undo through the API":  # an undo replays what is left, once
        replays["replay"] = 0
        assert REQUESTS[name](client, api, game).status_code < 500
        assert replays["replay"] == 0, name  # kept: the request again replays nothing


@pytest.mark.parametrize("how", ["api", "page"])
def test_an_import_replays_its_game_once_and_its_sheet_none(client, replays, how):
    api = Api(client)
    text = exported(client, solo_game(api, deals=40))
    games.REPLAYED.clear()
    replays.update(replay=0, csv=0)
    if how == "api":
        response = client.post("/api/v1/games/import", data=text, headers={"Content-Type": "text/csv"})
        assert response.status_code == 201
        sheet = response.get_json()["links"]["scorer"]
    else:
        response = client.post("/import", data={"file": (io.BytesIO(text), "game.csv")},
                               content_type="multipart/form-data")
        assert response.status_code == 303
        sheet = response.headers["Location"]
    assert replays == {"replay": 0, "csv": 1}  # the import's own check is the one replay
    assert client.get(sheet.replace("http://localhost", "")).status_code == 200
    assert replays == {"replay": 0, "csv": 1}


def test_reads_at_once_of_a_game_not_kept_replay_it_once(app, client, monkeypatch):
    """Four requests for the same long game, all at the same time: the first replays, the others wait for it."""
    api = Api(client)
    game = solo_game(api, deals=30)
    db = store.connect(app.config["SCOREKEEPER_DATABASE"])
    games.REPLAYED.clear()
    count, replay = [0], games.replay

    def slow(rows):
        count[0] += 1
        time.sleep(0.2)  # a long game: the other requests arrive meanwhile
        return replay(rows)

    monkeypatch.setattr(games, "replay", slow)
    loaded = []
    readers = [threading.Thread(target=lambda: loaded.append(games.load(store.connect(db.path), game["id"])))
               for _ in range(4)]
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.join()
    assert count[0] == 1 and len(loaded) == 4 and len({item.version for item in loaded}) == 1


def test_a_kept_game_catches_up_with_what_others_wrote(app, client, replays):
    """Another worker (here: another connection writing directly) appends changes, then an undo; a backup of
    an older version is put back. The game kept here follows, and is always what a whole replay gives."""
    api = Api(client)
    game = solo_game(api)
    db = store.connect(app.config["SCOREKEEPER_DATABASE"])
    games.load(db, game["id"])
    replays["replay"] = 0

    def whole():
        return games.replay(store.events(db, game["id"]))

    elsewhere = store.connect(db.path)
    with store.write(elsewhere):
        store.append_event(elsewhere, game["id"], 5, "change", {"type": "hand", "hand": 4, **SOLO_DEAL}, "scorer", None)
    loaded = games.load(db, game["id"])
    assert replays["replay"] == 0 and loaded.version == 5 and loaded.state.totals == whole().totals
    with store.write(elsewhere):
        store.append_event(elsewhere, game["id"], 6, "undo", {}, "scorer", None)
    replays["replay"] = 0
    loaded = games.load(db, game["id"])
    assert replays["replay"] == 1 and loaded.version == 6 and len(loaded.state.records) == 3
    with store.write(elsewhere):  # the file as an older backup had it: the kept game's last event is gone
        elsewhere.execute("DELETE FROM events WHERE game_id = ? AND seq > 4", [game["id"]])
    loaded = games.load(db, game["id"])
    assert loaded.version == 4 and len(loaded.state.records) == 3 and replays["replay"] == 2


def test_a_write_that_did_not_commit_is_not_kept(app, client, monkeypatch):
    api = Api(client)
    game = solo_game(api)
    db = store.connect(app.config["SCOREKEEPER_DATABASE"])
    access = games.authorize(db, game["id"], game["keys"]["scorer"])
    append = store.append_event

    def fails_after_writing(*args, **kwargs):
        append(*args, **kwargs)
        raise OSError("disk full")

    monkeypatch.setattr(store, "append_event", fails_after_writing)
    with pytest.raises(OSError):
        games.change(db, access, {"type": "hand", "hand": 4, **SOLO_DEAL})
    assert games.REPLAYED.get((db.path, game["id"])).version == 4
    assert games.load(db, game["id"]).version == 4 and store.version(db, game["id"]) == 4


def test_the_games_kept_are_bounded_by_their_events():
    kept = games.Replayed(budget=10)
    small = [games.Loaded(str(n), None, 4, [{}] * 4) for n in range(4)]
    for loaded in small:
        kept.put(("db", loaded.id), loaded)
    assert [key[1] for key in kept.games] == ["2", "3"] and kept.events == 8  # the oldest went first
    kept.get(("db", "2"))
    kept.put(("db", "big"), games.Loaded("big", None, 11, [{}] * 11))  # bigger than all: not kept
    kept.put(("db", "4"), small[0])
    assert [key[1] for key in kept.games] == ["2", "4"]
    kept.put(("db", "2"), games.Loaded("2", None, 3, [{}] * 3))  # older than the one kept: ignored
    assert kept.get(("db", "2")).version == 4


def test_long_work_gives_the_other_requests_a_turn(app, client, monkeypatch):
    """Counted, not timed: a replay, a CSV import and export and a long sheet pause every so many items."""
    api = Api(client)
    game = solo_game(api, deals=1)
    db = store.connect(app.config["SCOREKEEPER_DATABASE"])
    access = games.authorize(db, game["id"], game["keys"]["scorer"])
    for number in range(2, 1001):
        games.change(db, access, {"type": "hand", "hand": number, **SOLO_DEAL})
    turns_taken = [0]
    monkeypatch.setattr(turns, "give_way", lambda: turns_taken.__setitem__(0, turns_taken[0] + 1))
    games.REPLAYED.clear()
    games.load(db, game["id"])
    assert turns_taken[0] >= 2 * 1000 // turns.EVERY  # reading the events, then replaying them
    turns_taken[0] = 0
    text = exported(client, game)
    assert turns_taken[0] >= 4000 // turns.EVERY  # four rows a deal
    turns_taken[0] = 0
    assert client.post("/api/v1/games/import", data=text, headers={"Content-Type": "text/csv"}).status_code == 201
    assert turns_taken[0] >= 2 * 4000 // turns.EVERY  # rows read, then compared
    turns_taken[0] = 0
    assert client.get(page(game)).status_code == 200
    assert turns_taken[0] >= 10  # the sheet of a thousand deals, drawn a piece at a time


def test_a_new_game_is_kept_with_its_created_event(app, client, replays):
    api = Api(client)
    game = api.game(variant="wist", players=PLAYERS4)
    assert api.get(game["id"], game["keys"]["scorer"]).status_code == 200 and replays["replay"] == 0
    db = store.connect(app.config["SCOREKEEPER_DATABASE"])
    assert [row["type"] for row in games.load(db, game["id"]).events] == ["created"]
