"""Creations counted (#33): a CSV import takes at most a phone's list of games and counts one creation a game,
written a few games at a time while the worker's other requests get through; and every route that creates a
game, a tournament or a season counts as a creation ("Play again" did not)."""
from __future__ import annotations

import io
import re
import sqlite3
import threading
import urllib.request

from scorekeeper.formats import csvexport
from scorekeeper.store import turns
from scorekeeper.rules import new_game
from scorekeeper.service import clubs
from scorekeeper.service.phones import MAX_GAMES
from scorekeeper.store import db as store
from tests.conftest import PLAYERS4, Api, count_rows, make_app
from tests.web.production import Gunicorn
from tests.web.sse import new_game as sse_game
from tests.web.sse import request

CSV = {"Content-Type": "text/csv"}
PIQUET_DEAL = {"point": [5, 0], "sets": [0, 3], "trick_winners": [0] * 7 + [1] * 5}


def tiny_games(count: int) -> tuple[bytes, int]:
    """A file of `count` games of one Piquet deal each, as "Download all games" writes it (each game's rows
    follow each other), and how many rows a game has."""
    state = new_game("piquet", ["Ann", "Bob"], 1, {}).apply({"type": "hand", "hand": 1, **PIQUET_DEAL})
    rows = [row for number in range(count) for row in csvexport.cells(f"game{number:05d}", state, False)]
    return csvexport.text(csvexport.GAME_COLUMNS, rows).encode(), len(rows) // count


def first_games(body: bytes, count: int) -> bytes:
    """The file of `tiny_games` cut after its first `count` games."""
    return body[:body.index(b"\r\n" + f"game{count:05d}".encode()) + 2]


def page_import(client, body: bytes):
    return client.post("/import", data={"file": (io.BytesIO(body), "segnapunti-games.csv")},
                       content_type="multipart/form-data")


# -- at most a phone's list of games in one file ------------------------------------------------------------------
def test_a_file_of_more_games_than_a_phone_lists_is_refused_whole(app, client):
    body, rows = tiny_games(MAX_GAMES + 1)
    before = count_rows(app)
    refused = client.post("/api/v1/games/import", data=body, headers=CSV)
    assert refused.status_code == 422 and count_rows(app) == before
    error = refused.get_json()["error"]
    assert error["code"] == "invalid_csv" and error["line"] == 2 + MAX_GAMES * rows  # where game 1,001 starts
    assert error["message"] == (f"Line {error['line']}: a file holds at most 1000 games (as many as a phone's list "
                                "keeps): import it in parts.")
    page = page_import(client, body)
    assert page.status_code == 422 and "a file holds at most 1000 games" in page.get_data(as_text=True)
    assert count_rows(app) == before == 0
    italian = client.post("/api/v1/games/import", data=body, headers={**CSV, "Accept-Language": "it"})
    assert "un file contiene al massimo 1000 partite" in italian.get_json()["error"]["message"]
    # A thousand: every one made, the answer as documented (the first game's, then `games`, each whole).
    whole = first_games(body, MAX_GAMES)
    made = client.post("/api/v1/games/import", data=whole, headers=CSV)
    assert made.status_code == 201 and count_rows(app) == before + MAX_GAMES
    answer = made.get_json()
    assert len(answer["games"]) == MAX_GAMES and answer["games"][0]["id"] == answer["id"]
    assert set(answer["games"][-1]) == {"id", "variant", "version", "keys", "links", "game"}


# -- one creation a game ----------------------------------------------------------------------------------------
def test_a_file_of_n_games_needs_n_creations_left(tmp_path):
    app = make_app(tmp_path)
    client = app.test_client()
    five, _ = tiny_games(5)
    app.config.update(RATE_LIMIT_CREATE="5/hour")
    assert Api(client).create().status_code == 201   # 4 creations left
    before = count_rows(app)
    refused = client.post("/api/v1/games/import", data=five, headers=CSV)
    assert refused.status_code == 429 and count_rows(app) == before
    assert 1 <= int(refused.headers["Retry-After"]) <= 3600
    error = refused.get_json()["error"]
    assert error["code"] == "rate_limited"
    assert error["message"].startswith("This file holds 5 games, but only 3 more new games may be started from "
                                       "this device now")   # the refused request took its one
    page = page_import(client, five)
    assert page.status_code == 429 and int(page.headers["Retry-After"]) >= 1 and count_rows(app) == before
    assert "This file holds 5 games, but only 2 more" in page.get_data(as_text=True)
    made = client.post("/api/v1/games/import", data=first_games(five, 2), headers=CSV)   # the two left
    assert made.status_code == 201 and len(made.get_json()["games"]) == 2 and count_rows(app) == before + 2
    assert Api(client).create().status_code == 429   # all five spent: one game, the refusals' two, the file's two


def test_an_import_sent_again_with_its_key_counts_once(tmp_path):
    """A retry makes nothing: it costs the one creation of its request, not one a game."""
    app = make_app(tmp_path)
    client = app.test_client()
    body, _ = tiny_games(3)
    app.config.update(RATE_LIMIT_CREATE="4/hour")
    once = {**CSV, "Idempotency-Key": "three-games-0123456789"}
    first = client.post("/api/v1/games/import", data=body, headers=once)
    again = client.post("/api/v1/games/import", data=body, headers=once)
    assert (first.status_code, again.status_code) == (201, 201) and again.headers["Idempotent-Replayed"] == "true"
    assert [g["id"] for g in again.get_json()["games"]] == [g["id"] for g in first.get_json()["games"]]
    assert Api(client).create().status_code == 429


def finished_piquet(api) -> dict:
    """A Piquet partie of six deals, over."""
    game = api.game(variant="piquet", players=["Ann", "Bob"], first_dealer=1)
    for number in range(1, 7):
        assert api.hand(game["id"], game["keys"]["scorer"], number, PIQUET_DEAL).status_code == 200
    assert api.get(game["id"], game["keys"]["scorer"]).get_json()["status"] == "finished"
    return game


def test_play_again_counts_as_a_creation(app, client):
    done = finished_piquet(Api(client))
    app.config.update(RATE_LIMIT_CREATE="3/hour")
    before = count_rows(app)
    answers = [client.post(f"/g/{done['id']}/{done['keys']['scorer']}/rematch") for _ in range(4)]
    assert [answer.status_code for answer in answers] == [303, 303, 303, 429]
    assert int(answers[-1].headers["Retry-After"]) >= 1 and count_rows(app) == before + 3


# -- a few games at a time, the others let through ---------------------------------------------------------------
def imported(app) -> int:
    """How many games imports have stored."""
    with sqlite3.connect(app.config["SCOREKEEPER_DATABASE"]) as db:
        return db.execute("SELECT count(*) FROM events WHERE seq = 1 AND payload LIKE '%\"imported\":%'").fetchone()[0]


class Turns:
    """Stands in for gevent at `turns.give_way`: each turn the import gives, notes whether the database's write
    lock was free (no write unit open) and how many games were imported by then, and once some were, lets
    another request in when it was free (`other()`: its answer, or None when it sent none)."""

    def __init__(self, app, monkeypatch, other=None):
        self.app, self.other, self.seen, self.answers = app, other, [], []
        self.before, self.busy = count_rows(app), False
        monkeypatch.setattr(turns, "monkey", self)
        monkeypatch.setattr(turns, "time", self)

    @staticmethod
    def is_module_patched(name: str) -> bool:
        return name == "time"

    def sleep(self, seconds: float) -> None:
        if self.busy:  # the other request's own turns
            return
        probe = sqlite3.connect(self.app.config["SCOREKEEPER_DATABASE"], timeout=0)
        try:
            probe.execute("BEGIN IMMEDIATE")
            probe.execute("ROLLBACK")
            free = True
        except sqlite3.OperationalError:
            free = False
        finally:
            probe.close()
        stored = imported(self.app)
        self.seen.append((free, stored))
        if free and stored and self.other is not None:
            self.busy = True
            try:
                answer = self.other()
            finally:
                self.busy = False
            if answer is not None:
                self.answers.append(answer)


def test_an_import_writes_a_few_games_at_a_time_and_lets_other_requests_in(app, client, monkeypatch):
    count = 400
    body, _ = tiny_games(count)
    other = app.test_client()
    watch = Turns(app, monkeypatch, lambda: Api(other).create())
    response = client.post("/api/v1/games/import", data=body, headers=CSV)
    assert response.status_code == 201 and len(response.get_json()["games"]) == count
    assert all(free for free, _ in watch.seen)  # no turn is ever given with the write lock held
    between = [stored for _, stored in watch.seen if 0 < stored < count]
    assert len(between) >= 3   # several write units, a turn after each
    assert [answer.status_code for answer in watch.answers] == [201] * len(watch.answers)
    assert len(watch.answers) >= len(between) and count_rows(app) == watch.before + count + len(watch.answers)


def test_an_import_that_cannot_finish_leaves_nothing(app, client, monkeypatch):
    """The disk fills up after the first games are stored: 503, and the games stored before are gone again."""
    body, _ = tiny_games(400)
    before = [count_rows(app, table) for table in ("games", "keys", "events")]

    def full():
        # The import's own connection: its next write unit meets a full disk.
        from scorekeeper.web.gate.per_request import get_db
        pages = get_db().execute("PRAGMA page_count").fetchone()[0]
        get_db().execute(f"PRAGMA max_page_count = {pages}")
        return None

    watch = Turns(app, monkeypatch, full)
    response = client.post("/api/v1/games/import", data=body, headers=CSV)
    assert response.status_code == 503 and response.get_json()["error"]["code"] == "unavailable"
    assert any(stored for _, stored in watch.seen)   # some games had been stored
    assert [count_rows(app, table) for table in ("games", "keys", "events")] == before


def test_the_same_import_sent_twice_at_once_makes_its_games_once(app, client, monkeypatch):
    """The second try, let in while the first is storing its games, makes them; the first then answers with them."""
    body, _ = tiny_games(400)
    once = {**CSV, "Idempotency-Key": "twice-at-once-0123456789"}
    other = app.test_client()
    watch = Turns(app, monkeypatch, lambda: None if watch.answers else other.post("/api/v1/games/import", data=body,
                                                                                   headers=once))
    first = client.post("/api/v1/games/import", data=body, headers=once)
    [second] = watch.answers
    assert (first.status_code, second.status_code) == (201, 201) and first.headers["Idempotent-Replayed"] == "true"
    assert [g["id"] for g in first.get_json()["games"]] == [g["id"] for g in second.get_json()["games"]]
    assert count_rows(app) == watch.before + 400 and count_rows(app, "once_keys") == 1


def test_the_production_server_takes_other_writes_while_it_imports_a_thousand_games(tmp_path):
    """gunicorn's gevent worker, alone: bids written into another game while a file of 1,000 games is imported
    land between the import's games (one transaction of them all let none in; nor did turns that were gevent's
    `sleep(0)`, after which the worker did not look for new requests). Counted in the database's order of rows."""
    server = Gunicorn(tmp_path, workers=1, RATE_LIMIT_CREATE="", RATE_LIMIT_WRITE="")
    try:
        game = sse_game(server.base)
        body, _ = tiny_games(MAX_GAMES)
        answered = threading.Event()
        bids = []

        def bidding():
            while not answered.is_set():
                bids.append(request(server.base, "PUT", f"/api/v1/games/{game['id']}/hands/1/bids/1",
                                    game["keys"]["scorer"], {"bid": len(bids) % 2}, timeout=60)[0])

        bidder = threading.Thread(target=bidding)
        bidder.start()
        try:
            sent = urllib.request.Request(server.base + "/api/v1/games/import", data=body, method="POST",
                                          headers=CSV)
            with urllib.request.urlopen(sent, timeout=120) as response:
                assert response.status == 201
        finally:
            answered.set()
            bidder.join(timeout=60)
        assert set(bids) == {200}
        with sqlite3.connect(tmp_path / "production.sqlite3") as db:
            first, last = db.execute("SELECT min(rowid), max(rowid) FROM events WHERE game_id != ? AND seq = 1",
                                     [game["id"]]).fetchone()
            between = db.execute("SELECT count(*) FROM events WHERE game_id = ? AND rowid BETWEEN ? AND ?",
                                 [game["id"], first, last]).fetchone()[0]
        assert between >= 3, between
    finally:
        server.stop()

# -- every route that creates is counted --------------------------------------------------------------------------
ROSTER = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ivo"]


class World:
    """What the walk's requests act on: games, a tournament seated as a club evening, a season, a phone's saved
    rules; each made through the API or the pages, as a client would."""

    def __init__(self, app):
        self.app, self.client = app, app.test_client()
        self.api = Api(self.client)
        self.game = self.api.game()                              # Wist, nothing played
        self.played = self.api.game()                            # hand 1 played (undone, corrected)
        self.api.recorded(self.played["id"], self.scorer(self.played), 1, {"bids": [1, 0, 0, 0],
                                                                          "tricks": [13, 0, 0, 0]})
        self.checked = self.api.game(confirmation=True)          # hand 1 to confirm
        self.api.recorded(self.checked["id"], self.scorer(self.checked), 1, {"bids": [1, 0, 0, 0],
                                                                            "tricks": [13, 0, 0, 0]})
        self.sheet = self.api.game()                             # hand 1 played (corrected on its page)
        self.api.recorded(self.sheet["id"], self.scorer(self.sheet), 1, {"bids": [1, 0, 0, 0],
                                                                        "tricks": [13, 0, 0, 0]})
        self.open, self.open_page = [self.api.game(variant="solo-whist") for _ in range(2)]   # ended by the players
        for game in (self.open, self.open_page):
            self.api.recorded(game["id"], self.scorer(game), 1, {"contract": "pass"})
        self.done = finished_piquet(self.api)
        self.body, _ = tiny_games(2)
        self.tournament = self.json("POST", "/api/v1/tournaments", None, {"name": "Serata"})   # a club evening
        self.json("PUT", f"/api/v1/tournaments/{self.tid}/roster", self.organiser, {"players": ROSTER, "rounds": 3})
        self.club = self.json("POST", "/api/v1/tournaments", None, {"name": "Circolo", "confirmation": True})
        self.partita, self.spare = [
            self.json("POST", f"/api/v1/tournaments/{self.club['id']}/games", self.club["keys"]["organiser"],
                      {"players": ["Ada", "Bea", "Cloe"], "table": table, "round": 1}) for table in ("Z", "V")]
        self.api.recorded(self.partita["id"], self.scorer(self.partita), 1, {"bids": [0, 0, 0], "tricks": [3, 0, 0],
                                                                            "trump": "H"})
        self.json("POST", f"/api/v1/games/{self.partita['id']}/hands/1/confirm", self.partita["keys"]["seats"][1],
                  {"version": 2})
        self.season = self.json("POST", "/api/v1/seasons", None, {"name": "Stagione"})
        self.json("POST", f"/api/v1/seasons/{self.season['id']}/tournaments", self.season["keys"]["organiser"],
                  {"tournament": self.tid, "key": self.tournament["keys"]["view"]})
        made = self.client.post("/new", data={"variant": "wist", "player": PLAYERS4, "first_dealer": "0",
                                              "rules_name": "Casa Rossi"})
        assert made.status_code == 303
        self.rules = self.client.get("/new").get_data(as_text=True).split("/house-rules/")[1].split("/")[0]
        self.c_page = self.client.post("/clubs/new", data={"name": "Circolo del Whist"}).location   # a club (#37)
        assert self.client.post(self.c_page + "/players", data={"name": "Ilaria"}).status_code == 303
        self.c_api = self.json("POST", "/api/v1/clubs", None, {"name": "Circolo"})   # a club through the API (#37)
        for name in ("Ann", "Bob"):
            self.json("POST", self.c_path("/players"), self.c_api["keys"]["organiser"], {"name": name})
        self.handed = self.api.game()                            # its scoring handed over to another phone (#35)
        shared = self.client.post(self.page(self.handed) + "/handover").get_data(as_text=True)
        self.token = re.search(r"/take/([\w-]+)", shared)[1]
        self.home = self.api.game()                              # a home game, added to the club (#37)
        self.evening = self.json("POST", "/api/v1/tournaments", None, {"name": "Serata del circolo"})
        self.json("PUT", f"/api/v1/tournaments/{self.evening['id']}/roster", self.evening["keys"]["organiser"],
                  {"players": ROSTER, "rounds": 1})
        self.roster_club = self._club()

    def _club(self) -> dict:
        """A club (#37) whose roster has the first four players: made by its core, as the club pages are not walked
        here."""
        db = store.connect(self.app.config["SCOREKEEPER_DATABASE"])
        try:
            club_id, keys = clubs.create(db, "Circolo del Whist")
            who = clubs.authorize(db, club_id, keys["organiser"])
            for name in PLAYERS4:
                clubs.add_member(db, who, name)
        finally:
            db.conn.close()
        return {"id": club_id, "keys": keys}

    def r_page(self) -> str:
        return f"/c/{self.roster_club['id']}/{self.roster_club['keys']['organiser']}"

    def json(self, method: str, path: str, key: str | None, body: dict) -> dict:
        answer = self.client.open(path, method=method, json=body, headers=self.api.headers(key) if key else {})
        assert answer.status_code in (200, 201), answer.get_json()
        return answer.get_json()

    def c_path(self, rest: str) -> str:
        return f"/api/v1/clubs/{self.c_api['id']}{rest}"

    def c_call(self, method: str, rest: str, **kwargs):
        return self.call(method, self.c_path(rest), self.c_api["keys"]["organiser"], **kwargs)

    @staticmethod
    def scorer(game: dict) -> str:
        return game["keys"]["scorer"]

    @property
    def tid(self) -> str:
        return self.tournament["id"]

    @property
    def organiser(self) -> str:
        return self.tournament["keys"]["organiser"]

    def page(self, game: dict, role: str = "scorer", seat: int = 0) -> str:
        key = game["keys"]["seats"][seat] if role == "seat" else game["keys"][role]
        return f"/g/{game['id']}/{key}"

    def t_page(self, role: str = "organiser", tournament: dict | None = None) -> str:
        tournament = tournament or self.tournament
        return f"/t/{tournament['id']}/{tournament['keys'][role]}"

    def s_page(self) -> str:
        return f"/s/{self.season['id']}/{self.season['keys']['organiser']}"

    def call(self, method: str, path: str, key: str | None = None, headers=None, **kwargs):
        return self.client.open(path, method=method, headers={**(self.api.headers(key) if key else {}),
                                                               **(headers or {})}, **kwargs)


# Every write the app serves, each as a client that may make it sends it (in this order: some act on what
# the ones before made). A new route fails `test_every_route_that_creates_is_counted` until it is walked here.
WALK = {
    "api.create_game": lambda w: w.call("POST", "/api/v1/games", json={"variant": "wist", "players": PLAYERS4}),
    "api.import_game": lambda w: w.call("POST", "/api/v1/games/import", data=w.body, headers=CSV),
    "api.put_bid": lambda w: w.call("PUT", f"/api/v1/games/{w.game['id']}/hands/1/bids/1", w.scorer(w.game),
                                    json={"bid": 0}),
    "api.put_hand": lambda w: w.call("PUT", f"/api/v1/games/{w.played['id']}/hands/1", w.scorer(w.played),
                                     json={"bids": [1, 0, 0, 0], "tricks": [12, 1, 0, 0]}),
    "api.undo": lambda w: w.call("POST", f"/api/v1/games/{w.played['id']}/undo", w.scorer(w.played)),
    "api.end": lambda w: w.call("POST", f"/api/v1/games/{w.open['id']}/end", w.scorer(w.open)),
    "api.confirm": lambda w: w.call("POST", f"/api/v1/games/{w.checked['id']}/hands/1/confirm",
                                    w.checked["keys"]["seats"][1], json={"version": 2}),
    "api.reopen": lambda w: w.call("POST", f"/api/v1/games/{w.checked['id']}/hands/1/reopen",
                                   w.checked["keys"]["seats"][1]),
    "api.rotate": lambda w: w.call("POST", f"/api/v1/games/{w.game['id']}/keys/rotate", w.scorer(w.game),
                                   json={"role": "seat", "seat": 3}),
    "pages.create_game": lambda w: w.call("POST", "/new", data={"variant": "wist", "player": PLAYERS4}),
    "pages.import_game": lambda w: w.call("POST", "/import", data={"file": (io.BytesIO(w.body), "games.csv")},
                                          content_type="multipart/form-data"),
    "pages.bid": lambda w: w.call("POST", w.page(w.game) + "/bid", data={"hand": "1", "seat": "2", "bid": "0"}),
    "pages.save_hand": lambda w: w.call("POST", w.page(w.sheet) + "/hands/1",
                                        data={"correction": "1", "bid-0": "1", "bid-1": "0", "bid-2": "0", "bid-3": "0",
                                              "tricks-0": "11", "tricks-1": "2"}),
    "pages.undo": lambda w: w.call("POST", w.page(w.sheet) + "/undo"),
    "pages.confirm": lambda w: w.call("POST", w.page(w.checked, "seat", 2) + "/hands/1/confirm",
                                      data={"version": "4"}),
    "pages.reopen": lambda w: w.call("POST", w.page(w.checked, "seat", 2) + "/hands/1/reopen"),
    "pages.end": lambda w: w.call("POST", w.page(w.open_page) + "/end"),
    "pages.rotate": lambda w: w.call("POST", w.page(w.game) + "/rotate", data={"role": "view"}),
    "pages.confirm_for": lambda w: w.call("POST", w.page(w.checked) + "/hands/1/confirm-for",
                                          data={"seat": "3", "version": "4"}),
    "pages.hand_over": lambda w: w.call("POST", w.page(w.game) + "/handover"),
    "pages.take_over": lambda w: w.call("POST", f"/g/{w.handed['id']}/take/{w.token}"),
    "pages.rematch": lambda w: w.call("POST", w.page(w.done) + "/rematch"),
    "pages.forget": lambda w: w.call("POST", f"/forget/game/{w.game['id']}"),
    "house_rules.save_from_game": lambda w: w.call("POST", w.page(w.done) + "/house-rules",
                                                   data={"rules_name": "Picchetto"}),
    "house_rules.start": lambda w: w.call("POST", f"/house-rules/{w.rules}/start", data={"once": "start-0123456789"}),
    "house_rules.delete": lambda w: w.call("POST", f"/house-rules/{w.rules}/delete"),
    "tournament_api.create_tournament": lambda w: w.call("POST", "/api/v1/tournaments", json={"name": "Torneo"}),
    "tournament_api.add_game": lambda w: w.call("POST", f"/api/v1/tournaments/{w.club['id']}/games",
                                                w.club["keys"]["organiser"],
                                                json={"players": ["Ada", "Bea", "Cloe"], "table": "Y", "round": 1}),
    "tournament_api.seat_evening": lambda w: w.call("PUT", f"/api/v1/tournaments/{w.tid}/roster", w.organiser,
                                                    json={"players": ROSTER, "rounds": 3}),
    "evenings.seat": lambda w: w.call("POST", w.t_page() + "/seating",
                                      data={"players": "\n".join(ROSTER), "rounds": "3"}),
    "tournament_api.start_table": lambda w: w.call("POST", f"/api/v1/tournaments/{w.tid}/seating/start",
                                                   w.organiser, json={"round": 1, "table": "A"}),
    "tournament_api.swap": lambda w: w.call("POST", f"/api/v1/tournaments/{w.tid}/seating/swap", w.organiser,
                                            json={"round": 3, "players": ["Anna", "Bruno"]}),
    "tournament_api.withdraw": lambda w: w.call("POST", f"/api/v1/tournaments/{w.tid}/roster/withdraw",
                                                w.organiser, json={"player": "Ivo"}),
    "tournament_api.arrive": lambda w: w.call("POST", f"/api/v1/tournaments/{w.tid}/roster/arrive", w.organiser,
                                              json={"player": "Ivo"}),
    "tournament_api.remove_game": lambda w: w.call("DELETE", f"/api/v1/tournaments/{w.club['id']}/games/"
                                                   f"{w.spare['id']}", w.club["keys"]["organiser"]),
    "tournament_api.rotate": lambda w: w.call("POST", f"/api/v1/tournaments/{w.tid}/keys/rotate", w.organiser,
                                              json={"role": "view"}),
    "tournaments.create": lambda w: w.call("POST", "/tournaments/new", data={"name": "Torneo"}),
    "tournaments.add_game": lambda w: w.call("POST", w.t_page("organiser", w.club) + "/games",
                                             data={"player": ["Ada", "Bea", "Cloe"], "table": "X", "round": "1"}),
    "tournaments.join": lambda w: w.call("POST", w.t_page("join", w.club) + "/join",
                                         data={"player": ["Ada", "Bea", "Cloe"], "table": "W", "round": "1"}),
    "tournaments.reopen_hand": lambda w: w.call("POST", w.t_page("organiser", w.club)
                                                + f"/games/{w.partita['id']}/hands/1/reopen"),
    "tournaments.remove_game": lambda w: w.call("POST", w.t_page("organiser", w.club)
                                                + f"/games/{w.partita['id']}/remove"),
    "tournaments.rotate": lambda w: w.call("POST", w.t_page() + "/rotate", data={"role": "view"}),
    "evenings.start": lambda w: w.call("POST", w.t_page("join") + "/seating/start", data={"round": "1", "table": "B"}),
    "evenings.swap": lambda w: w.call("POST", w.t_page() + "/seating/swap",
                                      data={"round": "3", "first": "Anna", "second": "Bruno"}),
    "evenings.withdraw": lambda w: w.call("POST", w.t_page() + "/seating/withdraw", data={"player": "Ivo"}),
    "evenings.arrive": lambda w: w.call("POST", w.t_page() + "/seating/arrive", data={"player": "Ivo"}),
    "evenings.claim": lambda w: w.call("POST", w.t_page("join") + "/seating/mine", data={"player": ROSTER[0]}),
    "evenings.claim_seat": lambda w: w.call("POST", w.t_page("join") + "/seating/claim",  # a player without own link
                                            data={"round": "1", "table": "B", "seat": "1"}),
    "evenings.replace_link": lambda w: w.call("POST", w.t_page() + "/seating/links", data={"player": ROSTER[1]}),
    "season_api.create_season": lambda w: w.call("POST", "/api/v1/seasons", json={"name": "Stagione"}),
    "season_api.rotate": lambda w: w.call("POST", f"/api/v1/seasons/{w.season['id']}/keys/rotate",
                                          w.season["keys"]["organiser"], json={"role": "view"}),
    "season_api.remove_tournament": lambda w: w.call("DELETE", f"/api/v1/seasons/{w.season['id']}/tournaments/"
                                                     f"{w.tid}", w.season["keys"]["organiser"]),
    "season_api.add_tournament": lambda w: w.call("POST", f"/api/v1/seasons/{w.season['id']}/tournaments",
                                                  w.season["keys"]["organiser"],
                                                  json={"tournament": w.tid, "key": w.tournament["keys"]["organiser"]}),
    "seasons.create": lambda w: w.call("POST", "/seasons/new", data={"name": "Stagione"}),
    "seasons.remove_tournament": lambda w: w.call("POST", w.s_page() + f"/tournaments/{w.tid}/remove"),
    "seasons.add_tournament": lambda w: w.call("POST", w.s_page() + "/tournaments",
                                               data={"link": f"http://localhost{w.t_page()}"}),
    "seasons.rotate": lambda w: w.call("POST", w.s_page() + "/rotate", data={"role": "view"}),
    "clubs.create": lambda w: w.call("POST", "/clubs/new", data={"name": "Circolo"}),
    "clubs.add_player": lambda w: w.call("POST", w.c_page + "/players", data={"name": "Leonardo", "nickname": "Leo"}),
    "clubs.save_player": lambda w: w.call("POST", w.c_page + "/players/1/edit", data={"name": "Ilaria"}),
    "clubs.new_player_link": lambda w: w.call("POST", w.c_page + "/players/1/link"),
    "clubs.remove_player": lambda w: w.call("POST", w.c_page + "/players/1/remove"),
    "clubs.rotate": lambda w: w.call("POST", w.c_page + "/rotate", data={"role": "view"}),
    "club_player.hide": lambda w: w.call("POST", w.c_page + "/players/1/hide", data={"hidden": "1"}),
    "club_api.create_club": lambda w: w.call("POST", "/api/v1/clubs", json={"name": "Circolo"}),
    "club_api.add_player": lambda w: w.c_call("POST", "/players", json={"name": "Cloe"}),
    "club_api.edit_player": lambda w: w.c_call("PATCH", "/players/1", json={"nickname": "Annie"}),
    "club_api.player_link": lambda w: w.c_call("POST", "/players/1/link", json={}),
    "club_api.add_game": lambda w: w.c_call("POST", "/games", json={"game": w.done["id"], "key": w.scorer(w.done),
                                                                    "players": [1, 2]}),
    "club_api.remove_game": lambda w: w.c_call("DELETE", f"/games/{w.done['id']}"),
    "club_api.add_evening": lambda w: w.c_call("POST", "/evenings", json={
        "tournament": w.tid, "key": w.organiser, "players": {name: "new" for name in ROSTER}}),
    "club_api.remove_evening": lambda w: w.c_call("DELETE", f"/evenings/{w.tid}"),
    "club_api.remove_player": lambda w: w.c_call("DELETE", "/players/3"),
    "club_api.rotate": lambda w: w.c_call("POST", "/keys/rotate", json={"role": "view"}),
    "club_games.add_game": lambda w: w.call("POST", w.r_page() + "/games", data={"link": w.page(w.home)}),
    "club_games.match_game": lambda w: w.call("POST", w.r_page() + "/games/match", data={
        "link": w.page(w.home), "player": ["1", "2", "3", "4"]}),
    "club_games.remove_game": lambda w: w.call("POST", f"{w.r_page()}/games/{w.home['id']}/remove"),
    "club_games.from_game": lambda w: w.call("POST", w.page(w.home) + "/club", data={"club": w.r_page()}),
    "club_games.add_evening": lambda w: w.call("POST", w.r_page() + "/evenings",
                                               data={"link": w.t_page(tournament=w.evening)}),
    "club_games.match_evening": lambda w: w.call("POST", w.r_page() + "/evenings/match", data={
        "link": w.t_page(tournament=w.evening), "player": ["1", "2", "3", "4", "new", "new", "new", "new"]}),
    "club_games.remove_evening": lambda w: w.call("POST", f"{w.r_page()}/evenings/{w.evening['id']}/remove"),
    "club_games.create_game": lambda w: w.call("POST", w.r_page() + "/new", data={"variant": "wist",
                                                                                  "player": ["1", "2", "3", "4"]}),
}
MADE = ("games", "tournaments", "seasons", "clubs")


def test_every_route_that_creates_is_counted(app):
    """Each write the app serves is made once as a client would; those that add a game, a tournament or a season
    are exactly the ones counted as creations (`guard.CREATIONS`)."""
    from flask import request, request_started

    from scorekeeper.web.gate.guard import CREATIONS

    writes = {rule.endpoint for rule in app.url_map.iter_rules() if rule.methods & {"POST", "PUT", "PATCH", "DELETE"}}
    assert set(WALK) == writes   # a new route is walked here before anything else
    world, served, creating = World(app), [], set()
    request_started.connect(lambda sender, **extra: served.append(request.endpoint), app, weak=False)
    for endpoint, step in WALK.items():
        before = [count_rows(app, table) for table in MADE]
        served.clear()
        answer = step(world)
        assert served == [endpoint] and answer.status_code < 400, (endpoint, answer.get_data(as_text=True)[:300])
        if [count_rows(app, table) for table in MADE] != before:
            creating.add(endpoint)
    assert creating == CREATIONS
