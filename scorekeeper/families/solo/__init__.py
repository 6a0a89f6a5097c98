"""Solo Whist: seven contracts, two ways to score, an open number of deals, who pays whom."""
from __future__ import annotations

from .. import Siblings
from . import present, sheet

FAMILY = Siblings("solo", present, sheet, rules="rules/solo.md")
