"""The Content-Security-Policy (issue 8) breaks nothing: a walk through every kind of page, with the
htmx swaps, the live stream, the share panel and the forms, reports no violation at all.

Violations are caught twice: Chromium's console message ("Refused to …", "Content Security Policy")
and the page's own `securitypolicyviolation` events, collected by a script Playwright injects
(which the policy does not govern).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .sheet import bid, changed, pad_button

pytestmark = pytest.mark.browser

COLLECT = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


def violations(page, console: list[str]) -> list[str]:
    return console + page.evaluate("window.__violations || []")


def test_no_page_reports_a_csp_violation(live_server, phone):
    console: list[str] = []

    def listen(message):
        text = message.text
        if "Content Security Policy" in text or "Refused to" in text:
            console.append(f"{message.type}: {text}")

    phone.add_init_script(COLLECT)
    page = phone.new_page()
    page.on("console", listen)
    page.on("pageerror", lambda error: console.append(f"pageerror: {error}"))

    # A new game through the form, as a phone makes it.
    page.goto(live_server)
    page.get_by_role("link", name="New game").click()
    page.goto(f"{live_server}/new?variant=wist")
    for row, name in enumerate(["Anna", "Bruno", "Carla", "Dario"]):
        page.locator("input[name=player]").nth(row).fill(name)
    page.get_by_role("button", name=re.compile("Start")).click()
    expect(page.locator("#sheet")).to_be_visible()
    expect(page.locator("#live")).to_have_attribute("data-state", "live")
    sheet_url = page.url
    assert violations(page, console) == []

    # htmx swaps: bids on the pad, the tricks, the chart drawn, an undo.
    first = page.locator(".pad-form .who").inner_text().removesuffix(" bids")
    bid(page, first, 1)
    changed(page, lambda: page.get_by_role("button", name=re.compile("Undo")).tap())
    expect(pad_button(page, 1)).to_be_visible()

    # The share panel (loaded by htmx when opened) and its QR codes.
    page.get_by_text("Share: QR codes for the table").click()
    expect(page.locator(".qr-card svg.qr")).to_have_count(6)
    page.goto(sheet_url + "/share")
    page.goto(sheet_url + "/hands/1/history")

    # Tournaments: new, the organiser's page (with its QR code), join and standings.
    page.goto(f"{live_server}/tournaments/new")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.locator(".join-panel svg.qr")).to_be_visible()
    join = page.locator(".join-panel .link-text a").get_attribute("href")
    standings = page.get_by_role("link", name="Standings for the TV").get_attribute("href")
    page.goto(standings)
    page.wait_for_timeout(300)
    page.goto(join)

    # The docs, an error page, the language switch.
    page.goto(f"{live_server}/docs/api.md")
    page.goto(f"{live_server}/no-such-page")
    page.goto(f"{live_server}/lang/it?next=/")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    game_id, key = sheet_url.rstrip("/").split("/")[-2:]
    scored = phone.request.put(f"{live_server}/api/v1/games/{game_id}/hands/1",
                               data={"bids": [1, 0, 0, 0], "tricks": [13, 0, 0, 0]},
                               headers={"Authorization": f"Bearer {key}"})
    assert scored.status == 200
    page.goto(sheet_url)
    expect(page.locator(".legend .swatch")).to_have_count(4)  # the chart's colours, without inline styles
    assert violations(page, console) == []
