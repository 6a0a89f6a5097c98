"""Piquet's score sheet: the declarations of a deal as the players announce them, the 12-tap trick
strip (the play points counted as the players count them aloud), the partie and its value.

The deal being entered (or corrected) is carried in the page's address (GET) until it is recorded
(POST), so every tap works without JavaScript: the strip, the choices, the "play as totals"
alternative. With JavaScript each tap swaps the sheet in place (the page does not jump); without, the
page comes back at the deal's form. The whole deal fits one 360 × 740 screen: a declaration is one
choice in its player's column (#18).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any

from flask_babel import gettext, ngettext

from ...model import Access, Loaded, Seen
from ...rules.piquet import (
    DEALS, TRICKS, DealRecord, PiquetGame, play_from_tricks, point_values, sequence_totals, set_names, set_totals,
)
from .. import own
from ..common import form_number, view_number

SEQUENCE_NAMES = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième"}
CLASSES = ("point", "sequences", "sets")


def _sequence_label(points: int) -> str:
    """18 → "huitième / quint + tierce": every way twelve cards can score it, by the names players announce,
    the fewest sequences first (#18: "quint + tierce" was offered only as "huitième")."""
    ways = [" + ".join(SEQUENCE_NAMES[n] for n in lengths)
            for count in range(1, 5) for lengths in combinations_with_replacement(range(8, 2, -1), count)
            if sum(lengths) <= 12 and sum(n + (10 if n >= 5 else 0) for n in lengths) == points]
    return " / ".join(ways)


@dataclass
class Declaration:
    name: str  # "point", "sequences" or "sets"
    title: str
    values: list  # per seat: the value chosen ("" for nothing)
    options: list  # (value, label)


@dataclass
class Trick:
    """One box of the strip: its number, who won it, and (once tapped) the strip with its winner changed,
    so that a mistaken tap is fixed with one more tap."""
    number: int
    winner: str  # "" until tapped
    seat: int | None
    changed: str | None


@dataclass
class Entry:
    number: int
    dealer: str
    elder: str
    players: list
    blanche: list  # ticked per seat
    declarations: list
    strip: list  # a Trick per box
    strip_text: str
    strip_back: str  # the strip without its last trick ("take it back")
    next_trick: int | None
    strip_values: list  # (seat, name, the strip with it)
    play_so_far: list  # play points per seat so far, counted as the tricks were tapped
    totals_play: list  # typed play points per seat
    totals_won: list
    pique: str
    last: str
    playoff: str  # in a play-off: why there is one ("Tied at 126 after six deals: …"), else ""


def _declarations(state, view) -> list[Declaration]:
    count = state.options.get("point_count", "cards")
    choices = {
        "point": [(v, ngettext("point of %(num)s", "point of %(num)s", v) if count == "cards" else str(v))
                  for v in sorted(point_values(count))],
        "sequences": [(v, f"{v} — {_sequence_label(v)}") for v in sorted(sequence_totals()) if v],
        "sets": [(v, f"{v} — {set_names(v)}") for v in sorted(set_totals()) if v],
    }
    titles = {"point": gettext("Point"), "sequences": gettext("Sequences"), "sets": gettext("Sets (10 or higher)")}
    return [Declaration(name, titles[name], [view.get(f"{name}-{s}", "") for s in (0, 1)], choices[name])
            for name in CLASSES]


def _last(state) -> str:
    scored = [hand for hand in state.hands if hand.result is not None]
    if not scored:
        return ""
    hand, result = scored[-1], scored[-1].result
    parts = []
    for seat, name in enumerate(state.players):
        notes = [gettext("repique") if result.repique == seat else "", gettext("pique") if result.pique == seat else "",
                 gettext("capot") if result.cards_bonus[seat] == 40 else ""]
        extra = ", ".join(word for word in notes if word)
        parts.append(gettext("%(name)s %(score)s (declarations %(declared)s, play %(play)s, cards %(cards)s)",
                             name=name, score=result.scores[seat], declared=result.declarations[seat],
                             play=result.play[seat], cards=result.cards_bonus[seat]) + (f" — {extra}" if extra else ""))
    return gettext("Deal %(n)s:", n=hand.number) + " " + "; ".join(parts) + "."


def entry(loaded: Loaded, view) -> Entry | None:
    number = loaded.state.current_hand
    return None if number is None else _entry(loaded, number, view)


def _entry(loaded: Loaded, number: int, values) -> Entry:
    """The panel of one deal (the one being entered, or a recorded one being corrected), from `values`:
    the page's query arguments or the posted form."""
    state = own(loaded, PiquetGame)
    elder = state.elder(number)
    typed = [view_number(part) for part in (values.get("tw") or "").split(",") if part != ""]
    strip = [seat for seat in typed if seat is not None and seat in (0, 1)]
    if len(strip) > TRICKS or len(strip) < len(typed):
        strip = []  # a stale or mistyped address: start the strip again
    play, _ = play_from_tricks(strip, elder)
    return Entry(
        number=number, dealer=state.players[state.dealer(number)], elder=state.players[elder],
        players=list(state.players), blanche=[bool(values.get(f"cb-{s}")) for s in (0, 1)],
        declarations=_declarations(state, values),
        strip=[_trick(strip, i, state.players) for i in range(TRICKS)],
        strip_text=",".join(map(str, strip)), strip_back=",".join(map(str, strip[:-1])),
        next_trick=len(strip) + 1 if len(strip) < TRICKS else None,
        strip_values=[(s, name, ",".join(map(str, strip + [s]))) for s, name in enumerate(state.players)],
        play_so_far=list(play), totals_play=[values.get(f"play-{s}", "") for s in (0, 1)],
        totals_won=[values.get(f"won-{s}", "") for s in (0, 1)], pique=values.get("pique", ""),
        last=_last(state) if number == state.current_hand else "",
        playoff=_playoff_words(state) if number > DEALS else "")


def _tied_at(state) -> int | None:
    """The total both players had after the six deals, when those ended level and a play-off followed."""
    if state.planned_hands == DEALS or len(state.hands) < DEALS or state.hand(DEALS).totals is None:
        return None
    return state.hand(DEALS).totals[0]


def _playoff_words(state) -> str:
    return gettext("Tied at %(total)s after six deals: two more deals decide the partie.", total=_tied_at(state))


def _trick(strip: list[int], index: int, players) -> Trick:
    if index >= len(strip):
        return Trick(index + 1, "", None, None)
    changed = strip[:index] + [1 - strip[index]] + strip[index + 1:]
    return Trick(index + 1, players[strip[index]], strip[index], ",".join(map(str, changed)))


@dataclass
class Row:
    number: int
    dealer: str
    elder: str
    cells: list  # (score, total, notes)
    editable: bool
    mark: str = ""  # the tie after deal 6, or "play-off" on the deals after it (#19)


def rows(loaded: Loaded, who: Access) -> list[Row]:
    state = own(loaded, PiquetGame)
    out = []
    for hand in state.hands:
        result, totals = hand.result, hand.totals
        if result is None or totals is None:  # the deal in progress
            continue
        cells = []
        for seat in (0, 1):
            notes = [gettext("repique") if result.repique == seat else "", gettext("pique") if result.pique == seat
                     else "", gettext("capot") if result.cards_bonus[seat] == 40 else ""]
            cells.append((result.scores[seat], totals[seat], ", ".join(n for n in notes if n)))
        out.append(Row(hand.number, state.players[hand.dealer], state.players[hand.elder], cells,
                       who.role == "scorer", _mark(state, hand.number)))
    return out


def _mark(state, number: int) -> str:
    tied = _tied_at(state)
    if tied is None or number < DEALS:
        return ""
    return gettext("tied at %(total)s", total=tied) if number == DEALS else gettext("play-off")


@dataclass
class Outcome:
    winner: str | None
    value: int | None
    rubicon: bool
    totals: list  # (name, total)
    playoff: bool = False  # decided (or drawn) in the play-off


def outcome(state) -> Outcome | None:
    partie = state.partie
    if partie is None:
        return None
    return Outcome(winner=state.players[partie.winner] if partie.winner is not None else None, value=partie.value,
                   rubicon=partie.rubicon, totals=list(zip(state.players, state.totals)),
                   playoff=_tied_at(state) is not None)


def sheet(loaded: Loaded, who: Access, seen: Seen, view) -> dict:
    state = loaded.state
    return {"rows": rows(loaded, who), "entry": entry(loaded, view), "outcome": outcome(state),
            "deals_planned": state.planned_hands}


def error_place(field: str | None, sheet: dict, edit, access: Access) -> str:
    if edit is not None and field is not None and field != "hand":
        return "edit"
    if sheet.get("entry") is not None and access.role == "scorer" and field is not None and field != "hand":
        return "entry"
    return "top"


def edit_form(loaded: Loaded, number: int, seen: Seen, form=None) -> Entry:
    """A recorded deal laid out as the entry, with what was recorded chosen (or what was typed)."""
    return _entry(loaded, number, form if form else _as_view(own(loaded, PiquetGame).hand(number).record))


def _as_view(record: DealRecord) -> dict:
    """A recorded deal as the form's fields."""
    values = {f"cb-{s}": "on" for s in (0, 1) if record.carte_blanche[s]}
    for name in CLASSES:
        for seat, scored in enumerate(getattr(record, name)):
            if scored:
                values[f"{name}-{seat}"] = str(scored)
    if record.trick_winners is not None:
        values["tw"] = ",".join(map(str, record.trick_winners))
    if record.play_points is not None:
        play, won = record.play_totals()
        values.update({f"play-{s}": str(play[s]) for s in (0, 1)})
        values.update({f"won-{s}": str(won[s]) for s in (0, 1)})
    if record.pique is not None:
        values["pique"] = str(record.pique)
    return values


def hand_event(form, state, number: int) -> dict:
    """The deal as posted: the declarations (what each player scored in each class), then the play — the
    trick strip when all 12 are tapped, else the totals typed (with pique when the scorer says so)."""
    event: dict[str, Any] = {"carte_blanche": [bool(form.get(f"cb-{s}")) for s in (0, 1)]}
    for name in CLASSES:
        typed = [form_number(form.get(f"{name}-{s}")) for s in (0, 1)]
        event[name] = [0 if value is None else value for value in typed]
    strip = [form_number(part) for part in (form.get("tw") or "").split(",") if part != ""]
    if len(strip) == TRICKS or not any(form.get(f"play-{s}") for s in (0, 1)):
        event["trick_winners"] = strip
    else:
        event["play_points"] = [form_number(form.get(f"play-{s}")) for s in (0, 1)]
        event["tricks_won"] = [form_number(form.get(f"won-{s}")) for s in (0, 1)]
        pique = form.get("pique", "")
        event["pique"] = int(pique) if pique in ("0", "1") else None
    return event


