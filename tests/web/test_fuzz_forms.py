"""Random form posts to every page that takes one (issue 8): never a 5xx, and a refused post (4xx)
leaves every game and tournament exactly as it was.

The bodies are url-encoded by hand from text or raw bytes, so anything a browser (or something
pretending to be one) can send goes on the wire: control characters, invalid UTF-8, percent-encoded
lone surrogates, repeated and unknown fields. `test_every_page_form_is_fuzzed` keeps the list of
routes here in step with the app's.
"""
from __future__ import annotations

from urllib.parse import quote_plus

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import PLAYERS4
from tests.module_app import api, app, client  # noqa: F401  (one database per module)
from tests.web.test_fuzz_writes import VARIANT_IDS, VARIANTS_UNDER_FUZZ, Pool, db_counts, ok

FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))

ODD = st.sampled_from(["", " ", "0", "1", "3", "13", "-1", "99999", "on", "draw", "H", "NT", "x" * 300, "\x00",
                       "\t\n", "\u202e", "😀", "view", "scorer", "seat", "join", "organiser", "ridotto", "completo",
                       "٣", "①", "1e3", "0x1"])
TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=20)
RAW = st.one_of(st.binary(max_size=12), st.sampled_from([b"\xed\xa0\x80", b"\xff", b"\xc0\xaf", b"A\x00B"]))
VALUE = st.one_of(ODD, ODD, TEXT, RAW)
JUNK = st.lists(st.tuples(st.one_of(TEXT, st.sampled_from(["player", "seat", "hand", "role", "link"])), VALUE),
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
    subject = pool.get()
    url = url(subject) if callable(url) else url
    before = subject.state()
    headers = {"HX-Request": "true"} if htmx else {}
    response = subject.api.client.post(url, data=body, content_type="application/x-www-form-urlencoded",
                                       headers=headers)
    assert response.status_code < 500, (url, body[:300], response.get_data(as_text=True)[:500])
    if response.status_code >= 400:
        assert subject.state() == before, (url, body[:300], response.status_code)
    else:
        pool.spoil()
    return response


FAMILIES = [v for v in VARIANTS_UNDER_FUZZ if v[0] in ("whist-torneo", "whist-classico")]  # one of each family


@pytest.fixture(params=FAMILIES, ids=[v[0] for v in FAMILIES])
def subjects(request, api, app):
    return Pool(lambda: Subject(api, app, request.param))


@pytest.fixture
def tournament_subjects(api, app):
    return Pool(lambda: Subject(api, app, FAMILIES[0]))


GAME_ROLES = st.sampled_from(["scorer", "scorer", "scorer", "view", "seat", "none"])
TOURNAMENT_ROLES = st.sampled_from(["organiser", "organiser", "join", "view", "none"])
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
@FUZZ
@given(data=st.data(), htmx=st.booleans())
def test_fuzz_new_game_form(api, app, data, htmx):
    options = {f"option-{name}": ODD for name in ("direction", "sealed_buio", "trump_may_always_cut", "double_one",
                                                  "scheme", "target", "honours", "laws")}
    body = draw_form(data, {"variant": st.sampled_from(VARIANT_IDS), "player": st.sampled_from(PLAYERS4 + [""]),
                            "first_dealer": NUMBER, **options})
    before = db_counts(app)
    response = app.test_client().post("/new", data=body, content_type="application/x-www-form-urlencoded",
                                      headers={"HX-Request": "true"} if htmx else {})
    assert response.status_code < 500, (body, response.get_data(as_text=True)[:500])
    if response.status_code >= 400:
        assert db_counts(app) == before


@FUZZ
@given(data=st.data(), role=GAME_ROLES, htmx=st.booleans())
def test_fuzz_bid_form(subjects, data, role, htmx):
    body = draw_form(data, {"seat": NUMBER, "hand": NUMBER, "bid": NUMBER, "version": NUMBER})
    post(subjects, lambda s: f"/g/{s.id}/{s.game_key(role)}/bid", body, htmx)


@FUZZ
@given(data=st.data(), role=GAME_ROLES, number=st.integers(-1, 30), htmx=st.booleans())
def test_fuzz_hand_form(subjects, data, role, number, htmx):
    body = draw_form(data, HAND_FIELDS)
    post(subjects, lambda s: f"/g/{s.id}/{s.game_key(role)}/hands/{number}", body, htmx)


@FUZZ
@given(data=st.data(), role=GAME_ROLES, htmx=st.booleans())
def test_fuzz_undo_and_rotate_forms(subjects, data, role, htmx):
    body = draw_form(data, {"role": st.sampled_from(["scorer", "view", "seat"]), "seat": NUMBER})
    action = data.draw(st.sampled_from(["undo", "rotate", "end", "rematch"]))
    post(subjects, lambda s: f"/g/{s.id}/{s.game_key(role)}/{action}", body, htmx)


# --------------------------------------------------------------------------------------------
# Tournament pages
# --------------------------------------------------------------------------------------------
@FUZZ
@given(data=st.data())
def test_fuzz_new_tournament_form(app, data):
    body = draw_form(data, {"name": st.sampled_from(["Torneo", ""]), "scheme": st.sampled_from(["ridotto", "x"])})
    before = db_counts(app)
    response = app.test_client().post("/tournaments/new", data=body,
                                      content_type="application/x-www-form-urlencoded")
    assert response.status_code < 500, (body, response.get_data(as_text=True)[:500])
    if response.status_code >= 400:
        assert db_counts(app) == before


@FUZZ
@given(data=st.data(), role=TOURNAMENT_ROLES, action=st.sampled_from(["games", "join"]), link=st.booleans())
def test_fuzz_partita_forms(tournament_subjects, data, role, action, link):
    fields = dict(PARTITA_FIELDS)
    if link:
        fields["link"] = st.sampled_from(["https://x/g/abc/def", "", "/g/", "x" * 300])
    body = draw_form(data, fields)
    post(tournament_subjects, lambda s: f"/t/{s.tournament}/{s.tournament_key(role)}/{action}", body)


@FUZZ
@given(data=st.data(), role=TOURNAMENT_ROLES, which=st.sampled_from(["partita", "game", "other"]))
def test_fuzz_remove_and_rotate_tournament_forms(tournament_subjects, data, role, which):
    body = draw_form(data, {"role": st.sampled_from(["organiser", "view", "join"])})
    if data.draw(st.booleans()):
        post(tournament_subjects, lambda s: f"/t/{s.tournament}/{s.tournament_key(role)}/rotate", body)
    else:
        post(tournament_subjects, lambda s: f"/t/{s.tournament}/{s.tournament_key(role)}/games/"
                                 f"{ {'partita': s.partita, 'game': s.id, 'other': 'nope'}[which] }/remove", body)


FUZZED = {"/new", "/g/<game_id>/<key>/bid", "/g/<game_id>/<key>/hands/<int:number>", "/g/<game_id>/<key>/undo",
          "/g/<game_id>/<key>/rotate", "/g/<game_id>/<key>/end", "/tournaments/new", "/t/<tournament_id>/<key>/games",
          "/t/<tournament_id>/<key>/join", "/t/<tournament_id>/<key>/games/<game_id>/remove",
          "/t/<tournament_id>/<key>/rotate", "/g/<game_id>/<key>/rematch", "/forget/<kind>/<item_id>", "/import"}


@FUZZ
@given(upload=st.one_of(st.binary(max_size=200), TEXT.map(str.encode)), name=st.sampled_from(["file", "other"]),
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


@FUZZ
@given(kind=st.one_of(st.sampled_from(["game", "tournament"]), TEXT), item=st.one_of(TEXT, st.just("x" * 300)))
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
