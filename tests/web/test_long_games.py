"""Games at the event cap and bad files of the largest size (#16): a 4,999-deal Solo Whist game goes out as CSV
and comes back through the API, the page and the command line, its sheet opens, and at the cap its scorer
hears `too_many_changes`; a 16 MB file of one line is refused at its first line holding little memory, a
chunked one over 16 MB with 413."""
from __future__ import annotations

import csv
import io
import tracemalloc

import pytest

from scorekeeper.formats import csvexport, csvimport
from scorekeeper.formats.csvimport import CsvRefused
from scorekeeper.rules import new_game
from tests.conftest import Api, count_rows, post_chunked

DEALS = 4999  # with the game's creation, the 5,000 events of the cap
CONTRACTS = [{"contract": "solo", "declarer": 1, "trump": "H", "tricks": 6}, {"contract": "pass"},
             {"contract": "misere", "declarer": 2, "tricks": 0},
             {"contract": "proposal", "declarer": 0, "partner": 2, "trump": "S", "tricks": 9}]
MEGABYTES_16 = 16 * 1024 * 1024


def solo_csv(deals: int) -> bytes:
    state = new_game("solo-whist", ["Anna", "Bruno", "Carla", "Dario"], 0, {"stake": "0.05"})
    for number in range(1, deals + 1):
        state = state.apply({"type": "hand", "hand": number, **CONTRACTS[number % len(CONTRACTS)]})
    return csvexport.text(csvexport.GAME_COLUMNS, csvexport.cells("G1", state, False)).encode()


def without_ids(text: bytes) -> list[list[str]]:
    return [row[1:] for row in csv.reader(io.StringIO(text.decode(), newline=""))]


def test_a_solo_game_at_the_cap_goes_out_and_comes_back_three_ways(app, client, tmp_path):
    api = Api(client)
    text = solo_csv(DEALS)
    response = client.post("/api/v1/games/import", data=text, headers={"Content-Type": "text/csv"})
    assert response.status_code == 201, response.get_json()
    game = response.get_json()
    assert game["version"] == DEALS + 1 and len(game["game"]["hands"]) == DEALS + 1  # and the deal to come
    scorer = game["keys"]["scorer"]
    sheet = client.get(f"/g/{game['id']}/{scorer}")
    assert sheet.status_code == 200 and f">{DEALS} · " in sheet.get_data(as_text=True)
    out = client.get(f"/g/{game['id']}/{scorer}/export.csv").get_data()
    assert without_ids(out) == without_ids(text)

    # At the cap the scorer is told so, at once, however the change comes.
    refused = api.hand(game["id"], scorer, DEALS + 1, CONTRACTS[0])
    assert refused.status_code == 409 and refused.get_json()["error"]["code"] == "too_many_changes"
    assert client.post(f"/api/v1/games/{game['id']}/end", headers=api.headers(scorer)).status_code == 409
    page = client.post(f"/g/{game['id']}/{scorer}/hands/{DEALS + 1}",
                       data={"contract": "solo", "declarer": "1", "trump": "H", "tricks": "6"})
    assert page.status_code == 409 and "limit of 5000 changes" in page.get_data(as_text=True)

    # The page's import form, and the command line.
    upload = client.post("/import", data={"file": (io.BytesIO(out), "game.csv")}, content_type="multipart/form-data")
    assert upload.status_code == 303
    assert client.get(upload.headers["Location"]).status_code == 200
    path = tmp_path / "long.csv"
    path.write_bytes(out)
    before = count_rows(app)
    result = app.test_cli_runner().invoke(args=["import-csv", str(path)])
    assert result.exit_code == 0, result.output
    assert count_rows(app) == before + 1


ONE_LINE = {  # 16 MB in one line, as an attacker might send them: each refused at line 1
    "letters": b"a" * MEGABYTES_16,
    "commas": b"," * MEGABYTES_16,  # 16 million empty cells, were it parsed
    "an open quote": b'"' + b"x" * (MEGABYTES_16 - 1),
    "accents": "é".encode() * (MEGABYTES_16 // 2),
    "a header and a long row": b"game_id,variant\r\n" + b"x," * (MEGABYTES_16 // 2 - 10),
}


@pytest.mark.parametrize("name", ONE_LINE)
def test_a_16_megabyte_line_is_refused_at_once_holding_little_memory(name):
    data = io.BytesIO(ONE_LINE[name])
    tracemalloc.start()
    try:
        with pytest.raises(CsvRefused) as refused:
            csvimport.read_all(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert refused.value.line in (1, 2) and refused.value.code == "invalid_csv"
    assert peak < 2 * 1024 * 1024, peak  # the file is read a chunk at a time; before #16: 525 MB


def test_a_16_megabyte_line_through_the_api_and_the_page(client):
    response = client.post("/api/v1/games/import", data=ONE_LINE["letters"][:-1],
                           headers={"Content-Type": "text/csv"})
    assert response.status_code == 422 and response.get_json()["error"]["line"] == 1
    assert "a row of more than 8192 characters" in response.get_json()["error"]["message"]
    upload = ONE_LINE["commas"][:-1024]  # the form's own bytes count too
    page = client.post("/import", data={"file": (io.BytesIO(upload), "big.csv")}, content_type="multipart/form-data")
    assert page.status_code == 422 and "Line 1:" in page.get_data(as_text=True)
    whole = client.post("/import", data={"file": (io.BytesIO(ONE_LINE["commas"]), "big.csv")},
                        content_type="multipart/form-data")
    assert whole.status_code == 413


def chunked_import(base: str, chunks) -> tuple[int | None, bytes]:
    return post_chunked(base, "/api/v1/games/import", chunks, "text/csv")


def test_a_chunked_import_is_read_as_it_comes_and_413_past_16_megabytes(live_server):
    text = solo_csv(300)
    status, body = chunked_import(live_server, (text[i:i + 1000] for i in range(0, len(text), 1000)))
    assert status == 201, body
    rows = b"".join(text.splitlines(keepends=True)[:1])
    status, body = chunked_import(live_server, iter([rows] + [b"x" * 1024 * 1024] * 17))
    assert status in (413, 422) and (b"too_large" in body or b"invalid_csv" in body)  # refused, whichever first
    status, body = chunked_import(live_server, iter([b"\r\n" * (1024 * 1024)] * 17))  # empty lines: no row to refuse
    assert status == 413 and b"too_large" in body
