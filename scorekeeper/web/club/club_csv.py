"""A club's CSV files as downloads (#37): the roster, the ratings and every rated game (`formats.club_csv`), at the
club's pages (`/c/<club_id>/<key>/roster.csv`) and in the API (`/api/v1/clubs/<id>/roster.csv`, `club_api`). The
organiser's link and the club's link read them; a player's own link opens their own page alone (403)."""
from __future__ import annotations

from typing import Callable

from flask import Blueprint, Response

from ...formats import club_csv
from ...rules import N_
from ...service import clubs, games
from ..assets.labels import former_player
from ..game.downloads import csv_download
from ..gate.per_request import get_db

bp = Blueprint("club_csv", __name__)


def reader(club_id: str, key: str | None) -> clubs.Access:
    """The club's access for what the whole club sees (the ladder, the files); a player's own link is refused."""
    who = clubs.authorize(get_db(), club_id, key)
    if not who.sees_all():
        raise games.Forbidden(N_("Your own link opens your own page; the club's ladder and files need the club's "
                                 "link."))
    return who


FILES: dict[str, Callable[[str], str]] = {
    "roster": lambda club_id: club_csv.roster(get_db(), club_id, former_player()),
    "ratings": lambda club_id: club_csv.ratings(get_db(), club_id),
    "games": lambda club_id: club_csv.games(get_db(), club_id, former_player()),
}


def response(who: clubs.Access, which: str) -> Response:
    return csv_download(FILES[which](who.club_id), f"club-{who.club_id}-{which}.csv")


@bp.get("/c/<club_id>/<key>/roster.csv")
def roster_csv(club_id, key):
    return response(reader(club_id, key), "roster")


@bp.get("/c/<club_id>/<key>/ratings.csv")
def ratings_csv(club_id, key):
    return response(reader(club_id, key), "ratings")


@bp.get("/c/<club_id>/<key>/games.csv")
def games_csv(club_id, key):
    return response(reader(club_id, key), "games")
