"""The home page's list of this phone's games: when each was last opened, whether it is over, who won.

The newest games are replayed to say how they stand; older ones are listed by name only, so that a
phone with hundreds of games still gets its home page at once. A game whose link no longer opens it
(the scorer made a new one) is listed as such, with nothing of the game: it is not even read.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from flask_babel import format_date

from ...rules.base import is_draw
from ...service import games
from ..gate.per_request import get_db
from . import devices

DETAILED = 30


@dataclass
class HomeGame:
    id: str
    key: str
    role: str
    label: str
    opened: str  # the date it was last opened here, in the reader's language
    finished: bool | None  # None: not worked out (an older game)
    winners: str  # who won (or share the win), for a finished game; "" for a draw
    opens: bool = True  # False: its link no longer opens it (label and facts are then left out)
    imported: str = ""  # when a copy imported from a file was made, in the reader's language (#19)


def _winners(state) -> str:
    """Who won a finished game (several when they share the first place); nobody in a draw."""
    standings = state.standings
    if is_draw(standings):
        return ""
    return ", ".join(state.players[place.seat] for place in standings if place.place == 1)


def home_games() -> list[HomeGame]:
    out = []
    for index, (game_id, key, role, label, opened, opens) in enumerate(devices.listed("game")):
        finished, winners, imported = None, "", ""
        if not opens:
            out.append(HomeGame(game_id, "", role, "", opened_date(opened), None, "", opens=False))
            continue
        if index < DETAILED:
            try:
                loaded = games.load(get_db(), game_id)
            except games.NotFound:
                continue
            finished = loaded.state.finished
            winners = _winners(loaded.state) if finished else ""
            imported = opened_date(loaded.imported["at"]) if loaded.imported else ""
        out.append(HomeGame(game_id, key, role, label, opened_date(opened), finished, winners, imported=imported))
    return out


def opened_date(stamp: str, form: str = "medium") -> str:
    """When a game was last opened on this phone, as a date in the reader's language."""
    try:
        return format_date(datetime.fromisoformat(stamp), form)
    except ValueError:
        return ""
