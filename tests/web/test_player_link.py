"""A player's own link for the evening (#35): a key per player, kept while others come and go; handed out once by
"Where do I sit?"; its page follows the player from table to table (their seat's sheet, the hands to confirm,
their place); it has a seat's power for that player alone, and a replaced one answers as every replaced key."""
from __future__ import annotations

import re

from tests.conftest import make_app
from tests.evenings import play_hands
from tests.web.test_evening_pages import ELEVEN, join_of, seated, text

API = "/api/v1/tournaments"


def bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


def roster(client, tid, key) -> dict:
    """Each player's own key, by name, as the organiser's JSON gives it."""
    data = client.get(f"{API}/{tid}", headers=bearer(key)).get_json()
    return {entry["player"]: entry["key"] for entry in data["seating"]["roster"]}


def plan(client, tid, key) -> list:
    return client.get(f"{API}/{tid}", headers=bearer(key)).get_json()["seating"]["plan"]


def start(client, tid, key, number, table) -> dict:
    response = client.post(f"{API}/{tid}/seating/start", headers=bearer(key),
                           json={"round": number, "table": table, "first_dealer": 0})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def words(response) -> str:
    return " ".join(text(response).split())


def test_each_player_has_a_key_kept_while_others_come_and_go(client):
    tid, key, _data = seated(client)
    keys = roster(client, tid, key)
    assert sorted(keys) == sorted(ELEVEN) and len(set(keys.values())) == 11
    for path in ("roster/withdraw", "roster/arrive"):
        assert client.post(f"{API}/{tid}/{path}", headers=bearer(key), json={"player": "Costanza"}).status_code == 200
    assert client.post(f"{API}/{tid}/roster/arrive", headers=bearer(key), json={"player": "Lucrezia"}).status_code \
        == 200
    after = roster(client, tid, key)
    assert {name: after[name] for name in ELEVEN} == keys and after["Lucrezia"] not in keys.values()
    # Seated again before it began, Ugo gone and the order changed: each link follows its player by name.
    again = list(reversed([name for name in ELEVEN if name != "Ugo"]))
    assert client.put(f"{API}/{tid}/roster", headers=bearer(key), json={"players": again, "rounds": 3}).status_code \
        == 200
    moved = roster(client, tid, key)
    assert moved == {name: keys[name] for name in again}
    assert client.get(f"/t/{tid}/{keys['Ugo']}").status_code == 404
    page = client.get(f"/t/{tid}/{keys['Alessandra']}")
    assert page.status_code == 200 and "Alessandra" in words(page)


def test_where_do_i_sit_hands_the_link_out_once(app, client):
    tid, key, _data = seated(client)
    join = join_of(client, tid, key)
    own = roster(client, tid, key)["Costanza"]
    client = app.test_client()  # the player's own phone
    answer = client.get(f"{join}?player=costanza")
    assert "My own link for the evening" in words(answer) and own not in answer.get_data(as_text=True)
    claimed = client.post(f"{join}/seating/mine", data={"player": "Costanza"})
    assert claimed.status_code == 303 and claimed.headers["Location"] == f"/t/{tid}/{own}"
    # Another phone asks for the same player: the seating only, and the link was taken.
    other = app.test_client()
    again = other.post(f"{join}/seating/mine", data={"player": "Costanza"})
    assert again.status_code == 303 and "/seating" not in again.headers["Location"]
    refused = other.get(again.headers["Location"])
    said = words(refused)
    assert "already taken on another phone" in said and "Round 1: table" in said
    assert own not in refused.get_data(as_text=True)
    # The phone that took it opens it again from the answer, even after scanning the room's code once more.
    assert client.get(join).status_code == 200
    mine = client.get(f"{join}?player=Costanza").get_data(as_text=True)
    assert f'href="/t/{tid}/{own}"' in mine and "already taken" not in mine
    listed = client.get("/tournaments/new").get_data(as_text=True)
    assert f"/t/{tid}/{own}" in listed


def test_the_page_follows_the_player_to_their_seat_round_after_round(client):
    tid, key, _data = seated(client)
    rounds = plan(client, tid, key)
    table = rounds[0]["tables"][0]
    name = table["players"][1]
    own = roster(client, tid, key)[name]
    page = client.get(f"/t/{tid}/{own}")
    said = words(page)
    assert f"Round 1: table {table['table']}, seat 2" in said and f"Start table {table['table']} on this phone" in said
    second = next(t for t in rounds[1]["tables"] if name in t["players"])
    assert f"Round 2: table {second['table']}, seat {second['players'].index(name) + 1}" in said
    partita = start(client, tid, key, 1, table["table"])
    html = client.get(f"/t/{tid}/{own}").get_data(as_text=True)
    seat = partita["keys"]["seats"][1]
    assert f'href="/g/{partita["id"]}/{seat}"' in html
    others = [k for i, k in enumerate(partita["keys"]["seats"]) if i != 1] + [partita["keys"]["scorer"]]
    assert not [k for k in others if k in html]  # no other seat's link, no scorer's
    for other in rounds[0]["tables"][1:]:
        started = start(client, tid, key, 1, other["table"])
        play_hands(client, started["id"], started["keys"]["scorer"], other["players"], seed=7)
    play_hands(client, partita["id"], partita["keys"]["scorer"], table["players"], seed=3)
    # Round 1 over (and nothing to confirm: this evening does not ask): the button goes to round 2's seat.
    following = start(client, tid, key, 2, second["table"])
    html = client.get(f"/t/{tid}/{own}").get_data(as_text=True)
    place = second["players"].index(name)
    assert f'href="/g/{following["id"]}/{following["keys"]["seats"][place]}"' in html
    assert partita["id"] not in html
    assert re.search(r"Place \d+ · [\d ½¼¾⅓⅔]+ table points", words(client.get(f"/t/{tid}/{own}")))


def test_a_players_own_link_starts_their_own_table_and_no_other(app, client):
    """No scan of the table's card: the first player of the table to tap Start on their own page keeps its score;
    the others' pages lead them to their seats. Another table is refused, naming it, and nothing is made."""
    tid, key, _data = seated(client)
    first, second = plan(client, tid, key)[0]["tables"][:2]
    keys = roster(client, tid, key)
    mine, theirs = keys[first["players"][2]], keys[first["players"][0]]
    phone = app.test_client()
    refused = phone.post(f"/t/{tid}/{mine}/seating/start", data={"round": "1", "table": second["table"]})
    assert refused.status_code == 403
    assert f"table {second['table']} of round 1 is not yours" in words(refused)
    assert client.get(f"{API}/{tid}", headers=bearer(key)).get_json()["games"] == []
    started = phone.post(f"/t/{tid}/{mine}/seating/start", data={"round": "1", "table": first["table"]})
    assert started.status_code == 303 and started.headers["Location"].startswith("/g/")
    game_id, scorer = started.headers["Location"].split("/")[2:4]
    assert client.get(f"/api/v1/games/{game_id}", headers=bearer(scorer)).get_json()["players"] == first["players"]
    # A second player of the table taps Start too: no second scorer, back to their page, which leads to the seat.
    late = app.test_client().post(f"/t/{tid}/{theirs}/seating/start", data={"round": "1", "table": first["table"]})
    assert late.status_code == 303 and late.headers["Location"] == f"/t/{tid}/{theirs}"
    assert scorer not in client.get(late.headers["Location"]).get_data(as_text=True)


def test_the_hands_to_confirm_are_counted_and_the_seat_has_my_evening(app, client):
    made = client.post(API, json={"name": "Giovedì", "confirmation": True}).get_json()
    tid, key = made["id"], made["keys"]["organiser"]
    assert client.put(f"{API}/{tid}/roster", headers=bearer(key), json={"players": ELEVEN, "rounds": 2}) \
        .status_code == 200
    table = plan(client, tid, key)[0]["tables"][0]
    name = table["players"][2]
    join = f"/t/{tid}/{made['keys']['join']}"
    own = client.post(f"{join}/seating/mine", data={"player": name}).headers["Location"]
    partita = start(client, tid, key, 1, table["table"])
    play_hands(client, partita["id"], partita["keys"]["scorer"], table["players"], seed=4, stop=2)
    said = words(client.get(own))
    assert "2 hands of your table are waiting for a confirmation" in said
    seat = f"/g/{partita['id']}/{partita['keys']['seats'][2]}"
    sheet = client.get(seat).get_data(as_text=True)
    assert f'href="{own}">My evening</a>' in sheet
    assert "My evening" not in app.test_client().get(seat).get_data(as_text=True)  # a phone without the link


def test_the_personal_key_has_no_other_power(app, client):
    tid, key, _data = seated(client)
    table = plan(client, tid, key)[0]["tables"][0]
    own = roster(client, tid, key)[table["players"][0]]
    partita = start(client, tid, key, 1, table["table"])
    gid = partita["id"]
    stranger = app.test_client()
    assert stranger.get(f"/g/{gid}/{own}").status_code == 404  # no game opens with it
    assert stranger.post(f"/g/{gid}/{own}/hands/1/confirm", data={"version": "1"}).status_code == 404
    assert stranger.put(f"/api/v1/games/{gid}/hands/1", headers=bearer(own), json={}).status_code == 404
    assert stranger.post(f"/t/{tid}/{own}/seating/start", data={"round": "1", "table": "B"}).status_code == 403
    assert stranger.post(f"/t/{tid}/{own}/seating/mine", data={"player": table["players"][1]}).status_code == 404
    assert stranger.get(f"/t/{tid}/{own}/seating/links").status_code == 404
    assert stranger.post(f"/t/{tid}/{own}/seating/links", data={"player": table["players"][1]}).status_code == 404
    assert stranger.post(f"/t/{tid}/{own}/rotate", data={"role": "join"}).status_code == 404
    refused = stranger.put(f"{API}/{tid}/roster", headers=bearer(own), json={"players": ELEVEN, "rounds": 3})
    assert refused.status_code == 403 and refused.get_json()["error"]["code"] == "forbidden"
    data = stranger.get(f"{API}/{tid}", headers=bearer(own)).get_json()
    assert "key" not in data["seating"]["roster"][0] and "scorer" not in data["games"][0]["links"]


def test_the_tv_and_the_room_never_show_a_personal_link(client):
    tid, key, _data = seated(client)
    links = set(roster(client, tid, key).values())
    tv = client.post(f"{API}/{tid}/keys/rotate", headers=bearer(key), json={"role": "view"}).get_json()["key"]
    join = join_of(client, tid, key)
    for page in (client.get(f"/t/{tid}/{tv}"), client.get(f"/t/{tid}/{tv}/standings"), client.get(join),
                 client.get(f"{join}?player=Ugo"), client.get(f"{API}/{tid}", headers=bearer(tv))):
        assert page.status_code == 200
        shown = page.get_data(as_text=True)
        assert not [k for k in links if k in shown]
    organiser = client.get(f"/t/{tid}/{key}/seating/links").get_data(as_text=True)
    assert all(k in organiser for k in links) and organiser.count("<svg") == 11


def test_a_replaced_link_answers_as_every_replaced_key(client):
    tid, key, _data = seated(client)
    old = roster(client, tid, key)["Vera"]
    replaced = client.post(f"/t/{tid}/{key}/seating/links", data={"player": "Vera"})
    assert replaced.status_code == 303 and replaced.headers["Location"].endswith("#player-9")
    new = roster(client, tid, key)["Vera"]
    assert new != old
    gone, unknown = client.get(f"/t/{tid}/{old}"), client.get(f"/t/{tid}/made-up-key-of-thirty-two-letters")
    assert gone.status_code == unknown.status_code == 404
    assert "this link no longer opens it" in words(gone) and "this link no longer opens it" in words(unknown)
    assert client.get(f"{API}/{tid}", headers=bearer(old)).status_code == 404
    assert client.get(f"/t/{tid}/{new}").status_code == 200
    # The room's code hands out no second link: the new one is the organiser's to show.
    join = join_of(client, tid, key)
    assert "/seating" not in client.post(f"{join}/seating/mine", data={"player": "Vera"}).headers["Location"]


def test_a_new_link_for_no_such_player_says_why_on_the_links_page(client):
    """A bare 400 before (#36): now the organiser's links page again, saying which name it could not find, and
    no link is replaced."""
    tid, key, _data = seated(client)
    before = roster(client, tid, key)
    refused = client.post(f"/t/{tid}/{key}/seating/links", data={"player": "Nessuno"})
    assert refused.status_code in (400, 404, 422)
    page = words(refused)
    assert "Nessuno" in page and "Players' own links" in page and page.count("New link") == 11
    assert roster(client, tid, key) == before


def test_the_tv_and_a_players_page_ask_again_as_often_as_the_app_says(tmp_path):
    """TV_POLL and PLAYER_POLL (3 s and 5 s, as above): browser tests marked quick_polls wait out no poll (#36)."""
    client = make_app(tmp_path, TV_POLL="300ms", PLAYER_POLL="400ms").test_client()
    tid, key, _data = seated(client)
    organiser = client.get(f"/t/{tid}/{key}").get_data(as_text=True)
    tv = re.search(r'href="http://localhost(/t/[\w-]+/[\w-]+)">Standings for the TV', organiser).group(1)
    assert 'hx-trigger="every 300ms"' in client.get(tv).get_data(as_text=True)
    own = client.get(f"/t/{tid}/{roster(client, tid, key)['Zeno']}", headers={"HX-Request": "true"})
    assert own.status_code == 200 and 'hx-trigger="every 400ms"' in own.get_data(as_text=True)


def test_the_page_polls_with_an_etag(client):
    tid, key, _data = seated(client)
    own = roster(client, tid, key)["Zeno"]
    first = client.get(f"/t/{tid}/{own}", headers={"HX-Request": "true"})
    assert first.status_code == 200 and 'hx-trigger="every 5s"' in first.get_data(as_text=True)
    same = client.get(f"/t/{tid}/{own}", headers={"HX-Request": "true", "If-None-Match": first.headers["ETag"]})
    assert same.status_code == 304
    table = plan(client, tid, key)[0]["tables"][0]["table"]
    start(client, tid, key, 1, table)
    moved = client.get(f"/t/{tid}/{own}", headers={"HX-Request": "true", "If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200
    page = client.get(f"/t/{tid}/{own}").get_data(as_text=True)
    assert '<meta http-equiv="refresh"' in page
