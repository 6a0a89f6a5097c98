"""The score sheet's forms beyond the bid pad: the turned card during bidding, corrections."""
from __future__ import annotations

import re

import pytest

from tests.conftest import PLAYERS4, count_rows


def sheet_url(game: dict, role: str = "scorer") -> str:
    return f"/g/{game['id']}/{game['keys'][role]}"


def refused_form(api, game, make, status, text):
    """Send a form with `make()`: it must answer `status` showing `text`, and leave the game as it was."""
    before = api.snapshot(game["id"], game["keys"]["scorer"])
    response = make()
    assert response.status_code == status
    assert text in response.get_data(as_text=True)
    assert api.snapshot(game["id"], game["keys"]["scorer"]) == before
    return response


def test_the_turned_card_is_recorded_before_the_bids_and_shown_while_bidding(api, client):
    game = api.game(variant="whist-torneo", players=PLAYERS4[:3], first_dealer=0)
    page = client.get(sheet_url(game)).get_data(as_text=True)
    assert "Turned card:" in page and 'name="trump" value="S"' in page
    response = client.post(f"{sheet_url(game)}/hands/1", data={"trump": "S"})
    assert response.status_code == 303
    hand = api.get(game["id"], game["keys"]["scorer"]).get_json()["hands"][0]
    assert hand["trump"] == "S" and hand["tricks"] is None and hand["bids"] == [None, None, None]
    page = client.get(sheet_url(game)).get_data(as_text=True)
    assert re.search(r'value="S"\s+aria-label="Spades"\s+class="suit-button\s*"\s+aria-pressed="true"', page)
    assert re.search(r'<h2 id="entry-title">Hand 1.*♠', page, re.S)


def test_a_no_trump_hand_asks_for_no_turned_card(api, client):
    game = api.game(first_dealer=0)  # Wist: every trump is fixed by the round
    assert "Turned card:" not in client.get(sheet_url(game)).get_data(as_text=True)


def test_correcting_the_wist_round_offers_no_bids(api, client):
    game = api.game(first_dealer=0)
    key = game["keys"]["scorer"]
    for number in range(1, 8):
        api.hand(game["id"], key, number, {"bids": [3, 3, 3, 3] if number != 7 else [4, 3, 3, 3],
                                           "tricks": [4, 3, 3, 3]})
    api.hand(game["id"], key, 8, {"tricks": [13, 0, 0, 0]})
    form = client.get(f"{sheet_url(game)}/hands/8").get_data(as_text=True)
    assert 'name="tricks-0"' in form and 'name="bid-0"' not in form
    response = client.post(f"{sheet_url(game)}/hands/8",
                           data={"correction": "1", "tricks-0": "10", "tricks-1": "3", "tricks-2": "0",
                                 "tricks-3": "0"})
    assert response.status_code == 303
    last = api.get(game["id"], key).get_json()["hands"][7]
    assert last["bids"] == [0, 0, 0, 0] and last["scores"] == [-50, -15, 25, 25]


def test_new_game_form_refuses_nonsense_without_a_500(app, client):
    base = {"variant": "wist", "player": ["Anna", "Bruno", "Carla", "Dario"]}
    for dealer in ["9" * 5000, "-1", "x", "7"]:
        response = client.post("/new", data={**base, "first_dealer": dealer})
        assert response.status_code == 422, dealer
        assert "The first dealer must be one of the players." in response.get_data(as_text=True)
    assert client.post("/new", data={"variant": "nope"}).status_code == 400
    assert count_rows(app) == 0  # no refused form left a game behind
    response = client.post("/new", data={**base, "player": ["Anna", "", "Carla", "Dario", "Elena"],
                                         "first_dealer": "4"})
    assert response.status_code == 303  # a blank row is skipped; Elena (typed fifth) deals first
    assert count_rows(app) == 1


def test_digits_that_are_not_numbers_get_a_message_not_a_500(api, client):
    game = api.game(first_dealer=0)
    url = sheet_url(game)
    refused_form(api, game, lambda: client.post(f"{url}/bid", data={"hand": "1", "seat": "0", "bid": "²"}), 422,
                 "not a whole number")
    api.hand(game["id"], game["keys"]["scorer"], 1, {"bids": [3, 3, 3, 3]})
    refused_form(api, game, lambda: client.post(f"{url}/hands/1", data={"tricks-0": "²", "tricks-1": "١٢"}), 422,
                 "not a whole number")


def test_a_phone_s_own_digits_read_the_same_in_every_box(api, client):
    """One rule for every typed number (#36): a keyboard in full-width mode ("３") or in Arabic ("٣") sends its own
    digits; the bid, the seat, the hand and the tricks read them alike, where a seat of "２" was refused while a bid
    of "３" was taken."""
    game = api.game(first_dealer=3)  # Dario deals: Anna bids first
    url = sheet_url(game)
    assert client.post(f"{url}/bid", data={"hand": "１", "seat": "０", "bid": "３"}).status_code == 303
    assert client.post(f"{url}/bid", data={"hand": "1", "seat": "１", "bid": " ٣ "}).status_code == 303
    assert client.post(f"{url}/bid", data={"hand": "1", "seat": "２", "bid": "3"}).status_code == 303
    assert api.get(game["id"], game["keys"]["scorer"]).get_json()["hands"][0]["bids"] == [3, 3, 3, None]
    api.hand(game["id"], game["keys"]["scorer"], 1, {"bids": [3, 3, 3, 3]})
    tricks = {"tricks-0": "３", "tricks-1": "٣", "tricks-2": "3", "tricks-3": "４"}
    assert client.post(f"{url}/hands/1", data=tricks).status_code == 303
    assert api.get(game["id"], game["keys"]["scorer"]).get_json()["hands"][0]["tricks"] == [3, 3, 3, 4]


def test_a_blank_bid_is_refused_by_name(api, client):
    game = api.game(first_dealer=3)
    refused_form(api, game, lambda: client.post(f"{sheet_url(game)}/bid", data={"hand": "1", "seat": "0", "bid": ""}),
                 422, "not a whole number")


def test_a_blank_tricks_box_is_no_trick_when_others_are_filled(api, client):
    """As on paper: Bruno's empty box is 0, so his bid of 0 is made (+25)."""
    game = api.game(first_dealer=0)  # Anna deals hand 1: with the others at 9 she may not bid 4
    api.hand(game["id"], game["keys"]["scorer"], 1, {"bids": [3, 0, 5, 4]})
    response = client.post(f"{sheet_url(game)}/hands/1",
                           data={"tricks-0": "4", "tricks-1": "", "tricks-2": "5", "tricks-3": " 4 "})
    assert response.status_code == 303
    hand = api.get(game["id"], game["keys"]["scorer"]).get_json()["hands"][0]
    assert hand["tricks"] == [4, 0, 5, 4]
    assert hand["scores"] == [4, 25, 15, 14]


def test_an_all_blank_tricks_form_is_refused_and_records_nothing(api, client):
    game = api.game(first_dealer=0)
    api.hand(game["id"], game["keys"]["scorer"], 1, {"bids": [3, 0, 5, 4]})
    blank = {f"tricks-{seat}": "" for seat in range(4)}
    refused_form(api, game, lambda: client.post(f"{sheet_url(game)}/hands/1", data=blank), 422,
                 '<p class="error" role="alert" id="error">Give one value for each of the 4 players.</p>')
    refused_form(api, game, lambda: client.post(f"{sheet_url(game)}/hands/1", data={**blank, "tricks-2": "  "}), 422,
                 "Give one value for each of the 4 players.")


def test_a_correction_is_refused_only_if_its_own_hand_changed_meanwhile(api, client):
    game = api.game(first_dealer=0)
    key = game["keys"]["scorer"]
    api.hand(game["id"], key, 1, {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]})
    drawn_at = "2"  # the correction form of hand 1 was drawn at version 2
    assert api.bid(game["id"], game["keys"]["seats"][1], 2, 1, 2).status_code == 200  # another hand
    form = {"version": drawn_at, "correction": "1", "bid-0": "3", "bid-1": "3", "bid-2": "3", "bid-3": "3",
            "tricks-0": "3", "tricks-1": "4", "tricks-2": "3", "tricks-3": "3"}
    assert client.post(f"{sheet_url(game)}/hands/1", data=form).status_code == 303
    # now hand 1 itself changed after version 2: the same stale form is refused, nothing changes
    before = api.get(game["id"], key).get_json()
    response = client.post(f"{sheet_url(game)}/hands/1", data={**form, "tricks-0": "5", "tricks-1": "2"})
    assert response.status_code == 412
    assert "Someone else changed hand 1 meanwhile" in response.get_data(as_text=True)
    assert api.get(game["id"], key).get_json() == before


HAND_1 = {"correction": "1", "bid-0": "3", "bid-1": "3", "bid-2": "3", "bid-3": "3",
          "tricks-0": "3", "tricks-1": "4", "tricks-2": "3", "tricks-3": "3"}


def test_a_correction_drawn_before_an_undo_of_its_own_hand_is_refused(api, client):
    """Undoing a change to hand 1 changes hand 1: a form drawn before the undo is stale (412)."""
    game = api.game(first_dealer=0)
    key = game["keys"]["scorer"]
    assert api.hand(game["id"], key, 1, {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}).status_code == 200
    drawn_at = "2"  # the correction form of hand 1, drawn now
    assert api.undo(game["id"], key).status_code == 200  # version 3 takes hand 1 back
    response = refused_form(api, game, lambda: client.post(f"{sheet_url(game)}/hands/1",
                                                           data={**HAND_1, "version": drawn_at}),
                            412, "Someone else changed hand 1 meanwhile")
    assert api.get(game["id"], key).get_json()["hands"][0]["tricks"] is None
    # drawn after the undo, the same correction is fine
    assert client.post(f"{sheet_url(game)}/hands/1", data={**HAND_1, "version": "3"}).status_code == 303
    assert api.get(game["id"], key).get_json()["hands"][0]["tricks"] == [3, 4, 3, 3]
    assert response.headers["Cache-Control"] == "no-store"


def test_a_correction_drawn_before_an_undo_in_another_hand_is_accepted(api, client):
    game = api.game(first_dealer=0)
    key = game["keys"]["scorer"]
    assert api.hand(game["id"], key, 1, {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}).status_code == 200
    assert api.bid(game["id"], key, 2, 1, 2).status_code == 200  # version 3: a bid in hand 2
    drawn_at = "3"
    assert api.undo(game["id"], key).status_code == 200  # version 4 takes back the bid of hand 2
    assert client.post(f"{sheet_url(game)}/hands/1", data={**HAND_1, "version": drawn_at}).status_code == 303
    body = api.get(game["id"], key).get_json()
    assert body["version"] == 5
    assert body["hands"][0]["tricks"] == [3, 4, 3, 3] and body["hands"][1]["bids"] == [None] * 4


NOSCRIPT_REFRESH = '<noscript><meta http-equiv="refresh" content="15"></noscript>'


def test_without_javascript_the_table_and_seat_sheets_refresh_every_15_seconds(api, client):
    """The TV and the players' phones follow the game with no script; the scorer's typing is never reset."""
    game = api.game(first_dealer=0)
    assert client.get(sheet_url(game, "view")).get_data(as_text=True).count(NOSCRIPT_REFRESH) == 1
    seat = client.get(f"/g/{game['id']}/{game['keys']['seats'][2]}").get_data(as_text=True)
    assert seat.count(NOSCRIPT_REFRESH) == 1
    scorer = client.get(sheet_url(game)).get_data(as_text=True)
    assert 'http-equiv="refresh"' not in scorer


@pytest.mark.parametrize("variant, page, text", [
    ("wist", "rules/bid-exactly.md", "forbidden bid"), ("whist-classico", "rules/partnership.md", "rubber")])
def test_every_sheet_links_to_its_rules_page(client, api, variant, page, text):
    """The project carries its own rules: the sheet's "Rules" link opens the family's page, as HTML."""
    game = api.game(variant=variant, players=["Anna", "Bruno", "Carla", "Dario"])
    html = client.get(f"/g/{game['id']}/{game['keys']['view']}").get_data(as_text=True)
    assert f'href="/docs/{page}"' in html
    rules = client.get(f"/docs/{page}")
    body = rules.get_data(as_text=True)
    assert rules.status_code == 200 and text in body and "<table tabindex=\"0\">" in body


@pytest.mark.parametrize("name", ["../README.md", "rules/../../pyproject.toml", "nothing.md", "rules", "%2e%2e/app.py"])
def test_the_docs_pages_serve_only_the_docs(client, name):
    assert client.get(f"/docs/{name}").status_code == 404


def test_the_sheet_shows_the_house_rules_chosen_at_creation(client, api):
    game = api.game(variant="whist-classico", players=PLAYERS4, options={"target": 7, "laws": True})
    html = client.get(f"/g/{game['id']}/{game['keys']['view']}").get_data(as_text=True)
    rules = [re.sub(r"\s+", " ", text).strip() for text in re.findall(r"<span>([^<]*: [^<]*)</span>", html)]
    assert "Points for a game: 7" in rules and "Count honours (A K Q J of trumps): yes" in rules
    assert any(text.startswith("Laws of Short Whist") and text.endswith(": yes") for text in rules)
    italian = client.get(f"/g/{game['id']}/{game['keys']['view']}", headers={"Accept-Language": "it"})
    assert "Punti per vincere una partita: 7" in italian.get_data(as_text=True)


def test_the_forbidden_bid_note_names_the_dealer_only_when_the_dealer_is_last(client, api):
    """Bids typed out of order: the player completing the set is not always the dealer; the note says so."""
    game = api.game(players=PLAYERS4, first_dealer=3)  # Dario deals hand 1
    key = game["keys"]["scorer"]
    for seat, bid in ((1, 4), (2, 3), (3, 5)):  # Bruno, Carla and the dealer have bid: Anna completes the set
        assert api.bid(game["id"], key, 1, seat, bid).status_code == 200
    html = " ".join(client.get(f"/g/{game['id']}/{key}?seat=0").get_data(as_text=True).split())
    note = re.search(r'id="forbidden-note">(.*?)</p>', html).group(1)
    assert "Last bid of the set: Anna may not bid 1" in note and "Dealer's forbidden bid" not in note
    assert api.bid(game["id"], key, 1, 0, 2).status_code == 200
    html = " ".join(client.get(f"/g/{game['id']}/{key}?seat=3").get_data(as_text=True).split())
    assert "Dealer's forbidden bid: Dario may not bid 4" in html  # 13 − (2 + 4 + 3)


def test_the_no_bid_round_does_not_say_all_bids_are_in(client, api):
    game = api.game(players=PLAYERS4, first_dealer=0)
    key = game["keys"]["scorer"]
    for number in range(1, 8):
        assert api.hand(game["id"], key, number, {"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]}).status_code == 200
    html = client.get(f"/g/{game['id']}/{game['keys']['view']}").get_data(as_text=True)
    assert "No bidding in this round: playing the hand." in html and "All bids are in" not in html


def test_a_second_tap_on_the_same_pad_records_nothing(client, api):
    """The pad's form carries the version it was drawn at: a second tap on it (before the page moved on)
    is refused with a message, while another player bidding meanwhile on their own phone is no reason."""
    game = api.game(players=PLAYERS4, first_dealer=3)
    key, seats = game["keys"]["scorer"], game["keys"]["seats"]
    base = f"/g/{game['id']}/{key}"
    drawn = api.get(game["id"], key).get_json()["version"]
    tap = {"hand": "1", "seat": "0", "bid": "2", "version": str(drawn)}
    assert client.post(f"{base}/bid", data=tap).status_code == 303
    after_first = api.get(game["id"], key).get_json()
    second = client.post(f"{base}/bid", data=tap)
    assert second.status_code == 412 and "a second tap" in second.get_data(as_text=True)
    assert api.get(game["id"], key).get_json() == after_first
    # Bruno bids from his phone on a pad drawn before Anna's bid: accepted.
    own = client.post(f"/g/{game['id']}/{seats[1]}/bid", data={"hand": "1", "seat": "1", "bid": "3",
                                                               "version": str(drawn)})
    assert own.status_code == 303
    assert api.get(game["id"], key).get_json()["hands"][0]["bids"] == [2, 3, None, None]


def test_a_queued_bid_does_not_overwrite_bids_recorded_as_a_whole(client, api):
    """A bid tapped on a pad drawn before another phone recorded the hand's bids all at once (the API's
    `bids`, or a correction) is refused: it would overwrite one of them (#17)."""
    game = api.game(players=PLAYERS4, first_dealer=3)
    key = game["keys"]["scorer"]
    drawn = api.get(game["id"], key).get_json()["version"]
    assert api.hand(game["id"], key, 1, {"bids": [2, 4, 3, 5]}).status_code == 200  # another phone, all at once
    before = api.get(game["id"], key).get_json()
    queued = client.post(f"/g/{game['id']}/{key}/bid", data={"hand": "1", "seat": "0", "bid": "1",
                                                              "version": str(drawn)})
    assert queued.status_code == 412 and "That bid was already recorded" in queued.get_data(as_text=True)
    assert api.get(game["id"], key).get_json() == before


def test_an_undo_form_drawn_before_a_change_undoes_nothing(client, api):
    """The Undo button carries the version it was drawn at: a second tap on it, or one queued while the
    phone was offline and sent after another change, is refused (412) and takes nothing back."""
    game = api.game(players=PLAYERS4, first_dealer=3)
    key = game["keys"]["scorer"]
    base = f"/g/{game['id']}/{key}"
    assert client.post(f"{base}/bid", data={"hand": "1", "seat": "0", "bid": "2"}).status_code == 303  # version 2
    assert client.post(f"{base}/bid", data={"hand": "1", "seat": "1", "bid": "4"}).status_code == 303  # version 3
    html = client.get(base).get_data(as_text=True)
    assert 'name="version" value="3"' in html.split('class="undo-form"')[1].split("</form>")[0]
    assert client.post(f"{base}/undo", data={"version": "3"}).status_code == 303  # takes back Bruno's 4
    again = client.post(f"{base}/undo", data={"version": "3"})
    assert again.status_code == 412 and "Someone else changed this game meanwhile" in again.get_data(as_text=True)
    state = api.get(game["id"], key).get_json()
    assert state["version"] == 4 and state["hands"][0]["bids"] == [2, None, None, None]
    assert client.post(f"{base}/undo", data={"version": "x"}).status_code == 412  # a mangled version: nothing
    assert client.post(f"{base}/undo").status_code == 303  # no version (an older page): undoes as before
    assert api.get(game["id"], key).get_json()["hands"][0]["bids"] == [None, None, None, None]


@pytest.mark.parametrize("system, shown", [(1, "7 tricks (+2)"), (2, "7 tricks")])
def test_solo_shows_over_tricks_only_where_they_score(client, api, system, shown):
    """By points the tricks over the contract score and are shown; by stakes they do not (#19)."""
    game = api.game(variant="solo-whist", options={"system": system})
    key = game["keys"]["scorer"]
    api.recorded(game["id"], key, 1, {"contract": "solo", "declarer": 0, "trump": "H", "tricks": 7})
    page = " ".join(re.sub(r"<[^>]+>", " ", client.get(f"/g/{game['id']}/{key}").get_data(as_text=True)).split())
    assert shown in page
    if system == 2:
        assert "(+2)" not in page


def test_a_dealer_drawn_at_random_is_said_on_the_sheet(client):
    """Left to chance on the form (the default), the first dealer is drawn: the sheet says who until the
    first hand is in (#19); a dealer ticked on the form is not "drawn"."""
    drawn = client.post("/new", data={"variant": "wist", "player": PLAYERS4, "first_dealer": "draw"})
    page = " ".join(re.sub(r"<[^>]+>", " ", client.get(drawn.headers["Location"]).get_data(as_text=True)).split())
    dealer = re.search(r"Drawn at random: (\w+) deals first\.", page).group(1)
    assert dealer in PLAYERS4 and f"{dealer} deals" in page
    ticked = client.post("/new", data={"variant": "wist", "player": PLAYERS4, "first_dealer": "2"})
    assert "Drawn at random" not in client.get(ticked.headers["Location"]).get_data(as_text=True)


@pytest.mark.parametrize("variant, players, said, not_said", [
    ("wist", ["Anna", "Bruno", "Carla", "Dario"], "a player's code also lets that player enter their own bid.", None),
    ("piquet", ["Anna", "Bruno"], "a player's code shows the sheet on that player's phone (the scorer enters the "
     "scores).", "own bid"),
    ("solo-whist", ["Anna", "Bruno", "Carla", "Dario"], "shows the sheet on that player's phone", "own bid"),
    ("whist-classico", ["Anna", "Bruno", "Carla", "Dario"], "shows the sheet on that player's phone", "own bid"),
])
def test_the_share_panel_says_what_a_players_code_does_in_this_game(client, api, variant, players, said, not_said):
    """In games without bids the Share panel offered player codes "to enter their own bid" (#18)."""
    game = api.game(variant=variant, players=players)
    page = client.get(f"/g/{game['id']}/{game['keys']['scorer']}/share").get_data(as_text=True)
    assert said in page.replace("&#39;", "'")
    assert not_said is None or not_said not in page


def test_rules_and_csv_stay_together_on_the_title_line(client, api):
    """On a seat's page at 360 px "CSV" went to a line of its own (#18): the two links are one group."""
    game = api.game(variant="piquet", players=["Bartolomeo", "Ermenegilda"])
    page = client.get(f"/g/{game['id']}/{game['keys']['seats'][1]}").get_data(as_text=True)
    assert re.search(r'<span class="title-links"><a class="rules-link"[^>]*>Rules</a>\s*'
                     r'<a class="rules-link"[^>]*>CSV</a></span>', page)
