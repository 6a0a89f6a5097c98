"""What the score sheet page shows, worked out in Python so that templates compute nothing."""
from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import lazy_gettext as _l

from ..games import Access, Loaded, sort_out
from ..present import visible_bids
from ..rules.predictions import NO_BIDS

ROLE_NAMES = {"scorer": _l("scorer"), "view": _l("table view"), "seat": _l("player")}


def role_name(role: str) -> str:
    """A link's role as people say it: scorer, table view, player."""
    return str(ROLE_NAMES.get(role, role))


SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠", "NT": _l("NT"), None: "?"}
RED = {"H", "D"}


@dataclass
class Cell:
    bid: str = ""
    score: str = ""
    total: str = ""
    made: bool | None = None


@dataclass
class Row:
    number: int
    name: str
    cards: int
    trump: str
    red: bool
    dealer: str
    cells: list
    state: str  # "done", "current" or "future"
    editable: bool = False


@dataclass
class Bidder:
    seat: int
    name: str
    bid: str
    is_dealer: bool
    is_next: bool
    chosen: bool
    hidden: bool


@dataclass
class Entry:
    """The panel for the current hand: the bid pad or the tricks form."""

    number: int
    name: str
    cards: int
    trump: str | None
    trump_symbol: str
    dealer: str
    bidding: str
    phase: str  # "bids" or "tricks"
    bidders: list
    pad_seat: int | None = None
    pad_name: str = ""
    pad: list = field(default_factory=list)  # (value, disabled, is the bid already in)
    blocked: tuple | None = None  # (name, value)
    bids_in: int = 0
    needs_trump: bool = False
    tricks_rows: list = field(default_factory=list)  # (seat, name, bid)


def _show_bid(bid) -> str:
    return "" if bid is None else str(bid)


def rows(loaded: Loaded, access: Access) -> list[Row]:
    state = loaded.state
    played = {hand.number: hand for hand in state.hands}
    out = []
    for spec in state.specs:
        hand = played.get(spec.number)
        trump = hand.trump if hand else spec.trump
        if hand is None:
            cells, status = [Cell() for _ in state.players], "future"
        else:
            bids = visible_bids(hand, access)
            status = "done" if hand.scores is not None else "current"
            cells = [Cell(bid=_show_bid(bids[s]) if spec.bidding != NO_BIDS else "",
                          score=str(hand.scores[s]) if hand.scores else "",
                          total=str(hand.totals[s]) if hand.totals else "",
                          made=(hand.bids[s] == hand.tricks[s]) if hand.tricks else None)
                     for s in range(len(state.players))]
        out.append(Row(number=spec.number, name=spec.name, cards=spec.cards,
                       trump=SUIT_SYMBOLS.get(trump, "?") if trump else "", red=trump in RED,
                       dealer=state.players[state.dealer(spec.number)], cells=cells, state=status,
                       editable=status == "done" and access.role == "scorer"))
    return out


def entry(loaded: Loaded, access: Access, chosen_seat: int | None = None) -> Entry | None:
    """The current hand's entry panel for this caller, or None when the game is over."""
    state = loaded.state
    number = state.current_hand
    if number is None:
        return None
    hand = state.hand(number)
    spec = hand.spec
    bids = visible_bids(hand, access)
    phase = "bids" if None in hand.bids else "tricks"
    pad_seat = _pad_seat(hand, access, chosen_seat, phase)
    e = Entry(number=number, name=spec.name, cards=spec.cards, trump=hand.trump,
              trump_symbol=SUIT_SYMBOLS.get(hand.trump, "?"), dealer=state.players[hand.dealer],
              bidding=spec.bidding, phase=phase, bidders=[], bids_in=sum(hand.bids_in),
              needs_trump=spec.trump is None)
    for seat in hand.order:
        e.bidders.append(Bidder(seat=seat, name=state.players[seat], bid=_show_bid(bids[seat]),
                                is_dealer=seat == hand.dealer, is_next=seat == hand.next_bidder,
                                chosen=seat == pad_seat,
                                hidden=hand.sealed and bids[seat] is None and hand.bids[seat] is not None))
    if pad_seat is not None:
        blocked = hand.forbidden_for(pad_seat)
        e.pad_seat, e.pad_name = pad_seat, state.players[pad_seat]
        current = bids[pad_seat]  # what this caller may see of the bid already in (a sealed one stays hidden)
        e.pad = [(value, value == blocked, value == current) for value in range(spec.cards + 1)]
        e.blocked = (state.players[pad_seat], blocked) if blocked is not None else None
    if phase == "tricks":
        e.tricks_rows = [(s, state.players[s], _show_bid(bids[s])) for s in hand.order]
    return e


def error_place(field: str | None, entry: Entry | None, edit, access: Access) -> str:
    """Where a refusal is shown: next to the form it concerns ("edit", "pad", "tricks"), else on top."""
    if edit is not None and field in ("bid", "bids", "tricks", "trump", "penalties"):
        return "edit"
    if entry is not None and field == "bid" and entry.pad_seat is not None:
        return "pad"
    if entry is not None and field in ("tricks", "trump", "penalties") and entry.phase == "tricks" \
            and access.role == "scorer":
        return "tricks"
    return "top"


def _pad_seat(hand, access: Access, chosen_seat: int | None, phase: str) -> int | None:
    """Whose bid the pad enters: the scorer picks any seat (default: next to bid), a player only their own."""
    if hand.spec.bidding == NO_BIDS:
        return None
    if access.role == "scorer":
        if chosen_seat is not None and 0 <= chosen_seat < len(hand.bids):
            return chosen_seat
        if phase == "tricks":
            return None
        return hand.next_bidder if not hand.spec.sealed else next(s for s in hand.order if hand.bids[s] is None)
    if access.role == "seat" and (hand.spec.sealed or hand.next_bidder == access.seat):
        return access.seat
    return None


@dataclass
class EditForm:
    number: int
    name: str
    cards: int
    needs_trump: bool
    trump: str | None
    rows: list  # (seat, name, bid, tricks, penalty)
    penalties: bool
    bids: bool = True  # False in a round without bidding


def edit_form(loaded: Loaded, number: int, form=None) -> EditForm:
    """A past hand laid out for correction (with what was typed, when it was refused)."""
    state = loaded.state
    hand = state.hand(number)
    rows = []
    for seat in hand.order:
        # a sealed hand's slips stay closed here too: the form never pre-fills them (not even on a re-render)
        bid = hand.bids[seat] if hand.spec.bidding != NO_BIDS and not hand.sealed else None
        tricks = hand.tricks[seat] if hand.tricks else ""
        penalty = seat in hand.record.penalties
        if form:
            bid, tricks = form.get(f"bid-{seat}", bid), form.get(f"tricks-{seat}", tricks)
            penalty = bool(form.get(f"penalty-{seat}"))
        rows.append((seat, state.players[seat], _show_bid(bid), tricks, penalty))
    trump = form.get("trump", hand.trump) if form else hand.trump
    return EditForm(number=number, name=hand.name, cards=hand.cards, needs_trump=hand.spec.trump is None,
                    trump=trump, rows=rows, penalties=state.variant.penalties,
                    bids=hand.spec.bidding != NO_BIDS)


@dataclass
class HistoryEntry:
    at: str
    time: str
    by: str
    kind: str  # "bid", "hand" or "undo"
    seat_name: str = ""
    value: object = None
    undone: bool = False


def history(loaded: Loaded, number: int, access: Access) -> list[HistoryEntry]:
    """Every change to one hand, oldest first, with who made it; sealed values hidden as on the sheet."""
    state = loaded.state
    hand = state.hand(number)
    hidden = hand.sealed
    own = access.seat if access.role == "seat" else None
    standing, undid = sort_out(loaded.events)
    standing_seqs = {row["seq"] for row in standing}
    undone_seqs = {row["seq"] for row in undid.values()}
    entries = []
    for row in loaded.events[1:]:
        target = undid.get(row["seq"], row)
        payload = target["payload"]
        if payload.get("hand") != number:
            continue
        by = (state.players[row["actor_seat"]] if row["actor_role"] == "seat" and row["actor_seat"] is not None
              else role_name(row["actor_role"]))
        entry = HistoryEntry(at=row["created_at"], time=row["created_at"][11:19], by=by, kind="undo"
                             if row["type"] == "undo" else payload.get("type", ""),
                             undone=row["seq"] in undone_seqs and row["seq"] not in standing_seqs)
        if entry.kind == "bid":
            entry.seat_name = state.players[payload["seat"]] if isinstance(payload.get("seat"), int) else ""
            entry.value = None if hidden and payload.get("seat") != own else payload.get("bid")
        elif entry.kind == "hand":
            parts = []  # (what, text): the template names each part
            if payload.get("trump"):
                parts.append(("trump", SUIT_SYMBOLS.get(payload["trump"], "")))
            if payload.get("bids") and not hidden:
                parts.append(("bids", " ".join("–" if b is None else str(b) for b in payload["bids"])))
            if payload.get("tricks"):
                parts.append(("tricks", " ".join(str(t) for t in payload["tricks"])))
            entry.value = parts
        entries.append(entry)
    return entries


PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")


@dataclass
class ChartLine:
    name: str
    color: str
    points: str  # SVG polyline points
    last: tuple  # (x, y, total) for the end label


@dataclass
class Chart:
    width: int
    height: int
    zero_y: float
    lines: list


def chart(loaded: Loaded, width: int = 320, height: int = 160) -> Chart | None:
    """Running totals as polylines (hand 0 = 0 points); None until a hand is scored."""
    state = loaded.state
    scored = [hand.totals for hand in state.hands if hand.totals is not None]
    if not scored:
        return None
    series = [(0,) * len(state.players)] + scored
    low = min(0, *(min(t) for t in series))
    high = max(1, *(max(t) for t in series))
    pad = 8
    step = (width - 2 * pad - 24) / max(1, len(state.specs))

    def y(value):
        return round(height - pad - (value - low) * (height - 2 * pad) / (high - low), 1)

    lines = []
    for seat, name in enumerate(state.players):
        nudge = (seat - (len(state.players) - 1) / 2) * 2  # equal totals: lines side by side, not hidden
        points = [(round(pad + i * step, 1), round(y(totals[seat]) + nudge, 1)) for i, totals in enumerate(series)]
        lines.append(ChartLine(name=name, color=PALETTE[seat % len(PALETTE)],
                               points=" ".join(f"{px},{py}" for px, py in points),
                               last=(points[-1][0], points[-1][1], series[-1][seat])))
    return Chart(width=width, height=height, zero_y=y(0), lines=lines)
