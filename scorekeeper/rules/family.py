"""The contract between the core and a game family's rules, written down as protocols.

The core (event log, replay, undo, versions, visibility, live updates, links) only ever uses
what is named here; everything else about a game belongs to its family. `tests/contract`
checks every registered variant against it.
"""
from __future__ import annotations

from typing import Any, Collection, Protocol, Sequence, runtime_checkable

from .base import Option, Place


@runtime_checkable
class Hand(Protocol):
    """One hand (or deal) played or in progress."""

    @property
    def number(self) -> int: ...

    @property
    def dealer(self) -> int: ...

    @property
    def scores(self) -> Sequence[int] | None: ...  # per seat, or per side; None until scored

    @property
    def totals(self) -> Sequence[int] | None: ...  # running totals after this hand


@runtime_checkable
class GameState(Protocol):
    """A game as replayed from its events; immutable: `apply` returns a new state."""

    # Read-only (a frozen dataclass's fields meet them), so that a family's own variant class is a `Variant`.
    @property
    def variant(self) -> "Variant": ...

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def options(self) -> dict: ...

    @property
    def first_dealer(self) -> int: ...

    @property
    def sides(self) -> tuple[tuple[int, ...], ...] | None: ...  # partnerships; None: every seat for itself

    @property
    def current_hand(self) -> int | None: ...  # the hand being entered; None once finished

    @property
    def finished(self) -> bool: ...

    @property
    def planned_hands(self) -> int | None: ...  # the length of the game when it is known in advance

    @property
    def hands(self) -> Sequence[Hand]: ...  # played or in progress, in order

    def hand(self, number: int) -> Hand: ...

    @property
    def totals(self) -> Sequence[int]: ...

    @property
    def standings(self) -> list[Place]: ...

    def secrets(self) -> frozenset[tuple[int, int]]:
        """(hand, seat) of every entry only its seat may see for now (sealed bids)."""

    def apply(self, event: dict[str, Any]) -> "GameState":
        """The game after one recorded change, or a `RuleError` saying which rule it breaks."""


@runtime_checkable
class Variant(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def family(self) -> str: ...  # the key of the family's siblings (presenter, form parser, templates)

    @property
    def players(self) -> tuple[int, ...]: ...

    @property
    def options(self) -> tuple[Option, ...]: ...

    def new_game(self, players: list[str], first_dealer: int, options: dict) -> GameState: ...

    # Who may enter what, and when a secret comes out: the core keeps the log, the keys and the locks, and
    # asks the variant what a change means for them (#20). `rules.base.ScorerOnly` is a game without either.
    @property
    def own_field(self) -> str | None: ...  # the field of a player's own entry, where a refusal of it shows

    def own_entry(self, change: dict[str, Any]) -> int | None:
        """The seat whose own entry this change is (a bid): the one kind of change a player may make on their
        own phone, for their own seat. None for every other change, which only the scorer makes."""

    def entries_set(self, change: dict[str, Any], players: int) -> Collection[int]:
        """The seats whose own entries this change sets (one bid, or every bid of a hand at once)."""

    def reveals(self, change: dict[str, Any]) -> bool:
        """Whether this change brings its hand's secrets into the open for good (the tricks recorded)."""
