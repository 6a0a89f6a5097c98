"""Seats, counts and indexes are whole numbers in the pure rules too (issue 17): `1.0` and `True` compare equal
to 1, so a check written `value in (0, 1)` let them through (a 500 later, or a float stored in the game). Pages
and CSV imports reach the rules without the API's shape check, so the rules refuse them themselves."""
from __future__ import annotations

import pytest

from scorekeeper.rules import VARIANTS
from scorekeeper.rules.base import InvalidInput, RuleError
from scorekeeper.rules.piquet import PIQUET, set_points

NOT_WHOLE = [0.0, 1.0, True, False]


def piquet(first_dealer=1):
    return PIQUET.new_game(["Anna", "Bruno"], first_dealer, {"point_count": "cards", "tie": "playoff"})


@pytest.mark.parametrize("odd", NOT_WHOLE)
def test_a_trick_winner_is_a_seat(odd):
    winners = [0] * 11 + [odd]
    with pytest.raises(InvalidInput) as refused:
        piquet().apply({"type": "hand", "hand": 1, "trick_winners": winners})
    assert refused.value.field == "trick_winners"


@pytest.mark.parametrize("odd", [0.0, 1.0, True])
def test_the_pique_is_a_seat(odd):
    """With totals the elder (seat 1: seat 0 deals) may be said to have made pique; never as 1.0 or true."""
    with pytest.raises(InvalidInput) as refused:
        piquet(first_dealer=0).apply({"type": "hand", "hand": 1, "point": [0, 6], "sets": [0, 14],
                                      "play_points": [2, 24], "tricks_won": [1, 11], "pique": odd})
    assert refused.value.field == "pique"


@pytest.mark.parametrize("odd", [3.0, 4.0])
def test_a_set_is_three_or_four_cards_as_whole_numbers(odd):
    with pytest.raises(InvalidInput):
        set_points([odd])


@pytest.mark.parametrize("odd", [0.0, False])
def test_the_bids_of_the_round_without_bidding_are_whole_numbers(odd):
    """The last round of Wist takes only 0 bids; 0.0 and false are not 0 (they were stored as sent)."""
    state = VARIANTS["wist"].new_game(["A", "B", "C", "D"], 0, {"direction": "counterclockwise",
                                                                 "sealed_buio": False, "trump_may_always_cut": False})
    for number in range(1, 8):
        state = state.apply({"type": "hand", "hand": number, "bids": [0, 0, 0, 0], "tricks": [13, 0, 0, 0]})
    with pytest.raises(RuleError) as refused:
        state.apply({"type": "hand", "hand": 8, "bids": [odd, 0, 0, 0], "tricks": [13, 0, 0, 0]})
    assert refused.value.code == "invalid_input" and refused.value.field == "bids"
