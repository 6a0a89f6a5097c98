"""The results card (#21): a PNG a player sends to the group chat — the title, the date, the final standings
under their columns' labels ("table points", "score"), the first three large (the podium) and the others below,
each player once (#35; as many rows as fit, then "+N more"), the app's name.

Drawn in Noto Sans, its Latin subset (formats/fonts, from the npm registry's @fontsource/noto-sans, SIL Open
Font License): every letter of Italian and Western European names (Niccolò, Zoë, Müller). A letter it lacks is
drawn as its plain form ("Łukasz" → "Lukasz", "⅓" → "1/3") or "?", never as an empty box. `layout` decides every
line from the texts alone (tested); `render` only draws it.
"""
from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Callable

from PIL import Image, ImageDraw, ImageFont

WIDTH = 1080
MAX_HEIGHT = 1920  # a phone screen's height: taller cards are shrunk to nothing in a chat
MARGIN = 64
GREEN, INK, MUTED, PAPER, RULE = "#1a5e3f", "#111111", "#555555", "#ffffff", "#d0d0d0"
TITLE, DATE, PODIUM, ROW, FOOTER, LABEL = 60, 34, 50, 34, 30, 26  # font sizes in pixels
ROW_STEP, PODIUM_STEP = 50, 78
COLUMN_GAP = 32
FONT = Path(__file__).parent / "fonts" / "noto-sans-latin-400-normal.woff"
PLAIN = {"\u2044": "/", "Ł": "L", "ł": "l", "Đ": "D", "đ": "d"}  # a letter the font lacks, beyond NFKD


@dataclass(frozen=True)
class CardRow:
    place: int
    name: str
    figures: tuple[str, ...]  # ("10", "213"): one per column, right-aligned under the column's label


@dataclass(frozen=True)
class Text:
    x: int
    y: int
    text: str
    size: int
    fill: str
    anchor: str = "la"  # Pillow's anchors: "la" left, "ra" right-aligned at x


@dataclass(frozen=True)
class Card:
    height: int
    band: int  # the height of the green band under the title
    texts: list[Text]
    rules: list[int]  # y of the thin lines between sections
    shown: int  # rows of the standings drawn
    more: int  # rows left out ("+N more")


@cache
def font(size: int):
    return ImageFont.truetype(FONT, size)


@cache
def _missing(size: int) -> bytes:
    return bytes(font(size).getmask("\uffff"))  # the box drawn for a letter the font lacks


@cache
def _drawable(char: str, size: int) -> str:
    if char.isspace():
        return " "
    if not unicodedata.category(char).startswith(("L", "N", "P", "S")):
        return ""  # controls, joiners, combining marks alone: nothing to draw
    if bytes(font(size).getmask(char)) != _missing(size):
        return char
    plain = "".join(PLAIN.get(c, c) for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    if plain and plain != char and all(bytes(font(size).getmask(c)) != _missing(size) for c in plain):
        return plain
    return "?"


def drawable(text: str, size: int) -> str:
    """`text` as the font can draw it: each letter it lacks as its plain form, or "?"."""
    return "".join(_drawable(char, size) for char in text)


def fit(text: str, size: int, width: int) -> str:
    """The drawable text, cut with "…" to at most `width` pixels."""
    text = drawable(text, size)
    if font(size).getlength(text) <= width:
        return text
    while text and font(size).getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _columns(labels: tuple[str, ...], rows: list[CardRow]) -> list[int]:
    """The right edge of each column of figures: the last at the margin, each as wide as its label or its widest
    figure (in the rows' size, which the podium's figures share)."""
    widths = [max(font(LABEL).getlength(fit(label, LABEL, WIDTH // 4)),
                  *(font(ROW).getlength(fit(row.figures[i], ROW, WIDTH // 4)) for row in rows))
              for i, label in enumerate(labels)]
    edges, right = [], WIDTH - MARGIN
    for width in reversed(widths):
        edges.insert(0, right)
        right -= int(width) + COLUMN_GAP
    return edges


def _row(row: CardRow, y: int, size: int, indent: int, place: str, edges: list[int]) -> list[Text]:
    """A standings row: its place, its name cut to the room the figures on the right leave, the figures."""
    room = (edges[0] if edges else WIDTH - MARGIN) - COLUMN_GAP - MARGIN - indent
    return [Text(MARGIN, y, f"{row.place}.", size, place),
            Text(MARGIN + indent, y, fit(row.name, size, room), size, INK),
            *(Text(edge, y + (size - ROW) // 2, fit(figure, ROW, WIDTH // 4), ROW, INK, "ra")
              for edge, figure in zip(edges, row.figures))]


def layout(title: str, day: str, heading: str, columns: tuple[str, ...], rows: list[CardRow], footer: str,
           more: Callable[[int], str]) -> Card:
    """Every text's place: the heading with each column's label over its figures, the podium (the first three
    rows, large), then the other rows that fit under MAX_HEIGHT, each player once; the rows left out become one
    "+N more" line (`more(n)` says it in the reader's language)."""
    inner = WIDTH - 2 * MARGIN
    band = 196
    edges = _columns(columns, rows)
    texts = [Text(MARGIN, 48, fit(title, TITLE, inner), TITLE, PAPER),
             Text(MARGIN, 128, fit(day, DATE, inner), DATE, PAPER)]
    y = band + 36
    texts.append(Text(MARGIN, y, fit(heading, DATE, (edges[0] if edges else WIDTH) - 2 * MARGIN - COLUMN_GAP), DATE,
                      MUTED))
    texts += [Text(edge, y + DATE - LABEL, fit(label, LABEL, WIDTH // 4), LABEL, MUTED, "ra")
              for edge, label in zip(edges, columns)]
    y += ROW_STEP + 10
    for row in rows[:3]:
        texts += _row(row, y, PODIUM, 90, GREEN, edges)
        y += PODIUM_STEP
    rest = rows[3:]
    lines = [y - 8] if rest else []
    y += 16
    bottom = MAX_HEIGHT - 80 - FOOTER  # the rows end here: the footer and its line fit under
    fitting = max(0, (bottom - y) // ROW_STEP)
    shown = len(rest) if len(rest) <= fitting else max(0, fitting - 1)
    for row in rest[:shown]:
        texts += _row(row, y, ROW, 80, MUTED, edges)
        y += ROW_STEP
    if shown < len(rest):
        texts.append(Text(MARGIN + 80, y, fit(more(len(rest) - shown), ROW, inner - 80), ROW, MUTED))
        y += ROW_STEP
    lines.append(y + 10)
    y += 40
    texts.append(Text(MARGIN, y, fit(footer, FOOTER, inner), FOOTER, GREEN))
    shown += min(3, len(rows))
    return Card(y + FOOTER + 40, band, texts, lines, shown, len(rows) - shown)


def render(card: Card) -> bytes:
    """The card as PNG bytes."""
    image = Image.new("RGB", (WIDTH, card.height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, card.band), fill=GREEN)
    for y in card.rules:
        draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=RULE, width=2)
    for text in card.texts:
        draw.text((text.x, text.y), text.text, font=font(text.size), fill=text.fill, anchor=text.anchor)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
