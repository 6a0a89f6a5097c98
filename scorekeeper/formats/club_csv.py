"""A club's CSV files (#37): its roster, its ratings and every rated game, as the other CSVs are (`csvexport`):
UTF-8, a header row, `\r\n`, every cell formula-safe (a name typed as "=1+1" stays text).

Privacy as the ladder keeps it: a player hidden from the ladder, or removed from the club, has no line in the
ratings file and no rating in the games file (their games stay, and count for the others); a removed player's name
is gone, written as `former` ("a former player" in the reader's language, given by the web).
"""
from __future__ import annotations

from ..service import clubs
from . import csvexport

ROSTER = ["number", "name", "nickname", "hidden", "removed", "games", "last_played"]
RATINGS = ["family", "place", "number", "name", "rating", "provisional", "games", "mu", "sigma"]
GAMES = ["game_id", "family", "variant", "ended_at", "seat", "number", "name", "team", "place", "rating_before",
         "rating_after"]
NUMERIC = {"number", "games", "place", "rating", "seat", "team", "rating_before", "rating_after"}


def _yes(value: bool) -> str:
    return "true" if value else "false"


def _name(member: clubs.Member, former: str) -> str:
    return former if member.name is None else member.name


def _rated(all_games: list[clubs.ClubGame]) -> list[clubs.ClubGame]:
    return [game for game in all_games if game.rated() is not None]


def roster(db, club_id: str, former: str) -> str:
    """Every roster player, as the roster lists them, with their rated games and the end of their latest."""
    all_games = clubs.club_games(db, club_id)
    rated = _rated(all_games)
    played: dict[int | None, int] = {}
    for game in rated:
        for number in game.players:
            played[number] = played.get(number, 0) + 1
    return csvexport.write(ROSTER, NUMERIC, (
        {"number": m.number, "name": _name(m, former), "nickname": m.nickname, "hidden": _yes(m.hidden),
         "removed": _yes(m.removed), "games": played.get(m.number, 0), "last_played": m.last_played}
        for m in clubs.roster(db, club_id, all_games)))


def ratings(db, club_id: str) -> str:
    """Every family's ladder, line by line: the players it shows, with openskill's μ and σ behind the rating."""
    return csvexport.write(RATINGS, NUMERIC, (
        {"family": ladder.family, "place": rung.place, "number": rung.member.number, "name": rung.member.name,
         "rating": rung.rating.shown, "provisional": _yes(rung.rating.provisional), "games": rung.rating.games,
         "mu": f"{rung.rating.mu:.6f}", "sigma": f"{rung.rating.sigma:.6f}"}
        for ladder in clubs.ladders(db, club_id) for rung in ladder.rungs))


def games(db, club_id: str, former: str) -> str:
    """Every rated game, oldest first, a line per seat: who sat there, their side (numbered from 1, in games of
    sides), their place and their rating before and after the game (left out for a hidden or removed player)."""
    all_games = clubs.club_games(db, club_id)
    steps = {(step.game_id, rating.player): step for family in clubs.ratings(all_games).values()
             for rating in family.values() for step in rating.history}
    members = {m.number: m for m in clubs.roster(db, club_id, [])}
    variants = clubs.variants(db, club_id)
    rows = []
    for game in _rated(all_games):
        sides = any(len(team) > 1 for team in game.teams)
        side = {seat: (index, place) for index, (team, place) in enumerate(zip(game.teams, game.ranks), start=1)
                for seat in team}
        for seat, number in enumerate(game.players):
            member, step = members[number or 0], steps[game.game_id, number or 0]
            shown = not (member.hidden or member.removed)
            rows.append({"game_id": game.game_id, "family": game.family, "variant": variants[game.game_id],
                         "ended_at": game.ended_at, "seat": seat, "number": member.number,
                         "name": _name(member, former), "team": side[seat][0] if sides else None,
                         "place": side[seat][1], "rating_before": step.before if shown else None,
                         "rating_after": step.after if shown else None})
    return csvexport.write(GAMES, NUMERIC, rows)
