"""Hypothesis invariants of Wist on the pure rules (and on the replay of the event log)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.service.games import replay, sort_out
from scorekeeper.rules import new_game
from scorekeeper.rules.base import RuleError
from scorekeeper.rules.predictions import BiddingClosed, ForbiddenBid
from tests.strategies import wist_tricks

PLAYERS = {4: ["Anna", "Bruno", "Carla", "Dario"], 5: ["Anna", "Bruno", "Carla", "Dario", "Elena"]}
CARDS = {4: 13, 5: 10}
ZERO_BONUS = {4: 25, 5: 20}
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def oracle_score(players: int, bid: int, tricks: int) -> int:
    """docs/rules/bid-exactly.md, written again independently of the code under test."""
    if bid == 0:
        return ZERO_BONUS[players] if tricks == 0 else -5 * tricks
    return tricks + (10 if tricks == bid else 0)


def legal_dealer_bids(cards: int, others: int, rule: bool) -> list[int]:
    return [b for b in range(cards + 1) if not (rule and others + b == cards)]


def play_random_game(data, players: int, first_dealer: int, options=None, stop_before: int | None = None):
    """Play a random legal game hand by hand; returns the state and the events it took."""
    state = new_game("wist", PLAYERS[players], first_dealer, options)
    cards = CARDS[players]
    events = []
    last = 8 if stop_before is None else stop_before - 1
    for number in range(1, last + 1):
        spec = state.specs[number - 1]
        hand = state.hand(number)
        if spec.bidding != "none":
            for seat in hand.order[:-1]:
                bid = data.draw(st.integers(0, cards), label=f"hand {number} seat {seat}")
                state = state.with_bid(number, seat, bid)
                events.append({"type": "bid", "hand": number, "seat": seat, "bid": bid})
            dealer = hand.order[-1]
            others = sum(b for s, b in enumerate(state.hand(number).bids) if s != dealer)
            legal = legal_dealer_bids(cards, others, spec.forbidden)
            assert legal, "the dealer always has a legal bid"
            forbidden = state.hand(number).forbidden_bid
            if spec.forbidden and 0 <= cards - others <= cards:
                assert forbidden == cards - others
                assert forbidden not in legal
                with pytest.raises(ForbiddenBid):
                    state.with_bid(number, dealer, forbidden)
            else:
                assert forbidden is None
            bid = data.draw(st.sampled_from(legal), label=f"hand {number} dealer")
            state = state.with_bid(number, dealer, bid)
            events.append({"type": "bid", "hand": number, "seat": dealer, "bid": bid})
        tricks = wist_tricks(data, players, cards)
        state = state.with_hand(number, {"tricks": tricks})
        events.append({"type": "hand", "hand": number, "tricks": tricks})
    return state, events


@SETTINGS
@given(data=st.data(), players=st.sampled_from([4, 5]), sealed_buio=st.booleans())
def test_a_random_legal_game_always_finishes_and_adds_up(data, players, sealed_buio):
    first_dealer = data.draw(st.integers(0, players - 1), label="first dealer")
    state, _ = play_random_game(data, players, first_dealer, {"sealed_buio": sealed_buio})
    cards = CARDS[players]
    assert state.finished and state.current_hand is None
    assert len(state.hands) == 8
    running = [0] * players
    for number, hand in enumerate(state.hands, start=1):
        assert hand.dealer == (first_dealer + number - 1) % players
        assert sum(hand.tricks) == cards
        if number <= 6 and not (sealed_buio and number == 6):
            assert sum(hand.bids) != cards, "the forbidden bid never slips through in rounds 1–6"
        if number == 8:
            assert hand.bids == (0,) * players
        assert hand.scores == tuple(oracle_score(players, b, t) for b, t in zip(hand.bids, hand.tricks))
        running = [r + s for r, s in zip(running, hand.scores)]
        assert hand.totals == tuple(running)
    assert state.totals == tuple(sum(h.scores[s] for h in state.hands) for s in range(players))
    # Standings: every seat once, best first, places by competition ranking.
    standings = state.standings
    assert sorted(p.seat for p in standings) == list(range(players))
    assert [p.total for p in standings] == sorted(state.totals, reverse=True)
    for p in standings:
        assert p.total == state.totals[p.seat]
        assert p.place == 1 + sum(t > p.total for t in state.totals)


def advance_to(state, number):
    for n in range(state.current_hand, number):
        cards = state.specs[n - 1].cards
        tricks = [0] * len(state.players)
        tricks[0] = cards
        state = state.with_hand(n, {"tricks": tricks, **({"bids": [0] * len(state.players)} if n < 8 else {})})
    return state


@SETTINGS
@given(data=st.data(), players=st.sampled_from([4, 5]), number=st.integers(1, 7), sealed_buio=st.booleans())
def test_bids_in_any_order_are_refused_exactly_when_they_complete_the_cards(data, players, number, sealed_buio):
    first_dealer = data.draw(st.integers(0, players - 1), label="first dealer")
    state = advance_to(new_game("wist", PLAYERS[players], first_dealer, {"sealed_buio": sealed_buio}), number)
    cards = CARDS[players]
    spec = state.specs[number - 1]
    rule = number <= 5 or (number == 6 and not sealed_buio)
    assert spec.forbidden is rule
    dealer = state.hand(number).dealer
    seats = data.draw(st.permutations(range(players)), label="arrival order")
    bids = data.draw(st.lists(st.integers(0, cards), min_size=players, max_size=players), label="bids")
    for i, seat in enumerate(seats):
        complete = i == players - 1
        if complete and rule and sum(bids) == cards:
            with pytest.raises(ForbiddenBid) as caught:
                state.with_bid(number, seat, bids[seat])
            others = sum(bids) - bids[dealer]
            # The message names the dealer's forbidden bid, whoever was the last to be typed in.
            assert f"{state.players[dealer]} may not bid {cards - others}" in str(caught.value)
            assert state.hand(number).bids.count(None) == 1  # nothing was recorded
        else:
            state = state.with_bid(number, seat, bids[seat])
    # The same set as one whole list is accepted or refused the same way.
    fresh = advance_to(new_game("wist", PLAYERS[players], first_dealer, {"sealed_buio": sealed_buio}), number)
    if rule and sum(bids) == cards:
        with pytest.raises(ForbiddenBid):
            fresh.with_hand(number, {"bids": bids})
    else:
        assert fresh.with_hand(number, {"bids": bids}).hand(number).bids == tuple(bids)
    # Changing one bid of a complete set is refused exactly when the new set adds up to the cards.
    if not (rule and sum(bids) == cards):
        seat = data.draw(st.integers(0, players - 1), label="changed seat")
        new = data.draw(st.integers(0, cards), label="changed bid")
        changed = list(bids)
        changed[seat] = new
        if spec.sealed:  # every slip of a sealed round is in: frozen until the tricks, whatever the value
            with pytest.raises(BiddingClosed):
                state.with_bid(number, seat, new)
        elif rule and sum(changed) == cards:
            with pytest.raises(ForbiddenBid):
                state.with_bid(number, seat, new)
        else:
            assert state.with_bid(number, seat, new).hand(number).bids == tuple(changed)


def rows(created: dict, events: list[dict]) -> list[dict]:
    """The event log as the store keeps it: a `created` row, then changes and undos."""
    log = [{"seq": 1, "type": "created", "payload": created}]
    log += [{"seq": seq, "type": "undo", "payload": {}} if e == "undo" else {"seq": seq, "type": "change", "payload": e}
            for seq, e in enumerate(events, start=2)]
    return log


@SETTINGS
@given(data=st.data(), players=st.sampled_from([4, 5]), played=st.integers(1, 8))
def test_an_edit_of_an_earlier_hand_then_undo_restores_the_state(data, players, played):
    first_dealer = data.draw(st.integers(0, players - 1), label="first dealer")
    state, events = play_random_game(data, players, first_dealer, stop_before=played + 1)
    created = {"variant": "wist", "players": PLAYERS[players], "first_dealer": first_dealer,
               "options": dict(state.options)}
    replayed = replay(rows(created, events))
    assert replayed == state
    # Edit an earlier (or the latest) scored hand: new tricks, or a bid changed to a legal value.
    number = data.draw(st.integers(1, played), label="edited hand")
    cards = CARDS[players]
    if number < 8 and data.draw(st.booleans(), label="edit a bid"):
        seat = data.draw(st.integers(0, players - 1), label="seat")
        bids = state.hand(number).bids
        others = sum(bids) - bids[seat]
        rule = state.specs[number - 1].forbidden
        choices = [b for b in range(cards + 1) if not (rule and others + b == cards)]
        edit = {"type": "bid", "hand": number, "seat": seat, "bid": data.draw(st.sampled_from(choices))}
    else:
        edit = {"type": "hand", "hand": number, "tricks": wist_tricks(data, players, cards)}
    edited = state.apply(edit)
    replayed_edit = replay(rows(created, events + [edit]))
    assert replayed_edit == edited
    # Totals of every later hand follow the edit.
    scored = [h for h in edited.hands if h.scores is not None]
    assert len(scored) == played
    for hand in scored:
        assert hand.totals == tuple(sum(h.scores[s] for h in scored[: hand.number]) for s in range(players))
    undone = rows(created, events + [edit, "undo"])
    restored = replay(undone)
    assert restored == state
    assert [row["payload"] for row in sort_out(undone)[0]] == events
    assert [h.totals for h in restored.hands] == [h.totals for h in state.hands]
    places = lambda game: [(p.seat, p.place, p.total) for p in game.standings]  # noqa: E731
    assert places(restored) == places(state)


@SETTINGS
@given(players=st.sampled_from([4, 5]), bid=st.integers(0, 13), tricks=st.integers(0, 13))
def test_hand_score_matches_the_rules(players, bid, tricks):
    cards = CARDS[players]
    bid, tricks = min(bid, cards), min(tricks, cards)
    state = new_game("wist", PLAYERS[players], 0, None)
    # Seat 1 under test; seat 2 takes the rest; everybody else bids 0. Seat 2's bid keeps the total off the cards.
    bids = [0] * players
    bids[1] = bid
    bids[2] = 0 if bid != cards else 1
    tricks_list = [0] * players
    tricks_list[1] = tricks
    tricks_list[2] = cards - tricks
    try:
        state = state.with_hand(1, {"bids": bids, "tricks": tricks_list})
    except RuleError as error:  # pragma: no cover - the construction above is always legal
        raise AssertionError(error) from error
    assert state.hand(1).scores[1] == oracle_score(players, bid, tricks)
