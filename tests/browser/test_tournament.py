"""A tournament evening: the organiser creates it, two tables join from its QR code link and play,
and the standings page on the TV (a third browser) follows them without being reloaded.

Most hands are recorded through the JSON API for speed; the last hand of each partita is tapped on
the table's phone. Expected scores come from tests/torneo_support.py (docs/rules/bid-exactly.md read again).

Table A: Anna, Bruno, Carla (seeded partita, no ties) → 9, 5, 2 in the order of their totals.
Table B: Dario, Elena, Fabio, Gina; every hand Dario bids and makes cards − 1, Elena and Fabio bid
and make 0, Gina bids 0 and takes the last trick → totals 295, 234, 234, 14 with 0, 0, 0, 14 failed
contracts: Dario 10, Elena and Fabio share 6 + 3 → 4½ each, Gina 1.
"""
from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from pathlib import Path
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from tests import torneo_support as ref

from .conftest import PHONE, phone_context
from .sheet import watch

TABLE_A = ["Anna", "Bruno", "Carla"]
TABLE_B = ["Dario", "Elena", "Fabio", "Gina"]


def table_b_hands() -> list[dict]:
    hands = []
    for number, (cards, nt13) in enumerate(ref.schedule(4, "ridotto"), start=1):
        hands.append({"number": number, "cards": cards, "nt13": nt13, "trump": None if nt13 else "S",
                      "dealer": (number - 1) % 4, "bids": [cards - 1, 0, 0, 0],
                      "tricks": [cards - 1, 0, 0, 1], "penalties": []})
    return hands


class Http:
    """The JSON API of the live server (urllib: no browser needed to fill most hands)."""

    def __init__(self, base: str, game_id: str, key: str):
        self.base, self.game_id, self.key = base, game_id, key

    def call(self, method: str, path: str, body=None):
        request = urllib.request.Request(self.base + path, method=method,
                                         data=None if body is None else json.dumps(body).encode(),
                                         headers={"Authorization": f"Bearer {self.key}",
                                                  "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def bid(self, hand, seat, bid):
        return self.call("PUT", f"/api/v1/games/{self.game_id}/hands/{hand}/bids/{seat}", {"bid": bid})

    def hand(self, hand, body):
        return self.call("PUT", f"/api/v1/games/{self.game_id}/hands/{hand}", body)


class HttpApi:
    """The adapter `ref.play_api` expects (the test client's shape) over the live server."""

    class Answer:
        def __init__(self, body):
            self.body, self.status_code = body, 200

        def get_json(self):
            return self.body

    def __init__(self, http: Http):
        self.http = http

    def bid(self, _game_id, _key, hand, seat, bid):
        return self.Answer(self.http.bid(hand, seat, bid))

    def hand(self, _game_id, _key, hand, body):
        return self.Answer(self.http.hand(hand, body))


@pytest.fixture
def contexts(browser):
    opened = []

    def new(viewport=PHONE):
        context = phone_context(browser, viewport, is_mobile=viewport["width"] < 600)
        opened.append(context)
        return context

    yield new
    for context in opened:
        context.close()


def join_table(page: Page, join_link: str, players: list[str], table: str) -> Http:
    """The table's scorer opens the QR code's link, types the players and lands on the score sheet."""
    page.goto(join_link)
    expect(page.get_by_role("heading", name="A new partita at your table")).to_be_visible()
    for number, name in enumerate(players, start=1):
        page.get_by_role("textbox", name=re.compile(rf"^Player {number}\b")).fill(name)
    page.get_by_role("textbox", name="Table name").fill(table)
    page.get_by_label("Who deals the first hand").select_option("0")
    page.get_by_role("button", name="Start the partita").tap()
    expect(page).to_have_url(re.compile(r"/g/[^/]+/[^/?]+$"))
    expect(page.locator("#entry-title")).to_contain_text("Hand 1")
    game_id, key = re.search(r"/g/([^/]+)/([^/?]+)$", page.url).groups()
    return Http(page.url.split("/g/")[0], game_id, key)


def tap_last_hand(page: Page, hand: dict, players: list[str]) -> None:
    """Hand 14 (4 cards) on the phone: the bids on the pad in bidding order, then trump and tricks."""
    page.reload()
    expect(page.locator("#entry-title")).to_contain_text("Hand 14")
    n = len(players)
    for i in range(n):
        seat = (hand["dealer"] + 1 + i) % n
        expect(page.locator(".pad-form .who")).to_have_text(f"{players[seat]} bids")
        version = page.locator("#sheet").get_attribute("data-version")
        page.locator(".pad").get_by_role("button", name=str(hand["bids"][seat]), exact=True).tap()
        expect(page.locator("#sheet")).not_to_have_attribute("data-version", version)
    form = page.locator(".tricks-form")
    form.locator(f"input[name=trump][value={hand['trump']}]").check()
    for seat, taken in enumerate(hand["tricks"]):
        form.locator(f"input[name='tricks-{seat}']").fill(str(taken))
    version = page.locator("#sheet").get_attribute("data-version")
    form.get_by_role("button", name="Record the tricks").tap()
    expect(page.locator("#sheet")).not_to_have_attribute("data-version", version)
    expect(page.locator("#entry-title")).to_have_count(0)  # the partita is over: the final ranking shows


def standings_rows(page: Page) -> list[list[str]]:
    return page.locator("table.standings tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => c.textContent.trim()))")


@pytest.mark.slow  # a long journey (#36): make test-slow and CI run it; make test keeps the shorter ones
@pytest.mark.quick_polls  # the TV follows the tables: it asks every 500 ms
def test_tournament_with_two_tables_and_a_live_standings_page(live_server, contexts, artifacts):
    # The organiser creates the tournament on a phone.
    organiser = contexts().new_page()
    problems = watch(organiser)
    organiser.goto(live_server)
    organiser.get_by_role("link", name="New tournament").tap()
    organiser.get_by_role("textbox", name="Name of the tournament").fill("Torneo del giovedì")
    organiser.get_by_role("button", name="Create the tournament").tap()
    expect(organiser.get_by_role("heading", name="Torneo del giovedì", level=1)).to_be_visible()
    expect(organiser.locator(".qr-box svg.qr")).to_be_visible()
    join_link = organiser.locator(".link-text a").get_attribute("href")
    view_link = organiser.get_by_role("link", name="Standings for the TV").get_attribute("href")
    assert join_link.startswith(live_server + "/t/") and view_link.startswith(live_server + "/t/")

    # The TV (a third browser) shows the standings and is never reloaded.
    tv = contexts().new_page()
    problems += watch(tv)
    tv.goto(view_link)
    expect(tv.get_by_text("The standings appear when the first partita is finished.")).to_be_visible()
    tv.evaluate("window.sameDocument = true")

    # Two tables join from the QR code's link, each on its own phone.
    phone_a, phone_b = contexts().new_page(), contexts().new_page()
    problems += watch(phone_a) + watch(phone_b)
    http_a = join_table(phone_a, join_link, TABLE_A, "A")
    http_b = join_table(phone_b, join_link, TABLE_B, "B")
    hands_a = ref.make_game(3, "ridotto", seed=11, first_dealer=0)
    hands_b = table_b_hands()
    ref.play_api(HttpApi(http_a), http_a.game_id, http_a.key, hands_a, stop=13)
    ref.play_api(HttpApi(http_b), http_b.game_id, http_b.key, hands_b, stop=13)
    expect(tv.locator(".tv-tables li")).to_have_count(2, timeout=10_000)  # the TV polls every 3 s (here 500 ms)
    expect(tv.locator(".tv-tables li").nth(1)).to_contain_text("hand 14 of 14", timeout=10_000)
    expect(tv.locator(".tv-tables li").nth(0)).to_contain_text("hand 14 of 14")

    # While both tables play, the TV shows the provisional standings of all seven players (#18: it was empty).
    expect(tv.get_by_role("heading", name="Provisional standings")).to_be_visible()
    expect(tv.locator("table.standings tbody tr")).to_have_count(7)

    # Table A taps its last hand: its three players count with 9, 5 and 2 (table B still provisional).
    tap_last_hand(phone_a, hands_a[13], TABLE_A)
    want_a = ref.expected(hands_a, 3)
    order_a = sorted(range(3), key=lambda s: -want_a["totals"][s])
    expected_a = {TABLE_A[s]: [ref.exact(want_a["table_points"][s]), str(want_a["totals"][s]), "1"] for s in range(3)}
    expect(tv.locator(".tv-tables li.finished")).to_have_count(1, timeout=10_000)
    expect(tv.get_by_role("heading", name="Provisional standings")).to_be_visible()
    assert {row[1]: row[2:] for row in standings_rows(tv) if row[1] in TABLE_A} == {  # nothing in play (#35)
        name: want + [""] for name, want in expected_a.items()}
    assert sorted(points for points, _, _ in expected_a.values()) == ["2", "5", "9"]

    # The organiser's page lists both tables with their progress.
    organiser.reload()
    expect(organiser.locator(".table-card")).to_have_count(2)
    expect(organiser.locator(".table-card.finished")).to_contain_text("Table A")
    expect(organiser.locator(".table-card.playing")).to_contain_text("hand 14 of 14")
    organiser.screenshot(path=artifacts / "tournament-organiser-390.png", full_page=True)
    # Every partita in one file for the organiser: table A's 14 hands (3 players), table B's 13 (4 players).
    with organiser.expect_download() as caught:
        organiser.get_by_role("link", name="Download every partita (CSV)").click()
    rows = list(csv.DictReader(io.StringIO(Path(caught.value.path()).read_text(encoding="utf-8"), newline="")))
    assert sorted(Counter(tuple(json.loads(r["players"])) for r in rows).items()) == [
        (tuple(TABLE_A), 14 * 3), (tuple(TABLE_B), 13 * 4)]

    # Table B taps its last hand: Elena and Fabio share 4½.
    tap_last_hand(phone_b, hands_b[13], TABLE_B)
    expect(tv.get_by_role("heading", name="Provisional standings")).to_have_count(0, timeout=10_000)  # final now
    expect(tv.locator("table.standings tbody tr")).to_have_count(7)
    rows = standings_rows(tv)
    assert [row[1:3] for row in rows] == [
        ["Dario", "10"], [TABLE_A[order_a[0]], "9"], [TABLE_A[order_a[1]], "5"], ["Elena", "4½"], ["Fabio", "4½"],
        [TABLE_A[order_a[2]], "2"], ["Gina", "1"]]
    assert [row[0] for row in rows] == ["1", "2", "3", "4=", "4=", "6", "7"]
    assert rows[0][3] == "295" and rows[3][3] == rows[4][3] == "234"
    expect(tv.locator(".tv-tables li.finished")).to_have_count(2)
    assert tv.evaluate("window.sameDocument") is True  # updated in place, never reloaded
    tv.screenshot(path=artifacts / "tournament-standings-390.png", full_page=True)

    # The same page on a television.
    big = contexts({"width": 1280, "height": 720}).new_page()
    big.goto(view_link)
    expect(big.locator("table.standings tbody tr")).to_have_count(7)
    big.screenshot(path=artifacts / "tournament-standings-tv.png", full_page=True)

    # The CSV from the organiser's page.
    with organiser.expect_download() as download:
        organiser.reload()
        organiser.get_by_role("link", name="Download CSV").tap()
    text = open(download.value.path(), encoding="utf-8", newline="").read()
    assert text.startswith("tournament_id,place,player,table_points,table_points_decimal,raw_points,partite\r\n")
    assert ",Elena,9/2,4.5,234,1\r\n" in text
    organiser.reload()
    organiser.screenshot(path=artifacts / "tournament-organiser-finished-390.png", full_page=True)
    assert problems == []
