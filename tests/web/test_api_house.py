"""House rules through the API and the pages (#23): random legal games of each preset replayed against an
independent reading of docs/rules/house-rules.md, bad input named by its field, the form's chips, the sheet's
summary, the CSV round trip."""
from __future__ import annotations

import re

import random

import pytest

from scorekeeper.rules.house import PRESETS
from tests.conftest import count_rows
from tests.module_app import api, app, client  # noqa: F401  (one database per module)

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo", "Vera"]


# -- an independent reading of the rules page (not the app's code) ----------------------------------------------
DEFAULTS = {"schedule": "up-and-down", "most_cards": None, "hand_count": 10, "card_list": None, "trump": "turned",
            "rotation": "S-D-C-H-NT", "exact_bonus": 10, "plus_bid": "bid", "trick_points": "never",
            "miss_penalty": 0, "zero_bonus": 0, "dealer_rule": True, "first_bid": "after-dealer", "sealed": False,
            "direction": "clockwise"}
PRESET_DEFAULTS = {
    "oh-hell": {"schedule": "down-and-up", "most_cards": 10}, "house-rules": {},
    "kachuful": {"schedule": "up", "trump": "rotating", "rotation": "S-D-C-H"},
    "nomination-whist": {"schedule": "down-and-up", "most_cards": 10, "trump": "rotating",
                         "rotation": "S-H-C-D-NT", "plus_bid": "nothing", "trick_points": "always"},
    "blob": {"schedule": "down-and-up", "most_cards": 10, "trump": "called"},
    "up-and-down-the-river": {"schedule": "down-and-up", "most_cards": 10, "plus_bid": "nothing",
                              "trick_points": "always"},
}


def page_hands(players: int, o: dict) -> list[int]:
    m = (52 - (1 if o["trump"] == "turned" else 0)) // players
    t = m if o["most_cards"] is None else min(o["most_cards"], m)
    if o["schedule"] == "custom":
        return o["card_list"]
    if o["schedule"] == "fixed":
        return [t] * o["hand_count"]
    if o["schedule"] == "up-to-the-most-and-down":
        t = m
    up, down = list(range(1, t + 1)), list(range(t, 0, -1))
    return {"up": up, "down": down, "up-and-down": up + down[1:], "down-and-up": down + up[1:],
            "up-to-the-most-and-down": up + down[1:]}[o["schedule"]]


def page_score(b: int, t: int, o: dict) -> int:
    if t != b:
        return (t if o["trick_points"] == "always" else 0) - o["miss_penalty"] * abs(t - b)
    extra = {"nothing": 0, "bid": b, "bid-squared": b * b, "ten-times-bid": 10 * b}[o["plus_bid"]]
    return o["exact_bonus"] + extra + (t if o["trick_points"] in ("exact", "always") else 0) + (
        o["zero_bonus"] if b == 0 else 0)


def ok(response, status=200):
    assert response.status_code == status, response.get_json()
    return response.get_json()


def random_hand(rng: random.Random, cards: int, players: int, dealer: int, dealer_rule: bool):
    tricks = [0] * players
    for _ in range(cards):
        tricks[rng.randrange(players)] += 1
    bids = [rng.choice([tricks[s], rng.randint(0, cards)]) for s in range(players)]
    if dealer_rule and sum(bids) == cards:
        bids[dealer] = (bids[dealer] + 1) % (cards + 1)  # the dealer's forbidden bid avoided
    return bids, tricks


@pytest.mark.parametrize("variant", [preset.id for preset in PRESETS])
def test_random_games_of_each_preset_match_the_rules_page(api, variant):
    rng = random.Random(variant)
    for game_number in range(2):
        players = rng.randint(3, 8)
        options = {}
        if variant == "house-rules" and game_number:  # random custom rules, on a short schedule
            options = {"schedule": rng.choice(["fixed", "custom"]), "exact_bonus": rng.randint(0, 20),
                       "plus_bid": rng.choice(["nothing", "bid", "bid-squared", "ten-times-bid"]),
                       "trick_points": rng.choice(["never", "exact", "always"]),
                       "miss_penalty": rng.randint(0, 3), "zero_bonus": rng.randint(0, 5),
                       "dealer_rule": rng.random() < 0.5, "trump": rng.choice(["turned", "no-trump", "called"])}
            if options["schedule"] == "custom":  # only the options that mean something with the others (#34)
                options["card_list"] = [rng.randint(1, 6) for _ in range(rng.randint(1, 4))]
            else:
                options.update(hand_count=rng.randint(1, 4), most_cards=rng.randint(1, 7))
            if options["dealer_rule"]:  # the dealer's rule means nothing with sealed bids
                options["sealed"] = rng.random() < 0.3
        created = api.game(variant=variant, players=NAMES[:players], first_dealer=rng.randrange(players),
                           options=options)
        game_id, key, game = created["id"], created["keys"]["scorer"], created["game"]
        rules = {**DEFAULTS, **PRESET_DEFAULTS[variant], **options}
        assert game["options"] == rules
        hands = page_hands(players, rules)
        assert [h["cards"] for h in game["schedule"]] == hands
        totals = [0] * players
        for number, cards in enumerate(hands, start=1):
            hand = game["hands"][number - 1]
            bids, tricks = random_hand(rng, cards, players, hand["dealer"], rules["dealer_rule"])
            body = {"bids": bids, "tricks": tricks}
            if hand["trump"] is None:
                body["trump"] = rng.choice(["H", "D", "C", "S"])
            game = ok(api.hand(game_id, key, number, body))
            scores = [page_score(b, t, rules) for b, t in zip(bids, tricks)]
            totals = [a + b for a, b in zip(totals, scores)]
            assert game["hands"][number - 1]["scores"] == scores
        assert game["totals"] == totals and game["status"] == "finished"


@pytest.mark.parametrize("body, field, words", [
    ({"variant": "house-rules", "players": NAMES[:4], "options": {"schedule": "custom", "card_list": [1, 13]}},
     "card_list", "at most 12"),
    ({"variant": "house-rules", "players": NAMES[:4], "options": {"schedule": "custom", "card_list": [2, 0]}},
     "card_list", "0 cards"),
    ({"variant": "house-rules", "players": NAMES[:8], "options": {"schedule": "custom", "card_list": [6, 7]}},
     "card_list", "with 8 players and a card turned for trump a 52-card pack deals at most 6 each"),
    ({"variant": "oh-hell", "players": NAMES[:9]}, "players", "3 to 8"),
    ({"variant": "kachuful", "players": NAMES[:4], "options": {"trump": "joker"}}, "trump", "trump"),
    ({"variant": "blob", "players": NAMES[:4], "options": {"schedule": "sideways"}}, "schedule", "schedule"),
    ({"variant": "oh-hell", "players": NAMES[:4], "options": {"jokers": 2}}, "jokers", "Unknown option"),
])
def test_bad_input_is_refused_naming_the_field(client, body, field, words):
    answer = client.post("/api/v1/games", json=body)
    assert answer.status_code == 422, answer.get_json()
    error = answer.get_json()["error"]
    assert words in error["message"] and error["field"] == field
    assert error["code"] == ("invalid_players" if field == "players" else "invalid_option")


def test_the_form_chips_the_sheet_and_the_csv(client):
    games = client.get("/new").get_data(as_text=True)  # the counts of players as a range
    assert re.search(r"Your own rules\s*<small>3–8 players</small>", games) and "3–4–5" not in games
    page = client.get("/new?variant=house-rules").get_data(as_text=True)
    assert 'type="radio" name="option-schedule" value="custom"' in page and 'name="option-card_list"' in page
    form = {"variant": "house-rules", "player": NAMES[:3], "first_dealer": "0", "option-schedule": "custom",
            "option-card_list": "1, 2, 2", "option-trump": "no-trump", "option-exact_bonus": "0",
            "option-plus_bid": "nothing", "option-trick_points": "never", "option-miss_penalty": "0",
            "option-zero_bonus": "0", "option-dealer_rule": "on", "option-hand_count": "10",
            "option-rotation": "S-D-C-H-NT", "option-direction": "clockwise", "option-most_cards": ""}
    answer = client.post("/new", data=form)
    assert answer.status_code == 303
    sheet = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "1, 2, 2" in sheet and "nobody will ever score" in sheet and "house-rules.md" in sheet
    assert '<details class="house-rules-box">' in sheet  # fourteen rules folded: the entry stays on the first screen
    assert "Order of the trumps" not in sheet  # a rule that does not matter with these is not listed
    refused = client.post("/new", data={**form, "option-card_list": "1, 0"})
    assert refused.status_code == 422 and "0 cards" in refused.get_data(as_text=True)


def test_the_rules_travel_in_the_csv(client, api):
    created = api.game(variant="house-rules", players=NAMES[:3],
                       options={"schedule": "custom", "card_list": [2, 1], "plus_bid": "bid-squared"})
    game_id, key = created["id"], created["keys"]["scorer"]
    ok(api.hand(game_id, key, 1, {"trump": "S", "bids": [1, 0, 0], "tricks": [1, 1, 0]}))
    exported = client.get(f"/api/v1/games/{game_id}/export.csv", headers=api.headers(key)).get_data()
    imported = client.post("/api/v1/games/import", data=exported, headers={"Content-Type": "text/csv"})
    again = ok(imported, 201)
    game = again.get("game", again)
    assert game["options"]["card_list"] == [2, 1] and game["hands"][0]["scores"] == [11, 0, 10]


def test_sealed_bids_on_every_hand(api):
    """With `sealed`, each seat bids on its own phone and sees only its own bid until the tricks; the dealer's rule
    cannot apply, so the bids may add up to the cards."""
    created = api.game(variant="kachuful", players=NAMES[:3], first_dealer=0, options={"sealed": True})
    game_id, keys = created["id"], created["keys"]
    assert created["game"]["hands"][0]["bidding"] == "sealed"
    for seat, bid in enumerate([1, 0, 0]):  # 1 card: the bids add up to it
        ok(api.bid(game_id, keys["seats"][seat], 1, seat, bid))
    seen = ok(api.get(game_id, keys["seats"][1]))["hands"][0]
    assert seen["bids"] == [None, 0, None] and seen["bids_in"] == [True, True, True]
    game = ok(api.hand(game_id, keys["scorer"], 1, {"tricks": [1, 0, 0]}))
    assert game["hands"][0]["bids"] == [1, 0, 0] and game["hands"][0]["scores"] == [11, 10, 10]


def test_a_tournament_of_a_preset(client, api):
    """A tournament plays one preset at every table (#23): tables of 3 to 5, each ranked as tournament Whist ranks
    a table (total, then fewer failed contracts) with its table points; a game of another variant stays out."""
    made = ok(client.post("/api/v1/tournaments", json={"name": "Serata Oh Hell", "variant": "oh-hell"}), 201)
    tid, organiser = made["id"], made["keys"]["organiser"]
    assert made["tournament"]["variant"] == "oh-hell"
    headers = {"Authorization": f"Bearer {organiser}"}
    six = client.post(f"/api/v1/tournaments/{tid}/games", json={"players": NAMES[:6]}, headers=headers)
    assert six.status_code == 422 and "3 to 5" in six.get_json()["error"]["message"]
    added = ok(client.post(f"/api/v1/tournaments/{tid}/games",
                           json={"players": NAMES[:3], "first_dealer": 0,
                                 "options": {"schedule": "fixed", "most_cards": 2, "hand_count": 2}},
                           headers=headers), 201)
    assert added["variant"] == "oh-hell"
    game_id, key = added["id"], added["keys"]["scorer"]
    for number in (1, 2):  # twice: Anna makes 2 (12), Bruno 0 (10), Carla misses 1 (0)
        ok(api.hand(game_id, key, number, {"trump": "S", "bids": [2, 0, 1], "tricks": [2, 0, 0]}))
    standings = ok(client.get(f"/api/v1/tournaments/{tid}", headers=headers))["standings"]
    assert [(s["player"], s["table_points"], s["raw_points"]) for s in standings] == [
        ("Anna", "9", 24), ("Bruno", "5", 20), ("Carla", "2", 0)]
    wist = api.game(variant="wist")
    refused = client.post(f"/api/v1/tournaments/{tid}/games", json={"game_id": wist["id"],
                                                                   "key": wist["keys"]["scorer"]}, headers=headers)
    assert refused.status_code == 422 and "Oh Hell" in refused.get_json()["error"]["message"]
    page = client.get("/tournaments/new").get_data(as_text=True)
    assert 'name="variant" value="kachuful"' in page
    form = client.post("/tournaments/new", data={"name": "Kachuful night", "variant": "kachuful"})
    assert form.status_code == 303


def test_a_short_list_of_house_rules_stays_open(api, client):
    """Wist's three rules are read at a glance; only a long list (the presets' fourteen) is folded."""
    game = api.game()
    sheet = client.get(f"/g/{game['id']}/{game['keys']['view']}").get_data(as_text=True)
    assert '<p class="house-rules muted">' in sheet and "house-rules-box" not in sheet


# -- options that mean nothing with the others chosen (#34) ------------------------------------------------------
MEANINGLESS = [
    ("house-rules", {"sealed": True, "dealer_rule": False}, "dealer_rule", "“sealed” is true"),
    ("house-rules", {"sealed": True, "dealer_rule": True}, "dealer_rule", "“sealed” is true"),
    ("oh-hell", {"rotation": "S-H-C-D-NT"}, "rotation", "“trump” is \"turned\""),
    ("kachuful", {"trump": "no-trump", "rotation": "S-D-C-H"}, "rotation", "“trump” is \"no-trump\""),
    ("blob", {"hand_count": 5}, "hand_count", "“schedule” is \"down-and-up\""),
    ("house-rules", {"schedule": "custom", "card_list": [1, 2], "most_cards": 2}, "most_cards",
     "“schedule” is \"custom\""),
    ("oh-hell", {"schedule": "up-to-the-most-and-down", "most_cards": 10}, "most_cards",
     "“schedule” is \"up-to-the-most-and-down\""),
]


@pytest.mark.parametrize("variant, options, field, words", MEANINGLESS)
def test_an_option_that_means_nothing_with_the_others_is_refused_by_name(app, client, variant, options, field,
                                                                          words):
    """Accepted and echoed before #34; now a 422 whose `field` is the option, and no game is made."""
    before = count_rows(app)
    answer = client.post("/api/v1/games", json={"variant": variant, "players": NAMES[:4], "options": options})
    assert answer.status_code == 422, answer.get_json()
    error = answer.get_json()["error"]
    assert (error["code"], error["field"]) == ("invalid_option", field)
    assert f"Option “{field}”" in error["message"] and words in error["message"]
    assert count_rows(app) == before


@pytest.mark.parametrize("variant, options", [
    ("oh-hell", {"card_list": None}), ("house-rules", {"schedule": "down-and-up", "card_list": None}),
    ("house-rules", {"schedule": "custom", "card_list": [1, 2], "most_cards": None}),
])
def test_an_option_sent_as_null_says_nothing_and_passes(client, variant, options):
    """A client that sends every field of the documented schema sends `"card_list": null`: it asks for no list,
    as leaving it out does (the OpenAPI document allows it; the server refused it, #36)."""
    answer = client.post("/api/v1/games", json={"variant": variant, "players": NAMES[:4], "options": options})
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["game"]["options"]["card_list"] == options["card_list"]


def test_a_partita_of_a_preset_refuses_an_option_that_means_nothing_too(app, client):
    made = ok(client.post("/api/v1/tournaments", json={"name": "Serata Blob", "variant": "blob"}), 201)
    headers = {"Authorization": f"Bearer {made['keys']['organiser']}"}
    before = count_rows(app)
    refused = client.post(f"/api/v1/tournaments/{made['id']}/games", headers=headers,
                          json={"players": NAMES[:4], "options": {"sealed": True, "dealer_rule": False}})
    assert refused.status_code == 422 and refused.get_json()["error"]["field"] == "dealer_rule"
    assert count_rows(app) == before


def test_the_form_sends_every_field_and_keeps_only_what_matters(client):
    """The form draws every rule, so it sends the ones that do not matter too: those are left out, not refused."""
    form = {"variant": "kachuful", "player": NAMES[:8], "first_dealer": "0", "option-schedule": "up",
            "option-most_cards": "", "option-hand_count": "10", "option-card_list": "", "option-trump": "rotating",
            "option-rotation": "S-D-C-H", "option-exact_bonus": "10", "option-plus_bid": "bid",
            "option-trick_points": "never", "option-miss_penalty": "0", "option-zero_bonus": "0",
            "option-first_bid": "after-dealer", "option-sealed": "on", "option-direction": "clockwise"}
    answer = client.post("/new", data=form)  # sealed, and the dealer's rule left unticked: it cannot apply
    assert answer.status_code == 303, answer.get_data(as_text=True)
    game_id, key = answer.headers["Location"].split("/")[-2:]
    game = ok(client.get(f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {key}"}))
    assert len(game["players"]) == 8 and game["options"]["sealed"] is True
    assert [h["cards"] for h in game["schedule"]] == [1, 2, 3, 4, 5, 6]
    assert [h["trump"] for h in game["schedule"]] == ["S", "D", "C", "H", "S", "D"]
    page = client.get("/new?variant=kachuful").get_data(as_text=True)
    assert page.count('name="player"') == 8 and 'value="S-D-C-H" checked' in page
    assert 'name="option-schedule" value="up-to-the-most-and-down"' in page


def test_a_blob_hand_without_the_called_trump_says_so(api):
    created = api.game(variant="blob", players=NAMES[:4], first_dealer=0)
    answer = api.hand(created["id"], created["keys"]["scorer"], 1, {"bids": [4, 2, 0, 3], "tricks": [4, 3, 0, 3]})
    error = answer.get_json()["error"]
    assert answer.status_code == 422 and error["field"] == "trump"
    assert error["message"] == "Record the trump named by the highest bidder (a suit, or NT) first."


def test_oh_hell_for_four_deals_ten_down_to_one_and_back(api):
    """The done line of #34: pagat's schedule is the preset's."""
    game = api.game(variant="oh-hell", players=NAMES[:4])["game"]
    assert [h["cards"] for h in game["schedule"]] == [*range(10, 0, -1), *range(2, 11)]
