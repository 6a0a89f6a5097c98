"""The "bid exactly" family's score sheet: the paper grid, the bid pad, the tricks and correction forms.

Worked out in Python so that the templates (`templates/predictions/`) compute nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import get_translations, gettext

from ...model import Access, Loaded, Seen
from ...rules.predictions import NO_BIDS, PredictionGame
from .. import Touched, hands_from, own
from ..common import RED, SUIT_NAMES, SUIT_SYMBOLS, form_number, symbol, view_number
from .present import visible_bids


@dataclass
class Cell:
    bid: str = ""
    tricks: str = ""  # taken, once the hand is scored
    score: str = ""
    total: str = ""
    made: bool | None = None

    @property
    def spoken(self) -> str:
        """The box read aloud (#19): its three numbers say nothing without their names ("4/4 14 14"). The running
        total is read from the box itself, after "total": a correction above it sends that number alone (#22)."""
        words = get_translations()  # looked up once a box, not once a word: a sheet has some 150 boxes
        parts = [words.ugettext("bid %(bid)s") % {"bid": self.bid} if self.bid else "",
                 words.ugettext("took %(tricks)s") % {"tricks": self.tricks} if self.tricks else "",
                 words.ungettext("%(num)s point", "%(num)s points", int(self.score)) % {"num": int(self.score)}
                 if self.score else "",
                 words.ugettext("total") if self.total else ""]  # its number follows, read from the grid
        return ", ".join(part for part in parts if part)


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
    blocked_dealer: bool = True  # the one blocked is the dealer (else simply the last of the set to bid)
    bids_in: int = 0
    needs_trump: bool = False
    tricks_rows: list = field(default_factory=list)  # (seat, name, bid, tricks tapped in so far or "")
    tricks_counted: int = 0  # the tricks tapped in so far ("9 of 13")
    tricks_pad_name: str = ""  # whose tricks the pad enters next
    tricks_pad: list = field(default_factory=list)  # (value, the draft with it, more than is left)
    tricks_pad_seat: int | None = None
    penalties: list = field(default_factory=list)  # ticked per seat (kept while the pad is tapped, #18)
    turn: str = ""  # a player's own phone: where the bidding stands and when their turn comes (#19)
    dealer_rule: bool = False  # the bids may not add up to the cards: offline, the page greys that bid itself
    trump_picked: str | None = None  # the turned card chosen before the pad was tapped
    trump_called: bool = False  # a player names the trump, which may be NT (Blob, #23)
    trump_given: tuple | None = None  # (code, symbol, name) of the trump given while they bid: not asked again (#35)


def _show(value) -> str:
    return "" if value is None else str(value)


def rows(loaded: Loaded, access: Access, seen: Seen) -> list[Row]:
    state = own(loaded, PredictionGame)
    played = {hand.number: hand for hand in state.hands}
    out = []
    for spec in state.specs:
        hand = played.get(spec.number)
        trump = hand.trump if hand else spec.trump
        if hand is None:
            cells, status = [Cell() for _ in state.players], "future"
        else:
            bids = visible_bids(hand, seen)
            status = "done" if hand.scores is not None else "current"
            cells = [Cell(bid=_show(bids[s]) if spec.bidding != NO_BIDS else "",
                          tricks=_show(hand.tricks[s]) if hand.tricks else "",
                          score=str(hand.scores[s]) if hand.scores else "",
                          total=str(hand.totals[s]) if hand.totals else "",
                          made=(hand.bids[s] == hand.tricks[s]) if hand.tricks else None)
                     for s in range(len(state.players))]
        out.append(Row(number=spec.number, name=spec.name, cards=spec.cards,
                       trump=symbol(trump) if trump else "", red=trump in RED,
                       dealer=state.players[state.dealer(spec.number)], cells=cells, state=status,
                       editable=status == "done" and access.role == "scorer"))
    return out


def entry(loaded: Loaded, access: Access, seen: Seen, view) -> Entry | None:
    """The current hand's entry panel for this caller, or None when the game is over."""
    state = own(loaded, PredictionGame)
    number = state.current_hand
    if number is None:
        return None
    hand = state.hand(number)
    spec = hand.spec
    bids = visible_bids(hand, seen)
    phase = "bids" if None in hand.bids else "tricks"
    pad_seat = _pad_seat(hand, access, view_number(view.get("seat")), phase)
    e = Entry(number=number, name=spec.name, cards=spec.cards, trump=hand.trump,
              trump_symbol=symbol(hand.trump), dealer=state.players[hand.dealer],
              bidding=spec.bidding, phase=phase, bidders=[], bids_in=sum(hand.bids_in),
              needs_trump=spec.trump is None, dealer_rule=spec.forbidden, trump_called=spec.called)
    for seat in hand.order:
        e.bidders.append(Bidder(seat=seat, name=state.players[seat], bid=_show(bids[seat]),
                                is_dealer=seat == hand.dealer, is_next=seat == hand.next_bidder,
                                chosen=seat == pad_seat,
                                hidden=bids[seat] is None and hand.bids[seat] is not None))
    if pad_seat is not None:
        blocked = hand.forbidden_for(pad_seat)
        e.pad_seat, e.pad_name = pad_seat, state.players[pad_seat]
        current = bids[pad_seat]  # what this caller may see of the bid already in (a sealed one stays hidden)
        e.pad = [(value, value == blocked, value == current) for value in range(spec.cards + 1)]
        e.blocked = (state.players[pad_seat], blocked) if blocked is not None else None
        e.blocked_dealer = pad_seat == hand.dealer
    if access.role == "seat" and access.seat is not None and phase == "bids" and spec.bidding != NO_BIDS:
        e.turn = _turn(loaded, hand, access.seat, bids)
    if phase == "tricks":
        _tricks_pad(e, hand, state, bids, view.get("tricks", ""))
        e.penalties = [bool(view.get(f"penalty-{s}")) for s in range(len(state.players))]
        picked = view.get("trump")
        e.trump_picked = picked if picked in SUIT_SYMBOLS and (picked != "NT" or spec.called) else None
        if hand.trump is not None and spec.trump is None:
            given = e.trump_picked or hand.trump  # a correction tapped before the pad is what will be recorded
            e.trump_given = (given, symbol(given), str(SUIT_NAMES[given]))
    return e


def _tricks_pad(e: Entry, hand, state, bids, draft_text: str) -> None:
    """Tricks tapped in player by player, carried in the page's address until they are recorded; the last
    player's are what is left. 3 taps and "Record" for 4 players. In the order of the grid's columns, the same
    every hand (#18: in the order of bidding, which shifts each hand, six counts went to the wrong players)."""
    typed = [view_number(part) for part in draft_text.split(",")] if draft_text else []
    draft = [count for count in typed if count is not None]
    order = list(range(len(state.players)))
    if len(typed) >= len(order) or len(draft) < len(typed) or sum(draft) > hand.cards:
        draft = []  # a stale or mistyped address: start again
    if len(draft) == len(order) - 1:
        draft = draft + [hand.cards - sum(draft)]
    taken = dict(zip(order, draft))
    e.tricks_rows = [(s, state.players[s], _show(bids[s]), taken.get(s, "")) for s in order]
    e.tricks_counted = sum(draft)
    if len(draft) < len(order):
        e.tricks_pad_seat = order[len(draft)]
        e.tricks_pad_name = state.players[e.tricks_pad_seat]
        left = hand.cards - sum(draft)
        e.tricks_pad = [(value, ",".join(map(str, draft + [value])), value > left) for value in range(hand.cards + 1)]


def _turn(loaded: Loaded, hand, seat: int, bids) -> str:
    """What a player's own phone says of the bidding: their turn, whose turn it is and after whom theirs comes, or
    their bid made — and, in a sealed round, that the scorer entered it for them."""
    players = loaded.state.players
    if hand.spec.sealed:
        if hand.bids[seat] is None:
            return gettext("Enter your bid: nobody sees it until the tricks are in.")
        if _entered_by_scorer(loaded, hand.number, seat):
            return gettext("The scorer entered your bid for you: %(bid)s.", bid=bids[seat])
        return gettext("Your bid is in: %(bid)s. The others' stay hidden until the tricks are in.", bid=bids[seat])
    waiting = [s for s in hand.order if hand.bids[s] is None]
    if hand.bids[seat] is not None:
        return gettext("You bid %(bid)s. %(name)s bids now.", bid=bids[seat], name=players[waiting[0]])
    if waiting[0] == seat:
        return gettext("Your turn: bid now.")
    before = waiting[waiting.index(seat) - 1]
    if before == waiting[0]:
        return gettext("%(name)s bids now; you bid next.", name=players[before])
    return gettext("%(name)s bids now; you bid after %(before)s.", name=players[waiting[0]], before=players[before])


def _entered_by_scorer(loaded: Loaded, number: int, seat: int) -> bool:
    """The latest bid standing for this seat in this hand came from the scorer's link, not the player's own."""
    for row in reversed(loaded.events.standing_in(number)):  # the changes still standing (an undone bid is no bid)
        payload = row["payload"]
        if (payload.get("type") == "bid" and payload.get("seat") == seat) or "bids" in payload:
            return row["actor_role"] == "scorer"
    return False


def _pad_seat(hand, access: Access, chosen_seat: int | None, phase: str) -> int | None:
    """Whose bid the pad enters: the scorer picks any seat (default: next to bid), a player only their own."""
    if hand.spec.bidding == NO_BIDS or (hand.spec.sealed and None not in hand.bids):
        return None  # no bidding, or every slip of a sealed round is in: frozen until the tricks
    if access.role == "scorer":
        if chosen_seat is not None and 0 <= chosen_seat < len(hand.bids):
            return chosen_seat
        if phase == "tricks" or hand.spec.sealed:
            return None  # a sealed round: players bid on their own phones; the scorer picks one who has none (#19)
        return hand.next_bidder
    if access.role == "seat" and (hand.spec.sealed or hand.next_bidder == access.seat):
        return access.seat
    return None


def sheet(loaded: Loaded, who: Access, seen: Seen, view) -> dict:
    return {"rows": rows(loaded, who, seen), "entry": entry(loaded, who, seen, view)}


def rows_touched(change: dict, state, corrected: bool) -> Touched | None:
    """Every hand has its row from the start: a change to a hand redraws its row and those after it (the next hand
    becomes current). A bid or a turned card alone leaves the scores of an open hand; a hand scored before
    (corrected, or a bid of it changed) leaves the entry, which shows the hand being entered alone, and the rows
    below it but for their running totals."""
    number = change.get("hand")
    if not isinstance(number, int):
        return None
    again = corrected or (change.get("type") == "bid" and state.hand(number).scores is not None)
    if again:  # a scored hand changed: its row, and the running totals alone of the rows below it
        return Touched(changed=frozenset({number}), retotalled=hands_from(number + 1, state), entry=False)
    return Touched(changed=hands_from(number, state), rescored="tricks" in change, bid=change.get("type") == "bid")


def error_place(field: str | None, sheet: dict, edit, access: Access) -> str:
    """Where a refusal is shown: next to the form it concerns ("edit", "pad", "tricks"), else on top."""
    entry = sheet.get("entry")
    if edit is not None and field in ("bid", "bids", "tricks", "trump", "penalties"):
        return "edit"
    if entry is not None and field == "bid" and entry.pad_seat is not None:
        return "pad"
    if entry is not None and field in ("tricks", "trump", "penalties") and entry.phase == "tricks" \
            and access.role == "scorer":
        return "tricks"
    return "top"


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
    trump_called: bool = False  # the trump was named by a player: NT is one of the choices


def edit_form(loaded: Loaded, number: int, seen: Seen, form=None) -> EditForm:
    """A past hand laid out for correction (with what was typed, when it was refused)."""
    state = own(loaded, PredictionGame)
    hand = state.hand(number)
    rows = []
    for seat in hand.order:
        # a sealed hand's slips stay closed here too: the form never pre-fills them (not even on a re-render)
        bid = hand.bids[seat] if hand.spec.bidding != NO_BIDS and not seen.hides(number, seat) else None
        tricks = hand.tricks[seat] if hand.tricks else ""
        penalty = seat in hand.record.penalties
        if form:
            bid, tricks = form.get(f"bid-{seat}", bid), form.get(f"tricks-{seat}", tricks)
            penalty = bool(form.get(f"penalty-{seat}"))
        rows.append((seat, state.players[seat], _show(bid), tricks, penalty))
    trump = form.get("trump", hand.trump) if form else hand.trump
    return EditForm(number=number, name=hand.name, cards=hand.cards, needs_trump=hand.spec.trump is None,
                    trump=trump, rows=rows, penalties=state.variant.penalties,
                    bids=hand.spec.bidding != NO_BIDS, trump_called=hand.spec.called)


def hand_event(form, state, number: int) -> dict:
    """The tricks form, the turned-card buttons or a correction → a `hand` event's fields."""
    players = len(state.players)
    event = {}
    if "trump" in form:
        event["trump"] = form.get("trump") or None
    if form.get("correction"):  # the correction form also carries the bids
        event["bids"] = [form_number(form.get(f"bid-{seat}")) for seat in range(players)]
    if any(f"tricks-{seat}" in form for seat in range(players)):  # the trump buttons send the trump alone
        tricks = [form_number(form.get(f"tricks-{seat}")) for seat in range(players)]
        if any(t is not None for t in tricks):  # as on paper, a box left blank is no trick
            tricks = [0 if t is None else t for t in tricks]
        event["tricks"] = tricks
        if state.variant.penalties:
            event["penalties"] = [s for s in range(players) if form.get(f"penalty-{s}")]
    return event


def bid_event(form) -> dict:
    """The bid pad as posted → a `bid` event (a value that is no number goes on as typed: the rules refuse it)."""
    typed = form.get("bid", "")
    bid = form_number(typed)
    return {"type": "bid", "hand": view_number(form.get("hand")), "seat": view_number(form.get("seat")),
            "bid": typed if bid is None else bid}
