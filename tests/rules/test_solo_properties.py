"""Hypothesis invariants of Solo Whist on the pure rules (at most 80 examples a property: light on CPU)."""
from __future__ import annotations

from decimal import Decimal
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules.base import RuleError, StateConflict
from scorekeeper.rules.solo import CONTRACTS, PASS, SOLO_WHIST, DealRecord, score_deal, settle
from tests.strategies import solo_deal, solo_options

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def takers(record: DealRecord) -> set[int]:
    return {record.declarer, record.partner} - {None}


def oracle(record: DealRecord, system: int) -> tuple[int, ...]:
    """The scores again, from the rules as written: made or not, then the columns."""
    spec = CONTRACTS[record.contract]
    made = record.tricks == 0 if spec.misere else record.tricks >= spec.target
    odd = 0 if spec.misere else abs(record.tricks - spec.target)
    decl, opp, over_decl, over_opp = spec.points
    if system == 1:
        taker, opponent = decl + odd * over_decl, -(opp + odd * over_opp)
    elif spec.partner:
        taker, opponent = spec.stakes, -spec.stakes           # each partner wins one opponent's stake
    else:
        taker, opponent = 3 * spec.stakes, -spec.stakes       # the declarer wins it from each of three
    sign = 1 if made else -1
    return tuple(sign * (taker if seat in takers(record) else opponent) for seat in range(4))


@SETTINGS
@given(fields=solo_deal())
def test_every_deal_adds_up_to_zero_and_points_are_four_times_the_stakes(fields):
    record = DealRecord(**fields)
    points, stakes = score_deal(record, 1), score_deal(record, 2)
    assert sum(points.scores) == 0 and sum(stakes.scores) == 0
    assert points.made == stakes.made and points.difference == stakes.difference
    if record.contract == PASS:
        assert points.scores == stakes.scores == (0, 0, 0, 0) and points.made is None
        return
    assert points.scores == oracle(record, 1) and stakes.scores == oracle(record, 2)
    spec = CONTRACTS[record.contract]
    if spec.misere:
        assert points.difference == -record.tricks and points.made == (record.tricks == 0)
    else:
        assert points.difference == record.tricks - spec.target and points.made == (points.difference >= 0)
    # Without the over- and under-tricks, system 1 is four times system 2, seat by seat.
    sign = 1 if points.made else -1
    odd = abs(points.difference) if not spec.misere else 0
    for seat in range(4):
        taker = seat in takers(record)
        over = sign * odd * (spec.points[2] if taker else -spec.points[3])
        assert points.scores[seat] - over == 4 * stakes.scores[seat]


def check(game):
    """Every figure follows from the records."""
    limit, seats = game.options["deals"], range(4)
    totals, counted = (0, 0, 0, 0), 0
    for hand in game.hands:
        assert hand.dealer == (game.first_dealer + hand.number - 1) % 4
        if hand.result is None:
            assert hand is game.hands[-1] and not game.finished and hand.number == game.current_hand
            assert hand.number == len(game.records) + 1 and hand.totals is None and not hand.counted
            continue
        assert hand.record == game.records[hand.number - 1]
        assert hand.scores == score_deal(hand.record, game.options["system"]).scores
        assert sum(hand.scores) == 0
        assert hand.counted == (hand.contract != PASS)
        assert limit is None or counted < limit                       # no deal after the last one counted
        counted += hand.counted
        totals = tuple(t + s for t, s in zip(totals, hand.scores))
        assert hand.totals == totals
    assert len([h for h in game.hands if h.result]) == len(game.records)
    assert game.totals == totals and game.counted_hands == counted
    assert game.finished == (game.ended or (limit is not None and counted == limit))
    assert game.current_hand == (None if game.finished else len(game.records) + 1)
    assert game.planned_hands == limit
    stake = game.options["stake"]
    if stake is None:
        assert game.money_totals is None
    else:
        assert [Decimal(m) for m in game.money_totals] == [t * Decimal(stake) for t in totals]
        assert all(m.split(".")[1].__len__() == 2 and m != "-0.00" for m in game.money_totals)
    places = {p.seat: p.place for p in game.standings}
    for a in seats:
        assert places[a] == 1 + sum(totals[b] > totals[a] for b in seats)
    payments = game.settlement()
    left = list(totals)
    for p in payments:
        left[p.payer] += p.amount
        left[p.payee] -= p.amount
    assert left == [0, 0, 0, 0]


@SETTINGS
@given(data=st.data(), options=solo_options(), first_dealer=st.integers(0, 3))
def test_a_game_of_deals_corrections_and_an_end(data, options, first_dealer):
    game = SOLO_WHIST.new_game(PLAYERS, first_dealer, options)
    check(game)
    for _ in range(data.draw(st.integers(0, 14), label="changes")):
        kind = data.draw(st.sampled_from(["deal", "deal", "deal", "correct", "end"]), label="kind")
        before = (game.records, game.ended, list(game.hands))
        try:
            if kind == "deal":
                number = game.current_hand or len(game.records) + 1
                game2 = game.apply({"type": "hand", "hand": number, **data.draw(solo_deal())})
            elif kind == "correct" and game.records:
                number = data.draw(st.integers(1, len(game.records)), label="deal to correct")
                game2 = game.apply({"type": "hand", "hand": number, **data.draw(solo_deal())})
            else:
                game2 = game.apply({"type": "end"})
        except StateConflict:
            # refused: a deal after the end, a second end, an end with nothing recorded, or a correction
            # that would play the last deal before one already recorded
            assert (game.records, game.ended, list(game.hands)) == before
            if kind == "deal":
                assert game.finished
            elif kind == "end":
                assert game.finished or not game.records
            continue
        assert (game.records, game.ended, list(game.hands)) == before   # the old game is untouched
        game = game2
        check(game)


@SETTINGS
@given(data=st.data(), options=solo_options())
def test_a_correction_is_the_same_as_entering_the_deals_again(data, options):
    """Correcting deal k with a whole record gives what a fresh game with the corrected deals gives, or is
    refused because the fixed number of deals would be played before a deal already recorded."""
    game = SOLO_WHIST.new_game(PLAYERS, 0, options)
    while not game.finished and len(game.records) < 8:
        game = game.apply({"type": "hand", "hand": game.current_hand, **data.draw(solo_deal())})
    number = data.draw(st.integers(1, len(game.records)), label="deal to correct")
    fields = data.draw(solo_deal())
    records = list(game.records)
    records[number - 1] = DealRecord(**fields)
    fresh, ended_early = SOLO_WHIST.new_game(PLAYERS, 0, options), False
    for record in records:
        if fresh.finished:
            ended_early = True
            break
        fresh = fresh.apply({"type": "hand", "hand": fresh.current_hand, **vars(record)})
    try:
        corrected = game.apply({"type": "hand", "hand": number, **fields})
    except RuleError as error:
        assert isinstance(error, StateConflict) and ended_early and error.params["number"] <= len(records)
    else:
        assert not ended_early and corrected.hands == fresh.hands and corrected.records == tuple(records)


# -- settling up ----------------------------------------------------------------------------------------
EDGES = list(combinations(range(4), 2))


def fewest_payments(balances) -> int:
    """Brute force: the fewest pairs of players that can carry payments settling everyone.

    A minimal set of payments has no cycle (a cycle can always lose one payment), so it is a forest; on a
    forest the amounts are forced (peel the leaves), and the set works when every tree comes out even.
    """
    for k in range(len(EDGES) + 1):
        for edges in combinations(EDGES, k):
            left, links = list(balances), {s: set() for s in range(4)}
            for a, b in edges:
                links[a].add(b)
                links[b].add(a)
            ok, alive = True, {s for s in range(4)}
            while ok and alive:
                leaf = next((s for s in sorted(alive) if len(links[s] & alive) <= 1), None)
                if leaf is None:
                    ok = False  # a cycle: not a forest
                    break
                alive.discard(leaf)
                others = links[leaf] & alive
                if others:
                    (other,) = others
                    left[other] += left[leaf]   # the leaf's whole balance goes across its only link
                elif left[leaf] != 0:
                    ok = False                  # a tree that does not come out even
            if ok:
                return k
    raise AssertionError("balances that add up to zero always settle")


balances_st = st.lists(st.integers(-30, 30) | st.just(0), min_size=3, max_size=3).map(lambda b: b + [-sum(b)])


@settings(max_examples=100, deadline=None)
@given(balances=balances_st | st.sampled_from([[4, -4, 7, -7], [4, 7, -7, -4], [5, 5, -5, -5], [3, -3, 0, 0]]))
def test_settlement_settles_exactly_with_the_fewest_payments(balances):
    payments = settle(balances)
    left = list(balances)
    for p in payments:
        assert p.amount > 0 and p.payer != p.payee and isinstance(p.amount, int)
        assert balances[p.payer] < 0 < balances[p.payee]               # only debtors pay, only creditors are paid
        left[p.payer] += p.amount
        left[p.payee] -= p.amount
    assert left == [0, 0, 0, 0]
    assert len(payments) == fewest_payments(balances)
    assert payments == sorted(payments, key=lambda p: (p.payer, p.payee)) == settle(list(balances))


@pytest.mark.parametrize("balances, fewest", [
    ([0, 0, 0, 0], 0), ([3, -3, 0, 0], 1), ([4, 7, -7, -4], 2), ([6, -2, -1, -3], 3), ([2, 2, -1, -3], 3),
])
def test_the_brute_force_itself(balances, fewest):
    assert fewest_payments(balances) == fewest
