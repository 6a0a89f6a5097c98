"""Hypothesis invariants of partnership Whist (docs/rules/partnership.md) on the pure rules."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules.base import RuleError, StateConflict
from scorekeeper.rules.partnership import WHIST_CLASSICO, WHIST_MORTO
from tests.strategies import partnership_deal, partnership_options

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def oracle_value(loser: int, target: int) -> int:
    """The game value again, independently: 3 if the losers had 0, 2 under half the target, else 1."""
    if loser == 0:
        return 3
    return 2 if loser < target / 2 else 1


def oracle_after_revokes(tricks, revokes, per):
    a, b = tricks
    give_a = min(per, a) if 0 in revokes else 0
    give_b = min(per, b) if 1 in revokes else 0
    return a - give_a + give_b, b - give_b + give_a


def play(game, data, options, max_deals, **kinds):
    while not game.finished and len([h for h in game.hands if h.result]) < max_deals:
        fields = data.draw(partnership_deal(options, **kinds))
        game = game.apply({"type": "hand", "hand": game.current_hand, **fields})
    return game


def check_classic(game):
    """Every deal's figures follow from the one before; the rubber follows from the games."""
    target = game.options["target"]
    score, totals, games = (0, 0), (0, 0), []
    for hand in game.hands:
        assert hand.score_before == score
        assert hand.game == len(games) + 1
        assert hand.dealer == (game.first_dealer + hand.number - 1) % 4
        if hand.result is None:
            assert hand is game.hands[-1] and not game.finished
            continue
        r = hand.result
        raw = tuple(s + p for s, p in zip(score, r.points))
        assert all(0 <= x <= target for x in raw)                  # never negative, never above target
        assert r.points == tuple(a + b + c for a, b, c in zip(r.remark_points, r.trick_points, r.honour_points))
        assert all(p <= 0 for p in r.remark_points)
        assert sum(r.tricks) == 13 and min(r.tricks) >= 0
        per = 3 if game.options["laws"] else 2
        assert r.tricks == oracle_after_revokes(hand.tricks, hand.revokes, per)
        laws = game.options["laws"]
        values = {4: 4, 3: 2} if laws else {4: 3, 3: 2}
        for side in (0, 1):
            full_honours = values.get(hand.honours[side], 0) if game.options["honours"] else 0
            if hand.score_before[side] >= target - 1:               # on target − 1 when the deal started
                full_honours = 0
            assert 0 <= r.honour_points[side] <= full_honours
            assert 0 <= r.trick_points[side] <= max(0, r.tricks[side] - 6)
            if max(raw) < target and not (laws and side in hand.revokes):   # nothing capped
                assert r.honour_points[side] == full_honours
                assert r.trick_points[side] == max(0, r.tricks[side] - 6)
        reached = [side for side in (0, 1) if raw[side] == target]
        assert len(reached) <= 1
        if reached:                                                  # a game is won exactly on reaching it
            winner = reached[0]
            assert r.game_won_by == winner and r.game_score == (0, 0)
            assert r.game_value == oracle_value(raw[1 - winner], target)
            if r.trick_points[winner] and score[winner] + r.remark_points[winner] + r.trick_points[winner] == target:
                assert r.honour_points == (0, 0)                     # game by tricks: honours not counted
            if game.options["laws"]:
                assert winner not in hand.revokes
            games.append((winner, r.game_value))
        else:
            assert r.game_won_by is None and r.game_value is None and r.game_score == raw
            assert max(raw) < target
        score = r.game_score
        totals = tuple(t + p for t, p in zip(totals, r.points))
        assert hand.totals == totals
    assert game.totals == totals
    assert game.rubber.games == tuple(games)
    wins = [sum(1 for w, _ in games if w == side) for side in (0, 1)]
    assert max(wins, default=0) <= 2 and len(games) <= 3
    if 2 in wins:
        winner = wins.index(2)
        net = sum(v for w, v in games if w == winner) + 2 - sum(v for w, v in games if w != winner)
        assert game.finished and game.rubber.winner == winner
        assert game.rubber.points == ((net, 0) if winner == 0 else (0, net)) and net > 0
        assert games[-1][0] == winner                                 # the rubber ends on its last game
        assert all(p.place == (1 if p.seat in (winner, winner + 2) else 2) for p in game.standings)
    else:
        assert not game.finished and game.rubber.winner is None and game.rubber.points is None


@SETTINGS
@given(data=st.data(), options=partnership_options, first_dealer=st.integers(0, 3))
def test_classic_deals_with_every_penalty_add_up(data, options, first_dealer):
    """Remarks can hold a game back for ever, so these games stop after 40 deals if not over."""
    game = WHIST_CLASSICO.new_game(PLAYERS, first_dealer, options)
    game = play(game, data, options, 40)
    check_classic(game)


@SETTINGS
@given(data=st.data(), options=partnership_options, first_dealer=st.integers(0, 3))
def test_a_rubber_without_remarks_always_ends_and_then_refuses_deals(data, options, first_dealer):
    """Without remarks (and without revokes under the Laws, where a revoking side may be held at
    target − 1) every deal adds a point to one side: a game lasts at most 2·target − 1 deals."""
    target = options["target"]
    bound = 3 * (2 * target - 1)
    game = WHIST_CLASSICO.new_game(PLAYERS, first_dealer, options)
    game = play(game, data, options, bound + 1, remarks=False, revokes=not options["laws"])
    assert game.finished and game.current_hand is None
    assert len(game.hands) <= bound
    check_classic(game)
    fields = data.draw(partnership_deal(options, remarks=False))
    with pytest.raises(StateConflict):
        game.apply({"type": "hand", "hand": len(game.hands) + 1, **fields})
    assert game.finished and game.hands[-1].number == len(game.hands)


@SETTINGS
@given(data=st.data(), first_dealer=st.integers(0, 3))
def test_a_match_with_dummy_scores_the_difference(data, first_dealer):
    game = WHIST_MORTO.new_game(PLAYERS, first_dealer, {})
    game = play(game, data, None, 10, dummy=True)
    assert game.finished and len(game.hands) == 4 and game.rubber is None
    totals = (0, 0)
    for hand in game.hands:
        after = oracle_after_revokes(hand.tricks, hand.revokes, 2)
        assert hand.result.tricks == after
        assert sum(hand.scores) == abs(after[0] - after[1]) and min(hand.scores) == 0
        assert hand.scores[after.index(max(after))] == abs(after[0] - after[1])
        assert hand.dealer == (first_dealer + hand.number - 1) % 4
        totals = tuple(t + s for t, s in zip(totals, hand.scores))
        assert hand.totals == totals
    assert game.totals == totals
    places = {p.seat: p.place for p in game.standings}
    assert places[0] == places[2] and places[1] == places[3]
    if totals[0] == totals[1]:
        assert set(places.values()) == {1}
    else:
        assert places[0 if totals[0] > totals[1] else 1] == 1
    with pytest.raises(StateConflict):
        game.apply({"type": "hand", "hand": 5, "trump": "NT"})


@SETTINGS
@given(data=st.data(), options=partnership_options)
def test_a_correction_is_the_same_as_entering_the_deals_again(data, options):
    """Correcting deal k gives what a fresh game with the corrected deals gives, or is refused
    because that game would end before a deal already recorded; the old game never changes."""
    game = play(WHIST_CLASSICO.new_game(PLAYERS, 0, options), data, options, 12)
    scored = [h for h in game.hands if h.result]
    number = data.draw(st.integers(1, len(scored)), label="deal to correct")
    fields = data.draw(partnership_deal(options))
    before = list(game.hands)
    events = [{"type": "hand", "hand": h.number, "trump": h.trump, "tricks": list(h.tricks),
               "honours": list(h.honours), "revokes": list(h.revokes), "remarks": list(h.remarks)}
              for h in scored]
    events[number - 1] = {**events[number - 1], **fields}
    fresh = WHIST_CLASSICO.new_game(PLAYERS, 0, options)
    ended_early = False
    for event in events:
        if fresh.finished:
            ended_early = True
            break
        fresh = fresh.apply(event)
    try:
        corrected = game.apply({"type": "hand", "hand": number, **fields})
    except RuleError as error:
        assert isinstance(error, StateConflict) and ended_early
    else:
        assert not ended_early and corrected.hands == fresh.hands
    assert game.hands == before
