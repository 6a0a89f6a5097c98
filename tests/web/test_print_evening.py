"""The organiser's A4 print of a club evening (#35): the standings, then every round's tables, seats and table
points; withdrawn and late players marked; every number under a label. And a game started from saved house rules
printed and carded under the set's name."""
from __future__ import annotations

import html as markup
import re

from scorekeeper.web.club.mixed import mixed
from tests.evenings import ELEVEN, play_evening, play_hands

HEAD = re.compile(r"<thead>(.*?)</thead>", re.S)
ROW = re.compile(r'<tr><td class="num">(\d+)</td><td>([^<]+)(?:<sup>(\d+)</sup>)?</td>'
                 r'<td class="num">([^<]*)</td><td class="num">(-?\d+)</td></tr>')


def headers(section: str) -> list[list[str]]:
    return [re.findall(r"<th[^>]*>([^<]+)</th>", head) for head in HEAD.findall(section)]


def sections(page: str, kind: str) -> list[str]:
    return re.findall(rf'<section class="{kind}">(.*?)</section>', page, re.S)


def legend(section: str) -> dict[str, str]:
    """{mark: note} of a section's footnotes."""
    return {mark: " ".join(note.split()) for mark, note in
            re.findall(r'<li><sup>(\d+)</sup>\s*([^<]+)</li>', section)}


def test_the_evening_prints_every_round_with_its_tables_seats_and_table_points(client):
    created, played = play_evening(client)
    response = client.get(f"/t/{created['id']}/{created['keys']['organiser']}/print")
    assert response.status_code == 200
    page = markup.unescape(response.get_data(as_text=True))

    [standings] = sections(page, "print-page")
    assert "Final standings" in standings and "Provisional" not in page
    assert headers(standings) == [["Pos.", "Player", "Table points", "Raw points"]]
    notes = legend(standings)
    assert sorted(notes.values()) == ["Arrived late: plays from round 2", "Withdrew after round 1"]
    marks = {note: mark for mark, note in notes.items()}
    ranked = re.findall(r'<tr><td class="num">\d+</td><td>([^<]+)(?:<sup>(\d+)</sup>)?</td>', standings)
    assert sorted(name for name, _ in ranked) == sorted(ELEVEN + ["Lucrezia"])
    assert dict(ranked)["Costanza"] == marks["Withdrew after round 1"]
    assert dict(ranked)["Lucrezia"] == marks["Arrived late: plays from round 2"]
    assert {mark for name, mark in ranked if name not in ("Costanza", "Lucrezia")} == {""}

    rounds = sections(page, "print-round")
    assert [re.search(r"<h2>([^<]+)</h2>", r).group(1) for r in rounds] == ["Round 1", "Round 2", "Round 3"]
    for number, section in enumerate(rounds, start=1):
        tables = re.findall(r"<caption>Table ([A-Z])</caption>(.*?)</table>", section, re.S)
        assert [label for label, _ in tables] == [label for n, label in sorted(played) if n == number]
        assert all(head == ["Seat", "Player", "Table points", "Score"] for head in headers(section))
        for label, rows in tables:
            expected = [(str(seat), player, mixed(points), str(score))
                        for seat, player, points, score in played[(number, label)]]
            assert [(seat, name, points, score) for seat, name, _, points, score in ROW.findall(rows)] == expected
            assert "Not played" not in rows
        shown = {name: mark for _, name, mark, _, _ in ROW.findall(section)}
        assert ("Costanza" in shown) == (number == 1) and ("Lucrezia" in shown) == (number > 1)
        assert shown.get("Costanza", marks["Withdrew after round 1"]) == marks["Withdrew after round 1"]
        assert shown.get("Lucrezia", marks["Arrived late: plays from round 2"]) == marks[
            "Arrived late: plays from round 2"]
        assert sorted(legend(section).values()) == (["Withdrew after round 1"] if number == 1
                                                    else ["Arrived late: plays from round 2"])
    # one table of the fixture, read off the page: Table A of round 1, its first seat
    first = ROW.search(rounds[0])
    seat, player, points, score = played[(1, "A")][0]
    assert first.group(1, 2, 4, 5) == ("1", player, mixed(points), str(score))


def test_a_planned_table_never_played_is_marked(client):
    created = client.post("/api/v1/tournaments", json={"name": "Serata"}).get_json()
    tid, organiser = created["id"], {"Authorization": f"Bearer {created['keys']['organiser']}"}
    plan = client.put(f"/api/v1/tournaments/{tid}/roster", json={"players": ELEVEN[:8], "rounds": 2},
                      headers=organiser).get_json()["seating"]["plan"]
    for number, labels in ((1, "AB"), (2, "A")):  # round 2's table B never starts
        for label in labels:
            table = client.post(f"/api/v1/tournaments/{tid}/seating/start", headers=organiser,
                                json={"round": number, "table": label, "first_dealer": 0}).get_json()
            play_hands(client, table["id"], table["keys"]["scorer"], table["game"]["players"], seed=number)
    page = markup.unescape(client.get(f"/t/{tid}/{created['keys']['view']}/print").get_data(as_text=True))
    round_two = sections(page, "print-round")[1]
    [rows] = re.findall(r"<caption>Table B(.*?)</table>", round_two, re.S)
    assert "Table A</caption>" in round_two and " · <strong>Not played</strong></caption>" in rows
    seats = re.findall(r'<tr><td class="num">(\d+)</td><td>([^<]+)</td>', rows)
    assert seats == [(str(seat), name) for seat, name in enumerate(plan[1]["tables"][1]["players"], start=1)]


def test_a_hand_seated_evening_prints_its_partite_as_played(client):
    from tests.evenings import play_tournament
    from tests.tour import FIVE
    created, _ = play_tournament(client, "Serata", [FIVE, ["Ugo", "Vera", "Zeno"]])
    page = markup.unescape(client.get(f"/t/{created['id']}/{created['keys']['view']}/print").get_data(as_text=True))
    [round_one] = sections(page, "print-round")
    tables = re.findall(r"<caption>Table ([^<]+)</caption>(.*?)</table>", round_one, re.S)
    assert [(label, [name for _, name, *_ in ROW.findall(rows)]) for label, rows in tables] == [
        ("1", FIVE), ("2", ["Ugo", "Vera", "Zeno"])]
    assert "<sup>" not in page  # nobody withdrew or came late


def test_a_game_from_saved_rules_is_titled_with_their_name(client, api):
    form = {"variant": "whist-morto", "player": ["Anna", "Bruno", "Carla", "Dario"], "first_dealer": "0",
            "rules_name": "Casa Rossi"}
    assert client.post("/new", data=form).status_code == 303
    set_id = re.search(r'action="/house-rules/([^/"]+)/start"', client.get("/new").get_data(as_text=True)).group(1)
    started = client.post(f"/house-rules/{set_id}/start")
    game_id, scorer = started.headers["Location"].split("/")[-2:]
    for deal, tricks in enumerate([[9, 4], [7, 6], [3, 10], [8, 5]], start=1):
        api.recorded(game_id, scorer, deal, {"trump": "S", "tricks": tricks})
    page = client.get(f"/g/{game_id}/{scorer}/print").get_data(as_text=True)
    assert "<h1>Casa Rossi</h1>" in page and "<title>Casa Rossi · Final standings</title>" in page
    card = client.get(f"/g/{game_id}/{scorer}/card.png")
    assert card.status_code == 200
    assert card.headers["Content-Disposition"] == 'inline; filename="casa-rossi-results.png"'


def test_a_player_who_withdrew_and_came_back_is_marked_with_the_rounds_missed(client):
    created = client.post("/api/v1/tournaments", json={"name": "Serata"}).get_json()
    tid, organiser = created["id"], {"Authorization": f"Bearer {created['keys']['organiser']}"}
    assert client.put(f"/api/v1/tournaments/{tid}/roster", json={"players": ELEVEN[:9], "rounds": 3},
                      headers=organiser).status_code == 200
    for number in (1, 2, 3):
        plan = client.get(f"/api/v1/tournaments/{tid}", headers=organiser).get_json()["seating"]["plan"]
        for table in plan[number - 1]["tables"]:
            started = client.post(f"/api/v1/tournaments/{tid}/seating/start", headers=organiser,
                                  json={"round": number, "table": table["table"], "first_dealer": 0}).get_json()
            play_hands(client, started["id"], started["keys"]["scorer"], started["game"]["players"], seed=number)
        if number < 3:
            path = "roster/withdraw" if number == 1 else "roster/arrive"
            answer = client.post(f"/api/v1/tournaments/{tid}/{path}", json={"player": "Ugo"}, headers=organiser)
            assert answer.status_code == 200, answer.get_json()
    page = markup.unescape(client.get(f"/t/{tid}/{created['keys']['view']}/print").get_data(as_text=True))
    [standings] = sections(page, "print-page")
    assert legend(standings) == {"1": "Sat out round 2"}
    assert re.search(r"<td>Ugo<sup>1</sup></td>", standings)
    assert [("Ugo<sup>1</sup>" in section) for section in sections(page, "print-round")] == [True, False, True]
