"""A club's ratings recomputed at the largest size we plan for (#37): 500 players, 20,000 finished games — the read
of every game's kept result (`clubs.club_games`), then openskill over all of them (`clubs.ladder`).

The games are written straight into a fresh database as the service keeps them once added (a game's first event,
its seats, its result at its version), so nothing is replayed: what is measured is what every ladder, player page
and CSV of such a club costs. Mixed as a club plays: Wist and Oh Hell for 3–5, partnership Whist 2 × 2, Solo
Whist for 4, Piquet for 2. Prints CPU seconds (this process's time, not the wall's); the goal is under 2 s.

    python bench/club.py [--players 500] [--games 20000] [--seed 37]
"""
from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path

from scorekeeper.rules.ratings import FAMILIES
from scorekeeper.service import clubs
from scorekeeper.store import db as store

KINDS = [("wist", "predictions", 4, None), ("oh-hell", "predictions", 5, None), ("oh-hell", "predictions", 3, None),
         ("whist-classico", "partnership", 4, ((0, 2), (1, 3))), ("solo-whist", "solo", 4, None),
         ("piquet", "piquet", 2, None)]


def build(path: str, players: int, count: int, seed: int) -> str:
    """The club and its games in a new database at `path`; the club's id."""
    db = store.connect(path)
    store.migrate(db)
    club_id, keys = clubs.create(db, "Circolo")
    organiser = clubs.authorize(db, club_id, keys["organiser"])
    for number in range(1, players + 1):
        clubs.add_member(db, organiser, f"Giocatore {number}")
    chance = random.Random(seed)
    games, events, added, seats, results = [], [], [], [], []
    for index in range(count):
        variant, family, size, sides = chance.choice(KINDS)
        game_id, at = f"g{index:06d}", f"2026-{1 + index * 12 // count:02d}-01T20:{index % 60:02d}:00"
        table = chance.sample(range(1, players + 1), size)
        teams = [list(side) for side in sides] if sides else [[seat] for seat in range(size)]
        ranks = [1 + sum(1 for _ in range(i)) for i in range(len(teams))]
        chance.shuffle(ranks)
        games.append({"id": game_id, "variant": variant, "created_at": at})
        events.append({"game_id": game_id, "seq": 1, "type": "created", "created_at": at,
                       "payload": json.dumps({"players": [f"Giocatore {n}" for n in table]})})
        added.append({"game_id": game_id, "club_id": club_id, "added_at": at})
        seats += [{"game_id": game_id, "seat": seat, "player": number} for seat, number in enumerate(table)]
        results.append({"game_id": game_id, "version": 1, "family": family, "finished": 1, "ended_at": at,
                        "teams": json.dumps(teams), "ranks": json.dumps(ranks)})
    with store.write(db):
        for table, rows in (("games", games), ("events", events), ("club_games", added), ("club_game_seats", seats),
                            ("game_results", results)):
            db[table].insert_all(rows, batch_size=2000)
    db.conn.close()
    return club_id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=37)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "club.sqlite3")
        club_id = build(path, args.players, args.games, args.seed)
        db = store.connect(path)
        start = time.process_time()
        every = clubs.club_games(db, club_id)
        read = time.process_time() - start
        found = {family: clubs.ratings(every, family=family) for family in FAMILIES}
        whole = time.process_time() - start
        ladders = [clubs.ladder(db, club_id, family) for family in FAMILIES]  # the ratings kept: the reading again
        again = (time.process_time() - start - whole) / len(ladders)
        print(f"{args.players} players, {len(every)} games: every rating of the club recomputed in {whole:.2f} s CPU "
              f"(reading the games' results {read:.2f} s, rating {whole - read:.2f} s; goal < 2 s); "
              f"{sum(len(by) for f in found.values() for by in f.values())} ratings; "
              f"a ladder once they are kept {again:.2f} s CPU ({sum(len(ladder.rungs) for ladder in ladders)} lines)")

if __name__ == "__main__":
    main()
