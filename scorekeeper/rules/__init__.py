"""Pure game rules: the registry of variants. Nothing here imports the rest of the app."""
from __future__ import annotations

from .base import InvalidInput, InvalidOption, N_, RuleError, check_players, resolve_options
from .house import PRESETS
from .partnership import WHIST_CLASSICO, WHIST_MORTO
from .piquet import PIQUET
from .solo import SOLO_WHIST
from .torneo import WHIST_TORNEO
from .wist import WIST, WIST_CAGLIARI

VARIANTS = {variant.id: variant for variant in (WIST, WIST_CAGLIARI, WHIST_TORNEO, *PRESETS, WHIST_CLASSICO,
                                                     WHIST_MORTO, SOLO_WHIST, PIQUET)}


def find_variant(variant_id: object):
    """The variant with this id, or an `InvalidOption` naming the ones there are."""
    variant = VARIANTS.get(variant_id) if isinstance(variant_id, str) else None
    if variant is None:
        raise InvalidOption(N_("Unknown game “%(id)s”; choose one of: %(ids)s."), field="variant",
                            id=str(variant_id)[:40], ids=", ".join(VARIANTS))
    return variant


def new_game(variant_id: object, players: object, first_dealer: object, options: object):
    """Check everything a new game needs and return its starting state."""
    variant = find_variant(variant_id)
    names = check_players(players, variant.players)
    if options is not None and not isinstance(options, dict):
        raise InvalidOption(N_("Options must be a set of name and value pairs."))
    effective = resolve_options(variant.options, options)
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not 0 <= first_dealer < len(names):
        raise InvalidInput(N_("The first dealer must be one of the players."), field="first_dealer")
    return variant.new_game(names, first_dealer, effective)


__all__ = ["VARIANTS", "RuleError", "find_variant", "new_game"]
