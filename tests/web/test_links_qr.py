"""The addresses in the links and QR codes (the README: "The QR codes must encode an address the
phones can reach"), and rotating a link from the share panel.

- PUBLIC_URL set: every link (API `links`, share page) starts with it, whatever the request said.
- No PUBLIC_URL, the server listening on all interfaces (LISTEN_HOST / HOST = 0.0.0.0) and the
  page opened on this machine as 127.0.0.1 or localhost: the LAN address, never a loopback name.
- Otherwise the address the request came to (other devices evidently reach it).
"""
from __future__ import annotations

import os
import re
import runpy
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.web.gate import links as links_module

CONFIG = Path(__file__).resolve().parents[2] / "scorekeeper" / "server" / "gunicorn_config.py"

LAN = "192.168.1.23"
PUBLIC = "https://segnapunti.example.org/club"


class Cards(HTMLParser):
    """Each QR card of the share page: its role, seat, link text and href, and whether it has an svg.qr."""

    def __init__(self):
        super().__init__()
        self.cards, self.in_link = [], False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "li" and "qr-card" in classes:
            self.cards.append({"role": attrs.get("data-role"), "seat": attrs.get("data-seat"), "svg": False,
                               "text": "", "href": None, "title": ""})
        elif tag == "svg" and "qr" in classes and self.cards:
            self.cards[-1]["svg"] = True
        elif tag == "a" and "link" in classes and self.cards:
            self.cards[-1]["href"], self.in_link = attrs.get("href"), True

    def handle_endtag(self, tag):
        if tag == "a":
            self.in_link = False

    def handle_data(self, data):
        if self.in_link:
            self.cards[-1]["text"] += data.strip()


def share_cards(html: str) -> list[dict]:
    parser = Cards()
    parser.feed(html)
    return parser.cards


def make_client(tmp_path, **config):
    app = create_app({"SCOREKEEPER_DATABASE": str(tmp_path / "links.sqlite3"), "SECRET_KEY": "test",
                      "TESTING": True, **config})
    return app.test_client()


def new_game(client, base_url=None):
    kwargs = {"base_url": base_url} if base_url else {}
    response = client.post("/api/v1/games", json={"variant": "wist", "players": ["Anna", "Bruno", "Carla", "Dario"],
                                                   "first_dealer": 0}, **kwargs)
    assert response.status_code == 201
    return response.get_json()


def expected_links(prefix: str, created: dict) -> dict:
    game_id, keys = created["id"], created["keys"]
    return {"scorer": f"{prefix}/g/{game_id}/{keys['scorer']}", "view": f"{prefix}/g/{game_id}/{keys['view']}",
            "seats": [f"{prefix}/g/{game_id}/{k}" for k in keys["seats"]]}


def assert_share_page(client, created: dict, prefix: str, base_url: str | None = None):
    kwargs = {"base_url": base_url} if base_url else {}
    response = client.get(f"/g/{created['id']}/{created['keys']['scorer']}/share", **kwargs)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    cards = share_cards(html)
    want = expected_links(prefix, created)
    assert [(c["role"], c["seat"]) for c in cards] == [("view", None), ("seat", "0"), ("seat", "1"), ("seat", "2"),
                                                       ("seat", "3"), ("scorer", None)]
    assert [c["text"] for c in cards] == [want["view"], *want["seats"], want["scorer"]]
    assert all(c["svg"] and c["href"] == c["text"] for c in cards)
    assert html.count('<svg class="qr"') == 6  # inline SVG, no image files
    assert "<img" not in html.split('id="share-panel"', 1)[1]
    assert "localhost" not in html and "127.0.0.1" not in html
    return cards


# -- PUBLIC_URL ----------------------------------------------------------------------------------
@pytest.mark.parametrize("base_url", [None, "http://127.0.0.1:5000", "http://192.168.1.50:8000"])
def test_public_url_is_used_everywhere(tmp_path, monkeypatch, base_url):
    monkeypatch.setattr(links_module, "lan_address", lambda: LAN)
    client = make_client(tmp_path, PUBLIC_URL=PUBLIC + "/", LISTEN_HOST="0.0.0.0")
    created = new_game(client, base_url)
    assert created["links"] == expected_links(PUBLIC, created)
    assert_share_page(client, created, PUBLIC, base_url)
    # the rotate answer too
    response = client.post(f"/api/v1/games/{created['id']}/keys/rotate", json={"role": "seat", "seat": 2},
                           headers={"Authorization": f"Bearer {created['keys']['scorer']}"})
    assert response.get_json()["links"]["seats"][2] == f"{PUBLIC}/g/{created['id']}/{response.get_json()['key']}"


def test_public_url_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("PUBLIC_URL", "https://score.example.net")
    client = make_client(tmp_path)
    created = new_game(client, "http://127.0.0.1:5000")
    assert created["links"]["view"].startswith("https://score.example.net/g/")


# -- LAN address ---------------------------------------------------------------------------------
@pytest.mark.parametrize("base_url", ["http://127.0.0.1:5000", "http://localhost:5000", "http://[::1]:5000"])
def test_all_interfaces_and_a_loopback_request_use_the_lan_address(tmp_path, monkeypatch, base_url):
    monkeypatch.setattr(links_module, "lan_address", lambda: LAN)
    client = make_client(tmp_path, LISTEN_HOST="0.0.0.0")
    created = new_game(client, base_url)
    prefix = f"http://{LAN}:5000"
    assert created["links"] == expected_links(prefix, created)
    assert_share_page(client, created, prefix, base_url)


def test_host_environment_variable_counts_as_listening_everywhere(tmp_path, monkeypatch):
    """`make run` / `make serve` pass HOST=0.0.0.0 in the environment rather than LISTEN_HOST."""
    monkeypatch.setattr(links_module, "lan_address", lambda: LAN)
    monkeypatch.setenv("HOST", "0.0.0.0")
    client = make_client(tmp_path)
    created = new_game(client, "http://127.0.0.1:8000")
    assert created["links"]["view"].startswith(f"http://{LAN}:8000/g/")


def test_a_request_to_the_lan_address_keeps_it(tmp_path, monkeypatch):
    monkeypatch.setattr(links_module, "lan_address", lambda: LAN)
    client = make_client(tmp_path, LISTEN_HOST="0.0.0.0")
    created = new_game(client, "http://10.0.0.7:5000")
    assert created["links"]["view"].startswith("http://10.0.0.7:5000/g/")


def test_listening_only_on_loopback_keeps_the_request_address(tmp_path, monkeypatch):
    """HOST=127.0.0.1: no other device can reach the server anyway, a LAN link would not work."""
    monkeypatch.setattr(links_module, "lan_address", lambda: LAN)
    monkeypatch.delenv("HOST", raising=False)
    client = make_client(tmp_path, LISTEN_HOST="127.0.0.1")
    created = new_game(client, "http://127.0.0.1:5000")
    assert created["links"]["view"].startswith("http://127.0.0.1:5000/g/")


def test_lan_address_is_a_usable_ipv4_address():
    address = links_module.lan_address()
    if address is None:
        pytest.skip("this machine has no non-loopback IPv4 address")
    assert re.fullmatch(r"\d+\.\d+\.\d+\.\d+", address)
    assert not address.startswith("127.") and not address.startswith("169.254.")


# -- rotating from the share page --------------------------------------------------------------
def test_rotating_a_link_on_the_share_page(tmp_path, monkeypatch):
    monkeypatch.setattr(links_module, "lan_address", lambda: LAN)
    client = make_client(tmp_path, LISTEN_HOST="0.0.0.0")
    created = new_game(client)
    game_id, scorer = created["id"], created["keys"]["scorer"]
    base = f"/g/{game_id}/{scorer}"
    before = share_cards(client.get(f"{base}/share").get_data(as_text=True))
    old_view = created["keys"]["view"]
    assert client.get(f"/g/{game_id}/{old_view}").status_code == 200

    response = client.post(f"{base}/rotate", data={"role": "view"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "The old link no longer works" in html
    after = share_cards(html)
    assert after[0]["text"] != before[0]["text"] and after[1:] == before[1:]  # only the table's code changed
    new_view = after[0]["text"].rsplit("/", 1)[1]
    assert old_view not in html
    # the old link is dead at once, on every surface; the new one works
    assert client.get(f"/g/{game_id}/{old_view}").status_code == 404
    assert client.get(f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {old_view}"}).status_code == 404
    assert client.get(f"/g/{game_id}/{old_view}/live").status_code == 404
    assert client.get(f"/g/{game_id}/{new_view}").status_code == 200

    # one seat, through htmx: only the panel comes back, with the new seat link
    response = client.post(f"{base}/rotate", data={"role": "seat", "seat": "2"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="share-panel"')
    cards = share_cards(html)
    assert cards[3]["text"] != after[3]["text"] and cards[:3] == after[:3] and cards[4:] == after[4:]
    assert client.get(f"/g/{game_id}/{created['keys']['seats'][2]}").status_code == 404
    new_seat = cards[3]["text"].rsplit("/", 1)[1]
    seat_page = client.get(f"/g/{game_id}/{new_seat}").get_data(as_text=True)
    assert "Carla" in seat_page and "player" in seat_page

    # the scorer's own link: the page moves to the new share page, the old scorer link is dead
    response = client.post(f"{base}/rotate", data={"role": "scorer"})
    assert response.status_code == 303
    target = response.headers["Location"]
    assert target.startswith(f"/g/{game_id}/") and target.endswith("/share") and scorer not in target
    assert client.get(f"{base}/share").status_code == 404
    assert client.get(target).status_code == 200


@pytest.mark.parametrize("form", [{"role": "nobody"}, {"role": "seat", "seat": "9"}, {"role": "seat"}, {}])
def test_rotating_nonsense_changes_no_link(tmp_path, form):
    client = make_client(tmp_path)
    created = new_game(client)
    base = f"/g/{created['id']}/{created['keys']['scorer']}"
    before = client.get(f"{base}/share").get_data(as_text=True)
    response = client.post(f"{base}/rotate", data=form)
    assert response.status_code == 422
    assert share_cards(client.get(f"{base}/share").get_data(as_text=True)) == share_cards(before)


# -- production settings (make serve) -------------------------------------------------------------
def test_gunicorn_settings_tell_the_app_it_listens_everywhere(monkeypatch):
    """The production server (server/gunicorn_config.py) binds 0.0.0.0 by default: the app must know it, or the
    QR codes of a page opened on the server itself would say localhost."""
    environment = {k: v for k, v in os.environ.items() if k not in ("HOST", "PORT", "WORKERS", "WORKER_CONNECTIONS")}
    monkeypatch.setattr(os, "environ", environment)
    settings = runpy.run_path(str(CONFIG))
    assert settings["bind"] == "0.0.0.0:5000" and environment["HOST"] == "0.0.0.0"
    assert settings["worker_class"] == "scorekeeper.server.worker.Worker"  # gevent: a stream holds a greenlet
    assert settings["workers"] * settings["worker_connections"] >= 10000
    environment["HOST"] = "127.0.0.1"
    assert runpy.run_path(str(CONFIG))["bind"] == "127.0.0.1:5000"


def test_keys_are_redacted_from_access_log_lines():
    from scorekeeper.server.access_log import redact
    assert redact("GET /g/AbC123/s3cr3t-_KEY/share HTTP/1.1") == "GET /g/AbC123/<key>/share HTTP/1.1"
    assert redact("/t/tour1/k3y") == "/t/tour1/<key>"
    assert redact("GET /s/season1/s3cr3t/standings.csv HTTP/1.1") == "GET /s/season1/<key>/standings.csv HTTP/1.1"
    assert redact("next=%2Fs%2Fseason1%2Fs3cr3t") == "next=%2Fs%2Fseason1%2F<key>"
    assert redact("GET /static/app.css?v=1 HTTP/1.1") == "GET /static/app.css?v=1 HTTP/1.1"
    assert redact("next=%2Fg%2Fgame%2FsecretKey%2Fhands") == "next=%2Fg%2Fgame%2F<key>%2Fhands"
    assert redact("/api/v1/games/AbC/hands/1") == "/api/v1/games/AbC/hands/1"
