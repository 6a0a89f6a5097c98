"""Wist, Cagliari variant (docs/rules/bid-exactly.md): 13 → 1 → 13, turned trumps, 10 + 2 × bid / −2 a trick off."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import new_game
from scorekeeper.rules.base import InvalidInput, InvalidPlayers, TricksSum
from scorekeeper.rules.predictions import ForbiddenBid

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


def game(first_dealer=0, **options):
    return new_game("wist-cagliari", NAMES, first_dealer, options)


def play(state, number, bids, tricks, trump=None):
    fields = {"bids": list(bids), "tricks": list(tricks)}
    if trump:
        fields["trump"] = trump
    return state.apply({"type": "hand", "hand": number, **fields})


def reference_score(bid: int, tricks: int) -> int:
    """The Cagliari scoring read again: made exactly → 10 + 2 × bid; missed → −2 × |tricks − bid|."""
    return 10 + 2 * bid if bid == tricks else -2 * abs(tricks - bid)


def test_schedule_25_hands_13_down_to_1_and_back():
    state = game()
    assert [s.cards for s in state.specs] == list(range(13, 0, -1)) + list(range(2, 14))
    assert len(state.specs) == 25
    assert [s.number for s in state.specs if s.trump == "NT"] == [1, 25]  # no card left to turn
    assert all(s.trump is None for s in state.specs[1:-1])  # the scorer records the turned suit


def test_option_one_card_hand_twice_26_hands():
    state = game(double_one=True)
    assert [s.cards for s in state.specs] == list(range(13, 0, -1)) + [1] + list(range(2, 14))
    assert [s.number for s in state.specs if s.trump == "NT"] == [1, 26]
    assert game().options == {"direction": "counterclockwise", "double_one": False}


def test_four_players_only():
    for names in (NAMES[:3], NAMES + ["Elena"]):
        with pytest.raises(InvalidPlayers):
            new_game("wist-cagliari", names, 0, {})


@pytest.mark.parametrize("bid,tricks,score", [
    (0, 0, 10), (1, 1, 12), (3, 3, 16), (13, 13, 36), (3, 5, -4), (2, 0, -4), (0, 1, -2), (5, 1, -8),
])
def test_scores(bid, tricks, score):
    assert reference_score(bid, tricks) == score
    state = game()
    bids = [bid, 0, 0, 0]
    if sum(bids) == 13:
        bids[1] = 1  # keep the forbidden bid out of the way (the dealer, seat 0, bids last)
    rest = [13 - tricks, 0, 0]
    state = play(state, 1, bids, [tricks] + rest)
    assert state.hand(1).scores[0] == score


def test_turned_trump_is_recorded_and_required():
    state = play(game(), 1, [3, 3, 3, 3], [4, 3, 3, 3])
    assert state.hand(1).trump == "NT"
    with pytest.raises(InvalidInput) as missing:
        play(state, 2, [3, 3, 3, 2], [3, 3, 3, 3])
    assert missing.value.field == "trump"
    with pytest.raises(InvalidInput):
        play(state, 2, [3, 3, 3, 2], [3, 3, 3, 3], "NT")
    state = play(state, 2, [3, 3, 3, 2], [3, 3, 3, 3], "D")
    assert state.hand(2).trump == "D"
    assert state.hand(2).scores == (16, 16, 16, -2)


def test_trump_refused_at_the_no_trump_13s():
    with pytest.raises(InvalidInput) as refused:
        play(game(), 1, [3, 3, 3, 3], [4, 3, 3, 3], "S")
    assert "without trump" in str(refused.value)


def test_forbidden_bid_family_rule_even_in_the_one_card_hand():
    state = game(first_dealer=0)
    for number in range(1, 13):
        cards = state.specs[number - 1].cards
        dealer = state.dealer(number)
        tricks = [0] * 4
        tricks[dealer] = cards
        state = play(state, number, [0] * 4, tricks, None if number == 1 else "H")
    assert state.specs[12].cards == 1
    dealer = state.dealer(13)
    for seat in state.order(13)[:3]:
        state = state.with_bid(13, seat, 0)
    assert state.hand(13).forbidden_bid == 1
    with pytest.raises(ForbiddenBid):
        state.with_bid(13, dealer, 1)
    with pytest.raises(TricksSum):
        play(state.with_bid(13, dealer, 0), 13, [0, 0, 0, 0], [1, 1, 0, 0], "C")


def test_a_whole_game_matches_the_reference():
    rng = random.Random(7)
    state = game(first_dealer=2, double_one=True)
    totals = [0] * 4
    for spec in state.specs:
        bids, tricks = legal_hand(rng, spec.cards, state.dealer(spec.number))
        trump = None if spec.trump else rng.choice("HDCS")
        state = play(state, spec.number, bids, tricks, trump)
        expected = [reference_score(b, t) for b, t in zip(bids, tricks)]
        totals = [a + b for a, b in zip(totals, expected)]
        assert list(state.hand(spec.number).scores) == expected
        assert list(state.hand(spec.number).totals) == totals
    assert state.finished and list(state.totals) == totals
    assert [p.total for p in state.standings] == sorted(totals, reverse=True)


def legal_hand(rng, cards, dealer):
    bids = [rng.randint(0, min(cards, 4)) for _ in range(4)]
    if sum(bids) == cards:
        bids[dealer] += 1 if bids[dealer] < cards else -1
    tricks = [0] * 4
    for _ in range(cards):
        tricks[rng.randrange(4)] += 1
    if rng.random() < 0.5 and bids[0] <= cards:  # often someone makes it
        tricks = [bids[0]] + [0, 0, 0]
        tricks[1 + rng.randrange(3)] += cards - bids[0]
    return bids, tricks


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 13).flatmap(lambda cards: st.tuples(
    st.just(cards), st.lists(st.integers(0, cards), min_size=4, max_size=4),
    st.lists(st.integers(0, 3), min_size=cards, max_size=cards))))
def test_any_legal_hand_scores_by_the_rule(data):
    cards, bids, winners = data
    tricks = [winners.count(s) for s in range(4)]
    state = game(first_dealer=3)
    number = 1 if cards == 13 else 14 - cards  # the hand of that size on the way down
    for spec in state.specs[: number - 1]:
        t = [0] * 4
        t[state.dealer(spec.number)] = spec.cards
        state = play(state, spec.number, [0] * 4, t, None if spec.trump else "S")
    trump = None if state.specs[number - 1].trump else "H"
    if sum(bids) == cards:
        with pytest.raises(ForbiddenBid):
            play(state, number, bids, tricks, trump)
        return
    hand = play(state, number, bids, tricks, trump).hand(number)
    assert list(hand.scores) == [reference_score(b, t) for b, t in zip(bids, tricks)]
    assert all(score % 2 == 0 for score in hand.scores)
    assert [score >= 10 for score in hand.scores] == [b == t for b, t in zip(bids, tricks)]
