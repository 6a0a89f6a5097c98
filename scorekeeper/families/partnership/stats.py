"""Partnership Whist's own statistics: the rubbers and the games of a rubber each player's side won."""
from __future__ import annotations

from collections import Counter

from flask_babel import lazy_gettext as _l

from .. import Figure

FIGURES = [
    Figure(_l("Rubbers won"), "rubbers_won", "rubbers", _l("rubbers played to the end and won by the player's side")),
    Figure(_l("Games won"), "games_won", "games", _l("games of a rubber won by the player's side, of all games "
                                                     "finished")),
]


def tally(state, seat: int) -> Counter:
    """Classic Whist: games and rubber won by the seat's side (dummy Whist has neither)."""
    if state.variant.dummy:
        return Counter()
    side = next(index for index, seats in enumerate(state.sides) if seat in seats)
    rubber = state.rubber
    counts = Counter(games=len(rubber.games), games_won=sum(1 for winner, _ in rubber.games if winner == side))
    if rubber.winner is not None:
        counts.update(rubbers=1, rubbers_won=int(rubber.winner == side))
    return counts


def figures(variant) -> list[Figure]:
    return [] if variant.dummy else FIGURES
