"""Partnership Whist (classic with honours and rubber; Whist with dummy): presenter, sheet, form parser."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from .. import Siblings
from . import api, present, sheet, stats

FAMILY = Siblings("partnership", present, sheet, stats, api, hand_word=_l("deal %(n)s"),
                  hands_word=_l("Deals"), rules="rules/partnership.md",
                  scored_by=("tricks",))  # the turned card, honours and penalties alone leave the deal open
