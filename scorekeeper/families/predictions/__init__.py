"""The "bid exactly" family (Wist, Cagliari, tournament Whist): its presenter, sheet and form parser."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from .. import Siblings
from . import api, present, sheet, stats

FAMILY = Siblings("predictions", present, sheet, stats, api, hand_word=_l("hand %(n)s"),
                  hands_word=_l("Hands"), rules="rules/bid-exactly.md",
                  scored_by=("tricks",),  # the turned card, bids and penalties alone leave the hand open
                  seat_link=_l("a player's code also lets that player enter their own bid."))
