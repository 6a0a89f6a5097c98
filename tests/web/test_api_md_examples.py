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

from scorekeeper.web.openapi import document
from tests.module_app import api, app, client  # noqa: F401  (one database per module)

API_MD = Path(__file__).resolve().parents[2] / "docs" / "api.md"
FENCE = re.compile(r"^[ ]*```json\n(.*?)^[ ]*```", re.S | re.M)

# Each example, in order: the schema it shows (a fragment of a game object: the family's game).
NAMED = ["Error", "Error*", "Error", "NewWist", "Created", "PredictionsGame", "Bid", "PredictionsHandBody",
         "PredictionsHand", "Rotate", "Rotated", "Error", "PredictionsHand", "PredictionsGame",
         "PartnershipHandBody", "PartnershipResult", "PartnershipGame", "SoloHandBody", "SoloHand", "SoloGame",
         "PiquetHandBody", "PiquetHandBody", "PiquetResult", "PiquetGame", "NewTournament", "TournamentCreated",
         "Tournament", "NewPartita", "AttachPartita", "PartitaAdded", "RotateTournament", "TournamentRotated",
         "Roster", "Seating", "RosterPlayer", "SwapSeats", "StartTable", "PartitaAdded",
         "NewSeason", "SeasonCreated", "SeasonTournament", "Season", "RotateSeason", "SeasonRotated"]


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


def test_create_a_game_and_bid(api):
    response = api.client.post("/api/v1/games", json=request(3))
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    conforms(created, "Created")
    assert created["game"]["options"] == without_ellipsis(request(4))["game"]["options"]
    gid, key = created["id"], created["keys"]["scorer"]
    game = api.bid(gid, key, 1, 1, request(6)["bid"]).get_json()
    assert game["hands"][0]["bids"][1] == 2
    rotated = api.client.post(f"/api/v1/games/{gid}/keys/rotate", json=request(9), headers=api.headers(key))
    assert rotated.status_code == 200 and rotated.get_json()["seat"] == 2
    conforms(rotated.get_json(), "Rotated")


@pytest.mark.parametrize("variant, players, first_dealer, index", [
    ("whist-classico", ["Anna", "Bruno", "Carla", "Dario"], 0, 14),
    ("solo-whist", ["Anna", "Bruno", "Carla", "Dario"], 3, 17),
    ("piquet", ["Anna", "Bruno"], 1, 20),
    ("piquet", ["Anna", "Bruno"], 1, 21),
])
def test_each_deal_is_recorded(api, variant, players, first_dealer, index):
    data = api.game(variant=variant, players=players, first_dealer=first_dealer)
    game = api.recorded(data["id"], data["keys"]["scorer"], 1, request(index))
    conforms(game, "Game")
    assert game["hands"][0]["scores"] is not None


def test_the_piquet_deal_scores_as_the_example_says(api):
    data = api.game(variant="piquet", players=["Anna", "Bruno"], first_dealer=1)
    game = api.recorded(data["id"], data["keys"]["scorer"], 1, request(20))
    assert {k: v for k, v in game["hands"][0]["result"].items() if k in request(22)} == request(22)


def test_a_tournament_its_partite_and_its_links(api):
    client = api.client
    made = client.post("/api/v1/tournaments", json=request(24))
    assert made.status_code == 201
    conforms(made.get_json(), "TournamentCreated")
    tid, organiser = made.get_json()["id"], made.get_json()["keys"]["organiser"]
    added = client.post(f"/api/v1/tournaments/{tid}/games", json=request(27), headers=api.headers(organiser))
    assert added.status_code == 201, added.get_json()
    conforms(added.get_json(), "PartitaAdded")
    other = api.game(variant="whist-torneo", players=["Anna", "Bruno", "Carla", "Dario"])
    attach = {**request(28), "game_id": other["id"], "key": other["keys"]["scorer"]}
    assert client.post(f"/api/v1/tournaments/{tid}/games", json=attach,
                       headers=api.headers(organiser)).status_code == 201
    rotated = client.post(f"/api/v1/tournaments/{tid}/keys/rotate", json=request(30), headers=api.headers(organiser))
    assert rotated.status_code == 200
    conforms(rotated.get_json(), "TournamentRotated")
    read = client.get(f"/api/v1/tournaments/{tid}", headers=api.headers(organiser))
    conforms(read.get_json(), "Tournament")


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
    assert [r for r in withdrawn["roster"] if r["number"] in (1, 8)] == [r for r in shown["roster"] if r]
    game_id = withdrawn["plan"][0]["tables"][0]["game_id"]
    shown_plan = [{**r, "tables": [{**t, "game_id": game_id if t["game_id"] else None} for t in r["tables"]]}
                  for r in shown["plan"] if r]
    assert withdrawn["plan"][:2] == shown_plan
    swapped = client.post(f"/api/v1/tournaments/{tid}/seating/swap", json=request(NAMED.index("SwapSeats")),
                          headers=api.headers(organiser))
    assert swapped.status_code == 200, swapped.get_json()
