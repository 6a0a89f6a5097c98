"""The sheet at a club evening's table (#35), on a 360 × 740 phone: the tricks of a long hand and "Record" on one
screen."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.web.sse import request

from .conftest import phone_context
from .sheet import Taps, changed, pad_button, watch

SMALL_PHONE = {"width": 360, "height": 740}
FOUR = ["Alessandra", "Bartolomeo", "Costanza", "Ermenegilda"]
# Wholly on the screen, and above the outbox's bar when it shows ("✓ Recorded: …" after each entry).
ON_SCREEN = """el => { const r = el.getBoundingClientRect(), bar = document.querySelector('.outbox:not([hidden])');
    const end = bar ? bar.getBoundingClientRect().top : innerHeight;
    return [Math.round(r.top), Math.round(r.bottom), r.top >= 0 && r.bottom <= end]; }"""


def torneo_at_hand(live_server: str, players: list[str], number: int) -> str:
    """A whist-torneo partita (ridotto: 3, 5, 7, 9, 11, 13… cards) whose hands before `number` are recorded, and
    whose hand `number` has its bids in: its scorer's sheet."""
    status, created = request(live_server, "POST", "/api/v1/games",
                              body={"variant": "whist-torneo", "players": players, "first_dealer": 0})
    game_id, key = created["id"], created["keys"]["scorer"]
    for hand, cards in enumerate((3, 5, 7, 9, 11)[:number], start=1):
        body = {"bids": [1] + [0] * (len(players) - 1), "trump": "S"}
        if hand < number:
            body["tricks"] = [cards] + [0] * (len(players) - 1)
        assert request(live_server, "PUT", f"/api/v1/games/{game_id}/hands/{hand}", key, body)[0] == 200
    return f"{live_server}/g/{game_id}/{key}"


def test_record_the_tricks_is_on_the_first_screen_of_a_long_hand(live_server, browser, artifacts):
    """Whist torneo, four players with long names, in Italian: the scorer records a hand's tricks, the next hand's
    four bids are tapped, and the tricks form of 9, 11 and 13 cards, its four "illegal play" boxes and "Segna le
    prese" are on the screen without a scroll (#35: at 11 cards the button was 280 px below the screen's edge, the
    boxes a fieldset of their own under the tricks)."""
    context = phone_context(browser, viewport=SMALL_PHONE)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{live_server}/lang/it?next=/")
    page.goto(torneo_at_hand(live_server, FOUR, 3))
    page.locator("#entry-title").evaluate("title => title.scrollIntoView()")   # where the hand before left it
    taps = Taps(page)
    form = page.locator(".tricks-form")
    record = form.get_by_role("button", name="Segna le prese")
    for cards in (9, 11, 13):   # the hand before is recorded, then these cards' hand is bid
        if cards != 9:   # hand 3's trump was given while they bid; hands 4 and 5 are asked theirs with the tricks
            form.locator("input[name=trump][value=S]").check()
        for name in FOUR[:-1]:   # the last one's are what is left
            expect(form.locator(".pad-title")).to_have_text(f"Prese di {name}:")
            taps.tap(form.locator(".tricks-pad").get_by_role("button", name="0", exact=True))
        expect(form.locator(".pad-title")).to_have_count(0)
        changed(page, lambda: taps.tap(record))
        for _ in FOUR:   # everyone bids 0 (the dealer may: 0 is not the cards)
            changed(page, lambda: taps.tap(pad_button(page, 0)))
        taps.settle()
        expect(page.locator(".tricks-form .count")).to_have_text(f"0 su {cards}")
        page.screenshot(path=str(artifacts / f"tricks-{cards}-cards-it-360.png"))
        boxes = form.locator("input[type=checkbox]")
        expect(boxes).to_have_count(4)
        top, bottom, seen = record.evaluate(ON_SCREEN)
        assert seen, f"{cards} cards: “Segna le prese” from {top} to {bottom} px, the screen is 740 px"
        assert all(box.evaluate(ON_SCREEN)[2] for box in boxes.all()), f"{cards} cards: a box off the screen"
    assert taps.scrolls == 0   # every tap of the three hands was on the screen as the player found it
    assert problems == []
    context.close()
