"""A whole partie of Piquet on a 360 px phone: the declarations as announced, the winner of each trick tapped
in order (the play points counted live), one deal as totals; the partie's winner, value and rubicon.

The deals are the worked partie of docs/rules/piquet.md (Bruno deals first, so Anna is elder in the odd
deals): scores 44–14, 7–116 (Bruno's repique), 81–7 (Anna's pique on the lead), 4–61 (Bruno's capot),
16–11 (entered as totals), 15–58 (Anna's carte blanche stops a repique); 167–267: Bruno wins 200.
"""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.web.test_api_piquet import PARTIE

from .conftest import phone_context
from .sheet import start_from_home, watch

PLAYERS = ["Anna", "Bruno"]


class Scorer:
    def __init__(self, page: Page):
        self.page, self.taps = page, 0

    def declare(self, name: str, seat: int, value: int) -> None:
        form = self.page.locator(".piquet-form")
        form.locator(f"input[name='{name}-who'][value='{seat}']").check()
        form.locator(f"select[name='{name}-value']").select_option(str(value))
        self.taps += 2

    def deal(self, body: dict) -> None:
        form = self.page.locator(".piquet-form")
        for seat, held in enumerate(body.get("carte_blanche", [False, False])):
            if held:
                form.locator(f"input[name='cb-{seat}']").check()
                self.taps += 1
        for name in ("point", "sequences", "sets"):
            for seat, value in enumerate(body.get(name, [0, 0])):
                if value:
                    self.declare(name, seat, value)
        if "trick_winners" in body:
            for number, winner in enumerate(body["trick_winners"], start=1):
                expect(self.page.locator(".pad-title")).to_have_text(f"Trick {number} won by:")
                self.page.locator(".two-keys").get_by_role("button", name=PLAYERS[winner], exact=True).tap()
                self.taps += 1
        else:
            self.page.locator(".play-totals summary").tap()
            for seat in (0, 1):
                form.locator(f"input[name='play-{seat}']").fill(str(body["play_points"][seat]))
                form.locator(f"input[name='won-{seat}']").fill(str(body["tricks_won"][seat]))
        self.page.get_by_role("button", name="Record the deal").tap()
        self.taps += 1


def test_a_whole_partie_by_tapping(live_server, browser, artifacts):
    context = phone_context(browser, viewport={"width": 360, "height": 740})
    page = context.new_page()
    problems = watch(page)
    start_from_home(page, live_server, r"^Piquet", PLAYERS, dealer=2)
    expect(page.locator("#entry-title")).to_have_text("Deal 1 of 6")
    expect(page.locator(".entry .facts")).to_have_text("Bruno deals · Anna is elder (leads first)")
    scorer = Scorer(page)
    for number, (body, *_, scores, totals) in enumerate(PARTIE, start=1):
        if number == 1:  # the play points counted as the tricks are tapped: Anna's lead and three tricks
            form = page.locator(".piquet-form")
            for _ in range(3):
                form.locator(".two-keys").get_by_role("button", name="Anna", exact=True).tap()
            expect(page.locator(".play-count")).to_have_text(re.compile(r"Play so far:\s*Anna 4 · Bruno 0"))
            page.get_by_role("button", name="Take back the last trick").tap()
            page.get_by_role("button", name="Take back the last trick").tap()
            page.get_by_role("button", name="Take back the last trick").tap()
            expect(page.locator(".play-count")).to_have_text(re.compile(r"Anna 1 · Bruno 0"))
            page.screenshot(path=str(artifacts / "piquet-deal-360.png"), full_page=True)
        scorer.deal(body)
        row = page.locator("table.grid tbody tr").nth(number - 1).locator("td .cell-score")
        expect(row).to_have_text([str(s) for s in scores])
        expect(page.locator("table.grid tfoot tr").first.locator("td")).to_have_text([str(t) for t in totals])
    expect(page.locator("#ranking-title")).to_have_text("Bruno wins the partie")
    expect(page.locator(".ranking .lead")).to_contain_text("Worth 200")
    expect(page.locator(".ranking .lead")).to_contain_text("100 + the difference")
    expect(page.locator("table.grid tbody tr").nth(1).locator(".cell-notes")).to_have_text(["repique"])
    expect(page.locator("table.grid tbody tr").nth(3).locator(".cell-notes")).to_have_text(["capot"])
    assert scorer.taps == 103, scorer.taps  # 5 deals × 12 tricks + 6 records + 1 carte blanche + 18 declarations × 2
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, width
    page.screenshot(path=str(artifacts / "piquet-partie-360.png"), full_page=True)
    assert problems == []
    context.close()
