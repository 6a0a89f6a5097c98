"""Which complete hands another player confirmed (#21), read from the event log alone (nothing replayed).

A game created with `confirmation` on asks for every complete hand (its result in) to be confirmed with one tap
on another player's own phone. A `confirm` event marks a hand confirmed; a `reopen` event (a player's phone,
or the tournament's organiser) or any change that touches the hand makes it unconfirmed again. While a hand is
confirmed it is locked: the service refuses a change or an undo that would alter its record or its scores.

A confirmation made on the phone that holds the game's scorer link (the table's phone passed to the opponent)
says so (`where`: `SCORERS_PHONE` in its payload), wherever it is shown (#33). A hand is confirmed at most
`CONFIRMATIONS_PER_HAND` times: a seat looping confirm and reopen stops there, and the hand stays open for the
scorer to correct.
Pure: no database, no Flask.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..rules.base import N_, StateConflict
from . import Loaded
from .log import Events


class HandConfirmed(StateConflict):
    code = "hand_confirmed"


class HandNotComplete(StateConflict):
    code = "hand_not_complete"


class StaleHand(StateConflict):
    """The hand changed after the page that confirms it was drawn: 409, since the confirmation is of what
    was shown, not of the game's version (If-Match's 412 stays the whole game's)."""

    code = "stale_hand"


SCORERS_PHONE = "scorer's phone"  # a confirmation's `where` when made on the phone that holds the scorer's link
# The first confirmation and two rounds of reopen, correct, confirm: a table never needs more, and a seat looping
# confirm/reopen adds at most 6 marks to a hand (the marks' own budget, `store.append_events`, holds the rest).
CONFIRMATIONS_PER_HAND = 3


@dataclass(frozen=True)
class Confirmed:
    hand: int
    seat: int | None  # who confirmed it
    at: str  # when (ISO time, UTC)
    scores: list | None  # the hand's scores as confirmed: what no later change may alter
    on_scorers_phone: bool = False  # made on the phone that holds the scorer's link: every page says so


@dataclass(frozen=True)
class Confirmation:
    on: bool
    confirmed: dict[int, Confirmed]  # by hand number, the confirmations standing
    unconfirmed: tuple[int, ...]  # the complete hands still to confirm, in order
    closed: tuple[int, ...] = ()  # those of them confirmed CONFIRMATIONS_PER_HAND times already: no more

    @property
    def to_ask(self) -> tuple[int, ...]:
        """The hands a player's phone asks to confirm: those still to confirm that can be."""
        return tuple(number for number in self.unconfirmed if number not in self.closed)


def asked(events: Events) -> bool:
    """Whether the game was created with `confirmation` on (a fact of its `created` event)."""
    return bool(events) and bool(events[0]["payload"].get("confirmation"))


def standing_marks(events: Events) -> dict[int, Confirmed]:
    """The confirmations standing, by hand, in the order they were made, from the log's index (#36): a hand's
    latest event decides."""
    if not asked(events):
        return {}
    latest = sorted((events.touching(hand)[-1][0]["seq"], hand) for hand in events.hands_marked())
    return {hand: mark for _, hand in latest if (mark := mark_of(events, hand)) is not None}


def mark_of(events: Events, hand) -> Confirmed | None:
    """The confirmation standing for `hand`: its latest event, if that is one (a `reopen`, a change of the hand or
    an undo of one takes it away)."""
    touching = events.touching(hand) if asked(events) else ()
    if not touching or touching[-1][0]["type"] != "confirm":
        return None
    row, payload = touching[-1]
    return Confirmed(payload["hand"], row["actor_seat"], row["created_at"], payload.get("scores"),
                     payload.get("where") == SCORERS_PHONE)


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
    unconfirmed = tuple(number for number in scored if number not in confirmed)
    marked = set(loaded.events.hands_marked())
    return Confirmation(True, confirmed, unconfirmed,
                        tuple(number for number in unconfirmed if number in marked and _times(loaded.events, number)
                              >= CONFIRMATIONS_PER_HAND))


def _times(events: Events, hand: int) -> int:
    """How many times the hand was confirmed."""
    return sum(1 for row, _ in events.touching(hand) if row["type"] == "confirm")


def check_unlocked(events: Events, hand) -> None:
    """Refuse a change (or an undo) of a confirmed hand, before the rules look at it (it is not theirs to judge)."""
    mark = mark_of(events, hand)
    if mark is not None:
        raise _locked(events, mark)


def check_scores_kept(events: Events, after) -> None:
    """Refuse a change that would leave `after` with other scores in a confirmed hand than were confirmed (a
    correction of an earlier deal can change a later one's: the games and rubber of partnership Whist)."""
    for number, mark in standing_marks(events).items():
        if mark.scores is not None and scores_of(after, number) != mark.scores:
            raise _locked(events, mark)


def _locked(events: Events, mark: Confirmed) -> HandConfirmed:
    players = events[0]["payload"].get("players", [])
    name = players[mark.seat] if mark.seat is not None and mark.seat < len(players) else "?"
    return HandConfirmed(N_("Hand %(hand)s was confirmed by %(name)s: a player must reopen it on their own phone "
                            "before it can be changed."), hand=mark.hand, name=name)
