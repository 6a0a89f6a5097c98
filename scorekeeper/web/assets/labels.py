"""Translated names of options and their values, for the new-game form and the sheet: each family declares
its own (`Family.labels`); tests/contract checks that every option and value of every variant has one."""
from __future__ import annotations

from flask_babel import gettext

from ...families import FAMILIES
from ...families.common import money_text
from ...rules import VARIANTS


def _merged(words: str) -> dict:
    """Every family's words of one kind in one table (each family names its own options and values)."""
    return {key: text for family in FAMILIES.values() for key, text in getattr(family, words).items()}


LABELS, HINTS, VARIANT_NAMES = _merged("labels"), _merged("hints"), _merged("variant_names")


def variant_name(variant) -> str:
    return str(VARIANT_NAMES.get(variant.id, variant.name))


def game_name(variant_id: str) -> str:
    """A variant's name by its id (a tournament's game, #23)."""
    return variant_name(VARIANTS[variant_id])


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
        if option.name in currencies or not option.matters(options):
            continue
        value = options.get(option.name)
        if option.kind == "list" and value is not None:
            text = ", ".join(map(str, value))
        elif option.kind == "yesno":
            text = gettext("yes") if value else gettext("no")
        elif value is None:
            text = gettext("no limit") if option.kind == "number" else gettext("none")
        elif option.kind == "money":
            text = money_text(value, options.get(option.currency) if option.currency else None)
        else:
            text = option_label(value, option.name)
        shown.append((option_label(option.name), text))
    return shown


FOLD_RULES_AFTER = 4  # house rules the sheet lists open; more are folded, so that the entry stays on the first screen


def span_of(numbers) -> str:
    """(3, 4, 5, 6, 7) → "3–7", (4,) → "4": the counts of players a game takes, as a range (they have no gaps)."""
    return f"{min(numbers)}–{max(numbers)}" if len(numbers) > 1 else str(numbers[0])


def one_of(numbers) -> str:
    """(3, 4, 5) → "3, 4 or 5" in the reader's language."""
    numbers = [str(n) for n in numbers]
    if len(numbers) == 1:
        return numbers[0]
    return gettext("%(some)s or %(last)s", some=", ".join(numbers[:-1]), last=numbers[-1])



def rated_family(family_id: str) -> str:
    """A club ladder's family as players name it (#37): the club page, the TV, a player's page, the card."""
    return str(FAMILIES[family_id].rated_as)


def former_player() -> str:
    """A player removed from a club (#37): their name is gone for good."""
    return gettext("a former player")


def member_name(member) -> str:
    """A club's roster player as every page and file names them: their name (nickname), or "a former player"."""
    return member.known_as or former_player()
