"""gunicorn's access log without the keys: a link's key opens the game, so it never reaches a log file.

Keys travel in addresses (`/g/<game>/<key>/…`, `/t/<tournament>/<key>/…`, `/s/<season>/<key>/…`, a
`next=` that points at one); the request line, the path, the query and the referrer are logged with each key replaced by
`<key>`. API keys travel in the Authorization header, which is not logged.
"""
from __future__ import annotations

import re

from gunicorn.glogging import Logger

KEY = re.compile(r"(/(?:g|t|s)/[^/\s?&#%]+/)[^/\s?&#%]+")
ENCODED_KEY = re.compile(r"(%2F(?:g|t|s)%2F[^%\s?&#]+%2F)[^%\s?&#]+", re.IGNORECASE)
FIELDS = ("r", "U", "q", "f")  # request line, path, query, referrer


def redact(text: str) -> str:
    return ENCODED_KEY.sub(r"\1<key>", KEY.sub(r"\1<key>", text))


class RedactingLogger(Logger):
    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        for name in FIELDS:
            if isinstance(atoms.get(name), str):
                atoms[name] = redact(atoms[name])
        return atoms
