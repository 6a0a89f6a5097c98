"""One world for the doors' test (#33, `tests/web/test_doors.py`), built once through the pages and the API, and how
each door is called in it. Not a test module itself.

The world: a phone that started a game of Wist with confirmation on (hand 1 confirmed, hand 2 to confirm, hand 3
being bid), saved its rules and started a game from them; a game of Solo Whist with a deal (something to end); a
club evening the app seated (round 1: table A finished, table B under way with hand 1 confirmed; round 2 not begun);
a finished tournament, one seated by hand with a partita under way, an empty one; a season holding the finished
tournament, and another season; a club (#37) of the twelve players above with the evening, the finished tournament
and the Solo Whist game in it, and a member's own link, and another club; a second phone. Every game, tournament,
season and club has a link of each kind replaced.
After a request that changed the database, it is put back as built (`undo_changes`).
"""
from __future__ import annotations

import io
import re
import secrets
import sqlite3
from dataclasses import dataclass, field

from scorekeeper.service import clubs, games
from scorekeeper.store import db as store
from scorekeeper.web.gate.doors import LINKS, Door, Role, Subject
from tests.evenings import play_hands

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
ROSTER = ["Alba", "Bice", "Ciro", "Dina", "Ezio", "Fede", "Gino", "Ida"]
HAND = {"bids": [3, 4, 2, 3], "tricks": [3, 4, 1, 5]}  # adds up to 12, never the dealer's forbidden 13
TOURNAMENT_API, SEASON_API = "/api/v1/tournaments", "/api/v1/seasons"
HELD = (Subject.GAME, Subject.TOURNAMENT, Subject.SEASON, Subject.CLUB)  # what the world holds links of


def bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


@dataclass(frozen=True)
class Effect:
    """What a request did to the database: changed it; created a game, a tournament or a season."""

    changed: bool
    created: bool


@dataclass
class Keys:
    """The links of one game, tournament or season as the world holds them."""

    id: str
    now: dict[Role, str]  # the link of each of its roles (a game's seat role: seat 1)
    replaced: list[str] = field(default_factory=list)  # a replaced link of each kind
    seats: list[str] = field(default_factory=list)  # a game's seat links
    players: dict[str, str] = field(default_factory=dict)  # an evening's players' own links, by name (#35)
    tournament: str | None = None  # the tournament a partita belongs to


class Snapshot:
    """A database as it was built (an in-memory copy), put back after each request that changed it: the doors'
    world here, the worst world of `test_bounded.py` (#33)."""

    def __init__(self, path: str):
        self.watch = sqlite3.connect(path, check_same_thread=False)
        self.pristine = sqlite3.connect(":memory:", check_same_thread=False)
        self.watch.backup(self.pristine)
        self.seen, self.built = self._data_version(), self._made()

    def _data_version(self) -> int:
        """Moves whenever another connection (a request) committed a change."""
        return self.watch.execute("PRAGMA data_version").fetchone()[0]

    def _made(self) -> tuple[int, ...]:
        """How many games, tournaments, seasons and clubs the database holds."""
        return self.watch.execute("SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM tournaments), "
                                  "(SELECT count(*) FROM seasons), (SELECT count(*) FROM clubs)").fetchone()

    def undo_changes(self) -> Effect:
        """What a request did to the database since the last look, which is then as built again."""
        if self._data_version() == self.seen:
            return Effect(False, False)
        effect = Effect(True, self._made() != self.built)
        self.pristine.backup(self.watch)
        games.REPLAYED.clear()  # the games kept in memory may be versions the database no longer has
        self.seen = self._data_version()
        return effect


class World:
    """The games, tournaments and seasons the doors are called on, their links, and the database as built."""

    def __init__(self, app):
        self.app = app
        self.client = app.test_client(use_cookies=False)  # every call says which cookie it carries
        self.games: dict[str, Keys] = {}
        self.tournaments: dict[str, Keys] = {}
        self.seasons: dict[str, Keys] = {}
        self.clubs: dict[str, Keys] = {}
        self.fields: dict = {}
        self._build()
        self.undo_changes = Snapshot(app.config["SCOREKEEPER_DATABASE"]).undo_changes

    # -- building ---------------------------------------------------------------------------------------------
    @staticmethod
    def _ok(response, status: int):
        assert response.status_code == status, (response.status_code, response.get_data(as_text=True)[:300])
        return response

    def _api(self, method: str, path: str, key: str | None = None, status: int = 200, **kwargs) -> dict:
        response = self.client.open(path, method=method, headers=bearer(key) if key else {}, **kwargs)
        return self._ok(response, status).get_json()

    def _game(self, game_id: str, tournament: str | None = None) -> Keys:
        """A game's links as the database holds them, then a link of each kind replaced (the seat role's stays)."""
        db = store.connect(self.app.config["SCOREKEEPER_DATABASE"])
        try:
            held = games.keys_of(db, game_id)
        finally:
            db.conn.close()
        keys = Keys(game_id, {Role.SCORER: held["scorer"], Role.VIEW: held["view"], Role.SEAT: held["seats"][1]},
                    seats=held["seats"], tournament=tournament)
        for body in ({"role": "view"}, {"role": "seat", "seat": 0}, {"role": "scorer"}):
            role = Role(body["role"])
            keys.replaced.append(keys.seats[0] if role is Role.SEAT else keys.now[role])
            answer = self._api("POST", f"/api/v1/games/{game_id}/keys/rotate", keys.now[Role.SCORER], json=body)
            keys.seats = answer["keys"]["seats"]
            if role is not Role.SEAT:
                keys.now[role] = answer["key"]
        return keys

    def _tournament(self, name: str, **body) -> Keys:
        created = self._api("POST", TOURNAMENT_API, status=201, json={"name": name, **body})
        return Keys(created["id"], {Role(role): key for role, key in created["keys"].items()})

    def _replace(self, keys: Keys, api: str, manager: Role) -> None:
        """A link of each kind of a tournament or a season replaced, the manager's last."""
        for role in sorted(keys.now, key=lambda role: role is manager):
            named = "organiser" if role is Role.SEASON else str(role)
            answer = self._api("POST", f"{api}/{keys.id}/keys/rotate", keys.now[manager], json={"role": named})
            keys.replaced.append(keys.now[role])
            keys.now[role] = answer["key"]

    def _build(self) -> None:
        phone = self.app.test_client()
        # The phone starts a game of Wist with confirmation on, saving its rules as "Casa Rossi".
        started = self._ok(phone.post("/new", data={"variant": "wist", "player": PLAYERS, "first_dealer": "0",
                                                    "confirmation": "on", "rules_name": "Casa Rossi"}), 303)
        game_id, scorer = started.headers["Location"].rsplit("/", 2)[1:]
        for number in (1, 2):
            self._api("PUT", f"/api/v1/games/{game_id}/hands/{number}", scorer, json=HAND)
        main = self._game(game_id)
        version = self._api("GET", f"/api/v1/games/{game_id}", main.now[Role.VIEW])["version"]
        self._api("POST", f"/api/v1/games/{game_id}/hands/1/confirm", main.seats[2], json={"version": version})
        self._ok(phone.get(f"/g/{game_id}/{main.now[Role.SCORER]}"), 200)  # the phone holds the new scorer link
        self.games["main"] = main
        db = store.connect(self.app.config["SCOREKEEPER_DATABASE"])
        try:  # a handover of the main game's scoring, offered and not taken (#35)
            self.fields["handover"] = games.hand_over(db, games.authorize(db, game_id, main.now[Role.SCORER]))
        finally:
            db.conn.close()
        self.phone = phone.get_cookie("device").value
        set_id = re.search(r"/house-rules/([\w-]+)/start", phone.get("/").get_data(as_text=True))[1]
        # A Start of the saved set, whose game's scorer link was then replaced (#33 finding 8).
        self.fields["once"] = secrets.token_urlsafe(18)
        started = self._ok(phone.post(f"/house-rules/{set_id}/start", data={"once": self.fields["once"]}), 303)
        self.games["from_set"] = self._game(started.headers["Location"].rsplit("/", 2)[1])
        other_phone = self.app.test_client()  # a second phone, the main game's view on its list
        self._ok(other_phone.get(f"/g/{game_id}/{main.now[Role.VIEW]}"), 200)
        self.other_phone = other_phone.get_cookie("device").value
        solo = self._api("POST", "/api/v1/games", status=201, json={"variant": "solo-whist", "players": PLAYERS,
                                                                    "first_dealer": 0})
        self._api("PUT", f"/api/v1/games/{solo['id']}/hands/1", solo["keys"]["scorer"],
                  json={"contract": "solo", "declarer": 1, "trump": "H", "tricks": 7})
        self.games["solo"] = self._game(solo["id"])
        self._evening()
        self._partita("by_hand", "Mano", seed=6, stop=1)  # under way
        self._partita("over", "Finita", seed=5)  # finished
        self.tournaments["empty"] = self._tournament("Vuoto")
        self._replace(self.tournaments["empty"], TOURNAMENT_API, Role.ORGANISER)
        self._seasons()
        self._clubs()
        self._pasted()
        evening = self.tournaments["evening"]
        self.fields.update(
            game=game_id, set=set_id, over=self.tournaments["over"].id, evening=evening.id,
            evening_view=evening.now[Role.VIEW],
            evening_link=f"http://localhost/t/{evening.id}/{evening.now[Role.VIEW]}",
            version=self._api("GET", f"/api/v1/games/{game_id}", main.now[Role.VIEW])["version"],
            csv=self.client.get(f"/api/v1/games/{game_id}/export.csv", headers=bearer(main.now[Role.VIEW])).get_data(
                as_text=True))

    def _evening(self) -> None:
        """Eight players in two rounds, seated by the app; round 1's table A finished, table B under way."""
        evening = self._tournament("Giovedì", confirmation=True)
        organiser = evening.now[Role.ORGANISER]
        seated = self._api("PUT", f"{TOURNAMENT_API}/{evening.id}/roster", organiser,
                           json={"players": ROSTER, "rounds": 2})["seating"]
        tables = {label: self._api("POST", f"{TOURNAMENT_API}/{evening.id}/seating/start", organiser, status=201,
                                   json={"round": 1, "table": label, "first_dealer": 0}) for label in ("A", "B")}
        play_hands(self.client, tables["A"]["id"], tables["A"]["keys"]["scorer"], ROSTER[:4], seed=3)
        partita = tables["B"]
        play_hands(self.client, partita["id"], partita["keys"]["scorer"], ROSTER[:4], seed=4, stop=1)
        version = self._api("GET", f"/api/v1/games/{partita['id']}", partita["keys"]["view"])["version"]
        self._api("POST", f"/api/v1/games/{partita['id']}/hands/1/confirm", partita["keys"]["seats"][2],
                  json={"version": version})
        self.games["table_a"] = self._game(tables["A"]["id"], evening.id)
        self.games["partita"] = self._game(partita["id"], evening.id)
        second = seated["plan"][1]["tables"]
        self.fields.update(partita=partita["id"], first=second[0]["players"][0], second=second[1]["players"][0])
        self._replace(evening, TOURNAMENT_API, Role.ORGANISER)
        # The player role: the first at table B (its partita under way), whose own link was replaced once (#35).
        player = seated["plan"][0]["tables"][1]["players"][0]
        self.fields.update(player=player, claimable=seated["plan"][0]["tables"][0]["players"][0])
        replaced = self._players(evening)[player]
        self._ok(self.client.post(f"/t/{evening.id}/{evening.now[Role.ORGANISER]}/seating/links",
                                  data={"player": player}), 303)
        evening.players = self._players(evening)
        evening.replaced.append(replaced)
        evening.now[Role.PLAYER] = evening.players[player]
        self.tournaments["evening"] = evening

    def _players(self, evening: Keys) -> dict[str, str]:
        """The players' own links of the evening, as the organiser's JSON gives them."""
        roster = self._api("GET", f"{TOURNAMENT_API}/{evening.id}", evening.now[Role.ORGANISER])["seating"]["roster"]
        return {entry["player"]: entry["key"] for entry in roster}

    def _partita(self, name: str, title: str, **hands) -> None:
        """A tournament seated by hand with one partita of `PLAYERS` (played as `play_hands` is told)."""
        tournament = self._tournament(title)
        partita = self._api("POST", f"{TOURNAMENT_API}/{tournament.id}/games", tournament.now[Role.ORGANISER],
                            status=201, json={"players": PLAYERS, "first_dealer": 0})
        play_hands(self.client, partita["id"], partita["keys"]["scorer"], PLAYERS, **hands)
        self.games[name] = self._game(partita["id"], tournament.id)
        self._replace(tournament, TOURNAMENT_API, Role.ORGANISER)
        self.tournaments[name] = tournament

    def _seasons(self) -> None:
        for name in ("season", "other_season"):
            created = self._api("POST", SEASON_API, status=201, json={"name": name})
            self.seasons[name] = Keys(created["id"], {Role.SEASON: created["keys"]["organiser"],
                                                      Role.VIEW: created["keys"]["view"]})
        season, over = self.seasons["season"], self.tournaments["over"]
        self._api("POST", f"{SEASON_API}/{season.id}/tournaments", season.now[Role.SEASON], status=201,
                  json={"tournament": over.id, "key": over.now[Role.VIEW]})
        self._replace(season, SEASON_API, Role.SEASON)

    def _clubs(self) -> None:
        """The club: the twelve players (Anna… Dario, Alba… Ida), the evening and the finished tournament added with
        their names matched, the Solo Whist game with its seats; Anna's own link (replaced once); its organiser's
        and view links replaced. Another club, empty."""
        db = store.connect(self.app.config["SCOREKEEPER_DATABASE"])
        try:
            for name in ("club", "other_club"):
                club_id, keys = clubs.create(db, name)
                self.clubs[name] = Keys(club_id, {Role.CLUB: keys["organiser"], Role.VIEW: keys["view"]})
            club = self.clubs["club"]
            who = clubs.authorize(db, club.id, club.now[Role.CLUB])
            numbers = {name: clubs.add_member(db, who, name).number for name in PLAYERS + ROSTER}
            for name in ("evening", "over"):
                evening = self.tournaments[name]
                clubs.add_evening(db, who, evening.id, evening.now[Role.ORGANISER],
                                  [numbers[n] for n in clubs.evening_names(db, evening.id)])
            solo = self.games["solo"]
            clubs.add_game(db, who, solo.id, solo.now[Role.SCORER], [numbers[n] for n in PLAYERS])
            club.replaced.append(clubs.player_link(db, who, numbers["Anna"]))
            club.now[Role.PLAYER] = clubs.player_link(db, who, numbers["Anna"], new=True)
            club.players = {"Anna": club.now[Role.PLAYER]}
            for role in (Role.VIEW, Role.CLUB):
                club.replaced.append(club.now[role])
                club.now[role] = clubs.rotate(db, who, "organiser" if role is Role.CLUB else "view")
            self.fields.update(member=numbers["Anna"], other_member=numbers["Bruno"], club_game=solo.id,
                               club_evening=self.tournaments["over"].id,
                               outside_game=self.games["main"].id, outside_scorer=self.games["main"].now[Role.SCORER],
                               outside_evening=self.tournaments["empty"].id,
                               outside_organiser=self.tournaments["empty"].now[Role.ORGANISER])
        finally:
            db.conn.close()

    def _pasted(self) -> None:
        """The links a club's organiser pastes (#37): the main game's scorer link and the evening seated by hand's
        organiser link (in no club yet), and the club's organiser link the main game's scorer pastes."""
        hand = self.tournaments["by_hand"]
        self.fields.update(
            scorer_link=f"http://localhost/g/{self.games['main'].id}/{self.games['main'].now[Role.SCORER]}",
            by_hand_link=f"http://localhost/t/{hand.id}/{hand.now[Role.ORGANISER]}",
            club_link=f"http://localhost/c/{self.clubs['club'].id}/{self.clubs['club'].now[Role.CLUB]}")

    # -- what a role carries ----------------------------------------------------------------------------------
    def strong_keys(self) -> set[str]:
        """Every link that gives more than a view: scorer and seat links, organisers'."""
        keys = set()
        for each in self.games.values():
            keys |= {each.now[Role.SCORER], *each.seats}
        for each in self.tournaments.values():
            keys |= {each.now[Role.ORGANISER], *each.players.values()}
        for each in self.seasons.values():
            keys.add(each.now[Role.SEASON])
        for each in self.clubs.values():
            keys |= {each.now[Role.CLUB], *each.players.values()}
        return keys

    def _held(self, subject: Subject, target: str) -> Keys:
        return {Subject.GAME: self.games, Subject.TOURNAMENT: self.tournaments, Subject.SEASON: self.seasons,
                Subject.CLUB: self.clubs}[subject][target]

    def keys_for(self, subject: Subject, target: str, role: Role) -> list[str | None]:
        """The keys `role` knocks with at a door of `subject` (at `target`); None: no key at all. A role that is not
        one of the subject's links brings the link of its kind from elsewhere in the world."""
        if role in (Role.NONE, Role.PHONE):
            return [None]
        if subject in HELD:
            if role is Role.PLAYER and role not in self._held(subject, target).now:
                return []  # a tournament seated by hand has no player's own links
            if role in LINKS[subject]:
                return [self._held(subject, target).now[role]]
            if role is Role.REPLACED:
                return list(self._held(subject, target).replaced)
            if role is Role.OTHER:
                pool, first, second, strongest = {
                    Subject.GAME: (self.games, "main", "solo", Role.SCORER),
                    Subject.TOURNAMENT: (self.tournaments, "evening", "over", Role.ORGANISER),
                    Subject.SEASON: (self.seasons, "other_season", "season", Role.SEASON),
                    Subject.CLUB: (self.clubs, "other_club", "club", Role.CLUB)}[subject]
                return [pool[second if target == first else first].now[strongest]]
        if role in (Role.SCORER, Role.SEAT, Role.VIEW):
            return [self.games["partita"].now[role]]
        if role in (Role.JOIN, Role.ORGANISER):  # a partita's own tournament; a season's; else the evening
            held = self.games[target].tournament if subject is Subject.GAME else self.tournaments["over"].id
            owner = next((each for each in self.tournaments.values() if each.id == held), self.tournaments["evening"])
            return [owner.now[role]]
        if role is Role.PLAYER:
            return [self.tournaments["evening"].now[Role.PLAYER]]
        if role is Role.REPLACED:
            return [self.games["main"].replaced[0]]
        if role is Role.OTHER:
            return [self.games["solo"].now[Role.SCORER]]
        if role is Role.CLUB:
            return [self.clubs["club"].now[Role.CLUB]]
        return [self.seasons["season"].now[Role.SEASON]]

    def cookie(self, subject: Subject, role: Role) -> str | None:
        """The device cookie a role's request carries: this phone's; another phone's (at the phone's own doors and
        the open ones); or none."""
        if role is Role.PHONE:
            return self.phone
        if role is Role.OTHER and subject in (Subject.PHONE, Subject.ANYONE):
            return self.other_phone
        return None

    def given(self, door: Door, call: Call, role: Role) -> set[str]:
        """The seat link a door gives the roles it opens to ("I am Bruno", #35): theirs to see."""
        pasted = {self._held(subject, target).now[kind] for subject, target, kind in call.pastes}
        if call.gives is None or role not in door.may:
            return pasted
        game, seat = call.gives
        return {self.games[game].seats[seat]} | pasted

    def keys_shown(self, subject: Subject, target: str, role: Role, endpoint: str = "") -> set[str]:
        """The strong links an answer to `role` may show: its own; a scorer, its game's seats; an organiser, its
        partite's links and its players' own links; a player's own link, that player's seat in the partita under
        way; the room's code, at the door that hands a player's own link out, that link; on this phone's pages,
        the scorer link it started its game with."""
        shown = {key for key in self.keys_for(subject, target, role) if key}
        if role is Role.SCORER and subject is Subject.GAME:
            shown |= set(self.games[target].seats)
        if subject is Subject.TOURNAMENT and (role is Role.ORGANISER or endpoint == "evenings.claim"):
            shown |= set(self.tournaments[target].players.values())
        if role is Role.ORGANISER and subject is Subject.TOURNAMENT:
            held = self.tournaments[target].id
            for each in self.games.values():
                if each.tournament == held:
                    shown |= {each.now[Role.SCORER], *each.seats}
        if role is Role.CLUB and subject is Subject.CLUB:
            shown |= set(self.clubs[target].players.values())  # the members' own links it hands out
        if role is Role.PLAYER and subject is Subject.TOURNAMENT and target == "evening":
            shown.add(self.games["partita"].seats[0])  # the player sits first at table B
        if self.cookie(subject, role) == self.phone:
            shown.add(self.games["main"].now[Role.SCORER])
        return shown

    # -- knocking ---------------------------------------------------------------------------------------------
    def fill(self, door: Door, call: Call, key: str | None, replayed: bool = False):
        """The call's path, JSON and form with the world's fields in (a field alone keeps its type: a version is a
        number); a made-up key where the path wants one and the role has none."""
        fields = {**self.fields, "key": key or secrets.token_urlsafe(24), "fresh": secrets.token_urlsafe(18)}
        if door.subject in HELD:
            fields[door.subject.value] = self._held(door.subject, call.target).id

        def filled(value):
            if isinstance(value, str):
                alone = value[1:-1] if value.startswith("{") and value.endswith("}") else None
                return fields[alone] if alone in fields else value.format_map(fields)
            if isinstance(value, dict):
                return {name: filled(item) for name, item in value.items()}
            if isinstance(value, list):
                return [filled(item) for item in value]
            return value
        return filled(call.path), filled(call.json), filled(call.replayed if replayed else call.form)

    def _body(self, door: Door, call: Call, json, form) -> dict:
        if call.csv and door.path.startswith("/api/"):
            return {"data": self.fields["csv"], "content_type": "text/csv"}
        if call.csv:
            return {"data": {"file": (io.BytesIO(self.fields["csv"].encode()), "game.csv"),
                             "once": secrets.token_urlsafe(18)}}
        return {"json": json} if json is not None else {"data": form} if form is not None else {}

    def knock(self, door: Door, call: Call, role: Role):
        """Each request of `role` at the door (one per key it holds): (response, its body, what it did to the
        database, which is then as built again). A stream's body is its first lines; every response is closed."""
        replayed = role is Role.REPLACED and call.replayed is not None  # this phone, sending a Start again
        for key in self.keys_for(door.subject, call.target, role):
            path, json, form = self.fill(door, call, key, replayed)
            headers = bearer(key) if key is not None and "{key}" not in call.path else {}
            cookie = self.phone if replayed else self.cookie(door.subject, role)
            if cookie is not None:
                headers["Cookie"] = f"device={cookie}"
            method = next(iter(door.methods)) if len(door.methods) == 1 else ("POST" if form else "GET")
            response = self.client.open(path, method=method, headers=headers, buffered=not call.stream,
                                        **self._body(door, call, json, form))
            try:
                text = next(iter(response.response), b"") if call.stream else response.get_data()
            finally:
                response.close()
            yield response, text, self.undo_changes()


# -- how each door is called -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Call:
    """One request at a door: `path` and the body's strings filled from the world's fields (`{game}`…), the key
    in the path where it has `{key}`, else (API) in `Authorization`."""

    path: str
    target: str = "main"
    json: dict | None = None
    form: dict | None = None
    csv: bool = False
    stream: bool = False
    replayed: dict | None = None  # the form a replaced role sends (with this phone's cookie)
    gives: tuple[str, int] | None = None  # the seat link (game, seat) the door gives the roles it opens to (#35)
    pastes: tuple[tuple[Subject, str, Role], ...] = ()  # the links the body carries, which the answer may carry back


M = "/g/{game}/{key}"
E = "/t/{tournament}/{key}"
SEASON = "/s/{season}/{key}"
CLUB = "/c/{club}/{key}"
CLUB_API = "/api/v1/clubs/{club}"
MAIN_PASTED = ((Subject.GAME, "main", Role.SCORER),)  # a club's organiser pastes the main game's scorer link (#37)
HAND_PASTED = ((Subject.TOURNAMENT, "by_hand", Role.ORGANISER),)  # and the evening seated by hand's organiser link
STARTS = ((1, "B"), (1, "A"), (2, "A"))  # a table under way, a finished one, one not started yet
NEW_PARTITA = {"player": ROSTER[:3] + ["Zeno"], "table": "Z", "round": "1"}
CALLS: dict[str, list[Call]] = {
    "pages.home": [Call("/")],
    "pages.export_all": [Call("/games.csv")],
    "stats.phone": [Call("/stats")],
    "pages.import_game": [Call("/import", csv=True)],
    "pages.forget": [Call("/forget/game/{game}")],
    "pages.language": [Call("/lang/it?next=/")],
    "pages.new_game": [Call("/new?variant=wist")],
    "pages.create_game": [Call("/new", form={"variant": "wist", "player": PLAYERS})],
    "tournaments.new": [Call("/tournaments/new")],
    "tournaments.create": [Call("/tournaments/new", form={"name": "Venerdì"})],
    "seasons.new": [Call("/seasons/new")],
    "seasons.create": [Call("/seasons/new", form={"name": "Stagione"})],
    "clubs.new": [Call("/clubs/new")],
    "clubs.create": [Call("/clubs/new", form={"name": "Circolo"})],
    "docs.page": [Call("/docs/README.md")],
    "static": [Call("/static/app.css")],
    "service_worker": [Call("/sw.js")],
    "offline_page": [Call("/offline")],
    "live.healthz": [Call("/healthz")],
    "api.openapi": [Call("/api/v1/openapi.json")],
    "api.create_game": [Call("/api/v1/games", json={"variant": "wist", "players": PLAYERS})],
    "api.import_game": [Call("/api/v1/games/import", csv=True)],
    "tournament_api.create_tournament": [Call("/api/v1/tournaments", json={"name": "Venerdì"})],
    "season_api.create_season": [Call("/api/v1/seasons", json={"name": "Stagione"})],
    "house_rules.start": [Call("/house-rules/{set}/start", form={"once": "{fresh}"}, replayed={"once": "{once}"})],
    "house_rules.delete": [Call("/house-rules/{set}/delete", form={"next": "/"})],
    "pages.sheet": [Call(M)],
    "pages.chart": [Call(M + "/chart")],
    "pages.history": [Call(M + "/hands/1/history")],
    "pages.export_csv": [Call(M + "/export.csv")],
    "live.page_stream": [Call(M + "/live", stream=True)],
    "results.game_print": [Call(M + "/print", "over")],
    "results.game_card": [Call(M + "/card.png", "over")],
    "pages.bid": [Call(M + "/bid", form={"hand": "3", "seat": "1", "bid": "0"})],
    "pages.save_hand": [Call(M + "/hands/2", form={"correction": "1", **{f"bid-{s}": str(b) for s, b in enumerate(
        HAND["bids"])}, **{f"tricks-{s}": str(t) for s, t in enumerate(reversed(HAND["tricks"]))}})],
    "pages.edit_hand": [Call(M + "/hands/1")],
    "pages.undo": [Call(M + "/undo")],
    "pages.end": [Call(M + "/end", "solo")],
    "pages.confirm": [Call(M + "/hands/2/confirm", form={"version": "{version}"})],
    "pages.reopen": [Call(M + "/hands/1/reopen")],
    "pages.confirm_for": [Call(M + "/hands/2/confirm-for", form={"version": "{version}", "seat": "2"})],
    "pages.hand_over": [Call(M + "/handover")],
    "pages.take_over": [Call("/g/{game}/take/{handover}"), Call("/g/{game}/take/{handover}", form={"go": "1"})],
    "pages.share": [Call(M + "/share")],
    "pages.rotate": [Call(M + "/rotate", form={"role": "view"})],
    "pages.rematch": [Call(M + "/rematch", "over")],
    "house_rules.save_from_game": [Call(M + "/house-rules"), Call(M + "/house-rules", form={"rules_name": "Casa"})],
    "api.read_game": [Call("/api/v1/games/{game}")],
    "api.export_csv": [Call("/api/v1/games/{game}/export.csv")],
    "live.json_stream": [Call("/api/v1/games/{game}/events", stream=True)],
    "api.put_bid": [Call("/api/v1/games/{game}/hands/3/bids/1", json={"bid": 0})],
    "api.put_hand": [Call("/api/v1/games/{game}/hands/3", json=HAND)],
    "api.undo": [Call("/api/v1/games/{game}/undo")],
    "api.end": [Call("/api/v1/games/{game}/end", "solo")],
    "api.confirm": [Call("/api/v1/games/{game}/hands/2/confirm", json={"version": "{version}"})],
    "api.reopen": [Call("/api/v1/games/{game}/hands/1/reopen")],
    "api.rotate": [Call("/api/v1/games/{game}/keys/rotate", json={"role": "view"})],
    "tournaments.open": [Call(E, "evening"), Call(E, "by_hand")],
    "tournaments.standings": [Call(E + "/standings", "evening")],
    "tournaments.standings_csv": [Call(E + "/standings.csv", "evening")],
    "stats.tournament": [Call(E + "/stats", "evening")],
    "results.tournament_print": [Call(E + "/print", "over")],
    "results.tournament_card": [Call(E + "/card.png", "over")],
    "tournaments.games_csv": [Call(E + "/games.csv", "evening")],
    "tournaments.add_game": [Call(E + "/games", "evening", form=NEW_PARTITA)],
    "tournaments.join": [Call(E + "/join", "evening", form=NEW_PARTITA)],
    "tournaments.remove_game": [Call(E + "/games/{partita}/remove", "evening")],
    "tournaments.reopen_hand": [Call(E + "/games/{partita}/hands/1/reopen", "evening")],
    "tournaments.rotate": [Call(E + "/rotate", "evening", form={"role": "view"})],
    "evenings.seat": [Call(E + "/seating", "empty", form={"players": "\n".join(ROSTER), "rounds": "2"})],
    "evenings.withdraw": [Call(E + "/seating/withdraw", "evening", form={"player": "{first}"})],
    "evenings.arrive": [Call(E + "/seating/arrive", "evening", form={"player": "Zeno"})],
    "evenings.swap": [Call(E + "/seating/swap", "evening", form={"round": "2", "first": "{first}",
                                                                  "second": "{second}"})],
    "evenings.cards": [Call(E + "/seating/cards", "evening")],
    "evenings.claim": [Call(E + "/seating/mine", "evening", form={"player": "{claimable}"})],
    "evenings.links": [Call(E + "/seating/links", "evening")],
    "evenings.replace_link": [Call(E + "/seating/links", "evening", form={"player": "{player}"})],
    "evenings.start": [Call(E + "/seating/start", "evening", form={"round": str(number), "table": table})
                       for number, table in STARTS],
    "evenings.claim_seat": [Call(E + "/seating/claim", "evening", form={"round": "1", "table": "B", "seat": "1"},
                            gives=("partita", 1))],
    "tournament_api.read_tournament": [Call("/api/v1/tournaments/{tournament}", target)
                                       for target in ("evening", "by_hand")],
    "tournament_api.standings_csv": [Call("/api/v1/tournaments/{tournament}/standings.csv", "evening")],
    "tournament_api.add_game": [Call("/api/v1/tournaments/{tournament}/games", "evening", json={
        "players": ROSTER[:3] + ["Zeno"], "table": "Z", "round": 1})],
    "tournament_api.remove_game": [Call("/api/v1/tournaments/{tournament}/games/{partita}", "evening")],
    "tournament_api.rotate": [Call("/api/v1/tournaments/{tournament}/keys/rotate", "evening", json={"role": "view"})],
    "tournament_api.seat_evening": [Call("/api/v1/tournaments/{tournament}/roster", "empty",
                                         json={"players": ROSTER, "rounds": 2})],
    "tournament_api.withdraw": [Call("/api/v1/tournaments/{tournament}/roster/withdraw", "evening",
                                     json={"player": "{first}"})],
    "tournament_api.arrive": [Call("/api/v1/tournaments/{tournament}/roster/arrive", "evening",
                                   json={"player": "Zeno"})],
    "tournament_api.swap": [Call("/api/v1/tournaments/{tournament}/seating/swap", "evening",
                                 json={"round": 2, "players": ["{first}", "{second}"]})],
    "tournament_api.start_table": [Call("/api/v1/tournaments/{tournament}/seating/start", "evening",
                                        json={"round": number, "table": table}) for number, table in STARTS],
    "clubs.open": [Call(CLUB, "club")],
    "clubs.tv": [Call(CLUB + "/tv", "club")],
    "clubs.add_player": [Call(CLUB + "/players", "club", form={"name": "Zeno", "nickname": ""})],
    "clubs.edit_player": [Call(CLUB + "/players/{other_member}/edit", "club")],
    "clubs.save_player": [Call(CLUB + "/players/{other_member}/edit", "club", form={"name": "Bruno", "nickname": "B"})],
    "clubs.remove_player": [Call(CLUB + "/players/{other_member}/remove", "club")],
    "clubs.player_link": [Call(CLUB + "/players/{member}/link", "club")],
    "clubs.new_player_link": [Call(CLUB + "/players/{member}/link", "club")],
    "clubs.rotate": [Call(CLUB + "/rotate", "club", form={"role": "view"})],
    "seasons.open": [Call(SEASON, "season")],
    "seasons.standings_csv": [Call(SEASON + "/standings.csv", "season")],
    "seasons.add_tournament": [Call(SEASON + "/tournaments", "season", form={"link": "{evening_link}"})],
    "seasons.remove_tournament": [Call(SEASON + "/tournaments/{over}/remove", "season")],
    "seasons.rotate": [Call(SEASON + "/rotate", "season", form={"role": "view"})],
    "season_api.read_season": [Call("/api/v1/seasons/{season}", "season")],
    "season_api.standings_csv": [Call("/api/v1/seasons/{season}/standings.csv", "season")],
    "season_api.add_tournament": [Call("/api/v1/seasons/{season}/tournaments", "season", json={
        "tournament": "{evening}", "key": "{evening_view}"})],
    "season_api.remove_tournament": [Call("/api/v1/seasons/{season}/tournaments/{over}", "season")],
    "season_api.rotate": [Call("/api/v1/seasons/{season}/keys/rotate", "season", json={"role": "view"})],
    "club_api.create_club": [Call("/api/v1/clubs", json={"name": "Circolo"})],
    "club_api.read_club": [Call(CLUB_API, "club")],
    "club_api.read_player": [Call(CLUB_API + "/players/{member}", "club")],
    "club_api.add_player": [Call(CLUB_API + "/players", "club", json={"name": "Zeno"})],
    "club_api.edit_player": [Call(CLUB_API + "/players/{member}", "club", json={"hidden": True})],
    "club_api.remove_player": [Call(CLUB_API + "/players/{other_member}", "club")],
    "club_api.player_link": [Call(CLUB_API + "/players/{member}/link", "club", json={})],
    "club_api.add_game": [Call(CLUB_API + "/games", "club", json={"game": "{outside_game}", "key": "{outside_scorer}",
                                                                  "players": [1, 2, 3, 4]})],
    "club_api.remove_game": [Call(CLUB_API + "/games/{club_game}", "club")],
    "club_api.add_evening": [Call(CLUB_API + "/evenings", "club", json={
        "tournament": "{outside_evening}", "key": "{outside_organiser}", "players": {}})],
    "club_api.remove_evening": [Call(CLUB_API + "/evenings/{club_evening}", "club")],
    "club_api.rotate": [Call(CLUB_API + "/keys/rotate", "club", json={"role": "view"})],
    **{f"{blueprint}.{which}_csv": [Call(f"{prefix}/{which}.csv", "club")] for which in ("roster", "ratings", "games")
       for blueprint, prefix in (("club_api", CLUB_API), ("club_csv", CLUB))},
    "club_card.ladder_png": [Call(CLUB + "/ladder.png", "club")],
    "club_games.add_game": [Call(CLUB + "/games", "club", form={"link": "{scorer_link}"}, pastes=MAIN_PASTED)],
    "club_games.match_game": [Call(CLUB + "/games/match", "club", form={"link": "{scorer_link}",
                                                                        "player": ["1", "2", "3", "4"]},
                                   pastes=MAIN_PASTED)],
    "club_games.remove_game": [Call(CLUB + "/games/{club_game}/remove", "club")],
    "club_games.add_evening": [Call(CLUB + "/evenings", "club", form={"link": "{by_hand_link}"},
                                    pastes=HAND_PASTED)],
    "club_games.match_evening": [Call(CLUB + "/evenings/match", "club", form={"link": "{by_hand_link}",
                                                                              "player": ["1", "2", "3", "4"]},
                                      pastes=HAND_PASTED)],
    "club_games.remove_evening": [Call(CLUB + "/evenings/{club_evening}/remove", "club")],
    "club_games.new_game": [Call(CLUB + "/new", "club")],
    "club_games.create_game": [Call(CLUB + "/new", "club", form={"variant": "wist", "player": ["1", "2", "3", "4"],
                                                                 "order": "4 3 2 1", "first_dealer": "draw"})],
    "club_games.to_club": [Call(M + "/club")],
    "club_games.from_game": [Call(M + "/club", form={"club": "{club_link}"},
                                  pastes=((Subject.CLUB, "club", Role.CLUB),))],
    "club_player.page": [Call(CLUB + "/players/{member}", "club")],
    "club_player.hide": [Call(CLUB + "/players/{member}/hide", "club", form={"hidden": "1"})],
}
