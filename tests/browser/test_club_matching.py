"""A club's games on a 360 px phone (#37): a home game's scorer link pasted on the club page and its players matched
(one new) without JavaScript, the game then in the club's games; a game started from the roster, its players tapped
in the order they sit. Nothing wider than the screen, every control a big tap target."""
from __future__ import annotations

import re

from flask import render_template_string

from scorekeeper.service import clubs
from scorekeeper.store import db as store
from scorekeeper.web.club.club_matching import games_panel
from scorekeeper.web.gate.per_request import get_db
from tests.conftest import make_app, serving
from tests.test_clubs import ROSTER

from .conftest import phone_context

SCREEN = {"width": 360, "height": 740}
WIDE = "() => document.documentElement.scrollWidth"
SMALL_TAPS = """() => [...document.querySelectorAll(
    'button, a.button, summary.button, select, label.chip, input:not([type=hidden]):not([type=checkbox])')]
    .filter(el => el.getClientRects().length && el.getBoundingClientRect().height < 44)
    .map(el => el.outerHTML.slice(0, 80))"""
STAND_IN = """{% extends "base.html" %}{% block styles %}<link rel="stylesheet" href="{{ static_url('pages.css') }}">
{% endblock %}{% block body %}<main class="page"><h1>{{ name }}</h1>{% include "club_games_panel.html" %}</main>
{% endblock %}"""


def club_page(app) -> None:
    """The club page is club_pages.py's, which includes this panel; until it is on this branch, a stand-in that
    draws the panel alone at the club page's address."""
    if any(rule.rule == "/c/<club_id>/<key>" for rule in app.url_map.iter_rules()):
        return

    def page(club_id, key):
        who = clubs.authorize(get_db(), club_id, key)
        return render_template_string(STAND_IN, name=clubs.name_of(get_db(), club_id), who=who, club_id=club_id,
                                      key=key, panel=games_panel(get_db(), who))
    app.add_url_rule("/c/<club_id>/<key>", "club_page_stand_in", page)


def the_club(tmp_path):
    """The club of the issue, and a kitchen table's Wist between Alessandra, "ermenegilda", Bruno and Leonardo."""
    app = make_app(tmp_path, SCOREKEEPER_DATABASE=str(tmp_path / "live.sqlite3"))
    db = store.connect(app.config["SCOREKEEPER_DATABASE"])
    club_id, keys = clubs.create(db, "Circolo del Whist")
    who = clubs.authorize(db, club_id, keys["organiser"])
    for name in ROSTER:
        clubs.add_member(db, who, name)
    game = app.test_client().post("/api/v1/games", json={
        "variant": "wist", "players": ["Alessandra", "ermenegilda", "Bruno", "Leonardo"], "first_dealer": 0})
    return db, club_id, keys, game.get_json()


def test_a_home_game_pasted_and_matched_on_a_phone_without_javascript(browser, tmp_path):
    db, club_id, keys, game = the_club(tmp_path)
    with serving(tmp_path, prepare=club_page) as base:
        context = phone_context(browser, viewport=SCREEN, java_script_enabled=False)
        page = context.new_page()
        try:
            page.goto(f"{base}/c/{club_id}/{keys['organiser']}")
            page.get_by_text("Add a game", exact=True).click()
            page.get_by_label("The game's link").first.fill(f"{base}/g/{game['id']}/{game['keys']['scorer']}")
            page.get_by_role("button", name="Match its players").first.click()
            selects = page.locator("select[name=player]")
            assert selects.count() == 4
            assert [selects.nth(i).evaluate("s => s.selectedOptions[0].text") for i in range(4)] == [
                "Alessandra", "Ermenegilda", "— choose —", "Leonardo"]
            assert page.evaluate(WIDE) <= 360 and page.evaluate(SMALL_TAPS) == []
            page.screenshot(path="/tmp/shots-club-matching/match-360.png", full_page=True)
            page.get_by_role("button", name="Add the game to the club").click()  # Bruno unmatched: refused
            assert "Bruno is not matched: pick who they are, or add them as a new player." in page.inner_text(
                "[role=alert]")
            page.get_by_label("Bruno").select_option(label="New player: Bruno")
            page.get_by_role("button", name="Add the game to the club").click()
            assert page.url == f"{base}/c/{club_id}/{keys['organiser']}"
            assert page.locator(".club-list li .name").all_inner_texts() == [
                "Alessandra, Ermenegilda, Bruno, Leonardo"]
            assert page.evaluate(WIDE) <= 360 and page.evaluate(SMALL_TAPS) == []
            page.screenshot(path="/tmp/shots-club-matching/club-games-360.png", full_page=True)
        finally:
            context.close()
    assert {m.number: m.name for m in clubs.roster(db, club_id)}[10] == "Bruno"


def test_a_game_from_the_roster_seats_the_players_in_the_order_tapped(browser, tmp_path):
    db, club_id, keys, _ = the_club(tmp_path)
    with serving(tmp_path, prepare=club_page) as base:
        context = phone_context(browser, viewport=SCREEN)
        page = context.new_page()
        try:
            page.goto(f"{base}/c/{club_id}/{keys['organiser']}/new")
            page.get_by_label("Game").select_option("wist")
            for name in ("Leonardo", "Alessandra", "Ermenegilda", "Costanza"):
                page.get_by_label(name, exact=True).check()
            page.get_by_label("Alessandra", exact=True).uncheck()  # a change of mind: she sits last
            page.get_by_label("Alessandra", exact=True).check()
            chips = page.locator(".roster-chips .chip")
            assert [chips.nth(i).get_attribute("data-order") for i in range(9)] == [
                "4", None, "3", None, "2", None, None, None, "1"]
            page.get_by_label("Who deals first").select_option(label="Ermenegilda")
            assert page.evaluate(WIDE) <= 360 and page.evaluate(SMALL_TAPS) == []
            page.screenshot(path="/tmp/shots-club-matching/new-from-roster-360.png", full_page=True)
            page.get_by_role("button", name="Start the game").click()
            assert re.search(r"/g/[\w-]+/[\w-]+$", page.url)
            assert page.title().endswith("Leonardo, Ermenegilda, Costanza, Alessandra")
        finally:
            context.close()
    game = next(g for g in clubs.club_games(db, club_id))
    assert game.players == (9, 5, 3, 1)
