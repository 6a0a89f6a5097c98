"""Statistics per player and variant (scorekeeper.stats) on known games, figures worked out by hand
(tests/stats/games.py), plus invariants on random legal games of every family."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.service.games import Loaded
from scorekeeper.formats.stats import Moment, compute
from tests.strategies import partnership_deal, solo_deal
from tests.rules.test_wist_properties import play_random_game
from tests.stats import games as known

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def by_name(stats) -> dict:
    return {row.name: row for row in stats.players}


def only(games) -> object:
    [stats] = compute(games)
    return stats


# name: played, won, places, results, hands, best, worst
WIST_ROWS = {
    "Anna": (1, 0, [4], [10], 8, Moment(25, "wist-a", 8), Moment(-65, "wist-a", 5)),
    "Bruno": (1, 1, [1], [120], 8, Moment(25, "wist-a", 5), Moment(4, "wist-a", 1)),
    "Carla": (1, 0, [3], [52], 8, Moment(25, "wist-a", 1), Moment(-65, "wist-a", 8)),
    "Dario": (1, 0, [2], [115], 8, Moment(25, "wist-a", 5), Moment(5, "wist-a", 4)),
}
# name: bids, exact, over, under, zero bids, zeros made (hand 8 has no bidding: not counted)
WIST_BIDS = {
    "Anna": (7, 4, 2, 1, 2, 0),
    "Bruno": (7, 5, 2, 0, 2, 2),
    "Carla": (7, 6, 1, 0, 3, 3),
    "Dario": (7, 4, 3, 0, 1, 1),
}


@pytest.mark.parametrize("name", WIST_ROWS)
def test_a_finished_wist_game(name):
    stats = only([known.wist()])
    row = by_name(stats)[name]
    assert (row.played, row.won, row.places, row.results, row.hands, row.best, row.worst) == WIST_ROWS[name]
    counts = row.counts
    assert (counts["bids"], counts["exact"], counts["over"], counts["under"], counts["zero_bids"],
            counts["zeros_made"]) == WIST_BIDS[name]
    assert (stats.games, stats.finished) == (1, 1)


def test_players_are_ordered_by_wins_then_average_place():
    assert [row.name for row in only([known.wist()]).players] == ["Bruno", "Dario", "Carla", "Anna"]


def test_a_game_in_progress_counts_its_scored_hands_but_not_as_played():
    """anna (another spelling of Anna) bids 5 and takes 5 (15); Bruno bids 0 and takes 8 (−40)."""
    going = known.wist("wist-b", ["anna", "Bruno", "Carla", "Elena"], [([5, 0, 0, 0], [5, 8, 0, 0])])
    stats = only([known.wist(), going])
    rows = by_name(stats)
    assert (stats.games, stats.finished) == (2, 1)
    assert [row.name for row in stats.players] == ["Bruno", "Dario", "Carla", "Anna", "Elena"]
    anna, bruno, elena = rows["Anna"], rows["Bruno"], rows["Elena"]
    assert (anna.played, anna.hands, anna.counts["bids"], anna.counts["exact"]) == (1, 9, 8, 5)
    assert anna.best == Moment(25, "wist-a", 8)  # 15 in the new game is less
    assert (bruno.hands, bruno.counts["over"], bruno.counts["zero_bids"], bruno.counts["zeros_made"]) == (9, 3, 3, 2)
    assert bruno.worst == Moment(-40, "wist-b", 1)
    assert (elena.played, elena.won, elena.average_place, elena.hands) == (0, 0, None, 1)


def test_average_place_over_several_games():
    """The same hands with the seats turned round: Dario scores 10 (4th), Carla 120 (1st), Bruno 52 (3rd)
    and Anna 115 (2nd)."""
    second = known.wist("wist-c", ["Dario", "Carla", "Bruno", "Anna"])
    stats = only([known.wist(), second])
    rows = by_name(stats)
    assert rows["Anna"].places == [4, 2] and rows["Anna"].average_place == 3
    assert rows["Carla"].places == [3, 1] and rows["Carla"].average_place == 2
    assert rows["Dario"].places == [2, 4] and rows["Dario"].average_place == 3
    assert [row.name for row in stats.players] == ["Bruno", "Carla", "Anna", "Dario"]  # 1 win each, then A-Z
    assert rows["Dario"].results == [115, 10]


def test_a_sealed_bid_not_yet_revealed_never_counts():
    """Hand 7 (Biglietti) has every sealed bid in, no tricks: its bids are not counted anywhere."""
    slips = [{"type": "bid", "hand": 7, "seat": seat, "bid": bid} for seat, bid in enumerate([6, 0, 0, 6])]
    game = known.wist(hands=known.WIST[:6], extra=slips)
    assert game.state.secrets()  # the slips are sealed
    rows = by_name(only([game]))
    assert [rows[name].counts["bids"] for name in known.FOUR] == [6, 6, 6, 6]
    assert rows["Bruno"].counts["zero_bids"] == 1 and rows["Bruno"].hands == 6


def test_a_rubber_of_classic_whist():
    rows = by_name(only([known.classico()]))
    for name in ("Anna", "Carla"):
        row = rows[name]
        assert (row.played, row.won, row.places, row.results, row.hands) == (1, 1, [1], [10], 5)
        assert (row.best, row.worst) == (Moment(5, "classico", 5), Moment(0, "classico", 3))
        assert dict(row.counts) == {"games": 3, "games_won": 2, "rubbers": 1, "rubbers_won": 1}
    bruno = rows["Bruno"]
    assert (bruno.won, bruno.places, bruno.results, bruno.best, bruno.worst) == (
        0, [2], [5], Moment(3, "classico", 3), Moment(0, "classico", 1))
    assert dict(bruno.counts) == {"games": 3, "games_won": 1, "rubbers": 1, "rubbers_won": 0}


def test_whist_with_dummy_has_no_rubber_to_count():
    morto = known.play("morto", "whist-morto", known.FOUR,
                       [{"type": "hand", "hand": n, "trump": "NT", "tricks": [8, 5]} for n in range(1, 5)])
    rows = by_name(only([morto]))
    assert (rows["Anna"].won, rows["Anna"].results, rows["Bruno"].results) == (1, [12], [0])
    assert not rows["Anna"].counts


@pytest.mark.parametrize("name, declared, made, best, worst, place", [
    ("Anna", 1, 1, Moment(18, "solo", 1), Moment(0, "solo", 3), 1),
    ("Bruno", 1, 0, Moment(5, "solo", 4), Moment(-24, "solo", 2), 4),
    ("Carla", 1, 0, Moment(8, "solo", 2), Moment(-6, "solo", 1), 2),
    ("Dario", 0, 0, Moment(8, "solo", 2), Moment(-6, "solo", 1), 2),  # the partner did not declare
])
def test_solo_contracts_declared_and_made(name, declared, made, best, worst, place):
    row = by_name(only([known.solo()]))[name]
    assert (row.counts["declared"], row.counts["made"], row.best, row.worst, row.places) == (
        declared, made, best, worst, [place])


def test_piquet_counts_a_capot():
    deal = {"carte_blanche": [False, False], "point": [0, 0], "sequences": [0, 0], "sets": [0, 0],
            "trick_winners": [0] * 12}
    game = known.play("piquet", "piquet", ["Anna", "Bruno"], [{"type": "hand", "hand": 1, **deal}])
    rows = by_name(only([game]))
    assert (rows["Anna"].counts["capots"], rows["Bruno"].counts["capots"]) == (1, 0)
    assert rows["Anna"].best.score == game.state.hand(1).scores[0] > 40


def test_games_without_a_scored_hand_are_left_out_and_variants_keep_the_registry_order():
    empty = known.play("empty", "wist", known.FOUR, [])
    assert compute([empty]) == []
    assert [s.variant.id for s in compute([known.solo(), known.classico(), known.wist(), empty])] == [
        "wist", "whist-classico", "solo-whist"]


# -- invariants on random legal games ---------------------------------------------------------------
def check(stats) -> None:
    for row in stats.players:
        assert 0 <= row.won <= row.played == len(row.places) == len(row.results) <= stats.finished
        assert row.best.score >= row.worst.score
        counts = row.counts
        assert counts["exact"] + counts["over"] + counts["under"] == counts["bids"]
        assert counts["zeros_made"] <= counts["zero_bids"] <= counts["bids"]
        assert counts["made"] <= counts["declared"] and counts["rubbers_won"] <= counts["rubbers"]
        assert counts["games_won"] <= counts["games"]


@SETTINGS
@given(data=st.data(), players=st.sampled_from([4, 5]), stop=st.integers(2, 9))
def test_random_wist_games_add_up(data, players, stop):
    state, _ = play_random_game(data, players, 0, stop_before=stop)
    stats = only([Loaded("g", state, 1, [])])
    check(stats)
    assert all(row.counts["bids"] == min(stop - 1, 7) for row in stats.players)
    assert sum(row.won for row in stats.players) >= (1 if state.finished else 0)


@SETTINGS
@given(deals=st.lists(partnership_deal({"target": 5, "honours": True, "laws": False}), min_size=1, max_size=12))
def test_random_rubbers_add_up(deals):
    state = known.play("c", "whist-classico", known.FOUR, []).state
    for number, fields in enumerate(deals, start=1):
        if state.finished:
            break
        state = state.with_hand(number, fields)
    stats = only([Loaded("c", state, 1, [])])
    check(stats)
    anna, bruno = by_name(stats)["Anna"], by_name(stats)["Bruno"]
    assert anna.counts["games_won"] + bruno.counts["games_won"] == anna.counts["games"]
    assert anna.won + bruno.won == (1 if state.finished else 0)


@SETTINGS
@given(records=st.lists(solo_deal(), min_size=1, max_size=10))
def test_random_solo_games_add_up(records):
    state = known.play("s", "solo-whist", known.FOUR, []).state
    for number, record in enumerate(records, start=1):
        state = state.with_hand(number, record)
    stats = only([Loaded("s", state, 1, [])])
    check(stats)
    declared = sum(row.counts["declared"] for row in stats.players)
    assert declared == sum(1 for record in records if record["contract"] != "pass")
