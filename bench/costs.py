"""The costly doors of #33 (not a test: it asserts nothing, it measures).

1. A hand's history page of a Solo Whist game of 4,000 changes (3,000 deals, then corrections of deal 1 with an
   undo every third), next to a whole replay of that game: the page must cost about one replay.
2. A finished club evening's results card (31 players, 8 rounds): its first drawing, then a fetch of the card
   kept (same version, same language), then a repeat that names its `ETag` (304).

    python bench/costs.py

The seating's cost, and what it does to other requests on the production server, is `bench/seating_load.py`.
"""
from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from evening import play  # noqa: E402
from refresh import bench_app  # noqa: E402

from scorekeeper.formats import card as drawing  # noqa: E402
from scorekeeper.service import games  # noqa: E402
from scorekeeper.store import db as store  # noqa: E402

SOLO = [{"contract": "solo", "declarer": 1, "trump": "H", "tricks": 6}, {"contract": "pass"},
        {"contract": "misere", "declarer": 2, "tricks": 0},
        {"contract": "proposal", "declarer": 0, "partner": 2, "trump": "S", "tricks": 9}]
DEALS, CHANGES = 3000, 4000
PLAYERS, ROUNDS = 31, 8


def solo_game(db) -> tuple[str, str]:
    """A Solo Whist game of `CHANGES` changes, written as one unit (the rules check each as a table would)."""
    loaded, keys = games.create(db, "solo-whist", ["Anna", "Bruno", "Carla", "Dario"], 0, {})
    standing, payloads = [loaded.state], []
    for step in range(CHANGES - 1):
        if step < DEALS:
            change = {"type": "hand", "hand": step + 1, **SOLO[step % len(SOLO)]}
        elif step % 3 == 2:
            standing.pop()
            payloads.append(("undo", {}))
            continue
        else:
            change = {"type": "hand", "hand": 1, **SOLO[1 if standing[-1].records[0].contract == "solo" else 0]}
        standing.append(standing[-1].apply(change))
        payloads.append(("change", change))
    with store.write(db):
        for seq, (kind, payload) in enumerate(payloads, start=2):
            store.append_event(db, loaded.id, seq, kind, payload, "scorer", None)
    return loaded.id, keys["view"]


def timed(what, reads: int = 5) -> tuple[float, float]:
    """p50 and slowest of `reads` calls of `what`, in milliseconds."""
    spent = []
    for _ in range(reads):
        start = time.perf_counter()
        what()
        spent.append((time.perf_counter() - start) * 1000)
    return statistics.median(spent), max(spent)


def history(db, client) -> None:
    game_id, view = solo_game(db)
    rows = store.events(db, game_id)
    client.get(f"/g/{game_id}/{view}")  # replayed once and kept, as a server keeps it
    replay, _ = timed(lambda: games.replay(rows))
    print(f"Solo Whist, {len(rows)} changes: a whole replay {replay:.0f} ms")
    for number in (1, 2, DEALS):
        page = f"/g/{game_id}/{view}/hands/{number}/history"
        assert client.get(page).status_code == 200
        p50, slowest = timed(lambda page=page: client.get(page), reads=3)
        print(f"  history of deal {number:>4}: p50 {p50:6.0f} ms   slowest {slowest:6.0f} ms")


def card(db, client) -> None:
    made = client.post("/api/v1/tournaments", json={"name": "Serata del giovedì"}).get_json()
    tid, keys = made["id"], made["keys"]
    organiser = {"Authorization": f"Bearer {keys['organiser']}"}
    seated = client.put(f"/api/v1/tournaments/{tid}/roster", headers=organiser, json={
        "players": [f"Giocatore {n:02d}" for n in range(1, PLAYERS + 1)], "rounds": ROUNDS}).get_json()
    rng = random.Random(33)
    for round_ in seated["seating"]["plan"]:
        for table in round_["tables"]:
            started = client.post(f"/api/v1/tournaments/{tid}/seating/start", headers=organiser,
                                  json={"round": round_["round"], "table": table["table"]}).get_json()
            play(db, started["id"], started["keys"]["scorer"], rng)
    path = f"/t/{tid}/{keys['view']}/card.png"
    rendering, render = [], drawing.render
    drawing.render = lambda layout: rendering.append(time.perf_counter()) or render(layout)  # type: ignore
    start = time.perf_counter()
    first = client.get(path)
    done = time.perf_counter()
    assert first.status_code == 200, first.status_code
    kept, _ = timed(lambda: client.get(path), reads=20)
    again, _ = timed(lambda: client.get(path, headers={"If-None-Match": first.headers.get("ETag", "")}), reads=20)
    print(f"results card, {PLAYERS} players: first fetch {(done - start) * 1000:.0f} ms (of which the PNG "
          f"{(done - rendering[0]) * 1000:.0f} ms), then kept {kept:.1f} ms (p50), 304 {again:.1f} ms (p50); "
          f"{len(rendering)} drawing, {len(first.data) / 1024:.0f} KB")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        db, client = bench_app(folder)
        history(db, client)
        card(db, client)


if __name__ == "__main__":
    main()
