"""What the families' presenters share: suit symbols, amounts of money, turning blanks in forms into values, a
hand's record."""
from __future__ import annotations

import re
from dataclasses import fields
from decimal import Decimal

from flask_babel import format_currency, format_decimal
from flask_babel import lazy_gettext as _l

from ..model import whole_or_none
from ..rules.base import typed_number

LETTERS_BY_DIGITS = re.compile(r"(?<=[A-Z])(?=\d)|(?<=\d)(?=[A-Z])")
SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠", "NT": _l("NT"), None: "?"}
SUIT_NAMES = {"H": _l("Hearts"), "D": _l("Diamonds"), "C": _l("Clubs"), "S": _l("Spades"), "NT": _l("no trump")}
RED = {"H", "D"}


def symbol(trump: str | None) -> str:
    return str(SUIT_SYMBOLS.get(trump, "?"))


def money_text(amount: str, currency: str | None) -> str:
    """An amount of money ("8.10", exact decimal text as the rules give it) as the reader writes it: in their
    locale, with the currency ("€8.10", "8,10 €"), or just the number where the game has none ("8,10")."""
    value = Decimal(amount)
    if currency is None:
        return format_decimal(value, format="#,##0.00")
    # A currency written in letters keeps a space from the digits ("CHF 8.10"), as CLDR's currency spacing says.
    return LETTERS_BY_DIGITS.sub("\u00a0", format_currency(value, currency))


def view_number(raw) -> int | None:
    """A small whole number from a page's query arguments; None for anything else."""
    return whole_or_none(raw)


def form_number(raw: str | None) -> int | str | None:
    """A number typed into a form: an int, None for a blank, or the text itself (the rules refuse it)."""
    return typed_number(raw)


def recorded(hand) -> dict:
    """A hand's record as the fields of a `hand` event (every family's record names them so): tuples as
    lists; the fields still at their default (None, no penalties, 0 honours…) are left out, as a new hand
    starts with them."""
    record = hand.record
    out = {}
    for field in fields(record):
        value = getattr(record, field.name)
        if value is not None and value != field.default:
            out[field.name] = list(value) if isinstance(value, tuple) else value
    return out
