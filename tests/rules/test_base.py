"""What every game shares (scorekeeper/rules/base.py): errors, options, players, numbers, places."""
from __future__ import annotations

from fractions import Fraction

import pytest

from scorekeeper.rules.base import (
    MAX_NAME, InvalidInput, InvalidOption, InvalidPlayers, Option, RuleError,
    StateConflict, check_int, check_players, check_seat, competition_places, format_fraction, resolve_options,
    standings_by_total,
)
from scorekeeper.rules.predictions import BidOutOfRange, ForbiddenBid


@pytest.mark.parametrize("keys, places", [
    ([10, 10, 5], [1, 1, 3]),            # the competition ranking of docs/rules: 1, 1, 3
    ([5, 10, 10], [3, 1, 1]),
    ([30, 20, 10, 0], [1, 2, 3, 4]),
    ([7, 7, 7, 7], [1, 1, 1, 1]),
    ([1, 2, 2, 3, 3], [5, 3, 3, 1, 1]),
    ([-5, 0, -5, 12], [3, 2, 3, 1]),
    ([0], [1]),
    ([(174, -3), (174, -3), (156, -7), (156, -8)], [1, 1, 3, 4]),  # tuples as keys (tie-breaks)
])
def test_competition_places(keys, places):
    assert competition_places(keys) == places


@pytest.mark.parametrize("totals, rows", [
    ((102, 51, 30, 89), [(0, 1, 102), (3, 2, 89), (1, 3, 51), (2, 4, 30)]),
    ((25, 25, 21, 2), [(0, 1, 25), (1, 1, 25), (2, 3, 21), (3, 4, 2)]),
    ((2, 25, 21, 25), [(1, 1, 25), (3, 1, 25), (2, 3, 21), (0, 4, 2)]),
    ((88, 66, 16, 88, 108), [(4, 1, 108), (0, 2, 88), (3, 2, 88), (1, 4, 66), (2, 5, 16)]),
    ((0, 0, 0, 0), [(0, 1, 0), (1, 1, 0), (2, 1, 0), (3, 1, 0)]),
])
def test_standings_by_total(totals, rows):
    standings = standings_by_total(totals)
    assert [(p.seat, p.place, p.total) for p in standings] == rows
    assert all(p.table_points is None for p in standings)


@pytest.mark.parametrize("value, text", [
    (Fraction(8), "8"), (Fraction(13, 3), "13/3"), (Fraction(0), "0"), (Fraction(-3, 2), "-3/2"),
    (Fraction(26, 2), "13"),
])
def test_format_fraction(value, text):
    assert format_fraction(value) == text


@pytest.mark.parametrize("players, names", [
    (["Anna", "Bruno", "Carla", "Dario"], ["Anna", "Bruno", "Carla", "Dario"]),
    (["  Anna ", "Bruno\tRossi", "Carla\n", "Dario  De  Luca"], ["Anna", "Bruno Rossi", "Carla", "Dario De Luca"]),
    (["Niccolò", "Zoë", "李", "Ørjan"], ["Niccolò", "Zoë", "李", "Ørjan"]),
    (["x" * MAX_NAME, "B", "C", "D"], ["x" * MAX_NAME, "B", "C", "D"]),
    # Invisible characters pasted with a name are dropped (#17's probes: "\u200bAnna" passed for a second Anna);
    # a joiner that shapes an emoji or a script stays.
    (["\u200bAnna\u00ad", "Bru\u2060no", "\ufeffCarla", "👩\u200d💻"], ["Anna", "Bruno", "Carla", "👩\u200d💻"]),
    (["Anna", "Bruno", "Carla", "e\u0301"], ["Anna", "Bruno", "Carla", "e\u0301"]),  # an accent on a letter
])
def test_check_players_accepts_and_tidies(players, names):
    assert check_players(players, (4, 5)) == names


@pytest.mark.parametrize("players, words", [
    ("Anna, Bruno", "list of names"),
    ({"0": "Anna"}, "list of names"),
    (None, "list of names"),
    (["Anna", "Bruno", 3, "Dario"], "list of names"),
    (["Anna", "Bruno", "Carla"], "4 or 5 players, not 3"),
    (["Anna", "Bruno", "", "Dario"], "needs a name"),
    (["Anna", "Bruno", "   ", "Dario"], "needs a name"),
    (["Anna", "Bruno", "x" * (MAX_NAME + 1), "Dario"], "at most 40 characters"),
    (["Anna", "Bruno", "x" * 10_000, "Dario"], "at most 40 characters"),
    (["Anna", "Bruno", "anna", "Dario"], "Two players are called “anna”"),
    (["Anna", "Bruno", " ANNA ", "Dario"], "Two players are called “ANNA”"),
    (["Straße", "Bruno", "STRASSE", "Dario"], "Two players are called"),  # casefold, not just lower
    (["Anna", "Bruno", "\u200b", "Dario"], "needs a name"),          # nothing visible
    (["Anna", "Bruno", "\u0301\u0302", "Dario"], "needs a name"),    # accents on nothing
    (["Anna", "Bruno", "Anna\u200b", "Dario"], "Two players are called “Anna”"),
    (["Anna", "Bruno", "Ａｎｎａ", "Dario"], "Two players are called “Ａｎｎａ”"),  # full-width letters
    (["Niccolò", "Bruno", "Niccolo\u0300", "Dario"], "Two players are called"),  # the same accent, composed or not
])
def test_check_players_refuses(players, words):
    with pytest.raises(InvalidPlayers) as caught:
        check_players(players, (4, 5))
    assert words in str(caught.value)
    assert caught.value.code == "invalid_players"
    assert caught.value.field == "players"


def test_option_check_compares_types():
    flag = Option("sealed_buio", (False, True), False)
    assert flag.check(True) is True
    assert flag.check(False) is False
    for bad in (1, 0, "true", None, 1.0):
        with pytest.raises(InvalidOption):
            flag.check(bad)
    direction = Option("direction", ("counterclockwise", "clockwise"), "counterclockwise")
    with pytest.raises(InvalidOption) as caught:
        direction.check("sideways")
    assert "choose one of: counterclockwise, clockwise" in str(caught.value)


def test_resolve_options():
    specs = (Option("a", ("x", "y"), "x"), Option("b", (False, True), False))
    assert resolve_options(specs, None) == {"a": "x", "b": False}
    assert resolve_options(specs, {}) == {"a": "x", "b": False}
    assert resolve_options(specs, {"b": True}) == {"a": "x", "b": True}
    with pytest.raises(InvalidOption) as caught:
        resolve_options(specs, {"c": 1, "a": "x"})
    assert "Unknown option: c" in str(caught.value)
    with pytest.raises(InvalidOption):
        resolve_options(specs, {"a": "z"})


@pytest.mark.parametrize("value, ok", [
    (0, True), (13, True), (7, True), (-1, False), (14, False), (10**40, False),
])
def test_check_int_range(value, ok):
    if ok:
        assert check_int(value, "bid", 0, 13, error=BidOutOfRange) == value
    else:
        with pytest.raises(BidOutOfRange) as caught:
            check_int(value, "bid", 0, 13, error=BidOutOfRange)
        assert "between 0 and 13" in str(caught.value)


@pytest.mark.parametrize("value", ["2", 2.0, 2.5, True, False, None, [2], {"n": 2}])
def test_check_int_kind(value):
    with pytest.raises(InvalidInput) as caught:
        check_int(value, "bid", 0, 13, error=BidOutOfRange)
    assert caught.value.code == "invalid_input"
    assert "is not a whole number" in str(caught.value)


@pytest.mark.parametrize("value, players, ok", [
    (0, 4, True), (3, 4, True), (4, 4, False), (-1, 4, False), (4, 5, True), (True, 4, False), ("1", 4, False),
])
def test_check_seat(value, players, ok):
    if ok:
        assert check_seat(value, players) == value
    else:
        with pytest.raises(InvalidInput):
            check_seat(value, players)


def test_rule_errors_carry_code_field_and_message():
    """No HTTP status in the rules (#20): the web layer says a refusal in HTTP (web/errors.status_of)."""
    error = ForbiddenBid("With %(n)s, %(who)s may not bid %(bid)s.", n=9, who="Dario", bid=4)
    assert isinstance(error, ValueError) and isinstance(error, RuleError)
    assert (error.code, error.field) == ("forbidden_bid", "bid") and not hasattr(error, "status")
    assert str(error) == "With 9, Dario may not bid 4."
    assert error.template == "With %(n)s, %(who)s may not bid %(bid)s."
    assert error.params == {"n": 9, "who": "Dario", "bid": 4}
    plain = RuleError("No parameters: 100% literal.")
    assert str(plain) == "No parameters: 100% literal."
    assert isinstance(StateConflict("x"), RuleError) and not hasattr(StateConflict("x"), "status")
    assert InvalidInput("x", field="seat").field == "seat"


# -- option kinds: choice, yes/no, whole number, money -------------------------------------------
def test_a_choice_reads_its_form_text_as_the_value_it_stands_for():
    from scorekeeper.rules.base import Option
    target = Option("target", (5, 7, 10), 5)
    assert target.from_form("7") == 7 and target.check(target.from_form("7")) == 7
    with pytest.raises(InvalidOption):
        target.check(target.from_form("6"))
    with pytest.raises(InvalidOption):
        target.check("7")  # the API sends numbers as numbers


def test_yes_no_is_a_tick_box():
    from scorekeeper.rules.base import YesNo
    flag = YesNo("honours", default=True)
    assert flag.default is True and flag.from_form("on") is True and flag.from_form(None) is False
    assert flag.check(False) is False
    with pytest.raises(InvalidOption):
        flag.check(1)


@pytest.mark.parametrize("raw, value", [("", None), ("12", 12), (" 3 ", 3), ("x", "x"), ("1234567", "1234567"),
                                        ("１２", 12), ("²", "²")])
def test_a_whole_number_from_a_form(raw, value):
    from scorekeeper.rules.base import WholeNumber
    assert WholeNumber("deals").from_form(raw) == value


def test_a_whole_number_checks_its_range_and_may_be_left_open():
    from scorekeeper.rules.base import WholeNumber
    deals = WholeNumber("deals", low=1, high=100)
    assert deals.check(None) is None and deals.check(1) == 1 and deals.check(100) == 100
    for bad in (0, 101, "12", 2.0, True):
        with pytest.raises(InvalidOption) as refused:
            deals.check(bad)
        assert "from 1 to 100" in str(refused.value)
    with pytest.raises(InvalidOption):
        WholeNumber("deals", optional=False).check(None)


@pytest.mark.parametrize("value, kept", [("0.10", "0.10"), ("0.1", "0.10"), ("2", "2.00"), (" 1.50 ", "1.50"),
                                         (None, None)])
def test_money_is_kept_as_exact_text_with_two_places(value, kept):
    from scorekeeper.rules.base import Money
    assert Money("stake").check(value) == kept


@pytest.mark.parametrize("value", ["-1", "0.101", "abc", "1e3", 0.1, 1, "", "1234567.00", True])
def test_money_refuses_what_is_not_an_amount(value):
    from scorekeeper.rules.base import Money
    with pytest.raises(InvalidOption) as refused:
        Money("stake").check(value)
    assert "amount of money" in str(refused.value)


def test_money_from_a_form_takes_the_italian_comma():
    from scorekeeper.rules.base import Money
    stake = Money("stake")
    assert stake.check(stake.from_form("0,10")) == "0.10" and stake.from_form(" ") is None
