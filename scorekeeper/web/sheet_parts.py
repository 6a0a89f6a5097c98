"""A live refresh that sends each phone only what changed on its sheet (#22).

A page that can apply parts says so with the hand it shows (`X-Sheet-Hand`, beside the version it shows,
`X-Sheet-Version`). The changes since that version tell which parts moved (each change's family says which:
`Family.rows_touched`): what is said around the entry (notices, undo: always sent), the entry of the hand being
entered (after bids alone, all of it but its heading), the grid rows each change touched (of the rows below a
correction, their running totals alone), and, when a change may have moved the scores, the totals and the
chart (a placeholder that draws it once in view). The answer is those parts, cut out of the sheet
drawn whole for this link, as htmx 4 partials (`<template hx type="partial">`): so a part never shows more than
the whole sheet would (a sealed bid stays sealed). Whenever anything is uncertain — an undo, the game over (or
over on the phone's page), a phone far behind, a change its family cannot place — the whole sheet is sent, as
it is to a page that does not ask for parts (an old page).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..families import Touched, family_of
from ..model import MARKS, Loaded, whole_or_none
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


START = re.compile(r"<([a-z]+)\b")
TOTAL = re.compile(r' id="(total-(\d+)-\d+)"')  # a running total of its own in a row (`Touched.retotalled`)
BLANKS = re.compile(r"[ \t]*\n\s*")  # the templates' indentation and empty lines: one newline says as much
PAGE_HEADERS = ("X-Sheet-Version", "X-Sheet-Hand")  # what live.js writes on the sheet after applying parts


def answer(html: str, loaded: Loaded, page: Behind | None) -> tuple[str, dict[str, str]]:
    """What an htmx request of the sheet gets (its blank lines squeezed): the parts of the sheet a live refresh's
    page lacks, with the version and hand they bring it to; or, when parts are uncertain or no smaller (or it is
    no live refresh that can take them), the whole sheet (no headers)."""
    html = BLANKS.sub("\n", html)  # the sheet holds no <pre> nor <textarea>
    touched = touched_since(loaded, page) if page is not None else None
    found = parts(html, touched) if touched is not None else None
    if found is None or len(found) >= len(html):
        return html, {}
    return found, dict(zip(PAGE_HEADERS, (str(loaded.version), str(loaded.state.current_hand or ""))))


def element(html: str, element_id: str) -> str | None:
    """The element of the sheet with this id, whole (tags of its name inside it are balanced in our templates)."""
    at = html.find(f' id="{element_id}"')
    return element_at(html, at) if at >= 0 else None


def element_at(html: str, at: int) -> str | None:
    """The element whose start tag holds position `at` (its ` id="…"`), whole."""
    start = html.rfind("<", 0, at)
    name = START.match(html, start)
    if name is None:
        return None
    depth = 0
    for tag in re.compile(rf"<(/?){name.group(1)}[\s>]").finditer(html, start):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return html[start:html.index(">", tag.start()) + 1]
    return None


def _partial(target: str, swap: str, content: str) -> str:
    return f'<template hx type="partial" hx-target="#{target}" hx-swap="{swap}">{content}</template>'


def parts(html: str, touched: Touched) -> str | None:
    """The parts of the sheet drawn whole (`html`) that the changes touched, as partials; None when one is
    missing from it (the whole sheet is then sent)."""
    pieces = []
    now = AFTER_A_BID if touched.bid else (NOW,) if touched.entry else AROUND_ENTRY
    for target in (*now, *(f"hand-{number}" for number in sorted(touched.changed)),
                   *(RESCORED if touched.rescored else ())):
        found = element(html, target)
        if found is None:
            if target.startswith("hand-"):
                continue  # a hand without a row (one being entered, in a grid of recorded deals)
            return None
        # the chart is replaced, not morphed: an SVG that morph rebuilds is drawn blank (_chart.html)
        pieces.append(_partial(target, "outerHTML" if target == "chart-box" else "outerMorph", found))
    for found in TOTAL.finditer(html) if touched.retotalled else ():  # the totals alone of rows below a correction
        if int(found.group(2)) in touched.retotalled and (total := element_at(html, found.start())) is not None:
            pieces.append(_partial(found.group(1), "outerMorph", total))
    if touched.added:  # after the row before them, which the page has (a row morphed stays the same element)
        rows = [row for number in touched.added if (row := element(html, f"hand-{number}")) is not None]
        first = touched.added[0]
        if first < 2 or list(touched.added) != list(range(first, first + len(rows))):
            return None
        pieces.append(_partial(f"hand-{first - 1}", "afterend", "".join(rows)))
    return "".join(pieces)
