"""A club (#37): its name, its roster's names and how a game's players are matched to the roster.

Pure: the service (`service/clubs.py`) keeps the roster and the games. A roster name is one person: two names that
differ only in case, accents or spaces ("Niccolò" and "niccolo") are refused as the same name. A game's players are
matched to the roster by whoever adds the game, seat by seat: the app suggests, it never guesses.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from .base import N_, InvalidInput, StateConflict, check_players, loose_name
from .tournament import check_title

ROLES = ("organiser", "view")
MAX_CLUB_NAME = 60
MAX_NICKNAME = 20
MAX_ROSTER = 500
NEW = "new"  # a seat matched to a new roster player of its own name


class SameName(StateConflict):
    code = "same_name"
    field = "name"


def check_name(name) -> str:
    return check_title(name, MAX_CLUB_NAME, N_("Give the club a name."),
                       N_("A club name may be at most %(max)s characters long."),
                       N_("A club name may not contain control characters."))


def check_player_name(name) -> str:
    """A roster name, tidied, as a game's player names are checked (1–40 visible characters)."""
    if not isinstance(name, str):
        raise InvalidInput(N_("Every player needs a name."), field="name")
    return check_players([name], (1,))[0]


def check_nickname(nickname) -> str:
    """An optional nickname, shown beside the name: up to 20 characters."""
    if nickname is None or nickname == "":
        return ""
    if not isinstance(nickname, str):
        raise InvalidInput(N_("A nickname is text."), field="nickname")
    nickname = " ".join(nickname.split())
    if len(nickname) > MAX_NICKNAME:
        raise InvalidInput(N_("A nickname may be at most %(max)s characters long."), field="nickname",
                           max=MAX_NICKNAME)
    return check_players([nickname], (1,))[0] if nickname else ""


def fold(name: str) -> str:
    """What two roster names must differ in: not case, not accents, not spaces (Niccolò is niccolo)."""
    return loose_name(name)


def check_new_name(name: str, taken: dict[str, str]) -> None:
    """Refuse a name the roster has already, but for case or accents (`taken`: folded → the name on the roster)."""
    same = taken.get(fold(name))
    if same is not None:
        raise SameName(N_("“%(name)s” is already on the roster as “%(same)s”: names that differ only in capitals or "
                          "accents are one player."), name=name, same=same)


def check_match(players: Sequence[Any], names: Sequence[str], roster: Mapping[int, str]) -> list[int | str]:
    """A game's players (`names`, by seat) matched to the roster (number → name): one roster number (or NEW) a seat,
    every seat matched, nobody twice; a refusal names the seat's player as the game has them."""
    if not isinstance(players, list) or len(players) != len(names):
        raise InvalidInput(N_("Match each of the game's %(count)s players to the roster."), field="players",
                           count=len(names))
    matched: list[int | str] = []
    for name, player in zip(names, players):
        if player == NEW:
            matched.append(NEW)
            continue
        if isinstance(player, bool) or not isinstance(player, int):
            raise InvalidInput(N_("“%(name)s” is not matched to anyone on the roster: pick who they are, or add them "
                                  "as a new player."), field="players", name=name)
        if player not in roster:
            raise InvalidInput(N_("“%(name)s” is matched to nobody on the roster (number %(number)s)."),
                               field="players", name=name, number=player)
        if player in matched:
            raise InvalidInput(N_("“%(player)s” of the roster is matched to two seats of one game: each seat is a "
                                  "different person."), field="players", player=roster[player])
        matched.append(player)
    return matched
