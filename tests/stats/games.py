"""Known games for the statistics tests, with every figure worked out by hand in the comments.

Wist (4 players, 13 cards): a bid k ≥ 1 made scores k + 10, missed scores the tricks; a zero made
scores 25, missed −5 a trick. The totals: Anna 10, Bruno 120, Carla 52, Dario 115.
"""
from __future__ import annotations

from scorekeeper.service.games import Loaded
from scorekeeper.rules import new_game

FOUR = ["Anna", "Bruno", "Carla", "Dario"]

WIST = [  # (bids, tricks); the scores per seat in the comment
    ([4, 3, 0, 5], [4, 4, 0, 5]),    # 14, 4, 25, 15
    ([2, 2, 2, 2], [2, 6, 3, 2]),    # 12, 6, 3, 12
    ([0, 1, 5, 6], [1, 1, 5, 6]),    # -5, 11, 15, 16
    ([3, 3, 3, 3], [2, 3, 3, 5]),    # 2, 13, 13, 5
    ([0, 0, 0, 0], [13, 0, 0, 0]),   # -65, 25, 25, 25
    ([1, 1, 1, 1], [1, 1, 1, 10]),   # 11, 11, 11, 10   (Buio)
    ([6, 0, 0, 6], [6, 0, 0, 7]),    # 16, 25, 25, 7    (Biglietti: sealed)
    (None, [0, 0, 13, 0]),           # 25, 25, -65, 25  (Wist: no bidding)
]

CLASSICO = [  # points per side (Anna & Carla, Bruno & Dario): 3-0, 2-0 (game 1, side 0), 0-3, 0-2 (game 2,
    [9, 4], [8, 5], [4, 9], [5, 8], [13, 0]]  # side 1), 5-0 (game 3 and the rubber, side 0): totals 10, 5

SOLO = [  # system 1 (points); totals Anna 31, Bruno -25, Carla -3, Dario -3
    {"contract": "solo", "declarer": 0, "trump": "H", "tricks": 7},       # made +2: 18, -6, -6, -6
    {"contract": "misere", "declarer": 1, "tricks": 1},                   # failed: 8, -24, 8, 8
    {"contract": "pass"},                                                 # 0, 0, 0, 0
    {"contract": "proposal", "declarer": 2, "partner": 3, "trump": "S", "tricks": 7},  # failed -1: 5, 5, -5, -5
]


def play(game_id: str, variant: str, players, events, options=None) -> Loaded:
    state = new_game(variant, list(players), 0, options)
    for event in events:
        state = state.apply(event)
    return Loaded(game_id, state, len(events) + 1, [])


def wist(game_id="wist-a", players=FOUR, hands=WIST, extra=()) -> Loaded:
    events = [{"type": "hand", "hand": n, "tricks": tricks, **({"bids": bids} if bids else {})}
              for n, (bids, tricks) in enumerate(hands, start=1)]
    return play(game_id, "wist", players, [*events, *extra])


def classico() -> Loaded:
    trumps = "SHDCS"
    return play("classico", "whist-classico", FOUR, [{"type": "hand", "hand": n, "trump": trumps[n - 1],
                                                      "tricks": tricks} for n, tricks in enumerate(CLASSICO, 1)])


def solo() -> Loaded:
    return play("solo", "solo-whist", FOUR, [*({"type": "hand", "hand": n, **deal} for n, deal in
                                                enumerate(SOLO, 1)), {"type": "end"}])
