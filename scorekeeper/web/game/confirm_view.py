"""What a sheet shows of the opponents' confirmation (#21), whatever the game: the mark on each hand still to
confirm, and on a player's own phone the hand to confirm — its record in words and each player's (or side's) bid,
tricks and score, from the family's presenter — with its one-tap button."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...families import family_of
from ...model import EVERYTHING, Access, Loaded
from ...model.confirmation import Confirmation, confirmation


@dataclass(frozen=True)
class Line:
    who: str  # a player, or a side
    bid: object
    tricks: object
    score: object


@dataclass(frozen=True)
class HandToConfirm:
    number: int
    title: str  # "hand 3", "deal 3": the family's word
    record: str  # what was recorded, in the reader's language
    lines: list[Line]
    bids: bool  # whether the game has bids (a column for them)
    tricks: bool
    more: int  # the hands still to confirm after this one


@dataclass(frozen=True)
class ConfirmPanel:
    marks: Confirmation
    hand: HandToConfirm | None  # on a player's own phone, or the scorer's passed round, the first hand to confirm
    hand_word: Any  # the family's "hand %(n)s" or "deal %(n)s"
    unconfirmed: frozenset = field(default_factory=frozenset)  # the rows the grid marks
    on_scorers_phone: frozenset = field(default_factory=frozenset)  # the rows confirmed on the scorer's phone
    by: dict = field(default_factory=dict)  # who confirmed each confirmed row, by hand number (#35)
    players: tuple = ()  # who may confirm on the scorer's phone passed round (#35): any seated player

    def title(self, number: int) -> str:
        return str(self.hand_word % {"n": number})


def confirm_panel(loaded: Loaded, who: Access) -> ConfirmPanel:
    """A player's own phone asks them to confirm; the scorer's can be passed to a player who confirms there (#35)."""
    marks = confirmation(loaded)
    hand = _first_to_confirm(loaded, marks) if who.role in ("seat", "scorer") and marks.to_ask else None
    players = loaded.state.players
    return ConfirmPanel(marks, hand, family_of(loaded.state.variant).hand_word, frozenset(marks.unconfirmed),
                        frozenset(number for number, mark in marks.confirmed.items() if mark.on_scorers_phone),
                        {number: players[mark.seat] for number, mark in marks.confirmed.items()
                         if mark.seat is not None and mark.seat < len(players)},
                        tuple(players) if who.role == "scorer" else ())


def _first_to_confirm(loaded: Loaded, marks: Confirmation) -> HandToConfirm:
    """A complete hand has no secret left (its tricks are in), so the player sees it whole, as everyone does."""
    state, family = loaded.state, family_of(loaded.state.variant)
    number = marks.to_ask[0]
    rows = [row for row in family.csv_rows(state) if row["hand"] == number]
    lines = [Line(row["player"], row["bid"], row["tricks"], row["score"]) for row in rows]
    record = family.history_text(family.csv_record(state.hand(number)), state, EVERYTHING)
    return HandToConfirm(number, str(family.hand_word % {"n": number}), record, lines,
                         bids=any(line.bid is not None for line in lines),
                         tricks=any(line.tricks is not None for line in lines), more=len(marks.to_ask) - 1)
