"""The results to keep (#21): the A4 print page and the PNG card of a finished tournament or game."""
from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from scorekeeper.formats import card
from scorekeeper.service import tournaments
from tests.evenings import play_hands, play_table, play_tournament
from tests.tour import FIVE

NINETY = [f"Giocatore {n:02d}" for n in range(1, 91)]


def pages_of(html: str) -> list[str]:
    return re.findall(r'<section class="print-page">(.*?)</section>', html, re.S)


def test_ninety_players_print_on_three_pages(client):
    created, sums = play_tournament(client, "Torneo d'autunno", [NINETY[i:i + 5] for i in range(0, 90, 5)])
    view = created["keys"]["view"]
    response = client.get(f"/t/{created['id']}/{view}/print")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    pages = pages_of(html)
    assert len(pages) == 3
    assert [page.count("<tr>") - 1 for page in pages] == [40, 40, 10]  # a header row on every page
    assert all("Torneo d&#39;autunno" in page and "<thead>" in page for page in pages)
    assert "@page" not in html and "print.css" in html and "<nav" not in html
    best = max(sums, key=lambda p: (sums[p][0], sums[p][1]))
    first = re.search(r"<tbody>\s*<tr><td class=\"num\">1</td><td>([^<]+)</td>", pages[0]).group(1)
    assert first == best


def test_a_finished_game_prints_and_cards_its_sides(client, api):
    game = api.game(variant="whist-morto", players=["Anna", "Bruno", "Carla", "Dario"], first_dealer=0)
    for deal, tricks in enumerate([[9, 4], [7, 6], [3, 10], [8, 5]], start=1):
        api.recorded(game["id"], game["keys"]["scorer"], deal, {"trump": "S", "tricks": tricks})
    view = game["keys"]["view"]
    html = client.get(f"/g/{game['id']}/{view}/print").get_data(as_text=True)
    rows = re.findall(r'<tr><td class="num">(\d+)</td><td>([^<]+)</td>\s*<td class="num">(-?\d+)</td>', html)
    # each deal the side with more tricks scores the difference: 5 + 1 + 3 against 7
    assert rows == [("1", "Anna &amp; Carla", "9"), ("2", "Bruno &amp; Dario", "7")]
    response = client.get(f"/g/{game['id']}/{view}/card.png")
    assert response.status_code == 200 and response.mimetype == "image/png"
    assert Image.open(io.BytesIO(response.data)).size[0] == 1080


def test_the_card_of_a_tournament(client):
    created, sums = play_tournament(client, "Serata <script>alert(1)</script>", [FIVE, ["Ugo", "Vera", "Zeno"]])
    seat = created["keys"]["join"]
    response = client.get(f"/t/{created['id']}/{seat}/card.png")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "image/png"
    assert response.headers["Content-Disposition"] == 'inline; filename="serata-script-alert-1-script-results.png"'
    image = Image.open(io.BytesIO(response.data))
    assert image.format == "PNG" and image.size[0] == 1080 and 700 < image.size[1] <= card.MAX_HEIGHT
    assert image.getpixel((5, 5)) == (0x1a, 0x5e, 0x3f)  # the green band of the title
    html = client.get(f"/t/{created['id']}/{seat}/print").get_data(as_text=True)
    assert "<h1>Serata &lt;script&gt;alert(1)&lt;/script&gt;</h1>" in html and "<script>" not in html


def test_before_the_end_there_is_nothing_to_keep(client, api):
    created = client.post("/api/v1/tournaments", json={"name": "Serata"}).get_json()
    play_table(client, created["id"], created["keys"]["organiser"], FIVE, seed=3, stop=2)
    for path in ("print", "card.png"):
        response = client.get(f"/t/{created['id']}/{created['keys']['view']}/{path}")
        assert response.status_code == 409
        assert "not over yet" in response.get_data(as_text=True)
        assert client.get(f"/t/{created['id']}/wrong-key/{path}").status_code == 404
    game = api.game()
    response = client.get(f"/g/{game['id']}/{game['keys']['view']}/card.png")
    assert response.status_code == 409 and "The game is not over yet" in response.get_data(as_text=True)


def test_the_finished_pages_link_to_both(client, api):
    created, _ = play_tournament(client, "Serata", [FIVE])
    tid, keys = created["id"], created["keys"]
    for role in ("organiser", "view"):
        html = client.get(f"/t/{tid}/{keys[role]}").get_data(as_text=True)
        page = f"/t/{tid}/{keys[role]}"
        assert f'href="{page}/print"' in html and f'href="{page}/card.png" download' in html
    game = api.game(variant="whist-morto", first_dealer=0)
    sheet = f"/g/{game['id']}/{game['keys']['view']}"
    assert "/card.png" not in client.get(sheet).get_data(as_text=True)
    for deal in range(1, 5):
        api.recorded(game["id"], game["keys"]["scorer"], deal, {"trump": "S", "tricks": [7, 6]})
    html = client.get(sheet).get_data(as_text=True)
    assert f'href="{sheet}/print"' in html and f'href="{sheet}/card.png" download' in html


def test_a_seated_evening_is_over_when_its_last_round_is(client):
    """Every partita finished is not enough while a round of the evening's plan has not begun."""
    created = client.post("/api/v1/tournaments", json={"name": "Serata"}).get_json()
    tid, organiser = created["id"], {"Authorization": f"Bearer {created['keys']['organiser']}"}
    seated = client.put(f"/api/v1/tournaments/{tid}/roster", json={"players": FIVE[:4], "rounds": 2}, headers=organiser)
    assert seated.status_code == 200, seated.get_json()
    print_page = f"/t/{tid}/{created['keys']['view']}/print"
    for number in (1, 2):
        table = seated.get_json()["seating"]["plan"][number - 1]["tables"][0]
        started = client.post(f"/api/v1/tournaments/{tid}/seating/start", headers=organiser,
                              json={"round": number, "table": table["table"], "first_dealer": 0}).get_json()
        play_hands(client, started["id"], started["keys"]["scorer"], table["players"], seed=number)
        assert client.get(print_page).status_code == (409 if number == 1 else 200)


# -- the card drawn once per version (#33, finding 5) --------------------------------------------------------
@pytest.fixture
def drawings(monkeypatch):
    """Each drawing of a results card (`card.render`: the PNG, ~100 ms of CPU), as it happens."""
    drawn, render = [], card.render
    monkeypatch.setattr(card, "render", lambda layout: drawn.append(layout) or render(layout))
    return drawn


def finished_game(api) -> dict:
    game = api.game(variant="whist-morto", players=["Anna", "Bruno", "Carla", "Dario"], first_dealer=0)
    for deal, tricks in enumerate([[9, 4], [7, 6], [3, 10], [8, 5]], start=1):
        api.recorded(game["id"], game["keys"]["scorer"], deal, {"trump": "S", "tricks": tricks})
    return game


def test_a_game_card_is_drawn_once_per_version_and_language(client, api, drawings):
    game = finished_game(api)
    path = f"/g/{game['id']}/{game['keys']['view']}/card.png"
    answers = [client.get(path) for _ in range(5)] + [client.get(f"/g/{game['id']}/{game['keys']['scorer']}/card.png")]
    assert [a.status_code for a in answers] == [200] * 6 and len(drawings) == 1
    assert {a.data for a in answers} == {answers[0].data} and answers[0].data.startswith(b"\x89PNG")
    tag = answers[0].headers["ETag"]
    assert not tag.startswith("W/") and {a.headers["ETag"] for a in answers} == {tag}
    assert answers[0].headers["Cache-Control"] == "private, no-cache"  # kept by the phone, asked again each time
    again = client.get(path, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == tag and len(drawings) == 1

    italian = client.get(path, headers={"Accept-Language": "it"})
    assert italian.status_code == 200 and len(drawings) == 2
    assert italian.headers["ETag"] != tag and italian.data != answers[0].data
    assert client.get(path, headers={"Accept-Language": "it"}).status_code == 200 and len(drawings) == 2

    api.recorded(game["id"], game["keys"]["scorer"], 2, {"trump": "S", "tricks": [2, 11]})  # a hand corrected
    changed = client.get(path, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and len(drawings) == 3
    assert changed.headers["ETag"] != tag and changed.data != answers[0].data


def test_a_tournament_card_is_drawn_again_when_a_partita_changes(client, drawings, monkeypatch):
    created, _ = play_tournament(client, "Serata", [FIVE, ["Ugo", "Vera", "Zeno"]])
    tid, keys = created["id"], created["keys"]
    path = f"/t/{tid}/{keys['view']}/card.png"
    first = client.get(path)
    assert first.status_code == 200 and [client.get(path).data for _ in range(4)] == [first.data] * 4
    assert len(drawings) == 1
    loads, load = [], tournaments.load
    monkeypatch.setattr(tournaments, "load", lambda *args: loads.append(args) or load(*args))
    again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and loads == [] and len(drawings) == 1  # nothing replayed, nothing drawn

    organiser = {"Authorization": f"Bearer {keys['organiser']}"}
    partita = client.get(f"/api/v1/tournaments/{tid}", headers=organiser).get_json()["games"][1]
    scorer = {"Authorization": f"Bearer {partita['links']['scorer'].rstrip('/').rsplit('/', 1)[1]}"}
    hand = client.get(f"/api/v1/games/{partita['id']}", headers=scorer).get_json()["hands"][0]
    corrected = client.put(f"/api/v1/games/{partita['id']}/hands/1", headers=scorer,
                           json={"tricks": hand["tricks"][1:] + hand["tricks"][:1]})
    assert corrected.status_code == 200, corrected.get_json()
    changed = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and len(drawings) == 2 and changed.headers["ETag"] != first.headers["ETag"]


def test_the_cards_kept_are_bounded(client, api, drawings, monkeypatch):
    """The least recently used card goes first once the cards kept would pass the bound (a few MB per process)."""
    from scorekeeper.web.game import result_pages
    one, other = finished_game(api), finished_game(api)
    paths = [f"/g/{game['id']}/{game['keys']['view']}/card.png" for game in (one, other)]
    size = len(client.get(paths[0]).data)
    monkeypatch.setattr(result_pages.KEPT, "budget", size + size // 2)  # room for one card of this size
    for path in (paths[0], paths[0], paths[1], paths[1], paths[0]):
        assert client.get(path).status_code == 200
    assert len(drawings) == 3
