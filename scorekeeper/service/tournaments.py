"""Tournaments (docs/rules/bid-exactly.md): partite of whist-torneo at several tables and rounds, and the standings
(or partite of one house-rules preset, #23: docs/rules/house-rules.md).

The service layer for tournaments, next to `games.py` for single games. A tournament has link keys
like a game (no accounts, ≥128 random bits, compared in constant time):

- ``organiser``: everything (add or remove partite, see every table's scorer link);
- ``view``: read only (the standings page a TV shows all evening);
- ``join``: the QR code shown in the room. A table's scorer opens it, types the players and gets a
  new whist-torneo game attached to the tournament (or picks the partita the organiser already set up
  for that table and gets its scorer link). It can also read the standings. It never attaches a game
  that exists already (one imported from a forged CSV, say): only the organiser does (#17). At an evening
  the app seats (`evenings`), it is in every player's hand, so it only starts the plan's partite, from the
  tables' cards, and sees no table's scorer link (#33).

A partita is one whist-torneo game at one table in one round; a game belongs to one tournament only
(``tournament_games.game_id`` is the primary key) and a table label is used once per round. The
standings sum the table points of the **finished** partite, ties broken by raw points
(`rules.standings`); partite in progress are listed with their progress only.
"""
from __future__ import annotations

import hashlib
import re
import sqlite3
from dataclasses import dataclass, field
from fractions import Fraction

from ..store import db as store
from . import games
from ..store.keys import find_key, new_id, new_key, replace_key
from ..rules import N_, VARIANTS, RuleError
from ..rules.base import InvalidInput, StateConflict, refuse_meaningless
from ..rules.standings import Standing, standings_apart, tournament_standings
from ..rules.tournament import (  # noqa: F401  (the checks are the service's words too)
    GAMES, MAX_ROUND, MAX_TABLE, MAX_TOURNAMENT_NAME, ROLES, SCHEME, VARIANT, check_confirmation, check_game,
    check_name, check_round, check_scheme, check_table, check_table_players, schemed, table_places)



class TournamentNotFound(games.NotFound):
    """Unknown tournament, or a key that does not open it (we never say which)."""

    message = N_("There is no such tournament, or this link no longer opens it.")


class PartitaNotFound(games.NotFound):
    """A game that is not a partita of this tournament."""

    message = N_("That game is not a partita of this tournament.")


class AlreadyInTournament(StateConflict):
    code = "already_in_tournament"


class TableTaken(StateConflict):
    code = "table_taken"


class WrongVariant(RuleError):
    code = "invalid_game"
    field = "game_id"


@dataclass(frozen=True)
class Access:
    """Who is asking: the role of the tournament key they hold."""

    tournament_id: str
    key: str
    role: str
    player: int | None = None  # a player's own link (#35): their number in the evening's roster

    def may_add(self) -> bool:
        return self.role in ("organiser", "join")

    def may_manage(self) -> bool:
        return self.role == "organiser"

    def sees_scorer(self, t: Tournament, table: Table) -> bool:
        """Whether the table's scorer link is shown to this key: to the organiser alone. The room's code is in every
        player's hand: it reaches the tables' views, never a scorer's power (#33); the phone that set a partita up
        keeps its scorer link in its own list, and the organiser's page shows every table's."""
        return self.may_manage()


@dataclass(frozen=True)
class Table:
    """One partita of the tournament as replayed now."""

    game_id: str
    table: str
    round: int
    game: games.Loaded

    @property
    def state(self):
        return self.game.state

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def players(self) -> tuple[str, ...]:
        return self.state.players

    @property
    def hands_total(self) -> int:
        return len(self.state.specs)

    @property
    def hands_played(self) -> int:
        return sum(1 for hand in self.state.hands if hand.scores is not None)

    @property
    def places(self):
        """The table's ranking by the tournament rules (docs/rules/bid-exactly.md); provisional while the partita
        is in progress."""
        return table_places(self.state)

    def results(self) -> list[tuple[str, Fraction, int]]:
        """(player, table points, total) per seat: what the tournament standings add up."""
        return [(self.players[p.seat], p.table_points, p.total) for p in self.places]


@dataclass(frozen=True)
class Tournament:
    id: str
    name: str
    scheme: str
    created_at: str
    tables: list[Table]
    standings: list[Standing]
    fingerprint: str
    provisional: list[Standing]  # as if every partita under way stopped now: the TV from the first hand (#18)
    confirmation: bool = False  # an opponent confirms each hand of every partita (#21)
    variant: str = VARIANT  # the game every partita plays (#23)
    seated: bool = False  # the app seats its evening (`evenings`): its partite are the plan's (#21, #33)
    apart: list[Standing] = field(default_factory=list)  # the TV's: finished partite, in-play projections apart (#35)

    @property
    def schemed(self) -> bool:
        """Its game has a hand schedule to choose (tournament Whist's `scheme`): the tournament's, or a partita's."""
        return schemed(self.variant)

    @property
    def current_round(self) -> int:
        return max((t.round for t in self.tables), default=1)


def _natural(label: str) -> tuple:
    """Sort "2" before "10" and "A" before "B"."""
    return tuple((0, int(part), "") if part.isdecimal() else (1, 0, part.casefold())
                 for part in re.findall(r"\d+|\D+", label))


# -- creating and opening ----------------------------------------------------------------------
def create(db, name, scheme=None, confirmation=False, variant=None) -> tuple[str, dict]:
    """A new tournament and its keys {'organiser', 'view', 'join'}; with `confirmation`, every partita's hands are
    confirmed by an opponent on their own phone. `variant`: the game of every partita (tournament Whist unless
    a house-rules preset is chosen, #23)."""
    name, scheme, confirmation = check_name(name), check_scheme(scheme), check_confirmation(confirmation)
    variant = check_game(variant)
    tournament_id = new_id()
    keys = {role: new_key() for role in ROLES}
    with store.write(db):
        db["tournaments"].insert({"id": tournament_id, "name": name, "scheme": scheme, "created_at": store.now(),
                                  "confirmation": int(confirmation), "variant": variant})
        db["tournament_keys"].insert_all({"key": key, "tournament_id": tournament_id, "role": role,
                                          "created_at": store.now()} for role, key in keys.items())
    return tournament_id, keys


def rotate(db, access: Access, role) -> str:
    """Replace one of the tournament's links (organiser only); the old key stops working at once."""
    if not access.may_manage():
        raise games.Forbidden(N_("Only the organiser can change the tournament's links."))
    if role not in ROLES:
        raise InvalidInput(N_("There is no link called “%(role)s”."), field="role", role=str(role)[:20])
    with store.write(db):
        _row(db, access.tournament_id)
        key = replace_key(db, "tournament_keys", access.tournament_id, role)
    return key


def authorize(db, tournament_id, key) -> Access:
    """The access a key gives to a tournament; TournamentNotFound for anything else (constant time)."""
    if not isinstance(tournament_id, str):
        raise TournamentNotFound()
    rows = db.execute("SELECT role, player, key FROM tournament_keys WHERE tournament_id = ? AND revoked_at IS NULL",
                      [tournament_id]).fetchall()
    found = find_key(rows, key)
    if found is None:
        raise TournamentNotFound()
    return Access(tournament_id, found[2], found[0], found[1])


def keys_of(db, tournament_id: str) -> dict:
    """The tournament's own links by role (organiser, view, join); the players' own links are `evenings.links`."""
    rows = db.execute("SELECT role, key FROM tournament_keys WHERE tournament_id = ? AND revoked_at IS NULL "
                      "AND player IS NULL", [tournament_id]).fetchall()
    return {role: key for role, key in rows}


def tournament_of(db, game_id: str) -> str | None:
    """The tournament a game belongs to, if any."""
    row = db.execute("SELECT tournament_id FROM tournament_games WHERE game_id = ?", [game_id]).fetchone()
    return row[0] if row else None


COLUMNS = ("id", "name", "scheme", "created_at", "confirmation", "variant", "rounds")


def _row(db, tournament_id: str) -> dict:
    row = db.execute(f"SELECT {', '.join(COLUMNS)} FROM tournaments WHERE id = ?", [tournament_id]).fetchone()
    if row is None:
        raise TournamentNotFound()
    found = dict(zip(COLUMNS, row))
    found["variant"] = found["variant"] or VARIANT  # a tournament from before #23 plays tournament Whist
    return found


def fingerprint(db, tournament_id: str) -> str:
    """Changes whenever the tournament's partite, any of their games or its seating change: an ETag for polling."""
    row = _row(db, tournament_id)
    parts = db.execute(
        "SELECT tg.game_id, tg.table_label, tg.round, (SELECT max(seq) FROM events e WHERE e.game_id = tg.game_id) "
        "FROM tournament_games tg WHERE tg.tournament_id = ? ORDER BY tg.game_id", [tournament_id]).fetchall()
    roster = db.execute("SELECT number, name, from_round, until_round FROM tournament_players WHERE tournament_id = ? "
                        "ORDER BY number", [tournament_id]).fetchall()
    seats = db.execute("SELECT round, number, table_label, seat FROM tournament_seats WHERE tournament_id = ? "
                       "ORDER BY round, number", [tournament_id]).fetchall()
    links = db.execute("SELECT count(*), count(claimed_at) FROM tournament_keys WHERE tournament_id = ? "
                       "AND player IS NOT NULL", [tournament_id]).fetchone()  # players' links made, taken (#35)
    text = repr((row["name"], row["scheme"], parts, roster, seats, tuple(links)))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def load(db, tournament_id: str) -> Tournament:
    """The tournament with every partita replayed, the standings over the finished ones and, while partite are
    under way, the provisional standings they would make if they stopped now (their running totals)."""
    row = _row(db, tournament_id)
    rows = db.execute("SELECT game_id, table_label, round FROM tournament_games WHERE tournament_id = ?",
                      [tournament_id]).fetchall()
    tables = [Table(game_id, label, number, games.load(db, game_id)) for game_id, label, number in rows]
    tables.sort(key=lambda t: (t.round, _natural(t.table), t.game_id))
    standings = tournament_standings(t.results() for t in tables if t.finished)
    started = [t for t in tables if t.finished or t.hands_played]
    under_way = any(not t.finished for t in started)
    provisional = tournament_standings(t.results() for t in started) if under_way else []
    apart = standings_apart((t.results() for t in tables if t.finished),
                            (t.results() for t in started if not t.finished)) if under_way else []
    return Tournament(row["id"], row["name"], row["scheme"], row["created_at"], tables, standings,
                      fingerprint(db, tournament_id), provisional, bool(row["confirmation"]), row["variant"],
                      row["rounds"] is not None, apart)


# -- adding partite ----------------------------------------------------------------------------
def _labels(db, tournament_id: str, number: int) -> list[str]:
    rows = db.execute("SELECT table_label FROM tournament_games WHERE tournament_id = ? AND round = ?",
                      [tournament_id, number]).fetchall()
    return [r[0] for r in rows]


def _place(db, tournament_id: str, table: str | None, number: int | None) -> tuple[str, int]:
    """The (table, round) a new partita takes: the latest round and the next free number by default.

    A table label is used once per round (ignoring case) → `TableTaken`.
    """
    if number is None:
        row = db.execute("SELECT max(round) FROM tournament_games WHERE tournament_id = ?", [tournament_id]).fetchone()
        number = row[0] or 1
    taken = {label.casefold() for label in _labels(db, tournament_id, number)}
    if table is None:
        table = str(next(n for n in range(1, len(taken) + 2) if str(n) not in taken))
    elif table.casefold() in taken:
        raise TableTaken(N_("Table %(table)s already has a partita in round %(round)s."), field="table",
                         table=table, round=number)
    return table, number


def _check_seating(rounds: int | None, by_room: bool, number: int | None = None) -> None:
    """At an evening the app seats (`rounds` set), the room's code, which every player holds, seats no partita by
    hand (`by_room`): its tables start from their cards (`evenings.start_table`); and nobody adds one past the
    evening's last round. Else one code could count invented players in the standings, or begin every round so
    that the organiser could no longer withdraw, add or swap anyone (#33)."""
    if rounds is None:
        return
    if by_room:
        raise games.Forbidden(N_("The app seats this evening: each table starts its partita from its own card, "
                                 "and only the organiser adds one by hand."))
    if number is not None and number > rounds:
        raise InvalidInput(N_("This evening ends with round %(rounds)s: there is no round %(round)s."), field="round",
                           rounds=rounds, round=number)


def _attach(db, tournament_id: str, game_id: str, table: str | None, number: int | None,
            by_room: bool = False) -> tuple[str, int]:
    """Inside a write unit: record that the game is a partita of the tournament, where its seating allows
    (`_check_seating`, read again here: the organiser may have seated the evening meanwhile)."""
    rounds = _row(db, tournament_id)["rounds"]
    other = tournament_of(db, game_id)
    if other == tournament_id:
        label, at = db.execute("SELECT table_label, round FROM tournament_games WHERE game_id = ?",
                               [game_id]).fetchone()
        raise AlreadyInTournament(N_("This game is already in this tournament (table %(table)s, round %(round)s)."),
                                  field="game_id", table=label, round=at)
    if other is not None:
        raise AlreadyInTournament(N_("This game already belongs to another tournament: a game counts in one "
                                     "tournament only."), field="game_id")
    table, number = _place(db, tournament_id, table, number)
    _check_seating(rounds, by_room, number)
    try:
        db["tournament_games"].insert({"game_id": game_id, "tournament_id": tournament_id, "table_label": table,
                                       "round": number, "added_at": store.now()})
    except sqlite3.IntegrityError:  # a concurrent writer took the game or the table first
        raise AlreadyInTournament(N_("This game or this table was just added to the tournament by someone else."),
                                  field="game_id") from None
    return table, number


def add_new_game(db, access: Access, players, options=None, first_dealer=None, table=None, number=None,
                 planned: bool = False):
    """Create a whist-torneo game for a table and attach it; returns (table, game, game keys). `planned`: the
    table is one of the evening's plan (`evenings.start_table` checked it), which the room's code may start.

    The game and its place in the tournament are one transaction: a refused request (players,
    options, a table already taken, a partita outside the evening's plan) leaves nothing behind.
    """
    if not (access.may_add() or planned):  # a player's own link starts its own table (`evenings.start_table`)
        raise games.Forbidden(N_("This link can only look at the tournament, not change it."))
    table, number = check_table(table), check_round(number)
    tournament = _row(db, access.tournament_id)
    by_room = not (planned or access.may_manage())
    _check_seating(tournament["rounds"], by_room)  # before the players: the room's code is told why at once
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidInput(N_("Options must be a set of name and value pairs."), field="options")
    if schemed(tournament["variant"]):
        options = {SCHEME.name: tournament["scheme"], **options}  # the tournament's, unless the partita chose another
    check_table_players(players)
    refuse_meaningless(VARIANTS[tournament["variant"]].options, options)  # as a new game's own options (#34)
    placed = {}

    def attach(db, game_id):
        placed["at"] = _attach(db, access.tournament_id, game_id, table, number, by_room)

    loaded, keys = games.create(db, tournament["variant"], players, first_dealer, options, also=attach,
                                confirmation=bool(tournament["confirmation"]))
    table, number = placed["at"]
    return Table(loaded.id, table, number, loaded), keys


def attach_game(db, access: Access, game_id, key, table=None, number=None) -> Table:
    """Attach an existing whist-torneo game, proven by its scorer key: the organiser's act alone, since the
    partita then counts in the standings as it stands."""
    if not access.may_manage():
        raise games.Forbidden(N_("Only the organiser can add a game that was already started; a table joins by "
                                 "starting its partita from the tournament's code."))
    table, number = check_table(table), check_round(number)
    who = games.authorize(db, game_id, key)
    if who.role != "scorer":
        raise games.Forbidden(N_("Only the scorer's link of a game can add it to a tournament."))
    with store.write(db):
        loaded = games.load(db, game_id)
        game = _row(db, access.tournament_id)["variant"]
        if loaded.state.variant.id != game and game == VARIANT:
            raise WrongVariant(N_("Only games of Whist (tournament rules) can be partite of a tournament; "
                                  "this one is %(name)s."), name=loaded.state.variant.name)
        if loaded.state.variant.id != game:
            raise WrongVariant(N_("Only games of %(game)s can be partite of this tournament; this one is "
                                  "%(name)s."), game=VARIANTS[game].name, name=loaded.state.variant.name)
        check_table_players(list(loaded.state.players))
        table, number = _attach(db, access.tournament_id, game_id, table, number)
    return Table(game_id, table, number, loaded)


def remove_game(db, access: Access, game_id) -> None:
    """Take a partita out of the tournament (the game itself is kept and can be attached again)."""
    if not access.may_manage():
        raise games.Forbidden(N_("Only the organiser can take a partita out of the tournament."))
    with store.write(db):
        if not isinstance(game_id, str) or tournament_of(db, game_id) != access.tournament_id:
            raise PartitaNotFound()
        db.execute("DELETE FROM tournament_games WHERE game_id = ?", [game_id])


GAME_LINK = re.compile(r"/g/([A-Za-z0-9_-]{1,40})/([A-Za-z0-9_-]{1,200})/?(?:[?#].*)?$")


def parse_game_link(text) -> tuple[str, str] | None:
    """(game id, key) from a pasted sheet address such as https://host/g/<id>/<key>."""
    if not isinstance(text, str):
        return None
    match = GAME_LINK.search(text.strip())
    return (match.group(1), match.group(2)) if match else None
