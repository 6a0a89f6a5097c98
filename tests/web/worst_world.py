"""The worst world for the doors' budgets (#33, `tests/web/test_bounded.py`, `bench/doors.py`): every door's largest
input, built once. Not a test module itself.

- A game at the cap of 5,000 changes for each family that can reach it: Solo Whist, Wist with sealed bids (bid
  exactly; its opponents confirm each hand), partnership Whist (a rubber), Piquet; each played as the contract
  test's drivers play a long game (every deal, then corrections of the first with an undo every third). Events
  are written straight into the store (the rules check each change as a table's would); the API would take minutes.
- A finished club evening of 60 players × 8 rounds (120 partite, seated by the app), in a season; another of 60 × 8
  seated and not begun (for the writes that change rounds not begun: #33), and an empty one (to seat).
- A club (#37) holding that evening, its 60 names each a roster player (a player's page: 8 partite of hers, the
  club's 120 read, none of their results kept yet).
- A phone whose list holds 1,000 games (the cap games on top) and the evening.
- The largest file the import takes in games: 1,000 games (kept as `csv_many`); and one game at the cap (`csv_cap`).
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from itsdangerous import Signer

from scorekeeper.formats import csvexport
from scorekeeper.rules import VARIANTS, new_game
from scorekeeper.service import clubs, games, phones
from scorekeeper.store import db as store
from tests import torneo_support as ref
from tests.contract.test_replay_cost import events

CAP = store.MAX_EVENTS
FAMILIES = {"solo": ("solo-whist", {}), "sealed": ("wist", {"sealed_buio": True}),  # sealed: confirmation on
            "partnership": ("whist-classico", {}), "piquet": ("piquet", {})}
PLAYERS, ROUNDS = 60, 8
FILE_GAMES = 1000
PIQUET_DEAL = {"type": "hand", "hand": 1, "point": [5, 0], "sets": [0, 3], "trick_winners": [0] * 7 + [1] * 5}


def bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


@dataclass
class Worst:
    """What the worst world holds: ids and links of each piece."""

    games: dict[str, dict] = field(default_factory=dict)  # family → {"id", "keys"}
    evening: dict = field(default_factory=dict)  # {"id", "keys"} as created
    fresh: dict = field(default_factory=dict)  # the evening not begun: {"id", "keys", "swap": two of round 2}
    empty: dict = field(default_factory=dict)  # a tournament with no roster yet
    season: dict = field(default_factory=dict)
    partita: dict = field(default_factory=dict)  # one of the evening's partite, {"id", "keys"}
    player: str = ""  # the evening's first player's own link (#35)
    club: dict = field(default_factory=dict)  # {"id", "keys", "player": the first roster player's own link}
    phone: str = ""  # the device cookie's value
    csv_many: bytes = b""
    csv_cap: bytes = b""


def at_the_cap(db, variant_id: str, options: dict, confirmation: bool = False) -> dict:
    """A game of `CAP` events (its creation, changes and undos), written in one unit."""
    variant = VARIANTS[variant_id]
    rows = events(variant, CAP - 1)
    created = rows[0]["payload"]
    loaded, keys = games.create(db, variant_id, created["players"], 0, {**created["options"], **options},
                                confirmation=confirmation)
    with store.write(db):
        for row in rows[1:]:
            store.append_event(db, loaded.id, row["seq"], row["type"], row["payload"], "scorer", None)
    return {"id": loaded.id, "keys": keys}


def correction(db, game_id: str) -> dict:
    """The correction of a Wist game's first hand a scorer could send next: its bids, its tricks the other way
    round."""
    first = games.replay(store.events(db, game_id)).hand(1)
    return {"bids": list(first.bids), "tricks": list(first.tricks)[::-1]}


def played(db, game_id: str, players: int, seed: int) -> None:
    """A whist-torneo partita played to its end, its hands written in one unit (as `tests.evenings.play_hands`)."""
    changes = []
    for hand in ref.make_game(players, "ridotto", seed):
        change = {"type": "hand", "hand": hand["number"], "bids": hand["bids"], "tricks": hand["tricks"],
                  "penalties": hand["penalties"]}
        if hand["trump"]:
            change["trump"] = hand["trump"]
        changes.append(change)
    with store.write(db):
        store.append_events(db, game_id, 2, "change", changes, "scorer", None)


def the_evening(client, db, world: Worst) -> None:
    """60 players × 8 rounds seated by the app, every partita started and played to its end; in a season."""
    made = client.post("/api/v1/tournaments", json={"name": "Serata grande"}).get_json()
    organiser = bearer(made["keys"]["organiser"])
    seated = client.put(f"/api/v1/tournaments/{made['id']}/roster", headers=organiser, json={
        "players": [f"Giocatore {n:02d}" for n in range(1, PLAYERS + 1)], "rounds": ROUNDS}).get_json()
    for round_ in seated["seating"]["plan"]:
        for table in round_["tables"]:
            started = client.post(f"/api/v1/tournaments/{made['id']}/seating/start", headers=organiser,
                                  json={"round": round_["round"], "table": table["table"], "first_dealer": 0})
            assert started.status_code == 201, started.get_json()
            partita = started.get_json()
            played(db, partita["id"], len(table["players"]), seed=len(world.games) + round_["round"])
            world.partita = {"id": partita["id"], "keys": partita["keys"]}
    world.evening = made
    world.player = seated["seating"]["roster"][0]["key"]
    world.fresh, world.empty = not_begun(client), client.post("/api/v1/tournaments", json={"name": "Vuota"}).get_json()
    season = client.post("/api/v1/seasons", json={"name": "Stagione"}).get_json()
    added = client.post(f"/api/v1/seasons/{season['id']}/tournaments", headers=bearer(season["keys"]["organiser"]),
                        json={"tournament": made["id"], "key": made["keys"]["view"]})
    assert added.status_code == 201, added.get_json()
    world.season = season


def the_club(db, world: Worst) -> None:
    """A club holding the finished evening, each of its names a new roster player; the first one's own link."""
    club_id, keys = clubs.create(db, "Circolo grande")
    who = clubs.authorize(db, club_id, keys["organiser"])
    names = clubs.evening_names(db, world.evening["id"])
    clubs.add_evening(db, who, world.evening["id"], world.evening["keys"]["organiser"], ["new"] * len(names))
    world.club = {"id": club_id, "keys": keys, "player": clubs.player_link(db, who, 1)}


def not_begun(client) -> dict:
    """An evening of 60 players × 8 rounds seated by the app, no table started: its rounds can all be seated again."""
    made = client.post("/api/v1/tournaments", json={"name": "Serata nuova"}).get_json()
    seated = client.put(f"/api/v1/tournaments/{made['id']}/roster", headers=bearer(made["keys"]["organiser"]), json={
        "players": [f"Giocatore {n:02d}" for n in range(1, PLAYERS + 1)], "rounds": ROUNDS}).get_json()
    tables = seated["seating"]["plan"][1]["tables"]
    return {**made, "swap": [tables[0]["players"][0], tables[1]["players"][0]]}


def many_games(count: int) -> bytes:
    """A file of `count` games of one Piquet deal each, as "Download all games" writes them."""
    state = new_game("piquet", ["Ann", "Bob"], 1, {}).apply(PIQUET_DEAL)
    rows = [row for number in range(count) for row in csvexport.cells(f"game{number:05d}", state, False)]
    return csvexport.text(csvexport.GAME_COLUMNS, rows).encode()


def the_phone(app, db, world: Worst) -> None:
    """A phone whose list holds 1,000 games, the cap games on top, and the evening."""
    device = secrets.token_urlsafe(24)
    world.phone = Signer(app.config["SECRET_KEY"], salt="device").sign(device).decode()
    made = games.create_in_turns(db, [games.New("piquet", ["Ann", "Bob"], 1, {}) for _ in range(FILE_GAMES)])
    listed = [(loaded.id, keys["scorer"], "scorer", "Ann, Bob") for loaded, keys in made]
    listed += [(game["id"], game["keys"]["scorer"], "scorer", family) for family, game in world.games.items()]
    phones.keep_all(db, "game", device, listed)
    phones.keep_all(db, "tournament", device, [(world.evening["id"], world.evening["keys"]["organiser"],
                                                 "organiser", "Serata grande")])


def build(app) -> Worst:
    """The worst world in `app`'s database."""
    world = Worst()
    client = app.test_client(use_cookies=False)
    db = store.connect(app.config["SCOREKEEPER_DATABASE"])
    try:
        for family, (variant_id, options) in FAMILIES.items():
            world.games[family] = at_the_cap(db, variant_id, options, confirmation=family == "sealed")
        world.games["sealed"]["hand"] = correction(db, world.games["sealed"]["id"])
        the_evening(client, db, world)
        the_club(db, world)
        the_phone(app, db, world)
    finally:
        db.conn.close()
    world.csv_many = many_games(FILE_GAMES)
    world.csv_cap = client.get(f"/api/v1/games/{world.games['solo']['id']}/export.csv",
                               headers=bearer(world.games["solo"]["keys"]["view"])).get_data()
    return world
