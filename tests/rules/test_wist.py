"""Wist (docs/rules/bid-exactly.md) through the pure rules: every worked example of the rules as a table, and
two complete games (4 and 5 players) whose every number was computed by hand from the rules.

The worked games (`GAME4`, `GAME5`) are also played through the JSON API in
tests/web/test_api_wist.py, which imports them from here.
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from scorekeeper.rules import VARIANTS, find_variant, new_game
from scorekeeper.rules.base import HandNotCurrent, InvalidOption, InvalidPlayers, RuleError, StateConflict, TricksSum
from scorekeeper.rules.predictions import (
    BidOutOfRange, BiddingClosed, ForbiddenBid, HandRecord, HandSpec, MissingBids, forbidden_for,
)
from scorekeeper.rules.wist import WIST, wist_cards, wist_schedule, wist_score

PLAYERS4 = ["Anna", "Bruno", "Carla", "Dario"]
PLAYERS5 = ["Anna", "Bruno", "Carla", "Dario", "Elena"]


def wist(players=PLAYERS4, first_dealer=0, options=None):
    return new_game("wist", list(players), first_dealer, options)


def bid_all(state, number, bids):
    """Enter `bids` (listed by seat) one by one in bidding order: the dealer last."""
    for seat in state.hand(number).order:
        state = state.with_bid(number, seat, bids[seat])
    return state


def play(state, number, bids, tricks):
    if state.specs[number - 1].bidding != "none":
        state = bid_all(state, number, bids)
    return state.with_hand(number, {"tricks": list(tricks)})


# --------------------------------------------------------------------------------------------
# Scoring table (Wist): bid k ≥ 1 → tricks, +10 if exact; bid 0 → +25 (4 p.) / +20 (5 p.) when
# clean, else −5 a trick.
# --------------------------------------------------------------------------------------------
SCORING = [
    # players, bid, tricks, score
    (4, 3, 4, 4),      # "Bid 3, took 4 → 4"
    (4, 3, 3, 13),     # "Bid 3, took 3 → 13"
    (5, 3, 4, 4),
    (5, 3, 3, 13),
    (4, 3, 2, 2),      # under: just the tricks
    (4, 1, 0, 0),      # a bid of 1 and no trick scores nothing
    (4, 1, 1, 11),
    (4, 13, 13, 23),   # every trick, bid exactly
    (5, 10, 10, 20),
    (4, 0, 0, 25),     # Wist made: +25 with 4 players
    (5, 0, 0, 20),     # ... +20 with 5
    (4, 0, 1, -5),     # −5 per trick taken
    (5, 0, 1, -5),
    (4, 0, 3, -15),
    (5, 0, 3, -15),
    (4, 0, 13, -65),
    (5, 0, 10, -50),
]


@pytest.mark.parametrize("players, bid, tricks, score", SCORING)
def test_hand_score_table(players, bid, tricks, score):
    spec = wist_schedule(players, {})[0]
    others = players - 1
    # Put the player among a full table so that the other scores are computed too.
    rest = spec.cards - tricks
    other_tricks = [rest] + [0] * (others - 1)
    record = HandRecord(bids=(bid,) + (0,) * others, tricks=(tricks, *other_tricks))
    result = wist_score(spec, record, players, {})
    assert result.scores[0] == score
    assert result.failed[0] is (bid != tricks)


@pytest.mark.parametrize("players, earlier, expected_before", [
    # 4 players: bid 4 made (14) then bid 9 made (19) → 33
    (4, [(4, 4), (9, 9)], [14, 33]),
    # 5 players: Wist made (+20) then bid 3 made (13) → 33
    (5, [(0, 0), (3, 3)], [20, 33]),
])
def test_player_on_33_who_bids_wist_and_takes_3_drops_to_18(players, earlier, expected_before):
    names = PLAYERS4 if players == 4 else PLAYERS5
    state = wist(names, first_dealer=0)
    cards = wist_cards(players)
    for number, (bid, took) in enumerate(earlier + [(0, 3)], start=1):
        # Seat 1 is the player we follow; seat 2 takes the rest of the tricks. Everybody else bids 0
        # and takes nothing; seat 2's bid is chosen so that the total never equals the cards.
        bids = [0] * players
        bids[1] = bid
        bids[2] = 1 if bid + 1 != cards else 2
        tricks = [0] * players
        tricks[1] = took
        tricks[2] = cards - took
        state = play(state, number, bids, tricks)
        if number <= len(earlier):
            assert state.totals[1] == expected_before[number - 1]
    assert state.hand(3).scores[1] == -15
    assert state.hand(3).totals[1] == 18
    assert state.totals[1] == 18


# --------------------------------------------------------------------------------------------
# The dealer's forbidden bid: the 5-player example of the source.
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dealer_bid", range(0, 11))
def test_five_player_example_2_2_wist_4_forbids_2(dealer_bid):
    # Elena (seat 4) deals: Anna, Bruno, Carla, Dario bid 2, 2, Wist, 4 → total 8 → not 10 − 8 = 2.
    state = wist(PLAYERS5, first_dealer=4)
    hand = state.hand(1)
    assert (hand.cards, hand.dealer, hand.order) == (10, 4, (0, 1, 2, 3, 4))
    for seat, bid in zip((0, 1, 2, 3), (2, 2, 0, 4)):
        assert state.hand(1).forbidden_bid is None
        state = state.with_bid(1, seat, bid)
    assert state.hand(1).forbidden_bid == 2
    if dealer_bid == 2:
        with pytest.raises(ForbiddenBid) as caught:
            state.with_bid(1, 4, dealer_bid)
        assert caught.value.code == "forbidden_bid"
        assert "Elena may not bid 2" in str(caught.value)
        assert "10 tricks" in str(caught.value)
    else:
        after = state.with_bid(1, 4, dealer_bid)
        assert after.hand(1).bids == (2, 2, 0, 4, dealer_bid)


@pytest.mark.parametrize("cards, others, forbidden", [
    (10, (2, 2, 0, 4), 2),    # the source example
    (13, (4, 0, 5), 4),       # docs/api.md's example
    (13, (0, 0, 0), 13),      # the dealer may not take all
    (13, (13, 0, 0), 0),      # the dealer may not bid Wist
    (13, (7, 7, 0), None),    # over already: nothing is forbidden
    (10, (5, 3, 3, 0), None),
])
def test_forbidden_for_the_dealer(cards, others, forbidden):
    spec = HandSpec(number=1, cards=cards, trump="H")
    bids = (*others, None)
    assert forbidden_for(spec, bids, len(others)) == forbidden


def test_forbidden_bid_unknown_until_every_other_bid_is_in():
    spec = HandSpec(number=1, cards=13, trump="H")
    assert forbidden_for(spec, (4, None, 5, None), 3) is None
    assert forbidden_for(spec, (4, 0, 5, None), 3) == 4
    # The dealer's own bid does not matter for what the dealer may not bid.
    assert forbidden_for(spec, (4, 0, 5, 3), 3) == 4


# --------------------------------------------------------------------------------------------
# Deck sizes, the round table, options.
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, cards", [(4, 13), (5, 10)])
def test_deck_size(players, cards):
    assert wist_cards(players) == cards
    state = wist(PLAYERS4 if players == 4 else PLAYERS5)
    assert [spec.cards for spec in state.specs] == [cards] * 8


@pytest.mark.parametrize("players", [[], ["A", "B", "C"], ["A", "B", "C", "D", "E", "F"]])
def test_wist_is_for_four_or_five(players):
    with pytest.raises(InvalidPlayers) as caught:
        wist(players)
    assert "4 or 5 players" in str(caught.value)


ROUNDS = [
    # number, name, trump, bidding, forbidden bid applies
    (1, "Cuori", "H", "normal", True),
    (2, "Quadri", "D", "normal", True),
    (3, "Fiori", "C", "normal", True),
    (4, "Picche", "S", "normal", True),
    (5, "Libera", "NT", "normal", True),
    (6, "Buio", "NT", "blind", True),
    (7, "Biglietti", "NT", "sealed", False),
    (8, "Wist", "NT", "none", False),
]


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("number, name, trump, bidding, forbidden", ROUNDS)
def test_round_table(players, number, name, trump, bidding, forbidden):
    specs = wist_schedule(players, {})
    assert len(specs) == 8
    spec = specs[number - 1]
    assert (spec.number, spec.name, spec.trump, spec.bidding, spec.forbidden) == (
        number, name, trump, bidding, forbidden)
    assert spec.sealed is (bidding == "sealed")


SEALED_BUIO_ROUNDS = [r if r[0] != 6 else (6, "Buio", "NT", "sealed", False) for r in ROUNDS]


@pytest.mark.parametrize("number, name, trump, bidding, forbidden", SEALED_BUIO_ROUNDS)
def test_round_table_with_sealed_buio(number, name, trump, bidding, forbidden):
    state = wist(options={"sealed_buio": True})
    spec = state.specs[number - 1]
    assert (spec.number, spec.name, spec.trump, spec.bidding, spec.forbidden) == (
        number, name, trump, bidding, forbidden)


def advance_to(state, number):
    """Record hands before `number` with fixed legal values: everyone bids 0, the first seat in
    the bidding order takes every trick (bids of 0 never add up to the cards)."""
    for n in range(state.current_hand, number):
        cards = state.specs[n - 1].cards
        tricks = [0] * len(state.players)
        tricks[state.hand(n).order[0]] = cards
        state = play(state, n, [0] * len(state.players), tricks)
    assert state.current_hand == number
    return state


@pytest.mark.parametrize("options, number, rule_applies", [
    (None, 1, True), (None, 2, True), (None, 3, True), (None, 4, True), (None, 5, True), (None, 6, True),
    (None, 7, False),
    ({"sealed_buio": True}, 5, True),
    ({"sealed_buio": True}, 6, False),
    ({"sealed_buio": True}, 7, False),
])
def test_forbidden_bid_applies_in_rounds_1_to_6_only(options, number, rule_applies):
    state = advance_to(wist(options=options, first_dealer=1), number)
    hand = state.hand(number)
    others = [s for s in hand.order[:-1]]
    for seat, bid in zip(others, (3, 4, 1)):
        state = state.with_bid(number, seat, bid)
    dealer = hand.order[-1]
    assert state.hand(number).forbidden_bid == (5 if rule_applies else None)
    if rule_applies:
        with pytest.raises(ForbiddenBid):
            state.with_bid(number, dealer, 5)
    else:
        state = state.with_bid(number, dealer, 5)
        assert sum(state.hand(number).bids) == 13
        state = state.with_hand(number, {"tricks": _tricks_for(state, number)})
        assert state.hand(number).scores is not None


def _tricks_for(state, number):
    # Everybody makes their bid (the bids add up to the cards in a round without the rule).
    return list(state.hand(number).bids)


def test_wist_round_has_no_bidding():
    state = advance_to(wist(), 8)
    hand = state.hand(8)
    assert hand.bids == (0, 0, 0, 0)
    assert hand.forbidden_bid is None
    assert hand.next_bidder is None
    with pytest.raises(BiddingClosed) as caught:
        state.with_bid(8, 0, 1)
    assert isinstance(caught.value, StateConflict)
    with pytest.raises(BiddingClosed):
        state.with_hand(8, {"bids": [1, 0, 0, 0]})
    # Everyone is scored as having bid 0: a clean player +25, the others −5 a trick.
    state = state.with_hand(8, {"tricks": [0, 13, 0, 0]})
    assert state.hand(8).scores == (25, -65, 25, 25)
    assert state.finished


def test_options_defaults_and_choices():
    assert [(o.name, o.choices, o.default) for o in WIST.options] == [
        ("direction", ("counterclockwise", "clockwise"), "counterclockwise"),
        ("sealed_buio", (False, True), False),
        ("trump_may_always_cut", (False, True), False),
    ]
    assert wist().options == {"direction": "counterclockwise", "sealed_buio": False,
                              "trump_may_always_cut": False}
    state = wist(options={"direction": "clockwise", "trump_may_always_cut": True})
    assert state.options == {"direction": "clockwise", "sealed_buio": False, "trump_may_always_cut": True}
    # Direction and "trump may always cut" are labels: the schedule is the same.
    assert state.specs == wist().specs


@pytest.mark.parametrize("options", [
    {"colour": "red"}, {"direction": "up"}, {"sealed_buio": 1}, {"sealed_buio": "yes"}, [], "clockwise",
])
def test_bad_options_are_refused(options):
    with pytest.raises(InvalidOption):
        wist(options=options)


def test_registry():
    assert find_variant("wist") is WIST
    assert VARIANTS["wist"] is WIST
    with pytest.raises(InvalidOption):
        find_variant("poker")


# --------------------------------------------------------------------------------------------
# Dealer rotation and bidding order (the dealer bids last).
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, first_dealer, number, dealer, order", [
    (4, 0, 1, 0, (1, 2, 3, 0)),
    (4, 0, 2, 1, (2, 3, 0, 1)),
    (4, 0, 4, 3, (0, 1, 2, 3)),
    (4, 0, 5, 0, (1, 2, 3, 0)),
    (4, 3, 1, 3, (0, 1, 2, 3)),
    (4, 3, 2, 0, (1, 2, 3, 0)),
    (4, 3, 8, 2, (3, 0, 1, 2)),
    (5, 0, 1, 0, (1, 2, 3, 4, 0)),
    (5, 0, 5, 4, (0, 1, 2, 3, 4)),
    (5, 0, 6, 0, (1, 2, 3, 4, 0)),
    (5, 2, 1, 2, (3, 4, 0, 1, 2)),
    (5, 2, 8, 4, (0, 1, 2, 3, 4)),
])
def test_dealer_rotation_and_bidding_order(players, first_dealer, number, dealer, order):
    state = wist(PLAYERS4 if players == 4 else PLAYERS5, first_dealer=first_dealer)
    assert state.dealer(number) == dealer
    assert state.order(number) == order
    assert order[-1] == dealer
    state = advance_to(state, number)
    assert (state.hand(number).dealer, state.hand(number).order) == (dealer, order)


def test_next_bidder_follows_the_order_and_the_dealer_is_last():
    state = wist(first_dealer=2)  # Carla deals: Dario, Anna, Bruno, Carla
    seen = []
    for bid in (1, 2, 3, 4):
        seat = state.hand(1).next_bidder
        seen.append(seat)
        state = state.with_bid(1, seat, bid)
    assert seen == [3, 0, 1, 2]
    assert state.hand(1).next_bidder is None


# --------------------------------------------------------------------------------------------
# Places: equal totals share the place (competition ranking 1, 1, 3).
# --------------------------------------------------------------------------------------------
def test_equal_totals_share_the_place_in_a_game():
    state = wist()
    # Hand 1, Anna deals. Bruno 0, Carla 0, Dario 1 (= 1: Anna may not bid 12), Anna 11.
    state = play(state, 1, [11, 0, 0, 1], [11, 0, 0, 2])
    # Anna 11/11 → 21; Bruno 25; Carla 25; Dario 1/2 → 2.
    assert state.totals == (21, 25, 25, 2)
    assert [(p.seat, p.place, p.total) for p in state.standings] == [(1, 1, 25), (2, 1, 25), (0, 3, 21), (3, 4, 2)]


# --------------------------------------------------------------------------------------------
# Rejections that keep the game as it was.
# --------------------------------------------------------------------------------------------
def test_rejections_leave_the_game_untouched():
    state = wist(first_dealer=3)
    state = state.with_bid(1, 0, 4).with_bid(1, 1, 0).with_bid(1, 2, 5)
    before = state
    for call, error in [
        (lambda: state.with_bid(1, 3, 4), ForbiddenBid),
        (lambda: state.with_bid(1, 3, 14), BidOutOfRange),
        (lambda: state.with_bid(1, 3, -1), BidOutOfRange),
        (lambda: state.with_hand(1, {"tricks": [4, 1, 5, 3]}), MissingBids),
        (lambda: state.with_bid(2, 0, 1), HandNotCurrent),
    ]:
        with pytest.raises(error):
            call()
        assert state == before and state.hand(1).bids == (4, 0, 5, None)
    state = state.with_bid(1, 3, 3)
    with pytest.raises(TricksSum) as caught:
        state.with_hand(1, {"tricks": [4, 1, 5, 2]})
    assert "add up to 12, but 13" in str(caught.value)
    state = state.with_hand(1, {"tricks": [4, 1, 5, 3]})
    assert state.hand(1).scores == (14, -5, 15, 13)


@pytest.mark.parametrize("bid", ["two", 2.5, True, None, [2], {"bid": 2}])
def test_a_bid_must_be_a_whole_number(bid):
    state = wist()
    with pytest.raises(RuleError) as caught:
        state.with_bid(1, 1, bid)
    assert caught.value.code == "invalid_input"
    assert not isinstance(caught.value, StateConflict)


# --------------------------------------------------------------------------------------------
# Complete games computed by hand.
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hand:
    dealer: int
    bids: tuple          # by seat; the dealer's forbidden bid is known once the others are in
    tricks: tuple        # by seat
    scores: tuple        # worked out by hand from docs/rules/bid-exactly.md
    totals: tuple        # running totals, by hand
    forbidden: int | None


@dataclass(frozen=True)
class WorkedGame:
    players: tuple
    first_dealer: int
    hands: tuple
    standings: tuple     # (seat, place, total), best first then by seat

    @property
    def id(self):
        return f"{len(self.players)}-players"


# Four players, 13 cards, Wist made = +25. Anna deals first.
GAME4 = WorkedGame(
    players=("Anna", "Bruno", "Carla", "Dario"),
    first_dealer=0,
    hands=(
        # 1 Cuori, Anna deals; Bruno 3, Carla 4, Dario 2 (= 9) → Anna may not bid 4; bids 3.
        Hand(0, (3, 3, 4, 2), (3, 4, 4, 2), (13, 4, 14, 12), (13, 4, 14, 12), 4),
        # 2 Quadri, Bruno deals; Carla 0, Dario 5, Anna 4 (= 9) → Bruno not 4; bids 5.
        Hand(1, (4, 5, 0, 5), (3, 5, 0, 5), (3, 15, 25, 15), (16, 19, 39, 27), 4),
        # 3 Fiori, Carla deals; Dario 0, Anna 0, Bruno 6 (= 6) → Carla not 7; bids 6.
        Hand(2, (0, 6, 6, 0), (1, 6, 6, 0), (-5, 16, 16, 25), (11, 35, 55, 52), 7),
        # 4 Picche, Dario deals; Anna 2, Bruno 2, Carla 3 (= 7) → Dario not 6; bids Wist and takes 3.
        Hand(3, (2, 2, 3, 0), (4, 2, 4, 3), (4, 12, 4, -15), (15, 47, 59, 37), 6),
        # 5 Libera, Anna deals; 1, 1, 1 (= 3) → Anna not 10; bids all 13 and takes them.
        Hand(0, (13, 1, 1, 1), (13, 0, 0, 0), (23, 0, 0, 0), (38, 47, 59, 37), 10),
        # 6 Buio, Bruno deals; Carla 13, Dario 0, Anna 0 (= 13) → Bruno may not bid Wist (0); bids 1.
        Hand(1, (0, 1, 13, 0), (0, 1, 12, 0), (25, 11, 12, 25), (63, 58, 71, 62), 0),
        # 7 Biglietti (sealed), Carla deals; 3 + 4 + 2 + 4 = 13 is allowed here.
        Hand(2, (4, 2, 4, 3), (4, 3, 4, 2), (14, 3, 14, 2), (77, 61, 85, 64), None),
        # 8 Wist, Dario deals; no bidding, everyone at 0.
        Hand(3, (0, 0, 0, 0), (0, 2, 11, 0), (25, -10, -55, 25), (102, 51, 30, 89), None),
    ),
    standings=((0, 1, 102), (3, 2, 89), (1, 3, 51), (2, 4, 30)),
)

# Five players, 10 cards, Wist made = +20. Carla deals first; ends with a shared second place.
GAME5 = WorkedGame(
    players=("Anna", "Bruno", "Carla", "Dario", "Elena"),
    first_dealer=2,
    hands=(
        # 1 Cuori, Carla deals; Dario 2, Elena 2, Anna Wist, Bruno 4 (= 8) → Carla not 2; bids 1.
        Hand(2, (0, 4, 1, 2, 2), (0, 4, 2, 2, 2), (20, 14, 2, 12, 12), (20, 14, 2, 12, 12), 2),
        # 2 Quadri, Dario deals; Elena 3, Anna 1, Bruno 0, Carla 2 (= 6) → Dario not 4; bids 3.
        Hand(3, (1, 0, 2, 3, 3), (1, 1, 2, 3, 3), (11, -5, 12, 13, 13), (31, 9, 14, 25, 25), 4),
        # 3 Fiori, Elena deals; four Wists (= 0) → Elena may not bid 10; bids 9.
        Hand(4, (0, 0, 0, 0, 9), (0, 0, 1, 0, 9), (20, 20, -5, 20, 19), (51, 29, 9, 45, 44), 10),
        # 4 Picche, Anna deals; Bruno 5, Carla 3, Dario 3, Elena 0 (= 11, over) → nothing forbidden.
        Hand(0, (0, 5, 3, 3, 0), (0, 5, 2, 3, 0), (20, 15, 2, 13, 20), (71, 44, 11, 58, 64), None),
        # 5 Libera, Bruno deals; 2, 2, 2, 2 (= 8) → Bruno not 2; bids Wist and takes 2.
        Hand(1, (2, 0, 2, 2, 2), (2, 2, 2, 2, 2), (12, -10, 12, 12, 12), (83, 34, 23, 70, 76), 2),
        # 6 Buio, Carla deals; Dario 1, Elena 1, Anna 3, Bruno 3 (= 8) → Carla not 2; bids 3.
        Hand(2, (3, 3, 3, 1, 1), (3, 0, 6, 1, 0), (13, 0, 6, 11, 0), (96, 34, 29, 81, 76), 2),
        # 7 Biglietti (sealed), Dario deals; five 2s = 10 = the cards: allowed here.
        Hand(3, (2, 2, 2, 2, 2), (2, 2, 2, 2, 2), (12, 12, 12, 12, 12), (108, 46, 41, 93, 88), None),
        # 8 Wist, Elena deals.
        Hand(4, (0, 0, 0, 0, 0), (4, 0, 5, 1, 0), (-20, 20, -25, -5, 20), (88, 66, 16, 88, 108), None),
    ),
    standings=((4, 1, 108), (0, 2, 88), (3, 2, 88), (1, 4, 66), (2, 5, 16)),
)

WORKED_GAMES = [pytest.param(GAME4, id="4-players"), pytest.param(GAME5, id="5-players")]


def test_worked_games_are_consistent():
    """Guard the hand-written tables themselves (not the code): tricks add up, totals run."""
    for game in (GAME4, GAME5):
        players = len(game.players)
        cards = 13 if players == 4 else 10
        running = [0] * players
        for number, hand in enumerate(game.hands, start=1):
            assert sum(hand.tricks) == cards
            assert hand.dealer == (game.first_dealer + number - 1) % players
            if number <= 6:
                assert sum(hand.bids) != cards
            running = [t + s for t, s in zip(running, hand.scores)]
            assert tuple(running) == hand.totals
        assert sorted(t for _, _, t in game.standings) == sorted(game.hands[-1].totals)


@pytest.mark.parametrize("game", WORKED_GAMES)
def test_worked_game_hand_by_hand(game):
    state = wist(game.players, first_dealer=game.first_dealer)
    assert state.specs[0].cards == (13 if len(game.players) == 4 else 10)
    for number, hand in enumerate(game.hands, start=1):
        assert state.current_hand == number
        view = state.hand(number)
        assert view.dealer == hand.dealer
        assert view.order[-1] == hand.dealer
        if number < 8:
            for seat in view.order:
                if seat == hand.dealer:
                    assert state.hand(number).forbidden_bid == hand.forbidden
                    if hand.forbidden is not None:
                        with pytest.raises(ForbiddenBid):
                            state.with_bid(number, seat, hand.forbidden)
                else:
                    assert state.hand(number).forbidden_bid is None  # not all the others are in yet
                state = state.with_bid(number, seat, hand.bids[seat])
        else:
            assert state.hand(number).bids == hand.bids
        state = state.with_hand(number, {"tricks": list(hand.tricks)})
        view = state.hand(number)
        assert view.bids == hand.bids
        assert view.tricks == hand.tricks
        assert view.scores == hand.scores, f"hand {number}"
        assert view.totals == hand.totals, f"hand {number}"
        assert state.totals == hand.totals
        assert state.finished is (number == 8)
    assert state.current_hand is None
    assert [(p.seat, p.place, p.total) for p in state.standings] == list(game.standings)
    # Every hand of the finished game is still there with its figures.
    assert [h.scores for h in state.hands] == [h.scores for h in game.hands]
    assert [h.totals for h in state.hands] == [h.totals for h in game.hands]


@pytest.mark.parametrize("game", WORKED_GAMES)
def test_worked_game_entered_as_whole_hands(game):
    """The same game entered with one PUT-like change per hand (bids and tricks together)."""
    state = wist(game.players, first_dealer=game.first_dealer)
    for number, hand in enumerate(game.hands, start=1):
        fields = {"tricks": list(hand.tricks)}
        if number < 8:
            fields["bids"] = list(hand.bids)
        state = state.with_hand(number, fields)
        assert state.hand(number).totals == hand.totals
    assert [(p.seat, p.place, p.total) for p in state.standings] == list(game.standings)


def test_editing_an_early_hand_recomputes_the_running_totals():
    game = GAME4
    state = wist(game.players, first_dealer=game.first_dealer)
    for number, hand in enumerate(game.hands, start=1):
        bids = {"bids": list(hand.bids)} if number < 8 else {}
        state = state.with_hand(number, {"tricks": list(hand.tricks), **bids})
    # Hand 1 again: Bruno took 3 (made his 3: 13 instead of 4) and Carla 5 (5 instead of 14).
    edited = state.with_hand(1, {"tricks": [3, 3, 5, 2]})
    assert edited.hand(1).scores == (13, 13, 5, 12)
    assert edited.totals == (102, 51 + 9, 30 - 9, 89)
    assert [h.totals for h in edited.hands][1] == (16, 28, 30, 27)
    assert state.totals == (102, 51, 30, 89)  # the old state is untouched


def test_sealed_slips_are_frozen_once_all_are_in_until_the_tricks():
    """Biglietti: a slip may be rewritten while others are still writing; once all are in, nothing
    changes (any seat, any value, bids as a list too) until the tricks open them; then a correction is fine."""
    state = new_game("wist", ["Anna", "Bruno", "Carla", "Dario"], 0, {})
    for number in range(1, 7):
        state = state.apply({"type": "hand", "hand": number, "bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]})
    state = state.with_bid(7, 0, 8).with_bid(7, 0, 11)  # Anna thinks again: allowed, others still writing
    for seat, bid in ((1, 9), (2, 12), (3, 10)):
        state = state.with_bid(7, seat, bid)
    for attempt in (lambda: state.with_bid(7, 0, 11), lambda: state.with_bid(7, 1, 4),
                    lambda: state.with_hand(7, {"bids": [11, 9, 12, 10]})):
        with pytest.raises(BiddingClosed) as refused:
            attempt()
        assert "sealed bids are in" in str(refused.value)
    scored = state.with_hand(7, {"tricks": [2, 4, 3, 4]})
    corrected = scored.with_bid(7, 1, 4)  # after the reveal: Bruno's slip said 4, not 9
    assert corrected.hand(7).scores == (2, 14, 3, 4)
