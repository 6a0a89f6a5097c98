"""JSON API v1 for tournaments (docs/rules/bid-exactly.md): create, add partite, read the standings, CSV.

Same conventions as the game API (`api.py`): `Authorization: Bearer <key>` with one of the
tournament's keys (organiser, view, join); an unknown tournament or a wrong key → 404; a key without
the right → 403; errors as `{"error": {"code", "message"}}`.
"""
from __future__ import annotations

from flask import Blueprint, Response, jsonify, request, url_for
from flask_babel import gettext

from ...formats.game_json import game_json
from ...model import shapes
from ...model.confirmation import confirmation
from ...rules import N_
from ...rules.base import format_fraction
from ...service import evenings, games, tournaments
from ..game.api import bearer_key, body
from ..gate.links import base_url
from ..gate.links import links as game_links
from ..gate.per_request import get_db
from . import tournament_csv

bp = Blueprint("tournament_api", __name__, url_prefix="/api/v1/tournaments")


def access(tournament_id: str) -> tournaments.Access:
    return tournaments.authorize(get_db(), tournament_id, bearer_key())


def tournament_links(tournament_id: str, keys: dict) -> dict:
    """Absolute addresses of the tournament's pages, one per key (and the CSV of the standings)."""
    def page(endpoint, key, **extra):
        return base_url() + url_for(endpoint, tournament_id=tournament_id, key=key, **extra)

    out = {role: page("tournaments.open", key) for role, key in keys.items()}
    if "view" in keys:
        out["standings"] = page("tournaments.standings", keys["view"])
        out["csv"] = page("tournaments.standings_csv", keys["view"])
    return out


def table_json(t: tournaments.Tournament, table: tournaments.Table, who: tournaments.Access) -> dict:
    state = table.state
    failed = state.failed_contracts
    keys = games.keys_of(get_db(), table.game_id)
    links = {"view": game_links(table.game_id, keys)["view"]}
    if who.sees_scorer(t, table):
        links["scorer"] = game_links(table.game_id, keys)["scorer"]
    return {
        "id": table.game_id, "table": table.table, "round": table.round, "variant": state.variant.id,
        "options": dict(state.options), "players": list(state.players),
        "status": "finished" if table.finished else "in_progress", "counted": table.finished,
        "current_hand": state.current_hand, "hands_played": table.hands_played, "hands_total": table.hands_total,
        "version": table.game.version, "totals": list(state.totals), "failed_contracts": list(failed),
        "unconfirmed": list(confirmation(table.game).unconfirmed),
        "standings": [{"seat": p.seat, "player": state.players[p.seat], "place": p.place, "total": p.total,
                       "failed_contracts": failed[p.seat], "table_points": format_fraction(p.table_points)}
                      for p in table.places],
        "links": links,
    }


def tournament_json(t: tournaments.Tournament, who: tournaments.Access) -> dict:
    return {
        "id": t.id, "name": t.name, "scheme": t.scheme, "variant": t.variant, "created_at": t.created_at,
        "version": t.fingerprint,
        "confirmation": t.confirmation,
        "games": [table_json(t, table, who) for table in t.tables],
        "standings": standings_json(t.standings),
        "provisional_standings": standings_json(t.provisional),
        "seating": seating_json(evenings.load(get_db(), t.id), t, who),
    }


def seating_json(evening: evenings.Evening | None, t: tournaments.Tournament, who: tournaments.Access) -> dict | None:
    """The evening's roster and every round's tables (with the partita started there, if any); None when the
    organiser seats the tables by hand. The organiser's alone carries each player's own link (#35)."""
    if evening is None:
        return None
    started = {(table.round, table.table.casefold()): table.game_id for table in t.tables}
    own = evenings.links(get_db(), t.id) if who.may_manage() else {}

    def link(number: int) -> dict:
        held = own.get(number)
        return {} if held is None else {"key": held.key, "claimed": held.claimed, "link": base_url() + url_for(
            "tournaments.open", tournament_id=t.id, key=held.key)}
    return {
        "rounds": evening.rounds, "begun": evening.begun, "repeated_pairs": evening.repeated_pairs,
        "odd_tables": evening.odd_tables,
        "roster": [{"number": e.number, "player": e.name, "from_round": e.from_round, "until_round": e.until_round,
                    "present": e.until_round is None, "absent_rounds": evening.absent_rounds(e), **link(e.number)}
                   for e in evening.roster],
        "plan": [{"round": number, "begun": number <= evening.begun,
                  "tables": [{"table": table.table, "players": list(table.players),
                              "game_id": started.get((number, table.table.casefold()))} for table in round_]}
                 for number, round_ in enumerate(evening.plan, start=1)],
    }


def standings_json(standings) -> list[dict]:
    return [{"player": s.player, "place": s.place, "table_points": format_fraction(s.table_points),
             "raw_points": s.raw_points, "partite": s.partite} for s in standings]


def respond(t: tournaments.Tournament, who: tournaments.Access, status: int = 200, **extra):
    response = jsonify({**extra, "tournament": tournament_json(t, who)} if extra else tournament_json(t, who))
    response.status_code = status
    response.headers["ETag"] = f'"{t.fingerprint}"'
    response.headers["Cache-Control"] = "no-store"  # the organiser's answer carries the tables' scorer links
    return response


@bp.post("")
def create_tournament():
    data = body()
    shapes.check(shapes.NewTournament, data)
    name = data.get("name")
    if name is None:
        name = gettext("Tournament")
    tournament_id, keys = tournaments.create(get_db(), name, data.get("scheme"), data.get("confirmation", False),
                                             data.get("variant"))
    who = tournaments.Access(tournament_id, keys["organiser"], "organiser")
    t = tournaments.load(get_db(), tournament_id)
    return (jsonify({"id": tournament_id, "keys": keys, "links": tournament_links(tournament_id, keys),
                     "tournament": tournament_json(t, who)}),
            201, {"Location": f"/api/v1/tournaments/{tournament_id}"})


@bp.get("/<tournament_id>")
def read_tournament(tournament_id):
    who = access(tournament_id)
    current = tournaments.fingerprint(get_db(), tournament_id)
    if request.if_none_match.contains(current):  # a poller that already has this state
        return Response(status=304, headers={"ETag": f'"{current}"', "Cache-Control": "no-store"})
    return respond(tournaments.load(get_db(), tournament_id), who)


@bp.post("/<tournament_id>/games")
def add_game(tournament_id):
    who = access(tournament_id)
    data = body()
    if who.may_add():  # another key is refused as such (403), whatever it sent
        shapes.check_partita(data)
    db = get_db()
    if "game_id" in data or "key" in data:
        table = tournaments.attach_game(db, who, data.get("game_id"), data.get("key"), data.get("table"),
                                        data.get("round"))
        keys = games.keys_of(db, table.game_id)
    else:
        table, keys = tournaments.add_new_game(db, who, data.get("players"), data.get("options"),
                                               data.get("first_dealer"), data.get("table"), data.get("round"))
    return _partita_answer(tournament_id, who, table, keys, 201)


def _partita_answer(tournament_id, who, table: tournaments.Table, keys: dict, status: int):
    loaded = table.game  # the partita as it was just replayed
    response = respond(tournaments.load(get_db(), tournament_id), who, status,
                       id=table.game_id, variant=loaded.state.variant.id, version=loaded.version,
                       table=table.table, round=table.round, keys=keys, links=game_links(table.game_id, keys),
                       game=game_json(loaded, None))
    response.headers["Location"] = f"/api/v1/games/{table.game_id}"
    return response


@bp.delete("/<tournament_id>/games/<game_id>")
def remove_game(tournament_id, game_id):
    who = access(tournament_id)
    tournaments.remove_game(get_db(), who, game_id)
    return respond(tournaments.load(get_db(), tournament_id), who)


@bp.post("/<tournament_id>/keys/rotate")
def rotate(tournament_id):
    """Replace one of the tournament's links (organiser); the old key stops working at once."""
    who = access(tournament_id)
    data = body()
    if who.may_manage():
        shapes.check(shapes.RotateTournament, data)
    key = tournaments.rotate(get_db(), who, data.get("role"))
    keys = tournaments.keys_of(get_db(), tournament_id)
    return jsonify({"role": data.get("role"), "key": key, "keys": keys,
                    "links": tournament_links(tournament_id, keys)})


def _organised(tournament_id, model, change):
    """One of the organiser's changes to the evening: another key is refused as such (403) whatever it sent, the
    body is checked as `model`, then `change(who, data)`; the tournament as it is now."""
    who = access(tournament_id)
    data = body()
    evenings.organiser_only(who)
    shapes.check(model, data)
    change(who, data)
    return respond(tournaments.load(get_db(), tournament_id), who)


@bp.put("/<tournament_id>/roster")
def seat_evening(tournament_id):
    """The organiser's roster and rounds: the app seats every round (before the first partita)."""
    return _organised(tournament_id, shapes.Roster,
                      lambda who, data: evenings.seat(get_db(), who, data["players"], data["rounds"],
                                                      data.get("odd_tables")))


@bp.post("/<tournament_id>/roster/withdraw")
def withdraw(tournament_id):
    """A player leaves: the rounds not yet begun are seated again without them."""
    return _organised(tournament_id, shapes.RosterPlayer,
                      lambda who, data: evenings.withdraw(get_db(), who, data["player"]))


@bp.post("/<tournament_id>/roster/arrive")
def arrive(tournament_id):
    """A late arrival: the rounds not yet begun are seated again with them."""
    return _organised(tournament_id, shapes.RosterPlayer,
                      lambda who, data: evenings.arrive(get_db(), who, data["player"]))


@bp.post("/<tournament_id>/seating/swap")
def swap(tournament_id):
    """The organiser swaps two players' seats in a round not yet begun."""
    return _organised(tournament_id, shapes.SwapSeats,
                      lambda who, data: evenings.swap(get_db(), who, data["round"], *data["players"]))


@bp.post("/<tournament_id>/seating/start")
def start_table(tournament_id):
    """A seated table's partita (organiser or join key): created with its players in their seats, or the one
    already started there (201 when new, 200 when it was: for the join key, its view alone, #33)."""
    who = access(tournament_id)
    data = body()
    if not who.may_add():
        raise games.Forbidden(N_("This link can only look at the tournament, not change it."))
    shapes.check(shapes.StartTable, data)
    before = evenings.partita_at(get_db(), tournament_id, data["round"], data["table"])
    table, keys = evenings.start_table(get_db(), who, data["round"], data["table"], data.get("first_dealer"))
    return _partita_answer(tournament_id, who, table, keys, 200 if before else 201)


@bp.get("/<tournament_id>/standings.csv")
def standings_csv(tournament_id):
    access(tournament_id)
    return tournament_csv.response(tournaments.load(get_db(), tournament_id))
