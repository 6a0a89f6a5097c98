"""The "bid exactly" family (Wist, Cagliari, tournament Whist): its presenter, sheet and form parser."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from .. import Siblings
from . import present, sheet

FAMILY = Siblings("predictions", present, sheet, hand_word=_l("hand %(n)s"), rules="rules/bid-exactly.md")
