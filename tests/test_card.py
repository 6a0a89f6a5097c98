"""The results card's layout (formats/card.py) on real standings: the source's example of RULES.md (Tizio and
Caio 174 with 8 table points each, Isacco 156 → 3, Sempronio 156 → 1) and an evening of 60."""
from __future__ import annotations

from scorekeeper.formats import card

EXAMPLE = [card.CardRow(1, "Tizio", "8 pt · 174"), card.CardRow(1, "Caio", "8 pt · 174"),
           card.CardRow(3, "Isacco", "3 pt · 156"), card.CardRow(4, "Sempronio", "1 pt · 156")]


def more(n: int) -> str:
    return f"+{n} more"


def texts(drawn: card.Card) -> list[str]:
    return [text.text for text in drawn.texts]


def test_four_players_all_shown_under_their_podium():
    drawn = card.layout("Torneo del circolo", "26 novembre 2026", "Classifica finale", EXAMPLE, "Segnapunti", more)
    assert (drawn.shown, drawn.more) == (4, 0)
    assert texts(drawn) == ["Torneo del circolo", "26 novembre 2026",
                            "1.", "Tizio", "8 pt · 174", "1.", "Caio", "8 pt · 174", "3.", "Isacco", "3 pt · 156",
                            "Classifica finale",
                            "1.", "Tizio", "8 pt · 174", "1.", "Caio", "8 pt · 174", "3.", "Isacco", "3 pt · 156",
                            "4.", "Sempronio", "1 pt · 156", "Segnapunti"]
    podium = [t for t in drawn.texts if t.size == card.PODIUM]
    assert [t.text for t in podium] == ["1.", "Tizio", "1.", "Caio", "3.", "Isacco"]
    assert all(t.anchor == "ra" and t.x == card.WIDTH - card.MARGIN for t in drawn.texts if "pt ·" in t.text)
    assert drawn.height < 1100


def test_sixty_players_end_with_how_many_more():
    rows = [card.CardRow(n, name, f"{61 - n} pt · {300 - n}") for n, name in enumerate(
        ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda"] * 12, start=1)]
    drawn = card.layout("Serata", "26 novembre 2026", "Classifica finale", rows, "Segnapunti", more)
    assert drawn.shown + drawn.more == 60 and drawn.more > 0
    assert f"+{drawn.more} more" in texts(drawn)
    assert drawn.height <= card.MAX_HEIGHT
    assert max(t.y for t in drawn.texts) + card.FOOTER < drawn.height


def test_hostile_and_long_names_are_cut_and_drawable():
    rows = [card.CardRow(1, "W" * 200, "10 pt · 99"), card.CardRow(2, "Niccolò\u200b\x07 ⅓ Łukasz 中", "6 pt · 80"),
            card.CardRow(3, "=HYPERLINK(\"x\")", "3 pt · 10")]
    drawn = card.layout("—" * 100, "", "Standings", rows, "Segnapunti — score sheets", more)
    names = [t for t in drawn.texts if t.x == card.MARGIN + 80]
    assert names[0].text.endswith("…") and names[0].text.startswith("WWW")
    assert card.font(card.ROW).getlength(names[0].text) < card.WIDTH - 2 * card.MARGIN
    # an Italian name whole; the letters the font lacks plain, or "?"; the control and the zero-width space gone
    assert names[1].text == "Niccolò 1/3 Lukasz ?"
    assert names[2].text == "=HYPERLINK(\"x\")"  # an image runs nothing: drawn as written
    assert drawn.texts[0].text.startswith("———") and drawn.texts[0].text.endswith("…")
    assert drawn.texts[-1].text == "Segnapunti — score sheets"
    assert card.render(drawn)[:8] == b"\x89PNG\r\n\x1a\n"
