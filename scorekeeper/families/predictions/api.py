"""The "bid exactly" games in the API: the body of `PUT …/hands/<n>` and a hand and game as answered."""
from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Field, WithJsonSchema

from ...rules.base import N_, InvalidInput, _short
from ...model.shapes import (MISSING, MOST_CARDS, MOST_SEATS, Answer, Body, GameAnswer, Trump, listing, seat,
    variants_of)

PLAYERS = (3, MOST_SEATS)  # the fewest and the most players of the family's variants


def count(field: str) -> tuple[Any, ...]:
    """A bid or a count of tricks: a whole number (never a bool, never 1.0). Its range is the hand's, 0 to its
    cards, which the rules check against the hand itself (the document gives the most any hand deals)."""
    def checked(value):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidInput(N_("“%(value)s” is not a whole number."), field=field, value=_short(value))
        return value
    return BeforeValidator(checked), WithJsonSchema({"type": "integer", "minimum": 0, "maximum": MOST_CARDS})


class Bid(Body):
    """One player's bid."""

    asks: ClassVar[dict] = {"bid": lambda: InvalidInput(N_("Say which bid: {\"bid\": 2}."), field="bid")}
    bid: Annotated[int, *count("bid")]


class PredictionsHandBody(Body):
    """A hand of wist, wist-cagliari, whist-torneo: any of the fields (`bids`, `tricks` one value per seat)."""

    trump: Trump | None | MISSING = Field(MISSING, description=(
        "The suit of the turned card (Cagliari, whist-torneo), before the tricks; where the trump is fixed only "
        "that value. Null changes nothing."))
    bids: Annotated[list[Annotated[int, *count("bids")] | None], *listing("bids", *PLAYERS)] | MISSING = Field(
        MISSING, description="One per seat; null leaves a seat without a bid (not in a scored hand).")
    tricks: Annotated[list[Annotated[int, *count("tricks")]], *listing("tricks", *PLAYERS)] | MISSING = Field(
        MISSING, description="One per seat, adding up to the cards of the hand; every bid must be in.")
    penalties: Annotated[list[Annotated[int, *seat("penalties", MOST_SEATS)]], *listing("penalties", 0, MOST_SEATS)] \
        | MISSING = Field(MISSING, description="whist-torneo: the seats that made an illegal play (they score 0 and "
                                               "fail).")


class PredictionsResult(Answer):
    failed: list[bool] = Field(description="whist-torneo: per seat, whether the contract failed.")


class PredictionsHand(Answer):
    number: int
    name: str = Field(description="The round's name in Wist; \"\" in the other games.")
    cards: int
    trump: Trump | None = Field(description="Null while the turned card has not been recorded.")
    dealer: int
    order: list[int] = Field(description="The bidding order: from the player after the dealer round to the dealer.")
    bids: list[int | None] = Field(description="Per seat; null for a bid not made yet, or hidden (sealed rounds).")
    forbidden_bid: int | None = Field(description="The dealer's forbidden bid, once every other player has bid.")
    sealed: bool = Field(description="True while the bids of a sealed round are hidden from this key.")
    bids_in: list[bool] | MISSING = Field(
        MISSING, description="Sealed rounds only: per seat, whether that seat has bid.")
    tricks: list[int] | None
    scores: list[int] | None
    totals: list[int] | None
    result: PredictionsResult | None = Field(description="whist-torneo once scored: `{\"failed\": [...]}`.")
    next_bidder: int | None
    bidding: Literal["normal", "blind", "sealed", "none"]
    penalties: list[int] | MISSING = Field(
        MISSING, description="whist-torneo: the seats penalised for an illegal play.")


class ScheduledHand(Answer):
    number: int
    name: str
    cards: int
    trump: Trump | None = Field(description="A suit, NT, or null when a card will be turned.")
    bidding: Literal["normal", "blind", "sealed", "none"]


class PredictionsGame(GameAnswer):
    """A game of the bid-exactly family."""

    variant: Annotated[str, variants_of("predictions")]
    hands: list[PredictionsHand]
    schedule: list[ScheduledHand] = Field(description="Every hand of the game, future ones included.")
    failed_contracts: list[int] | MISSING = Field(MISSING, description="whist-torneo: failed contracts per seat.")


BidBody, HandBody, Game = Bid, PredictionsHandBody, PredictionsGame
