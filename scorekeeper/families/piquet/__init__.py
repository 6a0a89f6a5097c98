"""Piquet: declarations, the play trick by trick, repique and pique, the partie with its rubicon."""
from __future__ import annotations

from .. import Siblings
from . import present, sheet

FAMILY = Siblings("piquet", present, sheet, rules="rules/piquet.md")
