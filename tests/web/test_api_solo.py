"""Solo Whist through the API (docs/api.md "Solo Whist"): scores per seat, stakes and money, who pays whom."""
from __future__ import annotations

import re
import sqlite3
from html import unescape

import pytest

from tests.module_app import api, app, client  # noqa: F401  (one database per module)

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]


def new(api, **options):
    data = api.game(variant="solo-whist", players=PLAYERS, first_dealer=0, options=options or None)
    return data["id"], data["keys"]["scorer"], data["game"]


def test_options_and_an_empty_game(api):
    _, _, game = new(api)
    assert game["options"] == {"system": 1, "stake": None, "currency": "EUR", "deals": None}
    assert game["totals"] == [0, 0, 0, 0] and game["settlement"] == [] and "money_totals" not in game
    _, _, game = new(api, system=2, stake="0.10", currency="GBP", deals=8)
    assert game["options"] == {"system": 2, "stake": "0.10", "currency": "GBP", "deals": 8}
    assert game["money_totals"] == ["0.00"] * 4
    _, _, game = new(api, stake="0.10", currency=None)
    assert game["options"]["currency"] is None and game["money_totals"] == ["0.00"] * 4
    refused = api.client.post("/api/v1/games", json={"variant": "solo-whist", "players": PLAYERS,
                                                     "options": {"currency": "JPY"}})
    assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "invalid_option"


@pytest.mark.parametrize("system, body, scores, made, difference", [
    # Source example I: solo made with 7 tricks → +12 + 2×3 = +18, each opponent −4 − 2×1 = −6.
    (1, {"contract": "solo", "declarer": 1, "trump": "H", "tricks": 7}, [-6, 18, -6, -6], True, 2),
    # Source example II: abondance with 7 tricks (2 short) → −36 − 2×6 = −48, each opponent +12 + 2×2 = +16.
    (1, {"contract": "abondance", "declarer": 2, "trump": "S", "tricks": 7}, [16, 16, -48, 16], False, -2),
    (2, {"contract": "solo", "declarer": 1, "trump": "H", "tricks": 7}, [-1, 3, -1, -1], True, 2),
    (2, {"contract": "abondance", "declarer": 2, "trump": "S", "tricks": 7}, [3, 3, -9, 3], False, -2),
    # Proposal made with 10: each partner +4 + 2×1, each opponent −6; in stakes ±1 each.
    (1, {"contract": "proposal", "declarer": 0, "partner": 2, "trump": "D", "tricks": 10}, [6, -6, 6, -6], True, 2),
    (2, {"contract": "proposal", "declarer": 0, "partner": 2, "trump": "D", "tricks": 10}, [1, -1, 1, -1], True, 2),
    # Misère failed on the first trick: −24, opponents +8 (no under-tricks); misère ouverte made: +48 / −16.
    (1, {"contract": "misere", "declarer": 3, "tricks": 1}, [8, 8, 8, -24], False, -1),
    (1, {"contract": "misere-ouverte", "declarer": 3, "tricks": 0}, [-16, -16, -16, 48], True, 0),
    (2, {"contract": "misere", "declarer": 3, "tricks": 0}, [-2, -2, -2, 6], True, 0),
    # Abondance déclarée: all 13 or nothing.
    (1, {"contract": "abondance-declaree", "declarer": 0, "tricks": 13}, [72, -24, -24, -24], True, 0),
    (2, {"contract": "abondance-declaree", "declarer": 0, "tricks": 12}, [-18, 6, 6, 6], False, -1),
    (1, {"contract": "abondance-trump", "declarer": 1, "trump": "C", "tricks": 10}, [-14, 42, -14, -14], True, 1),
])
def test_every_kind_of_deal(api, system, body, scores, made, difference):
    game_id, key, _ = new(api, system=system)
    game = api.recorded(game_id, key, 1, body)
    hand = game["hands"][0]
    assert hand["scores"] == scores and sum(scores) == 0 and game["totals"] == scores
    assert hand["result"] == {"made": made, "difference": difference, "scores": scores}
    assert hand["contract"] == body["contract"] and hand["declarer"] == body["declarer"] and hand["counted"] is True


def test_a_session_with_a_pass_money_settlement_and_an_end(api):
    game_id, key, _ = new(api, system=2, stake="0.10")
    api.recorded(game_id, key, 1, {"contract": "solo", "declarer": 1, "trump": "H", "tricks": 7})      # B +3
    game = api.recorded(game_id, key, 2, {"contract": "pass"})                                       # nothing
    assert game["hands"][1]["scores"] == [0, 0, 0, 0] and game["hands"][1]["counted"] is False
    api.recorded(game_id, key, 3, {"contract": "misere", "declarer": 3, "tricks": 1})               # D −6
    game = api.recorded(game_id, key, 4, {"contract": "proposal", "declarer": 0, "partner": 2, "trump": "S",
                                      "tricks": 9})                                               # A, C +1
    assert [h["dealer"] for h in game["hands"]] == [0, 1, 2, 3, 0]  # the deal passes on every deal
    assert game["totals"] == [2, 4, 2, -8] and game["money_totals"] == ["0.20", "0.40", "0.20", "-0.80"]
    assert game["deals_played"] == 3 and game["status"] == "in_progress"
    assert game["settlement"] == [{"payer": 3, "payee": 0, "amount": 2, "money": "0.20"},
                                  {"payer": 3, "payee": 1, "amount": 4, "money": "0.40"},
                                  {"payer": 3, "payee": 2, "amount": 2, "money": "0.20"}]
    response = api.client.post(f"/api/v1/games/{game_id}/end", headers=api.headers(key))
    assert response.status_code == 200
    ended = response.get_json()
    assert ended["status"] == "finished" and ended["current_hand"] is None and ended["ended"] is True
    assert [(s["seat"], s["place"]) for s in ended["standings"]] == [(1, 1), (0, 2), (2, 2), (3, 4)]
    csv = api.client.get(f"/api/v1/games/{game_id}/export.csv", headers=api.headers(key)).get_data(as_text=True)
    lines = [line.split(",", 1)[1].split(',"[')[0] for line in csv.split("\r\n")[1:-1]]  # the API's columns but the id
    assert lines[1] == 'solo-whist,1,solo,13,H,Anna,1,Bruno,,7,3,3,"solo by Bruno, 7 tricks (made)"'
    assert lines[0] == 'solo-whist,1,solo,13,H,Anna,0,Anna,,,-1,-1,"solo by Bruno, 7 tricks (made)"'
    assert lines[4] == "solo-whist,2,pass,13,,Bruno,0,Anna,,,0,-1,all passed"
    assert lines[11] == 'solo-whist,3,misere,13,,Carla,3,Dario,,1,-6,-7,"misère by Dario, 1 trick (failed)"'
    assert lines[12] == ('solo-whist,4,proposal,13,S,Dario,0,Anna,,9,1,2,'
                         '"proposal and acceptance by Anna with Carla, 9 tricks (made)"')
    # Over: no deal can follow.
    assert api.hand(game_id, key, 5, {"contract": "pass"}).status_code == 409


def test_a_fixed_number_of_deals_ends_the_game_passes_not_counted(api):
    game_id, key, game = new(api, deals=2)
    api.recorded(game_id, key, 1, {"contract": "pass"})
    game = api.recorded(game_id, key, 2, {"contract": "solo", "declarer": 0, "trump": "S", "tricks": 5})
    assert game["status"] == "in_progress" and game["deals_played"] == 1
    game = api.recorded(game_id, key, 3, {"contract": "misere", "declarer": 1, "tricks": 0})
    assert game["status"] == "finished" and game["totals"] == [4, 20, -12, -12]  # solo 5: +12; misère: +24


def test_a_correction_refused_past_the_fixed_end_says_what_works_and_it_does(api):
    """2 deals, four passes between them; deal 2 corrected from a pass to a solo ends the game at deal 2, with
    deals 3 to 6 recorded after it. Correcting or undoing deal 3 alone cannot help (#18): undo until they are
    gone, then correct."""
    game_id, key, _ = new(api, deals=2)
    deals = [{"contract": "solo", "declarer": 0, "trump": "H", "tricks": 5}] + [{"contract": "pass"}] * 4 + \
        [{"contract": "solo", "declarer": 1, "trump": "S", "tricks": 6}]
    for number, body in enumerate(deals, start=1):
        game = api.recorded(game_id, key, number, body)
    assert game["status"] == "finished" and game["deals_played"] == 2
    correction = {"contract": "misere", "declarer": 2, "tricks": 0}
    response = api.hand(game_id, key, 2, correction)
    assert response.status_code == 409
    assert response.get_json()["error"]["message"] == (
        "With this correction the game's 2 deals are all played by deal 2, yet deals 3 to 6 are recorded after "
        "them: undo until they are gone (Undo takes back the latest change first), then make this correction again.")
    italian = api.hand(game_id, key, 2, correction, **{"Accept-Language": "it"}).get_json()["error"]["message"]
    assert "3 a 6" in italian and "annulla" in italian.lower()
    for _ in range(4):
        assert api.undo(game_id, key).status_code == 200
    game = api.recorded(game_id, key, 2, correction)   # the advice works
    assert game["status"] == "finished" and [h["contract"] for h in game["hands"]] == ["solo", "misere"]


class Refused:
    def __init__(self, api):
        self.api = api
        self.id, self.key, _ = new(api)
        api.recorded(self.id, self.key, 1, {"contract": "solo", "declarer": 1, "trump": "H", "tricks": 7})

    def check(self, body, status, code, field):
        before = self.api.get(self.id, self.key).get_json()
        response = self.api.hand(self.id, self.key, 2, body)
        assert response.status_code == status, response.get_json()
        error = response.get_json()["error"]
        assert error["code"] == code and error.get("field") == field and len(error["message"]) > 15, error
        assert self.api.get(self.id, self.key).get_json() == before


@pytest.mark.parametrize("body, code, field", [
    ({"contract": "solo", "declarer": 0, "trump": "H", "tricks": 14}, "tricks_sum", "tricks"),
    ({"contract": "solo", "declarer": 0, "partner": 2, "trump": "H", "tricks": 5}, "invalid_input", "partner"),
    ({"contract": "proposal", "declarer": 0, "trump": "H", "tricks": 8}, "invalid_input", "partner"),
    ({"contract": "proposal", "declarer": 1, "partner": 1, "trump": "H", "tricks": 8}, "invalid_input", "partner"),
    ({"contract": "misere", "declarer": 0, "trump": "H", "tricks": 0}, "invalid_input", "trump"),
    ({"contract": "abondance-declaree", "declarer": 0, "trump": "NT", "tricks": 13}, "invalid_input", "trump"),
    ({"contract": "grand-slam", "declarer": 0, "tricks": 13}, "invalid_contract", "contract"),
    ({"contract": "solo", "declarer": 4, "trump": "H", "tricks": 5}, "invalid_input", "declarer"),
    ({"contract": "pass", "declarer": 1}, "invalid_input", "declarer"),
])
def test_bad_deals_are_refused_and_change_nothing(api, body, code, field):
    Refused(api).check(body, 422, code, field)


def test_the_deal_form_in_a_few_taps_and_what_it_drops(client, api):
    """The page's form: a trump left chosen on a misère is dropped (the page hides it), a pass is one button."""
    game_id, key, _ = new(api)
    base = f"/g/{game_id}/{key}"
    assert client.post(f"{base}/hands/1", data={"contract": "misere", "declarer": "2", "trump": "H",
                                                "tricks": "0"}).status_code == 303
    assert client.post(f"{base}/hands/2", data={"pass": "1", "contract": "solo"}).status_code == 303
    game = api.get(game_id, key).get_json()
    assert game["hands"][0]["trump"] is None and game["hands"][0]["scores"] == [-8, -8, 24, -8]
    assert game["hands"][1]["contract"] == "pass"
    refused = client.post(f"{base}/hands/3", data={"contract": "solo", "trump": "H", "tricks": "5"})
    assert refused.status_code == 422 and "declarer" in refused.get_data(as_text=True).lower()
    assert api.get(game_id, key).get_json() == game


# A file exported before the option `currency` existed (its `options` lack it): two deals, a stake of 0.10.
OLD_FILE = (
    "game_id,variant,hand,hand_name,cards,trump,dealer,seat,player,bid,tricks,score,total,detail,players,"
    "first_dealer,options,ended,record\r\n"
    + "".join(
        f'oldGame0001x,solo-whist,{hand},{name},13,{trump},{dealer},{seat},{player},,{tricks},{score},{total},'
        f'"{detail}","[""Anna"",""Bruno"",""Carla"",""Dario""]",0,'
        f'"{{""system"":1,""stake"":""0.10"",""deals"":null}}",yes,"{record}"\r\n'
        for hand, name, trump, dealer, detail, record, rows in (
            (1, "solo", "H", "Anna", "solo by Bruno, 7 tricks (+2)",
             '{""contract"":""solo"",""declarer"":1,""trump"":""H"",""tricks"":7}',
             [("Anna", "", -6, -6), ("Bruno", 7, 18, 18), ("Carla", "", -6, -6), ("Dario", "", -6, -6)]),
            (2, "misere", "", "Bruno", "misère by Dario, 1 trick (failed)",
             '{""contract"":""misere"",""declarer"":3,""tricks"":1}',
             [("Anna", "", 8, 2), ("Bruno", "", 8, 26), ("Carla", "", 8, 2), ("Dario", 1, -24, -30)]))
        for seat, (player, tricks, score, total) in enumerate(rows)))


def test_a_file_from_before_the_currency_imports_and_exports_again_byte_for_byte(api):
    response = api.client.post("/api/v1/games/import", data=OLD_FILE.encode(), headers={"Content-Type": "text/csv"})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    game = body["game"]
    assert game["options"] == {"system": 1, "stake": "0.10", "currency": "EUR", "deals": None}  # euros, as before
    assert game["totals"] == [2, 26, 2, -30] and game["money_totals"] == ["0.20", "2.60", "0.20", "-3.00"]
    again = api.client.get(f"/api/v1/games/{body['id']}/export.csv", headers=api.headers(body["keys"]["view"]))
    assert again.get_data(as_text=True) == OLD_FILE.replace("oldGame0001x", body["id"])


def test_a_game_kept_from_before_the_currency_loads_and_exports_as_before(app, api):
    """A game created before the option: its creation holds no `currency`."""
    data = api.game(variant="solo-whist", players=PLAYERS, first_dealer=0, options={"stake": "0.10"})
    game_id, key = data["id"], data["keys"]["scorer"]
    api.recorded(game_id, key, 1, {"contract": "solo", "declarer": 1, "trump": "H", "tricks": 7})
    with sqlite3.connect(app.config["SCOREKEEPER_DATABASE"]) as db:
        db.execute("UPDATE events SET payload = json_remove(payload, '$.options.currency') WHERE game_id = ? "
                   "AND seq = 1", [game_id])
    game = api.get(game_id, key).get_json()
    assert game["options"] == {"system": 1, "stake": "0.10", "currency": "EUR", "deals": None}
    csv = api.client.get(f"/api/v1/games/{game_id}/export.csv", headers=api.headers(key)).get_data(as_text=True)
    assert ',"{""system"":1,""stake"":""0.10"",""deals"":null}",' in csv
    sheet = api.client.get(f"/g/{game_id}/{key}").get_data(as_text=True)
    assert "€1.80" in sheet   # Bruno's 18 points at 0.10, in euros


@pytest.mark.parametrize("currency, cell", [
    ("GBP", '"{""system"":1,""stake"":""0.10"",""currency"":""GBP"",""deals"":null}"'),
    (None, '"{""system"":1,""stake"":""0.10"",""currency"":null,""deals"":null}"'),
    ("EUR", '"{""system"":1,""stake"":""0.10"",""deals"":null}"'),   # the default: as files from before
])
def test_a_currency_travels_in_the_file(api, currency, cell):
    data = api.game(variant="solo-whist", players=PLAYERS, first_dealer=0,
                    options={"stake": "0.10", "currency": currency})
    api.recorded(data["id"], data["keys"]["scorer"], 1, {"contract": "solo", "declarer": 1, "trump": "H", "tricks": 7})
    text = api.client.get(f"/api/v1/games/{data['id']}/export.csv",
                          headers=api.headers(data["keys"]["view"])).get_data(as_text=True)
    assert f",0,{cell},no," in text
    response = api.client.post("/api/v1/games/import", data=text.encode(), headers={"Content-Type": "text/csv"})
    assert response.status_code == 201 and response.get_json()["game"]["options"]["currency"] == currency


def page_text(api, game_id, key, language="en") -> str:
    html = api.client.get(f"/g/{game_id}/{key}", headers={"Accept-Language": language}).get_data(as_text=True)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).replace("\xa0", " ").split())


@pytest.mark.parametrize("system, deal, sheet, italian, detail", [
    # By stakes the tricks over or under the contract score nothing: the sheet does not show them (#19).
    (2, {"contract": "solo", "declarer": 1, "trump": "H", "tricks": 7}, "Bruno: made, 7 tricks",
     "Bruno: contratto riuscito, 7 prese", "solo by Bruno, 7 tricks (made)"),
    (2, {"contract": "abondance", "declarer": 2, "trump": "S", "tricks": 7}, "Carla: failed, 7 tricks",
     "Carla: contratto fallito, 7 prese", "abondance by Carla, 7 tricks (failed)"),
    # By points a contract made exactly shows its +0.
    (1, {"contract": "solo", "declarer": 2, "trump": "C", "tricks": 5}, "Carla: made, 5 tricks (+0)",
     "Carla: contratto riuscito, 5 prese (+0)", "solo by Carla, 5 tricks (+0)"),
    (1, {"contract": "solo", "declarer": 1, "trump": "H", "tricks": 7}, "Bruno: made, 7 tricks (+2)",
     "Bruno: contratto riuscito, 7 prese (+2)", "solo by Bruno, 7 tricks (+2)"),
    (1, {"contract": "misere", "declarer": 3, "tricks": 1}, "Dario: failed, 1 trick",
     "Dario: contratto fallito, 1 presa", "misère by Dario, 1 trick (failed)"),
])
def test_the_csv_says_what_the_sheet_says(api, system, deal, sheet, italian, detail):
    """#34: the CSV's detail has the sheet's words for the game's scoring system, in English whoever asks."""
    game_id, key, _ = new(api, system=system)
    api.recorded(game_id, key, 1, deal)
    assert sheet in page_text(api, game_id, key) and italian in page_text(api, game_id, key, "it")
    for language in ("en", "it"):
        csv = api.client.get(f"/api/v1/games/{game_id}/export.csv",
                             headers=api.headers(key, **{"Accept-Language": language})).get_data(as_text=True)
        rows = [line for line in csv.split("\r\n")[1:] if line]
        assert len(rows) == 4 and all(f',"{detail}",' in row for row in rows), rows


def test_the_sheet_names_the_partner_and_writes_money_as_its_reader_does(api):
    """After a proposal the sheet names both partners; money is in the game's currency and the reader's way of
    writing amounts; the house rules do not repeat the form's hints; Italian agrees with the contract (#18, #19)."""
    game_id, key, _ = new(api, stake="0.10")
    api.recorded(game_id, key, 1, {"contract": "proposal", "declarer": 0, "partner": 2, "trump": "S", "tricks": 9})
    english = page_text(api, game_id, key)
    assert ("Deal 1: Proposal and acceptance by Anna with Carla: made, 9 tricks (+1) — Anna +5, Bruno -5, Carla +5, "
            "Dario -5.") in english
    assert "Anna & Carla: made, 9 tricks (+1)" in english
    assert "Scoring: Points Money per point or stake: €0.10 Number of deals: no limit" in english
    assert "Money €0.50 -€0.50 €0.50 -€0.50" in english
    italian = page_text(api, game_id, key, "it")
    assert ("Smazzata 1: Proposta e accettazione di Anna con Carla: contratto riuscito, 9 prese (+1) — Anna +5, "
            "Bruno -5, Carla +5, Dario -5.") in italian
    assert "Anna e Carla: contratto riuscito, 9 prese (+1)" in italian
    assert "Punteggio: Punti Somma per punto o posta: 0,10 € Numero di smazzate: nessun limite" in italian
    assert "Denaro 0,50 € -0,50 € 0,50 € -0,50 €" in italian and "0.10" not in italian
    assert api.client.post(f"/api/v1/games/{game_id}/end", headers=api.headers(key)).status_code == 200
    assert "Bruno pays Anna €0.50 (5 points) Dario pays Carla €0.50 (5 points)" in page_text(api, game_id, key)
    italian = page_text(api, game_id, key, "it")
    assert "Bruno paga 0,50 € a Anna (5 punti) Dario paga 0,50 € a Carla (5 punti)" in italian


@pytest.mark.parametrize("options, english, italian", [
    ({"stake": "1.5", "currency": "GBP", "system": 2}, "£1.50", "1,50 £"),
    ({"stake": "2", "currency": "CHF"}, "CHF 2.00", "2,00 CHF"),
    ({"stake": "0.25", "currency": None}, "0.25", "0,25"),
    ({}, "Money per point or stake: none", "Somma per punto o posta: nessuna"),
])
def test_the_currency_chosen_at_creation_is_the_sheets(api, options, english, italian):
    game_id, key, _ = new(api, **options)
    assert english in page_text(api, game_id, key) and italian in page_text(api, game_id, key, "it")


def test_stakes_are_paid_as_stakes(api):
    game_id, key, _ = new(api, system=2)
    api.recorded(game_id, key, 1, {"contract": "solo", "declarer": 1, "trump": "H", "tricks": 7})
    assert api.client.post(f"/api/v1/games/{game_id}/end", headers=api.headers(key)).status_code == 200
    assert "Anna pays Bruno 1 stake Carla pays Bruno 1 stake Dario pays Bruno 1 stake" in page_text(api, game_id, key)
