"""The running-totals chart of every family's sheet: labelled axes with tick values, and each line its
own colour, dash pattern and marker (tests/browser/test_stats.py looks at them at 360 px)."""
from __future__ import annotations

import re

import pytest

from scorekeeper.web.assets.charts import DASHES, MARKERS, nice_step, running_totals
from tests.conftest import PLAYERS4
from tests.stats.games import SOLO
from tests.web.test_stats_pages import played, wist_hands

PIQUET_DEAL = {"carte_blanche": [False, False], "point": [0, 5], "sequences": [0, 0], "sets": [0, 0],
               "trick_winners": [0] * 7 + [1] * 5}
GAMES = {  # variant, hands, players, the x axis, the lines, the latest totals
    "wist": ("wist", wist_hands(), PLAYERS4, "Hands", 4, ["10", "120", "52", "115"]),
    # classic Whist draws none: the sum of its deal points decides nothing (tests/web/test_sheet_partnership.py)
    "morto": ("whist-morto", [{"trump": "NT", "tricks": t} for t in ([8, 5], [4, 9], [7, 6], [6, 7])], PLAYERS4,
              "Deals", 2, ["4", "6"]),
    "solo": ("solo-whist", SOLO, PLAYERS4, "Deals", 4, ["31", "-25", "-3", "-3"]),
    "piquet": ("piquet", [PIQUET_DEAL], ["Anna", "Bruno"], "Deals", 2, None),
}


@pytest.mark.parametrize("name", GAMES)
def test_every_family_has_a_chart_with_axes_and_distinct_lines(client, api, name):
    variant, hands, players, x_title, count, totals = GAMES[name]
    game = played(api, client, variant, hands, players)
    page = client.get(f"/g/{game['id']}/{game['keys']['scorer']}").get_data(as_text=True)
    chart = page.split('<figure class="chart">')[1].split("</figure>")[0]
    assert f"{x_title} →" in chart and "Points ↑" in chart and "<title>Running totals</title>" in chart
    assert " id=" not in chart  # htmx's morph would rebuild an SVG holding ids as HTML: a blank chart
    assert len(re.findall(r'class="tick">', chart)) >= 5
    lines = re.findall(r'<polyline points="[^"]+" class="line s(\d)" fill="none" stroke-width="2.5"'
                       r'(?: stroke-dasharray="([^"]+)")?', chart)
    assert len(lines) == count
    assert len({series for series, _ in lines}) == count and len({dash for _, dash in lines}) == count
    if totals:
        assert re.findall(r"</svg>[^<]+<strong>(-?\d+)</strong>", chart) == totals


def test_solo_goes_below_zero_with_its_ticks():
    """Totals from −25 to 31: ticks every 20 from −40 to 40, and the zero line between."""
    chart = running_totals(["A", "B"], [(18, -6), (26, -30), (31, -25)], None, "Deals")
    assert [tick.label for tick in chart.y_ticks] == ["-40", "-20", "0", "20", "40"]
    assert chart.y_ticks[2].at == chart.zero_y and chart.top < chart.zero_y < chart.bottom
    assert [tick.label for tick in chart.x_ticks] == ["0", "1", "2", "3"]
    assert [line.dash for line in chart.lines] == list(DASHES[:2]) and MARKERS[0] == "circle"


def test_a_long_game_keeps_a_few_ticks_along_x():
    chart = running_totals(["A"], [(n,) for n in range(1, 26)], 26, "Hands")
    assert [tick.label for tick in chart.x_ticks] == ["0", "5", "10", "15", "20", "25"]
    assert running_totals(["A"], [], 8, "Hands") is None


@pytest.mark.parametrize("span, count, step", [(1, 4, 1), (7, 4, 2), (56, 4, 20), (120, 4, 50), (300, 4, 100),
                                               (26, 6, 5), (8, 6, 2), (0, 4, 1)])
def test_nice_steps(span, count, step):
    assert nice_step(span, count) == step
