"""What a tournament's entries must be (its name, scheme, tables and rounds): pure checks, below the service
(`tournaments.py`) and the API's declared shapes (`shapes.py`), which both use them."""
from __future__ import annotations

from .base import N_, InvalidInput, InvalidPlayers, Place, RuleError, check_int, has_control_characters, tidy_name
from .house import PRESETS
from .torneo import TABLE_POINTS, WHIST_TORNEO, table_points

ROLES = ("organiser", "view", "join")
VARIANT = WHIST_TORNEO.id
MAX_TOURNAMENT_NAME = 60
MAX_TABLE = 20
MAX_ROUND = 99
SCHEME = next(option for option in WHIST_TORNEO.options if option.name == "scheme")
# The games a tournament may play (#23): tournament Whist, or one house-rules preset at every table, ranked at each
# table as tournament Whist ranks it (docs/rules/house-rules.md, "Tournaments").
PLAYED = {variant.id: variant for variant in (WHIST_TORNEO, *PRESETS)}
GAMES = tuple(PLAYED)
TABLE = tuple(TABLE_POINTS)  # players at a tournament's table: 3 to 5


def schemed(variant_id: str) -> bool:
    """Whether a tournament's game has a hand schedule to choose (tournament Whist's `scheme`; a preset has none)."""
    return any(option.name == SCHEME.name for option in PLAYED[variant_id].options)


def check_game(variant) -> str:
    """The tournament's game: tournament Whist unless another is chosen."""
    if variant is None:
        return VARIANT
    if variant not in GAMES:
        raise InvalidInput(N_("A tournament plays one of: %(ids)s."), field="variant", ids=", ".join(GAMES))
    return variant


def check_table_players(players) -> None:
    """A tournament's table seats 3 to 5 players, whatever the game allows elsewhere (the table points)."""
    if isinstance(players, list) and len(players) not in TABLE:
        raise InvalidPlayers(N_("A table of a tournament has 3 to 5 players, not %(count)s."), count=len(players))


def table_places(state) -> list[Place]:
    """A table's places and table points: the game's own (tournament Whist), else ranked as tournament Whist ranks
    a table — by total, then fewer failed contracts — with its table points."""
    places = state.standings
    if places and places[0].table_points is None:
        return table_points(state.totals, state.failed_contracts)
    return places


def check_title(name, most: int, missing: str, too_long: str, controls: str) -> str:
    """A tournament's or a season's name, tidied: 1 to `most` visible characters, no control characters; the
    three messages say what is named."""
    if not isinstance(name, str) or not tidy_name(name):
        raise InvalidInput(missing, field="name")
    name = tidy_name(name)
    if len(name) > most:
        raise InvalidInput(too_long, field="name", max=most)
    if has_control_characters(name):
        raise InvalidInput(controls, field="name")
    return name


def check_name(name) -> str:
    return check_title(name, MAX_TOURNAMENT_NAME, N_("Give the tournament a name."),
                       N_("A tournament name may be at most %(max)s characters long."),
                       N_("A tournament name may not contain control characters."))


def check_scheme(scheme) -> str:
    try:
        return SCHEME.check(SCHEME.default if scheme is None else scheme)
    except RuleError as error:
        error.field = "scheme"
        raise


def check_confirmation(value) -> bool:
    if not isinstance(value, bool):
        raise InvalidInput(N_("Say yes or no: do the opponents confirm each hand?"), field="confirmation")
    return value


def check_table(label) -> str | None:
    """A table's label ("A", "3", "Sala 2"): 1–20 characters; None lets the app number it."""
    if label is None or (isinstance(label, str) and not tidy_name(label)):
        return None
    if isinstance(label, int) and not isinstance(label, bool):
        label = str(label)
    if not isinstance(label, str):
        raise InvalidInput(N_("A table is named by a short text, such as “A” or “3”."), field="table")
    label = tidy_name(label)
    if len(label) > MAX_TABLE:
        raise InvalidInput(N_("A table name may be at most %(max)s characters long."), field="table", max=MAX_TABLE)
    if has_control_characters(label):
        raise InvalidInput(N_("A table name may not contain control characters."), field="table")
    return label


def check_round(number) -> int | None:
    if number is None:
        return None
    return check_int(number, "round", 1, MAX_ROUND)
