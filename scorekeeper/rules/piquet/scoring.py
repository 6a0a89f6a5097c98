"""Scoring one deal and the partie: pure functions of the record (play, cards bonus, repique, pique, the
partie's value and rubicon)."""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

from ..base import pair
from .records import (
    CAPOT, CARDS_BONUS, CARTE_BLANCHE, CLASSES, DealRecord, DealResult, PARTIE_BONUS, PIQUE, PIQUE_AT, Partie,
    REPIQUE, REPIQUE_AT, RUBICON, TRICKS,
)


# -- scoring one deal (pure functions of the record) ---------------------------------------------------
def play_from_tricks(trick_winners: Sequence[int], elder: int) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    """Play points per seat and the scoring steps in order: (seat, points) for the elder's first lead,
    then each trick: 1 won on one's own lead, 2 on the opponent's; the winner leads the next."""
    points = [0, 0]
    steps = [(elder, 1)]
    points[elder] += 1
    leader = elder
    for winner in trick_winners:
        gain = 1 if winner == leader else 2
        points[winner] += gain
        steps.append((winner, gain))
        leader = winner
    return pair(points), steps


def cards_bonus(tricks_won: tuple[int, int]) -> tuple[int, int]:
    """10 to the player with 7 or more tricks, 40 instead for all twelve (capot); 6–6 scores nothing."""
    bonus = [0, 0]
    for seat in (0, 1):
        if tricks_won[seat] == TRICKS:
            bonus[seat] = CAPOT
        elif tricks_won[seat] * 2 > TRICKS:
            bonus[seat] = CARDS_BONUS
    return pair(bonus)


def declaration_steps(record: DealRecord, elder: int) -> list[tuple[int, int]]:
    """(seat, points) in the order announced: carte blanche, point, sequences, sets; elder first in each."""
    steps = []
    for seat in (elder, 1 - elder):
        if record.carte_blanche[seat]:
            steps.append((seat, CARTE_BLANCHE))
    for name in CLASSES:
        for seat in (elder, 1 - elder):
            if getattr(record, name)[seat]:
                steps.append((seat, getattr(record, name)[seat]))
    return steps


def find_repique(steps: Iterable[tuple[int, int]]) -> int | None:
    """The seat reaching 30 in declarations before the other has scored anything."""
    running = [0, 0]
    for seat, points in steps:
        running[seat] += points
        if running[seat] >= REPIQUE_AT and running[1 - seat] == 0:
            return seat
    return None


def find_pique(steps: Iterable[tuple[int, int]], elder: int) -> int | None:
    """The elder reaching 30 (declarations, then play in order) before the younger has scored anything."""
    running = [0, 0]
    for seat, points in steps:
        running[seat] += points
        if running[1 - elder]:
            return None
        if running[elder] >= PIQUE_AT:
            return elder
    return None


def _play_split(record: DealRecord, elder: int) -> tuple[int, int, int, int]:
    """From totals: (elder's tricks, younger's tricks, elder's wins on the younger's lead, the younger's
    wins on the elder's lead)."""
    younger = 1 - elder
    play, won = record.play_totals()
    x, y = won[elder], won[younger]
    return x, y, play[elder] - 1 - x, play[younger] - y


def pique_bounds(record: DealRecord, elder: int) -> tuple[bool, bool]:
    """With the play as totals: (a pique is possible, a pique is certain) from what the totals tell.

    Before the younger's first trick the elder scores 1 for the lead and 1 per trick won on their own
    lead: at most all of them (x − k), and all of them for sure when the elder never won on the
    younger's lead (the lead never came back, so every elder trick came first)."""
    younger = 1 - elder
    declared = [0, 0]
    for seat, points in declaration_steps(record, elder):
        declared[seat] += points
    if declared[younger] or find_repique(declaration_steps(record, elder)) is not None:
        return False, False
    x, _, k, _ = _play_split(record, elder)
    most = declared[elder] + 1 + (x - k)
    least = declared[elder] + 1 + (x if k == 0 else 0)
    return most >= PIQUE_AT, least >= PIQUE_AT


def score_deal(record: DealRecord, elder: int) -> DealResult:
    """Everything a deal scores, from its record alone (the record is complete and checked)."""
    declarations = [0, 0]
    steps = declaration_steps(record, elder)
    for seat, points in steps:
        declarations[seat] += points
    repique = find_repique(steps)
    if record.trick_winners is not None:
        play, play_steps = play_from_tricks(record.trick_winners, elder)
        tricks = pair(record.trick_winners.count(seat) for seat in (0, 1))
        pique = None if repique is not None else find_pique(steps + play_steps, elder)
    else:
        play, tricks = record.play_totals()
        certain = pique_bounds(record, elder)[1]
        pique = elder if certain else record.pique
    bonus = cards_bonus(tricks)
    scores = pair(declarations[s] + play[s] + bonus[s] + (REPIQUE if repique == s else 0)
                   + (PIQUE if pique == s else 0) for s in (0, 1))
    return DealResult(declarations=pair(declarations), play=play, cards_bonus=bonus, repique=repique,
                      pique=pique, scores=scores, tricks_won=tricks)


_scored = lru_cache(maxsize=4096)(score_deal)  # a correction asks again for the deals before it, mostly alike


def partie_value(totals: tuple[int, int]) -> Partie:
    """The higher total wins 100 + the difference; 100 + both totals when the loser has under 100 (rubicon)."""
    if totals[0] == totals[1]:
        return Partie(winner=None, value=None, rubicon=False, draw=True)
    winner = 0 if totals[0] > totals[1] else 1
    loser = totals[1 - winner]
    if loser < RUBICON:
        return Partie(winner=winner, value=PARTIE_BONUS + totals[0] + totals[1], rubicon=True, draw=False)
    return Partie(winner=winner, value=PARTIE_BONUS + totals[winner] - loser, rubicon=False, draw=False)
