"""Saved house rules (#23): the one-tap Start of a saved set, its deletion, and the rules of a game saved from its
sheet. Plain forms: no JavaScript needed (`house_rules_form` lists the sets and fills the new-game form)."""
from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for

from ...model import NotFound
from ...rules import RuleError
from ...rules.base import MAX_NAME
from ...service import games, house_rules
from ..assets.labels import chosen_options
from ..gate.errors import message, status_of
from ..gate.guard import safe_next
from ..gate.per_request import get_db
from . import devices
from .devices import remember_game

bp = Blueprint("house_rules", __name__)


@bp.post("/house-rules/<set_id>/start")
def start(set_id):
    """One tap: the next game from a saved set (same players, the next dealer or a draw), its sheet opened; tapped
    twice, the one game it started."""
    loaded, keys = house_rules.start(get_db(), devices.device(create=False), set_id, request.form.get("once"))
    remember_game(loaded.id, keys["scorer"], "scorer", loaded.state)
    return redirect(url_for("pages.sheet", game_id=loaded.id, key=keys["scorer"]), 303)


@bp.post("/house-rules/<set_id>/delete")
def delete(set_id):
    """Delete a saved set (the form's <details> asked first); back to the page it was listed on."""
    house_rules.delete(get_db(), devices.device(create=False), set_id)
    return redirect(safe_next(request.form.get("next", "")), 303)


@bp.route("/g/<game_id>/<key>/house-rules", methods=["GET", "POST"])
def save_from_game(game_id, key):
    """The scorer saves the rules of the game under way (or imported from a file) under a name."""
    who = games.authorize(get_db(), game_id, key)
    if who.role != "scorer":
        raise NotFound()
    loaded = games.load(get_db(), game_id)
    status, error, taken, saved = 200, None, None, None
    if request.method == "POST":
        try:
            saved = house_rules.save(get_db(), devices.device(create=True), request.form.get("rules_name", ""),
                                     loaded, replace=request.form.get("replace"))
        except house_rules.NameTaken as conflict:
            status, taken = 409, conflict.name
        except RuleError as refused:
            status, error = status_of(refused), message(refused)
    return render_template("house_rules_save.html", state=loaded.state, base=url_for("pages.sheet", game_id=game_id,
                           key=key), chosen=chosen_options(loaded.state.variant, loaded.state.options),
                           name=request.form.get("rules_name", ""), error=error, taken=taken, saved=saved,
                           max_name=MAX_NAME), status
