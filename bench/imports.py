"""Benchmark: a file of 1,000 games imported while the other requests of its worker go on (#33).

Starts the production server (gunicorn, gevent workers; one by default, so that every other request shares
the importing worker, as the worst case) on 127.0.0.1 with a fresh database, and an ordinary Wist game.
Then imports a file of `--games` tiny games (one Piquet deal each, as "Download all games" writes them),
through the API (no key) and through the home page's form (multipart, which also puts every game on the
phone's list), while one client reads the Wist game's sheet and another records a bid in it, one request
after another, for as long as the import runs.

Prints the import's time and its answer's size (plain, and compressed as a phone asks for it), and the
latency of the other requests made during it (count, p50, p95, max) and any errors. Asserts nothing. Rate
limits are lifted.

    python bench/imports.py [--games 1000] [--workers 1] [--root DIR]

`--root` runs the server from another source tree (an older version, to compare).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from isolation import Client, line, start_server, stop  # noqa: E402

from scorekeeper.formats import csvexport  # noqa: E402
from scorekeeper.rules import new_game  # noqa: E402

DEAL = {"type": "hand", "hand": 1, "point": [5, 0], "sets": [0, 3], "trick_winners": [0] * 7 + [1] * 5}


def tiny_games(count: int) -> bytes:
    """A file of `count` games of one Piquet deal each."""
    state = new_game("piquet", ["Ann", "Bob"], 1, {}).apply(DEAL)
    rows = [row for number in range(count) for row in csvexport.cells(f"game{number:05d}", state, False)]
    return csvexport.text(csvexport.GAME_COLUMNS, rows).encode()


def multipart(body: bytes) -> tuple[bytes, dict]:
    """The home page's import form with `body` as its file."""
    boundary = uuid.uuid4().hex
    form = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"games.csv\"\r\n"
            f"Content-Type: text/csv\r\n\r\n").encode() + body + f"\r\n--{boundary}--\r\n".encode()
    return form, {"Content-Type": f"multipart/form-data; boundary={boundary}"}


def meanwhile(client: Client, request, done: threading.Event, out: list[float], errors: list[str]) -> None:
    """`request()` again and again until `done`: each one's seconds into `out`."""
    while not done.is_set():
        try:
            status, data, seconds = request()
        except OSError as error:
            errors.append(str(error))
            continue
        out.append(seconds) if status < 400 else errors.append(f"{status} {data[:120]!r}")


def import_during(client: Client, game: dict, path: str, body: bytes, headers: dict) -> dict:
    """One import, with a reader and a writer of the Wist game going on meanwhile."""
    sheet = f"/g/{game['id']}/{game['keys']['view']}"
    bid = f"/api/v1/games/{game['id']}/hands/1/bids/1"
    writes = {"Content-Type": "application/json", "Authorization": f"Bearer {game['keys']['scorer']}"}
    done, reads, bids, errors = threading.Event(), [], [], []
    others = [threading.Thread(target=meanwhile, args=(client, lambda: client.call("GET", sheet), done, reads,
                                                       errors)),
              threading.Thread(target=meanwhile, args=(client, lambda: client.call("PUT", bid, b'{"bid": 0}', writes),
                                                       done, bids, errors))]
    for other in others:
        other.start()
    time.sleep(0.2)  # both going before the import starts
    status, data, seconds = client.call("POST", path, body, headers, timeout=600)
    done.set()
    for other in others:
        other.join()
    return {"status": status, "seconds": seconds, "bytes": len(data), "reads": reads, "bids": bids,
            "errors": errors}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games in the file")
    parser.add_argument("--workers", type=int, default=1, help="gunicorn workers")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1],
                        help="the source tree the server runs from")
    args = parser.parse_args()
    body = tiny_games(args.games)
    form, form_headers = multipart(body)
    with tempfile.TemporaryDirectory() as folder:
        process, port, log = start_server(args.root.resolve(), Path(folder), args.workers)
        try:
            client = Client(port)
            game = client.json("POST", "/api/v1/games", {"variant": "wist", "players": ["Anna", "Bruno", "Carla",
                                                                                        "Dario"], "first_dealer": 0})
            print(f"server: {args.workers} gevent worker(s), from {args.root}; a file of {args.games} games, "
                  f"{len(body) / 1e3:.0f} KB")
            runs = [("API import", "/api/v1/games/import", body, {"Content-Type": "text/csv"}),
                    ("API import, answer compressed", "/api/v1/games/import", body,
                     {"Content-Type": "text/csv", "Accept-Encoding": "br, gzip"}),
                    ("the home page's import form", "/import", form, form_headers)]
            for label, path, sent, headers in runs:
                found = import_during(client, game, path, sent, headers)
                print(f"\n{label}: {found['status']} in {found['seconds']:.2f} s, an answer of "
                      f"{found['bytes'] / 1e3:.0f} KB; errors meanwhile: {len(found['errors'])} "
                      f"{sorted(set(found['errors']))[:3]}")
                print(f"{'meanwhile, ms':44} {'count':>6} {'p50':>9} {'p95':>9} {'max':>9}")
                print(line("the sheet read", found["reads"]))
                print(line("a bid written", found["bids"]))
            print(f"\nWORKER TIMEOUT in the server's log: {log.read_text().count('WORKER TIMEOUT')}")
        finally:
            stop(process)


if __name__ == "__main__":
    main()
