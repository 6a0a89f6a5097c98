"""Benchmark: do other tables' pages keep answering while the app seats a club evening? (#33, finding 6)

Seating 31 players for 8 rounds is a search of a second or more of CPU. This prints that CPU time, in this
process, then starts the production server (`segnapunti run`'s gunicorn, one gevent worker, so that everything
meets in it) on 127.0.0.1 with a fresh database, and for `--seconds` each:

1. quiet: two clients fetch ordinary games' table views one after another;
2. seating: the same, while a client in a process of its own seats the evening again and again (`PUT
   /api/v1/tournaments/<id>/roster`, a roster of other names each time, so that each is a search).

Prints the other pages' latency (p50, p95, max) in both phases and the seatings' own time. Asserts nothing.
Rate limits are lifted (every client is 127.0.0.1).

    python bench/seating_load.py [--seconds 15] [--players 31] [--rounds 8] [--root DIR]
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from isolation import ROOT, Client, line, ordinary_games, others, start_server, stop  # noqa: E402

from scorekeeper.rules.seating import plan  # noqa: E402


def roster(players: int, turn: int) -> list[str]:
    return [f"Giocatore {turn}-{n:02d}" for n in range(1, players + 1)]


def seat_again(port: int, tournament: dict, players: int, rounds: int, until: float, results) -> None:
    """In a process of its own: seat the evening again and again, each time with other names."""
    client, out, errors, turn = Client(port), [], [], 0
    path = f"/api/v1/tournaments/{tournament['id']}/roster"
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {tournament['keys']['organiser']}"}
    while time.monotonic() < until:
        turn += 1
        body = json.dumps({"players": roster(players, turn), "rounds": rounds}).encode()
        status, data, seconds = client.call("PUT", path, body, headers)
        out.append(seconds) if status == 200 else errors.append(f"seat {status} {data[:200]!r}")
    results.put((out, errors))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=15.0, help="length of each phase")
    parser.add_argument("--players", type=int, default=31)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--root", type=Path, default=ROOT, help="the source tree the server runs from")
    args = parser.parse_args()
    started = time.process_time()
    plan(range(1, args.players + 1), args.rounds)
    print(f"seating {args.players} players for {args.rounds} rounds: {time.process_time() - started:.2f} s of CPU "
          f"(one search, in this process)")
    os.environ["RATE_LIMIT_SEAT"] = ""
    with tempfile.TemporaryDirectory() as folder:
        process, port, log = start_server(args.root.resolve(), Path(folder), 1)
        try:
            client = Client(port)
            paths = ordinary_games(client, 8)
            tournament = client.json("POST", "/api/v1/tournaments", {"name": "Serata"})
            phases: dict[str, list[float]] = {"quiet": [], "seating": []}
            errors: list[str] = []
            seatings: list[float] = []
            for phase in phases:
                until = time.monotonic() + args.seconds
                results: multiprocessing.Queue = multiprocessing.Queue()
                seater = multiprocessing.Process(target=seat_again, args=(port, tournament, args.players, args.rounds,
                                                                          until, results))
                if phase == "seating":
                    seater.start()
                threads = [threading.Thread(target=others, args=(client, paths, until, phases[phase], errors))
                           for _ in range(2)]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
                if phase == "seating":
                    seatings, failed = results.get(timeout=300)
                    errors += failed
                    seater.join()
            print(f"server: 1 gevent worker, from {args.root}; {args.seconds:.0f} s a phase")
            print(f"\n{'':44} {'count':>6} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9}")
            print(line("other pages, quiet", phases["quiet"]))
            print(line(f"other pages, while seating {args.players}×{args.rounds}", phases["seating"]))
            print(line("the seatings (PUT …/roster)", seatings))
            print(f"\nerrors: {len(errors)} {sorted(set(errors))[:5]}")
        finally:
            stop(process)


if __name__ == "__main__":
    main()
