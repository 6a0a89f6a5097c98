"""The club evening's pages (#21): the organiser seats the roster, withdraws, re-admits and swaps players, and
prints every table's card; a table's scorer starts its seated partita in one tap from the card's QR code.

Plain forms: each answers with a redirect to the organiser's page (or the new partita's sheet), or the page
again with the refusal beside its form and nothing changed. "Where do I sit?" is on the join page
(`tournament_pages.join_page`), behind the room's QR code.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_babel import gettext

from ...model import whole, whole_or_none
from ...service import evenings, games, tournaments
from ...store.turns import taking_turns
from ..assets.qr import qr_svg
from ..gate.errors import message, status_of
from ..gate.per_request import get_db
from ..phone import devices
from ..phone.devices import remember_game
from .seating_view import seating_view
from .tournament_pages import join_page, organiser_page, page_url, player_page, remember

QR_PER_TURN = 4  # table cards drawn between turns: a QR code is ~8 ms of work, 120 of them a second (#33)

bp = Blueprint("evenings", __name__)


def _number(form, name: str):
    """A round's number from a form: a whole number, else the text itself, for the rules to refuse by name."""
    text = form.get(name, "").strip()
    number = whole_or_none(text)
    return text[:10] if number is None else number


def _organiser(tournament_id: str, key: str) -> tournaments.Access:
    who = tournaments.authorize(get_db(), tournament_id, key)
    if not who.may_manage():
        abort(404)  # as the organiser's other pages: another link learns nothing here
    return who


def _changed(tournament_id: str, key: str, change, form_name: str):
    """Run `change(who, form)`; back to the organiser's seating, or the page with the refusal by its form."""
    who = _organiser(tournament_id, key)
    try:
        change(who, request.form)
    except games.RuleError as error:
        return organiser_page(who, tournaments.load(get_db(), tournament_id), status_of(error),
                              seating_form=request.form, seating_errors={form_name: message(error)})
    return redirect(url_for("tournaments.open", tournament_id=tournament_id, key=key) + "#seating", 303)


@bp.post("/t/<tournament_id>/<key>/seating")
def seat(tournament_id, key):
    def seat(who, form):
        names = [line for line in form.get("players", "").splitlines() if line.strip()]
        evenings.seat(get_db(), who, names, _number(form, "rounds"), form.get("odd_tables"))
    return _changed(tournament_id, key, seat, "roster")


@bp.post("/t/<tournament_id>/<key>/seating/withdraw")
def withdraw(tournament_id, key):
    return _changed(tournament_id, key, lambda who, form: evenings.withdraw(get_db(), who, form.get("player", "")),
                    "withdraw")


@bp.post("/t/<tournament_id>/<key>/seating/arrive")
def arrive(tournament_id, key):
    return _changed(tournament_id, key, lambda who, form: evenings.arrive(get_db(), who, form.get("player", "")),
                    "arrive")


@bp.post("/t/<tournament_id>/<key>/seating/swap")
def swap(tournament_id, key):
    def swap(who, form):
        evenings.swap(get_db(), who, _number(form, "round"), form.get("first", ""),
                      form.get("second", ""))
    return _changed(tournament_id, key, swap, "swap")


@bp.get("/t/<tournament_id>/<key>/seating/cards")
def cards(tournament_id, key):
    """Every table's card for the rounds asked (all by default): to print, or to show on the organiser's
    phone; its QR code opens the table's partita, players already in their seats."""
    who = _organiser(tournament_id, key)
    t = tournaments.load(get_db(), tournament_id)
    view = seating_view(evenings.load(get_db(), tournament_id), t, tournaments.keys_of(get_db(), t.id)["join"])
    if view is None:
        abort(404)
    wanted = request.args.get("round", type=whole)
    rounds = [r for r in view.plan if wanted in (None, r.round)]
    tables = [table for round_ in rounds for table in round_.tables]
    qr = {(table.round, table.table): qr_svg(table.card, gettext("QR code: round %(round)s, table %(table)s",
                                                                 round=table.round, table=table.table))
          for table in taking_turns(tables, every=QR_PER_TURN)}
    response = make_response(render_template("tournament_cards.html", t=t, key=who.key, rounds=rounds, qr=qr))
    response.headers["Cache-Control"] = "no-store"  # the cards carry the tables' link
    return response


@bp.post("/t/<tournament_id>/<key>/seating/start")
def start(tournament_id, key):
    """The table's card, one tap: its partita with the seated players, the starter keeping the score; or the one
    already started there (for the room's code, its view: a second phone follows the table, #33)."""
    who = tournaments.authorize(get_db(), tournament_id, key)
    if not (who.may_add() or who.role == evenings.PLAYER):  # a player's own link: its own table (#35)
        abort(404)
    form = request.form
    try:
        table, keys = evenings.start_table(get_db(), who, _number(form, "round"),
                                           form.get("table", ""))
    except games.RuleError as error:
        if who.role == evenings.PLAYER:
            return player_page(who, status_of(error), message(error))
        page = organiser_page if who.may_manage() else join_page
        return page(who, tournaments.load(get_db(), tournament_id), status_of(error),
                    seating_errors={"start": message(error)})
    if "scorer" not in keys and who.role == evenings.PLAYER:  # started meanwhile: their page leads to their seat
        return redirect(url_for("tournaments.open", tournament_id=tournament_id, key=key), 303)
    if "scorer" not in keys:  # the room's code on a table started already: its view (#33)
        return redirect(url_for("pages.sheet", game_id=table.game_id, key=keys["view"]), 303)
    remember_game(table.game_id, keys["scorer"], "scorer", table.state)
    return redirect(url_for("pages.sheet", game_id=table.game_id, key=keys["scorer"]), 303)


# -- each player's own link (#35) --------------------------------------------------------------------------------
@bp.post("/t/<tournament_id>/<key>/seating/mine")
def claim(tournament_id, key):
    """"Where do I sit?" → the player's own link, once: the first phone to ask keeps it (its list) and lands on
    it; any later ask goes back to the answer, which opens it on the phone that holds it and elsewhere says it
    was taken (the organiser gives a new one)."""
    who = tournaments.authorize(get_db(), tournament_id, key)
    if who.role != "join":
        abort(404)  # the organiser hands the links from its own page; the others have nothing to claim
    try:
        entrant, link = evenings.claim(get_db(), who, request.form.get("player", ""))
    except games.RuleError as error:
        return join_page(who, tournaments.load(get_db(), tournament_id), status_of(error),
                         seating_errors={"player": message(error)})
    if link is None:
        return redirect(url_for("tournaments.open", tournament_id=tournament_id, key=key, player=entrant.name,
                                _anchor="where"), 303)
    remember(tournament_id, link, evenings.PLAYER, tournaments.load(get_db(), tournament_id).name)
    return redirect(url_for("tournaments.open", tournament_id=tournament_id, key=link), 303)


@dataclass
class PlayerLink:
    number: int
    name: str
    present: bool
    link: str | None
    claimed: bool


@bp.get("/t/<tournament_id>/<key>/seating/links")
def links(tournament_id, key):
    """Every player's own link with its QR code, for the organiser to show or print (a player whose link another
    phone took gets a new one here: "New link")."""
    return links_page(_organiser(tournament_id, key))


def links_page(who, status: int = 200, error: str | None = None):
    """The players' links page; after a refused "New link", with why (in the player's words) and its status."""
    t = tournaments.load(get_db(), who.tournament_id)
    evening = evenings.load(get_db(), who.tournament_id)
    if evening is None:
        abort(404)
    held = evenings.links(get_db(), who.tournament_id)
    rows = [PlayerLink(e.number, e.name, e.until_round is None,
                       page_url("tournaments.open", t.id, held[e.number].key) if e.number in held else None,
                       e.number in held and held[e.number].claimed) for e in evening.roster]
    qr = {row.number: qr_svg(row.link, gettext("QR code: the evening of %(name)s", name=row.name))
          for row in taking_turns(rows, every=QR_PER_TURN) if row.link}
    response = make_response(render_template("tournament_links.html", t=t, key=who.key, rows=rows, qr=qr,
                                             error=error), status)
    response.headers["Cache-Control"] = "no-store"  # the players' links
    return response


@bp.post("/t/<tournament_id>/<key>/seating/links")
def replace_link(tournament_id, key):
    """The organiser gives a player a new own link; the old one stops working at once."""
    who = _organiser(tournament_id, key)
    try:
        entrant, _link = evenings.replace_link(get_db(), who, request.form.get("player", ""))
    except games.RuleError as error:
        return links_page(who, status_of(error), message(error))
    return redirect(url_for("evenings.links", tournament_id=tournament_id, key=key,
                            _anchor=f"player-{entrant.number}"), 303)


@bp.post("/t/<tournament_id>/<key>/seating/claim")
def claim_seat(tournament_id, key):
    """"I am Bruno" on a started table's card (#35): this phone takes that seat, once, and opens its sheet as that
    player; refused (the card again, saying why) when another phone took it."""
    who = tournaments.authorize(get_db(), tournament_id, key)
    if not who.may_add():
        abort(404)
    form = request.form
    try:
        table, seat_key = evenings.claim_seat(get_db(), who, _number(form, "round"), form.get("table", ""),
                                              _number(form, "seat"), devices.device(create=True))
    except games.RuleError as error:
        return join_page(who, tournaments.load(get_db(), tournament_id), status_of(error),
                         seating_errors={"claim": message(error)})
    remember_game(table.game_id, seat_key, "seat", table.state)
    return redirect(url_for("pages.sheet", game_id=table.game_id, key=seat_key), 303)
