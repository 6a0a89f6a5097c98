"""Piquet: two players, 32 cards, a partie of six deals.

Per deal the scorer records what each player scored in the four classes of declarations (carte
blanche, point, sequences, sets) and the play: the winner of each of the 12 tricks in order, or
each player's play points and tricks won. Everything else is derived from those records alone:
the play points, the 10 (or 40 for a capot) for the cards, repique and pique, the running totals
and, after the six deals (eight with a play-off), the value of the partie with its rubicon.

Seats are 0 and 1; the dealer of deal n is (first dealer + n − 1) % 2 and is the younger hand, the
other player the elder hand (who leads the first trick and announces first).

The rules are read in this order: `records` (the pack's numbers, a deal's record and result), `declarations`
(what one hand can declare and score), `pack` (what two hands from one pack can declare together), `scoring`
(a deal's and the partie's scores), `game` (the variant and the game: deals in order, the checks of a deal).
The names the families and the tests use are importable from here, as before the split (#36).
"""
from __future__ import annotations

from .declarations import (
    point_points, point_scores, point_values, sequence_points, sequence_scores, sequence_totals, set_points,
    set_scores, set_totals,
)
from .game import PIQUET, PiquetGame, PiquetVariant
from .pack import Holding, deal_for, fits, set_names
from .records import CAPOT, DEALS, PIPS, PLAYERS, RANKS, TRICKS, Deal, DealRecord, DealResult, Partie
from .scoring import cards_bonus, partie_value, play_from_tricks, score_deal

__all__ = [
    "CAPOT", "DEALS", "PIPS", "PIQUET", "PLAYERS", "RANKS", "TRICKS", "Deal", "DealRecord", "DealResult", "Holding",
    "Partie", "PiquetGame", "PiquetVariant", "cards_bonus", "deal_for", "fits", "partie_value", "play_from_tricks",
    "point_points", "point_scores", "point_values", "score_deal", "sequence_points", "sequence_scores",
    "sequence_totals", "set_names", "set_points", "set_scores", "set_totals",
]
