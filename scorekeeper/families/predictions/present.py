"""The "bid exactly" family as the API, the CSV and the history show it (sealed bids masked)."""
from __future__ import annotations

from flask_babel import gettext

from ...model import Seen
from ..common import recorded, symbol


def columns(state) -> list[str]:
    """Every player for themselves: a column each."""
    return list(state.players)


def visible_bids(hand, seen: Seen) -> list:
    """The bids this reader may see: a sealed bid is None for everyone but its own seat."""
    return [None if seen.hides(hand.number, seat) else bid for seat, bid in enumerate(hand.bids)]


def _sealed(hand, seen: Seen) -> bool:
    """Sealed for this reader: some bid of the hand is still hidden from them."""
    return any(seen.hides(hand.number, seat) for seat in range(len(hand.bids)))


def hand_json(hand, state, seen: Seen) -> dict:
    penalties = state.variant.penalties
    data = {
        "number": hand.number, "name": hand.name, "cards": hand.cards, "trump": hand.trump,
        "dealer": hand.dealer, "order": list(hand.order), "bids": visible_bids(hand, seen),
        "forbidden_bid": hand.forbidden_bid, "sealed": _sealed(hand, seen),
        "tricks": list(hand.tricks) if hand.tricks is not None else None,
        "scores": list(hand.scores) if hand.scores is not None else None,
        "totals": list(hand.totals) if hand.totals is not None else None,
        "result": None, "next_bidder": hand.next_bidder, "bidding": hand.spec.bidding,
    }
    if hand.spec.sealed:
        data["bids_in"] = list(hand.bids_in)
    if penalties:
        data["penalties"] = list(hand.record.penalties)
    if hand.result is not None and penalties:
        data["result"] = {"failed": list(hand.result.failed)}
    return data


def game_json(state, seen: Seen) -> dict:
    data = {"schedule": [{"number": s.number, "name": s.name, "cards": s.cards, "trump": s.trump,
                          "bidding": s.bidding} for s in state.specs]}
    if state.variant.penalties:
        data["failed_contracts"] = list(state.failed_contracts)
    return data


def detail(hand, seat: int) -> str:
    """The CSV's short description of one player's hand: `bid 3, took 4: missed`; an illegal play fails
    the contract whatever the tricks (`bid 1, took 1: failed, illegal play`)."""
    bid, tricks = hand.bids[seat], hand.tricks[seat]
    if seat in hand.record.penalties:
        return f"bid {bid}, took {tricks}: failed, illegal play"
    return f"bid {bid}, took {tricks}: {'made' if bid == tricks else 'missed'}"


def csv_rows(state):
    """One row per scored hand per player (a scored hand has no secrets left)."""
    for hand in state.hands:
        if hand.scores is None:
            continue
        for seat, player in enumerate(state.players):
            yield {"hand": hand.number, "hand_name": hand.name, "cards": hand.cards, "trump": hand.trump,
                   "dealer": state.players[hand.dealer], "seat": seat, "player": player,
                   "bid": hand.bids[seat], "tricks": hand.tricks[seat], "score": hand.scores[seat],
                   "total": hand.totals[seat], "detail": detail(hand, seat)}


csv_record = recorded  # its record's fields are those of its `hand` event


def history_text(payload: dict, state, seen: Seen, corrected: bool = False) -> str:
    """A bid ("bid 3 for Anna", or "a sealed bid for Anna") or a recorded hand, part by part with names; the
    same parts for a correction (`corrected`), without "recorded": the sheet says "corrected" around it (#35)."""
    number = payload.get("hand")
    seat = payload.get("seat")
    if payload.get("type") == "bid":
        name = state.players[seat] if isinstance(seat, int) and 0 <= seat < len(state.players) else ""
        if isinstance(number, int) and isinstance(seat, int) and seen.hides(number, seat):
            return gettext("a sealed bid for %(name)s", name=name)
        return gettext("bid %(bid)s for %(name)s", bid=payload.get("bid"), name=name)
    parts = [] if corrected else [gettext("recorded the hand")]
    if payload.get("trump"):
        parts.append(gettext("trump %(suit)s", suit=symbol(payload["trump"])))
    sealed = isinstance(number, int) and any(seen.hides(number, s) for s in range(len(state.players)))
    if payload.get("bids") and not sealed:
        parts.append(gettext("bids %(list)s", list=_by_name(state, payload["bids"])))
    if payload.get("tricks"):
        parts.append(gettext("tricks %(list)s", list=_by_name(state, payload["tricks"])))
    if payload.get("penalties"):
        names = [state.players[s] for s in payload["penalties"] if isinstance(s, int) and 0 <= s < len(state.players)]
        parts.append(gettext("illegal play: %(names)s", names=", ".join(names)))
    return " · ".join(parts)


def _by_name(state, values) -> str:
    """"Anna 5, Bruno 3, Carla –" in the order of the players."""
    return ", ".join(f"{name} {'–' if value is None else value}" for name, value in zip(state.players, values))
