"""The club evening's pages without JavaScript (#21): seat a roster, the plan, withdraw / arrive / swap, the
table cards and their QR codes, one-tap start of a seated table, "Where do I sit?"."""
from __future__ import annotations

import html
import re

import pytest

from tests.conftest import count_rows
from tests.web.test_tournament_pages import create, join_link, refused_form, snapshot

ELEVEN = ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda", "Fabio", "Gina", "Ugo", "Vera",
          "Zeno", "Ines"]


def seat(client, tid, key, players=ELEVEN, rounds="3"):
    return client.post(f"/t/{tid}/{key}/seating", data={"players": "\n".join(players), "rounds": rounds})


def seated(client):
    tid, key = create(client)
    response = seat(client, tid, key)
    assert response.status_code == 303 and response.headers["Location"].endswith("#seating")
    data, _etag = snapshot(client, tid, key)
    return tid, key, data


def join_of(client, tid, key) -> str:
    """The room's link (the join page), as the organiser's page shows it."""
    return join_link(client.get(f"/t/{tid}/{key}").get_data(as_text=True))


def text(response) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def test_the_organiser_seats_eleven_players_and_sees_every_round(client):
    tid, key, data = seated(client)
    page = client.get(f"/t/{tid}/{key}")
    assert page.status_code == 200
    words = " ".join(text(page).split())
    assert "11 players present · 3 rounds" in words
    for number, round_ in enumerate(data["seating"]["plan"], start=1):
        assert f"Round {number}" in words
        for table in round_["tables"]:
            assert f"Table {table['table']} {' '.join(table['players'])} not started" in words
    assert words.count("Table cards with QR codes") == 3
    # the partite start from the table cards: the form by hand is folded, closed
    assert re.search(r'<details class="attach" ><summary id="add-title">A partita seated by hand</summary>',
                     page.get_data(as_text=True))


def test_table_cards_carry_a_qr_code_per_table_that_opens_the_table(client):
    tid, key, _data = seated(client)
    cards = client.get(f"/t/{tid}/{key}/seating/cards?round=2")
    assert cards.status_code == 200 and cards.headers["Cache-Control"] == "no-store"
    body = cards.get_data(as_text=True)
    assert body.count('<svg class="qr"') == 3
    assert [m for m in re.findall(r"Round 2: table (\w)", body)] == ["A", "B", "C"]
    assert "Round 1" not in text(cards)
    assert client.get(f"/t/{tid}/{key}/seating/cards").get_data(as_text=True).count('<svg class="qr"') == 9
    room = join_of(client, tid, key)
    assert f'href="http://localhost{room}?round=2&amp;table=C"' in body  # what the QR code says, to tap as well


def test_a_round_asked_for_in_any_digits_or_none_readable_draws_cards_never_a_500(client):
    """The round in the cards' address is read as every typed number is (#36): "２" is round 2; text that is no round
    number ("x", eleven digits) asks for no round in particular, so every card is drawn."""
    tid, key, data = seated(client)
    for wanted, count in [("２", 3), ("x", 9), ("99999999999", 9), ("-1", 9)]:
        cards = client.get(f"/t/{tid}/{key}/seating/cards?round={wanted}")
        assert cards.status_code == 200, wanted
        assert cards.get_data(as_text=True).count('<svg class="qr"') == count, wanted
    room, table = join_of(client, tid, key), " ".join(data["seating"]["plan"][1]["tables"][0]["players"])
    card = " ".join(text(client.get(f"{room}?round=２&table=A")).split())
    assert f"Round 2: table A {table} Start the partita" in card
    for wanted in ("x", "99999999999"):  # the room's page, no table chosen
        page = client.get(f"{room}?round={wanted}&table=A")
        assert page.status_code == 200 and "Start the partita" not in text(page), wanted


def test_a_scorer_opens_the_table_card_and_starts_the_seated_partita_in_one_tap(app, client):
    tid, key, data = seated(client)
    room = join_of(client, tid, key)
    table = data["seating"]["plan"][0]["tables"][1]
    card = client.get(f"{room}?round=1&table=b")
    assert card.status_code == 200
    words = " ".join(text(card).split())
    assert f"Round 1: table B {' '.join(table['players'])} Start the partita" in words
    started = client.post(f"{room}/seating/start", data={"round": "1", "table": "B"})
    assert started.status_code == 303
    game_id, scorer = re.fullmatch(r"/g/([\w-]+)/([\w-]+)", started.headers["Location"]).groups()
    game = client.get(f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {scorer}"}).get_json()
    assert game["players"] == table["players"]
    games = count_rows(app)
    again = client.post(f"{room}/seating/start", data={"round": "1", "table": "B"})  # a second phone, a double tap
    assert again.status_code == 303 and count_rows(app) == games
    view = client.get(f"/api/v1/tournaments/{tid}", headers={"Authorization": f"Bearer {key}"}).get_json()
    assert again.headers["Location"] == view["games"][0]["links"]["view"].removeprefix("http://localhost")
    assert scorer not in again.headers["Location"]  # the room's code opens the table's view, never its score (#33)
    reopened = client.get(f"{room}?round=1&table=B")
    assert "Follow the table live" in text(reopened) and "Start the partita" not in text(reopened)


def test_where_do_i_sit(client):
    tid, key, data = seated(client)
    room = join_of(client, tid, key)
    page = client.get(f"{room}?player=%20costanza%20")
    assert page.status_code == 200
    words = " ".join(text(page).split())
    for number, round_ in enumerate(data["seating"]["plan"], start=1):
        [table] = [t for t in round_["tables"] if "Costanza" in t["players"]]
        seat_no = table["players"].index("Costanza") + 1
        others = ", ".join(p for p in table["players"] if p != "Costanza")
        assert f"Round {number}: table {table['table']}, seat {seat_no} with {others}" in words
    unknown = client.get(f"{room}?player=Nessuno")
    assert unknown.status_code == 422 and "No one called “Nessuno” is on tonight's list." in text(unknown)
    assert 'class="suggestions"' not in unknown.get_data(as_text=True)  # nobody offered: no name to guess from


FORGIVING = ELEVEN[:7] + ["Niccolò Cantù", "Ottavia", "Anna", "Anja"]


def seats_of(words: str) -> list[str]:
    """The rounds a "Where do I sit?" answer lists, as read on the page."""
    return re.findall(r"Round \d: (?:table \w, seat \d with [^R]*|you do not play)", words)


@pytest.mark.parametrize("typed, name", [
    ("ottavia", "Ottavia"), ("Niccolo Cantu", "Niccolò Cantù"), ("  niccolò   CANTÙ ", "Niccolò Cantù"),
    ("Erme", "Ermenegilda"), ("cantu", "Niccolò Cantù"), ("Bartolmeo", "Bartolomeo"), ("Costanzza", "Costanza"),
    ("domenic", "Domenico"), ("Alesandra", "Alessandra")])
def test_where_do_i_sit_forgives_case_accents_spaces_a_prefix_and_a_typo(client, typed, name):
    """Issue #35: a name as a player types it finds them, and the answer says whose seats these are."""
    tid, key = create(client)
    assert seat(client, tid, key, FORGIVING).status_code == 303
    room = join_of(client, tid, key)
    exact = " ".join(text(client.get(f"{room}?player={name}")).split())
    page = client.get(f"{room}?player={typed}")
    assert page.status_code == 200
    words = " ".join(text(page).split())
    assert f"Where {name} sits" in words and len(seats_of(words)) == 3
    assert seats_of(words) == seats_of(exact)


@pytest.mark.parametrize("typed, offered", [("Anha", ["Anna", "Anja"]), ("an", ["Anna", "Anja"])])
def test_where_do_i_sit_offers_the_closest_names_when_several_fit(client, typed, offered):
    tid, key = create(client)
    assert seat(client, tid, key, FORGIVING).status_code == 303
    room = join_of(client, tid, key)
    page = client.get(f"{room}?player={typed}")
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    assert "Did you mean" in text(page) and not seats_of(" ".join(text(page).split()))
    links = re.findall(r'<a class="button" href="([^"]+)">([^<]+)</a>', body.split('class="suggestions"')[1])
    assert sorted(name for _, name in links) == sorted(offered)
    for href, name in links:  # one tap answers for that name
        answer = " ".join(text(client.get(html.unescape(href))).split())
        assert f"Where {name} sits" in answer and len(seats_of(answer)) == 3


def test_where_do_i_sit_in_italian(client):
    tid, key = create(client)
    assert seat(client, tid, key, FORGIVING).status_code == 303
    room = join_of(client, tid, key)
    client.set_cookie("lang", "it")
    assert "Dove siede Niccolò Cantù" in text(client.get(f"{room}?player=niccolo"))
    assert "Forse cercavi" in text(client.get(f"{room}?player=Anha"))
    assert "Nessuno di nome “Nessuno” è nella lista di stasera." in text(client.get(f"{room}?player=Nessuno"))


def test_withdraw_arrive_and_swap_from_the_organiser_page(client):
    tid, key, data = seated(client)
    assert client.post(f"/t/{tid}/{key}/seating/start", data={"round": "1", "table": "A"}).status_code == 303
    assert client.post(f"/t/{tid}/{key}/seating/withdraw", data={"player": "Ugo"}).status_code == 303
    after, _ = snapshot(client, tid, key)
    assert after["seating"]["plan"][0] == {**data["seating"]["plan"][0], "begun": True, "tables": [
        {**t, "game_id": after["seating"]["plan"][0]["tables"][0]["game_id"] if t["table"] == "A" else None}
        for t in data["seating"]["plan"][0]["tables"]]}
    assert all("Ugo" not in t["players"] for r in after["seating"]["plan"][1:] for t in r["tables"])
    assert "Withdrawn: Ugo" in " ".join(text(client.get(f"/t/{tid}/{key}")).split())
    assert client.post(f"/t/{tid}/{key}/seating/arrive", data={"player": "Lucrezia"}).status_code == 303
    arrived, _ = snapshot(client, tid, key)
    assert "Lucrezia" in [p for t in arrived["seating"]["plan"][1]["tables"] for p in t["players"]]
    a = arrived["seating"]["plan"][2]["tables"][0]["players"][0]
    b = arrived["seating"]["plan"][2]["tables"][1]["players"][0]
    assert client.post(f"/t/{tid}/{key}/seating/swap", data={"round": "3", "first": a, "second": b}).status_code == 303
    swapped, _ = snapshot(client, tid, key)
    assert swapped["seating"]["plan"][2]["tables"][1]["players"][0] == a


def test_refusals_show_the_rule_and_change_nothing(app, client):
    tid, key = create(client)
    refused_form(app, client, tid, key, lambda: seat(client, tid, key, players=["Anna", "Bruno", "anna", "Dario"]),
                 422, "Anna")
    refused_form(app, client, tid, key, lambda: seat(client, tid, key, players=["Anna", "Bruno"]), 422)
    refused_form(app, client, tid, key, lambda: seat(client, tid, key, rounds="12"), 422)
    assert seat(client, tid, key).status_code == 303
    refused_form(app, client, tid, key, lambda: client.post(f"/t/{tid}/{key}/seating/withdraw",
                                                            data={"player": "Nessuno"}), 422, "Nessuno")
    refused_form(app, client, tid, key, lambda: client.post(f"/t/{tid}/{key}/seating/start",
                                                            data={"round": "1", "table": "Q"}), 422, "table Q")
    room = join_of(client, tid, key)
    view = re.search(r'href="http://localhost(/t/[^"]+)">Standings for the TV', client.get(f"/t/{tid}/{key}")
                     .get_data(as_text=True)).group(1)
    for other in (room.rsplit("/", 1)[1], view.rsplit("/", 1)[1]):  # another link: nothing here answers it
        refused_form(app, client, tid, key, lambda other=other: seat(client, tid, other), 404)
        assert client.get(f"/t/{tid}/{other}/seating/cards").status_code == 404
    refused_form(app, client, tid, key, lambda: client.post(f"{view}/seating/start",
                                                            data={"round": "1", "table": "A"}), 404)
    hostile = client.post(f"/t/{tid}/{key}/seating/arrive", data={"player": "<script>alert(1)</script>"})
    assert hostile.status_code == 303
    page = client.get(f"/t/{tid}/{key}").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_a_tournament_with_confirmation_from_the_form(client):
    response = client.post("/tournaments/new", data={"name": "Con conferma", "scheme": "ridotto",
                                                      "confirmation": "on"})
    tid, key = re.fullmatch(r"/t/([\w-]+)/([\w-]+)", response.headers["Location"]).groups()
    assert snapshot(client, tid, key)[0]["confirmation"] is True


def test_the_tv_cuts_the_standings_into_up_to_three_even_columns():
    from scorekeeper.web.club.tournament_pages import tv_columns
    assert [len(c) for c in tv_columns(list(range(44)))] == [15, 15, 14]  # a 1280×800 screen shows them all
    assert [len(c) for c in tv_columns(list(range(60)))] == [20, 20, 20]
    assert [len(c) for c in tv_columns(list(range(13)))] == [5, 4, 4]
    assert tv_columns(list(range(11))) == [list(range(6)), list(range(6, 11))]  # one screen, room below (#35)
    assert tv_columns(list(range(6))) == [list(range(6))]
    assert tv_columns([]) == [[]]
    assert sum(tv_columns(list(range(37))), []) == list(range(37))  # in order, nobody lost


def test_the_organiser_reads_who_meets_again_and_in_which_rounds(client):
    """#35: eight players in three rounds cannot all meet new opponents (8 repeats at least): the summary says how
    many, and a folded list names each pair and the rounds they share a table in, as the plan seats them."""
    tid, key = create(client)
    assert seat(client, tid, key, ELEVEN[:8], "3").status_code == 303
    plan = snapshot(client, tid, key)[0]["seating"]["plan"]
    shared: dict[tuple[str, str], list[int]] = {}
    for number, round_ in enumerate(plan, start=1):
        for table in round_["tables"]:
            names = sorted(table["players"], key=ELEVEN.index)
            for i, first in enumerate(names):
                for second in names[i + 1:]:
                    shared.setdefault((first, second), []).append(number)
    again = {pair: rounds for pair, rounds in shared.items() if len(rounds) > 1}
    words = " ".join(text(client.get(f"/t/{tid}/{key}")).split())
    repeats = sum(len(rounds) - 1 for rounds in again.values())
    assert repeats >= 8 and f"{repeats} pairs of players meet again" in words
    assert "Who meets again, and in which rounds" in words
    for (first, second), rounds in again.items():
        assert f"{first} · {second}: rounds {', '.join(map(str, rounds))}" in words


def test_the_pairs_met_again_are_listed_with_their_rounds_and_a_first_round_has_none():
    from scorekeeper.rules.seating import met_again, repeated_pairs
    rounds = [((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 5, 2, 6), (3, 7, 4, 8)), ((1, 5, 9, 10), (2, 3, 6, 7))]
    assert met_again(rounds) == [((1, 2), (1, 2)), ((1, 5), (2, 3)), ((2, 3), (1, 3)), ((2, 6), (2, 3)),
                                 ((3, 4), (1, 2)), ((3, 7), (2, 3)), ((5, 6), (1, 2)), ((6, 7), (1, 3)),
                                 ((7, 8), (1, 2))]
    assert repeated_pairs(rounds) == len(met_again(rounds))
    assert met_again(rounds[:1]) == []
