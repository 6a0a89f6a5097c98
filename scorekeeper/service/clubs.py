"""A club (#37): a roster of players who are the same person on every phone, the games and evenings added to it, and
the ratings those games make (docs/rules/ratings.md).

A club has link keys like a season (no accounts, ≥128 random bits, compared in constant time): ``organiser`` keeps
the roster, adds and removes games and evenings and replaces the links; ``view`` (the club's link, for its players)
reads the ladder, the roster and every player's page; a roster player's own link (``player``) opens their own page
alone — and so does their own link of a club evening added to the club. Nothing of a club is visible without one.

A game joins the club proven by its scorer's link, each seat matched to a roster player by whoever adds it (the app
suggests, never guesses); a club evening joins proven by its organiser's link, each of its names matched once. The
ratings are never stored: each game's result is kept by its version (`game_results`) and the ratings are computed
again from the results every time (`rules.ratings.rate`), so a game corrected, reopened or removed moves them back.
"""
from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..model import Loaded
from ..rules import N_
from ..rules import club as rules
from ..rules.base import InvalidInput, StateConflict, closest_names
from ..rules.ratings import FAMILIES, Rating, RatedGame, moved, rate
from ..store import db as store
from ..store.keys import find_key, new_id, new_key, replace_key
from . import games, tournaments

# -- errors ---------------------------------------------------------------------------------------------------------


class ClubNotFound(games.NotFound):
    """Unknown club, or a key that does not open it (we never say which)."""

    message = N_("There is no such club, or this link no longer opens it.")


class NoSuchMember(games.NotFound):
    message = N_("There is nobody of that number on the club's roster.")


class NotInClub(games.NotFound):
    message = N_("That game is not in this club.")


class AlreadyInClub(StateConflict):
    code = "already_in_club"


# -- who is asking --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Access:
    """The role of the club key held; `player`, the roster number a player's own link belongs to."""

    club_id: str
    key: str
    role: str
    player: int | None = None

    def may_manage(self) -> bool:
        return self.role == "organiser"

    def sees_all(self) -> bool:
        """The ladder, the roster and every player's page: the organiser and the club's link."""
        return self.role in rules.ROLES

    def sees(self, number: int) -> bool:
        return self.sees_all() or self.player == number


def create(db, name) -> tuple[str, dict]:
    """A new club and its keys {'organiser', 'view'}."""
    name = rules.check_name(name)
    club_id, keys = new_id(), {role: new_key() for role in rules.ROLES}
    with store.write(db):
        db["clubs"].insert({"id": club_id, "name": name, "created_at": store.now()})
        db["club_keys"].insert_all({"key": key, "club_id": club_id, "role": role, "created_at": store.now()}
                                   for role, key in keys.items())
    return club_id, keys


def authorize(db, club_id, key) -> Access:
    """The access a key gives: a club key, or a player's own link of an evening of the club (their page alone)."""
    if not isinstance(club_id, str):
        raise ClubNotFound()
    rows = db.execute("SELECT role, player, key FROM club_keys WHERE club_id = ? AND revoked_at IS NULL",
                      [club_id]).fetchall()
    found = find_key(rows, key)
    if found is not None:
        return Access(club_id, found[2], found[0], found[1])
    rows = db.execute("SELECT tk.tournament_id, tk.player, tk.key FROM tournament_keys tk JOIN club_evenings ce "
                      "ON ce.tournament_id = tk.tournament_id WHERE ce.club_id = ? AND tk.role = 'player' "
                      "AND tk.revoked_at IS NULL", [club_id]).fetchall()
    found = find_key(rows, key)
    number = _evening_member(db, found[0], found[1]) if found else None
    if found is None or number is None:
        raise ClubNotFound()
    return Access(club_id, found[2], "player", number)


def _evening_member(db, tournament_id: str, entrant: int) -> int | None:
    """The roster player an evening's entrant was matched to."""
    row = db.execute("SELECT name FROM tournament_players WHERE tournament_id = ? AND number = ?",
                     [tournament_id, entrant]).fetchone()
    found = row and db.execute("SELECT player FROM club_evening_names WHERE tournament_id = ? AND folded = ?",
                               [tournament_id, rules.fold(row[0])]).fetchone()
    return found[0] if found else None


def _organiser(access: Access) -> None:
    if not access.may_manage():
        raise games.Forbidden(N_("Only the club's organiser can do that."))


def rotate(db, access: Access, role) -> str:
    """Replace the organiser's or the club's link; the old key stops working at once."""
    _organiser(access)
    if role not in rules.ROLES:
        raise InvalidInput(N_("There is no link called “%(role)s”."), field="role", role=str(role)[:20])
    with store.write(db):
        return replace_key(db, "club_keys", access.club_id, role)


def keys_of(db, club_id: str) -> dict:
    rows = db.execute("SELECT role, key FROM club_keys WHERE club_id = ? AND revoked_at IS NULL AND player IS NULL",
                      [club_id]).fetchall()
    return {role: key for role, key in rows}


def name_of(db, club_id: str) -> str:
    row = db.execute("SELECT name FROM clubs WHERE id = ?", [club_id]).fetchone()
    if row is None:
        raise ClubNotFound()
    return row[0]


def created_at(db, club_id: str) -> str:
    row = db.execute("SELECT created_at FROM clubs WHERE id = ?", [club_id]).fetchone()
    if row is None:
        raise ClubNotFound()
    return row[0]


def player_link(db, access: Access, number, new: bool = False) -> str:
    """A roster player's own link (the organiser hands it out): the one there is, or a new one replacing it."""
    _organiser(access)
    member = member_of(db, access.club_id, number)
    if member.removed:
        raise StateConflict(N_("A former player has no link."))
    with store.write(db):
        rows = db.execute("SELECT key FROM club_keys WHERE club_id = ? AND player = ? AND revoked_at IS NULL",
                          [access.club_id, member.number]).fetchall()
        if rows and not new:
            return rows[0][0]
        db.execute("UPDATE club_keys SET revoked_at = ? WHERE club_id = ? AND player = ? AND revoked_at IS NULL",
                   [store.now(), access.club_id, member.number])
        key = new_key()
        db["club_keys"].insert({"key": key, "club_id": access.club_id, "role": "player", "player": member.number,
                                "created_at": store.now()})
    return key


# -- the roster -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Member:
    """A roster player. A removed one has no name any more (shown as "a former player"); their games stay."""

    number: int
    name: str | None
    nickname: str
    hidden: bool  # not on the ladder (their own wish)
    removed: bool
    added_at: str
    last_played: str | None = None  # the end of their latest game in the club

    @property
    def known_as(self) -> str | None:
        return f"{self.name} ({self.nickname})" if self.name and self.nickname else self.name


_MEMBER = "SELECT number, name, nickname, hidden, removed_at IS NOT NULL, added_at FROM club_players"


def member_of(db, club_id: str, number) -> Member:
    """The roster player of that number (NoSuchMember for any other number)."""
    if isinstance(number, bool) or not isinstance(number, int) or not 0 < number <= rules.MAX_ROSTER:
        raise NoSuchMember()  # numbers run from 1, one a player ever added (also what SQLite's integers hold)
    row = db.execute(f"{_MEMBER} WHERE club_id = ? AND number = ?", [club_id, number]).fetchone()
    if row is None:
        raise NoSuchMember()
    return Member(row[0], row[1], row[2] or "", bool(row[3]), bool(row[4]), row[5])


def roster(db, club_id: str, all_games: list[ClubGame] | None = None) -> list[Member]:
    """The roster: those who played most recently first (one tap each when a game is started), then the others
    by name; removed players last. `all_games`: the club's games as the caller read them (read here if not given;
    `[]` when the order does not matter)."""
    rows = db.execute(f"{_MEMBER} WHERE club_id = ?", [club_id]).fetchall()
    last = _last_played(club_games(db, club_id) if all_games is None else all_games)
    members = [Member(r[0], r[1], r[2] or "", bool(r[3]), bool(r[4]), r[5], last.get(r[0])) for r in rows]
    members.sort(key=lambda m: (m.removed, m.last_played is None, _negated(m.last_played or ""),
                                rules.fold(m.name or ""), m.number))
    return members


def _negated(text: str) -> tuple[int, ...]:
    """A sort key putting later ISO times first."""
    return tuple(-ord(c) for c in text)


def _present(db, club_id: str) -> dict[int, str]:
    """The roster's players (not removed): number → name."""
    return {m.number: m.name or "" for m in roster(db, club_id, []) if not m.removed}


def _taken(db, club_id: str) -> dict[str, str]:
    rows = db.execute("SELECT folded, name FROM club_players WHERE club_id = ? AND removed_at IS NULL", [club_id])
    return dict(rows.fetchall())


def _insert_member(db, club_id: str, name: str, nickname: str = "") -> int:
    """Add a player inside the caller's write unit; their number."""
    rules.check_new_name(name, _taken(db, club_id))
    count, last = db.execute("SELECT count(*), coalesce(max(number), 0) FROM club_players WHERE club_id = ?",
                             [club_id]).fetchone()
    if count >= rules.MAX_ROSTER:
        raise StateConflict(N_("A club's roster holds at most %(max)s players."), max=rules.MAX_ROSTER)
    db["club_players"].insert({"club_id": club_id, "number": last + 1, "name": name, "folded": rules.fold(name),
                               "nickname": nickname, "hidden": 0, "added_at": store.now()})
    return last + 1


def add_member(db, access: Access, name, nickname=None) -> Member:
    """A new roster player; refused when the roster has the name already, but for case or accents."""
    _organiser(access)
    name, nickname = rules.check_player_name(name), rules.check_nickname(nickname)
    with store.write(db):
        number = _insert_member(db, access.club_id, name, nickname)
    return member_of(db, access.club_id, number)


def edit_member(db, access: Access, number, name=None, nickname=None) -> Member:
    """A roster player's name or nickname corrected (the organiser); their games and ratings stay theirs."""
    _organiser(access)
    member = member_of(db, access.club_id, number)
    if member.removed:
        raise StateConflict(N_("A former player's name is gone for good."))
    name = member.name if name is None else rules.check_player_name(name)
    nickname = member.nickname if nickname is None else rules.check_nickname(nickname)
    with store.write(db):
        taken = _taken(db, access.club_id)
        taken.pop(rules.fold(member.name or ""), None)
        rules.check_new_name(name or "", taken)
        db.execute("UPDATE club_players SET name = ?, folded = ?, nickname = ? WHERE club_id = ? AND number = ?",
                   [name, rules.fold(name or ""), nickname, access.club_id, member.number])
    return member_of(db, access.club_id, member.number)


def hide(db, access: Access, number, hidden: bool) -> Member:
    """Hide a player's name from the ladder, or show it again: the organiser, or the player with their own link."""
    member = member_of(db, access.club_id, number)
    if not (access.may_manage() or access.player == member.number):
        raise games.Forbidden(N_("Only the player themselves or the club's organiser can hide a name."))
    with store.write(db):
        db.execute("UPDATE club_players SET hidden = ? WHERE club_id = ? AND number = ?",
                   [int(bool(hidden)), access.club_id, member.number])
    return member_of(db, access.club_id, member.number)


def remove_member(db, access: Access, number) -> None:
    """Take a player off the roster: their name and nickname are erased ("a former player" from now on), their own
    links stop working, their games stay and keep counting for the others."""
    _organiser(access)
    member = member_of(db, access.club_id, number)
    with store.write(db):
        db.execute("UPDATE club_players SET name = NULL, folded = NULL, nickname = NULL, hidden = 1, removed_at = ? "
                   "WHERE club_id = ? AND number = ? AND removed_at IS NULL", [store.now(), access.club_id,
                                                                                member.number])
        db.execute("UPDATE club_keys SET revoked_at = ? WHERE club_id = ? AND player = ? AND revoked_at IS NULL",
                   [store.now(), access.club_id, member.number])


def suggestions(db, club_id: str, names: list[str]) -> list[list[int]]:
    """For each name, the roster players it may be, best first (case, accents, a small typo): offered, never
    chosen for whoever adds a game."""
    members = [m for m in roster(db, club_id) if not m.removed and m.name]
    by_name: dict[str, list[int]] = {}
    for member in members:
        by_name.setdefault(member.name or "", []).append(member.number)
    return [[n for found in closest_names(name, list(by_name)) for n in by_name[found]] for name in names]


# -- games and evenings ---------------------------------------------------------------------------------------------


def _check_open(db, game_id: str) -> None:
    """A game already in a club, or played at an evening of one, is refused (a game counts once)."""
    if db.execute("SELECT 1 FROM club_games WHERE game_id = ?", [game_id]).fetchone():
        raise AlreadyInClub(N_("This game is in a club already."), field="game")
    if db.execute("SELECT 1 FROM tournament_games tg JOIN club_evenings ce ON ce.tournament_id = tg.tournament_id "
                  "WHERE tg.game_id = ?", [game_id]).fetchone():
        raise AlreadyInClub(N_("This game was played at a club evening: it is in the evening's club already."),
                            field="game")


def add_game(db, access: Access, game_id, key, players: Any) -> None:
    """Add a game, proven by its scorer's link, each seat matched to a roster player (or "new": a roster player of
    the seat's name). Not finished yet, it counts from when it ends."""
    loaded = _scored(db, access, game_id, key)
    names = list(loaded.state.players)
    matched = rules.check_match(players, names, _present(db, access.club_id))
    with store.write(db):
        _check_open(db, loaded.id)
        numbers = [_insert_member(db, access.club_id, names[seat]) if player == rules.NEW else int(player)
                   for seat, player in enumerate(matched)]
        _insert_game(db, access.club_id, loaded.id, numbers)
        _keep_results(db, [loaded])


def _scored(db, access: Access, game_id, key) -> Loaded:
    """The game a scorer's link proves, for the organiser to add."""
    _organiser(access)
    game = games.authorize(db, game_id, key)
    if game.role != "scorer":
        raise games.Forbidden(N_("A game joins a club with its scorer's link."))
    return games.load(db, game.game_id)


def _insert_game(db, club_id: str, game_id: str, numbers: list[int]) -> None:
    db["club_games"].insert({"game_id": game_id, "club_id": club_id, "added_at": store.now()})
    db["club_game_seats"].insert_all({"game_id": game_id, "seat": seat, "player": number}
                                     for seat, number in enumerate(numbers))


def remove_game(db, access: Access, game_id) -> None:
    """Take a game out of the club (the game itself is kept): the ratings are what the other games make."""
    _organiser(access)
    with store.write(db):
        if not isinstance(game_id, str) or not db.execute(
                "SELECT 1 FROM club_games WHERE game_id = ? AND club_id = ?", [game_id, access.club_id]).fetchone():
            raise NotInClub()
        db.execute("DELETE FROM club_game_seats WHERE game_id = ?", [game_id])
        db.execute("DELETE FROM club_games WHERE game_id = ?", [game_id])


def evening_names(db, tournament_id: str) -> list[str]:
    """Everyone an evening has: its roster (seated by the app) and every partita's players, each name once."""
    return _evening(db, tournament_id)[0]


def _evening(db, tournament_id: str) -> tuple[list[str], list]:
    """An evening's names (`evening_names`) and its partite as replayed."""
    names = [r[0] for r in db.execute("SELECT name FROM tournament_players WHERE tournament_id = ? ORDER BY number",
                                      [tournament_id]).fetchall()]
    partite = [table.game for table in tournaments.load(db, tournament_id).tables]
    for loaded in partite:
        names.extend(loaded.state.players)
    once: dict[str, str] = {}
    for name in names:
        once.setdefault(rules.fold(name), name)
    return list(once.values()), partite


def add_evening(db, access: Access, tournament_id, key, players: Any) -> None:
    """Add a club evening, proven by its organiser's link, each of its names (`evening_names`, in that order)
    matched to a roster player (or "new"). Its partite count as each ends, those still to be played too."""
    evening = _managed(db, access, tournament_id, key)
    names, partite = _evening(db, evening.tournament_id)
    matched = rules.check_match(players, names, _present(db, access.club_id))
    with store.write(db):
        _check_evening_open(db, evening.tournament_id)
        numbers = [_insert_member(db, access.club_id, names[i]) if player == rules.NEW else player
                   for i, player in enumerate(matched)]
        db["club_evenings"].insert({"tournament_id": evening.tournament_id, "club_id": access.club_id,
                                    "added_at": store.now()})
        db["club_evening_names"].insert_all({"tournament_id": evening.tournament_id, "folded": rules.fold(name),
                                             "player": number} for name, number in zip(names, numbers))
        _keep_results(db, partite)


def _managed(db, access: Access, tournament_id, key) -> tournaments.Access:
    """The evening its organiser's link proves, for the club's organiser to add."""
    _organiser(access)
    evening = tournaments.authorize(db, tournament_id, key)
    if not evening.may_manage():
        raise games.Forbidden(N_("A club evening joins a club with its organiser's link."))
    return evening


def _check_evening_open(db, tournament_id: str) -> None:
    """An evening counts once, and so does each of its partite."""
    if db.execute("SELECT 1 FROM club_evenings WHERE tournament_id = ?", [tournament_id]).fetchone():
        raise AlreadyInClub(N_("This evening is in a club already."), field="evening")
    if db.execute("SELECT 1 FROM club_games cg JOIN tournament_games tg ON tg.game_id = cg.game_id WHERE "
                  "tg.tournament_id = ?", [tournament_id]).fetchone():
        raise AlreadyInClub(N_("A partita of this evening is in a club already: take it out first."),
                            field="evening")


def remove_evening(db, access: Access, tournament_id) -> None:
    _organiser(access)
    with store.write(db):
        if not isinstance(tournament_id, str) or not db.execute(
                "SELECT 1 FROM club_evenings WHERE tournament_id = ? AND club_id = ?",
                [tournament_id, access.club_id]).fetchone():
            raise NotInClub()
        db.execute("DELETE FROM club_evening_names WHERE tournament_id = ?", [tournament_id])
        db.execute("DELETE FROM club_evenings WHERE tournament_id = ?", [tournament_id])


def to_match(db, access: Access, game_id, key) -> list[str]:
    """The names of a game the organiser is about to match to the roster, once its scorer's link proves it and it is
    in no club yet (refused before the matching form, not after it)."""
    loaded = _scored(db, access, game_id, key)
    _check_open(db, loaded.id)
    return list(loaded.state.players)


def evening_to_match(db, access: Access, tournament_id, key) -> list[str]:
    """The names of an evening about to be matched (`evening_names`), once its organiser's link proves it."""
    evening = _managed(db, access, tournament_id, key)
    _check_evening_open(db, evening.tournament_id)
    return evening_names(db, evening.tournament_id)


def new_game(db, access: Access, variant, players: list, first_dealer, options=None) -> tuple[Loaded, dict]:
    """A game started from the roster (roster numbers in order of play), the club's from its first event: its seats
    are who was picked, so nothing is matched afterwards. The game and the club's row in one write unit."""
    _organiser(access)
    listed = {m.number: m for m in roster(db, access.club_id, []) if not m.removed}
    numbers = rules.check_match(players, [str(p) for p in players] if isinstance(players, list) else [],
                                {n: m.name or "" for n, m in listed.items()})
    if rules.NEW in numbers:
        raise InvalidInput(N_("A game from the roster is played by players of the roster."), field="players")
    picked = [int(n) for n in numbers]
    return games.create(db, variant, [listed[n].name for n in picked], first_dealer, options,
                        also=lambda db_, game_id: _insert_game(db_, access.club_id, game_id, picked))


def evenings_of(db, club_id: str) -> list[tuple[str, str]]:
    """The club's evenings (id, name), latest added first."""
    return db.execute("SELECT t.id, t.name FROM club_evenings ce JOIN tournaments t ON t.id = ce.tournament_id "
                      "WHERE ce.club_id = ? ORDER BY ce.added_at DESC, t.id", [club_id]).fetchall()


def club_of_evening(db, tournament_id: str) -> str | None:
    """The club an evening was added to, if any."""
    row = db.execute("SELECT club_id FROM club_evenings WHERE tournament_id = ?", [tournament_id]).fetchone()
    return row[0] if row else None


CLUB_LINK = re.compile(r"/c/([A-Za-z0-9_-]{1,40})/([A-Za-z0-9_-]{1,200})/?(?:[?#].*)?$")


def parse_club_link(text) -> tuple[str, str] | None:
    """(club id, key) from a pasted club address such as https://host/c/<id>/<key>."""
    if not isinstance(text, str):
        return None
    match = CLUB_LINK.search(text.strip())
    return (match.group(1), match.group(2)) if match else None


# -- results and ratings --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ClubGame:
    """A game of the club: where it came from, who sat where (roster numbers; None: a name of an evening not
    matched, which never happens once added), and its result once it ended."""

    game_id: str
    evening: str | None  # the club evening it was a partita of
    family: str
    players: tuple[int | None, ...]  # by seat
    finished: bool
    ended_at: str | None
    teams: tuple[tuple[int, ...], ...]  # seats per team
    ranks: tuple[int, ...]  # per team

    def rated(self) -> RatedGame | None:
        if not self.finished or self.ended_at is None or None in self.players:
            return None
        teams = tuple(tuple(self.players[seat] or 0 for seat in team) for team in self.teams)  # all known here
        return RatedGame(self.game_id, self.family, self.ended_at, teams, self.ranks)


def _result(loaded) -> tuple:
    """A game's result as the ratings read it: (version, family, finished, ended at — the time of its last change
    once it is over —, its teams' seats, each team's place), from the game as replayed."""
    state = loaded.state
    teams = [list(side) for side in state.sides] if state.sides else [[seat] for seat in range(len(state.players))]
    place = {p.seat: p.place for p in state.standings}
    ended = loaded.events[-1]["created_at"] if state.finished and len(loaded.events) else None
    return (loaded.version, state.variant.family, int(state.finished), ended, json.dumps(teams),
            json.dumps([place[team[0]] for team in teams]))


def _keep_results(db, loadeds: list) -> dict[str, tuple]:
    """The games' results kept by their versions, in one statement (inside the caller's write unit)."""
    kept = {loaded.id: _result(loaded) for loaded in loadeds}
    db.conn.executemany("INSERT OR REPLACE INTO game_results (game_id, version, family, finished, ended_at, teams, "
                        "ranks) VALUES (?, ?, ?, ?, ?, ?, ?)", [[game_id, *row] for game_id, row in kept.items()])
    return kept


_SEATS = ("SELECT cg.game_id, NULL, (SELECT max(seq) FROM events e WHERE e.game_id = cg.game_id), "
          "(SELECT json_group_array(player) FROM (SELECT player FROM club_game_seats s WHERE s.game_id = cg.game_id "
          "ORDER BY seat)) FROM club_games cg WHERE cg.club_id = ? "
          "UNION ALL SELECT tg.game_id, tg.tournament_id, (SELECT max(seq) FROM events e WHERE e.game_id = "
          "tg.game_id), NULL FROM club_evenings ce JOIN tournament_games tg ON tg.tournament_id = ce.tournament_id "
          "WHERE ce.club_id = ?")


def club_games(db, club_id: str) -> list[ClubGame]:
    """Every game of the club with its result, oldest end first (unfinished ones last). A result is read from its
    keeping when the game has not changed since; a changed game (a correction, an undo, a partita just ended) is
    replayed once and kept again."""
    rows = db.execute(_SEATS, [club_id, club_id]).fetchall()
    kept = {r[0]: r[1:] for r in db.execute(
        "SELECT r.game_id, r.version, r.family, r.finished, r.ended_at, r.teams, r.ranks FROM game_results r "
        "WHERE r.game_id IN (SELECT game_id FROM club_games WHERE club_id = ? UNION ALL SELECT tg.game_id FROM "
        "club_evenings ce JOIN tournament_games tg ON tg.tournament_id = ce.tournament_id WHERE ce.club_id = ?)",
        [club_id, club_id]).fetchall()}
    stale = [game_id for game_id, _, version, _ in rows if kept.get(game_id, (None,))[0] != version]
    if stale:
        loadeds = [games.load(db, game_id) for game_id in stale]
        with store.write(db):
            kept |= _keep_results(db, loadeds)
    names = _evening_players(db, club_id, [r for r in rows if r[1] is not None])
    found = []
    for game_id, evening, _, seats in rows:
        _, family, finished, ended_at, teams, ranks = kept[game_id]
        players = tuple(json.loads(seats)) if seats else names[game_id]
        found.append(ClubGame(game_id, evening, family, players, bool(finished), ended_at,
                              tuple(tuple(t) for t in json.loads(teams)), tuple(json.loads(ranks))))
    found.sort(key=lambda g: (g.ended_at is None, g.ended_at or "", g.game_id))
    return found


def _evening_players(db, club_id: str, rows: list) -> dict[str, tuple[int | None, ...]]:
    """The roster player at each seat of the evenings' partite, through the names matched when each evening was
    added (a partita's players are names; the evening's names are one person each). Two statements in all."""
    matched: dict[tuple[str, str], int] = {}
    for tournament_id, folded, player in db.execute(
            "SELECT n.tournament_id, n.folded, n.player FROM club_evening_names n JOIN club_evenings ce ON "
            "ce.tournament_id = n.tournament_id WHERE ce.club_id = ?", [club_id]).fetchall():
        matched[tournament_id, folded] = player
    created = dict(db.execute(
        "SELECT e.game_id, e.payload FROM club_evenings ce JOIN tournament_games tg ON tg.tournament_id = "
        "ce.tournament_id JOIN events e ON e.game_id = tg.game_id AND e.seq = 1 WHERE ce.club_id = ?",
        [club_id]).fetchall())
    found = {}
    for game_id, evening, _, _ in rows:
        names = json.loads(created[game_id]).get("players", []) if game_id in created else []
        found[game_id] = tuple(matched.get((evening, rules.fold(name))) for name in names)
    return found


def ratings(games_: list[ClubGame], season: str | None = None,
            family: str | None = None) -> dict[str, dict[int, Rating]]:
    """family → player → rating, from the finished games (of one year's season, given as "2026"; of one family)."""
    rated = [g.rated() for g in games_ if (season is None or (g.ended_at or "").startswith(season))
             and (family is None or g.family == family)]
    return _rated(tuple(r for r in rated if r is not None))


@lru_cache(maxsize=8)
def _rated(games_: tuple[RatedGame, ...]) -> dict[str, dict[int, Rating]]:
    """The ratings the same games make, computed once per process: a club's ladder, TV and players' pages read the
    same games between two changes (the key is the games themselves, so a change is a new computation, never a stale
    one). Read-only to the callers."""
    return rate(games_)


def seasons(games_: list[ClubGame]) -> list[str]:
    """The years with finished games, latest first."""
    return sorted({g.ended_at[:4] for g in games_ if g.finished and g.ended_at}, reverse=True)


@dataclass(frozen=True)
class Rung:
    """One line of the ladder."""

    place: int
    member: Member
    rating: Rating
    moved: int | None  # the change on the club's latest day of play, for those who played then


@dataclass(frozen=True)
class Ladder:
    club_id: str
    name: str
    family: str
    season: str | None
    seasons: list[str]
    families: list[str]  # the families with rated games, in the registry's order
    rungs: list[Rung]
    day: str | None  # the latest day of play (YYYY-MM-DD), whose moves are shown
    games: list[ClubGame]  # every game of the club, as read for it (the page's other parts read them from here)
    members: list[Member]  # the roster, recent players first


def ladder(db, club_id: str, family: str | None = None, season: str | None = None) -> Ladder:
    """The club's ladder of one family (the one with most games when none is asked): by rating, hidden and removed
    players left out (their games still count for the others), with each player's move on the latest day."""
    return _ladder(*_read(db, club_id), family, season)


def ladders(db, club_id: str, season: str | None = None) -> list[Ladder]:
    """Every family's ladder, in the registry's order (the API, the ratings CSV): the club read once."""
    read = _read(db, club_id)
    first = _ladder(*read, None, season)
    return [first if family == first.family else _ladder(*read, family, season) for family in first.families]


def _read(db, club_id: str) -> tuple[str, str, list[ClubGame], list[Member]]:
    """What a ladder is made of: the club's name, its games and its roster (recent players first)."""
    name, all_games = name_of(db, club_id), club_games(db, club_id)
    return club_id, name, all_games, roster(db, club_id, all_games)


def _ladder(club_id: str, name: str, all_games: list[ClubGame], members: list[Member], family: str | None,
            season: str | None) -> Ladder:
    if season is not None and season not in seasons(all_games):
        season = None
    played = [g for g in all_games if g.finished and g.ended_at and (season is None or g.ended_at.startswith(season))]
    counts = {f: sum(1 for g in played if g.family == f) for f in FAMILIES}
    families = [f for f in FAMILIES if counts[f]]
    if family not in families:
        family = max(families, key=lambda f: counts[f], default=None)
    found = ratings(played, family=family) if family else {}
    by_number = {m.number: m for m in members}
    family_ratings = found.get(family or "", {})
    counted = [g for g in played if g.family == family]
    day = (counted[-1].ended_at or "")[:10] if counted else None
    moves = moved(family_ratings, {g.game_id for g in counted if g.ended_at and g.ended_at.startswith(day or "-")})
    shown = sorted((r for n, r in family_ratings.items() if not by_number[n].hidden and not by_number[n].removed),
                   key=lambda r: (-r.shown, -r.games, rules.fold(by_number[r.player].name or "")))
    rungs, place = [], 0
    for index, rating in enumerate(shown):
        if not index or rating.shown != shown[index - 1].shown:
            place = index + 1
        rungs.append(Rung(place, by_number[rating.player], rating, moves.get(rating.player)))
    return Ladder(club_id, name, family or "", season, seasons(all_games), families, rungs, day, all_games, members)


def variants(db, club_id: str) -> dict[str, str]:
    """The variant id of each game of the club (the games CSV names it)."""
    return dict(db.execute(
        "SELECT id, variant FROM games WHERE id IN (SELECT game_id FROM club_games WHERE club_id = ? UNION ALL "
        "SELECT tg.game_id FROM club_evenings ce JOIN tournament_games tg ON tg.tournament_id = ce.tournament_id "
        "WHERE ce.club_id = ?)", [club_id, club_id]).fetchall())


def _last_played(all_games: list[ClubGame]) -> dict[int, str]:
    """Each player's latest game's end, the evenings' partite included."""
    last: dict[int, str] = {}
    for game in all_games:
        for player in game.players:
            if player is not None and game.ended_at:
                last[player] = max(last.get(player, ""), game.ended_at)
    return last


# -- a player's own page --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Meeting:
    """Head to head: the games a player met another in (on the other side, or each for themselves), and how often
    they finished ahead of them, level, behind."""

    other: Member
    games: int
    ahead: int
    level: int
    behind: int


STATISTICS_GAMES = 200  # a player's statistics replay their latest games, as a phone's statistics page does


@dataclass(frozen=True)
class PlayerPage:
    club_id: str
    club_name: str
    member: Member
    ratings: dict[str, Rating]  # by family, the families they played
    games: list[ClubGame]  # theirs, latest first
    meetings: list[Meeting]  # most games together first
    loaded: list  # their finished games replayed (`Loaded`), oldest first, named as the roster names them


def player_page(db, access: Access, number) -> PlayerPage:
    member = member_of(db, access.club_id, number)
    if not access.sees(member.number):
        raise NoSuchMember()
    all_games = club_games(db, access.club_id)
    members = {m.number: m for m in roster(db, access.club_id, all_games)}
    member = members[member.number]
    theirs = [g for g in all_games if member.number in g.players]
    found = {family: ratings(all_games, family=family).get(family, {}) for family in {g.family for g in theirs}}
    meetings: dict[int, list[int]] = {}
    for game in theirs:
        if not game.finished:
            continue
        rank_of = {seat: rank for team, rank in zip(game.teams, game.ranks) for seat in team}
        mine = game.players.index(member.number)
        partners = next(team for team in game.teams if mine in team)
        for seat, other in enumerate(game.players):
            if other is None or seat in partners:
                continue
            tally = meetings.setdefault(other, [0, 0, 0, 0])
            difference = rank_of[seat] - rank_of[mine]
            tally[0] += 1
            tally[1 if difference > 0 else 2 if difference == 0 else 3] += 1
    met = [Meeting(members[other], *tally) for other, tally in meetings.items()]
    met.sort(key=lambda m: (-m.games, m.other.removed, rules.fold(m.other.name or ""), m.other.number))
    return PlayerPage(access.club_id, name_of(db, access.club_id), member,
                      {family: found[family][member.number] for family in FAMILIES
                       if member.number in found.get(family, {})},
                      list(reversed(theirs)), met, _named(db, theirs[-STATISTICS_GAMES:], members))


def _named(db, theirs: list[ClubGame], members: dict[int, Member]) -> list:
    """The player's finished games replayed, each seat named as the roster names its player (so the statistics of
    `formats.stats` count one person once across phones); a former player stays "?"."""
    found = []
    for game in theirs:
        if not game.finished:
            continue
        loaded = games.load(db, game.game_id)
        names = tuple(members[p].name or f"#{p}" if p is not None else "?" for p in game.players)
        state: Any = loaded.state  # every family's state is a frozen dataclass with its players
        found.append(dataclasses.replace(loaded, state=dataclasses.replace(state, players=names)))
    return found
