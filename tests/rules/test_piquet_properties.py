"""Hypothesis invariants of Piquet on the pure rules, each checked against an independent oracle."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules.base import RuleError, StateConflict
from scorekeeper.rules.piquet import PIQUET, Holding, deal_for, fits
from tests.strategies import (RANKS, SUITS, declarable, declarations_of, hand_declares, oracle_play,
                              piquet_any_declarations, piquet_deal, piquet_declarations, piquet_hands, piquet_options,
                              piquet_sunk_declarations, piquet_winners)

PLAYERS = ["Anna", "Bruno"]
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def announced(record, elder):
    """(seat, points) in the order of the announcements: each class, elder first."""
    order = [(elder, 10 * record.carte_blanche[elder]), (1 - elder, 10 * record.carte_blanche[1 - elder])]
    for pair in (record.point, record.sequences, record.sets):
        order += [(elder, pair[elder]), (1 - elder, pair[1 - elder])]
    return [(seat, points) for seat, points in order if points]


def oracle_repique(record, elder):
    """The seat whose announcements before the other's first make 30 or more."""
    order = announced(record, elder)
    for seat in (0, 1):
        before = [points for _, points in order[:next((i for i, (s, _) in enumerate(order) if s != seat),
                                                       len(order))]]
        if sum(before) >= 30:
            return seat
    return None


def oracle_pique(record, elder):
    if oracle_repique(record, elder) is not None:
        return None
    if any(seat != elder for seat, _ in announced(record, elder)):
        return None                                # the younger scored in the declarations
    total = sum(points for _, points in announced(record, elder)) + 1    # and the first lead
    for winner in record.trick_winners:
        if total >= 30:
            break
        if winner != elder:
            return None
        total += 1                                 # the elder keeps the lead while winning
    return elder if total >= 30 else None


# -- real hands, and what they declare (worked out here, not with the rules' own helpers) ----------------


def apply_deal(game, data, number):
    """Record a legal deal; a pique the totals cannot allow is refused (then recorded without it)."""
    fields = data.draw(piquet_deal(game.options["point_count"], game.elder(number)))
    try:
        return game.apply({"type": "hand", "hand": number, **fields})
    except RuleError as error:
        assert error.field == "pique" and fields.get("pique") is not None
        return game.apply({"type": "hand", "hand": number, **fields, "pique": None})


@SETTINGS
@given(winners=piquet_winners, elder=st.integers(0, 1))
def test_play_points_total_13_plus_the_tricks_won_by_the_player_who_did_not_lead(winners, elder):
    game = PIQUET.new_game(PLAYERS, 1 - elder, {})
    result = game.apply({"type": "hand", "hand": 1, "trick_winners": winners}).hand(1).result
    play, changes = oracle_play(winners, elder)
    assert result.play == play and sum(result.play) == 13 + changes
    assert result.tricks_won == (winners.count(0), winners.count(1))
    # The totals of that play are accepted as such, and give the same play.
    totals = game.apply({"type": "hand", "hand": 1, "play_points": list(play),
                         "tricks_won": list(result.tricks_won)}).hand(1).result
    assert totals.play == result.play and totals.cards_bonus == result.cards_bonus


@SETTINGS
@given(data=st.data(), options=piquet_options, first_dealer=st.integers(0, 1))
def test_every_deal_adds_up(data, options, first_dealer):
    """Cards bonus from the tricks, never repique and pique together, scores the sum of their parts,
    totals the sum of the scores; the partie ends after 6 deals (8 after a tie with the play-off)."""
    game = PIQUET.new_game(PLAYERS, first_dealer, options)
    while not game.finished:
        game = apply_deal(game, data, game.current_hand)
    totals = (0, 0)
    for deal in game.hands:
        r, record = deal.result, deal.record
        assert deal.dealer == (first_dealer + deal.number - 1) % 2 and deal.elder == 1 - deal.dealer
        for seat in (0, 1):
            tricks = r.tricks_won[seat]
            assert r.cards_bonus[seat] == (40 if tricks == 12 else 10 if tricks >= 7 else 0)
            declared = (10 * record.carte_blanche[seat] + record.point[seat] + record.sequences[seat]
                        + record.sets[seat])
            assert r.declarations[seat] == declared
            assert r.scores[seat] == (declared + r.play[seat] + r.cards_bonus[seat]
                                      + (60 if r.repique == seat else 0) + (30 if r.pique == seat else 0))
        assert sum(r.tricks_won) == 12 and r.cards_bonus.count(0) >= 1
        assert r.repique is None or r.pique is None
        if r.pique is not None:
            assert r.pique == deal.elder and r.declarations[deal.younger] == 0
            assert r.declarations[deal.elder] + r.play[deal.elder] >= 30
        assert r.repique == oracle_repique(record, deal.elder)
        if record.trick_winners is not None:
            assert sum(r.play) == 13 + oracle_play(record.trick_winners, deal.elder)[1]
            assert r.pique == oracle_pique(record, deal.elder)
        totals = tuple(t + s for t, s in zip(totals, r.scores))
        assert deal.totals == totals
    assert game.totals == totals
    six = game.hands[5].totals
    tied = six[0] == six[1] and options["tie"] == "playoff"
    assert len(game.hands) == (8 if tied else 6) == game.planned_hands
    partie = game.partie
    if totals[0] == totals[1]:
        assert partie.draw and partie.winner is None
    else:
        winner = 0 if totals[0] > totals[1] else 1
        loser = totals[1 - winner]
        assert partie.winner == winner and partie.rubicon == (loser < 100)
        assert partie.value == (100 + totals[0] + totals[1] if loser < 100 else 100 + totals[winner] - loser)
    with pytest.raises(StateConflict):
        game.apply({"type": "hand", "hand": len(game.hands) + 1, "trick_winners": [0] * 12})


@SETTINGS
@given(data=st.data(), elder=st.integers(0, 1))
def test_the_pique_as_totals_agrees_with_the_trick_order(data, elder):
    """A pique found from the trick order is allowed with the totals of that play; a pique the totals
    make certain is found from the trick order too."""
    game = PIQUET.new_game(PLAYERS, 1 - elder, {})
    fields = data.draw(piquet_declarations("cards", elder))
    winners = data.draw(piquet_winners)
    if data.draw(st.booleans()):
        winners = ([elder] * data.draw(st.integers(0, 12)) + winners)[:12]
    by_tricks = game.apply({"type": "hand", "hand": 1, **fields, "trick_winners": winners}).hand(1).result
    play, tricks = list(by_tricks.play), list(by_tricks.tricks_won)
    plain = game.apply({"type": "hand", "hand": 1, **fields, "play_points": play, "tricks_won": tricks})
    assert plain.hand(1).result.repique == by_tricks.repique
    if plain.hand(1).result.pique is not None:          # certain from the totals
        assert by_tricks.pique == elder
    if by_tricks.pique is not None:
        said = game.apply({"type": "hand", "hand": 1, **fields, "play_points": play, "tricks_won": tricks,
                           "pique": elder})
        assert said.hand(1).result == by_tricks
    else:
        assert plain.hand(1).result == by_tricks


@SETTINGS
@given(data=st.data())
def test_a_correction_is_the_same_as_entering_the_deals_again(data):
    game = PIQUET.new_game(PLAYERS, 0, {})
    for number in range(1, 5):
        game = apply_deal(game, data, number)
    number = data.draw(st.integers(1, 4))
    corrected = apply_deal(game, data, number)
    fresh = PIQUET.new_game(PLAYERS, 0, {})
    for deal in corrected.hands[:4]:
        record = deal.record
        event = {"type": "hand", "hand": deal.number, "carte_blanche": list(record.carte_blanche),
                 "point": list(record.point), "sequences": list(record.sequences), "sets": list(record.sets)}
        if record.trick_winners is not None:
            event["trick_winners"] = list(record.trick_winners)
        else:
            event.update(play_points=list(record.play_points), tricks_won=list(record.tricks_won),
                         pique=record.pique)
        fresh = fresh.apply(event)
    assert fresh.hands == corrected.hands
    assert [d.number for d in game.hands] == [1, 2, 3, 4, 5]


# -- declarations that two hands of one pack can hold, and only those ------------------------------------
WHOLE = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def holdings(fields):
    """Each player's declarations, as the search takes them."""
    return tuple(Holding(fields["carte_blanche"][seat], fields["point"][seat], fields["sequences"][seat],
                         fields["sets"][seat]) for seat in (0, 1))


def recorded(game, fields):
    """The deal's declarations through the rules: True if accepted, False if refused for one of them."""
    try:
        game.apply({"type": "hand", "hand": 1, **fields, "trick_winners": [0] * 12})
    except RuleError as error:
        assert error.field in fields and str(error)
        return False
    return True


@WHOLE
@given(hands=piquet_hands(), count=st.sampled_from(["cards", "pips"]), first_dealer=st.integers(0, 1))
def test_what_two_real_hands_declare_is_always_accepted(hands, count, first_dealer):
    """No false refusal: two hands dealt from a shuffled pack, each class scored by the better holder (worked
    out here), carte blanches declared."""
    fields = declarations_of(hands, count)
    assert recorded(PIQUET.new_game(PLAYERS, first_dealer, {"point_count": count}), fields)
    assert fits(count, holdings(fields))


@WHOLE
@given(count=st.sampled_from(["cards", "pips"]), data=st.data())
def test_what_two_real_hands_declare_with_parts_sunk_is_always_accepted(count, data):
    """No false refusal with sinking (#34): two hands dealt from a shuffled pack, each class called by either
    player or nobody, with any part of what the caller holds sunk."""
    fields = data.draw(piquet_sunk_declarations(count))
    assert recorded(PIQUET.new_game(PLAYERS, 0, {"point_count": count}), fields)
    assert fits(count, holdings(fields))


@WHOLE
@given(data=st.data(), count=st.sampled_from(["cards", "pips"]))
def test_declarations_are_accepted_only_with_two_hands_that_declare_them(data, count):
    """The rules accept exactly the declarations for which the search finds two hands; and those hands, dealt
    from one pack, hold at least what is declared, a part sunk (checked here, card by card)."""
    fields = data.draw(piquet_any_declarations(count))
    found = deal_for(count, holdings(fields))
    assert recorded(PIQUET.new_game(PLAYERS, 0, {"point_count": count}), fields) == (found is not None)
    if found is None:
        return
    hands = [frozenset((SUITS[suit], RANKS[rank]) for suit, pair in enumerate(found) for rank in range(len(RANKS))
                       if pair[seat] >> rank & 1) for seat in (0, 1)]
    assert len(hands[0]) == len(hands[1]) == 12 and not hands[0] & hands[1]
    for seat, hand in enumerate(hands):
        assert hand_declares(hand, count)["carte_blanche"] or not fields["carte_blanche"][seat]
        said = declarable(hand, count)
        for name in ("point", "sequences", "sets"):
            assert fields[name][seat] in said[name], (name, seat, sorted(hand))
