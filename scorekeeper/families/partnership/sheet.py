"""Partnership Whist's score sheet: one column per side, the deal's entry, games and rubber.

Entry on a phone: the trump (one tap), honours (one tap, classic), one side's tricks on a 0–13 pad
(one tap, the other side has the rest), penalties behind a disclosure. The templates under
`templates/partnership/` compute nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import gettext, ngettext

from ...model import Access, Loaded, Seen
from ...rules.partnership import RUBBER_BONUS, PartnershipGame
from ...store.turns import taking_turns
from .. import Touched, hands_from, own
from ..common import RED, form_number, symbol
from .present import side_names

SUITS = ("H", "D", "C", "S")


def signed(points: int) -> str:
    """A deal's points as written on the sheet: +2, 0, −2."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


@dataclass
class Cell:
    """One side in one deal: what a paper whist sheet shows, each number with its mark."""

    tricks: str = ""   # as played; "7 → 9" when a revoke moved tricks
    points: str = ""   # the deal's points: "+2", "0", "−2"
    score: str = ""    # classic: the game's score after the deal (below the line); dummy: the running total
    marks: list = field(default_factory=list)  # honours, revoke, remarks, in words
    won: bool = False  # this side won a game with this deal


@dataclass
class Line:
    """A line drawn across the sheet (classic): under a game won its value, above the line, for the
    winners; at the end the rubber's 2."""

    label: str
    values: list  # per side: "+2" for the side it goes to, "" for the other
    note: str     # what the value is: "game won", "rubber"


@dataclass
class Row:
    number: int
    dealer: str
    trump: str
    red: bool
    cells: list
    editable: bool
    lines: list = field(default_factory=list)  # the game won with this deal, the rubber won with it


@dataclass
class Honours:
    """Honours held as one tap: none to score, or which side held three or four (entry and correction)."""

    none: bool  # "none to score" is chosen
    sides: list  # (side name, [(value, count, chosen)]): value "1-4" = the second side held four


@dataclass
class Entry:
    number: int
    dealer: str
    declarer: str  # whist-morto: the dealer declares, the partner is dummy
    dummy: str
    trumps: list  # (code, symbol, red, chosen)
    trump: str | None
    trump_symbol: str
    sides: list  # the side names
    honours: Honours | None
    pad: list = field(default_factory=list)
    game_score: tuple = (0, 0)
    remarks: bool = True


def _honours(state, chosen: str) -> Honours | None:
    if state.variant.dummy or not state.options.get("honours"):
        return None
    names = side_names(state)
    return Honours(none=chosen == "", sides=[(names[side], [(f"{side}-{count}", count, chosen == f"{side}-{count}")
                                                             for count in (3, 4)]) for side in (0, 1)])


def _trumps(state, chosen: str | None) -> list:
    codes = SUITS + (("NT",) if state.variant.dummy else ())
    return [(code, symbol(code), code in RED, code == chosen) for code in codes]


def _marks(hand, side: int) -> list[str]:
    """What a side's cell says beside its numbers: honours held (and what they scored), a revoke, remarks."""
    record, result = hand.record, hand.result
    marks = []
    held = record.honours[side]
    if held >= 3:
        scored = result.honour_points[side]
        marks.append(gettext("%(held)s honours %(points)s", held=held, points=signed(scored)) if scored
                     else gettext("%(held)s honours, not counted", held=held))
    if side in record.revokes:
        marks.append(gettext("revoke"))
    if record.remarks[side]:
        marks.append(ngettext("%(num)s remark %(points)s", "%(num)s remarks %(points)s", record.remarks[side],
                              points=signed(result.remark_points[side])))
    return marks


def _cell(hand, side: int, dummy: bool) -> Cell:
    result = hand.result
    if result is None:
        return Cell()
    played, counted = hand.record.tricks[side], result.tricks[side]
    return Cell(tricks=str(played) if played == counted else f"{played} → {counted}",
                points=signed(result.points[side]),
                score=str(hand.totals[side] if dummy else hand.score_before[side] + result.points[side]),
                marks=_marks(hand, side), won=result.game_won_by == side)


def _value(winner: int, value: int) -> list[str]:
    return [f"+{value}" if side == winner else "" for side in (0, 1)]


def rows(loaded: Loaded, who: Access) -> list[Row]:
    state = own(loaded, PartnershipGame)
    dummy = state.variant.dummy
    out = []
    for hand in taking_turns(state.hands):
        result = hand.result
        row = Row(number=hand.number, dealer=state.players[hand.dealer], trump=symbol(hand.trump) if hand.trump else "",
                  red=hand.trump in RED, cells=[_cell(hand, s, dummy) for s in (0, 1)],
                  editable=result is not None and who.role == "scorer")
        if result is not None and result.game_won_by is not None and result.game_value is not None:
            row.lines.append(Line(gettext("Game %(n)s", n=hand.game), _value(result.game_won_by, result.game_value),
                                  gettext("game won")))
        out.append(row)
    rubber = None if dummy else state.rubber
    if rubber is not None and rubber.winner is not None and out:
        out[-1].lines.append(Line(gettext("Rubber"), _value(rubber.winner, RUBBER_BONUS), gettext("rubber")))
    return out


def rows_touched(change: dict, state, corrected: bool) -> Touched | None:
    """A row per deal recorded or being entered, with the lines of the games it won: a deal recorded redraws its
    row and adds the next deal's; a correction redraws its row and those after it (the games' scores and lines);
    the turned card alone, its row."""
    number = change.get("hand")
    if not isinstance(number, int):
        return None
    if corrected:
        return Touched(changed=hands_from(number, state))
    if "tricks" not in change:
        return Touched(changed=frozenset({number}), rescored=False)
    return Touched(changed=frozenset({number}), added=(number + 1,) if len(state.hands) > number else ())


def entry(loaded: Loaded, who: Access) -> Entry | None:
    state = own(loaded, PartnershipGame)
    number = state.current_hand
    if number is None:
        return None
    hand = state.hand(number)
    dealer = hand.dealer
    return Entry(number=number, dealer=state.players[dealer], declarer=state.players[dealer],
                 dummy=state.players[(dealer + 2) % 4], trumps=_trumps(state, hand.trump), trump=hand.trump,
                 trump_symbol=symbol(hand.trump),
                 sides=side_names(state), honours=_honours(state, ""), pad=list(range(14)),
                 game_score=state.game_score,
                 remarks=not state.variant.dummy and not state.options.get("laws"))


@dataclass
class Standing:
    place: int
    side: str
    figures: str  # what ranks it, in words: "2 games · 6 rubber points", "10 points"


@dataclass
class Outcome:
    """The end of a rubber or a match, as the ranking says it: the sides in the order of their places."""

    winner: str | None  # None: a draw
    points: int | None  # rubber points of the winners (classic)
    sum: str  # how the rubber points add up: "2 + 3 + 2 − 1 = 6" (classic)
    games: list  # (side name, game value) of every game won (classic)
    standings: list  # Standing, first place first


def outcome(state) -> Outcome | None:
    if not state.finished:
        return None
    names = side_names(state)
    place_of = {row.seat: row.place for row in state.standings}
    places = [place_of[seats[0]] for seats in state.sides]
    order = sorted((0, 1), key=lambda side: places[side])
    if state.variant.dummy:
        winner = None if places[0] == places[1] else names[order[0]]
        return Outcome(winner=winner, points=None, sum="", games=[], standings=[
            Standing(places[s], names[s], ngettext("%(num)s point", "%(num)s points", state.totals[s])) for s in order])
    rubber, won = state.rubber, state.games_won
    winner = rubber.winner
    values = [str(value) for side, value in rubber.games if side == winner] + [str(RUBBER_BONUS)]
    lost = [str(value) for side, value in rubber.games if side != winner]
    figures = " + ".join(values) + "".join(f" − {value}" for value in lost) + f" = {rubber.points[winner]}"
    return Outcome(winner=names[winner], points=rubber.points[winner], sum=figures,
                   games=[(names[side], value) for side, value in rubber.games],
                   standings=[Standing(places[s], names[s], gettext(
                       "%(games)s · %(points)s", games=ngettext("%(num)s game won", "%(num)s games won", won[s]),
                       points=ngettext("%(num)s rubber point", "%(num)s rubber points", rubber.points[s])))
                       for s in order])


@dataclass
class Footer:
    """The rows pinned under the grid before the place: what the game stands on."""

    label: str
    values: list


def footer(state) -> list[Footer]:
    """Dummy: the totals. Classic: the score of the game being played (the rubber points once it is over)
    and the games won."""
    if state.variant.dummy:
        return [Footer(gettext("Total"), list(state.totals))]
    rubber = state.rubber
    games = Footer(gettext("Games won"), list(state.games_won))
    if rubber.winner is not None:
        return [games, Footer(gettext("Rubber points"), list(rubber.points))]
    return [Footer(gettext("Game %(n)s", n=len(rubber.games) + 1), list(state.game_score)), games]


def sheet(loaded: Loaded, who: Access, seen: Seen, view) -> dict:
    state = own(loaded, PartnershipGame)
    rubber = None if state.variant.dummy else state.rubber
    parts = {"rows": rows(loaded, who), "entry": entry(loaded, who), "sides": side_names(state),
             "side_players": [[state.players[seat] for seat in side] for side in state.sides],
             "footer": footer(state), "game_number": len(rubber.games) + 1 if rubber else None,
             "outcome": outcome(state)}
    if rubber is not None:
        parts["chart"] = None  # the running sum of the deal points decides nothing in a rubber: no chart of it
    return parts


def error_place(field: str | None, sheet: dict, edit, access: Access) -> str:
    if edit is not None and field in ("tricks", "trump", "honours", "revokes", "remarks"):
        return "edit"
    if sheet.get("entry") is not None and access.role == "scorer" and field in (
            "tricks", "trump", "honours", "revokes", "remarks"):
        return "entry"
    return "top"


@dataclass
class EditForm:
    number: int
    trumps: list
    tricks: object  # side 0's tricks as typed
    sides: list
    honours: Honours | None
    revokes: list  # (side, name, ticked)
    remarks: list  # (side, name, count)
    show_remarks: bool


def edit_form(loaded: Loaded, number: int, seen: Seen, form=None) -> EditForm:
    state = own(loaded, PartnershipGame)
    record = state.hand(number).record
    names = side_names(state)
    trump = form.get("trump", record.trump) if form else record.trump
    tricks = form.get("tricks-0", "") if form else (record.tricks[0] if record.tricks else "")
    held = next((f"{s}-{record.honours[s]}" for s in (0, 1) if record.honours[s] >= 3), "")
    honours = form.get("honours", "") if form else held
    revokes = [(s, names[s], bool(form.get(f"revoke-{s}")) if form else s in record.revokes) for s in (0, 1)]
    remarks = [(s, names[s], form.get(f"remarks-{s}", "") if form else record.remarks[s]) for s in (0, 1)]
    return EditForm(number=number, trumps=_trumps(state, trump), tricks=tricks, sides=names,
                    honours=_honours(state, honours), revokes=revokes, remarks=remarks,
                    show_remarks=not state.variant.dummy and not state.options.get("laws"))


def hand_event(form, state, number: int) -> dict:
    """Trump alone (the turned card), or the whole deal: side 0's tricks (the other side has the rest),
    honours as one choice ("1-3": the second side held three), revokes and remarks."""
    event = {}
    if form.get("trump"):
        event["trump"] = form.get("trump")
    if "tricks-0" not in form:
        return event
    taken = form_number(form.get("tricks-0"))
    event["tricks"] = [taken, 13 - taken] if isinstance(taken, int) else [taken, None]
    chosen = form.get("honours", "")
    side, _, count = chosen.partition("-")
    honours = [0, 0]
    if side in ("0", "1") and count in ("3", "4"):
        honours[int(side)] = int(count)
    if "honours" in form:
        event["honours"] = honours
    event["revokes"] = [s for s in (0, 1) if form.get(f"revoke-{s}")]
    if any(f"remarks-{s}" in form for s in (0, 1)):
        typed = [form_number(form.get(f"remarks-{s}")) for s in (0, 1)]
        event["remarks"] = [0 if value is None else value for value in typed]  # a blank box: no remark
    return event
