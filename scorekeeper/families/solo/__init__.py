"""Solo Whist: seven contracts, two ways to score, an open number of deals, who pays whom."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from .. import Siblings
from . import api, present, sheet, stats

FAMILY = Siblings("solo", present, sheet, stats, api, hand_word=_l("deal %(n)s"),
                  hands_word=_l("Deals"), rules="rules/solo.md")
