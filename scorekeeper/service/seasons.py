"""Seasons (docs/rules/bid-exactly.md, "Season"): a season groups tournaments — the club's evenings — and sums
their standings.

A season has link keys like a tournament (no accounts, ≥128 random bits, compared in constant time):
``organiser`` adds and removes tournaments and replaces the links (`rotate`), ``view`` reads the standings. A
tournament is added by its id and one of its own keys (any: the season shows its standings, so adding it proves
the right to see them). A tournament counts once it is over (`evening_over`): until then it is listed, not
counted.
"""
from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass

from ..rules import N_
from ..rules.base import InvalidInput, StateConflict
from ..rules.season import ROLES, check_name, season_standings
from ..rules.standings import Standing
from ..store import db as store
from ..store.keys import find_key, new_id, new_key, replace_key
from . import evenings, games, tournaments


class SeasonNotFound(games.NotFound):
    """Unknown season, or a key that does not open it (we never say which)."""

    message = N_("There is no such season, or this link no longer opens it.")


class NotInSeason(games.NotFound):
    message = N_("That tournament is not in this season.")


class AlreadyInSeason(StateConflict):
    code = "already_in_season"


@dataclass(frozen=True)
class Access:
    """Who is asking: the role of the season key they hold."""

    season_id: str
    key: str
    role: str

    def may_manage(self) -> bool:
        return self.role == "organiser"


@dataclass(frozen=True)
class Evening:
    """One tournament of the season; it counts in the standings once it is over."""

    tournament_id: str
    name: str
    created_at: str
    over: bool
    players: int  # in its standings (the finished partite)


@dataclass(frozen=True)
class Season:
    id: str
    name: str
    created_at: str
    evenings: list[Evening]  # oldest first
    standings: list[Standing]  # `partite` counts the evenings played


def evening_over(db, t: tournaments.Tournament) -> bool:
    """A tournament is over when it has partite, all finished, and an evening seated by the app has begun its
    last round: what its print page, its results card and a season wait for."""
    if not t.tables or not all(table.finished for table in t.tables):
        return False
    evening = evenings.load(db, t.id)
    return evening is None or evening.begun >= evening.rounds


def create(db, name) -> tuple[str, dict]:
    """A new season and its keys {'organiser', 'view'}."""
    name = check_name(name)
    season_id = new_id()
    keys = {role: new_key() for role in ROLES}
    with store.write(db):
        db["seasons"].insert({"id": season_id, "name": name, "created_at": store.now()})
        db["season_keys"].insert_all({"key": key, "season_id": season_id, "role": role, "created_at": store.now()}
                                     for role, key in keys.items())
    return season_id, keys


def authorize(db, season_id, key) -> Access:
    """The access a key gives to a season; SeasonNotFound for anything else (constant time)."""
    if not isinstance(season_id, str):
        raise SeasonNotFound()
    rows = db.execute("SELECT role, key FROM season_keys WHERE season_id = ? AND revoked_at IS NULL",
                      [season_id]).fetchall()
    found = find_key(rows, key)
    if found is None:
        raise SeasonNotFound()
    return Access(season_id, found[1], found[0])


def rotate(db, access: Access, role) -> str:
    """Replace one of the season's links (organiser only); the old key stops working at once."""
    if not access.may_manage():
        raise games.Forbidden(N_("Only the season's organiser can change its links."))
    if role not in ROLES:
        raise InvalidInput(N_("There is no link called “%(role)s”."), field="role", role=str(role)[:20])
    with store.write(db):
        if db.execute("SELECT 1 FROM seasons WHERE id = ?", [access.season_id]).fetchone() is None:
            raise SeasonNotFound()
        key = replace_key(db, "season_keys", access.season_id, role)
    return key


def keys_of(db, season_id: str) -> dict:
    rows = db.execute("SELECT role, key FROM season_keys WHERE season_id = ? AND revoked_at IS NULL",
                      [season_id]).fetchall()
    return {role: key for role, key in rows}


def load(db, season_id: str) -> Season:
    """The season with each of its tournaments replayed and the standings over those that are over."""
    row = db.execute("SELECT id, name, created_at FROM seasons WHERE id = ?", [season_id]).fetchone()
    if row is None:
        raise SeasonNotFound()
    ids = [r[0] for r in db.execute("SELECT st.tournament_id FROM season_tournaments st JOIN tournaments t "
                                    "ON t.id = st.tournament_id WHERE st.season_id = ? ORDER BY t.created_at, t.id",
                                    [season_id]).fetchall()]
    loaded = [tournaments.load(db, tournament_id) for tournament_id in ids]
    over = [evening_over(db, t) for t in loaded]
    listed = [Evening(t.id, t.name, t.created_at, done, len(t.standings)) for t, done in zip(loaded, over)]
    standings = season_standings(t.standings for t, done in zip(loaded, over) if done)
    return Season(row[0], row[1], row[2], listed, standings)


def add_tournament(db, access: Access, tournament_id, key) -> None:
    """Add a tournament, proven by one of its keys (the organiser of the season only)."""
    if not access.may_manage():
        raise games.Forbidden(N_("Only the season's organiser can add or remove its tournaments."))
    tournaments.authorize(db, tournament_id, key)  # TournamentNotFound for an unknown one or a wrong key
    try:
        with store.write(db):
            db["season_tournaments"].insert({"season_id": access.season_id, "tournament_id": tournament_id,
                                             "added_at": store.now()})
    except sqlite3.IntegrityError:  # the primary key: once in a season
        raise AlreadyInSeason(N_("This tournament is already in the season."), field="tournament") from None


def remove_tournament(db, access: Access, tournament_id) -> None:
    """Take a tournament out of the season (the tournament itself is kept)."""
    if not access.may_manage():
        raise games.Forbidden(N_("Only the season's organiser can add or remove its tournaments."))
    with store.write(db):
        gone = db.execute("DELETE FROM season_tournaments WHERE season_id = ? AND tournament_id = ?",
                          [access.season_id, tournament_id if isinstance(tournament_id, str) else ""]).rowcount
        if not gone:
            raise NotInSeason()


TOURNAMENT_LINK = re.compile(r"/t/([A-Za-z0-9_-]{1,40})/([A-Za-z0-9_-]{1,200})(?:/[a-z.]*)?/?(?:[?#].*)?$")


def parse_tournament_link(text) -> tuple[str, str] | None:
    """(tournament id, key) from a pasted tournament address such as https://host/t/<id>/<key>."""
    if not isinstance(text, str):
        return None
    match = TOURNAMENT_LINK.search(text.strip())
    return (match.group(1), match.group(2)) if match else None
