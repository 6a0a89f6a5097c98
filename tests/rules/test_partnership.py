"""Partnership Whist (docs/rules/partnership.md) through the pure rules: known deals as tables, every number
worked out by hand from the rules (side 0 = seats 0 and 2, side 1 = seats 1 and 3)."""
from __future__ import annotations

import pytest

from scorekeeper.rules.base import HandNotCurrent, InvalidInput, RuleError, StateConflict, TricksSum
from scorekeeper.rules.partnership import (
    SIDES, WHIST_CLASSICO, WHIST_MORTO, DealRecord, PartnershipGame, Rubber, game_value, score_classic,
    transfer_tricks,
)

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
DEFAULTS = {"target": 5, "honours": True, "laws": False}


def classico(first_dealer=0, **options):
    return WHIST_CLASSICO.new_game(list(PLAYERS), first_dealer, {**DEFAULTS, **options})


def morto(first_dealer=0):
    return WHIST_MORTO.new_game(list(PLAYERS), first_dealer, {})


def play(game, deals, start=None):
    """Record each deal in one event (a trump is added when the deal gives none)."""
    number = start or game.current_hand
    for deal in deals:
        game = game.apply({"type": "hand", "hand": number, "trump": "H", **deal})
        number += 1
    return game


def deal(tricks, honours=(0, 0), revokes=(), remarks=(0, 0), trump=None):
    fields = {"tricks": list(tricks), "honours": list(honours), "revokes": list(revokes), "remarks": list(remarks)}
    if trump:
        fields["trump"] = trump
    return fields


# --------------------------------------------------------------------------------------------
# A whole classic rubber at 5 points, honours on. Per deal: what was recorded, then the points of
# the deal, the game score after it, who won a game and its value, and the running totals.
# --------------------------------------------------------------------------------------------
RUBBER = [
    # tricks, honours, trump  | points, game score, won by, value, totals, game
    # Game 1
    ((8, 5), (3, 0), "H", (4, 0), (4, 0), None, None, (4, 0), 1),   # 2 for tricks + 2 for three honours
    ((6, 7), (4, 0), "S", (0, 1), (4, 1), None, None, (4, 1), 1),   # side 0 on 4 = target − 1: no honours
    ((10, 3), (0, 4), "D", (1, 0), (0, 0), 0, 2, (5, 1), 1),        # 4 for tricks capped to 1; game by tricks:
                                                                    # side 1's four honours not counted; losers 1 → 2
    # Game 2
    ((5, 8), (0, 3), "C", (0, 4), (0, 4), None, None, (5, 5), 2),
    ((7, 6), (0, 0), "H", (1, 0), (1, 4), None, None, (6, 5), 2),
    ((4, 9), (0, 0), "S", (0, 1), (0, 0), 1, 2, (6, 6), 2),         # 3 for tricks capped to 1; losers 1 → 2
    # Game 3
    ((4, 9), (0, 0), "D", (0, 3), (0, 3), None, None, (6, 9), 3),
    ((9, 4), (0, 0), "C", (3, 0), (3, 3), None, None, (9, 9), 3),
    ((7, 6), (4, 0), "S", (2, 0), (0, 0), 0, 1, (11, 9), 3),        # 1 for tricks → 4, four honours (3)
                                                                    # capped to 1: game by honours; losers 3 → 1
]


def play_rubber(deals=RUBBER, game=None):
    game = game or classico()
    for number, (tricks, honours, trump, *_) in enumerate(deals, start=1):
        game = game.apply({"type": "hand", "hand": number, "trump": trump, "tricks": list(tricks),
                           "honours": list(honours)})
    return game


def test_a_whole_rubber_deal_by_deal():
    game = classico(first_dealer=1)
    for number, (tricks, honours, trump, points, score, won_by, value, totals, game_no) in enumerate(RUBBER, 1):
        before = game
        game = game.apply({"type": "hand", "hand": number, "trump": trump, "tricks": list(tricks),
                           "honours": list(honours)})
        hand = game.hand(number)
        assert hand.dealer == (1 + number - 1) % 4
        assert hand.trump == trump and hand.tricks == tricks and hand.honours == honours
        assert hand.score_before == (before.hands[-1].score_before)
        assert (hand.result.points, hand.result.game_score, hand.result.game_won_by,
                hand.result.game_value) == (points, score, won_by, value)
        assert hand.scores == points and hand.totals == totals and game.totals == totals
        assert hand.game == game_no
    assert game.finished and game.current_hand is None
    assert game.rubber == Rubber(games=((0, 2), (1, 2), (0, 1)), winner=0, points=(3, 0))  # 2 + 1 + 2 − 2
    assert [(p.seat, p.place, p.total) for p in game.standings] == [(0, 1, 11), (2, 1, 11), (1, 2, 9), (3, 2, 9)]
    assert len(game.hands) == 9


def test_the_rubber_in_detail():
    game = play_rubber()
    third = game.hand(3).result
    assert third.tricks == (10, 3) and third.trick_points == (1, 0) and third.honour_points == (0, 0)
    second = game.hand(2).result
    assert second.trick_points == (0, 1) and second.honour_points == (0, 0)
    last = game.hand(9).result
    assert last.trick_points == (1, 0) and last.honour_points == (1, 0) and last.remark_points == (0, 0)
    assert [h.score_before for h in game.hands] == [(0, 0), (4, 0), (4, 1), (0, 0), (0, 4), (1, 4), (0, 0),
                                                    (0, 3), (3, 3)]


def test_the_rubber_in_progress():
    game = play_rubber(RUBBER[:6])
    assert not game.finished and game.current_hand == 7
    assert game.rubber == Rubber(games=((0, 2), (1, 2)), winner=None, points=None)
    deal7 = game.hands[-1]
    assert (deal7.number, deal7.game, deal7.score_before, deal7.result, deal7.totals) == (7, 3, (0, 0), None, None)
    assert deal7.dealer == 2 and deal7.scores is None
    # Equal games and totals: everybody shares first place.
    assert [(p.seat, p.place, p.total) for p in game.standings] == [(0, 1, 6), (1, 1, 6), (2, 1, 6), (3, 1, 6)]
    game = play_rubber(RUBBER[:7])
    assert [(p.seat, p.place) for p in game.standings] == [(1, 1), (3, 1), (0, 2), (2, 2)]
    assert game.totals == (6, 9)


def test_the_places_follow_the_rubber_not_the_deal_points():
    """Issue #18: a rubber won 2–1 with 10 deal points against 13 (tests/tour.py's WHIST_RUBBER). The
    winners are first; before the end, more games won lead, then the game being played; the deal
    points rank nothing."""
    from tests.tour import WHIST_RUBBER

    def after(deals):
        return play(classico(), [{k: v for k, v in body.items() if k != "trump"} for body in WHIST_RUBBER[:deals]])

    def places(game):
        return [(p.seat, p.place) for p in game.standings]

    game = after(8)
    assert game.totals == (10, 13) and game.rubber.winner == 0 and game.rubber.points == (1, 0)
    assert [(p.seat, p.place, p.total) for p in game.standings] == [(0, 1, 10), (2, 1, 10), (1, 2, 13), (3, 2, 13)]
    assert game.games_won == (2, 1) and game.game_score == (0, 0)
    game = after(3)  # games 0–1, game 2 stands 3–2 for side 0: the games won decide
    assert (game.games_won, game.game_score) == ((0, 1), (3, 2)) and places(game) == [(1, 1), (3, 1), (0, 2), (2, 2)]
    game = after(5)  # games 1–1, game 3 not started: the rubber is even, whatever the deal points (5 and 9)
    assert game.totals == (5, 9) and places(game) == [(0, 1), (1, 1), (2, 1), (3, 1)]
    game = after(6)  # game 3 stands 3–1 for side 0, which has fewer deal points (8 against 10)
    assert game.totals == (8, 10) and game.game_score == (3, 1) and places(game) == [(0, 1), (2, 1), (1, 2), (3, 2)]


def test_a_deal_after_the_rubber_is_refused():
    game = play_rubber()
    with pytest.raises(StateConflict) as error:
        game.apply({"type": "hand", "hand": 10, "trump": "H"})
    assert error.value.field == "hand" and "rubber is over" in str(error.value)
    # Corrections of played deals are still possible.
    assert game.apply({"type": "hand", "hand": 9, "trump": "C"}).hand(9).trump == "C"


def test_a_rubber_in_two_games_of_three():
    game = play(classico(), [deal((13, 0)), deal((13, 0), trump="S")])
    assert [h.result.points for h in game.hands] == [(5, 0), (5, 0)]       # 7 over six capped at 5
    assert game.rubber == Rubber(games=((0, 3), (0, 3)), winner=0, points=(8, 0))  # 3 + 3 + 2
    assert game.finished


def test_the_losers_win_the_rubber_points_go_to_side_1():
    game = play(classico(), [deal((13, 0)), deal((0, 13)), deal((9, 4)), deal((0, 13))])
    assert [h.scores for h in game.hands] == [(5, 0), (0, 5), (3, 0), (0, 5)]
    assert game.rubber == Rubber(games=((0, 3), (1, 3), (1, 1)), winner=1, points=(0, 3))  # 3 + 1 + 2 − 3
    assert [(p.seat, p.place, p.total) for p in game.standings] == [(1, 1, 10), (3, 1, 10), (0, 2, 8), (2, 2, 8)]


GAME_VALUES = [
    # loser's score, target, value
    (0, 5, 3), (1, 5, 2), (2, 5, 2), (3, 5, 1), (4, 5, 1),
    (0, 7, 3), (1, 7, 2), (3, 7, 2), (4, 7, 1), (6, 7, 1),
    (0, 10, 3), (1, 10, 2), (4, 10, 2), (5, 10, 1), (9, 10, 1),
]


@pytest.mark.parametrize("loser, target, value", GAME_VALUES)
def test_game_values(loser, target, value):
    assert game_value(loser, target) == value


@pytest.mark.parametrize("target, losers_deal, winners_deals, loser_score, value", [
    (7, (4, 9), [(13, 0)], 3, 2),             # at 7: losers on 3 → 2
    (7, (3, 10), [(13, 0)], 4, 1),            # losers on 4 → 1
    (7, (13, 0), [], 0, 3),                   # 7 over six: exactly the target
    (10, (3, 10), [(13, 0), (13, 0)], 4, 2),  # at 10: losers on 4 → 2
    (10, (2, 11), [(13, 0), (13, 0)], 5, 1),  # losers on 5 → 1
    (10, (13, 0), [(13, 0)], 0, 3),
])
def test_game_values_played_at_7_and_10(target, losers_deal, winners_deals, loser_score, value):
    game = play(classico(target=target), [deal(losers_deal)] + [deal(t) for t in winners_deals])
    scored = [h.result for h in game.hands if h.result]
    assert game.hands[-1].result is None and game.hands[-1].game == 2   # the next deal opens game 2
    assert scored[-1].game_won_by == 0 and scored[-1].game_value == value and scored[-1].game_score == (0, 0)
    assert game.rubber.games == ((0, value),)
    assert sum(r.points[0] for r in scored) == target and game.totals == (target, loser_score)


# --------------------------------------------------------------------------------------------
# Single deals: score_classic(record, score before, options) → the deal's result.
# --------------------------------------------------------------------------------------------
LAWS = {**DEFAULTS, "laws": True}
SINGLE = [
    # options, game score before, tricks, honours, revokes, remarks →
    #     tricks after revokes, trick/honour/remark points, points, game score after, won by, game value
    # Honours: 3 for four, 2 for three, nothing for two each.
    (DEFAULTS, (0, 0), (7, 6), (2, 2), (), (0, 0), (7, 6), (1, 0), (0, 0), (0, 0), (1, 0), (1, 0), None, None),
    (DEFAULTS, (0, 0), (7, 6), (0, 4), (), (0, 0), (7, 6), (1, 0), (0, 3), (0, 0), (1, 3), (1, 3), None, None),
    (DEFAULTS, (0, 0), (7, 6), (1, 3), (), (0, 0), (7, 6), (1, 0), (0, 2), (0, 0), (1, 2), (1, 2), None, None),
    (DEFAULTS, (3, 0), (7, 6), (0, 3), (), (0, 0), (7, 6), (1, 0), (0, 2), (0, 0), (1, 2), (4, 2), None, None),
    # Honours win a game (capped at what reaches it): from 3, 1 for tricks + 3 honours capped to 1.
    (DEFAULTS, (3, 2), (7, 6), (4, 0), (), (0, 0), (7, 6), (1, 0), (1, 0), (0, 0), (2, 0), (0, 0), 0, 2),
    (DEFAULTS, (0, 3), (6, 7), (0, 3), (), (0, 0), (6, 7), (0, 1), (0, 1), (0, 0), (0, 2), (0, 0), 1, 3),
    # Honours win for the side that lost the tricks.
    (DEFAULTS, (1, 2), (8, 5), (0, 4), (), (0, 0), (8, 5), (2, 0), (0, 3), (0, 0), (2, 3), (0, 0), 1, 1),
    # A side on 4 (target − 1) scores no honours; a side on 4 taking 10 tricks scores 1.
    (DEFAULTS, (4, 0), (6, 7), (4, 0), (), (0, 0), (6, 7), (0, 1), (0, 0), (0, 0), (0, 1), (4, 1), None, None),
    (DEFAULTS, (4, 3), (10, 3), (0, 0), (), (0, 0), (10, 3), (1, 0), (0, 0), (0, 0), (1, 0), (0, 0), 0, 1),
    # Honours off: nothing for them.
    ({**DEFAULTS, "honours": False}, (0, 0), (7, 6), (0, 0), (), (0, 0), (7, 6), (1, 0), (0, 0), (0, 0), (1, 0),
     (1, 0), None, None),
    # Revoke: 2 tricks to the other side...
    (DEFAULTS, (0, 0), (8, 5), (0, 0), (0,), (0, 0), (6, 7), (0, 1), (0, 0), (0, 0), (0, 1), (0, 1), None, None),
    (DEFAULTS, (0, 0), (5, 8), (0, 0), (1,), (0, 0), (7, 6), (1, 0), (0, 0), (0, 0), (1, 0), (1, 0), None, None),
    # ... never more than the offending side took ...
    (DEFAULTS, (0, 0), (1, 12), (0, 0), (0,), (0, 0), (0, 13), (0, 5), (0, 0), (0, 0), (0, 5), (0, 0), 1, 3),
    (DEFAULTS, (0, 0), (13, 0), (0, 0), (1,), (0, 0), (13, 0), (5, 0), (0, 0), (0, 0), (5, 0), (0, 0), 0, 3),
    # ... both sides: both transfers from the recorded counts.
    (DEFAULTS, (0, 0), (8, 5), (0, 0), (0, 1), (0, 0), (8, 5), (2, 0), (0, 0), (0, 0), (2, 0), (2, 0), None, None),
    (DEFAULTS, (0, 0), (1, 12), (0, 0), (0, 1), (0, 0), (2, 11), (0, 5), (0, 0), (0, 0), (0, 5), (0, 0), 1, 3),
    # Remarks: 1 point each off the offender's score, first, never below 0; deal points can be negative.
    (DEFAULTS, (3, 0), (6, 7), (0, 0), (), (2, 0), (6, 7), (0, 1), (0, 0), (-2, 0), (-2, 1), (1, 1), None, None),
    (DEFAULTS, (1, 0), (6, 7), (0, 0), (), (3, 0), (6, 7), (0, 1), (0, 0), (-1, 0), (-1, 1), (0, 1), None, None),
    (DEFAULTS, (0, 2), (8, 5), (0, 0), (), (1, 1), (8, 5), (2, 0), (0, 0), (0, -1), (2, -1), (2, 1), None, None),
    # Remark first then tricks: on 4, one remark → 3, 3 tricks over capped to 2 → game, deal points +1.
    (DEFAULTS, (4, 2), (9, 4), (0, 0), (), (1, 0), (9, 4), (2, 0), (0, 0), (-1, 0), (1, 0), (0, 0), 0, 2),
    # "When the deal started": a side on 4 brought to 3 by a remark still scores no honours.
    (DEFAULTS, (4, 0), (6, 7), (4, 0), (), (1, 0), (6, 7), (0, 1), (0, 0), (-1, 0), (-1, 1), (3, 1), None, None),
    # Laws of Short Whist: honours 4 and 2; a revoke moves 3 tricks; a revoking side stops at target − 1.
    (LAWS, (0, 0), (7, 6), (4, 0), (), (0, 0), (7, 6), (1, 0), (4, 0), (0, 0), (5, 0), (0, 0), 0, 3),
    (LAWS, (0, 0), (7, 6), (0, 3), (), (0, 0), (7, 6), (1, 0), (0, 2), (0, 0), (1, 2), (1, 2), None, None),
    (LAWS, (0, 0), (8, 5), (0, 0), (0,), (0, 0), (5, 8), (0, 2), (0, 0), (0, 0), (0, 2), (0, 2), None, None),
    (LAWS, (3, 0), (11, 2), (4, 0), (0,), (0, 0), (8, 5), (1, 0), (0, 0), (0, 0), (1, 0), (4, 0), None, None),
    (LAWS, (4, 1), (13, 0), (0, 0), (0,), (0, 0), (10, 3), (0, 0), (0, 0), (0, 0), (0, 0), (4, 1), None, None),
    (LAWS, (0, 0), (2, 11), (0, 0), (1,), (0, 0), (5, 8), (0, 2), (0, 0), (0, 0), (0, 2), (0, 2), None, None),
    # The side that did not revoke may still win.
    (LAWS, (0, 4), (12, 1), (0, 0), (0,), (0, 0), (9, 4), (3, 0), (0, 0), (0, 0), (3, 0), (3, 4), None, None),
    (LAWS, (4, 0), (2, 11), (0, 0), (0,), (0, 0), (0, 13), (0, 5), (0, 0), (0, 0), (0, 5), (0, 0), 1, 1),
]


@pytest.mark.parametrize("options, before, tricks, honours, revokes, remarks, after, trick_points, honour_points, "
                         "remark_points, points, score, won_by, value", SINGLE)
def test_single_deals(options, before, tricks, honours, revokes, remarks, after, trick_points, honour_points,
                      remark_points, points, score, won_by, value):
    record = DealRecord(trump="H", tricks=tricks, honours=honours, revokes=revokes, remarks=remarks)
    result = score_classic(record, before, options)
    assert (result.tricks, result.trick_points, result.honour_points, result.remark_points, result.points,
            result.game_score, result.game_won_by, result.game_value) == (
        after, trick_points, honour_points, remark_points, points, score, won_by, value)


@pytest.mark.parametrize("tricks, revokes, per, after", [
    ((8, 5), (0,), 2, (6, 7)), ((8, 5), (1,), 2, (10, 3)), ((1, 12), (0,), 2, (0, 13)), ((0, 13), (0,), 2, (0, 13)),
    ((12, 1), (1,), 3, (13, 0)), ((8, 5), (0, 1), 2, (8, 5)), ((1, 12), (0, 1), 2, (2, 11)),
    ((1, 12), (0, 1), 3, (3, 10)), ((8, 5), (), 3, (8, 5)),
])
def test_revoke_transfers(tricks, revokes, per, after):
    assert transfer_tricks(tricks, revokes, per) == after


def test_penalties_through_the_game():
    game = play(classico(), [deal((9, 4))])                                  # (3, 0)
    game = play(game, [deal((6, 7), remarks=(5, 0), revokes=(1,))])          # remarks: 3 only; 6+2 tricks
    hand = game.hand(2)
    assert hand.revokes == (1,) and hand.remarks == (5, 0)
    assert hand.result.tricks == (8, 5)
    assert hand.result.remark_points == (-3, 0) and hand.result.trick_points == (2, 0)
    assert hand.result.points == (-1, 0) and hand.result.game_score == (2, 0)
    assert game.totals == (2, 0)


def test_laws_revoking_side_cannot_win_in_that_deal_then_wins_the_next():
    game = play(classico(laws=True), [deal((10, 3))])                        # (4, 0)
    game = play(game, [deal((13, 0), revokes=(0,))])                         # 10 tricks: stopped at 4
    assert game.hand(2).result.points == (0, 0) and game.hand(2).result.game_score == (4, 0)
    game = play(game, [deal((7, 6))])
    assert game.hand(3).result.game_won_by == 0 and game.hand(3).result.game_value == 3


# --------------------------------------------------------------------------------------------
# Whist with dummy: four deals, the dealer chooses trump or no trump.
# --------------------------------------------------------------------------------------------
MATCH = [
    # trump, tricks, revokes | tricks after, points, totals, dealer (first dealer: seat 2)
    ("NT", (8, 5), (), (8, 5), (3, 0), (3, 0), 2),
    ("S", (4, 9), (), (4, 9), (0, 5), (3, 5), 3),
    ("H", (7, 6), (0,), (5, 8), (0, 3), (3, 8), 0),
    ("D", (10, 3), (1,), (12, 1), (11, 0), (14, 8), 1),
]


def test_a_whole_match_with_dummy():
    game = morto(first_dealer=2)
    assert game.rubber is None and game.sides == SIDES == ((0, 2), (1, 3))
    for number, (trump, tricks, revokes, after, points, totals, dealer) in enumerate(MATCH, start=1):
        assert game.current_hand == number and game.hands[-1].dealer == dealer
        game = game.apply({"type": "hand", "hand": number, "trump": trump})           # trump first...
        assert game.hand(number).trump == trump and game.hand(number).result is None
        game = game.apply({"type": "hand", "hand": number, "tricks": list(tricks), "revokes": list(revokes)})
        hand = game.hand(number)
        assert hand.dealer == dealer and hand.game == 1 and hand.score_before == (0, 0)
        assert (hand.result.tricks, hand.result.points, hand.totals) == (after, points, totals)
        assert (hand.result.game_score, hand.result.game_won_by, hand.result.game_value) == ((0, 0), None, None)
    assert game.finished and game.current_hand is None and game.totals == (14, 8)
    assert [(p.seat, p.place, p.total) for p in game.standings] == [(0, 1, 14), (2, 1, 14), (1, 2, 8), (3, 2, 8)]
    with pytest.raises(StateConflict) as error:
        game.apply({"type": "hand", "hand": 5, "trump": "NT"})
    assert "match is over (4 deals)" in str(error.value)


def test_a_match_with_dummy_drawn():
    game = play(morto(), [deal((8, 5)), deal((5, 8)), deal((7, 6), trump="NT"), deal((6, 7))])
    assert [h.scores for h in game.hands] == [(3, 0), (0, 3), (1, 0), (0, 1)]
    assert game.finished and game.totals == (4, 4)
    assert [(p.seat, p.place) for p in game.standings] == [(0, 1), (1, 1), (2, 1), (3, 1)]


# --------------------------------------------------------------------------------------------
# Corrections
# --------------------------------------------------------------------------------------------
def test_correcting_an_earlier_deal_recomputes_everything_after():
    game = play_rubber(RUBBER[:6])
    fixed = game.apply({"type": "hand", "hand": 1, "honours": [0, 0]})
    # Deal 1: only 2 for tricks → (2, 0); deal 2: side 0 on 2 now scores its four honours → game.
    assert [h.result.points for h in fixed.hands[:6]] == [(2, 0), (3, 1), (4, 3), (0, 2), (1, 0), (0, 3)]
    assert [h.result.game_won_by for h in fixed.hands[:6]] == [None, 0, None, 1, None, None]
    assert fixed.rubber.games == ((0, 2), (1, 1))
    assert [h.game for h in fixed.hands] == [1, 1, 2, 2, 3, 3, 3]
    assert fixed.totals == (10, 9) and fixed.current_hand == 7
    assert fixed.hands[-1].score_before == (1, 3)
    # The same as entering the corrected deals from scratch.
    fresh = play_rubber([RUBBER[0][:1] + ((0, 0),) + RUBBER[0][2:]] + RUBBER[1:6])
    assert fresh.hands == fixed.hands
    # The old game is untouched.
    assert game.hand(1).result.points == (4, 0) and game.rubber.games == ((0, 2), (1, 2))


def test_a_correction_ending_the_rubber_before_recorded_deals_is_refused():
    game = play_rubber()
    with pytest.raises(StateConflict) as error:
        game.apply({"type": "hand", "hand": 1, "honours": [0, 0]})   # side 1 would win at deal 7
    assert error.value.field == "hand" and error.value.params["number"] == 8
    assert str(error.value) == (
        "With this correction the rubber is won by deal 7, yet deals 8 to 9 are recorded after it: undo until they "
        "are gone (Undo takes back the latest change first), then make this correction again.")
    with pytest.raises(StateConflict) as error:
        play_rubber(RUBBER[:8]).apply({"type": "hand", "hand": 1, "honours": [0, 0]})
    assert str(error.value) == (
        "With this correction the rubber is won by deal 7, yet deal 8 is recorded after it: undo it first (Undo "
        "takes back the latest change first), then make this correction again.")
    assert game.rubber.points == (3, 0)


def test_a_correction_ending_the_rubber_drops_the_trump_of_the_next_deal():
    game = play_rubber(RUBBER[:6]).apply({"type": "hand", "hand": 7, "trump": "D"})
    assert game.current_hand == 7 and game.hand(7).trump == "D"
    fixed = game.apply({"type": "hand", "hand": 6, "tricks": [13, 0]})   # side 0 wins game 2 at once
    assert fixed.finished and len(fixed.hands) == 6 and len(fixed.records) == 6
    assert fixed.rubber == Rubber(games=((0, 2), (0, 1)), winner=0, points=(5, 0))


def test_a_correction_can_reopen_a_finished_rubber():
    game = play_rubber()
    reopened = game.apply({"type": "hand", "hand": 9, "honours": [0, 0]})
    assert not reopened.finished and reopened.current_hand == 10
    assert reopened.hands[-1].score_before == (4, 3) and reopened.rubber.winner is None


# --------------------------------------------------------------------------------------------
# Inputs refused: the right error, the right field, and the game unchanged.
# --------------------------------------------------------------------------------------------
def started():
    return play(classico(), [deal((8, 5))])


BAD = [
    # game, event, error, field, words in the message
    (started, {"hand": 2, "trump": "H", "tricks": [14, -1]}, TricksSum, "tricks", "between 0 and 13"),
    (started, {"hand": 2, "trump": "H", "tricks": [8, 6]}, TricksSum, "tricks", "add up to 14"),
    (started, {"hand": 2, "trump": "H", "tricks": [7]}, InvalidInput, "tricks", "two numbers"),
    (started, {"hand": 2, "trump": "H", "tricks": ["7", 6]}, InvalidInput, "tricks", "not a whole number"),
    (started, {"hand": 2, "trump": "H", "tricks": [7.0, 6]}, InvalidInput, "tricks", "not a whole number"),
    (started, {"hand": 2, "trump": "H", "tricks": [True, 12]}, InvalidInput, "tricks", "not a whole number"),
    (started, {"hand": 2, "tricks": [7, 6]}, InvalidInput, "trump", "trump"),
    (started, {"hand": 2, "trump": "NT"}, InvalidInput, "trump", "turned"),
    (started, {"hand": 2, "trump": "X"}, InvalidInput, "trump", "H, D, C or S"),
    (started, {"hand": 2, "trump": "H", "honours": [4, 3]}, InvalidInput, "honours", "only four honours"),
    (started, {"hand": 2, "trump": "H", "honours": [5, 0]}, InvalidInput, "honours", "between 0 and 4"),
    (started, {"hand": 2, "revokes": [2]}, InvalidInput, "revokes", "no side 2"),
    (started, {"hand": 2, "revokes": 0}, InvalidInput, "revokes", "list of sides"),
    (started, {"hand": 2, "revokes": ["0"]}, InvalidInput, "revokes", "“0” is not a side"),
    (started, {"hand": 2, "remarks": [14, 0]}, InvalidInput, "remarks", "between 0 and 13"),
    (started, {"hand": 2, "points": [1, 0]}, InvalidInput, "points", "Unknown field: points"),
    (started, {"hand": 3, "trump": "H"}, HandNotCurrent, "hand", "current deal is 2"),
    (started, {"hand": 0, "trump": "H"}, InvalidInput, "hand", "no deal 0"),
    (started, {"hand": "2", "trump": "H"}, InvalidInput, "hand", "no deal 2"),
    (lambda: classico(laws=True), {"hand": 1, "remarks": [1, 0]}, InvalidInput, "remarks", "Laws of Short Whist"),
    (lambda: classico(honours=False), {"hand": 1, "honours": [0, 4]}, InvalidInput, "honours", "option is off"),
    (morto, {"hand": 1, "trump": "NT", "honours": [3, 0]}, InvalidInput, "honours", "dummy"),
    (morto, {"hand": 1, "remarks": [0, 1]}, InvalidInput, "remarks", "dummy"),
    (morto, {"hand": 1, "trump": "Z"}, InvalidInput, "trump", "H, D, C, S or NT"),
    (play_rubber, {"hand": 10, "trump": "H", "tricks": [7, 6]}, StateConflict, "hand", "rubber is over"),
]


@pytest.mark.parametrize("make, event, error, field, words", BAD)
def test_bad_input_is_refused_and_the_game_unchanged(make, event, error, field, words):
    game = make()
    hands, records = list(game.hands), game.records
    with pytest.raises(error) as raised:
        game.apply({"type": "hand", **event})
    assert type(raised.value) is error
    assert raised.value.field == field
    assert words in str(raised.value)
    assert raised.value.template % raised.value.params == str(raised.value)
    assert game.hands == hands and game.records == records


def test_a_bid_or_an_unknown_change_is_refused():
    game = classico()
    with pytest.raises(InvalidInput) as error:
        game.apply({"type": "bid", "hand": 1, "seat": 0, "bid": 3})
    assert "There is no bidding in this game" in str(error.value)
    with pytest.raises(InvalidInput) as error:
        game.apply({"type": "undo"})
    assert "undo" in str(error.value)


def test_zeros_are_accepted_where_values_are_refused():
    game = morto().apply({"type": "hand", "hand": 1, "trump": "S", "tricks": [7, 6], "honours": [0, 0],
                          "remarks": [0, 0]})
    assert game.hand(1).scores == (1, 0)
    game = classico(laws=True, honours=False).apply({"type": "hand", "hand": 1, "trump": "S", "tricks": [7, 6],
                                                     "honours": [0, 0], "remarks": [0, 0]})
    assert game.hand(1).scores == (1, 0)


def test_penalties_may_be_recorded_before_the_tricks():
    game = classico().apply({"type": "hand", "hand": 1, "revokes": [1, 1], "remarks": [0, 1]})
    assert game.current_hand == 1 and game.hand(1).result is None and game.hand(1).revokes == (1,)
    game = game.apply({"type": "hand", "hand": 1, "trump": "C"}).apply({"type": "hand", "hand": 1, "tricks": [6, 7]})
    assert game.hand(1).result.tricks == (8, 5) and game.hand(1).scores == (2, 0)


def test_nothing_is_secret_and_the_variants_describe_themselves():
    assert classico().secrets() == frozenset()
    assert (WHIST_CLASSICO.id, WHIST_CLASSICO.family, WHIST_CLASSICO.players, WHIST_CLASSICO.dummy) == (
        "whist-classico", "partnership", (4,), False)
    assert (WHIST_MORTO.id, WHIST_MORTO.options, WHIST_MORTO.dummy) == ("whist-morto", (), True)
    assert {o.name: (o.choices, o.default) for o in WHIST_CLASSICO.options} == {
        "target": ((5, 7, 10), 5), "honours": ((False, True), True), "laws": ((False, True), False)}
    assert isinstance(classico(), PartnershipGame)


def test_errors_name_the_sides_by_their_players():
    with pytest.raises(RuleError) as error:
        classico().apply({"type": "hand", "hand": 1, "revokes": [0, 2]})
    assert "0 (Anna & Carla) and 1 (Bruno & Dario)" in str(error.value)
