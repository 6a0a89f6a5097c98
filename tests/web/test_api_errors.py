"""Every error status and code of docs/api.md, and for each refusal: the game did not change."""
from __future__ import annotations

import pytest

from tests.conftest import count_rows
from tests.module_app import api, app, client  # noqa: F401  (one database per module)

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]


def refused(api, game_id, key, make, status, code):
    """Call `make()`; it must answer `status` with `code`, and leave the game as it was (snapshot taken before)."""
    before = api.snapshot(game_id, key)
    response = make()
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert body["error"]["code"] == code
    assert isinstance(body["error"]["message"], str) and len(body["error"]["message"]) > 10
    assert api.snapshot(game_id, key) == before
    return body


class Table:
    """A Wist game (Dario deals hand 1) with Anna 4, Bruno 0, Carla 5 in: Dario may not bid 4."""

    def __init__(self, api):
        self.api = api
        data = api.game(players=PLAYERS, first_dealer=3)
        self.id = data["id"]
        self.keys = data["keys"]
        self.scorer, self.view, self.seats = self.keys["scorer"], self.keys["view"], self.keys["seats"]
        for seat, bid in ((0, 4), (1, 0), (2, 5)):
            assert api.bid(self.id, self.scorer, 1, seat, bid).status_code == 200

    @property
    def url(self):
        return f"/api/v1/games/{self.id}"

    def snapshot(self):
        return self.api.snapshot(self.id, self.scorer)

    def refused(self, make, status, code):
        """Call `make()`; it must answer `status` with `code`, and leave the game as it was."""
        return refused(self.api, self.id, self.scorer, make, status, code)


@pytest.fixture
def table(api):
    """A fresh table, for tests that change the game."""
    return Table(api)


@pytest.fixture(scope="module")
def shared(api):
    """One table for the tests that are only refused: each of them checks it did not change."""
    return Table(api)



def test_the_table_fixture(shared):
    game, etag = shared.snapshot()
    assert game["version"] == 4 and etag == '"4"'
    assert game["hands"][0]["bids"] == [4, 0, 5, None]
    assert game["hands"][0]["forbidden_bid"] == 4


# --------------------------------------------------------------------------------------------
# 400: malformed bodies
# --------------------------------------------------------------------------------------------
NOT_OBJECTS = [
    ("bid=2", "application/x-www-form-urlencoded"),
    ("not json at all", "application/json"),
    ('{"bid": 2', "application/json"),          # truncated
    ("[2]", "application/json"),                 # a JSON array
    ("[]", "application/json"),
    ('"2"', "application/json"),
    ("2", "application/json"),
    ("null", "application/json"),
    ("", "application/json"),
    (b"\xff\xfe\x00{", "application/json"),      # not UTF-8
    ("[" * 60_000, "application/json"),          # nested too deep for the parser
    ('{"bid":' + "[" * 30_000, "application/json"),
]


@pytest.mark.parametrize("data, content_type", NOT_OBJECTS, ids=lambda v: repr(v)[:20])
def test_400_malformed_bid_body(shared, data, content_type):
    shared.refused(lambda: shared.api.client.put(f"{shared.url}/hands/1/bids/3", data=data, content_type=content_type,
                                                headers=shared.api.headers(shared.scorer)), 400, "malformed")


@pytest.mark.parametrize("data", ["tricks", "[4, 1, 5, 3]", "[" * 60_000])
def test_400_malformed_hand_body(shared, data):
    shared.refused(lambda: shared.api.client.put(f"{shared.url}/hands/1", data=data, content_type="application/json",
                                                headers=shared.api.headers(shared.scorer)), 400, "malformed")


@pytest.mark.parametrize("data", ["variant=wist", '["wist", ["Anna", "Bruno", "Carla", "Dario"]]', "[" * 60_000])
def test_400_malformed_create_body(app, client, data):
    before = count_rows(app)
    response = client.post("/api/v1/games", data=data, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "malformed"
    assert count_rows(app) == before


def test_413_too_large_is_refused_without_a_500(shared):
    shared.refused(lambda: shared.api.client.put(f"{shared.url}/hands/1/bids/3", data='{"bid": "' + "9" * 70_000 + '"}',
                                                content_type="application/json",
                                                headers=shared.api.headers(shared.scorer)), 413, "too_large")


# --------------------------------------------------------------------------------------------
# 404: unknown game, wrong key, key of another game, no key: all answer the same
# --------------------------------------------------------------------------------------------
def test_404_never_says_which_part_was_wrong(api, shared):
    other = api.game(players=PLAYERS, first_dealer=0)
    client = api.client
    cases = {
        "unknown game": ("/api/v1/games/no-such-game", {"Authorization": f"Bearer {shared.scorer}"}),
        "wrong key": (shared.url, {"Authorization": "Bearer " + "x" * 32}),
        "key of another game": (shared.url, {"Authorization": f"Bearer {other['keys']['scorer']}"}),
        "another game's seat key": (shared.url, {"Authorization": f"Bearer {other['keys']['seats'][0]}"}),
        "no Authorization": (shared.url, {}),
        "empty bearer": (shared.url, {"Authorization": "Bearer "}),
        "not a bearer": (shared.url, {"Authorization": f"Basic {shared.scorer}"}),
        "bare key": (shared.url, {"Authorization": shared.scorer}),
        "key too long": (shared.url, {"Authorization": "Bearer " + "k" * 5000}),
    }
    before = shared.snapshot()
    bodies = set()
    for name, (url, headers) in cases.items():
        for method, suffix, kwargs in [
            ("get", "", {}),
            ("put", "/hands/1/bids/3", {"json": {"bid": 3}}),
            ("put", "/hands/1", {"json": {"bids": [4, 0, 5, 3]}}),
            ("post", "/undo", {}),
            ("post", "/keys/rotate", {"json": {"role": "view"}}),
            ("get", "/export.csv", {}),
        ]:
            response = getattr(client, method)(url + suffix, headers=headers, **kwargs)
            assert response.status_code == 404, (name, method, suffix)
            assert "ETag" not in response.headers
            bodies.add(response.get_data())
    assert len(bodies) == 1
    assert api.client.get(shared.url, headers={}).get_json() == {"error": {
        "code": "not_found", "message": "There is no such game, or this link no longer opens it."}}
    assert shared.snapshot() == before


def test_404_for_a_rotated_key(api, table):
    response = api.client.post(f"{table.url}/keys/rotate", json={"role": "view"}, headers=api.headers(table.scorer))
    assert response.status_code == 200
    new_view = response.get_json()["key"]
    assert new_view != table.view
    old = api.get(table.id, table.view)
    assert old.status_code == 404
    assert old.get_data() == api.get("no-such-game", table.scorer).get_data()
    assert api.get(table.id, new_view).status_code == 200


# --------------------------------------------------------------------------------------------
# 403: a valid key without the right
# --------------------------------------------------------------------------------------------
def test_403_view_key_may_only_read(api, shared):
    v = shared.view
    shared.refused(lambda: api.bid(shared.id, v, 1, 3, 3), 403, "forbidden")
    shared.refused(lambda: api.hand(shared.id, v, 1, {"bids": [4, 0, 5, 3]}), 403, "forbidden")
    shared.refused(lambda: api.undo(shared.id, v), 403, "forbidden")
    shared.refused(lambda: api.client.post(f"{shared.url}/keys/rotate", json={"role": "view"}, headers=api.headers(v)),
                  403, "forbidden")
    assert api.get(shared.id, v).status_code == 200


def test_403_seat_key_bids_only_for_its_own_seat(api, table):
    anna = table.seats[0]
    table.refused(lambda: api.bid(table.id, anna, 1, 3, 3), 403, "forbidden")
    table.refused(lambda: api.bid(table.id, table.seats[3], 1, 0, 3), 403, "forbidden")
    table.refused(lambda: api.hand(table.id, anna, 1, {"bids": [3, 0, 5, None]}), 403, "forbidden")
    table.refused(lambda: api.hand(table.id, table.seats[3], 1, {"bids": [4, 0, 5, 3]}), 403, "forbidden")
    table.refused(lambda: api.undo(table.id, anna), 403, "forbidden")
    table.refused(lambda: api.client.post(f"{table.url}/keys/rotate", json={"role": "seat", "seat": 0},
                                          headers=api.headers(anna)), 403, "forbidden")
    # Her own bid is fine.
    game = api.bid(table.id, anna, 1, 0, 2).get_json()
    assert game["hands"][0]["bids"] == [2, 0, 5, None]


# --------------------------------------------------------------------------------------------
# 409: state conflicts
# --------------------------------------------------------------------------------------------
def test_409_a_future_hand(api, shared):
    shared.refused(lambda: api.bid(shared.id, shared.scorer, 2, 0, 1), 409, "hand_not_current")
    shared.refused(lambda: api.hand(shared.id, shared.scorer, 3, {"bids": [0, 0, 0, 0]}), 409, "hand_not_current")
    shared.refused(lambda: api.hand(shared.id, shared.scorer, 8, {"tricks": [13, 0, 0, 0]}), 409, "hand_not_current")
    body = shared.refused(lambda: api.bid(shared.id, shared.scorer, 2, 0, 1), 409, "hand_not_current")
    assert "current hand is 1" in body["error"]["message"]


def play_to_hand_8(api, table):
    assert api.bid(table.id, table.scorer, 1, 3, 3).status_code == 200
    for number in range(1, 8):
        body = {"tricks": [13, 0, 0, 0]}
        if number > 1:
            body["bids"] = [0, 0, 0, 0]
        assert api.hand(table.id, table.scorer, number, body).status_code == 200


def test_409_no_bidding_in_the_wist_round(api, table):
    play_to_hand_8(api, table)
    game, _ = table.snapshot()
    assert game["current_hand"] == 8
    assert game["hands"][7]["bids"] == [0, 0, 0, 0]
    assert game["hands"][7]["name"] == "Wist"
    for seat in range(4):
        table.refused(lambda seat=seat: api.bid(table.id, table.scorer, 8, seat, 0), 409, "bidding_closed")
        table.refused(lambda seat=seat: api.bid(table.id, table.seats[seat], 8, seat, 1), 409, "bidding_closed")
    table.refused(lambda: api.hand(table.id, table.scorer, 8, {"bids": [1, 0, 0, 0]}), 409, "bidding_closed")
    # Tricks alone are what the Wist round needs.
    game = api.hand(table.id, table.scorer, 8, {"tricks": [0, 1, 0, 12]}).get_json()
    assert game["hands"][7]["scores"] == [25, -5, 25, -60]
    assert game["status"] == "finished"


def test_409_seat_key_cannot_bid_in_a_scored_hand(api, table):
    assert api.bid(table.id, table.scorer, 1, 3, 3).status_code == 200
    assert api.hand(table.id, table.scorer, 1, {"tricks": [4, 1, 5, 3]}).status_code == 200
    table.refused(lambda: api.bid(table.id, table.seats[0], 1, 0, 3), 409, "conflict")


def test_409_nothing_to_undo(api):
    data = api.game(players=PLAYERS, first_dealer=0)
    gid, key = data["id"], data["keys"]["scorer"]
    body = refused(api, gid, key, lambda: api.undo(gid, key), 409, "conflict")
    assert "nothing to undo" in body["error"]["message"]
    # After one change and its undo there is again nothing to undo.
    assert api.bid(gid, key, 1, 1, 2).status_code == 200
    assert api.undo(gid, key).status_code == 200
    refused(api, gid, key, lambda: api.undo(gid, key), 409, "conflict")
    assert api.snapshot(gid, key)[0]["version"] == 3


# --------------------------------------------------------------------------------------------
# 412: stale If-Match
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("if_match", ["1", '"3"', 'W/"2"', "5", "abc"])
def test_412_stale_if_match_carries_the_current_game(api, shared, if_match):
    current, _ = shared.snapshot()
    for make in (lambda: api.bid(shared.id, shared.scorer, 1, 3, 3, **{"If-Match": if_match}),
                 lambda: api.hand(shared.id, shared.scorer, 1, {"bids": [4, 0, 5, 3]}, **{"If-Match": if_match}),
                 lambda: api.undo(shared.id, shared.scorer, **{"If-Match": if_match})):
        body = shared.refused(make, 412, "version_mismatch")
        assert body["error"]["game"] == current
        assert "version 4" in body["error"]["message"]


@pytest.mark.parametrize("if_match", ["4", '"4"', 'W/"4"', '"3", "4"', "*"])  # Werkzeug parses the header
def test_if_match_of_the_current_version_is_accepted(api, table, if_match):
    response = api.bid(table.id, table.scorer, 1, 3, 3, **{"If-Match": if_match})
    assert response.status_code == 200
    assert response.headers["ETag"] == '"5"'
    assert response.get_json()["hands"][0]["bids"] == [4, 0, 5, 3]


# --------------------------------------------------------------------------------------------
# 422: rules broken
# --------------------------------------------------------------------------------------------
def test_422_forbidden_bid(api, table):
    body = table.refused(lambda: api.bid(table.id, table.scorer, 1, 3, 4), 422, "forbidden_bid")
    assert "Dario may not bid 4" in body["error"]["message"]
    assert body["error"]["field"] == "bid"
    table.refused(lambda: api.hand(table.id, table.scorer, 1, {"bids": [4, 0, 5, 4]}), 422, "forbidden_bid")
    table.refused(lambda: api.bid(table.id, table.scorer, 1, 2, None), 422, "invalid_input")  # no withdrawing with null
    # Out of order: Dario's 4 first, then Carla's 5 completing 13.
    data = api.game(players=PLAYERS, first_dealer=3)
    gid, k = data["id"], data["keys"]["scorer"]
    for seat, bid in ((3, 4), (0, 4), (1, 0)):
        assert api.bid(gid, k, 1, seat, bid).status_code == 200
    body = refused(api, gid, k, lambda: api.bid(gid, k, 1, 2, 5), 422, "forbidden_bid")
    assert "Dario may not bid 4" in body["error"]["message"]


@pytest.mark.parametrize("bid", [-1, 14, 100, 10**30])
def test_422_bid_out_of_range(api, shared, bid):
    body = shared.refused(lambda: api.bid(shared.id, shared.scorer, 1, 3, bid), 422, "bid_out_of_range")
    assert "between 0 and 13" in body["error"]["message"]
    shared.refused(lambda: api.hand(shared.id, shared.scorer, 1, {"bids": [4, 0, 5, bid]}), 422, "bid_out_of_range")


def test_422_bid_out_of_range_on_ten_cards(api):
    data = api.game(players=PLAYERS + ["Elena"], first_dealer=0)
    gid, key = data["id"], data["keys"]["scorer"]
    body = refused(api, gid, key, lambda: api.bid(gid, key, 1, 1, 11), 422, "bid_out_of_range")
    assert "between 0 and 10" in body["error"]["message"]
    assert api.bid(gid, key, 1, 1, 10).status_code == 200


@pytest.mark.parametrize("bid", ["two", "2", 2.5, 2.0, True, False, None, [2], {"n": 2}])
def test_422_a_bid_that_is_not_a_whole_number(api, shared, bid):
    body = shared.refused(lambda: api.bid(shared.id, shared.scorer, 1, 3, bid), 422, "invalid_input")
    assert "not a whole number" in body["error"]["message"]


def test_422_a_bid_body_without_a_bid(api, shared):
    shared.refused(lambda: shared.api.client.put(f"{shared.url}/hands/1/bids/3", json={"bids": 3},
                                                headers=api.headers(shared.scorer)), 422, "invalid_input")


@pytest.mark.parametrize("seat", [4, 99, -1])
def test_422_no_such_seat(api, shared, seat):
    shared.refused(lambda: api.bid(shared.id, shared.scorer, 1, seat, 1), 422, "invalid_input")


@pytest.mark.parametrize("number", [0, 9, -1])
def test_422_no_such_hand(api, shared, number):
    shared.refused(lambda: api.bid(shared.id, shared.scorer, number, 0, 1), 422, "invalid_input")


def test_422_tricks_sum(api, table):
    assert api.bid(table.id, table.scorer, 1, 3, 3).status_code == 200
    for tricks in ([4, 1, 5, 2], [4, 1, 5, 4], [0, 0, 0, 0]):
        body = table.refused(lambda tricks=tricks: api.hand(table.id, table.scorer, 1, {"tricks": tricks}), 422,
                             "tricks_sum")
        assert f"add up to {sum(tricks)}, but 13" in body["error"]["message"]


@pytest.mark.parametrize("tricks", [
    [4, 1, 5], [4, 1, 5, 3, 0], "4,1,5,3", [4, 1, 5, None], [4, 1, 5, "3"], [4.0, 1, 5, 3]])
def test_422_tricks_of_the_wrong_shape(api, table, tricks):
    assert api.bid(table.id, table.scorer, 1, 3, 3).status_code == 200
    table.refused(lambda: api.hand(table.id, table.scorer, 1, {"tricks": tricks}), 422, "invalid_input")


@pytest.mark.parametrize("tricks", [[14, 0, 0, 0], [14, 0, 0, -1], [-1, 1, 5, 8]])
def test_422_tricks_that_cannot_be(api, table, tricks):
    """More tricks than cards, or fewer than none: the tricks do not add up to a real hand."""
    assert api.bid(table.id, table.scorer, 1, 3, 3).status_code == 200
    body = table.refused(lambda: api.hand(table.id, table.scorer, 1, {"tricks": tricks}), 422, "tricks_sum")
    assert "between 0 and 13" in body["error"]["message"]


def test_422_missing_bids(api, shared):
    body = shared.refused(lambda: api.hand(shared.id, shared.scorer, 1, {"tricks": [4, 1, 5, 3]}), 422, "missing_bids")
    assert "Dario" in body["error"]["message"]
    shared.refused(lambda: api.hand(shared.id, shared.scorer, 1, {"bids": [4, 0, None, 3], "tricks": [4, 1, 5, 3]}),
                  422, "missing_bids")


def test_422_other_hand_fields(api, shared):
    shared.refused(lambda: api.hand(shared.id, shared.scorer, 1, {"contract": "solo"}), 422, "invalid_input")
    shared.refused(lambda: api.hand(shared.id, shared.scorer, 1, {"trump": "S"}), 422, "invalid_input")
    shared.refused(lambda: api.hand(shared.id, shared.scorer, 1, {"penalties": [0]}), 422, "invalid_input")
    shared.refused(lambda: api.hand(shared.id, shared.scorer, 1, {"bids": [4, 0, 5]}), 422, "invalid_input")


INVALID_PLAYERS = {
    "empty name": ["Anna", "", "Carla", "Dario"],
    "blank name": ["Anna", "   ", "Carla", "Dario"],
    "10 000 characters": ["Anna", "B" * 10_000, "Carla", "Dario"],
    "41 characters": ["Anna", "B" * 41, "Carla", "Dario"],
    "same name, other case": ["Anna", "Bruno", "ANNA", "Dario"],
    "three players": ["Anna", "Bruno", "Carla"],
    "six players": ["A", "B", "C", "D", "E", "F"],
    "not a list": "Anna, Bruno, Carla, Dario",
    "an object": {"0": "Anna", "1": "Bruno", "2": "Carla", "3": "Dario"},
    "a number in the list": ["Anna", "Bruno", 3, "Dario"],
    "null": None,
}


@pytest.mark.parametrize("players", INVALID_PLAYERS.values(), ids=INVALID_PLAYERS.keys())
def test_422_invalid_players(app, client, players):
    before = count_rows(app)
    response = client.post("/api/v1/games", json={"variant": "wist", "players": players, "first_dealer": 0})
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "invalid_players"
    assert response.get_json()["error"]["field"] == "players"
    assert len(response.get_data()) < 1000  # a huge name is not echoed back
    assert count_rows(app) == before


def test_422_missing_players(app, client):
    before = count_rows(app)
    response = client.post("/api/v1/games", json={"variant": "wist"})
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "invalid_players"
    assert count_rows(app) == before


INVALID_OPTIONS = {
    "unknown option": {"colour": "red"},
    "unknown beside a good one": {"direction": "clockwise", "jokers": True},
    "bad direction": {"direction": "sideways"},
    "number for a flag": {"sealed_buio": 1},
    "text for a flag": {"trump_may_always_cut": "yes"},
    "null value": {"direction": None},
    "a list": ["direction", "clockwise"],
    "a string": "clockwise",
    "a number": 3,
    "true": True,
}


@pytest.mark.parametrize("options", INVALID_OPTIONS.values(), ids=INVALID_OPTIONS.keys())
def test_422_invalid_option(app, client, options):
    before = count_rows(app)
    response = client.post("/api/v1/games", json={"variant": "wist", "players": PLAYERS, "first_dealer": 0,
                                                  "options": options})
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "invalid_option"
    assert count_rows(app) == before


@pytest.mark.parametrize("variant", ["poker", None, 7, ["wist"], "WIST"])
def test_422_unknown_variant(app, client, variant):
    before = count_rows(app)
    response = client.post("/api/v1/games", json={"variant": variant, "players": PLAYERS, "first_dealer": 0})
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "invalid_option"
    assert "wist" in response.get_json()["error"]["message"]
    assert count_rows(app) == before


@pytest.mark.parametrize("first_dealer", [4, -1, "0", 1.5, True])
def test_422_bad_first_dealer(app, client, first_dealer):
    before = count_rows(app)
    response = client.post("/api/v1/games", json={"variant": "wist", "players": PLAYERS, "first_dealer": first_dealer})
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "invalid_input"
    assert count_rows(app) == before


# --------------------------------------------------------------------------------------------
# No input makes a 500: each odd value gets the answer it must
# --------------------------------------------------------------------------------------------
ODD_VALUES = [None, True, -1, 0, 2, 10**20, 1e308, "", "x" * 300, "\x00", "’🂡", [], [None] * 4, {}, {"a": []}]


def odd_writes(value):
    """(field, path, body) of each write to hand 1 of the table that carries `value`."""
    return [("bid", "/hands/1/bids/3", {"bid": value}), ("bids", "/hands/1", {"bids": value}),
            ("tricks", "/hands/1", {"tricks": value}), ("trump", "/hands/1", {"trump": value}),
            ("penalties", "/hands/1", {"penalties": value})]


# The odd values that are legal: (field, value, Dario's bid / the bids of hand 1 afterwards).
ODD_BUT_LEGAL = [
    ("bid", 0, [4, 0, 5, 0]),                   # Dario's bid of 0: legal (4 is the forbidden one)
    ("bid", 2, [4, 0, 5, 2]),
    ("bids", [None] * 4, [None] * 4),           # clears the bids of the hand
    ("trump", None, [4, 0, 5, None]),           # no trump given: Wist's trump is fixed anyway, nothing changes
    ("penalties", [], [4, 0, 5, None]),         # no penalties: fine even in a game without them
]


def odd_refusal(field, value) -> str:
    """The code an odd value is refused with: a whole number out of range for a bid, else not valid input."""
    whole = isinstance(value, int) and not isinstance(value, bool)
    return "bid_out_of_range" if field == "bid" and whole else "invalid_input"


@pytest.mark.parametrize("value", ODD_VALUES, ids=lambda v: repr(v)[:20])
def test_odd_values_are_refused_with_a_422_and_change_nothing(app, api, shared, value):
    legal = {(field, repr(legal_value)) for field, legal_value, _ in ODD_BUT_LEGAL}
    for field, path, body in odd_writes(value):
        if (field, repr(value)) in legal:
            continue
        shared.refused(lambda path=path, body=body: api.client.put(shared.url + path, json=body,
                                                                   headers=api.headers(shared.scorer)),
                       422, odd_refusal(field, value))
    shared.refused(lambda: api.client.post(f"{shared.url}/keys/rotate", json={"role": value, "seat": value},
                                           headers=api.headers(shared.scorer)), 422, "rule")
    before = count_rows(app)
    response = api.client.post("/api/v1/games", json={"variant": "wist", "players": value, "first_dealer": value,
                                                      "options": value})
    assert response.status_code == 422, response.get_data(as_text=True)
    assert response.get_json()["error"]["code"] == "invalid_players"
    assert count_rows(app) == before


@pytest.mark.parametrize("field, value, bids", ODD_BUT_LEGAL, ids=lambda v: repr(v)[:20])
def test_odd_but_legal_values_are_accepted(api, table, field, value, bids):
    """200, one new version, and exactly the change the value says (or none)."""
    before, _ = table.snapshot()
    [(path, body)] = [(p, b) for f, p, b in odd_writes(value) if f == field]
    response = api.client.put(table.url + path, json=body, headers=api.headers(table.scorer))
    assert response.status_code == 200, response.get_data(as_text=True)
    game = response.get_json()
    assert game["version"] == before["version"] + 1
    assert game["hands"][0]["bids"] == bids
    assert game["hands"][0]["trump"] == before["hands"][0]["trump"] and game["hands"][0]["tricks"] is None
    assert game["players"] == before["players"] and game["totals"] == before["totals"]
    if bids == before["hands"][0]["bids"]:
        assert game["hands"] == before["hands"]


@pytest.mark.parametrize("body", [{"hand": 7}, {"type": "bid"}, {"hand": 2, "type": "hand"}])
def test_hand_and_type_in_a_hand_body_are_refused_as_unknown_fields(api, table, body):
    """The hand is the one of the URL; a body naming another one (or another kind of change) is a client bug."""
    table.refused(lambda: api.client.put(f"{table.url}/hands/1", json=body, headers=api.headers(table.scorer)),
                  422, "invalid_input")


def test_each_kind_of_refusal_has_its_http_status_in_the_web_layer_alone():
    """The rules and the service name what is wrong; web/gate/errors.py alone says it in HTTP (#20)."""
    from scorekeeper.service.games import Forbidden, VersionMismatch
    from scorekeeper.rules.base import HandNotCurrent, InvalidInput, RuleError, StateConflict, TooManyChanges
    from scorekeeper.rules.predictions import ForbiddenBid
    from scorekeeper.web.game.api import Malformed
    from scorekeeper.web.gate.errors import status_of
    expected = {Forbidden: 403, VersionMismatch: 412, StateConflict: 409, HandNotCurrent: 409, TooManyChanges: 409,
                InvalidInput: 422, ForbiddenBid: 422, RuleError: 422, Malformed: 400}
    assert {kind: status_of(kind("x")) for kind in expected} == expected
