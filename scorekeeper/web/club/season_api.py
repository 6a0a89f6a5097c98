"""JSON API v1 for seasons (docs/rules/bid-exactly.md, "Season"): create one, add and remove its tournaments,
read the summed standings, CSV, replace a link.

The tournament API's conventions (`tournament_api.py`): `Authorization: Bearer <key>` with one of the season's
keys (organiser, view); an unknown season or a wrong key → 404; a key without the right → 403; errors as
`{"error": {"code", "message"}}`.
"""
from __future__ import annotations

from flask import Blueprint, jsonify, url_for

from ...model import season_shapes, shapes
from ...rules.base import format_fraction
from ...service import seasons
from ..game.api import bearer_key, body
from ..gate.links import base_url
from ..gate.per_request import get_db
from . import season_csv

bp = Blueprint("season_api", __name__, url_prefix="/api/v1/seasons")


def access(season_id: str) -> seasons.Access:
    return seasons.authorize(get_db(), season_id, bearer_key())


def season_links(season_id: str, keys: dict) -> dict:
    """Absolute addresses of the season's pages, one per key, and the CSV of the standings."""
    def page(endpoint, key):
        return base_url() + url_for(endpoint, season_id=season_id, key=key)

    return {**{role: page("seasons.open", key) for role, key in keys.items()},
            "csv": page("seasons.standings_csv", keys["view"])}


def season_json(season: seasons.Season) -> dict:
    return {
        "id": season.id, "name": season.name, "created_at": season.created_at,
        "tournaments": [{"id": e.tournament_id, "name": e.name, "created_at": e.created_at,
                         "status": "finished" if e.over else "in_progress", "counted": e.over, "players": e.players}
                        for e in season.evenings],
        "standings": [{"player": s.player, "place": s.place, "table_points": format_fraction(s.table_points),
                       "raw_points": s.raw_points, "evenings": s.partite} for s in season.standings],
    }


def respond(season_id: str, status: int = 200):
    response = jsonify(season_json(seasons.load(get_db(), season_id)))
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("")
def create_season():
    data = body()
    shapes.check(season_shapes.NewSeason, data)
    season_id, keys = seasons.create(get_db(), data["name"])
    return (jsonify({"id": season_id, "keys": keys, "links": season_links(season_id, keys),
                     "season": season_json(seasons.load(get_db(), season_id))}),
            201, {"Location": f"/api/v1/seasons/{season_id}", "Cache-Control": "no-store"})


@bp.get("/<season_id>")
def read_season(season_id):
    access(season_id)
    return respond(season_id)


@bp.post("/<season_id>/tournaments")
def add_tournament(season_id):
    who = access(season_id)
    data = body()
    if who.may_manage():  # another key is refused as such (403), whatever it sent
        shapes.check(season_shapes.SeasonTournament, data)
    seasons.add_tournament(get_db(), who, data.get("tournament"), data.get("key"))
    return respond(season_id, 201)


@bp.delete("/<season_id>/tournaments/<tournament_id>")
def remove_tournament(season_id, tournament_id):
    seasons.remove_tournament(get_db(), access(season_id), tournament_id)
    return respond(season_id)


@bp.post("/<season_id>/keys/rotate")
def rotate(season_id):
    """Replace one of the season's links (organiser); the old key stops working at once."""
    who = access(season_id)
    data = body()
    if who.may_manage():  # another key is refused as such (403), whatever it sent
        shapes.check(season_shapes.RotateSeason, data)
    key = seasons.rotate(get_db(), who, data.get("role"))
    keys = seasons.keys_of(get_db(), season_id)
    return (jsonify({"role": data.get("role"), "key": key, "keys": keys, "links": season_links(season_id, keys)}),
            200, {"Cache-Control": "no-store"})


@bp.get("/<season_id>/standings.csv")
def standings_csv(season_id):
    access(season_id)
    return season_csv.response(seasons.load(get_db(), season_id))
