"""The contract between the core and every game family, run over every registered variant.

Create, play a legal hand, correct it, undo, the JSON's shape, the CSV, the sheet for each role, the
hand's history and the event stream: a new variant gets all of it by being registered.
"""
from __future__ import annotations

import csv
import io

import pytest

from scorekeeper.formats import stats
from scorekeeper.formats.csvexport import COLUMNS, GAME_COLUMNS
from scorekeeper.families import FAMILIES, family_of
from scorekeeper.service.games import EVERYTHING, Loaded
from scorekeeper.rules import VARIANTS
from scorekeeper.rules.family import GameState, Hand, Variant
from tests.contract.drivers import DRIVERS, NAMES
from tests.web.sse import Stream, request

GAME_FIELDS = {"id", "variant", "options", "version", "status", "players", "sides", "first_dealer",
               "current_hand", "hands", "totals", "standings"}
HAND_FIELDS = {"number", "dealer", "trump", "tricks", "scores", "totals", "result"}


def test_every_variant_keeps_the_rules_protocols():
    """What the core uses of a game (rules/family.py) is there, for a new game and after a hand."""
    for variant in VARIANTS.values():
        assert isinstance(variant, Variant), variant.id
        players = NAMES[:min(variant.players)]
        state = variant.new_game(players, 0, {o.name: o.default for o in variant.options})
        assert isinstance(state, GameState), variant.id
        assert all(isinstance(hand, Hand) for hand in state.hands), variant.id
        assert isinstance(state.secrets(), frozenset) and state.current_hand == 1 and not state.finished


def test_every_family_has_its_siblings_and_a_driver():
    for variant in VARIANTS.values():
        assert family_of(variant).id == variant.family
        assert variant.family in DRIVERS, f"no contract driver for the {variant.family} family"
    assert set(FAMILIES) == {v.family for v in VARIANTS.values()}


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_variant_has_statistics(variant_id):
    """One scored hand of each variant counts in the statistics for every player, and each of the
    family's own figures is a count (of at most its whole)."""
    variant = VARIANTS[variant_id]
    family, driver = family_of(variant), DRIVERS[variant.family]
    players = NAMES[:min(variant.players)]
    state = variant.new_game(players, 0, {o.name: o.default for o in variant.options})
    hand = family.hand_json(state.hand(1), state, EVERYTHING)
    state = state.apply({"type": "hand", "hand": 1, **driver.first_hand(hand, len(players))})
    [found] = stats.compute([Loaded("g", state, 2, [])])
    assert found.variant is variant and sorted(row.name for row in found.players) == sorted(players)
    for row in found.players:
        assert row.hands == 1 and row.best == row.worst and row.best.hand == 1
        for figure in family.figures(variant):
            assert 0 <= row.counts[figure.part] <= (row.counts[figure.whole] if figure.whole else 1)


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_driver_fits_every_hand_the_variant_deals(variant_id):
    """The driver's legal hand and its correction are worked out from the hand (its cards, its bidding), so they
    are legal at every hand of a whole game — a hand of one card, a hand without bidding — not only at hand 1 of
    today's schedules (#20)."""
    variant = VARIANTS[variant_id]
    family, driver = family_of(variant), DRIVERS[variant.family]
    players = NAMES[:min(variant.players)]
    state = variant.new_game(players, 0, {o.name: o.default for o in variant.options})
    played = 0
    while state.current_hand is not None and played < 60:
        number = state.current_hand
        hand = family.hand_json(state.hand(number), state, EVERYTHING)
        state = state.apply({"type": "hand", "hand": number, **driver.first_hand(hand, len(players))})
        state = state.apply({"type": "hand", "hand": number, **driver.correction(hand, len(players))})
        assert state.hand(number).scores is not None
        played += 1
    assert state.finished or played == 60  # a game of open length (Solo Whist) is cut at 60 deals


class Game:
    """One game of a variant on a live server, driven through the API."""

    def __init__(self, base: str, variant):
        self.base, self.variant = base, variant
        self.driver = DRIVERS[variant.family]
        players = NAMES[:min(variant.players)]
        status, created = request(base, "POST", "/api/v1/games",
                                  body={"variant": variant.id, "players": players, "first_dealer": 0})
        assert status == 201, created
        self.id, self.keys = created["id"], created["keys"]
        self.scorer = self.keys["scorer"]
        self.players = players
        self.created = created["game"]

    def call(self, method: str, path: str, body=None, key=None):
        return request(self.base, method, f"/api/v1/games/{self.id}{path}", key or self.scorer, body)

    def get(self, key=None) -> dict:
        status, game = self.call("GET", "", key=key)
        assert status == 200, game
        return game

    def page(self, path: str = "", key=None) -> tuple[int, str]:
        import urllib.error
        import urllib.request
        try:
            with urllib.request.urlopen(f"{self.base}/g/{self.id}/{key or self.scorer}{path}", timeout=10) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_contract(live_server, variant_id):
    variant = VARIANTS[variant_id]
    game = Game(live_server, variant)
    # The game object: the fields every game has, of the right shapes.
    created = game.created
    assert GAME_FIELDS <= set(created), GAME_FIELDS - set(created)
    assert created["status"] == "in_progress" and created["version"] == 1 and created["current_hand"] == 1
    assert created["players"] == game.players and set(created["options"]) == {o.name for o in variant.options}
    width = len(created["sides"]) if created["sides"] is not None else len(game.players)
    assert created["totals"] == [0] * width
    assert sorted(p["seat"] for p in created["standings"]) == list(range(len(game.players)))

    stream = Stream(live_server, f"/api/v1/games/{game.id}/events", game.keys["view"])
    try:
        assert stream.next()[0] == "hello"
        # A legal first hand.
        hand = created["hands"][0] if created["hands"] else {"cards": 13, "trump": None}
        status, played = game.call("PUT", "/hands/1", game.driver.first_hand(hand, len(game.players)))
        assert status == 200, played
        first = played["hands"][0]
        assert HAND_FIELDS <= set(first), HAND_FIELDS - set(first)
        assert first["number"] == 1 and first["dealer"] == 0
        assert len(first["scores"]) == width and first["totals"] == first["scores"] == played["totals"]
        assert played["current_hand"] == 2 and played["version"] == 2
        # A correction of hand 1 changes its scores; undo brings the first version back.
        status, corrected = game.call("PUT", "/hands/1", game.driver.correction(first, len(game.players)))
        assert status == 200, corrected
        assert corrected["hands"][0]["scores"] != first["scores"] and corrected["version"] == 3
        status, undone = game.call("POST", "/undo")
        assert status == 200 and undone["version"] == 4
        assert {**undone, "version": 2} == played
        # Every change reached the stream, in order, carrying no value.
        changes = stream.take(3)
        assert [(e[0], e[1], e[2]["change"], e[2].get("hand")) for e in changes] == [
            ("change", "2", "hand", 1), ("change", "3", "hand", 1), ("change", "4", "undo", None)]
    finally:
        stream.close()

    # The view link sees the same game; it may not write.
    assert {**game.get(game.keys["view"])} == {**undone}
    correction = game.driver.correction(first, len(game.players))
    assert game.call("PUT", "/hands/1", correction, key=game.keys["view"])[0] == 403
    # A game of fixed length refuses to be ended by hand; one of open length ends.
    status, ended = game.call("POST", "/end")
    assert (status, ended["error"]["code"] if status != 200 else "") in {(409, "conflict"), (200, "")}

    # The CSV: the API's columns, one row per player (or side) of the scored hand, its scores.
    status, text = game.call("GET", "/export.csv")
    assert status == 200
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == GAME_COLUMNS and GAME_COLUMNS[:len(COLUMNS)] == COLUMNS
    assert len(rows) == game.driver.csv_rows_per_hand(undone)
    assert [int(r["score"]) for r in rows] == first["scores"] and {r["variant"] for r in rows} == {variant_id}

    # The sheet for every role, the correction form and the hand's history.
    for key in (game.scorer, game.keys["view"], game.keys["seats"][0]):
        status, html = game.page(key=key)
        assert status == 200 and all(name in html for name in game.players)
        assert "None" not in html
    assert game.page("/hands/1")[0] == 200
    status, history = game.page("/hands/1/history")
    assert status == 200 and history.count("<li>") == 3 and "undone" in history
