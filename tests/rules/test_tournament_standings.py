"""Tournament standings (docs/rules/bid-exactly.md): table points summed over the partite, ties by raw points."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.standings import standings_apart, tournament_standings
from scorekeeper.rules.torneo import TABLE_POINTS, table_points


def rows(standings):
    return [(s.player, s.place, s.table_points, s.raw_points, s.partite) for s in standings]


def test_sum_of_table_points_then_raw_points():
    round1 = [("Anna", Fraction(10), 180), ("Bruno", Fraction(6), 150), ("Carla", Fraction(3), 120),
              ("Dario", Fraction(1), 90)]
    round2 = [("Dario", Fraction(9), 170), ("Carla", Fraction(5), 160), ("Bruno", Fraction(2), 100)]
    assert rows(tournament_standings([round1, round2])) == [
        ("Dario", 1, 10, 260, 2), ("Anna", 2, 10, 180, 1), ("Carla", 3, 8, 280, 2), ("Bruno", 4, 8, 250, 2)]


def test_a_partita_in_play_is_kept_apart_and_moves_nobody():
    """#35: a partita two hands old counted as full table points put a player 2nd. Apart, the ranking is the
    finished partite's; Elena, at her first partita, is listed at 0 with what it would add if it ended now."""
    finished = [("Anna", Fraction(10), 180), ("Bruno", Fraction(6), 150), ("Carla", Fraction(3), 120),
                ("Dario", Fraction(1), 90)]
    in_play = [("Elena", Fraction(10), 30), ("Dario", Fraction(6), 25), ("anna", Fraction(1), 5)]
    apart = standings_apart([finished], [in_play])
    assert rows(apart) == [("Anna", 1, 10, 180, 1), ("Bruno", 2, 6, 150, 1), ("Carla", 3, 3, 120, 1),
                           ("Dario", 4, 1, 90, 1), ("Elena", 5, 0, 0, 0)]
    assert [s.projected for s in apart] == [1, None, None, 6, 10]
    assert [s.player for s in tournament_standings([finished, in_play])][:2] == ["Anna", "Elena"]  # the swing


def test_before_any_partita_ends_everyone_shares_first_and_who_is_heading_up_is_listed_first():
    """Round 1 under way: all at 0, all 1st; the TV lists the one whose table would give most first, not Alessandra
    for her name."""
    tables = [[("Alessandra", Fraction(3), 13), ("Bartolomeo", Fraction(10), 29)], [("Ugo", Fraction(6), 16)]]
    apart = standings_apart([], tables)
    assert [(s.player, s.place, s.projected) for s in apart] == [
        ("Bartolomeo", 1, 10), ("Ugo", 1, 6), ("Alessandra", 1, 3)]


def test_equal_points_and_raw_points_share_the_place():
    a = [("Anna", Fraction(8), 174), ("Bruno", Fraction(8), 174), ("Carla", Fraction(3), 156),
         ("Dario", Fraction(1), 156)]
    assert rows(tournament_standings([a])) == [
        ("Anna", 1, 8, 174, 1), ("Bruno", 1, 8, 174, 1), ("Carla", 3, 3, 156, 1), ("Dario", 4, 1, 156, 1)]


def test_fractions_stay_exact_across_partite():
    first = [("Anna", Fraction(13, 3), 100), ("Bruno", Fraction(13, 3), 100), ("Carla", Fraction(13, 3), 100),
             ("Dario", Fraction(11), 150), ("Elena", Fraction(1), 50)]
    second = [("Anna", Fraction(2, 3), 60), ("Bruno", Fraction(17, 2), 120), ("Carla", Fraction(17, 2), 120),
              ("Dario", Fraction(0), 0)]
    standings = {s.player: s.table_points for s in tournament_standings([first, second])}
    assert standings["Anna"] == 5 and standings["Bruno"] == Fraction(77, 6)
    assert all(isinstance(v, Fraction) for v in standings.values())


def test_players_match_by_name_ignoring_case_and_spaces():
    first = [("Anna  Rossi", Fraction(9), 100), ("Bruno", Fraction(5), 80), ("Carla", Fraction(2), 60)]
    second = [("anna rossi", Fraction(2), 40), ("BRUNO", Fraction(9), 90), ("Carla", Fraction(5), 70)]
    assert rows(tournament_standings([first, second])) == [
        ("Bruno", 1, 14, 170, 2), ("Anna Rossi", 2, 11, 140, 2), ("Carla", 3, 7, 130, 2)]


def test_no_partite_no_standings():
    assert tournament_standings([]) == []


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(3, 5).flatmap(lambda n: st.tuples(
    st.permutations(["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]).map(lambda p: p[:n]),
    st.lists(st.integers(0, 300), min_size=n, max_size=n), st.lists(st.integers(0, 6), min_size=n, max_size=n))),
    min_size=1, max_size=6))
def test_standings_hand_out_exactly_the_tables_points(partite):
    results = []
    for names, totals, failed in partite:
        places = table_points(totals, failed)
        assert sum(p.table_points for p in places) == sum(TABLE_POINTS[len(names)])
        results.append([(names[p.seat], p.table_points, p.total) for p in places])
    standings = tournament_standings(results)
    assert sum(s.table_points for s in standings) == sum(sum(TABLE_POINTS[len(n)]) for n, _, _ in partite)
    assert sum(s.raw_points for s in standings) == sum(sum(t) for _, t, _ in partite)
    assert sum(s.partite for s in standings) == sum(len(n) for n, _, _ in partite)
    keys = [(s.table_points, s.raw_points) for s in standings]
    assert keys == sorted(keys, reverse=True)
    for a, b in zip(standings, standings[1:]):
        assert (a.place == b.place) == ((a.table_points, a.raw_points) == (b.table_points, b.raw_points))
