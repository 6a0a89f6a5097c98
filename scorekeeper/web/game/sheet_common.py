"""What every score sheet shows, whatever the game: roles, the running-totals chart, the history.

The family's own parts (grid, entry panel, correction form) come from `scorekeeper.families`.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from flask_babel import gettext
from flask_babel import lazy_gettext as _l

from ...families import family_of
from ...model.confirmation import SCORERS_PHONE, mark_of
from ...rules.base import competition_places
from ...service.games import MARKS, Access, Loaded, Seen, sort_out
from ..assets import charts

ROLE_NAMES = {"scorer": _l("scorer"), "view": _l("table view"), "seat": _l("player"), "organiser": _l("organiser")}
# A mark in the history, by its kind and where it was made (#33: on the phone that holds the scorer's link).
MARK_TEXTS = {("confirm", None): _l("confirmed the hand"), ("reopen", None): _l("reopened the hand"),
              ("confirm", SCORERS_PHONE): _l("confirmed the hand on the table's phone")}


def role_name(role: str) -> str:
    """A link's role as people say it: scorer, table view, player."""
    return str(ROLE_NAMES.get(role, role))


@dataclass
class HistoryEntry:
    at: str
    time: str
    by: str
    text: str  # what was done, in the reader's language; "" for an undo
    undo: bool = False
    undone: bool = False


def corrects(family, row: dict, events) -> bool:
    """Whether a change corrected a hand already scored, rather than recorded it, read from the events
    alone (nothing replayed): a change to that hand standing in `events` and made before it had already scored
    the hand — one with a field that scores the hand being entered (`family.scores`). A hand is never unscored
    but by an undo of that change. The log's index gives the hand's changes: no walk through the game (#36)."""
    number = _hand_of(row)
    return number is not None and any(_scored_by(family, earlier) == number
                                      for earlier in events.standing_in(number, before=row["seq"]))


def _hand_of(row: dict) -> int | None:
    payload = row["payload"]
    return payload.get("hand") if row["type"] == "change" and payload.get("type") == "hand" else None


def _scored_by(family, row: dict) -> int | None:
    """The hand a change scores (None: it scores none)."""
    number = _hand_of(row)
    return number if number is not None and family.scores(row["payload"]) else None


def history(loaded: Loaded, number: int, access: Access, seen: Seen) -> list[HistoryEntry]:
    """Every change to one hand, oldest first, with who made it; what the reader may not see stays hidden.
    A correction says so: "corrected deal 5: …"."""
    state = loaded.state
    family = family_of(state.variant)
    standing, undid = sort_out(loaded.events)
    standing_seqs = {row["seq"] for row in standing}
    undone_seqs = {row["seq"] for row in undid.values()}
    # The hand each change standing as each event was made scores (undo takes back the latest, as sort_out), and
    # how many score each hand: whether a change corrects is one look-up, not a walk back through the game (#33).
    entries, stack, scored = [], [], Counter()
    for row in loaded.events[1:]:
        undo = row["type"] == "undo"
        corrected = False
        if undo:
            scored[stack.pop()] -= 1
        elif row["type"] not in MARKS:
            hand = _hand_of(row)
            corrected = hand is not None and scored[hand] > 0
            stack.append(_scored_by(family, row))
            scored[stack[-1]] += 1
        payload = undid.get(row["seq"], row)["payload"]
        if payload.get("hand") != number:
            continue
        by = (state.players[row["actor_seat"]] if row["actor_role"] == "seat" and row["actor_seat"] is not None
              else role_name(row["actor_role"]))
        text = str(MARK_TEXTS.get((row["type"], payload.get("where")), ""))
        if not undo and not text:
            text = family.history_text(payload, state, seen, corrected=corrected)
            if corrected:
                text = gettext("corrected %(hand)s: %(what)s", hand=family.hand_word % {"n": number}, what=text)
        entries.append(HistoryEntry(at=row["created_at"], time=row["created_at"][11:19], by=by, undo=undo, text=text,
                                    undone=row["seq"] in undone_seqs and row["seq"] not in standing_seqs))
    return entries


def _change_text(row: dict, loaded: Loaded, seen: Seen, corrected: bool = False) -> str:
    """One change in words, with its hand: "bid 6 for Carla, hand 5"; "the correction of deal 5 (…)"."""
    family = family_of(loaded.state.variant)
    payload = row["payload"]
    if payload.get("type") == "end":
        return gettext("the end of the game")
    text = family.history_text(payload, loaded.state, seen, corrected=corrected)
    hand = payload.get("hand")
    if not isinstance(hand, int):
        return text
    if corrected:
        return gettext("the correction of %(hand)s (%(what)s)", hand=family.hand_word % {"n": hand}, what=text)
    return f"{text}, {family.hand_word % {'n': hand}}"


@dataclass
class Changes:
    """What the sheet says about the latest changes: what Undo would take back, what the latest change
    took back when it was an undo, and the correction the latest change made ("Deal 5 corrected: …")."""

    undo_next: str | None
    undone: str | None
    corrected: str | None


def changes(loaded: Loaded, seen: Seen) -> Changes:
    family = family_of(loaded.state.variant)
    events = loaded.events
    latest = events.last_standing()
    last = events[-1] if events else None
    upcoming = done = corrected = None
    if latest is not None:  # the latest change standing was made when the others standing now stood
        correction = corrects(family, latest, events)
        if mark_of(events, latest["payload"].get("hand")) is None:  # else Undo is refused (#35)
            upcoming = _change_text(latest, loaded, seen, correction)
        if correction and latest is last:
            what = family.history_text(last["payload"], loaded.state, seen, corrected=True)
            sentence = gettext("%(hand)s corrected: %(what)s", what=what,
                               hand=family.hand_word % {"n": last["payload"]["hand"]})
            corrected = sentence[:1].upper() + sentence[1:]
    if last is not None and last["type"] == "undo":  # what it took back was made when those standing now stood
        taken = events.taken_by(last)
        done = _change_text(taken, loaded, seen, corrects(family, taken, events))
    return Changes(upcoming, done, corrected)


def hand_version(loaded: Loaded) -> int:
    """The version at which the hand being entered last changed (0: not yet), which its forms carry as the version
    they were drawn at: the server refuses a form's change only when that hand changed since (`games.change`), so
    it says as much as the game's version, and a change to another hand leaves the entry as it was drawn (a live
    refresh need not send it again, #22)."""
    number = loaded.state.current_hand
    return max((row["seq"] for row, _ in loaded.events.touching(number) if row["type"] not in MARKS), default=0)


def places(loaded: Loaded) -> list[int]:
    """Each column's place so far (ties share it), pinned under the grid beside the totals so the table
    sees who leads without waiting for the final ranking. Players: by their running totals. Sides (when
    the columns are the sides): each side's place in the game's own standings, which follow what
    decides the game (in a rubber its games, not the sum of the deal points)."""
    state = loaded.state
    if state.sides:
        place_of = {row.seat: row.place for row in state.standings}
        return [place_of[side[0]] for side in state.sides]
    return competition_places(list(state.totals))


def chart(loaded: Loaded) -> charts.Chart | None:
    """The running totals of the sheet's columns (players, or sides) after each scored hand."""
    state = loaded.state
    family = family_of(state.variant)
    scored = [hand.totals for hand in state.hands if hand.totals is not None]
    return charts.running_totals(family.columns(state), scored, state.planned_hands, str(family.hands_word))
