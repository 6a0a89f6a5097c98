"""Solo Whist in the API: the body of `PUT …/hands/<n>` (the final contract of a deal) and a deal and game as
answered."""
from __future__ import annotations

from typing import Annotated

from pydantic import BeforeValidator, Field

from ...rules.base import N_, InvalidInput, _short
from ...rules.solo import CONTRACTS, PASS, SEATS, TRICKS, check_contract, check_tricks
from ...model.shapes import MISSING, Answer, Body, GameAnswer, OneOf, Suit, seat, variants_of

CONTRACT_IDS = (PASS, *CONTRACTS)


def _contract(value):
    check_contract(value)
    return value


def _trump(value):
    if value is not None and value not in Suit.__args__:
        raise InvalidInput(N_("“%(value)s” is not a trump of Solo Whist: the trump is a suit, H, D, C or S (no "
                              "contract is played in no trump), or null."), field="trump", value=_short(value))
    return value


def _tricks(value):
    return value if value is None else check_tricks(value)


class SoloHandBody(Body):
    """A deal of solo-whist: the whole record for the current deal; for an earlier one the fields sent replace the
    recorded ones (null clears one)."""

    contract: Annotated[str, OneOf(CONTRACT_IDS), BeforeValidator(_contract)] | MISSING = MISSING
    declarer: Annotated[int, *seat("declarer", SEATS)] | None | MISSING = Field(
        MISSING, description="The seat that played the contract.")
    partner: Annotated[int, *seat("partner", SEATS)] | None | MISSING = Field(
        MISSING, description="A proposal only: the seat that accepted.")
    trump: Annotated[Suit | None, BeforeValidator(_trump)] | MISSING = Field(MISSING, description=(
        "The turned card in proposal, solo, abondance-trump; the declarer's suit in abondance; none otherwise."))
    tricks: Annotated[int | None, Field(ge=0, le=TRICKS), BeforeValidator(_tricks)] | MISSING = Field(
        MISSING, description="The tricks the declarer took (both partners together in a proposal).")


class SoloResult(Answer):
    made: bool | None = Field(description="Null for a pass.")
    difference: int = Field(description="Tricks over (+) or under (−) the target; misère: 0 made, −tricks failed.")
    scores: list[int]


class SoloHand(Answer):
    number: int
    name: str
    cards: int
    dealer: int
    trump: Suit | None
    contract: Annotated[str, OneOf(CONTRACT_IDS)] | None
    declarer: int | None
    partner: int | None
    tricks: int | None
    counted: bool = Field(description="False for a pass (and for the deal in progress).")
    scores: list[int] | None
    totals: list[int] | None
    result: SoloResult | None


class Payment(Answer):
    payer: int
    payee: int
    amount: int = Field(description="In points or stakes.")
    money: str | MISSING = Field(MISSING, description="With a stake: the amount as money, a decimal string.")


class SoloGame(GameAnswer):
    """A game of Solo Whist."""

    variant: Annotated[str, variants_of("solo")]
    hands: list[SoloHand]
    deals_played: int = Field(description="Deals played, passes not counted.")
    deals: int | None = Field(description="The option `deals` (null: open).")
    ended: bool = Field(description="The scorer ended the game.")
    settlement: list[Payment] = Field(description="The fewest payments that settle the totals so far.")
    money_totals: list[str] | MISSING = Field(MISSING, description="With a stake: each total as money.")


HandBody, Game = SoloHandBody, SoloGame
