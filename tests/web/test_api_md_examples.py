"""docs/api.md's JSON examples are tests (issue 17): every fenced example is named here by what it shows; each
answer conforms to the document's schema of it (closed: a field the document does not declare fails), each
request passes the declaration the server checks it with, and is replayed against a test app.

An example abbreviated with "…" is checked for what it shows (no field is required of it). A new example in
docs/api.md fails `test_every_example_is_named` until it is named below.
"""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import jsonschema_rs
import pytest

from scorekeeper.web.assets.openapi import document
from tests.module_app import api, app, client  # noqa: F401  (one database per module)

API_MD = Path(__file__).resolve().parents[2] / "docs" / "api.md"
FENCE = re.compile(r"^[ ]*```json\n(.*?)^[ ]*```", re.S | re.M)

# Each example, in order: the schema it shows (a fragment of a game object: the family's game).
NAMED = ["Error", "Error*", "Error", "NewWist", "Created", "PredictionsGame", "Bid", "PredictionsHandBody",
         "PredictionsHand", "Error", "Rotate", "Rotated", "Error", "PredictionsHand", "PredictionsGame",
         "PartnershipHandBody", "PartnershipResult", "PartnershipGame", "SoloHandBody", "SoloHand", "SoloGame",
         "PiquetHandBody", "PiquetHandBody", "PiquetResult", "PiquetGame", "NewTournament", "TournamentCreated",
         "Tournament", "Partita", "NewPartita", "NewPartita", "AttachPartita", "PartitaAdded", "RotateTournament",
         "TournamentRotated", "Roster", "Seating", "RosterPlayer", "SwapSeats", "StartTable", "PartitaAdded",
         "NewSeason", "SeasonCreated", "SeasonTournament", "Season", "RotateSeason", "SeasonRotated",
         "NewClub", "ClubCreated", "NewMember", "ClubMember", "ClubGameBody", "Club"]


def examples() -> list[tuple[str, object]]:
    """(text, value) of every fenced JSON example: an object, a fragment of one (wrapped), or one per line."""
    out = []
    for text in FENCE.findall(API_MD.read_text(encoding="utf-8")):
        try:
            value = json.loads(text)
        except ValueError:
            try:
                value = json.loads("{" + text + "}")
            except ValueError:
                value = [json.loads(line) for line in text.splitlines() if line.strip()]
        out.append((text, value))
    return out


def closed(node, lenient: bool):
    """The schema with every object closed (no undeclared field) and, for an abbreviated example, nothing
    required."""
    if isinstance(node, dict):
        node = {key: closed(value, lenient) for key, value in node.items()}
        if "properties" in node and "additionalProperties" not in node:
            node["additionalProperties"] = False
        if lenient:
            node.pop("required", None)
        return node
    if isinstance(node, list):
        return [closed(value, lenient) for value in node]
    return node


def abbreviated(value) -> bool:
    if isinstance(value, dict):
        return "…" in value or any(abbreviated(v) for v in value.values())
    return isinstance(value, list) and any(abbreviated(v) for v in value)


def without_ellipsis(value):
    if isinstance(value, dict):
        return {k: without_ellipsis(v) for k, v in value.items() if k != "…"}
    if isinstance(value, list):
        return [without_ellipsis(v) for v in value]
    return value


def conforms(value, name: str, lenient: bool = False) -> None:
    components = closed(copy.deepcopy(document()["components"]), lenient)
    validator = jsonschema_rs.Draft202012Validator({"$ref": f"#/components/schemas/{name}",
                                                    "components": components})
    errors = [f"{error.instance_path}: {error.message}" for error in validator.iter_errors(value)]
    assert not errors, (name, errors[:5])


def test_every_example_is_named():
    assert len(examples()) == len(NAMED)


@pytest.mark.parametrize("index", range(len(NAMED)), ids=lambda i: f"{i}-{NAMED[i]}")
def test_each_example_conforms_to_the_document(index):
    text, value = examples()[index]
    name = NAMED[index]
    if name.endswith("*"):  # one example per line
        for each in value:
            conforms(each, name[:-1])
        return
    fragment = not text.lstrip().startswith("{")
    conforms(without_ellipsis(value), name, lenient=fragment or abbreviated(value))


# -- the requests, replayed -----------------------------------------------------------------------------------------
def request(index: int) -> dict:
    return examples()[index][1]


def at(name: str, nth: int = 0) -> int:
    """The index of the `nth` example named `name` (0: the first)."""
    return [index for index, named in enumerate(NAMED) if named == name][nth]


def test_create_a_game_and_bid(api):
    response = api.client.post("/api/v1/games", json=request(at("NewWist")))
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    conforms(created, "Created")
    assert created["game"]["options"] == without_ellipsis(request(at("Created")))["game"]["options"]
    gid, key = created["id"], created["keys"]["scorer"]
    game = api.bid(gid, key, 1, 1, request(at("Bid"))["bid"]).get_json()
    assert game["hands"][0]["bids"][1] == 2
    rotated = api.client.post(f"/api/v1/games/{gid}/keys/rotate", json=request(at("Rotate")),
                              headers=api.headers(key))
    assert rotated.status_code == 200 and rotated.get_json()["seat"] == 2
    conforms(rotated.get_json(), "Rotated")


@pytest.mark.parametrize("variant, players, first_dealer, index", [
    ("whist-classico", ["Anna", "Bruno", "Carla", "Dario"], 0, at("PartnershipHandBody")),
    ("solo-whist", ["Anna", "Bruno", "Carla", "Dario"], 3, at("SoloHandBody")),
    ("piquet", ["Anna", "Bruno"], 1, at("PiquetHandBody")),
    ("piquet", ["Anna", "Bruno"], 1, at("PiquetHandBody", 1)),
])
def test_each_deal_is_recorded(api, variant, players, first_dealer, index):
    data = api.game(variant=variant, players=players, first_dealer=first_dealer)
    game = api.recorded(data["id"], data["keys"]["scorer"], 1, request(index))
    conforms(game, "Game")
    assert game["hands"][0]["scores"] is not None


def test_the_piquet_deal_scores_as_the_example_says(api):
    data = api.game(variant="piquet", players=["Anna", "Bruno"], first_dealer=1)
    game = api.recorded(data["id"], data["keys"]["scorer"], 1, request(at("PiquetHandBody")))
    shown = request(at("PiquetResult"))
    assert {k: v for k, v in game["hands"][0]["result"].items() if k in shown} == shown


def test_a_tournament_its_partite_and_its_links(api):
    client = api.client
    made = client.post("/api/v1/tournaments", json=request(at("NewTournament")))
    assert made.status_code == 201
    conforms(made.get_json(), "TournamentCreated")
    tid, organiser = made.get_json()["id"], made.get_json()["keys"]["organiser"]
    added = client.post(f"/api/v1/tournaments/{tid}/games", json=request(at("NewPartita")),
                        headers=api.headers(organiser))
    assert added.status_code == 201, added.get_json()
    conforms(added.get_json(), "PartitaAdded")
    other = api.game(variant="whist-torneo", players=["Anna", "Bruno", "Carla", "Dario"])
    attach = {**request(at("AttachPartita")), "game_id": other["id"], "key": other["keys"]["scorer"]}
    assert client.post(f"/api/v1/tournaments/{tid}/games", json=attach,
                       headers=api.headers(organiser)).status_code == 201
    rotated = client.post(f"/api/v1/tournaments/{tid}/keys/rotate", json=request(at("RotateTournament")),
                          headers=api.headers(organiser))
    assert rotated.status_code == 200
    conforms(rotated.get_json(), "TournamentRotated")
    read = client.get(f"/api/v1/tournaments/{tid}", headers=api.headers(organiser))
    conforms(read.get_json(), "Tournament")


def test_a_sealed_hand_closes_its_bidding_as_the_example_says(api):
    """#34: once every sealed bid is in, no bid changes until the tricks are recorded, whoever sends it and whatever
    the value (the same one too): a hand's `bids` get the example's 409, a seat's bid the same code; nothing
    changes, and the tricks then open the slips."""
    data = api.game(variant="house-rules", players=["Anna", "Bruno", "Carla", "Dario"], first_dealer=0,
                    options={"sealed": True})
    gid, scorer = data["id"], data["keys"]["scorer"]
    for seat, bid in enumerate([1, 0, 0, 1]):
        assert api.bid(gid, data["keys"]["seats"][seat], 1, seat, bid).status_code == 200
    before = api.snapshot(gid, scorer)
    shown = request(at("Error", 2))
    for bids in ([1, 0, 0, 1], [0, 0, 0, 0]):
        refused = api.hand(gid, scorer, 1, {"bids": bids})
        assert (refused.status_code, refused.get_json()) == (409, shown)
    refused = api.bid(gid, data["keys"]["seats"][0], 1, 0, 1)
    assert refused.status_code == 409 and refused.get_json()["error"]["code"] == shown["error"]["code"]
    assert api.snapshot(gid, scorer) == before
    cards = data["game"]["hands"][0]["cards"]
    opened = api.recorded(gid, scorer, 1, {"trump": "S", "tricks": [1, 0, 0, cards - 1]})
    assert opened["hands"][0]["bids"] == [1, 0, 0, 1]


def test_a_preset_tournament_adds_partite_of_its_preset_as_the_example_says(api):
    """#34: a tournament of a house-rules preset starts each table's partita as a game of that preset, with the
    preset's own options; a game of another variant is not attached."""
    client = api.client
    made = client.post("/api/v1/tournaments", json={"name": "Oh Hell al circolo", "variant": "oh-hell"}).get_json()
    tid, organiser = made["id"], made["keys"]["organiser"]
    sent = request(at("NewPartita", 1))
    added = client.post(f"/api/v1/tournaments/{tid}/games", json=sent, headers=api.headers(organiser))
    assert added.status_code == 201, added.get_json()
    conforms(added.get_json(), "PartitaAdded")
    partita = added.get_json()
    alone = api.game(variant="oh-hell", players=sent["players"])["game"]
    assert (partita["variant"], partita["table"], partita["game"]["players"]) == ("oh-hell", "B", sent["players"])
    assert partita["game"]["options"] == alone["options"]          # the preset's own, as a game of it alone
    assert [g["variant"] for g in partita["tournament"]["games"]] == ["oh-hell"]
    other = api.game(variant="whist-torneo", players=["Anna", "Bruno", "Carla"])
    refused = client.post(f"/api/v1/tournaments/{tid}/games", json={"game_id": other["id"],
                          "key": other["keys"]["scorer"]}, headers=api.headers(organiser))
    assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "invalid_game"


def test_a_tournament_says_which_hands_await_confirmation_as_the_example_says(api):
    """#34: each partita of the tournament's JSON lists its complete hands still to confirm, as the game's JSON
    does; a confirmation on a player's phone takes its hand off the list and changes the tournament's version."""
    client = api.client
    made = client.post("/api/v1/tournaments", json={"name": "Circolo", "confirmation": True}).get_json()
    tid, organiser = made["id"], made["keys"]["organiser"]
    added = client.post(f"/api/v1/tournaments/{tid}/games", headers=api.headers(organiser), json={
        "players": ["Tizio", "Caio", "Isacco", "Sempronio"], "first_dealer": 0, "table": "A", "round": 1}).get_json()
    gid, scorer, seats = added["id"], added["keys"]["scorer"], added["keys"]["seats"]
    for number, (bids, tricks) in enumerate([([1, 0, 1, 0], [1, 0, 2, 0]), ([1, 1, 1, 1], [2, 1, 1, 1]),
                                             ([2, 2, 1, 1], [2, 2, 2, 1])], start=1):
        game = api.recorded(gid, scorer, number, {"trump": "S", "bids": bids, "tricks": tricks})
    read = client.get(f"/api/v1/tournaments/{tid}", headers=api.headers(organiser))
    assert read.get_json()["games"][0]["unconfirmed"] == [1, 2, 3] == game["confirmation"]["unconfirmed"]
    confirmed = client.post(f"/api/v1/games/{gid}/hands/1/confirm", json={"version": game["version"]},
                            headers=api.headers(seats[1]))
    assert confirmed.status_code == 200, confirmed.get_json()
    again = client.get(f"/api/v1/tournaments/{tid}", headers=api.headers(made["keys"]["view"]))
    conforms(again.get_json(), "Tournament")
    assert again.headers["ETag"] != read.headers["ETag"]
    partita, shown = again.get_json()["games"][0], without_ellipsis(request(at("Partita")))
    assert {name: partita[name] for name in shown if name != "id"} == {k: v for k, v in shown.items() if k != "id"}
    assert partita["unconfirmed"] == confirmed.get_json()["confirmation"]["unconfirmed"] == [2, 3]
    plain = client.post("/api/v1/tournaments", json={"name": "Senza conferme"}).get_json()
    client.post(f"/api/v1/tournaments/{plain['id']}/games", headers=api.headers(plain["keys"]["organiser"]),
                json={"players": ["Tizio", "Caio", "Isacco"]})
    read = client.get(f"/api/v1/tournaments/{plain['id']}", headers=api.headers(plain["keys"]["view"])).get_json()
    assert read["games"][0]["unconfirmed"] == []


def test_a_season_link_replaced_as_the_example_says(api):
    client = api.client
    made = client.post("/api/v1/seasons", json=request(NAMED.index("NewSeason")))
    assert made.status_code == 201
    conforms(made.get_json(), "SeasonCreated")
    sid, keys = made.get_json()["id"], made.get_json()["keys"]
    sent = request(NAMED.index("RotateSeason"))
    rotated = client.post(f"/api/v1/seasons/{sid}/keys/rotate", json=sent, headers=api.headers(keys["organiser"]))
    assert rotated.status_code == 200, rotated.get_json()
    conforms(rotated.get_json(), "SeasonRotated")
    assert rotated.get_json()["role"] == sent["role"] == request(NAMED.index("SeasonRotated"))["role"]
    assert client.get(f"/api/v1/seasons/{sid}", headers=api.headers(keys[sent["role"]])).status_code == 404


def test_a_club_evening_seated_as_the_examples_say(api):
    """The roster example seats the plan shown (the search is seeded: the same roster, the same tables), the
    table started and the withdrawal give the seating shown, and the swap and start examples are accepted."""
    client = api.client
    tid, organiser = (made := client.post("/api/v1/tournaments", json={"name": "Circolo"}).get_json())["id"], \
        made["keys"]["organiser"]
    index = NAMED.index("Roster")
    seated = client.put(f"/api/v1/tournaments/{tid}/roster", json=request(index), headers=api.headers(organiser))
    assert seated.status_code == 200, seated.get_json()
    conforms(seated.get_json(), "Tournament")
    started = client.post(f"/api/v1/tournaments/{tid}/seating/start", json=request(NAMED.index("StartTable")),
                          headers=api.headers(organiser))
    assert started.status_code == 201
    withdrawn = client.post(f"/api/v1/tournaments/{tid}/roster/withdraw", json=request(NAMED.index("RosterPlayer")),
                            headers=api.headers(organiser)).get_json()["seating"]
    shown = without_ellipsis(request(NAMED.index("Seating")))
    assert {k: withdrawn[k] for k in ("rounds", "begun", "repeated_pairs")} == \
        {k: shown[k] for k in ("rounds", "begun", "repeated_pairs")}
    own = ("key", "claimed", "link")  # each player's own link, in the organiser's answer (#35)
    assert [{k: v for k, v in r.items() if k not in own} for r in withdrawn["roster"] if r["number"] in (1, 8)] == \
        [r for r in shown["roster"] if r]
    game_id = withdrawn["plan"][0]["tables"][0]["game_id"]
    shown_plan = [{**r, "tables": [{**t, "game_id": game_id if t["game_id"] else None} for t in r["tables"]]}
                  for r in shown["plan"] if r]
    assert withdrawn["plan"][:2] == shown_plan
    swapped = client.post(f"/api/v1/tournaments/{tid}/seating/swap", json=request(NAMED.index("SwapSeats")),
                          headers=api.headers(organiser))
    assert swapped.status_code == 200, swapped.get_json()


def test_a_club_its_roster_a_game_and_its_ladder_as_the_examples_say(api):
    """#37: the club's examples replayed: created, four players (Alessandra with her nickname), a whole Wist game
    added with its seats matched, and the ladder read as the example shows it (ids, keys and times aside)."""
    client = api.client
    made = client.post("/api/v1/clubs", json=request(at("NewClub")))
    assert made.status_code == 201
    conforms(made.get_json(), "ClubCreated")
    club_id, organiser = made.get_json()["id"], made.get_json()["keys"]["organiser"]
    for name in ("Alessandra", "Bartolomeo", "Costanza", "Domenico"):
        sent = request(at("NewMember")) if name == "Alessandra" else {"name": name}
        added = client.post(f"/api/v1/clubs/{club_id}/players", json=sent, headers=api.headers(organiser))
        assert added.status_code == 201
    assert added.get_json() == {**request(at("ClubMember")), "number": 4, "name": "Domenico", "nickname": ""}
    game = api.game(players=["Alessandra", "Bartolo", "Costanza", "Domenico"], first_dealer=0)
    for number in range(1, 9):
        bids = [0, 0, 0, 0] if number == 8 else [3, 3, 3, 3]
        api.hand(game["id"], game["keys"]["scorer"], number, {"bids": bids, "tricks": [13, 0, 0, 0]})
    sent = {**request(at("ClubGameBody")), "game": game["id"], "key": game["keys"]["scorer"]}
    added = client.post(f"/api/v1/clubs/{club_id}/games", json=sent, headers=api.headers(organiser))
    assert added.status_code == 201, added.get_json()
    read = client.get(f"/api/v1/clubs/{club_id}", headers=api.headers(organiser)).get_json()
    conforms(read, "Club")
    shown = request(at("Club"))
    assert (read["roster"], read["ladder"], read["families"]) == (shown["roster"], shown["ladder"], shown["families"])
