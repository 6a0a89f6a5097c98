"""Game families: the siblings that show and read one family's games.

A family is its pure rules (`scorekeeper.rules`), a presenter (the game and each hand as JSON,
CSV rows, the sheet's model, one line of history per change), a form parser and its template
partials under `templates/<family>/`. The core and the web layer look a family up once, by
`variant.family`, and never ask which variant or family they hold.
"""
from __future__ import annotations

import inspect
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Protocol

from flask_babel import lazy_gettext as _l

from ..model import Access, Loaded, Seen
from ..rules.family import GameState, Hand


@dataclass(frozen=True)
class Figure:
    """One of a family's own statistics, as a column of the statistics page: a count (`part`) or, with
    `whole`, a share of another count ("exact bids" of "bids"). `note` says what it counts."""

    label: Any  # lazily translated
    part: str  # a key of the family's `tally`
    whole: str | None = None
    note: Any = None


class Family(Protocol):
    id: str  # also the folder of its templates: entry.html, grid.html, edit.html, ranking.html
    rules: str  # its rules page, under docs/
    hand_word: Any  # "hand %(n)s" or "deal %(n)s" (lazily translated), as its players say it
    hands_word: Any  # "Hands" or "Deals": the axis of its running-totals chart
    seat_link: Any  # what a player's own link lets them do, said on the Share panel (lazily translated)

    bid_body: Any  # the body of `PUT …/bids/<seat>` (a `shapes.Body`), None for a family without bidding
    hand_body: Any  # the body of `PUT …/hands/<n>` (a `shapes.Body`): the API checks its shape with it
    game_answer: Any  # a game of the family as the API answers it (a `shapes.Answer`), its hands included

    def columns(self, state: GameState) -> list[str]:
        """Whose scores the sheet, the chart and `totals` list: the players, or the sides."""

    def hand_json(self, hand: Hand, state: GameState, seen: Seen) -> dict: ...

    def game_json(self, state: GameState, seen: Seen) -> dict:
        """The API fields beyond those every game has (schedule, rubber, failed contracts...)."""

    def csv_rows(self, state: GameState) -> Iterable[dict]:
        """One dict per CSV row of every scored hand: the API's columns after `variant`."""

    def csv_record(self, hand: Hand) -> dict:
        """The fields of the `hand` event that record this scored hand again, as it stands (the CSV's
        `record` column, which an import replays)."""

    def scores(self, payload: dict) -> bool:
        """Whether a `hand` change accepted on the hand being entered scores it (a later change to that
        hand is then a correction): one with a field of the family's `scored_by` ("tricks"; the others,
        such as the turned card alone, leave the hand open), or any change where every change records
        the hand whole."""

    def history_text(self, payload: dict, state: GameState, seen: Seen, corrected: bool = False) -> str:
        """One recorded change in the reader's language, with what this reader may see of it. For a
        correction of a hand already scored (`corrected`) the sheet says "corrected" around it: a
        family whose `history_text` takes `corrected` then gives only what was entered, without its
        "recorded the hand"."""

    def sheet(self, loaded: Loaded, who: Access, seen: Seen, view: Mapping[str, str]) -> dict:
        """What the family's sheet partials show: the grid, the entry panel... `view` holds the page's
        own query arguments (which seat's pad, a tricks count being tapped in), as text. `"chart": None`
        leaves out the chart of the running totals (when they rank nothing)."""

    def edit_form(self, loaded: Loaded, number: int, seen: Seen, form: Any = None) -> Any:
        """A past hand laid out for correction (with what was typed, when it was refused)."""

    def error_place(self, field: str | None, sheet: dict, edit: Any, who: Access) -> str:
        """Where a refusal shows: beside the form it concerns, or "top"."""

    def hand_event(self, form: Any, state: GameState, number: int) -> dict:
        """A hand form as posted (entry or correction) → the fields of a `hand` event."""

    def tally(self, state: GameState, seat: int) -> Counter:
        """The family's own counts for one seat over the scored hands of a game (never a sealed bid)."""

    def figures(self, variant: Any) -> list[Figure]:
        """Which of those counts the statistics page shows for a variant, and how."""


class Siblings:
    """A family assembled from its sibling modules: `present` (JSON, CSV, history), `sheet` (the sheet's
    model and the form parser), `stats` (its own statistics), each holding the functions the protocol
    names, and `api` (what its hand body and its answers look like: `HandBody`, `Game`)."""

    def __init__(self, id: str, present, sheet, stats, api, rules: str, hand_word, hands_word,
                 scored_by: tuple[str, ...] | None = None, seat_link=None):
        self.id, self._present, self._sheet, self._stats = id, present, sheet, stats
        self.scored_by = scored_by  # the fields that score the hand being entered; None: every change does
        self._says_corrected = "corrected" in inspect.signature(present.history_text).parameters
        self.bid_body, self.hand_body, self.game_answer = api.BidBody, api.HandBody, api.Game
        self.rules = rules  # its rules page under docs/
        self.hand_word = hand_word  # "hand %(n)s" or "deal %(n)s", as its players say it
        self.hands_word = hands_word  # "Hands" or "Deals"
        self.seat_link = seat_link or _l("a player's code shows the sheet on that player's phone (the scorer enters "
                                         "the scores).")

    def columns(self, state):
        return self._present.columns(state)

    def hand_json(self, hand, state, seen):
        return self._present.hand_json(hand, state, seen)

    def game_json(self, state, seen):
        return self._present.game_json(state, seen)

    def csv_rows(self, state):
        return self._present.csv_rows(state)

    def csv_record(self, hand):
        return self._present.csv_record(hand)

    def scores(self, payload):
        return self.scored_by is None or any(name in payload for name in self.scored_by)

    def history_text(self, payload, state, seen, corrected=False):
        if corrected and self._says_corrected:
            return self._present.history_text(payload, state, seen, corrected=True)
        return self._present.history_text(payload, state, seen)

    def sheet(self, loaded, who, seen, view):
        return self._sheet.sheet(loaded, who, seen, view)

    def edit_form(self, loaded, number, seen, form=None):
        return self._sheet.edit_form(loaded, number, seen, form)

    def error_place(self, field, sheet, edit, who):
        return self._sheet.error_place(field, sheet, edit, who)

    def hand_event(self, form, state, number):
        return self._sheet.hand_event(form, state, number)

    def tally(self, state, seat):
        return self._stats.tally(state, seat)

    def figures(self, variant):
        return self._stats.figures(variant)


from .partnership import FAMILY as PARTNERSHIP  # noqa: E402  (the families use the classes above)
from .piquet import FAMILY as PIQUET  # noqa: E402
from .predictions import FAMILY as PREDICTIONS  # noqa: E402
from .solo import FAMILY as SOLO  # noqa: E402

FAMILIES: dict[str, Family] = {family.id: family for family in (PREDICTIONS, PARTNERSHIP, SOLO, PIQUET)}


def family_of(variant) -> Family:
    """The siblings of a variant's family (every registered variant has one: tests/contract)."""
    return FAMILIES[variant.family]
