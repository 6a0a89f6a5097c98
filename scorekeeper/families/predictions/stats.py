"""The "bid exactly" family's own statistics: how well each player bids."""
from __future__ import annotations

from collections import Counter

from flask_babel import lazy_gettext as _l

from ...rules.predictions import NO_BIDS
from .. import Figure

FIGURES = [
    Figure(_l("Exact bids"), "exact", "bids", _l("bids that took exactly the tricks bid, of all bids")),
    Figure(_l("Zeros made"), "zeros_made", "zero_bids", _l("bids of zero that took no trick, of all bids of zero")),
    Figure(_l("Over"), "over", note=_l("bids that took more tricks than bid")),
    Figure(_l("Under"), "under", note=_l("bids that took fewer tricks than bid")),
]


def tally(state, seat: int) -> Counter:
    """Bids against tricks, over the scored hands only: a sealed bid is counted once its tricks are in,
    never before. A round without bidding (everyone plays for zero) has no bids to count."""
    counts: Counter[str] = Counter()
    for hand in state.hands:
        if hand.scores is None or hand.spec.bidding == NO_BIDS:
            continue
        bid, took = hand.bids[seat], hand.tricks[seat]
        counts["bids"] += 1
        counts["exact" if took == bid else "over" if took > bid else "under"] += 1
        if bid == 0:
            counts["zero_bids"] += 1
            counts["zeros_made"] += took == 0
    return counts


def figures(variant) -> list[Figure]:
    return FIGURES
