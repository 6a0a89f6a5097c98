"""Benchmark: do other tables' pages keep answering while a long game is imported and read? (#16)

Starts the production server (`segnapunti run`'s gunicorn: gevent workers, `WORKERS`=2 by default) on
127.0.0.1 with a fresh database, creates a few ordinary games (Wist, half played) and, from the pure
rules, the CSV of a Solo Whist game of 4,999 deals (the cap of 5,000 events). Then, for `--seconds`
each:

1. quiet: two clients fetch the ordinary games' sheets one after another (the table view, a full
   page, as a TV shows it);
2. attacked: the same, while one client imports the long game again and again (`POST
   /api/v1/games/import`, no key needed) and `--readers` clients (4 by default) fetch its sheet and
   its JSON, all at once, again and again (each read of a game kept by its worker replays nothing,
   but draws 4,999 rows).

Prints the other pages' latency (p50, p95, max) in both phases, and how many imports and long reads
were done and how long they took. Asserts nothing ("other tables' pages answering within a second" is
for a reader of the numbers). Rate limits and stream caps are lifted (every client is 127.0.0.1). The
attacking clients run in processes of their own, so that the clients measuring the other pages never
wait for Python's lock behind them (which would count in the latency as the server's).

    python bench/isolation.py [--seconds 20] [--readers 4] [--deals 4999] [--workers 2] [--root DIR]

`--root` runs the server from another source tree (an older version, to compare).
"""
from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper.formats import csvexport  # noqa: E402
from scorekeeper.server.cli import server_command  # noqa: E402
from scorekeeper.rules import new_game  # noqa: E402

SOLO = [{"contract": "solo", "declarer": 1, "trump": "H", "tricks": 6}, {"contract": "pass"},
        {"contract": "misere", "declarer": 2, "tricks": 0},
        {"contract": "proposal", "declarer": 0, "partner": 2, "trump": "S", "tricks": 9},
        {"contract": "abondance", "declarer": 3, "trump": "C", "tricks": 10}]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else float("nan")


class Client:
    def __init__(self, port: int):
        self.port = port

    def call(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
             timeout: float = 120) -> tuple[int, bytes, float]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        started = time.perf_counter()
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            data = response.read()
            return response.status, data, time.perf_counter() - started
        finally:
            connection.close()

    def json(self, method: str, path: str, document=None, key: str | None = None) -> dict:
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        status, data, _ = self.call(method, path, json.dumps(document).encode() if document is not None else None,
                                    headers)
        if status >= 400:
            raise RuntimeError(f"{method} {path}: {status} {data[:300]!r}")
        return json.loads(data)


def start_server(root: Path, folder: Path, workers: int) -> tuple[subprocess.Popen, int, Path]:
    port = free_port()
    log = folder / "gunicorn.log"
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "WORKERS": str(workers), "SECRET_KEY": "bench",
           "SCOREKEEPER_DATABASE": str(folder / "bench.sqlite3"), "RATE_LIMIT_CREATE": "", "RATE_LIMIT_WRITE": "",
           "STREAMS_PER_KEY": "0", "STREAMS_PER_ADDRESS": "0", "ACCESS_LOG": "", "PYTHONPATH": str(root)}
    env.pop("PUBLIC_URL", None)
    with log.open("w") as out:
        process = subprocess.Popen(server_command(), cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if Client(port).call("GET", "/healthz", timeout=2)[0] == 200:
                return process, port, log
        except OSError:
            time.sleep(0.2)
    stop(process)
    raise SystemExit(f"the server did not start: {log.read_text()[-2000:]}")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def long_solo_csv(deals: int) -> bytes:
    state = new_game("solo-whist", ["Anna", "Bruno", "Carla", "Dario"], 0, {})
    for number in range(1, deals + 1):
        state = state.apply({"type": "hand", "hand": number, **SOLO[number % len(SOLO)]})
    return csvexport.text(csvexport.GAME_COLUMNS, csvexport.cells("G1", state, False)).encode()


def ordinary_games(client: Client, count: int) -> list[str]:
    """Wist games half played (four hands): the paths of their table views."""
    paths = []
    for n in range(count):
        made = client.json("POST", "/api/v1/games", {"variant": "wist", "players": ["Anna", "Bruno", "Carla", "Dario"],
                                                     "first_dealer": n % 4})
        for number, (bids, tricks) in enumerate([([3, 0, 4, 2], [4, 1, 4, 4]), ([0, 5, 2, 3], [0, 6, 2, 5]),
                                                 ([1, 1, 1, 1], [13, 0, 0, 0]), ([2, 2, 2, 2], [1, 2, 3, 7])], 1):
            client.json("PUT", f"/api/v1/games/{made['id']}/hands/{number}", {"bids": bids, "tricks": tricks},
                        made["keys"]["scorer"])
        paths.append(f"/g/{made['id']}/{made['keys']['view']}")
    return paths


def others(client: Client, paths: list[str], until: float, out: list[float], errors: list[str]) -> None:
    rng = random.Random()
    while time.monotonic() < until:
        try:
            status, _, seconds = client.call("GET", rng.choice(paths))
            out.append(seconds) if status == 200 else errors.append(f"page {status}")
        except OSError as error:
            errors.append(f"page {error}")


def attack_imports(port: int, body: bytes, until: float, results) -> None:
    """In a process of its own: import the long game again and again; (seconds, error) into `results`."""
    client, out, errors = Client(port), [], []
    while time.monotonic() < until:
        try:
            status, data, seconds = client.call("POST", "/api/v1/games/import", body, {"Content-Type": "text/csv"})
        except OSError as error:
            errors.append(f"import {error}")
            continue
        out.append(seconds) if status == 201 else errors.append(f"import {status} {data[:200]!r}")
    results.put(("imports", out, errors))


def attack_reads(port: int, game: dict, until: float, results, which: int) -> None:
    """In a process of its own: read the long game (its sheet, or its JSON) again and again."""
    client, out, errors = Client(port), [], []
    sheet = f"/g/{game['id']}/{game['keys']['scorer']}"
    api = (f"/api/v1/games/{game['id']}", {"Authorization": f"Bearer {game['keys']['scorer']}"})
    while time.monotonic() < until:
        path, headers = (sheet, {}) if which % 2 == 0 else api
        try:
            status, _, seconds = client.call("GET", path, headers=headers)
            out.append(seconds) if status == 200 else errors.append(f"read {status}")
        except OSError as error:
            errors.append(f"read {error}")
    results.put(("reads", out, errors))


def line(label: str, samples: list[float]) -> str:
    if not samples:
        return f"{label:44} (none)"
    return (f"{label:44} {len(samples):6d} {statistics.median(samples) * 1000:9.1f} "
            f"{percentile(samples, 95) * 1000:9.1f} {max(samples) * 1000:9.1f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each phase")
    parser.add_argument("--readers", type=int, default=4, help="clients reading the long game at once")
    parser.add_argument("--deals", type=int, default=4999, help="deals of the long Solo Whist game")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--root", type=Path, default=ROOT, help="the source tree the server runs from")
    args = parser.parse_args()
    body = long_solo_csv(args.deals)
    with tempfile.TemporaryDirectory() as folder:
        process, port, log = start_server(args.root.resolve(), Path(folder), args.workers)
        try:
            client = Client(port)
            paths = ordinary_games(client, 8)
            print(f"server: {args.workers} gevent workers, from {args.root}; long game: {args.deals} Solo Whist "
                  f"deals, a CSV of {len(body) / 1e6:.1f} MB; {args.readers} readers; {args.seconds:.0f} s a phase")
            quiet, errors = [], []
            until = time.monotonic() + args.seconds
            threads = [threading.Thread(target=others, args=(client, paths, until, quiet, errors)) for _ in range(2)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()

            started = time.monotonic()
            first = client.call("POST", "/api/v1/games/import", body, {"Content-Type": "text/csv"})
            if first[0] != 201:
                raise SystemExit(f"the long game was not imported: {first[0]} {first[1][:300]!r}")
            first_import = time.monotonic() - started
            game = json.loads(first[1])
            attacked, found = [], {"imports": [], "reads": []}
            until = time.monotonic() + args.seconds
            results = multiprocessing.Queue()
            attackers = [multiprocessing.Process(target=attack_imports, args=(port, body, until, results))]
            attackers += [multiprocessing.Process(target=attack_reads, args=(port, game, until, results, n))
                          for n in range(args.readers)]
            for attacker in attackers:
                attacker.start()
            threads = [threading.Thread(target=others, args=(client, paths, until, attacked, errors))
                       for _ in range(2)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            for _ in attackers:
                kind, samples, failed = results.get(timeout=300)
                found[kind] += samples
                errors += failed
            for attacker in attackers:
                attacker.join()
            imports, reads = found["imports"], found["reads"]

            print(f"\n{'':44} {'count':>6} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9}")
            print(line("other pages, quiet", quiet))
            print(line("other pages, during imports and long reads", attacked))
            print(line("imports of the long game (after the first)", imports))
            print(line("reads of the long game (sheet and JSON)", reads))
            print(f"\nthe first import: {first_import:.2f} s; errors: {len(errors)} {sorted(set(errors))[:5]}")
            timeouts = log.read_text().count("WORKER TIMEOUT")
            print(f"WORKER TIMEOUT in the server's log: {timeouts}")
        finally:
            stop(process)


if __name__ == "__main__":
    main()
