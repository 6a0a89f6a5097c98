"""Game families: the siblings that show and read one family's games.

A family is its pure rules (`scorekeeper.rules`), a presenter (the game and each hand as JSON,
CSV rows, the sheet's model, one line of history per change), form parsers, its options' names and
its template partials under `templates/<family>/`, declared once as a `Family`. The core and the web
layer look a family up once, by `variant.family`, and never ask which variant or family they hold.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, TypeVar

from flask_babel import lazy_gettext as _l

from ..model import Access, Loaded, Seen
from ..rules.family import GameState, Hand

State = TypeVar("State", bound=GameState)


@dataclass(frozen=True)
class Figure:
    """One of a family's own statistics, as a column of the statistics page: a count (`part`) or, with
    `whole`, a share of another count ("exact bids" of "bids"). `note` says what it counts."""

    label: Any  # lazily translated
    part: str  # a key of the family's `tally`
    whole: str | None = None
    note: Any = None


@dataclass(frozen=True)
class Touched:
    """What one change did to the grid's rows, for a live refresh that sends only what changed (#22): the hands
    whose rows it changed, the hands whose rows it added (after the rows already there), whether it may have
    moved the scores (the totals, the places and the chart are then sent too) and the entry of the hand being
    entered (whose forms then carry the version that hand last changed at: `hand_version`). A grid whose running
    totals are elements of their own (`total-<hand>-<seat>`) may say which rows saw only those move
    (`retotalled`: after a correction, the rows below it), and they alone are sent of those rows."""

    changed: frozenset[int] = frozenset()
    added: tuple[int, ...] = ()
    rescored: bool = True
    entry: bool = True
    retotalled: frozenset[int] = frozenset()
    bid: bool = False  # the entry moved below its heading alone (`#entry-play`: the bidders, the pad)


def own(loaded: Loaded, kind: type[State]) -> State:
    """The game a family's function is handed, as the family's own class (its records, its hands' fields): the
    core calls a family with the games of its variants only (`family_of`), so anything else is a bug, said here."""
    state = loaded.state
    if not isinstance(state, kind):
        raise TypeError(f"a {type(state).__name__} handed to the family of {kind.__name__}")
    return state


def hands_from(number: int, state: GameState) -> frozenset[int]:
    """Hand `number` and every later hand played or in progress: a change to one hand moves the running totals
    of those after it (and may make the next one current)."""
    return frozenset(range(number, len(state.hands) + 1))


def deal_rows_touched(change: dict, state: GameState, corrected: bool) -> Touched | None:
    """For a grid with a row per recorded deal and none for the deal being entered (Solo Whist, Piquet): a new deal
    adds its row, a correction redraws its row and those after it; a change of no deal (the end) redraws all."""
    number = change.get("hand")
    if not isinstance(number, int):
        return None
    return Touched(changed=hands_from(number, state)) if corrected else Touched(added=(number,))


def no_bid_event(form: Mapping[str, str]) -> dict:
    """A bid form posted to a game without bidding (only a forged one is): a bid, which its rules refuse in
    their own words."""
    return {"type": "bid"}


@dataclass(frozen=True)
class Family:
    """A family as the core and the web see it: a plain declaration, in its package's `__init__.py`, of its
    words and of the functions of its sibling modules — `present` (JSON, CSV, history), `sheet` (the sheet's
    model and the form parsers), `stats` (its own statistics), `api` (its bodies and answers), `labels` (its
    options' names) — and of its templates under `templates/<id>/` (entry, grid, edit, ranking).
    docs/adding-a-game.md says how to add one."""

    id: str  # also the folder of its templates
    rules: str  # its rules page, under docs/
    hand_word: Any  # "hand %(n)s" or "deal %(n)s" (lazily translated), as its players say it
    hands_word: Any  # "Hands" or "Deals": the axis of its running-totals chart

    hand_body: Any  # the body of `PUT …/hands/<n>` (a `shapes.Body`): the API checks its shape with it
    game_answer: Any  # a game of the family as the API answers it (a `shapes.Answer`), its hands included

    columns: Callable[[GameState], list[str]]  # whose scores the sheet, the chart and `totals` list
    hand_json: Callable[[Hand, GameState, Seen], dict]
    game_json: Callable[[GameState, Seen], dict]  # the API fields beyond those every game has
    # One dict per scored hand: the columns after `variant` (also the lines of the hand a player confirms, #21).
    csv_rows: Callable[[GameState], Iterable[dict]]
    csv_record: Callable[[Hand], dict]  # the `hand` event that records a scored hand again (the CSV's `record`)
    # One recorded change in the reader's language, with what this reader may see of it; for a correction
    # (`corrected=True`) only what was entered: the sheet says "corrected" around it.
    history_text: Callable[..., str]

    # What the family's sheet partials show (the grid, the entry panel...); `view` holds the page's own query
    # arguments (which seat's pad, a tricks count being tapped in). `"chart": None` leaves the chart out.
    sheet: Callable[[Loaded, Access, Seen, Mapping[str, str]], dict]
    edit_form: Callable[..., Any]  # (loaded, number, seen, form=None): a past hand laid out for correction
    error_place: Callable[[str | None, dict, Any, Access], str]  # where a refusal shows: by its form, or "top"
    hand_event: Callable[[Any, GameState, int], dict]  # a hand form as posted → the fields of a `hand` event
    # (change payload, state now, whether it corrected a hand already scored) → the grid rows it touched, for a
    # live refresh of only those (#22); None when the family cannot say (the whole sheet is sent).
    rows_touched: Callable[[dict, GameState, bool], "Touched | None"]

    tally: Callable[[GameState, int], Counter]  # its own counts for one seat (never a sealed bid)
    figures: Callable[[Any], list[Figure]]  # which of them the statistics page shows for a variant, and how

    labels: Mapping[str, Any]  # its options' names and values ("option=value" for a value), translated lazily
    hints: Mapping[str, Any] = field(default_factory=dict)  # what the new-game form adds to a name or value
    variant_names: Mapping[str, Any] = field(default_factory=dict)  # names players use, when not the rules' own
    rated_as: Any = None  # its club ladder's name, as players name the games it holds (#37), lazily translated

    bid_body: Any = None  # the body of `PUT …/bids/<seat>`, None for a family without bidding
    bid_event: Callable[[Mapping[str, str]], dict] = no_bid_event  # the bid form as posted → a `bid` event
    # The fields of a `hand` change that score the hand being entered (a later change to it is then a
    # correction); the others, such as the turned card alone, leave it open. None: every change does.
    scored_by: tuple[str, ...] | None = None
    seat_link: Any = _l("a player's code shows the sheet on that player's phone (the scorer enters the scores).")
    # A variant's own rules page under docs/ when it has one (the house rules, #23); None: the family's `rules`.
    rules_of: Callable[[Any], str | None] = lambda variant: None
    # What the sheet must say of a game's chosen options (N_ sentences, such as scoring that never gives a point).
    warnings: Callable[[Any, dict], tuple[str, ...]] = lambda variant, options: ()

    def rules_page(self, variant) -> str:
        """The rules page of a variant of the family: its own, else the family's."""
        return self.rules_of(variant) or self.rules

    def scores(self, payload: dict) -> bool:
        """Whether a `hand` change accepted on the hand being entered scores it."""
        return self.scored_by is None or any(name in payload for name in self.scored_by)


from .partnership import FAMILY as PARTNERSHIP  # noqa: E402  (the families use the classes above)
from .piquet import FAMILY as PIQUET  # noqa: E402
from .predictions import FAMILY as PREDICTIONS  # noqa: E402
from .solo import FAMILY as SOLO  # noqa: E402

FAMILIES: dict[str, Family] = {family.id: family for family in (PREDICTIONS, PARTNERSHIP, SOLO, PIQUET)}


def family_of(variant) -> Family:
    """The siblings of a variant's family (every registered variant has one: tests/contract)."""
    return FAMILIES[variant.family]
