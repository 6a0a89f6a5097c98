"""Your own rules in a few taps (#23): on a 360 px phone, a new game of custom house rules is set with one tap a
rule (chips, a tick box) besides typing the names, and its sheet lists them."""
from __future__ import annotations

from playwright.sync_api import expect

from .conftest import phone_context
from .sheet import watch


def test_custom_rules_in_a_few_taps(live_server, browser, artifacts):
    context = phone_context(browser, viewport={"width": 360, "height": 740})
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{live_server}/new?variant=house-rules")
    for number, name in enumerate(["Anna", "Bruno", "Carla"]):
        page.locator("input[name='player']").nth(number).fill(name)
    taps = 0
    for label in ("Down: …3, 2, 1", "Suits in turn", "the bid squared", "always", "Sealed bids"):
        page.get_by_text(label, exact=label != "Sealed bids").first.tap()
        taps += 1
    page.get_by_role("button", name="Start the game").tap()
    taps += 1
    assert taps <= 10
    rules = page.locator(".house-rules")
    expect(rules).to_contain_text("Down: …3, 2, 1")
    expect(rules).to_contain_text("the bid squared")
    expect(rules).to_contain_text("Order of the trumps")  # it matters now: the suits go in turn
    expect(page.locator(".grid")).to_contain_text("17")  # 3 players, no card turned: 17, 16, … 1
    page.screenshot(path=str(artifacts / "house-rules-sheet-360.png"), full_page=False)
    assert problems == []
