"""Saved house rules (#23) as the pages show them: this phone's sets as listed (home and new-game pages), a set
opened on the new-game form, and what the form runs to save its rules.

The new-game form saves its rules when "Save these rules as…" is filled in (`saving_from`): a name already used
on this phone brings the form back asking to confirm the overwrite, and nothing is created or changed until the
table confirms. A set opened on the form (`?rules=<id>`) is updated under its own name without that question.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass

from flask_babel import gettext
from werkzeug.datastructures import MultiDict

from ...rules import VARIANTS, find_variant
from ...service import house_rules
from ..assets.labels import chosen_options, option_label, variant_name
from ..gate.per_request import get_db
from . import devices


@dataclass(frozen=True)
class ShownSet:
    """One saved set as the lists show it, in the reader's language."""

    id: str
    name: str
    game: str  # the variant's name
    players: str  # "Anna, Bruno, Carla, Dario"
    dealer: str  # who deals first in the next game, or that the dealer is drawn
    changed: list[tuple[str, str]]  # the options that differ from the variant's defaults, as (name, value)
    once: str  # the key its Start sends: tapped twice, one game; a set's own, so one list starts several sets


def listed() -> dict:
    """What a page listing this phone's sets gives its template."""
    return {"saved_sets": shown_sets()}


def shown_sets() -> list[ShownSet]:
    """This phone's saved sets, the one used most recently first (a set of a game this server no longer has is left
    out: it could not start)."""
    return [_shown(rules) for rules in house_rules.listed(get_db(), devices.device(create=False))
            if rules.variant in VARIANTS]


def _shown(rules: house_rules.HouseRules) -> ShownSet:
    variant = find_variant(rules.variant)
    dealer = rules.next_dealer
    return ShownSet(rules.id, rules.name, variant_name(variant), ", ".join(rules.players),
                    gettext("the first dealer is drawn") if dealer is None else
                    gettext("%(name)s deals first", name=rules.players[dealer]), _changed(variant, rules.options),
                    secrets.token_urlsafe(18))


def _changed(variant, options: dict) -> list[tuple[str, str]]:
    """The house rules of a set as the sheet lists them, only those that differ from the variant's defaults (an
    amount of money is listed, with its currency, when either changed)."""
    differ = {option.name for option in variant.options if options.get(option.name, option.default) != option.default}
    differ |= {option.name for option in variant.options if option.kind == "money" and option.currency in differ}
    labels = {option_label(name) for name in differ}
    return [(label, text) for label, text in chosen_options(variant, options) if label in labels]


def prefilled(set_id: str):
    """A saved set on the new-game form: its variant, the form as if typed (players, next dealer, confirmation,
    name) and its options as chosen."""
    rules = house_rules.find(get_db(), devices.device(create=False), set_id)
    dealer = rules.next_dealer
    form = MultiDict([("player", name) for name in rules.players])
    form.update({"first_dealer": "draw" if dealer is None else str(dealer), "rules_name": rules.name,
                 "rules": rules.id, **({"confirmation": "on"} if rules.confirmation else {})})
    variant = find_variant(rules.variant)
    return variant, form, {**{option.name: option.default for option in variant.options}, **rules.options}


def saving_from(form):
    """What the new game runs in its transaction to save its rules as the form's "Save these rules as…" name;
    None when that field is left empty. A bad name is refused here, before anything is created."""
    name = form.get("rules_name", "")
    if not name.strip():
        return None
    return house_rules.saving(devices.device(create=True), name, replace=form.get("replace"),
                              editing=form.get("rules"))
