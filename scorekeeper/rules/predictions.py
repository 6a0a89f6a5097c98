"""The "bid exactly" family (docs/rules/bid-exactly.md): every player bids the tricks they will take.

One engine, `PredictionGame`, runs every variant of the family; a variant only says which hands
are played (`HandSpec` schedule), how a hand scores and how the table is ranked. Wist, Cagliari
Wist and tournament Whist are siblings built on it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Sequence, cast

from .base import (
    N_, NN_, HandNotCurrent, InvalidInput, Option, Place, RuleError, StateConflict, TricksSum, _short, check_int,
    check_seat, evolve, standings_by_total,
)

SUITS = ("H", "D", "C", "S")
NO_TRUMP = "NT"

NORMAL, BLIND, SEALED, NO_BIDS = "normal", "blind", "sealed", "none"


class ForbiddenBid(RuleError):
    code = "forbidden_bid"
    field = "bid"


class BidOutOfRange(RuleError):
    code = "bid_out_of_range"
    field = "bid"


class MissingBids(RuleError):
    code = "missing_bids"
    field = "tricks"


class BiddingClosed(StateConflict):
    code = "bidding_closed"


@dataclass(frozen=True)
class HandSpec:
    """One hand of the schedule, known before it is played."""

    number: int
    cards: int
    trump: str | None  # a fixed suit or "NT"; None: a card is turned and the scorer records it
    bidding: str = NORMAL
    name: str = ""
    forbidden: bool = True  # the dealer's forbidden bid applies
    zero_bonus: bool = False  # whist-torneo: an NT hand at a 13 position (a made 0 scores 26)
    capped_from: int | None = None  # whist-torneo, 5 players: the scheme's count before the cap of 10
    called: bool = False  # trump None: named by a player (a suit or NT), not turned (Blob, #23)

    @property
    def sealed(self) -> bool:
        return self.bidding == SEALED


@dataclass(frozen=True)
class HandRecord:
    """What the scorer recorded for one hand: the only inputs a score depends on."""

    bids: tuple[int | None, ...]
    tricks: tuple[int, ...] | None = None
    trump: str | None = None
    penalties: tuple[int, ...] = ()

    def played(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The bids and the tricks of a scored hand, which is all a variant's `score` reads."""
        if self.tricks is None or None in self.bids:
            raise ValueError("only a hand with every bid and its tricks in is scored")
        return cast(tuple[int, ...], self.bids), self.tricks


@dataclass(frozen=True)
class HandResult:
    scores: tuple[int, ...]
    failed: tuple[bool, ...]


@dataclass(frozen=True)
class PredictionVariant:
    """A variant of the family: schedule, scoring and ranking, plus its options."""

    id: str
    name: str
    players: tuple[int, ...]
    options: tuple[Option, ...]
    schedule: Callable[[int, dict], list[HandSpec]]
    score: Callable[[HandSpec, HandRecord, int, dict], HandResult]  # (hand, record, players, the game's options)
    standings: Callable[["PredictionGame"], list[Place]] = lambda game: standings_by_total(game.totals)
    penalties: bool = False  # whist-torneo records illegal plays
    family: str = "predictions"
    own_field: str = "bid"
    rules: str | None = None  # its own rules page under docs/, when not the family's (the house rules, #23)
    # What the sheet must say about the game's options (N_ sentences): scoring that never gives a point, #23.
    warnings: Callable[[dict], tuple[str, ...]] = lambda options: ()
    # How many seats after the dealer the bidding starts (1: the player after the dealer; 0: the dealer), from the
    # game's options; the last to bid has the dealer's rule, whoever it is (#23).
    first_bidder: Callable[[dict], int] = lambda options: 1

    def own_entry(self, change: dict) -> int | None:
        """A bid is a player's own entry, which their phone may make (a sealed one is theirs alone)."""
        return change.get("seat") if change.get("type") == "bid" else None

    def entries_set(self, change: dict, players: int) -> Collection[int]:
        seat = change.get("seat")
        if change.get("type") == "bid":
            return (seat,) if isinstance(seat, int) else ()
        return range(players) if change.get("type") == "hand" and "bids" in change else ()

    def reveals(self, change: dict) -> bool:
        """Sealed bids come out once the hand's tricks are recorded."""
        return "tricks" in change

    def new_game(self, players: list[str], first_dealer: int, options: dict) -> "PredictionGame":
        specs = tuple(self.schedule(len(players), options))
        records = tuple(_empty_record(spec, len(players)) for spec in specs)
        return PredictionGame(self, tuple(players), dict(options), first_dealer, specs, records)


def _empty_record(spec: HandSpec, players: int) -> HandRecord:
    bid = 0 if spec.bidding == NO_BIDS else None
    trump = spec.trump
    return HandRecord(bids=(bid,) * players, trump=trump)


@dataclass(frozen=True)
class HandView:
    """A hand as the sheet shows it: recorded inputs plus everything derived from them."""

    spec: HandSpec
    dealer: int
    order: tuple[int, ...]
    record: HandRecord
    forbidden_bid: int | None  # the dealer's forbidden bid, once the others have bid
    next_bidder: int | None
    result: HandResult | None
    totals: tuple[int, ...] | None

    number = property(lambda self: self.spec.number)
    cards = property(lambda self: self.spec.cards)
    name = property(lambda self: self.spec.name)
    bids = property(lambda self: self.record.bids)
    tricks = property(lambda self: self.record.tricks)
    trump = property(lambda self: self.record.trump)

    @property
    def sealed(self) -> bool:
        """True while the bids of a sealed round must stay hidden (until tricks are recorded)."""
        return self.spec.sealed and self.record.tricks is None

    @property
    def scores(self):
        return self.result.scores if self.result else None

    def forbidden_for(self, seat: int) -> int | None:
        return forbidden_for(self.spec, self.record.bids, seat)

    @property
    def bids_in(self) -> tuple[bool, ...]:
        return tuple(b is not None for b in self.record.bids)


@dataclass(frozen=True)
class PredictionGame:
    variant: PredictionVariant
    players: tuple[str, ...]
    options: dict
    first_dealer: int
    specs: tuple[HandSpec, ...]
    records: tuple[HandRecord, ...]
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    sides = None  # every player for themselves

    # -- where the game stands ---------------------------------------------------------------
    @property
    def planned_hands(self) -> int:
        """How many hands the game has (the schedule is fixed)."""
        return len(self.specs)

    def secrets(self) -> frozenset[tuple[int, int]]:
        """(hand, seat) of every bid only its seat may see: a sealed round's, until the tricks are in
        (a bid taken back stays secret too)."""
        return frozenset((hand.number, seat) for hand in self.hands if hand.sealed
                         for seat in range(len(self.players)))

    @property
    def current_hand(self) -> int | None:
        """The number of the first hand without tricks; None when the game is over."""
        for spec, record in zip(self.specs, self.records):
            if record.tricks is None:
                return spec.number
        return None

    @property
    def finished(self) -> bool:
        return self.current_hand is None

    def dealer(self, number: int) -> int:
        return (self.first_dealer + number - 1) % len(self.players)

    def order(self, number: int) -> tuple[int, ...]:
        """Bidding order: from the player after the dealer round to the dealer, who bids last (or as the variant's
        options say: from the dealer round to the player before)."""
        n = len(self.players)
        first = self.dealer(number) + self.variant.first_bidder(self.options)
        return tuple((first + i) % n for i in range(n))

    # -- derived figures -------------------------------------------------------------------------
    @property
    def hands(self) -> list[HandView]:
        """Every hand played or in progress (the future ones are in `specs`)."""
        if "hands" not in self._cache:
            self._cache["hands"] = self._views()
        return self._cache["hands"]

    def _views(self) -> list[HandView]:
        views, running = [], (0,) * len(self.players)
        last = self.current_hand or len(self.specs)
        for spec, record in zip(self.specs[:last], self.records[:last]):
            result = self.variant.score(spec, record, len(self.players), self.options) if record.tricks else None
            totals = None
            if result:
                running = tuple(t + s for t, s in zip(running, result.scores))
                totals = running
            order = self.order(spec.number)
            views.append(HandView(
                spec=spec, dealer=self.dealer(spec.number), order=order, record=record,
                forbidden_bid=forbidden_for(spec, record.bids, order[-1]),
                next_bidder=_next_bidder(spec, record, order),
                result=result, totals=totals))
        return views

    @property
    def totals(self) -> tuple[int, ...]:
        scored = [h.totals for h in self.hands if h.totals]
        return scored[-1] if scored else (0,) * len(self.players)

    @property
    def failed_contracts(self) -> tuple[int, ...]:
        counts = [0] * len(self.players)
        for hand in self.hands:
            if hand.result:
                for seat, failed in enumerate(hand.result.failed):
                    counts[seat] += failed
        return tuple(counts)

    @property
    def standings(self) -> list[Place]:
        return self.variant.standings(self)

    def hand(self, number: int) -> HandView:
        return self.hands[number - 1]

    # -- changes (each returns a new game; the old one is untouched) ------------------------
    def apply(self, event: dict) -> "PredictionGame":
        kind = event.get("type")
        if kind == "bid":
            return self.with_bid(event.get("hand"), event.get("seat"), event.get("bid"))
        if kind == "hand":
            return self.with_hand(event.get("hand"), {k: v for k, v in event.items() if k not in ("type", "hand")})
        if kind == "end":
            raise StateConflict(N_("This game ends by itself after its last hand."))
        raise InvalidInput(N_("This game does not know the change “%(kind)s”."), kind=str(kind))

    def with_bid(self, number: Any, seat: Any, bid: Any) -> "PredictionGame":
        spec, record = self._editable(number)
        seat = check_seat(seat, len(self.players))
        if spec.bidding == NO_BIDS:
            raise BiddingClosed(N_("There is no bidding in the %(name)s round: everyone plays for zero."),
                                name=spec.name or str(spec.number))
        self._check_slips_open(spec, record)
        bids = list(record.bids)
        bids[seat] = self._check_bid(spec, bid)
        record = evolve(record, bids=tuple(bids))
        self._check_forbidden(spec, record)
        if record.tricks is not None and None in record.bids:
            raise MissingBids(N_("A scored hand needs every bid."))
        return self._with_record(spec, record)

    def with_hand(self, number: Any, fields: dict) -> "PredictionGame":
        """A hand's fields as sent (the API's whole hand, the tricks form, a correction): each put in the
        record in the order a table fills them (trump, bids, penalties, tricks), the record checked whole."""
        spec, record = self._editable(number)
        unknown = set(fields) - {"bids", "tricks", "trump", "penalties"}
        if unknown:
            raise InvalidInput(N_("Unknown field: %(names)s."), names=", ".join(sorted(map(str, unknown))))
        if "trump" in fields and fields["trump"] is not None:
            record = evolve(record, trump=self._check_trump(spec, fields["trump"]))
        if "bids" in fields:
            record = self._with_bids(spec, record, fields["bids"])
        if "penalties" in fields:
            record = evolve(record, penalties=self._check_penalties(fields["penalties"]))
        if "tricks" in fields:
            record = self._with_tricks(spec, record, fields["tricks"])
        elif record.tricks is not None and None in record.bids:
            raise MissingBids(N_("A scored hand needs every bid."))
        if record.penalties and not self.variant.penalties:
            raise InvalidInput(N_("This game has no penalties."), field="penalties")
        return self._with_record(spec, record)

    def _with_bids(self, spec: HandSpec, record: HandRecord, values: Any) -> HandRecord:
        """Every bid of the hand at once: whole numbers in range or blanks (0 in a round without bidding), and
        not the dealer's forbidden total; never while the sealed slips are closed."""
        self._check_slips_open(spec, record, "bids")
        bids = self._check_list(values, "bids", allow_none=True)
        for bid in bids:
            if bid is not None and (isinstance(bid, bool) or not isinstance(bid, int)):
                raise InvalidInput(N_("“%(value)s” is not a whole number."), field="bids", value=_short(bid))
        if spec.bidding == NO_BIDS and any(b not in (0, None) for b in bids):
            raise BiddingClosed(N_("There is no bidding in the %(name)s round: everyone plays for zero."),
                                name=spec.name or str(spec.number))
        checked = tuple(0 if spec.bidding == NO_BIDS else self._check_bid(spec, b, "bids") if b is not None
                        else None for b in bids)
        record = evolve(record, bids=checked)
        self._check_forbidden(spec, record)
        return record

    def _with_tricks(self, spec: HandSpec, record: HandRecord, values: Any) -> HandRecord:
        """The tricks each player took: counts the hand allows, once every bid is in, adding up to the cards
        dealt, with the trump recorded."""
        tricks = self._check_list(values, "tricks")
        for value in tricks:
            if not isinstance(value, bool) and isinstance(value, int) and value > spec.cards:
                self._refuse_capped(spec, TricksSum, "tricks")
            check_int(value, "tricks", 0, spec.cards, error=TricksSum)  # impossible counts: not adding up
        if None in record.bids:
            missing = [self.players[s] for s in self.order(spec.number) if record.bids[s] is None]
            raise MissingBids(N_("Tricks can be recorded once everyone has bid; still to bid: %(names)s."),
                              names=", ".join(missing))
        if sum(tricks) != spec.cards:
            if sum(tricks) > spec.cards:
                self._refuse_capped(spec, TricksSum, "tricks")
            raise TricksSum(N_("The tricks add up to %(sum)s, but %(cards)s were played in this hand."),
                            sum=sum(tricks), cards=spec.cards)
        if record.trump is None:  # Blob turns no card: the highest bidder names the trump (#34)
            raise InvalidInput(N_("Record the trump named by the highest bidder (a suit, or NT) first.")
                               if spec.called else N_("Record the suit of the turned card (the trump) first."),
                               field="trump")
        return evolve(record, tricks=tuple(tricks))

    # -- checks --------------------------------------------------------------------------------
    def _editable(self, number: Any) -> tuple[HandSpec, HandRecord]:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self.specs):
            raise InvalidInput(N_("There is no hand %(number)s in this game."), field="hand", number=str(number)[:20])
        current = self.current_hand
        if current is not None and number > current:
            raise HandNotCurrent(N_("Hand %(number)s has not started yet: the current hand is %(current)s."),
                                 number=number, current=current)
        return self.specs[number - 1], self.records[number - 1]

    @staticmethod
    def _check_slips_open(spec: HandSpec, record: HandRecord, field: str = "bid") -> None:
        """A sealed round: once every slip is in, no bid changes until the tricks are recorded (whatever
        the value, so that trying values tells nobody anything); afterwards a correction is fine. `field`: the
        refused one (a seat's `bid`, a hand's `bids`)."""
        if spec.sealed and record.tricks is None and None not in record.bids:
            raise BiddingClosed(N_("All the sealed bids are in: none can change now. Record the tricks to "
                                   "open the slips; a bid can be corrected after that."), field=field)

    def _check_bid(self, spec: HandSpec, bid: Any, field: str = "bid") -> int:
        if not isinstance(bid, bool) and isinstance(bid, int) and bid > spec.cards:
            self._refuse_capped(spec, BidOutOfRange, field)
        return check_int(bid, field, 0, spec.cards, error=BidOutOfRange)

    def _refuse_capped(self, spec: HandSpec, error, field: str) -> None:
        """Asking for more cards than a capped hand deals (5 players at whist-torneo: 13 → 10)."""
        if spec.capped_from is not None:
            raise error(N_("With %(players)s players only %(cards)s cards each are dealt: this hand of the "
                           "scheme (%(scheme)s cards) is played with %(cards)s, so bids and tricks go from "
                           "0 to %(cards)s."), field=field, players=len(self.players), cards=spec.cards,
                        scheme=spec.capped_from)

    def _check_list(self, values: Any, field: str, allow_none: bool = False) -> list:
        if not isinstance(values, list) or len(values) != len(self.players):
            raise InvalidInput(N_("Give one value for each of the %(count)s players."), field=field,
                               count=len(self.players))
        if not allow_none and None in values:
            raise InvalidInput(N_("Give one value for each of the %(count)s players."), field=field,
                               count=len(self.players))
        return values

    def _check_trump(self, spec: HandSpec, trump: Any) -> str:
        if spec.trump is not None:
            if spec.trump == NO_TRUMP and trump != NO_TRUMP:
                raise InvalidInput(N_("Hand %(number)s is played without trump (NT): no card is turned, "
                                      "so there is no trump to record."), field="trump", number=spec.number)
            if trump != spec.trump:
                raise InvalidInput(N_("The trump of this hand is fixed: %(trump)s."), field="trump",
                                   trump=spec.trump)
            return trump
        if spec.called and trump == NO_TRUMP:
            return trump
        if trump not in SUITS:
            if spec.called:
                raise InvalidInput(N_("The trump must be a suit (H, D, C or S) or NT."), field="trump")
            raise InvalidInput(N_("The trump must be a suit: H, D, C or S."), field="trump")
        return trump

    def _check_penalties(self, seats: Any) -> tuple[int, ...]:
        if not isinstance(seats, list):
            raise InvalidInput(N_("Penalties must be a list of seats."), field="penalties")
        return tuple(sorted({check_seat(s, len(self.players), "penalties") for s in seats}))

    def _check_forbidden(self, spec: HandSpec, record: HandRecord) -> None:
        bids = [bid for bid in record.bids if bid is not None]
        if spec.forbidden and len(bids) == len(record.bids) and sum(bids) == spec.cards:
            last = self.order(spec.number)[-1]  # the dealer, unless the house rules start the bidding elsewhere
            others = sum(bids) - bids[last]
            template = NN_("Dealer's forbidden bid: the bids may not add up to the single trick of the hand "
                           "(someone must fail). With the others at %(others)s, %(dealer)s may not bid %(bid)s.",
                           "Dealer's forbidden bid: the bids may not add up to the %(num)s tricks of the hand "
                           "(someone must fail). With the others at %(others)s, %(dealer)s may not bid %(bid)s.") \
                if last == self.dealer(spec.number) else \
                NN_("Last bid of the set: the bids may not add up to the single trick of the hand (someone must "
                    "fail). With the others at %(others)s, %(dealer)s, the last to bid, may not bid %(bid)s.",
                    "Last bid of the set: the bids may not add up to the %(num)s tricks of the hand (someone must "
                    "fail). With the others at %(others)s, %(dealer)s, the last to bid, may not bid %(bid)s.")
            raise ForbiddenBid(template, num=spec.cards, others=others, dealer=self.players[last],
                               bid=record.bids[last])

    def _with_record(self, spec: HandSpec, record: HandRecord) -> "PredictionGame":
        records = list(self.records)
        records[spec.number - 1] = record
        return evolve(self, records=tuple(records))


def forbidden_for(spec: HandSpec, bids: Sequence[int | None], seat: int) -> int | None:
    """The number `seat` may not bid: the one that would make the bids add up to the tricks.

    Known once every other bid is in; None in rounds without the rule or when it is out of range.
    """
    others = [bid for s, bid in enumerate(bids) if s != seat]
    known = [bid for bid in others if bid is not None]
    if not spec.forbidden or len(known) < len(others):
        return None
    value = spec.cards - sum(known)
    return value if 0 <= value <= spec.cards else None


def _next_bidder(spec: HandSpec, record: HandRecord, order: Sequence[int]) -> int | None:
    if spec.bidding in (SEALED, NO_BIDS) or record.tricks is not None:
        return None
    return next((s for s in order if record.bids[s] is None), None)
