"""A player's own page in the club (#37, web/club/club_player.py): ratings and their history as `rules.ratings.rate`
and openskill give them, the statistics page's figures for their row, head to head (partners are not opponents),
their games; hiding their name; who may open it (the organiser, the club's link, their own link alone)."""
from __future__ import annotations

import re

import pytest
from openskill.models import PlackettLuce

from scorekeeper.rules.ratings import RatedGame, rate, shown
from scorekeeper.service import clubs, evenings
from scorekeeper.store import db as store
from scorekeeper.web.assets import charts
from scorekeeper.web.gate.doors import BUDGETS
from tests.evenings import play_hands
from tests.test_clubs import ROSTER, morto, piquet
from tests.web.counting import counted
from tests.web.test_every_page_italian import english_phrases, shown as shown_text, untranslated
from tests.web.test_sheet_partnership import rows_of

ALE, BAR, COS, DOM, ERM, FIO, GIA, ILA, LEO = range(1, 10)  # the roster's numbers, in ROSTER's order
LOST = [[4, 9], [6, 7], [10, 3], [5, 8]]  # Whist with dummy: the side not declaring wins 3 deals of 4
TORNEO = ["Ermenegilda", "Fiorenzo", "Gianmarco", "Alessandra"]  # places 1, 4, 3, 2 (seed 3)


@pytest.fixture
def db(app):
    return store.connect(app.config["SCOREKEEPER_DATABASE"])


@pytest.fixture
def club(api, client, db):
    return build_club(api, client, db)


def build_club(api, client, db) -> tuple:
    """The club of the issue, its four games added: two Whist with dummy (Alessandra partners Costanza, then
    Bartolomeo: names typed without capitals or with an accent), a Whist (torneo) and a Piquet."""
    club_id, keys = clubs.create(db, "Circolo del Whist")
    who = clubs.authorize(db, club_id, keys["organiser"])
    for name in ROSTER:
        clubs.add_member(db, who, name)
    added = []
    typed = ["alessandra", "Ermenegìlda", "Bartolomeo", "Fiorenzo"]
    for players, deals, numbers in ((ROSTER[:4], None, [ALE, BAR, COS, DOM]), (typed, LOST, [ALE, ERM, BAR, FIO])):
        game = morto(api, players, *([deals] if deals else []))
        added.append((game, numbers))
    torneo = api.game(variant="whist-torneo", players=TORNEO, first_dealer=0)
    play_hands(client, torneo["id"], torneo["keys"]["scorer"], TORNEO, seed=3)
    added += [(torneo, [ERM, FIO, GIA, ALE]), (piquet(api, ["Ilaria", "Leonardo"]), [ILA, LEO])]
    for game, numbers in added:
        clubs.add_game(db, who, game["id"], game["keys"]["scorer"], numbers)
    return who, keys, [game for game, _ in added]


def page_of(client, who, key: str, number: int, status: int = 200) -> str:
    response = client.get(f"/c/{who.club_id}/{key}/players/{number}")
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    return response.get_data(as_text=True)


def expected_ratings(api, added) -> dict:
    """`rules.ratings.rate` over the four games, in the order they ended, read from the API's standings."""
    numbers = [[ALE, BAR, COS, DOM], [ALE, ERM, BAR, FIO], [ERM, FIO, GIA, ALE], [ILA, LEO]]
    families = ["partnership", "partnership", "predictions", "piquet"]
    rated = []
    for order, (game, seats, family) in enumerate(zip(added, numbers, families)):
        body = api.get(game["id"], game["keys"]["view"]).get_json()
        place = {s["seat"]: s["place"] for s in body["standings"]}
        teams = body.get("sides") or [[seat] for seat in range(len(seats))]
        rated.append(RatedGame(game["id"], family, str(order), tuple(tuple(seats[s] for s in team) for team in teams),
                               tuple(place[team[0]] for team in teams)))
    return rate(rated)


def test_ratings_and_their_history_are_what_rate_gives(api, client, club):
    who, keys, added = club
    html = page_of(client, who, keys["view"], ALE)
    want = expected_ratings(api, added)
    alessandra = {family: by[ALE] for family, by in want.items() if ALE in by}
    assert sorted(alessandra) == ["partnership", "predictions"]
    headings = re.findall(r"<h3>([^<]+): <strong>(\d+)</strong></h3>", html)
    assert headings == [("Wist, Oh Hell, tournament Whist", str(alessandra["predictions"].shown)),
                        ("Partnership Whist", str(alessandra["partnership"].shown))]
    assert "2 games · provisional: 3 more games to go" in html and "1 game · provisional: 4 more games to go" in html
    partnership = alessandra["partnership"]
    steps = [partnership.history[0].before] + [step.after for step in partnership.history]
    assert steps[0] == 1000 and len(steps) == 3
    # the chart: a line through the rating before the first game and after each, its latest in the legend
    drawn = re.findall(r'<polyline points="([^"]+)" class="line s0"', html)
    assert sorted(len(points.split()) for points in drawn) == [2, 3]
    assert f"{ROSTER[0]} <strong>{partnership.shown}</strong>" in html
    # the games, latest first: Piquet is not hers; the torneo, then the two Whist with dummy
    games = rows_of(html, "club-games")
    assert [(cells[0], cells[1], cells[2]) for _, cells in games[1:]] == [
        ("Whist (torneo)", "2 of 4", f"{1000} → {alessandra['predictions'].shown}"),
        ("Whist with dummy", "2 of 2", f"{steps[1]} → {steps[2]}"),
        ("Whist with dummy", "1 of 2", f"1000 → {steps[1]}")]


def test_a_piquet_rating_is_openskills_plackett_luce(api, client, club):
    who, keys, added = club
    body = api.get(added[3]["id"], added[3]["keys"]["view"]).get_json()
    ilaria_won = body["standings"][0]["player"] == "Ilaria"
    model = PlackettLuce()
    first, second = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    winner, loser = shown(first[0].mu, first[0].sigma), shown(second[0].mu, second[0].sigma)
    assert winner > 1000 > loser
    html = page_of(client, who, keys["organiser"], ILA)
    assert f"Piquet: <strong>{winner if ilaria_won else loser}</strong>" in html
    assert rows_of(html, "club-games")[1][1] == ["Piquet", "1 of 2" if ilaria_won else "2 of 2",
                                                     f"1000 → {winner if ilaria_won else loser}"]


def test_head_to_head_leaves_partners_out(client, club):
    who, keys, _ = club
    html = page_of(client, who, keys["organiser"], ALE)
    met = {name: cells for name, cells in rows_of(html, "meetings")[1:]}
    # Costanza partnered her; Bartolomeo was an opponent in the first Whist with dummy, her partner in the second
    assert met == {"Ermenegilda": ["2", "0", "0", "2"], "Fiorenzo": ["2", "1", "0", "1"],
                   "Bartolomeo": ["1", "1", "0", "0"], "Domenico": ["1", "1", "0", "0"],
                   "Gianmarco": ["1", "1", "0", "0"]}
    assert f'href="/c/{who.club_id}/{keys["organiser"]}/players/{ERM}">Ermenegilda</a>' in html


def test_the_statistics_are_the_statistics_pages_row(client, club):
    """The phone that scored the games shows Alessandra's row per variant (names matched, "alessandra" too): the
    club's page shows the same cells, her row alone."""
    who, keys, added = club
    for game in added:
        client.get(f"/g/{game['id']}/{game['keys']['scorer']}")  # on this phone's list
    phone = client.get("/stats").get_data(as_text=True)
    html = page_of(client, who, keys["view"], ALE)
    club_rows = rows_of(html, "stats-table")
    phone_rows = [row for row in rows_of(phone, "stats-table") if row[0] in ("Alessandra", "Player")]
    assert [row for row in club_rows if row[0] == "Alessandra"] == [row for row in phone_rows if
                                                                   row[0] == "Alessandra"]
    assert ("Alessandra", ["1/2", "1.5 1 2", ""]) in club_rows  # Whist with dummy: won 1 of 2, average place 1.5
    assert ("Alessandra", ["9/14 · 64%", "2/2 · 100%", "3", "2"]) in club_rows  # Whist (torneo): her exact bids
    assert [row[0] for row in club_rows[:10]] == ["Player", "Alessandra"] * 5  # her row alone in each table


def test_her_own_link_hides_her_name_and_the_clubs_link_cannot(client, db, club):
    who, keys, _ = club
    own = clubs.player_link(db, who, ALE)
    html = page_of(client, who, own, ALE)
    assert "Hide my name from the ladder" in html and f"/players/{ERM}" not in html  # names, not links
    assert "<td>Ermenegilda</td>" not in html and ">Ermenegilda</th>" in html
    refused = client.post(f"/c/{who.club_id}/{keys['view']}/players/{ALE}/hide", data={"hidden": "1"})
    assert refused.status_code == 403
    assert "Only the player themselves or the club&#39;s organiser can hide a name." in refused.get_data(as_text=True)
    bad = client.post(f"/c/{who.club_id}/{own}/players/{ALE}/hide", data={"hidden": "yes"})
    assert bad.status_code == 422 and "Choose whether to hide the name or to show it." in bad.get_data(as_text=True)
    assert ALE in {r.member.number for r in clubs.ladder(db, who.club_id, "partnership").rungs}
    done = client.post(f"/c/{who.club_id}/{own}/players/{ALE}/hide", data={"hidden": "1"})
    assert done.status_code == 303 and done.headers["Location"] == f"/c/{who.club_id}/{own}/players/{ALE}"
    assert ALE not in {r.member.number for r in clubs.ladder(db, who.club_id, "partnership").rungs}
    html = page_of(client, who, own, ALE)
    assert "Hidden from the ladder" in html and "Show my name on the ladder" in html
    organiser = page_of(client, who, keys["organiser"], ALE)
    assert "Show this name on the ladder" in organiser
    assert client.post(f"/c/{who.club_id}/{keys['organiser']}/players/{ALE}/hide",
                       data={"hidden": "0"}).status_code == 303
    assert not clubs.ladder(db, who.club_id, "partnership").rungs[0].member.hidden
    assert "Hide" not in page_of(client, who, keys["view"], ALE)  # the club's link: no button


def test_other_links_get_404(client, db, club):
    who, keys, _ = club
    own = clubs.player_link(db, who, ALE)
    costanza = clubs.player_link(db, who, COS)
    _, other_keys = clubs.create(db, "Altro circolo")
    page_of(client, who, costanza, ALE, 404)
    assert client.post(f"/c/{who.club_id}/{costanza}/players/{ALE}/hide", data={"hidden": "1"}).status_code == 404
    page_of(client, who, other_keys["organiser"], ALE, 404)
    page_of(client, who, "nessuna-chiave", ALE, 404)
    page_of(client, who, keys["view"], 42, 404)
    assert client.get(f"/c/{who.club_id}/{keys['view']}/players/uno").status_code == 404
    new = clubs.player_link(db, who, ALE, new=True)  # her link replaced: the old one opens nothing
    page_of(client, who, own, ALE, 404)
    page_of(client, who, new, ALE)
    assert not clubs.ladder(db, who.club_id, "partnership").rungs[0].member.hidden  # nothing changed


def test_a_removed_player_is_a_former_player(client, db, club):
    who, keys, _ = club
    clubs.remove_member(db, who, COS)
    html = page_of(client, who, keys["organiser"], COS)
    assert "<h1>a former player</h1>" in html and "Costanza" not in html
    assert "Hide this name" not in html and "Show this name" not in html
    assert ">a former player</th>" in html  # her statistics' row, unnamed
    alessandra = page_of(client, who, keys["organiser"], ALE)
    assert "Costanza" not in alessandra


def test_the_page_in_italian(client, club):
    who, keys, _ = club
    client.set_cookie("lang", "it")
    html = page_of(client, who, keys["organiser"], ALE)
    assert 'lang="it"' in html and "Nascondi questo nome dalla classifica" in html
    assert "provvisorio: mancano ancora 3 partite" in html
    assert untranslated(shown_text(html), english_phrases()) == []


def test_an_evening_players_own_link_opens_her_page(client, db, club):
    who, _, _ = club
    created = client.post("/api/v1/tournaments", json={"name": "Serata"}).get_json()
    organiser = {"Authorization": f"Bearer {created['keys']['organiser']}"}
    seated = client.put(f"/api/v1/tournaments/{created['id']}/roster", headers=organiser,
                        json={"players": ["Costanza", "Domenico", "ilaria", "Leonardo"], "rounds": 1})
    assert seated.status_code == 200, seated.get_json()
    clubs.add_evening(db, who, created["id"], created["keys"]["organiser"], [COS, DOM, ILA, LEO])
    links = evenings.links(db, created["id"])
    ilaria = links[3].key  # the evening's third player
    html = page_of(client, who, ilaria, ILA)
    assert "<h1>Ilaria</h1>" in html and "Hide my name from the ladder" in html
    page_of(client, who, ilaria, COS, 404)  # the evening's first name: not hers (before, every link opened it)
    assert client.post(f"/c/{who.club_id}/{links[1].key}/players/{ILA}/hide", data={"hidden": "1"}).status_code == 404


def test_the_page_reads_each_game_once(client, club):
    """Counted: the page reads the club's games and replays each of hers once (a few statements a game)."""
    who, keys, _ = club
    page_of(client, who, keys["view"], ALE)  # the results kept
    with counted() as work:
        page_of(client, who, keys["view"], ALE)
    budget = BUDGETS["club_player.page"]
    assert work.replays == 3 and work.statements <= budget.statements + budget.per_game * 3, work.statements


def test_a_number_too_large_for_the_database_is_nobody(client, db):
    club_id, keys = clubs.create(db, "Circolo")
    for number in ("99999999999999999999", "0", "-1"):
        assert client.get(f"/c/{club_id}/{keys['view']}/players/{number}").status_code == 404
        assert client.post(f"/c/{club_id}/{keys['organiser']}/players/{number}/hide",
                           data={"hidden": "1"}).status_code == 404


def test_a_rating_history_is_drawn_on_its_own_scale():
    """A rating is about 1000: the chart's scale runs over its values (with the start), not from 0."""
    chart = charts.rating_history("Alessandra", [1000, 1097, 1039], "Games", "Rating: Partnership Whist", "…",
                                  "Rating")
    assert chart is not None and [t.label for t in chart.y_ticks] == ["1000", "1050", "1100"]
    assert [t.label for t in chart.x_ticks] == ["0", "1", "2"] and len(chart.lines[0].points.split()) == 3
    assert chart.lines[0].total == 1039 and chart.title == "Rating: Partnership Whist"
    assert charts.rating_history("Alessandra", [1000], "Games", "", "", "") is None


def test_her_statistics_count_her_latest_games_and_her_games_list_them_all(client, club, monkeypatch):
    who, keys, _ = club
    monkeypatch.setattr(clubs, "STATISTICS_GAMES", 1)  # as 200 would with 201 games
    html = page_of(client, who, keys["view"], ALE)
    assert "The statistics count the latest 1 games." in html
    assert [cells[:2] for _, cells in rows_of(html, "club-games")[1:]] == [
        ["Whist (torneo)", "2 of 4"], ["Partnership Whist", "2 of 2"], ["Partnership Whist", "1 of 2"]]
    assert html.count('class="panel stats-variant"') == 1  # the torneo's table alone
