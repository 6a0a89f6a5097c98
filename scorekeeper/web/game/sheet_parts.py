"""A live refresh that sends each phone only what changed on its sheet (#22).

A page that can apply parts says so with the hand it shows (`X-Sheet-Hand`, beside the version it shows,
`X-Sheet-Version`). The changes since that version tell which parts moved (each change's family says which:
`Family.rows_touched`): what is said around the entry (notices, undo: always sent), the entry of the hand being
entered (after bids alone, all of it but its heading), the grid rows each change touched (of the rows below a
correction, their running totals alone), and, when a change may have moved the scores, the totals and the
chart (a placeholder that draws it once in view). The answer is those parts, each a named block of the sheet's
templates drawn alone from the context the whole sheet is drawn from for this link, as htmx 4 partials
(`<template hx type="partial">`): so a part never shows more than the whole sheet would (a sealed bid stays
sealed). Whenever anything is uncertain — an undo, the game over (or over on the phone's page), a phone far
behind, a change its family cannot place — the whole sheet is sent, as it is to a page that does not ask for
parts (an old page).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from flask import current_app
from jinja2_fragments.flask import render_block

from ...families import Touched, family_of
from ...model import MARKS, Loaded, whole_or_none
from .sheet_common import corrects

MAX_BEHIND = 12  # changes: a phone further behind gets the whole sheet (its parts would be most of it)
NOW, AROUND_ENTRY = "now", ("now-top", "now-end")  # the pane of what happens now: notices, entry panel, undo
AFTER_A_BID = ("now-top", "entry-play", "now-end")  # the entry but its heading
RESCORED = ("grid-foot", "chart-box")  # what moves with the scores


@dataclass(frozen=True)
class Behind:
    """What a phone's page shows, as its refresh request says: the version and whether its game was over."""

    version: int
    finished: bool


def behind(headers) -> Behind | None:
    """The page's version and hand, when it can apply parts (an old page does not say its hand)."""
    hand, version = headers.get("X-Sheet-Hand"), whole_or_none(headers.get("X-Sheet-Version"), digits=9)
    if hand is None or version is None:
        return None
    return Behind(version, finished=hand.strip() == "")


def touched_since(loaded: Loaded, page: Behind) -> Touched | None:
    """What every change since the page's version touched (rows, scores, entry); None when only the whole sheet
    is certain to be right."""
    state = loaded.state
    if page.finished or state.finished or not 0 < page.version < loaded.version \
            or loaded.version - page.version > MAX_BEHIND:
        return None
    family = family_of(state.variant)
    changed: set[int] = set()
    retotalled: set[int] = set()
    added: list[int] = []
    rescored = entry = False
    bid = True
    for row in loaded.events.after(page.version):  # no undo among them: the changes standing before each stand
        if row["type"] == "undo":
            return None  # it may take a row away
        if row["type"] in MARKS:
            if isinstance(row["payload"].get("hand"), int):
                changed.add(row["payload"]["hand"])  # the row's "to confirm" mark
            continue
        touched = family.rows_touched(row["payload"], state, corrects(family, row, loaded.events))
        if touched is None:
            return None
        changed |= touched.changed
        retotalled |= touched.retotalled
        added += touched.added
        rescored = rescored or touched.rescored
        entry = entry or touched.entry
        bid = bid and (touched.bid or not touched.entry)
    return Touched(frozenset(changed - set(added)), tuple(sorted(set(added))), rescored, entry,
                   frozenset(retotalled - changed - set(added)), bid=entry and bid)


BLANKS = re.compile(r"[ \t]*\n\s*")  # the templates' indentation and empty lines: one newline says as much
PAGE_HEADERS = ("X-Sheet-Version", "X-Sheet-Hand")  # what live.js writes on the sheet after applying parts
HOMES = ("sheet.html", "{family}/entry.html", "{family}/grid.html")  # where a part's block is looked for


def answer(loaded: Loaded, page: Behind | None, context: dict,
           whole: Callable[[], str]) -> tuple[str, dict[str, str]]:
    """What an htmx request of the sheet gets (its blank lines squeezed): the parts of the sheet a live refresh's
    page lacks, drawn alone from the sheet's `context` for this link, with the version and hand they bring it
    to; or, when parts are uncertain (or it is no live refresh that can take them), the `whole` sheet (no
    headers)."""
    touched = touched_since(loaded, page) if page is not None else None
    found = parts(touched, context) if touched is not None else None
    if found is None:
        return squeezed(whole()), {}
    return found, dict(zip(PAGE_HEADERS, (str(loaded.version), str(loaded.state.current_hand or ""))))


def squeezed(html: str) -> str:
    return BLANKS.sub("\n", html)  # the sheet holds no <pre> nor <textarea>


def home(block: str, family: str) -> str | None:
    """The template that holds this block of the sheet: the sheet's own, or its family's entry or grid."""
    names = (name.format(family=family) for name in HOMES)
    return next((name for name in names if block in current_app.jinja_env.get_template(name).blocks), None)


def drawn(block: str, context: dict, **more) -> str | None:
    """One block of the sheet drawn alone with the sheet's context (and what a loop gives it there: `more`);
    None when the sheet has no such block."""
    template = home(block, context["family"])
    return squeezed(render_block(template, block, **context, **more)) if template else None


Piece = tuple[str, str, list[tuple[str, dict]]]  # a partial's target and swap; its blocks, with what a loop names


def parts(touched: Touched, context: dict) -> str | None:
    """The parts of the sheet that the changes touched, each drawn alone (`pieces`), as partials; None when the
    sheet has no block for one (the whole sheet is then sent)."""
    wanted = pieces(touched, {row.number: row for row in context["rows"]})
    if wanted is None:
        return None
    found = []
    for target, swap, blocks in wanted:
        drawings = [drawn(block, context, **more) for block, more in blocks]
        if None in drawings:
            return None
        found.append(f'<template hx type="partial" hx-target="#{target}" hx-swap="{swap}">{"".join(drawings)}'
                     '</template>')
    return "".join(found)


def pieces(touched: Touched, rows: dict) -> list[Piece] | None:
    """What the changes touched, each part the block named as its id (`now-top`: now_top; a grid row: hand_row;
    a running total: cell_total) of the grid's `rows` (by hand); None when rows added do not follow the rows
    there (the whole sheet is then sent)."""
    now = AFTER_A_BID if touched.bid else (NOW,) if touched.entry else AROUND_ENTRY
    found: list[Piece] = [(target, "outerMorph", [(target.replace("-", "_"), {})]) for target in now]
    # a hand being entered may have no row (in a grid of recorded deals: Solo Whist, Piquet)
    found += [(f"hand-{number}", "outerMorph", [("hand_row", {"row": rows[number]})])
              for number in sorted(touched.changed & rows.keys())]
    if touched.rescored:  # the chart is replaced, not morphed: an SVG that morph rebuilds is drawn blank (_chart.html)
        found += [("grid-foot", "outerMorph", [("grid_foot", {})]), ("chart-box", "outerHTML", [("chart_box", {})])]
    found += [(f"total-{number}-{seat}", "outerMorph",
               [("cell_total", {"row": rows[number], "cell": cell, "seat": seat})])
              for number in sorted(touched.retotalled & rows.keys())  # the totals alone of rows below a correction
              for seat, cell in enumerate(rows[number].cells) if cell.total]  # a total of its own: one there is
    if touched.added:  # after the row before them, which the page has (a row morphed stays the same element)
        first = touched.added[0]
        if first < 2 or list(touched.added) != [number for number in range(first, first + len(touched.added))
                                                 if number in rows]:
            return None
        found.append((f"hand-{first - 1}", "afterend",
                      [("hand_row", {"row": rows[number]}) for number in touched.added]))
    return found
