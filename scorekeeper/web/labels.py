"""Translated names of options and their values, for the new-game form and the sheet."""
from __future__ import annotations

from flask_babel import gettext
from flask_babel import lazy_gettext as _l

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
    "system=1": _l("Points, with over- and under-tricks"),
    "system=2": _l("Stakes (the declarer against each opponent)"),
    "stake": _l("Money per point or stake (e.g. 0.10)"),
    "deals": _l("Number of deals (empty: until you stop)"),
    "point_count": _l("Count the point by"),
    "point_count=cards": _l("cards (a point of 5 scores 5)"),
    "point_count=pips": _l("pips, in tens rounded half up (45 scores 5)"),
    "tie": _l("A tie after six deals"),
    "tie=playoff": _l("is played off with two more deals"),
    "tie=draw": _l("is a draw"),
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


def chosen_options(variant, options: dict) -> list[tuple[str, str]]:
    """The game's house rules as the sheet lists them: (option, value) in the reader's language."""
    shown = []
    for option in variant.options:
        value = options.get(option.name)
        if option.kind == "yesno":
            text = gettext("yes") if value else gettext("no")
        elif value is None:
            text = gettext("none")
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
