"""A whole club evening in the browser (#21): 11 players, 3 rounds, tables of 4, 4 and 3, then a withdrawal.

The organiser seats the roster on a 360 px phone; each table of round 1 starts its partita on its own phone from
its card's QR code (a second phone on a card gets the table's view); the TV at 1280×800 shows provisional
standings from the first hands (the finished partite's, each table's projection apart, #35) and the final ones
when the tables finish, both equal to the rules (tests/torneo_support.py reads them again from the rules page);
a withdrawal re-seats rounds 2 and 3 as 4 + 3 + 3; the room's code tells a player where to sit.
"""
from __future__ import annotations

import re
from collections import defaultdict
from fractions import Fraction

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.web.club.mixed import mixed
from scorekeeper.web.assets.qr import qr_svg
from tests import torneo_support as ref
from tests.web.sse import request

from .conftest import phone_context

ELEVEN = ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda", "Fabio", "Gina", "Ugo", "Vera",
          "Zeno", "Ines"]
SMALL_PHONE = {"width": 360, "height": 780}
TV = {"width": 1280, "height": 800}


def play(base: str, game_id: str, key: str, hands: list[dict]) -> None:
    for hand in hands:
        body = {"bids": hand["bids"], "tricks": hand["tricks"], "penalties": hand["penalties"]}
        if hand["trump"]:
            body["trump"] = hand["trump"]
        status, answer = request(base, "PUT", f"/api/v1/games/{game_id}/hands/{hand['number']}", key=key, body=body)
        assert status == 200, (hand["number"], answer)


def expected_standings(tables: list[tuple[list[str], list[dict]]]) -> dict[str, tuple[str, int]]:
    """player → (table points as the TV writes them, raw points), from the hands each table played so far."""
    points: dict[str, Fraction] = defaultdict(Fraction)
    raw: dict[str, int] = defaultdict(int)
    for players, hands in tables:
        reading = ref.expected(hands, len(players))
        for seat, name in enumerate(players):
            points[name] += reading["table_points"][seat]
            raw[name] += reading["totals"][seat]
    return {name: (mixed(points[name]), raw[name]) for name in points}


def tv_standings(tv: Page) -> dict[str, tuple[str, int]]:
    rows = tv.locator(".tv-columns .standings tbody tr")
    out = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        raw = int(row.locator(".raw").inner_text())
        out[row.locator(".player").inner_text()] = (row.locator(".tp").inner_text(), raw)
    return out


def tv_projections(tv: Page) -> dict[str, str]:
    """player → what their partita in play would add if it ended now, as the TV writes it (#35)."""
    rows = tv.locator(".tv-columns .standings tbody tr")
    return {rows.nth(i).locator(".player").inner_text(): rows.nth(i).locator(".projected.wide").inner_text()
            for i in range(rows.count())}


def until(page: Page, wanted, seconds: float = 10) -> bool:
    """Whether the page's scroll position comes to what `wanted` says within the time (the CSP forbids the
    string functions `wait_for_function` evaluates)."""
    for _ in range(int(seconds * 10)):
        if wanted(page.evaluate("window.scrollY")):
            return True
        page.wait_for_timeout(100)
    return False


@pytest.mark.slow  # a long journey (#36): make test-slow and CI run it; make test keeps the shorter ones
@pytest.mark.quick_polls  # the TV follows the tables: it asks every 500 ms
def test_a_whole_club_evening(browser, live_server, artifacts):
    organiser_phone = phone_context(browser, viewport=SMALL_PHONE)
    page = organiser_phone.new_page()
    page.goto(f"{live_server}/tournaments/new")
    page.fill("input[name=name]", "Serata del circolo")
    page.get_by_label("Opponents confirm each hand").check()
    page.click("button[type=submit]")
    page.fill("textarea[name=players]", "\n".join(ELEVEN))
    page.fill("input[name=rounds]", "3")
    page.get_by_role("button", name="Seat the players").click()
    expect(page.locator("#seating")).to_contain_text("11 players present · 3 rounds")
    for number in (1, 2, 3):
        tables = page.locator(f"#round-{number} + .seated-tables > li")
        expect(tables).to_have_count(3)
        assert sorted(tables.nth(i).locator(".seat-list li").count() for i in range(3)) == [3, 4, 4]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(artifacts / "evening-organiser.png"), full_page=True)
    organiser = page.url.split("#")[0]  # the same address with its fragment would not load again

    # Round 1: each table's card, its QR code saying the table's own address, opened on the table's phone
    page.locator("#round-1 ~ a", has_text="Table cards").first.click()
    cards = page.locator(".table-qr-card")
    expect(cards).to_have_count(3)
    tables = []
    for i in range(3):
        card = cards.nth(i)
        link = card.get_by_role("link", name="Open this table").get_attribute("href")
        drawn = re.search(r' d="([^"]+)"', card.locator("svg.qr").evaluate("e => e.outerHTML")).group(1)
        assert drawn == re.search(r' d="([^"]+)"', str(qr_svg(link))).group(1)
        seated = card.locator(".seat-list li").all_inner_texts()
        table_phone = phone_context(browser, viewport=SMALL_PHONE)
        scorer = table_phone.new_page()
        scorer.goto(link)
        expect(scorer.locator(".seated-card .seat-list li")).to_have_text(seated)
        scorer.get_by_role("button", name="Start the partita").click()
        expect(scorer).to_have_url(re.compile(r"/g/[\w-]+/[\w-]+$"))
        expect(scorer.locator(".grid thead .player").first).to_be_visible()
        game_id, key = re.search(r"/g/([\w-]+)/([\w-]+)$", scorer.url).groups()
        _, game = request(live_server, "GET", f"/api/v1/games/{game_id}", key=key)
        assert game["players"] == seated
        tables.append((game_id, key, seated, ref.make_game(len(seated), "ridotto", seed=100 + i,
                                                           first_dealer=game["first_dealer"])))
        if i == 0:  # a second phone on the same card follows the table: its view, never its score (#33)
            other_phone = phone_context(browser, viewport=SMALL_PHONE)
            other = other_phone.new_page()
            other.goto(link)
            other.get_by_role("button", name="Follow the table live").click()
            expect(other.locator("#sheet")).to_have_attribute("data-role", "view")
            assert re.search(rf"/g/{game_id}/[\w-]+$", other.url) and not other.url.endswith(key)
            other_phone.close()
        if i == 2:  # table C: the scorer's share page gives the second player their own link
            scorer.goto(f"{live_server}/g/{game_id}/{key}/share")
            seat_link = scorer.locator('.qr-card[data-seat="1"] a.link').get_attribute("href")
        table_phone.close()

    # The TV: provisional standings from the first hands, exactly as the rules make them
    screen = browser.new_context(viewport=TV, locale="en-US")
    tv = screen.new_page()
    page.goto(organiser)
    tv.goto(page.get_by_role("link", name="Standings for the TV").get_attribute("href"))
    for game_id, key, _seated, hands in tables:
        play(live_server, game_id, key, hands[:3])
    expect(tv.locator(".badge")).to_have_text("Provisional standings", timeout=10_000)
    # Table C's second player confirms hand 1 on their own phone, with one tap; the TV counts what is left
    expect(tv.locator(".tv-tables li").nth(2).locator(".to-confirm")).to_have_text("3 hands to confirm")
    player_phone = phone_context(browser, viewport=SMALL_PHONE)
    player = player_phone.new_page()
    player.goto(seat_link)
    panel = player.locator(".confirm-panel")
    expect(panel.locator("tbody tr")).to_have_count(3)
    player.screenshot(path=str(artifacts / "evening-confirm.png"), full_page=True)
    panel.get_by_role("button", name="✓ Confirm hand 1").tap()
    expect(tv.locator(".tv-tables li").nth(2).locator(".to-confirm")).to_have_text("2 hands to confirm",
                                                                                   timeout=10_000)
    player_phone.close()
    expect(tv.locator(".tv-columns .standings tbody tr")).to_have_count(11)
    want = expected_standings([(seated, hands[:3]) for _g, _k, seated, hands in tables])
    expect(tv.locator(".tv-columns")).to_contain_text(max(want.items(), key=lambda kv: kv[1][1])[0])
    # nothing finished: nobody's table points move (#35); what each table would give now is shown apart
    assert tv_standings(tv) == {name: ("0", 0) for name in want}
    assert tv_projections(tv) == {name: f"+{points} if it ended now" for name, (points, _raw) in want.items()}
    assert tv.evaluate("document.querySelector('.tv-columns').getBoundingClientRect().bottom") <= TV["height"]
    tv.screenshot(path=str(artifacts / "evening-tv-provisional.png"))

    for game_id, key, _seated, hands in tables:
        play(live_server, game_id, key, hands[3:])
    # every partita over, hands still to confirm: the standings say they are not final yet
    expect(tv.locator(".badge")).to_have_text("Standings to confirm", timeout=10_000)
    expect(tv.locator("#tv-standings small")).to_contain_text("hands are still to confirm")
    expect(tv.locator(".title")).to_contain_text("3 finished, 0 in progress")
    assert tv_standings(tv) == expected_standings([(seated, hands) for _g, _k, seated, hands in tables])
    tv.screenshot(path=str(artifacts / "evening-tv-final.png"))
    screen.close()

    # Costanza leaves after round 1: rounds 2 and 3 are seated again as 4 + 3 + 3, round 1 kept
    page.goto(organiser)
    round_one = page.locator("#round-1 + .seated-tables .seat-list").all_inner_texts()
    expect(page.locator("#round-1 + .seated-tables .status")).to_have_text(["✓ finished"] * 3)
    page.select_option("select[name=player]", "Costanza")
    page.get_by_role("button", name="Withdraw and seat the next rounds again").click()
    expect(page.locator("#seating")).to_contain_text("Withdrawn: Costanza")
    assert page.locator("#round-1 + .seated-tables .seat-list").all_inner_texts() == round_one
    for number in (2, 3):
        tables_now = page.locator(f"#round-{number} + .seated-tables > li")
        assert sorted(tables_now.nth(i).locator(".seat-list li").count() for i in range(3)) == [3, 3, 4]
        expect(page.locator(f"#round-{number} + .seated-tables")).not_to_contain_text("Costanza")

    # The room's code: a player finds where to sit
    room = page.locator(".join-panel .link-text a").get_attribute("href")
    guest_phone = phone_context(browser, viewport=SMALL_PHONE)
    guest = guest_phone.new_page()
    guest.goto(room)
    guest.fill("input[name=player]", "ermenegilda")
    guest.get_by_role("button", name="Find my seat").click()
    expect(guest.locator(".whereabouts li")).to_have_count(3)
    expect(guest.locator(".whereabouts li").nth(1)).to_contain_text(re.compile(r"Round 2: table [ABC], seat \d"))
    guest.screenshot(path=str(artifacts / "evening-where.png"), full_page=True)
    guest_phone.close()

    # Rounds 2 and 3 played to the end (through the API, as the tables' phones would): the evening is over, its
    # standings are every partita's, and the organiser prints them and takes the results card
    tid, okey = re.search(r"/t/([\w-]+)/([\w-]+)$", organiser).groups()
    played = [(seated, hands) for _g, _k, seated, hands in tables]
    for number in (2, 3):
        for label in "ABC":
            status, started = request(live_server, "POST", f"/api/v1/tournaments/{tid}/seating/start", key=okey,
                                      body={"round": number, "table": label, "first_dealer": 0})
            assert status == 201, started
            hands = ref.make_game(len(started["game"]["players"]), "ridotto", seed=10 * number + ord(label))
            play(live_server, started["id"], started["keys"]["scorer"], hands)
            played.append((started["game"]["players"], hands))
    page.goto(organiser)
    standings = page.locator("#standings-title + .standings tbody tr")
    expect(standings).to_have_count(11)
    want = expected_standings(played)
    for i in range(11):
        row = standings.nth(i)
        assert (row.locator(".tp").inner_text(), int(row.locator(".raw").inner_text())) == \
            want[row.locator(".player").inner_text()]
    page.get_by_role("link", name="Print the standings").click()
    expect(page.locator(".print-page tbody tr")).to_have_count(11)  # the standings; then each round (#35)
    expect(page.locator(".print-round")).to_have_count(3)
    page.screenshot(path=str(artifacts / "evening-print.png"), full_page=True)
    card = page.request.get(f"{live_server}/t/{tid}/{okey}/card.png")
    assert card.headers["content-type"] == "image/png" and card.body()[:8] == b"\x89PNG\r\n\x1a\n"
    (artifacts / "evening-card.png").write_bytes(card.body())
    organiser_phone.close()


def test_a_room_of_44_on_the_tv(browser, live_server, artifacts):
    """44 players at 11 tables after a hand each: the TV shows the provisional standings in three columns side by
    side, in type readable from 3 m, and pages through what does not fit by itself and back to the top."""
    status, made = request(live_server, "POST", "/api/v1/tournaments", body={"name": "Gran serata"})
    tid, keys = made["id"], made["keys"]
    names = [f"{first} {last}" for last in ("Rossi", "Bianchi", "Verdi", "Neri") for first in ELEVEN]
    status, seated = request(live_server, "PUT", f"/api/v1/tournaments/{tid}/roster", key=keys["organiser"],
                             body={"players": names, "rounds": 1})
    assert status == 200 and len(seated["seating"]["plan"][0]["tables"]) == 11
    for i, table in enumerate(seated["seating"]["plan"][0]["tables"]):
        status, started = request(live_server, "POST", f"/api/v1/tournaments/{tid}/seating/start",
                                  key=keys["organiser"], body={"round": 1, "table": table["table"], "first_dealer": 0})
        play(live_server, started["id"], started["keys"]["scorer"], ref.make_game(4, "ridotto", seed=i)[:1])
    for size, smallest in ((TV, 20), ({"width": 1920, "height": 1080}, 30)):
        screen = browser.new_context(viewport=size, locale="en-US", reduced_motion="reduce")
        screen.add_init_script("window.segnapuntiTvHoldMs = 300")
        tv = screen.new_page()
        tv.goto(f"{live_server}/t/{tid}/{keys['view']}")
        expect(tv.locator(".tv-columns .standings tbody tr")).to_have_count(44)
        columns = tv.locator(".tv-columns .standings")
        expect(columns).to_have_count(3)
        lefts = [columns.nth(i).bounding_box()["x"] for i in range(3)]
        assert lefts == sorted(lefts) and len(set(lefts)) == 3  # side by side, not stacked
        assert float(tv.locator(".tv-columns .player").first.evaluate("e => getComputedStyle(e).fontSize")[:-2]) \
            >= smallest
        tv.screenshot(path=str(artifacts / f"evening-tv-44-{size['width']}.png"))
        assert until(tv, lambda y: y > 0)  # the next screenful: the tables
        assert until(tv, lambda y: y == 0)  # and back to the top
        screen.close()
