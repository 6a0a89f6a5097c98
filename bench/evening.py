"""A club evening at the most the app seats (#21): 60 players, 8 rounds, every partita played (120 of them).

Prints the time of the seating, of playing the evening through the API (a PUT a hand), then of each page a
finished evening serves — the TV, the organiser's page, the tournament's JSON, the print page, the results card,
the standings CSV — p50 and slowest of several reads, with the size of each answer (uncompressed). A TV polls
every 3 s and gets a 304 while nothing changed; what is timed here is the read after a change.

    python bench/evening.py
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

from replay import legal_bids  # noqa: E402
from refresh import bench_app, some_tricks  # noqa: E402

from scorekeeper.service import games  # noqa: E402

PLAYERS, ROUNDS = 60, 8


def play(db, game_id: str, key: str, rng: random.Random) -> None:
    """Every hand of the partita: legal bids (never the dealer's forbidden sum), the tricks, a trump if asked."""
    scorer = games.authorize(db, game_id, key)
    state = games.load(db, game_id).state
    for spec in state.specs:
        players = len(state.players)
        games.change(db, scorer, {"type": "hand", "hand": spec.number,
                                  "bids": legal_bids(spec, state.dealer(spec.number), players, rng),
                                  "tricks": some_tricks(spec.cards, players, rng),
                                  **({"trump": rng.choice("HDCS")} if spec.trump is None else {})})


def timed(client, label: str, path: str, headers=None, reads: int = 10) -> None:
    spent = []
    for _ in range(reads):
        start = time.perf_counter()
        answer = client.get(path, headers=headers or {})
        spent.append(time.perf_counter() - start)
        assert answer.status_code == 200, (path, answer.status_code)
    print(f"{label:<28} p50 {statistics.median(spent) * 1000:6.0f} ms   slowest {max(spent) * 1000:6.0f} ms"
          f"   {len(answer.data) / 1024:7.1f} KB")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        db, client = bench_app(folder)
        made = client.post("/api/v1/tournaments", json={"name": "Serata grande"}).get_json()
        tid, keys = made["id"], made["keys"]
        organiser = {"Authorization": f"Bearer {keys['organiser']}"}
        start = time.perf_counter()
        seated = client.put(f"/api/v1/tournaments/{tid}/roster", headers=organiser, json={
            "players": [f"Giocatore {n:02d}" for n in range(1, PLAYERS + 1)], "rounds": ROUNDS}).get_json()
        print(f"{PLAYERS} players, {ROUNDS} rounds seated in {time.perf_counter() - start:.2f} s, "
              f"{seated['seating']['repeated_pairs']} repeated pairs")
        rng, partite, start = random.Random(21), 0, time.perf_counter()
        for round_ in seated["seating"]["plan"]:
            for table in round_["tables"]:
                started = client.post(f"/api/v1/tournaments/{tid}/seating/start", headers=organiser,
                                      json={"round": round_["round"], "table": table["table"]}).get_json()
                play(db, started["id"], started["keys"]["scorer"], rng)
                partite += 1
        print(f"{partite} partite played in {time.perf_counter() - start:.1f} s\n")
        timed(client, "TV (standings)", f"/t/{tid}/{keys['view']}")
        timed(client, "organiser's page", f"/t/{tid}/{keys['organiser']}")
        timed(client, "tournament JSON", f"/api/v1/tournaments/{tid}", organiser)
        timed(client, "print page", f"/t/{tid}/{keys['view']}/print")
        timed(client, "results card (PNG)", f"/t/{tid}/{keys['view']}/card.png", reads=3)
        timed(client, "standings CSV", f"/t/{tid}/{keys['organiser']}/standings.csv")


if __name__ == "__main__":
    main()
