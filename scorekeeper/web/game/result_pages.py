"""The results of a finished game or tournament to keep (#21): an A4 print page and a PNG card for the group
chat. Any key that opens the game or tournament reads them (a view link is enough); before the end they
answer 409 with a sentence saying why.

A card costs ~100 ms of CPU to draw (its PNG), which under gevent every other request of the worker waits
through; so it is drawn once per version of what it shows and language, and kept (`KEPT`), with a strong
`ETag` that names both: a phone asking again with it gets 304, with nothing replayed or drawn (#33).
"""
from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any, Callable

from flask import Blueprint, Response, current_app, make_response, render_template, request
from flask_babel import format_date, get_locale, gettext, ngettext

from ...formats import card, results
from ...rules import N_
from ...rules.base import StateConflict
from ...service import evenings, games, seasons, tournaments
from ...store import db as store
from ..assets.labels import variant_name
from ..gate.per_request import get_db
from . import print_view

bp = Blueprint("results", __name__)

ROWS_PER_PAGE = 40  # one A4 sheet each, the header repeated


class NotOverYet(StateConflict):
    code = "not_finished"


def over(tournament_id: str, key: str) -> tournaments.Tournament:
    """The tournament, once it is over: else a refusal saying why."""
    tournaments.authorize(get_db(), tournament_id, key)
    t = tournaments.load(get_db(), tournament_id)
    if not seasons.evening_over(get_db(), t):
        raise NotOverYet(N_("The tournament is not over yet: its results can be printed or shared once every "
                            "partita is finished."))
    return t


def finished_game(game_id: str, key: str) -> results.Results:
    games.authorize(get_db(), game_id, key)
    loaded = games.load(get_db(), game_id)
    if not loaded.state.finished:
        raise NotOverYet(N_("The game is not over yet: its results can be printed or shared once it is finished."))
    return results.of_game(loaded, loaded.rules_name or variant_name(loaded.state.variant))


def day(when: str) -> str:
    """The date in the reader's language ("26 novembre 2026", "November 26, 2026"); empty for a game without
    changes."""
    return format_date(datetime.fromisoformat(when), format="long") if when else ""


def print_page(found: results.Results, printed: print_view.Printed):
    """Black on white, no navigation: the standings in groups of `ROWS_PER_PAGE`, one group per printed page, then
    a tournament's rounds."""
    response = make_response(render_template("print_results.html", results=found, day=day(found.when),
                                             printed=printed))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/t/<tournament_id>/<key>/print")
def tournament_print(tournament_id, key):
    t = over(tournament_id, key)
    found = results.of_tournament(t)
    return print_page(found, print_view.tournament_print(t, evenings.load(get_db(), t.id), found, ROWS_PER_PAGE))


@bp.get("/g/<game_id>/<key>/print")
def game_print(game_id, key):
    found = finished_game(game_id, key)
    return print_page(found, print_view.game_print(found, ROWS_PER_PAGE))


def plain_points(value: Fraction) -> str:
    """Table points in letters the card's font has: 13/3 → "4 1/3"."""
    whole, rest = divmod(value.numerator, value.denominator)
    return f"{whole} {rest}/{value.denominator}" if rest else str(whole)


def score_label(found: results.Results) -> str:
    return gettext("Raw points") if found.tournament else gettext("Final score")


def card_columns(found: results.Results) -> tuple[tuple[str, ...], list[card.CardRow]]:
    """The card's column labels and rows: table points (where there are) and the score, each under its label."""
    if not found.has_table_points:
        return (score_label(found),), [card.CardRow(row.place, row.name, (str(row.score),)) for row in found.rows]
    return (gettext("Table points"), score_label(found)), [
        card.CardRow(row.place, row.name, (plain_points(row.table_points or 0), str(row.score))) for row in found.rows]


@dataclass(frozen=True)
class Drawn:
    png: bytes
    filename: str


KEPT_BYTES = 8 * 1024 * 1024  # the cards kept per process: a card of 31 players is ~210 KB, a game's ~40 KB


class Kept:
    """The cards drawn, by (database, game or tournament, language, version): the least recently used go first
    once their bytes pass `budget`."""

    def __init__(self, budget: int):
        self.budget, self.size = budget, 0
        self.cards: OrderedDict[tuple, Drawn] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple) -> Drawn | None:
        with self.lock:
            drawn = self.cards.get(key)
            if drawn is not None:
                self.cards.move_to_end(key)
            return drawn

    def put(self, key: tuple, drawn: Drawn) -> None:
        with self.lock:
            old = self.cards.pop(key, None)
            self.size += len(drawn.png) - (len(old.png) if old else 0)
            self.cards[key] = drawn
            while self.size > self.budget:
                self.size -= len(self.cards.popitem(last=False)[1].png)


KEPT = Kept(KEPT_BYTES)


def draw(found: results.Results) -> Drawn:
    """The card of a game's or tournament's final standings."""
    return drawing(found.title, day(found.when), gettext("Final standings"), *card_columns(found), "results")


def drawing(title: str, when: str, heading: str, columns: tuple[str, ...], rows: list[card.CardRow],
            what: str) -> Drawn:
    """The PNG, and the name of the download after what it shows (the browser offers to save or share it)."""
    drawn = card.layout(title, when, heading, columns, rows, gettext("Segnapunti — score sheets for card games"),
                        lambda n: ngettext("+%(num)s more", "+%(num)s more", n))
    name = re.sub(r"[^A-Za-z0-9]+", "-", title).strip("-").lower()[:40]
    return Drawn(card.render(drawn), f"{name + '-' if name else ''}{what}.png")


def card_png(kind: str, owner: str, version: str, found: Callable[[], Any],
             drawn_from: Callable[[Any], Drawn] = draw) -> Response:
    """The card of the game or tournament `owner` at `version` (its version now, read without replaying it):
    kept, or drawn from `found()` (which refuses what is not over yet) and kept by the version it shows. Another
    card (a club's ladder) gives its own `found()`, with its `version`, and draws it with `drawn_from`."""
    language = str(get_locale())
    headers = {"Cache-Control": "private, no-cache", "Vary": "Accept-Language, Cookie"}  # no key in the PNG
    if request.if_none_match.contains(f"{version}-{language}"):
        response = Response(status=304, headers=headers)
    else:
        where = (current_app.config["SCOREKEEPER_DATABASE"], kind, owner, language)
        drawn = KEPT.get((*where, version))
        if drawn is None:
            shown = found()
            version, drawn = shown.version, drawn_from(shown)
            KEPT.put((*where, version), drawn)
        response = Response(drawn.png, mimetype="image/png", headers={
            **headers, "Content-Disposition": f'inline; filename="{drawn.filename}"'})
    response.set_etag(f"{version}-{language}")
    return response


@bp.get("/t/<tournament_id>/<key>/card.png")
def tournament_card(tournament_id, key):
    tournaments.authorize(get_db(), tournament_id, key)
    return card_png("t", tournament_id, tournaments.fingerprint(get_db(), tournament_id),
                    lambda: results.of_tournament(over(tournament_id, key)))


@bp.get("/g/<game_id>/<key>/card.png")
def game_card(game_id, key):
    games.authorize(get_db(), game_id, key)
    return card_png("g", game_id, str(store.version(get_db(), game_id)), lambda: finished_game(game_id, key))
