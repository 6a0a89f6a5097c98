"""A club's games and evenings (#37): a game played on any phone or a club evening added by pasting its link, its
players matched to the roster by the organiser (the app suggests, it never guesses), taken out again; a game started
from the roster; and the game's own "Add to a club". Plain forms, 303 after each change; the service is `clubs.py`.

The club page (club_pages.py) draws the panel of `games_panel`; the forms of this module answer the club's organiser
alone (404 to its other links, as a season's forms do)."""
from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext

from ...rules import N_, VARIANTS, RuleError, find_variant
from ...rules import club as rules
from ...rules.base import InvalidInput
from ...service import clubs, games, seasons, tournaments
from ..assets.labels import member_name
from ..gate.errors import message, status_of
from ..gate.per_request import get_db
from ..phone import devices

bp = Blueprint("club_games", __name__)

GAME, EVENING = "game", "evening"
PASTE = {GAME: (N_("Paste the game's link (it looks like https://…/g/…/…)."), tournaments.parse_game_link),
         EVENING: (N_("Paste the evening's organiser link (it looks like https://…/t/…/…)."),
                   seasons.parse_tournament_link)}


def club_url(club_id: str, key: str) -> str:
    """The club page (club_pages.py): its address is shared by the club's modules."""
    return url_for("clubs.open", club_id=club_id, key=key)


def _organiser(club_id: str, key: str) -> clubs.Access:
    who = clubs.authorize(get_db(), club_id, key)
    if not who.may_manage():
        abort(404)  # the organiser's forms answer the organiser alone, as a season's do
    return who


# -- the panel on the club page -------------------------------------------------------------------------------------


def games_panel(who: clubs.Access, club_games: list[clubs.ClubGame], roster: list[clubs.Member]) -> dict:
    """What the club page's "Games and evenings" panel shows the organiser: the club's own games (the evenings'
    partite are the evenings'), its evenings, each with the address that takes it out, and the add forms' addresses.
    Empty for the other links."""
    if not who.may_manage():
        return {}
    members = {m.number: m for m in roster}
    rows = [{"players": ", ".join(member_name(members[p]) if p is not None else "?" for p in game.players),
             "ended": game.ended_at[:10] if game.ended_at else None,
             "remove": url_for("club_games.remove_game", club_id=who.club_id, key=who.key, game_id=game.game_id)}
            for game in reversed(club_games) if game.evening is None]
    evenings = [{"name": name, "remove": url_for("club_games.remove_evening", club_id=who.club_id, key=who.key,
                                                 tournament_id=tournament_id)}
                for tournament_id, name in clubs.evenings_of(get_db(), who.club_id)]
    return {"games": rows, "evenings": evenings,
            "add_game": url_for("club_games.add_game", club_id=who.club_id, key=who.key),
            "add_evening": url_for("club_games.add_evening", club_id=who.club_id, key=who.key),
            "new_game": url_for("club_games.new_game", club_id=who.club_id, key=who.key)}


# -- matching a game's or an evening's names to the roster ----------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One name of the matching form: its choices (value, label), best first, and the one selected."""

    name: str
    choices: list[tuple[str, str]]
    selected: str


def match_rows(db, club_id: str, names: list[str], picked: list[str] | None = None) -> list[Row]:
    """A row a name: "— choose —", the roster players it may be, a new player of its name (unless the roster has
    the name already), then the rest of the roster, recent players first. Preselected only when the roster has the
    name but for case, accents or spaces; `picked`, the choices sent, when the form comes back refused."""
    members = [m for m in clubs.roster(db, club_id) if not m.removed]
    by_number = {m.number: m for m in members}
    rows = []
    for seat, (name, offered) in enumerate(zip(names, clubs.suggestions(db, club_id, names))):
        same = next((str(m.number) for m in members if rules.fold(m.name or "") == rules.fold(name)), "")
        first = [(str(n), member_name(by_number[n])) for n in offered]
        new = [] if same else [(rules.NEW, gettext("New player: %(name)s", name=name))]
        rest = [(str(m.number), member_name(m)) for m in members if m.number not in offered]
        selected = picked[seat] if picked is not None and seat < len(picked) else same
        rows.append(Row(name, [("", gettext("— choose —")), *first, *new, *rest], selected))
    return rows


def _picked(names: list[str]) -> list[int | str]:
    """The choices sent, as the service takes them; an unmatched name refused by its name."""
    sent = request.form.getlist("player")
    for name, value in zip(names, sent):
        if not value:
            raise InvalidInput(N_("%(name)s is not matched: pick who they are, or add them as a new player."),
                               field="players", name=name)
    return [int(value) if value.isdigit() else value for value in sent]


def match_page(who: clubs.Access, kind: str, names: list[str] | None, link: str, status: int = 200,
               error: str | None = None, picked: list[str] | None = None):
    """The matching form of a game's or an evening's names; with no names, the paste form again (refused)."""
    rows = match_rows(get_db(), who.club_id, names, picked) if names else []
    action = "club_games.match_game" if kind == GAME else "club_games.match_evening"
    paste = "club_games.add_game" if kind == GAME else "club_games.add_evening"
    return render_template("club_match.html", kind=kind, rows=rows, link=link, error=error,
                           club_name=clubs.name_of(get_db(), who.club_id), back=club_url(who.club_id, who.key),
                           action=url_for(action, club_id=who.club_id, key=who.key),
                           paste=url_for(paste, club_id=who.club_id, key=who.key)), status


def _parsed(kind: str) -> tuple[str, str]:
    hint, parse = PASTE[kind]
    parsed = parse(request.form.get("link"))
    if parsed is None:
        raise InvalidInput(hint, field="link")
    return parsed


def _names(who: clubs.Access, kind: str) -> list[str]:
    """The names of the game or evening whose link was pasted, proven and in no club yet."""
    to_match = clubs.to_match if kind == GAME else clubs.evening_to_match
    return to_match(get_db(), who, *_parsed(kind))


def _paste(club_id: str, key: str, kind: str):
    """The organiser pasted a link: the matching form of its names, or the paste form again saying why not."""
    who = _organiser(club_id, key)
    link = request.form.get("link", "").strip()
    try:
        return match_page(who, kind, _names(who, kind), link)
    except games.NotFound as error:
        return match_page(who, kind, None, link, 404, gettext(error.message))
    except RuleError as error:
        return match_page(who, kind, None, link, status_of(error), message(error))


def _match(club_id: str, key: str, kind: str):
    """The matching form sent: the game or evening joins the club, or the form comes back saying why not."""
    who = _organiser(club_id, key)
    link, picked = request.form.get("link", ""), request.form.getlist("player")
    names: list[str] | None = None
    try:
        names = _names(who, kind)
        add = clubs.add_game if kind == GAME else clubs.add_evening
        add(get_db(), who, *_parsed(kind), _picked(names))
    except games.NotFound as error:
        return match_page(who, kind, None, link, 404, gettext(error.message))
    except RuleError as error:
        return match_page(who, kind, names, link, status_of(error), message(error), picked)
    return redirect(club_url(club_id, key), 303)


@bp.post("/c/<club_id>/<key>/games")
def add_game(club_id, key):
    return _paste(club_id, key, GAME)


@bp.post("/c/<club_id>/<key>/games/match")
def match_game(club_id, key):
    return _match(club_id, key, GAME)


@bp.post("/c/<club_id>/<key>/evenings")
def add_evening(club_id, key):
    return _paste(club_id, key, EVENING)


@bp.post("/c/<club_id>/<key>/evenings/match")
def match_evening(club_id, key):
    return _match(club_id, key, EVENING)


@bp.post("/c/<club_id>/<key>/games/<game_id>/remove")
def remove_game(club_id, key, game_id):
    clubs.remove_game(get_db(), _organiser(club_id, key), game_id)  # NotInClub: 404
    return redirect(club_url(club_id, key), 303)


@bp.post("/c/<club_id>/<key>/evenings/<tournament_id>/remove")
def remove_evening(club_id, key, tournament_id):
    clubs.remove_evening(get_db(), _organiser(club_id, key), tournament_id)
    return redirect(club_url(club_id, key), 303)


# -- the game's side: "Add to a club" -------------------------------------------------------------------------------


def _scorer(game_id: str, key: str) -> games.Access:
    who = games.authorize(get_db(), game_id, key)
    if who.role != "scorer":
        abort(404)  # a view or seat link does not show that the game could join a club
    return who


def _game_side(game_id: str, key: str, status: int = 200, error: str | None = None):
    return render_template("club_add_game.html", error=error, link=request.form.get("club", ""),
                           sheet=url_for("pages.sheet", game_id=game_id, key=key),
                           action=url_for("club_games.from_game", game_id=game_id, key=key)), status


@bp.get("/g/<game_id>/<key>/club")
def to_club(game_id, key):
    _scorer(game_id, key)
    return _game_side(game_id, key)


@bp.post("/g/<game_id>/<key>/club")
def from_game(game_id, key):
    """The scorer pasted the club's organiser link: the club's matching form of this game."""
    _scorer(game_id, key)
    link = url_for("pages.sheet", game_id=game_id, key=key)
    try:
        parsed = clubs.parse_club_link(request.form.get("club"))
        if parsed is None:
            raise InvalidInput(N_("Paste the club's organiser link (it looks like https://…/c/…/…)."), field="club")
        who = clubs.authorize(get_db(), *parsed)
        if not who.may_manage():
            raise games.Forbidden(N_("A game joins a club on its organiser's link: ask the organiser for it."))
        return match_page(who, GAME, clubs.to_match(get_db(), who, game_id, key), link)
    except games.NotFound as error:
        return _game_side(game_id, key, 404, gettext(error.message))
    except RuleError as error:
        return _game_side(game_id, key, status_of(error), message(error))


# -- a game from the roster -----------------------------------------------------------------------------------------


def _new_page(who: clubs.Access, status: int = 200, error: str | None = None):
    """The roster as one tap each (recent players first), the game and who deals first."""
    form = request.form
    ticked, dealer = set(form.getlist("player")), form.get("first_dealer", "draw")
    members = [{"number": str(m.number), "name": member_name(m), "ticked": str(m.number) in ticked}
               for m in clubs.roster(get_db(), who.club_id) if not m.removed]
    return render_template("club_new_game.html", members=members, variants=VARIANTS.values(), error=error,
                           chosen=form.get("variant", ""), dealer=dealer, back=club_url(who.club_id, who.key),
                           action=url_for("club_games.create_game", club_id=who.club_id, key=who.key)), status


@bp.get("/c/<club_id>/<key>/new")
def new_game(club_id, key):
    return _new_page(_organiser(club_id, key))


def _in_order() -> list[int | str]:
    """The players ticked, in the order they were tapped when the page's script kept it, else the page's order."""
    ticked = request.form.getlist("player")
    tapped = request.form.get("order", "").split()
    players = tapped if sorted(tapped) == sorted(ticked) else ticked
    return [int(p) if p.isdigit() else p for p in players]


def _dealer(players: list[int | str]) -> int | None:
    """Who deals first, by their place among the players (None: the app draws)."""
    dealer = request.form.get("first_dealer", "draw")
    if dealer == "draw":
        return None
    if not dealer.isdigit() or int(dealer) not in players:
        raise InvalidInput(N_("Who deals first must be one of the players: tick them, or let the app draw."),
                           field="first_dealer")
    return players.index(int(dealer))


@bp.post("/c/<club_id>/<key>/new")
def create_game(club_id, key):
    """The game starts on this phone, the club's from its first event: its scorer's sheet next."""
    who = _organiser(club_id, key)
    try:
        variant = find_variant(request.form.get("variant"))
        players = _in_order()
        loaded, keys = clubs.new_game(get_db(), who, variant.id, players, _dealer(players))
    except RuleError as error:
        return _new_page(who, status_of(error), message(error))
    devices.remember_game(loaded.id, keys["scorer"], "scorer", loaded.state)
    return redirect(url_for("pages.sheet", game_id=loaded.id, key=keys["scorer"]), 303)
