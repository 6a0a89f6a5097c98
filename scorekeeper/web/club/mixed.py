"""Exact table points for people: mixed numbers with vulgar fraction characters (4⅓, 8½, ⅔).

Where Unicode has no single character for the fraction the generic form is used ("4 3/7").
The API keeps its own exact form ("13/3", `rules.base.format_fraction`); this is only for pages.
"""
from __future__ import annotations

from fractions import Fraction

VULGAR = {
    (1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕", (2, 5): "⅖",
    (3, 5): "⅗", (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 7): "⅐", (1, 8): "⅛", (3, 8): "⅜",
    (5, 8): "⅝", (7, 8): "⅞", (1, 9): "⅑", (1, 10): "⅒",
}


def mixed(value) -> str:
    """13/3 → "4⅓", 17/2 → "8½", 2/3 → "⅔", 31/7 → "4 3/7", 8 → "8", -5/2 → "−2½"."""
    if value is None:
        return ""
    value = Fraction(value)
    sign = "−" if value < 0 else ""
    value = abs(value)
    whole, rest = divmod(value.numerator, value.denominator)
    if rest == 0:
        return f"{sign}{whole}"
    char = VULGAR.get((rest, value.denominator))
    if char:
        return f"{sign}{whole or ''}{char}"
    return f"{sign}{whole} {rest}/{value.denominator}" if whole else f"{sign}{rest}/{value.denominator}"
