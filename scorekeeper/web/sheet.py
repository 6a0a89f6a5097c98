"""What every score sheet shows, whatever the game: roles, the running-totals chart, the history.

The family's own parts (grid, entry panel, correction form) come from `scorekeeper.families`.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext
from flask_babel import lazy_gettext as _l

from ..families import family_of
from ..games import Access, Loaded, Seen, sort_out
from ..rules.base import competition_places
from . import charts

ROLE_NAMES = {"scorer": _l("scorer"), "view": _l("table view"), "seat": _l("player")}


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


def history(loaded: Loaded, number: int, access: Access, seen: Seen) -> list[HistoryEntry]:
    """Every change to one hand, oldest first, with who made it; what the reader may not see stays hidden."""
    state = loaded.state
    family = family_of(state.variant)
    standing, undid = sort_out(loaded.events)
    standing_seqs = {row["seq"] for row in standing}
    undone_seqs = {row["seq"] for row in undid.values()}
    entries = []
    for row in loaded.events[1:]:
        payload = undid.get(row["seq"], row)["payload"]
        if payload.get("hand") != number:
            continue
        by = (state.players[row["actor_seat"]] if row["actor_role"] == "seat" and row["actor_seat"] is not None
              else role_name(row["actor_role"]))
        undo = row["type"] == "undo"
        entries.append(HistoryEntry(at=row["created_at"], time=row["created_at"][11:19], by=by, undo=undo,
                                    text="" if undo else family.history_text(payload, state, seen),
                                    undone=row["seq"] in undone_seqs and row["seq"] not in standing_seqs))
    return entries


def _change_text(row: dict, loaded: Loaded, seen: Seen) -> str:
    """One change in words, with its hand: "bid 6 for Carla, hand 5"."""
    family = family_of(loaded.state.variant)
    payload = row["payload"]
    if payload.get("type") == "end":
        return gettext("the end of the game")
    text = family.history_text(payload, loaded.state, seen)
    hand = payload.get("hand")
    return f"{text}, {family.hand_word % {'n': hand}}" if isinstance(hand, int) else text


def undo_texts(loaded: Loaded, seen: Seen) -> tuple[str | None, str | None]:
    """What Undo would take back now, and what the latest change took back when it was an undo."""
    standing, undid = sort_out(loaded.events)
    upcoming = _change_text(standing[-1], loaded, seen) if standing else None
    last = loaded.events[-1] if loaded.events else None
    done = _change_text(undid[last["seq"]], loaded, seen) if last is not None and last["type"] == "undo" else None
    return upcoming, done


def places(loaded: Loaded) -> list[int]:
    """Each column's place on the running totals (ties share it), pinned under the grid beside the
    totals so the table sees who leads without waiting for the final ranking."""
    return competition_places(list(loaded.state.totals))


def chart(loaded: Loaded) -> charts.Chart | None:
    """The running totals of the sheet's columns (players, or sides) after each scored hand."""
    state = loaded.state
    family = family_of(state.variant)
    scored = [hand.totals for hand in state.hands if hand.totals is not None]
    return charts.running_totals(family.columns(state), scored, state.planned_hands, str(family.hands_word))
