"""Seasons (docs/rules/bid-exactly.md, "Season"): a season groups tournaments — the club's evenings — and sums
their standings.

A season has link keys like a tournament (no accounts, ≥128 random bits, compared in constant time):
``organiser`` adds and removes tournaments, ``view`` reads the standings. A tournament is added by its id and
one of its own keys (any: the season shows its standings, so adding it proves the right to see them). A
tournament counts once it is over (`evening_over`): until then it is listed, not counted.
"""
from __future__ import annotations

from . import evenings, tournaments


def evening_over(db, t: tournaments.Tournament) -> bool:
    """A tournament is over when it has partite, all finished, and an evening seated by the app has begun its
    last round: what its print page, its results card and a season wait for."""
    if not t.tables or not all(table.finished for table in t.tables):
        return False
    evening = evenings.load(db, t.id)
    return evening is None or evening.begun >= evening.rounds
