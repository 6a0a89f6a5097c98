"""Seasons, the service (service/seasons.py): the standings of a season's finished tournaments summed — table
points, then raw points, the evenings played — checked against sums of an independent reading of the rules."""
from __future__ import annotations

from fractions import Fraction

import pytest

from scorekeeper.rules.base import InvalidInput, StateConflict
from scorekeeper.rules.season import season_standings
from scorekeeper.rules.standings import Standing
from scorekeeper.service import games, seasons, tournaments
from scorekeeper.store import db as store
from tests.evenings import play_table, play_tournament

OCTOBER = [["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda"], ["Fabio", "Gina", "Ugo", "Vera"]]
NOVEMBER = [["alessandra", "Fabio", "Costanza", "Zeno"], ["Bartolomeo", "Gina", "Ugo"]]  # Alessandra's case differs


@pytest.fixture
def db(app):
    return store.connect(app.config["SCOREKEEPER_DATABASE"])


def expected(*evenings: dict) -> list[tuple[int, str, Fraction, int, int]]:
    """(place, player, table points, raw points, evenings): summed, ranked by points then raw points."""
    sums: dict[str, list] = {}
    for evening in evenings:
        for player, (points, raw) in evening.items():
            row = sums.setdefault(player.casefold(), [player, Fraction(0), 0, 0])
            row[1] += points
            row[2] += raw
            row[3] += 1
    rows = sorted(sums.values(), key=lambda r: (-r[1], -r[2], r[0].casefold()))
    return [(1 + sum(1 for o in rows if (o[1], o[2]) > (r[1], r[2])), *r) for r in rows]


def test_two_evenings_summed_and_one_under_way_listed(client, db):
    october, october_sums = play_tournament(client, "Ottobre", OCTOBER, seed=1)
    november, november_sums = play_tournament(client, "Novembre", NOVEMBER, seed=2)
    december = client.post("/api/v1/tournaments", json={"name": "Dicembre"}).get_json()
    play_table(client, december["id"], december["keys"]["organiser"], OCTOBER[0], seed=5, stop=3)
    season_id, keys = seasons.create(db, "  Stagione   2026 ")
    assert set(keys) == {"organiser", "view"} and len(set(keys.values())) == 2
    who = seasons.authorize(db, season_id, keys["organiser"])
    for created in (november, october, december):
        seasons.add_tournament(db, who, created["id"], created["keys"]["view"])
    season = seasons.load(db, season_id)
    assert season.name == "Stagione 2026"
    assert [(e.name, e.over, e.players) for e in season.evenings] == [("Ottobre", True, 9), ("Novembre", True, 7),
                                                                      ("Dicembre", False, 0)]
    got = [(s.place, s.player, s.table_points, s.raw_points, s.partite) for s in season.standings]
    assert got == expected(october_sums, november_sums)
    alessandra = next(s for s in season.standings if s.player == "Alessandra")  # the first spelling seen
    assert alessandra.partite == 2
    assert alessandra.table_points == october_sums["Alessandra"][0] + november_sums["alessandra"][0]
    seasons.remove_tournament(db, who, november["id"])
    assert [(s.player, s.raw_points) for s in seasons.load(db, season_id).standings] == [
        (player, raw) for _, player, _, raw, _ in expected(october_sums)]


def test_refusals(client, db):
    october, _ = play_tournament(client, "Ottobre", OCTOBER[:1], seed=1)
    season_id, keys = seasons.create(db, "Stagione")
    who = seasons.authorize(db, season_id, keys["organiser"])
    viewer = seasons.authorize(db, season_id, keys["view"])
    with pytest.raises(games.Forbidden):
        seasons.add_tournament(db, viewer, october["id"], october["keys"]["view"])
    with pytest.raises(tournaments.TournamentNotFound):
        seasons.add_tournament(db, who, october["id"], "not-its-key")
    seasons.add_tournament(db, who, october["id"], october["keys"]["join"])
    with pytest.raises(StateConflict, match="already in the season"):
        seasons.add_tournament(db, who, october["id"], october["keys"]["organiser"])
    with pytest.raises(seasons.NotInSeason):
        seasons.remove_tournament(db, who, "nope")
    with pytest.raises(seasons.SeasonNotFound):
        seasons.authorize(db, season_id, keys["organiser"][:-1])
    for name in ("", "   ", "x" * 61, "A\x1b[2J", None):
        with pytest.raises(ValueError):
            seasons.create(db, name)


def test_a_link_replaced(db):
    """The old key of the role stops at once, the other role's key and another season's keep working."""
    season_id, keys = seasons.create(db, "Stagione")
    other_id, other_keys = seasons.create(db, "Altra")
    who = seasons.authorize(db, season_id, keys["organiser"])
    with pytest.raises(games.Forbidden, match="organiser"):
        seasons.rotate(db, seasons.authorize(db, season_id, keys["view"]), "view")
    for role in ("join", "scorer", None, ["view"]):
        with pytest.raises(InvalidInput, match="no link called") as refused:
            seasons.rotate(db, who, role)
        assert refused.value.field == "role"
    assert seasons.keys_of(db, season_id) == keys  # nothing changed
    view = seasons.rotate(db, who, "view")
    assert view not in keys.values() and seasons.keys_of(db, season_id) == {**keys, "view": view}
    with pytest.raises(seasons.SeasonNotFound):
        seasons.authorize(db, season_id, keys["view"])
    assert seasons.authorize(db, season_id, view).role == "view"
    organiser = seasons.rotate(db, who, "organiser")
    with pytest.raises(seasons.SeasonNotFound):
        seasons.authorize(db, season_id, keys["organiser"])
    assert seasons.authorize(db, season_id, organiser).may_manage()
    assert seasons.authorize(db, season_id, view).role == "view"
    assert seasons.keys_of(db, other_id) == other_keys
    live = db.execute("SELECT role, count(*) FROM season_keys WHERE season_id = ? AND revoked_at IS NULL "
                      "GROUP BY role", [season_id]).fetchall()
    assert sorted(live) == [("organiser", 1), ("view", 1)]


def test_the_rule_alone():
    """Two evenings: a tie on table points is broken by raw points; equal on both, a shared place."""
    first = [Standing("Anna", 1, Fraction(10), 200, 2), Standing("Bruno", 2, Fraction(13, 3), 150, 2)]
    second = [Standing("Bruno", 1, Fraction(17, 3), 180, 1), Standing("Carla", 2, Fraction(6), 90, 1),
              Standing("Dario", 3, Fraction(10), 200, 1)]
    rows = [(s.place, s.player, s.table_points, s.raw_points, s.partite) for s in season_standings([first, second])]
    assert rows == [(1, "Bruno", Fraction(10), 330, 2), (2, "Anna", Fraction(10), 200, 1),
                    (2, "Dario", Fraction(10), 200, 1), (4, "Carla", Fraction(6), 90, 1)]


def test_the_rules_page_example():
    """docs/rules/bid-exactly.md, "Season": October and November summed."""
    october = [Standing("Anna", 1, Fraction(11), 180, 1), Standing("Caio", 2, Fraction(8), 174, 1),
               Standing("Bruno", 3, Fraction(13, 3), 140, 1)]
    november = [Standing("Dario", 1, Fraction(11), 170, 1), Standing("Bruno", 2, Fraction(10), 160, 1),
                Standing("Caio", 3, Fraction(6), 150, 1)]
    rows = [(s.place, s.player, s.table_points, s.raw_points, s.partite) for s in season_standings([october, november])]
    assert rows == [(1, "Bruno", Fraction(43, 3), 300, 2), (2, "Caio", Fraction(14), 324, 2),
                    (3, "Anna", Fraction(11), 180, 1), (4, "Dario", Fraction(11), 170, 1)]
