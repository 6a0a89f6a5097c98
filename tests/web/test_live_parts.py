"""What a live refresh answers (#22): the parts that changed for a page that says its version and hand, the
whole sheet for an old page, a page far behind or after an undo; the chart drawn on its own address.

Wist, Anna Bruno Carla Dario, Anna deals hand 1 (13 cards each): Bruno bids first.
"""
from __future__ import annotations

import re

import pytest
from jinja2_fragments.flask import template_block_rendered

from scorekeeper.web.game.sheet_parts import MAX_BEHIND
from tests.contract.partials import Node, find, parse

REFRESH = {"HX-Request": "true", "X-Live-Refresh": "1"}


def refresh(client, game, version: int, hand: str | None = "1"):
    headers = {**REFRESH, "X-Sheet-Version": str(version)}
    if hand is not None:
        headers["X-Sheet-Hand"] = hand
    return client.get(f"/g/{game['id']}/{game['keys']['view']}", headers=headers)


def targets(answer) -> list[str]:
    return re.findall(r'<template hx type="partial" hx-target="#([^"]+)"', answer.get_data(as_text=True))


def test_a_bid_sends_the_entry_and_its_row(client, api):
    game = api.game()
    assert api.bid(game["id"], game["keys"]["scorer"], 1, 1, 0).status_code == 200
    whole, parts = refresh(client, game, 1, hand=None), refresh(client, game, 1)
    assert "X-Sheet-Version" not in whole.headers and 'data-version="2"' in whole.get_data(as_text=True)
    assert (parts.headers["X-Sheet-Version"], parts.headers["X-Sheet-Hand"]) == ("2", "1")
    # the entry but its heading, no totals, no chart: the bid scored nothing
    assert targets(parts) == ["now-top", "entry-play", "now-end", "hand-1"]
    assert len(parts.data) < len(whole.data) / 3
    row = re.search(r'<tr class="current"[^>]*id="hand-1">.*?</tr>', parts.get_data(as_text=True), re.S).group(0)
    assert '<span class="cell-bid">0</span>' in row


def test_tricks_send_the_totals_and_the_chart_which_a_sheet_draws_in_view(client, api):
    game = api.game()
    api.recorded(game["id"], game["keys"]["scorer"], 1, {"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]})
    parts = refresh(client, game, 1)
    assert targets(parts) == ["now", "hand-1", "hand-2", "grid-foot", "chart-box"]
    box = re.search(r'<div id="chart-box".*?</div>', parts.get_data(as_text=True), re.S).group(0)
    assert 'hx-get="/g/{}/{}/chart"'.format(game["id"], game["keys"]["view"]) in box and "<svg" not in box
    chart = client.get(f"/g/{game['id']}/{game['keys']['view']}/chart").get_data(as_text=True)
    assert chart.lstrip().startswith('<figure class="chart">') and "<polyline" in chart


def test_a_correction_sends_its_row_and_the_running_totals_alone_of_the_rows_below(client, api):
    """Hand 1 corrected with hands 2 and 3 scored: its row whole, the totals of rows 2 and 3 (each its own element,
    read after the word "total"), the foot and the chart; not the entry of hand 4, not rows 2 and 3 whole."""
    game = api.game()
    scorer = game["keys"]["scorer"]
    for number, tricks in ((1, [3, 3, 3, 4]), (2, [4, 3, 3, 3]), (3, [3, 4, 3, 3])):
        api.recorded(game["id"], scorer, number, {"bids": [3, 3, 3, 3], "tricks": tricks})
    api.recorded(game["id"], scorer, 1, {"tricks": [4, 3, 3, 3]})  # Anna took the trick Dario had: 14 and 4
    parts = refresh(client, game, 4, hand="4")
    expected = [f"total-{number}-{seat}" for number in (2, 3) for seat in range(4)]
    assert targets(parts) == ["now-top", "now-end", "hand-1", "grid-foot", "chart-box", *expected]
    text = parts.get_data(as_text=True)
    assert '<span class="cell-total" id="total-3-0">21</span>' in text  # Anna: 4 + 4 + 13 (3 made in hand 3)
    assert '<span class="cell-total" id="total-3-3">39</span>' in text  # Dario: 13 + 13 + 13 (his 4 moved to Anna)
    whole = client.get(f"/g/{game['id']}/{game['keys']['view']}").get_data(as_text=True)
    assert re.search(r'<span class="visually-hidden">bid 3, took 4, 4 points, total</span>.*?'
                     r'<span class="cell-total" id="total-1-0">4</span>', whole, re.S)


def test_the_whole_sheet_after_an_undo_at_the_end_or_far_behind(client, api):
    game = api.game()
    scorer = game["keys"]["scorer"]
    api.bid(game["id"], scorer, 1, 1, 0)
    assert api.undo(game["id"], scorer).status_code == 200
    assert "X-Sheet-Version" not in refresh(client, game, 2).headers  # the undo may take a row away
    assert "X-Sheet-Version" not in refresh(client, game, 2, hand="").headers  # the page showed the game over
    for _ in range(MAX_BEHIND + 1):
        api.bid(game["id"], scorer, 1, 1, 0)
    assert "X-Sheet-Version" not in refresh(client, game, 3).headers
    assert "X-Sheet-Version" in refresh(client, game, 4).headers


def elements(answer: str) -> list[tuple[str, Node]]:
    """Each element a refresh sends, with the id it must match in the whole sheet (an element put after a row
    is matched by its own id)."""
    sent = []
    for part in parse(answer).children:
        if isinstance(part, Node):
            for child in part.children:
                if isinstance(child, Node):
                    target = part.attrs["hx-target"].removeprefix("#")
                    sent.append((child.attrs["id"] if part.attrs["hx-swap"] == "afterend" else target, child))
    return sent


@pytest.mark.parametrize("link", ["scorer", "seat 0", "seat 1", "view"])
def test_each_part_is_the_element_of_the_whole_sheet_for_the_same_link(client, api, link):
    """A sealed round (Kachuful, 3 players): Bruno's bid in on his phone. Each part sent to the scorer, to Anna
    (who must not see it), to Bruno (who sees his own) and to the table view is that link's whole sheet's element
    with the same id, and Bruno's 1 is on his phone alone."""
    game = api.game(variant="kachuful", players=["Anna", "Bruno", "Carla"], options={"sealed": True})
    assert api.bid(game["id"], game["keys"]["seats"][1], 1, 1, 1).status_code == 200
    key = game["keys"]["seats"][int(link[-1])] if link.startswith("seat") else game["keys"][link]
    parts = refresh(client, {**game, "keys": {"view": key}}, 1)
    whole = parse(refresh(client, {**game, "keys": {"view": key}}, 1, hand=None).get_data(as_text=True))
    sent = elements(parts.get_data(as_text=True))
    assert [target for target, _ in sent] == ["now-top", "entry-play", "now-end", "hand-1"]
    for target, element in sent:
        parent, index = find(whole, target)
        assert element.html() == parent.children[index].html(), target
    row = next(element for target, element in sent if target == "hand-1").html()
    assert ('<span class="cell-bid">1</span>' in row) == (link == "seat 1")


def test_a_refresh_draws_its_parts_not_the_whole_sheet(app, client, api, monkeypatch):
    """A part refresh renders the blocks it sends; the sheet is drawn whole only for a page that cannot take
    parts. Counted at the template: the whole sheet's block, and the blocks drawn alone."""
    sheet = app.jinja_env.get_template("sheet.html")
    drawn = {"sheet": 0}
    whole = sheet.blocks["sheet"]

    def counted(context):
        drawn["sheet"] += 1
        return whole(context)

    monkeypatch.setitem(sheet.blocks, "sheet", counted)
    blocks = []
    game = api.game()
    assert api.bid(game["id"], game["keys"]["scorer"], 1, 1, 0).status_code == 200
    with template_block_rendered.connected_to(lambda _, **sent: blocks.append(sent["block_name"])):
        assert targets(refresh(client, game, 1)) == ["now-top", "entry-play", "now-end", "hand-1"]
    assert drawn["sheet"] == 0
    assert blocks == ["now_top", "entry_play", "now_end", "hand_row"]
    assert 'data-version="2"' in refresh(client, game, 1, hand=None).get_data(as_text=True)
    assert drawn["sheet"] == 1 and len(blocks) == 4
