"""HTML pages: full pages without JavaScript, single fragments for htmx. Views stay thin."""
from __future__ import annotations

import secrets

from flask import Blueprint, abort, current_app, make_response, redirect, render_template, request, url_for
from flask_babel import gettext
from jinja2_fragments.flask import render_block

from ...families import family_of
from ...formats import archive, csvexport
from ...model import check_once, version, whole
from ...model.confirmation import confirmation
from ...rules import VARIANTS, RuleError, find_variant
from ...rules.base import MAX_NAME
from ...service import evenings, games, house_rules, tournaments
from ...store.turns import taking_turns
from ..assets.labels import FOLD_RULES_AFTER, chosen_options
from ..assets.qr import qr_svg
from ..gate.entries import REPLAYED, entering
from ..gate.errors import message, page_error, refusal_headers, status_of
from ..gate.guard import create_more, safe_next
from ..gate.htmx import go_to, is_htmx
from ..gate.links import base_url, links
from ..gate.per_request import LANGUAGES, get_db
from ..phone import devices, house_rules_form
from ..phone.home import home_games
from . import sheet_common as sheet_view
from . import sheet_parts
from .confirm_view import confirm_panel
from .downloads import csv_download, game_csv

bp = Blueprint("pages", __name__)


# -- home and language ------------------------------------------------------------------------
@bp.get("/")
def home(status: int = 200, import_error: str | None = None):
    imported = request.args.get("imported", type=whole) if status == 200 else None  # after a file of many games
    return render_template("home.html", games=home_games(), tournaments=devices.listed("tournament"),
                           clubs=devices.listed("club"),
                           **house_rules_form.listed(), next_page=url_for("pages.home"),
                           import_error=import_error, import_once=secrets.token_urlsafe(18), imported=imported), status


@bp.get("/games.csv")
def export_all():
    """Every game on this phone's list in one CSV (those whose link still opens them), newest first."""
    return csv_download(csvexport.export_all(phone_games()), "segnapunti-games.csv")


def phone_games():
    for entry in devices.opening("game"):
        yield games.load(get_db(), entry.id)


@bp.post("/import")
def import_game():
    """The games of a CSV file this app exported: on this phone's list as their scorer, in the file's order;
    one game's sheet opened, or the list with how many came in. Each game counts as a creation."""
    upload = request.files.get("file")
    try:  # the form's key: sent twice (a double tap, a retry after the Wi-Fi dropped), it imports once
        once = check_once(request.form.get("once"))
        made, _ = archive.import_csv(get_db(), upload.stream if upload else b"", once, allow=create_more)
    except RuleError as error:  # a file refused at its line (CsvRefused), too many games, or a mangled key
        page, status = home(status_of(error), message(error))
        return page, status, refusal_headers(error)
    devices.remember_all("game", [(loaded.id, keys["scorer"], "scorer", devices.list_label(loaded.state))
                                  for loaded, keys in reversed(made)])  # on top: the file's first
    if len(made) == 1:
        loaded, keys = made[0]
        return redirect(url_for("pages.sheet", game_id=loaded.id, key=keys["scorer"]), 303)
    return redirect(url_for("pages.home", imported=len(made)), 303)


@bp.post("/forget/<kind>/<item_id>")
def forget(kind, item_id):
    """Take a game or tournament off this phone's list (it stays reachable by its links)."""
    if kind not in devices.KINDS:
        abort(404)
    devices.forget(kind, item_id)
    return redirect(url_for("pages.home"), 303)


@bp.get("/lang/<code>")
def language(code):
    if code not in LANGUAGES:
        abort(404)
    response = redirect(safe_next(request.args.get("next", "")), 303)
    response.set_cookie("lang", code, max_age=365 * 24 * 3600, samesite="Lax")
    return response


# -- new game --------------------------------------------------------------------------------
@bp.get("/new")
def new_game():
    """The choice of game (with this phone's saved rules, each one tap from a new game), then its form; a saved
    set (`?rules=<id>`) opens on the form as it was saved, to change it."""
    variant_id, set_id = request.args.get("variant"), request.args.get("rules")
    if set_id is not None:
        variant, form, chosen = house_rules_form.prefilled(set_id)
        return _new_form(variant, form, chosen, opened=form["rules_name"])
    if variant_id is None:
        return render_template("new.html", variants=VARIANTS.values(), variant=None,
                               **house_rules_form.listed(), next_page=url_for("pages.new_game"))
    try:
        variant = find_variant(variant_id)
    except RuleError:
        abort(404)
    return _new_form(variant, {}, {option.name: option.default for option in variant.options})


def _new_form(variant, form, chosen: dict, errors: dict | None = None, taken: str | None = None,
              opened: str | None = None, status: int = 200):
    """The new-game form of `variant`: `form` as typed, `chosen` the options as set; `taken`, a saved set's name
    in use on this phone, which the form asks to confirm replacing; `opened`, the name of the saved set it shows."""
    return render_template("new.html", variants=VARIANTS.values(), variant=variant, form=form, errors=errors or {},
                           max_name=MAX_NAME, chosen=chosen, recent=devices.recent_names(), partners=partners(variant),
                           taken=taken, opened=opened), status


def partners(variant) -> list[list[int]] | None:
    """Who plays with whom, by their numbers on the form (1 and 3, 2 and 4), in a game of fixed sides."""
    sides = getattr(variant, "sides", None)  # only the partnership games have sides
    return [[seat + 1 for seat in side] for side in sides] if sides else None


@bp.post("/new")
def create_game():
    form = request.form
    try:
        variant = find_variant(form.get("variant"))
    except RuleError:
        abort(400)
    typed = form.getlist("player")
    players = [name for name in typed if name.strip()]
    dealer, ticked = form.get("first_dealer", "draw"), form.get("first_dealer", type=whole)
    first_dealer = None  # "draw": the app draws
    if ticked is not None and ticked < len(typed) and typed[ticked].strip():
        first_dealer = sum(1 for name in typed[:ticked] if name.strip())  # blank rows are skipped
    elif dealer != "draw":
        first_dealer = -1  # the ticked dealer has no name: refused by the rules with a clear message
    options = {option.name: option.from_form(form.get(f"option-{option.name}")) for option in variant.options
               if f"option-{option.name}" in form or option.kind == "yesno"}  # an unticked box is not sent
    chosen = {option.name: options.get(option.name, option.default) for option in variant.options}
    # The form draws every rule, so it sends those that mean nothing with the others chosen too: left out (#34).
    options = {option.name: options[option.name] for option in variant.options
               if option.name in options and option.matters(chosen)}
    try:  # the rules saved as "Save these rules as…" says, in the game's own transaction (#23)
        loaded, keys = games.create(get_db(), variant.id, players, first_dealer, options,
                                    also=house_rules_form.saving_from(form),
                                    confirmation=form.get("confirmation") == "on")
    except house_rules.NameTaken as taken:  # nothing was created: the form asks first
        return _new_form(variant, form, chosen, taken=taken.name, status=409)
    except RuleError as error:
        return _new_form(variant, form, chosen, errors={error.field or "form": message(error)}, status=422)
    devices.remember_game(loaded.id, keys["scorer"], "scorer", loaded.state)
    return redirect(url_for("pages.sheet", game_id=loaded.id, key=keys["scorer"]), 303)


# -- the score sheet --------------------------------------------------------------------------
def _open(game_id: str, key: str):
    who = games.authorize(get_db(), game_id, key)
    return who, games.load(get_db(), game_id)


def render_sheet(who, loaded, status: int = 200, error: str | None = None, view=None, edit=None,
                 form=None, error_field: str | None = None, page: sheet_parts.Behind | None = None):
    """The sheet page, or just its live block for htmx requests; the family draws its own parts. A live refresh
    of a `page` that can apply parts gets only what changed since the version it shows (`sheet_parts`)."""
    family = family_of(loaded.state.variant)
    seen = games.visibility(loaded, who)
    parts = family.sheet(loaded, who, seen, view or {})
    chart = parts.pop("chart") if "chart" in parts else sheet_view.chart(loaded)  # a family may draw none
    changes = sheet_view.changes(loaded, seen)
    tournament_id = tournaments.tournament_of(get_db(), loaded.id)  # its partita's tournament, looked up once
    context = dict(
        game=loaded, state=loaded.state, who=who, family=family.id,
        rules_url=url_for("docs.page", name=family.rules_page(loaded.state.variant)),
        house_rules=(rules := chosen_options(loaded.state.variant, loaded.state.options)),
        fold_rules=len(rules) > FOLD_RULES_AFTER, undo_next=changes.undo_next,
        rule_warnings=[gettext(text) for text in family.warnings(loaded.state.variant, loaded.state.options)],
        undone=changes.undone if error is None else None, corrected=changes.corrected if error is None else None,
        **parts,
        error=error, error_at=family.error_place(error_field, parts, edit, who),
        edit=edit, form=form or {},
        standings=loaded.state.standings if loaded.state.finished else None,
        chart=chart, places=sheet_view.places(loaded),
        tournament_url=_tournament_url(tournament_id), evening_url=_evening_url(who, tournament_id),
        key=who.key, base=url_for("pages.sheet", game_id=loaded.id, key=who.key),
        confirming=confirm_panel(loaded, who), live_block=is_htmx(), hand_version=sheet_view.hand_version(loaded),
        view_url=request.full_path.rstrip("?") if request.method == "GET" else
        url_for("pages.sheet", game_id=loaded.id, key=who.key),
    )
    if is_htmx():
        html, headers = sheet_parts.answer(loaded, page, context,
                                           whole=lambda: taking_turns_rendered("sheet.html", "sheet", **context))
    else:
        html, headers = taking_turns_rendered("sheet.html", **context), {}
    response = make_response(html, status)
    response.headers.update(headers)
    response.headers["Cache-Control"] = "no-store"
    return response


RENDER_EVERY = 2000  # pieces of a template between turns: a few milliseconds


def taking_turns_rendered(name: str, block: str | None = None, **context) -> str:
    """A page (or one block of it, for htmx), rendered with a turn for the other requests of the worker every
    `RENDER_EVERY` pieces: the sheet of a game of thousands of deals takes a few hundred milliseconds to draw,
    which under gevent would be taken from every other request and stream of the worker (`turns`)."""
    app = current_app._get_current_object()
    app.update_template_context(context)
    template = app.jinja_env.get_template(name)
    if block is None:
        pieces = template.generate(context)
    else:
        pieces = template.blocks[block](template.new_context(context))
    return "".join(taking_turns(pieces, RENDER_EVERY))


@bp.get("/g/<game_id>/<key>")
def sheet(game_id, key):
    try:
        who, loaded = _open(game_id, key)
    except games.NotFound:
        # This phone handed the scoring over (#35): the page says so. A live refresh gets the 404 that makes the
        # sheet load whole (static/live.js), which then says it.
        if not is_htmx() and games.handed_over(get_db(), game_id, key):
            return page_error(410, gettext("Scoring was handed over to another phone: this phone no longer keeps "
                                           "this sheet. Ask the table for its QR code to follow it."))
        raise
    if not is_htmx():  # a live refresh is no reason to write
        devices.remember_game(game_id, key, who.role, loaded.state)
    elif request.headers.get("X-Sheet-Version") == str(loaded.version):
        # a poll while the stream is down, and nothing changed: the sheet on screen is this one (a view
        # is drawn from the game's version, the link and the address alone), so nothing is sent
        response = make_response("", 204)
        response.headers["Cache-Control"] = "no-store"
        return response
    return render_sheet(who, loaded, view=request.args, page=sheet_parts.behind(request.headers))


@bp.get("/g/<game_id>/<key>/chart")
def chart(game_id, key):
    """The running-totals chart alone, which a sheet swapped in by htmx fetches when it comes into view (#22)."""
    _, loaded = _open(game_id, key)
    drawing = sheet_view.chart(loaded)
    response = make_response(render_template("_chart.html", chart=drawing) if drawing else "")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/g/<game_id>/<key>/export.csv")
def export_csv(game_id, key):
    """The game as CSV, one tap from every sheet (any link of the game; unscored hands are never in it)."""
    _, loaded = _open(game_id, key)
    return game_csv(loaded)


@bp.get("/g/<game_id>/<key>/hands/<int:number>")
def edit_hand(game_id, key, number):
    who, loaded = _open(game_id, key)
    if who.role != "scorer" or not 1 <= number <= len(loaded.state.hands):
        abort(404)
    # A correction being made in steps (Piquet's strip, tapped again) carries what was changed in the address.
    return render_sheet(who, loaded, edit=_edit_form(who, loaded, number, request.args or None))


def _edit_form(who, loaded, number: int, form=None):
    family = family_of(loaded.state.variant)
    return family.edit_form(loaded, number, games.visibility(loaded, who), form)


def _tournament_url(tournament_id: str | None) -> str | None:
    """The standings of the tournament this game is a partita of (through its view link)."""
    if tournament_id is None:
        return None
    key = tournaments.keys_of(get_db(), tournament_id).get("view")
    return url_for("tournaments.standings", tournament_id=tournament_id, key=key) if key else None


def _evening_url(who, tournament_id: str | None) -> str | None:
    """A seat's (or the table's scorer's) sheet on a phone that holds a player's own link of the evening: "My
    evening", back to it (#35). The seat link itself stays as it is, for every other use."""
    held = tournament_id if who.role in ("seat", "scorer") else None
    key = held and devices.held("tournament", held, evenings.PLAYER)
    return url_for("tournaments.open", tournament_id=held, key=key) if key else None


def _after_change(who, loaded):
    if is_htmx():
        return render_sheet(who, loaded)
    return redirect(url_for("pages.sheet", game_id=loaded.id, key=who.key), 303)


@bp.errorhandler(games.AlreadyApplied)
def already_applied(done):
    """An entry the outbox sent again (#22): applied once; the sheet as it is now, saying so."""
    response = make_response(_after_change(done.access, done.loaded))
    response.headers.update(REPLAYED)
    return response


def _refused(who, error: RuleError, **context):
    loaded = games.load(get_db(), who.game_id)
    return render_sheet(who, loaded, status=status_of(error), error=message(error), error_field=error.field, **context)


@bp.post("/g/<game_id>/<key>/bid")
def bid(game_id, key):
    who = entering(games.authorize(get_db(), game_id, key))
    form = request.form
    event = family_of(games.variant_of(get_db(), game_id)).bid_event(form)
    try:
        loaded = games.change(get_db(), who, event, hand_seen=form.get("version", type=version))
    except RuleError as error:
        return _refused(who, error, view={"seat": form.get("seat", "")})
    return _after_change(who, loaded)


@bp.post("/g/<game_id>/<key>/hands/<int:number>")
def save_hand(game_id, key, number):
    """The family's hand form (entry, turned card or correction) → one `hand` event."""
    who, loaded = _open(game_id, key)
    who = entering(who)
    form = request.form
    event = {"type": "hand", "hand": number,
             **family_of(loaded.state.variant).hand_event(form, loaded.state, number)}
    try:
        loaded = games.change(get_db(), who, event, hand_seen=form.get("version", type=version))
    except RuleError as error:
        correcting = form.get("correction") and who.role == "scorer" and 1 <= number <= len(loaded.state.hands)
        edit = _edit_form(who, loaded, number, form) if correcting else None  # not for a hand not yet dealt
        return _refused(who, error, edit=edit, form=form, view=None if edit else form)  # the entry keeps what was sent
    return _after_change(who, loaded)


@bp.post("/g/<game_id>/<key>/end")
def end(game_id, key):
    """The players stop a game of open length here (Solo Whist)."""
    who = entering(games.authorize(get_db(), game_id, key))
    try:
        loaded = games.change(get_db(), who, {"type": "end"})
    except RuleError as error:
        return _refused(who, error)
    return _after_change(who, loaded)


@bp.post("/g/<game_id>/<key>/rematch")
def rematch(game_id, key):
    """A finished game's players start again: same game and house rules, the next player deals first."""
    who, loaded = _open(game_id, key)
    state = loaded.state
    if who.role != "scorer" or not state.finished:
        abort(404)
    new, keys = games.create(get_db(), state.variant.id, list(state.players),
                             (state.first_dealer + 1) % len(state.players), dict(state.options),
                             confirmation=confirmation(loaded).on)
    devices.remember_game(new.id, keys["scorer"], "scorer", new.state)
    return redirect(url_for("pages.sheet", game_id=new.id, key=keys["scorer"]), 303)


@bp.post("/g/<game_id>/<key>/undo")
def undo(game_id, key):
    who = entering(games.authorize(get_db(), game_id, key))
    try:  # the form carries the version it was drawn at: a second tap, or a queued one, undoes nothing more
        drawn_at = request.form.get("version")
        loaded = games.undo(get_db(), who, versions=None if drawn_at is None else {drawn_at.strip()})
    except RuleError as error:
        return _refused(who, error)
    return _after_change(who, loaded)


# -- the opponents confirm (#21) ---------------------------------------------------------------------------
@bp.post("/g/<game_id>/<key>/hands/<int:number>/confirm")
def confirm(game_id, key, number):
    """One tap on a player's own phone: the hand as the page showed it (its `version`) is confirmed."""
    who = entering(games.authorize(get_db(), game_id, key))
    try:
        loaded = games.confirm(get_db(), who, number, request.form.get("version", type=version) or 0,
                               on_scorers_phone=devices.holds_scorer_link(game_id))
    except RuleError as error:
        return _refused(who, error)
    return _after_change(who, loaded)


@bp.post("/g/<game_id>/<key>/hands/<int:number>/confirm-for")
def confirm_for(game_id, key, number):
    """The table's phone passed to a player (#35): "Bruno confirms" on the scorer's sheet, recorded as Bruno's
    confirmation made on the scorer's phone."""
    who = entering(games.authorize(get_db(), game_id, key))
    form = request.form
    try:
        loaded = games.confirm_for(get_db(), who, form.get("seat", type=whole), number,
                                   form.get("version", type=version) or 0)
    except RuleError as error:
        return _refused(who, error)
    return _after_change(who, loaded)


@bp.post("/g/<game_id>/<key>/hands/<int:number>/reopen")
def reopen(game_id, key, number):
    """A player reopens a confirmed hand so that the scorer can correct it."""
    who = entering(games.authorize(get_db(), game_id, key))
    try:
        loaded = games.reopen(get_db(), game_id, number, by=who)
    except RuleError as error:
        return _refused(who, error)
    return _after_change(who, loaded)


# -- sharing: QR codes, rotating links, history -------------------------------------------------
def _share(who, loaded, status: int = 200, notice: str | None = None, handover: str | None = None):
    """The Share panel: one QR code per link (table, each seat, scorer), each with a rotate button."""
    if who.role != "scorer":
        abort(404)
    addresses = links(loaded.id, games.keys_of(get_db(), loaded.id))
    cards = [("view", None, gettext("Table (view only)"), addresses["view"])]
    cards += [("seat", seat, loaded.state.players[seat], address) for seat, address in enumerate(addresses["seats"])]
    cards.append(("scorer", None, gettext("Scorer (hand over the sheet)"), addresses["scorer"]))
    context = dict(cards=cards, qr_svg=qr_svg, base=url_for("pages.sheet", game_id=loaded.id, key=who.key),
                   notice=notice, state=loaded.state, who=who, game=loaded,
                   seat_link=family_of(loaded.state.variant).seat_link, handover=handover)
    template = "share.html"
    if is_htmx():
        return make_response(render_block(template, "share", **context), status)
    return make_response(render_template(template, **context), status)


@bp.get("/g/<game_id>/<key>/share")
def share(game_id, key):
    who, loaded = _open(game_id, key)
    return _share(who, loaded)


@bp.post("/g/<game_id>/<key>/rotate")
def rotate(game_id, key):
    who, loaded = _open(game_id, key)
    if who.role != "scorer":
        abort(404)
    role, seat = request.form.get("role"), request.form.get("seat", type=whole)
    new_key = games.rotate(get_db(), who, role, seat)
    if role == "scorer":  # this very page's link just stopped working: move to the new one, kept on this phone
        devices.remember_game(game_id, new_key, "scorer", loaded.state)
        return go_to(url_for("pages.share", game_id=game_id, key=new_key))
    return _share(who, loaded, notice=gettext("The old link no longer works. Share the new code."))


@bp.post("/g/<game_id>/<key>/handover")
def hand_over(game_id, key):
    """"Hand over scoring to another phone" (#35): the share panel with a one-time link (and its QR code) that gives
    the scoring to the phone that opens it; this phone's link then stops."""
    who, loaded = _open(game_id, key)
    if who.role != "scorer":
        abort(404)
    token = games.hand_over(get_db(), who)
    return _share(who, loaded, handover=base_url() + url_for("pages.take_over", game_id=game_id, token=token))


@bp.route("/g/<game_id>/take/<token>", methods=["GET", "POST"])
def take_over(game_id, token):
    """The handover link opened on the other phone: a page that asks (a link previewed or opened by mistake takes
    nothing), then one tap takes the scoring: this phone gets the new scorer link, the old phone's stops."""
    db = get_db()
    if request.method == "GET":
        if not games.handover_open(db, game_id, token):
            raise games.HandoverGone()
        loaded = games.load(db, game_id)
        response = make_response(render_template("take_over.html", state=loaded.state,
                                                 label=devices.list_label(loaded.state)))
        response.headers["Cache-Control"] = "no-store"
        return response
    key = games.take_over(db, game_id, token)
    loaded = games.load(db, game_id)
    devices.remember_game(game_id, key, "scorer", loaded.state)
    return redirect(url_for("pages.sheet", game_id=game_id, key=key), 303)


@bp.get("/g/<game_id>/<key>/hands/<int:number>/history")
def history(game_id, key, number):
    """Who recorded what in one hand, in order (sealed bids stay hidden until the reveal)."""
    who, loaded = _open(game_id, key)
    if not 1 <= number <= len(loaded.state.hands):
        abort(404)
    return render_template("history.html", game=loaded, state=loaded.state, who=who, number=number,
                           entries=sheet_view.history(loaded, number, who, games.visibility(loaded, who)),
                           base=url_for("pages.sheet", game_id=game_id, key=key))
