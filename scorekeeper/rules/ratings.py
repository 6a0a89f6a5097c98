"""The club's ratings (#37, docs/rules/ratings.md): one skill estimate per player and game family, from the
finished games alone.

Weng & Lin's Bayesian ranking with the Plackett–Luce model ("A Bayesian Approximation Method for Online
Ranking", JMLR 12, 2011, Algorithm 4), as openskill's `PlackettLuce` computes it, with its default parameters.
Each player's skill is a normal belief N(μ, σ²); a game moves μ towards what the finishing order showed and
shrinks σ as the evidence grows. Nothing here is stored: the service calls `rate` again whenever a game ends, is
corrected or removed, so a rating is always what the games say now.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Collection, Iterable

from openskill.models import PlackettLuce
from openskill.models.weng_lin.plackett_luce import PlackettLuceRating

FAMILIES = ("predictions", "partnership", "solo", "piquet")  # one rating per family (variant.family)
# σ falls slowly (from 8.3 to about 7.3 after five games): a newcomer's first games move the number by a hundred
# or more each, and it says more about how few games we have seen than about the player. Five games, about one
# club evening, is also what chess federations ask before a first rating (FIDE: five rated games).
PROVISIONAL_GAMES = 5
# The number shown is BASE + SCALE × (μ − 3σ): at 3σ below the mean we are 99.7% sure the skill is at least this
# good, so a lucky newcomer does not top the table after one evening. A new player (μ 25, σ 25/3) shows BASE.
BASE, SCALE = 1000, 40
MODEL = PlackettLuce()  # μ 25, σ 25/3, β 25/6, τ 25/300, κ 0.0001, no limit on σ


@dataclass(frozen=True)
class RatedGame:
    """One finished game as the ratings see it."""
    id: str                              # the game's id
    family: str                          # one of FAMILIES
    ended_at: str                        # ISO time it ended: games are rated in (ended_at, id) order
    teams: tuple[tuple[int, ...], ...]   # club player numbers per team; a team of one each in a free-for-all
    ranks: tuple[int, ...]               # each team's final place: 1 = first; ties share a place (1, 1, 3)


@dataclass(frozen=True)
class Step:
    """What one game did to one player's rating."""
    game_id: str
    ended_at: str
    before: int      # shown, before the game
    after: int       # shown, after
    mu: float        # after
    sigma: float     # after


@dataclass
class Rating:
    """One player's rating in one family, and the games that made it."""
    player: int
    family: str
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    history: list[Step] = field(default_factory=list)  # oldest first

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    def record(self, game: RatedGame, mu: float, sigma: float) -> None:
        """Take the game's outcome for this player and remember the step."""
        before = self.shown
        self.mu, self.sigma, self.games = mu, sigma, self.games + 1
        self.history.append(Step(game.id, game.ended_at, before, self.shown, mu, sigma))


def shown(mu: float, sigma: float) -> int:
    """The number a player sees: the conservative estimate μ − 3σ on a scale where a new player shows BASE."""
    return round(BASE + SCALE * (mu - 3 * sigma))


def check(game: RatedGame) -> None:
    """A malformed game is the caller's bug (the service refuses such input earlier, in a player's words)."""
    if game.family not in FAMILIES:
        raise ValueError(f"game {game.id}: family {game.family!r} is not one of {FAMILIES}")
    if len(game.teams) < 2:
        raise ValueError(f"game {game.id}: a rated game needs at least two teams, not {len(game.teams)}")
    if len(game.ranks) != len(game.teams):
        raise ValueError(f"game {game.id}: {len(game.ranks)} ranks for {len(game.teams)} teams")
    if not all(game.teams) or min(game.ranks) < 1:
        raise ValueError(f"game {game.id}: every team needs a player and every rank is 1 or more")
    players = [player for team in game.teams for player in team]
    if len(set(players)) != len(players):
        raise ValueError(f"game {game.id}: a player appears twice in {game.teams}")


def rate(games: Iterable[RatedGame], model: PlackettLuce = MODEL) -> dict[str, dict[int, Rating]]:
    """family → player number → Rating, from the games alone (sorted here by (ended_at, id)); a player
    appears in the families they played. Never stored: called again whenever a game changes.

    The order matters (a game moves a rating from where the earlier games left it), so it is the order the games
    ended in, with the id to break a tie: the same games give the same ratings however they are passed in.
    `model`: openskill's default parameters unless a test reproduces openskill's own examples with others.
    """
    ratings: dict[str, dict[int, Rating]] = {}
    skills: dict[tuple[str, int], PlackettLuceRating] = {}  # openskill's own objects, carried from game to game
    for game in sorted(games, key=lambda g: (g.ended_at, g.id)):
        check(game)
        family = ratings.setdefault(game.family, {})
        keys = [[(game.family, player) for player in team] for team in game.teams]
        teams = [[skills[key] if key in skills else model.rating() for key in team] for team in keys]
        for team, rated in zip(game.teams, model.rate(teams, ranks=list(game.ranks))):
            for player, skill in zip(team, rated):
                skills[game.family, player] = skill
                family.setdefault(player, Rating(player, game.family, model.mu, model.sigma))
                family[player].record(game, skill.mu, skill.sigma)
    return ratings


def moved(ratings: dict[int, Rating], game_ids: Collection[str]) -> dict[int, int]:
    """player → change of the shown rating over the given games (e.g. this evening's), for players in them:
    after of their last step among them minus before of their first step among them."""
    wanted, changes = set(game_ids), {}
    for player, rating in ratings.items():
        steps = [step for step in rating.history if step.game_id in wanted]
        if steps:
            changes[player] = steps[-1].after - steps[0].before
    return changes
