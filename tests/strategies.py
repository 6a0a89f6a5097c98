"""Hypothesis strategies for legal games, shared by the rules' properties, the contract's drivers and the
statistics (#20): one place, instead of test modules importing each other's strategies."""
from __future__ import annotations

from itertools import combinations

from hypothesis import strategies as st

from scorekeeper.rules.piquet import point_values, sequence_totals, set_totals
from scorekeeper.rules.solo import CONTRACTS, PASS


# -- Wist: the tricks of a hand --------------------------------------------------------------------------
def wist_tricks(data, players: int, cards: int) -> list[int]:
    """A random composition of `cards` into `players` parts (zeros allowed)."""
    cuts = sorted(data.draw(st.lists(st.integers(0, cards), min_size=players - 1, max_size=players - 1)))
    bounds = [0, *cuts, cards]
    tricks = [bounds[i + 1] - bounds[i] for i in range(players)]
    return data.draw(st.permutations(tricks))


# -- Partnership Whist: a deal ---------------------------------------------------------------------------
partnership_options = st.fixed_dictionaries({
    "target": st.sampled_from([5, 7, 10]), "honours": st.booleans(), "laws": st.booleans()})


@st.composite
def partnership_deal(draw, options=None, dummy=False, remarks=True, revokes=True):
    """One legal deal event's fields for a game with `options` (None: whist-morto)."""
    first = draw(st.integers(0, 13))
    fields = {"trump": draw(st.sampled_from(["H", "D", "C", "S"] + (["NT"] if dummy else []))),
              "tricks": [first, 13 - first]}
    if revokes:
        fields["revokes"] = draw(st.lists(st.integers(0, 1), max_size=2))
    if not dummy:
        if options["honours"]:
            held = draw(st.integers(0, 4))
            mine = draw(st.integers(0, held))
            fields["honours"] = [mine, held - mine]
        if remarks and not options["laws"]:
            fields["remarks"] = [draw(st.integers(0, 2)), draw(st.integers(0, 2))]
    return fields


# -- Solo Whist: a deal, the options ---------------------------------------------------------------------
@st.composite
def solo_deal(draw, passes=True):
    """The fields of one legal deal."""
    contract = draw(st.sampled_from(list(CONTRACTS) + ([PASS] if passes else [])))
    if contract == PASS:
        return {"contract": PASS}
    spec = CONTRACTS[contract]
    fields = {"contract": contract, "declarer": draw(st.integers(0, 3)), "tricks": draw(st.integers(0, 13))}
    if spec.partner:
        fields["partner"] = draw(st.sampled_from([s for s in range(4) if s != fields["declarer"]]))
    if spec.trump != "none":
        fields["trump"] = draw(st.sampled_from(["H", "D", "C", "S"]))
    return fields


@st.composite
def solo_options(draw):
    return {"system": draw(st.sampled_from([1, 2])), "stake": draw(st.sampled_from([None, "0.10", "1.25", "0.00"])),
            "deals": draw(st.sampled_from([None, 1, 3, 6]))}


# -- Piquet: real hands dealt from a pack, what they declare, a deal -------------------------------------
piquet_options = st.fixed_dictionaries({"point_count": st.sampled_from(["cards", "pips"]),
                                        "tie": st.sampled_from(["playoff", "draw"])})
piquet_winners = st.lists(st.integers(0, 1), min_size=12, max_size=12)


def oracle_play(winners, elder):
    """Play points again: 1 to the elder for the first lead; then per trick 1, or 2 on the other's lead."""
    points, leader, changes = [0, 0], elder, 0
    points[elder] += 1
    for winner in winners:
        if winner == leader:
            points[winner] += 1
        else:
            points[winner] += 2
            changes += 1
        leader = winner
    return tuple(points), changes


SUITS = "♠♥♦♣"
RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]          # low to high, the order of sequences
PIPS = {"7": 7, "8": 8, "9": 9, "10": 10, "J": 10, "Q": 10, "K": 10, "A": 11}
PACK = [(suit, rank) for suit in SUITS for rank in RANKS]


def hand_declares(hand, count):
    """What a hand of cards declares, each class as (its key for comparing with the other hand, points):
    the point (cards, pips) → its value by `count`; the sequences (best length, its top) → all of them;
    the sets (best size, its rank) → all of them; and whether it is a carte blanche."""
    point, runs, sets = (0, 0), [], []
    for suit in SUITS:
        held = [i for i, rank in enumerate(RANKS) if (suit, rank) in hand]
        point = max(point, (len(held), sum(PIPS[RANKS[i]] for i in held)))
        length = 0
        for i in range(len(RANKS) + 1):
            if i < len(RANKS) and i in held:
                length += 1
                continue
            if length >= 3:
                runs.append((length, i - 1))
            length = 0
    for i, rank in enumerate(RANKS[3:], start=3):
        size = sum((suit, rank) in hand for suit in SUITS)
        if size >= 3:
            sets.append((size, i))
    value = point[0] if count == "cards" else int(point[1] / 10 + 0.5)
    return {"point": (point, value),
            "sequences": (max(runs, default=None), sum(n + 10 * (n >= 5) for n, _ in runs)),
            "sets": (max(sets, default=None), sum(3 if size == 3 else 14 for size, _ in sets)),
            "carte_blanche": not any(rank in "JQK" for _, rank in hand)}


def declarable(hand, count):
    """Every value a hand may declare in each class with a part sunk ("calling 51 for his point when he really
    has 61; calling a quinte when he has a sixième, or a trio when he has a quatorze", Foster): the point, some
    cards of one suit; sequences, each of its sequences whole, shortened to three cards or more, or not at all;
    sets, each quatorze as a quatorze, a trio or nothing, each trio as a trio or nothing (0: nothing declared)."""
    points, sequences, sets = {0}, {0}, {0}
    for suit in SUITS:
        held = [rank for rank in RANKS if (suit, rank) in hand]
        for size in range(1, len(held) + 1):
            for part in combinations(held, size):
                pips = sum(PIPS[rank] for rank in part)
                points.add(size if count == "cards" else int(pips / 10 + 0.5))
        length = 0
        for rank in RANKS + [None]:
            if (suit, rank) in hand:
                length += 1
                continue
            ways = {0} | {n + 10 * (n >= 5) for n in range(3, length + 1)}
            sequences = {total + way for total in sequences for way in ways}
            length = 0
    for rank in RANKS[3:]:
        size = sum((suit, rank) in hand for suit in SUITS)
        ways = {0, 3, 14} if size == 4 else {0, 3} if size == 3 else {0}
        sets = {total + way for total in sets for way in ways}
    return {"point": points, "sequences": sequences, "sets": sets}


def declarations_of(hands, count):
    """The record of two real hands: each class scored by the player with the better key (nobody on a tie)."""
    said = [hand_declares(hand, count) for hand in hands]
    fields = {"carte_blanche": [said[0]["carte_blanche"], said[1]["carte_blanche"]]}
    for name in ("point", "sequences", "sets"):
        keys = [said[seat][name][0] or (0, 0) for seat in (0, 1)]
        fields[name] = [said[seat][name][1] if keys[seat] > keys[1 - seat] else 0 for seat in (0, 1)]
    return fields


@st.composite
def piquet_hands(draw):
    """Two hands of twelve cards dealt from a shuffled pack; now and then one without a face card (a carte
    blanche), or one rich in a suit and a rank (big declarations: repiques)."""
    rng = draw(st.randoms(use_true_random=False))
    pack = list(PACK)
    rng.shuffle(pack)
    kind, seat = draw(st.sampled_from(["shuffled", "blank", "rich"])), draw(st.integers(0, 1))
    if kind == "blank":
        pack.sort(key=lambda card: card[1] in "JQK")
    elif kind == "rich":
        suit, rank = rng.choice(SUITS), rng.choice(RANKS[3:])
        pack.sort(key=lambda card: -(2 * (card[0] == suit) + 2 * (card[1] == rank) + (card[1] in RANKS[3:])
                                     + rng.random()))
    first, second = frozenset(pack[:12]), frozenset(pack[12:24])
    return (first, second) if seat == 0 else (second, first)


@st.composite
def piquet_sunk_declarations(draw, count):
    """The declarations of a real deal with parts sunk: each class called by either player or nobody, for any value
    the caller's hand may declare (see declarable) that its class can score."""
    hands = draw(piquet_hands())
    fields = {"carte_blanche": [hand_declares(hand, count)["carte_blanche"] for hand in hands]}
    for name, scorable in (("point", lambda blank: point_values(count, blank)), ("sequences", sequence_totals),
                           ("sets", set_totals)):
        fields[name], caller = [0, 0], draw(st.sampled_from([None, 0, 1]))
        if caller is not None:
            values = declarable(hands[caller], count)[name] & scorable(fields["carte_blanche"][caller])
            fields[name][caller] = draw(st.sampled_from(sorted(values)))
    return fields


@st.composite
def piquet_declarations(draw, count, elder=None):
    """The declarations of a real deal (see piquet_hands), as scored; now and then a class nobody declared, and
    half the time, when the elder is given, nothing of the younger's: the deals where a pique can happen."""
    fields = declarations_of(draw(piquet_hands()), count)
    silent = elder is not None and draw(st.booleans())
    for name, pair in fields.items():
        for seat in (0, 1):
            if silent and seat != elder or draw(st.integers(0, 4)) == 0:
                pair[seat] = False if name == "carte_blanche" else 0
    return fields


@st.composite
def piquet_deal(draw, count, elder):
    """A legal deal: declarations and the play, as the winner of each trick or (from some trick order)
    as totals with a pique that the totals allow, sometimes."""
    fields = draw(piquet_declarations(count, elder))
    winners = draw(piquet_winners)
    if draw(st.booleans()):    # the elder wins the first tricks: a pique in the play can happen
        winners = ([elder] * draw(st.integers(0, 12)) + winners)[:12]
    if draw(st.booleans()):
        fields["trick_winners"] = winners
    else:
        play, _ = oracle_play(winners, elder)
        fields["play_points"] = list(play)
        fields["tricks_won"] = [winners.count(0), winners.count(1)]
        fields["pique"] = elder if draw(st.booleans()) else None   # given even when null: the deal is whole
    return fields


@st.composite
def piquet_any_declarations(draw, count):
    """Declarations drawn class by class, each a value its class can score alone (for a carte blanche too):
    most of them together no pack can deal."""
    fields = {"carte_blanche": [draw(st.integers(0, 4)) == 0 for _ in (0, 1)]}
    for name, totals in (("point", lambda blank: point_values(count, blank)), ("sequences", sequence_totals),
                         ("sets", set_totals)):
        fields[name], owner = [0, 0], draw(st.sampled_from([None, 0, 1]))
        if owner is not None:
            fields[name][owner] = draw(st.sampled_from(sorted(totals(fields["carte_blanche"][owner]) - {0})))
    return fields
