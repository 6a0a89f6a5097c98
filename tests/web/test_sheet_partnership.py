"""The partnership sheets as the table reads them (issue #18): places that follow the rubber, the classic
grid as a paper whist sheet (the game's score, the games as they are won, a mark for every honour and
penalty), corrections called corrections, and the new-game form that says who plays with whom.

The rubber is tests/tour.py's WHIST_RUBBER, worked out by hand from docs/rules/partnership.md:

    deal  tricks A&C–B&D   recorded                      points      game score   game
    1     6–7              B&D hold 4 honours            0, +4       0–4
    2     3–10                                           0, +1       0–5          game 1 to B&D, worth 3 (A&C had 0)
    3     7–6 → 9–4        B&D revoked, hold 3 honours   +3, +2      3–2
    4     5–8              A&C 2 remarks (3 → 1)         −2, +2      1–4
    5     12–1                                           +4, 0       5–4          game 2 to A&C, worth 1 (B&D had 4)
    6     6–7              A&C hold 4 honours            +3, +1      3–1
    7     4–9                                            0, +3       3–4
    8     8–5                                            +2, 0       5–4          game 3 to A&C, worth 1: the rubber
Rubber points A&C 1 + 1 + 2 − 3 = 1, B&D 0; the deal points add up to 10 and 13: the rubber decides, not they.
"""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

from scorekeeper.families import family_of
from scorekeeper.rules import VARIANTS
from tests import tour
from tests.module_app import api, app, client  # noqa: F401  (one database per module)
from tests.tour import FIVE, WHIST_RUBBER

PLAYERS = FIVE[:4]
# Per deal, per side: the cell's text (tricks, the deal's points, the game's score, the marks).
CELLS = [
    ["6 0 0", "7 +4 4 4 honours +3"],
    ["3 0 0", "10 +1 5"],
    ["7 → 9 +3 3", "6 → 4 +2 2 3 honours +2 revoke"],
    ["5 −2 1 2 remarks −2", "8 +2 4"],
    ["12 +4 5", "1 0 4"],
    ["6 +3 3 4 honours +3", "7 +1 1"],
    ["4 0 3", "9 +3 4"],
    ["8 +2 5", "5 0 4"],
]
# The lines drawn under the games won, above the line: (after deal, label, cells).
LINES = {2: [("Game 1", ["", "game won +3"])], 5: [("Game 2", ["game won +1", ""])],
         8: [("Game 3", ["game won +1", ""]), ("Rubber", ["rubber +2", ""])]}


class Rows(HTMLParser):
    """The rows of the page's score grid (or of the element with `css_class`): [(first cell, [other cells])],
    each cell's text with its white space collapsed; rows of the body, then of the foot."""

    def __init__(self, css_class: str = "grid"):
        super().__init__(convert_charrefs=True)
        self.css_class, self.depth, self.rows, self.cell = css_class, 0, [], None

    def handle_starttag(self, tag, attrs):
        if self.depth:
            self.depth += tag != "input"
        elif self.css_class in (dict(attrs).get("class") or "").split():
            self.depth = 1
        if self.depth and tag == "tr":
            self.rows.append([])
        elif self.depth and tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag):
        if not self.depth:
            return
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(" ".join(" ".join(self.cell).split()))
            self.cell = None
        self.depth -= 1

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def rows_of(html: str, css_class: str = "grid") -> list[tuple[str, list[str]]]:
    parser = Rows(css_class)
    parser.feed(html)
    return [(row[0], row[1:]) for row in parser.rows if row]


def new_rubber(api, deals: int = len(WHIST_RUBBER)) -> tuple[str, str]:
    data = api.game(variant="whist-classico", players=PLAYERS, first_dealer=0)
    game_id, key = data["id"], data["keys"]["scorer"]
    for number, body in enumerate(WHIST_RUBBER[:deals], start=1):
        api.recorded(game_id, key, number, body)
    return game_id, key


def page(client, game_id: str, key: str, suffix: str = "") -> str:
    response = client.get(f"/g/{game_id}/{key}{suffix}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def footer(html: str) -> dict[str, list[str]]:
    """The rows pinned under the grid: {label: values per side}."""
    grid = rows_of(html)
    return {label: cells for label, cells in grid[-3:]}


def test_the_place_row_and_the_result_follow_the_rubber_not_the_deal_points(api, client):
    game_id, key = new_rubber(api)
    game = api.get(game_id, key).get_json()
    assert game["totals"] == [10, 13] and game["rubber"]["winner"] == 0
    html = page(client, game_id, key)
    assert footer(html) == {"Games won": ["2", "1"], "Rubber points": ["1", "0"], "Place": ["1", "2"]}
    # The result: the winners first, each figure named.
    ranking = html[html.index('<ol class="places">'):]
    first, second = ranking.index("Alessandra &amp; Costanza"), ranking.index("Bartolomeo &amp; Domenico")
    assert first < second
    assert "2 games won · 1 rubber point" in ranking and "1 game won · 0 rubber points" in ranking
    assert "1 rubber point: 1 + 1 + 2 − 3 = 1" in html


def test_places_during_the_rubber_follow_the_games_then_the_game_being_played(api, client):
    """Games 1–1; game 3 stands 3–1 for A&C while B&D have more deal points (8 against 10)."""
    game_id, key = new_rubber(api, 6)
    game = api.get(game_id, key).get_json()
    assert game["totals"] == [8, 10] and game["game_score"] == [3, 1]
    assert [(s["seat"], s["place"], s["games_won"], s["rubber_points"]) for s in game["standings"]] == [
        (0, 1, 1, None), (2, 1, 1, None), (1, 2, 1, None), (3, 2, 1, None)]
    assert footer(page(client, game_id, key)) == {"Game 3": ["3", "1"], "Games won": ["1", "1"], "Place": ["1", "2"]}
    game_id, key = new_rubber(api, 5)  # games 1–1, game 3 not started: the rubber is even
    assert footer(page(client, game_id, key))["Place"] == ["1", "1"]


def test_the_classic_grid_is_a_paper_whist_sheet(api, client):
    """Per deal the tricks as played (→ as counted after a revoke), the deal's points and the game's score;
    a mark for every honour and penalty; a line under each game won with its value, and the rubber's 2."""
    game_id, key = new_rubber(api)
    grid = rows_of(page(client, game_id, key))[1:-3]  # the names above, the pinned rows below
    expected = []
    for number, cells in enumerate(CELLS, start=1):
        expected.append(cells)
        expected += [line_cells for _, line_cells in LINES.get(number, [])]
    assert [cells for _, cells in grid] == expected
    labels = [label for label, _ in grid if not label[0].isdigit()]
    assert labels == ["Game 1", "Game 2", "Game 3", "Rubber"]
    html = page(client, game_id, key)
    assert "In each box, below the line: the tricks taken (→ as counted after a revoke), the deal's points, " \
           "the game's score (first to 5)." in html
    assert 'class="chart"' not in html  # no chart of the deal points' running sum: it decides nothing here


def test_a_correction_is_called_a_correction(api, client):
    game_id, key = new_rubber(api, 3)
    sheet = f"/g/{game_id}/{key}"
    form = {"correction": "1", "trump": "S", "tricks-0": "7", "honours": "1-4"}  # deal 1: A&C took 7, not 6
    assert client.post(f"{sheet}/hands/1", data=form).status_code == 303
    html = page(client, game_id, key)
    said = "trump ♠ · tricks Alessandra &amp; Costanza 7, Bartolomeo &amp; Domenico 6 · " \
           "honours Alessandra &amp; Costanza 0, Bartolomeo &amp; Domenico 4"
    assert f'<p class="notice" role="status" data-outcome>Deal 1 corrected: {said}</p>' in html
    assert f"↶ Undo: the correction of deal 1 ({said})" in html
    history = page(client, game_id, key, "/hands/1/history")
    assert f"corrected deal 1: {said}" in history and "recorded the deal · trump ♠" in history
    client.post(f"{sheet}/undo", data={})
    html = page(client, game_id, key)
    assert f"Undone: the correction of deal 1 ({said})." in html and "data-outcome" not in html
    # In Italian too.
    italian = client.get(sheet, headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "Annullato: la correzione della smazzata 1 (briscola ♠ · prese Alessandra" in italian
    italian = client.get(f"{sheet}/hands/1/history", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "ha corretto la smazzata 1: briscola ♠ · prese Alessandra" in italian


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_family_calls_a_correction_a_correction(client, variant):
    """The shared words around a family's own (Undo, the notice, the history): a hand recorded, its turned
    card first where the game has one, is no correction; the same hand sent again is one."""
    def call(method, path, key=None, body=None):
        response = client.open(path, method=method, json=body, headers={"Authorization": f"Bearer {key}"})
        return response.status_code, response.get_json()

    game = tour.play(call, variant, 0)
    game_id, key = game["id"], game["keys"]["scorer"]
    body = tour.DEALS[variant][0] if variant in tour.DEALS else tour._predictions_hand(game["game"], 1)
    if family_of(VARIANTS[variant]).scored_by and "trump" in body:  # the turned card first, alone: no score yet
        assert call("PUT", f"/api/v1/games/{game_id}/hands/1", key, {"trump": body["trump"]})[0] == 200
    assert call("PUT", f"/api/v1/games/{game_id}/hands/1", key, body)[0] == 200
    html = page(client, game_id, key)
    assert "correction" not in html and "data-outcome" not in html
    assert call("PUT", f"/api/v1/games/{game_id}/hands/1", key, body)[0] == 200  # the same again: a correction
    html = page(client, game_id, key)
    hand = "hand 1" if VARIANTS[variant].family == "predictions" else "deal 1"
    assert f"↶ Undo: the correction of {hand} (" in html
    assert f"data-outcome>{hand.capitalize()} corrected: " in html
    history = page(client, game_id, key, "/hands/1/history")
    assert history.count(f"corrected {hand}: ") == 1 and "recorded the" in history


def test_the_finished_rubber_and_a_correction_in_italian(api, client):
    """The pages tests/tour.py does not show (tests/web/test_every_page_italian.py's check): the result, the
    rubber's line and points, the correction's notice, Undo and history."""
    from tests.web.test_every_page_italian import english_phrases, shown, untranslated
    game_id, key = new_rubber(api)
    api.recorded(game_id, key, 1, {"trump": "C"})  # a correction: the sheet says so
    phrases, seen = english_phrases(), {}
    for suffix in ("", "/hands/1/history"):
        html = client.get(f"/g/{game_id}/{key}{suffix}", headers={"Accept-Language": "it"}).get_data(as_text=True)
        seen[suffix] = shown(html)
        assert 'lang="it"' in html and not untranslated(seen[suffix], phrases), suffix
    assert "Rubber vinto da Alessandra & Costanza" in seen[""] and "Smazzata 1 corretta: briscola ♣" in seen[""]
    assert "Punti di rubber 1 0" in seen[""] and "2 partite vinte · 1 punto di rubber" in seen[""]
    assert "ha corretto la smazzata 1: briscola ♣" in seen["/hands/1/history"]


def test_the_new_game_form_says_who_plays_with_whom_and_shows_no_empty_options(client):
    dummy = client.get("/new?variant=whist-morto").get_data(as_text=True)
    assert "Players 1 and 3 are partners, against players 2 and 4." in dummy
    assert "<legend>Options</legend>" not in dummy  # whist-morto has none
    classic = client.get("/new?variant=whist-classico").get_data(as_text=True)
    assert "Players 1 and 3 are partners" in classic and "<legend>Options</legend>" in classic
    wist = client.get("/new?variant=wist").get_data(as_text=True)
    assert "partners" not in wist and "<legend>Options</legend>" in wist
