"""A Solo Whist session on a 360 px phone, by tapping: a solo, a pass, a failed misère, a proposal, the end,
and who pays whom. System 1 (points); worked out by hand from docs/rules/solo.md:

    deal  contract                       tricks   Alessandra  Bartolomeo  Costanza  Domenico
    1     solo by Bartolomeo, ♥           7 (+2)       −6         +18         −6        −6
    2     all passed                                     0           0          0         0
    3     misère by Domenico              1 (failed)   +8          +8         +8       −24
    4     proposal Alessandra + Costanza, ♠  9 (+1)     +5          −5         +5        −5
    totals                                               7          21          7       −35
Domenico pays Alessandra 7, Bartolomeo 21 and Costanza 7.
"""
from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import phone_context
from .sheet import changed, start_from_home, watch

PLAYERS = ["Alessandra", "Bartolomeo", "Costanza", "Domenico"]


class Scorer:
    def __init__(self, page: Page):
        self.page, self.taps = page, 0

    def chip(self, group: str, name: str) -> None:
        self.taps += 1
        self.page.locator(f".solo-form {group}").get_by_label(name, exact=True).check()

    def record(self, locator) -> None:
        self.taps += 1
        changed(self.page, locator.tap)

    def tricks(self, value: int) -> None:
        self.record(self.page.locator(".solo-form .pad").get_by_role("button", name=str(value), exact=True))


def test_a_solo_whist_session_by_tapping(live_server, browser, artifacts):
    context = phone_context(browser, viewport={"width": 360, "height": 740})
    page = context.new_page()
    problems = watch(page)
    start_from_home(page, live_server, r"^Solo Whist", PLAYERS, dealer=1)
    expect(page.locator("#entry-title")).to_have_text("Deal 1")
    scorer = Scorer(page)

    scorer.chip(".contracts", "Solo")
    scorer.chip(".seats:not(.partner)", "Bartolomeo")
    scorer.chip(".trump-choice", "Hearts")
    scorer.tricks(7)
    expect(page.locator(".last-deal")).to_have_text(
        "Deal 1: Solo by Bartolomeo, made, 7 tricks (+2) — Alessandra -6, Bartolomeo +18, Costanza -6, Domenico -6.")
    assert scorer.taps == 4

    scorer.record(page.get_by_role("button", name="All passed"))
    expect(page.locator(".last-deal")).to_have_text("Deal 2: all passed, nobody scores.")

    scorer.chip(".contracts", "Misère")
    expect(page.locator(".solo-form .trump-choice")).to_be_hidden()  # misère has no trump
    scorer.chip(".seats:not(.partner)", "Domenico")
    scorer.tricks(1)
    expect(page.locator(".last-deal")).to_contain_text("Misère by Domenico, failed, 1 trick")

    expect(page.locator(".solo-form .partner")).to_be_hidden()
    scorer.chip(".contracts", "Proposal and acceptance")
    expect(page.locator(".solo-form .partner")).to_be_visible()  # a proposal asks for the partner
    scorer.chip(".seats:not(.partner)", "Alessandra")
    scorer.chip(".partner", "Costanza")
    scorer.chip(".trump-choice", "Spades")
    scorer.tricks(9)
    assert scorer.taps == 4 + 1 + 3 + 5
    expect(page.locator("table.grid tfoot tr").first.locator("td")).to_have_text(["7", "21", "7", "-35"])
    widths = page.evaluate("""() => [document.documentElement.scrollWidth,
        ...[...document.querySelectorAll('.grid-wrap')].map(w => w.scrollWidth - w.clientWidth)]""")
    assert widths[0] <= 360 and all(extra <= 0 for extra in widths[1:]), widths
    page.screenshot(path=str(artifacts / "solo-360.png"), full_page=True)

    page.locator(".end-game summary").tap()
    changed(page, page.get_by_role("button", name="End the game now").tap)
    expect(page.locator(".payments li")).to_have_text(
        ["Domenico pays Alessandra 7", "Domenico pays Bartolomeo 21", "Domenico pays Costanza 7"])
    expect(page.locator(".ranking ol li .name")).to_have_text(["Bartolomeo", "Alessandra", "Costanza", "Domenico"])
    expect(page.locator(".solo-form")).to_have_count(0)
    page.screenshot(path=str(artifacts / "solo-settlement-360.png"), full_page=True)
    assert problems == []
    context.close()
