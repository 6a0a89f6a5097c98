"""An independent reading of docs/rules/bid-exactly.md for the tests: schedules, scores and table points written
again from the text (not imported from the app), plus legal whist-torneo games made from a seed.
"""
from __future__ import annotations

import random
from fractions import Fraction

SUITS = ("H", "D", "C", "S")
RIDOTTO = [3, 5, 7, 9, 11, 13, 13, 13, 13, 12, 10, 8, 6, 4]
COMPLETO = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 13, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3]
POINTS = {3: [9, 5, 2], 4: [10, 6, 3, 1], 5: [11, 7, 4, 2, 1]}


def schedule(players: int, scheme: str) -> list[tuple[int, bool]]:
    """(cards, NT at a 13 position) per hand; 5 players: every value above 10 becomes 10."""
    base = RIDOTTO if scheme == "ridotto" else COMPLETO
    return [(min(c, 10) if players == 5 else c, c == 13) for c in base]


def score(bid: int, tricks: int, nt13: bool, penalty: bool) -> tuple[int, bool]:
    """(score, failed) for one player in one hand."""
    if penalty:
        return 0, True
    if bid == tricks:
        return (26 if nt13 and bid == 0 else 13 + tricks), False
    return tricks, True


def table_points(totals: list[int], failed: list[int]) -> list[Fraction]:
    """Rank by total, then fewer failed contracts; still tied → share the places' points equally."""
    n = len(totals)
    order = sorted(range(n), key=lambda s: (-totals[s], failed[s]))
    out = [Fraction(0)] * n
    i = 0
    while i < n:
        j = i
        while j + 1 < n and (totals[order[j + 1]], failed[order[j + 1]]) == (totals[order[i]], failed[order[i]]):
            j += 1
        share = Fraction(sum(POINTS[n][i:j + 1]), j - i + 1)
        for k in range(i, j + 1):
            out[order[k]] = share
        i = j + 1
    return out


def exact(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def make_game(players: int, scheme: str, seed: int, first_dealer: int = 0) -> list[dict]:
    """A legal partita: bids never add up to the cards, tricks do; some penalties; made zeros at NT."""
    rng = random.Random(seed)
    hands = []
    for number, (cards, nt13) in enumerate(schedule(players, scheme), start=1):
        dealer = (first_dealer + number - 1) % players
        bids = [rng.randint(0, min(cards, 1 + cards // players + 1)) for _ in range(players)]
        zero = None
        if nt13:  # someone bids and takes 0 at the NT hands: the 26-point zero
            zero = (dealer + 1 + number) % players
            if zero == dealer:
                zero = (zero + 1) % players
            bids[zero] = 0
        if sum(bids) == cards:  # the dealer's forbidden bid
            bids[dealer] += 1 if bids[dealer] < cards else -1
        tricks = [0] * players
        made = {s for s in range(players) if rng.random() < 0.5}
        if zero is not None:
            made.add(zero)
        for s in sorted(made):
            tricks[s] = bids[s]
        while sum(tricks) > cards:  # too many exact bids to fit: drop one (never the zero)
            s = max((s for s in made if s != zero), key=lambda s: tricks[s])
            made.discard(s)
            tricks[s] = 0
        free = [s for s in range(players) if s not in made] or [s for s in range(players) if s != zero]
        for _ in range(cards - sum(tricks)):
            tricks[rng.choice(free)] += 1
        penalties = [number % players] if number % 5 == 0 else []
        hands.append({"number": number, "cards": cards, "nt13": nt13,
                      "trump": None if nt13 else rng.choice(SUITS), "dealer": dealer,
                      "bids": bids, "tricks": tricks, "penalties": penalties})
    return hands


def expected(hands: list[dict], players: int) -> dict:
    """Per-hand scores, failed flags and running totals; final totals, failed contracts, table points."""
    totals, failed_count, per_hand = [0] * players, [0] * players, []
    for hand in hands:
        scores, failed = [], []
        for s in range(players):
            value, miss = score(hand["bids"][s], hand["tricks"][s], hand["nt13"], s in hand["penalties"])
            scores.append(value)
            failed.append(miss)
            totals[s] += value
            failed_count[s] += miss
        per_hand.append({"scores": scores, "failed": failed, "totals": list(totals)})
    return {"hands": per_hand, "totals": totals, "failed_contracts": failed_count,
            "table_points": table_points(totals, failed_count)}


def play_api(api, game_id: str, key: str, hands: list[dict], start: int = 1, stop: int | None = None):
    """Record hands through the JSON API: every fourth hand bid by bid (in bidding order), the others in one PUT."""
    response = None
    for hand in hands[start - 1: stop]:
        n, players = hand["number"], len(hand["bids"])
        rest = {"tricks": hand["tricks"], "penalties": hand["penalties"]}
        if hand["trump"]:
            rest["trump"] = hand["trump"]
        if n % 4 == 1:
            for i in range(players):
                seat = (hand["dealer"] + 1 + i) % players
                response = api.bid(game_id, key, n, seat, hand["bids"][seat])
                assert response.status_code == 200, response.get_json()
            response = api.hand(game_id, key, n, rest)
        else:
            response = api.hand(game_id, key, n, {"bids": hand["bids"], **rest})
        assert response.status_code == 200, (n, response.get_json())
    return response


def three_way_tie(scheme: str = "ridotto", first_dealer: int = 0) -> list[dict]:
    """5 players: seat 0 bids and makes cards − 1 every hand, seats 1–3 bid and make 0, seat 4 bids 0
    and takes the last trick. Ridotto totals: 280, 234, 234, 234, 14 → table points 11, 13/3 ×3, 1."""
    hands = []
    for number, (cards, nt13) in enumerate(schedule(5, scheme), start=1):
        hands.append({"number": number, "cards": cards, "nt13": nt13, "trump": None if nt13 else "S",
                      "dealer": (first_dealer + number - 1) % 5, "bids": [cards - 1, 0, 0, 0, 0],
                      "tricks": [cards - 1, 0, 0, 0, 1], "penalties": []})
    return hands
