"""Partnership Whist (classic with honours and rubber; Whist with dummy): presenter, sheet, form parser."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from .. import Siblings
from . import present, sheet, stats

FAMILY = Siblings("partnership", present, sheet, stats, hand_word=_l("deal %(n)s"),
                  hands_word=_l("Deals"), rules="rules/partnership.md")
