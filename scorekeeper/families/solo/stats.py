"""Solo Whist's own statistics: the contracts each player declared, and made."""
from __future__ import annotations

from collections import Counter

from flask_babel import lazy_gettext as _l

from ...rules.solo import PASS
from .. import Figure

FIGURES = [Figure(_l("Contracts made"), "made", "declared", _l("contracts the player declared and made, of all "
                                                               "contracts they declared"))]


def tally(state, seat: int) -> Counter:
    """The recorded deals the seat declared (a proposal: the proposer), passes aside."""
    counts: Counter[str] = Counter()
    for deal in state.hands:
        if deal.result is None or deal.record.contract == PASS or deal.record.declarer != seat:
            continue
        counts["declared"] += 1
        counts["made"] += deal.result.made
    return counts


def figures(variant) -> list[Figure]:
    return FIGURES
