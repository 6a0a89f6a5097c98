"""Solo Whist: four players each for themselves; after the auction one contract is played per deal.

Four players, 13 cards each; the dealer's last card is turned for trump. After each deal the
scorer records the final contract, the declarer (and the partner who accepted a proposal), the
trump where the contract has one and the tricks of the declarer (or of the two partners). A deal
where everyone passed (or a proposal was not accepted) is recorded as ``pass``: it scores
nothing and does not count toward a fixed number of deals. The deal passes to the next player
at every deal, passes included.

Two ways to score (option ``system``): 1, points by the table below with over- and under-tricks;
2, stakes (the declarer wins the contract's stakes from each opponent, or pays each of them).
A stake may be given a money value (option ``stake``, in the currency of the option ``currency``: euros
unless another is chosen, or none); totals are then also shown as money.
The game lasts until the players end it (``{"type": "end"}``, once at least one deal is
recorded), or, with the option ``deals``, until that many deals have been played (passes not
counted); they may still stop earlier.

Recording a deal: ``{"type": "hand", "hand": n, "contract", "declarer", "partner", "trump",
"tricks"}``. For the current deal the record is the fields given. For an earlier deal (a
correction) the fields given replace the recorded ones (``null`` clears one), the fields not
given keep their recorded value when the (possibly new) contract has a place for them and are
dropped when it has none (a partner outside a proposal, a trump in a no-trump contract, anything
but the contract in a pass); then the merged record is checked whole. A value given is never
dropped: one the contract has no place for is refused.

Every figure is derived from the records alone, so correcting a deal recomputes everything after
it. Pure: no Flask, no SQL, no I/O.

The game has no fixed length, so a change must cost the same in a game of 5 000 deals as in one of
five: the records are a `Vector` (a change copies a path, not the whole), and a change checks only
what it must — the deals played so far (passes not counted) are counted as deals are recorded and
corrected, which is all that "beyond the fixed number of deals" needs (see `with_hand`). Scores,
totals and the sheet's figures are worked out once, for the state that is shown, when it is asked.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Sequence

from .base import (
    N_, InvalidInput, Money, Option, Place, RuleError, StateConflict, Term, TricksSum, WholeNumber,
    DealByDeal, ScorerOnly, evolve, _short, check_seat, put_record, standings_by_total, with_defaults,
)
from .vector import EMPTY, Vector

SEATS = 4
TRICKS = 13
SUITS = ("H", "D", "C", "S")
NO_TRUMP = "NT"
PASS = "pass"
TURNED, CHOICE, NONE = "turned", "choice", "none"   # where a contract's trump comes from
FIELDS = ("contract", "declarer", "partner", "trump", "tricks")
KNOWN = frozenset(FIELDS)
POINTS, STAKES = 1, 2                                # the two scoring systems
CURRENCIES = ("EUR", "GBP", "USD", "CHF", None)      # the money's currency (ISO 4217); None: just the amount


class InvalidContract(RuleError):
    code = "invalid_contract"
    field = "contract"


@dataclass(frozen=True)
class Contract:
    id: str
    name: str
    target: int                          # tricks to take (together, in a proposal); 0 for misère
    trump: str                           # TURNED, CHOICE or NONE
    points: tuple[int, int, int, int]    # system 1: declarer, each opponent, over/under declarer, each opponent
    stakes: int                          # system 2: the stake won from (or paid to) each opponent
    partner: bool = False                # a proposal: two partners against two
    misere: bool = False                 # fails on the first trick taken; no over/under


# Ordered by rank, lowest first.
CONTRACTS: dict[str, Contract] = {c.id: c for c in (
    Contract("proposal", Term(N_("Proposal and acceptance")), 8, TURNED, (4, 4, 1, 1), 1, partner=True),
    Contract("solo", Term(N_("Solo")), 5, TURNED, (12, 4, 3, 1), 1),
    Contract("misere", Term(N_("Misère")), 0, NONE, (24, 8, 0, 0), 2, misere=True),
    Contract("abondance", Term(N_("Abondance")), 9, CHOICE, (36, 12, 6, 2), 3),
    Contract("abondance-trump", Term(N_("Abondance with turned trump")), 9, TURNED, (36, 12, 6, 2), 3),
    Contract("misere-ouverte", Term(N_("Misère ouverte")), 0, NONE, (48, 16, 0, 0), 4, misere=True),
    Contract("abondance-declaree", Term(N_("Abondance déclarée")), 13, NONE, (72, 24, 0, 0), 6),
)}


@dataclass(frozen=True)
class SoloVariant(ScorerOnly):
    id: str
    name: str
    options: tuple[Option, ...]
    family: str = "solo"
    players: tuple[int, ...] = (SEATS,)

    def new_game(self, players: list[str], first_dealer: int, options: dict) -> "SoloGame":
        return SoloGame(self, tuple(players), with_defaults(self.options, options), first_dealer)


SOLO_WHIST = SoloVariant(
    id="solo-whist",
    name="Solo Whist",
    options=(
        Option("system", (POINTS, STAKES), POINTS),
        Money("stake", currency="currency"),
        Option("currency", CURRENCIES, "EUR", later=True),
        WholeNumber("deals", low=1, high=200),
    ),
)


@dataclass(frozen=True)
class DealRecord:
    """What the scorer recorded for one deal: the only inputs its score depends on."""

    contract: str | None = None
    declarer: int | None = None
    partner: int | None = None
    trump: str | None = None
    tricks: int | None = None

    def played(self) -> tuple[str, int]:
        """The contract and the takers' tricks of a deal being scored (checked whole, a pass aside: both are in)."""
        if self.contract is None or self.tricks is None:
            raise ValueError("a deal scored without its contract and tricks")
        return self.contract, self.tricks


@dataclass(frozen=True)
class DealResult:
    made: bool | None          # None for a pass
    difference: int            # tricks over (+) or under (−) the target; misère: 0 made, −tricks failed
    scores: tuple[int, ...]    # per seat, points (system 1) or stakes (system 2); they add up to 0


@dataclass(frozen=True)
class Deal:
    """A deal as the sheet shows it: the record plus everything derived from it."""

    number: int
    dealer: int
    record: DealRecord
    result: DealResult | None         # None until recorded
    totals: tuple[int, ...] | None    # running totals per seat; None until recorded
    counted: bool                     # False for a pass (and for the deal in progress)

    contract = property(lambda self: self.record.contract)
    declarer = property(lambda self: self.record.declarer)
    partner = property(lambda self: self.record.partner)
    trump = property(lambda self: self.record.trump)
    tricks = property(lambda self: self.record.tricks)

    @property
    def scores(self):
        return self.result.scores if self.result else None


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    amount: int     # in points (system 1) or stakes (system 2)


# -- scoring (pure functions of a record) ----------------------------------------------------------
def score_deal(record: DealRecord, system: int, seats: int = SEATS) -> DealResult:
    """The result of a checked record: the takers (declarer, and partner in a proposal) against the rest."""
    if record.contract == PASS:
        return DealResult(made=None, difference=0, scores=(0,) * seats)
    name, tricks = record.played()
    contract = CONTRACTS[name]
    if contract.misere:
        made, difference, odd = tricks == 0, -tricks, 0
    else:
        difference = tricks - contract.target
        made, odd = difference >= 0, abs(difference)   # a failed contract: every trick short, from the first
    takers = (record.declarer, record.partner) if contract.partner else (record.declarer,)
    opponents = seats - len(takers)
    if system == POINTS:
        declarer, opponent, over_declarer, over_opponent = contract.points
        win, lose = declarer + odd * over_declarer, opponent + odd * over_opponent
    else:
        # Each opponent's stake goes to (or comes from) the takers, shared evenly between partners.
        win, lose = contract.stakes * opponents // len(takers), contract.stakes
    sign = 1 if made else -1
    scores = tuple(sign * win if seat in takers else -sign * lose for seat in range(seats))
    return DealResult(made=made, difference=difference, scores=scores)


def settle(balances: Sequence[int]) -> list[Payment]:
    """The fewest payments that bring every balance to zero (balances must add up to zero).

    The minimum is the number of players with a balance minus the largest number of disjoint groups
    of them whose balances add up to zero; each such group settles with one payment fewer than its
    size. Exact (exponential in the number of players: meant for a table of four). Listed by payer,
    then payee.
    """
    balances = list(balances)
    if sum(balances) != 0:
        raise ValueError("balances must add up to zero")
    seats = tuple(s for s, b in enumerate(balances) if b)
    memo: dict[tuple[int, ...], list[tuple[int, ...]]] = {}

    def groups(rest: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Most zero-sum groups partitioning `rest`; the first seat's group tried smallest first."""
        if not rest:
            return []
        if rest not in memo:
            first, others = rest[0], rest[1:]
            best: list[tuple[int, ...]] = []
            for mask in range(1 << len(others)):
                group = (first,) + tuple(s for i, s in enumerate(others) if mask >> i & 1)
                if sum(balances[s] for s in group):
                    continue
                left = tuple(s for s in others if s not in group)
                found = [group] + groups(left)
                if len(found) > len(best):
                    best = found
            memo[rest] = best  # the whole of `rest` adds up to zero, so something is always found
        return memo[rest]

    payments = []
    for group in groups(seats):
        left = {s: balances[s] for s in group}
        while any(left.values()):
            payer = min(left, key=lambda s: (left[s], s))        # the biggest debt, lowest seat first
            payee = max(left, key=lambda s: (left[s], -s))       # the biggest credit, lowest seat first
            amount = min(-left[payer], left[payee])
            payments.append(Payment(payer=payer, payee=payee, amount=amount))
            left[payer] += amount
            left[payee] -= amount
    return sorted(payments, key=lambda p: (p.payer, p.payee))


def money(amount: int, stake: str) -> str:
    """An amount of points or stakes as money: exact, two places ("-0.30")."""
    value = Decimal(amount) * Decimal(stake)
    return f"{value:.2f}" if value else "0.00"   # never "-0.00"


# -- the game ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SoloGame(DealByDeal):
    variant: SoloVariant
    players: tuple[str, ...]
    options: dict
    first_dealer: int
    records: Vector = EMPTY                  # every recorded deal (a DealRecord), whole, in order
    ended: bool = False                      # the players ended the game
    _counted: int = field(default=0, compare=False, repr=False)   # how many records are not passes
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def sides(self):
        return None

    def dealer(self, number: int) -> int:
        return (self.first_dealer + number - 1) % len(self.players)

    # -- derived figures -----------------------------------------------------------------------

    def _replay(self) -> dict:
        """Score the records in order (a valid game never holds a record past its fixed number of deals)."""
        seats = len(self.players)
        deals, totals = [], (0,) * seats
        for number, record in enumerate(self.records, start=1):
            result = score_deal(record, self.options["system"], seats)
            totals = tuple(t + s for t, s in zip(totals, result.scores))
            deals.append(Deal(number, self.dealer(number), record, result, totals, record.contract != PASS))
        if not self.finished:
            number = len(deals) + 1
            deals.append(Deal(number, self.dealer(number), DealRecord(), None, None, False))
        return {"hands": deals, "totals": totals}

    @property
    def planned_hands(self) -> int | None:
        """The fixed number of deals, if any. Passes do not count, so there may be more hands than this."""
        return self.options.get("deals")

    @property
    def counted_hands(self) -> int:
        """Deals played so far (passes not counted)."""
        return self._counted

    @property
    def complete(self) -> bool:
        """The fixed number of deals (if any) has been played."""
        limit = self.options.get("deals")
        return limit is not None and self._counted >= limit

    @property
    def finished(self) -> bool:
        return self.ended or self.complete

    @property
    def current_hand(self) -> int | None:
        return None if self.finished else len(self.records) + 1

    @property
    def totals(self) -> tuple[int, ...]:
        return self._figures["totals"]

    @property
    def money_totals(self) -> tuple[str, ...] | None:
        stake = self.options.get("stake")
        if stake is None:
            return None
        return tuple(money(total, stake) for total in self.totals)

    @property
    def standings(self) -> list[Place]:
        return standings_by_total(self.totals)

    def settlement(self) -> list[Payment]:
        """The fewest payments that settle the table on the totals so far."""
        return settle(self.totals)

    # -- changes (each returns a new game; the old one is untouched) --------------------------
    NO_BIDDING = N_("The auction is not recorded in Solo Whist: record the final contract, the declarer and "
                    "the tricks of each deal.")
    Record = DealRecord

    def with_end(self, event: dict | None = None) -> "SoloGame":
        extra = sorted(str(name) for name in (event or {}) if name != "type")
        if extra:
            raise InvalidInput(N_("Ending the game takes nothing else: unknown field %(names)s."), field=extra[0],
                               names=", ".join(_short(e) for e in extra))
        if self.ended:
            raise StateConflict(N_("The game has already been ended."), field="type")
        if self.finished:
            raise StateConflict(N_("The game is already over: its %(deals)s deals have been played."),
                                field="type", deals=self.planned_hands)
        if not self.records:
            raise StateConflict(N_("Record at least one deal before ending the game."), field="type")
        return evolve(self, ended=True)

    def with_hand(self, number: Any, fields: dict) -> "SoloGame":
        """Record a deal whole (the current one), or correct an earlier one (see the module's docstring)."""
        old = self._editable(number)
        if not KNOWN.issuperset(fields):
            unknown = sorted(str(name) for name in fields if name not in FIELDS)
            raise InvalidInput(N_("Unknown field: %(names)s."), field=unknown[0],
                               names=", ".join(_short(u) for u in unknown))
        values = {name: fields[name] if name in fields else getattr(old, name) for name in FIELDS}
        contract = CONTRACTS.get(values["contract"]) if isinstance(values["contract"], str) else None
        if len(fields) < len(FIELDS) and (contract is not None or values["contract"] == PASS):
            for name in FIELDS[1:]:
                if name not in fields and not _has_place(contract, name):
                    values[name] = None
        record = self._check_record(values)
        counted = self._counted + (record.contract != PASS) - (number <= len(self.records) and old.contract != PASS)
        game = evolve(self, records=put_record(self.records, number, record), _counted=counted)
        if game._beyond_the_end():
            beyond = game._first_beyond()
            raise StateConflict(
                N_("With this correction the game's %(deals)s deals are all played by deal %(end)s, yet deals "
                   "%(number)s to %(last)s are recorded after them: undo until they are gone (Undo takes back the "
                   "latest change first), then make this correction again.") if beyond < len(game.records) else
                N_("With this correction the game's %(deals)s deals are all played by deal %(end)s, yet deal "
                   "%(number)s is recorded after them: undo it first (Undo takes back the latest change first), "
                   "then make this correction again."),
                field="hand", deals=self.planned_hands, end=beyond - 1, number=beyond, last=len(game.records))
        return game

    def _beyond_the_end(self) -> bool:
        """Whether a record lies past the fixed number of deals. This game came from a valid one by one
        change, and a valid game has no such record, so: more deals counted than the limit, or exactly the
        limit with a pass after the last of them (the last record is then a pass)."""
        limit = self.options.get("deals")
        if limit is None or self._counted < limit:
            return False
        return self._counted > limit or self.records[-1].contract == PASS

    def _first_beyond(self) -> int:
        """The first deal recorded after the fixed number of deals were played (only for the refusal)."""
        counted = 0
        for number, record in enumerate(self.records, start=1):
            counted += record.contract != PASS
            if counted == self.options["deals"]:
                return number + 1
        raise AssertionError("no deal beyond the end")

    # -- checks ----------------------------------------------------------------------------------
    def _past_the_end(self, number: int) -> StateConflict:
        if self.ended:
            return StateConflict(N_("The game has been ended: there is no deal %(number)s."), field="hand",
                                 number=number)
        return StateConflict(N_("The game is over after its %(deals)s deals: there is no deal %(number)s."),
                             field="hand", deals=self.planned_hands, number=number)

    def _check_record(self, values: dict) -> DealRecord:
        """The whole record, checked in the order a scorer fills it in."""
        contract = check_contract(values["contract"])
        if contract is None:
            for key in FIELDS[1:]:
                if values[key] is not None:
                    raise InvalidInput(N_("Nobody plays a passed deal (everyone passed, or the proposal was not "
                                          "accepted): record no declarer, partner, trump or tricks."), field=key)
            return DealRecord(contract=PASS)
        declarer = values["declarer"]
        if declarer is None:
            raise InvalidInput(N_("Record who played the %(contract)s (the declarer)."), field="declarer",
                               contract=contract.name)
        declarer = check_seat(declarer, len(self.players), "declarer")
        partner = self._check_partner(contract, declarer, values["partner"])
        trump = self._check_trump(contract, values["trump"])
        tricks = self._check_tricks(contract, values["tricks"])
        return DealRecord(contract=contract.id, declarer=declarer, partner=partner, trump=trump, tricks=tricks)

    def _check_partner(self, contract: Contract, declarer: int, partner: Any) -> int | None:
        if not contract.partner:
            if partner is not None:
                raise InvalidInput(N_("%(contract)s is played alone against the other three: only a proposal has "
                                      "a partner."), field="partner", contract=contract.name)
            return None
        if partner is None:
            raise InvalidInput(N_("In a proposal the proposer plays with the player who accepted: record the "
                                  "partner."), field="partner")
        partner = check_seat(partner, len(self.players), "partner")
        if partner == declarer:
            raise InvalidInput(N_("The partner is the player who accepted the proposal, not the one who made it: "
                                  "choose another player."), field="partner")
        return partner

    @staticmethod
    def _check_trump(contract: Contract, trump: Any) -> str | None:
        if contract.trump == NONE:
            if trump is not None:
                raise InvalidInput(N_("%(contract)s is played without trumps: record no trump."), field="trump",
                                   contract=contract.name)
            return None
        if contract.trump == CHOICE:
            if trump == NO_TRUMP:
                raise InvalidInput(N_("Abondance is played in a trump suit the declarer names, not in no trump: "
                                      "H, D, C or S."), field="trump")
            if trump not in SUITS:
                raise InvalidInput(N_("Record the trump suit the declarer named: H, D, C or S."), field="trump")
            return trump
        if trump == NO_TRUMP:
            raise InvalidInput(N_("In %(contract)s the trump is the suit of the dealer's turned card, so it cannot "
                                  "be no trump: H, D, C or S."), field="trump", contract=contract.name)
        if trump not in SUITS:
            raise InvalidInput(N_("Record the trump, the suit of the dealer's turned card: H, D, C or S."),
                               field="trump")
        return trump

    @staticmethod
    def _check_tricks(contract: Contract, tricks: Any) -> int:
        if tricks is None:
            if contract.partner:
                raise InvalidInput(N_("Record the tricks the two partners took together."), field="tricks")
            raise InvalidInput(N_("Record the tricks the declarer took."), field="tricks")
        return check_tricks(tricks)


def check_contract(name: Any) -> Contract | None:
    """The contract a record names (None for a pass); refused when none is named or Solo Whist has no such one."""
    if name is None:
        raise InvalidInput(N_("Record the contract that was played, or “pass” if nobody played one."),
                           field="contract")
    if name == PASS:
        return None
    contract = CONTRACTS.get(name) if isinstance(name, str) else None
    if contract is None:
        raise InvalidContract(N_("“%(contract)s” is not a contract of Solo Whist; choose one of: %(contracts)s."),
                              contract=_short(name), contracts=", ".join((*CONTRACTS, PASS)))
    return contract


def check_tricks(tricks: Any) -> int:
    """A deal's tricks: a whole number from 0 to 13."""
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise InvalidInput(N_("“%(value)s” is not a whole number of tricks."), field="tricks", value=_short(tricks))
    if tricks > TRICKS:
        raise TricksSum(N_("%(value)s tricks is above 13: a deal has 13 tricks."), field="tricks", value=tricks)
    if tricks < 0:
        raise TricksSum(N_("The tricks cannot be fewer than 0 (%(value)s)."), field="tricks", value=tricks)
    return tricks


def _has_place(contract: Contract | None, name: str) -> bool:
    """Whether a contract (None: a pass) has a place for a field of the record."""
    if contract is None:
        return False
    if name == "partner":
        return contract.partner
    if name == "trump":
        return contract.trump != NONE
    return True
