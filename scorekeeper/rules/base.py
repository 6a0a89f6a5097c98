"""What every game shares: typed rule errors, option specs, places with shared ties.

Nothing here imports Flask, SQL or I/O: rules are pure so that any state can be replayed from
the recorded inputs alone.
"""
from __future__ import annotations

import difflib
import json
import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Any, Iterable, Sequence

from .vector import Vector


def N_(message: str) -> str:
    """Mark a message for translation without translating it (the web layer translates)."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a plural for translation ("1 trick", "2 tricks"): the web layer picks the form by
    the error's `num`."""
    return singular, plural


class Term(str):
    """A word of the rules passed into a message (a contract's name): the web layer translates it too."""


class RuleError(ValueError):
    """An input a player gave breaks a rule of the game.

    ``template`` is the English sentence (a translation key) and ``params`` its values, so the
    web layer can show it in the player's language; ``str(error)`` is the English text. A template with a
    plural (`NN_`) is a pair, chosen by the parameter `num`.
    """

    code = "rule"
    field: str | None = None

    def __init__(self, template: str | tuple[str, str], field: str | None = None, **params: Any):
        self.template = template
        self.params = params
        if field is not None:
            self.field = field
        english = template if isinstance(template, str) else template[params["num"] != 1]
        super().__init__(english % params if params else english)




class TricksSum(RuleError):
    code = "tricks_sum"
    field = "tricks"



class InvalidPlayers(RuleError):
    code = "invalid_players"
    field = "players"


class InvalidOption(RuleError):
    code = "invalid_option"
    field = "options"


class InvalidInput(RuleError):
    """A value of the wrong kind (text where a number goes, an unknown seat...)."""

    code = "invalid_input"


class StateConflict(RuleError):
    """The input is well formed but does not fit the game now (bidding closed, hand not current)."""

    code = "conflict"


class HandNotCurrent(StateConflict):
    code = "hand_not_current"


class TooManyChanges(StateConflict):
    """A game holds at most so many changes (a bound on replay and storage; a real game needs a few hundred)."""

    code = "too_many_changes"


@dataclass(frozen=True)
class Option:
    """A house rule chosen at creation among a few values (a choice); its name and default.

    The kinds below share this shape: `check` takes a value as the API sends it, `from_form`
    a form field as a browser sends it (text, or None for an unticked box)."""

    name: str
    choices: tuple
    default: Any
    # Added after games were kept and files written, which lack it and mean its default: a file leaves it out
    # while it holds its default (`recorded_options`), so an older file imports and exports again byte for byte.
    later: bool = False
    # Where it matters only with another option's values ("hands" with the schedule "fixed"): (name, values).
    # The sheet leaves it out of its list of house rules otherwise.
    only_with: tuple | None = None
    kind = "choice"

    def check(self, value: Any) -> Any:
        # bool is a subclass of int: compare by type as well so that True never passes for 1.
        for choice in self.choices:
            if value == choice and type(value) is type(choice):
                return choice
        raise InvalidOption(
            N_("Option “%(name)s” cannot be %(value)s; choose one of: %(choices)s."), field=self.name,
            name=self.name, value=_short(value), choices=", ".join(str(c) for c in self.choices))

    def matters(self, options: dict) -> bool:
        """Whether this rule means anything with the other options chosen (`only_with`)."""
        return self.only_with is None or options.get(self.only_with[0]) in self.only_with[1]

    def from_form(self, raw: str | None) -> Any:
        """The choice whose text the form sent (5 for "5"); unknown text is left for `check` to refuse."""
        return next((choice for choice in self.choices if str(choice) == raw), raw)


@dataclass(frozen=True)
class YesNo(Option):
    """A house rule that is on or off (a tick box on the form)."""

    choices: tuple = (False, True)
    default: Any = False
    kind = "yesno"

    def from_form(self, raw: str | None) -> bool:
        return raw == "on"


@dataclass(frozen=True)
class WholeNumber(Option):
    """A whole number in [low, high] (a number of deals); None where `optional` ("no limit")."""

    choices: tuple = ()
    default: Any = None
    low: int = 1
    high: int = 999
    optional: bool = True
    kind = "number"

    def check(self, value: Any) -> int | None:
        if value is None and self.optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not self.low <= value <= self.high:
            raise InvalidOption(N_("Option “%(name)s” must be a whole number from %(low)s to %(high)s."),
                                field=self.name, name=self.name, low=self.low, high=self.high)
        return value

    def from_form(self, raw: str | None) -> Any:
        return typed_number(raw, 6)


@dataclass(frozen=True)
class Chips(Option):
    """A choice among a few values drawn as one-tap chips on the form rather than a list to open (the house
    rules of #23: a table sets its own in a few taps)."""

    kind = "chips"


@dataclass(frozen=True)
class CardList(Option):
    """Cards per player, hand by hand ("1,2,3,2,1"): a whole schedule typed as a list; None for "none".
    Each hand deals 1 to `high` cards; whether the pack has that many for the table is the variant's check,
    which knows the players."""

    choices: tuple = ()
    default: Any = None
    high: int = 17
    most: int = 60
    kind = "list"

    def check(self, value: Any) -> list[int] | None:
        if value is None:
            return None
        if not isinstance(value, list) or not value:
            raise InvalidOption(N_("Option “%(name)s” must be a list of cards per hand, such as 1,2,3."),
                                field=self.name, name=self.name)
        if len(value) > self.most:
            raise InvalidOption(N_("Option “%(name)s” lists %(count)s hands: a game has at most %(most)s."),
                                field=self.name, name=self.name, count=len(value), most=self.most)
        for cards in value:
            if isinstance(cards, bool) or not isinstance(cards, int):
                raise InvalidOption(N_("Option “%(name)s”: “%(value)s” is not a whole number of cards."),
                                    field=self.name, name=self.name, value=_short(cards))
            if cards < 1:
                raise InvalidOption(N_("Option “%(name)s”: a hand of %(cards)s cards cannot be played; every "
                                       "hand deals at least 1 card."), field=self.name, name=self.name, cards=cards)
            if cards > self.high:
                raise InvalidOption(N_("Option “%(name)s”: a hand of %(cards)s cards is more than a 52-card pack "
                                       "deals to each of 3 players (%(high)s)."), field=self.name, name=self.name,
                                    cards=cards, high=self.high)
        return list(value)

    def from_form(self, raw: str | None) -> Any:
        """"1, 2, 3" or "1 2 3" → [1, 2, 3]; text that is no list is left for `check` to refuse."""
        parts = [part for part in re.split(r"[\s,;]+", (raw or "").strip()) if part]
        if not parts:
            return None
        return [typed_number(part) for part in parts]


MONEY = re.compile(r"^\d{1,6}(\.\d{1,2})?$")


@dataclass(frozen=True)
class Money(Option):
    """An amount of money as exact decimal text with two places ("0.10"); None for "no amount". `currency`
    names the option that holds its currency, if any (the amount is shown in it)."""

    choices: tuple = ()
    default: Any = None
    optional: bool = True
    currency: str | None = None
    kind = "money"

    def check(self, value: Any) -> str | None:
        if value is None and self.optional:
            return None
        if not isinstance(value, str) or not MONEY.match(value.strip()):
            raise InvalidOption(N_("Option “%(name)s” must be an amount of money such as 0.10."), field=self.name,
                                name=self.name)
        return f"{Decimal(value.strip()):.2f}"

    def from_form(self, raw: str | None) -> Any:
        raw = (raw or "").strip().replace(",", ".")  # 0,10 as Italians write it
        return raw or None


def dispatch(event: Any, on_hand, on_end, no_bidding: str):
    """Route one recorded change of a game without bidding: a `hand` to `on_hand(number, fields)`, an
    `end` to `on_end(event)`; a bid is refused with `no_bidding`, any other change by its name."""
    if not isinstance(event, dict):
        raise InvalidInput(N_("A change must be a set of name and value pairs."), field="type")
    kind = event.get("type")
    if kind == "bid":
        raise InvalidInput(no_bidding, field="type")
    if kind == "end":
        return on_end(event)
    if kind != "hand":
        raise InvalidInput(N_("This game does not know the change “%(kind)s”."), field="type", kind=_short(kind))
    return on_hand(event.get("hand"), {k: v for k, v in event.items() if k not in ("type", "hand")})


class ScorerOnly:
    """A variant whose every change is the scorer's: no player enters anything on their own phone, and no
    change has a secret to reveal (see `rules.family.Variant`)."""

    own_field = None

    def own_entry(self, change: dict) -> None:
        return None

    def entries_set(self, change: dict, players: int) -> tuple:
        return ()

    def reveals(self, change: dict) -> bool:
        return False


class DealByDeal:
    """What the game families without bidding share: their figures replayed once from the records
    (`_replay`) and kept, a deal by its number, nothing hidden, and one way to take a change
    (`with_hand`, `with_end`; a bid is refused with the family's `NO_BIDDING`)."""

    NO_BIDDING: str  # the family's sentence for a bid, which these games do not take
    Record: type  # the family's record of a deal; `Record()` is a deal not yet filled in
    records: Vector  # the deals recorded, in order
    _cache: dict  # what `_figures` worked out for this state

    @property
    def current_hand(self) -> int | None:
        raise NotImplementedError

    def _replay(self) -> dict:
        """Every deal's figures, from the records."""
        raise NotImplementedError

    def with_hand(self, number: Any, fields: dict) -> Any:
        raise NotImplementedError

    def with_end(self, event: dict) -> Any:
        raise NotImplementedError

    @property
    def _figures(self) -> dict:
        """The figures of every deal, worked out once per state and only when asked for (a replay's states
        in between are never asked: what a change must check is kept up to date by each family as it goes)."""
        if "hands" not in self._cache:
            self._cache.update(self._replay())
        return self._cache

    @property
    def hands(self) -> list:
        """Every recorded deal plus the deal in progress (when the game is not over)."""
        return self._figures["hands"]

    def hand(self, number: int):
        return self.hands[number - 1]

    def secrets(self) -> frozenset:
        """Nothing is hidden in these games."""
        return frozenset()

    def apply(self, event: dict):
        return dispatch(event, self.with_hand, self.with_end, self.NO_BIDDING)

    def _editable(self, number: Any):
        """The record of deal `number` to correct, or a blank one for the deal being entered; a deal
        that is not there is refused (past the end of a finished game: the family's `_past_the_end`)."""
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise InvalidInput(N_("There is no deal %(number)s in this game."), field="hand", number=_short(number))
        if number <= len(self.records):
            return self.records[number - 1]
        current = self.current_hand  # None once the game is finished
        if current is None:
            raise self._past_the_end(number)
        if number > current:
            raise HandNotCurrent(N_("Deal %(number)s has not started yet: the current deal is %(current)s."),
                                 field="hand", number=number, current=current)
        return blank(self.Record)

    def _past_the_end(self, number: int) -> StateConflict:
        """Why a finished game has no deal `number`, in the family's words."""
        raise NotImplementedError


@cache
def blank(record_type: type):
    """The family's record of a deal not yet filled in (one, shared: records are immutable)."""
    return record_type()


def evolve(obj, **changes):
    """A copy of one of the rules' frozen dataclasses with `changes`: `dataclasses.replace` without its
    field-by-field checks and its `__init__` (none of them has a `__post_init__`), which at every change of
    a replay cost as much as the rules themselves. Figures worked out lazily (`_cache`) are not copied."""
    made = object.__new__(type(obj))
    made.__dict__.update(obj.__dict__)
    if "_cache" in made.__dict__:
        made.__dict__["_cache"] = {}
    made.__dict__.update(changes)
    return made


def put_record(records: Vector, number: int, record) -> Vector:
    """The records of a game of open schedule with deal `number` replaced (a correction) or added (the
    deal being entered): a `Vector` sharing all the rest with `records`, so that a replay stays linear."""
    if number == len(records) + 1:
        return records.append(record)
    return records.set(number - 1, record)


def with_defaults(specs: Sequence["Option"], options: dict) -> dict:
    """The options a direct caller gave, the defaults filling the rest (the registry passes them all)."""
    return {**{spec.name: spec.default for spec in specs}, **options}


def recorded_options(specs: Sequence["Option"], options: dict) -> dict:
    """The options as a file records them: those added later left out while they hold their default."""
    later = {spec.name: spec.default for spec in specs if spec.later}
    return {name: value for name, value in options.items() if name not in later or value != later[name]}


def resolve_options(specs: Sequence[Option], given: dict | None) -> dict:
    """Fill defaults and check every value; an unknown option is refused, not ignored."""
    given = dict(given or {})
    if not isinstance(given, dict):
        raise InvalidOption(N_("Options must be a set of name and value pairs."))
    known = {spec.name: spec for spec in specs}
    unknown = sorted(str(name) for name in given if name not in known)
    if unknown:
        raise InvalidOption(N_("Unknown option: %(names)s."), field=_short(unknown[0]),
                            names=", ".join(_short(u) for u in unknown))
    return {spec.name: spec.check(given.get(spec.name, spec.default)) for spec in specs}


def refuse_meaningless(specs: Sequence[Option], given: dict | None) -> None:
    """`resolve_options`, and an option given that means nothing with the others chosen (the dealer's rule with
    sealed bids) refused by its name, as an unknown one is: echoed back, it would read as a rule the game plays
    (#34). Given as null (`"card_list": null`, from a client that sends every field) it says nothing and passes.
    Only where a table chooses its rules: a stored game's options hold every rule and replay as they are."""
    chosen = resolve_options(specs, given)
    for spec in specs:
        if spec.only_with and (given or {}).get(spec.name) is not None and not spec.matters(chosen):
            other = spec.only_with[0]
            raise InvalidOption(N_("Option “%(name)s” means nothing when “%(other)s” is %(value)s: leave it out."),
                                field=spec.name, name=spec.name, other=other, value=json.dumps(chosen[other]))


def _short(value: Any, limit: int = 40) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


MAX_NAME = 40
BIDI_CONTROLS = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Characters that show nothing and join nothing (soft hyphen, zero-width space, word joiner, byte-order mark): a
# name pasted from a chat may carry them, and "Anna" with one must not pass for a second, different Anna.
INVISIBLE = "\u00ad\u200b\u2060\ufeff"
_DROP_INVISIBLE = str.maketrans("", "", INVISIBLE)
# Combining accents show only on a letter: a name of accents alone has nothing to read.
ACCENTS = "\u0300-\u036f"
_SOMETHING_TO_READ = re.compile(f"[^ {ACCENTS}]")


def has_something_to_read(name: str) -> bool:
    """A tidied name shows at least one character that is neither a space nor an accent alone."""
    return bool(_SOMETHING_TO_READ.search(name))


def tidy_name(text: str) -> str:
    """A name as players see it: runs of whitespace are one space, invisible characters are gone."""
    return " ".join(text.translate(_DROP_INVISIBLE).split())


def same_name(name: str) -> str:
    """What two names must differ in: not case, not width ("Ａnna" is "Anna"), not how an accent is encoded."""
    return unicodedata.normalize("NFKC", name).casefold()


# difflib's ratio for "a small typo": one letter off in a four-letter name (Anna/Anja: 0.75) passes, Gina/Dino (0.5)
# does not; of 32 common Italian first names, 13 pairs are this close (31 at difflib's default, 0.6).
TYPO_CUTOFF = 0.75


def loose_name(name: str) -> str:
    """A name as a hurried player types it: no case, no accents (Niccolò is Niccolo), spaces tidied."""
    decomposed = unicodedata.normalize("NFKD", tidy_name(name))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def closest_names(typed: str, names: Sequence[str], most: int = 3) -> list[str]:
    """The names `typed` may mean, best first: the one it is (case, accents, spaces aside), else those it begins
    (or begins a word of: "Cantu" for "Niccolò Cantù"), else those a small typo away (difflib, `TYPO_CUTOFF`).
    One name is the answer; several, the few to offer; none, nobody of that name."""
    exact = [n for n in names if same_name(n) == same_name(tidy_name(typed))]
    wanted, loose = loose_name(typed), {n: loose_name(n) for n in names}
    if exact or not wanted:
        return exact
    for fits in (wanted.__eq__, lambda name: f" {name}".find(f" {wanted}") >= 0):
        found = sorted((n for n in names if fits(loose[n])), key=lambda n: len(loose[n]))
        if found:
            return found[:most]
    spellings: dict[str, list[str]] = {}  # each name whole and each of its words
    for name in names:
        for spelling in dict.fromkeys([loose[name], *loose[name].split()]):
            spellings.setdefault(spelling, []).append(name)
    close = difflib.get_close_matches(wanted, list(spellings), n=len(spellings), cutoff=TYPO_CUTOFF)
    return list(dict.fromkeys(n for spelling in close for n in spellings[spelling]))[:most]


def has_control_characters(text: str) -> bool:
    """Control characters (NUL, escape, …), lone surrogates or bidirectional overrides in a name.

    Run after the whitespace is normalised: tabs and newlines have become spaces by then."""
    return any(unicodedata.category(c) in ("Cc", "Cs") or c in BIDI_CONTROLS for c in text)


def check_players(players: Any, allowed: Iterable[int]) -> list[str]:
    """Names in order of play: 1–40 characters, tidied, no two the same (ignoring case and width)."""
    allowed = tuple(allowed)
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise InvalidPlayers(N_("Players must be a list of names."))
    names = [tidy_name(p) for p in players]
    if len(names) not in allowed:
        low, high = min(allowed), max(allowed)
        if low == high:
            raise InvalidPlayers(N_("This game is played by %(low)s players, not %(count)s."), low=low,
                                 count=len(names))
        if high == low + 1:
            raise InvalidPlayers(N_("This game is played by %(low)s or %(high)s players, not %(count)s."),
                                 low=low, high=high, count=len(names))
        raise InvalidPlayers(N_("This game is played by %(low)s to %(high)s players, not %(count)s."),
                             low=low, high=high, count=len(names))
    for name in names:
        if not _SOMETHING_TO_READ.search(name):
            raise InvalidPlayers(N_("Every player needs a name."))
        if len(name) > MAX_NAME:
            raise InvalidPlayers(N_("A name may be at most %(max)s characters long."), max=MAX_NAME)
        if has_control_characters(name):
            raise InvalidPlayers(N_("A name may not contain control characters."))
    folded = [same_name(n) for n in names]
    for i, name in enumerate(folded):
        if name in folded[:i]:
            raise InvalidPlayers(N_("Two players are called “%(name)s”: give each a different name."),
                                 name=names[i])
    return names




def whole(text: str, digits: int = 3) -> int:
    """A whole number as a player types it, or a form, a query or a header carries it: the one reading of them
    all (#36). Spaces around it are dropped; then decimal digits only, at most `digits` of them, in any script: a
    phone's keyboard in full-width mode sends "３", an Arabic one "٣", each the digit its player reads, and `int`
    reads them exactly. No sign, no "1_000", no "²" (not a digit one types a number with). A ValueError
    otherwise, so that it serves as Werkzeug's `type=`: `request.form.get("seat", type=whole)` is None then."""
    text = text.strip()
    if not (text.isdecimal() and len(text) <= digits):
        raise ValueError(f"not a whole number of at most {digits} digits: {text[:20]!r}")
    return int(text)


def whole_or_none(text: Any, digits: int = 3) -> int | None:
    """`whole`, or None for anything else (a missing value included)."""
    try:
        return whole(text, digits)
    except (TypeError, ValueError, AttributeError):
        return None


def typed_number(raw: str | None, digits: int = 3) -> int | str | None:
    """A number typed into a form's box: an int (`whole`), None for a blank, or the text itself (its start) for
    the rules to refuse in words that quote it."""
    text = (raw or "").strip()
    if not text:
        return None
    number = whole_or_none(text, digits)
    return text[:20] if number is None else number


def pair(values: Iterable[int]) -> tuple[int, int]:
    """One value per seat (Piquet) or per side (partnership Whist), typed as the two it is: `tuple(...)` has
    any length; two values are checked as they are unpacked."""
    first, second = values
    return first, second


def check_int(value: Any, field: str, low: int, high: int, error=InvalidInput) -> int:
    """A whole number in [low, high]; text, floats and booleans are refused."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(N_("“%(value)s” is not a whole number."), field=field, value=_short(value))
    if not low <= value <= high:
        raise error(N_("%(value)s is out of range: it must be between %(low)s and %(high)s."),
                    field=field, value=value, low=low, high=high)
    return value


def check_seat(value: Any, players: int, field: str = "seat") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise InvalidInput(N_("There is no seat %(seat)s at this table."), field=field, seat=_short(value))
    return value


@dataclass(frozen=True)
class Place:
    seat: int
    place: int
    total: int
    table_points: Fraction | None = None


def competition_places(keys: Sequence) -> list[int]:
    """Places for sort keys where bigger is better; equal keys share a place (1, 1, 3)."""
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    places = [0] * len(keys)
    for rank, seat in enumerate(order):
        if rank and keys[seat] == keys[order[rank - 1]]:
            places[seat] = places[order[rank - 1]]
        else:
            places[seat] = rank + 1
    return places


def is_draw(standings: Sequence[Place]) -> bool:
    """Everyone shares the first place: a draw, which nobody wins (a first place shared by some is theirs)."""
    return len(standings) > 1 and all(place.place == 1 for place in standings)


def standings_by_total(totals: Sequence[int]) -> list[Place]:
    """Higher total ranks first; equal totals share the place. Listed best first, then by seat."""
    places = competition_places(list(totals))
    rows = [Place(seat=s, place=places[s], total=totals[s]) for s in range(len(totals))]
    return sorted(rows, key=lambda r: (r.place, r.seat))


def format_fraction(value: Fraction) -> str:
    """Exact table points as API strings: "8", "13/3"."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
