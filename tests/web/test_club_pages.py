"""A club's own pages (#37, web/club/club_pages.py): creating a club, its page (the ladder, the roster, the
organiser's forms and links), a player's own link, the TV. The ladder's numbers are checked against openskill called
here directly; every link is tried (organiser, the club's, a player's own, replaced, another club's, none)."""
from __future__ import annotations

import html
import re
from datetime import datetime

import pytest
from markupsafe import escape
from openskill.models import PlackettLuce

from scorekeeper.rules.ratings import shown
from scorekeeper.service import clubs
from scorekeeper.store import db as store
from scorekeeper.web.club import club_pages
from tests.conftest import count_rows
from tests.test_clubs import ROSTER, morto, piquet

RUNG = re.compile(r'<td class="place">(\d+)=?</td>\s*<th scope="row" class="player">(?:<a href="([^"]+)">)?([^<]+)'
                  r'(?:</a>)?\s*(<span class="tag">[^<]*</span>)?</th>\s*<td class="rating">(\d+)</td>'
                  r'<td class="played">(\d+)</td>\s*<td class="move">([^<]*)'
                  r'(?:<span class="visually-hidden">[^<]*</span>)?</td>')
ERROR = re.compile(r'<p class="error" role="alert" id="(\w+)-error">([^<]*)</p>')


def rungs(page: str) -> list[tuple]:
    """The ladder's lines as the page shows them: (place, name, rating, games, provisional, move)."""
    return [(int(place), html.unescape(name).strip(), int(rating), int(games), bool(tag), move)
            for place, _url, name, tag, rating, games, move in RUNG.findall(page)]


def errors(page: str) -> dict[str, str]:
    return {field: html.unescape(text) for field, text in ERROR.findall(page)}


@pytest.fixture
def db(app):
    return store.connect(app.config["SCOREKEEPER_DATABASE"])


class Club:
    """A club made through its pages, with the nine players of the issue added by the organiser's form."""

    def __init__(self, client, db, name="Circolo del Whist"):
        self.client, self.db = client, db
        response = client.post("/clubs/new", data={"name": name})
        assert response.status_code == 303
        _, _, self.id, self.organiser = response.location.split("/")
        self.url = response.location
        self.who = clubs.authorize(db, self.id, self.organiser)

    @property
    def view(self) -> str:
        return clubs.keys_of(self.db, self.id)["view"]

    def page(self, key=None, **args) -> str:
        response = self.client.get(f"/c/{self.id}/{key or self.organiser}", query_string=args)
        assert response.status_code == 200
        return response.get_data(as_text=True)

    def add(self, name, nickname=""):
        return self.client.post(f"{self.url}/players", data={"name": name, "nickname": nickname})

    def names(self) -> list[str | None]:
        return [m.name for m in clubs.roster(self.db, self.id)]


@pytest.fixture
def club(client, db):
    club = Club(client, db)
    for name in ROSTER:
        assert club.add(name).location == f"{club.url}#roster"
    return club


def expected_ladder(api, played) -> dict[int, tuple[int, int]]:
    """number → (shown rating, games) as openskill gives them for `played` ([(game, roster numbers by seat)], in the
    order they ended), each game's sides and places read from the API."""
    model, ratings, count = PlackettLuce(), {}, {}
    for game, numbers in played:
        result = api.get(game["id"], game["keys"]["view"]).get_json()
        place = {s["seat"]: s["place"] for s in result["standings"]}
        sides = result.get("sides") or [[seat] for seat in range(len(numbers))]
        teams = [[ratings.setdefault(numbers[seat], model.rating()) for seat in side] for side in sides]
        for side, new in zip(sides, model.rate(teams, ranks=[place[side[0]] for side in sides])):
            for seat, rating in zip(side, new):
                ratings[numbers[seat]] = rating
                count[numbers[seat]] = count.get(numbers[seat], 0) + 1
    return {n: (shown(r.mu, r.sigma), count[n]) for n, r in ratings.items()}


def played_games(api, db, club) -> list:
    """Three games of Whist with dummy among the nine (in this order) and a Piquet partita, added to the club."""
    tables = [[1, 2, 3, 4], [5, 6, 7, 8], [1, 5, 2, 9]]
    played = []
    for numbers in tables:
        game = morto(api, [ROSTER[n - 1] for n in numbers])
        clubs.add_game(db, club.who, game["id"], game["keys"]["scorer"], numbers)
        played.append((game, numbers))
    game = piquet(api, ["Ilaria", "Leonardo"])
    clubs.add_game(db, club.who, game["id"], game["keys"]["scorer"], [8, 9])
    return played + [(game, [8, 9])]


# -- creating a club ---------------------------------------------------------------------------------------------


def test_a_club_is_created_from_its_form_and_refusals_keep_the_form(client, app):
    home = client.get("/").get_data(as_text=True)
    assert 'href="/clubs/new"' in home
    assert client.get("/clubs/new").status_code == 200
    for name, status, said in (("   ", 422, "Give the club a name."),
                               ("C" * 61, 422, "A club name may be at most 60 characters long.")):
        response = client.post("/clubs/new", data={"name": name})
        assert response.status_code == status
        assert errors(response.get_data(as_text=True)) == {"name": said}
    assert count_rows(app, "clubs") == 0
    response = client.post("/clubs/new", data={"name": "  Circolo   del Whist "})
    assert response.status_code == 303 and response.location.startswith("/c/")
    page = client.get(response.location).get_data(as_text=True)
    assert "<h1>Circolo del Whist</h1>" in page and "Add a player" in page
    assert "To start: add the club's players" in html.unescape(page)  # an empty club says how to begin
    home = client.get("/").get_data(as_text=True)  # the phone finds its club again
    assert "Clubs on this phone" in home and f'href="{response.location}">Circolo del Whist</a>' in home


# -- the roster --------------------------------------------------------------------------------------------------


def test_the_organiser_adds_the_nine_and_a_name_alike_is_refused_beside_its_field(club):
    assert club.names() == ROSTER  # nobody played yet: by name
    for name, nickname, field, said, status in (
            ("  ermenegìlda ", "", "name", "“ermenegìlda” is already on the roster as “Ermenegilda”: names that differ "
                                           "only in capitals or accents are one player.", 409),
            ("LEONARDO", "Leo", "name", "“LEONARDO” is already on the roster as “Leonardo”: names that differ only "
                                        "in capitals or accents are one player.", 409),
            ("", "", "name", "Every player needs a name.", 422),
            ("Bartolomeo Alessandro Maria de' Medici Tornabuoni", "", "name",
             "A name may be at most 40 characters long.", 422),
            ("Zeno", "Z" * 21, "nickname", "A nickname may be at most 20 characters long.", 422)):
        response = club.add(name, nickname)
        page = response.get_data(as_text=True)
        assert response.status_code == status, page
        assert errors(page) == {field: said}
        assert f'value="{escape(name)}"' in page  # the form keeps what was typed
    assert club.names() == ROSTER
    assert club.add("Zeno", "Lo Zio").status_code == 303
    assert "Zeno (Lo Zio)" in club.page()


def test_each_link_at_the_club_page(club, client, db):
    organiser = club.page()
    assert "Add a player" in organiser and club.view in organiser and "<svg" in organiser
    view = club.page(club.view)
    assert "Add a player" not in view and "/edit" not in view and club.organiser not in view
    assert f'href="/c/{club.id}/{club.view}/players/1"' in view
    own = clubs.player_link(db, club.who, 4)
    response = client.get(f"/c/{club.id}/{own}")
    assert response.status_code == 303 and response.location == f"/c/{club.id}/{own}/players/4"
    assert client.get(f"/c/{club.id}/{own}/tv").status_code == 404  # their own page alone
    other = Club(client, db, "Altro circolo")
    old_view = club.view
    assert client.post(f"{club.url}/rotate", data={"role": "view"}).status_code == 303
    for key in (old_view, other.organiser, other.view, "x" * 32):
        assert client.get(f"/c/{club.id}/{key}").status_code == 404, key
    assert client.get(f"/c/{club.id}/").status_code == 404
    assert client.get(f"/c/nosuchclub/{club.organiser}").status_code == 404
    for form in ("/players", "/players/1/remove", "/rotate"):  # the organiser's forms answer the organiser alone
        assert client.post(f"/c/{club.id}/{club.view}{form}", data={"name": "Zeno", "role": "view"}).status_code == 404
        assert client.post(f"/c/{club.id}/{own}{form}", data={"name": "Zeno", "role": "view"}).status_code == 404
    assert client.get(f"/c/{club.id}/{club.view}/players/1/link").status_code == 404
    assert club.names() == ROSTER and clubs.keys_of(db, club.id)["view"] == club.view


def test_edit_a_player_and_a_name_alike_is_refused(club, client):
    edit = f"{club.url}/players/9/edit"
    assert 'value="Leonardo"' in client.get(edit).get_data(as_text=True)
    response = client.post(edit, data={"name": "costànza", "nickname": ""})
    assert response.status_code == 409
    assert errors(response.get_data(as_text=True)) == {"name": "“costànza” is already on the roster as “Costanza”: "
                                                               "names that differ only in capitals or accents are one "
                                                               "player."}
    assert client.post(edit, data={"name": "Leonardo", "nickname": "Leo"}).status_code == 303
    assert client.post(f"{club.url}/players/2/edit", data={"name": "bartolomeo", "nickname": ""}).status_code == 303
    assert club.names() == ["Alessandra", "bartolomeo", *ROSTER[2:]]  # their own name, only its capital changed
    assert "Leonardo (Leo)" in club.page()
    assert client.get(f"{club.url}/players/99/edit").status_code == 404


def test_a_players_own_link_its_qr_and_a_new_one(club, client):
    page = client.get(f"{club.url}/players/5/link").get_data(as_text=True)
    link = re.search(r'<p class="link">http://localhost(/c/[^<]+)</p>', page).group(1)
    assert "<h1>Ermenegilda</h1>" in page and '<svg class="qr"' in page
    assert client.get(link).location == f"{link}/players/5"
    assert client.get(f"{club.url}/players/5/link").get_data(as_text=True).count(link) == 1  # the same link again
    response = client.post(f"{club.url}/players/5/link")
    assert response.status_code == 303 and response.location.endswith("/players/5/link?replaced=1")
    page = client.get(response.location).get_data(as_text=True)
    assert "The old link no longer works" in page and link not in page
    assert client.get(link).status_code == 404


def test_removing_a_player_erases_the_name_and_keeps_the_games(api, club, client, db):
    played = played_games(api, db, club)
    before = {r.member.number: r.rating.shown for r in clubs.ladder(db, club.id, "partnership").rungs}
    own = clubs.player_link(db, club.who, 3)
    page = club.page()
    assert "Their name is erased from the club: their games stay and show “a former player”." in page
    assert client.post(f"{club.url}/players/3/remove").status_code == 303
    page = club.page()
    assert "Remove Costanza" not in page and "Costanza" not in page and "And 1 former player." in page
    assert client.get(f"/c/{club.id}/{own}").status_code == 404
    assert client.post(f"{club.url}/players/3/remove").status_code == 404  # gone already
    ladder = {name: rating for _, name, rating, *_ in rungs(club.page(family="partnership"))}
    assert "a former player" not in ladder and len(ladder) == 8
    assert ladder == {m.name: before[m.number] for m in clubs.roster(db, club.id) if not m.removed}
    assert len(played) == 4


# -- the ladder --------------------------------------------------------------------------------------------------


def test_the_ladder_is_openskills_with_the_days_moves(api, club, db):
    played = played_games(api, db, club)
    expected = expected_ladder(api, played[:3])
    page = club.page(club.view, family="partnership")
    lines = rungs(page)
    by_name = {name: (rating, games) for _, name, rating, games, _, _ in lines}
    assert by_name == {ROSTER[n - 1]: value for n, value in expected.items()}
    assert [rating for _, _, rating, *_ in lines] == sorted((r for r, _ in expected.values()), reverse=True)
    assert all(provisional for *_, provisional, _ in lines)  # nobody has 5 games yet
    # Every game ended today, the latest day: each move is the whole rating's change from the start (1000).
    assert shown(25, 25 / 3) == 1000
    assert {name: move for _, name, _, _, _, move in lines} == {
        name: club_pages.signed(rating - 1000) for name, (rating, _) in by_name.items()}
    top = max(rating for rating, _ in by_name.values())
    assert page.count('class="top-mover"') == sum(rating == top for rating, _ in by_name.values())
    assert "Wist, Oh Hell, tournament Whist" not in page  # no predictions game: no such ladder offered
    assert ">Partnership Whist</a>" in page and ">Piquet</a>" in page and 'href="/docs/rules/ratings.md"' in page
    piquet_lines = rungs(club.page(club.view, family="piquet"))
    assert {name: (rating, games) for _, name, rating, games, *_ in piquet_lines} == {
        ROSTER[n - 1]: value for n, value in expected_ladder(api, played[3:]).items()}
    assert rungs(club.page(club.view, family="nonsense")) == lines  # the club's main family (most games)
    year = store.now()[:4]
    assert rungs(club.page(club.view, family="partnership", season=year)) == lines
    assert rungs(club.page(club.view, family="partnership", season="1999")) == lines  # no such season: all time
    assert f"season={year}" in page and "All time" in page
    day = datetime.fromisoformat(store.now()[:10])
    assert f"±: moved on {day.day} {day:%B}." in page  # the latest day of play, named


def test_hidden_and_removed_players_are_off_the_ladder_and_the_tv(api, club, client, db):
    played_games(api, db, club)
    clubs.hide(db, club.who, 1, True)  # Alessandra hides her name (the player's page has the button)
    assert client.post(f"{club.url}/players/2/remove").status_code == 303
    page = club.page(family="partnership")
    names = [name for _, name, *_ in rungs(page)]
    assert len(names) == 7 and "Alessandra" not in names and "Bartolomeo" not in names
    assert "hidden from the ladder" in page  # the roster still lists her, marked
    tv = client.get(f"/c/{club.id}/{club.view}/tv", query_string={"family": "partnership"}).get_data(as_text=True)
    assert [name for _, name, *_ in rungs(tv)] == names
    assert "Alessandra" not in tv and "Bartolomeo" not in tv and "a former player" not in tv


def test_the_tv_shows_the_top_and_who_moved_most(api, club, client, db, monkeypatch):
    played_games(api, db, club)
    monkeypatch.setattr(club_pages, "TV_RUNGS", 3)
    response = client.get(f"/c/{club.id}/{club.view}/tv")
    tv = response.get_data(as_text=True)
    assert response.status_code == 200 and '<noscript><meta http-equiv="refresh" content="30"></noscript>' in tv
    ladder = clubs.ladder(db, club.id)
    assert [name for _, name, *_ in rungs(tv)] == [r.member.name for r in ladder.rungs[:3]]
    assert "6 more players on the club's page." in html.unescape(tv)
    best = max(r.moved or 0 for r in ladder.rungs)
    movers = re.findall(r'<li><span class="name">([^<]+)</span> <strong class="move">([^<]+)</strong></li>', tv)
    assert "Moved most this evening" in tv and movers == [
        (r.member.name, f"+{best}") for r in ladder.rungs if r.moved == best]


def test_the_club_page_in_italian(api, club, client, db):
    played_games(api, db, club)
    client.set_cookie("lang", "it")
    page = club.page()
    for words in ("Classifica", "Giocatori", "Aggiungi un giocatore", "provvisorio", "Whist a coppie",
                  "Nuovo link per i giocatori"):
        assert words in page, words
    tv = client.get(f"/c/{club.id}/{club.view}/tv").get_data(as_text=True)
    assert "Chi è salito di più stasera" in tv


def test_the_tv_polls_its_ladder_alone(api, club, client, db):
    """htmx asks for the TV every 30 s: the answer is its live block alone, the same ladder."""
    played_games(api, db, club)
    address = f"/c/{club.id}/{club.view}/tv?family=piquet"
    whole = client.get(address).get_data(as_text=True)
    assert f'hx-get="{address}" hx-trigger="every 30s"' in html.unescape(whole)
    block = client.get(address, headers={"HX-Request": "true"}).get_data(as_text=True)
    assert block.strip().startswith('<main id="live"') and "<html" not in block
    assert rungs(block) == rungs(whole) and len(rungs(block)) == 2


def test_the_organiser_replaces_their_own_link_and_the_page_moves(club, client, db):
    old = club.organiser
    response = client.post(f"{club.url}/rotate", data={"role": "organiser"})
    new = clubs.keys_of(db, club.id)["organiser"]
    assert response.status_code == 303 and response.location == f"/c/{club.id}/{new}?rotated=organiser#links"
    assert new != old and client.get(f"/c/{club.id}/{old}").status_code == 404
    page = client.get(response.location).get_data(as_text=True)
    assert "The old link no longer works. Share the new one." in page
    home = client.get("/").get_data(as_text=True)  # the phone's list follows the new address
    assert f'href="/c/{club.id}/{new}"' in home and old not in home
    response = client.post(f"/c/{club.id}/{new}/rotate", data={"role": "view"}, headers={"HX-Request": "true"})
    assert response.status_code == 204 and response.headers["HX-Redirect"].startswith(f"/c/{club.id}/{new}?")
    response = client.post(f"/c/{club.id}/{new}/rotate", data={"role": "scorer"})
    assert response.status_code == 422 and "There is no link called “scorer”." in response.get_data(as_text=True)
    assert clubs.keys_of(db, club.id)["organiser"] == new
