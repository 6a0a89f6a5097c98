"""A whole Solo Whist session on a 360 × 740 phone, by tapping, with a stake of 0.10 (in euros, the default): a
solo, a pass, a failed misère, a proposal, a failed abondance in the declarer's suit, the end, and who pays whom.
Each deal's taps and the scrolls needed to reach them are counted (#18, #19): every deal fits the first screen.
System 1 (points); worked out by hand from docs/rules/solo.md:

    deal  contract                               tricks       Alessandra  Bartolomeo  Costanza  Domenico
    1     solo by Bartolomeo, ♥                   7 (+2)          −6         +18         −6        −6
    2     all passed                                               0           0          0         0
    3     misère by Domenico                      1 (failed)      +8          +8         +8       −24
    4     proposal Alessandra with Costanza, ♠    9 (+1)          +5          −5         +5        −5
    5     abondance by Costanza, ♦ (her suit)     7 (−2)         +16         +16        −48       +16
    totals                                                        23          37        −41       −19
No group of them adds up to zero, so three payments: Costanza pays Alessandra 4 and Bartolomeo 37 (her 41),
Domenico pays Alessandra 19.
"""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import phone_context
from .sheet import Taps, changed, watch

PLAYERS = ["Alessandra", "Bartolomeo", "Costanza", "Domenico"]
SCREEN = {"width": 360, "height": 740}
SCORES = [[-6, 18, -6, -6], [0, 0, 0, 0], [8, 8, 8, -24], [5, -5, 5, -5], [16, 16, -48, 16]]
SETTLED = """() => new Promise(done => { let last = -1, still = 0;
    const look = () => { still = scrollY === last ? still + 1 : 0; last = scrollY;
                         still >= 4 ? done(scrollY) : setTimeout(look, 50); };
    look(); })"""
UNCOVERED = """el => { const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return el.contains(hit) || (hit && hit.contains(el)); }"""


class Scorer(Taps):
    """The scorer's thumb: each tap counted with the scrolls it needed (`Taps`), and checked to land on its target,
    not on the bar of the outbox; a tap that records waits until the sheet shows the change and stops moving."""

    def tap(self, locator) -> None:
        locator.wait_for(state="visible")
        if locator.evaluate(self.VISIBLE):
            assert locator.evaluate(UNCOVERED), f"covered: {locator}"
        super().tap(locator)

    def chip(self, group: str, name: str) -> None:
        self.tap(self.page.locator(f".solo-form {group} .chip").filter(has=self.page.get_by_label(name, exact=True)))

    def record(self, locator) -> None:
        changed(self.page, lambda: self.tap(locator))
        self.page.evaluate(SETTLED)  # the new deal's heading comes into view (live.js)

    def tricks(self, value: int) -> None:
        self.record(self.page.locator(".solo-form .pad").get_by_role("button", name=str(value), exact=True))


def fits(page: Page) -> list:
    """What overflows: the page sideways, a box its own content, a chip or a pad key the box around it."""
    return page.evaluate("""() => {
        const out = document.documentElement.scrollWidth > innerWidth ? ['page'] : [];
        for (const el of document.querySelectorAll('.grid-wrap, .solo-form .chip, .solo-form .pad button')) {
            if (el.scrollWidth > el.clientWidth) out.push(['content', el.textContent.trim()]);
            const r = el.getBoundingClientRect(), box = el.closest('fieldset, .grid-wrap').getBoundingClientRect();
            if (r.left < box.left - .5 || r.right > box.right + .5) out.push(['box', el.textContent.trim()]);
        }
        return out; }""")


def totals(page: Page) -> list[str]:
    return page.locator("table.grid tfoot tr").first.locator("td").all_inner_texts()


def test_a_solo_whist_session_by_tapping(live_server, browser, artifacts):
    context = phone_context(browser, viewport=SCREEN)
    page = context.new_page()
    problems = watch(page)
    page.goto(live_server)
    page.get_by_role("link", name="New game").tap()
    page.get_by_role("link", name="Solo Whist").tap()
    expect(page.get_by_label("Currency")).to_have_value("EUR")  # chosen at creation; euros unless changed
    page.get_by_label("Money per point or stake").fill("0.10")
    start(page)
    expect(page.locator("#entry-title")).to_have_text("Deal 1")
    expect(page.locator(".house-rules")).to_have_text(  # the form's hints are not repeated here
        "Scoring: Points Money per point or stake: €0.10 Number of deals: no limit", use_inner_text=True)
    scorer = Scorer(page)

    scorer.chip(".contracts", "Solo")
    scorer.chip(".declarer", "Bartolomeo")
    scorer.chip(".trump-choice", "Hearts")
    page.screenshot(path=str(artifacts / "solo-deal-360.png"))
    scorer.tricks(7)
    expect(page.locator(".last-deal")).to_have_text(
        "Deal 1: Solo by Bartolomeo: made, 7 tricks (+2) — Alessandra -6, Bartolomeo +18, Costanza -6, Domenico -6.")
    assert scorer.deal() == (4, 0)

    scorer.record(page.locator(".solo-form .chip.pass"))
    expect(page.locator(".last-deal")).to_have_text("Deal 2: all passed, nobody scores.")
    assert scorer.deal() == (1, 0)

    scorer.chip(".contracts", "Misère")
    expect(page.locator(".solo-form .trump-choice")).to_be_hidden()  # misère has no trump: it says so instead
    notes = page.locator(".solo-form .contract-notes")
    expect(notes).to_have_text("Misère: played without trumps", use_inner_text=True)
    scorer.chip(".declarer", "Domenico")
    scorer.tricks(1)
    expect(page.locator(".last-deal")).to_contain_text("Deal 3: Misère by Domenico: failed, 1 trick —")
    assert scorer.deal() == (3, 0)

    expect(page.locator(".solo-form .partner")).to_be_hidden()
    scorer.chip(".contracts", "Proposal and acceptance")
    expect(page.locator(".solo-form .partner")).to_be_visible()  # a proposal asks who accepted
    expect(page.locator(".solo-form .declarer legend")).to_have_text("Proposed by", use_inner_text=True)
    scorer.chip(".declarer", "Alessandra")
    scorer.chip(".partner", "Costanza")
    scorer.chip(".trump-choice", "Spades")
    page.screenshot(path=str(artifacts / "solo-proposal-360.png"))
    scorer.tricks(9)
    expect(page.locator(".last-deal")).to_have_text(  # the partner is named (#18)
        "Deal 4: Proposal and acceptance by Alessandra with Costanza: made, 9 tricks (+1) — "
        "Alessandra +5, Bartolomeo -5, Costanza +5, Domenico -5.")
    assert scorer.deal() == (5, 0)  # contract, proposer, partner, trump, tricks

    # Deal 5 in Italian and in the dark, from the top of the page (the language link loads it afresh).
    page.emulate_media(color_scheme="dark")
    page.get_by_role("link", name="IT", exact=True).tap()
    expect(page.locator("#entry-title")).to_have_text("Smazzata 5")
    scorer.chip(".contracts", "Abondance")
    expect(page.locator(".solo-form .trump-label")).to_have_text("Briscola scelta dal dichiarante", use_inner_text=True)
    scorer.chip(".declarer", "Costanza")
    scorer.chip(".trump-choice", "Quadri")
    assert fits(page) == []  # no chip sticks out of its box (#18: the suits did by 6 px), nor out of the screen
    page.screenshot(path=str(artifacts / "solo-deal-it-dark-360.png"))
    scorer.tricks(7)
    expect(page.locator(".last-deal")).to_have_text(  # "contratto": the outcome agrees whatever the contract
        "Smazzata 5: Abondance di Costanza: contratto fallito, 7 prese (-2) — Alessandra +16, Bartolomeo +16, "
        "Costanza -48, Domenico +16.")
    assert scorer.deal() == (4, 0)
    assert scorer.counts == [(4, 0), (1, 0), (3, 0), (5, 0), (4, 0)]

    rows = page.locator("table.grid tbody tr")
    assert [rows.nth(i).locator(".cell-score").all_inner_texts() for i in range(5)] == \
        [[str(s) for s in deal] for deal in SCORES]
    assert totals(page) == ["23", "37", "-41", "-19"] == [str(sum(column)) for column in zip(*SCORES)]
    expect(rows.nth(3).locator(".hand-meta")).to_have_text("Alessandra e Costanza: contratto riuscito, 9 prese (+1)")
    expect(page.locator(".money-row td")).to_have_text(["2,30\u00a0€", "3,70\u00a0€", "-4,10\u00a0€", "-1,90\u00a0€"])
    assert fits(page) == []

    # "Chiudi la partita…" (End the game…) sits by the entry, above the grid and the chart.
    end = page.locator(".end-game summary")
    assert end.evaluate("e => e.getBoundingClientRect().bottom") < \
        page.locator("table.grid").evaluate("e => e.getBoundingClientRect().top")
    scorer.tap(end)
    changed(page, lambda: scorer.tap(page.get_by_role("button", name="Chiudi ora la partita")))
    assert scorer.deal() == (2, 0)  # reached without scrolling
    expect(page.locator(".payments li")).to_have_text(["Costanza paga 0,40\u00a0€ a Alessandra (4 punti)",
                                                       "Costanza paga 3,70\u00a0€ a Bartolomeo (37 punti)",
                                                       "Domenico paga 1,90\u00a0€ a Alessandra (19 punti)"])
    expect(page.locator(".solo-form")).to_have_count(0)
    page.screenshot(path=str(artifacts / "solo-settlement-it-dark-360.png"), full_page=True)

    # The same end in English, in the light.
    page.emulate_media(color_scheme="light")
    page.get_by_role("link", name="EN", exact=True).tap()
    expect(page.locator(".payments li")).to_have_text(["Costanza pays Alessandra €0.40 (4 points)",
                                                       "Costanza pays Bartolomeo €3.70 (37 points)",
                                                       "Domenico pays Alessandra €1.90 (19 points)"])
    expect(page.locator(".ranking ol li .name")).to_have_text(["Bartolomeo", "Alessandra", "Domenico", "Costanza"])
    expect(page.locator(".ranking ol li .money")).to_have_text(["€3.70", "€2.30", "-€1.90", "-€4.10"])
    expect(page.locator(".money-row td")).to_have_text(["€2.30", "€3.70", "-€4.10", "-€1.90"])
    expect(rows.nth(3).locator(".hand-meta")).to_have_text("Alessandra & Costanza: made, 9 tricks (+1)")
    page.screenshot(path=str(artifacts / "solo-settlement-360.png"), full_page=True)
    assert problems == []
    context.close()


def start(page: Page) -> None:
    """The rest of the new-game form, as `sheet.start_from_home` fills it: names, who deals first, start."""
    for number, name in enumerate(PLAYERS, start=1):
        page.get_by_role("textbox", name=re.compile(rf"^Player {number}\b")).fill(name)
    page.get_by_label("Player 1 deals first").check()
    page.get_by_role("button", name="Start the game").tap()
