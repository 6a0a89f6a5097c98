"""The game of Piquet: its variant, the deals in order, and the checks of a deal as recorded."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..base import (
    N_, InvalidInput, Option, Place, StateConflict, TricksSum, _short, check_int,
    DealByDeal, ScorerOnly, evolve, competition_places, pair, put_record, with_defaults,
)
from ..vector import EMPTY, Vector
from .records import (
    CLASSES, CLASS_WORDS, DEALS, Deal, DealRecord, FIELDS, HAND_CARDS, PLAYERS, PLAYOFF_DEALS, Partie, RANKS,
    TRICKS, is_seat,
)
from .declarations import point_values, sequence_totals, set_totals
from .pack import Holding, _declared, deal_for, fits
from .scoring import _play_split, _scored, declaration_steps, find_repique, partie_value, pique_bounds


@dataclass(frozen=True)
class PiquetVariant(ScorerOnly):
    id: str
    name: str
    options: tuple[Option, ...]
    family: str = "piquet"
    players: tuple[int, ...] = (2,)

    def new_game(self, players: list[str], first_dealer: int, options: dict) -> "PiquetGame":
        return PiquetGame(self, tuple(players), with_defaults(self.options, options), first_dealer, EMPTY)


PIQUET = PiquetVariant(
    id="piquet",
    name="Piquet",
    options=(
        Option("point_count", ("cards", "pips"), "cards"),
        Option("tie", ("playoff", "draw"), "playoff"),
    ),
)


# -- the game -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PiquetGame(DealByDeal):
    variant: PiquetVariant
    players: tuple[str, ...]
    options: dict
    first_dealer: int
    records: Vector                   # scored deals (DealRecord) in order (a deal is recorded whole)
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def sides(self):
        return None

    def dealer(self, number: int) -> int:
        return (self.first_dealer + number - 1) % PLAYERS

    def elder(self, number: int) -> int:
        return 1 - self.dealer(number)

    # -- derived figures -------------------------------------------------------------------------

    def _replay(self) -> dict:
        deals, totals = [], (0, 0)
        for number, record in enumerate(self.records, start=1):
            result = _scored(record, self.elder(number))
            totals = pair(t + s for t, s in zip(totals, result.scores))
            deals.append(Deal(number, self.dealer(number), self.elder(number), record, result, totals))
        over = self.finished
        if not over:
            number = len(deals) + 1
            deals.append(Deal(number, self.dealer(number), self.elder(number), DealRecord(), None, None))
        partie = partie_value(totals) if over else None
        return {"hands": deals, "totals": totals, "partie": partie}

    @property
    def planned_hands(self) -> int:
        """Six deals; eight once the six are tied and the play-off is on. Only the first six deals are
        scored to know it (a change checks it: the partie is short, the sheet's figures wait until asked)."""
        if "planned" not in self._cache:
            playoff = False
            if self.options["tie"] == "playoff" and len(self.records) >= DEALS:
                after_six = [0, 0]
                for number, record in enumerate(self.records[:DEALS], start=1):
                    for seat, score in enumerate(_scored(record, self.elder(number)).scores):
                        after_six[seat] += score
                playoff = after_six[0] == after_six[1]
            self._cache["planned"] = PLAYOFF_DEALS if playoff else DEALS
        return self._cache["planned"]

    @property
    def finished(self) -> bool:
        return len(self.records) >= self.planned_hands

    @property
    def current_hand(self) -> int | None:
        return None if self.finished else len(self.records) + 1  # a deal is recorded whole

    @property
    def totals(self) -> tuple[int, int]:
        return self._figures["totals"]

    @property
    def partie(self) -> Partie | None:
        """The result of the partie once it is over; None until then."""
        return self._figures["partie"]

    @property
    def standings(self) -> list[Place]:
        totals = self.totals
        places = competition_places(list(totals))
        rows = [Place(seat=seat, place=places[seat], total=totals[seat]) for seat in range(PLAYERS)]
        return sorted(rows, key=lambda r: (r.place, r.seat))

    # -- changes -----------------------------------------------------------------------------------
    NO_BIDDING = N_("There is no bidding in Piquet: record each deal's declarations and play.")
    Record = DealRecord

    @staticmethod
    def with_end(event: dict):
        raise StateConflict(N_("A partie of Piquet ends by itself after its six deals (eight after a tie)."))

    def with_hand(self, number: Any, fields: dict) -> "PiquetGame":
        """Record a deal whole, or correct one: the fields given replace the recorded ones, then the
        record is checked as a whole."""
        record = self._editable(number)
        unknown = sorted(str(name) for name in fields if name not in FIELDS)
        if unknown:
            raise InvalidInput(N_("Unknown field: %(names)s."), field=unknown[0],
                               names=", ".join(_short(u) for u in unknown))
        totals_given = "play_points" in fields or "tricks_won" in fields
        if "trick_winners" in fields and totals_given:
            raise InvalidInput(N_("Record the play one way: the winner of each trick, or the play points "
                                  "and tricks of each player, not both."), field="trick_winners")
        if "carte_blanche" in fields:
            record = evolve(record, carte_blanche=self._check_blanche(fields["carte_blanche"]))
        for name in CLASSES:
            if name in fields:
                record = evolve(record, **{name: self._pair(fields[name], name, 0, 99)})
        if "trick_winners" in fields:
            record = evolve(record, trick_winners=self._check_winners(fields["trick_winners"]),
                             play_points=None, tricks_won=None, pique=None)
        if totals_given:
            record = evolve(record, trick_winners=None)
        if "play_points" in fields:
            record = evolve(record, play_points=self._pair(fields["play_points"], "play_points", 0, 99))
        if "tricks_won" in fields:
            record = evolve(record, tricks_won=self._check_tricks_won(fields["tricks_won"]))
        if "pique" in fields:
            record = evolve(record, pique=self._check_pique_seat(fields["pique"], number))
        self._check_record(record, number)
        game = evolve(self, records=put_record(self.records, number, record))
        if len(game.records) > game.planned_hands:  # no longer a tie: only undoing the play-off helps
            beyond, last = game.planned_hands + 1, len(game.records)
            raise StateConflict(
                N_("With this correction the six deals are no longer a tie, so there is no play-off, yet deals "
                   "%(number)s to %(last)s are recorded: undo until they are gone (Undo takes back the latest "
                   "change first), then make this correction again.") if last > beyond else
                N_("With this correction the six deals are no longer a tie, so there is no play-off, yet deal "
                   "%(number)s is recorded: undo it first (Undo takes back the latest change first), then make "
                   "this correction again."), field="hand", number=beyond, last=last)
        return game

    # -- checks ------------------------------------------------------------------------------------
    def _past_the_end(self, number: int) -> StateConflict:
        if self.planned_hands == DEALS and self.options["tie"] == "playoff":
            return StateConflict(N_("The partie is over: after six deals it is not a tie, so there is no "
                                    "deal %(number)s."), field="hand", number=number)
        return StateConflict(N_("The partie is over after %(deals)s deals: there is no deal %(number)s."),
                             field="hand", deals=self.planned_hands, number=number)

    def _names(self) -> dict:
        return {"player0": self.players[0], "player1": self.players[1]}

    def _pair(self, values: Any, field: str, low: int, high: int, error=InvalidInput) -> tuple[int, int]:
        if not isinstance(values, list) or len(values) != PLAYERS:
            raise InvalidInput(N_("Give two numbers, one for each player: [%(player0)s, %(player1)s]."),
                               field=field, **self._names())
        for value in values:
            check_int(value, field, low, high, error=error)
        return tuple(values)

    def _check_blanche(self, values: Any) -> tuple[bool, bool]:
        if not isinstance(values, list) or len(values) != PLAYERS or not all(isinstance(v, bool) for v in values):
            raise InvalidInput(N_("Say for each player whether they held a carte blanche (a hand without "
                                  "king, queen or jack): [%(player0)s, %(player1)s] as true or false."),
                               field="carte_blanche", **self._names())
        return tuple(values)

    def _check_winners(self, values: Any) -> tuple[int, ...]:
        if not isinstance(values, list):
            raise InvalidInput(N_("Give the winner of each trick in order: 12 seats, 0 (%(player0)s) or 1 "
                                  "(%(player1)s)."), field="trick_winners", **self._names())
        for value in values:
            if not is_seat(value):
                raise InvalidInput(N_("“%(seat)s” is not a player: a trick is won by 0 (%(player0)s) or 1 "
                                      "(%(player1)s)."), field="trick_winners", seat=_short(value),
                                   **self._names())
        if len(values) != TRICKS:
            raise TricksSum(N_("%(count)s tricks were given, but a deal has 12 tricks: give the winner of "
                               "each."), field="trick_winners", count=len(values))
        return tuple(values)

    def _check_tricks_won(self, values: Any) -> tuple[int, int]:
        values = self._pair(values, "tricks_won", 0, TRICKS, error=TricksSum)
        if sum(values) != TRICKS:
            raise TricksSum(N_("The tricks add up to %(sum)s, but a deal has %(tricks)s tricks."),
                            field="tricks_won", sum=sum(values), tricks=TRICKS)
        return values

    def _check_pique_seat(self, value: Any, number: int) -> int | None:
        if value is None:
            return None
        if not is_seat(value):
            raise InvalidInput(N_("There is no seat %(seat)s at this table."), field="pique", seat=_short(value))
        elder = self.elder(number)
        if value != elder:
            raise InvalidInput(N_("Only the elder hand (%(elder)s, who did not deal) can make a pique: "
                                  "%(player)s dealt this deal."), field="pique",
                               elder=self.players[elder], player=self.players[value])
        return value

    def _check_record(self, record: DealRecord, number: int) -> None:
        """The merged record as a whole: declarations a hand can have, play that fits together."""
        count = self.options["point_count"]
        for name in CLASSES:
            values = getattr(record, name)
            if values[0] and values[1]:
                raise InvalidInput(
                    N_("Only one player scores for %(what)s, the one who holds the better: here %(player0)s "
                       "has %(first)s and %(player1)s %(second)s."), field=name, what=CLASS_WORDS[name],
                    first=values[0], second=values[1], **self._names())
            for seat in (0, 1):
                self._check_class(name, values[seat], seat, record.carte_blanche[seat], count)
        self._check_hands(record)
        elder = self.elder(number)
        if record.trick_winners is None:
            if record.play_points is None and record.tricks_won is None:
                raise InvalidInput(N_("Record the play: the winner of each trick in order, or each player's "
                                      "play points and tricks won."), field="trick_winners")
            if record.tricks_won is None:
                raise InvalidInput(N_("With the play points, record each player's tricks won."), field="tricks_won")
            if record.play_points is None:
                raise InvalidInput(N_("With the tricks won, record each player's play points."),
                                   field="play_points")
            self._check_play_points(record, elder)
            if record.pique is not None:
                self._check_pique(record, elder)
        elif record.pique is not None:
            raise InvalidInput(N_("With the winner of each trick recorded the pique is worked out from them: "
                                  "leave it out."), field="pique")

    def _check_class(self, name: str, value: int, seat: int, blank: bool, count: str) -> None:
        if value == 0:
            return
        if name == "point":
            allowed = point_values(count, blank)
        elif name == "sequences":
            allowed = sequence_totals(blank)
        else:
            allowed = set_totals(blank)
        if value in allowed:
            return
        listed = ", ".join(str(v) for v in sorted(allowed - {0}))
        if blank and value in (point_values(count) if name == "point" else
                               sequence_totals() if name == "sequences" else set_totals()):
            raise InvalidInput(N_("%(player)s holds a carte blanche (no king, queen or jack): %(what)s of such "
                                  "a hand can score only %(allowed)s, not %(value)s."), field=name,
                               player=self.players[seat], what=CLASS_WORDS[name], allowed=listed, value=value)
        if name == "point" and count == "pips":
            raise InvalidInput(N_("No hand scores %(value)s for the point counted by pips (its pip total over "
                                  "ten, rounded): it scores %(allowed)s."), field=name, value=value, allowed=listed)
        if name == "point":
            raise InvalidInput(N_("No hand scores %(value)s for the point: the longest suit of twelve cards "
                                  "has 3 to 8 cards."), field=name, value=value)
        raise InvalidInput(N_("No hand of twelve cards scores %(value)s for %(what)s; it can score "
                              "%(allowed)s."), field=name, value=value, what=CLASS_WORDS[name], allowed=listed)

    def _check_hands(self, record: DealRecord) -> None:
        """The declarations together: each player's must fit one hand of twelve cards, and both players' two
        hands dealt from one pack, a part sunk or not. Refused at the first field, in the order announced, where
        they stop fitting. What one player declares, each class a value it can score, always fits a bigger hand:
        the whole pack (the 20 cards without a face, for a carte blanche) holds every combination whole."""
        count = self.options["point_count"]
        holdings = tuple(Holding(record.carte_blanche[seat], record.point[seat], record.sequences[seat],
                                 record.sets[seat]) for seat in (0, 1))
        if fits(count, holdings):
            return
        order = ("carte_blanche",) + CLASSES
        for seat in (0, 1):
            for name in order:
                held = holdings[seat].upto(name)
                declared = held.blank if name == "carte_blanche" else getattr(held, name)
                if not declared or fits(count, (held,)):
                    continue
                fewest = next(size for size in range(HAND_CARDS + 1, 4 * len(RANKS) + 1)
                              if deal_for(count, [held], size) is not None)
                raise InvalidInput(N_("%(player)s cannot hold %(declared)s: that takes at least %(cards)s "
                                      "cards, and a hand has 12."), field=name, player=self.players[seat],
                                   declared=_declared(held), cards=fewest)
        for name in order:
            both = tuple(holding.upto(name) for holding in holdings)
            if fits(count, both):
                continue
            if name == "carte_blanche":
                raise InvalidInput(N_("Both players cannot hold a carte blanche: only 20 cards are not kings, "
                                      "queens or jacks."), field=name)
            raise InvalidInput(N_("One pack of 32 cards cannot deal both hands: %(player0)s with %(first)s, "
                                  "%(player1)s with %(second)s."), field=name, first=_declared(both[0]),
                               second=_declared(both[1]), **self._names())
        raise AssertionError("declarations that fit field by field but not as a whole")

    def _check_play_points(self, record: DealRecord, elder: int) -> None:
        """Elder: 1 for the first lead + 1 a trick + 1 more a trick won on the younger's lead (k);
        younger: 1 a trick + 1 more a trick won on the elder's lead (m). Such tricks pass the lead, so
        they alternate, the younger's first: m is k or k + 1, and a younger who won anything has m ≥ 1."""
        younger = 1 - elder
        x, y, k, m = _play_split(record, elder)
        play, _ = record.play_totals()
        bounds = {elder: (1 + x, 1 + x + min(x, y), x), younger: (y + (1 if y else 0), y + min(y, x + 1), y)}
        for seat in (elder, younger):
            low, high, tricks = bounds[seat]
            if not low <= play[seat] <= high:
                raise InvalidInput(
                    N_("With %(tricks)s tricks %(player)s scores from %(low)s to %(high)s play points, not "
                       "%(value)s (1 a trick won on one's own lead, 2 on the opponent's, and 1 to the elder "
                       "hand for the first lead)."), field="play_points", tricks=tricks,
                    player=self.players[seat], low=low, high=high, value=play[seat])
        if m - k not in (0, 1):
            raise InvalidInput(
                N_("These play points do not go together: a trick won on the opponent's lead passes the lead, "
                   "so such tricks alternate between the players, the younger hand's first. The play points "
                   "add up to 13 plus the number of those tricks."), field="play_points")

    def _check_pique(self, record: DealRecord, elder: int) -> None:
        younger = 1 - elder
        steps = declaration_steps(record, elder)
        if find_repique(steps) is not None:
            raise InvalidInput(N_("There is a repique in this deal, and never a pique as well."), field="pique")
        declared = [0, 0]
        for seat, points in steps:
            declared[seat] += points
        if declared[younger]:
            raise InvalidInput(N_("No pique: %(younger)s (the younger hand) scored in the declarations before "
                                  "any play."), field="pique", younger=self.players[younger])
        if not pique_bounds(record, elder)[0]:
            x, _, k, _ = _play_split(record, elder)
            raise InvalidInput(
                N_("No pique: %(elder)s cannot reach 30 before %(younger)s scores (%(declared)s in declarations, "
                   "1 for the lead and at most %(tricks)s for tricks won on their own lead)."), field="pique",
                elder=self.players[elder], younger=self.players[younger], declared=declared[elder],
                tricks=x - k)
