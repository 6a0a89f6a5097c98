"""The results card's layout (formats/card.py) on real standings: the source's example of RULES.md (Tizio and
Caio 174 with 8 table points each, Isacco 156 → 3, Sempronio 156 → 1) and an evening of 60."""
from __future__ import annotations

from scorekeeper.formats import card

EXAMPLE = [card.CardRow(1, "Tizio", ("8", "174")), card.CardRow(1, "Caio", ("8", "174")),
           card.CardRow(3, "Isacco", ("3", "156")), card.CardRow(4, "Sempronio", ("1", "156"))]
COLUMNS = ("table points", "score")


def more(n: int) -> str:
    return f"+{n} more"


def texts(drawn: card.Card) -> list[str]:
    return [text.text for text in drawn.texts]


def test_four_players_each_once_the_podium_large_every_number_under_its_label():
    drawn = card.layout("Torneo del circolo", "26 novembre 2026", "Classifica finale", COLUMNS, EXAMPLE, "Segnapunti",
                        more)
    assert (drawn.shown, drawn.more) == (4, 0)
    assert texts(drawn) == ["Torneo del circolo", "26 novembre 2026",
                            "Classifica finale", "table points", "score",
                            "1.", "Tizio", "8", "174", "1.", "Caio", "8", "174", "3.", "Isacco", "3", "156",
                            "4.", "Sempronio", "1", "156", "Segnapunti"]
    podium = [t for t in drawn.texts if t.size == card.PODIUM]
    assert [t.text for t in podium] == ["1.", "Tizio", "1.", "Caio", "3.", "Isacco"]
    by_text = {t.text: t for t in drawn.texts}
    score, points = by_text["score"], by_text["table points"]
    assert score.anchor == points.anchor == "ra" and score.x == card.WIDTH - card.MARGIN > points.x
    figures = [t for t in drawn.texts if t.text.isdigit()]
    assert {t.x for t in figures[1::2]} == {score.x} and {t.x for t in figures[::2]} == {points.x}
    assert all(t.anchor == "ra" for t in figures)
    assert drawn.height < 1000


def test_a_game_card_has_one_column_its_score():
    rows = [card.CardRow(1, "Anna & Carla", ("9",)), card.CardRow(2, "Bruno & Dario", ("7",))]
    drawn = card.layout("Whist with dummy", "", "Final standings", ("final score",), rows, "Segnapunti", more)
    assert texts(drawn) == ["Whist with dummy", "", "Final standings", "final score", "1.", "Anna & Carla", "9",
                            "2.", "Bruno & Dario", "7", "Segnapunti"]


def test_sixty_players_end_with_how_many_more():
    rows = [card.CardRow(n, name, (str(61 - n), str(300 - n))) for n, name in enumerate(
        ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda"] * 12, start=1)]
    drawn = card.layout("Serata", "26 novembre 2026", "Classifica finale", COLUMNS, rows, "Segnapunti", more)
    assert drawn.shown + drawn.more == 60 and drawn.more > 0
    assert f"+{drawn.more} more" in texts(drawn)
    assert drawn.height <= card.MAX_HEIGHT
    assert max(t.y for t in drawn.texts) + card.FOOTER < drawn.height


def test_hostile_and_long_names_are_cut_and_drawable():
    rows = [card.CardRow(1, "W" * 200, ("10", "99")), card.CardRow(2, "Niccolò\u200b\x07 ⅓ Łukasz 中", ("6", "80")),
            card.CardRow(3, "=HYPERLINK(\"x\")", ("3", "10"))]
    drawn = card.layout("—" * 100, "", "Standings", COLUMNS, rows, "Segnapunti — score sheets", more)
    names = [t for t in drawn.texts if t.size == card.PODIUM and not t.text.endswith(".")]
    assert names[0].text.endswith("…") and names[0].text.startswith("WWW")
    assert card.font(card.PODIUM).getlength(names[0].text) < card.WIDTH - 2 * card.MARGIN
    # an Italian name whole; the letters the font lacks plain, or "?"; the control and the zero-width space gone
    assert names[1].text == "Niccolò 1/3 Lukasz ?"
    assert names[2].text == "=HYPERLINK(\"x\")"  # an image runs nothing: drawn as written
    assert drawn.texts[0].text.startswith("———") and drawn.texts[0].text.endswith("…")
    assert drawn.texts[-1].text == "Segnapunti — score sheets"
    assert card.render(drawn)[:8] == b"\x89PNG\r\n\x1a\n"
