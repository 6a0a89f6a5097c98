"""Partnership Whist in the API: the body of `PUT …/hands/<n>` (one call per deal) and a deal and game as
answered."""
from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...rules.base import TricksSum
from ...rules.partnership import HONOURS, TRICKS
from ...model.shapes import MISSING, Answer, Body, GameAnswer, Standing, Trump, listing, variants_of, whole

class PartnershipHandBody(Body):
    """A deal of whist-classico, whist-morto: any of the fields; those left out keep what was recorded."""

    # The numbers are per side: [side 0 (seats 0 and 2), side 1 (seats 1 and 3)].

    trump: Trump | MISSING = Field(MISSING, description="H, D, C, S (the turned card); in whist-morto also NT (the "
                                                        "dealer's choice). The tricks need a trump.")
    tricks: Annotated[list[Annotated[int, *whole("tricks", 0, TRICKS, error=TricksSum)]], *listing("tricks", 2, 2)] \
        | MISSING = Field(MISSING, description="Tricks per side, adding up to 13.")
    honours: Annotated[list[Annotated[int, *whole("honours", 0, HONOURS)]], *listing("honours", 2, 2)] | MISSING = \
        Field(MISSING, description="whist-classico: the honours (A K Q J of trumps) each side held; four in all.")
    revokes: Annotated[list[Annotated[int, *whole("revokes", 0, 1)]], *listing("revokes", 0, 2)] | MISSING = Field(
        MISSING, description="The sides that revoked ([] for none).")
    remarks: Annotated[list[Annotated[int, *whole("remarks", 0, TRICKS)]], *listing("remarks", 2, 2)] | MISSING = \
        Field(MISSING, description="whist-classico: the number of remarks per side.")


class PartnershipResult(Answer):
    points: list[int] = Field(description="What each side scored in the deal.")
    tricks: list[int] = Field(description="The tricks after revoke transfers.")
    game_score: list[int] | MISSING = Field(
        MISSING, description="whist-classico: the current game's score after the deal.")
    game_won_by: int | None | MISSING = Field(
        MISSING, description="whist-classico: the side that won a game with this deal.")
    game_value: int | None | MISSING = Field(
        MISSING, description="whist-classico: 1, 2 or 3 for a deal that won a game.")
    trick_points: list[int] | MISSING = Field(MISSING)
    honour_points: list[int] | MISSING = Field(MISSING)
    remark_points: list[int] | MISSING = Field(MISSING)


class PartnershipHand(Answer):
    number: int
    name: str
    cards: int
    trump: Trump | None
    dealer: int
    tricks: list[int] | None = Field(description="Per side, as recorded.")
    honours: list[int]
    revokes: list[int]
    remarks: list[int]
    scores: list[int] | None = Field(description="Per side.")
    totals: list[int] | None = Field(description="Per side, running.")
    game: int = Field(description="whist-classico: the game of the rubber; whist-morto: 1.")
    result: PartnershipResult | None
    declarer: int | MISSING = Field(MISSING, description="whist-morto: the dealer.")
    dummy: int | MISSING = Field(MISSING, description="whist-morto: the dealer's partner.")


class SideStanding(Standing):
    """`total` is the sum of the side's deal points; in whist-classico the place follows the rubber (its winner
    first; before that the games won, then the game being played), not that sum."""

    side: int
    games_won: int | MISSING = Field(MISSING, description="whist-classico: the games of the rubber the side has won.")
    rubber_points: int | None | MISSING = Field(
        MISSING, description="whist-classico: the side's rubber points once the rubber is decided, else null.")


class GameWon(Answer):
    winner: int
    value: int


class Rubber(Answer):
    games: list[GameWon]
    winner: int | None
    points: list[int] | None = Field(description="Rubber points per side once the rubber is decided.")


class PartnershipGame(GameAnswer):
    """A game of partnership Whist: scores and totals per side."""

    variant: Annotated[str, variants_of("partnership")]
    hands: list[PartnershipHand]
    standings: list[SideStanding]
    side_names: list[str]
    deals: int | MISSING = Field(MISSING, description="whist-morto: the deals of the match (4).")
    rubber: Rubber | MISSING = Field(MISSING, description="whist-classico.")
    game_score: list[int] | MISSING = Field(MISSING, description="whist-classico: the score of the game being played.")


HandBody, Game = PartnershipHandBody, PartnershipGame
