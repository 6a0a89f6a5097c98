"""Tournament pages: create, the organiser's page, the join page behind the QR code, the TV standings.

Everything works as plain forms and full pages; the standings page polls its live block with htmx
(`every 3s`, TV_POLL; one block rendered by jinja2-fragments) and falls back to a meta refresh without
JavaScript. Views stay thin: the service layer is `tournaments.py`, the rows shown are prepared here
so that templates compute nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, current_app, make_response, redirect, render_template, request, url_for
from flask_babel import format_datetime, gettext
from jinja2_fragments.flask import render_block

from ...formats import csvexport
from ...model import whole, whole_or_none
from ...model.confirmation import confirmation
from ...rules import N_
from ...rules.base import MAX_NAME, InvalidInput
from ...rules.torneo import WHIST_TORNEO
from ...service import clubs, evenings, games, seasons, tournaments
from ..assets.qr import qr_svg
from ..game.downloads import csv_download
from ..gate.errors import message, status_of
from ..gate.htmx import go_to, is_htmx
from ..gate.links import base_url
from ..gate.links import links as game_links
from ..gate.per_request import get_db
from ..phone import devices
from ..phone.devices import remember_game
from .club_matching import club_url
from .mixed import mixed
from .seating_view import seating_view
from .tournament_csv import response as csv_response

bp = Blueprint("tournaments", __name__)

SCHEME_OPTION = tournaments.SCHEME
GAMES = tournaments.GAMES  # the games a tournament may play (#23)


def remember(tournament_id: str, key: str, role: str, name: str) -> None:
    """The tournaments this phone created or opened, newest first (listed on the new-tournament page)."""
    devices.remember("tournament", tournament_id, key, role, name)


def page_url(endpoint: str, tournament_id: str, key: str, **extra) -> str:
    return base_url() + url_for(endpoint, tournament_id=tournament_id, key=key, **extra)


# -- what the pages show ----------------------------------------------------------------------
@dataclass
class ResultRow:
    place: int
    player: str
    total: int
    failed: int
    points: str


@dataclass
class TableRow:
    game_id: str
    table: str
    round: int
    players: str
    finished: bool
    played: int
    hands: int
    current_hand: int | None
    results: list
    scorer: str | None
    view: str
    unconfirmed: tuple[int, ...]  # the hands still to confirm by an opponent (#21)
    confirmed: list[int]  # the hands confirmed: the organiser may reopen one
    on_scorers_phone: list[int]  # those of them confirmed on the phone that holds the scorer's link (#33)


@dataclass
class StandingRow:
    place: int
    player: str
    points: str
    raw: int
    partite: int
    shared: bool
    projected: str | None = None  # "+6": what a partita in play would add if it ended now (#35)


def table_rows(t: tournaments.Tournament, who: tournaments.Access) -> list[TableRow]:
    rows = []
    for table in t.tables:
        state = table.state
        failed = state.failed_contracts
        keys = games.keys_of(get_db(), table.game_id)
        links = game_links(table.game_id, keys)
        results = [ResultRow(p.place, state.players[p.seat], p.total, failed[p.seat], mixed(p.table_points))
                   for p in table.places]
        marks = confirmation(table.game)
        rows.append(TableRow(table.game_id, table.table, table.round, ", ".join(state.players), table.finished,
                             table.hands_played, table.hands_total, state.current_hand, results,
                             links["scorer"] if who.sees_scorer(t, table) else None, links["view"],
                             marks.unconfirmed, sorted(marks.confirmed),
                             sorted(number for number, mark in marks.confirmed.items() if mark.on_scorers_phone)))
    return rows


def standing_rows(standings) -> list[StandingRow]:
    places = [s.place for s in standings]
    return [StandingRow(s.place, s.player, mixed(s.table_points), s.raw_points, s.partite, places.count(s.place) > 1,
                        None if s.projected is None else "+" + mixed(s.projected))
            for s in standings]


def context(t: tournaments.Tournament, who: tournaments.Access, **extra) -> dict:
    tables = table_rows(t, who)
    return dict(
        t=t, who=who, key=who.key, tables=tables, standings=standing_rows(t.standings),
        provisional=standing_rows(t.provisional),
        open_tables=[row for row in tables if not row.finished],
        finished=sum(1 for row in tables if row.finished), in_progress=sum(1 for row in tables if not row.finished),
        to_confirm=sum(len(row.unconfirmed) for row in tables),
        scheme_option=SCHEME_OPTION, max_name=MAX_NAME, players_range=WHIST_TORNEO.players,
        standings_url=url_for("tournaments.standings", tournament_id=t.id, key=who.key),
        stats_url=url_for("stats.tournament", tournament_id=t.id, key=who.key),
        over=seasons.evening_over(get_db(), t), **extra)


def _open(tournament_id: str, key: str):
    who = tournaments.authorize(get_db(), tournament_id, key)
    return who, tournaments.load(get_db(), tournament_id)


# -- create -----------------------------------------------------------------------------------
def _default_name() -> str:
    return gettext("Tournament of %(date)s", date=format_datetime(format="d MMMM yyyy"))


@bp.get("/tournaments/new")
def new():
    return render_template("tournament_new.html", form={}, errors={}, default_name=_default_name(),
                           scheme_option=SCHEME_OPTION, remembered=devices.listed("tournament"), games=GAMES)


@bp.post("/tournaments/new")
def create():
    form = request.form
    try:
        tournament_id, keys = tournaments.create(get_db(), form.get("name", ""), form.get("scheme") or None,
                                                 form.get("confirmation") == "on", form.get("variant") or None)
    except games.RuleError as error:
        return render_template("tournament_new.html", form=form, errors={error.field or "form": message(error)},
                               default_name=_default_name(), scheme_option=SCHEME_OPTION,
                               remembered=devices.listed("tournament"), games=GAMES), status_of(error)
    remember(tournament_id, keys["organiser"], "organiser", tournaments.check_name(form.get("name", "")))
    return redirect(url_for("tournaments.open", tournament_id=tournament_id, key=keys["organiser"]), 303)


# -- the page behind each key -----------------------------------------------------------------
@bp.get("/t/<tournament_id>/<key>", endpoint="open")
def open_page(tournament_id, key):
    """One address per key: the organiser's page, the join page (QR code), a player's own evening or the
    standings (view)."""
    who = tournaments.authorize(get_db(), tournament_id, key)
    if who.role == evenings.PLAYER:
        return player_page(who)
    t = tournaments.load(get_db(), tournament_id)
    if not is_htmx():
        remember(tournament_id, key, who.role, t.name)
    if who.role == "organiser":
        rotated = request.args.get("rotated") in tournaments.ROLES
        return organiser_page(who, t, notice=gettext("The old link no longer works. Share the new one.")
                              if rotated else None)
    if who.role == "join":
        return join_page(who, t)
    return standings_page(who, t)


def organiser_page(who, t, status: int = 200, form=None, errors=None, attach_form=None, attach_errors=None,
                   notice=None, seating_form=None, seating_errors=None):
    keys = tournaments.keys_of(get_db(), t.id)
    seating = seating_view(evenings.load(get_db(), t.id), t, keys["join"])
    join_link = page_url("tournaments.open", t.id, keys["join"])
    response = make_response(render_template(
        "tournament_organiser.html",
        **context(t, who, form=form or {}, errors=errors or {}, attach_form=attach_form or {},
                  attach_errors=attach_errors or {}, join_link=join_link, notice=notice, seating=seating,
                  seating_form=seating_form or {}, seating_errors=seating_errors or {},
                  join_qr=qr_svg(join_link, gettext("QR code: join the tournament %(name)s", name=t.name)),
                  view_link=page_url("tournaments.open", t.id, keys["view"]),
                  csv_link=url_for("tournaments.standings_csv", tournament_id=t.id, key=who.key),
                  games_csv_link=url_for("tournaments.games_csv", tournament_id=t.id, key=who.key))), status)
    response.headers["Cache-Control"] = "no-store"
    return response


@dataclass
class Stop:
    """One round of a player's evening: where they sit, and their seat's sheet once its partita started."""

    round: int
    table: str | None  # None: a round they do not play
    seat: int | None
    others: tuple[str, ...]
    seat_url: str | None = None
    to_confirm: int = 0  # the hands of their table waiting for a player's confirmation


@dataclass
class MyEvening:
    name: str
    withdrawn: bool
    now: Stop | None  # the round they play now (or next): None once their last partita is over
    after: Stop | None  # the round after it
    standing: StandingRow | None


def my_evening(t: tournaments.Tournament, evening: evenings.Evening, entrant: evenings.Entrant,
               standings: list[StandingRow]) -> MyEvening:
    """A player's evening from their own link (#35): the round they play now is the first whose partita is not
    over (or still has hands to confirm); its seat's sheet once the partita has started, for the bids and the
    one-tap confirmation; the round after; their line of the standings the TV shows."""
    partite = {(table.round, table.table.casefold()): table for table in t.tables}
    stops = [Stop(w.round, w.table, w.seat, w.others) for w in evenings.rounds_of(evening, entrant)]
    now = None
    for stop in stops:
        partita = partite.get((stop.round, stop.table.casefold())) if stop.table else None
        to_ask = confirmation(partita.game).to_ask if partita else ()
        if stop.table and (partita is None or not partita.finished or to_ask):
            now = stop
            if partita is not None and entrant.name in partita.players:
                seats = games.keys_of(get_db(), partita.game_id)["seats"]
                stop.seat_url = url_for("pages.sheet", game_id=partita.game_id,
                                        key=seats[partita.players.index(entrant.name)])
                stop.to_confirm = len(to_ask)
            break
    after = stops[now.round] if now and now.round < len(stops) else None
    mine = next((row for row in standings if row.player == entrant.name), None)
    return MyEvening(entrant.name, entrant.until_round is not None, now, after, mine)


def player_page(who, status: int = 200, error: str | None = None):
    """A player's own link of the evening (#35): where to sit now and next, a button to their seat's sheet, their
    place. It polls itself (htmx, ETag: a 304 while nothing changed) so that the button follows the player to
    the next round's partita; a meta refresh without JavaScript."""
    club_id = clubs.club_of_evening(get_db(), who.tournament_id)  # the evening in a club: their club page (#37)
    current = _etag(f"{tournaments.fingerprint(get_db(), who.tournament_id)}-{club_id or ''}")
    if error is None and request.if_none_match.contains(current):
        response = make_response("", 304)
        response.set_etag(current)
        return response
    t = tournaments.load(get_db(), who.tournament_id)
    evening = evenings.load(get_db(), t.id)
    entrant = next((e for e in evening.roster if e.number == who.player), None) if evening else None
    if entrant is None:
        abort(404)
    if not is_htmx() and error is None:  # a refused Start changes nothing, this phone's list neither
        remember(t.id, who.key, who.role, t.name)
    page = context(t, who)
    page["label"] = tv_label(t, page["over"], page["to_confirm"])
    page["me"] = my_evening(t, evening, entrant, standing_rows(t.apart or t.standings))
    page["page_url"] = url_for("tournaments.open", tournament_id=t.id, key=who.key)
    page["poll"] = current_app.config["PLAYER_POLL"]
    page["error"] = error
    page["club_url"] = club_url(club_id, who.key) if club_id else None
    response = make_response(render_block("tournament_player.html", "live", **page) if is_htmx()
                             else render_template("tournament_player.html", **page), status)
    response.headers["Cache-Control"] = "private, no-cache"
    response.headers["Vary"] = "HX-Request, Cookie"
    response.set_etag(current)
    return response


def own_link(tournament_id: str, evening: evenings.Evening, name: str) -> tuple[str | None, bool]:
    """For "Where do I sit?" answered with `name`: (the address of that player's own link when this phone holds
    it, whether another phone took it)."""
    link = evenings.links(get_db(), tournament_id).get(evening.entrant(name).number)
    if link is not None and devices.held("tournament", tournament_id, evenings.PLAYER) == link.key:
        return url_for("tournaments.open", tournament_id=tournament_id, key=link.key), False
    return None, bool(link and link.claimed)


def join_page(who, t, status: int = 200, form=None, errors=None, seating_errors=None):
    """Behind the room's QR code: where each player sits, every seated table's one-tap start (the table's own
    card opens it with that table chosen), and the form of a partita seated by hand."""
    evening = evenings.load(get_db(), t.id)
    seating = seating_view(evening, t, who.key)
    seating_errors = dict(seating_errors or {})
    chosen = seating.at(request.args.get("round", type=whole) or 0, request.args.get("table", "")) if seating else None
    player, where, own = request.args.get("player", "").strip(), None, (None, False)
    if evening is not None and player:
        try:
            where = evenings.whereabouts(evening, player)
            player = where.player or player
        except games.RuleError as error:
            status, seating_errors["player"] = status_of(error), message(error)
    if where and where.player:
        own = own_link(t.id, evening, where.player)
    response = make_response(render_template(
        "tournament_join.html", **context(t, who, form=form or {}, errors=errors or {}, seating=seating,
                                          seating_errors=seating_errors, chosen=chosen, player=player,
                                          where=where, own_url=own[0], own_taken=own[1])), status)
    response.headers["Cache-Control"] = "no-store"
    return response


TV_COLUMN = 6  # standings rows a TV column holds at least: 11 players in two columns leave room below (#21, #35)


def tv_columns(rows: list[StandingRow]) -> list[list[StandingRow]]:
    """The standings cut into up to three even columns, each a table with its own header: 44 players make
    three columns of 15, which a 1280×800 screen shows at once; a phone stacks them."""
    count = min(3, -(-len(rows) // TV_COLUMN)) or 1
    size, longer = divmod(len(rows), count)  # the first `longer` columns hold one row more
    starts = [i * size + min(i, longer) for i in range(count + 1)]
    return [rows[starts[i]:starts[i + 1]] for i in range(count)]


def tv_label(t: tournaments.Tournament, over: bool, to_confirm: int) -> str | None:
    """Which label the TV's standings carry on every frame (#35): provisional while the evening goes on, to confirm
    while hands wait for an opponent, final at the end; none before the first hand."""
    if not any(table.finished or table.hands_played for table in t.tables):
        return None
    if not over:
        return "provisional" if t.apart or not to_confirm else "to_confirm"
    return "to_confirm" if to_confirm else "final"


def next_seating(t: tournaments.Tournament):
    """Between rounds (every partita finished, the next round seated and none of its tables started): that round's
    tables and the room's QR code, for the TV (#35); None otherwise."""
    if not t.tables or not all(table.finished for table in t.tables):
        return None
    join = tournaments.keys_of(get_db(), t.id)["join"]
    seating = seating_view(evenings.load(get_db(), t.id), t, join)
    upcoming = seating and seating.next_round
    if not upcoming or any(table.game_id for table in upcoming.tables):
        return None
    link = page_url("tournaments.open", t.id, join)
    return dict(round=upcoming, link=link,
                qr=qr_svg(link, gettext("QR code: join the tournament %(name)s", name=t.name)))


def standings_page(who, t):
    """The TV page; for htmx polls only its live block. ETag: a 304 while nothing changed. While partite are in
    play the standings are the finished partite's, each player's in-play projection apart (#35)."""
    page = context(t, who)
    page["label"] = tv_label(t, page["over"], page["to_confirm"])
    page["apart"] = standing_rows(t.apart)
    page["columns"] = tv_columns(page["apart"] or page["standings"])
    page["next_seating"] = next_seating(t)
    page["poll"] = current_app.config["TV_POLL"]
    response = make_response(
        render_block("tournament_standings.html", "live", **page) if is_htmx()
        else render_template("tournament_standings.html", **page))
    response.headers["Cache-Control"] = "private, no-cache"  # revalidated by ETag at every poll (a view key only)
    response.headers["Vary"] = "HX-Request, Cookie"
    response.set_etag(_etag(t.fingerprint))
    return response


def _etag(fingerprint: str) -> str:
    return f"{fingerprint}-{'f' if is_htmx() else 'p'}-{request.cookies.get('lang', '')}"


@bp.get("/t/<tournament_id>/<key>/standings")
def standings(tournament_id, key):
    who = tournaments.authorize(get_db(), tournament_id, key)
    current = _etag(tournaments.fingerprint(get_db(), tournament_id))
    if request.if_none_match.contains(current):  # the TV already shows this: nothing to replay or render
        response = make_response("", 304)
        response.set_etag(current)
        return response
    return standings_page(who, tournaments.load(get_db(), tournament_id))


@bp.get("/t/<tournament_id>/<key>/standings.csv")
def standings_csv(tournament_id, key):
    _who, t = _open(tournament_id, key)
    return csv_response(t)


@bp.get("/t/<tournament_id>/<key>/games.csv")
def games_csv(tournament_id, key):
    """Every partita of the tournament in one CSV: the organiser's (its games' links are theirs to give)."""
    who, t = _open(tournament_id, key)
    if not who.may_manage():
        abort(404)
    return csv_download(csvexport.export_all(table.game for table in t.tables),
                              f"tournament-{t.id}-games.csv")


# -- adding partite ---------------------------------------------------------------------------
def _partita_fields(form) -> dict:
    players = [name for name in form.getlist("player") if name.strip()]
    first_dealer = form.get("first_dealer", type=lambda text: whole(text, 2))
    round_text = form.get("round", "").strip()
    number = whole_or_none(round_text)
    if number is None:
        number = round_text[:10] or None  # not a round number: the rules say so
    options = {"scheme": form["scheme"]} if form.get("scheme") else None
    return {"players": players, "options": options, "first_dealer": first_dealer,
            "table": form.get("table") or None, "number": number}


def _errors(error) -> dict:
    placed = ("players", "first_dealer", "table", "round", "options", "game_id")
    field = error.field if error.field in placed else "form"
    return {field: message(error)}


@bp.post("/t/<tournament_id>/<key>/games")
def add_game(tournament_id, key):
    """The organiser adds a partita: a new game for a table, or an existing one by its scorer link."""
    who = tournaments.authorize(get_db(), tournament_id, key)
    if not who.may_manage():
        abort(404)  # the organiser's page (every table's scorer link) answers the organiser alone (#17)
    form = request.form
    try:
        if form.get("link") is not None:
            parsed = tournaments.parse_game_link(form.get("link"))
            if parsed is None:
                raise InvalidInput(N_("Paste the scorer's link of the game (it looks like https://…/g/…/…)."),
                                   field="game_id")
            table = tournaments.attach_game(get_db(), who, *parsed, form.get("table") or None,
                                            _partita_fields(form)["number"])
        else:
            fields = _partita_fields(form)
            table, _keys = tournaments.add_new_game(get_db(), who, fields["players"], fields["options"],
                                                    fields["first_dealer"], fields["table"], fields["number"])
    except games.NotFound as error:
        if isinstance(error, tournaments.TournamentNotFound):
            raise
        t = tournaments.load(get_db(), tournament_id)
        return organiser_page(who, t, 404, attach_form=form, attach_errors={
            "game_id": gettext(error.message)})
    except games.RuleError as error:
        t = tournaments.load(get_db(), tournament_id)
        if form.get("link") is not None:
            return organiser_page(who, t, status_of(error), attach_form=form, attach_errors=_errors(error))
        return organiser_page(who, t, status_of(error), form=form, errors=_errors(error))
    return redirect(url_for("tournaments.open", tournament_id=tournament_id, key=key) + f"#game-{table.game_id}", 303)


@bp.post("/t/<tournament_id>/<key>/join")
def join(tournament_id, key):
    """A table's scorer (from the QR code) starts its partita and lands on the new game's score sheet."""
    who = tournaments.authorize(get_db(), tournament_id, key)
    form = request.form
    fields = _partita_fields(form)
    try:
        table, keys = tournaments.add_new_game(get_db(), who, fields["players"], fields["options"],
                                               fields["first_dealer"], fields["table"], fields["number"])
    except games.RuleError as error:
        t = tournaments.load(get_db(), tournament_id)
        return join_page(who, t, status_of(error), form=form, errors=_errors(error))
    remember_game(table.game_id, keys["scorer"], "scorer", table.state)
    return redirect(url_for("pages.sheet", game_id=table.game_id, key=keys["scorer"]), 303)


@bp.post("/t/<tournament_id>/<key>/games/<game_id>/remove")
def remove_game(tournament_id, key, game_id):
    who = tournaments.authorize(get_db(), tournament_id, key)
    if not who.may_manage():
        abort(404)  # as the organiser's other forms: a guest's link learns nothing here (#33)
    try:
        tournaments.remove_game(get_db(), who, game_id)
    except games.RuleError as error:
        abort(status_of(error))
    return redirect(url_for("tournaments.open", tournament_id=tournament_id, key=key), 303)


@bp.post("/t/<tournament_id>/<key>/games/<game_id>/hands/<int:number>/reopen")
def reopen_hand(tournament_id, key, game_id, number):
    """The organiser reopens a confirmed hand of a partita (#21), so that its table can correct it."""
    who = tournaments.authorize(get_db(), tournament_id, key)
    if not who.may_manage() or tournaments.tournament_of(get_db(), game_id) != tournament_id:
        abort(404)  # another tournament's game, or a guest's link: nothing to say about it
    try:
        games.reopen(get_db(), game_id, number, by="organiser")
    except games.RuleError as error:
        abort(status_of(error))
    return redirect(url_for("tournaments.open", tournament_id=tournament_id, key=key), 303)


@bp.post("/t/<tournament_id>/<key>/rotate")
def rotate(tournament_id, key):
    """The organiser replaces one of the tournament's links; the old one stops working at once."""
    who = tournaments.authorize(get_db(), tournament_id, key)
    if not who.may_manage():
        abort(404)  # as for the other organiser-only pages: a guest's link reveals no more than it must
    role = request.form.get("role")
    try:
        new_key = tournaments.rotate(get_db(), who, role)
    except games.RuleError as error:
        return organiser_page(who, tournaments.load(get_db(), tournament_id), status_of(error),
                              errors={"form": message(error)})
    if role == "organiser":  # this very page's address just stopped working: move to the new one
        remember(tournament_id, new_key, "organiser", tournaments.load(get_db(), tournament_id).name)
        key = new_key
    return go_to(url_for("tournaments.open", tournament_id=tournament_id, key=key, rotated=role))
