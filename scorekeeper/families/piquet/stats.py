"""Piquet's own statistics: the repiques, piques and capots each player made."""
from __future__ import annotations

from collections import Counter

from flask_babel import lazy_gettext as _l

from ...rules.piquet import CAPOT
from .. import Figure

FIGURES = [
    Figure(_l("Repiques"), "repiques", note=_l("deals with a repique (60)")),
    Figure(_l("Piques"), "piques", note=_l("deals with a pique (30)")),
    Figure(_l("Capots"), "capots", note=_l("deals in which the player took every trick (40)")),
]


def tally(state, seat: int) -> Counter:
    counts: Counter[str] = Counter()
    for deal in state.hands:
        if deal.result is not None:
            counts["repiques"] += deal.result.repique == seat
            counts["piques"] += deal.result.pique == seat
            counts["capots"] += deal.result.cards_bonus[seat] == CAPOT
    return counts


def figures(variant) -> list[Figure]:
    return FIGURES
