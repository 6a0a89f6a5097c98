"""Every door of the app in one table (#33): which links open it, what every other link gets, and what it costs.

There are no accounts: a link is a capability, and a link never grants more than its role. The room's code (a
tournament's join link) is in every player's hand, so it reaches table views, the start of its own table's
partita and, once started, a seat of it claimed once ("I am Bruno", #35), never a scorer's power, and nothing of a
finished partita but its view. An unknown game,
or a key that does not open it (a replaced link, another game's, a tournament's on a game's page), gets 404 — the
same answer whichever part was wrong.

`DOORS` declares each endpoint of the app once: what the project intends, not merely what the code does today.
`tests/web/test_doors.py` fails on an endpoint missing here (or a door with no route), and calls every door with
every role, checking the answer declared. docs/security.md shows the table to organisers and players: regenerate
its table with `python -m scorekeeper.web.gate.doors docs/security.md` (`make security-doc`). `guard.CREATIONS` (the
rate-limited creations and seatings) is read from the doors' costs.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path


class Role(StrEnum):
    """Who knocks: the link (or cookie) a request carries, relative to what its address names; strongest first."""

    SCORER = "scorer"  # the game's scorer link
    ORGANISER = "organiser"  # the tournament's organiser link
    SEASON = "season"  # the season organiser's link
    CLUB = "club"  # the club organiser's link (#37)
    SEAT = "seat"  # a player's own link at a game
    PLAYER = "player"  # a player's own link of a club evening (#35): where they sit, their seat's sheet, their place;
    #                    a club member's own link (#37): their own page in the club
    JOIN = "join"  # the room's code: a tournament's join link
    VIEW = "view"  # a view link: a game's table view, a tournament's standings (the TV), a season's standings, a club's
    #                link (its ladder, roster and players' pages, #37)
    PHONE = "phone"  # this phone's own device cookie (an id of its list of games; no key)
    NONE = "none"  # no link, no cookie
    REPLACED = "replaced"  # a link replaced by "New link" (of any kind)
    OTHER = "other"  # another game's (tournament's, season's, phone's) link


class Subject(StrEnum):
    """What an address names, and so which links can open it."""

    ANYONE = "anyone"
    PHONE = "phone"
    GAME = "game"
    TOURNAMENT = "tournament"
    SEASON = "season"
    CLUB = "club"


LINKS = {  # the links of each subject: every other link is a stranger to it (404)
    Subject.ANYONE: frozenset(Role),
    Subject.PHONE: frozenset({Role.PHONE}),
    Subject.GAME: frozenset({Role.SCORER, Role.VIEW, Role.SEAT}),
    Subject.TOURNAMENT: frozenset({Role.ORGANISER, Role.PLAYER, Role.JOIN, Role.VIEW}),
    Subject.SEASON: frozenset({Role.SEASON, Role.VIEW}),
    Subject.CLUB: frozenset({Role.CLUB, Role.PLAYER, Role.VIEW}),
}


class Cost(StrEnum):
    """What bounds the work a door can be made to do."""

    CREATE = "rate-limited-create"  # RATE_LIMIT_CREATE per client address (web/gate/guard.py)
    WRITE = "rate-limited-write"  # RATE_LIMIT_WRITE per client address
    SEAT = "rate-limited-seating"  # RATE_LIMIT_SEAT per client address: a seating search, up to a second of CPU
    SIZE = "size-capped"  # a cap on what one request or one client may hold
    CACHED = "cached"  # answered from a cache or with 304 while nothing changed
    PROOF = "cheap-by-proof"  # a read whose work a test or a benchmark bounds


@dataclass(frozen=True)
class Answer:
    """What a role gets: the statuses that say so, in words for the docs."""

    statuses: tuple[int, ...]
    words: str


NOT_FOUND = Answer((404,), "404, as for an unknown link")
FORBIDDEN = Answer((403,), "403, saying why")
FORBIDDEN_PAGE = Answer((403,), "403: the sheet again, saying why")
WAITS = ("; a table whose players are still at the round before: refused (409), naming the tables to wait for (the "
         "room's code cannot start the evening's last round early and freeze the organiser's changes)")
VIEW_ONLY_JSON = Answer((200, 201, 409), "at a table not started yet, the new partita and its links; at a started or "
                                         "finished one, its view link only" + WAITS)
VIEW_ONLY_PAGE = Answer((303, 409), "at a table not started yet, the new partita's sheet (its scorer link); at a "
                                    "started or finished one, its view only" + WAITS)
OWN_TABLE_PAGE = Answer((303, 403, 409), "the player's own table: as the room's code; another table: refused, "
                                         "saying it is not theirs" + WAITS)
RESTARTED = Answer((404, 409), "a Start sent again once the game's scorer link was replaced: refused, saying the "
                               "game no longer opens with that link")
OWN_PAGE = Answer((303,), "303 to the member's own page in the club (nothing else of it)")
PLAN_ONLY = Answer((403, 422), "refused, saying why, at an evening the app seats (its tables start from their "
                               "cards); at an evening seated by hand, a new partita")


@dataclass(frozen=True)
class Door:
    """One endpoint: its address, the links that open it fully (`may`, answered `ok`), what the subject's other
    links get (`others`), a role answered otherwise (`but`), its cost and what it does, in a club's words."""

    endpoint: str
    route: str  # "METHOD /path" as Flask's url_map has it, without converters
    subject: Subject
    may: frozenset[Role]
    ok: int | tuple[int, ...]
    cost: Cost
    bound: str
    what: str
    others: Answer = NOT_FOUND
    but: tuple[tuple[Role, Answer], ...] = ()

    def answer(self, role: Role) -> Answer:
        """What `role` gets here: a stranger to the subject gets 404 whatever the door."""
        special = dict(self.but)
        if role in special:
            return special[role]
        if role in self.may:
            return Answer(self.ok if isinstance(self.ok, tuple) else (self.ok,), "")
        return self.others if role in LINKS[self.subject] else NOT_FOUND

    @property
    def methods(self) -> frozenset[str]:
        return frozenset(self.route.split(" ", 1)[0].split("|"))

    @property
    def path(self) -> str:
        return self.route.split(" ", 1)[1]


EVERYONE = frozenset(Role)
GAME_LINKS = LINKS[Subject.GAME]
TOURNAMENT_LINKS = LINKS[Subject.TOURNAMENT]
SEASON_LINKS = LINKS[Subject.SEASON]
CLUB_LINKS = LINKS[Subject.CLUB]
CLUB_SEES = frozenset({Role.CLUB, Role.VIEW})  # the ladder, the roster, every player's page (#37)
SCORER = frozenset({Role.SCORER})
SEAT = frozenset({Role.SEAT})
ORGANISER = frozenset({Role.ORGANISER})
SEASON = frozenset({Role.SEASON})
CLUB = frozenset({Role.CLUB})
PHONE = frozenset({Role.PHONE})

# The bounds, in words.
CREATION = "100 an hour per address (RATE_LIMIT_CREATE)"
WRITING = "600 a minute per address (RATE_LIMIT_WRITE)"
CHANGE = WRITING + "; a game holds at most 5,000 changes"
BIDDING = CHANGE + "; a seat changes its bid at most 10 times a hand"
SEATING = ("the seating search (up to about a second of work) runs outside the write lock, under a tighter limit "
           "of its own; the same roster sent again runs no search")
MARKING = (CHANGE + "; a seat's confirmations and reopenings of a hand are bounded and never use up the room the "
           "scorer needs to record, correct and undo")
REPLAY = "one reading of the game, in proportion to its changes (at most 5,000), kept between requests"
PARTITE = "one reading of each partita, kept between requests (measured at 120 partite: bench/evening.py)"
IMPORT = "each game of the file counts as a creation; at most 1,000 games and 16 MB a file"
STREAM = "at most 30 open streams a link and 300 an address (per worker); a heartbeat every 10 s"
CARD = "drawn once per version of the results, then kept; the same picture again is 304"
SMALL = "a short page of fixed size"
CLUB_GAMES = ("one reading of the club's games' kept results (a game changed since is replayed once), their ratings "
              "computed once per process for the same games")

G, T, S, C = Subject.GAME, Subject.TOURNAMENT, Subject.SEASON, Subject.CLUB

DOORS: tuple[Door, ...] = (
    # -- anyone: no link needed -------------------------------------------------------------------------------
    Door("pages.home", "GET /", Subject.ANYONE, EVERYONE, 200, Cost.PROOF,
         "this phone's list, at most 1,000 games", "The home page: a new game, and this phone's own games, "
         "tournaments and saved rules (found by its cookie; nobody else's)."),
    Door("pages.export_all", "GET /games.csv", Subject.ANYONE, EVERYONE, 200, Cost.PROOF,
         "this phone's list, at most 1,000 games, each read once", "Every game on this phone's list as one CSV file."),
    Door("stats.phone", "GET /stats", Subject.ANYONE, EVERYONE, 200, Cost.PROOF,
         "the latest 200 games of this phone", "The statistics of the games on this phone."),
    Door("pages.import_game", "POST /import", Subject.ANYONE, EVERYONE, 303, Cost.CREATE, IMPORT,
         "Import a CSV file this app exported: each game comes back with new links, this phone holding the scorer's."),
    Door("pages.forget", "POST /forget/<kind>/<item_id>", Subject.ANYONE, EVERYONE, 303, Cost.WRITE, WRITING,
         "Take a game or tournament off this phone's list (its links still work)."),
    Door("pages.language", "GET /lang/<code>", Subject.ANYONE, EVERYONE, 303, Cost.PROOF, SMALL,
         "Choose Italian or English (a cookie)."),
    Door("pages.new_game", "GET /new", Subject.ANYONE, EVERYONE, 200, Cost.PROOF, SMALL,
         "The choice of game and the new-game form."),
    Door("pages.create_game", "POST /new", Subject.ANYONE, EVERYONE, 303, Cost.CREATE, CREATION,
         "Start a game: whoever starts it holds its scorer link."),
    Door("tournaments.new", "GET /tournaments/new", Subject.ANYONE, EVERYONE, 200, Cost.PROOF, SMALL,
         "The new-tournament form."),
    Door("tournaments.create", "POST /tournaments/new", Subject.ANYONE, EVERYONE, 303, Cost.CREATE, CREATION,
         "Create a tournament: whoever creates it holds its organiser link."),
    Door("seasons.new", "GET /seasons/new", Subject.ANYONE, EVERYONE, 200, Cost.PROOF, SMALL, "The new-season form."),
    Door("seasons.create", "POST /seasons/new", Subject.ANYONE, EVERYONE, 303, Cost.CREATE, CREATION,
         "Create a season: whoever creates it holds its organiser link."),
    Door("clubs.new", "GET /clubs/new", Subject.ANYONE, EVERYONE, 200, Cost.PROOF, SMALL, "The new-club form."),
    Door("clubs.create", "POST /clubs/new", Subject.ANYONE, EVERYONE, 303, Cost.CREATE, CREATION,
         "Create a club: whoever creates it holds its organiser link."),
    Door("docs.page", "GET /docs/<name>", Subject.ANYONE, EVERYONE, 200, Cost.PROOF,
         "a page of the project's own documents", "The rules of the games, the API reference, this page."),
    Door("static", "GET /static/<filename>", Subject.ANYONE, EVERYONE, 200, Cost.CACHED,
         "files of the app, kept by the phone for a year", "Style sheets, scripts, icons."),
    Door("service_worker", "GET /sw.js", Subject.ANYONE, EVERYONE, 200, Cost.PROOF, SMALL,
         "The script that keeps the app's files on the phone, and a copy of the last sheets it opened "
         "(see *What this phone keeps for offline*)."),
    Door("offline_page", "GET /offline", Subject.ANYONE, EVERYONE, 200, Cost.PROOF, SMALL,
         "The app's page for a sheet opened offline that the phone has no copy of (no game, no link in it)."),
    Door("live.healthz", "GET /healthz", Subject.ANYONE, EVERYONE, 200, Cost.PROOF, "counts only",
         "For the server's owner: the server is up, and how many live sheets it holds (no game, link or address)."),
    Door("api.openapi", "GET /api/v1/openapi.json", Subject.ANYONE, EVERYONE, 200, Cost.CACHED,
         "built once per process", "The API's description, for programmers."),
    Door("api.create_game", "POST /api/v1/games", Subject.ANYONE, EVERYONE, 201, Cost.CREATE, CREATION,
         "Start a game from a program: it gets every link of the game."),
    Door("api.import_game", "POST /api/v1/games/import", Subject.ANYONE, EVERYONE, 201, Cost.CREATE, IMPORT,
         "Import a CSV file from a program: new games, new links."),
    Door("tournament_api.create_tournament", "POST /api/v1/tournaments", Subject.ANYONE, EVERYONE, 201, Cost.CREATE,
         CREATION, "Create a tournament from a program: it gets the organiser, view and join links."),
    Door("season_api.create_season", "POST /api/v1/seasons", Subject.ANYONE, EVERYONE, 201, Cost.CREATE, CREATION,
         "Create a season from a program: it gets the organiser and view links."),
    # -- this phone: its own cookie ------------------------------------------------------------------------------
    Door("house_rules.start", "POST /house-rules/<set_id>/start", Subject.PHONE, PHONE, 303, Cost.CREATE, CREATION,
         "Start the next game from rules saved on this phone; tapped twice, the one game it started.",
         but=((Role.REPLACED, RESTARTED),)),
    Door("house_rules.delete", "POST /house-rules/<set_id>/delete", Subject.PHONE, PHONE, 303, Cost.WRITE, WRITING,
         "Delete rules saved on this phone."),
    # -- a game: its scorer, view and seat links -----------------------------------------------------------------
    Door("pages.sheet", "GET /g/<game_id>/<key>", G, GAME_LINKS, 200, Cost.PROOF, REPLAY,
         "The score sheet: the scorer enters everything, a player their own bid, the view only looks. Sealed bids "
         "show to their own player alone."),
    Door("pages.chart", "GET /g/<game_id>/<key>/chart", G, GAME_LINKS, 200, Cost.PROOF, REPLAY,
         "The chart of the running totals."),
    Door("pages.history", "GET /g/<game_id>/<key>/hands/<number>/history", G, GAME_LINKS, 200, Cost.PROOF, REPLAY,
         "Who recorded what in one hand (sealed bids stay hidden until shown)."),
    Door("pages.export_csv", "GET /g/<game_id>/<key>/export.csv", G, GAME_LINKS, 200, Cost.PROOF, REPLAY,
         "The game as a CSV file (scored hands only)."),
    Door("live.page_stream", "GET /g/<game_id>/<key>/live", G, GAME_LINKS, 200, Cost.SIZE, STREAM,
         "The sheet's live line: it only says that something changed."),
    Door("results.game_print", "GET /g/<game_id>/<key>/print", G, GAME_LINKS, 200, Cost.PROOF, REPLAY,
         "A finished game's results, to print."),
    Door("results.game_card", "GET /g/<game_id>/<key>/card.png", G, GAME_LINKS, 200, Cost.CACHED, CARD,
         "A finished game's results as a picture for the group chat."),
    Door("pages.bid", "POST /g/<game_id>/<key>/bid", G, SCORER | SEAT, 303, Cost.WRITE,
         BIDDING,
         "Enter a bid: the scorer's for anyone, a player's for themselves alone.", FORBIDDEN_PAGE),
    Door("pages.save_hand", "POST /g/<game_id>/<key>/hands/<number>", G, SCORER, 303, Cost.WRITE, CHANGE,
         "Record or correct a hand.", FORBIDDEN_PAGE),
    Door("pages.edit_hand", "GET /g/<game_id>/<key>/hands/<number>", G, SCORER, 200, Cost.PROOF, REPLAY,
         "The form that corrects a hand."),
    Door("pages.undo", "POST /g/<game_id>/<key>/undo", G, SCORER, 303, Cost.WRITE, CHANGE,
         "Take back the latest change.", FORBIDDEN_PAGE),
    Door("pages.end", "POST /g/<game_id>/<key>/end", G, SCORER, 303, Cost.WRITE, CHANGE,
         "End a game of open length (Solo Whist).", FORBIDDEN_PAGE),
    Door("pages.confirm", "POST /g/<game_id>/<key>/hands/<number>/confirm", G, SEAT, 303, Cost.WRITE, MARKING,
         "Another player confirms a hand on their own phone; a confirmation made on the phone that holds the scorer's "
         "link says so wherever it shows.", FORBIDDEN_PAGE),
    Door("pages.confirm_for", "POST /g/<game_id>/<key>/hands/<number>/confirm-for", G, SCORER, 303, Cost.WRITE,
         MARKING, "The table's phone passed to a player (#35): the player named confirms the hand on the scorer's "
         "sheet, and the confirmation says it was made on the table's phone.", FORBIDDEN_PAGE),
    Door("pages.reopen", "POST /g/<game_id>/<key>/hands/<number>/reopen", G, SEAT, 303, Cost.WRITE, MARKING,
         "A player reopens a confirmed hand so that the scorer can correct it.", FORBIDDEN_PAGE),
    Door("pages.share", "GET /g/<game_id>/<key>/share", G, SCORER, 200, Cost.PROOF, SMALL,
         "The QR codes of every link of the game, each with its New link button."),
    Door("pages.rotate", "POST /g/<game_id>/<key>/rotate", G, SCORER, 200, Cost.WRITE, WRITING,
         "New link: the old one stops working at once, everywhere."),
    Door("pages.hand_over", "POST /g/<game_id>/<key>/handover", G, SCORER, 200, Cost.WRITE, WRITING,
         "Hand over scoring to another phone: a one-time link (and its QR code) that gives the scoring to the phone "
         "that opens it; this phone's scorer link then stops."),
    Door("pages.take_over", "GET|POST /g/<game_id>/take/<token>", Subject.ANYONE, EVERYONE, (200, 303), Cost.WRITE,
         WRITING + "; each link works once",
         "The handover link, opened on the other phone: one tap takes the scoring (a new scorer link for this phone, "
         "the old one stops). Without a link that works: 404, as for an unknown link."),
    Door("pages.rematch", "POST /g/<game_id>/<key>/rematch", G, SCORER, 303, Cost.CREATE, CREATION,
         "Play again: a finished game's players start a new one."),
    Door("house_rules.save_from_game", "GET|POST /g/<game_id>/<key>/house-rules", G, SCORER, 200, Cost.WRITE,
         WRITING + "; at most 50 sets a phone", "Save the game's rules on this phone under a name."),
    Door("api.read_game", "GET /api/v1/games/<game_id>", G, GAME_LINKS, 200, Cost.PROOF, REPLAY,
         "The game as JSON, as the link may see it."),
    Door("api.export_csv", "GET /api/v1/games/<game_id>/export.csv", G, GAME_LINKS, 200, Cost.PROOF, REPLAY,
         "The game as CSV."),
    Door("live.json_stream", "GET /api/v1/games/<game_id>/events", G, GAME_LINKS, 200, Cost.SIZE, STREAM,
         "The game's changes as they happen (which hand, by whom; never a value)."),
    Door("api.put_bid", "PUT /api/v1/games/<game_id>/hands/<number>/bids/<seat>", G, SCORER | SEAT, 200, Cost.WRITE,
         BIDDING,
         "Enter a bid: the scorer's for anyone, a player's for themselves alone.", FORBIDDEN),
    Door("api.put_hand", "PUT /api/v1/games/<game_id>/hands/<number>", G, SCORER, 200, Cost.WRITE, CHANGE,
         "Record or correct a hand.", FORBIDDEN),
    Door("api.undo", "POST /api/v1/games/<game_id>/undo", G, SCORER, 200, Cost.WRITE, CHANGE,
         "Take back the latest change.", FORBIDDEN),
    Door("api.end", "POST /api/v1/games/<game_id>/end", G, SCORER, 200, Cost.WRITE, CHANGE,
         "End a game of open length (Solo Whist).", FORBIDDEN),
    Door("api.confirm", "POST /api/v1/games/<game_id>/hands/<number>/confirm", G, SEAT, 200, Cost.WRITE, MARKING,
         "Another player confirms a hand (a version from the future is refused).", FORBIDDEN),
    Door("api.reopen", "POST /api/v1/games/<game_id>/hands/<number>/reopen", G, SEAT, 200, Cost.WRITE, MARKING,
         "A player reopens a confirmed hand.", FORBIDDEN),
    Door("api.rotate", "POST /api/v1/games/<game_id>/keys/rotate", G, SCORER, 200, Cost.WRITE, WRITING,
         "New link: the old one stops working at once.", FORBIDDEN),
    # -- a tournament: its organiser, join (the room's code) and view links --------------------------------------
    Door("tournaments.open", "GET /t/<tournament_id>/<key>", T, TOURNAMENT_LINKS, 200, Cost.PROOF, PARTITE,
         "The organiser's page (every table's links); with the room's code, where each player sits and the tables "
         "to start; with a player's own link, where that player sits now and next, their seat's sheet in the "
         "partita under way and their place; with the view link, the standings. Only the organiser's shows a "
         "scorer's link."),
    Door("tournaments.standings", "GET /t/<tournament_id>/<key>/standings", T, TOURNAMENT_LINKS, 200, Cost.CACHED,
         "a TV's poll every 3 s is 304 while nothing changed", "The standings for the TV."),
    Door("tournaments.standings_csv", "GET /t/<tournament_id>/<key>/standings.csv", T, TOURNAMENT_LINKS, 200,
         Cost.PROOF, PARTITE, "The standings as CSV."),
    Door("stats.tournament", "GET /t/<tournament_id>/<key>/stats", T, TOURNAMENT_LINKS, 200, Cost.PROOF, PARTITE,
         "The statistics of the partite (linked through their view links)."),
    Door("results.tournament_print", "GET /t/<tournament_id>/<key>/print", T, TOURNAMENT_LINKS, 200, Cost.PROOF,
         PARTITE, "A finished tournament's results, to print."),
    Door("results.tournament_card", "GET /t/<tournament_id>/<key>/card.png", T, TOURNAMENT_LINKS, 200, Cost.CACHED,
         CARD, "A finished tournament's results as a picture."),
    Door("tournaments.games_csv", "GET /t/<tournament_id>/<key>/games.csv", T, ORGANISER, 200, Cost.PROOF, PARTITE,
         "Every partita as one CSV file."),
    Door("tournaments.add_game", "POST /t/<tournament_id>/<key>/games", T, ORGANISER, 303, Cost.CREATE, CREATION,
         "Add a partita by hand, or attach a game already started (by its scorer link)."),
    Door("tournaments.join", "POST /t/<tournament_id>/<key>/join", T, ORGANISER, 303, Cost.CREATE, CREATION,
         "A table types its players and starts its partita; whoever starts it holds its scorer link.", FORBIDDEN,
         ((Role.JOIN, PLAN_ONLY),)),
    Door("tournaments.remove_game", "POST /t/<tournament_id>/<key>/games/<game_id>/remove", T, ORGANISER, 303,
         Cost.WRITE, WRITING, "Take a partita out (the game itself is kept)."),
    Door("tournaments.reopen_hand", "POST /t/<tournament_id>/<key>/games/<game_id>/hands/<number>/reopen", T,
         ORGANISER, 303, Cost.WRITE, MARKING, "The organiser reopens a confirmed hand of a partita."),
    Door("tournaments.rotate", "POST /t/<tournament_id>/<key>/rotate", T, ORGANISER, 303, Cost.WRITE, WRITING,
         "New link for the room's code, the standings or this page: the old one stops at once."),
    Door("evenings.seat", "POST /t/<tournament_id>/<key>/seating", T, ORGANISER, 303, Cost.SEAT, SEATING,
         "Let the app seat the evening: the roster and the rounds."),
    Door("evenings.withdraw", "POST /t/<tournament_id>/<key>/seating/withdraw", T, ORGANISER, 303, Cost.SEAT,
         SEATING, "A player leaves: the rounds not begun are seated again."),
    Door("evenings.arrive", "POST /t/<tournament_id>/<key>/seating/arrive", T, ORGANISER, 303, Cost.SEAT, SEATING,
         "A late arrival: the rounds not begun are seated again."),
    Door("evenings.swap", "POST /t/<tournament_id>/<key>/seating/swap", T, ORGANISER, 303, Cost.WRITE, SEATING,
         "Two players change seats in a round not begun."),
    Door("evenings.cards", "GET /t/<tournament_id>/<key>/seating/cards", T, ORGANISER, 200, Cost.PROOF, PARTITE,
         "The table cards to print, each with its table's QR code (the room's code, that table chosen)."),
    Door("evenings.start", "POST /t/<tournament_id>/<key>/seating/start", T, ORGANISER, 303, Cost.CREATE, CREATION,
         "A table's card, one tap: the partita starts with its players in their seats, and the phone that starts it "
         "holds its scorer link. Once started (or finished), the room's code gets its view only; a player's own link "
         "starts its own table alone.", NOT_FOUND, ((Role.JOIN, VIEW_ONLY_PAGE), (Role.PLAYER, OWN_TABLE_PAGE))),
    Door("evenings.claim", "POST /t/<tournament_id>/<key>/seating/mine", T, frozenset({Role.JOIN}), 303, Cost.WRITE,
         WRITING, "\"Where do I sit?\": the player's own link, handed out once, to the first phone that asks (it "
         "lands on it); asked again, back to the answer, which says the link was taken."),
    Door("evenings.links", "GET /t/<tournament_id>/<key>/seating/links", T, ORGANISER, 200, Cost.PROOF, PARTITE,
         "Every player's own link with its QR code."),
    Door("evenings.replace_link", "POST /t/<tournament_id>/<key>/seating/links", T, ORGANISER, 303, Cost.WRITE,
         WRITING, "A player's own link replaced: the old one stops at once."),
    Door("evenings.claim_seat", "POST /t/<tournament_id>/<key>/seating/claim", T, ORGANISER | frozenset({Role.JOIN}),
         303, Cost.SEAT, "RATE_LIMIT_SEAT per address; each seat is claimed by one phone, once",
         "\"I am Bruno\" on a started table's card: this phone takes that seat and gets its player's link (never the "
         "scorer's); a seat another phone took is refused (409), the table's scorer shows its QR code from Share."),
    Door("tournament_api.read_tournament", "GET /api/v1/tournaments/<tournament_id>", T, TOURNAMENT_LINKS, 200,
         Cost.CACHED, "a poller's If-None-Match is 304 while nothing changed",
         "The tournament as JSON: the organiser's with every table's scorer link, the others' with view links only."),
    Door("tournament_api.standings_csv", "GET /api/v1/tournaments/<tournament_id>/standings.csv", T,
         TOURNAMENT_LINKS, 200, Cost.PROOF, PARTITE, "The standings as CSV."),
    Door("tournament_api.add_game", "POST /api/v1/tournaments/<tournament_id>/games", T, ORGANISER, 201, Cost.CREATE,
         CREATION, "Add a partita: a new game for a table, or one already started (organiser, by its scorer key).",
         FORBIDDEN, ((Role.JOIN, PLAN_ONLY),)),
    Door("tournament_api.remove_game", "DELETE /api/v1/tournaments/<tournament_id>/games/<game_id>", T, ORGANISER,
         200, Cost.WRITE, WRITING, "Take a partita out.", FORBIDDEN),
    Door("tournament_api.rotate", "POST /api/v1/tournaments/<tournament_id>/keys/rotate", T, ORGANISER, 200,
         Cost.WRITE, WRITING, "New link: the old one stops at once.", FORBIDDEN),
    Door("tournament_api.seat_evening", "PUT /api/v1/tournaments/<tournament_id>/roster", T, ORGANISER, 200,
         Cost.SEAT, SEATING, "Seat the evening: the roster and the rounds.", FORBIDDEN),
    Door("tournament_api.withdraw", "POST /api/v1/tournaments/<tournament_id>/roster/withdraw", T, ORGANISER, 200,
         Cost.SEAT, SEATING, "A player leaves.", FORBIDDEN),
    Door("tournament_api.arrive", "POST /api/v1/tournaments/<tournament_id>/roster/arrive", T, ORGANISER, 200,
         Cost.SEAT, SEATING, "A late arrival.", FORBIDDEN),
    Door("tournament_api.swap", "POST /api/v1/tournaments/<tournament_id>/seating/swap", T, ORGANISER, 200,
         Cost.WRITE, SEATING, "Two players change seats.", FORBIDDEN),
    Door("tournament_api.start_table", "POST /api/v1/tournaments/<tournament_id>/seating/start", T, ORGANISER,
         (200, 201),
         Cost.CREATE, CREATION, "A seated table's partita: created (its starter holds every link), or the one "
                                "started there (the room's code: its view link only).", FORBIDDEN,
         ((Role.JOIN, VIEW_ONLY_JSON),)),
    # -- a season: its organiser and view links ------------------------------------------------------------------
    Door("seasons.open", "GET /s/<season_id>/<key>", S, SEASON_LINKS, 200, Cost.PROOF,
         "one reading of each tournament's partite", "The season organiser's page, or (view link) the standings."),
    Door("seasons.standings_csv", "GET /s/<season_id>/<key>/standings.csv", S, SEASON_LINKS, 200, Cost.PROOF,
         "one reading of each tournament's partite", "The season's standings as CSV."),
    Door("seasons.add_tournament", "POST /s/<season_id>/<key>/tournaments", S, SEASON, 303, Cost.WRITE, WRITING,
         "Add a tournament by pasting one of its links (proof that its standings may be seen)."),
    Door("seasons.remove_tournament", "POST /s/<season_id>/<key>/tournaments/<tournament_id>/remove", S, SEASON,
         303, Cost.WRITE, WRITING, "Take a tournament out of the season."),
    Door("seasons.rotate", "POST /s/<season_id>/<key>/rotate", S, SEASON, 303, Cost.WRITE, WRITING,
         "New link for the standings or this page: the old one stops at once."),
    # -- a club: its organiser's link, the club's link, a member's own link (#37) ----------------------------------
    Door("clubs.open", "GET /c/<club_id>/<key>", C, CLUB_SEES, 200, Cost.PROOF, CLUB_GAMES,
         "The club organiser's page, or (the club's link) the ladder and the players.",
         but=((Role.PLAYER, OWN_PAGE),)),
    Door("clubs.tv", "GET /c/<club_id>/<key>/tv", C, CLUB_SEES, 200, Cost.PROOF, CLUB_GAMES,
         "The ladder on a TV: its top, who moved most, hidden and removed players left out."),
    Door("clubs.add_player", "POST /c/<club_id>/<key>/players", C, CLUB, 303, Cost.WRITE, WRITING,
         "Add a player to the roster (a name alike but for capitals or accents is refused)."),
    Door("clubs.edit_player", "GET /c/<club_id>/<key>/players/<number>/edit", C, CLUB, 200, Cost.PROOF, SMALL,
         "The form correcting a player's name or nickname."),
    Door("clubs.save_player", "POST /c/<club_id>/<key>/players/<number>/edit", C, CLUB, 303, Cost.WRITE, WRITING,
         "Correct a player's name or nickname."),
    Door("clubs.remove_player", "POST /c/<club_id>/<key>/players/<number>/remove", C, CLUB, 303, Cost.WRITE,
         WRITING, "Take a player off the roster: their name is erased, their own link stops, their games stay."),
    Door("clubs.player_link", "GET /c/<club_id>/<key>/players/<number>/link", C, CLUB, 200, Cost.PROOF,
         SMALL + " (the link made the first time it is asked, once)",
         "A player's own link and its QR code, to hand over (made the first time it is asked)."),
    Door("clubs.new_player_link", "POST /c/<club_id>/<key>/players/<number>/link", C, CLUB, 303, Cost.WRITE,
         WRITING, "A new own link for a player: the old one stops at once."),
    Door("clubs.rotate", "POST /c/<club_id>/<key>/rotate", C, CLUB, 303, Cost.WRITE, WRITING,
         "New link for the club or this page: the old one stops at once."),
    Door("season_api.read_season", "GET /api/v1/seasons/<season_id>", S, SEASON_LINKS, 200, Cost.PROOF,
         "one reading of each tournament's partite", "The season as JSON."),
    Door("season_api.standings_csv", "GET /api/v1/seasons/<season_id>/standings.csv", S, SEASON_LINKS, 200,
         Cost.PROOF, "one reading of each tournament's partite", "The season's standings as CSV."),
    Door("season_api.add_tournament", "POST /api/v1/seasons/<season_id>/tournaments", S, SEASON, 201, Cost.WRITE,
         WRITING, "Add a tournament, proven by one of its keys.", FORBIDDEN),
    Door("season_api.remove_tournament", "DELETE /api/v1/seasons/<season_id>/tournaments/<tournament_id>", S,
         SEASON, 200, Cost.WRITE, WRITING, "Take a tournament out.", FORBIDDEN),
    Door("season_api.rotate", "POST /api/v1/seasons/<season_id>/keys/rotate", S, SEASON, 200, Cost.WRITE, WRITING,
         "New link: the old one stops at once.", FORBIDDEN),
    # -- a club's API, files and ladder card (#37): its organiser's link, the club's link, a member's own ----------
    Door("club_api.create_club", "POST /api/v1/clubs", Subject.ANYONE, EVERYONE, 201, Cost.CREATE, CREATION,
         "Create a club from a program: it gets the organiser and club (view) links."),
    Door("club_api.read_club", "GET /api/v1/clubs/<club_id>", C, CLUB_SEES, 200, Cost.PROOF, CLUB_GAMES,
         "The club as JSON: its roster and every family's ladder.", FORBIDDEN),
    Door("club_api.read_player", "GET /api/v1/clubs/<club_id>/players/<number>", C, CLUB_LINKS, 200, Cost.PROOF,
         CLUB_GAMES, "A player's page as JSON (a member's own link: theirs alone): ratings and their history, head to "
         "head, games."),
    Door("club_api.add_player", "POST /api/v1/clubs/<club_id>/players", C, CLUB, 201, Cost.WRITE, WRITING,
         "Add a player to the roster.", FORBIDDEN),
    Door("club_api.edit_player", "PATCH /api/v1/clubs/<club_id>/players/<number>", C, CLUB | {Role.PLAYER}, 200,
         Cost.WRITE, WRITING, "Correct a player's name (organiser); hide a name from the ladder (organiser, or the "
         "member's own link, for themselves).", FORBIDDEN),
    Door("club_api.remove_player", "DELETE /api/v1/clubs/<club_id>/players/<number>", C, CLUB, 200, Cost.WRITE,
         WRITING, "Take a player off the roster: the name is erased, the games stay.", FORBIDDEN),
    Door("club_api.player_link", "POST /api/v1/clubs/<club_id>/players/<number>/link", C, CLUB, 200, Cost.WRITE,
         WRITING, "A member's own link to hand them, or a new one replacing it.", FORBIDDEN),
    Door("club_api.add_game", "POST /api/v1/clubs/<club_id>/games", C, CLUB, 201, Cost.WRITE, WRITING,
         "Add a game, proven by its scorer's link, each seat matched to the roster.", FORBIDDEN),
    Door("club_api.remove_game", "DELETE /api/v1/clubs/<club_id>/games/<game_id>", C, CLUB, 200, Cost.WRITE,
         WRITING, "Take a game out of the club (the game itself is kept).", FORBIDDEN),
    Door("club_api.add_evening", "POST /api/v1/clubs/<club_id>/evenings", C, CLUB, 201, Cost.WRITE, WRITING,
         "Add a club evening, proven by its organiser's link, each of its names matched to the roster.", FORBIDDEN),
    Door("club_api.remove_evening", "DELETE /api/v1/clubs/<club_id>/evenings/<tournament_id>", C, CLUB, 200,
         Cost.WRITE, WRITING, "Take a club evening out of the club (the evening itself is kept).", FORBIDDEN),
    Door("club_api.rotate", "POST /api/v1/clubs/<club_id>/keys/rotate", C, CLUB, 200, Cost.WRITE, WRITING,
         "New link for the organiser or the club: the old one stops at once.", FORBIDDEN),
    *(Door(f"{blueprint}.{which}_csv", f"GET {prefix}/{which}.csv", C, CLUB_SEES, 200, Cost.PROOF, CLUB_GAMES,
           f"The club's {words} as CSV.", FORBIDDEN)
      for blueprint, prefix in (("club_api", "/api/v1/clubs/<club_id>"), ("club_csv", "/c/<club_id>/<key>"))
      for which, words in (("roster", "roster"), ("ratings", "ratings (the ladders)"),
                           ("games", "rated games, a line a seat"))),
    Door("club_card.ladder_png", "GET /c/<club_id>/<key>/ladder.png", C, CLUB_SEES, 200, Cost.CACHED, CARD,
         "The ladder's top ten as a picture for the group chat (hidden and removed players never on it).",
         FORBIDDEN),
    # -- a club's games and evenings (#37): its organiser's link alone ---------------------------------------------
    Door("club_games.add_game", "POST /c/<club_id>/<key>/games", C, CLUB, 200, Cost.WRITE, WRITING,
         "Paste a game's scorer link: the form that matches its players to the roster (nothing changed yet)."),
    Door("club_games.match_game", "POST /c/<club_id>/<key>/games/match", C, CLUB, 303, Cost.WRITE, WRITING,
         "Add the game, each seat matched to a roster player or a new one; refused, saying why, with its scorer's "
         "link missing or the game in a club already."),
    Door("club_games.remove_game", "POST /c/<club_id>/<key>/games/<game_id>/remove", C, CLUB, 303, Cost.WRITE,
         WRITING, "Take a game out of the club (the game stays): the ratings are computed again without it."),
    Door("club_games.add_evening", "POST /c/<club_id>/<key>/evenings", C, CLUB, 200, Cost.WRITE, WRITING,
         "Paste a club evening's organiser link: the form that matches its names to the roster."),
    Door("club_games.match_evening", "POST /c/<club_id>/<key>/evenings/match", C, CLUB, 303, Cost.WRITE, WRITING,
         "Add the evening, each of its names matched once: its partite count as each ends."),
    Door("club_games.remove_evening", "POST /c/<club_id>/<key>/evenings/<tournament_id>/remove", C, CLUB, 303,
         Cost.WRITE, WRITING, "Take an evening out of the club: its players' own links no longer open the club."),
    Door("club_games.new_game", "GET /c/<club_id>/<key>/new", C, CLUB, 200, Cost.PROOF, "the roster, at most 500",
         "A new game from the roster: one tap a player."),
    Door("club_games.create_game", "POST /c/<club_id>/<key>/new", C, CLUB, 303, Cost.CREATE, CREATION,
         "Start a game of roster players, the club's from its start: whoever starts it holds its scorer link."),
    Door("club_games.to_club", "GET /g/<game_id>/<key>/club", G, SCORER, 200, Cost.PROOF, SMALL,
         "Add to a club, from the scorer's sheet: the form to paste the club's organiser link."),
    Door("club_games.from_game", "POST /g/<game_id>/<key>/club", G, SCORER, 200, Cost.WRITE, WRITING,
         "The club's matching form of this game, once the club's organiser link is pasted; refused, saying why, with "
         "the club's other links."),
    # -- a club (#37): a player's page ----------------------------------------------------------------------------
    Door("club_player.page", "GET /c/<club_id>/<key>/players/<number>", C, CLUB_LINKS, 200, Cost.PROOF,
         "one reading of each of the player's games", "A player's page: ratings, statistics, head to head, games. "
         "A member's own link opens their own page alone (another's: 404)."),
    Door("club_player.hide", "POST /c/<club_id>/<key>/players/<number>/hide", C, CLUB | {Role.PLAYER}, 303,
         Cost.WRITE, WRITING, "Hide a name from the ladder, or show it: the player's own link (their own name alone: "
         "another's, 404) or the organiser's. The club's link, in every player's hand, hides nobody.", FORBIDDEN),
)

BY_ENDPOINT = {door.endpoint: door for door in DOORS}


# -- what one request may do at the largest input its door accepts ----------------------------------------------
@dataclass(frozen=True)
class Budget:
    """One request's work at its door's largest input (a game at 5,000 changes, an evening of 120 partite, a phone
    of 1,000 games, a file of 1,000 games), counted, never timed, by tests/web/test_bounded.py in the worst world:
    whole replays per game read (none kept from before), SQL statements (so many, plus so many per game read or
    written), the answer's size, and a turn given to the worker's other requests every `turn` items (events read
    or written) at the least."""

    statements: int
    per_game: int = 0
    per_event: int = 0  # statements an event written (an import's rows)
    kilobytes: int = 64
    replays: int = 1
    turn: int = 400  # twice store.turns.EVERY: a loop's count starts again at each request

    def words(self) -> str:
        """The budget in the docs' table."""
        sql = f"{self.statements} SQL statements" + (f" + {self.per_game} a game" if self.per_game else "") + (
            f" + {self.per_event} an event written" if self.per_event else "")
        return (f"at the largest input: at most {self.replays} replay a game read, {sql}, {self.kilobytes:,} KB, "
                f"a turn to other requests every {self.turn} events")


GAME = Budget(statements=8, kilobytes=3072)  # a game at the cap: its sheet, chart, history, CSV, JSON
EVENING = Budget(statements=12, per_game=3, kilobytes=2048)  # an evening of 120 partite, each read once
CLUB_PLAYER = Budget(statements=24, per_game=5, kilobytes=2048)  # a player's page: the club's games read once each
# A file of 1,000 games, or one at the cap: nothing replayed, an INSERT an event.
IMPORTED = Budget(statements=30, per_game=12, per_event=1, kilobytes=2048, replays=0)
# Doors whose work does not grow with any input a client controls, and why.
FIXED = "constant work: "
BUDGETS: dict[str, Budget | str] = {
    "pages.home": Budget(statements=40, kilobytes=1024),  # 1,000 games listed, the latest 30 read
    "pages.export_all": Budget(statements=10, per_game=1, kilobytes=8192),
    "stats.phone": Budget(statements=10, per_game=1, kilobytes=64),
    "pages.import_game": IMPORTED,
    "api.import_game": IMPORTED,
    **{endpoint: GAME for endpoint in (
        "pages.sheet", "pages.chart", "pages.history", "pages.export_csv", "results.game_print", "pages.edit_hand",
        "pages.share", "house_rules.save_from_game", "api.read_game", "api.export_csv", "api.undo", "pages.undo",
        "results.game_card")},
    **{endpoint: EVENING for endpoint in (
        "tournaments.open", "tournaments.standings", "tournaments.standings_csv", "stats.tournament",
        "results.tournament_print", "results.tournament_card", "tournaments.games_csv", "evenings.cards",
        "evenings.links",
        "tournament_api.read_tournament", "tournament_api.standings_csv", "seasons.open", "seasons.standings_csv",
        "season_api.read_season", "season_api.standings_csv")},
    **{endpoint: FIXED + "a page or file of the app, the same for everyone" for endpoint in (
        "pages.language", "pages.new_game", "tournaments.new", "seasons.new", "clubs.new", "docs.page", "static",
        "service_worker", "offline_page", "api.openapi")},
    # A player's page: the club's games read (a game changed since its result was kept, replayed once), the player's
    # finished games replayed once each for their statistics.
    **{endpoint: CLUB_PLAYER for endpoint in ("club_player.page", "club_player.hide")},
    "live.healthz": FIXED + "a few counters",
    **{endpoint: FIXED + "a stream's first line; each later line says only that something changed" for endpoint in (
        "live.page_stream", "live.json_stream")},
    **{endpoint: FIXED + "one new game, tournament or season (or one line of a phone's list)" for endpoint in (
        "pages.create_game", "tournaments.create", "seasons.create", "clubs.create", "api.create_game",
        "tournament_api.create_tournament", "season_api.create_season", "house_rules.start", "house_rules.delete",
        "pages.forget")},
}
# The writes on a game, a tournament or a season: each loads what it changes (a game at the cap, an evening of 120
# partite) once, as the reads above do, then writes a few rows, counted at the largest input (#33): a few more
# statements than a read (the write unit, the keys, the entry kept, a link's new row; an evening's roster and
# rounds seated: 50 for 60 players in 8 rounds; the players' own links given and shown to the organiser, 4 more, #35),
# none growing with the game's changes.
GAME_WRITE = Budget(statements=16, kilobytes=3072)
EVENING_WRITE = Budget(statements=56, per_game=3, kilobytes=2048)
WRITES = ("pages.bid", "pages.save_hand", "pages.end", "pages.confirm", "pages.reopen", "pages.rotate",
          "pages.rematch", "pages.confirm_for", "pages.hand_over", "pages.take_over", "api.put_bid", "api.put_hand",
          "api.end", "api.confirm", "api.reopen", "api.rotate")
EVENING_WRITES = (
    "tournaments.add_game", "tournaments.join", "tournaments.remove_game", "tournaments.reopen_hand",
    "tournaments.rotate", "evenings.seat", "evenings.withdraw", "evenings.arrive", "evenings.swap", "evenings.start",
    "tournament_api.add_game", "tournament_api.remove_game", "tournament_api.rotate", "tournament_api.seat_evening",
    "tournament_api.withdraw", "tournament_api.arrive", "tournament_api.swap", "tournament_api.start_table",
    "evenings.claim", "evenings.replace_link", "evenings.claim_seat",
    "seasons.add_tournament", "seasons.remove_tournament", "seasons.rotate", "season_api.add_tournament",
    "season_api.remove_tournament", "season_api.rotate")
BUDGETS |= {endpoint: GAME_WRITE for endpoint in WRITES} | {endpoint: EVENING_WRITE for endpoint in EVENING_WRITES}
# A club's reads and writes (#37): its games' kept results read in a few statements, a game changed since replayed
# once (a player's page: their latest 200 games); a form, the game or evening pasted read once; a write then answers
# with the club as it is now; an evening added reads its partite as the evening's own writes do. Counted at the
# largest club (500 members, an evening of 120 partite and three games at the cap: tests/web/worst_world.py).
CLUB_READ = Budget(statements=40, per_game=3, kilobytes=2048)
CLUB_WRITE = Budget(statements=60, per_game=3, kilobytes=2048)
BUDGETS["club_api.create_club"] = FIXED + "one new club"
BUDGETS["club_games.to_club"] = FIXED + "a short form, the game's key checked"
BUDGETS["club_games.from_game"] = CLUB_READ  # the game and the club's roster read: the matching form
BUDGETS |= {door.endpoint: CLUB_WRITE if door.cost in (Cost.WRITE, Cost.CREATE) else CLUB_READ for door in DOORS
            if door.subject is Subject.CLUB and door.endpoint not in BUDGETS}


def budget_words(endpoint: str) -> str:
    """A door's budget in the docs' table."""
    budget = BUDGETS.get(endpoint)
    return budget if isinstance(budget, str) else budget.words() if budget else "no budget declared"


def costing(cost: Cost) -> frozenset[str]:
    """The endpoints a rate limit counts as its own (`guard.CREATIONS`, `guard.SEATINGS`): the doors of that cost."""
    return frozenset(door.endpoint for door in DOORS if door.cost is cost)


# -- the table in docs/security.md ----------------------------------------------------------------------------
ROLE_WORDS = {
    Role.NONE: "anyone", Role.PHONE: "this phone", Role.VIEW: "view", Role.SEAT: "seat", Role.SCORER: "scorer",
    Role.PLAYER: "player's own", Role.JOIN: "room code", Role.ORGANISER: "organiser", Role.SEASON: "season organiser",
    Role.CLUB: "club organiser",
    Role.REPLACED: "a replaced link", Role.OTHER: "another's link",
}
HEADINGS = {
    Subject.ANYONE: "Open to anyone (no link needed)",
    Subject.PHONE: "This phone's own (its cookie)",
    Subject.GAME: "A game: scorer, view and seat links",
    Subject.TOURNAMENT: "A tournament: organiser, player's own, room code (join) and view links",
    Subject.SEASON: "A season: organiser and view links",
    Subject.CLUB: "A club: organiser, member's own and the club's (view) links",
}
BEGIN, END = "<!-- doors: begin (python -m scorekeeper.web.gate.doors docs/security.md) -->", "<!-- doors: end -->"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _who(door: Door) -> str:
    if door.may == EVERYONE:
        return "anyone"
    return ", ".join(ROLE_WORDS[role] for role in Role if role in door.may)


def _others(door: Door) -> str:
    if door.may == EVERYONE:
        return "—"
    parts = [f"{ROLE_WORDS[role]}: {answer.words}" for role, answer in door.but]
    rest = sorted(LINKS[door.subject] - door.may - {role for role, _ in door.but}, key=list(Role).index)
    if rest:
        parts.append(f"{', '.join(ROLE_WORDS[role] for role in rest)}: {door.others.words}")
    return "; ".join(parts) or "—"


def render() -> str:
    """The doors as Markdown tables, one per subject, in the order of `DOORS`."""
    lines: list[str] = []
    for subject in Subject:
        doors = [door for door in DOORS if door.subject is subject]
        lines += ["", f"### {HEADINGS[subject]}", "",
                  "| door | what it does | who may | the others get | cost | budget |", "|---|---|---|---|---|---|"]
        for door in doors:
            method, path = door.route.split(" ", 1)
            lines.append(f"| `{method.replace('|', ', ')} {path}` | {_cell(door.what)} | {_who(door)} | "
                         f"{_cell(_others(door))} | {door.cost.value}: {_cell(door.bound)} | "
                         f"{_cell(budget_words(door.endpoint))} |")
    return "\n".join(lines[1:]) + "\n"


def rewritten(text: str) -> str:
    """`text` (docs/security.md) with the part between its markers replaced by the current table."""
    pattern = re.compile(re.escape(BEGIN) + r"\n.*?" + re.escape(END), re.S)
    if not pattern.search(text):
        raise ValueError(f"the markers {BEGIN!r} … {END!r} are missing")
    return pattern.sub(lambda _: f"{BEGIN}\n{render()}{END}", text)


def main(argv: list[str]) -> None:
    """Print the table, or (given a file) write it between the file's markers."""
    if not argv:
        sys.stdout.write(render())
        return
    path = Path(argv[0])
    path.write_text(rewritten(path.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
