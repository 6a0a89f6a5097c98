"""Partnership Whist (classic with honours and rubber; Whist with dummy): presenter, sheet, form parser."""
from __future__ import annotations

from .. import Siblings
from . import present, sheet

FAMILY = Siblings("partnership", present, sheet, rules="rules/partnership.md")
