"""Piquet through the pure rules: known deals and parties as tables, every number worked out by hand.

Seats 0 (Anna) and 1 (Bruno). The dealer of deal n is (first dealer + n − 1) % 2 and is the younger
hand; the other player, the elder, leads the first trick. In the play the elder scores 1 for that
lead, a trick won on one's own lead scores 1, one won on the opponent's lead 2.
"""
from __future__ import annotations

import itertools

import pytest

from scorekeeper.rules.base import HandNotCurrent, InvalidInput, RuleError, StateConflict, TricksSum
from scorekeeper.rules.piquet import (
    PIPS, PIQUET, RANKS, Deal, DealRecord, DealResult, Holding, Partie, PiquetGame, cards_bonus, deal_for, fits,
    partie_value, play_from_tricks, point_points, point_scores, point_values, sequence_points, sequence_scores,
    sequence_totals, set_names, set_points, set_scores, set_totals,
)
from tests.strategies import declarable, hand_declares

PLAYERS = ["Anna", "Bruno"]


def piquet(first_dealer=0, **options):
    return PIQUET.new_game(list(PLAYERS), first_dealer, options)


def hand(number=1, **fields):
    return {"type": "hand", "hand": number, **fields}


def elder_first(**fields):
    """A game whose deal 1 has Anna (seat 0) as the elder hand (Bruno deals), with that deal recorded."""
    return piquet(first_dealer=1).apply(hand(1, **fields))


# -- the variant and a new game -------------------------------------------------------------------------
def test_the_variant():
    assert (PIQUET.id, PIQUET.name, PIQUET.family, PIQUET.players) == ("piquet", "Piquet", "piquet", (2,))
    assert [(o.name, o.choices, o.default) for o in PIQUET.options] == [
        ("point_count", ("cards", "pips"), "cards"), ("tie", ("playoff", "draw"), "playoff")]
    game = piquet()
    assert isinstance(game, PiquetGame) and game.options == {"point_count": "cards", "tie": "playoff"}
    assert game.sides is None and game.secrets() == frozenset() and game.totals == (0, 0)
    assert game.current_hand == 1 and not game.finished and game.planned_hands == 6 and game.partie is None
    first = game.hands[0]
    assert isinstance(first, Deal) and (first.number, first.dealer, first.elder) == (1, 0, 1)
    assert first.result is None and first.scores is None and first.totals is None and first.trump is None
    assert first.record == DealRecord()
    assert [(p.seat, p.place, p.total) for p in game.standings] == [(0, 1, 0), (1, 1, 0)]


@pytest.mark.parametrize("first_dealer", [0, 1])
def test_the_deal_alternates_each_player_deals_three_times(first_dealer):
    game = piquet(first_dealer)
    dealers = [game.dealer(n) for n in range(1, 9)]
    assert dealers == [(first_dealer + n) % 2 for n in range(8)]
    assert dealers[:6].count(0) == dealers[:6].count(1) == 3
    assert [game.elder(n) for n in range(1, 9)] == [1 - d for d in dealers]


# -- the declaration helpers ----------------------------------------------------------------------------
@pytest.mark.parametrize("cards, pips, count, points", [
    (5, None, "cards", 5),
    (5, 47, "cards", 5),      # ♣ A K 10 9 7
    (5, 47, "pips", 5),       # 4.7 → 5
    (5, 45, "pips", 5),       # ♥ K Q J 8 7: 4.5 rounds half up → 5
    (5, 44, "pips", 4),       # 10 9 8 7 + a face... 4.4 → 4
    (3, 24, "pips", 2),       # 9 8 7: the smallest point
    (4, 34, "pips", 3),       # 10 9 8 7
    (6, 55, "pips", 6),       # 5.5 → 6
    (8, 75, "pips", 8),       # the whole suit: 7.5 → 8
    (8, 75, "cards", 8),
])
def test_point_points(cards, pips, count, points):
    assert point_points(cards, pips, count) == points


@pytest.mark.parametrize("cards, pips, count", [
    (2, None, "cards"),       # the longest suit of twelve cards has at least 3
    (9, None, "cards"),       # a suit has 8 cards
    (5, None, "pips"),        # counted by pips: the pips are needed
    (5, 30, "pips"),          # five cards count at least 7 + 8 + 9 + 10 + 10 = 44
    (3, 32, "pips"),          # three cards count at most 31 (A K Q)
    ("5", None, "cards"),
])
def test_point_points_refused(cards, pips, count):
    with pytest.raises(InvalidInput) as error:
        point_points(cards, pips, count)
    assert error.value.field == "point"


@pytest.mark.parametrize("first, second, count, scores", [
    # The source's example: ♣ A K 10 9 7 against ♥ K Q J 8 7, both "point of 5": 47 against 45 pips.
    ((5, 47), (5, 45), "cards", (5, 0)),
    ((5, 47), (5, 45), "pips", (5, 0)),
    ((5, 45), (5, 47), "cards", (0, 5)),
    ((5, 45), (5, 45), "cards", (0, 0)),     # an exact tie scores nothing
    ((6, 54), (5, 51), "cards", (6, 0)),     # longer wins whatever the pips
    ((4, 41), (5, 44), "pips", (0, 4)),
    ((6, 58), None, "pips", (6, 0)),
])
def test_point_scores(first, second, count, scores):
    assert point_scores(first, second, count) == scores


@pytest.mark.parametrize("first, second", [((5, 47), (5, 30)), ((2, 20), None), ((5, None), (4, 40))])
def test_point_scores_refused(first, second):
    with pytest.raises(InvalidInput) as error:
        point_scores(first, second)
    assert error.value.field == "point"


@pytest.mark.parametrize("lengths, points", [
    ([], 0), ([3], 3), ([4], 4), ([5], 15), ([6], 16), ([7], 17), ([8], 18),
    ([5, 3], 18),             # quint + tierce
    ([4, 3], 7),
    ([3, 3, 3, 3], 12),
    ([6, 6], 32),
    ([5, 4, 3], 22),
])
def test_sequence_points(lengths, points):
    assert sequence_points(lengths) == points


@pytest.mark.parametrize("lengths", [[2], [9], [8, 5], [5, 5, 3], ["3"]])
def test_sequence_points_refused(lengths):
    with pytest.raises(InvalidInput) as error:
        sequence_points(lengths)
    assert error.value.field == "sequences"


@pytest.mark.parametrize("first, second, scores", [
    # The source's example: a quart to the queen beats a quart to the ten; its holder also scores a
    # tierce to the king: 4 + 3 = 7.
    ([(4, "Q"), (3, "K")], [(4, "10")], (7, 0)),
    ([(4, "10")], [(4, "Q"), (3, "K")], (0, 7)),
    ([(4, "Q")], [(4, "Q")], (0, 0)),                   # an exact tie scores nothing
    ([(5, "J")], [(4, "A"), (3, "9")], (15, 0)),        # longest first
    ([(3, "9"), (3, "K")], [(3, "Q"), (3, "J")], (6, 0)),
    ([], [(6, "A")], (0, 16)),
    ([], [], (0, 0)),
])
def test_sequence_scores(first, second, scores):
    assert sequence_scores(first, second) == scores


@pytest.mark.parametrize("first", [[(5, "9")], [(3, "8")], [(3, "1")], [(2, "A")]])
def test_sequence_scores_refused(first):
    with pytest.raises(InvalidInput) as error:
        sequence_scores(first, [])
    assert error.value.field == "sequences"


@pytest.mark.parametrize("sets, points", [
    ([], 0), ([3], 3), ([4], 14), ([4, 3], 17), ([3, 3, 3, 3], 12), ([4, 4], 28), ([4, 4, 3], 31),
    ([4, 4, 4], 42),
])
def test_set_points(sets, points):
    assert set_points(sets) == points


@pytest.mark.parametrize("sets", [[2], [5], [4, 4, 4, 3], [3, 3, 3, 3, 3], [True]])
def test_set_points_refused(sets):
    with pytest.raises(InvalidInput) as error:
        set_points(sets)
    assert error.value.field == "sets"


@pytest.mark.parametrize("first, second, scores", [
    ([(3, "A"), (3, "K")], [(3, "Q")], (6, 0)),
    ([(3, "A")], [(4, "10")], (0, 14)),                 # a quatorze beats any trio
    ([(4, "K"), (3, "10")], [(4, "Q")], (17, 0)),       # then the higher rank
    ([], [], (0, 0)),
])
def test_set_scores(first, second, scores):
    assert set_scores(first, second) == scores


@pytest.mark.parametrize("first, second", [([(3, "9")], []), ([(3, "A")], [(3, "A")]), ([(2, "A")], [])])
def test_set_scores_refused(first, second):
    with pytest.raises(InvalidInput) as error:
        set_scores(first, second)
    assert error.value.field == "sets"


def test_what_a_hand_of_twelve_cards_can_score():
    # Disjoint runs of 3+ within suits of 8 ranks, 12 cards: no 5 (a quint is 15), no 13 or 14, no 23–29.
    assert sorted(sequence_totals()) == [0, 3, 4, 6, 7, 8, 9, 10, 11, 12, 15, 16, 17, 18, 19, 20, 21, 22, 30,
                                         31, 32]
    # Trios (3) and quatorzes (14) of A K Q J 10 in 12 cards.
    assert sorted(set_totals()) == [0, 3, 6, 9, 12, 14, 17, 20, 28, 31, 42]
    assert sorted(point_values("cards")) == [3, 4, 5, 6, 7, 8]
    assert sorted(point_values("pips")) == [2, 3, 4, 5, 6, 7, 8]
    # A carte blanche (no K, Q, J): runs only within 7 8 9 10, sets of aces and tens, suits of 5 at most.
    assert sorted(sequence_totals(True)) == [0, 3, 4, 6, 7, 8, 9, 10, 11, 12]
    assert sorted(set_totals(True)) == [0, 3, 6, 14, 17, 28]
    assert sorted(point_values("cards", True)) == [3, 4, 5]
    assert sorted(point_values("pips", True)) == [2, 3, 4, 5]


# -- the play -------------------------------------------------------------------------------------------
PLAY = [
    # elder, trick winners → play points per seat, tricks won on the opponent's lead
    (0, [0] * 12, (13, 0), 0),                          # capot by the elder: 1 for the lead + 12 × 1
    (0, [1] * 12, (1, 13), 1),                          # capot by the younger: 2 for the first, then 11 × 1
    (1, [0] * 12, (13, 1), 1),
    (0, [0] * 6 + [1] * 6, (7, 7), 1),
    (0, [0, 1] * 6, (1 + 1 + 5 * 2, 6 * 2), 11),        # the lead changes hands at every trick but the first
    (1, [0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0], (12, 8), 7),
    (0, [0] * 9 + [1] * 3, (10, 4), 1),
    (0, [0] * 8 + [1] + [0] * 3, (13, 2), 2),
]


@pytest.mark.parametrize("elder, winners, points, changes", PLAY)
def test_play_points_from_the_winners_of_the_tricks(elder, winners, points, changes):
    play, steps = play_from_tricks(winners, elder)
    assert play == points
    assert sum(play) == 13 + changes                     # 13 + tricks won by the player who did not lead
    assert steps[0] == (elder, 1) and sum(p for _, p in steps) == sum(play)


@pytest.mark.parametrize("tricks, bonus", [
    ((7, 5), (10, 0)), ((5, 7), (0, 10)), ((6, 6), (0, 0)), ((12, 0), (40, 0)), ((0, 12), (0, 40)),
    ((11, 1), (10, 0)),
])
def test_the_cards(tricks, bonus):
    assert cards_bonus(tricks) == bonus


# -- whole deals: elder Anna (seat 0), younger Bruno (seat 1) --------------------------------------------
NO = [False, False]
DEALS = [
    # fields → declarations, play, cards bonus, repique, pique, scores, tricks won
    # The brief's example deal, Anna elder: declarations 22 and 7; play 13 + 6 tricks won on the other's lead.
    (dict(point=[5, 0], sequences=[0, 7], sets=[17, 0], trick_winners=[0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0]),
     (22, 7), (12, 7), (10, 0), None, None, (44, 14), (8, 4)),
    # Repique by the elder: 6, then 22, then 36 at the sets, Bruno with nothing; no pique on top.
    (dict(point=[6, 0], sequences=[16, 0], sets=[14, 0], trick_winners=[0] * 7 + [1] * 5),
     (36, 0), (8, 6), (10, 0), 0, None, (36 + 8 + 10 + 60, 6), (7, 5)),
    # Repique by the younger: Anna scores nothing in declarations; Bruno 5, 20, 34.
    (dict(point=[0, 5], sequences=[0, 15], sets=[0, 14], trick_winners=[0] * 6 + [1] * 6),
     (0, 34), (7, 7), (0, 0), 1, None, (7, 34 + 7 + 60), (6, 6)),
    # Exactly 30 at the sets is a repique.
    (dict(point=[6, 0], sequences=[10, 0], sets=[14, 0], trick_winners=[1] * 12),
     (30, 0), (1, 13), (0, 40), 0, None, (30 + 1 + 60, 13 + 40), (0, 12)),
    # 29 is not: the pique comes on the elder's first lead (30), even though Bruno wins every trick
    # (a capot: 40, and his 13 play points: 2 for the first trick, then 1 for each on his own lead).
    (dict(point=[5, 0], sequences=[7, 0], sets=[17, 0], trick_winners=[1] * 12),
     (29, 0), (1, 13), (0, 40), None, 0, (29 + 1 + 30, 13 + 40), (0, 12)),
    # 28: the lead makes 29, then Bruno wins the first trick: no pique.
    (dict(point=[4, 0], sequences=[7, 0], sets=[17, 0], trick_winners=[1] * 12),
     (28, 0), (1, 13), (0, 40), None, None, (29, 53), (0, 12)),
    # Pique in the play: 20 + 1 for the lead + 9 tricks on her own lead = 30 at the ninth trick.
    (dict(point=[6, 0], sets=[14, 0], trick_winners=[0] * 9 + [1] * 3),
     (20, 0), (10, 4), (10, 0), None, 0, (20 + 10 + 10 + 30, 4), (9, 3)),
    # 29 after eight tricks, then Bruno wins the ninth: no pique, though Anna wins the rest.
    (dict(point=[6, 0], sets=[14, 0], trick_winners=[0] * 8 + [1] + [0] * 3),
     (20, 0), (13, 2), (10, 0), None, None, (43, 2), (11, 1)),
    # Bruno scored a declaration (the point): no pique however far Anna goes.
    (dict(point=[0, 4], sequences=[18, 0], sets=[14, 0], trick_winners=[0] * 12),
     (32, 4), (13, 0), (40, 0), None, None, (32 + 13 + 40, 4), (12, 0)),
    # A capot by the elder: 13 play points and 40 (not 10) for the cards.
    (dict(point=[0, 4], trick_winners=[0] * 12),
     (0, 4), (13, 0), (40, 0), None, None, (53, 4), (12, 0)),
    # A capot with 17 in declarations makes a pique at the last trick: 17 + 1 + 12 = 30.
    (dict(point=[3, 0], sets=[14, 0], trick_winners=[0] * 12),
     (17, 0), (13, 0), (40, 0), None, 0, (17 + 13 + 40 + 30, 0), (12, 0)),
    # Carte blanche blocking a repique: Bruno's 10 is announced before the point, so Anna's 36 is no
    # repique (and no pique either: Bruno has scored).
    (dict(carte_blanche=[False, True], point=[6, 0], sequences=[16, 0], sets=[14, 0],
          trick_winners=[0] * 6 + [1] * 6),
     (36, 10), (7, 7), (0, 0), None, None, (43, 17), (6, 6)),
    # Anna's own carte blanche counts: 10, 15, 19, then 33 at the sets (a quatorze of aces).
    (dict(carte_blanche=[True, False], point=[5, 0], sequences=[4, 0], sets=[14, 0],
          trick_winners=[0] * 6 + [1] * 6),
     (33, 0), (7, 7), (0, 0), 0, None, (33 + 7 + 60, 7), (6, 6)),
    # Anna's carte blanche, point and sets make 32, but Bruno's quint is announced before her sets: no
    # repique. (Anna ♠ 7 8 9 10 A, ♥ 7 10 A, ♦ 7 10 A, ♣ A; Bruno ♣ 7 8 9 10 J, ♠ J K, ♥ 8 J K, ♦ J K.
    # Both cannot hold a carte blanche: only 20 cards have no face.)
    (dict(carte_blanche=[True, False], point=[5, 0], sequences=[0, 15], sets=[17, 0],
          trick_winners=[0] * 6 + [1] * 6),
     (32, 15), (7, 7), (0, 0), None, None, (39, 22), (6, 6)),
    # The younger's repique blocked by the elder's carte blanche.
    (dict(carte_blanche=[True, False], point=[0, 6], sequences=[0, 16], sets=[0, 14],
          trick_winners=[0] * 6 + [1] * 6),
     (10, 36), (7, 7), (0, 0), None, None, (17, 43), (6, 6)),
    # The play as totals: Anna 8 tricks and 12 points (3 won on Bruno's lead), Bruno 4 and 7 (3).
    (dict(point=[5, 0], sequences=[0, 7], sets=[17, 0], play_points=[12, 7], tricks_won=[8, 4]),
     (22, 7), (12, 7), (10, 0), None, None, (44, 14), (8, 4)),
    # As totals, a pique the totals make certain: 10 = 1 + 9 tricks, so Anna never won on Bruno's lead;
    # the lead never came back to her, so her nine tricks came first: 20 + 1 + 9 = 30.
    (dict(point=[6, 0], sets=[14, 0], play_points=[10, 4], tricks_won=[9, 3]),
     (20, 0), (10, 4), (10, 0), None, 0, (70, 4), (9, 3)),
    # As totals, a pique the scorer says was made (possible, not certain).
    (dict(point=[8, 0], sets=[14, 0], play_points=[12, 5], tricks_won=[9, 3], pique=0),
     (22, 0), (12, 5), (10, 0), None, 0, (22 + 12 + 10 + 30, 5), (9, 3)),
    # ... and the same deal without it.
    (dict(point=[8, 0], sets=[14, 0], play_points=[12, 5], tricks_won=[9, 3]),
     (22, 0), (12, 5), (10, 0), None, None, (44, 5), (9, 3)),
    (dict(point=[8, 0], sets=[14, 0], play_points=[12, 5], tricks_won=[9, 3], pique=None),
     (22, 0), (12, 5), (10, 0), None, None, (44, 5), (9, 3)),
    # As totals, a repique is still worked out from the declarations; the capot too.
    (dict(point=[0, 5], sequences=[0, 15], sets=[0, 14], play_points=[1, 13], tricks_won=[0, 12]),
     (0, 34), (1, 13), (0, 40), 1, None, (1, 34 + 13 + 40 + 60), (0, 12)),
]


@pytest.mark.parametrize("fields, declarations, play, bonus, repique, pique, scores, tricks", DEALS)
def test_a_deal(fields, declarations, play, bonus, repique, pique, scores, tricks):
    game = elder_first(**fields)
    deal = game.hand(1)
    assert (deal.dealer, deal.elder, deal.younger) == (1, 0, 1)
    assert deal.result == DealResult(declarations=declarations, play=play, cards_bonus=bonus, repique=repique,
                                     pique=pique, scores=scores, tricks_won=tricks)
    assert deal.scores == scores and deal.totals == scores and game.totals == scores
    assert deal.tricks == tricks and deal.trump is None
    assert game.current_hand == 2 and len(game.hands) == 2 and game.hands[1].result is None
    if deal.record.trick_winners is not None:
        changes = sum(1 for lead, won in zip((0,) + deal.record.trick_winners, deal.record.trick_winners)
                      if lead != won)
        assert sum(play) == 13 + changes


def test_the_same_deal_seen_from_the_other_seat():
    """Anna dealing (Bruno elder): every figure moves to the other seat."""
    for fields, declarations, play, bonus, repique, pique, scores, tricks in DEALS:
        swapped = {}
        for name, value in fields.items():
            if name == "trick_winners":
                swapped[name] = [1 - w for w in value]
            elif name == "pique":
                swapped[name] = None if value is None else 1 - value
            else:
                swapped[name] = value[::-1]
        deal = piquet(first_dealer=0).apply(hand(1, **swapped)).hand(1)
        flip = lambda pair: pair[::-1]  # noqa: E731
        assert deal.result == DealResult(flip(declarations), flip(play), flip(bonus),
                                         None if repique is None else 1 - repique,
                                         None if pique is None else 1 - pique, flip(scores), flip(tricks))


def test_the_brief_example_event():
    """The event as the API sends it (first dealer Anna, so Bruno is elder of deal 1)."""
    game = piquet().apply(hand(1, carte_blanche=[False, False], point=[5, 0], sequences=[0, 7], sets=[17, 0],
                               trick_winners=[0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0]))
    result = game.hand(1).result
    # Bruno leads (1); Anna wins the first on his lead (2) ... play (12, 8) = 13 + 7 changes of hands.
    assert result.play == (12, 8) and result.tricks_won == (8, 4) and result.cards_bonus == (10, 0)
    assert result.scores == (22 + 12 + 10, 7 + 8)


def test_a_point_counted_by_pips():
    game = piquet(first_dealer=1, point_count="pips")
    deal = game.apply(hand(1, point=[5, 0], trick_winners=[0] * 6 + [1] * 6)).hand(1)
    assert deal.result.declarations == (5, 0)
    assert game.apply(hand(1, point=[2, 0], trick_winners=[0] * 6 + [1] * 6)).hand(1).result.declarations == (2, 0)
    with pytest.raises(InvalidInput) as error:
        game.apply(hand(1, point=[1, 0], trick_winners=[0] * 6 + [1] * 6))
    assert error.value.field == "point" and "pips" in str(error.value)
    with pytest.raises(InvalidInput) as error:  # counted by cards a point of 2 cannot be
        piquet().apply(hand(1, point=[2, 0], trick_winners=[0] * 12))
    assert error.value.field == "point"


# -- refusals -------------------------------------------------------------------------------------------
TW = [0] * 6 + [1] * 6
REFUSED = [
    # fields, error class, field
    (dict(point=[5, 4], trick_winners=TW), InvalidInput, "point"),           # only one player scores a class
    (dict(sequences=[3, 4], trick_winners=TW), InvalidInput, "sequences"),
    (dict(sets=[14, 3], trick_winners=TW), InvalidInput, "sets"),
    (dict(point=[2, 0], trick_winners=TW), InvalidInput, "point"),           # a longest suit has 3 to 8 cards
    (dict(point=[9, 0], trick_winners=TW), InvalidInput, "point"),
    (dict(sequences=[5, 0], trick_winners=TW), InvalidInput, "sequences"),   # a quint is 15
    (dict(sequences=[0, 13], trick_winners=TW), InvalidInput, "sequences"),
    (dict(sequences=[0, 33], trick_winners=TW), InvalidInput, "sequences"),
    (dict(sets=[4, 0], trick_winners=TW), InvalidInput, "sets"),
    (dict(sets=[0, 15], trick_winners=TW), InvalidInput, "sets"),
    (dict(sets=[45, 0], trick_winners=TW), InvalidInput, "sets"),
    (dict(point=[-1, 0], trick_winners=TW), InvalidInput, "point"),
    (dict(point=["5", 0], trick_winners=TW), InvalidInput, "point"),
    (dict(point=[5], trick_winners=TW), InvalidInput, "point"),
    # A carte blanche holder (no K, Q, J) cannot have a point of 6, a quint, a quatorze of kings.
    (dict(carte_blanche=[True, False], point=[6, 0], trick_winners=TW), InvalidInput, "point"),
    (dict(carte_blanche=[False, True], sequences=[0, 15], trick_winners=TW), InvalidInput, "sequences"),
    (dict(carte_blanche=[True, False], sets=[42, 0], trick_winners=TW), InvalidInput, "sets"),
    (dict(carte_blanche=[1, 0], trick_winners=TW), InvalidInput, "carte_blanche"),
    (dict(carte_blanche=[True], trick_winners=TW), InvalidInput, "carte_blanche"),
    # The tricks.
    (dict(trick_winners=[0] * 13), TricksSum, "trick_winners"),
    (dict(trick_winners=[0] * 11), TricksSum, "trick_winners"),
    (dict(trick_winners=[0] * 11 + [2]), InvalidInput, "trick_winners"),
    (dict(trick_winners=[0] * 11 + [True]), InvalidInput, "trick_winners"),
    (dict(trick_winners="000000111111"), InvalidInput, "trick_winners"),
    (dict(play_points=[7, 7], tricks_won=[7, 6]), TricksSum, "tricks_won"),
    (dict(play_points=[7, 7], tricks_won=[13, -1]), TricksSum, "tricks_won"),
    (dict(play_points=[7, 7], tricks_won=[6.0, 6]), InvalidInput, "tricks_won"),
    (dict(play_points=[7, 7]), InvalidInput, "tricks_won"),
    (dict(tricks_won=[6, 6]), InvalidInput, "play_points"),
    (dict(point=[5, 0]), InvalidInput, "trick_winners"),                     # no play at all
    (dict(trick_winners=TW, play_points=[7, 7], tricks_won=[6, 6]), InvalidInput, "trick_winners"),
    # Play points that no order of the tricks gives (Anna elder).
    (dict(play_points=[6, 7], tricks_won=[6, 6]), InvalidInput, "play_points"),   # elder: at least 1 + 6
    (dict(play_points=[14, 7], tricks_won=[6, 6]), InvalidInput, "play_points"),  # elder: at most 1 + 12
    (dict(play_points=[7, 6], tricks_won=[6, 6]), InvalidInput, "play_points"),   # younger: his first trick
                                                                                  # was on her lead: 7+
    (dict(play_points=[7, 13], tricks_won=[6, 6]), InvalidInput, "play_points"),
    (dict(play_points=[13, 1], tricks_won=[12, 0]), InvalidInput, "play_points"),
    (dict(play_points=[9, 7], tricks_won=[6, 6]), InvalidInput, "play_points"),   # 2 won on his lead, 1 on hers
    (dict(play_points=[7, 9], tricks_won=[6, 6]), InvalidInput, "play_points"),   # 0 on his lead, 3 on hers
    (dict(play_points=[2, 13], tricks_won=[0, 12]), InvalidInput, "play_points"),
    # Pique as totals.
    (dict(point=[8, 0], sets=[14, 0], play_points=[12, 5], tricks_won=[9, 3], pique=1),
     InvalidInput, "pique"),                                                   # only the elder
    (dict(point=[8, 0], sets=[14, 0], play_points=[12, 5], tricks_won=[9, 3], pique=2), InvalidInput, "pique"),
    (dict(point=[8, 0], sets=[14, 0], play_points=[12, 5], tricks_won=[9, 3], pique=True),
     InvalidInput, "pique"),
    (dict(point=[6, 0], sets=[14, 0], play_points=[12, 5], tricks_won=[9, 3], pique=0),
     InvalidInput, "pique"),                                                   # 20 + 1 + 7 = 28 at most
    (dict(point=[8, 0], sequences=[0, 3], sets=[14, 0], play_points=[12, 5], tricks_won=[9, 3], pique=0),
     InvalidInput, "pique"),                                                   # Bruno scored a tierce
    (dict(carte_blanche=[False, True], point=[8, 0], sets=[14, 0], play_points=[12, 5], tricks_won=[9, 3],
          pique=0), InvalidInput, "pique"),                                    # ... or a carte blanche
    (dict(point=[6, 0], sequences=[16, 0], sets=[14, 0], play_points=[12, 5], tricks_won=[9, 3], pique=0),
     InvalidInput, "pique"),                                                   # a repique: never both
    (dict(trick_winners=TW, pique=0), InvalidInput, "pique"),                  # worked out from the tricks
    (dict(trick_winners=TW, remarks=[0, 0]), InvalidInput, "remarks"),
]


@pytest.mark.parametrize("fields, error, field", REFUSED)
def test_refused(fields, error, field):
    game = piquet(first_dealer=1)
    with pytest.raises(error) as raised:
        game.apply(hand(1, **fields))
    assert raised.value.field == field
    assert not isinstance(raised.value, StateConflict) and str(raised.value)
    assert game.records == ()


@pytest.mark.parametrize("event, error, field", [
    ({"type": "bid", "hand": 1}, InvalidInput, "type"),
    ({"type": "deal", "hand": 1}, InvalidInput, "type"),
    ({"hand": 1}, InvalidInput, "type"),
    ("hand", InvalidInput, "type"),
    ({"type": "end"}, StateConflict, None),
    ({"type": "hand", "hand": 2, "trick_winners": TW}, HandNotCurrent, "hand"),
    ({"type": "hand", "hand": 0, "trick_winners": TW}, InvalidInput, "hand"),
    ({"type": "hand", "hand": "1", "trick_winners": TW}, InvalidInput, "hand"),
    ({"type": "hand", "hand": True, "trick_winners": TW}, InvalidInput, "hand"),
])
def test_refused_events(event, error, field):
    with pytest.raises(error) as raised:
        piquet().apply(event)
    assert raised.value.field == field


def test_the_messages_name_the_rule_and_the_players():
    with pytest.raises(InvalidInput) as error:
        piquet(first_dealer=1).apply(hand(1, point=[5, 4], trick_winners=TW))
    assert str(error.value) == ("Only one player scores for the point, the one who holds the better: here Anna "
                                "has 5 and Bruno 4.")
    assert "%(" in error.value.template and error.value.params["player0"] == "Anna"
    with pytest.raises(InvalidInput) as error:
        piquet(first_dealer=1).apply(hand(1, point=[8, 0], sets=[14, 0], play_points=[12, 5], tricks_won=[9, 3],
                                          pique=1))
    assert "elder" in str(error.value) and "Anna" in str(error.value)
    with pytest.raises(InvalidInput) as error:
        piquet(first_dealer=1).apply(hand(1, play_points=[6, 7], tricks_won=[6, 6]))
    assert str(error.value).startswith("With 6 tricks Anna scores from 7 to 13 play points, not 6")


def test_every_order_of_the_tricks_gives_play_totals_that_are_accepted_and_only_those():
    """The checks of play points entered as totals are exact: (play points, tricks) is accepted if and
    only if some order of the twelve tricks gives it."""
    for elder in (0, 1):
        given = set()
        for winners in itertools.product((0, 1), repeat=12):
            play, _ = play_from_tricks(winners, elder)
            given.add((play, winners.count(0)))
        game = piquet(first_dealer=1 - elder)
        accepted = set()
        for tricks in range(13):
            for first in range(tricks, 2 * tricks + 2):
                for second in range(12 - tricks, 2 * (12 - tricks) + 2):
                    try:
                        game.apply(hand(1, play_points=[first, second], tricks_won=[tricks, 12 - tricks]))
                    except InvalidInput as error:
                        assert error.field == "play_points"
                    else:
                        accepted.add(((first, second), tricks))
        assert accepted == given


# -- the declarations together: two hands of twelve cards from one pack ----------------------------------
def cards(text):
    """"♠ 7 8 9 10 A, ♥ 7 A" → the cards of a hand."""
    hand = set()
    for suit_cards in text.split(", "):
        suit, *ranks = suit_cards.split()
        hand |= {(suit, rank) for rank in ranks}
    return frozenset(hand)


def declared(anna, bruno):
    """A deal's declarations, each player's given as {"point": 8, "sets": 14, "carte_blanche": True, ...}."""
    fields = {"carte_blanche": [anna.get("carte_blanche", False), bruno.get("carte_blanche", False)]}
    for name in ("point", "sequences", "sets"):
        fields[name] = [anna.get(name, 0), bruno.get(name, 0)]
    return fields


def holds(hand, wanted, count):
    """Whether a hand declares what its player scored (worked out without the rules' own helpers)."""
    said = hand_declares(hand, count)
    return (len(hand) == 12 and (said["carte_blanche"] or not wanted.get("carte_blanche"))
            and all(said[name][1] == wanted[name] for name in ("point", "sequences", "sets") if wanted.get(name)))


# What both hands of a deal can declare together, worked out by hand; each deal that can happen with a pair of
# hands that realise it (each scorer holds exactly what they scored; what the other player holds in a class
# they did not score is free): (point count, Anna's declarations, Bruno's, Anna's hand, Bruno's hand).
TOGETHER = [
    # A whole suit, a quatorze of aces and one card more: point 8, huitième 18, quatorze 14 in 12 cards.
    ("cards", dict(point=8, sequences=18, sets=14), {},
     "♠ 7 8 9 10 J Q K A, ♥ 7 A, ♦ A, ♣ A", "♥ 8 9 10 J Q K, ♦ 7 8 9 10 J Q"),
    # Three quatorzes are the whole hand, three cards of every suit: Bruno's five-card point is what is left.
    ("cards", dict(sets=42), dict(point=5),
     "♠ 10 Q A, ♥ 10 Q A, ♦ 10 Q A, ♣ 10 Q A", "♠ 7 8 9 J K, ♥ 7 8 9 J, ♦ 7 8 9"),
    # With one quatorze fewer, Anna's whole suit leaves Bruno trios (but no quatorze, below).
    ("cards", dict(point=8), dict(sets=9),
     "♠ 7 8 9 10 J Q K A, ♥ 7 8, ♦ 7 8", "♥ J Q K, ♦ J Q K, ♣ 7 8 9 J Q K"),
    # No suit over three cards: four tierces, nothing else.
    ("cards", dict(point=3, sequences=12), {},
     "♠ 7 8 9, ♥ 7 8 9, ♦ 7 8 9, ♣ 7 8 9", "♠ 10 J Q K A, ♥ 10 J Q K A, ♦ 10 J"),
    # Counted by pips: 8 9 10 J Q K A count 68, a point of 7; and the same cards are a septième.
    ("pips", dict(point=7, sequences=17), {},
     "♠ 8 9 10 J Q K A, ♥ 7 8, ♦ 7 8, ♣ 7", "♥ 9 10 J Q K A, ♦ 9 10 J Q K A"),
    # Counted by pips a point of 2 is three cards of 24 pips at most in every suit: 7 8 9 four times.
    ("pips", dict(point=2, sequences=12), {},
     "♠ 7 8 9, ♥ 7 8 9, ♦ 7 8 9, ♣ 7 8 9", "♠ 10 J Q K A, ♥ 10 J Q K A, ♦ 10 J"),
    # A carte blanche with the quatorzes of tens and aces; Bruno's faces make four tierces.
    ("cards", dict(carte_blanche=True, sets=28), dict(sequences=12),
     "♠ 7 10 A, ♥ 7 10 A, ♦ 7 10 A, ♣ 7 10 A", "♠ J Q K, ♥ J Q K, ♦ J Q K, ♣ J Q K"),
    # A carte blanche beside a whole suit and a quatorze of aces: Bruno's 12th card is a face.
    ("cards", dict(carte_blanche=True), dict(point=8, sequences=18, sets=14),
     "♥ 7 8 9 10, ♦ 7 8 9 10, ♣ 7 8 9 10", "♠ 7 8 9 10 J Q K A, ♥ K A, ♦ A, ♣ A"),
    # The deal of test_a_deal above with Anna's carte blanche, point, sets and Bruno's quint.
    ("cards", dict(carte_blanche=True, point=5, sets=17), dict(sequences=15),
     "♠ 7 8 9 10 A, ♥ 7 10 A, ♦ 7 10 A, ♣ A", "♣ 7 8 9 10 J, ♠ J K, ♥ 8 J K, ♦ J K"),
]

# Deals no pack gives, with why: (point count, Anna's declarations, Bruno's, the field refused, the message).
APART = [
    # The deal: a whole suit and three quatorzes need 8 + 3 × 3 cards.
    ("cards", dict(point=8, sequences=18, sets=42), {}, "sets",
     "Anna cannot hold point 8, sequences worth 18 and sets worth 42 (quatorze + quatorze + quatorze): that takes "
     "at least 17 cards, and a hand has 12."),
    # Only 20 cards are not kings, queens or jacks: two hands of carte blanche would need 24.
    ("cards", dict(carte_blanche=True), dict(carte_blanche=True), "carte_blanche",
     "Both players cannot hold a carte blanche: only 20 cards are not kings, queens or jacks."),
    # Anna's whole suit holds one card of every rank: no quatorze is left for Bruno.
    ("cards", dict(point=8), dict(sets=14), "sets",
     "One pack of 32 cards cannot deal both hands: Anna with point 8, Bruno with sets worth 14 (quatorze)."),
    # Anna's three quatorzes take three cards of every suit: five are left in each, no point of 6 for Bruno.
    ("cards", dict(sets=42), dict(point=6), "sets",
     "One pack of 32 cards cannot deal both hands: Anna with sets worth 42 (quatorze + quatorze + quatorze), "
     "Bruno with point 6."),
    # A carte blanche's quatorzes of tens and aces cut every suit after the 9 and before the ace: Bruno's
    # longest sequence is 7 8 9 or J Q K.
    ("cards", dict(carte_blanche=True, sets=28), dict(sequences=16), "sets",
     "One pack of 32 cards cannot deal both hands: Anna with a carte blanche and sets worth 28 (quatorze + "
     "quatorze), Bruno with sequences worth 16."),
]


# Deals only sinking explains (#34: refused before, but one): a player may declare less than the hand holds, "calling
# 51 for his point when he really has 61; calling a quinte when he has a sixième, or a trio when he has a quatorze …
# the part sunk is lost" (Foster). (Point count, Anna's declarations, Bruno's, Anna's hand, Bruno's hand, the deal's
# scores with the play of TW: Anna, the elder, 7, Bruno 7.)
SUNK = [
    # The deal: Bruno holds a sixième and a tierce (19) and calls a point of 4 (of his six spades).
    ("cards", {}, dict(point=4, sequences=19),
     "♠ K A, ♥ J Q K A, ♦ 10 J Q K, ♣ 9 J", "♠ 7 8 9 10 J Q, ♥ 7 8 9, ♦ 7 9, ♣ 7", (7, 23 + 7)),
    # A quinte called from a sixième, beside the point of six (a plain quint and a card more call the same, so
    # this one was accepted before too).
    ("cards", dict(point=6, sequences=15), {},
     "♥ 9 10 J Q K A, ♠ 7 9, ♦ 7 9, ♣ 7 9", "♠ 8 10 J Q, ♦ 8 10 J Q, ♣ 8 10 J Q", (21 + 7, 7)),
    # A quinte called from the whole suit: 23 and the first seven play points make Anna's pique.
    ("cards", dict(point=8, sequences=15), {},
     "♠ 7 8 9 10 J Q K A, ♥ 7, ♦ 7, ♣ 7 8", "♥ 8 9 10 J Q K, ♦ 8 9 10 J Q K", (23 + 7 + 30, 7)),
    # A trio called from a quatorze: Bruno's 7 8 9 in every suit (a point of 24 pips) leave Anna the twenty cards
    # from the ten up, and twelve of those hold a quatorze (or another trio) beside any trio.
    ("pips", dict(sets=3), dict(point=2),
     "♠ 10 J Q K A, ♥ 10 J Q K A, ♦ A, ♣ A", "♠ 7 8 9, ♥ 7 8 9, ♦ 7 8 9, ♣ 7 8 9", (3 + 7, 2 + 7)),
    # A point of 3 called from the quint's five spades.
    ("cards", dict(point=3, sequences=15), {},
     "♠ 7 8 9 10 J, ♥ 7 9, ♦ 7 9, ♣ 7 9 K", "♠ Q K A, ♥ 8 10 J Q, ♦ 8 10 J Q, ♣ 8", (18 + 7, 7)),
    # Three quatorzes in a row are four tierces: Bruno calls one of them (and repiques).
    ("cards", {}, dict(sequences=3, sets=42),
     "♠ 7 8 9 K A, ♥ 7 8 9 K A, ♦ 7 8", "♠ 10 J Q, ♥ 10 J Q, ♦ 10 J Q, ♣ 10 J Q", (7, 45 + 60 + 7)),
    # By pips, a point of 2 called from three of four spades (7 8 9, 24 pips; with the ace 35).
    ("pips", dict(point=2, sets=3), {},
     "♠ 7 8 9 A, ♥ 7 8 9 A, ♦ 7 8 A, ♣ 7", "♠ 10 J Q K, ♥ 10 J Q K, ♦ 10 J Q K", (5 + 7, 7)),
]


@pytest.mark.parametrize("count, anna, bruno, anna_hand, bruno_hand, scores", SUNK)
def test_a_player_may_declare_less_than_the_hand_holds(count, anna, bruno, anna_hand, bruno_hand, scores):
    hands = cards(anna_hand), cards(bruno_hand)
    assert len(hands[0]) == len(hands[1]) == 12 and not hands[0] & hands[1]
    for held, wanted in zip(hands, (anna, bruno)):
        assert all(value in declarable(held, count)[name] for name, value in wanted.items())
    assert not (holds(hands[0], anna, count) and holds(hands[1], bruno, count))     # a part is sunk
    game = piquet(first_dealer=1, point_count=count).apply(hand(1, **declared(anna, bruno), trick_winners=TW))
    result = game.hand(1).result
    assert result.declarations == (sum(anna.values()), sum(bruno.values())) and result.play == (7, 7)
    assert result.scores == scores and game.totals == scores
    assert fits(count, (Holding(**_holding(anna)), Holding(**_holding(bruno))))


def test_what_one_player_declares_always_fits_a_hand_big_enough():
    """Why refusing one player's declarations can always say how many cards they take: each class a value it can
    score, all of them fit the whole pack (the 20 cards without a face, for a carte blanche)."""
    for count in ("cards", "pips"):
        for blank in (False, True):
            for point, sequences, sets in itertools.product({0} | point_values(count, blank), sequence_totals(blank),
                                                            set_totals(blank)):
                assert deal_for(count, [Holding(blank, point, sequences, sets)], 20 if blank else 32) is not None


@pytest.mark.parametrize("count, anna, bruno, anna_hand, bruno_hand", TOGETHER)
def test_declarations_two_hands_can_hold_together(count, anna, bruno, anna_hand, bruno_hand):
    hands = cards(anna_hand), cards(bruno_hand)
    assert not hands[0] & hands[1] and holds(hands[0], anna, count) and holds(hands[1], bruno, count)
    game = piquet(first_dealer=1, point_count=count).apply(hand(1, **declared(anna, bruno), trick_winners=TW))
    assert game.hand(1).record.point == (anna.get("point", 0), bruno.get("point", 0))
    assert fits(count, (Holding(**_holding(anna)), Holding(**_holding(bruno))))


def _holding(declarations):
    return {("blank" if name == "carte_blanche" else name): value for name, value in declarations.items()}


@pytest.mark.parametrize("count, anna, bruno, field, text", APART)
def test_declarations_no_pack_deals_are_refused(count, anna, bruno, field, text):
    game = piquet(first_dealer=1, point_count=count)
    with pytest.raises(InvalidInput) as error:
        game.apply(hand(1, **declared(anna, bruno), trick_winners=TW))
    assert (error.value.field, str(error.value)) == (field, text)
    assert not isinstance(error.value, StateConflict) and error.value.code == "invalid_input" and game.records == ()
    assert deal_for(count, (Holding(**_holding(anna)), Holding(**_holding(bruno)))) is None


def test_a_correction_is_checked_with_the_declarations_it_lands_in():
    """A field corrected alone is checked with the other player's declarations already recorded."""
    game = elder_first(point=[8, 0], trick_winners=TW)
    with pytest.raises(InvalidInput) as error:
        game.apply(hand(1, sets=[0, 14]))
    assert error.value.field == "sets" and "Bruno with sets worth 14 (quatorze)" in str(error.value)
    assert game.apply(hand(1, sets=[0, 9])).hand(1).scores == (8 + 7, 9 + 7)
    with pytest.raises(InvalidInput) as error:
        elder_first(carte_blanche=[True, False], trick_winners=TW).apply(hand(1, carte_blanche=[True, True]))
    assert error.value.field == "carte_blanche"


def test_a_sets_score_is_one_count_of_quatorzes_and_trios():
    """What the search relies on: from the score alone, the quatorzes and trios to find."""
    ways = {}
    for quatorzes in range(4):
        for trios in range(5):
            if 4 * quatorzes + 3 * trios <= 12:
                ways.setdefault(14 * quatorzes + 3 * trios, []).append((quatorzes, trios))
    assert sorted(ways) == sorted(set_totals()) and all(len(way) == 1 for way in ways.values())
    assert [set_names(points) for points in (3, 17, 42)] == [
        "trio", "quatorze + trio", "quatorze + quatorze + quatorze"]


def test_the_value_of_a_point_only_grows_with_its_cards_and_pips():
    """What the search relies on: a hand's point (its best suit by cards, then pips) has the greatest value of
    its suits, by either count."""
    keys = sorted((len(chosen), sum(PIPS[r] for r in chosen)) for n in range(len(RANKS) + 1)
                  for chosen in itertools.combinations(RANKS, n))
    for count in ("cards", "pips"):
        values = [cards if count == "cards" else int(pips / 10 + 0.5) for cards, pips in keys]
        assert values == sorted(values)


# -- corrections ----------------------------------------------------------------------------------------
def test_a_correction_replaces_the_fields_given_and_keeps_the_others():
    game = elder_first(point=[5, 0], sequences=[0, 7], sets=[17, 0], trick_winners=TW)
    assert game.hand(1).scores == (22 + 7, 7 + 7)
    corrected = game.apply(hand(1, point=[0, 6]))
    assert corrected.hand(1).record == DealRecord(point=(0, 6), sequences=(0, 7), sets=(17, 0),
                                                  trick_winners=tuple(TW))
    assert corrected.hand(1).scores == (17 + 7, 13 + 7) and corrected.totals == (24, 20)
    assert game.hand(1).scores == (29, 14)                             # the old game is untouched
    # Switching the play to totals drops the trick order, and back.
    totals = corrected.apply(hand(1, play_points=[8, 7], tricks_won=[6, 6]))
    assert totals.hand(1).record.trick_winners is None and totals.hand(1).result.play == (8, 7)
    back = totals.apply(hand(1, trick_winners=TW))
    assert back.hand(1).record == corrected.hand(1).record
    # A recorded pique stays with the record: a correction of the totals it no longer fits is refused
    # until the pique is withdrawn (null).
    piqued = elder_first(point=[8, 0], sets=[14, 0], play_points=[12, 5], tricks_won=[9, 3], pique=0)
    assert piqued.hand(1).result.pique == 0
    with pytest.raises(InvalidInput) as error:
        piqued.apply(hand(1, play_points=[13, 6], tricks_won=[9, 3]))   # 22 + 1 + 6 at most: 29
    assert error.value.field == "pique"
    withdrawn = piqued.apply(hand(1, play_points=[13, 6], tricks_won=[9, 3], pique=None))
    assert withdrawn.hand(1).result.pique is None and withdrawn.hand(1).scores == (22 + 13 + 10, 6)
    # A field given alone is checked with the record it lands in: a carte blanche has no point of 6.
    six = elder_first(point=[6, 0], trick_winners=TW)
    with pytest.raises(InvalidInput) as error:
        six.apply(hand(1, carte_blanche=[True, False]))
    assert error.value.field == "point" and "carte blanche" in str(error.value)
    assert six.apply(hand(1, carte_blanche=[True, False], point=[5, 0])).hand(1).scores == (10 + 5 + 7, 7)
    with pytest.raises(InvalidInput) as error:
        game.apply(hand(1, play_points=[8, 7]))
    assert error.value.field == "tricks_won"


# -- the partie -----------------------------------------------------------------------------------------
def deal_fields(kind, elder):
    """Fields of a deal described from the elder's side, for the game's seats."""
    younger = 1 - elder

    def seats(e, y):
        pair = [0, 0]
        pair[elder], pair[younger] = e, y
        return pair

    if kind == "Q":   # elder 5 + 7 = 12, younger 4 + 7 = 11
        return dict(point=seats(5, 0), sequences=seats(0, 4), sets=[0, 0], play_points=seats(7, 7),
                    tricks_won=[6, 6])
    if kind == "R":   # elder repique: 36 + 9 + 10 + 60 = 115, younger 5
        return dict(point=seats(6, 0), sequences=seats(16, 0), sets=seats(14, 0), play_points=seats(9, 5),
                    tricks_won=seats(8, 4))
    if kind == "Y":   # younger repique: 36 + 8 + 10 + 60 = 114, elder 7
        return dict(point=seats(0, 7), sequences=seats(0, 15), sets=seats(0, 14), play_points=seats(7, 8),
                    tricks_won=seats(5, 7))
    raise AssertionError(kind)


def play(game, kinds, start=1):
    for number, kind in enumerate(kinds, start=start):
        game = game.apply(hand(number, **deal_fields(kind, game.elder(number))))
    return game


def test_the_deal_kinds_used_below():
    for kind, elder_score, younger_score in (("Q", 12, 11), ("R", 115, 5), ("Y", 7, 114)):
        for first_dealer in (0, 1):
            game = play(piquet(first_dealer), [kind])
            elder = game.elder(1)
            assert game.hand(1).scores[elder] == elder_score and game.hand(1).scores[1 - elder] == younger_score


def test_a_rubicon():
    """Bruno (elder of deals 1, 3, 5) repiques in deal 1; Anna ends on 63, under 100: rubiconed."""
    game = play(piquet(), ["R", "Q", "Q", "Q", "Q", "Q"])
    assert [h.scores for h in game.hands] == [(5, 115), (12, 11), (11, 12), (12, 11), (11, 12), (12, 11)]
    assert [h.totals for h in game.hands] == [(5, 115), (17, 126), (28, 138), (40, 149), (51, 161), (63, 172)]
    assert game.finished and game.current_hand is None and game.planned_hands == 6 and len(game.hands) == 6
    assert game.partie == Partie(winner=1, value=100 + 63 + 172, rubicon=True, draw=False)
    assert [(p.seat, p.place, p.total) for p in game.standings] == [(1, 1, 172), (0, 2, 63)]


def test_a_partie_without_rubicon():
    game = play(piquet(), ["R", "R", "Y", "Q", "Q", "Q"])
    assert [h.scores for h in game.hands] == [(5, 115), (115, 5), (114, 7), (12, 11), (11, 12), (12, 11)]
    assert game.totals == (269, 161)
    assert game.partie == Partie(winner=0, value=100 + 269 - 161, rubicon=False, draw=False)


def test_the_partie_is_not_decided_before_its_end():
    game = play(piquet(), ["R", "R", "Y", "Q", "Q"])
    assert not game.finished and game.partie is None and game.current_hand == 6


@pytest.mark.parametrize("totals, partie", [
    ((150, 100), Partie(0, 150, False, False)),    # the loser on exactly 100 is not rubiconed
    ((150, 99), Partie(0, 349, True, False)),
    ((99, 150), Partie(1, 349, True, False)),
    ((40, 30), Partie(0, 170, True, False)),
    ((120, 120), Partie(None, None, False, True)),
])
def test_partie_value(totals, partie):
    assert partie_value(totals) == partie


def test_a_seventh_deal_without_a_tie_is_refused():
    game = play(piquet(), ["R", "Q", "Q", "Q", "Q", "Q"])
    with pytest.raises(StateConflict) as error:
        game.apply(hand(7, **deal_fields("Q", 1)))
    assert error.value.field == "hand" and isinstance(error.value, StateConflict) and "over" in str(error.value)
    # Corrections of the deals played are still possible.
    assert game.apply(hand(6, point=[0, 4])).hand(6).scores == (7, 4 + 4 + 7)


def test_the_tie_is_played_off_with_two_more_deals():
    game = play(piquet(), ["Q"] * 6)
    assert game.totals == (69, 69)
    assert not game.finished and game.planned_hands == 8 and game.current_hand == 7 and game.partie is None
    assert game.hands[-1].number == 7 and game.hands[-1].dealer == 0 and game.hands[-1].elder == 1
    with pytest.raises(HandNotCurrent):
        game.apply(hand(8, **deal_fields("Q", 0)))
    game = play(game, ["R", "Q"], start=7)
    assert [h.scores for h in game.hands[6:]] == [(5, 115), (12, 11)]
    assert game.finished and game.totals == (86, 195) and len(game.hands) == 8
    # The value on the eight-deal totals: Anna under 100, a rubicon.
    assert game.partie == Partie(winner=1, value=100 + 86 + 195, rubicon=True, draw=False)
    with pytest.raises(StateConflict) as error:
        game.apply(hand(9, **deal_fields("Q", 1)))
    assert error.value.field == "hand" and "8 deals" in str(error.value)


def test_a_tie_after_the_play_off_is_a_draw():
    game = play(piquet(), ["Q"] * 8)
    assert game.finished and game.totals == (92, 92)
    assert game.partie == Partie(winner=None, value=None, rubicon=False, draw=True)
    assert [(p.seat, p.place) for p in game.standings] == [(0, 1), (1, 1)]


def test_with_the_draw_option_a_tie_is_a_draw_at_once():
    game = play(piquet(tie="draw"), ["Q"] * 6)
    assert game.finished and game.planned_hands == 6 and game.partie.draw and game.partie.winner is None
    with pytest.raises(StateConflict):
        game.apply(hand(7, **deal_fields("Q", 1)))


def test_corrections_around_the_play_off():
    tied = play(piquet(), ["Q"] * 8)
    # Breaking the six-deal tie would leave deals 7 and 8 after the end: refused.
    with pytest.raises(StateConflict) as error:
        tied.apply(hand(1, point=[0, 0]))
    assert error.value.field == "hand" and str(error.value) == (   # advice that works (#18): only Undo can help
        "With this correction the six deals are no longer a tie, so there is no play-off, yet deals 7 to 8 are "
        "recorded: undo until they are gone (Undo takes back the latest change first), then make this correction "
        "again.")
    with pytest.raises(StateConflict) as error:
        play(piquet(), ["Q"] * 7).apply(hand(1, point=[0, 0]))
    assert str(error.value) == ("With this correction the six deals are no longer a tie, so there is no play-off, "
                                "yet deal 7 is recorded: undo it first (Undo takes back the latest change first), "
                                "then make this correction again.")
    # A correction within the play-off is fine.
    # Anna 69 + 11 + 115 = 195, Bruno 69 + 12 + 5 = 86: a rubicon.
    assert tied.apply(hand(8, **deal_fields("R", 0))).partie == Partie(0, 100 + 195 + 86, True, False)
    # A correction that makes the six deals a tie reopens the partie for the play-off.
    decided = play(piquet(), ["Q"] * 5 + ["R"])
    assert decided.finished and decided.totals == (57 + 115, 58 + 5)
    reopened = decided.apply(hand(6, **deal_fields("Q", 0)))
    assert not reopened.finished and reopened.current_hand == 7 and reopened.planned_hands == 8


def test_standings_follow_the_totals():
    game = play(piquet(), ["R"])
    assert [(p.seat, p.place, p.total) for p in game.standings] == [(1, 1, 115), (0, 2, 5)]


def test_errors_are_rule_errors():
    assert issubclass(TricksSum, RuleError) and issubclass(HandNotCurrent, StateConflict)
