"""The "bid exactly" family (Wist, Cagliari, tournament Whist): its presenter, sheet and form parser."""
from __future__ import annotations

from .. import Siblings
from . import present, sheet

FAMILY = Siblings("predictions", present, sheet, rules="rules/bid-exactly.md")
