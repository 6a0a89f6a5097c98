"""The tricks of a bid-exactly hand entered on the sheet (#18): in the grid's order, the same every hand, and
nothing ticked lost when the pad is tapped."""
from __future__ import annotations

import re

from tests.module_app import api, app, client  # noqa: F401  (one database per module)

NAMES = ["Alessandra", "Bartolomeo", "Costanza", "Domenico"]


def tricks_form(page: str) -> str:
    return re.search(r'<form method="get"[^>]*class="tricks-form">(.*?)</form>', page, re.S).group(1)


def test_tricks_are_asked_in_the_grids_order_every_hand(api, client):
    """The pad asked in the order of bidding, which shifts every hand while the grid stays in seat order: entering
    hand 2 in seat order put counts on the wrong players. Now every hand asks Alessandra, Bartolomeo, Costanza,
    then the last one's are what is left, and the boxes are in the grid's order with the one asked marked."""
    game = api.game(variant="wist", players=NAMES, first_dealer=0)
    game_id, key = game["id"], game["keys"]["scorer"]
    api.recorded(game_id, key, 1, {"bids": [1, 0, 0, 3], "tricks": [1, 1, 1, 10]})
    api.recorded(game_id, key, 2, {"bids": [0, 1, 0, 1]})      # hand 2: Bartolomeo deals, Costanza bids first
    sheet = f"/g/{game_id}/{key}"
    for draft, asked in (("", "Alessandra"), ("3", "Bartolomeo"), ("3,4", "Costanza")):
        form = tricks_form(client.get(f"{sheet}?tricks={draft}").get_data(as_text=True))
        assert f'<p class="pad-title" data-next>Tricks of {asked}:</p>' in form
        rows = re.findall(r'<label class="trick-row( next)?"><span[^>]*>(\w+)', form)
        assert [name for _, name in rows] == NAMES
        assert [name for marked, name in rows if marked] == [asked]
    form = tricks_form(client.get(f"{sheet}?tricks=3,4,1").get_data(as_text=True))
    assert 'name="tricks-3" min="0" max="13" inputmode="numeric"\n                   value="5"' in form  # what is left


def test_a_tick_is_kept_while_the_pad_is_tapped(api, client):
    """"Illegal play – Bartolomeo" ticked before the pad was used was cleared by the next tap, and nothing said
    so: the pad now asks for the next view with the form, so what is ticked goes with it, and is recorded."""
    game = api.game(variant="whist-torneo", players=NAMES, first_dealer=0)
    game_id, key = game["id"], game["keys"]["scorer"]
    api.recorded(game_id, key, 1, {"bids": [1, 1, 0, 0]})   # a hand of 3 cards
    sheet = f"/g/{game_id}/{key}"
    form = tricks_form(client.get(sheet).get_data(as_text=True))
    assert '<button type="submit" class="pad-key" name="tricks" value="3" formnovalidate>3</button>' in form
    form = tricks_form(client.get(f"{sheet}?tricks=1&penalty-1=on&trump=S").get_data(as_text=True))
    assert '<input type="checkbox" name="penalty-1" checked>' in form
    assert re.search(r'name="trump" value="S" required\s+checked', form)   # the turned card chosen is kept too
    assert '<input type="checkbox" name="penalty-0" >' in form
    answer = client.post(f"{sheet}/hands/1", data={"tricks-0": "1", "tricks-1": "1", "tricks-2": "1", "tricks-3": "0",
                                                   "penalty-1": "on", "trump": "S", "version": "2"})
    assert answer.status_code == 303
    hand = api.snapshot(game_id, key)[0]["hands"][0]
    assert hand["penalties"] == [1] and hand["scores"][1] == 0


def test_a_refused_hand_keeps_its_ticks(api, client):
    game = api.game(variant="whist-torneo", players=NAMES, first_dealer=0)
    game_id, key = game["id"], game["keys"]["scorer"]
    api.recorded(game_id, key, 1, {"bids": [1, 1, 0, 0]})   # a hand of 3 cards
    answer = client.post(f"/g/{game_id}/{key}/hands/1", data={"tricks-0": "1", "tricks-1": "1", "tricks-2": "1",
                                                                "tricks-3": "1", "penalty-2": "on", "trump": "S",
                                                                "version": "2"})
    assert answer.status_code == 422
    assert '<input type="checkbox" name="penalty-2" checked>' in tricks_form(answer.get_data(as_text=True))


def test_the_sealed_count_is_said_in_correct_italian(api, client):
    """"1 dichiarazioni su 4" (#19): one slip is "1 dichiarazione su 4"."""
    from tests.contract.drivers import Predictions
    game = api.game(variant="wist", players=NAMES, first_dealer=0)
    game_id, key = game["id"], game["keys"]["scorer"]
    while (current := api.snapshot(game_id, key)[0])["current_hand"] != 7:     # Biglietti: the sealed round
        number = current["current_hand"]
        api.recorded(game_id, key, number, Predictions().first_hand(current["hands"][number - 1], 4))
    assert api.bid(game_id, game["keys"]["seats"][2], 7, 2, 1).status_code == 200
    client.get("/lang/it")
    page = client.get(f"/g/{game_id}/{key}").get_data(as_text=True)
    assert "1 dichiarazione su 4" in page and "dichiarazioni su" not in page


def turn_line(client, game_id: str, key: str) -> str | None:
    page = client.get(f"/g/{game_id}/{key}").get_data(as_text=True)
    found = re.search(r'<p class="turn" data-next>(.*?)</p>', page)
    return found and found.group(1)


def test_a_players_phone_says_when_to_bid(api, client):
    """A player's own phone showed nothing before their turn: no pad, no "you bid after Anna" (#19)."""
    client.get("/lang/en")
    game = api.game(variant="wist", players=NAMES, first_dealer=0)   # Alessandra deals: Bartolomeo bids first
    game_id, seats = game["id"], game["keys"]["seats"]
    assert turn_line(client, game_id, seats[1]) == "Your turn: bid now."
    assert 'class="pad-form"' in client.get(f"/g/{game_id}/{seats[1]}").get_data(as_text=True)
    assert turn_line(client, game_id, seats[2]) == "Bartolomeo bids now; you bid next."
    assert turn_line(client, game_id, seats[0]) == "Bartolomeo bids now; you bid after Domenico."
    assert 'class="pad-form"' not in client.get(f"/g/{game_id}/{seats[0]}").get_data(as_text=True)
    assert api.bid(game_id, seats[1], 1, 1, 2).status_code == 200
    assert turn_line(client, game_id, seats[1]) == "You bid 2. Costanza bids now."
    assert turn_line(client, game_id, seats[2]) == "Your turn: bid now."
    assert turn_line(client, game_id, game["keys"]["view"]) is None   # the table's view: the bidders list says it


def test_in_a_sealed_round_the_scorer_picks_and_the_player_is_told(api, client):
    """The scorer's pad moved on to the next player by itself in sealed rounds, inviting more; a player whose slip
    the scorer entered was not told (#19)."""
    from tests.contract.drivers import Predictions
    client.get("/lang/en")
    game = api.game(variant="wist", players=NAMES, first_dealer=0)
    game_id, key, seats = game["id"], game["keys"]["scorer"], game["keys"]["seats"]
    while (current := api.snapshot(game_id, key)[0])["current_hand"] != 7:     # Biglietti
        number = current["current_hand"]
        api.recorded(game_id, key, number, Predictions().first_hand(current["hands"][number - 1], 4))
    page = client.get(f"/g/{game_id}/{key}").get_data(as_text=True)
    assert 'class="pad-form"' not in page and "For a player without one, tap their name" in page
    assert 'class="pad-form"' in client.get(f"/g/{game_id}/{key}?seat=0").get_data(as_text=True)
    assert turn_line(client, game_id, seats[2]) == "Enter your bid: nobody sees it until the tricks are in."
    assert api.bid(game_id, seats[2], 7, 2, 1).status_code == 200
    assert api.bid(game_id, key, 7, 0, 3).status_code == 200      # Alessandra has no phone: the scorer enters it
    assert turn_line(client, game_id, seats[0]) == "The scorer entered your bid for you: 3."
    assert turn_line(client, game_id, seats[2]) == ("Your bid is in: 1. The others' stay hidden until the tricks are "
                                                    "in.").replace("'", "&#39;")


def test_the_turned_card_is_asked_once_a_hand(api, client):
    """Whist torneo asked for the trump twice (#35): tapped on the turned-card buttons while the players bid, the
    tricks form asked for it again with its four suits. Now the tricks form says the trump given, and offers the
    suits again only folded away, to correct a wrong tap; a trump not given yet is still asked there."""
    client.get("/lang/en")
    game = api.game(variant="whist-torneo", players=NAMES, first_dealer=0)
    game_id, key = game["id"], game["keys"]["scorer"]
    sheet = f"/g/{game_id}/{key}"
    assert client.post(f"{sheet}/hands/1", data={"trump": "S"}).status_code == 303   # tapped while they bid
    api.recorded(game_id, key, 1, {"bids": [1, 1, 0, 0]})
    form = tricks_form(client.get(sheet).get_data(as_text=True))
    given = re.search(r'<details class="trump-given">\s*<summary>(.*?)</summary>(.*?)</details>', form, re.S)
    assert given, "the trump given is shown, its suits folded away"
    assert re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", given.group(1))).strip() == "Trump: ♠ Spades Change…"
    assert form.count('<fieldset class="trumps') == 1 and '<fieldset class="trumps' in given.group(2)
    assert re.search(r'name="trump" value="S"[^>]*checked>', given.group(2))  # recorded again with the tricks as it is
    version = re.search(r'name="version" value="(\d+)"', form).group(1)
    answer = client.post(f"{sheet}/hands/1", data={"tricks-0": "1", "tricks-1": "1", "tricks-2": "1",
                                                   "tricks-3": "0", "trump": "H", "version": version})
    assert answer.status_code == 303                                       # corrected with the tricks
    assert api.snapshot(game_id, key)[0]["hands"][0]["trump"] == "H"
    other = api.game(variant="whist-torneo", players=NAMES, first_dealer=0)
    api.recorded(other["id"], other["keys"]["scorer"], 1, {"bids": [1, 1, 0, 0]})   # no trump given while they bid
    asked = tricks_form(client.get(f"/g/{other['id']}/{other['keys']['scorer']}").get_data(as_text=True))
    assert '<fieldset class="trumps' in asked and "<details" not in asked
