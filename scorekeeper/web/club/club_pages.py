"""A club's own pages (#37): create a club, its page (the ladder of one family and season, the roster, and for the
organiser the forms that keep the roster and the links) and the ladder on a TV. Plain forms, 303 after each POST;
the service is `service/clubs.py`. A player's own link opens their own page (`club_player.py`), never this one."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import partial

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_babel import format_date, gettext
from jinja2_fragments.flask import render_block

from ...rules.base import RuleError
from ...rules.club import MAX_CLUB_NAME, MAX_NICKNAME, ROLES
from ...service import clubs
from ...store import db as store
from ..assets.labels import member_name, rated_family
from ..assets.qr import qr_svg
from ..gate.errors import message, status_of
from ..gate.htmx import go_to, is_htmx
from ..gate.links import base_url
from ..gate.per_request import get_db
from ..phone import devices
from .club_matching import games_panel

bp = Blueprint("clubs", __name__)

TV_RUNGS = 12  # the rungs a TV shows: readable across the room at 1280×720
TV_REFRESH = 30  # seconds between the TV's reloads
MINUS = "\u2212"


# -- what the pages show ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RungRow:
    place: int
    shared: bool  # level with the rung above or below
    name: str
    url: str  # the player's page
    rating: int
    games: int
    provisional: bool
    move: str  # "+23", "−15", "" when they did not play on the latest day
    top: bool  # moved most up on the latest day


@dataclass(frozen=True)
class Choice:
    """A link to another ladder (a family, a season); `current` when it is the one shown."""

    label: str
    url: str
    current: bool


@dataclass(frozen=True)
class RosterRow:
    number: int
    name: str
    hidden: bool
    url: str  # the player's page


def player_url(who: clubs.Access, number: int) -> str:
    return url_for("club_player.page", club_id=who.club_id, key=who.key, number=number)


def signed(move: int) -> str:
    return f"+{move}" if move > 0 else f"{MINUS}{-move}" if move < 0 else "0"


def rung_rows(who: clubs.Access, ladder: clubs.Ladder, limit: int | None = None) -> list[RungRow]:
    """The ladder's lines, the one (or those) who moved most up on the latest day marked."""
    best = max((r.moved for r in ladder.rungs if r.moved), default=0)
    places = [r.place for r in ladder.rungs]
    return [RungRow(r.place, places.count(r.place) > 1, member_name(r.member), player_url(who, r.member.number),
                    r.rating.shown, r.rating.games, r.rating.provisional, "" if r.moved is None else signed(r.moved),
                    best > 0 and r.moved == best) for r in ladder.rungs[:limit]]


def day_name(day: str | None) -> str:
    """The latest day of play as words: "27 November"."""
    return format_date(date.fromisoformat(day), "d MMMM") if day else ""


def choices(who: clubs.Access, ladder: clubs.Ladder, endpoint: str) -> tuple[list[Choice], list[Choice]]:
    """Links to the ladder of each family with ratings (this season), and of each season (this family)."""
    def url(family, season):
        return url_for(endpoint, club_id=who.club_id, key=who.key, family=family, season=season)
    families = [Choice(rated_family(f), url(f, ladder.season), f == ladder.family) for f in ladder.families]
    seasons = [Choice(gettext("All time"), url(ladder.family or None, None), ladder.season is None)]
    seasons += [Choice(year, url(ladder.family or None, year), year == ladder.season) for year in ladder.seasons]
    return families, seasons


def asked_ladder(who: clubs.Access) -> clubs.Ladder:
    """The ladder of the family and season the address asks (the club's main family, all time, when it asks
    none or one it does not have)."""
    family, season = request.args.get("family"), request.args.get("season")
    return clubs.ladder(get_db(), who.club_id, family,
                        season if isinstance(season, str) and season.isdigit() else None)


def roster_rows(who: clubs.Access, members: list[clubs.Member]) -> tuple[list[RosterRow], int]:
    """The roster as listed (recent players first) and how many former players it keeps unnamed."""
    rows = [RosterRow(m.number, member_name(m), m.hidden, player_url(who, m.number)) for m in members if not m.removed]
    return rows, len(members) - len(rows)


def remember(who: clubs.Access, name: str) -> None:
    """The clubs this phone opened by their organiser's or their own link, listed on the home page."""
    if who.role in ROLES:
        devices.remember("club", who.club_id, who.key, who.role, name)


# -- creating a club ---------------------------------------------------------------------------------------------


def _new_page(form, errors: dict, status: int = 200):
    return render_template("club_new.html", form=form, errors=errors, max_name=MAX_CLUB_NAME), status


@bp.get("/clubs/new")
def new():
    return _new_page({}, {})


@bp.post("/clubs/new")
def create():
    try:
        club_id, keys = clubs.create(get_db(), request.form.get("name", ""))
    except RuleError as error:
        return _new_page(request.form, {"name": message(error)}, status_of(error))
    return redirect(url_for("clubs.open", club_id=club_id, key=keys["organiser"]), 303)


# -- the club's page ---------------------------------------------------------------------------------------------


def club_page(who: clubs.Access, status: int = 200, form=None, errors: dict | None = None,
              notice: str | None = None):
    """The ladder and the roster; for the organiser, the roster's forms and the club's links too."""
    ladder = asked_ladder(who)
    families, seasons = choices(who, ladder, "clubs.open")
    roster, former = roster_rows(who, ladder.members)
    keys = clubs.keys_of(get_db(), who.club_id) if who.may_manage() else {}
    view_link = base_url() + url_for("clubs.open", club_id=who.club_id, key=keys["view"]) if keys else None
    remember(who, ladder.name)
    response = make_response(render_template(
        "club.html", who=who, ladder=ladder, rungs=rung_rows(who, ladder), families=families, seasons=seasons,
        family_name=rated_family(ladder.family) if ladder.family else "", day=day_name(ladder.day),
        roster=roster, former=former, form=form or {}, errors=errors or {}, notice=notice,
        view_link=view_link, view_qr=qr_svg(view_link, gettext("QR code: the club's link")) if view_link else None,
        max_nickname=MAX_NICKNAME, tv_url=url_for("clubs.tv", club_id=who.club_id, key=who.key, family=ladder.family
                                                   or None, season=ladder.season),
        rules_url=url_for("docs.page", name="rules/ratings.md"),
        panel=games_panel(who, ladder.games, ladder.members)), status)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/c/<club_id>/<key>", endpoint="open")
def open_page(club_id, key):
    who = clubs.authorize(get_db(), club_id, key)
    if not who.sees_all():  # a player's own link: their own page
        return redirect(player_url(who, who.player or 0), 303)
    rotated = who.may_manage() and request.args.get("rotated") in ROLES
    return club_page(who, notice=gettext("The old link no longer works. Share the new one.") if rotated else None)


@bp.get("/c/<club_id>/<key>/tv")
def tv(club_id, key):
    """The ladder on a TV on the club's wall: the top of it in big type, who moved most; htmx fetches it again every
    30 s (without JavaScript, the page reloads)."""
    who = clubs.authorize(get_db(), club_id, key)
    if not who.sees_all():
        abort(404)  # a player's own link opens their page alone
    ladder = asked_ladder(who)
    rows = rung_rows(who, ladder, TV_RUNGS)
    today = ladder.day == store.now()[:10]
    movers = [row for row in rung_rows(who, ladder) if row.top]
    render = partial(render_block, "club_tv.html", "live") if is_htmx() else partial(render_template, "club_tv.html")
    return render(
        ladder=ladder, rungs=rows, movers=movers, refresh=TV_REFRESH, tv_url=request.full_path.rstrip("?"),
        family_name=rated_family(ladder.family) if ladder.family else "",
        moved_title=gettext("Moved most this evening") if today else
        gettext("Moved most on %(day)s", day=day_name(ladder.day)),
        more=max(0, len(ladder.rungs) - TV_RUNGS))


def _organiser(club_id: str, key: str) -> clubs.Access:
    who = clubs.authorize(get_db(), club_id, key)
    if not who.may_manage():
        abort(404)  # the organiser's forms answer the organiser alone, as a season's do
    return who


def _back(who: clubs.Access, anchor: str = ""):
    return redirect(url_for("clubs.open", club_id=who.club_id, key=who.key) + anchor, 303)


@bp.post("/c/<club_id>/<key>/players")
def add_player(club_id, key):
    """The organiser adds a player to the roster (a name alike but for case or accents is refused beside it)."""
    who = _organiser(club_id, key)
    try:
        clubs.add_member(get_db(), who, request.form.get("name", ""), request.form.get("nickname", ""))
    except RuleError as error:
        field = error.field if error.field == "nickname" else "name"
        return club_page(who, status_of(error), request.form, {field: message(error)})
    return _back(who, "#roster")


def _edit_page(who: clubs.Access, member: clubs.Member, form, errors: dict, status: int = 200):
    return render_template("club_roster_edit.html", who=who, member=member, name=member_name(member), form=form,
                           errors=errors, max_nickname=MAX_NICKNAME), status


def _member(who: clubs.Access, number: int) -> clubs.Member:
    """A named roster player (a former player has nothing left to edit or hand out)."""
    member = clubs.member_of(get_db(), who.club_id, number)
    if member.removed:
        raise clubs.NoSuchMember()
    return member


@bp.get("/c/<club_id>/<key>/players/<int:number>/edit")
def edit_player(club_id, key, number):
    who = _organiser(club_id, key)
    member = _member(who, number)
    return _edit_page(who, member, {"name": member.name, "nickname": member.nickname}, {})


@bp.post("/c/<club_id>/<key>/players/<int:number>/edit")
def save_player(club_id, key, number):
    """The organiser corrects a player's name or nickname; their games and ratings stay theirs."""
    who = _organiser(club_id, key)
    member = _member(who, number)
    try:
        clubs.edit_member(get_db(), who, number, request.form.get("name", ""), request.form.get("nickname", ""))
    except RuleError as error:
        field = error.field if error.field == "nickname" else "name"
        return _edit_page(who, member, request.form, {field: message(error)}, status_of(error))
    return _back(who, "#roster")


@bp.post("/c/<club_id>/<key>/players/<int:number>/remove")
def remove_player(club_id, key, number):
    """The organiser takes a player off the roster: their name is erased, their games stay."""
    who = _organiser(club_id, key)
    clubs.remove_member(get_db(), who, _member(who, number).number)
    return _back(who, "#roster")


@bp.get("/c/<club_id>/<key>/players/<int:number>/link")
def player_link(club_id, key, number):
    """A player's own link and its QR code, for the organiser to hand over (made the first time it is asked)."""
    who = _organiser(club_id, key)
    member = _member(who, number)
    link = base_url() + url_for("clubs.open", club_id=club_id, key=clubs.player_link(get_db(), who, member.number))
    response = make_response(render_template(
        "club_roster_link.html", who=who, name=member_name(member), number=member.number, link=link,
        qr=qr_svg(link, gettext("QR code: the own link of %(name)s", name=member_name(member))),
        replaced=request.args.get("replaced") == "1"))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/c/<club_id>/<key>/players/<int:number>/link")
def new_player_link(club_id, key, number):
    """A new own link for a player (a phone lost, a link passed on): the old one stops working at once."""
    who = _organiser(club_id, key)
    clubs.player_link(get_db(), who, _member(who, number).number, new=True)
    return go_to(url_for("clubs.player_link", club_id=club_id, key=key, number=number, replaced=1))


@bp.post("/c/<club_id>/<key>/rotate")
def rotate(club_id, key):
    """The organiser replaces the club's link or their own; after their own, the page moves to its new address."""
    who = _organiser(club_id, key)
    role = request.form.get("role")
    try:
        new_key = clubs.rotate(get_db(), who, role)
    except RuleError as error:
        return club_page(who, status_of(error), errors={"links": message(error)})
    if role == "organiser":
        key = new_key
    return go_to(url_for("clubs.open", club_id=club_id, key=key, rotated=role) + "#links")
