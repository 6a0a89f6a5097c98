"""Requests a client may send twice, kept once (#36): one store and one rule for every kind of them.

A change (or an undo, a confirmation, a reopening) sent with an `Idempotency-Key`, an import sent with one, a saved
set's Start with its button's key: each is kept here, inside the write unit that made it, under its `kind`, the
`scope` its key is unique in (the game, the phone, or none) and the key, with a digest of what was asked and the
first answer (a version, the games made). The rule, `first_answer`: the same key with the same request is answered
as the first time, nothing done again; with another request it is refused (422, naming the key); sent by another
owner (another phone's link), refused as that. Rows kept before digests were (#33) have none: they answer as
they did.
"""
from __future__ import annotations

from typing import Callable

from ..model import once_reused
from ..rules.base import RuleError


def first_answer(db, kind: str, scope: str, key: str, digest: str | Callable[[], str], owner: str | None = None,
                 since: str | None = None, other: RuleError | None = None,
                 taken: RuleError | None = None) -> str | None:
    """The answer kept for `key` in `scope` (None: a request not seen, or kept before `since`). Refused with
    `other` (`once_reused()` unless told) when the key came with another request, with `taken` when another owner
    sent it. `digest` may be a function, asked only when the key was kept (an import's file is then read through)."""
    row = db.execute("SELECT owner, digest, answer FROM once_keys WHERE kind = ? AND scope = ? AND key = ? "
                     "AND (? IS NULL OR created_at > ?)", [kind, scope, key, since, since]).fetchone()
    if row is None:
        return None
    kept_owner, kept_digest, answer = row
    if taken is not None and kept_owner != owner:
        raise taken
    if kept_digest is not None and kept_digest != (digest() if callable(digest) else digest):
        raise other or once_reused()
    return answer


def keep(db, kind: str, scope: str, key: str, digest: str, answer: str, created_at: str,
         owner: str | None = None) -> None:
    """Inside the write unit that answered it: the request, so that it is answered once (an IntegrityError when the
    same key was kept meanwhile: the same request sent twice at once)."""
    db.execute("INSERT INTO once_keys (kind, scope, key, owner, digest, answer, created_at) "
               "VALUES (?, ?, ?, ?, ?, ?, ?)", [kind, scope, key, owner, digest, answer, created_at])


def forget_before(db, kind: str, scope: str, key: str, before: str) -> None:
    """The key kept before `before` is forgotten (an import's key is kept for a day: then it may stand for another)."""
    db.execute("DELETE FROM once_keys WHERE kind = ? AND scope = ? AND key = ? AND created_at <= ?",
               [kind, scope, key, before])
