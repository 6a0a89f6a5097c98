"""The opponents confirm (#21) on the pages, without JavaScript: the new-game box, the mark on the sheets, a
player's one-tap confirmation with the hand's bids, tricks and scores, reopening, and the refusals."""
from __future__ import annotations

from tests.conftest import PLAYERS4

HAND_1 = {"bids": [1, 0, 0, 0], "tricks": [13, 0, 0, 0]}  # Wist's first hand: Anna bid 1 and took them all


def sheet(client, game, key) -> str:
    return client.get(f"/g/{game['id']}/{key}").get_data(as_text=True)


def test_the_new_game_form_asks_for_confirmation(client, api):
    form = client.get("/new?variant=wist").get_data(as_text=True)
    assert 'name="confirmation"' in form and "Opponents confirm each hand" in form
    for ticked, on in (({"confirmation": "on"}, True), ({}, False)):
        made = client.post("/new", data={"variant": "wist", "player": PLAYERS4, "first_dealer": "0", **ticked})
        assert made.status_code == 303
        game_id, key = made.headers["Location"].split("/")[-2:]
        assert api.get(game_id, key).get_json()["confirmation"]["on"] is on


def test_a_player_confirms_with_one_tap_and_the_mark_goes(client, api):
    game = api.game(confirmation=True)
    scorer, view, seats = game["keys"]["scorer"], game["keys"]["view"], game["keys"]["seats"]
    api.bid(game["id"], scorer, 1, 1, 0)
    assert "Confirm hand 1" not in sheet(client, game, seats[2])  # an incomplete hand is not to confirm
    api.recorded(game["id"], scorer, 1, HAND_1)
    for key in (scorer, view):
        page = sheet(client, game, key)
        assert "to confirm" in page and "waiting for another player" in page and '/confirm"' not in page
    page = sheet(client, game, seats[2])
    assert "Is hand 1 right?" in page and "✓ Confirm hand 1" in page and 'name="version" value="3"' in page
    panel = page[page.index('class="confirm-panel"'):page.index("</section>")]
    assert [cell for cell in ("Anna", "Bruno", "13", "-", "25") if cell not in panel] == []

    url = f"/g/{game['id']}/{{key}}/hands/1/confirm"
    refused = client.post(url.format(key=scorer), data={"version": "3"})
    assert refused.status_code == 403
    assert "The hand must be confirmed by another player, on their own phone" in refused.get_data(as_text=True)
    assert client.post(url.format(key=view), data={"version": "3"}).status_code == 403
    confirmed = client.post(url.format(key=seats[2]), data={"version": "3"})
    assert confirmed.status_code == 303
    for key in (scorer, seats[2]):
        page = sheet(client, game, key)
        assert "to confirm" not in page and "Is hand 1 right?" not in page
    # Locked: the scorer's correction is refused, saying why; a player reopens it.
    correction = {"correction": "1", "tricks-0": "12", "tricks-1": "1"}
    refused = client.post(f"/g/{game['id']}/{scorer}/hands/1", data=correction)
    assert refused.status_code == 409 and "reopen it" in refused.get_data(as_text=True)
    assert "Reopen hand 1" in sheet(client, game, seats[0])
    assert client.post(f"/g/{game['id']}/{seats[0]}/hands/1/reopen").status_code == 303
    assert "to confirm" in sheet(client, game, scorer)


def test_a_stale_page_confirms_nothing(client, api):
    game = api.game(confirmation=True)
    scorer, seat = game["keys"]["scorer"], game["keys"]["seats"][1]
    api.recorded(game["id"], scorer, 1, HAND_1)
    api.recorded(game["id"], scorer, 1, {"tricks": [12, 1, 0, 0]})  # corrected after the page showed it
    stale = client.post(f"/g/{game['id']}/{seat}/hands/1/confirm", data={"version": "2"})
    assert stale.status_code == 409 and "look at it again" in stale.get_data(as_text=True)
    assert api.get(game["id"], scorer).get_json()["confirmation"]["unconfirmed"] == [1]


def test_sealed_bids_stay_sealed_for_the_confirming_player(client, api):
    """Biglietti (hand 7): the sealed bids are not on the page of the player asked to confirm (there is no hand
    to confirm before the tricks are in); once they are, the hand is confirmed with every bid shown."""
    game = api.game(confirmation=True)
    scorer, seats = game["keys"]["scorer"], game["keys"]["seats"]
    for number in range(1, 7):  # bids 3 3 3 3, tricks 3 3 3 4; each confirmed from Bruno's phone
        played = api.recorded(game["id"], scorer, number, {"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]})
        confirmed = client.post(f"/g/{game['id']}/{seats[1]}/hands/{number}/confirm",
                                data={"version": str(played["version"])})
        assert confirmed.status_code == 303
    for seat, sealed in enumerate([11, 9, 12, 10]):
        assert api.bid(game["id"], seats[seat], 7, seat, sealed).status_code == 200
    page = sheet(client, game, seats[1])
    assert "confirm-panel" not in page and 'cell-bid">9<' in page  # Bruno sees his own bid, no other
    assert [bid for bid in (11, 12, 10) if f'cell-bid">{bid}<' in page] == []
    played = api.recorded(game["id"], scorer, 7, {"tricks": [2, 4, 3, 4]})
    page = sheet(client, game, seats[1])
    panel = page[page.index('class="confirm-panel"'):page.index("</section>")]
    assert "Is hand 7 right?" in panel and all(f"<td>{bid}</td>" in panel for bid in (11, 9, 12, 10))


def test_the_event_stream_names_the_hand_confirmed():
    from scorekeeper.web.game.live_views import describe
    row = {"seq": 4, "type": "confirm", "payload": {"hand": 2, "scores": [1, 2]}, "actor_role": "seat",
           "actor_seat": 1, "created_at": "2026-11-26T17:00:00.000+00:00"}
    assert describe(row) == {"version": 4, "change": "confirm", "by": "seat", "at": row["created_at"], "hand": 2,
                             "by_seat": 1}


def test_undo_is_not_offered_while_the_change_it_would_take_back_is_in_a_confirmed_hand(client, api):
    """#35: the Undo button would only be refused ("hand 1 was confirmed"): it is not offered until the hand is
    reopened, and it is offered again then."""
    game = api.game(confirmation=True)
    scorer, seats = game["keys"]["scorer"], game["keys"]["seats"]
    api.recorded(game["id"], scorer, 1, HAND_1)
    assert "↶ Undo" in sheet(client, game, scorer)
    version = api.get(game["id"], scorer).get_json()["version"]
    assert client.post(f"/g/{game['id']}/{seats[2]}/hands/1/confirm", data={"version": version}).status_code == 303
    assert "↶ Undo" not in sheet(client, game, scorer)
    assert client.post(f"/g/{game['id']}/{seats[0]}/hands/1/reopen").status_code == 303
    assert "↶ Undo" in sheet(client, game, scorer)
