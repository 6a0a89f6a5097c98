"""Piquet: declarations, the play trick by trick, repique and pique, the partie with its rubicon."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from .. import Siblings
from . import api, present, sheet, stats

FAMILY = Siblings("piquet", present, sheet, stats, api, hand_word=_l("deal %(n)s"),
                  hands_word=_l("Deals"), rules="rules/piquet.md")
