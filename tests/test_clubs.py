"""Clubs, the service (service/clubs.py): a roster that is one person per name, games and evenings added with their
players matched to it, and ratings that are always what the games say (checked against openskill called directly)."""
from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from scorekeeper.rules import club as rules
from scorekeeper.rules.base import InvalidInput, StateConflict
from scorekeeper.rules.ratings import shown
from scorekeeper.service import clubs, games
from scorekeeper.store import db as store
from tests.club_support import CLUB, EVENINGS, evening, expected, home_games, member
from tests.evenings import play_tournament

ROSTER = ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda", "Fiorenzo", "Gianmarco", "Ilaria",
          "Leonardo"]
DEALS = [[9, 4], [7, 6], [3, 10], [8, 5]]  # Whist with dummy: the declarer's side wins 2 deals of 4


@pytest.fixture
def db(app):
    return store.connect(app.config["SCOREKEEPER_DATABASE"])


@pytest.fixture
def club(db):
    club_id, keys = clubs.create(db, "Circolo del Whist")
    who = clubs.authorize(db, club_id, keys["organiser"])
    for name in ROSTER:
        clubs.add_member(db, who, name)
    return who, keys


def morto(api, players, deals=DEALS) -> dict:
    """A finished Whist with dummy of four deals between `players`."""
    game = api.game(variant="whist-morto", players=players, first_dealer=0)
    for number, tricks in enumerate(deals, start=1):
        api.recorded(game["id"], game["keys"]["scorer"], number, {"trump": "S", "tricks": tricks})
    return game


def piquet(api, players) -> dict:
    from tests.web.test_creations import PIQUET_DEAL
    game = api.game(variant="piquet", players=players, first_dealer=1)
    for number in range(1, 7):
        assert api.hand(game["id"], game["keys"]["scorer"], number, PIQUET_DEAL).status_code == 200
    return game


def test_names_alike_but_for_case_or_accents_are_one_player(db, club):
    who, _ = club
    with pytest.raises(rules.SameName) as refused:
        clubs.add_member(db, who, "  ermenegìlda ")
    assert str(refused.value) == ("“ermenegìlda” is already on the roster as “Ermenegilda”: names that differ only in "
                                  "capitals or accents are one player.")
    assert len(clubs.roster(db, who.club_id)) == 9


def test_a_game_counts_once_matched_and_its_ratings_are_openskills(api, db, club):
    who, keys = club
    game = piquet(api, ["Ilaria", "Leo"])
    with pytest.raises(games.Forbidden):
        clubs.add_game(db, who, game["id"], game["keys"]["view"], [8, 9])
    with pytest.raises(InvalidInput, match="two seats"):
        clubs.add_game(db, who, game["id"], game["keys"]["scorer"], [8, 8])
    assert clubs.suggestions(db, who.club_id, ["ilaria", "Leo"]) == [[8], [9]]  # "Leo" begins Leonardo: offered
    clubs.add_game(db, who, game["id"], game["keys"]["scorer"], [8, 9])
    with pytest.raises(clubs.AlreadyInClub):
        clubs.add_game(db, who, game["id"], game["keys"]["scorer"], [8, 9])
    result = api.get(game["id"], game["keys"]["view"]).get_json()
    winner = 8 if result["standings"][0]["seat"] == 0 else 9
    model = PlackettLuce()
    first, second = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    ladder = clubs.ladder(db, who.club_id)
    assert ladder.family == "piquet" and [(r.member.number, r.rating.shown) for r in ladder.rungs] == [
        (winner, shown(first[0].mu, first[0].sigma)), (17 - winner, shown(second[0].mu, second[0].sigma))]
    assert all(r.rating.provisional for r in ladder.rungs)
    clubs.remove_game(db, who, game["id"])  # out of the club: the ratings are what the other games make
    assert clubs.ladder(db, who.club_id).rungs == []


def test_a_correction_after_the_end_moves_the_ratings_back(api, db, club):
    who, _ = club
    game = morto(api, ["Alessandra", "Bartolomeo", "Costanza", "Domenico"])
    clubs.add_game(db, who, game["id"], game["keys"]["scorer"], [1, 2, 3, 4])
    before = {r.member.number: r.rating.shown for r in clubs.ladder(db, who.club_id).rungs}
    assert len(set(before.values())) == 2  # two sides, two numbers
    assert api.undo(game["id"], game["keys"]["scorer"]).status_code == 200  # not finished any more: not rated
    assert clubs.ladder(db, who.club_id).rungs == []
    api.recorded(game["id"], game["keys"]["scorer"], 4, {"trump": "S", "tricks": DEALS[3]})
    assert {r.member.number: r.rating.shown for r in clubs.ladder(db, who.club_id).rungs} == before


def test_hidden_and_removed_players_leave_the_ladder_not_the_others_ratings(api, db, club):
    who, keys = club
    game = morto(api, ["Alessandra", "Bartolomeo", "Costanza", "Domenico"])
    clubs.add_game(db, who, game["id"], game["keys"]["scorer"], [1, 2, 3, 4])
    own = clubs.authorize(db, who.club_id, clubs.player_link(db, who, 2))
    assert own.player == 2 and not own.sees_all()
    with pytest.raises(games.Forbidden):
        clubs.hide(db, own, 3, True)
    clubs.hide(db, own, 2, True)
    costanza = clubs.player_link(db, who, 3)
    clubs.remove_member(db, who, 3)
    ladder = clubs.ladder(db, who.club_id)
    assert sorted(r.member.number for r in ladder.rungs) == [1, 4]
    with pytest.raises(clubs.ClubNotFound):  # a removed player's link stops working
        clubs.authorize(db, who.club_id, costanza)
    page = clubs.player_page(db, clubs.authorize(db, who.club_id, keys["view"]), 4)  # Domenico: partner Bartolomeo
    assert [m.other.name for m in page.meetings] == ["Alessandra", None]  # Costanza erased: "a former player"
    assert [(m.games, m.ahead, m.level, m.behind) for m in page.meetings] in ([(1, 1, 0, 0)] * 2, [(1, 0, 0, 1)] * 2)
    with pytest.raises(clubs.NoSuchMember):  # a player's own link opens their own page alone
        clubs.player_page(db, own, 4)
    assert clubs.player_page(db, own, 2).member.hidden
    clubs.add_member(db, who, "Costanza")  # the name is free again: a new person
    with pytest.raises(StateConflict):
        clubs.player_link(db, who, 3)


def test_an_evening_joins_with_its_names_matched_and_its_player_links_open_their_pages(client, api, db, club):
    who, _ = club
    evening, _ = play_tournament(client, "Ottobre", [["alessandra", "Bartolomeo", "Costanza", "Zeno"]], seed=1)
    assert clubs.evening_names(db, evening["id"]) == ["alessandra", "Bartolomeo", "Costanza", "Zeno"]
    with pytest.raises(games.Forbidden):
        clubs.add_evening(db, who, evening["id"], evening["keys"]["view"], [1, 2, 3, rules.NEW])
    with pytest.raises(rules.SameName):  # "new" for a name the roster has: refused, nothing added
        clubs.add_evening(db, who, evening["id"], evening["keys"]["organiser"], [rules.NEW, 2, 3, 4])
    assert clubs.ladder(db, who.club_id).rungs == []
    clubs.add_evening(db, who, evening["id"], evening["keys"]["organiser"], [1, 2, 3, rules.NEW])
    roster = clubs.roster(db, who.club_id)
    assert len(roster) == 10 and {m.number: m.name for m in roster}[10] == "Zeno"
    ladder = clubs.ladder(db, who.club_id)
    assert ladder.family == "predictions" and sorted(r.member.number for r in ladder.rungs) == [1, 2, 3, 10]


def test_the_club_of_nine_is_rated_as_openskill_rates_it(client, db):
    """Three evenings and four home games (tests/club_support.py), each name matched as the organiser would: every
    ladder equals openskill's Plackett–Luce run here over the games in the order they ended."""
    first, played = evening(client, 1, EVENINGS[0])
    homes = home_games(client)
    second, later = evening(client, 2, EVENINGS[1])
    third, last = evening(client, 3, EVENINGS[2])
    club_id, keys = clubs.create(db, "Circolo del Whist")
    who = clubs.authorize(db, club_id, keys["organiser"])
    number = {name: clubs.add_member(db, who, name).number for name in CLUB}
    for each in (first, second, third):
        names = clubs.evening_names(db, each["id"])
        clubs.add_evening(db, who, each["id"], each["keys"]["organiser"], [number[member(n)] for n in names])
    for game in homes:
        clubs.add_game(db, who, game.game_id, game.scorer, [number[member(n)] for n in game.players])
    want = expected(played + homes + later + last)
    assert set(want) == {"predictions", "piquet", "partnership", "solo"}
    assert {f: {r.member.name: r.rating.shown for r in clubs.ladder(db, club_id, f).rungs} for f in want} == want
    page = clubs.player_page(db, who, number["Leonardo"])
    assert {f: r.shown for f, r in page.ratings.items()} == {f: by["Leonardo"] for f, by in want.items()
                                                              if "Leonardo" in by}
