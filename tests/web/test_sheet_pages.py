"""The score sheet's forms beyond the bid pad: the turned card during bidding, corrections."""
from __future__ import annotations

import re

from tests.conftest import PLAYERS4


def sheet_url(game: dict) -> str:
    return f"/g/{game['id']}/{game['keys']['scorer']}"


def test_the_turned_card_is_recorded_before_the_bids_and_shown_while_bidding(api, client):
    game = api.game(variant="whist-torneo", players=PLAYERS4[:3], first_dealer=0)
    page = client.get(sheet_url(game)).get_data(as_text=True)
    assert "Turned card:" in page and 'name="trump" value="S"' in page
    response = client.post(f"{sheet_url(game)}/hands/1", data={"trump": "S"})
    assert response.status_code == 303
    hand = api.get(game["id"], game["keys"]["scorer"]).get_json()["hands"][0]
    assert hand["trump"] == "S" and hand["tricks"] is None and hand["bids"] == [None, None, None]
    page = client.get(sheet_url(game)).get_data(as_text=True)
    assert re.search(r'value="S"\s+aria-label="Spades"\s+class="suit-button\s*"\s+aria-pressed="true"', page)
    assert re.search(r'<h2 id="entry-title">Hand 1.*♠', page, re.S)


def test_a_no_trump_hand_asks_for_no_turned_card(api, client):
    game = api.game(first_dealer=0)  # Wist: every trump is fixed by the round
    assert "Turned card:" not in client.get(sheet_url(game)).get_data(as_text=True)


def test_correcting_the_wist_round_offers_no_bids(api, client):
    game = api.game(first_dealer=0)
    key = game["keys"]["scorer"]
    for number in range(1, 8):
        api.hand(game["id"], key, number, {"bids": [3, 3, 3, 3] if number != 7 else [4, 3, 3, 3],
                                           "tricks": [4, 3, 3, 3]})
    api.hand(game["id"], key, 8, {"tricks": [13, 0, 0, 0]})
    form = client.get(f"{sheet_url(game)}/hands/8").get_data(as_text=True)
    assert 'name="tricks-0"' in form and 'name="bid-0"' not in form
    response = client.post(f"{sheet_url(game)}/hands/8",
                           data={"correction": "1", "tricks-0": "10", "tricks-1": "3", "tricks-2": "0", "tricks-3": "0"})
    assert response.status_code == 303
    last = api.get(game["id"], key).get_json()["hands"][7]
    assert last["bids"] == [0, 0, 0, 0] and last["scores"] == [-50, -15, 25, 25]


def test_new_game_form_refuses_nonsense_without_a_500(client):
    base = {"variant": "wist", "player": ["Anna", "Bruno", "Carla", "Dario"]}
    for dealer in ["9" * 5000, "-1", "x", "7"]:
        response = client.post("/new", data={**base, "first_dealer": dealer})
        assert response.status_code == 422, dealer
        assert "The first dealer must be one of the players." in response.get_data(as_text=True)
    response = client.post("/new", data={**base, "player": ["Anna", "", "Carla", "Dario", "Elena"], "first_dealer": "4"})
    assert response.status_code == 303  # a blank row is skipped; Elena (typed fifth) deals first
    assert client.post("/new", data={"variant": "nope"}).status_code == 400


def test_digits_that_are_not_numbers_get_a_message_not_a_500(api, client):
    game = api.game(first_dealer=0)
    url = sheet_url(game)
    assert client.post(f"{url}/bid", data={"hand": "1", "seat": "0", "bid": "²"}).status_code == 422
    assert client.post(f"{url}/hands/1", data={"tricks-0": "²", "tricks-1": "١٢"}).status_code == 422
    assert api.get(game["id"], game["keys"]["scorer"]).get_json()["version"] == 1


def test_a_correction_is_refused_only_if_its_own_hand_changed_meanwhile(api, client):
    game = api.game(first_dealer=0)
    key = game["keys"]["scorer"]
    api.hand(game["id"], key, 1, {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]})
    drawn_at = "2"  # the correction form of hand 1 was drawn at version 2
    assert api.bid(game["id"], game["keys"]["seats"][1], 2, 1, 2).status_code == 200  # another hand
    form = {"version": drawn_at, "correction": "1", "bid-0": "3", "bid-1": "3", "bid-2": "3", "bid-3": "3",
            "tricks-0": "3", "tricks-1": "4", "tricks-2": "3", "tricks-3": "3"}
    assert client.post(f"{sheet_url(game)}/hands/1", data=form).status_code == 303
    # now hand 1 itself changed after version 2: the same stale form is refused, nothing changes
    before = api.get(game["id"], key).get_json()
    response = client.post(f"{sheet_url(game)}/hands/1", data={**form, "tricks-0": "5", "tricks-1": "2"})
    assert response.status_code == 412
    assert "Someone else changed hand 1 meanwhile" in response.get_data(as_text=True)
    assert api.get(game["id"], key).get_json() == before
