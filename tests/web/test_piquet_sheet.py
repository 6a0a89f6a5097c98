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
    return re.search(r'<form method="get"[^>]*class="deal-form piquet-form"[^>]*>(.*?)</form>', page, re.S).group(1)


@pytest.mark.parametrize("form, text, kept", [
    ({"cb-0": "on", "cb-1": "on"},
     "Both players cannot hold a carte blanche: only 20 cards are not kings, queens or jacks.",
     ['name="cb-0" checked', 'name="cb-1" checked']),
    ({"point-0": "8", "sequences-0": "18", "sets-0": "42"},
     "Anna cannot hold point 8, sequences worth 18 and sets worth 42 (quatorze + quatorze + quatorze): that takes "
     "at least 17 cards, and a hand has 12.",
     ['<select name="point-0"', '<option value="8" selected>', '<option value="18" selected>',
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


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_sequences_are_offered_by_every_name_players_announce(api, client):
    """"quint + tierce" and "quint + quart" were not offered: 18 read "huitième" alone (#18)."""
    game = api.game(variant="piquet", players=["Anna", "Bruno"], first_dealer=1)
    page = client.get(f"/g/{game['id']}/{game['keys']['scorer']}").get_data(as_text=True)
    for label in ("7 — quart + tierce", "18 — huitième / quint + tierce", "19 — sixième + tierce / quint + quart",
                  "6 — tierce + tierce", "30 — quint + quint", "17 — quatorze + trio"):
        assert f">{label}</option>" in page, label
    assert page.count('<select name="sequences-0"') == page.count('<select name="sequences-1"') == 1


def test_a_trick_tap_swaps_in_place_or_comes_back_at_the_deal(api, client):
    """With JavaScript a tap swaps the sheet in place (hx-get, the address kept); without, the page comes back at
    the deal (#deal), not at the top 1,700 px above the strip (#18)."""
    game = api.game(variant="piquet", players=["Anna", "Bruno"], first_dealer=1)
    base = f"/g/{game['id']}/{game['keys']['scorer']}"
    page = client.get(base + "?tw=0,1&point-0=5").get_data(as_text=True)
    form = re.search(r'<form method="get"[^>]*class="deal-form piquet-form"[^>]*>', page).group(0)
    assert f'action="{base}#deal"' in form and f'hx-get="{base}"' in form and 'hx-push-url="true"' in form
    assert '<section class="entry piquet-entry" id="deal"' in page
    inside = entry_form(page)
    # Anna's lead (1) and her trick on it (1); Bruno's trick on her lead (2)
    assert "Play: Anna 2 · Bruno 2" in text_of(inside)
    assert "Trick 3 won by:" in inside and '<option value="5" selected>' in inside
    # Record posts the deal: formaction for pages without JavaScript, data-post for the outbox.
    assert (f'formmethod="post" formaction="{base}/hands/1"' in inside and f'data-post="{base}/hands/1"' in inside)


def test_a_correction_reopens_the_deal_as_it_was_entered(api, client):
    """The strip comes back with the deal (it came back empty, the play to be worked out by hand): a mistaken trick
    is tapped again and goes to the other player (#18)."""
    from tests.web.test_api_piquet import PARTIE
    game = api.game(variant="piquet", players=["Anna", "Bruno"], first_dealer=1)
    game_id, scorer = game["id"], game["keys"]["scorer"]
    api.recorded(game_id, scorer, 1, PARTIE[0][0])     # 44–14: Anna 8 tricks, play 12–7
    edit = f"/g/{game_id}/{scorer}/hands/1"
    page = client.get(edit).get_data(as_text=True)
    assert "Play: Anna 12 · Bruno 7" in text_of(page)
    flipped = "0,0,0,1,1,0,1,0,0,0,1,1"                  # trick 12: Bruno's, on his own lead
    assert f'name="tw" value="{flipped}" aria-label="Trick 12: Anna. Tap to give it to the other player."' in page
    assert '<option value="17" selected>' in page          # the declarations as recorded
    page = client.get(f"{edit}?tw={flipped}&point-0=5&sequences-1=7&sets-0=17&correction=1").get_data(as_text=True)
    assert "Play: Anna 10 · Bruno 8" in text_of(page)
    answer = client.post(edit, data={"correction": "1", "tw": flipped, "point-0": "5", "sequences-1": "7",
                                     "sets-0": "17"})
    assert answer.status_code == 303
    deal = api.snapshot(game_id, scorer)[0]["hands"][0]
    assert deal["scores"] == [42, 15]   # Anna 22 + play 10 + cards 10; Bruno 7 + 8


def test_the_undo_button_says_a_deal_in_one_short_line(api, client):
    """The 12 winners one by one made the Undo button 13 lines (#18)."""
    from tests.web.test_api_piquet import PARTIE
    game = api.game(variant="piquet", players=["Anna", "Bruno"], first_dealer=1)
    api.recorded(game["id"], game["keys"]["scorer"], 1, PARTIE[0][0])
    page = client.get(f"/g/{game['id']}/{game['keys']['scorer']}").get_data(as_text=True)
    undo = text_of(re.search(r'<form[^>]*class="undo-form">(.*?)</form>', page, re.S).group(1))
    assert undo == ("↶ Undo: recorded the deal · point Anna 5 · sequences Bruno 7 · sets Anna 17 · tricks Anna 8, "
                    "Bruno 4, deal 1")


@pytest.mark.parametrize("language, words", [
    ("en", ["Deal 7 of 8", "Tied at 42 after six deals: two more deals decide the partie.", "tied at 42", "play-off",
            "Anna wins the partie in the play-off"]),
    ("it", ["Smazzata 7 di 8", "Pari a 42 dopo sei smazzate: due smazzate in più decidono la partita.", "pari a 42",
            "spareggio", "Anna vince la partita allo spareggio"]),
])
def test_the_play_off_is_said_where_it_happens(api, client, language, words):
    """After a tie the sheet said only "Deal 7 of 8"; the grid and the result never mentioned the play-off (#19)."""
    game = api.game(variant="piquet", players=["Anna", "Bruno"], first_dealer=1)
    game_id, key = game["id"], game["keys"]["scorer"]
    even = {"point": [0, 0], "play_points": [7, 7], "tricks_won": [6, 6]}
    for number in range(1, 7):
        api.recorded(game_id, key, number, even)
    client.get(f"/lang/{language}")
    sheet = f"/g/{game_id}/{key}"
    page = text_of(client.get(sheet).get_data(as_text=True))
    title, notice, tied, *_ = words
    assert title in page and notice in page and tied in page
    api.recorded(game_id, key, 7, {**even, "point": [5, 0]})
    api.recorded(game_id, key, 8, even)
    page = client.get(sheet).get_data(as_text=True)
    assert text_of(page).count(words[3]) == 3 and words[4] in text_of(page)  # deals 7 and 8, and the result
