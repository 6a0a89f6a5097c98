"""What the API's bodies and answers look like, declared once (pydantic models).

The API checks the *shape* of every JSON body with these declarations before the rules see it
(strict: `1.0` or `true` is not a whole number, an unknown field is refused), and the OpenAPI
document (`web/assets/openapi.py`) is generated from the same declarations, so the two cannot drift.
The rules keep every semantic check (the dealer's forbidden bid, tricks adding up, a pique the
play allows...): a body of the right shape may still break a rule.

A refused shape is a `RuleError` like any other: the same codes as the rules (`invalid_input`,
`bid_out_of_range`, `tricks_sum`...), a translated sentence naming the field. Where a value is
checked the way the rules check it (a whole number in a range, a seat), the declaration runs the
rules' own check, so the words are the rules' words.

Each game family declares its own hand body and its answers next to its files
(`families/<family>/api.py`); what every game, link and tournament shares is declared here.
Answers are declared for the document (and the tests check every answer against them); the API
does not build its JSON through them, so no answer changes by a byte.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Callable, ClassVar, Literal, Sequence

from pydantic import (
    MISSING, BaseModel, BeforeValidator, ConfigDict, Field, GetCoreSchemaHandler, ValidationError, WithJsonSchema,
    create_model,
)

from . import NotFound
from ..rules import seating as seating_rules
from ..rules import tournament as tournaments_rules
from ..rules import VARIANTS, find_variant
from ..rules.base import (MAX_NAME, MONEY, InvalidInput, InvalidOption, InvalidPlayers, N_, Option, RuleError, _short,
    check_int, check_players, check_seat, refuse_meaningless)

__all__ = ["MISSING", "Answer", "Body", "OneOf", "check", "listing", "seat", "whole"]


class Body(BaseModel):
    """A request body: strict (no coercion: a bool or a float is not an integer), unknown fields refused."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)
    refusal: ClassVar[type[RuleError]] = InvalidInput  # the code of a refused shape the rules do not word
    asks: ClassVar[dict[str, Callable[[], Exception]]] = {}  # a missing field → the error the rules give for it


class Answer(BaseModel):
    """A JSON answer, as documented. Open: within v1 fields may be added to any answer."""

    model_config = ConfigDict(frozen=True)


# -- the pieces a declaration is made of ------------------------------------------------------------------------
# Each gives the checks of a field, unpacked into its type's `Annotated` (`Annotated[int, *whole("round", 1, 9)]`):
# a type checker reads the type, pydantic the checks (#36).
def whole(field: str, low: int, high: int, error: type[RuleError] = InvalidInput) -> tuple[Any, ...]:
    """A whole number in [low, high] (never a bool, never 1.0), refused as the rules refuse it."""
    def checked(value):
        return check_int(value, field, low, high, error=error)
    return Field(ge=low, le=high), BeforeValidator(checked)


def seat(field: str, seats: int) -> tuple[Any, ...]:
    """A seat of a table of at most `seats` players (the rules check it against the table itself)."""
    def checked(value):
        return check_seat(value, seats, field)
    return Field(ge=0, le=seats - 1), BeforeValidator(checked)


def listing(field: str, low: int, high: int) -> tuple[Any, ...]:
    """A list of `low` to `high` items (per seat, per side...)."""
    def checked(values):
        if not isinstance(values, list):
            raise InvalidInput(N_("Give “%(key)s” as a list of %(low)s to %(high)s values.") if low != high else
                               N_("Give “%(key)s” as a list of %(low)s values."), field=field, key=field, low=low,
                               high=high)
        return values
    return Field(min_length=low, max_length=high), BeforeValidator(checked)


@dataclass(frozen=True)
class OneOf:
    """One of a few texts known at run time only (a family's variants, Solo's contracts): their `Literal` to
    pydantic, on a `str` for a type checker (`Annotated[str, OneOf(ids)]`)."""

    values: tuple[str, ...]

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> Any:
        return handler.generate_schema(Literal[self.values])


def check(model: type[Body], data: Any, context: dict | None = None) -> Body:
    """`data` if it has the model's shape; else the first thing wrong with it, as a `RuleError`."""
    try:
        return model.model_validate(data, strict=True, context=context)
    except ValidationError as error:
        raise refusal(model, error.errors()) from None


def refusal(model: type[Body], errors: list[dict]) -> Exception:
    """The first error, in words a player understands (the rules' own error where a rule's check refused)."""
    first = errors[0]
    reason = (first.get("ctx") or {}).get("error")
    if isinstance(reason, (RuleError, NotFound)):
        return reason
    kind, loc, value = first["type"], first["loc"], first.get("input")
    field = str(loc[0]) if loc else None
    refuse = model.refusal
    if kind == "extra_forbidden":
        names = sorted({str(e["loc"][0]) for e in errors if e["type"] == "extra_forbidden" and len(e["loc"]) == 1})
        return refuse(N_("Unknown field: %(names)s."), field=names[0] if names else field,
                      names=", ".join(_short(name) for name in names) or _short(field))
    if kind == "missing":
        if field in model.asks:
            return model.asks[field]()
        return refuse(N_("Say %(key)s: it is missing."), field=field, key=field)
    if kind in ("literal_error", "enum"):
        return refuse(N_("“%(value)s” is not possible for %(key)s; choose one of: %(choices)s."), field=field,
                      key=field, value=_short(value), choices=first["ctx"]["expected"].replace("'", ""))
    if kind == "bool_type":
        return refuse(N_("“%(value)s” is not true or false (%(key)s)."), field=field, key=field,
                      value=_short(value))
    if kind == "string_type":
        return refuse(N_("“%(value)s” is not a text (%(key)s)."), field=field, key=field, value=_short(value))
    if kind in ("too_short", "too_long"):
        return refuse(N_("“%(key)s” needs at least %(low)s values, not %(count)s.") if kind == "too_short" else
                      N_("“%(key)s” takes at most %(high)s values, not %(count)s."), field=field, key=field,
                      low=first["ctx"].get("min_length", 0), high=first["ctx"].get("max_length", 0),
                      count=first["ctx"].get("actual_length"))
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return refuse(N_("“%(key)s” must be a set of name and value pairs."), field=field, key=field)
    if kind.startswith("int_"):
        return refuse(N_("“%(value)s” is not a whole number."), field=field, value=_short(value))
    return refuse(N_("“%(value)s” is not possible for %(key)s."), field=field, key=field, value=_short(value))


# -- names, options, a new game ---------------------------------------------------------------------------------
# A name as the document promises it: 1–40 characters, something visible, no control characters. The rules
# also take (and tidy) runs of spaces, tabs and newlines in a name; the document leaves those out.
_CONTROLS = "\\x00-\\x1f\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069"
_SPACES = " \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"
# Nothing to read either (the rules drop the invisible ones and want more than accents): see rules.base.
_UNREAD = "\\u00ad\\u200b\\u2060\\u0300-\\u036f"


def text_schema(most: int, nullable: bool = False) -> dict:
    """A name, a label: 1 to `most` characters, something visible, no control characters."""
    return {"type": ["string", "null"] if nullable else "string", "minLength": 1, "maxLength": most,
            "pattern": f"^[^{_CONTROLS}]*[^{_CONTROLS}{_SPACES}{_UNREAD}][^{_CONTROLS}]*$"}


NAME_SCHEMA = text_schema(MAX_NAME)


def option_schema(option: Option) -> dict:
    """The JSON Schema of one house rule, from its declaration (`rules.base`: a choice, yes/no, a whole number,
    money), with its default."""
    if option.kind == "yesno":
        schema = {"type": "boolean"}
    elif option.kind == "number":
        schema = {"type": ["integer", "null"] if option.optional else "integer", "minimum": option.low,
                  "maximum": option.high}
    elif option.kind == "list":
        schema = {"type": ["array", "null"], "items": {"type": "integer", "minimum": 1, "maximum": option.high},
                  "minItems": 1, "maxItems": option.most}
    elif option.kind == "money":
        schema = {"type": ["string", "null"] if option.optional else "string", "pattern": MONEY.pattern.replace(
            "\\d", "[0-9]")}
    else:
        schema = {"enum": list(option.choices)}
    return {**schema, "default": option.default}


def options_schema(variant) -> dict:
    return {"type": "object", "additionalProperties": False,
            "properties": {option.name: option_schema(option) for option in variant.options},
            "description": "Only the house rules to change; the game answers with all of them."}


def _names(players: tuple[int, ...]) -> Any:
    def checked(values):
        return check_players(values, players)
    schema = {"type": "array", "items": NAME_SCHEMA, "minItems": min(players), "maxItems": max(players),
              "uniqueItems": True, "description": "Names in the order of play (seat 0 first); no two alike "
                                                  "ignoring case."}
    return Annotated[list[str], BeforeValidator(checked), WithJsonSchema(schema)]


def _options(variant, not_a_dict: type[RuleError] = InvalidOption) -> Any:
    def checked(values):
        if values is not None and not isinstance(values, dict):
            raise not_a_dict(N_("Options must be a set of name and value pairs."), field="options")
        refuse_meaningless(variant.options, values)
        return values
    return Annotated[dict | None, BeforeValidator(checked), WithJsonSchema(options_schema(variant))]


def _first_dealer(players: tuple[int, ...]) -> Any:
    def checked(value):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 0 <= value < max(players)):
            raise InvalidInput(N_("The first dealer must be one of the players."), field="first_dealer")
        return value
    return Annotated[int | None, Field(ge=0, le=max(players) - 1), BeforeValidator(checked)]


CONFIRMATION = Annotated[bool, Field(description="Another player confirms each complete hand on their own phone "
                                               "(false when absent)."),
                         BeforeValidator(tournaments_rules.check_confirmation)]
ASKS_PLAYERS = {"players": lambda: InvalidPlayers(N_("Players must be a list of names."))}


def _model_name(variant_id: str) -> str:
    return "".join(part.capitalize() for part in variant_id.split("-"))


def new_game_body(variant) -> type[Body]:
    """The body that creates a game of `variant`: its players, its options, the first dealer (checked in the
    order the rules check them: the players, then the options, then the first dealer)."""
    model = create_model(
        f"New{_model_name(variant.id)}", __base__=Body, __doc__=f"A new game of {variant.name} (`{variant.id}`).",
        asks=(ClassVar[dict], ASKS_PLAYERS),
        variant=(Literal[variant.id], ...),
        players=(_names(variant.players), ...),
        options=(_options(variant), MISSING),
        first_dealer=(_first_dealer(variant.players), Field(MISSING, description="Drawn at random when absent.")),
        confirmation=(CONFIRMATION, MISSING))
    return model


NEW_GAME: dict[str, type[Body]] = {variant_id: new_game_body(variant) for variant_id, variant in VARIANTS.items()}


def check_new_game(data: dict) -> Body:
    """A body that creates a game: its variant first (the one it names decides the rest)."""
    variant = find_variant(data.get("variant"))
    return check(NEW_GAME[variant.id], data)


# -- the other bodies of the game API ---------------------------------------------------------------------------
MOST_CARDS = 17  # the most cards a hand of any game deals to each player (3 players of house rules: 52 // 3)
MOST_SEATS = max(max(variant.players) for variant in VARIANTS.values())


def _link_seat(value):
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MOST_SEATS):
        raise RuleError(N_("There is no seat %(seat)s at this table."), field="seat", seat=_short(value, 20))
    return value


class Rotate(Body):
    """Which link to replace."""

    refusal: ClassVar[type[RuleError]] = RuleError  # `rule`, as the service layer refuses a role or seat
    role: Literal["scorer", "view", "seat"]
    seat: Annotated[int | None, Field(ge=0, le=MOST_SEATS - 1, description="`seat` only: the seat whose link."),
                    BeforeValidator(_link_seat)] = MISSING


# -- tournaments ------------------------------------------------------------------------------------------------
def _tournament_name(value):
    if value is not None:
        tournaments_rules.check_name(value)
    return value


def _scheme(value):
    tournaments_rules.check_scheme(value)
    return value


def _game(value):
    return tournaments_rules.check_game(value)


def _table(value):
    tournaments_rules.check_table(value)
    return value


def _round(value):
    tournaments_rules.check_round(value)
    return value


SCHEMES = tuple(tournaments_rules.SCHEME.choices)
TournamentName = Annotated[str | None, BeforeValidator(_tournament_name), WithJsonSchema({
    **text_schema(tournaments_rules.MAX_TOURNAMENT_NAME, nullable=True),
    "description": "1–60 characters; “Tournament” in the request's language when absent."})]
Table = Annotated[str | int | None, BeforeValidator(_table), WithJsonSchema({
    **text_schema(tournaments_rules.MAX_TABLE, nullable=True),
    "description": "A label of 1–20 characters; the next free number in the round when absent."})]
Round = Annotated[int | None, Field(ge=1, le=tournaments_rules.MAX_ROUND, description=(
    "1–99; the latest round (1 at first) when absent.")), BeforeValidator(_round)]


class NewTournament(Body):
    """A new tournament of whist-torneo partite."""

    name: TournamentName = MISSING
    scheme: Annotated[Literal[SCHEMES] | None, BeforeValidator(_scheme)] = MISSING
    variant: Annotated[Literal[tournaments_rules.GAMES] | None, BeforeValidator(_game), Field(description=(
        "The game of every partita (#23): `whist-torneo` when absent, or a house-rules preset, each table ranked "
        "as tournament Whist ranks it."))] = MISSING
    confirmation: Annotated[bool, Field(description="An opponent confirms each hand of every partita on their own "
                                                    "phone (false when absent)."),
                            BeforeValidator(tournaments_rules.check_confirmation)] = MISSING


def _roster(values):
    return seating_rules.check_roster(values)


def _player(value):
    if not isinstance(value, str):
        raise InvalidPlayers(N_("Give the player's name."))
    return value


PlayerName = Annotated[str, BeforeValidator(_player), WithJsonSchema({**NAME_SCHEMA, "description": (
    "A name on the evening's roster (ignoring case and spaces).")})]


class Roster(Body):
    """The evening's players and rounds: the app seats every round (before the first partita)."""

    asks: ClassVar[dict] = {**ASKS_PLAYERS, "rounds": lambda: InvalidInput(N_("How many rounds?"), field="rounds")}
    players: Annotated[list[str], BeforeValidator(_roster), WithJsonSchema({
        "type": "array", "items": NAME_SCHEMA, "minItems": seating_rules.MIN_PLAYERS,
        "maxItems": seating_rules.MAX_PLAYERS, "uniqueItems": True,
        "description": "The roster: no two alike ignoring case."})]
    rounds: Annotated[int, *whole("rounds", 1, seating_rules.MAX_ROUNDS)]
    odd_tables: Annotated[Literal[seating_rules.ODD_TABLES], BeforeValidator(seating_rules.check_odd_tables),
                          Field(description=(
                              "The tables of 3 and 5 (#35): `strict_rotation` when absent (nobody sits at one "
                              "again before everyone has), or `fewer_repeats` (the rotation gives way where that "
                              "seats fewer pairs together again)."))] = MISSING


class RosterPlayer(Body):
    """A player who withdraws, or arrives late (a new name, or one who withdrew)."""

    asks: ClassVar[dict] = {"player": lambda: InvalidPlayers(N_("Give the player's name."))}
    player: PlayerName


def _two_players(values):
    if not isinstance(values, list) or len(values) != 2:
        raise InvalidPlayers(N_("Name the two players to swap."))
    return values


class SwapSeats(Body):
    """Two players of a round not yet begun swap seats."""

    asks: ClassVar[dict] = {"players": lambda: InvalidPlayers(N_("Name the two players to swap.")),
                            "round": lambda: InvalidInput(N_("Which round?"), field="round")}
    round: Annotated[int, *whole("round", 1, seating_rules.MAX_ROUNDS)]
    players: Annotated[list[PlayerName], BeforeValidator(_two_players), Field(min_length=2, max_length=2)]


class StartTable(Body):
    """A seated table starts its partita (or finds the one it started)."""

    asks: ClassVar[dict] = {"round": lambda: InvalidInput(N_("Which round?"), field="round"),
                            "table": lambda: InvalidInput(N_("Which table?"), field="table")}
    round: Annotated[int, *whole("round", 1, seating_rules.MAX_ROUNDS)]
    table: Annotated[str, BeforeValidator(_table), WithJsonSchema({
        **text_schema(tournaments_rules.MAX_TABLE), "description": "The table's letter in the round: A, B, C…"})]
    first_dealer: _first_dealer(VARIANTS[tournaments_rules.VARIANT].players) = MISSING


def _partita_options(values):
    if values is not None and not isinstance(values, dict):
        raise InvalidInput(N_("Options must be a set of name and value pairs."), field="options")
    return values


class NewPartita(Body):
    """A new game of the tournament's variant for a table: whist-torneo with the tournament's scheme unless
    `options.scheme` says otherwise, or a house-rules preset with its own options."""

    asks: ClassVar[dict] = ASKS_PLAYERS
    table: Table = MISSING
    round: Round = MISSING
    players: _names(VARIANTS[tournaments_rules.VARIANT].players)
    options: Annotated[dict | None, BeforeValidator(_partita_options), WithJsonSchema({
        "type": ["object", "null"], "description": "The house rules of the tournament's game to change (whist-torneo: "
        "`scheme`); the rules check them."})] = MISSING
    first_dealer: _first_dealer(VARIANTS[tournaments_rules.VARIANT].players) = MISSING


def _opens(value):
    """The game's id and key: anything that does not open a game is 404, as a wrong key is (not a 422 telling
    what was wrong)."""
    if not isinstance(value, str):
        raise NotFound()
    return value


class AttachPartita(Body):
    """An existing game of the tournament's variant, proven by its scorer key."""

    asks: ClassVar[dict] = {"game_id": NotFound, "key": NotFound}
    game_id: Annotated[str, BeforeValidator(_opens)]
    key: Annotated[str, Field(description="The game's scorer key."), BeforeValidator(_opens)]
    table: Table = MISSING
    round: Round = MISSING


def check_partita(data: dict) -> Body:
    """Either form of adding a partita: the game's id or key names the second."""
    return check(AttachPartita if "game_id" in data or "key" in data else NewPartita, data)


def _tournament_role(value):
    if value not in tournaments_rules.ROLES:
        raise InvalidInput(N_("There is no link called “%(role)s”."), field="role", role=str(value)[:20])
    return value


class RotateTournament(Body):
    """Which of the tournament's links to replace."""

    role: Annotated[Literal[tournaments_rules.ROLES], BeforeValidator(_tournament_role)]


# -- answers ----------------------------------------------------------------------------------------------------
def variants_of(family: str) -> OneOf:
    """The ids of the variants of a family, as a game's `variant` (`Annotated[str, variants_of("solo")]`)."""
    return OneOf(tuple(variant.id for variant in VARIANTS.values() if variant.family == family))


Trump = Literal["H", "D", "C", "S", "NT"]
Suit = Literal["H", "D", "C", "S"]


class Standing(Answer):
    seat: int
    player: str
    place: int = Field(description="Equal places are shared: 1, 1, 3.")
    total: int
    table_points: str | None = Field(description="whist-torneo: an exact number (`\"8\"`, `\"13/3\"`); else null.")


class Confirm(Body):
    """The version of the game the confirming page (or client) showed the hand at: a hand changed since is 409."""

    asks: ClassVar[dict] = {"version": lambda: InvalidInput(N_("Say which version of the game you looked at."),
                                                            field="version")}
    version: Annotated[int, *whole("version", 1, 999_999_999)]


class ConfirmedHand(Answer):
    hand: int
    by: str | None = Field(description="The player who confirmed it.")
    at: str = Field(description="When (ISO 8601, UTC).")
    on_scorers_phone: bool = Field(description="Confirmed on the phone that holds the game's scorer link (the "
                                               "player's link opened there): every sheet says so.")


class ConfirmationAnswer(Answer):
    """Which complete hands another player confirmed on their own phone (#21)."""

    on: bool = Field(description="The game asks for each complete hand to be confirmed.")
    unconfirmed: list[int] = Field(description="The complete hands still to confirm (always empty when off).")
    confirmed: list[ConfirmedHand]


class GameAnswer(Answer):
    """What every game shows; its family adds its own fields (see `variant`)."""

    id: str
    variant: str
    options: dict[str, Any] = Field(description="Every option of the variant, with its effective value.")
    version: int = Field(description="The number of the latest change (also the `ETag`).")
    status: Literal["in_progress", "finished"]
    players: list[str]
    sides: list[list[int]] | None = Field(description="Partnership Whist: `[[0, 2], [1, 3]]`; else null.")
    first_dealer: int
    current_hand: int | None = Field(description="The hand being entered; null once the game is over.")
    hands: list[Any] = Field(description="Every hand played or in progress, in order.")
    totals: list[int] = Field(description="Running totals after the last scored hand: per seat (per side in "
                                          "partnership Whist).")
    standings: Sequence[Standing]  # a family may give its own kind (partnership: its sides')
    confirmation: ConfirmationAnswer


class Keys(Answer):
    scorer: str
    view: str
    seats: list[str] = Field(description="One key per seat, in the order of play.")


class Created(Answer):
    """A new game: its keys (keep the scorer's secret), its links and the game."""

    id: str
    variant: str
    version: int
    keys: Keys
    links: Keys
    game: Any


class Rotated(Answer):
    """The new key, and every key and link of the game now."""

    role: Literal["scorer", "view", "seat"]
    seat: int | None = Field(description="The seat of a seat key (as sent otherwise).")
    key: str
    keys: Keys
    links: Keys


class ErrorDetail(Answer):
    code: str = Field(examples=["forbidden_bid", "bid_out_of_range", "tricks_sum", "missing_bids", "invalid_contract",
                                "invalid_players", "invalid_option", "invalid_input", "hand_not_current",
                                "bidding_closed", "conflict", "too_many_changes", "forbidden", "cross_site",
                                "not_found", "method_not_allowed", "malformed", "version_mismatch", "too_large",
                                "rate_limited", "rule", "table_taken", "already_in_tournament", "already_in_club",
                                "same_name", "invalid_game", "invalid_csv", "unsupported_media_type", "internal"])
    message: str = Field(description="A sentence for people, in the request's language.")
    field: str | None = Field(MISSING, description="The field of the request the error is about.")
    line: int | None = Field(MISSING, description="`invalid_csv`: the line of the file at fault (1 is the header).")
    game: Any = Field(MISSING, description="`version_mismatch`: the game as it is now.")


class Error(Answer):
    error: ErrorDetail


class TournamentStanding(Answer):
    player: str
    place: int
    table_points: str = Field(description="Exact: an integer or a fraction (`\"37/3\"`).", examples=["8", "13/3"])
    raw_points: int
    partite: int = Field(description="The finished partite the player played.")


class PartitaStanding(Answer):
    seat: int
    player: str
    place: int
    total: int
    failed_contracts: int
    table_points: str


class PartitaLinks(Answer):
    view: str
    scorer: str = Field(MISSING, description="For the organiser; for the join key while a partita set up by hand is "
                                             "in progress (never at an evening the app seats).")


class Partita(Answer):
    id: str
    table: str
    round: int
    variant: Literal[tournaments_rules.GAMES]
    options: dict[str, Any]
    players: list[str]
    status: Literal["in_progress", "finished"]
    counted: bool = Field(description="Finished partite count in the standings.")
    current_hand: int | None
    hands_played: int
    hands_total: int
    version: int
    totals: list[int]
    failed_contracts: list[int]
    unconfirmed: list[int] = Field(description="The complete hands still to confirm by an opponent, as the game's "
                                               "`confirmation.unconfirmed` (always empty without confirmation).")
    standings: list[PartitaStanding]
    links: PartitaLinks


class Entrant(Answer):
    number: int = Field(description="The player's number in the roster, kept when others come or go.")
    player: str
    from_round: int
    until_round: int | None = Field(description="After a withdrawal: the last round played.")
    present: bool
    absent_rounds: list[int] = Field(description="The rounds from `from_round` to `until_round` (or the last) the "
                                                 "player sits out: away after a withdrawal, then back.")
    key: str | None = Field(None, description="The organiser's answer alone: the player's own link of the evening "
                                              "(#35), a tournament key of role `player`.")
    claimed: bool | None = Field(None, description="The organiser's answer alone: the room's code handed the link "
                                                   "out already (it does so once).")
    link: str | None = Field(None, description="The organiser's answer alone: the player's own page.")


class SeatedTable(Answer):
    table: str
    players: list[str] = Field(description="In seat order: seat 1 first.")
    game_id: str | None = Field(description="The partita started at this table, if any.")


class SeatedRound(Answer):
    round: int
    begun: bool = Field(description="A partita of the round exists: its tables no longer move.")
    tables: list[SeatedTable]


class Seating(Answer):
    rounds: int
    begun: int = Field(description="The rounds begun: 1 to `begun` never move.")
    repeated_pairs: int = Field(description="Pairs of players seated together once more than the first time.")
    odd_tables: Literal[seating_rules.ODD_TABLES] = Field(description=(
        "The organiser's choice for the tables of 3 and 5 (#35): `strict_rotation` or `fewer_repeats`."))
    roster: list[Entrant]
    plan: list[SeatedRound]


class Tournament(Answer):
    id: str
    name: str
    scheme: Literal[SCHEMES]
    variant: Literal[tournaments_rules.GAMES] = Field(description="The game of every partita (#23).")
    created_at: str
    version: str = Field(description="A fingerprint that changes with any partita or the seating (also the `ETag`).")
    confirmation: bool = Field(description="An opponent confirms each hand of every partita.")
    games: list[Partita]
    standings: list[TournamentStanding]
    provisional_standings: list[TournamentStanding] = Field(
        description="While partite are under way: the standings if every table stopped now (partite in progress "
                    "count with their running totals, and in `partite`); empty otherwise.")
    seating: Seating | None = Field(description="The evening seated by the app; null when tables are set by hand.")


class TournamentKeys(Answer):
    organiser: str
    view: str
    join: str


class TournamentLinks(TournamentKeys):
    standings: str
    csv: str


class TournamentCreated(Answer):
    id: str
    keys: TournamentKeys
    links: TournamentLinks
    tournament: Tournament


class PartitaKeys(Answer):
    """A partita's keys (or links): every one, or the view alone for the join key on a table started already."""

    scorer: str = Field(MISSING, description="Absent for the join key on a table started already.")
    view: str
    seats: list[str] = Field(MISSING, description="One per seat, in the order of play; absent as `scorer` is.")


class PartitaAdded(Answer):
    """The partita as the game API shows it, plus the tournament."""

    id: str
    variant: Literal[tournaments_rules.GAMES]
    version: int
    table: str
    round: int
    keys: PartitaKeys
    links: PartitaKeys
    game: Any
    tournament: Tournament


class TournamentRotated(Answer):
    role: Literal[tournaments_rules.ROLES]
    key: str
    keys: TournamentKeys
    links: TournamentLinks
