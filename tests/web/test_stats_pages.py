"""The statistics pages through the test client, on known games (tests/stats/games.py): the phone's
games and a tournament's partite, their numbers, links and keys; nothing sealed shows."""
from __future__ import annotations

import re

from tests import torneo_support as ref
from tests.conftest import PLAYERS4
from tests.stats.games import CLASSICO, SOLO, WIST
from tests.web.test_home import text
from tests.web.test_tournament_pages import FIVE, create


def played(api, client, variant, hands, players=PLAYERS4):
    """A game recorded through the API and opened on this phone (so it is on the phone's list)."""
    game = api.game(variant=variant, players=players)
    key = game["keys"]["scorer"]
    for number, body in enumerate(hands, start=1):
        assert api.hand(game["id"], key, number, body).status_code == 200
    assert client.get(f"/g/{game['id']}/{key}").status_code == 200
    return game


def wist_hands(hands=WIST):
    return [{"tricks": tricks, **({"bids": bids} if bids else {})} for bids, tricks in hands]


def section(page: str, title: str) -> str:
    """The text of one variant's section of the page."""
    return text(page.split(f">{title}</h2>")[1].split("</section>")[0])


def test_no_games_yet_is_explained_and_the_home_page_links_here(client):
    assert 'href="/stats"' in client.get("/").get_data(as_text=True)
    page = text(client.get("/stats").get_data(as_text=True))
    assert "No statistics yet: they come from the games on this phone once a hand is scored." in page


def test_the_phone_statistics_show_the_numbers_of_known_games(client, api):
    wist = played(api, client, "wist", wist_hands())
    played(api, client, "whist-classico", [{"trump": "SHDCS"[n], "tricks": t} for n, t in enumerate(CLASSICO)])
    played(api, client, "solo-whist", SOLO)
    page = client.get("/stats").get_data(as_text=True)
    assert [re.sub(r"\s+", " ", t) for t in re.findall(r'<h2 id="variant-\d">([^<]+)</h2>', page)] == [
        "Wist", "Whist (classic, with honours and rubber)", "Solo Whist"]
    wist_text = section(page, "Wist")
    assert "1 game, 1 finished" in wist_text
    # Results: won/played and average place, best first.
    assert re.search(r"Bruno 1/1 1 .*Dario 0/1 2 .*Carla 0/1 3 .*Anna 0/1 4 ", wist_text)
    # Bids (hand 8 has no bidding): exact, zeros made, over, under.
    assert "Bruno 5/7 · 71% 2/2 · 100% 2 0" in wist_text
    assert "Anna 4/7 · 57% 0/2 · 0% 2 1" in wist_text
    assert "Dario 4/7 · 57% 1/1 · 100% 3 0" in wist_text
    # Best and worst hand, each a link to that hand's history.
    assert "Anna +25 hand 8 · " in wist_text and "-65 hand 5 · " in wist_text
    assert f'/g/{wist["id"]}/{wist["keys"]["scorer"]}/hands/8/history' in page
    classic = section(page, "Whist (classic, with honours and rubber)")
    assert "Anna 1/1 · 100% 2/3 · 67%" in classic and "Bruno 0/1 · 0% 1/3 · 33%" in classic
    assert "Anna +5 deal 5 · " in classic
    solo = section(page, "Solo Whist")
    assert "1 game, 0 finished" in solo  # not ended yet
    assert "Anna 1/1 · 100%" in solo and "Bruno 0/1 · 0%" in solo and "Dario –" in solo
    assert "Bruno +5 deal 4 · " in solo and "-24 deal 2 · " in solo


def test_in_italian(client, api):
    played(api, client, "wist", wist_hands())
    client.set_cookie("lang", "it")
    page = text(client.get("/stats").get_data(as_text=True))
    assert "Statistiche" in page and "1 partita, 1 finita" in page
    assert "Bruno +25 mano 5 · " in page


def test_a_sealed_bid_not_yet_revealed_never_shows(client, api):
    """Hand 7 (Biglietti): every slip is in, no tricks yet. Bruno's bids so far: over, over, then exact."""
    game = played(api, client, "wist", wist_hands(WIST[:6]))
    for seat, bid in enumerate([6, 0, 0, 6]):
        assert api.bid(game["id"], game["keys"]["scorer"], 7, seat, bid).status_code == 200
    page = text(client.get("/stats").get_data(as_text=True))
    assert "Bruno 4/6 · 67% 1/1 · 100% 2 0" in page  # with hand 7's slips it would be 5/7 and 2/2


def test_a_tournament_has_statistics_for_every_key(client, api):
    """Three-way tie (tests/torneo_support.py): Anna bids cards − 1 and makes it, 22 at most (10 cards);
    Bruno, Carla and Dario make their zeros (26 in the NT hands at a 13 position); Elena never does."""
    tournament_id, key = create(client)
    partita = client.post(f"/api/v1/tournaments/{tournament_id}/games", json={"players": FIVE, "first_dealer": 0},
                          headers={"Authorization": f"Bearer {key}"}).get_json()
    ref.play_api(api, partita["id"], partita["keys"]["scorer"], ref.three_way_tie())
    organiser = client.get(f"/t/{tournament_id}/{key}").get_data(as_text=True)
    assert f'href="/t/{tournament_id}/{key}/stats"' in organiser
    view_key = re.search(r'href="http://localhost/t/[\w-]+/([\w-]+)">Standings for the TV', organiser).group(1)
    assert f'href="/t/{tournament_id}/{view_key}/stats"' in client.get(f"/t/{tournament_id}/{view_key}").get_data(
        as_text=True)
    for each in (key, view_key):
        page = text(client.get(f"/t/{tournament_id}/{each}/stats").get_data(as_text=True))
        assert "Statistics: Torneo di Natale" in page and "1 game, 1 finished" in page
        assert re.search(r"Anna 1/1 1 .*Bruno 0/1 2 .*Carla 0/1 2 .*Dario 0/1 2 .*Elena 0/1 5 ", page)
        assert "Anna 14/14 · 100% – 0 0" in page and "Elena 0/14 · 0% 0/14 · 0% 14 0" in page
        assert "Anna +22 hand 5 · table 1, round 1 +15 hand 1 · table 1, round 1" in page
        assert "Bruno +26 hand 6 · table 1, round 1 +13 hand 1" in page
    response = client.get(f"/t/{tournament_id}/nope/stats")
    assert response.status_code == 404 and "no such tournament" in response.get_data(as_text=True)


def test_a_drawn_partie_is_won_by_nobody(client, api):
    """Piquet with the draw option, six even deals: a draw on the home list and in the statistics, not a
    win for both (#19); in Italian too."""
    even = {"point": [0, 0], "play_points": [7, 7], "tricks_won": [6, 6]}
    game = api.game(variant="piquet", players=["Anna", "Bruno"], options={"tie": "draw"})
    for number in range(1, 7):
        api.recorded(game["id"], game["keys"]["scorer"], number, even)
    assert client.get(f"/g/{game['id']}/{game['keys']['scorer']}").status_code == 200
    home = text(client.get("/").get_data(as_text=True))
    assert "finished, a draw" in home and "won by" not in home
    piquet = section(client.get("/stats").get_data(as_text=True), "Piquet")
    assert "Anna 0/1 (1 draw)" in piquet and "Bruno 0/1 (1 draw)" in piquet
    client.set_cookie("lang", "it")
    assert "finita in parità" in text(client.get("/").get_data(as_text=True))
    assert "(1 pareggio)" in section(client.get("/stats").get_data(as_text=True), "Piquet")
