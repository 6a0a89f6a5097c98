"""CSV import and the files of many games, through the API, the home page, a tournament and the CLI."""
from __future__ import annotations

import csv
import io

import pytest

from tests.conftest import Api, count_rows, make_app

HOSTILE = ["=HYPERLINK(\"http://x\")", "+39 333", "-Bob", "@home", "'Anna, \"la\" <b>grande</b>"]


def scored_game(api, players=None, variant="wist"):
    """A game of two scored hands (hand 1: bids 3 0 4 2, tricks 4 1 4 4; hand 2: bids 0 5 2 3, tricks 0 6 2 5)."""
    data = api.game(variant=variant, players=players or ["Anna", "Bruno", "Carla", "Dario"], first_dealer=0)
    for number, body in ((1, {"bids": [3, 0, 4, 2], "tricks": [4, 1, 4, 4]}),
                         (2, {"bids": [0, 5, 2, 3], "tricks": [0, 6, 2, 5]})):
        assert api.hand(data["id"], data["keys"]["scorer"], number, body).status_code == 200
    return data


def export(client, game_id, key) -> str:
    response = client.get(f"/api/v1/games/{game_id}/export.csv", headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 200
    return response.get_data(as_text=True)


def without_ids(text: str) -> list[list[str]]:
    """The rows, less the game_id column (the one thing an import changes)."""
    return [row[1:] for row in csv.reader(io.StringIO(text, newline=""))]


def post_csv(client, body, content_type="text/csv", **headers):
    return client.post("/api/v1/games/import", data=body, headers={"Content-Type": content_type, **headers})


# -- the API ---------------------------------------------------------------------------------------------
def test_import_answers_as_creating_a_game_and_the_file_comes_back_the_same(app, client):
    api = Api(client)
    original = scored_game(api, players=HOSTILE[:4])
    text = export(client, original["id"], original["keys"]["view"])
    response = post_csv(client, text.encode())
    assert response.status_code == 201
    body = response.get_json()
    assert set(body) == {"id", "variant", "version", "keys", "links", "game"}
    assert response.headers["Location"] == f"/api/v1/games/{body['id']}"
    assert body["id"] != original["id"] and body["variant"] == "wist" and body["version"] == 3  # created + 2 hands
    assert set(body["keys"]) == {"scorer", "view", "seats"} and len(body["keys"]["seats"]) == 4
    assert body["keys"]["scorer"] not in original["keys"].values()
    game = body["game"]
    assert game["players"] == HOSTILE[:4] and game["totals"] == [29, 1, 26, 9] and game["current_hand"] == 3
    again = export(client, body["id"], body["keys"]["scorer"])
    assert without_ids(again) == without_ids(text)
    # No cell a spreadsheet would run: every hostile name is guarded by "'" in the name columns.
    rows = list(csv.DictReader(io.StringIO(again, newline="")))
    assert [row["player"] for row in rows[:4]] == ["'" + name for name in HOSTILE[:4]]


def test_a_tampered_file_is_422_with_its_line_and_creates_nothing(app, client):
    api = Api(client)
    data = scored_game(api)
    text = export(client, data["id"], data["keys"]["scorer"])
    before = count_rows(app), count_rows(app, "events"), count_rows(app, "keys")
    lines = text.split("\r\n")
    lines[6] = lines[6].replace(",2,Quadri,13,D,Bruno,1,Bruno,5,6,6,1,", ",2,Quadri,13,D,Bruno,1,Bruno,5,6,6,7,")
    response = post_csv(client, "\r\n".join(lines).encode())
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "invalid_csv" and error["line"] == 7
    assert error["message"] == "Line 7: the column “total” says “7”, but what was recorded gives “1”."
    assert (count_rows(app), count_rows(app, "events"), count_rows(app, "keys")) == before


def test_the_refusal_is_in_the_readers_language(client):
    response = post_csv(client, b"nothing,here", **{"Accept-Language": "it"})
    assert response.status_code == 422 and response.get_json()["error"]["line"] == 1
    assert response.get_json()["error"]["message"].startswith("Riga 1: ")


@pytest.mark.parametrize("content_type", ["application/json", "text/plain", "multipart/form-data; boundary=x"])
def test_only_csv_is_taken(app, client, content_type):
    data = scored_game(Api(client))
    text = export(client, data["id"], data["keys"]["scorer"])
    before = count_rows(app)
    response = post_csv(client, text.encode(), content_type=content_type)
    assert response.status_code == 415 and response.get_json()["error"]["code"] == "unsupported_media_type"
    assert count_rows(app) == before


def test_a_long_game_over_the_usual_body_limit_imports(tmp_path):
    """Imports take files up to MAX_IMPORT_LENGTH (16 MB), not the limit of every other request (64 KB; 4 KB
    in this app, so that a dozen deals are over it)."""
    client = make_app(tmp_path, MAX_CONTENT_LENGTH=4096).test_client()
    api = Api(client)
    data = api.game(variant="solo-whist", players=HOSTILE[:4], first_dealer=0)
    for number in range(1, 13):
        deal = {"contract": "solo", "declarer": number % 4, "trump": "H", "tricks": 5 + number % 4}
        assert api.hand(data["id"], data["keys"]["scorer"], number, deal).status_code == 200
    text = export(client, data["id"], data["keys"]["scorer"])
    assert len(text.encode()) > 4096
    assert client.post("/api/v1/games", data=text.encode(),
                       headers={"Content-Type": "application/json"}).status_code == 413  # any other request
    response = post_csv(client, text.encode())
    assert response.status_code == 201
    body = response.get_json()
    assert body["game"]["totals"] == api.snapshot(data["id"], data["keys"]["scorer"])[0]["totals"]
    assert without_ids(export(client, body["id"], body["keys"]["scorer"])) == without_ids(text)


def test_a_body_over_the_import_limit_is_413(app, client):
    before = count_rows(app)
    response = post_csv(client, b"x" * (16 * 1024 * 1024 + 1))
    assert response.status_code == 413 and response.get_json()["error"]["code"] == "too_large"
    fifty = post_csv(client, b"x" * 50_000_000)
    assert fifty.status_code == 413 and count_rows(app) == before
    assert client.post("/api/v1/games", data=b"x" * (64 * 1024 + 1),
                       headers={"Content-Type": "application/json"}).status_code == 413  # others keep 64 KB


def test_imports_are_rate_limited_as_creations(tmp_path):
    app = make_app(tmp_path)
    app.config.update(RATE_LIMIT_CREATE="2/hour")
    client = app.test_client()
    data = scored_game(Api(client))  # the first creation
    text = export(client, data["id"], data["keys"]["scorer"]).encode()
    assert post_csv(client, text).status_code == 201
    limited = post_csv(client, text)
    assert limited.status_code == 429 and limited.get_json()["error"]["code"] == "rate_limited"


def test_every_variant_comes_back_through_the_api(client):
    """A game of each family with its end: Solo Whist ended by its players stays ended."""
    api = Api(client)
    data = api.game(variant="solo-whist", players=HOSTILE[1:5], first_dealer=2)
    key = data["keys"]["scorer"]
    assert api.hand(data["id"], key, 1, {"contract": "misere", "declarer": 3, "tricks": 0}).status_code == 200
    assert client.post(f"/api/v1/games/{data['id']}/end", headers=api.headers(key)).status_code == 200
    text = export(client, data["id"], key)
    body = post_csv(client, text.encode()).get_json()
    assert body["game"]["status"] == "finished" and body["game"]["ended"] is True
    assert without_ids(export(client, body["id"], body["keys"]["view"])) == without_ids(text)


# -- the home page ------------------------------------------------------------------------------------
def test_home_downloads_every_game_of_this_phone_in_one_file(client):
    api = Api(client)
    first, second = scored_game(api), scored_game(api, players=HOSTILE[:4])
    other = scored_game(api, players=["Xena", "Yuri", "Zoe", "Walt"])  # never opened on this phone
    for game in (first, second):
        assert client.get(f"/g/{game['id']}/{game['keys']['view']}").status_code == 200
    home = client.get("/").get_data(as_text=True)
    assert 'href="/games.csv"' in home and "Download all games (CSV)" in home
    response = client.get("/games.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"] == 'attachment; filename="segnapunti-games.csv"'
    text = response.get_data(as_text=True)
    one, two = (export(client, g["id"], g["keys"]["scorer"]) for g in (first, second))
    header = one.split("\r\n")[0]
    assert text == header + "\r\n" + two.split("\r\n", 1)[1] + one.split("\r\n", 1)[1]  # newest first
    assert other["id"] not in text


def test_the_import_form_creates_the_game_and_opens_its_sheet(app, client):
    api = Api(client)
    data = scored_game(api, players=HOSTILE[:4])
    text = export(client, data["id"], data["keys"]["scorer"])
    response = client.post("/import", data={"file": (io.BytesIO(text.encode()), "game.csv")},
                           content_type="multipart/form-data")
    assert response.status_code == 303
    sheet = response.headers["Location"]
    game_id, key = sheet.split("/")[-2:]
    assert sheet == f"/g/{game_id}/{key}" and game_id != data["id"]
    page = client.get(sheet).get_data(as_text=True)
    assert "Undo" in page  # the scorer's sheet
    assert Api(client).get(game_id, key).get_json()["totals"] == [29, 1, 26, 9]
    home = client.get("/").get_data(as_text=True)
    assert f'href="/g/{game_id}/{key}"' in home


def test_a_refused_file_shows_the_line_on_the_home_page(app, client):
    before = count_rows(app)
    bad = b"game_id,variant\r\nx,wist\r\n"
    response = client.post("/import", data={"file": (io.BytesIO(bad), "game.csv")}, content_type="multipart/form-data")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert 'role="alert" id="import-error">Line 1: the first line must be the header of a Segnapunti CSV' in page
    assert count_rows(app) == before
    none = client.post("/import", data={}, content_type="multipart/form-data")
    assert none.status_code == 422 and "Line 1:" in none.get_data(as_text=True)
    italian = client.post("/import", data={"file": (io.BytesIO(bad), "g.csv")}, content_type="multipart/form-data",
                          headers={"Accept-Language": "it"})
    assert "Riga 1:" in italian.get_data(as_text=True) and count_rows(app) == before


def test_the_import_form_is_refused_from_another_site(app, client):
    data = scored_game(Api(client))
    text = export(client, data["id"], data["keys"]["scorer"]).encode()
    before = count_rows(app)
    response = client.post("/import", data={"file": (io.BytesIO(text), "game.csv")}, content_type="multipart/form-data",
                           headers={"Origin": "https://evil.example"})
    assert response.status_code == 403 and count_rows(app) == before


# -- a tournament's partite ---------------------------------------------------------------------------
def test_the_organiser_downloads_every_partita(client):
    made = client.post("/api/v1/tournaments", json={"name": "Natale"}).get_json()
    tid, keys = made["id"], made["keys"]
    partite = [client.post(f"/api/v1/tournaments/{tid}/games", json={"players": players},
                           headers={"Authorization": f"Bearer {keys['organiser']}"}).get_json()
               for players in (["Anna", "Bruno", "Carla", "Dario"], ["Elena", "Franco", "Gina"])]
    api = Api(client)
    for partita, tricks in zip(partite, ([3, 0, 0, 0], [3, 0, 0])):  # hand 1 deals 3 cards
        body = {"trump": "H", "bids": [0] * len(tricks), "tricks": tricks}
        assert api.hand(partita["id"], partita["keys"]["scorer"], 1, body).status_code == 200
    page = client.get(f"/t/{tid}/{keys['organiser']}").get_data(as_text=True)
    link = f"/t/{tid}/{keys['organiser']}/games.csv"
    assert f'href="{link}"' in page
    response = client.get(link)
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == f'attachment; filename="tournament-{tid}-games.csv"'
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True), newline="")))
    assert [(r["player"], r["score"]) for r in rows] == [  # 0 bid, 3 taken: 3 (a point a trick); 0 made: 13
        ("Anna", "3"), ("Bruno", "13"), ("Carla", "13"), ("Dario", "13"), ("Elena", "3"), ("Franco", "13"),
        ("Gina", "13")]
    for role in ("join", "view"):
        assert client.get(f"/t/{tid}/{keys[role]}/games.csv").status_code == 404


# -- the command line ---------------------------------------------------------------------------------
def test_export_csv_writes_every_game_and_import_csv_brings_one_back(app, client, tmp_path):
    api = Api(client)
    games = [scored_game(api), scored_game(api, players=HOSTILE[:4])]
    runner = app.test_cli_runner()
    result = runner.invoke(args=["export-csv", str(tmp_path / "out")])
    assert result.exit_code == 0 and result.output == f"Exported 2 games to {tmp_path / 'out'}.\n"
    files = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert files == sorted(["all-games.csv"] + [f"game-{g['id']}.csv" for g in games])
    texts = [export(client, g["id"], g["keys"]["scorer"]) for g in games]
    for game, text in zip(games, texts):
        assert (tmp_path / "out" / f"game-{game['id']}.csv").read_bytes() == text.encode()
    together = (tmp_path / "out" / "all-games.csv").read_text(encoding="utf-8")
    assert without_ids(together)[1:] == without_ids(texts[0])[1:] + without_ids(texts[1])[1:]

    before = count_rows(app)
    result = runner.invoke(args=["import-csv", str(tmp_path / "out" / f"game-{games[1]['id']}.csv")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Imported game ") and lines[0].endswith(f"(wist, {', '.join(HOSTILE[:4])}).")
    assert lines[1].startswith("scorer: http://localhost:5000/g/") and lines[2].startswith("view: http://")
    assert [line.split(": ")[0] for line in lines[3:]] == [f"seat of {name}" for name in HOSTILE[:4]]
    assert count_rows(app) == before + 1

    bad = tmp_path / "bad.csv"
    bad.write_bytes(texts[0].replace(",29,", ",30,").encode())
    result = runner.invoke(args=["import-csv", str(bad)])
    assert result.exit_code == 1 and count_rows(app) == before + 1
    assert f"{bad}: Line 6: the column “total” says “30”, but what was recorded gives “29”." in result.output


# -- imports a client may retry (#17) --------------------------------------------------------------------
def test_an_import_sent_again_with_its_key_gives_the_same_game(app, client):
    """A client that never heard back sends the file again with the same `Idempotency-Key`: the game the
    first try made, once; another file under that key, a mangled key, or a replaced scorer link: refused."""
    api = Api(client)
    data = scored_game(api)
    text = export(client, data["id"], data["keys"]["view"]).encode()
    games_before = count_rows(app)
    once = "0b6f5c3e-6a4b-4d4e-9d0a-1c2b3a4d5e6f"
    first = post_csv(client, text, **{"Idempotency-Key": once})
    again = post_csv(client, text, **{"Idempotency-Key": once})
    assert first.status_code == again.status_code == 201
    assert "Idempotent-Replayed" not in first.headers and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["id"] == first.get_json()["id"]
    assert again.get_json()["keys"] == first.get_json()["keys"]
    assert again.headers["Location"] == first.headers["Location"]
    assert count_rows(app) == games_before + 1
    other = post_csv(client, text.replace(b"\r\n", b"\n"), **{"Idempotency-Key": once})  # other bytes
    assert other.status_code == 422 and other.get_json()["error"]["field"] == "Idempotency-Key"
    for mangled in ("short", "x" * 201, "with space in it ok?"):
        refused = post_csv(client, text, **{"Idempotency-Key": mangled})
        assert refused.status_code == 422 and refused.get_json()["error"]["field"] == "Idempotency-Key"
    scorer = first.get_json()["keys"]["scorer"]
    assert client.post(f"/api/v1/games/{first.get_json()['id']}/keys/rotate", json={"role": "scorer"},
                       headers={"Authorization": f"Bearer {scorer}"}).status_code == 200
    replaced = post_csv(client, text, **{"Idempotency-Key": once})
    assert replaced.status_code == 409 and "new link" in replaced.get_json()["error"]["message"]
    assert count_rows(app) == games_before + 1
    assert post_csv(client, text).status_code == 201 and count_rows(app) == games_before + 2  # no key: a new game


def test_the_import_form_sent_twice_imports_once(app, client):
    api = Api(client)
    data = scored_game(api)
    text = export(client, data["id"], data["keys"]["view"]).encode()
    home = client.get("/").get_data(as_text=True)
    once = home.split('name="once" value="')[1].split('"')[0]
    before = count_rows(app)
    answers = [client.post("/import", data={"once": once, "file": (io.BytesIO(text), "game.csv")},
                           content_type="multipart/form-data") for _ in range(2)]
    assert [a.status_code for a in answers] == [303, 303]
    assert answers[0].headers["Location"] == answers[1].headers["Location"]
    assert count_rows(app) == before + 1
    assert client.get("/").get_data(as_text=True).split('name="once" value="')[1].split('"')[0] != once


# -- a file of many games, and imported copies (#19) ---------------------------------------------------------
def piquet_game(api):
    data = api.game(variant="piquet", players=["Bartolomeo", "Ermenegilda"], first_dealer=1)
    body = {"point": [5, 0], "sets": [0, 3], "trick_winners": [0] * 7 + [1] * 5}
    assert api.hand(data["id"], data["keys"]["scorer"], 1, body).status_code == 200
    return data


def all_games(client, *games) -> str:
    """"Download all games (CSV)" of a phone that opened these games."""
    for game in games:
        assert client.get(f"/g/{game['id']}/{game['keys']['view']}").status_code == 200
    return client.get("/games.csv").get_data(as_text=True)


def test_download_all_games_imports_back_as_many_games_through_the_page(app, client):
    """The import right below "Download all games" refused that file at its second game (#19)."""
    api = Api(client)
    first, second = scored_game(api), piquet_game(api)
    text = all_games(client, first, second)
    before = count_rows(app)
    response = client.post("/import", data={"file": (io.BytesIO(text.encode()), "segnapunti-games.csv")},
                           content_type="multipart/form-data")
    assert response.status_code == 303 and response.headers["Location"] == "/?imported=2"
    assert count_rows(app) == before + 2
    home = client.get("/?imported=2").get_data(as_text=True)
    assert "2 games imported from the file: at the top of the list." in home
    assert home.count("imported on ") == 2   # each copy says it is one, and from when
    # The copies come first, in the file's order (the newest of the phone's first), the originals below.
    listed = [line for line in home.splitlines() if '<li><a href="/g/' in line]
    assert ["Piquet" in line for line in listed] == [True, False, True, False]
    # Statistics count a game and its copy once.
    stats = client.get("/stats").get_data(as_text=True)
    assert stats.count("1 game, 0 finished") == 2 and "2 games" not in stats   # Wist and Piquet, once each


def test_a_file_of_many_games_through_the_api(app, client):
    api = Api(client)
    games = [scored_game(api), scored_game(api, players=HOSTILE[:4]), piquet_game(api)]
    text = all_games(client, *games)
    response = post_csv(client, text.encode())
    assert response.status_code == 201
    body = response.get_json()
    assert {"id", "variant", "version", "keys", "links", "game"} <= set(body) and len(body["games"]) == 3
    assert body["id"] == body["games"][0]["id"] and response.headers["Location"] == f"/api/v1/games/{body['id']}"
    assert [g["game"]["players"] for g in body["games"]] == [g["game"]["players"] for g in reversed(games)]
    for made in body["games"]:   # each as creating a game answers, each game whole
        assert made["game"]["totals"] == Api(client).get(made["id"], made["keys"]["view"]).get_json()["totals"]


def test_a_file_whose_third_game_is_broken_imports_nothing(app, client):
    api = Api(client)
    games = [scored_game(api), scored_game(api, players=HOSTILE[:4]), piquet_game(api)]
    text = all_games(client, *games)
    lines = text.split("\r\n")
    broken = "\r\n".join(lines[:-2] + [lines[-2].replace(",0,", ",7,", 1)] + lines[-1:])
    before = count_rows(app)
    response = post_csv(client, broken.encode())
    assert response.status_code == 422 and count_rows(app) == before
    error = response.get_json()["error"]
    assert error["code"] == "invalid_csv" and error["line"] >= 18   # in the third game, whose rows start at 18


def test_import_csv_brings_back_every_game_of_all_games_csv(app, client, tmp_path):
    api = Api(client)
    games = [scored_game(api), scored_game(api, players=HOSTILE[:4])]
    runner = app.test_cli_runner()
    assert runner.invoke(args=["export-csv", str(tmp_path / "out")]).exit_code == 0
    before = count_rows(app)
    result = runner.invoke(args=["import-csv", str(tmp_path / "out" / "all-games.csv")])
    assert result.exit_code == 0, result.output
    imported = [line for line in result.output.splitlines() if line.startswith("Imported game ")]
    assert [line.endswith(f"(wist, {', '.join(g['game']['players'])}).") for line, g in zip(imported, games)] == [
        True, True] and count_rows(app) == before + 2   # all-games.csv holds them oldest first


def test_many_games_sent_again_with_their_key_give_the_same_games(app, client):
    api = Api(client)
    text = all_games(client, scored_game(api), scored_game(api, players=HOSTILE[:4]))
    first = post_csv(client, text.encode(), **{"Idempotency-Key": "many-games-0123456789"})
    before = count_rows(app)
    again = post_csv(client, text.encode(), **{"Idempotency-Key": "many-games-0123456789"})
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert [g["id"] for g in again.get_json()["games"]] == [g["id"] for g in first.get_json()["games"]]
    assert count_rows(app) == before
