"""House rules (#23, docs/rules/house-rules.md): the worked examples of each preset, the schedules, and
properties over random custom rules."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import VARIANTS, new_game
from scorekeeper.rules.base import InvalidInput, InvalidOption, InvalidPlayers, resolve_options
from scorekeeper.rules.house import PRESETS
from scorekeeper.rules.predictions import ForbiddenBid

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo", "Vera"]
RULES_PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "house-rules.md"

# The worked examples of docs/rules/house-rules.md: (variant, options, players, hand, trump, bids, tricks, scores)
WORKED = [
    ("oh-hell", {}, 4, 6, "H", [2, 1, 0, 1], [2, 2, 0, 1], [12, 0, 10, 11]),  # 10, 9, 8, 7, 6, 5 cards
    ("kachuful", {}, 4, 3, "C", [1, 0, 1, 0], [1, 1, 1, 0], [11, 0, 11, 10]),
    ("nomination-whist", {}, 4, 1, "S", [3, 0, 3, 3], [3, 1, 3, 3], [13, 1, 13, 13]),
    ("blob", {}, 4, 1, "H", [4, 2, 0, 3], [4, 3, 0, 3], [14, 0, 10, 13]),
    ("up-and-down-the-river", {}, 5, 1, "D", [2, 2, 2, 2, 1], [2, 3, 2, 2, 1], [12, 3, 12, 12, 11]),
    ("house-rules", {"plus_bid": "bid-squared", "miss_penalty": 1, "zero_bonus": 5}, 4, 5, "S",
     [3, 1, 0, 0], [3, 2, 0, 0], [19, -1, 15, 15]),
]


def play_to(game, number):
    """Hands before `number` played quickly: everyone bids 0, seat 0 takes every trick."""
    for spec in game.specs[:number - 1]:
        game = game.apply({"type": "hand", "hand": spec.number, "trump": spec.trump or "S",
                           "bids": [0] * len(game.players), "tricks": [spec.cards] + [0] * (len(game.players) - 1)})
    return game


@pytest.mark.parametrize("variant, options, players, number, trump, bids, tricks, scores", WORKED)
def test_the_worked_examples(variant, options, players, number, trump, bids, tricks, scores):
    game = play_to(new_game(variant, NAMES[:players], 0, options), number)
    spec = game.specs[number - 1]
    assert spec.cards == sum(tricks)
    if spec.trump is not None:
        assert spec.trump == trump
    game = game.apply({"type": "hand", "hand": number, "trump": trump, "bids": bids, "tricks": tricks})
    assert list(game.hand(number).scores) == scores


SCHEDULES = [
    # pagat.com: 10 cards for 3 to 5 players, 8 for 6, 7 for 7, one fewer each hand down to 1, then back up (#34)
    ("oh-hell", {}, 4, [*range(10, 0, -1), *range(2, 11)]),
    ("oh-hell", {}, 3, [*range(10, 0, -1), *range(2, 11)]),
    ("oh-hell", {}, 6, [*range(8, 0, -1), *range(2, 9)]),
    ("oh-hell", {}, 7, [*range(7, 0, -1), *range(2, 8)]),
    # Wikipedia's Oh Hell, one chip away: 1 up to the most the pack deals with a card to turn, and back down
    ("oh-hell", {"schedule": "up-to-the-most-and-down"}, 4, [*range(1, 13), *range(11, 0, -1)]),
    ("oh-hell", {"schedule": "up-to-the-most-and-down"}, 3, [*range(1, 18), *range(16, 0, -1)]),
    # 8 players: 6 cards each at most, one card left to turn (Blob: "the first hand would be 6 cards each")
    ("blob", {}, 8, [*range(6, 0, -1), *range(2, 7)]),
    ("up-and-down-the-river", {}, 8, [*range(6, 0, -1), *range(2, 7)]),
    ("oh-hell", {}, 8, [*range(6, 0, -1), *range(2, 7)]),
    ("kachuful", {}, 8, list(range(1, 7))),
    ("kachuful", {}, 4, list(range(1, 14))),
    ("nomination-whist", {}, 4, [*range(10, 0, -1), *range(2, 11)]),
    ("nomination-whist", {}, 6, [*range(8, 0, -1), *range(2, 9)]),
    ("blob", {}, 7, [*range(7, 0, -1), *range(2, 8)]),
    ("up-and-down-the-river", {}, 5, [*range(10, 0, -1), *range(2, 11)]),
    ("house-rules", {"schedule": "fixed", "most_cards": 5, "hand_count": 3}, 4, [5, 5, 5]),
    ("house-rules", {"schedule": "down", "most_cards": 13, "trump": "top"}, 4, list(range(13, 0, -1))),
    ("house-rules", {"schedule": "down", "most_cards": 13}, 4, list(range(12, 0, -1))),  # a card to turn
    ("house-rules", {"schedule": "custom", "card_list": [1, 3, 13], "trump": "no-trump"}, 4, [1, 3, 13]),
]


@pytest.mark.parametrize("variant, options, players, cards", SCHEDULES)
def test_the_schedules(variant, options, players, cards):
    assert [spec.cards for spec in new_game(variant, NAMES[:players], 0, options).specs] == cards


def test_the_trumps():
    kachuful = new_game("kachuful", NAMES[:4], 0, {}).specs  # the Kachufool article: four suits, no no-trump hand
    assert [s.trump for s in kachuful[:6]] == ["S", "D", "C", "H", "S", "D"]
    with_nt = new_game("kachuful", NAMES[:4], 0, {"rotation": "S-D-C-H-NT"}).specs
    assert [s.trump for s in with_nt[:6]] == ["S", "D", "C", "H", "NT", "S"]
    for rotation, first in (("S-H-C-D", "SHCDSH"), ("H-D-C-S", "HDCSHD")):
        specs = new_game("house-rules", NAMES[:4], 0, {"trump": "rotating", "rotation": rotation}).specs
        assert "".join(s.trump for s in specs[:6]) == first
    nominations = new_game("nomination-whist", NAMES[:4], 0, {}).specs
    assert [s.trump for s in nominations[:5]] == ["S", "H", "C", "D", "NT"]
    top = new_game("house-rules", NAMES[:4], 0, {"trump": "top", "most_cards": 13}).specs
    assert [s.trump for s in top if s.cards == 13] == ["NT"] and {s.trump for s in top if s.cards < 13} == {None}
    blob = new_game("blob", NAMES[:4], 0, {})
    game = blob.apply({"type": "hand", "hand": 1, "trump": "NT"})
    assert game.hand(1).trump == "NT"
    with pytest.raises(Exception, match="suit"):
        new_game("oh-hell", NAMES[:4], 0, {}).apply({"type": "hand", "hand": 1, "trump": "NT"})


@pytest.mark.parametrize("options, field, words", [
    ({"schedule": "custom", "card_list": [1, 13]}, "card_list", "at most 12"),
    ({"schedule": "custom", "card_list": [1, 0, 2]}, "card_list", "0 cards"),
    ({"schedule": "custom"}, "card_list", "needs the list"),
    ({"card_list": [1, 2]}, "card_list", "only with the schedule"),
    ({"schedule": "custom", "card_list": list(range(1, 11)) * 7}, "card_list", "at most 60"),
    ({"trump": "joker"}, "trump", "trump"),  # the option's own name, not "options" (#34)
    ({"most_cards": 0}, "most_cards", "most_cards"),
    ({"rotation": "S-D-H-C"}, "rotation", "rotation"),
])
def test_bad_house_rules_name_the_option(options, field, words):
    with pytest.raises(InvalidOption, match=words) as refused:
        new_game("house-rules", NAMES[:4], 0, options)
    assert refused.value.field == field


def test_eight_players_play_where_the_pack_deals_their_hands():
    """8 x 6 = 48 cards leave 4, one to turn (#34); a typed hand the pack cannot deal to 8 is refused naming the
    list, and a ninth player is refused."""
    for preset in PRESETS:
        assert max(spec.cards for spec in new_game(preset.id, NAMES[:8], 0, {}).specs) == 6
    with pytest.raises(InvalidOption, match="hand 2 deals 7 cards, but with 8 players and a card turned for trump a "
                                            "52-card pack deals at most 6 each") as refused:
        new_game("house-rules", NAMES[:8], 0, {"schedule": "custom", "card_list": [6, 7]})
    assert refused.value.field == "card_list"
    with pytest.raises(InvalidPlayers, match="3 to 8 players, not 9"):
        new_game("oh-hell", NAMES[:9], 0, {})


def test_who_bids_first_and_who_then_has_the_dealers_rule():
    """Anna deals hand 1 of four: after her by default (she bids last); from her with `first_bid` "dealer-first", and
    Dario, before her, bids last and may not make the bids add up to the 1 card."""
    assert new_game("house-rules", NAMES[:4], 0, {}).order(1) == (1, 2, 3, 0)
    game = new_game("house-rules", NAMES[:4], 0, {"first_bid": "dealer-first"})
    assert game.order(1) == (0, 1, 2, 3) and game.order(2) == (1, 2, 3, 0)
    game = game.apply({"type": "hand", "hand": 1, "trump": "H"})
    for seat, bid in ((0, 0), (1, 0), (2, 1)):
        game = game.apply({"type": "bid", "hand": 1, "seat": seat, "bid": bid})
    assert game.hand(1).next_bidder == 3 and game.hand(1).forbidden_for(3) == 0
    with pytest.raises(ForbiddenBid, match="Last bid of the set.*Dario, the last to bid, may not bid 0"):
        game.apply({"type": "bid", "hand": 1, "seat": 3, "bid": 0})
    assert game.apply({"type": "bid", "hand": 1, "seat": 3, "bid": 1}).hand(1).bids == (0, 0, 1, 1)


def test_scoring_all_zeros_is_allowed_and_said():
    zero = {"exact_bonus": 0, "plus_bid": "nothing"}
    game = new_game("house-rules", NAMES[:3], 0, zero)
    assert "nobody will ever score" in game.variant.warnings(game.options)[0]
    oh_hell = new_game("oh-hell", NAMES[:3], 0, {})
    assert oh_hell.variant.warnings(oh_hell.options) == ()


# -- properties over random custom rules ------------------------------------------------------------------------
def rules():
    return st.fixed_dictionaries({
        "schedule": st.sampled_from(["up", "down", "up-and-down", "down-and-up", "fixed"]),
        "most_cards": st.none() | st.integers(1, 17), "hand_count": st.integers(1, 12),
        "trump": st.sampled_from(["turned", "rotating", "top", "no-trump", "called"]),
        "exact_bonus": st.integers(0, 20), "plus_bid": st.sampled_from(["nothing", "bid", "bid-squared",
                                                                        "ten-times-bid"]),
        "trick_points": st.sampled_from(["never", "exact", "always"]), "miss_penalty": st.integers(0, 5),
        "zero_bonus": st.integers(0, 10), "dealer_rule": st.booleans(),
        "first_bid": st.sampled_from(["after-dealer", "dealer-first"])})


def expected_cards(players, options):
    """The schedule as the rules page tables give it."""
    most = (51 if options["trump"] == "turned" else 52) // players
    top = min(options["most_cards"] or most, most)
    return {"up": list(range(1, top + 1)), "down": list(range(top, 0, -1)),
            "up-and-down": [*range(1, top + 1), *range(top - 1, 0, -1)],
            "down-and-up": [*range(top, 0, -1), *range(2, top + 1)],
            "fixed": [top] * options["hand_count"]}[options["schedule"]]


@settings(max_examples=40, deadline=None)
@given(rules(), st.integers(3, 8), st.data())
def test_random_rules_schedule_score_and_dealer_rule(options, players, data):
    game = new_game("house-rules", NAMES[:players], 0, options)
    options = resolve_options(game.variant.options, options)
    assert [s.cards for s in game.specs] == expected_cards(players, options)
    number = data.draw(st.integers(1, len(game.specs)))
    game = play_to(game, number)
    spec = game.specs[number - 1]
    tricks = [0] * players
    for _ in range(spec.cards):
        tricks[data.draw(st.integers(0, players - 1))] += 1
    bids = [data.draw(st.integers(0, spec.cards)) for _ in range(players)]
    change = {"type": "hand", "hand": number, "trump": spec.trump or "S", "bids": bids, "tricks": tricks}
    if sum(bids) == spec.cards and options["dealer_rule"]:
        with pytest.raises(ForbiddenBid):
            game.apply(change)
        return
    scores = game.apply(change).hand(number).scores
    for bid, took, score in zip(bids, tricks, scores):
        if bid == took:
            plus = {"nothing": 0, "bid": bid, "bid-squared": bid * bid, "ten-times-bid": 10 * bid}
            assert score == (options["exact_bonus"] + plus[options["plus_bid"]]
                             + (took if options["trick_points"] != "never" else 0)
                             + (options["zero_bonus"] if bid == 0 else 0))
        else:
            assert score == (took if options["trick_points"] == "always" else 0) - options["miss_penalty"] * abs(
                took - bid)


def test_every_preset_shares_the_house_rules():
    names = [option.name for option in PRESETS[0].options]
    for preset in PRESETS:
        assert [option.name for option in preset.options] == names and preset.players == (3, 4, 5, 6, 7, 8)


def test_a_blob_hand_without_its_trump_asks_for_the_called_one():
    """Blob turns no card (#34): the trump is the one the highest bidder named."""
    game = new_game("blob", NAMES[:4], 0, {})
    with pytest.raises(InvalidInput, match="Record the trump named by the highest bidder") as refused:
        game.apply({"type": "hand", "hand": 1, "bids": [4, 2, 0, 3], "tricks": [4, 3, 0, 3]})
    assert refused.value.field == "trump" and "turned" not in str(refused.value)
    with pytest.raises(InvalidInput, match="suit of the turned card"):
        new_game("oh-hell", NAMES[:4], 0, {}).apply({"type": "hand", "hand": 1, "bids": [0, 0, 0, 0],
                                                    "tricks": [10, 0, 0, 0]})


def test_top_with_a_typed_list_plays_its_biggest_hands_without_trump_as_the_page_says():
    """`trump` "top" with `card_list`: the biggest hands of the list are the no-trump ones (#34)."""
    options = {"schedule": "custom", "card_list": [2, 5, 3, 5], "trump": "top"}
    specs = new_game("house-rules", NAMES[:4], 0, options).specs
    assert [s.trump for s in specs] == [None, "NT", None, "NT"]
    row = next(line for line in RULES_PAGE.read_text(encoding="utf-8").splitlines() if line.startswith('| `"top"`'))
    assert "`card_list`" in row and "biggest" in row


# -- each preset as its source plays it (#34): the rules page's table of sources, row by row ----------------------
def source_rows() -> list[tuple[str, str]]:
    """(preset, our default) of each row of the rules page's table "What each source says"."""
    page = RULES_PAGE.read_text(encoding="utf-8")
    if "### What each source says" not in page:
        return []
    table = next(block for block in page.split("### What each source says")[1].split("\n\n")
                 if block.startswith("| preset"))
    rows = [line.split(" | ") for line in table.splitlines()[2:]]
    return [(row[0].strip("| `"), row[-1].rstrip(" |")) for row in rows]


@pytest.mark.parametrize("preset, default", source_rows(), ids=lambda value: value[:40])
def test_each_row_of_the_sources_table_is_the_presets_default(preset, default):
    """Each row quotes a source and gives our default for it: `option`: `value` pairs, or the players."""
    variant = VARIANTS[preset]
    players = re.fullmatch(r"(\d) to (\d) players", default)
    if players:
        assert variant.players == tuple(range(int(players[1]), int(players[2]) + 1))
        return
    pairs = re.findall(r"`(\w+)`: `([^`]+)`", default)
    assert pairs, default
    defaults = {option.name: option.default for option in variant.options}
    for name, value in pairs:
        assert defaults[name] == json.loads(value), (preset, name)


def test_the_defaults_table_is_each_presets_defaults():
    """The page's table of defaults, cell by cell, against the presets (#34: the page and the preset agree)."""
    table = next(block for block in RULES_PAGE.read_text(encoding="utf-8").split("\n\n")
                 if block.startswith("| option | `oh-hell`"))
    lines = [[cell.strip().strip("`") for cell in line.strip("|").split("|")] for line in table.splitlines()]
    presets = lines[0][1:]
    assert presets == [preset.id for preset in PRESETS]
    for option, *cells in lines[2:]:
        for preset, cell in zip(presets, cells):
            default = next(o.default for o in VARIANTS[preset].options if o.name == option)
            assert json.loads(cell) == default, (preset, option)


def test_the_sources_table_covers_every_preset():
    assert {preset for preset, _ in source_rows()} == {preset.id for preset in PRESETS} - {"house-rules"}


# The options a game of each preset stored before #34 (a game's `created` event and its CSV hold them all).
STORED_BEFORE = {"schedule": "up-and-down", "most_cards": None, "hand_count": 10, "card_list": None, "trump": "turned",
                 "rotation": "S-D-C-H-NT", "exact_bonus": 10, "plus_bid": "bid", "trick_points": "never",
                 "miss_penalty": 0, "zero_bonus": 0, "dealer_rule": True, "first_bid": "after-dealer", "sealed": False,
                 "direction": "clockwise"}


@pytest.mark.parametrize("variant, options, cards, trumps", [
    ("oh-hell", STORED_BEFORE, [*range(1, 13), *range(11, 0, -1)], [None] * 5),
    ("kachuful", {**STORED_BEFORE, "schedule": "up", "trump": "rotating"}, list(range(1, 14)),
     ["S", "D", "C", "H", "NT"]),
])
def test_a_game_stored_before_the_new_defaults_replays_as_it_was(variant, options, cards, trumps):
    """A preset's new default is for new games: a stored game carries its options, and replays with them."""
    game = new_game(variant, NAMES[:4], 0, dict(options))
    assert [s.cards for s in game.specs] == cards and [s.trump for s in game.specs[:5]] == trumps
    assert game.options == options
