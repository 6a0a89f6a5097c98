"""Partnership Whist (classic with honours and rubber; Whist with dummy): presenter, sheet, form parser."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from .. import Siblings
from . import present, sheet

FAMILY = Siblings("partnership", present, sheet, hand_word=_l("deal %(n)s"), rules="rules/partnership.md")
