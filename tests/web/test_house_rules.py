"""Saved house rules (#23): a table names its rules on the new-game form ("Casa Rossi") and starts the next game
from them in one tap; a name in use is replaced only once confirmed; a set is this phone's alone; the options
travel with the game's CSV and come back on import."""
from __future__ import annotations

import io
import re

import pytest

from tests.conftest import PLAYERS4, Api, count_rows
from tests.module_app import app  # noqa: F401  (one database for the module: each test is a phone of its own)


@pytest.fixture
def client(app):  # noqa: F811
    """A phone of its own: a fresh cookie jar, so a new device id and no saved rules."""
    return app.test_client()

SEALED = "Buio with sealed bids (written on slips, like Biglietti)"


def new_wist(client, rules_name="Casa Rossi", sealed=True, **extra):
    """The new-game form of Wist sent: Anna deals first, buio sealed (or not), the rules saved as `rules_name`."""
    form = {"variant": "wist", "player": PLAYERS4, "first_dealer": "0", "rules_name": rules_name, **extra}
    if sealed:
        form["option-sealed_buio"] = "on"
    return client.post("/new", data=form)


def opened(client, response) -> dict:
    """The game a redirect to its sheet opened, as the API shows it to its scorer."""
    assert response.status_code == 303, response.get_data(as_text=True)
    game_id, key = response.headers["Location"].split("/")[-2:]
    game = Api(client).get(game_id, key).get_json()
    return {**game, "key": key}


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def set_ids(client, page="/new") -> list[str]:
    return re.findall(r'action="/house-rules/([^/"]+)/start"', client.get(page).get_data(as_text=True))


def test_rules_saved_with_a_new_game_start_the_next_one_in_one_tap(client):
    first = opened(client, new_wist(client))
    assert first["options"]["sealed_buio"] is True and first["first_dealer"] == 0
    for page in ("/", "/new"):  # listed on the home page and the new-game page's first screen
        shown = text(client.get(page).get_data(as_text=True))
        assert "Your house rules Casa Rossi Wist · Anna, Bruno, Carla, Dario · Bruno deals first" in shown
        assert f"{SEALED}: yes" in shown and "Start" in shown
    [set_id] = set_ids(client)
    second = opened(client, client.post(f"/house-rules/{set_id}/start"))  # one tap
    assert second["id"] != first["id"] and second["players"] == PLAYERS4 and second["version"] == 1
    assert second["options"] == first["options"] and second["first_dealer"] == 1  # the next player deals
    listing = client.get("/new").get_data(as_text=True)
    assert "Carla deals first" in text(listing)
    # Start tapped twice (the list's key sent twice): one game, the second answer opens it.
    once = re.search(r'name="once" value="([^"]+)"', listing).group(1)
    third = client.post(f"/house-rules/{set_id}/start", data={"once": once})
    assert opened(client, third)["first_dealer"] == 2
    again = client.post(f"/house-rules/{set_id}/start", data={"once": once})
    assert again.status_code == 303 and again.headers["Location"] == third.headers["Location"]
    assert opened(client, client.post(f"/house-rules/{set_id}/start"))["first_dealer"] == 3
    assert client.post(f"/house-rules/{set_id}/start", data={"once": "no good"}).status_code == 422
    assert "Wist · Anna, Bruno, Carla, Dario" in text(client.get("/").get_data(as_text=True))  # on the phone's list


def test_a_start_sent_again_after_its_game_got_a_new_scorer_link_hands_out_nothing(app, client):
    """#33 finding 8: a Start sent again with its list's key, after the game it started had its scorer link replaced,
    opens nothing and gives away no key: it answers as the replaced link does, and starts no other game."""
    opened(client, new_wist(client, rules_name="Casa Verdi"))
    [set_id] = set_ids(client)
    once = re.search(r'name="once" value="([^"]+)"', client.get("/new").get_data(as_text=True)).group(1)
    game = opened(client, client.post(f"/house-rules/{set_id}/start", data={"once": once}))
    rotated = client.post(f"/api/v1/games/{game['id']}/keys/rotate", json={"role": "scorer"},
                          headers={"Authorization": f"Bearer {game['key']}"})
    assert rotated.status_code == 200
    new_key, made = rotated.get_json()["key"], count_rows(app)
    again = client.post(f"/house-rules/{set_id}/start", data={"once": once})
    assert again.status_code == 404 and "Location" not in again.headers
    assert new_key not in again.get_data(as_text=True) and game["key"] not in again.get_data(as_text=True)
    assert ("The game this Start opened no longer opens with this link: its scorer made a new link."
            in text(again.get_data(as_text=True)))
    assert count_rows(app) == made


def test_a_drawn_dealer_is_drawn_again_and_confirmation_is_kept(client):
    response = client.post("/new", data={"variant": "whist-torneo", "player": PLAYERS4, "first_dealer": "draw",
                                         "option-scheme": "completo", "confirmation": "on", "rules_name": "Club"})
    assert opened(client, response)["options"]["scheme"] == "completo"
    assert "the first dealer is drawn" in text(client.get("/").get_data(as_text=True))
    [set_id] = set_ids(client)
    again = opened(client, client.post(f"/house-rules/{set_id}/start"))
    assert again["options"]["scheme"] == "completo" and again["first_dealer"] in range(4)
    assert again["confirmation"]["on"] is True


def test_a_name_in_use_is_replaced_only_once_confirmed(app, client):
    opened(client, new_wist(client))
    games = count_rows(app)
    asked = new_wist(client, rules_name="  casa   ROSSI ", sealed=False)
    page = asked.get_data(as_text=True)
    assert asked.status_code == 409 and "“casa ROSSI” already exists on this phone: replace it?" in page
    assert 'name="replace" value="casa ROSSI"' in page and 'value="  casa   ROSSI "' in page  # the form as typed
    assert count_rows(app) == games and f"{SEALED}: yes" in text(client.get("/").get_data(as_text=True))
    # Confirmed for another name than the one asked about: asked again, nothing changes.
    assert new_wist(client, rules_name="Casa Rossi", sealed=False, replace="Casa Bianchi").status_code == 409
    replaced = opened(client, new_wist(client, rules_name="casa ROSSI", sealed=False, replace="casa ROSSI"))
    assert replaced["options"]["sealed_buio"] is False
    shown = text(client.get("/").get_data(as_text=True))
    assert "casa ROSSI Wist" in shown and SEALED not in shown and len(set_ids(client)) == 1


def test_a_set_opened_on_the_form_is_changed_under_its_own_name(client):
    opened(client, new_wist(client))
    [set_id] = set_ids(client)
    form = client.get(f"/new?rules={set_id}").get_data(as_text=True)
    assert 'value="Casa Rossi"' in form and f'name="rules" value="{set_id}"' in form
    assert "Your rules “Casa Rossi”: change what you like" in form
    assert 'name="option-sealed_buio" checked' in form and 'value="1" checked' in form  # Bruno deals next
    assert all(f'value="{name}"' in form for name in PLAYERS4)
    changed = new_wist(client, sealed=False, rules=set_id)  # no question: it is the set being changed
    assert opened(client, changed)["options"]["sealed_buio"] is False
    assert set_ids(client) == [set_id] and SEALED not in text(client.get("/").get_data(as_text=True))


def test_deleting_a_set(client):
    opened(client, new_wist(client))
    [set_id] = set_ids(client)
    assert "Delete “Casa Rossi”" in client.get("/").get_data(as_text=True)
    response = client.post(f"/house-rules/{set_id}/delete", data={"next": "/new"})
    assert response.status_code == 303 and response.headers["Location"] == "/new"
    assert set_ids(client) == [] and "Your house rules" not in client.get("/").get_data(as_text=True)
    assert client.post(f"/house-rules/{set_id}/delete").status_code == 404
    assert client.post(f"/house-rules/{set_id}/start").status_code == 404


def test_another_phones_sets_are_not_there(app, client):
    opened(client, new_wist(client))
    [set_id] = set_ids(client)
    stranger = app.test_client()
    assert "Casa Rossi" not in stranger.get("/").get_data(as_text=True) + stranger.get("/new").get_data(as_text=True)
    games = count_rows(app)
    for response in (stranger.post(f"/house-rules/{set_id}/start"), stranger.post(f"/house-rules/{set_id}/delete"),
                     stranger.get(f"/new?rules={set_id}")):
        assert response.status_code == 404 and "no such saved rules" in response.get_data(as_text=True)
    assert count_rows(app) == games and set_ids(client) == [set_id]
    # The stranger may use the same name for their own rules: no question asked.
    assert new_wist(stranger).status_code == 303 and len(set_ids(stranger)) == 1


def test_bad_names_are_refused_and_nothing_is_created(app, client):
    games = count_rows(app)
    for name, says in (("x" * 41, "at most 40 characters"), ("Casa\x07Rossi", "control characters"),
                       ("\u200b\u0301", "Give the rules a name.")):
        response = new_wist(client, rules_name=name)
        assert response.status_code == 422 and says in response.get_data(as_text=True)
    assert count_rows(app) == games and set_ids(client) == []
    assert new_wist(client, rules_name="   ").status_code == 303  # left empty: a game, no rules saved
    assert set_ids(client) == []
    hostile = '<script>alert("x")</script>'
    opened(client, new_wist(client, rules_name=hostile))
    for page in ("/", "/new"):
        html = client.get(page).get_data(as_text=True)
        assert hostile not in html and "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html
    for bad in ("/house-rules/x/start", "/house-rules/%00/delete"):
        assert client.post(bad).status_code == 404
    assert client.get("/new?rules=nothing").status_code == 404


def test_a_phone_keeps_at_most_fifty_sets(app, client):
    game = opened(client, new_wist(client, rules_name="Set 0"))
    save = f"/g/{game['id']}/{game['key']}/house-rules"
    for number in range(1, 50):
        assert client.post(save, data={"rules_name": f"Set {number}"}).status_code == 200
    games = count_rows(app)
    refused = new_wist(client, rules_name="Set 50")
    assert refused.status_code == 422 and "at most 50 sets of rules: delete one first" in refused.get_data(as_text=True)
    assert count_rows(app) == games and len(set_ids(client)) == 50
    assert new_wist(client, rules_name="Set 7", replace="Set 7").status_code == 303  # replacing one still works


def test_the_share_page_saves_the_rules_of_a_game_under_way(client):
    api = Api(client)
    game = api.game(options={"sealed_buio": True}, first_dealer=2)
    scorer, view = game["keys"]["scorer"], game["keys"]["view"]
    save = f"/g/{game['id']}/{scorer}/house-rules"
    share = client.get(f"/g/{game['id']}/{scorer}/share").get_data(as_text=True)
    assert f'href="{save}"' in share  # the scorer's share page offers it
    assert client.get(f"/g/{game['id']}/{view}/house-rules").status_code == 404
    saved = client.post(save, data={"rules_name": "Casa Rossi"})
    assert saved.status_code == 200 and "Saved as “Casa Rossi”" in saved.get_data(as_text=True)
    assert client.post(save, data={"rules_name": "CASA ROSSI"}).status_code == 409
    assert client.post(save, data={"rules_name": ""}).status_code == 422
    assert "Dario deals first" in text(client.get("/new").get_data(as_text=True))  # Carla dealt first


def test_a_game_started_from_saved_rules_keeps_its_options_through_csv(client):
    opened(client, new_wist(client))
    [set_id] = set_ids(client)
    game = opened(client, client.post(f"/house-rules/{set_id}/start"))
    Api(client).recorded(game["id"], game["key"], 1, {"bids": [3, 0, 4, 2], "tricks": [4, 1, 4, 4]})
    exported = client.get(f"/g/{game['id']}/{game['key']}/export.csv").get_data()
    imported = opened(client, client.post("/import", data={"file": (io.BytesIO(exported), "game.csv")},
                                          content_type="multipart/form-data"))
    assert imported["id"] != game["id"] and imported["options"] == game["options"]
    assert imported["options"]["sealed_buio"] is True and imported["first_dealer"] == game["first_dealer"]
    # The rules come back on another phone too: its scorer saves them from the imported game's sheet.
    other = client.application.test_client()
    again = opened(other, other.post("/import", data={"file": (io.BytesIO(exported), "game.csv")},
                                     content_type="multipart/form-data"))
    assert other.post(f"/g/{again['id']}/{again['key']}/house-rules",
                      data={"rules_name": "Casa Rossi"}).status_code == 200
    [their_set] = set_ids(other)
    assert opened(other, other.post(f"/house-rules/{their_set}/start"))["options"] == game["options"]


def test_a_set_lists_only_the_rules_it_changes(client):
    """Solo Whist's stake is listed with its currency (whose own option is then not listed), its defaults are not."""
    response = client.post("/new", data={"variant": "solo-whist", "player": PLAYERS4, "first_dealer": "3",
                                         "option-stake": "0,10", "rules_name": "Al circolo"})
    assert opened(client, response)["options"]["stake"] == "0.10"
    listed = text(client.get("/").get_data(as_text=True)).split("Al circolo")[1].split("Start")[0]
    assert "Solo Whist · Anna, Bruno, Carla, Dario · Anna deals first" in listed
    assert "0.10" in listed and "System" not in listed and "standard rules" not in listed
    opened(client, client.post("/new", data={"variant": "piquet", "player": ["Anna", "Bruno"], "first_dealer": "0",
                                             "rules_name": "Picchetto"}))
    home = text(client.get("/").get_data(as_text=True))
    assert "Picchetto Piquet · Anna, Bruno · Bruno deals first standard rules" in home
