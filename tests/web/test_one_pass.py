"""A change reads the game's log once, when the game is first loaded, not again at every change (#36).

A game kept by the worker holds an index of its log (`model.log`), built in the one pass of its replay and
extended by each event as it comes: what a bid checks (its hand changed since the form was drawn, the seat's
changes this hand, a confirmed hand, a sealed bid its player made) and what its answer draws (what Undo would take
back, the hand's version, a sealed bid opened) is looked up in it. Counted, never timed: every read of an event of
the log (`row[...]`, `row.get`) made by one bid, and the SQL statements it runs, in a game of Wist (Cagliari) at
hand 10 and in one of 5,000 events at hand 10 (the same hand, after 4,988 corrections of hand 1): the same reads in
both (on main before #36: 182 and 75,002 from the page, 66 and 25,006 through the API).
"""
from __future__ import annotations

import pytest

from scorekeeper.store import db as store
from tests.conftest import Api, make_app
from tests.web.counting import counted

CORRECTIONS = 4_988  # of hand 1, written straight into the log: with the bid counted, the game holds 5,000 events
REFRESH = {"HX-Request": "true", "X-Live-Refresh": "1"}


class Reads:
    """How many times the events written before the bid were read."""

    count = 0


class Row(dict):
    """An event of the log that counts its reads."""

    def __getitem__(self, name):
        Reads.count += 1
        return super().__getitem__(name)

    def get(self, name, default=None):
        Reads.count += 1
        return super().get(name, default)


@pytest.fixture
def counted_rows(monkeypatch):
    """Every event read from the log or appended to it is a `Row`."""
    events_after, append_events = store.events_after, store.append_events
    monkeypatch.setattr(store, "events_after", lambda *args: [Row(row) for row in events_after(*args)])
    monkeypatch.setattr(store, "append_events", lambda *args: [Row(row) for row in append_events(*args)])
    return Reads


def at_hand_10(api: Api, corrections: int = 0) -> dict:
    """Wist (Cagliari), hands 1 to 9 recorded, hand 10's first bid in; hand 1 corrected `corrections` times besides."""
    game = api.game(variant="wist-cagliari")
    game_id, key = game["id"], game["keys"]["scorer"]
    for number in range(1, 10):
        now = api.get(game_id, key).get_json()["hands"][-1]
        turned = {"trump": "H"} if now["trump"] is None else {}  # a hand with a card turned for trump
        api.recorded(game_id, key, number, {**turned, "bids": [0, 0, 0, 0], "tricks": [now["cards"], 0, 0, 0]})
    db = store.connect(api.client.application.config["SCOREKEEPER_DATABASE"])
    with store.write(db):
        first = store.events(db, game_id)[1]
        store.append_events(db, game_id, 11, "change", [first["payload"]] * corrections, "scorer", None)
    hand = api.get(game_id, key).get_json()
    assert hand["current_hand"] == 10 and hand["version"] == 10 + corrections
    first_bidder = hand["hands"][9]["order"][0]
    assert api.bid(game_id, key, 10, first_bidder, 1).status_code == 200
    return {**game, "version": hand["version"] + 1, "bidder": hand["hands"][9]["order"][1]}


def page_bid(client, game):
    return client.post(f"/g/{game['id']}/{game['keys']['scorer']}/bid", headers={"HX-Request": "true"},
                       data={"hand": "10", "seat": str(game["bidder"]), "bid": "2", "version": str(game["version"])})


def api_bid(client, game):
    return client.put(f"/api/v1/games/{game['id']}/hands/10/bids/{game['bidder']}", json={"bid": 2},
                      headers={"Authorization": f"Bearer {game['keys']['scorer']}",
                               "If-Match": f'"{game["version"]}"', "Idempotency-Key": "a-bid-of-hand-ten-0001"})


def live_refresh(client, game):
    """A phone's sheet after the bid: it shows the version before it, and asks for what changed."""
    return client.get(f"/g/{game['id']}/{game['keys']['view']}",
                      headers={**REFRESH, "X-Sheet-Version": str(game["version"]), "X-Sheet-Hand": "10"})


def one_bid(tmp_path, counted_rows, corrections: int, how) -> tuple[int, int, int]:
    """(reads of the log, SQL statements, whole replays) of one bid on a kept game, and its phone's refresh."""
    client = make_app(tmp_path / str(corrections)).test_client()
    game = at_hand_10(Api(client), corrections)
    assert client.get(f"/g/{game['id']}/{game['keys']['scorer']}").status_code == 200  # kept by the worker
    counted_rows.count = 0
    with counted(cold=False) as work:
        response = how(client, game)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    reads, statements = counted_rows.count, work.statements
    refreshed = live_refresh(client, game)
    assert refreshed.status_code == 200 and refreshed.headers["X-Sheet-Version"] == str(game["version"] + 1)
    return reads, statements, work.replays


@pytest.mark.parametrize("how", [page_bid, api_bid], ids=["page", "api"])
def test_a_bid_reads_as_much_of_the_log_at_5000_events_as_at_hand_10(tmp_path, counted_rows, how):
    short = one_bid(tmp_path, counted_rows, 0, how)
    long = one_bid(tmp_path, counted_rows, CORRECTIONS, how)
    assert long[2] == short[2] == 0  # kept: nothing replayed
    assert long[0] == short[0], (short, long)  # the log's length costs nothing: no pass over it
    assert short[0] < 60  # the bid's hand and the game's first event, a few reads each


def test_a_live_refresh_reads_as_much_of_the_log_at_5000_events_as_at_hand_10(tmp_path, counted_rows):
    reads = []
    for corrections in (0, CORRECTIONS):
        client = make_app(tmp_path / str(corrections)).test_client()
        game = at_hand_10(Api(client), corrections)
        assert live_refresh(client, game).status_code == 204  # nothing new yet; the game kept, its log indexed
        assert page_bid(client, game).status_code == 200
        counted_rows.count = 0
        refreshed = live_refresh(client, game)
        assert refreshed.status_code == 200 and refreshed.headers["X-Sheet-Version"] == str(game["version"] + 1)
        reads.append(counted_rows.count)
    assert reads[0] == reads[1] < 60, reads


@pytest.mark.parametrize("how, needed", [(page_bid, 6), (api_bid, 7)], ids=["page", "api"])
def test_a_bid_runs_only_the_statements_it_needs(tmp_path, counted_rows, how, needed):
    """The page (6): the link's key, BEGIN, the events after the kept version (another worker's, and the kept
    game's last one still as it was: the version check), the append, COMMIT, the tournament the game belongs to
    (the sheet's links to it). The API (7) draws no page but has the entry's id looked up and kept (idempotency).
    No longer: the variant (the kept game says it), the events read once more before the write unit (the game is
    kept: nothing to replay), the tournament a second time."""
    assert one_bid(tmp_path, counted_rows, 0, how)[1] == needed

