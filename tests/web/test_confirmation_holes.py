"""Issue 33, "Holes, round four", findings 3 and 12: a seat link cannot use up a game's changes by confirming and
reopening, and a confirmation made on the scorer's phone says so everywhere. Each test failed before the fix."""
from __future__ import annotations

import html
import re

from tests.conftest import PLAYERS4, Api, make_app

HAND_1 = {"bids": [1, 0, 0, 0], "tricks": [13, 0, 0, 0]}  # Wist's first hand: Anna bid 1 and took them all
HAND_2 = {"bids": [0, 0, 1, 0], "tricks": [0, 0, 13, 0]}  # Carla bid 1 and took them all
ON_SCORERS_PHONE = "on the scorer's phone"
ON_TABLES_PHONE = "on the table's phone"  # the sheet's and the history's words for it (#35)


def post(api: Api, game_id: str, path: str, key: str, body=None):
    response = api.client.post(f"/api/v1/games/{game_id}{path}", json=body if body is not None else {},
                               headers=api.headers(key))
    return response.status_code, response.get_json()


def loop(api: Api, game_id: str, seat: str, hand: int, times: int) -> list[tuple[int, str]]:
    """A seat key confirming and reopening a hand over and over, each time at the game's version: (status, code)."""
    answers = []
    for _ in range(times):
        version = api.get(game_id, seat).get_json()["version"]
        for path, body in ((f"/hands/{hand}/confirm", {"version": version}), (f"/hands/{hand}/reopen", None)):
            status, answer = post(api, game_id, path, seat, body)
            answers.append((status, answer["error"]["code"] if status != 200 else "", answer))
    return answers


def the_scorer_goes_on(api: Api, game_id: str, scorer: str, hand: int, body: dict) -> dict:
    """The scorer records a hand, corrects it and undoes the correction: every one of them accepted."""
    played = api.recorded(game_id, scorer, hand, body)
    corrected = api.recorded(game_id, scorer, hand, {**body, "tricks": sorted(body["tricks"])})
    assert corrected["hands"][hand - 1]["scores"] != played["hands"][hand - 1]["scores"]
    undone = api.undo(game_id, scorer)
    assert undone.status_code == 200, undone.get_json()
    assert undone.get_json()["hands"][hand - 1]["scores"] == played["hands"][hand - 1]["scores"]
    return undone.get_json()


# -- finding 3: confirm/reopen cannot use up the game ---------------------------------------------------------
def test_a_seat_looping_confirm_and_reopen_is_stopped_after_three_confirmations(api):
    game = api.game(confirmation=True)
    scorer, seat = game["keys"]["scorer"], game["keys"]["seats"][1]
    api.recorded(game["id"], scorer, 1, HAND_1)
    answers = loop(api, game["id"], seat, 1, 20)
    assert [status for status, _, _ in answers[:6]] == [200] * 6  # confirmed and reopened three times
    status, code, refused = answers[6]
    assert (status, code) == (409, "too_many_changes")
    assert refused["error"]["message"] == ("Hand 1 was confirmed 3 times already, and reopened each time: it stays "
                                           "open, the scorer can still correct it, but it can no longer be "
                                           "confirmed.")
    italian = api.client.post(f"/api/v1/games/{game['id']}/hands/1/confirm", json={"version": 8},
                              headers=api.headers(seat, **{"Accept-Language": "it"}))
    assert italian.get_json()["error"]["message"].startswith("La mano 1 è già stata confermata 3 volte")
    assert {(status, code) for status, code, _ in answers[6::2]} == {(409, "too_many_changes")}
    assert {(status, code) for status, code, _ in answers[7::2]} == {(409, "conflict")}  # nothing to reopen
    read = api.get(game["id"], scorer).get_json()
    assert read["version"] == 2 + 6 and read["confirmation"]["unconfirmed"] == [1]
    # The hand stays open: the scorer corrects it; and records, corrects and undoes another.
    corrected = api.recorded(game["id"], scorer, 1, {"tricks": [12, 1, 0, 0]})
    assert corrected["hands"][0]["scores"][1] != read["hands"][0]["scores"][1]
    the_scorer_goes_on(api, game["id"], scorer, 2, HAND_2)


def test_a_hand_that_can_no_longer_be_confirmed_leaves_the_others_to_confirm(client, api):
    """The page of a player asked to confirm goes on to the next hand, not the one that stays open."""
    game = api.game(confirmation=True)
    scorer, seats = game["keys"]["scorer"], game["keys"]["seats"]
    api.recorded(game["id"], scorer, 1, HAND_1)
    loop(api, game["id"], seats[1], 1, 3)
    api.recorded(game["id"], scorer, 2, HAND_2)
    page = client.get(f"/g/{game['id']}/{seats[2]}").get_data(as_text=True)
    assert "Is hand 2 right?" in page and "Is hand 1 right?" not in page
    scorers = client.get(f"/g/{game['id']}/{scorer}").get_data(as_text=True)
    assert "Hand 2 is waiting for another player" in scorers


def test_marks_have_a_budget_of_their_own_and_never_take_the_scorers(tmp_path):
    """At a cap of 8 changes: six marks on hand 1 leave the scorer every one of its 8; marks stop at 8 of theirs."""
    app = make_app(tmp_path, MAX_EVENTS_PER_GAME=8)
    api = Api(app.test_client())
    game = api.game(confirmation=True)
    scorer, seat = game["keys"]["scorer"], game["keys"]["seats"][1]
    api.recorded(game["id"], scorer, 1, HAND_1)  # changes: created, hand 1
    assert [status for status, _, _ in loop(api, game["id"], seat, 1, 3)] == [200] * 6  # marks: 6
    read = the_scorer_goes_on(api, game["id"], scorer, 2, HAND_2)  # changes: 5
    assert read["version"] == 2 + 6 + 3
    version = read["version"]
    assert post(api, game["id"], "/hands/2/confirm", seat, {"version": version})[0] == 200  # marks: 7
    assert post(api, game["id"], "/hands/2/reopen", seat)[0] == 200  # marks: 8
    status, refused = post(api, game["id"], "/hands/2/confirm", seat, {"version": version})
    assert (status, refused["error"]["code"]) == (409, "too_many_changes")
    assert refused["error"]["message"] == ("This game has reached the limit of 8 confirmations and reopenings: its "
                                           "hands can still be recorded and corrected.")
    api.recorded(game["id"], scorer, 2, {"tricks": [0, 1, 12, 0]})  # changes: 6
    assert api.undo(game["id"], scorer).status_code == 200  # changes: 7
    api.recorded(game["id"], scorer, 3, HAND_2)  # changes: 8
    status, full = post(api, game["id"], "/undo", scorer)
    assert (status, full["error"]["code"]) == (409, "too_many_changes")
    assert full["error"]["message"] == "This game has reached the limit of 8 changes: start a new game."


# -- finding 12: a confirmation on the scorer's phone says so ---------------------------------------------------
def new_game_on(phone) -> tuple[str, str]:
    made = phone.post("/new", data={"variant": "wist", "player": PLAYERS4, "first_dealer": "0",
                                    "confirmation": "on"})
    assert made.status_code == 303
    game_id, scorer = made.headers["Location"].split("/")[-2:]
    return game_id, scorer


def share_links(phone, game_id: str, scorer: str) -> dict:
    """The links as the scorer's share page shows them (paths): 'view', and each seat by its number."""
    page = phone.get(f"/g/{game_id}/{scorer}/share").get_data(as_text=True)
    found = re.findall(r'data-role="(\w+)"(?: data-seat="(\d)")?>.*?<a class="link" href="[^"]*?(/g/[^"]+)"',
                       page, re.S)
    return {int(seat) if seat else role: path for role, seat, path in found}


def shown(phone, path: str, language: str = "en") -> str:
    response = phone.get(path, headers={"Accept-Language": language})
    assert response.status_code == 200
    return html.unescape(response.get_data(as_text=True))


def test_a_confirmation_on_the_scorers_phone_says_so_everywhere(app, client):
    phone, script = client, Api(app.test_client())  # the scorer's phone, and a client that is no phone
    game_id, scorer = new_game_on(phone)
    script.recorded(game_id, scorer, 1, HAND_1)
    links = share_links(phone, game_id, scorer)
    bruno = links[1]
    assert "Is hand 1 right?" in shown(phone, bruno)  # Bruno's link opened on the scorer's phone
    assert phone.post(f"{bruno}/hands/1/confirm", data={"version": "2"}).status_code == 303
    [mark] = script.get(game_id, scorer).get_json()["confirmation"]["confirmed"]
    assert (mark["hand"], mark["by"], mark["on_scorers_phone"]) == (1, "Bruno", True)
    for path in (f"/g/{game_id}/{scorer}", links["view"], bruno, links[2]):
        page = shown(phone, path)
        assert "confirmed by Bruno " + ON_TABLES_PHONE in page, path
    history = shown(phone, f"/g/{game_id}/{scorer}/hands/1/history")
    assert "confirmed the hand " + ON_TABLES_PHONE in history
    assert "confermata da Bruno sul telefono del tavolo" in shown(phone, f"/g/{game_id}/{scorer}", "it")
    italian = shown(phone, f"/g/{game_id}/{scorer}/hands/1/history", "it")
    assert "ha confermato la mano sul telefono del tavolo" in italian
    assert f"/g/{game_id}/{scorer}" in shown(phone, "/")  # the phone's list keeps the scorer's link


def test_the_scorers_phone_that_replaced_its_own_link_is_still_the_scorers(app, client):
    """A new scorer link made on the share page is kept on this phone: opening a player's link next changes nothing."""
    phone, script = client, Api(app.test_client())
    game_id, old = new_game_on(phone)
    script.recorded(game_id, old, 1, HAND_1)
    moved = phone.post(f"/g/{game_id}/{old}/rotate", data={"role": "scorer"})
    assert moved.status_code == 303
    scorer = moved.headers["Location"].split("/")[-2]
    bruno = share_links(phone, game_id, scorer)[1]
    shown(phone, bruno)
    assert phone.post(f"{bruno}/hands/1/confirm", data={"version": "2"}).status_code == 303
    [mark] = script.get(game_id, scorer).get_json()["confirmation"]["confirmed"]
    assert mark["on_scorers_phone"] is True


def test_a_confirmation_on_another_phone_or_through_the_api_is_as_before(app, client):
    phone, bruno_phone, script = client, app.test_client(), Api(app.test_client())
    game_id, scorer = new_game_on(phone)
    script.recorded(game_id, scorer, 1, HAND_1)
    links = share_links(phone, game_id, scorer)
    shown(bruno_phone, links[1])  # Bruno scanned his code on his own phone
    assert bruno_phone.post(f"{links[1]}/hands/1/confirm", data={"version": "2"}).status_code == 303
    played = script.recorded(game_id, scorer, 2, HAND_2)
    carla = links[2].rsplit("/", 1)[1]
    assert post(script, game_id, "/hands/2/confirm", carla, {"version": played["version"]})[0] == 200
    marks = script.get(game_id, scorer).get_json()["confirmation"]["confirmed"]
    assert [(mark["hand"], mark["by"], mark["on_scorers_phone"]) for mark in marks] == [(1, "Bruno", False),
                                                                                        (2, "Carla", False)]
    assert ON_TABLES_PHONE not in shown(phone, f"/g/{game_id}/{scorer}")
    history = shown(phone, f"/g/{game_id}/{scorer}/hands/1/history")
    assert "confirmed the hand" in history and ON_TABLES_PHONE not in history


def test_a_version_from_the_future_confirms_nothing(client, api):
    game = api.game(confirmation=True)
    scorer, seat = game["keys"]["scorer"], game["keys"]["seats"][1]
    api.recorded(game["id"], scorer, 1, HAND_1)
    before = api.snapshot(game["id"], scorer)
    status, refused = post(api, game["id"], "/hands/1/confirm", seat, {"version": 3})
    assert (status, refused["error"]["code"], refused["error"]["field"]) == (422, "invalid_input", "version")
    assert refused["error"]["message"] == ("The game is at version 2, not 3: look at the hand again before "
                                           "confirming it.")
    page = client.post(f"/g/{game['id']}/{seat}/hands/1/confirm", data={"version": "999"})
    assert page.status_code == 422 and "The game is at version 2, not 999" in page.get_data(as_text=True)
    assert api.snapshot(game["id"], scorer) == before


def test_the_tournament_pages_count_the_confirmations_on_the_scorers_phone(app, client):
    script = Api(app.test_client())
    made = script.client.post("/api/v1/tournaments", json={"confirmation": True}).get_json()
    organiser = made["keys"]["organiser"]
    added = script.client.post(f"/api/v1/tournaments/{made['id']}/games", json={"players": PLAYERS4},
                               headers=script.headers(organiser)).get_json()
    scorer, seats = added["keys"]["scorer"], added["keys"]["seats"]
    cards = added["game"]["hands"][0]["cards"]
    played = script.recorded(added["id"], scorer, 1, {"trump": "S", "bids": [1, 0, 0, 0], "tricks": [cards, 0, 0, 0]})
    shown(client, f"/g/{added['id']}/{scorer}")  # this phone keeps the table's sheet
    shown(client, f"/g/{added['id']}/{seats[1]}")
    confirmed = client.post(f"/g/{added['id']}/{seats[1]}/hands/1/confirm", data={"version": played["version"]})
    assert confirmed.status_code == 303
    tv = shown(script.client, f"/t/{made['id']}/{made['keys']['view']}")
    assert "1 hand confirmed " + ON_SCORERS_PHONE in tv
    organisers = shown(script.client, f"/t/{made['id']}/{organiser}")
    assert "Hand 1 was confirmed " + ON_SCORERS_PHONE in organisers
    tv = shown(script.client, f"/t/{made['id']}/{made['keys']['view']}", "it")
    assert "1 mano confermata sul telefono del segnapunti" in tv
    organisers = shown(script.client, f"/t/{made['id']}/{organiser}", "it")
    assert "La mano 1 è stata confermata sul telefono del segnapunti" in organisers


def test_the_event_stream_says_a_confirmation_was_on_the_scorers_phone():
    from scorekeeper.web.game.live_views import describe
    row = {"seq": 4, "type": "confirm", "payload": {"hand": 2, "scores": [1, 2], "where": "scorer's phone"},
           "actor_role": "seat", "actor_seat": 1, "created_at": "2026-11-26T17:00:00.000+00:00"}
    assert describe(row) == {"version": 4, "change": "confirm", "by": "seat", "at": row["created_at"], "hand": 2,
                             "by_seat": 1, "on_scorers_phone": True}
