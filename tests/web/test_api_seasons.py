"""Seasons through the JSON API, the CSV and the pages (#21): real sums of finished tournaments, and every
refusal leaving the season as it was."""
from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest

from tests.evenings import play_table, play_tournament
from tests.test_seasons import NOVEMBER, OCTOBER, expected


class Organiser:
    def __init__(self, client, name="Stagione 2026"):
        self.client = client
        response = client.post("/api/v1/seasons", json={"name": name})
        assert response.status_code == 201, response.get_json()
        self.created = response.get_json()
        self.id, self.keys = self.created["id"], self.created["keys"]

    def headers(self, role="organiser"):
        return {"Authorization": f"Bearer {self.keys[role]}"}

    def get(self, role="organiser"):
        return self.client.get(f"/api/v1/seasons/{self.id}", headers=self.headers(role))

    def add(self, role="organiser", **body):
        return self.client.post(f"/api/v1/seasons/{self.id}/tournaments", json=body, headers=self.headers(role))

    def refused(self, response, status: int, code: str) -> str:
        before = self.get().get_json()
        assert response.status_code == status, response.get_json()
        assert response.get_json()["error"]["code"] == code
        assert self.get().get_json() == before
        return response.get_json()["error"]["message"]


@pytest.fixture
def organiser(client):
    return Organiser(client)


def exact(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def test_create_read_add_remove(client, organiser):
    created = organiser.created
    assert set(created["keys"]) == {"organiser", "view"} and all(len(k) >= 32 for k in created["keys"].values())
    assert created["links"]["organiser"] == f"http://localhost/s/{organiser.id}/{organiser.keys['organiser']}"
    assert created["links"]["csv"] == f"http://localhost/s/{organiser.id}/{organiser.keys['view']}/standings.csv"
    assert created["season"] == {**created["season"], "name": "Stagione 2026", "tournaments": [], "standings": []}
    october, october_sums = play_tournament(client, "Ottobre", OCTOBER, seed=1)
    november, november_sums = play_tournament(client, "Novembre", NOVEMBER, seed=2)
    december = client.post("/api/v1/tournaments", json={"name": "Dicembre"}).get_json()
    play_table(client, december["id"], december["keys"]["organiser"], OCTOBER[1], seed=4, stop=5)
    for t in (october, november, december):
        response = organiser.add(tournament=t["id"], key=t["keys"]["view"])
        assert response.status_code == 201, response.get_json()
    season = organiser.get("view").get_json()
    assert [(t["name"], t["status"], t["counted"], t["players"]) for t in season["tournaments"]] == [
        ("Ottobre", "finished", True, 9), ("Novembre", "finished", True, 7), ("Dicembre", "in_progress", False, 0)]
    assert [(s["place"], s["player"], s["table_points"], s["raw_points"], s["evenings"]) for s in season["standings"]] \
        == [(place, player, exact(points), raw, n) for place, player, points, raw, n in expected(october_sums,
                                                                                                  november_sums)]
    response = client.delete(f"/api/v1/seasons/{organiser.id}/tournaments/{october['id']}",
                             headers=organiser.headers())
    assert response.status_code == 200
    assert [s["player"] for s in response.get_json()["standings"]] == [r[1] for r in expected(november_sums)]


def test_bad_input(client, organiser):
    october, _ = play_tournament(client, "Ottobre", OCTOBER[:1], seed=1)
    assert "no such tournament" in organiser.refused(organiser.add(tournament="nope", key="k"), 404, "not_found")
    organiser.refused(organiser.add(tournament=october["id"], key=organiser.keys["organiser"]), 404, "not_found")
    organiser.refused(organiser.add(tournament=october["id"]), 422, "invalid_input")
    organiser.refused(organiser.add(tournament=7, key="k"), 422, "invalid_input")
    organiser.refused(organiser.add(tournament=october["id"], key="k", table="A"), 422, "invalid_input")
    organiser.refused(organiser.add("view", tournament=october["id"], key=october["keys"]["view"]), 403, "forbidden")
    assert organiser.add(tournament=october["id"], key=october["keys"]["join"]).status_code == 201
    message = organiser.refused(organiser.add(tournament=october["id"], key=october["keys"]["organiser"]), 409,
                                "already_in_season")
    assert message == "This tournament is already in the season."
    response = client.delete(f"/api/v1/seasons/{organiser.id}/tournaments/{october['id']}",
                             headers=organiser.headers("view"))
    organiser.refused(response, 403, "forbidden")
    response = client.delete(f"/api/v1/seasons/{organiser.id}/tournaments/other", headers=organiser.headers())
    organiser.refused(response, 404, "not_found")
    assert client.get(f"/api/v1/seasons/{organiser.id}", headers={"Authorization": "Bearer x"}).status_code == 404
    for body, status in [({}, 422), ({"name": ""}, 422), ({"name": "   "}, 422), ({"name": "x" * 61}, 422),
                         ({"name": 5}, 422), ({"name": "ok", "extra": 1}, 422), ([1], 400)]:
        response = client.post("/api/v1/seasons", json=body)
        assert response.status_code == status, body
        assert response.get_json()["error"]["code"] == ("malformed" if status == 400 else "invalid_input"), body
    assert client.post("/api/v1/seasons", json={"name": "x" * 60}).status_code == 201


def test_csv_is_safe_and_exact(client, organiser):
    hostile = ["=SUM(A1)", "+Bruno", "Carla", "-Dario"]
    october, sums = play_tournament(client, "Ottobre", [hostile], seed=3)
    assert organiser.add(tournament=october["id"], key=october["keys"]["view"]).status_code == 201
    for path, headers in ((f"/api/v1/seasons/{organiser.id}/standings.csv", organiser.headers("view")),
                          (f"/s/{organiser.id}/{organiser.keys['view']}/standings.csv", {})):
        response = client.get(path, headers=headers)
        assert response.status_code == 200 and response.mimetype == "text/csv"
        assert response.headers["Content-Disposition"] == f'attachment; filename="season-{organiser.id}-standings.csv"'
        text = response.get_data(as_text=True)
        assert text.startswith("season_id,place,player,table_points,table_points_decimal,raw_points,evenings\r\n")
        rows = list(csv.DictReader(io.StringIO(text)))
        assert [(r["place"], r["player"], r["table_points"], r["raw_points"], r["evenings"]) for r in rows] == [
            (str(place), "'" + player if player[0] in "=+-" else player, exact(points), str(raw), "1")
            for place, player, points, raw, _ in expected(sums)]


def test_the_pages_without_javascript(client):
    response = client.post("/seasons/new", data={"name": ""})
    assert response.status_code == 422 and "Give the season a name." in response.get_data(as_text=True)
    response = client.post("/seasons/new", data={"name": "Stagione"})
    assert response.status_code == 303
    page = response.headers["Location"]
    october, sums = play_tournament(client, "Ottobre", OCTOBER[:1], seed=1)
    response = client.post(page + "/tournaments", data={"link": "https://club.example/t/nope/abc"})
    assert response.status_code == 404 and "no such tournament" in response.get_data(as_text=True)
    response = client.post(page + "/tournaments", data={"link": "not a link"})
    assert response.status_code == 422 and "Paste a link of the tournament" in response.get_data(as_text=True)
    link = f"http://localhost/t/{october['id']}/{october['keys']['view']}/standings"
    assert client.post(page + "/tournaments", data={"link": link}).status_code == 303
    html = client.get(page).get_data(as_text=True)
    assert "Ottobre" in html and "counted" in html and "Bartolomeo" in html
    viewer = html.split('class="button primary" href="')[1].split('"')[0]
    view_html = client.get(viewer).get_data(as_text=True)
    assert "Bartolomeo" in view_html and "Add the tournament" not in view_html and "Take out" not in view_html
    assert client.post(viewer.replace("http://localhost", "") + "/tournaments", data={"link": link}).status_code == 404
    remove = f"{page}/tournaments/{october['id']}/remove"
    assert client.post(remove).status_code == 303
    assert "Bartolomeo" not in client.get(page).get_data(as_text=True)


def test_a_link_replaced_through_the_api(client, organiser):
    def rotate(role, key=None, body=None):
        return client.post(f"/api/v1/seasons/{organiser.id}/keys/rotate", json={"role": role} if body is None else body,
                           headers={"Authorization": f"Bearer {key or organiser.keys['organiser']}"})

    organiser.refused(rotate("view", organiser.keys["view"]), 403, "forbidden")
    for body in ({"role": "join"}, {}, {"role": 1}, {"role": "view", "seat": 1}):
        refused = rotate(None, body=body)
        organiser.refused(refused, 422, "invalid_input")
        assert refused.get_json()["error"]["field"] in ("role", "seat")
    assert rotate(None, body={"role": "join"}).get_json()["error"]["field"] == "role"
    assert client.post("/api/v1/seasons/nope/keys/rotate", json={"role": "view"},
                       headers=organiser.headers()).status_code == 404
    for role in ("view", "organiser"):
        response = rotate(role)
        assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
        body = response.get_json()
        assert body["role"] == role and body["key"] != organiser.keys[role] and body["keys"][role] == body["key"]
        assert body["links"][role].endswith(f"/s/{organiser.id}/{body['key']}")
        assert body["links"]["csv"].endswith(f"/s/{organiser.id}/{body['keys']['view']}/standings.csv")
        old = organiser.keys[role]
        assert client.get(f"/api/v1/seasons/{organiser.id}", headers={"Authorization": f"Bearer {old}"}
                          ).status_code == 404  # the old key stopped at once
        assert client.get(f"/s/{organiser.id}/{old}").status_code == 404
        assert rotate("view", old).status_code == 404
        other = "organiser" if role == "view" else "view"
        assert body["keys"][other] == organiser.keys[other] and organiser.get(other).status_code == 200
        organiser.keys = body["keys"]


def test_a_link_replaced_from_the_organiser_page(client, organiser):
    page = f"/s/{organiser.id}/{organiser.keys['organiser']}"
    html = client.get(page).get_data(as_text=True)
    assert html.count(f'action="{page}/rotate"') == 2 and 'hx-confirm="Make a new link?' in html
    assert "/rotate" not in client.get(f"/s/{organiser.id}/{organiser.keys['view']}").get_data(as_text=True)
    assert client.post(f"/s/{organiser.id}/{organiser.keys['view']}/rotate", data={"role": "view"}).status_code == 404
    refused = client.post(page + "/rotate", data={"role": "join"})
    assert refused.status_code == 422 and "There is no link called" in refused.get_data(as_text=True)
    response = client.post(page + "/rotate", data={"role": "view"})
    assert response.status_code == 303 and response.headers["Location"].startswith(page + "?")
    shown = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "The old link no longer works" in shown and organiser.keys["view"] not in shown
    assert client.get(f"/s/{organiser.id}/{organiser.keys['view']}").status_code == 404
    moved = client.post(page + "/rotate", data={"role": "organiser"})
    assert moved.status_code == 303 and organiser.keys["organiser"] not in moved.headers["Location"]
    assert client.get(page).status_code == 404
    assert client.post(page + "/rotate", data={"role": "view"}).status_code == 404
    assert "The old link no longer works" in client.get(moved.headers["Location"]).get_data(as_text=True)
    htmx = client.post(moved.headers["Location"].split("?")[0] + "/rotate", data={"role": "view"},
                       headers={"HX-Request": "true"})
    assert htmx.status_code == 204 and htmx.headers["HX-Redirect"].startswith(moved.headers["Location"].split("?")[0])
    cross = client.post(moved.headers["Location"].split("?")[0] + "/rotate", data={"role": "view"},
                        headers={"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"})
    assert cross.status_code == 403
