"""The season API's bodies and answers (web/club/season_api.py), declared as the tournament API's are (`shapes`): the
bodies are checked with them and the OpenAPI document is generated from them."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, WithJsonSchema

from ..rules import N_
from ..rules import season as season_rules
from ..rules.base import InvalidInput
from .shapes import Answer, Body, text_schema


def _season_name(value):
    season_rules.check_name(value)
    return value


SeasonName = Annotated[str, BeforeValidator(_season_name), WithJsonSchema({
    **text_schema(season_rules.MAX_SEASON_NAME), "description": "1–60 characters."})]


class NewSeason(Body):
    """A new season: tournaments (the club's evenings) are added to it afterwards."""

    name: SeasonName


class SeasonTournament(Body):
    """A tournament to add, proven by one of its own keys (any of them: the season shows its standings)."""

    tournament: Annotated[str, Field(description="The tournament's id.", max_length=40)]
    key: Annotated[str, Field(description="One of the tournament's keys (organiser, view or join).", max_length=200)]


def _season_role(value):
    if value not in season_rules.ROLES:
        raise InvalidInput(N_("There is no link called “%(role)s”."), field="role", role=str(value)[:20])
    return value


class RotateSeason(Body):
    """Which of the season's links to replace."""

    role: Annotated[Literal[season_rules.ROLES], BeforeValidator(_season_role)]


class SeasonEvening(Answer):
    id: str
    name: str
    created_at: str
    status: Literal["in_progress", "finished"] = Field(
        description="`finished`: every partita is finished (and a seated evening has begun its last round).")
    counted: bool = Field(description="Finished tournaments count in the season's standings; the others wait.")
    players: int = Field(description="The players in the tournament's standings.")


class SeasonStanding(Answer):
    player: str
    place: int
    table_points: str = Field(description="Exact: an integer or a fraction (`\"37/3\"`).", examples=["18", "31/3"])
    raw_points: int
    evenings: int = Field(description="The finished tournaments of the season the player played in.")


class Season(Answer):
    id: str
    name: str
    created_at: str
    tournaments: list[SeasonEvening] = Field(description="Oldest first.")
    standings: list[SeasonStanding]


class SeasonKeys(Answer):
    organiser: str
    view: str


class SeasonLinks(SeasonKeys):
    csv: str


class SeasonCreated(Answer):
    id: str
    keys: SeasonKeys
    links: SeasonLinks
    season: Season


class SeasonRotated(Answer):
    """The new key, and every key and link of the season now."""

    role: Literal[season_rules.ROLES]
    key: str
    keys: SeasonKeys
    links: SeasonLinks


MODELS = [NewSeason, SeasonTournament, RotateSeason, Season, SeasonCreated, SeasonRotated]
