"""Whist under Italian tournament rules (docs/rules/bid-exactly.md): one partita at one table, and its table points.

A sibling of Wist on the prediction engine; tournament standings live in `standings.py`.
"""
from __future__ import annotations

from fractions import Fraction

from .base import Option, Place, competition_places
from .predictions import NO_TRUMP, HandRecord, HandResult, HandSpec, PredictionVariant
from .wist import DIRECTION

SCHEMES = {
    "ridotto": (3, 5, 7, 9, 11, 13, 13, 13, 13, 12, 10, 8, 6, 4),
    "completo": (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 13, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3),
}
TABLE_POINTS = {3: (9, 5, 2), 4: (10, 6, 3, 1), 5: (11, 7, 4, 2, 1)}
MAX_CARDS = {3: 13, 4: 13, 5: 10}  # 5 players: only 10 cards each can be dealt


def torneo_schedule(players: int, options: dict) -> list[HandSpec]:
    """The scheme's hands, capped for 5 players; the hands at the 13 positions are NT."""
    cap = MAX_CARDS[players]
    return [HandSpec(number=i, cards=min(cards, cap), trump=NO_TRUMP if cards == 13 else None,
                     zero_bonus=cards == 13, capped_from=cards if cards > cap else None)
            for i, cards in enumerate(SCHEMES[options["scheme"]], start=1)]


def torneo_score(spec: HandSpec, record: HandRecord, players: int, options: dict) -> HandResult:
    """Made: 13 + tricks (a made 0 in an NT hand at a 13 position: 26). Missed: 1 a trick.

    An illegal play scores 0 and counts as a failed contract.
    """
    scores, failed = [], []
    for seat, (bid, tricks) in enumerate(zip(*record.played())):
        if seat in record.penalties:
            scores.append(0)
            failed.append(True)
        elif bid == tricks:
            scores.append(26 if bid == 0 and spec.zero_bonus else 13 + tricks)
            failed.append(False)
        else:
            scores.append(tricks)
            failed.append(True)
    return HandResult(tuple(scores), tuple(failed))


def table_points(totals, failed) -> list[Place]:
    """Rank by total, then fewer failed contracts; players still tied share their places' points."""
    keys = [(total, -fails) for total, fails in zip(totals, failed)]
    places = competition_places(keys)
    points = TABLE_POINTS[len(totals)]
    rows = []
    for seat, place in enumerate(places):
        tied = places.count(place)
        share = Fraction(sum(points[place - 1: place - 1 + tied]), tied)
        rows.append(Place(seat=seat, place=place, total=totals[seat], table_points=share))
    return sorted(rows, key=lambda r: (r.place, r.seat))


WHIST_TORNEO = PredictionVariant(
    id="whist-torneo",
    name="Whist (torneo)",
    players=(3, 4, 5),
    options=(Option("scheme", tuple(SCHEMES), "ridotto"), DIRECTION),
    schedule=torneo_schedule,
    score=torneo_score,
    standings=lambda game: table_points(game.totals, game.failed_contracts),
    penalties=True,
)
