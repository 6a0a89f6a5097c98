"""The Share panel on the scorer's phone: QR codes, and a new link after a confirmation."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from .test_live import new_game


def test_share_panel_opens_and_a_new_table_link_shuts_the_old_one_out(live_server, phone, artifacts):
    game = new_game(live_server)
    sheet = phone.new_page()
    sheet.goto(f"{live_server}/g/{game['id']}/{game['keys']['scorer']}")
    sheet.get_by_text("Share: QR codes for the table").click()
    table_card = sheet.locator(".qr-card[data-role=view]")
    expect(table_card.locator("svg.qr")).to_be_visible()
    expect(sheet.locator(".qr-card svg.qr")).to_have_count(6)  # table, four seats, scorer
    old_view = game["links"]["view"]
    expect(table_card.locator(".link")).to_have_text(old_view)
    sheet.screenshot(path=artifacts / "share-panel.png", full_page=True)

    dialogs = []
    sheet.once("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    table_card.get_by_role("button", name="New link").click()
    expect(sheet.locator(".notice")).to_have_count(0)  # dismissed: nothing changed
    assert dialogs and "old one stops working" in dialogs[0]
    assert phone.request.get(old_view).status == 200

    sheet.once("dialog", lambda dialog: dialog.accept())
    table_card.get_by_role("button", name="New link").click()
    expect(sheet.locator(".notice")).to_contain_text("old link no longer works")
    new_view = sheet.locator(".qr-card[data-role=view] .link").inner_text()
    assert new_view != old_view and re.search(r"/g/[\w-]+/[\w-]+$", new_view)
    assert phone.request.get(old_view).status == 404
    assert phone.request.get(new_view).status == 200
