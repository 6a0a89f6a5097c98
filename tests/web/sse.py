"""A small server-sent-events client for tests: reads a stream in a thread, with timeouts everywhere.

Not a test module (no test_ prefix); used by test_stream.py and test_multiprocess.py.
"""
from __future__ import annotations

import http.client
import json
import queue
import socket
import struct
import threading
import urllib.error
import urllib.request
from urllib.parse import urlsplit

CLOSED = object()


class Stream:
    """GET an event stream; every parsed event lands in a queue as (event, id, data)."""

    def __init__(self, base_url: str, path: str, key: str | None = None, last_event_id=None,
                 timeout: float = 10.0):
        parts = urlsplit(base_url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
        headers = {"Accept": "text/event-stream"}
        if key is not None:
            headers["Authorization"] = f"Bearer {key}"
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        self.connection.connect()
        self.sock = self.connection.sock  # kept: http.client forgets it when the server says "close"
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.content_type = self.response.getheader("Content-Type", "")
        self.events: queue.Queue = queue.Queue()
        self.ended = threading.Event()
        self.comments = 0
        if self.status == 200 and self.content_type.startswith("text/event-stream"):
            self.thread = threading.Thread(target=self._read, daemon=True)
            self.thread.start()
        else:
            self.body = self.response.read()
            self.ended.set()

    def _read(self) -> None:
        fields: dict = {}
        try:
            while True:
                line = self.response.readline()
                if not line:
                    break
                line = line.decode().rstrip("\r\n")
                if not line:
                    if "event" in fields or "data" in fields:
                        data = fields.get("data", "")
                        try:
                            data = json.loads(data)
                        except ValueError:
                            pass
                        self.events.put((fields.get("event", "message"), fields.get("id"), data))
                    fields = {}
                elif line.startswith(":"):
                    self.comments += 1
                else:
                    name, _, value = line.partition(":")
                    fields[name] = value[1:] if value.startswith(" ") else value
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            pass  # closed by us, reset, or timed out: the stream is over either way
        finally:
            self.ended.set()
            self.events.put(CLOSED)

    def next(self, timeout: float = 5.0):
        """The next event; AssertionError if none comes in time; None when the stream ended."""
        try:
            item = self.events.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no event within {timeout} s") from None
        if item is CLOSED:
            self.events.put(CLOSED)
            return None
        return item

    def take(self, count: int, timeout: float = 5.0) -> list:
        out = []
        for _ in range(count):
            item = self.next(timeout)
            assert item is not None, f"stream ended after {out}"
            out.append(item)
        return out

    def quiet(self, seconds: float) -> list:
        """Whatever else arrives within `seconds` (should usually be nothing)."""
        out = []
        while True:
            try:
                item = self.events.get(timeout=seconds)
            except queue.Empty:
                return out
            if item is CLOSED:
                self.events.put(CLOSED)
                return out
            out.append(item)

    def close(self) -> None:
        """Hang up abruptly (a reset), as a phone that goes out of range or closes the tab."""
        sock = self.sock
        try:
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        if getattr(self, "thread", None) is not None:
            self.thread.join(timeout=2)
        self.response.close()
        self.connection.close()
        if sock is not None:
            sock.close()


def request(base_url: str, method: str, path: str, key: str | None = None, body=None, timeout: float = 10.0):
    """(status, parsed JSON or text) of one plain HTTP request."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base_url + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if key is not None:
        req.add_header("Authorization", f"Bearer {key}")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode()


def new_game(base_url: str, options=None) -> dict:
    body = {"variant": "wist", "players": ["Anna", "Bruno", "Carla", "Dario"], "first_dealer": 0}
    if options:
        body["options"] = options
    status, created = request(base_url, "POST", "/api/v1/games", body=body)
    assert status == 201, created
    return created
