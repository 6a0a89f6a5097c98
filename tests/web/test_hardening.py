"""Issue 8, "Holes and limits": each finding with the test that failed before the fix.

Text (control characters, surrogates) and robust error answers; `next=` stays on this site;
cross-site posts refused; the phone's list of games kept on the server; security headers;
rate limits, the event cap per game, chunked bodies, rotating tournament links.
"""
from __future__ import annotations

import re
import sqlite3

import pytest

from tests.conftest import PLAYERS4, count_rows, make_app, post_chunked

EVIL = "https://evil.example"


def created(client, **extra):
    response = client.post("/api/v1/games", json={"variant": "wist", "players": PLAYERS4, "first_dealer": 0},
                           **extra)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def new_game_form(client, headers=None, players=PLAYERS4, **kwargs):
    return client.post("/new", data={"variant": "wist", "player": players, "first_dealer": "draw"},
                       headers=headers or {}, **kwargs)


def home_links(client) -> list[str]:
    return re.findall(r'href="(/g/[^"]+)"', client.get("/").get_data(as_text=True))


# --------------------------------------------------------------------------------------------
# 1. Text: control characters and lone surrogates; error answers that cannot fail
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["An\x00na", "Anna\x1b[31m", "Anna\x7f", "Ann\u202ea", "\x01"])
def test_names_with_control_characters_are_refused_naming_players(app, client, name):
    response = client.post("/api/v1/games", json={"variant": "wist", "players": [name, "B", "C", "D"]})
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "invalid_players"
    assert response.get_json()["error"]["field"] == "players"
    page = new_game_form(client, players=[name, "B", "C", "D"])
    assert page.status_code == 422 and "control characters" in page.get_data(as_text=True)
    assert count_rows(app) == 0


def test_tabs_and_newlines_in_names_are_spaces_as_before(client):
    body = {"variant": "wist", "players": ["Anna\tMaria", "B\nC", "D", "E"]}
    game = client.post("/api/v1/games", json=body).get_json()
    assert game["game"]["players"][:2] == ["Anna Maria", "B C"]


@pytest.mark.parametrize("field, body", [("name", {"name": "Tor\x00neo"}), ("name", {"name": "Torneo\u202e"})])
def test_tournament_names_with_control_characters_are_refused(app, client, field, body):
    response = client.post("/api/v1/tournaments", json=body)
    assert response.status_code == 422 and response.get_json()["error"]["field"] == field
    assert count_rows(app, "tournaments") == 0


def test_table_labels_with_control_characters_are_refused(app, client):
    made = client.post("/api/v1/tournaments", json={"name": "T"}).get_json()
    response = client.post(f"/api/v1/tournaments/{made['id']}/games", json={"players": PLAYERS4, "table": "A\x00"},
                           headers={"Authorization": f"Bearer {made['keys']['organiser']}"})
    assert response.status_code == 422 and response.get_json()["error"]["field"] == "table"
    assert count_rows(app) == 0


@pytest.mark.parametrize("raw", [b'{"variant": "wist", "players": ["\\ud800", "B", "C", "D"]}',
                                 b'{"\\udfff": 1, "variant": "wist", "players": ["A", "B", "C", "D"]}',
                                 b'{"variant": "wist\\udbff", "players": ["A", "B", "C", "D"]}'])
def test_a_lone_surrogate_anywhere_is_400_malformed(app, client, raw):
    response = client.post("/api/v1/games", data=raw, content_type="application/json")
    assert response.status_code == 400 and response.get_json()["error"]["code"] == "malformed"
    assert count_rows(app) == 0


def test_error_answers_cannot_fail_on_a_surrogate(tmp_path, monkeypatch):
    """An exception or a refusal whose text holds a lone surrogate still gets a proper answer."""
    from scorekeeper.rules.base import InvalidInput

    app = make_app(tmp_path)
    monkeypatch.setattr(app.logger, "disabled", True)

    @app.get("/api/v1/boom")
    def boom():
        raise RuntimeError("bad \ud800 text")

    @app.get("/api/v1/refuse")
    def refuse():
        raise InvalidInput("No “%(value)s”.", field="x", value="\ud800")

    @app.get("/refuse-page")
    def refuse_page():
        raise InvalidInput("No “%(value)s”.", value="\udc80")

    client = app.test_client()
    response = client.get("/api/v1/boom")
    assert response.status_code == 500 and response.get_json()["error"]["code"] == "internal"
    response = client.get("/api/v1/refuse")
    assert response.status_code == 422 and "\\ud800" in response.get_json()["error"]["message"]
    response = client.get("/refuse-page")
    assert response.status_code == 422 and "\\udc80" in response.get_data(as_text=True)


# --------------------------------------------------------------------------------------------
# 2. next= only ever leads to a path of this site
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("target", [
    "/%09/evil.example", "/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "//evil.example",
    "/\\evil.example", "\\\\evil.example", "/\\/evil.example", "https://evil.example", "http:evil.example",
    "/%2F/evil.example", "/%5Cevil.example", "/%252F%252Fevil.example", " //evil.example", "/\x00/evil.example",
    "javascript:alert(1)", "evil.example", "", "/%0D%0A/evil.example", "//%09evil.example",
])
def test_the_language_switch_never_leaves_the_site(client, target):
    response = client.get("/lang/it", query_string={"next": target})
    assert response.status_code == 303
    location = response.headers["Location"]
    assert location == "/", (target, location)


@pytest.mark.parametrize("target", ["/new", "/g/abc/def?seat=2", "/docs/api.md", "/t/x/y/standings"])
def test_the_language_switch_comes_back_to_pages_here(client, target):
    assert client.get("/lang/en", query_string={"next": target}).headers["Location"] == target


# --------------------------------------------------------------------------------------------
# 3. Cross-site posts are refused; the phone's list cannot be changed from another site
# --------------------------------------------------------------------------------------------
CROSS_SITE = [{"Origin": EVIL}, {"Origin": "null"}, {"Sec-Fetch-Site": "cross-site", "Origin": EVIL},
              {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"}, {"Referer": EVIL + "/page"}]


@pytest.mark.parametrize("headers", CROSS_SITE, ids=lambda h: ",".join(f"{k}={v}" for k, v in h.items()))
def test_a_page_elsewhere_cannot_post_to_new(app, client, headers):
    mine = new_game_form(client, headers={"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"})
    assert mine.status_code == 303
    device = client.get_cookie("device")
    assert device is not None
    listed = home_links(client)

    response = new_game_form(client, headers=headers)
    assert response.status_code == 403
    assert "another site" in response.get_data(as_text=True)
    assert "Set-Cookie" not in response.headers
    assert count_rows(app) == 1
    assert client.get_cookie("device").value == device.value and home_links(client) == listed

    tournament = client.post("/tournaments/new", data={"name": "T"}, headers=headers)
    assert tournament.status_code == 403 and count_rows(app, "tournaments") == 0


def test_cross_site_api_writes_get_a_json_403(app, client):
    response = client.post("/api/v1/games", json={"variant": "wist", "players": PLAYERS4},
                           headers={"Origin": EVIL})
    assert response.status_code == 403 and response.get_json()["error"]["code"] == "cross_site"
    game = created(client)
    bid = client.put(f"/api/v1/games/{game['id']}/hands/1/bids/1", json={"bid": 1},
                     headers={"Authorization": f"Bearer {game['keys']['scorer']}", "Sec-Fetch-Site": "cross-site"})
    assert bid.status_code == 403 and bid.get_json()["error"]["code"] == "cross_site"


@pytest.mark.parametrize("headers", [{}, {"Origin": "http://localhost"}, {"Sec-Fetch-Site": "same-origin"},
                                     {"Sec-Fetch-Site": "none"}, {"Referer": "http://localhost/new"}])
def test_same_site_and_header_less_posts_pass(client, headers):
    assert new_game_form(client, headers=headers).status_code == 303


def test_a_cross_site_fetch_of_a_sheet_gives_no_new_device(client):
    game = created(client)
    url = f"/g/{game['id']}/{game['keys']['view']}"
    embedded = client.get(url, headers={"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors",
                                        "Sec-Fetch-Dest": "image"})
    assert "Set-Cookie" not in embedded.headers
    followed = client.get(url, headers={"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate",
                                        "Sec-Fetch-Dest": "document"})
    assert "device=" in followed.headers.get("Set-Cookie", "")  # a link followed from a chat: remembered


# --------------------------------------------------------------------------------------------
# 4. The list of a phone's games lives on the server
# --------------------------------------------------------------------------------------------
def test_three_hundred_games_on_one_phone(app, client):
    for _ in range(300):
        assert new_game_form(client).status_code == 303
    cookie = client.get_cookie("device")
    assert len(cookie.value.split(".")[0]) == 32  # the id, signed (#17)
    links = home_links(client)
    assert len(links) == 300
    with sqlite3.connect(app.config["SCOREKEEPER_DATABASE"]) as conn:
        newest = conn.execute("SELECT id FROM games ORDER BY rowid DESC LIMIT 1").fetchone()[0]
    assert links[0].startswith(f"/g/{newest}/")  # newest first
    assert len(client.get("/").headers.get("Set-Cookie", "")) < 300  # the cookie stays small


def test_the_device_cookie(client):
    response = new_game_form(client)
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("device=") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "Secure" not in cookie and "Max-Age=" in cookie
    https = new_game_form(client, base_url="https://localhost")
    assert "Secure" in https.headers["Set-Cookie"]


def test_two_phones_keep_their_own_lists(app):
    anna, bruno = app.test_client(), app.test_client()
    new_game_form(anna)
    new_game_form(bruno)
    new_game_form(bruno)
    assert len(home_links(anna)) == 1 and len(home_links(bruno)) == 2
    assert app.test_client().get("/").headers.get("Set-Cookie") is None  # just looking makes no device


def test_a_list_kept_in_the_old_cookie_moves_to_the_server_once(client):
    games = [created(client) for _ in range(3)]
    tournament = client.post("/api/v1/tournaments", json={"name": "Old tournament"}).get_json()
    with client.session_transaction() as session:
        session["games"] = [[g["id"], g["keys"]["scorer"], "scorer", f"Wist · game {i}"] for i, g in enumerate(games)]
        session["tournaments"] = [[tournament["id"], tournament["keys"]["organiser"], "organiser", "Old tournament"]]
    assert home_links(client) == [f"/g/{g['id']}/{g['keys']['scorer']}" for g in games]  # order kept
    assert client.get_cookie("device") is not None
    with client.session_transaction() as session:
        assert "games" not in session and "tournaments" not in session
    assert "Old tournament" in client.get("/tournaments/new").get_data(as_text=True)
    new_game_form(client)
    assert len(home_links(client)) == 4


# --------------------------------------------------------------------------------------------
# 5. Security headers and caching
# --------------------------------------------------------------------------------------------
def test_every_response_has_the_security_headers(client):
    game = created(client)
    urls = ["/", "/new", "/new?variant=wist", f"/g/{game['id']}/{game['keys']['scorer']}",
            f"/g/{game['id']}/{game['keys']['scorer']}/share", "/docs/api.md", "/no-such-page",
            "/api/v1/openapi.json", "/static/app.css", f"/api/v1/games/{game['id']}"]
    for url in urls:
        response = client.get(url)
        csp = response.headers.get("Content-Security-Policy", "")
        for part in ("default-src 'self'", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'",
                     "object-src 'none'"):
            assert part in csp, (url, csp)
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff", url
        assert response.headers["Referrer-Policy"] == "no-referrer", url


def test_what_carries_keys_is_never_stored(client):
    game = created(client)
    gid, key = game["id"], game["keys"]["scorer"]
    made = client.post("/api/v1/tournaments", json={"name": "T"}).get_json()
    tid, organiser = made["id"], made["keys"]["organiser"]
    responses = {
        "create": client.post("/api/v1/games", json={"variant": "wist", "players": PLAYERS4}),
        "sheet": client.get(f"/g/{gid}/{key}"), "share": client.get(f"/g/{gid}/{key}/share"),
        "csv": client.get(f"/api/v1/games/{gid}/export.csv", headers={"Authorization": f"Bearer {key}"}),
        "rotate": client.post(f"/api/v1/games/{gid}/keys/rotate", json={"role": "view"},
                              headers={"Authorization": f"Bearer {key}"}),
        "tournament": client.get(f"/api/v1/tournaments/{tid}", headers={"Authorization": f"Bearer {organiser}"}),
        "tournament csv": client.get(f"/t/{tid}/{organiser}/standings.csv"),
        "organiser": client.get(f"/t/{tid}/{organiser}"),
        "history": client.get(f"/g/{gid}/{key}/hands/1/history"),
    }
    for name, response in responses.items():
        assert response.status_code in (200, 201), name
        assert response.headers["Cache-Control"] == "no-store", name
    assert "no-store" not in client.get("/static/app.css").headers.get("Cache-Control", "")


def test_no_inline_style_is_left_in_the_pages(client, api):
    game = created(client)
    gid, key = game["id"], game["keys"]["scorer"]
    assert client.put(f"/api/v1/games/{gid}/hands/1", json={"bids": [1, 0, 0, 0], "tricks": [13, 0, 0, 0]},
                      headers={"Authorization": f"Bearer {key}"}).status_code == 200
    page = client.get(f"/g/{gid}/{key}").get_data(as_text=True)
    assert 'class="legend"' in page  # the chart is drawn
    assert "style=" not in page and "<script>" not in page
    for doc in ("api.md", "rules/bid-exactly.md", "rules/partnership.md"):
        text = client.get(f"/docs/{doc}").get_data(as_text=True)
        assert "style=" not in text and 'class="align-right"' in text, doc


# --------------------------------------------------------------------------------------------
# 6. Limits with clear answers
# --------------------------------------------------------------------------------------------
@pytest.fixture
def limited(tmp_path):
    app = make_app(tmp_path)
    app.config.update(RATE_LIMIT_CREATE="2/hour", RATE_LIMIT_WRITE="3/minute")
    return app


def test_creations_are_rate_limited_per_client(limited):
    client = limited.test_client()
    assert created(client) and new_game_form(client).status_code == 303
    api = client.post("/api/v1/games", json={"variant": "wist", "players": PLAYERS4})
    assert api.status_code == 429 and api.get_json()["error"]["code"] == "rate_limited"
    assert 1 <= int(api.headers["Retry-After"]) <= 3600  # until the first of the two leaves the hour
    page = new_game_form(client)
    assert page.status_code == 429 and int(page.headers["Retry-After"]) >= 1
    assert "Too many requests" in page.get_data(as_text=True)
    other = limited.test_client().post("/api/v1/tournaments", json={"name": "T"},
                                       environ_base={"REMOTE_ADDR": "10.0.0.2"})
    assert other.status_code == 201  # another address has its own bucket
    assert count_rows(limited) == 2


def test_writes_are_rate_limited_per_client(limited):
    client = limited.test_client()
    game = created(client)
    headers = {"Authorization": f"Bearer {game['keys']['scorer']}"}
    statuses = [client.put(f"/api/v1/games/{game['id']}/hands/1/bids/{seat}", json={"bid": 0}, headers=headers)
                for seat in range(4)]
    assert [r.status_code for r in statuses] == [200, 200, 200, 429]
    assert statuses[-1].get_json()["error"]["code"] == "rate_limited" and "Retry-After" in statuses[-1].headers
    assert client.get(f"/api/v1/games/{game['id']}", headers=headers).get_json()["version"] == 4  # reads are free


def test_a_rate_in_the_configuration_is_checked_at_start(tmp_path):
    with pytest.raises(ValueError):
        from scorekeeper import create_app
        create_app({"SCOREKEEPER_DATABASE": str(tmp_path / "x.sqlite3"), "SECRET_KEY": "t",
                    "RATE_LIMIT_WRITE": "lots"})


def test_a_game_takes_at_most_so_many_changes(tmp_path):
    app = make_app(tmp_path)
    app.config["MAX_EVENTS_PER_GAME"] = 3
    client = app.test_client()
    game = created(client)
    headers = {"Authorization": f"Bearer {game['keys']['scorer']}"}
    url = f"/api/v1/games/{game['id']}"
    assert client.put(f"{url}/hands/1/bids/1", json={"bid": 0}, headers=headers).status_code == 200
    assert client.put(f"{url}/hands/1/bids/2", json={"bid": 0}, headers=headers).status_code == 200
    before = client.get(url, headers=headers).get_json()
    for response in (client.put(f"{url}/hands/1/bids/3", json={"bid": 0}, headers=headers),
                     client.post(f"{url}/undo", headers=headers)):
        assert response.status_code == 409
        assert response.get_json()["error"]["code"] == "too_many_changes"
    assert client.get(url, headers=headers).get_json() == before
    page = client.post(f"/g/{game['id']}/{game['keys']['scorer']}/undo")
    assert page.status_code == 409 and "limit of 3 changes" in page.get_data(as_text=True)


def test_a_chunked_body_over_the_limit_is_413(live_server):
    """Through a real HTTP server (Transfer-Encoding: chunked, no Content-Length)."""

    def send(megabytes: int):
        def body():
            yield b'{"variant": "'
            for _ in range(megabytes):
                yield b"x" * 1024 * 1024
            yield b'", "players": ["A", "B", "C", "D"]}'
        return post_chunked(live_server, "/api/v1/games", body(), "application/json")

    status, text = send(50)
    assert status == 413 and b"too_large" in text
    status, text = send(0)
    assert status == 422 and b"invalid_option" in text  # a small chunked body still goes through


def test_tournament_links_rotate_through_the_api(client):
    made = client.post("/api/v1/tournaments", json={"name": "T"}).get_json()
    tid, keys = made["id"], made["keys"]

    def rotate(key, role):
        return client.post(f"/api/v1/tournaments/{tid}/keys/rotate", json={"role": role},
                           headers={"Authorization": f"Bearer {key}"})

    for role in ("view", "join"):
        response = rotate(keys["organiser"], role)
        assert response.status_code == 200
        body = response.get_json()
        assert body["role"] == role and body["key"] != keys[role] and body["keys"][role] == body["key"]
        assert body["links"][role].endswith(f"/t/{tid}/{body['key']}")
        assert client.get(f"/api/v1/tournaments/{tid}", headers={"Authorization": f"Bearer {keys[role]}"}
                          ).status_code == 404  # the old key stopped at once
        assert client.get(f"/t/{tid}/{keys[role]}").status_code == 404
        assert client.get(f"/t/{tid}/{body['key']}").status_code == 200
        keys = body["keys"]
    assert rotate(keys["view"], "join").status_code == 403
    assert rotate(keys["join"], "view").status_code == 403
    refused = rotate(keys["organiser"], "scorer")
    assert refused.status_code == 422 and refused.get_json()["error"]["field"] == "role"
    new = rotate(keys["organiser"], "organiser").get_json()["key"]
    assert rotate(keys["organiser"], "view").status_code == 404
    assert rotate(new, "view").status_code == 200


def test_tournament_links_rotate_from_the_organiser_page(client):
    made = client.post("/api/v1/tournaments", json={"name": "T"}).get_json()
    tid, keys = made["id"], made["keys"]
    page = client.get(f"/t/{tid}/{keys['organiser']}").get_data(as_text=True)
    assert f'action="/t/{tid}/{keys["organiser"]}/rotate"' in page
    response = client.post(f"/t/{tid}/{keys['organiser']}/rotate", data={"role": "join"})
    assert response.status_code == 303
    shown = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "The old link no longer works" in shown and keys["join"] not in shown
    assert client.get(f"/t/{tid}/{keys['join']}").status_code == 404
    moved = client.post(f"/t/{tid}/{keys['organiser']}/rotate", data={"role": "organiser"})
    assert moved.status_code == 303 and keys["organiser"] not in moved.headers["Location"]
    assert client.get(f"/t/{tid}/{keys['organiser']}").status_code == 404
    assert client.get(moved.headers["Location"]).status_code == 200
    htmx = client.post(moved.headers["Location"].split("?")[0] + "/rotate", data={"role": "view"},
                       headers={"HX-Request": "true"})
    assert htmx.status_code == 204 and htmx.headers["HX-Redirect"]
    assert client.post(f"/t/{tid}/{keys['view']}/rotate", data={"role": "view"}).status_code == 404
