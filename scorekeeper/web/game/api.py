"""JSON API v1 (docs/api.md): thin handlers over the service layer."""
from __future__ import annotations

from flask import Blueprint, jsonify, request
from werkzeug.exceptions import UnsupportedMediaType

from ...families import family_of
from ...formats import archive
from ...formats.game_json import game_json
from ...model import check_once, shapes
from ...rules import N_, RuleError
from ...service import games
from ...store.turns import taking_turns
from ..assets.openapi import document
from ..gate.entries import REPLAYED, entering
from ..gate.errors import json_error, message
from ..gate.guard import create_more, import_body
from ..gate.links import links
from ..gate.per_request import get_db
from ..phone import devices
from .downloads import game_csv

bp = Blueprint("api", __name__, url_prefix="/api/v1")


class Malformed(RuleError):
    code = "malformed"
    status = 400


def if_match() -> frozenset[str] | None:
    """The versions an If-Match header accepts (Werkzeug parses it; `*` or none: any version)."""
    tags = request.if_match
    return None if not tags or tags.star_tag else frozenset(tags.as_set(include_weak=True))


def body() -> dict:
    """The JSON object sent: UTF-8 JSON text holding only Unicode text (no lone surrogate such as
    "\\ud800", which JSON's escapes can spell but no text can hold); anything else is 400 `malformed`."""
    try:
        data = request.get_json(silent=True, force=True)
    except RecursionError:  # nested deeper than the parser goes: malformed, not a 500
        data = None
    if not isinstance(data, dict):
        raise Malformed(N_("The body must be a JSON object."))
    if not _unicode_only(data):
        raise Malformed(N_("The body holds a lone surrogate (such as \\ud800): that is not text."))
    return data


def _unicode_only(value) -> bool:
    """No string in the value (keys included) holds a lone surrogate."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def bearer_key() -> str | None:
    """The key of `Authorization: Bearer <key>`; None without one (authorize then answers 404)."""
    scheme, _, key = request.headers.get("Authorization", "").partition(" ")
    return key.strip() if scheme.lower() == "bearer" else None


def access(game_id: str) -> games.Access:
    return games.authorize(get_db(), game_id, bearer_key())


def respond(loaded: games.Loaded, who: games.Access | None, status: int = 200):
    response = jsonify(game_json(loaded, who))
    response.status_code = status
    response.headers["ETag"] = f'"{loaded.version}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.errorhandler(games.AlreadyApplied)
def already_applied(done):
    """An entry sent again: applied once, the game as it is now (#22)."""
    response = respond(done.loaded, done.access)
    response.headers.update(REPLAYED)
    return response


@bp.errorhandler(games.VersionMismatch)
def stale(error):
    who = access(request.view_args["game_id"])
    current = game_json(games.load(get_db(), who.game_id), who)
    response, status = json_error(412, error.code, message(error), game=current)
    return response, status


@bp.post("/games")
def create_game():
    data = body()
    shapes.check_new_game(data)
    loaded, keys = games.create(get_db(), data.get("variant"), data.get("players"), data.get("first_dealer"),
                                data.get("options"), confirmation=data.get("confirmation", False))
    return created(loaded, keys)


@bp.post("/games/import")
def import_game():
    """The games of a CSV this app exported (`text/csv` body): created whole, or 422 `invalid_csv` with the line.
    The answer is the first game's, as for one game; a file of many adds `games`, each as the first. With an
    `Idempotency-Key`, a retry gets the games the first try made (`Idempotent-Replayed: true`)."""
    if request.mimetype != "text/csv":
        raise UnsupportedMediaType()
    once = check_once(request.headers.get("Idempotency-Key"))
    made, again = archive.import_csv(get_db(), import_body(), once, allow=create_more)
    answer = created_body(*made[0])
    if len(made) > 1:
        answer["games"] = [created_body(loaded, keys) for loaded, keys in taking_turns(made)]
    return jsonify(answer), 201, {"Location": f"/api/v1/games/{made[0][0].id}",
                                  **({"Idempotent-Replayed": "true"} if again else {})}


def created_body(loaded: games.Loaded, keys: dict) -> dict:
    """A new game, its keys and links (a game created, or imported)."""
    game = game_json(loaded, None)
    return {"id": loaded.id, "variant": game["variant"], "version": loaded.version,
            "keys": keys, "links": links(loaded.id, keys), "game": game}


def created(loaded: games.Loaded, keys: dict, headers=None):
    """201 with the new game, its keys and links."""
    return jsonify(created_body(loaded, keys)), 201, {"Location": f"/api/v1/games/{loaded.id}", **(headers or {})}


@bp.get("/games/<game_id>")
def read_game(game_id):
    who = access(game_id)
    return respond(games.load(get_db(), game_id), who)


@bp.put("/games/<game_id>/hands/<int(signed=True):number>/bids/<int(signed=True):seat>")
def put_bid(game_id, number, seat):
    who = entering(access(game_id))
    data = body()
    event = {**data, "type": "bid", "hand": number, "seat": seat}  # the body's fields are the family's
    variant = games.variant_of(get_db(), game_id)
    games.authorize_change(who, event, variant)  # a key without the right is refused as such (403), whatever it sent
    declared = family_of(variant).bid_body
    if declared is not None:  # a game without bidding refuses every bid (its rules say why)
        shapes.check(declared, data)
    return respond(games.change(get_db(), who, event, if_match()), who)


@bp.put("/games/<game_id>/hands/<int(signed=True):number>")
def put_hand(game_id, number):
    who = entering(access(game_id))
    data = body()
    event = {"type": "hand", "hand": number, **data}
    variant = games.variant_of(get_db(), game_id)
    games.authorize_change(who, event, variant)
    # The body's shape is the game's family's (its `hand_body`; `type` and `hand` are not among its fields: the
    # hand is the one of the address). The rules then check what it means.
    shapes.check(family_of(variant).hand_body, data)
    return respond(games.change(get_db(), who, event, if_match()), who)


@bp.post("/games/<game_id>/undo")
def undo(game_id):
    who = entering(access(game_id))
    return respond(games.undo(get_db(), who, if_match()), who)


@bp.post("/games/<game_id>/hands/<int(signed=True):number>/confirm")
def confirm(game_id, number):
    """Another player confirms a complete hand as it was at `version` (docs/api.md, Confirmation)."""
    who = entering(access(game_id))
    data = body()
    if who.role == "seat":  # the other keys are refused as such (403), whatever they sent
        shapes.check(shapes.Confirm, data)
    return respond(games.confirm(get_db(), who, number, data.get("version"),
                                 on_scorers_phone=devices.holds_scorer_link(game_id)), who)


@bp.post("/games/<game_id>/hands/<int(signed=True):number>/reopen")
def reopen(game_id, number):
    """A player reopens a confirmed hand so that the scorer can correct it."""
    who = entering(access(game_id))
    return respond(games.reopen(get_db(), game_id, number, by=who), who)


@bp.post("/games/<game_id>/end")
def end(game_id):
    """End a game of open length here (Solo Whist's players stop when they like); others refuse (409)."""
    who = entering(access(game_id))
    return respond(games.change(get_db(), who, {"type": "end"}, if_match()), who)


@bp.post("/games/<game_id>/keys/rotate")
def rotate(game_id):
    who = access(game_id)
    data = body()
    if who.may_write():  # another key is refused as such (403), whatever it sent
        shapes.check(shapes.Rotate, data)
    key = games.rotate(get_db(), who, data.get("role"), data.get("seat"))
    keys = games.keys_of(get_db(), game_id)
    return jsonify({"role": data.get("role"), "seat": data.get("seat"), "key": key,
                    "keys": keys, "links": links(game_id, keys)})


@bp.get("/games/<game_id>/export.csv")
def export_csv(game_id):
    access(game_id)  # any key of the game may read it; unscored (so sealed) hands are never exported
    return game_csv(games.load(get_db(), game_id))


@bp.get("/openapi.json")
def openapi():
    return jsonify(document())
