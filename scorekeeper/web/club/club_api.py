"""JSON API v1 for clubs (#37): create one, keep its roster, add and take out games and club evenings, read the
ladder and a player's page, CSV, replace a link.

The season API's conventions (`season_api.py`): `Authorization: Bearer <key>` with one of the club's keys
(organiser, view) or a roster player's own link (their own page, and hiding their name); an unknown club or a
wrong key → 404; a key without the right → 403; errors as `{"error": {"code", "message", "field"?}}`.
"""
from __future__ import annotations

from flask import Blueprint, jsonify, request, url_for

from ...model import club_shapes, shapes
from ...rules import N_
from ...rules import club as club_rules
from ...rules.base import InvalidInput
from ...service import clubs, games, tournaments
from ..game.api import bearer_key, body
from ..gate.links import base_url
from ..gate.per_request import get_db
from . import club_csv

bp = Blueprint("club_api", __name__, url_prefix="/api/v1/clubs")
NO_STORE = {"Cache-Control": "no-store"}


def access(club_id: str) -> clubs.Access:
    return clubs.authorize(get_db(), club_id, bearer_key())


def organiser(club_id: str, model: type[shapes.Body], optional: bool = False) -> tuple[clubs.Access, dict]:
    """The organiser's access and the body, of the model's shape (`optional`: none sent is `{}`); another key is
    refused as such (403), whatever it sent."""
    who = access(club_id)
    data = body() if request.get_data() or not optional else {}
    if who.may_manage():
        shapes.check(model, data)
    return who, data


def page_link(club_id: str, key: str) -> str:
    return base_url() + url_for("clubs.open", club_id=club_id, key=key)


def club_links(club_id: str, keys: dict) -> dict:
    return {role: page_link(club_id, key) for role, key in keys.items()}


def member_json(member: clubs.Member) -> dict:
    return {"number": member.number, "name": member.name, "nickname": member.nickname, "hidden": member.hidden,
            "removed": member.removed}


def rung_json(rung: clubs.Rung) -> dict:
    return {"place": rung.place, "player": rung.member.number, "name": rung.member.known_as,
            "rating": rung.rating.shown, "games": rung.rating.games, "provisional": rung.rating.provisional,
            "moved": rung.moved}


def club_json(club_id: str, season: str | None = None) -> dict:
    db = get_db()
    ladders = clubs.ladders(db, club_id, season)
    days = [ladder.day for ladder in ladders if ladder.day]
    return {"id": club_id, "name": clubs.name_of(db, club_id), "created_at": clubs.created_at(db, club_id),
            "roster": [member_json(m) for m in clubs.roster(db, club_id)],
            "families": [ladder.family for ladder in ladders],
            "ladder": {ladder.family: [rung_json(rung) for rung in ladder.rungs] for ladder in ladders},
            "day": max(days, default=None), "season": ladders[0].season if ladders else None,
            "seasons": ladders[0].seasons if ladders else []}


def respond(club_id: str, status: int = 200):
    return jsonify(club_json(club_id)), status, NO_STORE


def respond_member(member: clubs.Member, status: int = 200):
    return jsonify(member_json(member)), status, NO_STORE


@bp.post("")
def create_club():
    data = body()
    shapes.check(club_shapes.NewClub, data)
    club_id, keys = clubs.create(get_db(), data["name"])
    return (jsonify({"id": club_id, "keys": keys, "links": club_links(club_id, keys), "club": club_json(club_id)}),
            201, {"Location": f"/api/v1/clubs/{club_id}", **NO_STORE})


@bp.get("/<club_id>")
def read_club(club_id):
    """The roster and the ladders (`?season=2026`: of one year); the organiser's and the club's link."""
    who = club_csv.reader(club_id, bearer_key())
    return jsonify(club_json(who.club_id, request.args.get("season"))), 200, NO_STORE


# -- the roster -----------------------------------------------------------------------------------------------------
@bp.get("/<club_id>/players/<int:number>")
def read_player(club_id, number):
    """A player's page: ratings with their history, head to head, games (the club's links, or their own)."""
    page = clubs.player_page(get_db(), access(club_id), number)
    return jsonify(player_json(page)), 200, NO_STORE


def player_json(page: clubs.PlayerPage) -> dict:
    number = page.member.number
    return {
        "player": member_json(page.member),
        "ratings": {family: {"rating": r.shown, "mu": r.mu, "sigma": r.sigma, "games": r.games,
                             "provisional": r.provisional,
                             "history": [{"game": s.game_id, "ended_at": s.ended_at, "before": s.before,
                                          "after": s.after} for s in r.history]}
                    for family, r in page.ratings.items()},
        "meetings": [{"player": m.other.number, "name": m.other.name, "games": m.games, "ahead": m.ahead,
                      "level": m.level, "behind": m.behind} for m in page.meetings],
        "games": [{"id": g.game_id, "evening": g.evening, "family": g.family, "finished": g.finished,
                   "ended_at": g.ended_at, "players": list(g.players), "place": place(g, number)}
                  for g in page.games],
    }


def place(game: clubs.ClubGame, number: int) -> int | None:
    """The player's place in a finished game: their side's."""
    if not game.finished:
        return None
    seat = game.players.index(number)
    return next(rank for team, rank in zip(game.teams, game.ranks) if seat in team)


@bp.post("/<club_id>/players")
def add_player(club_id):
    who, data = organiser(club_id, club_shapes.NewMember)
    return respond_member(clubs.add_member(get_db(), who, data.get("name"), data.get("nickname")), 201)


@bp.patch("/<club_id>/players/<int:number>")
def edit_player(club_id, number):
    """Name or nickname (organiser); hidden from the ladder or shown again (organiser, or the player's own link)."""
    who = access(club_id)
    if not (who.may_manage() or who.player == number):
        raise games.Forbidden(N_("Only the player themselves or the club's organiser can change a player."))
    data = body()
    shapes.check(club_shapes.EditMember, data)
    db = get_db()
    if data.get("name") is not None or data.get("nickname") is not None:
        clubs.edit_member(db, who, number, data.get("name"), data.get("nickname"))
    if data.get("hidden") is not None:
        clubs.hide(db, who, number, data["hidden"])
    return respond_member(clubs.member_of(get_db(), club_id, number))


@bp.delete("/<club_id>/players/<int:number>")
def remove_player(club_id, number):
    """Take a player off the roster: the name is erased, the games stay."""
    clubs.remove_member(get_db(), access(club_id), number)
    return respond_member(clubs.member_of(get_db(), club_id, number))


@bp.post("/<club_id>/players/<int:number>/link")
def player_link(club_id, number):
    """A roster player's own link to hand them (organiser): the one there is, or (`new`) one replacing it."""
    who, data = organiser(club_id, club_shapes.MemberLink, optional=True)
    key = clubs.player_link(get_db(), who, number, bool(data.get("new")))
    return jsonify({"number": number, "key": key, "link": page_link(club_id, key)}), 200, NO_STORE


# -- games and evenings ---------------------------------------------------------------------------------------------
@bp.post("/<club_id>/games")
def add_game(club_id):
    who, data = organiser(club_id, club_shapes.ClubGameBody)
    clubs.add_game(get_db(), who, data.get("game"), data.get("key"), data.get("players"))
    return respond(club_id, 201)


@bp.delete("/<club_id>/games/<game_id>")
def remove_game(club_id, game_id):
    clubs.remove_game(get_db(), access(club_id), game_id)
    return respond(club_id)


@bp.post("/<club_id>/evenings")
def add_evening(club_id):
    """A club evening, its names matched by name: `{"players": {"Ilaria": 8, "Zeno": "new"}}`."""
    who, data = organiser(club_id, club_shapes.ClubEveningBody)
    db = get_db()
    players = data.get("players")
    evening = tournaments.authorize(db, data["tournament"], data["key"]) if who.may_manage() else None
    if evening is not None and evening.may_manage():  # else refused as such (403) by the service
        players = matched_names(clubs.evening_names(db, evening.tournament_id), players)
    clubs.add_evening(db, who, data.get("tournament"), data.get("key"), players)
    return respond(club_id, 201)


def matched_names(names: list[str], sent: dict) -> list:
    """The evening's names matched as sent (capitals and accents as typed or not), in the service's order; a name
    of the evening left out, or one it does not have, is refused by name."""
    by_fold = {club_rules.fold(name): value for name, value in sent.items()}
    known = {club_rules.fold(name) for name in names}
    for name in sent:
        if club_rules.fold(name) not in known:
            raise InvalidInput(N_("Nobody called “%(name)s” played at this evening."), field="players",
                               name=name[:40])
    for name in names:
        if club_rules.fold(name) not in by_fold:
            raise InvalidInput(N_("Match “%(name)s” of the evening to the roster, or add them as new."),
                               field="players", name=name)
    return [by_fold[club_rules.fold(name)] for name in names]


@bp.delete("/<club_id>/evenings/<tournament_id>")
def remove_evening(club_id, tournament_id):
    clubs.remove_evening(get_db(), access(club_id), tournament_id)
    return respond(club_id)


@bp.post("/<club_id>/keys/rotate")
def rotate(club_id):
    """Replace one of the club's links (organiser); the old key stops working at once."""
    who, data = organiser(club_id, club_shapes.RotateClub)
    key = clubs.rotate(get_db(), who, data.get("role"))
    keys = clubs.keys_of(get_db(), club_id)
    return jsonify({"role": data.get("role"), "key": key, "keys": keys, "links": club_links(club_id, keys)}), 200, \
        NO_STORE


# -- CSV ------------------------------------------------------------------------------------------------------------
@bp.get("/<club_id>/roster.csv")
def roster_csv(club_id):
    return club_csv.response(club_csv.reader(club_id, bearer_key()), "roster")


@bp.get("/<club_id>/ratings.csv")
def ratings_csv(club_id):
    return club_csv.response(club_csv.reader(club_id, bearer_key()), "ratings")


@bp.get("/<club_id>/games.csv")
def games_csv(club_id):
    return club_csv.response(club_csv.reader(club_id, bearer_key()), "games")
