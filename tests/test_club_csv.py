"""A club's CSV files (formats/club_csv.py, #37): exact headers and rows for a Whist with dummy (two sides) and a
Piquet partie, openskill's own numbers behind the ratings, privacy (hidden: no ratings line and no rating in the
games file; removed: "a former player"), and cells a spreadsheet would run as formulas kept as text."""
from __future__ import annotations

import csv
import io

import pytest
from openskill.models import PlackettLuce

from scorekeeper.formats import club_csv
from scorekeeper.rules.ratings import shown
from scorekeeper.service import clubs
from tests.test_clubs import ROSTER, db, morto, piquet  # noqa: F401  (db: the fixture)

FORMER = "a former player"


@pytest.fixture
def club(db):  # noqa: F811
    club_id, keys = clubs.create(db, "Circolo del Whist")
    who = clubs.authorize(db, club_id, keys["organiser"])
    for name in ROSTER:
        clubs.add_member(db, who, name)
    return who


def rows(text: str) -> list[list[str]]:
    assert text.endswith("\r\n")
    return list(csv.reader(io.StringIO(text)))


def test_the_files_of_a_partnership_game_and_a_partie(api, db, club):  # noqa: F811
    game = morto(api, ["Alessandra", "Bartolomeo", "Costanza", "Domenico"])
    clubs.add_game(db, club, game["id"], game["keys"]["scorer"], [1, 2, 3, 4])
    partie = piquet(api, ["Ilaria", "Leonardo"])
    clubs.add_game(db, club, partie["id"], partie["keys"]["scorer"], [8, 9])
    morto_ranks = {r.game_id: r for r in clubs.club_games(db, club.club_id)}[game["id"]]
    teams, ranks = morto_ranks.teams, morto_ranks.ranks
    model = PlackettLuce()
    after = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=list(ranks))
    side = {seat: index for index, team in enumerate(teams) for seat in team}
    expected = {seat: shown(after[side[seat]][0].mu, after[side[seat]][0].sigma) for seat in range(4)}
    lines = rows(club_csv.games(db, club.club_id, FORMER))
    assert lines[0] == ["game_id", "family", "variant", "ended_at", "seat", "number", "name", "team", "place",
                        "rating_before", "rating_after"]
    ended = {g.game_id: g.ended_at for g in clubs.club_games(db, club.club_id)}
    assert lines[1:5] == [[game["id"], "partnership", "whist-morto", ended[game["id"]], str(seat), str(seat + 1),
                           ROSTER[seat], str(side[seat] + 1), str(ranks[side[seat]]), "1000", str(expected[seat])]
                          for seat in range(4)]
    duel = lines[5:]  # the partie: no sides, each for themselves
    assert [(line[1], line[2], line[4], line[5], line[9]) for line in duel] == [
        ("piquet", "piquet", "0", "8", "1000"), ("piquet", "piquet", "1", "9", "1000")]
    winner = next(line for line in duel if line[8] == "1")
    loser = next(line for line in duel if line[8] == "2")
    first, second = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    assert (winner[10], loser[10]) == (str(shown(first[0].mu, first[0].sigma)), str(shown(second[0].mu,
                                                                                          second[0].sigma)))
    assert {winner[6], loser[6]} == {"Ilaria", "Leonardo"} and winner[7] == loser[7] == ""
    ratings = rows(club_csv.ratings(db, club.club_id))
    assert ratings[0] == ["family", "place", "number", "name", "rating", "provisional", "games", "mu", "sigma"]
    assert [line[0] for line in ratings[1:]] == ["partnership"] * 4 + ["piquet"] * 2
    top = next(line for line in ratings[1:] if line[0] == "piquet" and line[1] == "1")
    assert top[4:] == [winner[10], "true", "1", f"{first[0].mu:.6f}", f"{first[0].sigma:.6f}"]


def test_privacy_hidden_and_removed(api, db, club):  # noqa: F811
    game = morto(api, ["Alessandra", "Bartolomeo", "Costanza", "Domenico"])
    clubs.add_game(db, club, game["id"], game["keys"]["scorer"], [1, 2, 3, 4])
    clubs.hide(db, club, 2, True)
    clubs.remove_member(db, club, 3)
    assert [line[3] for line in rows(club_csv.ratings(db, club.club_id))[1:]] in (
        ["Alessandra", "Domenico"], ["Domenico", "Alessandra"])
    games = rows(club_csv.games(db, club.club_id, FORMER))[1:]
    assert [(line[6], line[9] != "", line[10] != "") for line in games] == [
        ("Alessandra", True, True), ("Bartolomeo", False, False), (FORMER, False, False), ("Domenico", True, True)]
    roster = rows(club_csv.roster(db, club.club_id, FORMER))
    assert roster[0] == ["number", "name", "nickname", "hidden", "removed", "games", "last_played"]
    last = clubs.club_games(db, club.club_id)[0].ended_at
    assert roster[1:5] == [["1", "Alessandra", "", "false", "false", "1", last],
                           ["2", "Bartolomeo", "", "true", "false", "1", last],
                           ["4", "Domenico", "", "false", "false", "1", last],
                           ["5", "Ermenegilda", "", "false", "false", "0", ""]]
    assert roster[-1] == ["3", FORMER, "", "true", "true", "1", last]


def test_cells_a_spreadsheet_would_run_stay_text(db, club):  # noqa: F811
    clubs.add_member(db, club, "=HYPERLINK(\"x\")", "+Zeno")
    clubs.add_member(db, club, "@Ugo", "-1")
    lines = rows(club_csv.roster(db, club.club_id, FORMER))
    assert ["10", "'=HYPERLINK(\"x\")", "'+Zeno", "false", "false", "0", ""] in lines
    assert ["11", "'@Ugo", "'-1", "false", "false", "0", ""] in lines
