"""Live streams benchmark (not a test: it asserts nothing, it measures).

Starts gunicorn with the production settings of scorekeeper/server/gunicorn_config.py (gevent workers) on a temporary
database, bound to 127.0.0.1 only, and for each case opens N JSON event streams
(`GET /api/v1/games/<id>/events`), then makes a series of changes (seat bids through the API):

- spread cases (`--streams 1,100,2000,10000`): the streams are spread over games of six screens
  (scorer, table view and the four seats: one stream per link); each round, four tables each get
  one bid at the same moment;
- a crowded case (`--crowded 1000`): N streams on **one** game, four seats bidding at once per round.

Last it prints what one live refresh sends a phone, the whole sheet against its parts (bench/refresh.py;
`--no-refresh` leaves it out): the three measures of #22 in one run.

Each case runs once per way of waking the other workers (`--wakeups poll,doorbell`): `poll` is the
watcher alone, polling every 50 ms (LIVE_NOTIFY=0, as before #22); `doorbell` is a write ringing
the other workers' watchers (store/doorbell.py) with the poll as a safety net. They run one after
the other on a fresh server each, so the table shows them side by side.

It prints, per case: propagation (write request sent → its `change` event received, on every
stream of the changed game: p50 / p95 / max; and its p95 counted from the write's answer instead,
which leaves out the write's own cost: the wake-up's delay), write latency (p50 / p99; and as the
server itself timed it, from its access log), a plain page (the table view of a game, GET)
fetched during the changes (p50 / p99), ratios against the first case (of the same wake-ups) and
against the poll alone, and events lost or duplicated. `--hold` then opens streams in steps until
one fails or the limit is reached, and reports the most held while a write and a plain page still
answer.

Bounded: a fixed number of changes, deadlines, a fresh server per case, everything on loopback.
The client (asyncio, this process) raises its own file limit and shares the CPUs with the server.

    python bench/live.py [--streams 1,100,2000,10000] [--crowded 1000] [--rounds 50] [--wakeups poll,doorbell]
                         [--hold 30000]
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from scorekeeper.server.cli import server_command  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import refresh  # noqa: E402  (bench/refresh.py: printed after the streams)

HOST = "127.0.0.1"
PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
ACCESS_FORMAT = "%(m)s %(s)s %(D)s %(U)s"  # method, status, microseconds, path (keys redacted)
WAKEUPS = {"poll": {"LIVE_NOTIFY": "0"}, "doorbell": {"LIVE_NOTIFY": "1"}}  # the settings of each way


# -- the server ---------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class Server:
    """gunicorn -c scorekeeper/server/gunicorn_config.py, on a temporary database, loopback only."""

    def __init__(self, workdir: Path, workers: str | None, connections: str | None, wakeups: str = "doorbell"):
        self.port = free_port()
        self.log = (workdir / f"gunicorn-{self.port}.log").open("w")
        # every stream and write comes from 127.0.0.1 and many share a key: the caps and the per-client
        # rate limits are lifted (0 / empty = none)
        env = {**os.environ, "HOST": HOST, "PORT": str(self.port), "SECRET_KEY": "bench",
               "SCOREKEEPER_DATABASE": str(workdir / f"bench-{self.port}.sqlite3"),
               "STREAMS_PER_KEY": "0", "STREAMS_PER_ADDRESS": "0", "RATE_LIMIT_CREATE": "", "RATE_LIMIT_WRITE": "",
               **WAKEUPS[wakeups]}
        env.pop("PUBLIC_URL", None)
        if workers:
            env["WORKERS"] = workers
        if connections:
            env["WORKER_CONNECTIONS"] = connections
        self.process = subprocess.Popen(server_command("--access-logfile", "-", "--access-logformat", ACCESS_FORMAT),
                                        cwd=ROOT, env=env, stdout=self.log,
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

    def write_seconds(self) -> list[float]:
        """How long the server itself took over each write (a PUT answered 200), from its access log: the
        client, on the same CPUs, adds its own delays to what it measures."""
        lines = Path(self.log.name).read_text().splitlines()
        return [int(line.split()[2]) / 1e6 for line in lines if line.startswith("PUT 200 ")]


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


async def create_games(port: int, count: int) -> list[dict]:
    games = []
    for start in range(0, count, 20):
        batch = await asyncio.gather(*(http("POST", port, "/api/v1/games", body={
            "variant": "wist", "players": PLAYERS, "first_dealer": 0}) for _ in range(start, min(count, start + 20))))
        for status, created in batch:
            assert status == 201, created
            games.append(created)
    return games


def screens(game: dict) -> list[str]:
    """The six links of a table: scorer, table view, four seats."""
    return [game["keys"]["scorer"], game["keys"]["view"], *game["keys"]["seats"]]


async def open_streams(port: int, wanted: list[tuple[str, str]], batch: int = 250) -> list[EventStream]:
    """Open a stream per (game id, key), in batches (phones arriving), each batch waiting for its hellos."""
    opened = []
    for start in range(0, len(wanted), batch):
        some = [EventStream(port, game_id, key) for game_id, key in wanted[start:start + batch]]
        opened += some
        await asyncio.wait([asyncio.ensure_future(asyncio.shield(s.hello)) for s in some], timeout=30)
    return opened


async def run_case(port: int, streams: int, crowded: bool, rounds: int, gap: float, deadline: float) -> dict:
    if crowded:
        games = await create_games(port, 1)
        wanted = [(games[0]["id"], games[0]["keys"]["view"])] * streams
    else:
        games = await create_games(port, max(1, -(-streams // 6)))
        wanted = [(game["id"], key) for game in games for key in screens(game)][:streams]
    opened_at = time.monotonic()
    opened = await open_streams(port, wanted)
    open_seconds = time.monotonic() - opened_at
    # The client's own objects (tens per stream) stay put from here on: keep its collector from
    # pausing it mid-measurement, which would count as the server's latency.
    gc.collect()
    gc.freeze()
    connected = [s for s in opened if s.hello.done() and not s.hello.exception()]
    by_game: dict[str, list[EventStream]] = {}
    for stream in connected:
        by_game.setdefault(stream.game_id, []).append(stream)
    watched = [game for game in games if game["id"] in by_game]

    sent: dict[tuple[str, int], float] = {}
    answered: dict[tuple[str, int], float] = {}
    write_latency: list[float] = []
    page_latency: list[float] = []
    failures = 0

    async def seat_bids(game: dict, seat: int, value: int) -> None:
        nonlocal failures
        started = time.perf_counter()
        # the scorer's key: a seat's own key may change its bid only ten times a hand
        status, body = await http("PUT", port, f"/api/v1/games/{game['id']}/hands/1/bids/{seat}",
                                  game["keys"]["scorer"], {"bid": value})
        write_latency.append(time.perf_counter() - started)
        if status == 200:
            sent[(game["id"], body["version"])] = started  # the version this write made, sent at `started`
            answered[(game["id"], body["version"])] = time.perf_counter()
        else:
            failures += 1

    async def plain_page() -> None:
        game = random.choice(games)
        started = time.perf_counter()
        status, _ = await http("GET", port, f"/g/{game['id']}/{game['keys']['view']}")
        if status == 200:
            page_latency.append(time.perf_counter() - started)

    chooser = random.Random(8)
    case_start = time.monotonic()
    for number in range(rounds):
        if time.monotonic() - case_start > deadline:
            break
        if crowded or len(watched) < 4:  # four seats of one game bid at the same moment
            writes = [seat_bids(watched[0], seat, (number + seat) % 2) for seat in range(4)]
        else:  # four tables, one bid each, at the same moment
            writes = [seat_bids(game, number % 4, (number // 4 + i) % 2)
                      for i, game in enumerate(chooser.sample(watched, 4))]
        await asyncio.gather(*writes, plain_page())
        await asyncio.sleep(gap)
    # wait (bounded) for the last events to reach every stream of the changed games
    expected = [(stream, version) for (game_id, version) in sent for stream in by_game.get(game_id, [])]
    settle = time.monotonic() + 15
    while time.monotonic() < settle and not all(version in stream.arrived for stream, version in expected):
        await asyncio.sleep(0.05)

    latencies, after_answer, missing = [], [], 0
    for stream, version in expected:
        if version in stream.arrived:
            latencies.append(stream.arrived[version] - sent[(stream.game_id, version)])
            after_answer.append(stream.arrived[version] - answered[(stream.game_id, version)])
        else:
            missing += 1
    in_order = all(list(s.arrived) == sorted(s.arrived) for s in connected)
    duplicates = sum(s.duplicates for s in connected)
    extra = sum(1 for s in connected for v in s.arrived if (s.game_id, v) not in sent)  # events of games not changed
    await asyncio.gather(*(s.close() for s in opened))
    gc.unfreeze()
    return {"streams": streams, "kind": "one game" if crowded else "games of 6", "connected": len(connected),
            "games": len(games), "changes": len(sent), "deliveries": len(expected), "failed_writes": failures,
            "missing": missing, "duplicates": duplicates, "extra": extra, "in_order": in_order,
            "open_seconds": open_seconds,
            "p50": percentile(latencies, 50), "p95": percentile(latencies, 95),
            "max": max(latencies, default=float("nan")), "a95": percentile(after_answer, 95),
            "w50": percentile(write_latency, 50), "w99": percentile(write_latency, 99),
            "g50": percentile(page_latency, 50), "g99": percentile(page_latency, 99)}


async def hold(port: int, limit: int, step: int) -> dict:
    """Open streams (games of six) in steps until a step cannot open them all or `limit` is reached;
    after each step a write must reach its game's streams and a plain page must answer."""
    held: list[EventStream] = []
    best = {"held": 0}
    try:
        while len(held) < limit:
            count = min(step, limit - len(held))
            games = await create_games(port, -(-count // 6))
            wanted = [(game["id"], key) for game in games for key in screens(game)][:count]
            try:
                some = await open_streams(port, wanted, batch=500)
            except OSError as error:
                best["stopped"] = f"client: {error}"
                break
            held += some
            alive = sum(1 for s in held if s.hello.done() and not s.hello.exception() and not s.task.done())
            game = games[0]
            started = time.perf_counter()
            try:
                status, body = await http("PUT", port, f"/api/v1/games/{game['id']}/hands/1/bids/1",
                                          game["keys"]["scorer"], {"bid": 1}, timeout=10)
                write = time.perf_counter() - started
                started = time.perf_counter()
                page_status, _ = await http("GET", port, f"/g/{game['id']}/{game['keys']['view']}", timeout=10)
                page = time.perf_counter() - started
            except (OSError, asyncio.TimeoutError) as error:
                best["stopped"] = f"request failed: {error!r}"
                break
            mine = [s for s in some if s.game_id == game["id"]]
            reach = time.monotonic() + 5
            while time.monotonic() < reach and not all(body.get("version") in s.arrived for s in mine):
                await asyncio.sleep(0.02)
            reached = all(body.get("version") in s.arrived for s in mine)
            print(f"  holding {alive} streams: write {status} in {write * 1000:.0f} ms, page {page_status} in "
                  f"{page * 1000:.0f} ms, change reached its {len(mine)} streams: {reached}", flush=True)
            if alive < len(held) or status != 200 or page_status != 200 or not reached:
                best["stopped"] = f"{len(held) - alive} of {len(held)} streams not open"
                break
            best = {"held": alive, "write_ms": write * 1000, "page_ms": page * 1000}
    finally:
        await asyncio.gather(*(s.close() for s in held))
    return best


def table(results: list[dict]) -> str:
    """One row per case and way of waking; ratios against the first case of the same way and against the
    same case with the poll alone."""
    first = {}
    for r in results:
        first.setdefault(r["wakeups"], r)
    polled = {(r["streams"], r["kind"]): r for r in results if r["wakeups"] == "poll"}
    lines = ["| streams | over | wake-ups | connected | changes (deliveries) | propagation p50 | p95 | max | "
             "p95 after the answer | write p50 | write p99 | server's write p50 | p99 | page p50 | page p99 | "
             "p95 ×first | write p99 ×first | p95 ×poll | write p99 ×poll | lost / duplicated / stray |",
             "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    ms = lambda seconds: f"{seconds * 1000:.1f} ms"  # noqa: E731
    ratio = lambda a, b: f"{a / b:.2f}" if b else "–"  # noqa: E731
    for r in results:
        over = r["kind"] if r["kind"] == "one game" else f"{r['games']} games of 6"
        order = "" if r["in_order"] else " (out of order!)"
        base, poll = first[r["wakeups"]], polled.get((r["streams"], r["kind"]))
        against_poll = (f"{ratio(r['p95'], poll['p95'])} | {ratio(r['w99'], poll['w99'])}" if poll else "– | –")
        lines.append(f"| {r['streams']} | {over} | {r['wakeups']} | {r['connected']} | {r['changes']} "
                     f"({r['deliveries']}) | {ms(r['p50'])} | {ms(r['p95'])} | {ms(r['max'])} | {ms(r['a95'])} | "
                     f"{ms(r['w50'])} | {ms(r['w99'])} | {ms(r['s50'])} | {ms(r['s99'])} | {ms(r['g50'])} | "
                     f"{ms(r['g99'])} | {ratio(r['p95'], base['p95'])} | "
                     f"{ratio(r['w99'], base['w99'])} | {against_poll} | "
                     f"{r['missing']} / {r['duplicates']} / {r['extra']}{order} |")
    return "\n".join(lines)


def raise_file_limit(wanted: int) -> int:
    """As many descriptors as this process (and the server it starts) may need, within the system's limits."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < wanted:
        try:  # root may raise the hard limit (up to fs.nr_open)
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, wanted))
            return wanted
        except (ValueError, OSError):
            wanted = hard
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", default="1,100,2000,10000", help="comma separated stream counts (games of six)")
    parser.add_argument("--crowded", default="1000", help="comma separated stream counts on one game ('' for none)")
    parser.add_argument("--rounds", type=int, default=50, help="rounds of four simultaneous bids")
    parser.add_argument("--gap", type=float, default=0.05, help="seconds between rounds")
    parser.add_argument("--workers", help="gunicorn workers (default: scorekeeper/server/gunicorn_config.py)")
    parser.add_argument("--connections", help="connections per worker (default: scorekeeper/server/gunicorn_config.py)")
    parser.add_argument("--deadline", type=float, default=60.0, help="seconds of changes per case at most")
    parser.add_argument("--wakeups", default="poll,doorbell",
                        help=f"ways of waking the other workers, comma separated ({', '.join(WAKEUPS)}): "
                             "each case runs once per way")
    parser.add_argument("--hold", type=int, default=0, help="then find the most streams held, up to this many")
    parser.add_argument("--step", type=int, default=2000, help="streams added per step of --hold")
    parser.add_argument("--no-refresh", action="store_true",
                        help="leave out what a live refresh sends a phone (bench/refresh.py, printed last)")
    args = parser.parse_args()
    cases = ([(int(n), False) for n in args.streams.split(",") if n]
             + [(int(n), True) for n in args.crowded.split(",") if n])
    wakeups = [way for way in args.wakeups.split(",") if way]
    if unknown := set(wakeups) - set(WAKEUPS):
        parser.error(f"--wakeups: no such way {', '.join(sorted(unknown))}")
    limit = raise_file_limit(max([n for n, _ in cases] + [args.hold]) + 4096)
    results = []
    with tempfile.TemporaryDirectory(prefix="bench-live-") as workdir:
        for (count, crowded), way in ((case, way) for case in cases for way in wakeups):
            server = Server(Path(workdir), args.workers, args.connections, way)
            try:
                await server.ready()
                started = time.monotonic()
                result = await asyncio.wait_for(run_case(server.port, count, crowded, args.rounds, args.gap,
                                                         args.deadline), args.deadline + 300)
                result["seconds"] = time.monotonic() - started
                result["wakeups"] = way
                results.append(result)
                print(f"{count:>6} streams ({result['kind']}, {way}): {result['connected']} connected in "
                      f"{result['open_seconds']:.1f} s, {result['changes']} changes, propagation p50 "
                      f"{result['p50'] * 1000:.1f} ms p95 {result['p95'] * 1000:.1f} ms (after the answer "
                      f"{result['a95'] * 1000:.1f} ms); writes p50 "
                      f"{result['w50'] * 1000:.1f} ms p99 {result['w99'] * 1000:.1f} ms; page p99 "
                      f"{result['g99'] * 1000:.1f} ms; lost {result['missing']} ({result['seconds']:.1f} s)",
                      flush=True)
            finally:
                server.stop()
            served = server.write_seconds()
            result.update(s50=percentile(served, 50), s99=percentile(served, 99))
        held = None
        if args.hold:
            server = Server(Path(workdir), args.workers, args.connections or str(args.hold))
            try:
                await server.ready()
                held = await asyncio.wait_for(hold(server.port, args.hold, args.step), 1200)
            finally:
                server.stop()
    workers = args.workers or os.environ.get("WORKERS", "scorekeeper/server/gunicorn_config.py's")
    print(f"\ngunicorn gevent (scorekeeper.server.worker.Worker), workers {workers}; {os.cpu_count()} CPUs, the client "
          f"on the same machine (file limit {limit}); {args.rounds} rounds × 4 simultaneous bids\n")
    print(table(results))
    if held is not None:
        print(f"\nmost streams held: {held}")
    if not args.no_refresh:  # the third part of #22 in the same run: the bytes of a refresh, whole and in parts
        print("\nWhat one live refresh sends a phone (bench/refresh.py):")
        refresh.main()


if __name__ == "__main__":
    asyncio.run(main())
