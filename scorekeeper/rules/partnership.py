"""Partnership Whist (docs/rules/partnership.md): classic Whist with games and a rubber, and Whist with dummy.

Four players in two fixed sides (1st and 3rd against 2nd and 4th). The scorer records, per deal,
the trump, the tricks of each side and the penalties; every figure on the sheet (game scores,
games won, rubber points) is derived from those records alone, so correcting an earlier deal
simply recomputes everything after it.

A change must stay cheap however long the rubber (with a remark or a revoke in every deal a rubber
never has to end): the records are a `Vector`, and what a change must check — whether the rubber
is over, and whether it now ends before a deal already recorded — comes from the game's progress
(`Progress`: the game score and games won after the scored deals), carried from deal to deal as
deals are added. A correction folds the records again with `Vector.fold`, which remembers what each
stretch of 32 deals does to each game score it starts from: only the corrected stretch is scored
again. The sheet's figures are worked out once, for the state that is shown.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from .base import (
    N_, InvalidInput, Option, Place, StateConflict, TricksSum, YesNo, _short, check_int,
    DealByDeal, ScorerOnly, evolve, competition_places, pair, put_record, with_defaults,
)
from .vector import EMPTY, Vector

SIDES = ((0, 2), (1, 3))
SUITS = ("H", "D", "C", "S")
NO_TRUMP = "NT"
TRICKS = 13          # tricks in a deal (13 cards each)
BOOK = 6             # tricks over six score
HONOURS = 4          # A K Q J of trumps
MORTO_DEALS = 4      # each player deals once
RUBBER_BONUS = 2     # to the winners of the rubber, beside the values of their games
FIELDS = ("trump", "tricks", "honours", "revokes", "remarks")


@dataclass(frozen=True)
class PartnershipVariant(ScorerOnly):
    """A variant of the family: classic (games and rubber) or with dummy (four deals)."""

    id: str
    name: str
    options: tuple[Option, ...]
    dummy: bool
    family: str = "partnership"
    players: tuple[int, ...] = (4,)
    sides: tuple[tuple[int, ...], ...] = SIDES  # the new-game form says who plays with whom

    def new_game(self, players: list[str], first_dealer: int, options: dict) -> "PartnershipGame":
        return PartnershipGame(self, tuple(players), with_defaults(self.options, options), first_dealer, EMPTY)


WHIST_CLASSICO = PartnershipVariant(
    id="whist-classico",
    name="Whist",
    options=(
        Option("target", (5, 7, 10), 5),
        YesNo("honours", default=True),
        YesNo("laws"),
    ),
    dummy=False,
)

WHIST_MORTO = PartnershipVariant(
    id="whist-morto",
    name="Whist with dummy",
    options=(),
    dummy=True,
)


@dataclass(frozen=True)
class DealRecord:
    """What the scorer recorded for one deal: the only inputs a score depends on."""

    trump: str | None = None
    tricks: tuple[int, int] | None = None    # per side, as recorded (before revoke transfers)
    honours: tuple[int, int] = (0, 0)        # honours held per side
    revokes: tuple[int, ...] = ()            # sides that revoked, sorted, unique
    remarks: tuple[int, int] = (0, 0)        # number of remarks per side

    def taken(self) -> tuple[int, int]:
        """The tricks per side of a deal being scored (the deal in progress, which has none, never is)."""
        if self.tricks is None:
            raise ValueError("a deal scored without its tricks")
        return self.tricks


@dataclass(frozen=True)
class DealResult:
    tricks: tuple[int, int]         # after revoke transfers
    trick_points: tuple[int, int]   # what the tricks added (after capping)
    honour_points: tuple[int, int]  # what honours added (after capping; 0 when not counted)
    remark_points: tuple[int, int]  # what remarks took off (0 or negative)
    points: tuple[int, int]         # net change of each side's game score in this deal
    game_score: tuple[int, int]     # the current game's score after the deal; (0, 0) once won
    game_won_by: int | None
    game_value: int | None          # 1, 2 or 3 when a game is won (classic); None otherwise


@dataclass(frozen=True)
class Deal:
    """A deal as the sheet shows it: recorded inputs plus everything derived from them."""

    number: int
    dealer: int
    record: DealRecord
    result: DealResult | None           # None until the tricks are recorded
    totals: tuple[int, int] | None      # running totals per side (sum of `points`)
    game: int                           # classic: game of the rubber (1, 2, 3); dummy: 1
    score_before: tuple[int, int]       # the game score when the deal started

    trump = property(lambda self: self.record.trump)
    tricks = property(lambda self: self.record.tricks)
    honours = property(lambda self: self.record.honours)
    revokes = property(lambda self: self.record.revokes)
    remarks = property(lambda self: self.record.remarks)

    @property
    def scores(self):
        return self.result.points if self.result else None


@dataclass(frozen=True)
class Rubber:
    games: tuple[tuple[int, int], ...]   # (winner side, value) per game won, in order
    winner: int | None
    points: tuple[int, int] | None       # rubber points per side once decided


# -- scoring (pure functions of the records) -------------------------------------------------------
def transfer_tricks(tricks: tuple[int, int], revokes: tuple[int, ...], per_revoke: int) -> tuple[int, int]:
    """Each revoking side hands over `per_revoke` tricks, never more than it took.

    When both sides revoked both transfers are computed from the recorded counts, so the order in
    which the revokes happened does not matter.
    """
    moved = [min(per_revoke, tricks[side]) if side in revokes else 0 for side in (0, 1)]
    first = tricks[0] - moved[0] + moved[1]
    return first, TRICKS - first


def game_value(loser_score: int, target: int) -> int:
    """3 if the losers had nothing, 2 if they had under half the target, 1 otherwise."""
    if loser_score == 0:
        return 3
    return 2 if 2 * loser_score < target else 1


def score_classic(record: DealRecord, before: tuple[int, int], options: dict) -> DealResult:
    """Remarks first, then tricks, then honours; a game reached by tricks ends the deal's scoring."""
    target, laws = options["target"], options["laws"]
    per_revoke = 3 if laws else 2
    score = list(before)
    remark = [0, 0]
    for side in (0, 1):
        remark[side] = -min(record.remarks[side], score[side])
        score[side] += remark[side]

    def room(side: int) -> int:
        # Under the Laws a side that revoked cannot win the game in this deal.
        limit = target - 1 if laws and side in record.revokes else target
        return max(0, limit - score[side])

    tricks = transfer_tricks(record.taken(), record.revokes, per_revoke)
    trick_points = [0, 0]
    for side in (0, 1):
        trick_points[side] = min(max(0, tricks[side] - BOOK), room(side))
        score[side] += trick_points[side]
    won_by = next((side for side in (0, 1) if score[side] >= target), None)

    honour_points = [0, 0]
    if won_by is None and options["honours"]:
        values = {4: 4, 3: 2} if laws else {4: 3, 3: 2}
        for side in (0, 1):
            if before[side] < target - 1:  # "had target − 1 or more when the deal started"
                honour_points[side] = min(values.get(record.honours[side], 0), room(side))
                score[side] += honour_points[side]
        won_by = next((side for side in (0, 1) if score[side] >= target), None)

    points = pair(remark[s] + trick_points[s] + honour_points[s] for s in (0, 1))
    value = game_value(score[1 - won_by], target) if won_by is not None else None
    return DealResult(
        tricks=tricks, trick_points=pair(trick_points), honour_points=pair(honour_points),
        remark_points=pair(remark), points=points,
        game_score=(0, 0) if won_by is not None else pair(score),
        game_won_by=won_by, game_value=value)


def score_morto(record: DealRecord) -> DealResult:
    """The side with more tricks (after revokes) scores the difference."""
    tricks = transfer_tricks(record.taken(), record.revokes, 2)
    diff = tricks[0] - tricks[1]
    points = (diff, 0) if diff > 0 else (0, -diff)
    return DealResult(tricks=tricks, trick_points=points, honour_points=(0, 0), remark_points=(0, 0),
                      points=points, game_score=(0, 0), game_won_by=None, game_value=None)


def rubber_points(games: tuple[tuple[int, int], ...]) -> tuple[int | None, tuple[int, int] | None]:
    """The winner of the rubber (first to two games) and its net points: games + 2 − losers' game."""
    wins = [sum(1 for winner, _ in games if winner == side) for side in (0, 1)]
    winner = next((side for side in (0, 1) if wins[side] >= 2), None)
    if winner is None:
        return None, None
    net = sum(v for w, v in games if w == winner) + RUBBER_BONUS - sum(v for w, v in games if w != winner)
    return winner, (net, 0) if winner == 0 else (0, net)


@lru_cache(maxsize=8192)
def _scored(record: DealRecord, before: tuple[int, int], target: int, honours: bool, laws: bool) -> DealResult:
    """`score_classic`, remembered: a long rubber's deals are scored again after a correction, mostly alike."""
    return score_classic(record, before, {"target": target, "honours": honours, "laws": laws})


ClassicState = tuple[tuple[int, int], tuple[int, int]]  # the game's score and the games won, per side


class Progress(NamedTuple):
    """Where the game stands after its scored deals: what a change must know, carried deal to deal."""

    state: ClassicState | int  # classic: (game score, games won per side); with dummy: deals played
    over_at: int | None  # the deal that ended the rubber (the match), or None
    scored: int         # deals scored (those before a deal in progress)


START: dict[bool, ClassicState | int] = {False: ((0, 0), (0, 0)), True: 0}


def _stepper(variant: PartnershipVariant, options: dict):
    """The step of `Vector.fold` over scored deals, and the key naming what it depends on."""
    if variant.dummy:
        def count(record, played):
            return played + 1, played + 1 >= MORTO_DEALS
        return count, "dummy"
    target, honours, laws = options["target"], options["honours"], options["laws"]

    def step(record, state):
        score, won = state
        result = _scored(record, score, target, honours, laws)
        if result.game_won_by is not None:
            won = (won[0] + 1, won[1]) if result.game_won_by == 0 else (won[0], won[1] + 1)
        return (result.game_score, won), max(won) >= 2  # a side with two games has won the rubber
    return step, ("classic", target, honours, laws)


# -- the game ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PartnershipGame(DealByDeal):
    variant: PartnershipVariant
    players: tuple[str, ...]
    options: dict
    first_dealer: int
    records: Vector                   # scored deals, then at most one deal in progress (no tricks)
    _progress: Progress | None = field(default=None, compare=False, repr=False)  # None: fold the records
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return SIDES

    def dealer(self, number: int) -> int:
        return (self.first_dealer + number - 1) % len(self.players)

    # -- derived figures -----------------------------------------------------------------------

    def _replay(self) -> dict:
        """Score the records in order; `beyond` is the first scored deal recorded after the end."""
        deals: list[Deal] = []
        games: list[tuple[int, int]] = []
        totals, score = (0, 0), (0, 0)
        over, beyond = False, None
        for number, record in enumerate(self.records, start=1):
            if over:
                if record.tricks is not None and beyond is None:
                    beyond = number
                continue
            if record.tricks is None:  # the deal in progress: always the last record
                break
            result = score_morto(record) if self.variant.dummy else _scored(
                record, score, self.options["target"], self.options["honours"], self.options["laws"])
            totals = pair(t + p for t, p in zip(totals, result.points))
            deals.append(self._deal(number, record, result, totals, len(games), score))
            score = result.game_score
            if result.game_won_by is not None and result.game_value is not None:
                games.append((result.game_won_by, result.game_value))
            over = self._over(number, tuple(games))
        if not over:
            number = len(deals) + 1
            record = self.records[number - 1] if number <= len(self.records) else DealRecord()
            deals.append(self._deal(number, record, None, None, len(games), score))
        rubber = None
        if not self.variant.dummy:
            rubber = Rubber(tuple(games), *rubber_points(tuple(games)))
        return {"hands": deals, "rubber": rubber, "over": over, "beyond": beyond, "totals": totals}

    def _deal(self, number, record, result, totals, games_before, score) -> Deal:
        return Deal(number=number, dealer=self.dealer(number), record=record, result=result, totals=totals,
                    game=1 if self.variant.dummy else games_before + 1,
                    score_before=(0, 0) if self.variant.dummy else score)

    def _over(self, number: int, games: tuple[tuple[int, int], ...]) -> bool:
        if self.variant.dummy:
            return number >= MORTO_DEALS
        return rubber_points(games)[0] is not None

    @property
    def planned_hands(self) -> int | None:
        """Four deals with dummy; a rubber lasts as long as its games do."""
        return MORTO_DEALS if self.variant.dummy else None

    @property
    def progress(self) -> Progress:
        progress = self._progress
        if progress is None:  # a game built from its records directly: fold them once
            progress = self._folded(self.records)
            object.__setattr__(self, "_progress", progress)
        return progress

    def _folded(self, records: Vector) -> Progress:
        scored = len(records) - (1 if records and records[-1].tricks is None else 0)
        step, key = _stepper(self.variant, self.options)
        state, over_at = records.fold(step, START[self.variant.dummy], key, scored)
        return Progress(state, over_at, scored)

    def _progress_after(self, number: int, record: DealRecord, records: Vector) -> Progress:
        """The progress once deal `number` holds `record`: one step from the last for the deal being played,
        a fold of the records for a correction."""
        now = self.progress
        if number <= now.scored:
            return self._folded(records)
        if record.tricks is None:  # the deal in progress, its trump or penalties only
            return now
        step, _ = _stepper(self.variant, self.options)
        state, over = step(record, now.state)
        return Progress(state, number if over else None, number)

    @property
    def finished(self) -> bool:
        return self.progress.over_at is not None

    @property
    def current_hand(self) -> int | None:
        """The number of the deal being entered; None when the game is over."""
        if self.finished:
            return None
        return self.progress.scored + 1

    @property
    def totals(self) -> tuple[int, int]:
        return self._figures["totals"]

    @property
    def rubber(self) -> Rubber | None:
        return self._figures["rubber"]

    @property
    def game_score(self) -> tuple[int, int]:
        """Classic: the score of the game being played, after the last scored deal (0–0 once a game is won)."""
        state = self.progress.state
        return state[0] if isinstance(state, tuple) else (0, 0)  # with dummy the state counts the deals

    @property
    def games_won(self) -> tuple[int, int]:
        """Classic: the games of the rubber each side has won so far."""
        state = self.progress.state
        return state[1] if isinstance(state, tuple) else (0, 0)

    @property
    def standings(self) -> list[Place]:
        """One row per seat; partners share their side's place (1 or 2; a tie: both 1).

        With dummy the higher total wins. A rubber is decided by its games, never by the sum of the
        deal points: the rubber's winner first; until then more games won, then the score of the game
        being played; equal on both, the sides share the place."""
        totals = self.totals
        keys: list[int] | list[tuple[bool, int, int]]
        if self.variant.dummy:
            keys = list(totals)
        else:
            won, score, rubber = self.games_won, self.game_score, self.rubber
            winner = rubber.winner if rubber else None
            keys = [(winner == side, won[side], score[side]) for side in (0, 1)]
        places = competition_places(keys)
        rows = [Place(seat=seat, place=places[side], total=totals[side])
                for side, seats in enumerate(SIDES) for seat in seats]
        return sorted(rows, key=lambda r: (r.place, r.seat))

    # -- changes (each returns a new game; the old one is untouched) --------------------------
    NO_BIDDING = N_("There is no bidding in this game: record the trump and the tricks of each deal.")
    Record = DealRecord

    @staticmethod
    def with_end(event: dict):
        raise StateConflict(N_("This game ends by itself: with the rubber, or after the four deals."))

    def with_hand(self, number: Any, fields: dict) -> "PartnershipGame":
        """Record some fields of a deal (the current one, or an earlier one as a correction)."""
        record = self._editable(number)
        unknown = sorted(str(name) for name in fields if name not in FIELDS)
        if unknown:
            raise InvalidInput(N_("Unknown field: %(names)s."), field=unknown[0],
                               names=", ".join(_short(u) for u in unknown))
        if "trump" in fields:
            record = evolve(record, trump=self._check_trump(fields["trump"]))
        if "honours" in fields:
            record = evolve(record, honours=self._check_honours(fields["honours"]))
        if "revokes" in fields:
            record = evolve(record, revokes=self._check_revokes(fields["revokes"]))
        if "remarks" in fields:
            record = evolve(record, remarks=self._check_remarks(fields["remarks"]))
        if "tricks" in fields:
            tricks = self._check_tricks(fields["tricks"])
            if record.trump is None:
                if self.variant.dummy:
                    raise InvalidInput(N_("Record the trump the dealer chose (or NT) before the tricks."),
                                       field="trump")
                raise InvalidInput(N_("Record the trump (the suit of the dealer's turned card) before the "
                                      "tricks."), field="trump")
            record = evolve(record, tricks=tricks)
        records = put_record(self.records, number, record)
        game = evolve(self, records=records, _progress=self._progress_after(number, record, records))
        return game._settled()

    def _settled(self) -> "PartnershipGame":
        """Refuse a correction that leaves a scored deal after the end of the game.

        A deal in progress after the new end (only its trump or penalties recorded) is dropped:
        that deal will not be played, and refusing would leave the scorer no way to correct.
        """
        game = self
        over_at, scored = game.progress.over_at, game.progress.scored
        beyond = over_at + 1 if over_at is not None and over_at < scored else None
        if beyond is not None:
            if self.variant.dummy:  # four deals whatever happens: cannot occur, kept for safety
                raise StateConflict(N_("The match is over after %(deals)s deals: deal %(number)s cannot be "
                                       "recorded."), field="hand", deals=MORTO_DEALS, number=beyond)
            raise StateConflict(
                N_("With this correction the rubber is won by deal %(end)s, yet deals %(number)s to %(last)s are "
                   "recorded after it: undo until they are gone (Undo takes back the latest change first), then "
                   "make this correction again.") if beyond < scored else
                N_("With this correction the rubber is won by deal %(end)s, yet deal %(number)s is recorded after "
                   "it: undo it first (Undo takes back the latest change first), then make this correction "
                   "again."), field="hand", end=over_at, number=beyond, last=scored)
        if over_at is not None and len(game.records) > over_at:  # only a deal in progress (trump or penalties)
            game = evolve(game, records=game.records.without_last())
        return game

    # -- checks ----------------------------------------------------------------------------------
    def _past_the_end(self, number: int) -> StateConflict:
        if self.variant.dummy:
            return StateConflict(N_("The match is over (%(deals)s deals): there is no deal %(number)s."),
                                 field="hand", deals=MORTO_DEALS, number=number)
        return StateConflict(N_("The rubber is over: there is no deal %(number)s."), field="hand", number=number)

    def _check_trump(self, trump: Any) -> str:
        if self.variant.dummy:
            if trump not in SUITS + (NO_TRUMP,):
                raise InvalidInput(N_("The dealer chooses a trump suit or no trump: H, D, C, S or NT."),
                                   field="trump")
            return trump
        if trump == NO_TRUMP:
            raise InvalidInput(N_("In classic Whist the dealer's last card is turned for trump, so every "
                                  "deal has a trump suit: H, D, C or S."), field="trump")
        if trump not in SUITS:
            raise InvalidInput(N_("The trump is the suit of the dealer's turned card: H, D, C or S."),
                               field="trump")
        return trump

    @staticmethod
    def _pair(values: Any, field: str) -> list:
        if not isinstance(values, list) or len(values) != 2:
            raise InvalidInput(N_("Give two numbers, one for each side: [side 0, side 1]."), field=field)
        return values

    def _check_tricks(self, values: Any) -> tuple[int, int]:
        values = self._pair(values, "tricks")
        for value in values:
            check_int(value, "tricks", 0, TRICKS, error=TricksSum)
        if sum(values) != TRICKS:
            raise TricksSum(N_("The tricks add up to %(sum)s, but a deal has %(tricks)s tricks."),
                            sum=sum(values), tricks=TRICKS)
        return tuple(values)

    def _check_honours(self, values: Any) -> tuple[int, int]:
        values = self._pair(values, "honours")
        for value in values:
            check_int(value, "honours", 0, HONOURS)
        if sum(values) > HONOURS:
            raise InvalidInput(N_("There are only four honours (A, K, Q, J of trumps): %(first)s and "
                                  "%(second)s make %(sum)s."), field="honours",
                               first=values[0], second=values[1], sum=sum(values))
        if any(values):
            if self.variant.dummy:
                raise InvalidInput(N_("Honours are not scored in Whist with dummy."), field="honours")
            if not self.options["honours"]:
                raise InvalidInput(N_("Honours are not scored in this game (the option is off)."),
                                   field="honours")
        return tuple(values)

    def _check_revokes(self, values: Any) -> tuple[int, ...]:
        if not isinstance(values, list):
            raise InvalidInput(N_("Revokes must be a list of sides: 0 (%(side0)s) or 1 (%(side1)s)."),
                               field="revokes", **self._side_names())
        for value in values:
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidInput(N_("“%(side)s” is not a side: sides are 0 (%(side0)s) and 1 (%(side1)s)."),
                                   field="revokes", side=_short(value), **self._side_names())
            if value not in (0, 1):
                raise InvalidInput(N_("There is no side %(side)s: sides are 0 (%(side0)s) and 1 (%(side1)s)."),
                                   field="revokes", side=value, **self._side_names())
        return tuple(sorted(set(values)))

    def _check_remarks(self, values: Any) -> tuple[int, int]:
        values = self._pair(values, "remarks")
        for value in values:
            check_int(value, "remarks", 0, TRICKS)
        if any(values):
            if self.variant.dummy:
                raise InvalidInput(N_("There is no penalty for remarks in Whist with dummy."), field="remarks")
            if self.options["laws"]:
                raise InvalidInput(N_("Under the Laws of Short Whist a remark during play costs no points: "
                                      "record no remarks."), field="remarks")
        return tuple(values)

    def _side_names(self) -> dict:
        return {f"side{side}": " & ".join(self.players[s] for s in seats) for side, seats in enumerate(SIDES)}
