"""The home page: this phone's games with when they were opened, how they stand and who won; removing one
from the list; a rematch from a finished game; the names typed before offered again."""
from __future__ import annotations

import re

from tests.conftest import PLAYERS4


def finished_wist(api, client):
    """A whole Wist game opened on this phone, won by Anna."""
    game = api.game(players=PLAYERS4, first_dealer=0)
    key = game["keys"]["scorer"]
    for number in range(1, 9):
        bids = [0, 0, 0, 0] if number == 8 else [3, 3, 3, 3]
        assert api.hand(game["id"], key, number, {"bids": bids, "tricks": [13, 0, 0, 0]}).status_code == 200
    assert client.get(f"/g/{game['id']}/{key}").status_code == 200  # opened here: on the list
    return game


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_home_page_says_when_and_how_each_game_stands(client, api):
    done = finished_wist(api, client)
    going = api.game(players=["Anna", "Bruno", "Carla", "Dario", "Elena"], first_dealer=1)
    client.get(f"/g/{going['id']}/{going['keys']['view']}")
    home = text(client.get("/").get_data(as_text=True))
    assert "Wist · Anna, Bruno, Carla, Dario, Elena" in home and "in progress · table view" in home
    assert "finished, won by Anna · scorer" in home
    assert re.search(r"\w{3} \d{1,2}, 20\d\d", home)  # the date it was opened, e.g. "Nov 22, 2026"
    # Taken off the list: the game itself stays.
    assert client.post(f"/forget/game/{done['id']}").status_code == 303
    home = text(client.get("/").get_data(as_text=True))
    assert "finished, won by Anna" not in home and "in progress" in home
    assert api.get(done["id"], done["keys"]["scorer"]).status_code == 200
    assert client.post("/forget/nothing/x").status_code == 404


def test_a_rematch_starts_the_same_game_with_the_next_dealer(client, api):
    done = finished_wist(api, client)
    sheet = client.get(f"/g/{done['id']}/{done['keys']['scorer']}").get_data(as_text=True)
    assert "Play again: the same players, the next one deals" in sheet
    assert f'href="/g/{done["id"]}/{done["keys"]["scorer"]}/house-rules"' in sheet  # or save its rules (#23)
    response = client.post(f"/g/{done['id']}/{done['keys']['scorer']}/rematch")
    assert response.status_code == 303
    new_id, new_key = response.headers["Location"].split("/")[-2:]
    game = api.get(new_id, new_key).get_json()
    assert game["players"] == PLAYERS4 and game["first_dealer"] == 1 and game["variant"] == "wist"
    assert game["version"] == 1 and new_id != done["id"]
    # Only the scorer, only a finished game.
    assert client.post(f"/g/{done['id']}/{done['keys']['view']}/rematch").status_code == 404
    assert client.post(f"/g/{new_id}/{new_key}/rematch").status_code == 404


def test_the_names_typed_before_are_offered_again(client, api):
    finished_wist(api, client)
    form = client.get("/new?variant=wist").get_data(as_text=True)
    assert 'list="recent-names"' in form
    datalist = form.split('<datalist id="recent-names">')[1].split("</datalist>")[0]
    assert re.findall(r'<option value="([^"]+)">', datalist) == PLAYERS4
