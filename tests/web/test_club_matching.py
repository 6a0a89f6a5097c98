"""A club's games and evenings through the pages (#37): a game played on any phone pasted and its players matched to
the roster (asked, never guessed), the same from the game's sheet, a club evening, a game started from the roster;
each refusal said in a player's words with nothing changed, and every other link turned away."""
from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper.service import clubs, evenings
from scorekeeper.web.club import club_matching
from tests.conftest import count_rows
from tests.test_clubs import ROSTER, club, db, piquet  # noqa: F401 (the club of the issue, numbers 1–9)

HOME = ["Alessandra", "ermenegilda", "Bruno", "Leonardo"]  # a kitchen table's Wist: one name typed small, one new


@pytest.fixture
def games_panel(app):
    """The club page's panel as the club page draws it (in a request: its addresses and words)."""
    def panel(db, who):
        with app.test_request_context():
            ladder = clubs.ladder(db, who.club_id)  # what the club page hands the panel
            return club_matching.games_panel(who, ladder.games, ladder.members)
    return panel


def text(response) -> str:
    return unescape(response.get_data(as_text=True))


def rows(page: str) -> list[tuple[str, str, list[str]]]:
    """The matching form: (name, the option selected, every option's label) a row."""
    found = []
    for name, select in re.findall(r'<label class="field"><span>([^<]*)</span>\s*<select name="player"[^>]*>(.*?)'
                                   r"</select>", page, re.S):
        options = re.findall(r'<option value="([^"]*)"( selected)?>([^<]*)</option>', select)
        selected = next((label for _, chosen, label in options if chosen), "")
        found.append((name, selected, [label for _, _, label in options]))
    return found


def seats(db, game_id: str) -> list[int]:
    return [r[0] for r in db.execute("SELECT player FROM club_game_seats WHERE game_id = ? ORDER BY seat", [game_id])]


def unchanged(db, app) -> tuple:
    """What a refusal must leave as it was: the club's games, evenings and roster, and every game."""
    return (count_rows(app, "club_games"), count_rows(app, "club_game_seats"), count_rows(app, "club_evenings"),
            count_rows(app, "club_players"), count_rows(app))


def test_a_home_game_pasted_is_matched_by_the_organiser_and_joins_the_club(client, api, db, club, games_panel):
    who, keys = club
    game = api.game(variant="wist", players=HOME)
    base = f"/c/{who.club_id}/{keys['organiser']}"
    pasted = client.post(f"{base}/games", data={"link": f"  https://segnapunti.example/g/{game['id']}/"
                                                         f"{game['keys']['scorer']}  "})
    assert pasted.status_code == 200
    page = text(pasted)
    found = rows(page)
    assert [name for name, _, _ in found] == HOME
    # Asked, never guessed: only a name the roster has but for case or accents comes preselected.
    assert [selected for _, selected, _ in found] == ["Alessandra", "Ermenegilda", "— choose —", "Leonardo"]
    assert found[2][2][:2] == ["— choose —", "New player: Bruno"] and len(found[2][2]) == 11  # + all nine
    assert "New player: ermenegilda" not in page  # the roster has her: no second Ermenegilda offered
    assert f'name="link" value="https://segnapunti.example/g/{game["id"]}/{game["keys"]["scorer"]}"' in page
    added = client.post(f"{base}/games/match", data={"link": f"/g/{game['id']}/{game['keys']['scorer']}",
                                                     "player": ["1", "5", "new", "9"]})
    assert added.status_code == 303 and added.headers["Location"] == base
    assert seats(db, game["id"]) == [1, 5, 10, 9]
    assert {m.number: m.name for m in clubs.roster(db, who.club_id)}[10] == "Bruno"
    panel = games_panel(db, who)
    assert [g["players"] for g in panel["games"]] == ["Alessandra, Ermenegilda, Bruno, Leonardo"]
    assert panel["games"][0]["ended"] is None and panel["evenings"] == []
    assert panel["games"][0]["remove"] == f"{base}/games/{game['id']}/remove"
    assert games_panel(db, clubs.authorize(db, who.club_id, keys["view"])) == {}


@pytest.mark.parametrize("players,status,said", [
    (["1", "5", "", "9"], 422, "Bruno is not matched: pick who they are, or add them as a new player."),
    (["1", "5", "1", "9"], 422, "“Alessandra” of the roster is matched to two seats of one game: each seat is a "
                                "different person."),
    (["1", "5", "99", "9"], 422, "“Bruno” is matched to nobody on the roster (number 99)."),
    (["1", "5", "new"], 422, "Match each of the game's 4 players to the roster."),
    (["new", "5", "new", "9"], 409, "“Alessandra” is already on the roster as “Alessandra”"),
])
def test_a_matching_refused_says_why_keeps_the_choices_and_changes_nothing(client, api, db, app, club, players,
                                                                            status, said):
    who, keys = club
    game = api.game(variant="wist", players=HOME)
    before = unchanged(db, app)
    refused = client.post(f"/c/{who.club_id}/{keys['organiser']}/games/match",
                          data={"link": f"/g/{game['id']}/{game['keys']['scorer']}", "player": players})
    assert refused.status_code == status and said in text(refused)
    assert unchanged(db, app) == before
    if len(players) == 4:  # the form again, as it was sent
        labels = {"1": "Alessandra", "5": "Ermenegilda", "9": "Leonardo", "": "— choose —", "new": ""}
        assert [selected for _, selected, _ in rows(text(refused))][1] == labels[players[1]]


def test_a_pasted_link_that_cannot_join_is_refused_on_the_paste_form(client, api, db, app, club):
    who, keys = club
    game = api.game(variant="wist", players=HOME)
    base = f"/c/{who.club_id}/{keys['organiser']}"
    before = unchanged(db, app)
    for link, status, said in [
            (f"/g/{game['id']}/{game['keys']['view']}", 403, "A game joins a club with its scorer's link."),
            (f"/g/{game['id']}/{game['keys']['seats'][0]}", 403, "A game joins a club with its scorer's link."),
            (f"/g/{game['id']}/{'x' * 40}", 404, "no longer opens"),
            ("Alessandra's game", 422, "Paste the game's link (it looks like https://…/g/…/…)."),
            (f"/t/{game['id']}/{game['keys']['scorer']}", 422, "Paste the game's link")]:
        refused = client.post(f"{base}/games", data={"link": link})
        assert (refused.status_code, said in text(refused)) == (status, True), link
        assert rows(text(refused)) == [] and f'value="{link}"' in unescape(text(refused))
        matched = client.post(f"{base}/games/match", data={"link": link, "player": ["1", "5", "new", "9"]})
        assert (matched.status_code, said in text(matched)) == (status, True), link
    assert unchanged(db, app) == before


def test_a_game_counts_once_in_one_club_and_an_evenings_partita_with_its_evening(client, api, db, app, club):
    who, keys = club
    other_id, other = clubs.create(db, "Circolo della Briscola")
    game = api.game(variant="wist", players=HOME)
    scorer = f"/g/{game['id']}/{game['keys']['scorer']}"
    assert client.post(f"/c/{who.club_id}/{keys['organiser']}/games/match",
                       data={"link": scorer, "player": ["1", "5", "new", "9"]}).status_code == 303
    for club_id, key in [(who.club_id, keys["organiser"]), (other_id, other["organiser"])]:
        again = client.post(f"/c/{club_id}/{key}/games", data={"link": scorer})
        assert again.status_code == 409 and "This game is in a club already." in text(again)
    evening = client.post("/api/v1/tournaments", json={"name": "Serata di novembre"}).get_json()
    partita = client.post(f"/api/v1/tournaments/{evening['id']}/games", json={"players": ROSTER[:4],
                          "first_dealer": 0}, headers={"Authorization": f"Bearer {evening['keys']['organiser']}"})
    clubs.add_evening(db, who, evening["id"], evening["keys"]["organiser"], [1, 2, 3, 4])
    partita_link = f"/g/{partita.get_json()['id']}/{partita.get_json()['keys']['scorer']}"
    before = unchanged(db, app)
    refused = client.post(f"/c/{other_id}/{other['organiser']}/games", data={"link": partita_link})
    assert refused.status_code == 409 and "This game was played at a club evening" in text(refused)
    assert unchanged(db, app) == before


def test_taking_a_game_out_computes_the_ratings_again_without_it(client, api, db, club, games_panel):
    who, keys = club
    game = piquet(api, ["Ilaria", "leonardo"])
    base = f"/c/{who.club_id}/{keys['organiser']}"
    assert client.post(f"{base}/games/match", data={"link": f"/g/{game['id']}/{game['keys']['scorer']}",
                                                    "player": ["8", "9"]}).status_code == 303
    assert sorted(r.member.number for r in clubs.ladder(db, who.club_id).rungs) == [8, 9]
    panel = games_panel(db, who)
    assert panel["games"][0]["ended"] is not None and panel["games"][0]["players"] == "Ilaria, Leonardo"
    for key in (keys["view"], clubs.player_link(db, who, 8)):  # the organiser's alone
        assert client.post(f"/c/{who.club_id}/{key}/games/{game['id']}/remove").status_code == 404
    removed = client.post(f"{base}/games/{game['id']}/remove")
    assert removed.status_code == 303 and removed.headers["Location"] == base
    assert clubs.ladder(db, who.club_id).rungs == [] and games_panel(db, who)["games"] == []
    again = client.post(f"{base}/games/{game['id']}/remove")
    assert again.status_code == 404 and "That game is not in this club." in text(again)
    assert api.get(game["id"], game["keys"]["view"]).status_code == 200  # the game itself is kept


def test_the_clubs_other_links_are_turned_away_from_its_forms(client, api, db, app, club):
    who, keys = club
    game = api.game(variant="wist", players=HOME)
    scorer = f"/g/{game['id']}/{game['keys']['scorer']}"
    other_id, other = clubs.create(db, "Circolo della Briscola")
    replaced = keys["organiser"]
    clubs.rotate(db, who, "organiser")
    own = clubs.player_link(db, clubs.authorize(db, who.club_id, clubs.keys_of(db, who.club_id)["organiser"]), 1)
    before = unchanged(db, app)
    for key in (keys["view"], own, replaced, other["organiser"], "nessuna-chiave"):
        for path, form in [("games", {"link": scorer}), ("games/match", {"link": scorer, "player": ["1", "5",
                                                                                                       "new", "9"]}),
                           ("evenings", {"link": "/t/x/y"}), ("evenings/match", {"link": "/t/x/y"}),
                           ("new", {"variant": "wist", "player": ["1", "2", "3", "4"]})]:
            assert client.post(f"/c/{who.club_id}/{key}/{path}", data=form).status_code == 404, (key, path)
        assert client.get(f"/c/{who.club_id}/{key}/new").status_code == 404
    assert client.get(f"/c/{other_id}/{keys['view']}/new").status_code == 404
    assert unchanged(db, app) == before


def test_the_scorers_sheet_adds_the_game_to_a_club_and_the_other_links_cannot(client, api, db, app, club):
    who, keys = club
    game = api.game(variant="wist", players=HOME)
    sheet = f"/g/{game['id']}/{game['keys']['scorer']}"
    assert f'href="{sheet}/club">Add to a club</a>' in text(client.get(f"{sheet}/share"))  # the scorer's Share page
    assert "Add to a club" not in text(client.get(sheet))  # not on the sheet's first screen: once it is finished
    view = f"/g/{game['id']}/{game['keys']['view']}"
    assert "Add to a club" not in text(client.get(view))
    for link in (view, f"/g/{game['id']}/{game['keys']['seats'][1]}", f"/g/{game['id']}/nessuna"):
        assert client.get(f"{link}/club").status_code == 404
        assert client.post(f"{link}/club", data={"club": f"/c/{who.club_id}/{keys['organiser']}"}).status_code == 404
    form = client.get(f"{sheet}/club")
    assert form.status_code == 200 and 'name="club"' in text(form)
    before = unchanged(db, app)
    for pasted, status, said in [
            (f"/c/{who.club_id}/{keys['view']}", 403, "A game joins a club on its organiser's link"),
            (f"/c/{who.club_id}/nessuna", 404, "There is no such club"),
            ("il circolo", 422, "Paste the club's organiser link")]:
        refused = client.post(f"{sheet}/club", data={"club": pasted})
        assert (refused.status_code, said in text(refused)) == (status, True), pasted
    assert unchanged(db, app) == before
    matching = client.post(f"{sheet}/club", data={"club": f"https://segnapunti.example/c/{who.club_id}/"
                                                          f"{keys['organiser']}"})
    page = text(matching)
    assert matching.status_code == 200 and [s for _, s, _ in rows(page)][1] == "Ermenegilda"
    assert f'action="/c/{who.club_id}/{keys["organiser"]}/games/match"' in page
    assert f'name="link" value="{sheet}"' in page
    added = client.post(f"/c/{who.club_id}/{keys['organiser']}/games/match",
                        data={"link": sheet, "player": ["1", "5", "2", "9"]})  # Bruno is Bartolomeo, after all
    assert added.status_code == 303 and seats(db, game["id"]) == [1, 5, 2, 9]
    assert len(clubs.roster(db, who.club_id)) == 9
    again = client.post(f"{sheet}/club", data={"club": f"/c/{who.club_id}/{keys['organiser']}"})
    assert again.status_code == 409 and "This game is in a club already." in text(again)


def test_an_evening_joins_matched_and_its_players_links_lead_to_their_club_pages(client, db, app, club, games_panel):
    who, keys = club
    names = ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "ermenegilda", "Fiorenzo", "Gianmarco", "Zeno"]
    evening = client.post("/api/v1/tournaments", json={"name": "Serata di novembre"}).get_json()
    organiser = f"/t/{evening['id']}/{evening['keys']['organiser']}"
    seated = client.put(f"/api/v1/tournaments/{evening['id']}/roster", json={"players": names, "rounds": 1},
                        headers={"Authorization": f"Bearer {evening['keys']['organiser']}"})
    assert seated.status_code == 200
    base = f"/c/{who.club_id}/{keys['organiser']}"
    before = unchanged(db, app)
    view = client.post(f"{base}/evenings", data={"link": f"/t/{evening['id']}/{evening['keys']['view']}"})
    assert view.status_code == 403 and "A club evening joins a club with its organiser's link." in text(view)
    unmatched = client.post(f"{base}/evenings/match", data={"link": organiser, "player": [*"1234567", ""]})
    assert unmatched.status_code == 422 and "Zeno is not matched" in text(unmatched)
    assert unchanged(db, app) == before
    pasted = client.post(f"{base}/evenings", data={"link": f"https://segnapunti.example{organiser}"})
    assert [(n, s) for n, s, _ in rows(text(pasted))] == [
        *((n, n) for n in ROSTER[:4]), ("ermenegilda", "Ermenegilda"), ("Fiorenzo", "Fiorenzo"),
        ("Gianmarco", "Gianmarco"), ("Zeno", "— choose —")]
    added = client.post(f"{base}/evenings/match", data={"link": organiser, "player": [*"1234567", "new"]})
    assert added.status_code == 303 and added.headers["Location"] == base
    assert games_panel(db, who)["evenings"] == [
        {"name": "Serata di novembre", "remove": f"{base}/evenings/{evening['id']}/remove"}]
    again = client.post(f"{base}/evenings", data={"link": organiser})
    assert again.status_code == 409 and "This evening is in a club already." in text(again)
    links = evenings.links(db, evening["id"])
    for number, member in [(4, 4), (5, 5), (8, 10)]:  # Domenico, ermenegilda, Zeno (new: number 10)
        page = text(client.get(f"/t/{evening['id']}/{links[number].key}"))
        assert f'<a class="button" href="/c/{who.club_id}/{links[number].key}">Your club page</a>' in page
        assert clubs.authorize(db, who.club_id, links[number].key).player == member
    removed = client.post(f"{base}/evenings/{evening['id']}/remove")
    assert removed.status_code == 303 and games_panel(db, who)["evenings"] == []
    assert "Your club page" not in text(client.get(f"/t/{evening['id']}/{links[4].key}"))
    assert client.post(f"{base}/evenings/{evening['id']}/remove").status_code == 404


def test_a_game_from_the_roster_seats_them_in_tap_order_and_is_the_clubs(client, db, app, club):
    who, keys = club
    base = f"/c/{who.club_id}/{keys['organiser']}"
    form = text(client.get(f"{base}/new"))
    assert len(re.findall(r'<input type="checkbox" name="player"', form)) == 9
    assert 'value="wist"' in form and "club_new.js" in form
    clubs.remove_member(db, who, 6)  # Fiorenzo leaves: not offered any more
    assert "Fiorenzo" not in text(client.get(f"{base}/new"))
    before = unchanged(db, app)
    for sent, status, said in [
            ({"player": ["1", "5", "3"]}, 422, "This game is played by 4 or 5 players, not 3."),
            ({"player": ["1", "5", "3", "9"], "first_dealer": "2"}, 422, "Who deals first must be one of the players"),
            ({"player": ["1", "5", "3", "6"]}, 422, "“6” is matched to nobody on the roster (number 6)."),
            ({"player": ["1", "5", "3", "new"]}, 422, "A game from the roster is played by players of the roster."),
            ({"player": ["1", "5", "3", "9"], "variant": "tressette"}, 422, None)]:
        refused = client.post(f"{base}/new", data={"variant": "wist", **sent})
        assert refused.status_code == status, sent
        if said:
            assert said in text(refused)
        assert sorted(re.findall(r'value="(\d+)" checked', text(refused))) == sorted(
            p for p in sent["player"] if p.isdigit() and p != "6")  # the ticks kept (Fiorenzo is not offered)
    assert unchanged(db, app) == before
    started = client.post(f"{base}/new", data={"variant": "wist", "player": ["1", "3", "5", "9"],
                                               "order": "9 1 5 3", "first_dealer": "5"})
    assert started.status_code == 303
    game_id, scorer = re.fullmatch(r"/g/([\w-]+)/([\w-]+)", started.headers["Location"]).groups()
    game = client.get(f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {scorer}"}).get_json()
    assert game["players"] == ["Leonardo", "Alessandra", "Ermenegilda", "Costanza"] and game["first_dealer"] == 2
    assert seats(db, game_id) == [9, 1, 5, 3]
    assert client.post(f"{base}/games", data={"link": started.headers["Location"]}).status_code == 409
    page_order = client.post(f"{base}/new", data={"variant": "wist", "player": ["2", "4", "7", "8"],
                                                  "order": "2 4"})  # an order that is not the ticks': the page's
    game_id = page_order.headers["Location"].split("/")[2]
    assert seats(db, game_id) == [2, 4, 7, 8]
