"""Weight: pages, styles and scripts go out compressed; fingerprinted static files are cached for a year;
the first load of a sheet stays small; the live streams are never compressed (they must flow)."""
from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import PLAYERS4

GZIP = {"Accept-Encoding": "gzip, br"}
PHONE = {"Accept-Encoding": "gzip, deflate, br, zstd"}  # what Chromium sends


def first_load(client, path: str) -> dict[str, int]:
    """The bytes a phone downloads to open `path` afresh, as the app sends them to a phone's browser (Chromium
    accepts zstd and Brotli too): the page, then every style, script, icon and manifest it links. Not the
    apple-touch-icon (fetched when the page is added to an iPhone's home screen), nor what the service worker
    caches once the page is open; the chart and the QR codes come with the page or when scrolled into view."""
    page = client.get(path, headers=PHONE)
    assert page.status_code == 200 and page.headers["Content-Encoding"] in ("br", "zstd", "gzip")
    loaded = {path: len(page.data)}
    html = client.get(path).get_data(as_text=True)
    for tag in re.findall(r"<(?:link|script)\b[^>]*>", html):
        address = re.search(r'(?:href|src)="(/static/[^"]+)"', tag)
        if address and "apple-touch-icon" not in tag:
            asset = client.get(address.group(1), headers=PHONE)
            assert asset.status_code == 200, address.group(1)
            loaded[address.group(1).split("?")[0]] = len(asset.data)
    return loaded


def test_a_sheets_first_load_is_at_most_30_kb_compressed(client, api):
    """A scorer's sheet of a 5-player Wist game, opened afresh on a phone (#36: it had grown to 39–40 KB), with 1.5 KB
    to spare (#36: the rules of the other pages and of Partnership's sheet are in files those pages load)."""
    game = api.game(players=["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda"])
    loaded = first_load(client, f"/g/{game['id']}/{game['keys']['scorer']}")
    assert {"/static/app.css", "/static/htmx-4.0.1.min.js", "/static/live.js", "/static/outbox.js"} <= set(loaded)
    assert sum(loaded.values()) <= 30_000 - 1_500, loaded


def test_partnerships_sheet_loads_its_own_rules_and_stays_under_30_kb(client, api):
    """Whist's partnership sheet adds partnership.css; no other sheet downloads it (#36)."""
    game = api.game(variant="whist-classico", players=PLAYERS4)
    loaded = first_load(client, f"/g/{game['id']}/{game['keys']['scorer']}")
    assert "/static/partnership.css" in loaded and sum(loaded.values()) <= 30_000, loaded
    wist = api.game(players=PLAYERS4)
    assert "partnership.css" not in client.get(f"/g/{wist['id']}/{wist['keys']['scorer']}").get_data(as_text=True)


def test_pages_and_static_files_are_compressed(client, api):
    game = api.game(players=PLAYERS4)
    sheet = client.get(f"/g/{game['id']}/{game['keys']['scorer']}", headers=GZIP)
    assert sheet.status_code == 200 and sheet.headers["Content-Encoding"] in ("gzip", "br")
    assert "Accept-Encoding" in sheet.headers["Vary"]
    html = client.get(f"/g/{game['id']}/{game['keys']['scorer']}").get_data(as_text=True)
    for path in re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js)\?v=[^"]+)"', html):
        asset = client.get(path, headers=GZIP)
        assert asset.status_code == 200 and asset.headers["Content-Encoding"] in ("gzip", "br"), path


def test_fingerprinted_static_files_are_cached_for_a_year(client):
    home = client.get("/").get_data(as_text=True)
    css = re.search(r'href="(/static/app\.css\?v=[0-9a-f]{12})"', home).group(1)
    response = client.get(css)
    assert response.status_code == 200
    directives = {p.strip() for p in response.headers["Cache-Control"].split(",")}
    assert {"public", "immutable", "max-age=31536000"} <= directives
    plain = client.get("/static/app.css")
    # an address without a fingerprint is checked again
    assert "immutable" not in plain.headers.get("Cache-Control", "")


def test_the_live_streams_are_not_compressed(client, api):
    game = api.game(players=PLAYERS4)
    response = client.get(f"/api/v1/games/{game['id']}/events", headers={**GZIP, **api.headers(game["keys"]["view"])},
                          buffered=False)
    try:
        assert response.status_code == 200 and "Content-Encoding" not in response.headers
        assert next(iter(response.response)).startswith(b"retry:")
    finally:
        response.close()


def test_the_service_worker_lists_the_current_static_files_and_nothing_else(client):
    """Served from the root (its scope is the whole app), checked at every visit, allowed by the CSP;
    it lists each static file at its fingerprinted address, and no page."""
    home = client.get("/").get_data(as_text=True)
    assert re.search(r'<script src="/static/sw-register\.js\?v=[0-9a-f]{12}" data-worker="/sw\.js" defer>', home)
    assert "worker-src 'self'" in client.get("/").headers["Content-Security-Policy"]
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    assert "no-cache" in worker.headers["Cache-Control"]
    files = re.search(r"var FILES = (\[.*\]);", worker.get_data(as_text=True)).group(1)
    css = re.search(r'href="(/static/app\.css\?v=[0-9a-f]{12})"', home).group(1)
    assert f'"{css}"' in files and '"/static/outbox.js?v=' in files and "LICENSE" not in files
    assert all(re.fullmatch(r'"/static/[\w.-]+\?v=[0-9a-f]{12}"', item) for item in files[1:-1].split(", "))


def test_a_poll_when_nothing_changed_sends_nothing(client, api):
    """A sheet polling while its stream is down says which version it shows: the same version is
    answered 204 with no body; a newer game, another link's view or a plain page load get it all."""
    game = api.game(players=PLAYERS4, first_dealer=0)
    path = f"/g/{game['id']}/{game['keys']['view']}"
    poll = {"HX-Request": "true", "X-Live-Refresh": "1", "X-Sheet-Version": "1"}
    same = client.get(path, headers=poll)
    assert same.status_code == 204 and same.data == b"" and same.headers["Cache-Control"] == "no-store"
    assert client.get(path, headers={**poll, "X-Sheet-Version": "0"}).status_code == 200
    assert client.get(path, headers={**poll, "X-Sheet-Version": "one"}).status_code == 200
    assert client.get(path, headers={"X-Sheet-Version": "1"}).status_code == 200  # without htmx: the page
    assert api.bid(game["id"], game["keys"]["scorer"], 1, 1, 2).status_code == 200
    newer = client.get(path, headers=poll)
    assert newer.status_code == 200 and 'data-version="2"' in newer.get_data(as_text=True)
    assert client.get(f"/g/{game['id']}/not-a-key", headers={**poll, "X-Sheet-Version": "2"}).status_code == 404


def test_the_offline_page_is_the_apps_own_without_keys(client):
    """Cached by the worker at install: the app's page in the phone's language, no game's link in it."""
    page = client.get("/offline", headers={"Accept-Language": "it"})
    assert page.status_code == 200 and page.headers["Content-Language"] == "it"
    assert "Sei senza rete" in page.get_data(as_text=True)
    english = client.get("/offline", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "You are offline" in english and "/g/" not in english
    worker = client.get("/sw.js").get_data(as_text=True)
    assert '"/offline"' in worker


def test_the_pages_scripts_use_htmx_public_api_alone():
    """No script of ours reads htmx's or hx-sse's internals (`_htmx`), which a release may change (#36)."""
    static = Path(__file__).resolve().parents[2] / "static"
    ours = [path for path in static.glob("*.js") if not path.name.startswith(("htmx-", "hx-"))]
    assert {"live.js", "outbox.js"} <= {path.name for path in ours}
    assert [path.name for path in ours if "_htmx" in path.read_text(encoding="utf-8")] == []
