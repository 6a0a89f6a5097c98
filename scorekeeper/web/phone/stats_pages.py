"""The statistics pages (issue #12): the games on this phone, and the partite of a tournament.

Thin: `scorekeeper.stats` computes from the replayed games; here its figures are laid out for the
template (texts in the reader's language, the small charts' geometry, links to the hands), so that
the template computes nothing. The tournament's page opens with any of its keys, as its standings do.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from flask import Blueprint, render_template, url_for
from flask_babel import format_decimal, format_percent, gettext, ngettext

from ...families import family_of
from ...formats import stats
from ...service import games, tournaments
from ..assets import charts
from ..assets.labels import variant_name
from ..gate.per_request import get_db
from . import devices
from .home import opened_date

bp = Blueprint("stats", __name__)

MAX_GAMES = 200  # the latest games of a phone that are replayed for its statistics


@dataclass
class Where:
    """A game as the statistics name it and link to it: its date or table, and a key that opens it ("": none to
    hand out, as in a club, whose page names the hand without a link)."""

    label: str
    key: str


@dataclass
class HandLink:
    score: str
    text: str  # "hand 8 · 22 Nov 2026"
    url: str | None


@dataclass
class Cell:
    text: str
    bar: charts.Bar | None = None


@dataclass
class Row:
    name: str
    played: int
    won: int
    drawn: str  # "1 draw", or "" when none
    win_bar: charts.Bar | None
    average: str
    places: list
    places_label: str
    spark: charts.Spark | None
    spark_label: str
    results: str  # the same totals as text (shown alone for fewer than two games)
    figures: list
    best: HandLink
    worst: HandLink


@dataclass
class Table:
    id: str
    title: str
    facts: str
    figures: list  # the family's `Figure`s: headers and notes
    rows: list


def signed(score: int) -> str:
    return f"{score:+d}" if score else "0"


def hand_link(moment: stats.Moment, family, where: dict[str, Where]) -> HandLink:
    place = where[moment.game_id]
    return HandLink(signed(moment.score), f"{family.hand_word % {'n': moment.hand}} · {place.label}",
                    url_for("pages.history", game_id=moment.game_id, key=place.key, number=moment.hand)
                    if place.key else None)


def figure_cell(figure, counts: Counter) -> Cell:
    part = counts[figure.part]
    if figure.whole is None:
        return Cell(str(part))
    whole = counts[figure.whole]
    share = charts.bar(part, whole)
    return Cell(f"{part}/{whole} · {format_percent(share.share)}", share) if share else Cell("–")


def row(player: stats.PlayerStats, variant, most: int, where: dict[str, Where]) -> Row:
    family = family_of(variant)
    counts = Counter(player.places)
    average = player.average_place
    return Row(
        name=player.name, played=player.played, won=player.won,
        drawn=ngettext("%(num)s draw", "%(num)s draws", player.drawn) if player.drawn else "",
        win_bar=charts.bar(player.won, player.played),
        average=format_decimal(round(float(average), 1)) if average is not None else "–",
        places=charts.places(counts, most) if player.places else [],
        places_label=", ".join(gettext("place %(place)s: %(count)s", place=place, count=counts[place])
                               for place in range(1, most + 1)),
        spark=charts.sparkline(player.results),
        spark_label=gettext("Final totals, game by game: %(list)s", list=", ".join(map(str, player.results))),
        results=", ".join(map(str, player.results)) or "–",
        figures=[figure_cell(figure, player.counts) for figure in family.figures(variant)],
        best=hand_link(player.best, family, where), worst=hand_link(player.worst, family, where))


def tables(found: list[stats.VariantStats], where: dict[str, Where]) -> list[Table]:
    out = []
    for index, variant_stats in enumerate(found, start=1):
        variant = variant_stats.variant
        most = max(2, *(max(p.places, default=1) for p in variant_stats.players))
        facts = gettext("%(games)s, %(finished)s",
                        games=ngettext("%(num)s game", "%(num)s games", variant_stats.games),
                        finished=ngettext("%(num)s finished", "%(num)s finished", variant_stats.finished))
        out.append(Table(f"variant-{index}", variant_name(variant), facts, family_of(variant).figures(variant),
                         [row(player, variant, most, where) for player in variant_stats.players]))
    return out


@bp.get("/stats")
def phone():
    """The games on this phone (the latest `MAX_GAMES`), oldest first."""
    listed = devices.opening("game")
    where, loaded = {}, []
    for game_id, key, _role, _label, opened, _opens in reversed(listed[:MAX_GAMES]):
        try:
            loaded.append(games.load(get_db(), game_id))
        except games.NotFound:
            continue
        where[game_id] = Where(opened_date(opened, "short"), key)
    return render_template("stats.html", title=gettext("Statistics"),
                           tables=tables(stats.compute(stats.once_each(loaded)), where),
                           capped=len(listed) > MAX_GAMES, max_games=MAX_GAMES,
                           back_url=url_for("pages.home"), back_text=gettext("Home"),
                           empty=gettext("No statistics yet: they come from the games on this phone once a hand "
                                         "is scored. Start a game, or open one from its link."))


@bp.get("/t/<tournament_id>/<key>/stats")
def tournament(tournament_id, key):
    """The partite of a tournament, round by round (finished or not), for any of its keys."""
    who = tournaments.authorize(get_db(), tournament_id, key)
    t = tournaments.load(get_db(), tournament_id)
    where = {table.game_id: Where(gettext("table %(table)s, round %(round)s", table=table.table, round=table.round),
                                  games.keys_of(get_db(), table.game_id)["view"]) for table in t.tables}
    return render_template("stats.html", title=gettext("Statistics: %(name)s", name=t.name),
                           tables=tables(stats.compute(table.game for table in t.tables), where), capped=False,
                           back_url=url_for("tournaments.open", tournament_id=tournament_id, key=who.key),
                           back_text=t.name,
                           empty=gettext("No statistics yet: they come from the partite once a hand is scored."))
