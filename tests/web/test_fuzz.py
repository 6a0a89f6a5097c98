"""Random writes, as JSON bodies to every write of the API and as forms to every page that takes one
(issue 8): never a 5xx, and a refused write (4xx) leaves every game and tournament exactly as it was
(`sent`: a snapshot before and after). One property, one watch, for both ways in (#20 merged the two
fuzzers; schemathesis, in test_schemathesis.py, checks the answers against the API's document).

Table-driven by variant: a new game family joins the fuzzing with one line in VARIANTS_UNDER_FUZZ.
JSON bodies are encoded here (sometimes with `ensure_ascii=False`), so any JSON value goes on the wire;
lone surrogates ("\\ud800") have their own test, `test_lone_surrogates_never_make_a_500` (issue 8): they
are refused as 400 `malformed`, whatever field holds them. Forms are url-encoded by hand from text or raw
bytes, so anything a browser (or something pretending to be one) can send goes on the wire: control
characters, invalid UTF-8, percent-encoded lone surrogates, repeated and unknown fields.
`test_every_page_form_is_fuzzed` keeps the list of routes here in step with the app's.
"""
from __future__ import annotations

import json
import re
import sqlite3
from typing import Callable
from urllib.parse import quote, quote_plus

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.service import clubs
from scorekeeper.store import db as store
from tests.conftest import PLAYERS4, PLAYERS5, examples
from tests.module_app import api, app, client  # noqa: F401  (one database per module)

pytestmark = pytest.mark.search  # `make test-slow` fuzzes again, ten times wider
# 10 examples a variant and an endpoint in `make test` (the same ones each run, #36: 30 CPU-seconds at 25)
FUZZ = settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


# --------------------------------------------------------------------------------------------
# Games in progress, one per variant
# --------------------------------------------------------------------------------------------
def ok(response, status=200):
    assert response.status_code == status, response.get_data(as_text=True)
    return response.get_json()


def wist_in_progress(api, players):
    """Hand 1 scored, hand 2 with one bid in."""
    game = api.game(variant="wist", players=players, first_dealer=0)
    gid, key = game["id"], game["keys"]["scorer"]
    cards = game["game"]["schedule"][0]["cards"]
    ok(api.hand(gid, key, 1, {"bids": [1] * len(players), "tricks": [cards] + [0] * (len(players) - 1)}))
    ok(api.bid(gid, key, 2, 1, 2))
    return game


def cagliari_in_progress(api, players):
    """Hand 1 (13 NT) scored, hand 2 with its turned card and one bid in."""
    game = api.game(variant="wist-cagliari", players=players, first_dealer=1)
    gid, key = game["id"], game["keys"]["scorer"]
    ok(api.hand(gid, key, 1, {"bids": [4, 3, 3, 2], "tricks": [4, 5, 3, 1]}))
    ok(api.hand(gid, key, 2, {"trump": "H"}))
    ok(api.bid(gid, key, 2, 2, 3))
    return game


def torneo_in_progress(api, players):
    """Hand 1 scored with a penalty, hand 2 with its turned card and one bid in."""
    game = api.game(variant="whist-torneo", players=players, first_dealer=0, options={"scheme": "ridotto"})
    gid, key = game["id"], game["keys"]["scorer"]
    cards = game["game"]["schedule"][0]["cards"]
    ok(api.hand(gid, key, 1, {"trump": "S", "bids": [1] + [0] * (len(players) - 1),
                              "tricks": [1] + [0] * (len(players) - 2) + [cards - 1], "penalties": [1]}))
    ok(api.hand(gid, key, 2, {"trump": "D"}))
    ok(api.bid(gid, key, 2, 2, 1))
    return game


def partnership_in_progress(variant):
    """Deal 1 scored with honours and a revoke, deal 2 with its trump."""
    def make(api, players):
        game = api.game(variant=variant, players=players, first_dealer=0)
        gid, key = game["id"], game["keys"]["scorer"]
        first = {"trump": "S", "tricks": [8, 5], "revokes": [1]}
        if variant == "whist-classico":
            first["honours"] = [3, 1]
        ok(api.hand(gid, key, 1, first))
        ok(api.hand(gid, key, 2, {"trump": "NT" if variant == "whist-morto" else "H"}))
        return game
    return make


def solo_in_progress(api, players):
    """Deal 1 a made solo, deal 2 all passed."""
    game = api.game(variant="solo-whist", players=players, first_dealer=0, options={"stake": "0.10"})
    gid, key = game["id"], game["keys"]["scorer"]
    ok(api.hand(gid, key, 1, {"contract": "solo", "declarer": 1, "trump": "S", "tricks": 6}))
    ok(api.hand(gid, key, 2, {"contract": "pass"}))
    return game


def piquet_in_progress(api, players):
    """Deal 1 recorded trick by trick, deal 2 as totals."""
    game = api.game(variant="piquet", players=players, first_dealer=1)
    gid, key = game["id"], game["keys"]["scorer"]
    ok(api.hand(gid, key, 1, {"point": [5, 0], "sets": [3, 0], "trick_winners": [0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0, 1]}))
    ok(api.hand(gid, key, 2, {"sequences": [0, 4], "play_points": [7, 7], "tricks_won": [6, 6]}))
    return game


# (variant id, players, a function giving a legal game in progress): add a family with one line.
VARIANTS_UNDER_FUZZ: list[tuple[str, list[str], Callable]] = [
    ("wist", PLAYERS4, wist_in_progress),
    ("wist-cagliari", PLAYERS4, cagliari_in_progress),
    ("whist-torneo", PLAYERS5, torneo_in_progress),
    ("whist-classico", PLAYERS4, partnership_in_progress("whist-classico")),
    ("whist-morto", PLAYERS4, partnership_in_progress("whist-morto")),
    ("solo-whist", PLAYERS4, solo_in_progress),
    ("piquet", PLAYERS4[:2], piquet_in_progress),
]
VARIANT_IDS = [variant for variant, _, _ in VARIANTS_UNDER_FUZZ]


# --------------------------------------------------------------------------------------------
# Random JSON
# --------------------------------------------------------------------------------------------
HUGE_INTS = st.sampled_from([2**31, 2**63, -(2**63) - 1, 2**64, 10**30, -(10**100),
                             10**4299])  # the longest int Python will still print
TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=30)  # control characters included
ODD_TEXT = st.sampled_from(["", " ", "\x00", "\n\t", "\u202e", "😀", "9" * 50, "H", "NT", "scorer", "seat", "view"])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-20, 20), st.integers(), HUGE_INTS,
                    st.floats(allow_nan=True, allow_infinity=True), TEXT, ODD_TEXT)
JSON = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=6),
                                                     st.dictionaries(st.one_of(TEXT, ODD_TEXT), inner, max_size=4)),
                    max_leaves=12)


def seats_list(players: int):
    """Plausible per-seat lists (right or wrong length, small or odd values), or any JSON at all."""
    item = st.one_of(st.integers(-1, 14), st.none(), SCALARS)
    return st.one_of(st.lists(st.integers(0, 13), min_size=players, max_size=players),
                     st.lists(st.one_of(st.none(), st.integers(0, 13)), min_size=players, max_size=players),
                     st.lists(item, max_size=players + 2), JSON)


def objects(fields: dict):
    """JSON objects with the real field names (any subset) holding random values, sometimes with extra keys,
    and now and then a body that is not an object at all."""
    known = st.fixed_dictionaries({}, optional=fields)
    extra = st.dictionaries(st.one_of(TEXT, ODD_TEXT), JSON, max_size=2)
    return st.one_of(known, known, known, st.builds(lambda a, b: {**b, **a}, known, extra), JSON)


def wire(value, raw: bool, ascii_only: bool) -> bytes:
    """The body as bytes: JSON (escaped or not), or for `raw` a JSON text cut short."""
    text = json.dumps(value, ensure_ascii=ascii_only)
    return text[: len(text) // 2].encode() if raw and len(text) > 1 else text.encode()


ENCODING = st.tuples(st.sampled_from([False, False, False, False, True]), st.booleans())  # (cut short, ASCII only)
HAND = st.one_of(st.integers(1, 3), st.integers(-3, 30), st.integers(-(10**25), 10**25))
SEAT = st.one_of(st.integers(0, 5), st.integers(-3, 9), st.integers(-(10**25), 10**25))
IF_MATCH = st.one_of(st.none(), st.none(), st.sampled_from(['"1"', "*", "abc", 'W/"3"', "", "99999999999"]))
GAME_ROLES = st.sampled_from(["scorer", "scorer", "scorer", "view", "seat", "none"])


# --------------------------------------------------------------------------------------------
# The watched state: snapshot before, compare after
# --------------------------------------------------------------------------------------------
TABLES = ["games", "events", "keys", "tournaments", "tournament_keys", "tournament_games", "seasons", "season_keys",
          "season_tournaments", "house_rules"]
LIVE_KEYS = "(SELECT count(*) FROM keys WHERE revoked_at IS NULL)"


def db_counts(app) -> tuple:
    """Rows of every table a write adds to, and the keys still valid: a refused request changes none."""
    with sqlite3.connect(app.config["SCOREKEEPER_DATABASE"]) as conn:
        return conn.execute("SELECT " + ", ".join([f"(SELECT count(*) FROM {t})" for t in TABLES] + [LIVE_KEYS])
                            ).fetchone()


class Pool:
    """A fresh game (or tournament) for each example, reused only while requests are refused: a refused
    request must leave it exactly as it was (that is checked), so it is as good as new and much cheaper."""

    def __init__(self, make):
        self.make, self.current = make, None

    def get(self):
        if self.current is None:
            self.current = self.make()
        return self.current

    def spoil(self):
        self.current = None


class Game:
    """A game in progress of one variant under fuzz."""

    def __init__(self, api, app, variant):
        _, players, in_progress = variant
        self.api, self.app = api, app
        self.data = in_progress(api, players)
        self.id, self.keys = self.data["id"], self.data["keys"]

    def key(self, role: str, seat: int = 0) -> str:
        return {"scorer": self.keys["scorer"], "view": self.keys["view"], "none": "not-a-key",
                "seat": self.keys["seats"][seat % len(self.keys["seats"])]}[role]

    def state(self):
        return db_counts(self.app), self.api.snapshot(self.id, self.keys["scorer"])


class Tournament:
    """A tournament with a whist-torneo partita in progress at table A, and a whist-torneo game of its own."""

    def __init__(self, api, app):
        self.api, self.app = api, app
        created = ok(api.client.post("/api/v1/tournaments", json={"name": "Fuzz"}), 201)
        self.id, self.keys = created["id"], created["keys"]
        added = ok(api.client.post(f"/api/v1/tournaments/{self.id}/games", headers=self.headers("organiser"),
                                   json={"players": PLAYERS4, "table": "A", "first_dealer": 0}), 201)
        self.partita = added["id"], added["keys"]["scorer"]
        ok(api.hand(*self.partita, 1, {"trump": "H", "bids": [1, 0, 0, 0], "tricks": [1, 1, 1, 0]}))
        self.free = torneo_in_progress(api, PLAYERS4)

    def key(self, role: str) -> str:
        return self.keys.get(role, "not-a-key")

    def headers(self, role: str) -> dict:
        return {"Authorization": f"Bearer {self.key(role)}"}

    def state(self):
        response = self.api.client.get(f"/api/v1/tournaments/{self.id}", headers=self.headers("organiser"))
        assert response.status_code == 200
        return (db_counts(self.app), response.get_json(), response.headers["ETag"], self.api.snapshot(*self.partita),
                self.api.snapshot(self.free["id"], self.free["keys"]["scorer"]))


class Season:
    """A season holding one tournament, and another tournament that is not in it (#21)."""

    def __init__(self, api, app):
        self.api, self.app = api, app
        created = ok(api.client.post("/api/v1/seasons", json={"name": "Fuzz"}), 201)
        self.id, self.keys = created["id"], created["keys"]
        self.inside, self.outside = (ok(api.client.post("/api/v1/tournaments", json={"name": name}), 201)
                                     for name in ("Dentro", "Fuori"))
        ok(api.client.post(f"/api/v1/seasons/{self.id}/tournaments", headers=self.headers("organiser"),
                           json={"tournament": self.inside["id"], "key": self.inside["keys"]["view"]}), 201)

    def key(self, role: str) -> str:
        return self.keys.get(role, "not-a-key")

    def headers(self, role: str) -> dict:
        return {"Authorization": f"Bearer {self.key(role)}"}

    def state(self):
        response = self.api.client.get(f"/api/v1/seasons/{self.id}", headers=self.headers("view"))
        assert response.status_code == 200
        with sqlite3.connect(self.app.config["SCOREKEEPER_DATABASE"]) as conn:  # a refusal replaces no link
            live = conn.execute("SELECT role, key FROM season_keys WHERE season_id = ? AND revoked_at IS NULL "
                                "ORDER BY role", [self.id]).fetchall()
        return db_counts(self.app), response.get_json(), live


class Database:
    """Nothing but the database's row counts: for creations."""

    def __init__(self, app):
        self.app = app

    def state(self):
        return db_counts(self.app)


def sent(pool, send, what: str):
    """The one property of every fuzzer here: `send(subject)` makes one request against the pool's subject;
    never a 5xx, and a refusal (4xx) leaves everything as it was (accepted: the next example gets a fresh one)."""
    subject = pool.get()
    before = subject.state()
    failure = None
    try:
        response = send(subject)
    except Exception as error:  # the error handler itself failed: as bad as a 500
        failure = ascii(f"{what} raised {error!r}")
    if failure is not None:  # outside the except: its chained text may hold a lone surrogate, which xdist cannot send
        pytest.fail(failure, pytrace=False)
    text = response.get_data(as_text=True)[:500]
    assert response.status_code < 500, (what, text)
    if response.status_code >= 400:
        assert subject.state() == before, (what, response.status_code, text)
    else:
        pool.spoil()
    return response


def attempt(pool, method: str, url, body: bytes, key=None, if_match=None):
    """One JSON request to the API (`sent`); a refusal says what and why, as the API's errors do."""
    def send(subject):
        headers = {"Authorization": f"Bearer {key(subject) if callable(key) else key}"} if key is not None else {}
        if if_match is not None:
            headers["If-Match"] = if_match
        return pool_client(subject).open(url(subject) if callable(url) else url, method=method, data=body,
                                         headers=headers, content_type="application/json")
    response = sent(pool, send, f"{method} {url if isinstance(url, str) else ''} {body[:200]!r}")
    if response.status_code >= 400:
        error = response.get_json()["error"]
        assert isinstance(error["code"], str) and isinstance(error["message"], str)
    return response


def pool_client(subject):
    return subject.api.client if hasattr(subject, "api") else subject.app.test_client()


# --------------------------------------------------------------------------------------------
# Game endpoints, per variant
# --------------------------------------------------------------------------------------------
@pytest.fixture(params=VARIANTS_UNDER_FUZZ, ids=VARIANT_IDS)
def variant(request):
    return request.param


@pytest.fixture
def games(api, app, variant):
    return Pool(lambda: Game(api, app, variant))


@FUZZ
@given(body=st.data(), hand=HAND, seat=SEAT, encoding=ENCODING, role=GAME_ROLES, if_match=IF_MATCH)
def test_fuzz_put_bid(games, body, hand, seat, encoding, role, if_match):
    value = body.draw(objects({"bid": st.one_of(st.integers(0, 13), JSON)}))
    attempt(games, "PUT", lambda g: f"/api/v1/games/{g.id}/hands/{hand}/bids/{seat}", wire(value, *encoding),
            lambda g: g.key(role, seat), if_match)


@FUZZ
@given(body=st.data(), hand=HAND, encoding=ENCODING, role=GAME_ROLES, if_match=IF_MATCH)
def test_fuzz_put_hand(games, variant, body, hand, encoding, role, if_match):
    players = len(variant[1])
    value = body.draw(objects({
        "bids": seats_list(players), "tricks": seats_list(players),
        "trump": st.one_of(st.sampled_from(["H", "D", "C", "S", "NT", None]), JSON),
        "penalties": st.one_of(st.lists(st.integers(-1, players), max_size=3), JSON),
        "honours": st.one_of(seats_list(2), JSON), "revokes": st.one_of(st.lists(st.integers(-1, 2), max_size=3), JSON),
        "remarks": st.one_of(seats_list(2), JSON), "hand": JSON, "type": JSON,
        "contract": st.one_of(st.sampled_from(["pass", "proposal", "solo", "misere", "abondance", "abondance-trump",
                                               "misere-ouverte", "abondance-declaree"]), JSON),
        "declarer": st.one_of(st.integers(-1, 4), JSON), "partner": st.one_of(st.integers(-1, 4), JSON),
        "carte_blanche": st.one_of(st.lists(st.booleans(), max_size=3), JSON), "point": st.one_of(seats_list(2), JSON),
        "sequences": st.one_of(seats_list(2), JSON), "sets": st.one_of(seats_list(2), JSON),
        "trick_winners": st.one_of(st.lists(st.integers(-1, 2), max_size=13), JSON),
        "play_points": st.one_of(seats_list(2), JSON), "tricks_won": st.one_of(seats_list(2), JSON),
        "pique": st.one_of(st.integers(-1, 2), st.none(), JSON)}))
    attempt(games, "PUT", lambda g: f"/api/v1/games/{g.id}/hands/{hand}", wire(value, *encoding),
            lambda g: g.key(role), if_match)


@FUZZ
@given(value=JSON, encoding=ENCODING, role=GAME_ROLES, if_match=IF_MATCH)
def test_fuzz_post_undo(games, value, encoding, role, if_match):
    attempt(games, "POST", lambda g: f"/api/v1/games/{g.id}/undo", wire(value, *encoding), lambda g: g.key(role),
            if_match)


@FUZZ
@given(body=st.data(), encoding=ENCODING, role=GAME_ROLES)
def test_fuzz_post_rotate(games, body, encoding, role):
    value = body.draw(objects({"role": st.one_of(st.sampled_from(["scorer", "view", "seat"]), JSON),
                               "seat": st.one_of(st.integers(-1, 6), JSON)}))
    attempt(games, "POST", lambda g: f"/api/v1/games/{g.id}/keys/rotate", wire(value, *encoding),
            lambda g: g.key(role))


NAMES = st.one_of(st.lists(st.sampled_from(PLAYERS5 + ["Fabio", "anna", " ", ""]), min_size=2, max_size=6,
                           unique=True), st.lists(TEXT, max_size=6), JSON)


@FUZZ
@given(body=st.data(), encoding=ENCODING)
def test_fuzz_post_games(app, variant, body, encoding):
    """Creating a game: a refusal leaves no game, key or event behind."""
    value = body.draw(objects({
        "variant": st.one_of(st.just(variant[0]), st.sampled_from(VARIANT_IDS), JSON), "players": NAMES,
        "first_dealer": st.one_of(st.none(), st.integers(-1, 6), JSON),
        "options": st.one_of(st.none(), st.fixed_dictionaries({}, optional={
            "scheme": st.one_of(st.sampled_from(["ridotto", "completo"]), JSON),
            "direction": st.one_of(st.sampled_from(["clockwise", "counterclockwise"]), JSON),
            "double_one": JSON, "sealed_buio": JSON}), JSON)}))
    before = db_counts(app)
    response = attempt(Pool(lambda: Database(app)), "POST", "/api/v1/games", wire(value, *encoding))
    if response.status_code == 201:
        assert db_counts(app)[0] == before[0] + 1


# --------------------------------------------------------------------------------------------
# Tournament endpoints
# --------------------------------------------------------------------------------------------
TOURNAMENT_ROLES = st.sampled_from(["organiser", "organiser", "organiser", "view", "join", "none"])


@pytest.fixture
def tournaments(api, app):
    return Pool(lambda: Tournament(api, app))


@FUZZ
@given(body=st.data(), encoding=ENCODING)
def test_fuzz_post_tournaments(app, body, encoding):
    value = body.draw(objects({"name": st.one_of(st.just("Torneo"), TEXT, JSON),
                               "scheme": st.one_of(st.sampled_from(["ridotto", "completo"]), JSON)}))
    before = db_counts(app)
    response = attempt(Pool(lambda: Database(app)), "POST", "/api/v1/tournaments", wire(value, *encoding))
    if response.status_code == 201:
        assert db_counts(app)[TABLES.index("tournaments")] == before[TABLES.index("tournaments")] + 1


@FUZZ
@given(body=st.data(), encoding=ENCODING, role=TOURNAMENT_ROLES)
def test_fuzz_post_tournament_games(tournaments, body, encoding, role):
    t = tournaments.get()
    value = body.draw(objects({
        "players": NAMES, "options": st.one_of(st.none(), st.just({"scheme": "completo"}), JSON),
        "first_dealer": st.one_of(st.none(), st.integers(-1, 6), JSON),
        "table": st.one_of(st.sampled_from(["A", "a", "B", ""]), TEXT, JSON),
        "round": st.one_of(st.integers(-1, 3), JSON),
        "game_id": st.one_of(st.sampled_from([t.free["id"], t.partita[0]]), TEXT, JSON),
        "key": st.one_of(st.sampled_from([t.free["keys"]["scorer"], t.free["keys"]["view"]]), TEXT, JSON)}))
    attempt(tournaments, "POST", f"/api/v1/tournaments/{t.id}/games", wire(value, *encoding), t.key(role))


@FUZZ
@given(value=JSON, encoding=ENCODING, role=TOURNAMENT_ROLES, which=st.sampled_from(["partita", "free", "other"]),
       other=TEXT)
def test_fuzz_delete_tournament_game(tournaments, value, encoding, role, which, other):
    t = tournaments.get()
    game_id = {"partita": t.partita[0], "free": t.free["id"], "other": quote(other, safe="") or "x"}[which]
    attempt(tournaments, "DELETE", f"/api/v1/tournaments/{t.id}/games/{game_id}", wire(value, *encoding),
            t.key(role))


# --------------------------------------------------------------------------------------------
# Lone surrogates: a JSON escape "\ud800" decodes to a str that cannot be encoded (issue 8)
# --------------------------------------------------------------------------------------------
LONE = '"\\ud800"'  # the six characters of the JSON escape, as a client may send them
SURROGATE_CASES = {
    "game players": ("POST", "/api/v1/games", '{"variant": "wist", "players": [%s, "B", "C", "D"]}' % LONE),
    "game variant": ("POST", "/api/v1/games", '{"variant": %s, "players": ["A", "B", "C", "D"]}' % LONE),
    "game option": ("POST", "/api/v1/games", '{"variant": "wist", "players": ["A", "B", "C", "D"], '
                                             '"options": {%s: 1}}' % LONE),
    "bid": ("PUT", "/api/v1/games/{game}/hands/2/bids/3", '{"bid": %s}' % LONE),
    "hand field": ("PUT", "/api/v1/games/{game}/hands/2", '{%s: 1}' % LONE),
    "trump": ("PUT", "/api/v1/games/{game}/hands/2", '{"trump": %s}' % LONE),
    "rotate role": ("POST", "/api/v1/games/{game}/keys/rotate", '{"role": %s}' % LONE),
    "undo body": ("POST", "/api/v1/games/{game}/undo", '{"x": %s}' % LONE),
    "tournament name": ("POST", "/api/v1/tournaments", '{"name": %s}' % LONE),
    "tournament scheme": ("POST", "/api/v1/tournaments", '{"scheme": %s}' % LONE),
    "partita players": ("POST", "/api/v1/tournaments/{tournament}/games", '{"players": [%s, "B", "C"]}' % LONE),
    "partita table": ("POST", "/api/v1/tournaments/{tournament}/games",
                      '{"players": ["A", "B", "C"], "table": %s}' % LONE),
    "attach game id": ("POST", "/api/v1/tournaments/{tournament}/games", '{"game_id": %s, "key": "k"}' % LONE),
}


@pytest.mark.parametrize("method, path, body", SURROGATE_CASES.values(), ids=SURROGATE_CASES.keys())
def test_lone_surrogates_never_make_a_500(api, app, tournaments, monkeypatch, method, path, body):
    """As for any other odd string: no 5xx, and if refused, everything is left as it was."""
    monkeypatch.setattr(app.logger, "disabled", True)  # its traceback text would hold the surrogate: xdist chokes
    t = tournaments.get()
    key = t.free["keys"]["scorer"] if "{game}" in path else t.key("organiser")
    url = path.format(game=t.free["id"], tournament=t.id)
    attempt(tournaments, method, url, body.encode(), key)


# ====================================================================================================
# Forms, to the pages
# ====================================================================================================
FORMS = settings(max_examples=examples(10), deadline=None, suppress_health_check=list(HealthCheck))

ODD = st.sampled_from(["", " ", "0", "1", "3", "13", "-1", "99999", "on", "draw", "H", "NT", "x" * 300, "\x00",
                       "\t\n", "\u202e", "😀", "view", "scorer", "seat", "join", "organiser", "ridotto", "completo",
                       "٣", "①", "1e3", "0x1"])
SHORT_TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=20)
RAW = st.one_of(st.binary(max_size=12), st.sampled_from([b"\xed\xa0\x80", b"\xff", b"\xc0\xaf", b"A\x00B"]))
VALUE = st.one_of(ODD, ODD, SHORT_TEXT, RAW)
JUNK = st.lists(st.tuples(st.one_of(SHORT_TEXT, st.sampled_from(["player", "seat", "hand", "role", "link"])), VALUE),
                max_size=3)


def encode(pairs) -> bytes:
    out = []
    for name, value in pairs:
        value = value if isinstance(value, bytes) else value.encode()
        out.append(quote_plus(name.encode()) + "=" + quote_plus(value))
    return "&".join(out).encode()


def form(fields: dict[str, st.SearchStrategy]):
    """Any subset of the named fields with random values (a field may come twice), plus junk fields."""
    return st.tuples(st.lists(st.sampled_from(sorted(fields)), max_size=len(fields) + 2), JUNK)


def draw_form(data, fields: dict) -> bytes:
    names, junk = data.draw(form(fields))
    return encode([(name, data.draw(st.one_of(fields[name], VALUE))) for name in names] + junk)


# --------------------------------------------------------------------------------------------
# What is watched: every table rows a post could add, the keys still valid, the games and tournaments
# --------------------------------------------------------------------------------------------
class Subject:
    """A game in progress of one variant, a tournament with a partita, and their keys."""

    def __init__(self, api, app, variant):
        self.api, self.app = api, app
        _, players, in_progress = variant
        self.game = in_progress(api, players)
        self.id, self.keys = self.game["id"], self.game["keys"]
        made = ok(api.client.post("/api/v1/tournaments", json={"name": "Forms"}), 201)
        self.tournament, self.tkeys = made["id"], made["keys"]
        added = ok(api.client.post(f"/api/v1/tournaments/{self.tournament}/games", json={"players": PLAYERS4},
                                   headers={"Authorization": f"Bearer {self.tkeys['organiser']}"}), 201)
        self.partita = added["id"]

    def game_key(self, role: str) -> str:
        return {"scorer": self.keys["scorer"], "view": self.keys["view"], "seat": self.keys["seats"][0],
                "none": "not-a-key"}[role]

    def tournament_key(self, role: str) -> str:
        return self.tkeys.get(role, "not-a-key")

    def state(self):
        tournament = self.api.client.get(f"/api/v1/tournaments/{self.tournament}",
                                         headers={"Authorization": f"Bearer {self.tkeys['organiser']}"})
        assert tournament.status_code == 200
        return db_counts(self.app), self.api.snapshot(self.id, self.keys["scorer"]), tournament.get_json()


def post(pool, url, body: bytes, htmx: bool = False):
    """One form posted to a page (`sent`), as a browser would send it, with htmx or without."""
    return sent(pool, lambda subject: subject.api.client.post(
        url(subject) if callable(url) else url, data=body, content_type="application/x-www-form-urlencoded",
        headers={"HX-Request": "true"} if htmx else {}), f"POST {body[:300]!r}")


FAMILIES = [v for v in VARIANTS_UNDER_FUZZ if v[0] in ("whist-torneo", "whist-classico")]  # one of each family


@pytest.fixture(params=FAMILIES, ids=[v[0] for v in FAMILIES])
def subjects(request, api, app):
    return Pool(lambda: Subject(api, app, request.param))


@pytest.fixture
def tournament_subjects(api, app):
    return Pool(lambda: Subject(api, app, FAMILIES[0]))


FORM_TOURNAMENT_ROLES = st.sampled_from(["organiser", "organiser", "join", "view", "none"])
NUMBER = st.one_of(st.integers(-2, 14).map(str), ODD)
HAND_FIELDS = {**{f"{name}-{seat}": NUMBER for name in ("bid", "tricks", "penalty", "remarks", "revoke", "cb",
                                                     "play", "won") for seat in range(5)},
               "trump": st.sampled_from(["H", "D", "C", "S", "NT", ""]), "honours": NUMBER, "correction": ODD,
               "version": NUMBER, "contract": st.sampled_from(["pass", "solo", "proposal", "misere", "x"]),
               "declarer": NUMBER, "partner": NUMBER, "tricks": NUMBER, "pass": ODD,
               **{f"{name}-{part}": NUMBER for name in ("point", "sequences", "sets") for part in ("who", "value")},
               "tw": st.sampled_from(["0,1,0", "0," * 11 + "1", "", "2", "0,0,0,0,0,0,0,0,0,0,0,0,0"]),
               "pique": NUMBER}
PARTITA_FIELDS = {"player": st.sampled_from(PLAYERS4 + ["Elena", "anna", ""]), "first_dealer": NUMBER,
                  "table": st.sampled_from(["A", "a", "B", "1", ""]), "round": NUMBER,
                  "scheme": st.sampled_from(["ridotto", "completo"])}


# --------------------------------------------------------------------------------------------
# Game pages
# --------------------------------------------------------------------------------------------
@FORMS
@given(data=st.data(), htmx=st.booleans())
def test_fuzz_new_game_form(api, app, data, htmx):
    options = {f"option-{name}": ODD for name in ("direction", "sealed_buio", "trump_may_always_cut", "double_one",
                                                  "scheme", "target", "honours", "laws")}
    body = draw_form(data, {"variant": st.sampled_from(VARIANT_IDS), "player": st.sampled_from(PLAYERS4 + [""]),
                            "first_dealer": NUMBER, "rules_name": SHORT_TEXT, "replace": SHORT_TEXT, "rules": ODD,
                            **options})
    sent(Pool(lambda: Database(app)), lambda _: app.test_client().post(
        "/new", data=body, content_type="application/x-www-form-urlencoded",
        headers={"HX-Request": "true"} if htmx else {}), f"POST /new {body[:300]!r}")


@FORMS
@given(data=st.data(), role=GAME_ROLES, htmx=st.booleans())
def test_fuzz_bid_form(subjects, data, role, htmx):
    body = draw_form(data, {"seat": NUMBER, "hand": NUMBER, "bid": NUMBER, "version": NUMBER})
    post(subjects, lambda s: f"/g/{s.id}/{s.game_key(role)}/bid", body, htmx)


@FORMS
@given(data=st.data(), role=GAME_ROLES, number=st.integers(-1, 30), htmx=st.booleans())
def test_fuzz_hand_form(subjects, data, role, number, htmx):
    body = draw_form(data, HAND_FIELDS)
    post(subjects, lambda s: f"/g/{s.id}/{s.game_key(role)}/hands/{number}", body, htmx)


@FORMS
@given(data=st.data(), role=GAME_ROLES, htmx=st.booleans())
def test_fuzz_undo_and_rotate_forms(subjects, data, role, htmx):
    body = draw_form(data, {"role": st.sampled_from(["scorer", "view", "seat"]), "seat": NUMBER})
    action = data.draw(st.sampled_from(["undo", "rotate", "end", "rematch"]))
    post(subjects, lambda s: f"/g/{s.id}/{s.game_key(role)}/{action}", body, htmx)


@FORMS
@given(data=st.data(), role=GAME_ROLES, number=st.integers(-1, 30), htmx=st.booleans())
def test_fuzz_confirm_and_reopen_forms(subjects, data, role, number, htmx):
    body = draw_form(data, {"version": NUMBER, "seat": NUMBER})
    action = data.draw(st.sampled_from(["confirm", "reopen", "confirm-for"]))  # confirm-for: the table's phone (#35)
    post(subjects, lambda s: f"/g/{s.id}/{s.game_key(role)}/hands/{number}/{action}", body, htmx)


@FORMS
@given(data=st.data(), role=GAME_ROLES, token=st.one_of(st.just("real"), SHORT_TEXT), take=st.booleans())
def test_fuzz_hand_over_forms(subjects, data, role, token, take):
    """Handing the scoring over (#35): asked by any link, taken with a real one-time token or junk: never a 5xx, a
    refusal changes nothing."""
    body = draw_form(data, {"role": ODD})
    if not take:
        post(subjects, lambda s: f"/g/{s.id}/{s.game_key(role)}/handover", body)
        return

    def url(subject):
        if token != "real":
            return f"/g/{subject.id}/take/{quote(token, safe='') or 'x'}"
        shared = subject.api.client.post(f"/g/{subject.id}/{subject.keys['scorer']}/handover").get_data(as_text=True)
        return re.search(r"/g/[\w-]+/take/[\w-]+", shared)[0]
    post(subjects, url, body)


# --------------------------------------------------------------------------------------------
# Tournament pages
# --------------------------------------------------------------------------------------------
@FORMS
@given(data=st.data())
def test_fuzz_new_tournament_form(app, data):
    body = draw_form(data, {"name": st.sampled_from(["Torneo", ""]), "scheme": st.sampled_from(["ridotto", "x"])})
    sent(Pool(lambda: Database(app)), lambda _: app.test_client().post(
        "/tournaments/new", data=body, content_type="application/x-www-form-urlencoded"),
        f"POST /tournaments/new {body[:300]!r}")


@FORMS
@given(data=st.data(), role=FORM_TOURNAMENT_ROLES, action=st.sampled_from(["games", "join"]), link=st.booleans())
def test_fuzz_partita_forms(tournament_subjects, data, role, action, link):
    fields = dict(PARTITA_FIELDS)
    if link:
        fields["link"] = st.sampled_from(["https://x/g/abc/def", "", "/g/", "x" * 300])
    body = draw_form(data, fields)
    post(tournament_subjects, lambda s: f"/t/{s.tournament}/{s.tournament_key(role)}/{action}", body)


@FORMS
@given(data=st.data(), role=FORM_TOURNAMENT_ROLES, which=st.sampled_from(["partita", "game", "other"]))
def test_fuzz_remove_and_rotate_tournament_forms(tournament_subjects, data, role, which):
    body = draw_form(data, {"role": st.sampled_from(["organiser", "view", "join"])})
    if data.draw(st.booleans()):
        post(tournament_subjects, lambda s: f"/t/{s.tournament}/{s.tournament_key(role)}/rotate", body)
    else:
        post(tournament_subjects, lambda s: f"/t/{s.tournament}/{s.tournament_key(role)}/games/"
                                 f"{ {'partita': s.partita, 'game': s.id, 'other': 'nope'}[which] }/remove", body)


class SeatedEvening:
    """A club evening seated by the app (9 players, 2 rounds): its seating forms under fuzz (#21)."""

    def __init__(self, api, app):
        self.api, self.app = api, app
        made = ok(api.client.post("/api/v1/tournaments", json={"name": "Serata"}), 201)
        self.tournament, self.tkeys = made["id"], made["keys"]
        ok(api.client.put(f"/api/v1/tournaments/{self.tournament}/roster", json={"players": NINE, "rounds": 2},
                          headers=self.headers()))

    def tournament_key(self, role: str) -> str:
        if role == "player":  # Anna's own link (#35)
            roster = self.api.client.get(f"/api/v1/tournaments/{self.tournament}", headers=self.headers())
            return roster.get_json()["seating"]["roster"][0]["key"]
        return self.tkeys.get(role, "not-a-key")

    def headers(self) -> dict:
        return {"Authorization": f"Bearer {self.tkeys['organiser']}"}

    def state(self):
        tournament = self.api.client.get(f"/api/v1/tournaments/{self.tournament}", headers=self.headers())
        assert tournament.status_code == 200
        return db_counts(self.app), tournament.get_json()


NINE = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo", "Vera"]
SEATING_FIELDS = {"players": st.sampled_from(["\n".join(NINE), "Anna\nBruno", "Anna\nanna\nB\nC", "", "x" * 300,
                                              "\n".join(f"P{i}" for i in range(61))]),
                  "rounds": NUMBER, "round": NUMBER, "table": st.sampled_from(["A", "b", "C", "Z", ""]), "seat": NUMBER,
                  **{name: st.sampled_from(NINE + ["anna ", "Nessuno", ""]) for name in ("player", "first", "second")}}


@pytest.fixture
def evenings(api, app):
    return Pool(lambda: SeatedEvening(api, app))


@FORMS
@given(data=st.data(), role=st.one_of(FORM_TOURNAMENT_ROLES, st.just("player")),
       action=st.sampled_from(["seating", "seating/withdraw", "seating/arrive", "seating/swap", "seating/start",
                               "seating/mine", "seating/links", "seating/claim"]))
def test_fuzz_seating_forms(evenings, data, role, action):
    body = draw_form(data, SEATING_FIELDS)
    post(evenings, lambda s: f"/t/{s.tournament}/{s.tournament_key(role)}/{action}", body)


SEASON_ROLES = st.sampled_from(["organiser", "organiser", "view", "none"])


@FORMS
@given(data=st.data())
def test_fuzz_new_season_form(app, data):
    body = draw_form(data, {"name": st.sampled_from(["Stagione", "", "x" * 61])})
    sent(Pool(lambda: Database(app)), lambda _: app.test_client().post(
        "/seasons/new", data=body, content_type="application/x-www-form-urlencoded"),
        f"POST /seasons/new {body[:300]!r}")


@pytest.fixture
def seasons(api, app):
    return Pool(lambda: Season(api, app))


@FORMS
@given(data=st.data(), role=SEASON_ROLES, which=st.sampled_from(["inside", "outside", "other"]),
       action=st.sampled_from(["add", "remove", "rotate"]), htmx=st.booleans())
def test_fuzz_season_forms(seasons, data, role, which, action, htmx):
    """Adding a tournament by its link, taking one out, replacing a link: never a 5xx, a refusal changes nothing."""
    def tournament(s):
        return {"inside": s.inside, "outside": s.outside}.get(which, {"id": "nope", "keys": {"view": "nope"}})
    if action == "rotate":
        body = draw_form(data, {"role": st.sampled_from(["organiser", "view", "join", ""])})
        post(seasons, lambda s: f"/s/{s.id}/{s.key(role)}/rotate", body, htmx)
    elif action == "remove":
        body = draw_form(data, {"link": ODD})  # the remove button posts nothing: anything sent is ignored
        post(seasons, lambda s: f"/s/{s.id}/{s.key(role)}/tournaments/{tournament(s)['id']}/remove", body)
    else:
        body = draw_form(data, {"link": st.sampled_from(["https://x/t/abc/def", "", "/t/", "x" * 300])})
        post(seasons, lambda s: f"/s/{s.id}/{s.key(role)}/tournaments", body)
        real = tournament(seasons.get())  # the subject the next request goes to: its tournament's real link
        link = draw_form(data, {"link": st.just(f"https://club.example/t/{real['id']}/{real['keys']['view']}")})
        post(seasons, lambda s: f"/s/{s.id}/{s.key(role)}/tournaments", link)
@FORMS
@given(role=FORM_TOURNAMENT_ROLES, which=st.sampled_from(["partita", "game", "other"]), number=st.integers(-1, 30))
def test_fuzz_organiser_reopen_form(tournament_subjects, role, which, number):
    def url(s):
        game = {"partita": s.partita, "game": s.id, "other": "nope"}[which]
        return f"/t/{s.tournament}/{s.tournament_key(role)}/games/{game}/hands/{number}/reopen"
    post(tournament_subjects, url, b"")


class Club:
    """A club of three players, one with their own link (#37)."""

    def __init__(self, api, app):
        self.api, self.app = api, app
        made = api.client.post("/clubs/new", data={"name": "Fuzz"})
        assert made.status_code == 303
        _, _, self.id, organiser = made.location.split("/")
        for name in ("Alessandra", "Bartolomeo", "Costanza"):
            assert api.client.post(f"{made.location}/players", data={"name": name}).status_code == 303
        assert api.client.get(f"{made.location}/players/1/link").status_code == 200
        self.keys = dict(self.live())
        self.keys["player"] = next(key for role, key in self.live(players=True) if role == "player")

    def live(self, players: bool = False) -> list:
        with sqlite3.connect(self.app.config["SCOREKEEPER_DATABASE"]) as conn:
            return conn.execute("SELECT role, key FROM club_keys WHERE club_id = ? AND revoked_at IS NULL AND "
                                f"player IS {'NOT' if players else ''} NULL ORDER BY role", [self.id]).fetchall()

    def key(self, role: str) -> str:
        return self.keys.get(role, "not-a-key")

    def state(self):
        with sqlite3.connect(self.app.config["SCOREKEEPER_DATABASE"]) as conn:  # the roster, every live link
            roster = conn.execute("SELECT * FROM club_players WHERE club_id = ? ORDER BY number", [self.id]).fetchall()
            clubs = conn.execute("SELECT count(*) FROM clubs").fetchone()
        return db_counts(self.app), roster, clubs, self.live(), self.live(players=True)


@pytest.fixture
def club_subjects(api, app):
    return Pool(lambda: Club(api, app))


CLUB_ROLES = st.sampled_from(["organiser", "organiser", "organiser", "view", "player", "none"])
NAMES = st.sampled_from(["Ilaria", "costanzà", "ALESSANDRA", "", " ", "x" * 41, "Zeno", "\x00"])


@FORMS
@given(data=st.data())
def test_fuzz_new_club_form(app, data):
    body = draw_form(data, {"name": st.sampled_from(["Circolo", "", "x" * 61, "\x07"])})
    sent(Pool(lambda: Database(app)), lambda _: app.test_client().post(
        "/clubs/new", data=body, content_type="application/x-www-form-urlencoded"),
        f"POST /clubs/new {body[:300]!r}")


@FORMS
@given(data=st.data(), role=CLUB_ROLES, number=st.sampled_from(["1", "2", "3", "0", "99", "-1", "x"]),
       action=st.sampled_from(["players", "edit", "remove", "link", "rotate", "hide"]), htmx=st.booleans())
def test_fuzz_club_forms(club_subjects, data, role, number, action, htmx):
    """The roster's forms and the links' (#37): never a 5xx, a refusal changes nothing (the roster, the links)."""
    if action == "rotate":
        body = draw_form(data, {"role": st.sampled_from(["organiser", "view", "player", ""])})
        post(club_subjects, lambda s: f"/c/{s.id}/{s.key(role)}/rotate", body, htmx)
    elif action == "players":
        body = draw_form(data, {"name": NAMES, "nickname": st.sampled_from(["", "Leo", "x" * 21, "\t"])})
        post(club_subjects, lambda s: f"/c/{s.id}/{s.key(role)}/players", body)
    else:
        fields = {"name": NAMES, "nickname": st.sampled_from(["", "Leo"])} if action == "edit" else {
            "hidden": st.sampled_from(["1", "0", "", "yes"])} if action == "hide" else {"x": ODD}
        post(club_subjects, lambda s: f"/c/{s.id}/{s.key(role)}/players/{number}/{action}", draw_form(data, fields))


@pytest.fixture
def club_game_subjects(api, app):
    return Pool(lambda: ClubGames(api, app))


class ClubGames:
    """A club (#37) of four players with a game and an evening in it, and a home game and an evening in no club yet."""

    def __init__(self, api, app):
        self.api, self.app = api, app
        db = store.connect(app.config["SCOREKEEPER_DATABASE"])
        try:
            self.id, self.keys = clubs.create(db, "Fuzz")
            who = clubs.authorize(db, self.id, self.keys["organiser"])
            self.home, self.inside = api.game(), api.game()
            clubs.add_game(db, who, self.inside["id"], self.inside["keys"]["scorer"], ["new"] * 4)
            self.evening, self.counted = (Tournament(api, app) for _ in range(2))
            clubs.add_evening(db, who, self.counted.id, self.counted.key("organiser"), [1, 2, 3, 4])
        finally:
            db.conn.close()

    def key(self, role: str) -> str:
        return self.keys.get(role, "not-a-key")

    def links(self) -> list[str]:
        """What an organiser may paste: the games' and evenings' links of every kind, the club's own."""
        games = [f"https://club.example/g/{g['id']}/{g['keys'][r]}" for g in (self.home, self.inside)
                 for r in ("scorer", "view")]
        evenings = [f"/t/{t.id}/{t.key(r)}" for t in (self.evening, self.counted) for r in ("organiser", "view")]
        return games + evenings + [f"/c/{self.id}/{self.key(r)}" for r in ("organiser", "view")]

    def state(self):
        with sqlite3.connect(self.app.config["SCOREKEEPER_DATABASE"]) as conn:
            rows = conn.execute("SELECT (SELECT count(*) FROM club_games), (SELECT count(*) FROM club_game_seats), "
                                "(SELECT count(*) FROM club_evenings), (SELECT count(*) FROM club_evening_names), "
                                "(SELECT group_concat(name) FROM club_players)").fetchone()
        return db_counts(self.app), rows


CLUB_FORMS = ["games", "games/match", "evenings", "evenings/match", "games/{inside}/remove",
              "evenings/{counted}/remove", "new", "sheet"]


@FORMS
@given(data=st.data(), role=CLUB_ROLES, action=st.sampled_from(CLUB_FORMS))
def test_fuzz_club_games_forms(club_game_subjects, data, role, action):
    """A club's games and evenings (#37): any link pasted, any matching, any roster picked, with any of the club's
    links or the game's: never a 5xx, and a refusal changes nothing."""
    club = club_game_subjects.get()
    picked = st.sampled_from(["1", "2", "3", "4", "new", "", "0", "99", "x"])
    body = draw_form(data, {"link": st.sampled_from(club.links()), "club": st.sampled_from(club.links()),
                            "player": picked, "variant": st.sampled_from(["wist", "piquet", "nope"]),
                            "order": st.sampled_from(["4 3 2 1", "1 2", ""]), "first_dealer": picked})
    if action == "sheet":  # the game's side: the scorer's, the view's or no link, pasting a club's
        key = {"organiser": club.home["keys"]["scorer"], "view": club.home["keys"]["view"]}.get(role, "x")
        post(club_game_subjects, lambda c: f"/g/{c.home['id']}/{key}/club", body)
    else:
        path = action.format(inside=club.inside["id"], counted=club.counted.id)
        post(club_game_subjects, lambda c: f"/c/{c.id}/{c.key(role)}/{path}", body)


FUZZED = {"/new", "/g/<game_id>/<key>/bid", "/g/<game_id>/<key>/hands/<int:number>", "/g/<game_id>/<key>/undo",
          "/g/<game_id>/<key>/rotate", "/g/<game_id>/<key>/end", "/tournaments/new", "/t/<tournament_id>/<key>/games",
          "/t/<tournament_id>/<key>/join", "/t/<tournament_id>/<key>/games/<game_id>/remove",
          "/t/<tournament_id>/<key>/rotate", "/g/<game_id>/<key>/rematch", "/forget/<kind>/<item_id>", "/import",
          "/t/<tournament_id>/<key>/seating", "/t/<tournament_id>/<key>/seating/withdraw",
          "/t/<tournament_id>/<key>/seating/arrive", "/t/<tournament_id>/<key>/seating/swap",
          "/t/<tournament_id>/<key>/seating/start", "/t/<tournament_id>/<key>/seating/mine",
          "/t/<tournament_id>/<key>/seating/links", "/t/<tournament_id>/<key>/seating/claim",
          "/g/<game_id>/<key>/hands/<int:number>/confirm-for", "/g/<game_id>/<key>/handover",
          "/g/<game_id>/take/<token>",
          "/seasons/new", "/s/<season_id>/<key>/tournaments", "/s/<season_id>/<key>/tournaments/<tournament_id>/remove",
          "/s/<season_id>/<key>/rotate",
          "/g/<game_id>/<key>/hands/<int:number>/confirm", "/g/<game_id>/<key>/hands/<int:number>/reopen",
          "/t/<tournament_id>/<key>/games/<game_id>/hands/<int:number>/reopen",
          "/house-rules/<set_id>/start", "/house-rules/<set_id>/delete", "/g/<game_id>/<key>/house-rules",
          "/clubs/new", "/c/<club_id>/<key>/players", "/c/<club_id>/<key>/players/<int:number>/edit",
          "/c/<club_id>/<key>/players/<int:number>/remove", "/c/<club_id>/<key>/players/<int:number>/link",
          "/c/<club_id>/<key>/rotate", "/c/<club_id>/<key>/players/<int:number>/hide",
          "/c/<club_id>/<key>/games", "/c/<club_id>/<key>/games/match", "/c/<club_id>/<key>/evenings",
          "/c/<club_id>/<key>/evenings/match", "/c/<club_id>/<key>/games/<game_id>/remove",
          "/c/<club_id>/<key>/evenings/<tournament_id>/remove", "/c/<club_id>/<key>/new", "/g/<game_id>/<key>/club"}


class SavedRules:
    """A phone (a test client, its device cookie) with rules saved from a new game, and another phone's rules (#23)."""

    def __init__(self, app):
        self.app, self.client = app, app.test_client()
        self.game_id, self.key, self.set_id = self._saved(self.client, "Casa Rossi")
        self.other = self._saved(app.test_client(), "Casa Bianchi")[2]

    @staticmethod
    def _saved(client, name: str) -> tuple[str, str, str]:
        made = client.post("/new", data={"variant": "wist", "player": PLAYERS4, "first_dealer": "0",
                                         "rules_name": name})
        game_id, key = made.headers["Location"].split("/")[-2:]
        set_id = re.search(r'/house-rules/([^/"]+)/start', client.get("/new").get_data(as_text=True)).group(1)
        return game_id, key, set_id

    def state(self):
        with sqlite3.connect(self.app.config["SCOREKEEPER_DATABASE"]) as conn:
            return db_counts(self.app), conn.execute("SELECT * FROM house_rules ORDER BY id").fetchall()


@pytest.fixture
def saved_rules(app):
    return Pool(lambda: SavedRules(app))


SET_IDS = st.one_of(st.sampled_from(["own", "own", "other", "x" * 300]), SHORT_TEXT)


@FORMS
@given(which=SET_IDS, action=st.sampled_from(["start", "delete"]), data=st.data())
def test_fuzz_house_rules_forms(saved_rules, which, action, data):
    """Starting a game from saved rules or deleting them, with this phone's set, another phone's or junk: never a
    5xx; a refusal changes nothing, another phone's set included."""
    body = draw_form(data, {"next": st.one_of(SHORT_TEXT, st.just("//evil.example"))})

    def send(subject):
        set_id = {"own": subject.set_id, "other": subject.other}.get(which, which)
        return subject.client.post(f"/house-rules/{quote(set_id, safe='') or 'x'}/{action}", data=body,
                                   content_type="application/x-www-form-urlencoded")

    response = sent(saved_rules, send, f"POST {action} {which!r}")
    if which == "other":
        assert response.status_code == 404
    elif which != "own":  # junk: no such set (an id with a "/" in it is a path werkzeug tidies first: 308)
        assert response.status_code in (404, 308)


@FORMS
@given(role=st.sampled_from(["scorer", "scorer", "view", "none"]), data=st.data())
def test_fuzz_save_rules_form(saved_rules, role, data):
    """The sheet's "Save these rules": any name, any confirmation, any key: never a 5xx; a refusal changes nothing."""
    body = draw_form(data, {"rules_name": st.one_of(SHORT_TEXT, st.sampled_from(["Casa Rossi", "casa ROSSI"])),
                            "replace": st.one_of(SHORT_TEXT, st.just("Casa Rossi"))})

    def send(subject):
        key = {"scorer": subject.key, "view": "not-a-key"}.get(role, "x")
        return subject.client.post(f"/g/{subject.game_id}/{key}/house-rules", data=body,
                                   content_type="application/x-www-form-urlencoded")

    sent(saved_rules, send, f"POST save {body[:200]!r}")


@FORMS
@given(upload=st.one_of(st.binary(max_size=200), SHORT_TEXT.map(str.encode)), name=st.sampled_from(["file", "other"]),
       multipart=st.booleans())
def test_fuzz_import_form(app, upload, name, multipart):
    """An uploaded file of junk (or none, or not as a file): refused with a page, nothing created."""
    from io import BytesIO
    before = db_counts(app)
    client = app.test_client()
    if multipart:
        response = client.post("/import", data={name: (BytesIO(upload), "game.csv")},
                               content_type="multipart/form-data")
    else:
        response = client.post("/import", data=upload, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 422 and "Line " in response.get_data(as_text=True)
    assert db_counts(app) == before


@FORMS
@given(kind=st.one_of(st.sampled_from(["game", "tournament"]), SHORT_TEXT),
       item=st.one_of(SHORT_TEXT, st.just("x" * 300)))
def test_fuzz_forget_form(app, kind, item):
    """Taking something off this phone's list: never a 5xx, and no game or tournament changes."""
    before = db_counts(app)
    response = app.test_client().post(f"/forget/{quote_plus(kind) or 'x'}/{quote_plus(item) or 'x'}")
    assert response.status_code < 500
    assert db_counts(app)[:3] == before[:3]


def test_every_page_form_is_fuzzed(app):
    posted = {rule.rule for rule in app.url_map.iter_rules()
              if not rule.rule.startswith("/api/") and rule.methods & {"POST", "PUT", "PATCH", "DELETE"}}
    assert posted == FUZZED
