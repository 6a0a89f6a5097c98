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
    scores: list | None  # the hand's scores as confirmed: what no later change may alter


@dataclass(frozen=True)
class Confirmation:
    on: bool
    confirmed: dict[int, Confirmed]  # by hand number, the confirmations standing
    unconfirmed: tuple[int, ...]  # the complete hands still to confirm, in order


def asked(events: list[dict]) -> bool:
    """Whether the game was created with `confirmation` on (a fact of its `created` event)."""
    return bool(events) and bool(events[0]["payload"].get("confirmation"))


def standing_marks(events: list[dict]) -> dict[int, Confirmed]:
    """The confirmations standing, by hand, from the events alone: a `reopen`, a change of the hand or an undo
    of one takes its confirmation away."""
    if not asked(events):
        return {}
    _, undid = sort_out(events)
    marks: dict[int, Confirmed] = {}
    for row in events[1:]:
        payload = undid.get(row["seq"], row)["payload"]  # an undo touches the hand of what it took back
        if row["type"] == "confirm":
            marks[payload["hand"]] = Confirmed(payload["hand"], row["actor_seat"], row["created_at"],
                                               payload.get("scores"))
        else:
            marks.pop(payload.get("hand"), None)
    return marks


def complete(state, number) -> bool:
    """A hand whose result is in (scored): the only kind there is to confirm."""
    hands = state.hands
    return isinstance(number, int) and 1 <= number <= len(hands) and hands[number - 1].scores is not None


def scores_of(state, number: int) -> list | None:
    hands = state.hands
    return list(hands[number - 1].scores or ()) if 1 <= number <= len(hands) else None


def confirmation(loaded: Loaded) -> Confirmation:
    if not asked(loaded.events):
        return Confirmation(False, {}, ())
    state = loaded.state
    confirmed = {number: mark for number, mark in standing_marks(loaded.events).items() if complete(state, number)}
    scored = (hand.number for hand in state.hands if hand.scores is not None)
    return Confirmation(True, confirmed, tuple(number for number in scored if number not in confirmed))


def check_unlocked(events: list[dict], hand) -> None:
    """Refuse a change (or an undo) of a confirmed hand, before the rules look at it (it is not theirs to judge)."""
    mark = standing_marks(events).get(hand)
    if mark is not None:
        raise _locked(events, mark)


def check_scores_kept(events: list[dict], after) -> None:
    """Refuse a change that would leave `after` with other scores in a confirmed hand than were confirmed (a
    correction of an earlier deal can change a later one's: the games and rubber of partnership Whist)."""
    for number, mark in standing_marks(events).items():
        if mark.scores is not None and scores_of(after, number) != mark.scores:
            raise _locked(events, mark)


def _locked(events: list[dict], mark: Confirmed) -> HandConfirmed:
    players = events[0]["payload"].get("players", [])
    name = players[mark.seat] if mark.seat is not None and mark.seat < len(players) else "?"
    return HandConfirmed(N_("Hand %(hand)s was confirmed by %(name)s: a player must reopen it on their own phone "
                            "before it can be changed."), hand=mark.hand, name=name)
