"""Solo Whist through the pure rules: known deals as tables, every number worked out by hand from the
rules (system 1: points with over- and under-tricks; system 2: stakes from each opponent)."""
from __future__ import annotations

import pytest

from scorekeeper.rules import VARIANTS
from scorekeeper.rules.base import (
    HandNotCurrent, InvalidInput, InvalidOption, Place, RuleError, StateConflict, TricksSum, recorded_options,
    resolve_options,
)
from scorekeeper.rules.solo import (
    CONTRACTS, PASS, SOLO_WHIST, Contract, Deal, DealRecord, DealResult, InvalidContract, Payment, SoloGame,
    money, settle,
)

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
TURNED = {"proposal", "solo", "abondance-trump"}


def new(first_dealer=0, **options):
    return SOLO_WHIST.new_game(list(PLAYERS), first_dealer, options)


def deal(contract, declarer=0, tricks=None, partner=None, trump=None):
    """A hand event's fields: the turned card is hearts, the declarer's choice spades."""
    if contract == PASS:
        return {"contract": PASS}
    fields = {"contract": contract, "declarer": declarer, "tricks": tricks}
    if CONTRACTS[contract].partner:
        fields["partner"] = 2 if partner is None else partner
    if CONTRACTS[contract].trump != "none":
        fields["trump"] = trump or ("H" if contract in TURNED else "S")
    return fields


def play(game, deals):
    for fields in deals:
        game = game.apply({"type": "hand", "hand": game.current_hand, **fields})
    return game


# -- the source's two examples ------------------------------------------------------------------------
def test_example_one_solo_made_with_seven_tricks():
    game = play(new(), [deal("solo", declarer=1, tricks=7)])
    hand = game.hand(1)
    assert hand.result == DealResult(made=True, difference=2, scores=(-6, 18, -6, -6))   # 12 + 2×3; −4 − 2×1
    assert game.totals == (-6, 18, -6, -6)
    stakes = play(new(system=2), [deal("solo", declarer=1, tricks=7)])
    assert stakes.hand(1).result == DealResult(made=True, difference=2, scores=(-1, 3, -1, -1))


def test_example_two_abondance_two_short():
    game = play(new(), [deal("abondance", declarer=2, tricks=7)])
    assert game.hand(1).result == DealResult(made=False, difference=-2, scores=(16, 16, -48, 16))  # −36 − 2×6; 12 + 2×2
    stakes = play(new(system=2), [deal("abondance", declarer=2, tricks=7)])
    assert stakes.hand(1).scores == (3, 3, -9, 3)


# -- every contract, made and failed, with over- and under-tricks, in both systems -------------------
# contract, tricks | made, difference, system 1 (each taker, each opponent), system 2 (each taker, each opponent)
TABLE = [
    ("proposal", 8, True, 0, (4, -4), (1, -1)),
    ("proposal", 10, True, 2, (6, -6), (1, -1)),           # 4 + 2×1 each partner
    ("proposal", 13, True, 5, (9, -9), (1, -1)),
    ("proposal", 7, False, -1, (-5, 5), (-1, 1)),          # −4 − 1 (the first trick short counts)
    ("proposal", 5, False, -3, (-7, 7), (-1, 1)),
    ("solo", 5, True, 0, (12, -4), (3, -1)),
    ("solo", 7, True, 2, (18, -6), (3, -1)),
    ("solo", 13, True, 8, (36, -12), (3, -1)),             # 12 + 8×3; 4 + 8×1
    ("solo", 4, False, -1, (-15, 5), (-3, 1)),
    ("solo", 0, False, -5, (-27, 9), (-3, 1)),             # 12 + 5×3; 4 + 5×1
    ("misere", 0, True, 0, (24, -8), (6, -2)),
    ("misere", 1, False, -1, (-24, 8), (-6, 2)),
    ("misere", 5, False, -5, (-24, 8), (-6, 2)),           # no under-tricks in misère
    ("abondance", 9, True, 0, (36, -12), (9, -3)),
    ("abondance", 11, True, 2, (48, -16), (9, -3)),
    ("abondance", 8, False, -1, (-42, 14), (-9, 3)),
    ("abondance", 7, False, -2, (-48, 16), (-9, 3)),
    ("abondance-trump", 10, True, 1, (42, -14), (9, -3)),
    ("abondance-trump", 9, True, 0, (36, -12), (9, -3)),
    ("abondance-trump", 6, False, -3, (-54, 18), (-9, 3)),  # 36 + 3×6; 12 + 3×2
    ("misere-ouverte", 0, True, 0, (48, -16), (12, -4)),
    ("misere-ouverte", 2, False, -2, (-48, 16), (-12, 4)),
    ("abondance-declaree", 13, True, 0, (72, -24), (18, -6)),
    ("abondance-declaree", 12, False, -1, (-72, 24), (-18, 6)),
    ("abondance-declaree", 0, False, -13, (-72, 24), (-18, 6)),
]


@pytest.mark.parametrize("contract, tricks, made, difference, points, stakes", TABLE)
@pytest.mark.parametrize("declarer", [0, 3])
def test_every_contract_in_both_systems(contract, tricks, made, difference, points, stakes, declarer):
    partner = (declarer + 2) % 4
    takers = {declarer, partner} if contract == "proposal" else {declarer}
    for system, (taker, opponent) in ((1, points), (2, stakes)):
        game = play(new(system=system), [deal(contract, declarer, tricks, partner=partner)])
        expected = tuple(taker if seat in takers else opponent for seat in range(4))
        assert game.hand(1).result == DealResult(made=made, difference=difference, scores=expected)
        assert sum(expected) == 0
        assert game.totals == expected


def test_the_table_covers_every_contract_made_and_failed():
    assert {(c, m) for c, _, m, *_ in TABLE} == {(c, m) for c in CONTRACTS for m in (True, False)}


def test_contracts_in_rank_order_with_their_columns():
    assert list(CONTRACTS) == ["proposal", "solo", "misere", "abondance", "abondance-trump", "misere-ouverte",
                               "abondance-declaree"]
    assert CONTRACTS["proposal"] == Contract("proposal", "Proposal and acceptance", 8, "turned", (4, 4, 1, 1), 1,
                                             partner=True, misere=False)
    assert [c.trump for c in CONTRACTS.values()] == ["turned", "turned", "none", "choice", "turned", "none", "none"]
    assert [c.target for c in CONTRACTS.values()] == [8, 5, 0, 9, 9, 0, 13]
    assert [c.misere for c in CONTRACTS.values()] == [False, False, True, False, False, True, False]
    for c in CONTRACTS.values():                                   # points are four times the stakes
        takers = 2 if c.partner else 1
        assert c.points[0] == 4 * c.stakes * (4 - takers) // takers and c.points[1] == 4 * c.stakes


def test_a_proposal_scores_both_partners_wherever_they_sit():
    game = play(new(), [deal("proposal", declarer=3, partner=0, tricks=9)])
    assert game.hand(1).scores == (5, -5, -5, 5)
    game = play(new(system=2), [deal("proposal", declarer=1, partner=2, tricks=3)])
    assert game.hand(1).scores == (1, -1, -1, 1)


# -- passes, dealers, the end ----------------------------------------------------------------------
def test_a_pass_scores_nothing_and_the_deal_moves_on():
    game = play(new(first_dealer=2), [deal(PASS), deal("solo", 1, 6), deal(PASS)])
    assert [h.dealer for h in game.hands] == [2, 3, 0, 1]
    assert game.current_hand == 4 and game.hand(4).result is None and game.hand(4).totals is None
    first = game.hand(1)
    assert first.record == DealRecord(contract=PASS)
    assert first.result == DealResult(made=None, difference=0, scores=(0, 0, 0, 0))
    assert first.totals == (0, 0, 0, 0) and not first.counted
    assert game.hand(2).counted and game.hand(2).totals == (-5, 15, -5, -5)
    assert game.hand(3).totals == (-5, 15, -5, -5) and game.counted_hands == 1
    assert not game.finished and game.planned_hands is None


def test_a_fixed_number_of_deals_not_counting_passes():
    game = new(first_dealer=1, deals=2)
    assert game.planned_hands == 2
    game = play(game, [deal(PASS), deal("solo", 0, 5), deal(PASS)])
    assert not game.finished and game.current_hand == 4 and game.counted_hands == 1
    game = play(game, [deal("misere", 2, 0)])
    assert game.finished and game.current_hand is None
    assert [h.number for h in game.hands] == [1, 2, 3, 4]        # more hands than planned: two were passed
    assert [h.dealer for h in game.hands] == [1, 2, 3, 0]
    assert game.totals == (12 - 8, -4 - 8, -4 + 24, -4 - 8)
    with pytest.raises(StateConflict) as error:
        game.apply({"type": "hand", "hand": 5, **deal("solo", 0, 5)})
    assert error.value.field == "hand" and "2 deals" in str(error.value)
    with pytest.raises(StateConflict):
        game.apply({"type": "end"})
    corrected = game.apply({"type": "hand", "hand": 4, "tricks": 1})   # a correction is still possible
    assert corrected.finished and corrected.hand(4).scores == (8, 8, -24, 8)


def test_ending_the_game():
    game = new()
    with pytest.raises(StateConflict):
        game.apply({"type": "end"})                                  # nothing recorded yet
    game = play(game, [deal(PASS)])
    ended = game.apply({"type": "end"})
    assert ended.finished and ended.ended and ended.current_hand is None
    assert [h.number for h in ended.hands] == [1]                    # no deal in progress any more
    assert not game.finished and len(game.hands) == 2                # the old game is untouched
    with pytest.raises(StateConflict) as error:
        ended.apply({"type": "end"})
    assert "already been ended" in str(error.value)
    with pytest.raises(StateConflict) as error:
        ended.apply({"type": "hand", "hand": 2, **deal("solo", 0, 5)})
    assert error.value.field == "hand"
    corrected = ended.apply({"type": "hand", "hand": 1, **deal("solo", 0, 4)})
    assert corrected.finished and corrected.totals == (-15, 5, 5, 5)
    with pytest.raises(InvalidInput) as error:
        game.apply({"type": "end", "hand": 1})
    assert error.value.field == "hand"


def test_players_may_stop_before_the_fixed_number_of_deals():
    game = play(new(deals=5), [deal("solo", 0, 5)]).apply({"type": "end"})
    assert game.finished and game.planned_hands == 5 and len(game.hands) == 1


# -- corrections -----------------------------------------------------------------------------------
def test_a_correction_merges_with_the_record_and_recomputes_what_follows():
    game = play(new(), [deal("solo", 0, 5), deal("abondance", 1, 9)])
    assert game.totals == (12 - 12, -4 + 36, -4 - 12, -4 - 12)
    game = game.apply({"type": "hand", "hand": 1, "tricks": 4})
    assert game.hand(1).record == DealRecord("solo", 0, None, "H", 4)
    assert game.hand(1).totals == (-15, 5, 5, 5) and game.totals == (-27, 41, -7, -7)
    # A proposal becomes a solo: the recorded partner has no place in it and is dropped.
    game = play(new(), [deal("proposal", 0, 8, partner=2)])
    game = game.apply({"type": "hand", "hand": 1, "contract": "solo"})
    assert game.hand(1).record == DealRecord("solo", 0, None, "H", 8) and game.totals == (21, -7, -7, -7)
    # A misère becomes a pass: everything else is dropped; and back, giving what a misère needs.
    game = play(new(), [deal("abondance", 3, 10)]).apply({"type": "hand", "hand": 1, "contract": PASS})
    assert game.hand(1).record == DealRecord(PASS) and game.totals == (0, 0, 0, 0)
    game = game.apply({"type": "hand", "hand": 1, "contract": "misere", "declarer": 1, "tricks": 0})
    assert game.totals == (-8, 24, -8, -8)
    # null clears a field; the merged record is then checked whole.
    with pytest.raises(InvalidInput) as error:
        game.apply({"type": "hand", "hand": 1, "declarer": None})
    assert error.value.field == "declarer"


def test_a_value_given_is_never_dropped():
    game = play(new(), [deal("proposal", 0, 8, partner=2)])
    with pytest.raises(InvalidInput) as error:
        game.apply({"type": "hand", "hand": 1, "contract": "solo", "partner": 2})
    assert error.value.field == "partner"


def test_a_correction_that_ends_the_game_before_a_recorded_deal_is_refused():
    game = play(new(deals=2), [deal(PASS), deal("solo", 0, 5), deal("solo", 1, 5)])
    assert game.finished
    with pytest.raises(StateConflict) as error:
        game.apply({"type": "hand", "hand": 1, **deal("misere", 2, 0)})   # 2 deals played by deal 2
    assert error.value.field == "hand" and error.value.params["number"] == 3
    assert str(error.value) == ("With this correction the game's 2 deals are all played by deal 2, yet deal 3 is "
                                "recorded after them: undo it first (Undo takes back the latest change first), then "
                                "make this correction again.")
    reopened = game.apply({"type": "hand", "hand": 2, "contract": PASS})
    assert not reopened.finished and reopened.current_hand == 4 and reopened.counted_hands == 1
    reopened = play(reopened, [deal("solo", 2, 5)])
    assert reopened.finished


# -- money and settling up --------------------------------------------------------------------------
def test_money_totals_in_stakes():
    game = play(new(system=2, stake="0.10"), [deal("solo", 0, 5)])
    assert game.money_totals == ("0.30", "-0.10", "-0.10", "-0.10")
    game = play(game, [deal("misere", 1, 1)])                        # seat 1 pays 2 stakes to each
    assert game.totals == (5, -7, 1, 1)
    assert game.money_totals == ("0.50", "-0.70", "0.10", "0.10")
    game = play(new(system=2, stake="0.1"), [deal("solo", 0, 4)])
    assert game.money_totals == ("-0.30", "0.10", "0.10", "0.10")


def test_money_totals_in_points_and_without_a_stake():
    game = play(new(stake="0.10"), [deal("solo", 0, 7)])
    assert game.money_totals == ("1.80", "-0.60", "-0.60", "-0.60")
    assert play(new(), [deal("solo", 0, 7)]).money_totals is None
    assert new(stake="2.50").money_totals == ("0.00",) * 4
    assert money(-3, "0.00") == "0.00" and money(7, "1.25") == "8.75"


@pytest.mark.parametrize("totals, payments", [
    ([0, 0, 0, 0], []),
    ([9, -3, -3, -3], [(1, 0, 3), (2, 0, 3), (3, 0, 3)]),
    ([5, 5, -5, -5], [(2, 0, 5), (3, 1, 5)]),
    ([6, -2, -1, -3], [(1, 0, 2), (2, 0, 1), (3, 0, 3)]),
    ([4, -4, 7, -7], [(1, 0, 4), (3, 2, 7)]),
    ([4, 7, -7, -4], [(2, 1, 7), (3, 0, 4)]),    # in seat order, seat 2 would pay seat 0 first: 3 payments
    ([-18, 6, 6, 6], [(0, 1, 6), (0, 2, 6), (0, 3, 6)]),
    ([10, -3, -5, -2], [(1, 0, 3), (2, 0, 5), (3, 0, 2)]),
    ([5, -2, 0, -3], [(1, 0, 2), (3, 0, 3)]),
    ([3, 1, -2, -2], [(2, 0, 2), (3, 0, 1), (3, 1, 1)]),
    # Any number of players: biggest debt to biggest credit first (seat 0 pays seat 1, seat 5 seat 4, ...)
    # would take 5 payments here;
    # the groups {0, 2, 3, 4} and {1, 5} each add up to zero: 6 − 2 = 4.
    ([-9, 7, -2, 5, 6, -7], [(0, 3, 3), (0, 4, 6), (2, 3, 2), (5, 1, 7)]),
])
def test_settlement(totals, payments):
    assert settle(totals) == [Payment(*p) for p in payments]


def test_settlement_of_a_game():
    game = play(new(system=2, stake="0.50"), [deal("solo", 0, 5), deal("solo", 0, 6), deal("solo", 0, 3)])
    assert game.totals == (3, -1, -1, -1)
    assert game.settlement() == [Payment(1, 0, 1), Payment(2, 0, 1), Payment(3, 0, 1)]
    with pytest.raises(ValueError):
        settle([1, 0, 0, 0])


# -- bad input: the right error and field, the game unchanged -------------------------------------------
BAD = [
    ({**deal("solo", 0, 5), "tricks": 14}, TricksSum, "tricks", "above 13"),
    ({**deal("solo", 0, 5), "tricks": -1}, TricksSum, "tricks", None),
    ({**deal("solo", 0, 5), "tricks": "7"}, InvalidInput, "tricks", None),
    ({**deal("solo", 0, 5), "tricks": 7.0}, InvalidInput, "tricks", None),
    ({**deal("solo", 0, 5), "tricks": True}, InvalidInput, "tricks", None),
    ({**deal("solo", 0), "tricks": None}, InvalidInput, "tricks", "declarer took"),
    ({**deal("proposal", 0, 8), "tricks": None}, InvalidInput, "tricks", "partners took"),
    ({**deal("solo", 0, 5), "partner": 2}, InvalidInput, "partner", "played alone"),
    ({**deal("proposal", 0, 8), "partner": None}, InvalidInput, "partner", "record the partner"),
    (deal("proposal", 1, 8, partner=1), InvalidInput, "partner", "not the one who made it"),
    (deal("proposal", 1, 8, partner=4), InvalidInput, "partner", "no seat"),
    (deal("solo", 4, 5), InvalidInput, "declarer", "no seat"),
    (deal("solo", -1, 5), InvalidInput, "declarer", None),
    ({**deal("solo", 0, 5), "declarer": None}, InvalidInput, "declarer", "declarer"),
    ({**deal("misere", 0, 0), "trump": "H"}, InvalidInput, "trump", "without trumps"),
    ({**deal("misere-ouverte", 0, 0), "trump": "NT"}, InvalidInput, "trump", "without trumps"),
    ({**deal("abondance-declaree", 0, 13), "trump": "S"}, InvalidInput, "trump", "without trumps"),
    ({**deal("abondance", 0, 9), "trump": "NT"}, InvalidInput, "trump", "names, not in no trump"),
    ({**deal("abondance", 0, 9), "trump": None}, InvalidInput, "trump", "declarer named"),
    ({**deal("solo", 0, 5), "trump": "NT"}, InvalidInput, "trump", "turned card"),
    ({**deal("solo", 0, 5), "trump": None}, InvalidInput, "trump", "turned card"),
    ({**deal("abondance-trump", 0, 9), "trump": "X"}, InvalidInput, "trump", "turned card"),
    ({**deal("solo", 0, 5), "contract": "grand-slam"}, InvalidContract, "contract", "not a contract"),
    ({**deal("solo", 0, 5), "contract": 3}, InvalidContract, "contract", "not a contract"),
    ({**deal("solo", 0, 5), "contract": None}, InvalidInput, "contract", "pass"),
    ({"contract": PASS, "declarer": 0}, InvalidInput, "declarer", "passed deal"),
    ({"contract": PASS, "trump": "H"}, InvalidInput, "trump", "passed deal"),
    ({"contract": PASS, "tricks": 0}, InvalidInput, "tricks", "passed deal"),
    ({**deal("solo", 0, 5), "revokes": [1]}, InvalidInput, "revokes", "Unknown field"),
]


@pytest.mark.parametrize("fields, error, field, words", BAD)
def test_bad_input_is_refused_and_changes_nothing(fields, error, field, words):
    game = play(new(), [deal("solo", 1, 6)])
    before = (game.records, list(game.hands), game.totals)
    for number in (1, 2):                                             # a correction and the current deal
        event = {"type": "hand", "hand": number, **fields}
        with pytest.raises(error) as raised:
            game.apply(event)
        assert type(raised.value) is error and raised.value.field == field
        if words:
            assert words in str(raised.value)
        assert raised.value.template % raised.value.params == str(raised.value)
        assert (game.records, list(game.hands), game.totals) == before


@pytest.mark.parametrize("event, error, field", [
    ({"type": "bid", "hand": 1, "seat": 0, "bid": "solo"}, InvalidInput, "type"),
    ({"type": "shuffle"}, InvalidInput, "type"),
    ({"hand": 1}, InvalidInput, "type"),
    (["hand"], InvalidInput, "type"),
    ({"type": "hand", "hand": 3, **deal("solo", 0, 5)}, HandNotCurrent, "hand"),
    ({"type": "hand", "hand": 0, **deal("solo", 0, 5)}, InvalidInput, "hand"),
    ({"type": "hand", "hand": "1", **deal("solo", 0, 5)}, InvalidInput, "hand"),
    ({"type": "hand", **deal("solo", 0, 5)}, InvalidInput, "hand"),
])
def test_bad_changes(event, error, field):
    game = new()
    with pytest.raises(error) as raised:
        game.apply(event)
    assert type(raised.value) is error and raised.value.field == field
    assert game.records == () and game.current_hand == 1


def test_error_codes():
    with pytest.raises(RuleError) as raised:
        new().apply({"type": "hand", "hand": 1, **deal("solo", 0, 5), "contract": "grand"})
    assert raised.value.code == "invalid_contract" and not isinstance(raised.value, StateConflict)
    with pytest.raises(RuleError) as raised:
        new().apply({"type": "hand", "hand": 1, **deal("solo", 0, 14)})
    assert raised.value.code == "tricks_sum"


# -- the variant and the protocols --------------------------------------------------------------------
def test_the_variant_and_its_options():
    assert (SOLO_WHIST.id, SOLO_WHIST.name, SOLO_WHIST.family, SOLO_WHIST.players) == \
        ("solo-whist", "Solo Whist", "solo", (4,))
    assert VARIANTS["solo-whist"] is SOLO_WHIST
    assert resolve_options(SOLO_WHIST.options, {}) == {"system": 1, "stake": None, "currency": "EUR", "deals": None}
    assert resolve_options(SOLO_WHIST.options, {"system": 2, "stake": "0.1", "currency": "CHF", "deals": 200}) == \
        {"system": 2, "stake": "0.10", "currency": "CHF", "deals": 200}
    assert resolve_options(SOLO_WHIST.options, {"currency": None})["currency"] is None   # just the amount
    for bad in ({"system": 3}, {"system": "2"}, {"deals": 0}, {"deals": 201}, {"stake": "-1"}, {"stake": 0.1},
                {"currency": "eur"}, {"currency": "JPY"}, {"currency": "none"}):
        with pytest.raises(InvalidOption):
            resolve_options(SOLO_WHIST.options, bad)
    game = new()
    assert game.options == {"system": 1, "stake": None, "currency": "EUR", "deals": None}
    assert isinstance(game, SoloGame) and game.variant is SOLO_WHIST


def test_the_currency_came_later_so_older_files_leave_it_out():
    """A game kept or a file written before the option `currency` lacks it: it means the default (euros), and a
    file leaves it out while it holds the default, so an older file exports again as it was."""
    old = {"system": 1, "stake": "0.10", "deals": None}
    assert new(**old).options == {**old, "currency": "EUR"}
    assert recorded_options(SOLO_WHIST.options, new(**old).options) == old
    assert recorded_options(SOLO_WHIST.options, new(**old, currency="GBP").options) == \
        {"system": 1, "stake": "0.10", "currency": "GBP", "deals": None}
    assert recorded_options(SOLO_WHIST.options, new(currency=None).options)["currency"] is None


def test_what_the_core_reads():
    game = play(new(first_dealer=3), [deal("solo", 0, 5), deal("solo", 1, 5)])
    assert game.sides is None and game.secrets() == frozenset()
    assert game.players == tuple(PLAYERS) and game.first_dealer == 3
    assert game.dealer(1) == 3 and game.dealer(2) == 0 and game.dealer(6) == 0
    assert game.current_hand == 3 and isinstance(game.hand(3), Deal)
    assert game.totals == (8, 8, -8, -8)
    assert game.standings == [Place(0, 1, 8), Place(1, 1, 8), Place(2, 3, -8), Place(3, 3, -8)]
    hand = game.hand(1)
    assert (hand.number, hand.dealer, hand.trump, hand.tricks, hand.scores, hand.totals) == \
        (1, 3, "H", 5, (12, -4, -4, -4), (12, -4, -4, -4))
    assert (hand.contract, hand.declarer, hand.partner) == ("solo", 0, None)
    assert game.hand(3).scores is None and game.hand(3).totals is None
    assert game == play(new(first_dealer=3), [deal("solo", 0, 5), deal("solo", 1, 5)])   # replay: the same game
