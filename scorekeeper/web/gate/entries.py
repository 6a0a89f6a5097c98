"""An entry's own id (#22): the `Idempotency-Key` a phone's outbox (or an API client) sends with a change, so that
an entry sent twice — a retry after a lost answer, two tabs replaying one queue — is applied once. The second
answer is the game as it is, saying so (`Idempotent-Replayed: true`, as an import's)."""
from __future__ import annotations

from dataclasses import replace

from flask import request

from ...model import Access, check_once

REPLAYED = {"Idempotent-Replayed": "true"}


def entering(who: Access) -> Access:
    """The caller, with the id of the entry this request sends (if it gave one)."""
    return replace(who, entry=check_once(request.headers.get("Idempotency-Key")))
