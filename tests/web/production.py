"""Start the production server (`segnapunti run`'s gunicorn command) for a test: a free loopback
port, a temporary database, a bounded start, killed in teardown. Not a test module."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

from scorekeeper.server.cli import server_command

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Gunicorn:
    def __init__(self, folder: Path, workers: int = 1, **env):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = folder / f"gunicorn-{self.port}.log"
        environment = {**os.environ, "HOST": "127.0.0.1", "PORT": str(self.port), "WORKERS": str(workers),
                       "SECRET_KEY": "test", "SCOREKEEPER_DATABASE": str(folder / "production.sqlite3"),
                       "PYTHONUNBUFFERED": "1", **{k: str(v) for k, v in env.items()}}
        environment.pop("PUBLIC_URL", None)
        with self.log_path.open("w") as log:
            self.process = subprocess.Popen(
                server_command("--access-logformat", "%(p)s %(m)s %(U)s %(s)s"),
                cwd=ROOT, env=environment, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        self.wait_ready()

    def log(self) -> str:
        return self.log_path.read_text()

    def wait_ready(self, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"gunicorn exited: {self.log()[-3000:]}")
            try:
                if self.health(timeout=1)["ok"]:
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise AssertionError(f"gunicorn not ready: {self.log()[-3000:]}")

    def health(self, timeout: float = 5.0) -> dict:
        with urllib.request.urlopen(self.base + "/healthz", timeout=timeout) as response:
            return json.loads(response.read())

    def open_streams(self) -> int:
        return self.health()["streams"]["open_streams"]

    def stop(self) -> None:
        if self.process.poll() is None:  # gunicorn's quick shutdown: the graceful one waits 5 s for open streams
            os.killpg(self.process.pid, signal.SIGQUIT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)
