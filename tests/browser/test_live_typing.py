"""A live update never wipes what the scorer is typing into a form of the sheet."""
from __future__ import annotations

from playwright.sync_api import expect

from .test_live import api, new_game, open_sheet


def test_a_correction_being_typed_survives_a_bid_from_another_phone(live_server, phone):
    game = new_game(live_server)  # Wist, Anna deals first
    scorer = game["keys"]["scorer"]
    api(live_server, "PUT", f"/api/v1/games/{game['id']}/hands/1", scorer,
        {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]})
    sheet = open_sheet(phone, live_server, game, scorer)
    sheet.locator("table.grid tbody tr").first.get_by_role("link").click()
    field = sheet.get_by_label("Tricks of Anna")
    expect(field).to_have_value("4")
    field.fill("3")
    sheet.get_by_label("Tricks of Bruno").fill("4")

    # Meanwhile Bruno bids in hand 2 from his own phone: the sheet is told, but waits for the form.
    api(live_server, "PUT", f"/api/v1/games/{game['id']}/hands/2/bids/1", game["keys"]["seats"][1], {"bid": 2})
    sheet.wait_for_timeout(2500)  # two refresh checks go by (a refresh would reset the typed values)
    expect(sheet.get_by_label("Tricks of Anna")).to_have_value("3")
    expect(sheet.get_by_label("Tricks of Bruno")).to_have_value("4")
    expect(sheet.locator("#sheet")).to_have_attribute("data-version", "2")

    sheet.get_by_role("button", name="Save the correction").click()
    expect(sheet.locator("#sheet")).to_have_attribute("data-version", "4")
    row = sheet.locator("table.grid tbody tr").first.locator(".cell-score")
    expect(row).to_have_text(["13", "4", "13", "13"])  # Anna bid 3 took 3 (13), Bruno bid 3 took 4 (4)
    expect(sheet.locator(".bidders li", has_text="Bruno").locator(".bid")).to_have_text("2")
    assert sheet.problems == []
