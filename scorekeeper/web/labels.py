"""Translated names of options and their values, for the new-game form and the sheet."""
from __future__ import annotations

from flask_babel import gettext
from flask_babel import lazy_gettext as _l

from ..families.common import money_text

LABELS = {
    "direction": _l("Direction of play"),
    "counterclockwise": _l("Counter-clockwise"),
    "clockwise": _l("Clockwise"),
    "sealed_buio": _l("Buio with sealed bids (written on slips, like Biglietti)"),
    "trump_may_always_cut": _l("Trump may always cut (play rule, shown only)"),
    "double_one": _l("Play the 1-card hand twice (26 hands)"),
    "scheme": _l("Hand schedule"),
    "ridotto": _l("Ridotto (short, 14 hands)"),
    "completo": _l("Completo (full, 24 hands)"),
    "target": _l("Points for a game"),
    "honours": _l("Count honours (A K Q J of trumps)"),
    "laws": _l("Laws of Short Whist: honours 4 and 2, a revoke costs 3 tricks, no remark penalty"),
    "system": _l("Scoring"),
    "system=1": _l("Points"),
    "system=2": _l("Stakes"),
    "stake": _l("Money per point or stake"),
    "currency": _l("Currency"),
    "currency=EUR": _l("euro (€)"),
    "currency=GBP": _l("pound sterling (£)"),
    "currency=USD": _l("US dollar ($)"),
    "currency=CHF": _l("Swiss franc (CHF)"),
    "currency=None": _l("none: just the amount"),
    "deals": _l("Number of deals"),
    "point_count": _l("Count the point by"),
    "point_count=cards": _l("cards (a point of 5 scores 5)"),
    "point_count=pips": _l("pips, in tens rounded half up (45 scores 5)"),
    "tie": _l("A tie after six deals"),
    "tie=playoff": _l("is played off with two more deals"),
    "tie=draw": _l("is a draw"),
}

HINTS = {  # what the new-game form adds to an option's name or value, and the sheet's house rules leave out
    "system=1": _l("with over- and under-tricks"),
    "system=2": _l("the declarer against each opponent"),
    "stake": _l("e.g. 0.10; empty: no money"),
    "deals": _l("empty: until you stop"),
}

VARIANT_NAMES = {  # the names players use in each language; the rules keep one name per variant
    "whist-classico": _l("Whist (classic, with honours and rubber)"),
    "whist-morto": _l("Whist with dummy"),
}


def variant_name(variant) -> str:
    return str(VARIANT_NAMES.get(variant.id, variant.name))


def option_label(name, option: str | None = None) -> str:
    """An option's name, or one of its values (`option` names the option the value belongs to)."""
    return str(LABELS.get(f"{option}={name}", LABELS.get(name, str(name))))


def option_hint(name, option: str | None = None) -> str:
    """What the new-game form adds to an option's name, or to one of its values ("" for most)."""
    return str(HINTS.get(f"{option}={name}" if option else name, ""))


def chosen_options(variant, options: dict) -> list[tuple[str, str]]:
    """The game's house rules as the sheet lists them: (option, value) in the reader's language. An amount of
    money is written with its currency (whose own option is then not listed), as the reader writes amounts."""
    shown = []
    currencies = {option.currency for option in variant.options if option.kind == "money"}
    for option in variant.options:
        if option.name in currencies:
            continue
        value = options.get(option.name)
        if option.kind == "yesno":
            text = gettext("yes") if value else gettext("no")
        elif value is None:
            text = gettext("no limit") if option.kind == "number" else gettext("none")
        elif option.kind == "money":
            text = money_text(value, options.get(option.currency) if option.currency else None)
        else:
            text = option_label(value, option.name)
        shown.append((option_label(option.name), text))
    return shown


def one_of(numbers) -> str:
    """(3, 4, 5) → "3, 4 or 5" in the reader's language."""
    numbers = [str(n) for n in numbers]
    if len(numbers) == 1:
        return numbers[0]
    return gettext("%(some)s or %(last)s", some=", ".join(numbers[:-1]), last=numbers[-1])
