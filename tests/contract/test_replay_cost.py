"""Replaying a game costs time in proportion to its changes, for every registered variant (issue #16).

Counted, not timed: the work is the number of Python calls into `scorekeeper.rules` while the service
layer replays a game's events (`games.replay`) and reads the figures a page shows. Each family's
driver plays a long game the hard way — every deal up to the end (or on and on where the game has
no end), bids one by one where there are bids, then corrections of the first hand, undos among
them — and twice as many changes must cost at most about twice as much.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

import scorekeeper.rules
from scorekeeper.service import games
from scorekeeper.rules import VARIANTS, new_game
from tests.contract.drivers import DRIVERS, NAMES

RULES = str(Path(scorekeeper.rules.__file__).resolve().parent)
CHANGES = 300
SLACK = 0.1  # (1 + SLACK) × twice the work for twice the changes; quadratic work would be four times


def events(variant, count: int) -> list[dict]:
    """The created event and `count` more, changes and undos as the family's driver plays them."""
    driver = DRIVERS[variant.family]
    players = NAMES[:min(variant.players)]
    options = {o.name: o.default for o in variant.options}
    rows = [{"seq": 1, "type": "created", "payload": {"variant": variant.id, "players": players, "first_dealer": 0,
                                                      "options": options}}]
    standing = [new_game(variant.id, players, 0, options)]
    for step in range(count):
        change = driver.long_change(standing[-1], step)
        if change is None and len(standing) > 1:
            standing.pop()
            rows.append({"seq": len(rows) + 1, "type": "undo", "payload": {}})
            continue
        standing.append(standing[-1].apply(change or driver.long_change(standing[-1], step + 1)))
        rows.append({"seq": len(rows) + 1, "type": "change", "payload": change})
    return rows


def calls_into(folder: str, action) -> int:
    """The Python calls into the files under `folder` while `action()` runs: work counted, not timed."""
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        if event == "call" and frame.f_code.co_filename.startswith(folder):
            calls += 1

    sys.setprofile(count)
    try:
        action()
    finally:
        sys.setprofile(None)
    return calls


def work(rows: list[dict]) -> int:
    """Calls into the rules to replay `rows` and read what a sheet reads of the game."""
    def read():
        state = games.replay(rows)
        state.totals, state.standings, state.finished, state.current_hand, list(state.hands)
    return calls_into(RULES, read)


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_twice_the_changes_cost_twice_the_work(variant_id):
    variant = VARIANTS[variant_id]
    short, long = events(variant, CHANGES), events(variant, 2 * CHANGES)
    assert short == long[:len(short)]  # the long game goes on from the short one
    assert sum(row["type"] == "undo" for row in long) >= CHANGES // 4  # undos among the changes
    once, twice = work(short), work(long)
    assert twice <= 2 * (1 + SLACK) * once, (variant_id, once, twice)


def test_the_long_games_are_long_where_the_game_allows():
    """The open-ended families really grow (not corrections of a short game only): Solo Whist and the rubber."""
    for variant_id, deals in (("solo-whist", CHANGES), ("whist-classico", CHANGES)):
        state = games.replay(events(VARIANTS[variant_id], 2 * CHANGES))
        assert len(state.records) >= deals - 1 and not state.finished
