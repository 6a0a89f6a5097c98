"""A whole partie of Piquet on a 360 × 740 phone with two long names: the declarations as announced (one choice a
class), the winner of each trick tapped in order (the play points counted live), one deal as totals; the partie's
winner, value and rubicon. Deal 3 comes from the other player's phone (the API) and the sheet follows it live.
Taps and scrolls are counted deal by deal: a deal takes at most 12 trick taps, one tap
a declaration and Record, and no scroll (#18: each tap used to reload the page at the top, 1,700 px above the
strip). A mistaken trick is fixed in place, and in a correction the deal comes back as it was entered.

The deals are the worked partie of docs/rules/piquet.md (the second player deals first, so the first is elder in
the odd deals): scores 44–14, 7–116 (a repique), 81–7 (a pique on the lead), 4–61 (a capot), 16–11 (entered as
totals), 15–58 (a carte blanche stops a repique); 167–267: the second player wins 200.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.test_api_piquet import PARTIE

from tests.web.sse import request

from .conftest import phone_context
from .sheet import Taps, start_from_home, watch

PLAYERS = ["Bartolomeo", "Ermenegilda"]
SIZE = {"width": 360, "height": 740}


def play_deal(page: Page, taps: Taps, body: dict) -> None:
    form = page.locator(".piquet-form")
    for seat, held in enumerate(body.get("carte_blanche", [False, False])):
        if held:
            taps.tap(form.locator(f"input[name='cb-{seat}']"))
    for name in ("point", "sequences", "sets"):
        for seat, value in enumerate(body.get(name, [0, 0])):
            if value:
                taps.choose(form.locator(f"select[name='{name}-{seat}']"), str(value))
    if "trick_winners" in body:
        for number, winner in enumerate(body["trick_winners"], start=1):
            expect(page.locator(".pad-title")).to_have_text(f"Trick {number} won by:")
            taps.tap(page.locator(".two-keys").get_by_role("button", name=PLAYERS[winner], exact=True))
        expect(page.locator(".pad-title")).to_have_text("All 12 tricks are in.")
    else:
        taps.tap(page.locator(".play-totals summary"))
        for seat in (0, 1):
            form.locator(f"input[name='play-{seat}']").fill(str(body["play_points"][seat]))
            form.locator(f"input[name='won-{seat}']").fill(str(body["tricks_won"][seat]))
    taps.tap(page.get_by_role("button", name="Record the deal"))


@pytest.mark.slow  # six deals tapped in: `make test-slow`
def test_a_whole_partie_by_tapping(live_server, browser, artifacts):
    context = phone_context(browser, viewport=SIZE)
    page = context.new_page()
    problems = watch(page)
    start_from_home(page, live_server, r"^Piquet", PLAYERS, dealer=2)
    expect(page.locator("#entry-title")).to_have_text("Deal 1 of 6")
    expect(page.locator(".entry .facts")).to_have_text("Ermenegilda deals · Bartolomeo is elder (leads first)")
    taps = Taps(page)
    for number, (body, *_, scores, totals) in enumerate(PARTIE, start=1):
        if number == 1:  # a trick tapped by mistake is tapped again in the strip; Take back undoes the last one
            keys = page.locator(".two-keys")
            for _ in range(3):
                keys.get_by_role("button", name="Bartolomeo", exact=True).tap()
            expect(page.locator(".play-count")).to_have_text(re.compile(r"Play:\s*Bartolomeo 4 · Ermenegilda 0"))
            page.locator(".strip li").nth(1).get_by_role("button").tap()   # trick 2 goes to Ermenegilda
            expect(page.locator(".play-count")).to_have_text(re.compile(r"Play:\s*Bartolomeo 4 · Ermenegilda 2"))
            expect(page.locator(".strip li").nth(1)).to_have_class(re.compile(r"\bp1\b"))
            assert page.evaluate("window.scrollY") == 0   # the page did not jump
            assert "tw=0%2C1%2C0" in page.url or "tw=0,1,0" in page.url   # the deal in progress is in the address
            page.screenshot(path=str(artifacts / "piquet-deal-360.png"))
            for _ in range(3):
                page.get_by_role("button", name="Take back the last trick").tap()
            expect(page.locator(".play-count")).to_have_text(re.compile(r"Bartolomeo 1 · Ermenegilda 0"))
        if number == 3:  # from the other phone, as deal 2 was tapped here (the suite's time)
            game_id, key = re.search(r"/g/([^/?#]+)/([^/?#]+)", page.url).groups()
            status, answer = request(live_server, "PUT", f"/api/v1/games/{game_id}/hands/3", key, body)
            assert status == 200, answer
            expect(page.locator("#entry-title")).to_have_text("Deal 4 of 6")
        else:
            play_deal(page, taps, body)
        expect(page).to_have_url(re.compile(r"/g/[^/?]+/[^/?]+$"))   # recorded: the taps leave the address
        row = page.locator("table.grid tbody tr").nth(number - 1).locator("td .cell-score")
        expect(row).to_have_text([str(s) for s in scores])
        expect(page.locator("table.grid tfoot tr").first.locator("td")).to_have_text([str(t) for t in totals])
        if number == 3:
            continue
        declared = sum(1 for name in ("point", "sequences", "sets") for v in body.get(name, [0, 0]) if v)
        declared += sum(body.get("carte_blanche", []))
        done, scrolled = taps.deal()
        trick_taps = 12 if "trick_winners" in body else 1
        assert (done, scrolled) == (trick_taps + declared + 1, 0), (number, done, scrolled)
    expect(page.locator("#ranking-title")).to_have_text("Ermenegilda wins the partie")
    expect(page.locator(".ranking .lead")).to_contain_text("Worth 200")
    expect(page.locator(".ranking .lead")).to_contain_text("100 + the difference")
    expect(page.locator("table.grid tbody tr").nth(1).locator(".cell-notes")).to_have_text(["repique"])
    expect(page.locator("table.grid tbody tr").nth(3).locator(".cell-notes")).to_have_text(["capot"])
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, width
    page.screenshot(path=str(artifacts / "piquet-partie-360.png"), full_page=True)
    assert problems == []
    context.close()


def test_without_javascript_a_trick_tap_comes_back_at_the_deal(live_server, browser):
    context = phone_context(browser, viewport=SIZE, java_script_enabled=False)
    page = context.new_page()
    start_from_home(page, live_server, r"^Piquet", PLAYERS, dealer=2)
    page.locator(".two-keys").get_by_role("button", name="Bartolomeo", exact=True).tap()
    expect(page).to_have_url(re.compile(r"\?.*tw=0.*#deal$"))
    expect(page.locator(".play-count")).to_have_text(re.compile(r"Play:\s*Bartolomeo 2 · Ermenegilda 0"))
    expect(page.locator(".two-keys")).to_be_in_viewport()
    context.close()
