"""The club API's bodies and answers (web/club/club_api.py, #37), declared as the season API's are
(`season_shapes`): the bodies are checked with them and the OpenAPI document is generated from them. A game's or
an evening's players are checked by the rules (`rules.club.check_match`), which name the seat that is wrong."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, WithJsonSchema

from ..rules import N_
from ..rules import club as club_rules
from ..rules.base import MAX_NAME, InvalidInput
from ..rules.ratings import FAMILIES
from .shapes import NAME_SCHEMA, Answer, Body, text_schema


def _checked(check):
    """A field checked by the rules' own check, so a refusal is in the rules' words."""
    def validate(value):
        check(value)
        return value
    return BeforeValidator(validate)


ClubName = Annotated[str, _checked(club_rules.check_name), WithJsonSchema({
    **text_schema(club_rules.MAX_CLUB_NAME), "description": "1–60 characters."})]
PlayerName = Annotated[str, _checked(club_rules.check_player_name), WithJsonSchema({
    **NAME_SCHEMA, "description": f"1–{MAX_NAME} characters; not the name of another roster player, whatever its "
                                 "capitals or accents."})]
Nickname = Annotated[str, _checked(club_rules.check_nickname), WithJsonSchema({
    "type": "string", "maxLength": club_rules.MAX_NICKNAME, "description": "Shown beside the name; \"\" for none."})]
MATCHED = {"anyOf": [{"type": "integer", "minimum": 1}, {"const": club_rules.NEW}],
           "description": "A roster number, or `\"new\"`: a new roster player of the name played under."}
Family = Literal[FAMILIES]


class NewClub(Body):
    """A new club: its roster, games and evenings are added afterwards."""

    name: ClubName


class NewMember(Body):
    """A player for the roster."""

    name: PlayerName
    nickname: Nickname = ""


class EditMember(Body):
    """A roster player changed: the name or nickname corrected (organiser); hidden from the ladder or shown again
    (organiser, or the player's own link)."""

    name: PlayerName | None = None
    nickname: Nickname | None = None
    hidden: bool | None = None


class MemberLink(Body):
    """`new`: replace the player's own link (the old one stops working); else the one there is."""

    new: bool = False


class ClubGameBody(Body):
    """A game to add, proven by its scorer's link, each seat matched to the roster."""

    game: Annotated[str, Field(description="The game's id.", max_length=40)]
    key: Annotated[str, Field(description="The game's scorer key.", max_length=200)]
    players: Annotated[list, WithJsonSchema({"type": "array", "items": MATCHED,
                                             "description": "One per seat, in the game's order of play."})]


class ClubEveningBody(Body):
    """A club evening to add, proven by its organiser's link, each of its names matched to the roster."""

    tournament: Annotated[str, Field(description="The tournament's id.", max_length=40)]
    key: Annotated[str, Field(description="The tournament's organiser key.", max_length=200)]
    players: Annotated[dict, WithJsonSchema({
        "type": "object", "additionalProperties": MATCHED,
        "description": "Every name the evening has (its roster and every partita's players), each matched."})]


def _club_role(value):
    if value not in club_rules.ROLES:
        raise InvalidInput(N_("There is no link called “%(role)s”."), field="role", role=str(value)[:20])
    return value


class RotateClub(Body):
    """Which of the club's links to replace."""

    role: Annotated[Literal[club_rules.ROLES], BeforeValidator(_club_role)]


# -- answers --------------------------------------------------------------------------------------------------------
class ClubMember(Answer):
    number: int = Field(description="The player's roster number: theirs for good.")
    name: str | None = Field(description="`null` once removed from the club (\"a former player\").")
    nickname: str
    hidden: bool = Field(description="Not on the ladder (the player's own wish).")
    removed: bool


class ClubRung(Answer):
    place: int
    player: int = Field(description="The roster number.")
    name: str = Field(description="The name, with the nickname in brackets.")
    rating: int = Field(description="1000 + 40 × (μ − 3σ), rounded.")
    games: int
    provisional: bool = Field(description="Fewer than 5 rated games in the family.")
    moved: int | None = Field(description="The change on the family's latest day of play; `null`: did not play.")


class Club(Answer):
    id: str
    name: str
    created_at: str
    roster: list[ClubMember] = Field(description="Recent players first, then by name; removed players last.")
    families: list[Family] = Field(description="The families with rated games.")
    ladder: dict[str, list[ClubRung]] = Field(description="By family; hidden and removed players left out.")
    day: str | None = Field(description="The latest day of play (YYYY-MM-DD), of any family.")
    season: str | None = Field(description="The year the ladder is of (`?season=2026`); `null`: all time.")
    seasons: list[str] = Field(description="The years with rated games, latest first.")


class ClubKeys(Answer):
    organiser: str
    view: str


class ClubCreated(Answer):
    id: str
    keys: ClubKeys
    links: ClubKeys
    club: Club


class ClubRotated(Answer):
    """The new key, and every key and link of the club now."""

    role: Literal[club_rules.ROLES]
    key: str
    keys: ClubKeys
    links: ClubKeys


class ClubMemberLink(Answer):
    """A roster player's own link: their page alone."""

    number: int
    key: str
    link: str


class ClubStep(Answer):
    game: str
    ended_at: str
    before: int
    after: int


class ClubRating(Answer):
    rating: int
    mu: float
    sigma: float
    games: int
    provisional: bool
    history: list[ClubStep] = Field(description="One step per rated game, oldest first.")


class ClubMeeting(Answer):
    player: int
    name: str | None = Field(description="`null`: a former player.")
    games: int
    ahead: int = Field(description="The games this player finished ahead of the other.")
    level: int
    behind: int


class ClubPlayedGame(Answer):
    id: str
    evening: str | None = Field(description="The club evening it was a partita of.")
    family: Family
    finished: bool
    ended_at: str | None
    players: list[int | None] = Field(description="Roster numbers by seat.")
    place: int | None = Field(description="The player's place (their side's); `null` until finished.")


class ClubPlayer(Answer):
    player: ClubMember
    ratings: dict[str, ClubRating] = Field(description="By family: the families the player played.")
    meetings: list[ClubMeeting] = Field(description="Head to head, most games together first.")
    games: list[ClubPlayedGame] = Field(description="Latest first.")


MODELS: list[Any] = [NewClub, NewMember, EditMember, MemberLink, ClubGameBody, ClubEveningBody, RotateClub, Club,
                     ClubCreated, ClubRotated, ClubMember, ClubMemberLink, ClubPlayer]
