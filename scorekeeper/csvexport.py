"""The game as CSV (API.md): one row per scored hand per player, formula-safe cells."""
from __future__ import annotations

import csv
import io

COLUMNS = ["game_id", "variant", "hand", "hand_name", "cards", "trump", "dealer", "seat", "player",
           "bid", "tricks", "score", "total", "detail"]
NUMERIC = {"hand", "cards", "seat", "bid", "tricks", "score", "total"}
RISKY = ("=", "+", "-", "@", "\t", "\r")


def safe(column: str, value) -> str:
    """Neutralise cells a spreadsheet would run as a formula; numbers in numeric columns stay numbers."""
    if value is None:
        return ""
    if column in NUMERIC and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    text = str(value)
    return "'" + text if text.startswith(RISKY) else text


def detail(hand, seat: int) -> str:
    bid, tricks = hand.bids[seat], hand.tricks[seat]
    words = [f"bid {bid}, took {tricks}", "made" if bid == tricks else "missed"]
    if seat in hand.record.penalties:
        words.append("illegal play")
    return " ".join([words[0] + ":", *words[1:]])


def export(loaded) -> str:
    state = loaded.state
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for hand in state.hands:
        if hand.scores is None:
            continue
        for seat, player in enumerate(state.players):
            row = {"game_id": loaded.id, "variant": state.variant.id, "hand": hand.number,
                   "hand_name": hand.name, "cards": hand.cards, "trump": hand.trump,
                   "dealer": state.players[hand.dealer], "seat": seat, "player": player,
                   "bid": hand.bids[seat], "tricks": hand.tricks[seat], "score": hand.scores[seat],
                   "total": hand.totals[seat], "detail": detail(hand, seat)}
            writer.writerow([safe(c, row[c]) for c in COLUMNS])
    return out.getvalue()
