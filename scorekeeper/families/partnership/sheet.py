"""Partnership Whist's score sheet: one column per side, the deal's entry, games and rubber.

Entry on a phone: the trump (one tap), honours (one tap, classic), one side's tricks on a 0–13 pad
(one tap, the other side has the rest), penalties behind a disclosure. The templates under
`templates/partnership/` compute nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...games import Access, Loaded, Seen
from ...turns import taking_turns
from ..common import RED, form_number, symbol
from .present import game_score, side_names

SUITS = ("H", "D", "C", "S")


@dataclass
class Cell:
    tricks: str = ""
    points: str = ""
    total: str = ""
    won: bool = False  # this side won a game with this deal


@dataclass
class Row:
    number: int
    dealer: str
    trump: str
    red: bool
    cells: list
    editable: bool
    game_end: tuple | None = None  # (side name, game value) under the deal that won a game


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
    honours: list  # (value, label, chosen): "" none, "0-4", "0-3", "1-3", "1-4"
    pad: list = field(default_factory=list)
    game_score: tuple = (0, 0)
    remarks: bool = True


def _honour_choices(state, chosen: str) -> list:
    if state.variant.dummy or not state.options.get("honours"):
        return []
    names = side_names(state)
    choices = [("", None)] + [(f"{side}-{count}", (names[side], count)) for side in (0, 1) for count in (4, 3)]
    return [(value, label, value == chosen) for value, label in choices]


def _trumps(state, chosen: str | None) -> list:
    codes = SUITS + (("NT",) if state.variant.dummy else ())
    return [(code, symbol(code), code in RED, code == chosen) for code in codes]


def rows(loaded: Loaded, who: Access) -> list[Row]:
    state = loaded.state
    names = side_names(state)
    out = []
    for hand in taking_turns(state.hands):
        result = hand.result
        cells = [Cell(tricks=str(result.tricks[s]) if result else "", points=str(result.points[s]) if result else "",
                      total=str(hand.totals[s]) if hand.totals else "",
                      won=bool(result and result.game_won_by == s)) for s in (0, 1)]
        row = Row(number=hand.number, dealer=state.players[hand.dealer], trump=symbol(hand.trump) if hand.trump else "",
                  red=hand.trump in RED, cells=cells, editable=result is not None and who.role == "scorer")
        if result is not None and result.game_won_by is not None:
            row.game_end = (names[result.game_won_by], result.game_value)
        out.append(row)
    return out


def entry(loaded: Loaded, who: Access) -> Entry | None:
    state = loaded.state
    number = state.current_hand
    if number is None:
        return None
    hand = state.hand(number)
    dealer = hand.dealer
    return Entry(number=number, dealer=state.players[dealer], declarer=state.players[dealer],
                 dummy=state.players[(dealer + 2) % 4], trumps=_trumps(state, hand.trump), trump=hand.trump,
                 trump_symbol=symbol(hand.trump),
                 sides=side_names(state), honours=_honour_choices(state, ""), pad=list(range(14)),
                 game_score=game_score(state),
                 remarks=not state.variant.dummy and not state.options.get("laws"))


@dataclass
class Outcome:
    """The end of a rubber or a match, as the ranking says it."""

    winner: str | None  # None: a draw
    points: int | None  # rubber points of the winners (classic)
    games: list  # (side name, game value) of every game won (classic)
    totals: list  # (side name, total)


def outcome(state) -> Outcome | None:
    if not state.finished:
        return None
    names = side_names(state)
    totals = list(zip(names, state.totals))
    if state.variant.dummy:
        high = max(state.totals)
        winner = None if state.totals[0] == state.totals[1] else names[state.totals.index(high)]
        return Outcome(winner=winner, points=None, games=[], totals=totals)
    rubber = state.rubber
    return Outcome(winner=names[rubber.winner], points=rubber.points[rubber.winner],
                   games=[(names[side], value) for side, value in rubber.games], totals=totals)


def sheet(loaded: Loaded, who: Access, seen: Seen, view) -> dict:
    state = loaded.state
    rubber = None if state.variant.dummy else state.rubber
    games_won = [sum(1 for side, _ in rubber.games if side == s) for s in (0, 1)] if rubber else None
    return {"rows": rows(loaded, who), "entry": entry(loaded, who), "sides": side_names(state),
            "side_players": [[state.players[seat] for seat in side] for side in state.sides],
            "games_won": games_won, "game_number": len(rubber.games) + 1 if rubber else None,
            "outcome": outcome(state)}


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
    honours: list
    revokes: list  # (side, name, ticked)
    remarks: list  # (side, name, count)
    show_remarks: bool


def edit_form(loaded: Loaded, number: int, seen: Seen, form=None) -> EditForm:
    state = loaded.state
    record = state.hand(number).record
    names = side_names(state)
    trump = form.get("trump", record.trump) if form else record.trump
    tricks = form.get("tricks-0", "") if form else (record.tricks[0] if record.tricks else "")
    held = next((f"{s}-{record.honours[s]}" for s in (0, 1) if record.honours[s] >= 3), "")
    honours = form.get("honours", "") if form else held
    revokes = [(s, names[s], bool(form.get(f"revoke-{s}")) if form else s in record.revokes) for s in (0, 1)]
    remarks = [(s, names[s], form.get(f"remarks-{s}", "") if form else record.remarks[s]) for s in (0, 1)]
    return EditForm(number=number, trumps=_trumps(state, trump), tricks=tricks, sides=names,
                    honours=_honour_choices(state, honours), revokes=revokes, remarks=remarks,
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
