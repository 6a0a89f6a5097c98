"""A player's own page in the club (#37): their rating in each family with its history drawn, their statistics as
the statistics page counts them, head to head, their games; and the wish to be left off the ladder.

Thin: `clubs.player_page` has it all (and says who may see it); here it is laid out for the template, which computes
nothing. The club's view link is in every player's hand, so it reads the page but never hides anyone: only the
player's own link and the organiser's do.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, make_response, redirect, render_template, request, url_for
from flask_babel import gettext, ngettext

from ...formats import stats
from ...rules import N_
from ...rules.base import InvalidInput
from ...rules.ratings import FAMILIES, PROVISIONAL_GAMES, Rating
from ...service import clubs
from ..assets import charts
from ..assets.labels import member_name, rated_family, variant_name
from ..gate.per_request import get_db
from ..phone.home import opened_date
from ..phone.stats_pages import Where, tables

bp = Blueprint("club_player", __name__)


@dataclass
class FamilyRating:
    """One family's rating as the page shows it."""

    name: str
    shown: int
    played: str  # "7 games"
    provisional: str  # "provisional: 3 more games to go", or ""
    chart: charts.Chart | None


@dataclass
class Opponent:
    name: str
    url: str | None  # their page, for a link that may see it
    games: int
    ahead: int
    level: int
    behind: int


@dataclass
class GameRow:
    date: str
    game: str  # the variant's name
    place: str  # "2 of 4"
    rating: str  # "1000 → 1023"


def family_rating(name: str, family: str, rating: Rating) -> FamilyRating:
    """The shown number, how provisional it still is, and its history drawn (x: their games, y: the rating)."""
    to_go = PROVISIONAL_GAMES - rating.games
    history = [rating.history[0].before, *(step.after for step in rating.history)]
    title = rated_family(family)
    return FamilyRating(
        title, rating.shown, ngettext("%(num)s game", "%(num)s games", rating.games),
        ngettext("provisional: %(num)s more game to go", "provisional: %(num)s more games to go", to_go)
        if rating.provisional else "",
        charts.rating_history(name, history, gettext("Games"), gettext("Rating: %(family)s", family=title),
                              gettext("The rating before the first game and after each game; the latest is listed "
                                      "below the chart."), gettext("Rating")))


def opponents(page: clubs.PlayerPage, who: clubs.Access) -> list[Opponent]:
    """Head to head; each name links to its page for a link that sees every page (a player's own link: names)."""
    return [Opponent(member_name(m.other), url_for("club_player.page", club_id=who.club_id, key=who.key,
                                                number=m.other.number) if who.sees_all() else None,
                     m.games, m.ahead, m.level, m.behind) for m in page.meetings]


def game_rows(page: clubs.PlayerPage) -> list[GameRow]:
    """Their finished games, latest first, each with the place they (their side) took and the rating it moved."""
    variants = {loaded.id: loaded.state.variant for loaded in page.loaded}
    steps = {step.game_id: step for rating in page.ratings.values() for step in rating.history}
    rows = []
    for game in page.games:
        if not game.finished:
            continue  # it counts once it ends
        seat = game.players.index(page.member.number)
        place = next(rank for team, rank in zip(game.teams, game.ranks) if seat in team)
        step = steps.get(game.game_id)
        name = variants.get(game.game_id)  # older than the games replayed for the statistics: its family's name
        rows.append(GameRow(opened_date(game.ended_at or "", "short"),
                            variant_name(name) if name else rated_family(game.family),
                            gettext("%(place)s of %(count)s", place=place, count=len(game.teams)),
                            f"{step.before} → {step.after}" if step else "–"))
    return rows


def statistics(page: clubs.PlayerPage, name: str) -> list:
    """The statistics page's tables of their games, each with their own row alone (named as the page names them;
    a hand names its game's date, with no link: the club hands out no game's keys)."""
    ended = {game.game_id: game.ended_at or "" for game in page.games}
    where = {loaded.id: Where(opened_date(ended[loaded.id], "short"), "") for loaded in page.loaded}
    theirs = stats.name_key(page.member.name or f"#{page.member.number}")
    found = []
    for table in tables(stats.compute(page.loaded), where):
        table.rows = [row for row in table.rows if stats.name_key(row.name) == theirs]
        for row in table.rows:
            row.name = name
        found.append(table)
    return found


@bp.get("/c/<club_id>/<key>/players/<int:number>", endpoint="page")
def player_page(club_id, key, number):
    """A player's page: for the organiser, the club's link, and the player's own link (another's: 404)."""
    who = clubs.authorize(get_db(), club_id, key)
    page = clubs.player_page(get_db(), who, number)
    name = member_name(page.member)
    own = who.player == page.member.number
    may_hide = (who.may_manage() or own) and not page.member.removed
    hide_text = ((gettext("Show my name on the ladder") if own else gettext("Show this name on the ladder"))
                 if page.member.hidden else
                 (gettext("Hide my name from the ladder") if own else gettext("Hide this name from the ladder")))
    response = make_response(render_template(
        "club_player.html", page=page, name=name, who=who,
        ratings=[family_rating(name, family, page.ratings[family]) for family in FAMILIES if family in page.ratings],
        tables=statistics(page, name), opponents=opponents(page, who), games=game_rows(page),
        unfinished=sum(not g.finished for g in page.games),
        capped=sum(g.finished for g in page.games) > len(page.loaded), max_games=clubs.STATISTICS_GAMES,
        hide_url=url_for("club_player.hide", club_id=who.club_id, key=who.key, number=number) if may_hide else None,
        hide_text=hide_text, hide_value="0" if page.member.hidden else "1",
        club_url=url_for("clubs.open", club_id=who.club_id, key=who.key) if who.sees_all() else None))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/c/<club_id>/<key>/players/<int:number>/hide")
def hide(club_id, key, number):
    """Hide the name from the ladder, or show it again: the player's own link or the organiser's; back to the page.
    A refusal is the error page saying why (the club's link: 403), never the player's page drawn again."""
    who = clubs.authorize(get_db(), club_id, key)
    if not who.sees(number):
        raise clubs.NoSuchMember()  # another player's own link: a stranger here, as on the page
    wish = request.form.get("hidden")
    if wish not in ("0", "1"):
        raise InvalidInput(N_("Choose whether to hide the name or to show it."), field="hidden")
    clubs.hide(get_db(), who, number, wish == "1")
    return redirect(url_for("club_player.page", club_id=club_id, key=key, number=number), 303)
