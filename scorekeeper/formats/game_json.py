"""A game as the API (and the event stream) shows it to one caller.

What every game has is laid out here; the family adds its own hand fields and game fields, and
what the caller may see was decided once by `model.visibility`.
"""
from __future__ import annotations

from ..families import family_of
from ..model import Access, Loaded, visibility
from ..model.confirmation import confirmation
from ..rules.base import format_fraction
from ..store.turns import taking_turns


def game_json(loaded: Loaded, access: Access | None) -> dict:
    state = loaded.state
    family = family_of(state.variant)
    seen = visibility(loaded, access)
    data = {
        "id": loaded.id, "variant": state.variant.id, "options": dict(state.options),
        "version": loaded.version, "status": "finished" if state.finished else "in_progress",
        "players": list(state.players),
        "sides": [list(side) for side in state.sides] if state.sides else None,
        "first_dealer": state.first_dealer, "current_hand": state.current_hand,
        "hands": [family.hand_json(hand, state, seen) for hand in taking_turns(state.hands)],
        "totals": list(state.totals),
        "standings": [{"seat": p.seat, "player": state.players[p.seat], "place": p.place, "total": p.total,
                       "table_points": format_fraction(p.table_points) if p.table_points is not None else None}
                      for p in state.standings],
        "confirmation": confirmation_json(loaded),
    }
    data.update(family.game_json(state, seen))
    return data


def confirmation_json(loaded: Loaded) -> dict:
    """Which complete hands are still to confirm, and who confirmed the others when (#21), and whether on the
    phone that holds the scorer's link (#33)."""
    marks, players = confirmation(loaded), loaded.state.players
    return {"on": marks.on, "unconfirmed": list(marks.unconfirmed),
            "confirmed": [{"hand": mark.hand, "by": players[mark.seat] if mark.seat is not None else None,
                           "at": mark.at, "on_scorers_phone": mark.on_scorers_phone}
                          for _, mark in sorted(marks.confirmed.items())]}
