"""Sealed rounds (docs/rules/bid-exactly.md): nobody sees a sealed bid before the round's tricks are recorded.

Biglietti is hand 7 of Wist; with the option sealed_buio, Buio (hand 6) is sealed too. Each
player enters their own bid from their own phone (seat key). Until the tricks are in, no other
caller — the scorer included — may find a sealed value anywhere: the JSON (scorer, table view,
the other seats), every HTML page (sheet, edit form, hand history), the JSON event stream and the
CSV. A seat sees and may change its own bid until the reveal; afterwards everything is shown and
the seat's bid is refused with 409.

Players Anna, Bruno, Carla, Dario; Anna deals hand 1, so Bruno deals hand 6 and Carla hand 7.
Hands before the sealed one are recorded in one PUT each: bids 3 3 3 3 (12, never the 13 the
dealer may not complete), tricks 3 3 3 4 (13). The sealed bids are distinctive: 11 9 12 10 — with
Anna's first choice 8 changed to 11 before the reveal. Tricks of the sealed hand: 2 4 3 4.
"""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

PLAYERS = ["Anna", "Bruno", "Carla", "Dario"]
SEALED_BIDS = [11, 9, 12, 10]
SEALED_TRICKS = [2, 4, 3, 4]


# -- reading HTML without a browser ------------------------------------------------------------
class ByClass(HTMLParser):
    """The text inside every element with a given class (nested elements included)."""

    VOID = {"input", "br", "img", "meta", "link", "hr", "source", "wbr", "col", "area", "base", "path"}

    def __init__(self, wanted: str):
        super().__init__()
        self.wanted, self.stack, self.found, self.inputs = wanted, [], [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "input":
            self.inputs.append(attrs)
        if tag in self.VOID:
            return
        match = self.wanted in (attrs.get("class") or "").split()
        if match:
            self.found.append("")
        self.stack.append((tag, match))

    def handle_startendtag(self, tag, attrs):
        if tag == "input":
            self.inputs.append(dict(attrs))

    def handle_endtag(self, tag):
        while self.stack:
            open_tag, _ = self.stack.pop()
            if open_tag == tag:
                break

    def handle_data(self, data):
        if any(match for _, match in self.stack):
            self.found[-1] += data


def texts(html: str, css_class: str) -> list[str]:
    parser = ByClass(css_class)
    parser.feed(html)
    return [" ".join(t.split()) for t in parser.found]


def inputs(html: str) -> list[dict]:
    parser = ByClass("-")
    parser.feed(html)
    return parser.inputs


def bidder_marks(html: str) -> dict[str, str]:
    """Name → what the bidders list shows after it (✓, a number, … or nothing)."""
    listing = re.split(r'<ol class="bidders[^"]*"[^>]*>', html, maxsplit=1)[1].split("</ol>", 1)[0]
    marks = {}
    for item in listing.split("<li")[1:]:
        name = next(p for p in PLAYERS if f">{p}<" in item)
        marks[name] = "".join(texts("<li" + item, "bid")).strip()
    assert len(marks) == len(PLAYERS)
    return marks


def current_row_bids(html: str) -> list[str]:
    """The bids shown in the grid row of the hand in progress."""
    row = re.split(r'<tr class="current"[^>]*>', html, maxsplit=1)[1].split("</tr>", 1)[0]
    return texts(row, "cell-bid")


def hand_row_bids(html: str, number: int) -> list[str]:
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    row = body.split("<tr")[number]
    return texts("<tr" + row, "cell-bid")


# -- a game up to its sealed hand ----------------------------------------------------------------
class Game:
    def __init__(self, api, sealed_hand: int, options=None):
        self.api = api
        created = api.game(players=PLAYERS, first_dealer=0, options=options)
        self.id, self.keys = created["id"], created["keys"]
        self.scorer, self.view, self.seats = self.keys["scorer"], self.keys["view"], self.keys["seats"]
        self.number = sealed_hand
        for number in range(1, sealed_hand):
            response = api.hand(self.id, self.scorer, number, {"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]})
            assert response.status_code == 200, response.get_json()
        game = self.json(self.scorer)
        assert game["current_hand"] == sealed_hand
        assert game["hands"][-1]["sealed"] is True

    def json(self, key):
        response = self.api.get(self.id, key)
        assert response.status_code == 200
        return response.get_json()

    def hand(self, key):
        return self.json(key)["hands"][self.number - 1]

    def page(self, key, path=""):
        response = self.api.client.get(f"/g/{self.id}/{key}{path}")
        assert response.status_code == 200, path
        return response.get_data(as_text=True)

    def csv(self, key=None):
        response = self.api.client.get(f"/api/v1/games/{self.id}/export.csv",
                                       headers=self.api.headers(key or self.view))
        assert response.status_code == 200
        return response.get_data(as_text=True)

    def stream_events(self, key, since=0, until=None):
        """The JSON event stream replayed from `since` (Last-Event-ID) up to version `until`."""
        until = until or self.json(self.scorer)["version"]
        response = self.api.client.get(f"/api/v1/games/{self.id}/events", buffered=False,
                                       headers=self.api.headers(key, **{"Last-Event-ID": str(since)}))
        assert response.status_code == 200
        assert response.mimetype == "text/event-stream"
        raw, events = "", []
        try:
            for chunk in response.response:
                raw += chunk.decode() if isinstance(chunk, bytes) else chunk
                while "\n\n" in raw:
                    block, raw = raw.split("\n\n", 1)
                    fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line
                                  and not line.startswith(":"))
                    if "event" in fields:
                        events.append((fields["event"], fields.get("id"), json.loads(fields["data"])))
                if events and events[-1][2].get("version") == until and len(events) > 1:
                    break
        finally:
            response.close()
        return events

    def bid(self, seat, value, key=None):
        return self.api.bid(self.id, key or self.seats[seat], self.number, seat, value)


def others_of(game: Game, seat: int | None) -> dict[str, str]:
    """Every key except the given seat's: who must not see that seat's bid."""
    keys = {"scorer": game.scorer, "view": game.view}
    keys.update({f"seat{s}": k for s, k in enumerate(game.seats) if s != seat})
    return keys


def without(hand: dict, *fields) -> dict:
    return {k: v for k, v in hand.items() if k not in fields}


def assert_nothing_sealed_shows(game: Game, before: dict, csv_before: str) -> None:
    """No sealed value is findable by anyone but its own seat, in any form the app gives out."""
    bids_in = [b is not None for b in SEALED_BIDS]
    everyone = {"scorer": game.scorer, "view": game.view, **{f"seat{s}": k for s, k in enumerate(game.seats)}}
    for who, key in everyone.items():
        own = int(who[4:]) if who.startswith("seat") else None
        # JSON: null for every bid but one's own; bids_in tells who has bid; nothing else moved.
        hand = game.hand(key)
        expected = [SEALED_BIDS[s] if s == own else None for s in range(4)]
        assert hand["bids"] == expected, who
        assert hand["bids_in"] == bids_in and hand["sealed"] is True
        assert hand["forbidden_bid"] is None and hand["tricks"] is None and hand["scores"] is None
        assert without(hand, "bids", "bids_in") == without(before, "bids", "bids_in"), who
        # The sheet: the bidders list shows ✓ for the others, the number only for one's own bid.
        html = game.page(key)
        marks = bidder_marks(html)
        for seat, name in enumerate(PLAYERS):
            assert marks[name] == (str(SEALED_BIDS[seat]) if seat == own else "✓"), (who, marks)
        shown = current_row_bids(html)
        assert shown == [str(SEALED_BIDS[s]) if s == own else "" for s in range(4)], (who, shown)
        assert "4 of 4 bids in" in html
        if who == "scorer":  # the undo button says whose bid it takes back, not what it was
            assert re.search(r"Undo: a sealed bid for \w+, hand \d", html), who
        for form_text in texts(html, "tricks-form"):
            assert "bid" not in form_text.replace("bids", ""), (who, form_text)  # no "(bid 11)"
        # The hand's history: who bid, but not what (one's own excepted).
        history = " ".join(texts(game.page(key, f"/hands/{game.number}/history"), "history"))
        for seat, name in enumerate(PLAYERS):
            if seat == own:
                assert f"bid {SEALED_BIDS[seat]} for {name}" in history
            else:
                assert f"a sealed bid for {name}" in history and f"for {name}" in history
                assert f"bid {SEALED_BIDS[seat]} for {name}" not in history
        assert "bid 8 for" not in history or own == 0  # Anna's first, changed bid neither
        # The JSON event stream: every change, by whom, for which seat — never a value.
        events = game.stream_events(key)
        assert events[0][0] == "hello"
        for name, _, data in events[1:]:
            assert name == "change" and "bid" not in data and "bids" not in data, data
        # The CSV exports scored hands only: byte for byte what it was before the sealed bids.
        assert game.csv(key) == csv_before
    # The scorer's correction form for the hand in progress shows no sealed bid either.
    html = game.page(game.scorer, f"/hands/{game.number}")
    values = {i["name"]: i.get("value", "") for i in inputs(html) if i.get("name", "").startswith("bid-")}
    assert values and set(values.values()) == {""}, values


def play_sealed_round(game: Game):
    before = game.hand(game.scorer)
    assert before["bids"] == [None] * 4 and before["bids_in"] == [False] * 4
    csv_before = game.csv()
    # Anna bids 8 from her phone, then thinks again: 11. A seat may change its own until the reveal.
    response = game.bid(0, 8)
    assert response.status_code == 200
    assert response.get_json()["hands"][game.number - 1]["bids"] == [8, None, None, None]
    for who, key in others_of(game, 0).items():
        assert game.hand(key)["bids"] == [None] * 4, who
    for seat, value in enumerate(SEALED_BIDS[:3]):
        response = game.bid(seat, value)
        assert response.status_code == 200, response.get_json()
        # the answer to a seat's own PUT shows that seat's bid only
        assert response.get_json()["hands"][game.number - 1]["bids"] == [
            value if s == seat else None for s in range(4)]
    # The page pad works too: Bruno taps 9 again on his phone (a no-JS form post), Dario bids last.
    response = game.api.client.post(f"/g/{game.id}/{game.seats[1]}/bid",
                                    data={"hand": str(game.number), "seat": "1", "bid": "9"})
    assert response.status_code == 303
    assert game.bid(3, SEALED_BIDS[3]).status_code == 200
    # Every slip is in: no bid changes any more, whoever asks and whatever the value (the same value
    # too, so that trying values tells nothing), until the tricks open the slips.
    frozen = game.json(game.scorer)
    for seat, key in ((0, game.seats[0]), (0, game.scorer), (2, game.scorer)):
        for value in (SEALED_BIDS[seat], 5):
            response = game.api.bid(game.id, key, game.number, seat, value)
            assert response.status_code == 409 and response.get_json()["error"]["code"] == "bidding_closed"
    response = game.api.hand(game.id, game.scorer, game.number, {"bids": [1, 1, 1, 1]})
    assert response.status_code == 409
    assert game.json(game.scorer) == frozen
    assert 'class="pad"' not in game.page(game.seats[0])  # the pad is gone from the phones
    assert_nothing_sealed_shows(game, before, csv_before)
    # A refused request for another seat's bid says nothing about it either.
    response = game.api.bid(game.id, game.seats[2], game.number, 0, 3)
    assert response.status_code == 403 and "11" not in response.get_data(as_text=True)
    assert game.hand(game.scorer)["bids"] == [None] * 4

    # The scorer records the tricks: the slips are opened.
    version = game.json(game.scorer)["version"]
    response = game.api.hand(game.id, game.scorer, game.number, {"tricks": SEALED_TRICKS})
    assert response.status_code == 200, response.get_json()
    revealed = response.get_json()["hands"][game.number - 1]
    assert revealed["bids"] == SEALED_BIDS and revealed["sealed"] is False
    # Wist: tricks, +10 when exact; nobody made it here: 2 4 3 4.
    assert revealed["scores"] == SEALED_TRICKS
    return version + 1


def assert_all_revealed(game: Game, version: int):
    everyone = {"scorer": game.scorer, "view": game.view, **{f"seat{s}": k for s, k in enumerate(game.seats)}}
    for who, key in everyone.items():
        hand = game.hand(key)
        assert hand["bids"] == SEALED_BIDS and hand["tricks"] == SEALED_TRICKS, who
        html = game.page(key)
        assert hand_row_bids(html, game.number) == [str(b) for b in SEALED_BIDS], who
        history = " ".join(texts(game.page(key, f"/hands/{game.number}/history"), "history"))
        for seat, name in enumerate(PLAYERS):
            assert f"bid {SEALED_BIDS[seat]} for {name}" in history, who
        assert "bid 8 for Anna" in history  # the changed bid, too: who did what is kept
        rows = [line.split(",") for line in game.csv(key).split("\r\n")[1:] if line]
        sealed_rows = [r for r in rows if r[2] == str(game.number)]
        assert [(r[8], r[9], r[10]) for r in sealed_rows] == [
            (PLAYERS[s], str(SEALED_BIDS[s]), str(SEALED_TRICKS[s])) for s in range(4)]
    # After the reveal a seat can no longer bid in that hand: 409, nothing changes.
    before = game.json(game.scorer)
    assert before["version"] == version
    for seat in range(4):
        response = game.bid(seat, 0)
        assert response.status_code == 409, response.get_json()
        response = game.api.client.post(f"/g/{game.id}/{game.seats[seat]}/bid",
                                        data={"hand": str(game.number), "seat": str(seat), "bid": "0"})
        assert response.status_code == 409
    assert game.json(game.scorer) == before


def test_a_peek_by_the_scorer_is_seen_by_everyone(api):
    """The scorer records invented tricks (the answer shows every bid), then undoes them: the bids stay
    revealed for the whole table, in the JSON, on every sheet and in the history, so the peek shows."""
    game = Game(api, sealed_hand=7)
    for seat, value in enumerate(SEALED_BIDS):
        assert game.bid(seat, value).status_code == 200
    peek = api.hand(game.id, game.scorer, 7, {"tricks": [13, 0, 0, 0]})
    assert peek.status_code == 200 and peek.get_json()["hands"][6]["bids"] == SEALED_BIDS
    assert api.undo(game.id, game.scorer).status_code == 200
    for who, key in {"scorer": game.scorer, "view": game.view, "seat1": game.seats[1]}.items():
        hand = game.hand(key)
        assert hand["bids"] == SEALED_BIDS and hand["sealed"] is False and hand["tricks"] is None, who
        assert current_row_bids(game.page(key)) == [str(b) for b in SEALED_BIDS], who
        history = " ".join(texts(game.page(key, "/hands/7/history"), "history"))
        assert "tricks Anna 13, Bruno 0, Carla 0, Dario 0" in history and "undone" in history, who
        assert all(f"bid {b} for {n}" in history for b, n in zip(SEALED_BIDS, PLAYERS)), who
    # The round goes on: the real tricks are recorded and scored.
    response = api.hand(game.id, game.scorer, 7, {"tricks": SEALED_TRICKS})
    assert response.status_code == 200 and response.get_json()["hands"][6]["scores"] == SEALED_TRICKS


def test_biglietti_bids_stay_sealed_until_the_tricks(api):
    game = Game(api, sealed_hand=7)
    assert game.hand(game.scorer)["name"] == "Biglietti"
    version = play_sealed_round(game)
    assert_all_revealed(game, version)


def test_sealed_buio_bids_stay_sealed_until_the_tricks(api):
    game = Game(api, sealed_hand=6, options={"sealed_buio": True})
    hand = game.hand(game.scorer)
    assert hand["name"] == "Buio" and hand["bidding"] == "sealed"
    version = play_sealed_round(game)
    assert_all_revealed(game, version)


def test_plain_buio_is_blind_not_sealed(api):
    """Without the option Buio bids are public as soon as they are made (only made blind)."""
    game = Game.__new__(Game)
    game.api = api
    created = api.game(players=PLAYERS, first_dealer=0)
    game.id, game.keys = created["id"], created["keys"]
    game.scorer, game.view, game.seats, game.number = created["keys"]["scorer"], created["keys"]["view"], \
        created["keys"]["seats"], 6
    for number in range(1, 6):
        assert api.hand(game.id, game.scorer, number, {"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]}).status_code == 200
    assert game.bid(2, 5).status_code == 200
    hand = game.hand(game.view)
    assert hand["sealed"] is False and hand["bids"] == [None, None, 5, None] and "bids_in" not in hand


@pytest.mark.parametrize("path", ["", "/hands/7/history"])
def test_sealed_pages_for_the_scorer_with_a_chosen_seat(api, path):
    """The scorer picking a seat on the pad (?seat=0) still sees no sealed value."""
    game = Game(api, sealed_hand=7)
    assert game.bid(0, 11).status_code == 200
    html = game.page(game.scorer, path + "?seat=0")
    if not path:
        assert bidder_marks(html)["Anna"] == "✓"
        assert current_row_bids(html) == ["", "", "", ""]
        assert 'class="forbidden"' not in html  # no greyed number that would hint at a sum
    else:
        assert "bid 11" not in html


def test_scorer_edit_refused_with_form_defaults_shows_no_sealed_bid(api):
    """A refused correction of the sealed hand re-renders the form: the bids it fills in are not the slips."""
    game = Game(api, sealed_hand=7)
    for seat, value in enumerate(SEALED_BIDS):
        assert game.bid(seat, value).status_code == 200
    response = api.client.post(f"/g/{game.id}/{game.scorer}/hands/7",
                               data={"correction": "1", "tricks-0": "13", "tricks-1": "13", "tricks-2": "0",
                                     "tricks-3": "0"})
    assert response.status_code in (409, 422)
    html = response.get_data(as_text=True)
    values = [i.get("value", "") for i in inputs(html) if i.get("name", "").startswith("bid-")]
    assert not any(v in {"11", "9", "12", "10"} for v in values), values
    assert game.hand(game.seats[0])["bids"] == [11, None, None, None]  # nothing was changed


def test_the_scorer_cannot_replace_a_bid_a_player_made_on_their_own_phone(api):
    """Biglietti: Carla bids on her phone; the scorer can neither replace nor clear it, whatever value is
    tried (so the refusal tells nothing), but still enters Dario's, who has no phone (#19). Once the tricks
    are in, the scorer may correct it like any bid."""
    game = Game(api, 7)
    assert game.bid(2, 12).status_code == 200
    for value in (5, 12):
        refused = game.bid(2, value, key=game.scorer)
        assert refused.status_code == 409 and "Carla made that sealed bid on their own phone" in \
            refused.get_json()["error"]["message"]
    whole = api.hand(game.id, game.scorer, 7, {"bids": [None, None, None, 10]})
    assert whole.status_code == 409
    assert game.hand(game.seats[2])["bids"][2] == 12
    assert game.bid(3, 10, key=game.scorer).status_code == 200  # Dario has no phone: the scorer enters his
    assert game.bid(3, 9, key=game.scorer).status_code == 200  # ...and may change it
    for seat, value in ((0, 11), (1, 9)):
        assert game.bid(seat, value).status_code == 200
    assert api.hand(game.id, game.scorer, 7, {"tricks": SEALED_TRICKS}).status_code == 200
    assert game.bid(2, 5, key=game.scorer).status_code == 200  # revealed: a correction like any other
    assert game.hand(game.view)["bids"] == [11, 9, 5, 9]


def test_a_seat_cannot_use_up_the_changes_of_the_game(api):
    """A player's own phone may change its bid ten times a hand; then it asks the scorer, who can always
    go on, finish and undo (#17)."""
    created = api.game(players=PLAYERS, first_dealer=0)
    scorer, seats = created["keys"]["scorer"], created["keys"]["seats"]
    for value in range(10):
        assert api.bid(created["id"], seats[1], 1, 1, value % 4).status_code == 200
    refused = api.bid(created["id"], seats[1], 1, 1, 2)
    assert refused.status_code == 409 and refused.get_json()["error"]["code"] == "too_many_changes"
    assert "ask the scorer" in refused.get_json()["error"]["message"]
    assert api.bid(created["id"], scorer, 1, 1, 2).status_code == 200
    assert api.undo(created["id"], scorer).status_code == 200
    assert api.hand(created["id"], scorer, 1, {"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]}).status_code == 200
    assert api.bid(created["id"], seats[1], 2, 1, 2).status_code == 200  # a new hand, a new ten
