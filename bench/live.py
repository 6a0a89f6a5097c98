"""Live propagation benchmark (not a test: it asserts nothing, it measures).

Starts gunicorn with the production settings of gunicorn.conf.py (gthread workers) on a temporary
database, bound to 127.0.0.1 only, and for each number of open JSON event streams (1, 50, 500 by
default) creates a game, opens that many `GET /api/v1/games/<id>/events` streams, then makes a
series of changes: rounds of four seat keys bidding at the same moment through the API. It prints

- propagation latency: from sending a write request to its `change` event arriving, measured on
  every stream for every version (p50 / p95 / max);
- write latency: request sent → response received, while the streams are open (p50 / p95);
- the ratios against the 1-stream case; and whether every stream got every version exactly once.

Bounded: a fixed number of changes, a deadline per case, a fresh server per case; everything is
loopback traffic. Usage:

    python bench/live.py [--streams 1,50,500] [--rounds 25] [--workers N] [--threads N]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]


# -- the server ---------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class Server:
    """gunicorn -c gunicorn.conf.py app:app, on a temporary database, loopback only."""

    def __init__(self, workdir: Path, workers: str | None, threads: str | None):
        self.port = free_port()
        self.log = (workdir / f"gunicorn-{self.port}.log").open("w")
        env = {**os.environ, "HOST": HOST, "PORT": str(self.port), "SECRET_KEY": "bench",
               "SCOREKEEPER_DATABASE": str(workdir / f"bench-{self.port}.sqlite3")}
        env.pop("PUBLIC_URL", None)
        if workers:
            env["WORKERS"] = workers
        if threads:
            env["THREADS"] = threads
        gunicorn = Path(sys.executable).with_name("gunicorn")
        self.process = subprocess.Popen([str(gunicorn), "-c", "gunicorn.conf.py", "--access-logfile", "-",
                                         "app:app"], cwd=ROOT, env=env, stdout=self.log,
                                        stderr=subprocess.STDOUT, start_new_session=True)

    async def ready(self, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("gunicorn exited; see its log in " + self.log.name)
            try:
                status, _ = await http("GET", self.port, "/api/v1/openapi.json", timeout=1)
                if status == 200:
                    return
            except OSError:
                pass
            await asyncio.sleep(0.1)
        raise RuntimeError("gunicorn did not start in time")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)
        self.log.close()


# -- a raw asyncio HTTP client --------------------------------------------------------------------
async def http(method: str, port: int, path: str, key: str | None = None, body=None, timeout: float = 30.0):
    """(status, parsed JSON) of one HTTP/1.0 request (the server closes the connection after it)."""
    async def go():
        reader, writer = await asyncio.open_connection(HOST, port)
        try:
            data = json.dumps(body).encode() if body is not None else b""
            head = [f"{method} {path} HTTP/1.0", f"Host: {HOST}:{port}", f"Content-Length: {len(data)}"]
            if body is not None:
                head.append("Content-Type: application/json")
            if key:
                head.append(f"Authorization: Bearer {key}")
            writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
            await writer.drain()
            raw = await reader.read()
        finally:
            writer.close()
        header, _, payload = raw.partition(b"\r\n\r\n")
        status = int(header.split(b" ", 2)[1])
        try:
            return status, json.loads(payload)
        except ValueError:
            return status, payload
    return await asyncio.wait_for(go(), timeout)


class EventStream:
    """One open JSON event stream; records when each version's `change` event arrived."""

    def __init__(self, port: int, game_id: str, key: str):
        self.port, self.game_id, self.key = port, game_id, key
        self.arrived: dict[int, float] = {}
        self.duplicates = 0
        self.hello = asyncio.get_running_loop().create_future()
        self.task = asyncio.create_task(self.run())
        self.writer = None

    async def run(self) -> None:
        try:
            reader, self.writer = await asyncio.open_connection(HOST, self.port)
            self.writer.write((f"GET /api/v1/games/{self.game_id}/events HTTP/1.0\r\nHost: {HOST}\r\n"
                               f"Authorization: Bearer {self.key}\r\nAccept: text/event-stream\r\n\r\n").encode())
            await self.writer.drain()
            await reader.readuntil(b"\r\n\r\n")  # status line and headers
            while True:
                block = await reader.readuntil(b"\n\n")
                now = time.perf_counter()
                fields = dict(line.split(": ", 1) for line in block.decode().splitlines()
                              if ": " in line and not line.startswith(":"))
                if fields.get("event") == "hello" and not self.hello.done():
                    self.hello.set_result(now)
                elif fields.get("event") == "change":
                    version = int(fields["id"])
                    if version in self.arrived:
                        self.duplicates += 1
                    else:
                        self.arrived[version] = now
        except (OSError, asyncio.IncompleteReadError, asyncio.CancelledError) as error:
            if not self.hello.done():
                self.hello.set_exception(error if isinstance(error, OSError) else ConnectionError(str(error)))

    async def close(self) -> None:
        self.task.cancel()
        if self.writer is not None:
            self.writer.close()
        try:
            await self.task
        except asyncio.CancelledError:
            pass


# -- one case: N streams, a series of changes ----------------------------------------------------
def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


async def run_case(port: int, streams: int, rounds: int, gap: float, deadline: float) -> dict:
    status, created = await http("POST", port, "/api/v1/games",
                                 body={"variant": "wist", "players": PLAYERS, "first_dealer": 0})
    assert status == 201, created
    game_id, keys = created["id"], created["keys"]
    opened = []
    for start in range(0, streams, 50):  # open in batches, as phones arriving
        batch = [EventStream(port, game_id, keys["view"]) for _ in range(start, min(streams, start + 50))]
        opened += batch
        await asyncio.wait([asyncio.ensure_future(asyncio.shield(s.hello)) for s in batch], timeout=10)
    connected = [s for s in opened if s.hello.done() and not s.hello.exception()]

    sent: dict[int, float] = {}
    write_latency: list[float] = []
    failures = 0

    async def seat_bids(seat: int, value: int) -> None:
        nonlocal failures
        started = time.perf_counter()
        status, game = await http("PUT", port, f"/api/v1/games/{game_id}/hands/1/bids/{seat}", keys["seats"][seat],
                                  {"bid": value})
        write_latency.append(time.perf_counter() - started)
        if status == 200:
            sent[game["version"]] = started  # the version this write made, sent at `started`
        else:
            failures += 1

    case_start = time.monotonic()
    for number in range(rounds):  # four phones bidding at the same moment, `rounds` times
        if time.monotonic() - case_start > deadline:
            break
        await asyncio.gather(*(seat_bids(seat, (number + seat) % 3) for seat in range(4)))  # sums ≤ 8: legal
        await asyncio.sleep(gap)
    # wait (bounded) for the last events to reach every stream
    versions = sorted(sent)
    settle = time.monotonic() + 10
    while time.monotonic() < settle and not all(all(v in s.arrived for v in versions) for s in connected):
        await asyncio.sleep(0.05)

    latencies, missing = [], 0
    for stream in connected:
        for version in versions:
            if version in stream.arrived:
                latencies.append(stream.arrived[version] - sent[version])
            else:
                missing += 1
    in_order = all(list(s.arrived) == sorted(s.arrived) for s in connected)
    duplicates = sum(s.duplicates for s in connected)
    await asyncio.gather(*(s.close() for s in opened))
    return {"streams": streams, "connected": len(connected), "changes": len(versions), "failed_writes": failures,
            "missing": missing, "duplicates": duplicates, "in_order": in_order,
            "p50": percentile(latencies, 50), "p95": percentile(latencies, 95), "max": max(latencies, default=float("nan")),
            "w50": percentile(write_latency, 50), "w95": percentile(write_latency, 95)}


def table(results: list[dict]) -> str:
    base = results[0] if results and results[0]["streams"] == 1 else None
    lines = ["| streams | connected | changes | propagation p50 | p95 | max | write p50 | write p95 | "
             "p50 ×1-stream | p95 ×1-stream | write p95 ×1-stream | lost / duplicated |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    ms = lambda seconds: f"{seconds * 1000:.1f} ms"  # noqa: E731
    ratio = lambda a, b: f"{a / b:.1f}" if base and b else "–"  # noqa: E731
    for r in results:
        lines.append(f"| {r['streams']} | {r['connected']} | {r['changes']} | {ms(r['p50'])} | {ms(r['p95'])} | "
                     f"{ms(r['max'])} | {ms(r['w50'])} | {ms(r['w95'])} | {ratio(r['p50'], base and base['p50'])} | "
                     f"{ratio(r['p95'], base and base['p95'])} | {ratio(r['w95'], base and base['w95'])} | "
                     f"{r['missing']} / {r['duplicates']}{'' if r['in_order'] else ' (out of order!)'} |")
    return "\n".join(lines)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", default="1,50,500", help="comma separated stream counts")
    parser.add_argument("--rounds", type=int, default=25, help="rounds of four simultaneous bids (100 changes)")
    parser.add_argument("--gap", type=float, default=0.05, help="seconds between rounds")
    parser.add_argument("--workers", help="gunicorn workers (default: gunicorn.conf.py)")
    parser.add_argument("--threads", help="threads per worker (default: gunicorn.conf.py)")
    parser.add_argument("--deadline", type=float, default=60.0, help="seconds of changes per case at most")
    args = parser.parse_args()
    counts = [int(n) for n in args.streams.split(",")]
    results = []
    with tempfile.TemporaryDirectory(prefix="bench-live-") as workdir:
        for count in counts:
            server = Server(Path(workdir), args.workers, args.threads)
            try:
                await server.ready()
                started = time.monotonic()
                result = await asyncio.wait_for(run_case(server.port, count, args.rounds, args.gap, args.deadline),
                                                args.deadline + 60)
                result["seconds"] = time.monotonic() - started
                results.append(result)
                print(f"{count:>4} streams: {result['connected']} connected, {result['changes']} changes, "
                      f"propagation p50 {result['p50'] * 1000:.1f} ms p95 {result['p95'] * 1000:.1f} ms "
                      f"max {result['max'] * 1000:.1f} ms; writes p50 {result['w50'] * 1000:.1f} ms "
                      f"p95 {result['w95'] * 1000:.1f} ms ({result['seconds']:.1f} s)", flush=True)
            finally:
                server.stop()
    workers = args.workers or os.environ.get("WORKERS", "2 (gunicorn.conf.py)")
    threads = args.threads or os.environ.get("THREADS", "300 (gunicorn.conf.py)")
    print(f"\ngunicorn gthread, workers {workers}, threads {threads}; {os.cpu_count()} CPUs; "
          f"{args.rounds} rounds × 4 simultaneous seat bids\n")
    print(table(results))


if __name__ == "__main__":
    asyncio.run(main())
