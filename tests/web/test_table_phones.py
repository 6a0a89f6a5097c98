"""Issue 35, the table's phones: "I am …" takes a seat from a started table's card (once, never the scorer's power),
the scorer hands the scoring over to another phone (the old link stops), and the scorer's phone passed round
records a confirmation by the player named, marked as made on the table's phone. Each test failed before the
change (the routes did not exist, or the wording was the scorer's phone's)."""
from __future__ import annotations

import re

import pytest

from scorekeeper.model.confirmation import SCORERS_PHONE
from scorekeeper.service import evenings, games, tournaments
from scorekeeper.rules.base import StateConflict
from scorekeeper.store import db as store
from tests import torneo_support as ref
from tests.conftest import PLAYERS4, Api, count_rows
from tests.web.test_confirmation_holes import HAND_1, HAND_2, new_game_on, post, shown
from tests.web.test_evening_pages import join_of, seated, text

ON_TABLES_PHONE = "on the table's phone"


@pytest.fixture
def db(app):
    connection = store.connect(app.config["SCOREKEEPER_DATABASE"])
    yield connection
    connection.conn.close()


def started_table(client):
    """A seated evening whose round 1 table B the first phone started: (room link, the table's players, game id,
    its scorer key)."""
    tid, key, data = seated(client)
    room = join_of(client, tid, key)
    started = client.post(f"{room}/seating/start", data={"round": "1", "table": "B"})
    assert started.status_code == 303
    game_id, scorer = re.fullmatch(r"/g/([\w-]+)/([\w-]+)", started.headers["Location"]).groups()
    return room, data["seating"]["plan"][0]["tables"][1]["players"], game_id, scorer


def claim(phone, room: str, seat, table: str = "B"):
    return phone.post(f"{room}/seating/claim?round=1&table={table}", data={"round": "1", "table": table,
                                                                           "seat": str(seat)})


# -- "I am …" -----------------------------------------------------------------------------------------------
def test_a_second_phone_takes_its_seat_once_from_the_table_card(app, client, db):
    room, players, game_id, _scorer = started_table(client)
    seats = games.keys_of(db, game_id)["seats"]
    second, third = app.test_client(), app.test_client()
    card = " ".join(text(second.get(f"{room}?round=1&table=B")).split())
    assert [f"I am {name}" in card for name in players] == [True] * len(players)
    assert "Follow the table live" in card
    taken = claim(second, room, 1)
    assert (taken.status_code, taken.headers["Location"]) == (303, f"/g/{game_id}/{seats[1]}")
    assert second.get(taken.headers["Location"]).status_code == 200
    again = claim(second, room, 1)  # the same phone, its tab lost: the same link
    assert (again.status_code, again.headers["Location"]) == (303, f"/g/{game_id}/{seats[1]}")
    refused = claim(third, room, 1)  # someone else, with the room's code in hand
    assert refused.status_code == 409 and "Location" not in refused.headers
    words = " ".join(text(refused).split())
    assert (f"{players[1]}'s seat was taken on another phone. Ask the table's scorer: Share shows the seat's QR "
            "code, and can give it a new link.") in words
    assert seats[1] not in refused.get_data(as_text=True) and f"I am {players[1]}" in words  # the card again
    assert count_rows(app, "seat_claims") == 1
    other = claim(third, room, 2)
    assert (other.status_code, other.headers["Location"]) == (303, f"/g/{game_id}/{seats[2]}")
    italian = third.post(f"{room}/seating/claim?round=1&table=B", data={"round": "1", "table": "B", "seat": "1"},
                         headers={"Accept-Language": "it"})
    assert italian.status_code == 409
    assert f"Il posto di {players[1]} è già stato preso su un altro telefono" in text(italian)


def test_a_player_holding_their_own_link_keeps_their_seat_from_i_am(app, client, db):
    """Costanza took her own link for the evening: her phone opens her seat; "I am Costanza" on another phone is
    refused, saying so, and gives nothing."""
    room, players, game_id, _scorer = started_table(client)
    name = players[2]
    mine = app.test_client().post(f"{room}/seating/mine", data={"player": name})
    assert mine.status_code == 303 and "/seating" not in mine.headers["Location"]
    refused = claim(app.test_client(), room, 2)
    said = " ".join(text(refused).split())
    assert refused.status_code == 409 and f"{name} has their own link for the evening on their phone" in said
    assert games.keys_of(db, game_id)["seats"][2] not in refused.get_data(as_text=True)
    assert claim(app.test_client(), room, 1).status_code == 303  # a player without their own link: as before


def test_a_claim_from_the_rooms_code_never_reaches_the_scorers_power(app, client, db):
    room, players, game_id, scorer = started_table(client)
    intruder = app.test_client()
    taken = claim(intruder, room, 0)
    key = taken.headers["Location"].rsplit("/", 1)[1]
    assert key != scorer and games.authorize(db, game_id, key).role == "seat"
    assert intruder.post(f"/g/{game_id}/{key}/handover").status_code == 404
    assert intruder.post(f"/g/{game_id}/{key}/rotate", data={"role": "scorer"}).status_code == 404
    before = count_rows(app, "seat_claims"), count_rows(app)
    for seat, status, words in (("-1", 422, "There is no seat -1 at this table."),
                                (str(len(players)), 422, f"There is no seat {len(players)} at this table."),
                                ("x", 422, "There is no seat x at this table."),
                                ("", 422, "There is no seat at this table.")):
        answer = claim(intruder, room, seat)
        assert (answer.status_code, words in " ".join(text(answer).split())) == (status, True), seat
    not_started = claim(intruder, room, 0, table="A")
    assert not_started.status_code == 409
    assert "Table A has not started yet" in text(not_started)
    assert (count_rows(app, "seat_claims"), count_rows(app)) == before  # nothing claimed, no partita started
    view = games.keys_of(db, game_id)["view"]
    assert intruder.post(f"/t/{room.split('/')[2]}/{view}/seating/claim", data={"round": "1", "table": "B",
                                                                                 "seat": "1"}).status_code == 404
    # The scorer replaces the seat the intruder took: the intruder, claiming again, does not get the new link.
    new = client.post(f"/g/{game_id}/{scorer}/rotate", data={"role": "seat", "seat": "0"})
    assert new.status_code == 200
    assert claim(intruder, room, 0).status_code == 409
    assert claim(app.test_client(), room, 0).status_code == 409  # nor anyone else: the scorer shows its QR code


def test_the_service_claims_a_seat_once_per_phone(client, db):
    room, players, game_id, scorer = started_table(client)
    tid, join = room.split("/")[2:4]
    access = tournaments.authorize(db, tid, join)
    table, key = evenings.claim_seat(db, access, 1, "B", 3, "phone-a")
    assert (table.game_id, key) == (game_id, games.keys_of(db, game_id)["seats"][3])
    assert evenings.claim_seat(db, access, 1, "b", 3, "phone-a")[1] == key
    with pytest.raises(evenings.SeatTaken):
        evenings.claim_seat(db, access, 1, "B", 3, "phone-b")
    with pytest.raises(evenings.SeatTaken):
        evenings.claim_seat(db, access, 1, "B", 3, None)  # a client without a phone's id is another phone
    first_dealer = client.get(f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {scorer}"}).get_json()[
        "first_dealer"]
    hands = ref.make_game(len(players), "ridotto", seed=7, first_dealer=first_dealer)
    for hand in hands:
        body = {"bids": hand["bids"], "tricks": hand["tricks"], "penalties": hand["penalties"],
                **({"trump": hand["trump"]} if hand["trump"] else {})}
        answer = client.put(f"/api/v1/games/{game_id}/hands/{hand['number']}", json=body,
                            headers={"Authorization": f"Bearer {scorer}"})
        assert answer.status_code == 200, answer.get_json()
    with pytest.raises(StateConflict, match="has finished"):  # of a finished partita, nothing but its view
        evenings.claim_seat(db, access, 1, "B", 0, "phone-c")


# -- handing the scoring over -------------------------------------------------------------------------------
def handover_link(phone, game_id: str, scorer: str) -> str:
    page = phone.post(f"/g/{game_id}/{scorer}/handover")
    assert page.status_code == 200
    return re.search(r'<a class="link" href="http://localhost(/g/[\w-]+/take/[\w-]+)"', page.get_data(as_text=True))[1]


def test_handing_the_scoring_over_moves_the_scorer_link_to_the_other_phone(app, client, db):
    old_phone, new_phone = client, app.test_client()
    game_id, old = new_game_on(old_phone)
    link = handover_link(old_phone, game_id, old)
    assert old_phone.get(f"/g/{game_id}/{old}").status_code == 200  # nothing moves until the other phone takes it
    asked = new_phone.get(link)
    assert asked.status_code == 200 and "Keep the score on this phone" in text(asked)
    assert games.authorize(db, game_id, old).role == "scorer"  # opening the link takes nothing
    taken = new_phone.post(link)
    assert taken.status_code == 303
    new = re.fullmatch(rf"/g/{game_id}/([\w-]+)", taken.headers["Location"])[1]
    assert new != old and games.authorize(db, game_id, new).role == "scorer"
    assert games.keys_of(db, game_id)["scorer"] == new
    assert f"/g/{game_id}/{new}" in shown(new_phone, "/")  # on the new phone's list, as its scorer
    gone = old_phone.get(f"/g/{game_id}/{old}")
    assert gone.status_code == 410
    assert "Scoring was handed over to another phone" in text(gone) and new not in gone.get_data(as_text=True)
    assert "Il segnapunti è passato a un altro telefono" in text(old_phone.get(f"/g/{game_id}/{old}",
                                                                               headers={"Accept-Language": "it"}))
    refresh = old_phone.get(f"/g/{game_id}/{old}", headers={"HX-Request": "true", "X-Live-Refresh": "1"})
    assert refresh.status_code == 404  # a live refresh: the 404 that loads the page whole, which then says so
    assert old_phone.post(f"/g/{game_id}/{old}/undo").status_code == 404
    assert Api(app.test_client()).hand(game_id, old, 1, HAND_1).status_code == 404
    for again in (app.test_client().post(link), app.test_client().get(link), new_phone.post(link)):
        assert again.status_code == 404 and "no longer works" in text(again)  # once only
    assert games.keys_of(db, game_id)["scorer"] == new


def test_a_handover_dies_with_the_scorer_link_that_offered_it(app, client, db):
    game_id, scorer = new_game_on(client)
    first = handover_link(client, game_id, scorer)
    link = handover_link(client, game_id, scorer)  # tapped again: the latest link alone works
    assert app.test_client().get(first).status_code == 404 and app.test_client().get(link).status_code == 200
    assert count_rows(app, "handovers") == 1
    moved = client.post(f"/g/{game_id}/{scorer}/rotate", data={"role": "scorer"})  # "New link" on the scorer's
    new = moved.headers["Location"].split("/")[-2]
    assert app.test_client().post(link).status_code == 404
    assert games.keys_of(db, game_id)["scorer"] == new
    view = games.keys_of(db, game_id)["view"]
    assert client.post(f"/g/{game_id}/{view}/handover").status_code == 404
    with pytest.raises(games.Forbidden):
        games.hand_over(db, games.authorize(db, game_id, view))
    with pytest.raises(games.HandoverGone):
        games.take_over(db, game_id, "not-a-token")


# -- confirming on the table's phone ------------------------------------------------------------------------
def test_the_scorers_phone_passed_to_bruno_records_his_confirmation_so(app, client):
    phone, script = client, Api(app.test_client())
    game_id, scorer = new_game_on(phone)
    script.recorded(game_id, scorer, 1, HAND_1)
    sheet = " ".join(shown(phone, f"/g/{game_id}/{scorer}").split())
    assert "Pass the phone: is hand 1 right?" in sheet
    assert [f"✓ {name} confirms" in sheet for name in PLAYERS4] == [True] * 4
    answer = phone.post(f"/g/{game_id}/{scorer}/hands/1/confirm-for", data={"version": "2", "seat": "1"})
    assert answer.status_code == 303
    game = script.get(game_id, scorer).get_json()
    [mark] = game["confirmation"]["confirmed"]
    assert (mark["hand"], mark["by"], mark["on_scorers_phone"]) == (1, "Bruno", True)
    event = game_events(app, game_id)[-1]
    assert (event["type"], event["actor_role"], event["actor_seat"], event["payload"]["where"]) == (
        "confirm", "seat", 1, SCORERS_PHONE)
    played = script.recorded(game_id, scorer, 2, HAND_2)
    carla = games_keys(app, game_id)["seats"][2]
    assert post(script, game_id, "/hands/2/confirm", carla, {"version": played["version"]})[0] == 200
    page = " ".join(shown(phone, f"/g/{game_id}/{scorer}").split())
    assert "confirmed by Bruno " + ON_TABLES_PHONE in page
    assert "confirmed by Carla" in page and "confirmed by Carla " + ON_TABLES_PHONE not in page
    history = " ".join(shown(phone, f"/g/{game_id}/{scorer}/hands/1/history").split())
    assert "Bruno</strong>: confirmed the hand " + ON_TABLES_PHONE in history
    second = " ".join(shown(phone, f"/g/{game_id}/{scorer}/hands/2/history").split())
    assert "Carla</strong>: confirmed the hand" in second and ON_TABLES_PHONE not in second
    italian = " ".join(shown(phone, f"/g/{game_id}/{scorer}/hands/1/history", "it").split())
    assert "Bruno</strong>: ha confermato la mano sul telefono del tavolo" in italian
    italian_sheet = " ".join(shown(phone, f"/g/{game_id}/{scorer}", "it").split())
    assert "confermata da Bruno sul telefono del tavolo" in italian_sheet and "confermata da Carla" in italian_sheet


def game_events(app, game_id: str) -> list[dict]:
    db = store.connect(app.config["SCOREKEEPER_DATABASE"])
    try:
        return store.events(db, game_id)
    finally:
        db.conn.close()


def games_keys(app, game_id: str) -> dict:
    db = store.connect(app.config["SCOREKEEPER_DATABASE"])
    try:
        return games.keys_of(db, game_id)
    finally:
        db.conn.close()


def test_only_the_scorer_passes_the_phone_and_the_cap_still_holds(app, client):
    phone, script = client, Api(app.test_client())
    game_id, scorer = new_game_on(phone)
    script.recorded(game_id, scorer, 1, HAND_1)
    keys = games_keys(app, game_id)
    for key in (keys["seats"][1], keys["view"]):
        refused = phone.post(f"/g/{game_id}/{key}/hands/1/confirm-for", data={"version": "2", "seat": "1"})
        assert refused.status_code == 403 and "Only the scorer's phone can be passed round" in text(refused)
    for seat in ("4", "-1", "x"):
        refused = phone.post(f"/g/{game_id}/{scorer}/hands/1/confirm-for", data={"version": "2", "seat": seat})
        assert refused.status_code == 422 and "There is no seat" in text(refused)
    assert len(game_events(app, game_id)) == 2  # nothing recorded
    bruno = keys["seats"][1]
    answers = []
    for _ in range(4):  # confirmed on the table's phone, reopened on Bruno's, again and again
        version = script.get(game_id, scorer).get_json()["version"]
        answers.append(phone.post(f"/g/{game_id}/{scorer}/hands/1/confirm-for",
                                  data={"version": str(version), "seat": "1"}).status_code)
        post(script, game_id, "/hands/1/reopen", bruno)
    assert answers == [303, 303, 303, 409]
    marks = [row for row in game_events(app, game_id) if row["type"] == "confirm"]
    assert len(marks) == 3
