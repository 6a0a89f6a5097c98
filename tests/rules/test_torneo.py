"""Whist under Italian tournament rules (docs/rules/bid-exactly.md): schedules, scores, penalties, table points."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import new_game
from scorekeeper.rules.base import InvalidInput, InvalidOption, InvalidPlayers, TricksSum, format_fraction
from scorekeeper.rules.predictions import BidOutOfRange, ForbiddenBid
from scorekeeper.rules.torneo import TABLE_POINTS, table_points, torneo_score
from tests import torneo_support as ref

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena"]


def game(players=4, scheme="ridotto", first_dealer=0):
    return new_game("whist-torneo", NAMES[:players], first_dealer, {"scheme": scheme})


def play(state, number, bids, tricks, trump=None, penalties=()):
    fields = {"bids": list(bids), "tricks": list(tricks), "penalties": list(penalties)}
    if trump:
        fields["trump"] = trump
    return state.apply({"type": "hand", "hand": number, **fields})


def fill(state, upto):
    """Play hands 1..upto with a plain legal pattern (the dealer takes every trick, everyone bids 0)."""
    for hand in state.specs[:upto]:
        n = len(state.players)
        bids = [0] * n
        tricks = [0] * n
        tricks[state.dealer(hand.number)] = hand.cards
        state = play(state, hand.number, bids, tricks, None if hand.trump else "S")
    return state


# -- schedules --------------------------------------------------------------------------------
SCHEDULES = {
    (3, "ridotto"): [3, 5, 7, 9, 11, 13, 13, 13, 13, 12, 10, 8, 6, 4],
    (4, "ridotto"): [3, 5, 7, 9, 11, 13, 13, 13, 13, 12, 10, 8, 6, 4],
    (5, "ridotto"): [3, 5, 7, 9, 10, 10, 10, 10, 10, 10, 10, 8, 6, 4],
    (3, "completo"): [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 13, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3],
    (4, "completo"): [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 13, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3],
    (5, "completo"): [3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 9, 8, 7, 6, 5, 4, 3],
}
NT_HANDS = {"ridotto": [6, 7, 8, 9], "completo": [11, 12, 13, 14]}


@pytest.mark.parametrize("players,scheme", sorted(SCHEDULES))
def test_schedule_cards_and_no_trump_hands(players, scheme):
    state = game(players, scheme)
    assert [s.cards for s in state.specs] == SCHEDULES[players, scheme]
    assert len(state.specs) == (14 if scheme == "ridotto" else 24)  # the cap never changes the count
    nt = [s.number for s in state.specs if s.trump == "NT"]
    assert nt == NT_HANDS[scheme]  # for 5 players: the hands that were 13 before the cap
    assert [s.number for s in state.specs if s.zero_bonus] == NT_HANDS[scheme]
    assert all(s.trump is None for s in state.specs if s.number not in nt)  # a turned card: recorded


def test_five_players_cap_keeps_other_ten_card_hands_with_trump():
    state = game(5, "ridotto")
    assert [(s.cards, s.trump) for s in state.specs[4:11]] == [
        (10, None), (10, "NT"), (10, "NT"), (10, "NT"), (10, "NT"), (10, None), (10, None)]


def test_default_scheme_is_ridotto_and_players_three_to_five():
    assert new_game("whist-torneo", NAMES[:4], 0, None).options["scheme"] == "ridotto"
    with pytest.raises(InvalidPlayers):
        new_game("whist-torneo", NAMES[:2], 0, None)
    with pytest.raises(InvalidPlayers):
        new_game("whist-torneo", NAMES + ["Fabio"], 0, None)
    with pytest.raises(InvalidOption):
        new_game("whist-torneo", NAMES[:4], 0, {"scheme": "lungo"})


# -- the forbidden bid ------------------------------------------------------------------------
def test_source_example_ten_cards_bids_3_3_2_dealer_may_not_bid_2():
    state = fill(game(4, "completo", first_dealer=3), 7)
    hand = state.specs[7]
    assert hand.cards == 10 and hand.number == 8
    dealer = state.dealer(8)
    order = state.order(8)
    for seat, bid in zip(order[:3], (3, 3, 2)):
        state = state.with_bid(8, seat, bid)
    assert state.hand(8).forbidden_bid == 2
    with pytest.raises(ForbiddenBid) as refused:
        state.with_bid(8, dealer, 2)
    assert "may not bid 2" in str(refused.value)
    assert state.with_bid(8, dealer, 3).hand(8).bids[dealer] == 3


def test_forbidden_bid_applies_out_of_order_and_at_no_trump_hands():
    state = fill(game(3, "ridotto", first_dealer=0), 5)  # hand 6: 13 cards, NT
    dealer = state.dealer(6)
    state = state.with_bid(6, dealer, 5)
    state = state.with_bid(6, (dealer + 1) % 3, 4)
    with pytest.raises(ForbiddenBid):
        state.with_bid(6, (dealer + 2) % 3, 4)


# -- scores -----------------------------------------------------------------------------------
@pytest.mark.parametrize("bid,tricks,nt13,expected", [
    (3, 3, False, 16), (0, 0, False, 13), (5, 2, False, 2), (2, 5, False, 5), (0, 1, False, 1),
    (0, 0, True, 26), (4, 4, True, 17), (0, 2, True, 2), (13, 13, True, 26), (1, 0, True, 0),
])
def test_hand_scores(bid, tricks, nt13, expected):
    state = fill(game(3, "ridotto"), 5 if nt13 else 1)
    number = 6 if nt13 else 2  # 13 cards NT, or 5 cards with a turned trump
    cards = state.specs[number - 1].cards
    bids = [bid, 0, 0]
    rest = cards - tricks
    tricks_list = [tricks, rest, 0]
    if sum(bids) == cards:  # keep the dealer's forbidden bid out of the way
        bids[2] = 1
    state = play(state, number, bids, tricks_list, None if nt13 else "H")
    assert state.hand(number).scores[0] == expected


def test_made_zero_scores_26_only_at_the_no_trump_13_positions():
    state = game(4, "ridotto", first_dealer=0)
    for number in range(1, 15):
        spec = state.specs[number - 1]
        dealer = state.dealer(number)
        tricks = [0] * 4
        tricks[dealer] = spec.cards
        state = play(state, number, [0, 0, 0, 0], tricks, None if spec.trump else "C")
        zero_scores = [s for seat, s in enumerate(state.hand(number).scores) if seat != dealer]
        assert zero_scores == [26, 26, 26] if number in (6, 7, 8, 9) else [13, 13, 13]
        assert state.hand(number).scores[dealer] == spec.cards  # bid 0, took them all: 1 a trick


def test_five_players_made_zero_at_capped_no_trump_hand_scores_26():
    state = fill(game(5, "completo"), 10)
    assert state.specs[10].cards == 10 and state.specs[10].trump == "NT"
    state = play(state, 11, [0, 0, 0, 0, 2], [0, 0, 0, 0, 10])
    assert state.hand(11).scores == (26, 26, 26, 26, 10)


def test_penalty_scores_zero_and_counts_as_failed_others_as_played():
    state = play(game(4), 1, [1, 1, 0, 0], [1, 1, 0, 1], "S", penalties=[0])
    hand = state.hand(1)
    assert hand.scores == (0, 14, 13, 1)
    assert hand.result.failed == (True, False, False, True)
    assert state.failed_contracts == (1, 0, 0, 1)
    assert state.totals == (0, 14, 13, 1)


def test_penalty_for_a_seat_that_does_not_exist_is_refused():
    state = game(4)
    with pytest.raises(InvalidInput) as refused:
        play(state, 1, [1, 1, 0, 0], [1, 1, 0, 1], "S", penalties=[4])
    assert refused.value.field == "penalties"
    with pytest.raises(InvalidInput):
        play(state, 1, [1, 1, 0, 0], [1, 1, 0, 1], "S", penalties=[True])
    assert state.current_hand == 1 and state.hands[0].tricks is None  # nothing changed


def test_trump_is_required_where_a_card_is_turned_and_refused_at_no_trump():
    state = game(4)
    with pytest.raises(InvalidInput) as missing:
        play(state, 1, [1, 1, 0, 0], [1, 1, 0, 1])
    assert missing.value.field == "trump"
    with pytest.raises(InvalidInput):
        play(state, 1, [1, 1, 0, 0], [1, 1, 0, 1], "NT")
    with pytest.raises(InvalidInput):
        play(state, 1, [1, 1, 0, 0], [1, 1, 0, 1], "X")
    state = fill(state, 5)
    with pytest.raises(InvalidInput) as given_at_nt:
        play(state, 6, [1, 1, 0, 0], [1, 1, 0, 11], "H")
    assert "without trump" in str(given_at_nt.value)
    assert play(state, 6, [1, 1, 0, 0], [1, 1, 0, 11], "NT").hand(6).trump == "NT"


def test_five_players_asking_for_13_cards_is_refused_naming_the_cap():
    state = fill(game(5, "ridotto"), 5)  # hand 6: a 13 of the scheme, played with 10
    with pytest.raises(BidOutOfRange) as bid:
        state.with_bid(6, 1, 13)
    assert "only 10 cards" in str(bid.value)
    with pytest.raises(TricksSum) as tricks:
        play(state, 6, [0, 0, 0, 0, 1], [13, 0, 0, 0, 0])
    assert "only 10 cards" in str(tricks.value)
    with pytest.raises(TricksSum):
        play(state, 6, [0, 0, 0, 0, 1], [3, 3, 3, 3, 1])
    assert state.hand(6).bids == (None,) * 5 and state.current_hand == 6  # nothing changed
    with pytest.raises(BidOutOfRange) as plain:  # hand 1 (3 cards) is not capped: the plain message
        game(5).with_bid(1, 0, 4)
    assert "only 10 cards" not in str(plain.value)
    with pytest.raises(InvalidOption):
        new_game("whist-torneo", NAMES, 0, {"scheme": "ridotto", "cards": 13})


# -- table points -------------------------------------------------------------------------------
def points(totals, failed):
    rows = table_points(totals, failed)
    return {row.seat: format_fraction(row.table_points) for row in rows}


def test_source_example_tizio_caio_isacco_sempronio():
    # Tizio and Caio 174 with 3 failed each, Isacco 156 with 7, Sempronio 156 with 8.
    rows = table_points([174, 174, 156, 156], [3, 3, 7, 8])
    assert [(r.seat, r.place, r.table_points) for r in rows] == [(0, 1, 8), (1, 1, 8), (2, 3, 3), (3, 4, 1)]


@pytest.mark.parametrize("totals,failed,expected", [
    ([100, 90, 80], [0, 0, 0], {0: "9", 1: "5", 2: "2"}),
    ([100, 100, 100], [2, 2, 2], {0: "16/3", 1: "16/3", 2: "16/3"}),
    ([100, 100, 100], [1, 2, 2], {0: "9", 1: "7/2", 2: "7/2"}),
    ([50, 90, 90, 90], [0, 4, 4, 4], {1: "19/3", 2: "19/3", 3: "19/3", 0: "1"}),
    ([200, 150, 150, 150, 100], [0, 5, 5, 5, 0], {0: "11", 1: "13/3", 2: "13/3", 3: "13/3", 4: "1"}),
    ([200, 150, 150, 150, 100], [0, 5, 4, 5, 0], {0: "11", 2: "7", 1: "3", 3: "3", 4: "1"}),
    ([10, 10, 10, 10, 10], [1, 1, 1, 1, 1], {s: "5" for s in range(5)}),
])
def test_table_points_with_ties(totals, failed, expected):
    assert points(totals, failed) == expected


def test_standings_of_a_game_use_totals_then_failed_contracts():
    state = play(game(4), 1, [1, 1, 0, 0], [1, 1, 0, 1], "S", penalties=[3])
    # scores 14, 14, 13, 0: Anna and Bruno tie on everything and share 10 + 6
    assert [(p.seat, p.place, format_fraction(p.table_points)) for p in state.standings] == [
        (0, 1, "8"), (1, 1, "8"), (2, 3, "3"), (3, 4, "1")]


@settings(max_examples=300, deadline=None)
@given(st.integers(3, 5).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 40), min_size=n, max_size=n), st.lists(st.integers(0, 4), min_size=n, max_size=n))))
def test_table_points_always_sum_to_the_table_total_and_ties_split_exactly(data):
    totals, failed = data
    n = len(totals)
    rows = table_points(totals, failed)
    assert sum(r.table_points for r in rows) == sum(TABLE_POINTS[n])
    assert {r.seat: r.table_points for r in rows} == dict(enumerate(ref.table_points(totals, failed)))
    for a in rows:
        for b in rows:
            same = (totals[a.seat], failed[a.seat]) == (totals[b.seat], failed[b.seat])
            assert (a.table_points == b.table_points) if same else True
            if (totals[a.seat], -failed[a.seat]) > (totals[b.seat], -failed[b.seat]):
                assert a.table_points > b.table_points and a.place < b.place
    for r in rows:  # a group of k tied from place p shares exactly the points of places p..p+k-1
        tied = [x for x in rows if x.place == r.place]
        assert r.table_points * len(tied) == sum(TABLE_POINTS[n][r.place - 1: r.place - 1 + len(tied)])
        assert isinstance(r.table_points, Fraction)


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 5), st.sampled_from(["ridotto", "completo"]), st.integers(0, 10**6))
def test_whole_partite_match_the_independent_reading_of_the_rules(players, scheme, seed):
    hands = ref.make_game(players, scheme, seed, first_dealer=seed % players)
    want = ref.expected(hands, players)
    state = new_game("whist-torneo", NAMES[:players], seed % players, {"scheme": scheme})
    for hand in hands:
        state = play(state, hand["number"], hand["bids"], hand["tricks"], hand["trump"], hand["penalties"])
    assert state.finished
    for view, exp in zip(state.hands, want["hands"]):
        assert list(view.scores) == exp["scores"]
        assert list(view.result.failed) == exp["failed"]
        assert list(view.totals) == exp["totals"]
    assert list(state.failed_contracts) == want["failed_contracts"]
    assert {p.seat: p.table_points for p in state.standings} == dict(enumerate(want["table_points"]))


def test_score_function_directly():
    from scorekeeper.rules.predictions import HandRecord, HandSpec
    spec = HandSpec(number=6, cards=13, trump="NT", zero_bonus=True)
    result = torneo_score(spec, HandRecord(bids=(0, 5, 4), tricks=(0, 5, 8), penalties=(1,)), 3, {})
    assert result.scores == (26, 0, 8) and result.failed == (False, True, True)
