"""CSV export (docs/api.md "CSV export"): checked byte for byte."""
from __future__ import annotations

import csv
import io

import pytest

from scorekeeper.formats.csvexport import NUMERIC, safe
from tests.rules.test_wist import GAME4, GAME5
from tests.module_app import api, app, client  # noqa: F401  (one database per module)

HEADER = ("game_id,variant,hand,hand_name,cards,trump,dealer,seat,player,bid,tricks,score,total,detail,"
          "players,first_dealer,options,ended,record")
WIST = '"{""direction"":""counterclockwise"",""sealed_buio"":false,""trump_may_always_cut"":false}"'




def export(api, game_id, key):
    response = api.client.get(f"/api/v1/games/{game_id}/export.csv", headers=api.headers(key))
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.mimetype_params.get("charset") == "utf-8"
    return response.get_data()  # bytes


def id_cell(game_id: str) -> str:
    """Game ids are random URL-safe text: one that begins with "-" is exported with a "'" too."""
    return "'" + game_id if game_id.startswith(("=", "+", "-", "@")) else game_id


def test_small_game_byte_for_byte(api):
    data = api.game(players=["=cmd", "Bruno", "Niccolò", "-Bob"], first_dealer=0)
    game_id, key = data["id"], data["keys"]["scorer"]
    # Hand 1, "=cmd" deals: bids 3 0 4 2, tricks 4 1 4 4 → 4, −5, 14, 4.
    for seat, bid in ((1, 0), (2, 4), (3, 2), (0, 3)):
        assert api.bid(game_id, key, 1, seat, bid).status_code == 200
    api.recorded(game_id, key, 1, {"tricks": [4, 1, 4, 4]})
    # Hand 2, Bruno deals: bids 0 5 2 3, tricks 0 6 2 5 → 25, 6, 12, 5; totals 29, 1, 26, 9.
    api.recorded(game_id, key, 2, {"bids": [0, 5, 2, 3], "tricks": [0, 6, 2, 5]})
    # Hand 3 in progress: not exported.
    assert api.bid(game_id, key, 3, 3, 1).status_code == 200
    g = id_cell(game_id)
    # After the API's columns: the players as JSON (never prefixed: a JSON list begins with "["), the first
    # dealer, the options, not ended, and each hand's record as it stands.
    game = f'"[""=cmd"",""Bruno"",""Niccolò"",""-Bob""]",0,{WIST},no,'
    one = game + '"{""bids"":[3,0,4,2],""tricks"":[4,1,4,4],""trump"":""H""}"\r\n'
    two = game + '"{""bids"":[0,5,2,3],""tricks"":[0,6,2,5],""trump"":""D""}"\r\n'
    expected = (
        HEADER + "\r\n"
        f"{g},wist,1,Cuori,13,H,'=cmd,0,'=cmd,3,4,4,4,\"bid 3, took 4: missed\"," + one +
        f"{g},wist,1,Cuori,13,H,'=cmd,1,Bruno,0,1,-5,-5,\"bid 0, took 1: missed\"," + one +
        f"{g},wist,1,Cuori,13,H,'=cmd,2,Niccolò,4,4,14,14,\"bid 4, took 4: made\"," + one +
        f"{g},wist,1,Cuori,13,H,'=cmd,3,'-Bob,2,4,4,4,\"bid 2, took 4: missed\"," + one +
        f"{g},wist,2,Quadri,13,D,Bruno,0,'=cmd,0,0,25,29,\"bid 0, took 0: made\"," + two +
        f"{g},wist,2,Quadri,13,D,Bruno,1,Bruno,5,6,6,1,\"bid 5, took 6: missed\"," + two +
        f"{g},wist,2,Quadri,13,D,Bruno,2,Niccolò,2,2,12,26,\"bid 2, took 2: made\"," + two +
        f"{g},wist,2,Quadri,13,D,Bruno,3,'-Bob,3,5,5,9,\"bid 3, took 5: missed\"," + two
    ).encode("utf-8")
    assert export(api, game_id, key) == expected
    # Every key of the game may export it, and gets the same bytes.
    for other in (data["keys"]["view"], *data["keys"]["seats"]):
        assert export(api, game_id, other) == expected


def test_header_only_before_anything_is_scored(api):
    data = api.game()
    assert export(api, data["id"], data["keys"]["view"]) == (HEADER + "\r\n").encode()


def test_export_needs_a_key(api):
    data = api.game()
    response = api.client.get(f"/api/v1/games/{data['id']}/export.csv")
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "not_found"


@pytest.mark.parametrize("worked", [GAME4, GAME5], ids=["4-players", "5-players"])
def test_a_finished_game_has_one_row_per_hand_per_player(api, worked):
    data = api.game(players=list(worked.players), first_dealer=worked.first_dealer)
    game_id, key = data["id"], data["keys"]["scorer"]
    for number, hand in enumerate(worked.hands, start=1):
        bids = {"bids": list(hand.bids)} if number < 8 else {}
        api.recorded(game_id, key, number, {"tricks": list(hand.tricks), **bids})
    raw = export(api, game_id, key)
    assert raw.count(b"\r\n") == 1 + 8 * len(worked.players)
    assert b"\n" not in raw.replace(b"\r\n", b"")
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8"), newline="")))
    assert len(rows) == 8 * len(worked.players)
    for index, row in enumerate(rows):
        number, seat = divmod(index, len(worked.players))
        hand = worked.hands[number]
        assert (row["hand"], row["seat"], row["player"]) == (str(number + 1), str(seat), worked.players[seat])
        assert row["dealer"] == worked.players[hand.dealer]
        assert row["bid"] == str(hand.bids[seat])
        assert row["tricks"] == str(hand.tricks[seat])
        assert row["score"] == str(hand.scores[seat])
        assert row["total"] == str(hand.totals[seat])
        assert row["cards"] == ("13" if len(worked.players) == 4 else "10")
    assert [r["hand_name"] for r in rows[:: len(worked.players)]] == [
        "Cuori", "Quadri", "Fiori", "Picche", "Libera", "Buio", "Biglietti", "Wist"]
    assert [r["trump"] for r in rows[:: len(worked.players)]] == ["H", "D", "C", "S", "NT", "NT", "NT", "NT"]


def test_sealed_bids_never_leak_through_the_export(api):
    data = api.game(first_dealer=0)
    game_id, key = data["id"], data["keys"]["scorer"]
    for number in range(1, 7):
        api.recorded(game_id, key, number, {"bids": [0, 0, 0, 0], "tricks": [13, 0, 0, 0]})
    before = export(api, game_id, key)
    # Hand 7 (Biglietti): every sealed bid is in, the tricks are not.
    for seat, bid in ((3, 7), (0, 1), (1, 2), (2, 3)):
        assert api.bid(game_id, data["keys"]["seats"][seat], 7, seat, bid).status_code == 200
    for who in (key, data["keys"]["view"], *data["keys"]["seats"]):
        assert export(api, game_id, who) == before
    assert b",7,Biglietti," not in before
    api.recorded(game_id, key, 7, {"tricks": [1, 2, 3, 7]})
    after = export(api, game_id, key).decode("utf-8")
    hand7 = [line for line in after.split("\r\n") if ",7,Biglietti," in line]
    # bid, tricks, score, total (hands 1–6: seat 0 took 13 at Wist each time, −65; the others +25)
    assert [line.split(",")[9:13] for line in hand7] == [
        ["1", "1", "11", "-379"], ["2", "2", "12", "162"], ["3", "3", "13", "163"], ["7", "7", "17", "167"]]


@pytest.mark.parametrize("column, value, cell", [
    ("player", "=cmd", "'=cmd"),
    ("player", "+39 333", "'+39 333"),
    ("player", "-Bob", "'-Bob"),
    ("player", "@home", "'@home"),
    ("player", "\tTab", "'\tTab"),
    ("player", "\rCR", "'\rCR"),
    ("player", "Anna", "Anna"),
    ("player", "Anna=1", "Anna=1"),
    ("dealer", "=cmd", "'=cmd"),
    ("detail", "-5 points", "'-5 points"),
    ("score", -5, "-5"),          # a number in a numeric column stays a number
    ("total", -120, "-120"),
    ("bid", 0, "0"),
    ("score", "-5", "'-5"),       # text is text, even in a numeric column
    ("bid", None, ""),
    ("bid", True, "True"),        # not a number
])
def test_safe_cells(column, value, cell):
    assert safe(value, numeric=column in NUMERIC) == cell


def test_names_with_commas_and_quotes_are_quoted(api):
    players = ['Il "Capo"', "Zoë, la grande", "@anna", "+39"]
    data = api.game(players=players, first_dealer=0)
    game_id, key = data["id"], data["keys"]["scorer"]
    api.recorded(game_id, key, 1, {"bids": [0, 0, 0, 0], "tricks": [0, 0, 0, 13]})
    lines = export(api, game_id, key).decode("utf-8").split("\r\n")
    g = id_cell(game_id)
    # In JSON a quote is \", which CSV doubles: \"".
    end = (',"[""Il \\""Capo\\"""",""Zoë, la grande"",""@anna"",""+39""]",0,' + WIST +
           ',no,"{""bids"":[0,0,0,0],""tricks"":[0,0,0,13],""trump"":""H""}"')
    assert lines[1] == f'{g},wist,1,Cuori,13,H,"Il ""Capo""",0,"Il ""Capo""",0,0,25,25,"bid 0, took 0: made"' + end
    assert lines[2] == f'{g},wist,1,Cuori,13,H,"Il ""Capo""",1,"Zoë, la grande",0,0,25,25,"bid 0, took 0: made"' + end
    assert lines[3] == f"{g},wist,1,Cuori,13,H,\"Il \"\"Capo\"\"\",2,'@anna,0,0,25,25,\"bid 0, took 0: made\"" + end
    assert lines[4] == (f"{g},wist,1,Cuori,13,H,\"Il \"\"Capo\"\"\",3,'+39,0,13,-65,-65,\"bid 0, took 13: missed\""
                        + end)
    assert lines[5] == ""


def test_an_illegal_play_is_a_failed_contract_in_the_detail(api):
    """Tournament rules: a player who made an illegal play scores 0 and the hand counts as failed for them."""
    data = api.game(variant="whist-torneo", players=["Anna", "Bruno", "Carla"], first_dealer=0)
    game_id, key = data["id"], data["keys"]["scorer"]
    api.recorded(game_id, key, 1, {"trump": "S", "bids": [1, 1, 0], "tricks": [1, 1, 1], "penalties": [1]})
    lines = export(api, game_id, key).decode("utf-8").split("\r\n")
    g = id_cell(game_id)
    end = (',"[""Anna"",""Bruno"",""Carla""]",0,"{""scheme"":""ridotto"",""direction"":""counterclockwise""}",no,'
           '"{""bids"":[1,1,0],""tricks"":[1,1,1],""trump"":""S"",""penalties"":[1]}"')
    assert lines[1:4] == [f'{g},whist-torneo,1,,3,S,Anna,0,Anna,1,1,14,14,"bid 1, took 1: made"' + end,
                          f'{g},whist-torneo,1,,3,S,Anna,1,Bruno,1,1,0,0,"bid 1, took 1: failed, illegal play"' + end,
                          f'{g},whist-torneo,1,,3,S,Anna,2,Carla,0,1,1,1,"bid 0, took 1: missed"' + end]


def test_every_sheet_offers_its_csv_in_one_tap(api):
    """The sheet's "CSV" link downloads what the API exports, for any link of the game (view, seat)."""
    data = api.game(players=["Anna", "Bruno", "Carla", "Dario"], first_dealer=0)
    game_id, keys = data["id"], data["keys"]
    api.recorded(game_id, keys["scorer"], 1, {"bids": [3, 0, 4, 2], "tricks": [4, 1, 4, 4]})
    expected = export(api, game_id, keys["scorer"])
    for key in (keys["view"], keys["seats"][2], keys["scorer"]):
        sheet = api.client.get(f"/g/{game_id}/{key}").get_data(as_text=True)
        assert f'href="/g/{game_id}/{key}/export.csv"' in sheet
        response = api.client.get(f"/g/{game_id}/{key}/export.csv")
        assert response.status_code == 200 and response.get_data() == expected
        assert response.headers["Content-Disposition"] == f'attachment; filename="game-{game_id}.csv"'
        assert response.headers["Cache-Control"] == "no-store"
    assert api.client.get(f"/g/{game_id}/wrong-key/export.csv").status_code == 404
