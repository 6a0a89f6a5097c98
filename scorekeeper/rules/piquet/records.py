"""Piquet's numbers and what is kept of a deal: the pack, the classes of declarations, a deal's record and
result, a partie."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..base import N_, Term



PLAYERS = 2
TRICKS = 12                 # 12 cards each: 12 tricks
HAND_CARDS = 12
DEALS = 6                   # a partie: each player deals three times
PLAYOFF_DEALS = 8           # a tie after six is played off with two more deals
CARTE_BLANCHE = 10
REPIQUE, PIQUE = 60, 30
REPIQUE_AT = PIQUE_AT = 30
CARDS_BONUS, CAPOT = 10, 40
RUBICON = 100               # a loser under 100 is rubiconed
PARTIE_BONUS = 100

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")      # low to high: the order of sequences
PIPS = {"7": 7, "8": 8, "9": 9, "10": 10, "J": 10, "Q": 10, "K": 10, "A": 11}
FACES = ("J", "Q", "K")                                 # a hand without any is a carte blanche
SET_RANKS = ("10", "J", "Q", "K", "A")                  # sets of 10 or higher only
SET_POINTS = {3: 3, 4: 14}                              # trio, quatorze
CLASSES = ("point", "sequences", "sets")                # after carte blanche, in the order announced
FIELDS = ("carte_blanche", "point", "sequences", "sets", "trick_winners", "play_points", "tricks_won",
          "pique")
CLASS_WORDS = {"point": Term(N_("the point")), "sequences": Term(N_("sequences")), "sets": Term(N_("sets"))}


def is_seat(value: Any) -> bool:
    """0 or 1, as a whole number: 1.0 and True are not seats (they compare equal to 1, and would be stored)."""
    return not isinstance(value, bool) and isinstance(value, int) and 0 <= value < PLAYERS


@dataclass(frozen=True)
class DealRecord:
    """What the scorer recorded for one deal (points per seat in each class; the play one way or the other)."""

    carte_blanche: tuple[bool, bool] = (False, False)
    point: tuple[int, int] = (0, 0)
    sequences: tuple[int, int] = (0, 0)
    sets: tuple[int, int] = (0, 0)
    trick_winners: tuple[int, ...] | None = None     # the seat winning each trick, in order
    play_points: tuple[int, int] | None = None       # or the play as totals...
    tricks_won: tuple[int, int] | None = None
    pique: int | None = None                          # ...with the seat that made pique (totals only)

    def play_totals(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The play as totals, (play points, tricks won), which a deal recorded without its tricks in order holds
        (the rules refuse one that gives neither)."""
        if self.play_points is None or self.tricks_won is None:
            raise ValueError("a deal recorded without its play as totals")
        return self.play_points, self.tricks_won


@dataclass(frozen=True)
class DealResult:
    declarations: tuple[int, int]
    play: tuple[int, int]
    cards_bonus: tuple[int, int]      # 10 for 7+ tricks, 40 for a capot
    repique: int | None               # the seat that made it
    pique: int | None
    scores: tuple[int, int]           # declarations + play + cards bonus + 60 repique + 30 pique
    tricks_won: tuple[int, int]


@dataclass(frozen=True)
class Deal:
    number: int
    dealer: int
    elder: int
    record: DealRecord
    result: DealResult | None         # None for the deal in progress
    totals: tuple[int, int] | None    # running totals after this deal

    @property
    def younger(self) -> int:
        return self.dealer

    @property
    def scores(self) -> tuple[int, int] | None:
        return self.result.scores if self.result else None

    @property
    def trump(self) -> None:
        """Piquet has no trump."""
        return None

    @property
    def tricks(self) -> tuple[int, int] | None:
        return self.result.tricks_won if self.result else None


@dataclass(frozen=True)
class Partie:
    winner: int | None
    value: int | None      # 100 + difference, or 100 + sum on a rubicon; None for a draw
    rubicon: bool
    draw: bool
