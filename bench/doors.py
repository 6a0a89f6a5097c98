"""Every GET door at the worst world (#33): p50 and slowest of a few calls, each from cold (no game kept from the
call before), beside the work counted (replays, events read, SQL statements, turns given, the answer's size).
Builds the world of tests/web/test_bounded.py (tests/web/worst_world.py). Asserts nothing.

    python bench/doors.py [reads]
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.conftest import make_app  # noqa: E402
from tests.web.counting import knock  # noqa: E402
from tests.web.worst_calls import calls  # noqa: E402
from tests.web.worst_world import build  # noqa: E402


def main(reads: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        app = make_app(Path(folder))
        knocks = calls(build(app))
        print(f"the worst world built in {time.perf_counter() - start:.1f} s; {reads} cold calls a door\n")
        client = app.test_client(use_cookies=False)
        print(f"{'door':<31} {'input':<18} {'p50 ms':>7} {'max ms':>7} {'replays':>7} {'events':>6} {'SQL':>5} "
              f"{'turns':>5} {'KB':>6}")
        for endpoint, each in knocks.items():
            for call in each:
                if call.method != "GET":
                    continue
                spent = []
                for _ in range(reads):
                    began = time.perf_counter()
                    response, work = knock(client, call)
                    spent.append((time.perf_counter() - began) * 1000)
                print(f"{endpoint:<31} {call.label:<18} {statistics.median(spent):7.0f} {max(spent):7.0f} "
                      f"{work.replays:7} {work.events:6} {work.statements:5} {work.turns:5} {work.size // 1024:6}"
                      + ("" if response.status_code == 200 else f"  ({response.status_code})"))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
