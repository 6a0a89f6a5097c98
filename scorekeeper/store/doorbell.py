"""A doorbell between the processes that serve one database: a write wakes every other watcher at once.

Each process whose watcher runs binds one Unix datagram socket in a run directory beside the
database (`<database>-live/`, its owner's only, as the database's `-wal` and `-shm` sit beside it).
After a commit the writer rings every other socket there: one byte each, sent without waiting.

A ring says only "look now": the watcher then reads what changed from the database, as its poll
does. So the database stays the one truth — a forged or repeated ring costs one cheap read, a lost
one a wait for the safety-net poll, a ring whose queue is full can be dropped (a wake-up is already
waiting there), and a burst of writes is taken in one read. A process whose watcher stopped (no
stream for a while) keeps its socket: rings wait in its queue and are taken together when it
starts again. A socket left by a process that died refuses the next ring and is removed then.
Where no socket can be bound (a path too long for AF_UNIX, a system without them) the process
watches by polling alone.

Why datagrams: each ring arrives whole or not at all, a full queue refuses at once instead of
blocking the writer, and a dead reader answers "refused". A FIFO blocks or fails without a reader
and mixes several writers' bytes; inotify on the WAL file needs a library, fires at checkpoints
too, and fires when the frames are written, before the commit is visible to a reader.

Uses the `socket` module: under gevent it is monkey-patched, so waiting for a ring is cooperative
and a ring never blocks the hub.
"""
from __future__ import annotations

import contextlib
import logging
import os
import secrets
import socket

log = logging.getLogger(__name__)

RING = b"!"


class Doorbell:
    def __init__(self, database: str):
        self.folder = database + "-live"
        self.own: str | None = None  # this process's socket, once bound
        self.listener: socket.socket | None = None
        self.sender: socket.socket | None = None

    def listen(self) -> bool:
        """Bind this process's socket (once); False when it cannot be: then poll."""
        if self.listener is not None:
            return True
        path = os.path.join(self.folder, f"{os.getpid()}.{secrets.token_hex(3)}")
        try:
            os.makedirs(self.folder, mode=0o700, exist_ok=True)
            listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            try:
                listener.bind(path)
            except OSError:
                listener.close()
                raise
        except (OSError, AttributeError) as error:  # AttributeError: no AF_UNIX here
            log.warning("live updates: no doorbell at %s (%s); other processes' writes are found by polling",
                        path, error)
            return False
        self.listener, self.own = listener, path
        return True

    def wait(self, timeout: float) -> bool:
        """Until a ring or `timeout`; True if rung (every ring already queued is taken with it)."""
        assert self.listener is not None, "listen() first"
        self.listener.settimeout(timeout)
        try:
            self.listener.recv(64)
        except TimeoutError:
            return False
        self.listener.settimeout(0)
        try:
            while True:
                self.listener.recv(64)
        except BlockingIOError:
            return True

    def ring(self) -> None:
        """Wake the watcher of every other process of this database; never waits, never fails (the write
        it tells of is committed: a process not rung finds it at its next poll)."""
        try:
            names = os.listdir(self.folder)
            if self.sender is None:
                self.sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
                self.sender.setblocking(False)
        except OSError:  # FileNotFoundError: no process has watched yet
            return
        for name in names:
            path = os.path.join(self.folder, name)
            if path == self.own:
                continue
            try:
                self.sender.sendto(RING, path)
            except ConnectionRefusedError:  # its process is gone
                with contextlib.suppress(OSError):
                    os.unlink(path)
            except OSError:  # its queue is full (a wake-up waits there already), or it just went
                pass
