"""The gunicorn worker of `make serve` and `make run`: gunicorn's gevent worker, plus deadlines.

Under gevent every connection is a greenlet, so thousands of idle live streams cost little. What
gevent does not give: a client that sends its request slowly (one byte now and then, or a body
that never comes) would hold its greenlet forever, and a phone that vanished without closing its
connection (Wi-Fi gone: no FIN, no RST) would keep its stream until TCP gives up (~15 minutes).
So each connection gets:

- a deadline for the request: headers and body must arrive within REQUEST_TIMEOUT seconds of the
  connection opening (or of the previous response on a kept-alive connection), else it is closed;
- a send timeout (SEND_TIMEOUT): a client that stops reading while the server has something to
  send is dropped once its buffers stay full that long;
- TCP_USER_TIMEOUT and TCP keep-alive: data the phone never acknowledges (the stream's heartbeat,
  every few seconds) ends the connection after DEAD_PEER_SECONDS; the stream's next write fails
  and its resources are freed.

And Python's collector is kept from stopping the worker at busy moments. Its full collection walks
every tracked object — about a hundred per open stream, half a million at 5,000 streams a worker —
and halts every greenlet meanwhile (100–300 ms measured at 10,000 streams). By default it runs each
time the surviving objects grow by a quarter, that is again and again while a room connects, right
when the table is writing. Young collections stay automatic (a few milliseconds); the full one runs
on a timer instead, every FULL_COLLECTION_SECONDS, so a stall is rare and never piles up.

Configured by environment variables (seconds, read by scorekeeper/store/settings.py): REQUEST_TIMEOUT (10),
SEND_TIMEOUT (30), DEAD_PEER_SECONDS (30), FULL_COLLECTION_SECONDS (300).
"""
from __future__ import annotations

import gc
import socket
import time

import gevent
from gunicorn.http.errors import NoMoreData
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker

from ..store.settings import current

_SETTINGS = current()  # the settings gunicorn's own were read with
REQUEST_TIMEOUT = _SETTINGS.request_timeout
SEND_TIMEOUT = _SETTINGS.send_timeout
DEAD_PEER_SECONDS = _SETTINGS.dead_peer_seconds
SEND_BUFFER = _SETTINGS.send_buffer  # bytes; 0: the kernel's own sizing
FULL_COLLECTION_SECONDS = _SETTINGS.full_collection_seconds
NEVER = 2**31 - 1


class SlowRequest(NoMoreData):
    """The client did not send its request (headers and body) in time. For gunicorn it is a client
    that went away (closed quietly, no traceback); while the app reads the body, werkzeug turns it
    into a 400 (ClientDisconnected), and the connection is closed after that answer."""

    def __str__(self) -> str:
        return "request not received in time"


class DeadlineSocket:
    """The client socket as gunicorn sees it: reads share one deadline per request; sends time out.

    Everything else is the socket's own (gunicorn only calls recv, send/sendall, close and a few
    getters on it)."""

    def __init__(self, sock, request_seconds: float, send_seconds: float):
        self._sock = sock
        self.request_seconds, self.send_seconds = request_seconds, send_seconds
        self.deadline = time.monotonic() + request_seconds
        self.expired = False
        sock.settimeout(send_seconds or None)

    def rearm(self) -> None:
        """A response went out: the next request on this connection has its own deadline (unless
        this one was already too slow: then the connection ends)."""
        if not self.expired:
            self.deadline = time.monotonic() + self.request_seconds

    def recv(self, size, *flags):
        left = self.deadline - time.monotonic()
        if left <= 0 or self.expired:
            self.expired = True
            raise SlowRequest()
        self._sock.settimeout(left)
        try:
            return self._sock.recv(size, *flags)
        except socket.timeout:
            self.expired = True
            raise SlowRequest() from None
        finally:
            self._sock.settimeout(self.send_seconds or None)

    def __getattr__(self, name):
        return getattr(self._sock, name)


def tune(sock) -> None:
    """Find phones that vanished: unacknowledged data or silent peers end the connection. With
    SEND_BUFFER set, the kernel keeps at most that many unsent bytes per connection, so a phone that
    stops reading blocks the stream (and meets SEND_TIMEOUT) sooner."""
    if sock.family not in (socket.AF_INET, socket.AF_INET6):
        return
    if SEND_BUFFER > 0:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
    if DEAD_PEER_SECONDS <= 0:
        return
    options = [(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)]
    if hasattr(socket, "TCP_USER_TIMEOUT"):
        options.append((socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, int(DEAD_PEER_SECONDS * 1000)))
    if hasattr(socket, "TCP_KEEPIDLE"):
        interval = max(1, int(DEAD_PEER_SECONDS / 3))
        options += [(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE, interval),
                    (socket.IPPROTO_TCP, socket.TCP_KEEPINTVL, interval),
                    (socket.IPPROTO_TCP, socket.TCP_KEEPCNT, 3)]
    for level, option, value in options:
        try:
            sock.setsockopt(level, option, value)
        except OSError:
            pass


def collect_on_a_timer(seconds: float) -> gevent.Greenlet:
    """Full collections only every `seconds` (young ones as usual); see the module's docstring."""
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, NEVER)

    def collect():
        while True:
            gevent.sleep(seconds)
            gc.collect()
    return gevent.spawn(collect)


class Worker(GeventWorker):
    """gunicorn's gevent worker with a request deadline, a send timeout, dead-peer detection and
    full garbage collections on a timer."""

    def run(self):
        if FULL_COLLECTION_SECONDS > 0:
            collect_on_a_timer(FULL_COLLECTION_SECONDS)
        super().run()

    def handle(self, listener, client, addr):
        client.setblocking(1)  # what GeventWorker.handle does, before the timeouts are set
        tune(client)
        guarded = DeadlineSocket(client, REQUEST_TIMEOUT, SEND_TIMEOUT) if REQUEST_TIMEOUT > 0 else client
        AsyncWorker.handle(self, listener, guarded, addr)

    def handle_request(self, listener_name, req, sock, addr):
        try:
            return super().handle_request(listener_name, req, sock, addr)
        finally:
            if isinstance(sock, DeadlineSocket):
                sock.rearm()
