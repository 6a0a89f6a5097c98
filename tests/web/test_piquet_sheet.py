"""Piquet's deal form on the score sheet (without JavaScript): declarations no pack can deal are refused
beside the form, which keeps what was ticked (#17)."""
from __future__ import annotations

import re

import pytest

from tests.module_app import api, app, client  # noqa: F401  (one database per module)

TRICKS = ",".join(["0"] * 6 + ["1"] * 6)


def deal_form(game: dict) -> str:
    return f"/g/{game['id']}/{game['keys']['scorer']}/hands/1"


def entry_form(page: str) -> str:
    """The deal form of the page (its error, its declarations)."""
    return re.search(r'<form method="get"[^>]*class="deal-form piquet-form">(.*?)</form>', page, re.S).group(1)


@pytest.mark.parametrize("form, text, kept", [
    ({"cb-0": "on", "cb-1": "on"},
     "Both players cannot hold a carte blanche: only 20 cards are not kings, queens or jacks.",
     ['name="cb-0" checked', 'name="cb-1" checked']),
    ({"point-who": "0", "point-value": "8", "sequences-who": "0", "sequences-value": "18", "sets-who": "0",
      "sets-value": "42"},
     "Anna cannot hold point 8, sequences worth 18 and sets worth 42 (quatorze + quatorze + quatorze): that takes "
     "at least 17 cards, and a hand has 12.",
     ['name="point-who" value="0" checked', '<option value="8" selected>', '<option value="18" selected>',
      '<option value="42" selected>']),
])
def test_the_deal_form_refuses_what_no_pack_deals_and_keeps_what_was_ticked(api, client, form, text, kept):
    game = api.game(variant="piquet", players=["Anna", "Bruno"], first_dealer=1)
    before = api.snapshot(game["id"], game["keys"]["scorer"])
    response = client.post(deal_form(game), data={**form, "tw": TRICKS})
    assert response.status_code == 422
    inside = entry_form(response.get_data(as_text=True))
    assert f'<p class="error" role="alert" id="error">{text}</p>' in inside
    for ticked in kept:
        assert ticked in inside
    assert 'value="0,0,0,0,0,0,1,1,1,1,1,1"' in inside  # the tricks tapped are still there
    assert api.snapshot(game["id"], game["keys"]["scorer"]) == before
