"""Which complete hands another player confirmed (#21), read from the event log alone (nothing replayed).

A game created with `confirmation` on asks for every complete hand (its result in) to be confirmed with one tap
on another player's own phone. A `confirm` event marks a hand confirmed; a `reopen` event (a player's phone,
or the tournament's organiser) or any change that touches the hand makes it unconfirmed again. While a hand is
confirmed it is locked: the service refuses a change or an undo that would alter its record or its scores.
Pure: no database, no Flask.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..rules.base import N_, StateConflict
from . import Loaded, sort_out


class HandConfirmed(StateConflict):
    code = "hand_confirmed"


class HandNotComplete(StateConflict):
    code = "hand_not_complete"


class StaleHand(StateConflict):
    """The hand changed after the page that confirms it was drawn: 409, since the confirmation is of what
    was shown, not of the game's version (If-Match's 412 stays the whole game's)."""

    code = "stale_hand"


@dataclass(frozen=True)
class Confirmed:
    hand: int
    seat: int | None  # who confirmed it
    at: str  # when (ISO time, UTC)


@dataclass(frozen=True)
class Confirmation:
    on: bool
    confirmed: dict[int, Confirmed]  # by hand number, the confirmations standing
    unconfirmed: tuple[int, ...]  # the complete hands still to confirm, in order


def asked(loaded: Loaded) -> bool:
    """Whether the game was created with `confirmation` on (a fact of its `created` event)."""
    return bool(loaded.events) and bool(loaded.events[0]["payload"].get("confirmation"))


def complete(state, number: int) -> bool:
    """A hand whose result is in (scored): the only kind there is to confirm."""
    hands = state.hands
    return isinstance(number, int) and 1 <= number <= len(hands) and hands[number - 1].scores is not None


def confirmation(loaded: Loaded) -> Confirmation:
    if not asked(loaded):
        return Confirmation(False, {}, ())
    _, undid = sort_out(loaded.events)
    confirmed: dict[int, Confirmed] = {}
    for row in loaded.events[1:]:
        hand = undid.get(row["seq"], row)["payload"].get("hand")  # an undo touches the hand of what it took back
        if row["type"] == "confirm":
            confirmed[hand] = Confirmed(hand, row["actor_seat"], row["created_at"])
        else:
            confirmed.pop(hand, None)
    state = loaded.state
    confirmed = {number: mark for number, mark in confirmed.items() if complete(state, number)}
    scored = (hand.number for hand in state.hands if hand.scores is not None)
    return Confirmation(True, confirmed, tuple(number for number in scored if number not in confirmed))


def check_unlocked(loaded: Loaded, after, hand) -> None:
    """Refuse a change (or an undo) of `hand` that leaves `after`, when it touches a confirmed hand: that hand
    itself, or the scores of one (a correction of an earlier deal can change a later one's)."""
    for number, mark in confirmation(loaded).confirmed.items():
        if number == hand or _scores(loaded.state, number) != _scores(after, number):
            raise HandConfirmed(N_("Hand %(hand)s was confirmed by %(name)s: a player must reopen it on their own "
                                   "phone before it can be changed."), hand=number,
                                name=loaded.state.players[mark.seat] if mark.seat is not None else "?")


def _scores(state, number: int):
    hands = state.hands
    return list(hands[number - 1].scores or ()) if number <= len(hands) else None
