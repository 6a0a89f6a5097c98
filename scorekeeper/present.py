"""The game as the API (and the event stream) shows it to one caller: sealed bids masked."""
from __future__ import annotations

from .games import Access, Loaded
from .rules.base import format_fraction


def visible_bids(hand, access: Access | None) -> list:
    """While a round is sealed nobody sees a bid but their own (a seat key); the scorer neither."""
    if not hand.sealed:
        return list(hand.bids)
    own = access.seat if access is not None and access.role == "seat" else None
    return [bid if seat == own else None for seat, bid in enumerate(hand.bids)]


def hand_json(hand, access: Access | None, penalties: bool = False) -> dict:
    data = {
        "number": hand.number, "name": hand.name, "cards": hand.cards, "trump": hand.trump,
        "dealer": hand.dealer, "order": list(hand.order), "bids": visible_bids(hand, access),
        "forbidden_bid": hand.forbidden_bid, "sealed": hand.sealed,
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


def game_json(loaded: Loaded, access: Access | None) -> dict:
    state = loaded.state
    data = {
        "id": loaded.id, "variant": state.variant.id, "options": dict(state.options),
        "version": loaded.version, "status": "finished" if state.finished else "in_progress",
        "players": list(state.players), "sides": None, "first_dealer": state.first_dealer,
        "current_hand": state.current_hand,
        "hands": [hand_json(hand, access, state.variant.penalties) for hand in state.hands],
        "schedule": [{"number": s.number, "name": s.name, "cards": s.cards, "trump": s.trump,
                      "bidding": s.bidding} for s in state.specs],
        "totals": list(state.totals),
        "standings": [{"seat": p.seat, "player": state.players[p.seat], "place": p.place, "total": p.total,
                       "table_points": format_fraction(p.table_points) if p.table_points is not None else None}
                      for p in state.standings],
    }
    if state.variant.penalties:
        data["failed_contracts"] = list(state.failed_contracts)
    return data
