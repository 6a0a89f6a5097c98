"""What a player reads (#35): one trick is "1 trick" ("1 presa"), never "1 tricks" ("le 1 prese"); a correction
in a hand's history reads "corrected" ("ha corretto"), never "recorded"."""
from __future__ import annotations

import html
import re

import pytest

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]


def words(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


def lines(response) -> list[str]:
    """The history's entries, one string each."""
    body = response.get_data(as_text=True).split('<ol class="history">')[1].split("</ol>")[0]
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", item)).split()) for item in body.split("<li>")[1:]]


def solo_deal(api, client, lang: str):
    """A Solo Whist deal 1 recorded (a misère of Bruno's, 1 trick), then corrected (no trick): its history."""
    if lang == "it":
        client.set_cookie("lang", "it")
    game = api.game(variant="solo-whist", players=PLAYERS, first_dealer=0)
    key = game["keys"]["scorer"]
    api.recorded(game["id"], key, 1, {"contract": "misere", "declarer": 1, "tricks": 1})
    api.recorded(game["id"], key, 1, {"contract": "misere", "declarer": 1, "tricks": 0})
    return client.get(f"/g/{game['id']}/{key}/hands/1/history")


@pytest.mark.parametrize("lang, recorded, corrected, one", [
    ("en", "recorded the deal", "corrected deal 1:", "1 trick"),
    ("it", "ha segnato la smazzata", "ha corretto la smazzata 1:", "1 presa")])
def test_a_corrected_deal_reads_corrected_and_one_trick_is_singular(api, client, lang, recorded, corrected, one):
    first, second = lines(solo_deal(api, client, lang))
    assert recorded in first and re.search(rf"\b{one}\b", first)
    assert not re.search(r"\b1 (tricks|prese)\b", first)
    assert corrected in second and recorded not in second


@pytest.mark.parametrize("lang, expected", [
    ("en", "the bids may not add up to the single trick of the hand"),
    ("it", "le dichiarazioni non possono sommare l'unica presa della mano")])
def test_the_dealers_forbidden_bid_of_a_one_card_hand_is_singular(api, client, lang, expected):
    game = api.game(variant="oh-hell", players=PLAYERS, first_dealer=0,
                    options={"schedule": "custom", "card_list": [1, 2]})
    key = game["keys"]["scorer"]
    refused = api.hand(game["id"], key, 1, {"bids": [1, 0, 0, 0]}, **{"Accept-Language": lang})
    assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "forbidden_bid"
    assert expected in refused.get_json()["error"]["message"]
    for seat in (1, 2, 3):
        assert api.bid(game["id"], key, 1, seat, 0).status_code == 200
    if lang == "it":
        client.set_cookie("lang", "it")
    page = words(client.get(f"/g/{game['id']}/{key}"))
    assert {"en": "would add up to the single trick", "it": "sommerebbero l'unica presa"}[lang] in page
    assert not re.search(r"\b1 (tricks|prese)\b", page)
