"""Season pages: create a season, its organiser's page (add a tournament by pasting its link, take one out, replace
a link) and the standings any of its keys shows. Plain forms and full pages; the service layer is `seasons.py`."""
from __future__ import annotations

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_babel import gettext

from ...rules import N_
from ...rules.base import InvalidInput, RuleError
from ...rules.season import MAX_SEASON_NAME
from ...service import games, seasons
from ..gate.errors import message, status_of
from ..gate.htmx import go_to
from ..gate.links import base_url
from ..gate.per_request import get_db
from . import season_csv
from .tournament_pages import standing_rows

bp = Blueprint("seasons", __name__)


def _new_page(form, errors: dict, status: int = 200):
    return render_template("season_new.html", form=form, errors=errors, max_name=MAX_SEASON_NAME), status


@bp.get("/seasons/new")
def new():
    return _new_page({}, {})


@bp.post("/seasons/new")
def create():
    try:
        season_id, keys = seasons.create(get_db(), request.form.get("name", ""))
    except RuleError as error:
        return _new_page(request.form, {error.field or "form": message(error)}, status_of(error))
    return redirect(url_for("seasons.open", season_id=season_id, key=keys["organiser"]), 303)


def season_page(who: seasons.Access, status: int = 200, form=None, error: str | None = None,
                notice: str | None = None, links_error: str | None = None):
    """The organiser's page (the add form, a remove button per tournament, the links) or the standings alone."""
    season = seasons.load(get_db(), who.season_id)
    keys = seasons.keys_of(get_db(), who.season_id) if who.may_manage() else {}
    response = make_response(render_template(
        "season.html", season=season, who=who, standings=standing_rows(season.standings), form=form or {},
        error=error, max_name=MAX_SEASON_NAME, notice=notice, links_error=links_error,
        view_link=base_url() + url_for("seasons.open", season_id=season.id, key=keys["view"]) if keys else None,
        csv_link=url_for("seasons.standings_csv", season_id=season.id, key=who.key)), status)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/s/<season_id>/<key>", endpoint="open")
def open_page(season_id, key):
    who = seasons.authorize(get_db(), season_id, key)
    rotated = who.may_manage() and request.args.get("rotated") in seasons.ROLES
    return season_page(who, notice=gettext("The old link no longer works. Share the new one.") if rotated else None)


@bp.get("/s/<season_id>/<key>/standings.csv")
def standings_csv(season_id, key):
    seasons.authorize(get_db(), season_id, key)
    return season_csv.response(seasons.load(get_db(), season_id))


def _organiser(season_id: str, key: str) -> seasons.Access:
    who = seasons.authorize(get_db(), season_id, key)
    if not who.may_manage():
        abort(404)  # the organiser's forms answer the organiser alone, as a tournament's do
    return who


@bp.post("/s/<season_id>/<key>/tournaments")
def add_tournament(season_id, key):
    """The organiser pastes a tournament's link (any of its links: the address proves the right to see it)."""
    who = _organiser(season_id, key)
    try:
        parsed = seasons.parse_tournament_link(request.form.get("link"))
        if parsed is None:
            raise InvalidInput(N_("Paste a link of the tournament (it looks like https://…/t/…/…)."), field="link")
        seasons.add_tournament(get_db(), who, *parsed)
    except games.NotFound as error:
        return season_page(who, 404, request.form, gettext(error.message))
    except RuleError as error:
        return season_page(who, status_of(error), request.form, message(error))
    return redirect(url_for("seasons.open", season_id=season_id, key=key), 303)


@bp.post("/s/<season_id>/<key>/tournaments/<tournament_id>/remove")
def remove_tournament(season_id, key, tournament_id):
    who = _organiser(season_id, key)
    try:
        seasons.remove_tournament(get_db(), who, tournament_id)
    except games.NotFound:
        abort(404)
    return redirect(url_for("seasons.open", season_id=season_id, key=key), 303)


@bp.post("/s/<season_id>/<key>/rotate")
def rotate(season_id, key):
    """The organiser replaces one of the season's links; the old one stops working at once."""
    who = _organiser(season_id, key)
    role = request.form.get("role")
    try:
        new_key = seasons.rotate(get_db(), who, role)
    except RuleError as error:
        return season_page(who, status_of(error), links_error=message(error))
    if role == "organiser":  # this very page's address just stopped working: move to the new one
        key = new_key
    return go_to(url_for("seasons.open", season_id=season_id, key=key, rotated=role))
