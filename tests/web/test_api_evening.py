"""A club evening through the JSON API (#21): the roster seated, withdrawals, arrivals, swaps, tables started.

Eleven players for three rounds is the evening of the issue: two tables of 4 and one of 3 a round.
"""
from __future__ import annotations

import sqlite3
from collections import Counter
from itertools import combinations

import pytest
from flask import g

from scorekeeper.rules import seating as seating_rules
from bench.seating import evening as bench_evening
from tests import torneo_support as ref
from tests.conftest import make_app
from tests.evenings import play_hands
from tests.web.test_api_tournaments import Organiser

ELEVEN = ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda", "Fabio", "Gina", "Ugo", "Vera",
          "Zeno", "Ines"]


@pytest.fixture
def organiser(client):
    return Organiser(client)


def seat(organiser, players=ELEVEN, rounds=3, role="organiser"):
    return organiser.client.put(f"/api/v1/tournaments/{organiser.id}/roster", json={"players": players,
                                "rounds": rounds}, headers=organiser.headers(role))


def post(organiser, path, role="organiser", **body):
    return organiser.client.post(f"/api/v1/tournaments/{organiser.id}/{path}", json=body,
                                 headers=organiser.headers(role))


def seated(organiser, **kwargs) -> dict:
    response = seat(organiser, **kwargs)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["seating"]


def entry(player: dict) -> dict:
    """A roster entry without the player's own link, which the organiser's answer adds (#35)."""
    return {name: value for name, value in player.items() if name not in ("key", "link", "claimed")}


def pairs(plan) -> Counter:
    return Counter(frozenset(pair) for round_ in plan for table in round_["tables"]
                   for pair in combinations(table["players"], 2))


def test_a_tournament_is_not_seated_until_the_organiser_gives_a_roster(organiser):
    assert organiser.get().get_json()["seating"] is None
    assert organiser.get().get_json()["confirmation"] is False


def test_eleven_players_three_rounds(organiser):
    seating = seated(organiser)
    assert seating["rounds"] == 3 and seating["begun"] == 0
    assert [p["player"] for p in seating["roster"]] == ELEVEN
    assert [p["number"] for p in seating["roster"]] == list(range(1, 12))
    assert all(p["present"] and p["from_round"] == 1 and p["until_round"] is None for p in seating["roster"])
    for number, round_ in enumerate(seating["plan"], start=1):
        assert round_["round"] == number and round_["begun"] is False
        assert [t["table"] for t in round_["tables"]] == ["A", "B", "C"]
        assert sorted(len(t["players"]) for t in round_["tables"]) == [3, 4, 4]
        assert sorted(p for t in round_["tables"] for p in t["players"]) == sorted(ELEVEN)
        assert all(t["game_id"] is None for t in round_["tables"])
    threes = Counter(p for r in seating["plan"] for t in r["tables"] if len(t["players"]) == 3 for p in t["players"])
    assert max(threes.values()) == 1  # nine seats at a table of 3 over the evening: nobody twice
    repeated = sum(n - 1 for n in pairs(seating["plan"]).values())
    assert seating["repeated_pairs"] == repeated
    # 3 rounds × (6 + 6 + 3) pairs = 45 meetings among 55 possible pairs; the search finds few repeats
    assert repeated <= 6


def test_a_table_started_from_the_plan_has_its_seated_players(organiser):
    seating = seated(organiser)
    table = seating["plan"][0]["tables"][0]
    response = post(organiser, "seating/start", role="join", round=1, table="a")
    assert response.status_code == 201, response.get_json()
    game = response.get_json()
    assert game["table"] == "A" and game["round"] == 1
    scorer = game["keys"]["scorer"]
    sheet = organiser.client.get(f"/api/v1/games/{game['id']}",
                                 headers={"Authorization": f"Bearer {scorer}"}).get_json()
    assert sheet["players"] == table["players"]
    again = post(organiser, "seating/start", role="join", round=1, table="A")  # a second scan: the same partita
    assert again.status_code == 200 and again.get_json()["id"] == game["id"]
    assert again.get_json()["keys"] == {"view": game["keys"]["view"]}  # a second phone: the table's view (#33)
    now = organiser.get().get_json()["seating"]
    assert now["begun"] == 1 and now["plan"][0]["begun"] is True
    assert now["plan"][0]["tables"][0]["game_id"] == game["id"]


def test_the_bench_prints_the_evenings_the_api_serves(organiser):
    """bench/seating.py (the README's figures) seats the players as the API numbers them; 27 in 8 rounds: none
    meets another twice (one fewer than the social golfers 7-4-9)."""
    names = [f"Giocatore {i}" for i in range(1, 28)]
    seating = seated(organiser, players=names, rounds=8)
    assert seating["repeated_pairs"] == 0
    served = [tuple(tuple(names.index(p) + 1 for p in t["players"]) for t in r["tables"]) for r in seating["plan"]]
    assert served == bench_evening(27, 8)


def test_a_withdrawal_reseats_the_rounds_to_come_and_keeps_the_played_one(organiser):
    seated(organiser)
    for label in "ABC":
        assert post(organiser, "seating/start", round=1, table=label).status_code == 201
    before = organiser.get().get_json()["seating"]
    response = post(organiser, "roster/withdraw", player="  costanza ")
    assert response.status_code == 200, response.get_json()
    after = response.get_json()["seating"]
    assert after["plan"][0] == before["plan"][0]  # round 1 was played as it was
    gone = next(p for p in after["roster"] if p["player"] == "Costanza")
    assert gone["until_round"] == 1 and gone["present"] is False
    for round_ in after["plan"][1:]:
        assert sorted(len(t["players"]) for t in round_["tables"]) == [3, 3, 4]  # ten players: 4 + 3 + 3
        assert "Costanza" not in [p for t in round_["tables"] for p in t["players"]]
    back = post(organiser, "roster/arrive", player="Costanza").get_json()["seating"]
    assert next(p for p in back["roster"] if p["player"] == "Costanza")["until_round"] is None
    late = post(organiser, "roster/arrive", player="Lucrezia").get_json()["seating"]
    assert entry(late["roster"][-1]) == {"number": 12, "player": "Lucrezia", "from_round": 2, "until_round": None,
                                  "present": True, "absent_rounds": []}
    assert [sorted(len(t["players"]) for t in r["tables"]) for r in late["plan"]] == [[3, 4, 4], [4, 4, 4],
                                                                                     [4, 4, 4]]
    assert late["plan"][0] == before["plan"][0]


def test_a_player_who_withdrew_and_came_back_reads_the_rounds_missed(organiser):
    seated(organiser, rounds=4)
    for label in "ABC":
        assert post(organiser, "seating/start", round=1, table=label).status_code == 201
    assert post(organiser, "roster/withdraw", player="Costanza").status_code == 200
    for number in (2, 3):  # ten players: 4 + 3 + 3
        for label in "ABC":
            assert post(organiser, "seating/start", round=number, table=label).status_code == 201
    back = post(organiser, "roster/arrive", player="Costanza").get_json()["seating"]
    assert [r["round"] for r in back["plan"] if any("Costanza" in t["players"] for t in r["tables"])] == [1, 4]
    assert entry(back["roster"][2]) == {"number": 3, "player": "Costanza", "from_round": 1, "until_round": None,
                                 "present": True, "absent_rounds": [2, 3]}
    assert {tuple(p["absent_rounds"]) for p in back["roster"]} == {(), (2, 3)}


def test_swap_two_players_in_a_round_not_begun(organiser):
    seating = seated(organiser)
    a, b = seating["plan"][1]["tables"][0]["players"][0], seating["plan"][1]["tables"][1]["players"][1]
    response = post(organiser, "seating/swap", round=2, players=[a, b])
    assert response.status_code == 200, response.get_json()
    tables = response.get_json()["seating"]["plan"][1]["tables"]
    assert tables[0]["players"][0] == b and tables[1]["players"][1] == a
    assert response.get_json()["seating"]["plan"][0] == seating["plan"][0]


def test_the_table_points_of_a_started_table_count_in_the_standings(organiser, api):
    seated(organiser, players=ELEVEN[:8], rounds=1)
    game = post(organiser, "seating/start", round=1, table="B").get_json()
    hands = ref.make_game(4, "ridotto", seed=21, first_dealer=game["game"]["first_dealer"])
    ref.play_api(api, game["id"], game["keys"]["scorer"], hands)
    expected = ref.expected(hands, 4)
    [table] = organiser.get().get_json()["games"]
    assert table["status"] == "finished" and table["table"] == "B" and table["totals"] == expected["totals"]
    by_seat = {s["seat"]: s["table_points"] for s in table["standings"]}
    assert [by_seat[seat] for seat in range(4)] == [ref.exact(v) for v in expected["table_points"]]


def test_the_rooms_code_gets_only_the_view_of_a_table_already_started_finished_too(organiser, client):
    """#33 finding 1: the room's code is in every player's hand. On a table whose partita exists (in progress or
    finished) it gets the table's view link and nothing more: no scorer key, no seat key, anywhere in the answer,
    nor in the tournament it reads. The phone that started the table keeps the score; the organiser gets all."""
    seating = seated(organiser, players=ELEVEN[:8], rounds=1)
    players = seating["plan"][0]["tables"][0]["players"]
    first = post(organiser, "seating/start", role="join", round=1, table="A", first_dealer=0)
    assert first.status_code == 201, first.get_json()
    game_id, made = first.get_json()["id"], first.get_json()["keys"]
    powers = [made["scorer"], *made["seats"]]
    assert len(powers) == 5 and made["scorer"] in first.get_data(as_text=True)  # the starter is the scorer

    def second_phone():
        again = post(organiser, "seating/start", role="join", round=1, table="a")
        assert again.status_code == 200, again.get_json()
        answer = again.get_json()
        assert answer["id"] == game_id and answer["keys"] == {"view": made["view"]}
        assert list(answer["links"]) == ["view"] and answer["links"]["view"].endswith(f"/g/{game_id}/{made['view']}")
        assert [key for key in powers if key in again.get_data(as_text=True)] == []
        read = organiser.get("join")
        assert [key for key in powers if key in read.get_data(as_text=True)] == []
        assert list(read.get_json()["games"][0]["links"]) == ["view"]
        return answer

    assert second_phone()["game"]["status"] == "in_progress"
    play_hands(client, game_id, made["scorer"], players, seed=33)
    assert second_phone()["game"]["status"] == "finished"
    everything = post(organiser, "seating/start", round=1, table="A").get_json()
    assert everything["keys"] == made  # the organiser's key: every key of the table, as before
    assert organiser.get().get_json()["games"][0]["links"]["scorer"].endswith(f"/g/{game_id}/{made['scorer']}")


def test_the_rooms_code_starts_only_the_plans_partite_and_freezes_nothing(organiser, client):
    """#33 finding 4: at a seated evening the room's code starts a partita only from the plan (its round, its table,
    its players), a round's table once its players are done with the round before; a partita by hand is the
    organiser's, and a round past the evening nobody's. Nothing the room's code does stops the organiser's
    withdrawals, arrivals and swaps, and the standings hold the roster's players only."""
    seating = seated(organiser, players=ELEVEN[:8], rounds=2)
    refused, invented = organiser.refused, ["Uno", "Due", "Tre", "Quattro"]
    planned = seating["plan"][0]["tables"][0]["players"]
    for body in ({"players": invented, "round": 99}, {"players": invented, "table": "Z", "round": 1},
                 {"players": planned, "table": "A", "round": 1}, {"players": planned}):
        message = refused(lambda body=body: organiser.add("join", **body), 403, "forbidden")
        assert "seats this evening" in message
    for number in (3, 99):  # past the evening: for the organiser's key too
        message = refused(lambda number=number: organiser.add(players=invented, table="Z", round=number), 422,
                          "invalid_input")
        assert message == f"This evening ends with round 2: there is no round {number}."
    page = client.post(f"/t/{organiser.id}/{organiser.keys['join']}/join",
                       data={"player": invented, "round": "99", "table": "Z"})
    assert page.status_code == 403 and "seats this evening" in page.get_data(as_text=True)
    message = refused(lambda: post(organiser, "seating/start", role="join", round=2, table="A"), 409, "conflict")
    assert "round 1" in message
    assert post(organiser, "roster/withdraw", player=ELEVEN[7]).status_code == 200  # not frozen
    assert post(organiser, "roster/arrive", player=ELEVEN[7]).status_code == 200
    tables = [post(organiser, "seating/start", role="join", round=1, table=label, first_dealer=0).get_json()
              for label in "AB"]
    message = refused(lambda: post(organiser, "seating/start", role="join", round=2, table="A"), 409, "conflict")
    assert "round 1" in message  # round 1 under way: round 2 waits, and may still be re-seated
    round_two = organiser.get().get_json()["seating"]["plan"][1]["tables"]
    a, b = round_two[0]["players"][0], round_two[1]["players"][0]
    assert post(organiser, "seating/swap", round=2, players=[a, b]).status_code == 200
    for seed, table in enumerate(tables):
        play_hands(client, table["id"], table["keys"]["scorer"], table["game"]["players"], seed=seed)
    assert post(organiser, "seating/start", role="join", round=2, table="A").status_code == 201
    read = organiser.get().get_json()
    assert sorted(s["player"] for s in read["standings"]) == sorted(ELEVEN[:8])
    assert {(g["round"], g["table"]) for g in read["games"]} == {(1, "A"), (1, "B"), (2, "A")}


# -- refusals: a clear message, nothing changes ------------------------------------------------------------
@pytest.mark.parametrize("players, rounds, code", [
    (["Anna", "Bruno", "anna ", "Dario", "Elena", "Fabio", "Gina"], 2, "invalid_players"),
    (["Anna", "Bruno"], 1, "invalid_players"),
    (ELEVEN, 9, "invalid_input"),
    (ELEVEN, 0, "invalid_input"),
    ([f"P{i}" for i in range(61)], 2, "invalid_players"),
    (ELEVEN, "three", "invalid_input"),
])
def test_a_bad_roster_is_refused(organiser, players, rounds, code):
    organiser.refused(lambda: seat(organiser, players=players, rounds=rounds), 422, code)
    assert organiser.get().get_json()["seating"] is None


def test_the_duplicate_is_named(organiser):
    response = seat(organiser, players=["Anna", "Bruno", "Carla", "anna"], rounds=1)
    assert response.status_code == 422
    assert "Anna" in response.get_json()["error"]["message"] or "anna" in response.get_json()["error"]["message"]


def test_only_the_organiser_seats(organiser):
    assert seat(organiser, role="join").status_code == 403
    assert seat(organiser, role="view").status_code in (403, 404)
    assert organiser.get().get_json()["seating"] is None
    seated(organiser)
    for path, body in (("roster/withdraw", {"player": "Ugo"}), ("roster/arrive", {"player": "Nuovo"}),
                       ("seating/swap", {"round": 2, "players": ["Ugo", "Vera"]})):
        before = organiser.snapshot()
        assert post(organiser, path, role="join", **body).status_code == 403
        assert organiser.snapshot() == before
    assert post(organiser, "seating/start", role="view", round=1, table="A").status_code in (403, 404)


def test_changes_refused_with_reasons(organiser):
    seating = seated(organiser)
    refused = organiser.refused
    refused(lambda: post(organiser, "roster/withdraw", player="Nessuno"), 422, "invalid_input")
    refused(lambda: post(organiser, "roster/arrive", player="alessandra"), 409, "conflict")
    refused(lambda: post(organiser, "seating/start", round=1, table="Z"), 422, "invalid_input")
    refused(lambda: post(organiser, "seating/start", round=4, table="A"), 422, "invalid_input")
    same = seating["plan"][1]["tables"][0]["players"][:2]
    refused(lambda: post(organiser, "seating/swap", round=2, players=same), 422, "invalid_input")
    assert post(organiser, "seating/start", round=1, table="A").status_code == 201
    a, b = seating["plan"][0]["tables"][1]["players"][0], seating["plan"][0]["tables"][2]["players"][0]
    message = refused(lambda: post(organiser, "seating/swap", round=1, players=[a, b]), 409, "conflict")
    assert "Round 1" in message
    refused(lambda: seat(organiser), 409, "conflict")  # begun: arrivals and withdrawals instead
    assert post(organiser, "roster/withdraw", player="Ugo").status_code == 200
    refused(lambda: post(organiser, "roster/withdraw", player="Ugo"), 409, "conflict")


def test_a_tournament_created_with_confirmation_says_so(client):
    response = client.post("/api/v1/tournaments", json={"name": "Con conferma", "confirmation": True})
    assert response.status_code == 201
    assert response.get_json()["tournament"]["confirmation"] is True
    bad = client.post("/api/v1/tournaments", json={"name": "x", "confirmation": "sì"})
    assert bad.status_code == 422


@pytest.mark.parametrize("method, path", [("put", "roster"), ("post", "roster/withdraw"), ("post", "roster/arrive"),
                                          ("post", "seating/swap")])
@pytest.mark.parametrize("body", [{}, {"players": "x"}, {"player": 3, "round": "a"}])
def test_another_key_is_refused_as_such_whatever_it_sent(organiser, method, path, body):
    """The join and view keys get 403 for the organiser's changes, never a 500 for a body nobody checked."""
    seated(organiser)
    for role in ("join", "view"):
        response = getattr(organiser.client, method)(f"/api/v1/tournaments/{organiser.id}/{path}", json=body,
                                                     headers=organiser.headers(role))
        assert response.status_code == 403, (role, response.get_json())


# -- the search's cost (#33, finding 6) ---------------------------------------------------------------------
class Searches(list):
    """Each search for a seating (`rules.seating.plan`, up to seconds of CPU) as it begins: whether the request's
    connection was inside a transaction then (the write lock, BEGIN IMMEDIATE)."""

    def __init__(self, database: str):
        super().__init__()
        self.database, self.changes = database, []

    def meanwhile(self, sql: str) -> None:
        """Run `sql` on another connection as the next search begins (the last one given: as each begins), as
        another phone's change landing while the search runs."""
        self.changes.append(sql)

    def begins(self) -> None:
        self.append(g.db.conn.in_transaction)
        if self.changes:
            with sqlite3.connect(self.database) as other:
                other.execute(self.changes[0] if len(self.changes) == 1 else self.changes.pop(0))


@pytest.fixture
def searches(app, monkeypatch):
    found, plan = Searches(app.config["SCOREKEEPER_DATABASE"]), seating_rules.plan
    monkeypatch.setattr(seating_rules, "plan", lambda *args, **kwargs: found.begins() or plan(*args, **kwargs))
    return found


def test_the_same_roster_sent_again_changes_nothing_and_searches_nothing(organiser, searches):
    first = seated(organiser)
    etag = organiser.get().headers["ETag"]
    again = seat(organiser)
    assert again.status_code == 200 and again.get_json()["seating"] == first
    assert again.headers["ETag"] == etag and searches == [False]
    assert seated(organiser, rounds=2)["rounds"] == 2 and len(searches) == 2  # other rounds: seated again
    assert seated(organiser, players=ELEVEN[::-1], rounds=2)["roster"][0]["player"] == "Ines" and len(searches) == 3


def test_no_search_runs_inside_the_write_lock(organiser, searches):
    seated(organiser)
    assert post(organiser, "seating/start", round=1, table="A").status_code == 201
    assert post(organiser, "roster/withdraw", player="Ugo").status_code == 200
    assert post(organiser, "roster/arrive", player="Lucrezia").status_code == 200
    assert post(organiser, "roster/arrive", player="Ugo").status_code == 200
    assert searches == [False, False, False, False]


def test_a_change_meanwhile_is_seated_around_once_more(organiser, searches):
    """Another change to the roster while the search ran: the write sees it and seats once more, around it."""
    seated(organiser)
    searches.meanwhile("UPDATE tournament_players SET until_round = 0 WHERE number = 3")  # Costanza withdrew
    searches.meanwhile("SELECT 1")
    response = post(organiser, "roster/withdraw", player="Ugo")
    assert response.status_code == 200, response.get_json()
    after = response.get_json()["seating"]
    assert len(searches) == 3  # the first seating, then the withdrawal's twice
    assert [p["player"] for p in after["roster"] if not p["present"]] == ["Costanza", "Ugo"]
    assert all({"Costanza", "Ugo"}.isdisjoint(t["players"]) for r in after["plan"] for t in r["tables"])
    assert all(sorted(len(t["players"]) for t in r["tables"]) == [4, 5] for r in after["plan"])  # nine left


def test_a_roster_that_keeps_changing_is_refused_with_the_reason(organiser, searches):
    seated(organiser)
    searches.meanwhile("UPDATE tournament_players SET name = name || '!' WHERE number = 1")
    response = post(organiser, "roster/withdraw", player="Ugo")
    assert response.status_code == 409 and response.get_json()["error"]["code"] == "conflict"
    assert "changed meanwhile" in response.get_json()["error"]["message"] and len(searches) == 3
    roster = organiser.get().get_json()["seating"]["roster"]
    assert roster[0]["player"] == "Alessandra!!" and all(p["present"] for p in roster)  # Ugo still plays


def test_seating_has_a_rate_limit_of_its_own(tmp_path):
    app = make_app(tmp_path, RATE_LIMIT_SEAT="3/minute", RATE_LIMIT_WRITE="100/minute")
    client = app.test_client()
    organiser = Organiser(client)
    assert seat(organiser).status_code == 200
    assert post(organiser, "roster/withdraw", player="Ugo").status_code == 200
    page = client.post(f"/t/{organiser.id}/{organiser.keys['organiser']}/seating/arrive", data={"player": "Ugo"})
    assert page.status_code == 303
    refused = post(organiser, "roster/arrive", player="Lucrezia")
    assert refused.status_code == 429 and refused.get_json()["error"]["code"] == "rate_limited"
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    form = client.post(f"/t/{organiser.id}/{organiser.keys['organiser']}/seating",
                       data={"players": "\n".join(ELEVEN), "rounds": "2"})
    assert form.status_code == 429 and "Too many requests" in form.get_data(as_text=True)
    assert len(organiser.get().get_json()["seating"]["roster"]) == 11  # Lucrezia never came in
    assert post(organiser, "seating/swap", round=2, players=["Ugo", "Vera"]).status_code in (200, 422)  # a write
    assert client.post("/api/v1/tournaments", json={"name": "Altra"}).status_code == 201


SEVEN = ELEVEN[:7]


@pytest.mark.parametrize("odd_tables, repeats, twice", [(None, 6, 0), ("strict_rotation", 6, 0),
                                                        ("fewer_repeats", 3, 1)])
def test_the_organiser_chooses_the_rotation_of_the_tables_of_3_or_fewer_repeats(organiser, odd_tables, repeats,
                                                                                  twice):
    """7 players in 2 rounds (4 + 3): the tables of 3 in turn repeat 6 pairs, nobody at one twice; fewer repeats
    repeat 3, one player at the table of 3 twice (tests/rules/test_seating.py)."""
    body = {"players": SEVEN, "rounds": 2, **({"odd_tables": odd_tables} if odd_tables else {})}
    response = organiser.client.put(f"/api/v1/tournaments/{organiser.id}/roster", json=body,
                                    headers=organiser.headers("organiser"))
    assert response.status_code == 200, response.get_json()
    seating = response.get_json()["seating"]
    assert seating["odd_tables"] == (odd_tables or "strict_rotation")
    assert seating["repeated_pairs"] == repeats
    at_three = Counter(p for r in seating["plan"] for t in r["tables"] if len(t["players"]) == 3
                       for p in t["players"])
    assert sum(count == 2 for count in at_three.values()) == twice


@pytest.mark.parametrize("odd_tables", ["sometimes", "", 1, True, ["fewer_repeats"]])
def test_a_bad_choice_for_the_tables_of_3_and_5_is_refused_by_name(organiser, odd_tables):
    response = organiser.client.put(f"/api/v1/tournaments/{organiser.id}/roster",
                                    json={"players": SEVEN, "rounds": 2, "odd_tables": odd_tables},
                                    headers=organiser.headers("organiser"))
    assert response.status_code == 422
    assert response.get_json()["error"]["field"] == "odd_tables"
    assert organiser.get().get_json()["seating"] is None
