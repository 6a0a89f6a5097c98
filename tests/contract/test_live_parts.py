"""A live refresh sends what changed (#22), for every registered variant and every role.

After each change (a hand recorded, a bid, a correction, two changes at once, an undo), the sheet each link
showed before, with the refresh's parts swapped in (`partials.apply`), is the sheet drawn whole now — for the
scorer, the table view and two players' phones, with the opponents confirming hands (#21), and through a sealed
round for the variants that have one. A page that does not say its hand (an old page) gets the whole sheet.
"""
from __future__ import annotations

import pytest

from scorekeeper.families import family_of
from scorekeeper.rules import VARIANTS
from scorekeeper.service import games
from scorekeeper.service.games import EVERYTHING
from scorekeeper.store import db as store
from tests.contract.drivers import DRIVERS, NAMES
from tests.contract.partials import apply, parse

REFRESH = {"HX-Request": "true", "X-Live-Refresh": "1"}


class Table:
    """One game of a variant, its links, and the sheet each link showed at the last look."""

    def __init__(self, app, variant, confirmation: bool = False):
        self.app, self.client, self.variant = app, app.test_client(), variant
        self.family, self.driver = family_of(variant), DRIVERS[variant.family]
        self.db = store.connect(app.config["SCOREKEEPER_DATABASE"])
        players = NAMES[:min(variant.players)]
        loaded, self.keys = games.create(self.db, variant.id, players, 0,
                                         {o.name: o.default for o in variant.options}, confirmation=confirmation)
        self.id = loaded.id
        self.links = [self.keys["scorer"], self.keys["view"], *self.keys["seats"][:2]]
        self.parts_used = 0
        self.look()

    @property
    def state(self):
        return games.load(self.db, self.id).state

    def fragment(self, key, **headers):
        return self.client.get(f"/g/{self.id}/{key}", headers={**REFRESH, **headers})

    def look(self, pages: dict | None = None):
        """Every link's sheet as it is now (`pages`, when just fetched): the pages the next refresh starts from."""
        loaded = games.load(self.db, self.id)
        self.version, self.hand = loaded.version, str(loaded.state.current_hand or "")
        self.pages = pages or {key: self.fragment(key).get_data(as_text=True) for key in self.links}

    def change(self, *events, by: str | None = None):
        who = games.authorize(self.db, self.id, by or self.keys["scorer"])
        for event in events:
            games.change(self.db, who, event) if event is not None else games.undo(self.db, who)
        self.check()

    def played(self, number: int) -> dict:
        """The driver's legal hand for hand `number` (the hand being entered)."""
        state = self.state
        hand = self.family.hand_json(state.hand(number), state, EVERYTHING)
        return {"type": "hand", "hand": number, **self.driver.first_hand(hand, len(state.players))}

    def corrected(self, number: int) -> dict:
        state = self.state
        hand = self.family.hand_json(state.hand(number), state, EVERYTHING)
        return {"type": "hand", "hand": number, **self.driver.correction(hand, len(state.players))}

    def check(self):
        """Each link's page with the refresh's parts swapped in is the sheet drawn whole now."""
        asked = {"X-Sheet-Version": str(self.version)}
        now = {}
        for key, page in self.pages.items():
            whole = self.fragment(key)
            now[key] = whole.get_data(as_text=True)
            assert "X-Sheet-Version" not in whole.headers  # an old page (no hand said): the whole sheet
            answer = self.fragment(key, **asked, **{"X-Sheet-Hand": self.hand})
            assert answer.status_code == whole.status_code == 200
            text, expected = answer.get_data(as_text=True), whole.get_data(as_text=True)
            if "X-Sheet-Version" in answer.headers:
                self.parts_used += 1
                assert len(text) < len(expected)
                assert apply(page, text, answer.headers).html() == parse(expected).html(), key
            else:
                assert text == expected
        self.look(now)


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_parts_of_a_refresh_make_the_whole_sheet(app, variant_id):
    table = Table(app, VARIANTS[variant_id])
    table.change(table.played(1))
    table.change(table.played(2))
    bid = table.driver.a_bid(table.state)
    if bid is not None:
        table.change(bid)
    table.change(table.corrected(1))
    table.change(table.played(3), table.corrected(2))  # a phone two changes behind
    table.change(None)  # an undo: the whole sheet
    table.change(table.played(3))
    assert table.parts_used >= 2 * len(table.links), "a live refresh sent the whole sheet every time"


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_parts_when_the_opponents_confirm(app, variant_id):
    """A hand recorded waits to be confirmed, is confirmed on a player's phone and reopened (#21): the marks in
    the grid and the panel that asks for them come with the parts."""
    table = Table(app, VARIANTS[variant_id], confirmation=True)
    table.change(table.played(1))
    table.change(table.played(2))
    player = games.authorize(table.db, table.id, table.keys["seats"][1])
    games.confirm(table.db, player, 1, table.version)
    table.check()
    games.reopen(table.db, table.id, 1, by=player)
    table.check()
    table.change(table.corrected(1))
    assert table.parts_used >= 3 * len(table.links)


def sealed_hand(variant) -> int | None:
    state = variant.new_game(NAMES[:min(variant.players)], 0, {o.name: o.default for o in variant.options})
    specs = getattr(state, "specs", ())  # only the games with bidding have a hand schedule with sealed rounds
    return next((spec.number for spec in specs if spec.bidding == "sealed"), None)


@pytest.mark.parametrize("variant_id", sorted(v.id for v in VARIANTS.values() if sealed_hand(v)))
def test_the_parts_of_a_sealed_round(app, variant_id):
    """Each player bids on their own phone; every link's parts still make its own whole sheet (which never
    shows another's sealed bid: tests/web/test_sealed.py), up to the reveal with the tricks."""
    variant = VARIANTS[variant_id]
    table = Table(app, variant)
    sealed = sealed_hand(variant)
    for number in range(1, sealed):
        games.change(table.db, games.authorize(table.db, table.id, table.keys["scorer"]), table.played(number))
    table.look()
    for seat in (1, 0):
        table.change({"type": "bid", "hand": sealed, "seat": seat, "bid": 0}, by=table.keys["seats"][seat])
    for seat in range(2, len(table.state.players)):
        table.change({"type": "bid", "hand": sealed, "seat": seat, "bid": 0}, by=table.keys["seats"][seat])
    record = table.played(sealed)
    record.pop("bids", None)
    table.change(record)
    assert table.parts_used >= len(table.links) * len(table.state.players)
