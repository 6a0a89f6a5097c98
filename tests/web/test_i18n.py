"""Italian and English from the start: the Italian catalogue is complete and used."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "scorekeeper" / "translations" / "it" / "LC_MESSAGES" / "messages.po"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def _messages():
    with CATALOGUE.open("rb") as f:
        return [m for m in read_po(f, locale="it") if m.id]


def test_every_message_is_translated_with_the_same_placeholders():
    for message in _messages():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"untranslated: {message.id!r}"
        assert "fuzzy" not in message.flags, f"fuzzy: {message.id!r}"
        for string in strings:
            assert set(PLACEHOLDER.findall(string)) <= set(PLACEHOLDER.findall(" ".join(ids))), message.id


def test_the_catalogue_holds_every_string_of_the_code(tmp_path):
    """Nothing user-facing was added without running `make messages` (and translating it)."""
    pot = tmp_path / "messages.pot"
    pybabel = Path(sys.executable).parent / "pybabel"
    subprocess.run([str(pybabel), "--quiet", "extract", "-F", "babel.cfg",
                    "-k", "N_", "-k", "_l", "-o", str(pot), "."], cwd=ROOT, check=True)
    with pot.open("rb") as f:
        wanted = {m.id for m in read_po(f) if m.id}
    have = {m.id for m in _messages()}
    assert not wanted - have, sorted(map(str, wanted - have))


def test_the_compiled_catalogue_is_the_one_of_the_text():
    """The .mo files are committed (an installed server has no pybabel step): they must say what the .po does."""
    from io import BytesIO

    from babel.messages.mofile import write_mo

    with CATALOGUE.open("rb") as f:
        catalogue = read_po(f, locale="it")
    compiled = BytesIO()
    write_mo(compiled, catalogue)
    assert CATALOGUE.with_suffix(".mo").read_bytes() == compiled.getvalue(), "run `make messages` and commit the .mo"


def test_pages_and_rule_errors_speak_italian(api, client):
    game = api.game(first_dealer=3)
    client.set_cookie("lang", "it")
    assert api.bid(game["id"], game["keys"]["scorer"], 1, 0, 3).status_code == 200
    page = client.get(f"/g/{game['id']}/{game['keys']['scorer']}").get_data(as_text=True)
    assert "Mano 1" in page and "Dà le carte Dario" in page and "Annulla: dichiarazione 3 per Anna, mano 1" in page
    for seat, bid in [(0, 4), (1, 0), (2, 5)]:
        api.bid(game["id"], game["keys"]["scorer"], 1, seat, bid)
    refused = client.put(f"/api/v1/games/{game['id']}/hands/1/bids/3", json={"bid": 4},
                         headers={"Authorization": f"Bearer {game['keys']['scorer']}", "Accept-Language": "it"})
    assert refused.status_code == 422
    assert refused.get_json()["error"]["message"].startswith("Dichiarazione vietata al mazziere")


def test_the_language_switch_sets_a_cookie_and_comes_back(client):
    response = client.get("/lang/it?next=/new")
    assert response.status_code == 303 and response.headers["Location"].endswith("/new")
    assert "Nuova partita" in client.get("/new").get_data(as_text=True)
    assert client.get("/lang/en?next=https://evil.example/").headers["Location"].endswith("/")
    assert client.get("/lang/xx").status_code == 404


def test_a_wrong_number_of_players_is_explained_in_italian(client):
    response = client.post("/api/v1/games", json={"variant": "whist-torneo", "players": ["A", "B"]},
                           headers={"Accept-Language": "it"})
    assert response.status_code == 422
    assert response.get_json()["error"]["message"] == "Questo gioco si gioca da 3 a 5 giocatori, non in 2."
