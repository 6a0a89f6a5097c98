"""Club ratings (#37), a first cut: openskill's Plackett–Luce, one rating per family (the ratings branch refines it)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Collection, Iterable

from openskill.models import PlackettLuce

FAMILIES = ("predictions", "partnership", "solo", "piquet")
PROVISIONAL_GAMES = 5
BASE, SCALE = 1000, 40
_MODEL = PlackettLuce()


@dataclass(frozen=True)
class RatedGame:
    id: str
    family: str
    ended_at: str
    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True)
class Step:
    game_id: str
    ended_at: str
    before: int
    after: int
    mu: float
    sigma: float


def shown(mu: float, sigma: float) -> int:
    return round(BASE + SCALE * (mu - 3 * sigma))


@dataclass
class Rating:
    player: int
    family: str
    mu: float = _MODEL.mu
    sigma: float = _MODEL.sigma
    games: int = 0
    history: list[Step] = field(default_factory=list)

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def rate(games: Iterable[RatedGame]) -> dict[str, dict[int, Rating]]:
    found: dict[str, dict[int, Rating]] = {}
    for game in sorted(games, key=lambda g: (g.ended_at, g.id)):
        family = found.setdefault(game.family, {})
        ratings = [[family.setdefault(p, Rating(p, game.family)) for p in team] for team in game.teams]
        teams = [[_MODEL.create_rating([r.mu, r.sigma]) for r in team] for team in ratings]
        new = _MODEL.rate(teams, ranks=list(game.ranks))
        for team, after in zip(ratings, new):
            for rating, value in zip(team, after):
                before = rating.shown
                rating.mu, rating.sigma, rating.games = value.mu, value.sigma, rating.games + 1
                rating.history.append(Step(game.id, game.ended_at, before, rating.shown, value.mu, value.sigma))
    return found


def moved(ratings: dict[int, Rating], game_ids: Collection[str]) -> dict[int, int]:
    changes = {}
    for player, rating in ratings.items():
        steps = [step for step in rating.history if step.game_id in game_ids]
        if steps:
            changes[player] = steps[-1].after - steps[0].before
    return changes
