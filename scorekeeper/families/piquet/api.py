"""Piquet in the API: the body of `PUT …/hands/<n>` (a whole deal: declarations and play) and a deal and game
as answered."""
from __future__ import annotations

from typing import Annotated

from pydantic import BeforeValidator, Field, WithJsonSchema

from ...rules.base import N_, InvalidInput, TricksSum, _short, check_int
from ...rules.piquet import PLAYERS, TRICKS, point_values, sequence_totals, set_totals
from ...model.shapes import MISSING, Answer, Body, GameAnswer, listing, variants_of, whole

MOST = 99  # the most points a class or the play is recorded with (the rules then check what a hand can score)
POINTS = point_values("cards") | point_values("pips")  # the point, counted either way (an option of the game)


def declared(values: frozenset[int], description: str) -> WithJsonSchema:
    """What the two players scored in one class of declarations: each a value some hand of twelve cards scores
    (the rules say which, `rules.piquet`), and one of the two 0 — the document says so; the rules check it
    (with the carte blanche, which narrows what a hand can hold). On a pair of `Scored`."""
    scored = sorted(values - {0})
    return WithJsonSchema({"type": "array", "minItems": PLAYERS, "maxItems": PLAYERS, "items": {"type": "integer"},
                           "anyOf": [{"prefixItems": [{"const": 0}, {"enum": [0, *scored]}]},
                                     {"prefixItems": [{"enum": scored}, {"const": 0}]}],
                           "description": description})


def _winners(values):
    """As the rules check them: each a seat, then twelve of them (fewer or more do not add up: `tricks_sum`)."""
    if not isinstance(values, list):
        raise InvalidInput(N_("Give “%(key)s” as a list of %(low)s values."), field="trick_winners",
                           key="trick_winners", low=TRICKS)
    for value in values:
        check_int(value, "trick_winners", 0, PLAYERS - 1)
    if len(values) != TRICKS:
        raise TricksSum(N_("%(count)s tricks were given, but a deal has 12 tricks: give the winner of each."),
                        field="trick_winners", count=len(values))
    return values


def _pique(value):
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < PLAYERS):
        raise InvalidInput(N_("There is no seat %(seat)s at this table."), field="pique", seat=_short(value))
    return value


class PiquetHandBody(Body):
    """A deal of piquet: the declarations per player and the play, trick by trick or as totals (not both). For a
    correction the fields sent replace the recorded ones."""

    carte_blanche: Annotated[list[bool], Field(min_length=PLAYERS, max_length=PLAYERS, description=(
        "Per player: true for a hand without king, queen or jack."))] | MISSING = MISSING
    point: Annotated[list[Annotated[int, *whole("point", 0, MOST)]], *listing("point", PLAYERS, PLAYERS), declared(
        POINTS, "Per player, what they scored for the point; one of the two is 0.")] | MISSING = MISSING
    sequences: Annotated[list[Annotated[int, *whole("sequences", 0, MOST)]], *listing("sequences", PLAYERS, PLAYERS),
                         declared(sequence_totals(), "Per player, what their sequences scored; one of the two is 0.")] \
        | MISSING = MISSING
    sets: Annotated[list[Annotated[int, *whole("sets", 0, MOST)]], *listing("sets", PLAYERS, PLAYERS), declared(
        set_totals(), "Per player, what their sets scored; one of the two is 0.")] | MISSING = MISSING
    trick_winners: Annotated[list[Annotated[int, Field(ge=0, le=PLAYERS - 1)]], Field(
        min_length=TRICKS, max_length=TRICKS, description="The seat that won each of the 12 tricks, in order."),
        BeforeValidator(_winners)] | MISSING = MISSING
    play_points: Annotated[list[Annotated[int, *whole("play_points", 0, MOST)]], *listing(
        "play_points", PLAYERS, PLAYERS)] | MISSING = Field(
        MISSING, description="Instead of `trick_winners`: each player's play points.")
    tricks_won: Annotated[list[Annotated[int, *whole("tricks_won", 0, TRICKS, error=TricksSum)]], *listing(
        "tricks_won", PLAYERS, PLAYERS)] | MISSING = Field(
        MISSING, description="With `play_points`: each player's tricks, adding up to 12.")
    pique: Annotated[int | None, Field(ge=0, le=PLAYERS - 1), BeforeValidator(_pique)] | MISSING = Field(
        MISSING, description="With the totals only, when they cannot decide it: the elder's seat if the elder made "
                             "pique; null for none.")


class PiquetResult(Answer):
    declarations: list[int]
    play: list[int]
    cards_bonus: list[int] = Field(description="10 for 7 tricks or more, 40 for a capot.")
    repique: int | None = Field(description="The seat that made it.")
    pique: int | None = Field(description="The seat that made it.")
    tricks_won: list[int]


class PiquetHand(Answer):
    number: int
    name: str
    cards: int
    trump: None
    dealer: int = Field(description="The younger hand.")
    elder: int
    carte_blanche: list[bool]
    point: list[int]
    sequences: list[int]
    sets: list[int]
    trick_winners: list[int] | None
    play_points: list[int] | None
    tricks_won: list[int] | None
    tricks: list[int] | None = Field(description="Tricks won per seat.")
    scores: list[int] | None
    totals: list[int] | None
    result: PiquetResult | None


class Partie(Answer):
    winner: int | None = Field(description="The seat; null until the partie is over, and for a draw.")
    value: int | None
    rubicon: bool
    draw: bool


class PiquetGame(GameAnswer):
    """A partie of Piquet."""

    variant: Annotated[str, variants_of("piquet")]
    hands: list[PiquetHand]
    partie: Partie
    deals: int = Field(description="Six, or eight after a tied six with the play-off.")


HandBody, Game = PiquetHandBody, PiquetGame
