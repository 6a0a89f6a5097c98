"""The table's phones (#35): the seats claimed from a table's card, and the one-time links that hand scoring over.

Each is called inside the caller's write unit (`db.write`), so that a claim or a handover and what it gives are
recorded together, or not at all.
"""
from __future__ import annotations

from .db import now


def claim(db, game_id: str, seat: int, device: str, key: str) -> tuple[str, str]:
    """Claim a seat for `device` with the seat link `key`, unless it was claimed already: (the device that holds the
    claim, the key it was given), the first claim's whoever asks."""
    db.execute("INSERT INTO seat_claims (game_id, seat, device, key, claimed_at) VALUES (?, ?, ?, ?, ?) "
               "ON CONFLICT (game_id, seat) DO NOTHING", [game_id, seat, device, key, now()])
    row = db.execute("SELECT device, key FROM seat_claims WHERE game_id = ? AND seat = ?", [game_id, seat]).fetchone()
    return row[0], row[1]


def offer(db, game_id: str, scorer_key: str, token: str) -> None:
    """A one-time link that hands the game's scoring over, made by the scorer key it will replace; the game's link
    offered before and not taken stops (one at a time: a game holds one, however often the button is tapped)."""
    db.execute("DELETE FROM handovers WHERE game_id = ? AND taken_at IS NULL", [game_id])
    db.execute("INSERT INTO handovers (token, game_id, scorer_key, created_at) VALUES (?, ?, ?, ?)",
               [token, game_id, scorer_key, now()])


def offered(db, game_id: str) -> list[tuple[str, str]]:
    """The game's handovers not taken yet whose scorer link still opens the game (a scorer link replaced since took
    its offers with it): (that scorer key, the token) each."""
    return db.execute("SELECT h.scorer_key, h.token FROM handovers h JOIN keys k ON k.key = h.scorer_key AND "
                      "k.game_id = h.game_id AND k.role = 'scorer' AND k.revoked_at IS NULL "
                      "WHERE h.game_id = ? AND h.taken_at IS NULL", [game_id]).fetchall()


def taken(db, token: str) -> None:
    db.execute("UPDATE handovers SET taken_at = ? WHERE token = ?", [now(), token])


def handed_over(db, game_id: str) -> list[tuple[str]]:
    """The game's scorer keys replaced by a handover taken on another phone."""
    return db.execute("SELECT scorer_key FROM handovers WHERE game_id = ? AND taken_at IS NOT NULL",
                      [game_id]).fetchall()
