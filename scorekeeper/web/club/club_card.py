"""A club's ladder as a results card (#37): a PNG for the group chat — the club's name, the family and the latest
day of play, the top ten with their ratings and games. Hidden and removed players are never on it (the ladder
leaves them out). Drawn as a game's card (`result_pages`), kept per version of what it shows and language, with
an `ETag`: asked again unchanged, 304 and nothing drawn."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from flask import Blueprint, request
from flask_babel import gettext

from ...formats import card
from ...rules import N_
from ...service import clubs
from ..assets.labels import rated_family
from ..game import result_pages
from ..gate.per_request import get_db
from . import club_csv

bp = Blueprint("club_card", __name__)
TOP = 10


@dataclass(frozen=True)
class LadderCard:
    """What the card shows, and its version: a fingerprint of exactly that (a rating moved, a name corrected, a
    player hidden: another card)."""

    title: str
    family: str
    day: str
    rows: list[card.CardRow]

    @property
    def version(self) -> str:
        shown = json.dumps([self.title, self.family, self.day, [[r.place, r.name, *r.figures] for r in self.rows]])
        return hashlib.sha256(shown.encode()).hexdigest()[:20]


def ladder_card(ladder: clubs.Ladder) -> LadderCard:
    if not ladder.rungs:
        raise result_pages.NotOverYet(N_("The club has no finished games yet: its ladder's card comes with the "
                                         "first."))
    rows = [card.CardRow(rung.place, rung.member.known_as or "", (str(rung.rating.shown), str(rung.rating.games)))
            for rung in ladder.rungs[:TOP]]
    return LadderCard(ladder.name, ladder.family, ladder.day or "", rows)


def draw(shown: LadderCard) -> result_pages.Drawn:
    family = rated_family(shown.family)
    return result_pages.drawing(shown.title, f"{family} · {result_pages.day(shown.day)}", gettext("Ladder"),
                                (gettext("Rating"), gettext("Games")), shown.rows, "ladder")


@bp.get("/c/<club_id>/<key>/ladder.png")
def ladder_png(club_id, key):
    """The ladder of `?family=` (the family with most games when none is asked)."""
    who = club_csv.reader(club_id, key)
    shown = ladder_card(clubs.ladder(get_db(), who.club_id, request.args.get("family")))
    return result_pages.card_png("c", f"{who.club_id}/{shown.family}", shown.version, lambda: shown, draw)
