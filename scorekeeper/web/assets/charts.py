"""Inline SVG charts drawn on the server (no JavaScript): a sheet's running totals, and the small bars,
place counts and sparklines of the statistics page. Only geometry here; the templates draw it.

Colour-blind safe: the series take the Okabe–Ito colours (the stylesheet's `.series-N`, lighter in
dark mode), and each line also has its own dash pattern and marker shape, so that no line is told
apart by colour alone.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from ...store.turns import taking_turns

SERIES = 5  # .series-0 … .series-4 in app.css; then they come round again
DASHES = ("", "8 4", "2 3", "10 3 2 3", "5 2 1 2")
MARKERS = ("circle", "square", "triangle", "diamond", "cross")


@dataclass
class Tick:
    at: float  # where along its axis
    label: str
    text_at: float  # where its label goes: beside a y tick (centred on it), below an x tick


@dataclass
class ChartLine:
    name: str
    series: int  # the colour, dash and marker it takes
    dash: str
    points: str  # SVG polyline points
    marker: str  # an SVG path: its shape at the last point
    swatch: str  # the same shape in the legend's 24 × 12 sample
    total: int


@dataclass
class Chart:
    width: int
    height: int
    left: float  # the plot area
    right: float
    top: float
    bottom: float
    x_ticks: list
    y_ticks: list
    zero_y: float
    lines: list
    x_title: str
    title: str = ""  # the drawing's name, description and y axis: the running totals' when empty
    desc: str = ""
    y_title: str = ""

    @property
    def y_labels_x(self) -> float:
        return self.left - 4

    @property
    def x_tick_end(self) -> float:
        return self.bottom + 4

    @property
    def x_title_y(self) -> float:
        return self.height - 3


def nice_step(span: float, count: int) -> int:
    """A whole step of 1, 2 or 5 times a power of ten giving about `count` steps over `span`."""
    raw = max(span / count, 1)
    power = 10 ** math.floor(math.log10(raw))
    return next(int(m * power) for m in (1, 2, 5, 10) if m * power >= raw)


def marker(shape: str, x: float, y: float, r: float = 4) -> str:
    """The path of a marker shape centred on (x, y)."""
    if shape == "circle":
        return f"M{x - r},{y} a{r},{r} 0 1,0 {2 * r},0 a{r},{r} 0 1,0 {-2 * r},0 Z"
    if shape == "square":
        return f"M{x - r},{y - r} h{2 * r} v{2 * r} h{-2 * r} Z"
    if shape == "triangle":
        return f"M{x},{y - r * 1.2} L{x + r * 1.1},{y + r * 0.8} L{x - r * 1.1},{y + r * 0.8} Z"
    if shape == "diamond":
        return f"M{x},{y - r * 1.3} L{x + r},{y} L{x},{y + r * 1.3} L{x - r},{y} Z"
    return f"M{x - r},{y - r} L{x + r},{y + r} M{x + r},{y - r} L{x - r},{y + r}"  # a cross


def running_totals(names: list[str], series: list[tuple[int, ...]], planned: int | None, x_title: str,
                   width: int = 320, height: int = 200) -> Chart | None:
    """The running totals after each scored hand as lines, one per column (player or side), from 0 at
    hand 0; None until a hand is scored. A game of open length is drawn over the hands played so far."""
    if not series:
        return None
    return _lines(names, [(0,) * len(names), *series], max(1, planned or 0, len(series)), x_title, 0, width, height)


def rating_history(name: str, values: list[int], x_title: str, title: str, desc: str, y_title: str) -> Chart | None:
    """One player's shown rating before their first game and after each, as one line over a scale that needs not
    reach 0 (a rating is about 1000); None before any game."""
    if len(values) < 2:
        return None
    chart = _lines([name], [(value,) for value in values], len(values) - 1, x_title, values[0])
    return dataclasses.replace(chart, title=title, desc=desc, y_title=y_title)


def _lines(names: list[str], series: list[tuple[int, ...]], hands: int, x_title: str, base: int,
           width: int = 320, height: int = 200) -> Chart:
    """Lines over `hands` steps from the first row of `series`, on a scale that always shows `base`."""
    lowest = min(base, *(min(t) for t in series))
    highest = max(base, *(max(t) for t in series))
    step = nice_step(max(highest, base + 1) - lowest, 4)
    low = math.floor(lowest / step) * step
    high = max(base + step, math.ceil(highest / step) * step)
    left, right, top, bottom = 38.0, width - 12.0, 22.0, height - 34.0

    def x(hand: float) -> float:
        return round(left + hand * (right - left) / hands, 1)

    def y(value: float) -> float:
        return round(bottom - (value - low) * (bottom - top) / (high - low), 1)

    lines = []
    for column, name in enumerate(names):
        nudge = (column - (len(names) - 1) / 2) * 1.5  # equal totals: lines side by side, not hidden
        points = [(x(i), round(y(totals[column]) + nudge, 1)) for i, totals in taking_turns(enumerate(series))]
        kind = column % SERIES
        lines.append(ChartLine(name=name, series=kind, dash=DASHES[kind],
                               points=" ".join(f"{px},{py}" for px, py in points),
                               marker=marker(MARKERS[kind], *points[-1]), swatch=marker(MARKERS[kind], 12, 6, 3.5),
                               total=series[-1][column]))
    every = nice_step(hands, 6)
    return Chart(width=width, height=height, left=left, right=right, top=top, bottom=bottom,
                 x_ticks=[Tick(x(n), str(n), bottom + 15) for n in range(0, hands + 1, every)],
                 y_ticks=[Tick(y(v), str(v), y(v) + 3.5) for v in range(low, high + 1, step)],
                 zero_y=y(base), lines=lines, x_title=x_title)


# -- the statistics page's small charts ---------------------------------------------------------------
@dataclass
class Bar:
    share: float  # 0–1
    width: float  # of the filled part, out of 100


def bar(part: int, whole: int) -> Bar | None:
    """A share as a bar of 100 units; None without a whole to share."""
    if not whole:
        return None
    return Bar(part / whole, round(100 * part / whole, 1))


@dataclass
class Column:
    place: int
    count: int
    x: float
    y: float
    width: float
    height: float
    middle: float  # where its place number goes


def places(counts: dict[int, int], most: int, width: int = 60, height: int = 24) -> list[Column]:
    """How often a player finished 1st, 2nd, …, `most`-th, as columns (1st on the left)."""
    top = max(counts.values(), default=0) or 1
    slot = width / most
    columns = []
    for place in range(1, most + 1):
        tall = round((height - 2) * counts.get(place, 0) / top, 1)
        x = round((place - 1) * slot + 1, 1)
        columns.append(Column(place, counts.get(place, 0), x, round(height - tall, 1), round(slot - 2, 1), tall,
                              round(x + (slot - 2) / 2, 1)))
    return columns


@dataclass
class Spark:
    points: str
    last: tuple  # (x, y) of the latest value
    zero_y: float | None  # the zero line, when zero is in range


def sparkline(values: list[int], width: int = 80, height: int = 24) -> Spark | None:
    """A player's totals game after game as a small line; None with fewer than two games."""
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    span = (high - low) or 1
    pad = 3

    def y(value):
        return round(height - pad - (value - low) * (height - 2 * pad) / span, 1)

    step = (width - 2 * pad) / (len(values) - 1)
    points = [(round(pad + i * step, 1), y(v)) for i, v in enumerate(values)]
    return Spark(" ".join(f"{px},{py}" for px, py in points), points[-1], y(0) if low < 0 < high else None)
