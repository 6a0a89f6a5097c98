"""Italian Wist (docs/rules/bid-exactly.md) and its Cagliari variant: siblings on the prediction engine."""
from __future__ import annotations

from .base import Option, YesNo
from .predictions import BLIND, NO_BIDS, NO_TRUMP, NORMAL, SEALED, HandRecord, HandResult, HandSpec, PredictionVariant

DIRECTION = Option("direction", ("counterclockwise", "clockwise"), "counterclockwise")

# The eight rounds of Wist, always in this order: (name, trump, bidding).
WIST_ROUNDS = (
    ("Cuori", "H", NORMAL),
    ("Quadri", "D", NORMAL),
    ("Fiori", "C", NORMAL),
    ("Picche", "S", NORMAL),
    ("Libera", NO_TRUMP, NORMAL),
    ("Buio", NO_TRUMP, BLIND),
    ("Biglietti", NO_TRUMP, SEALED),
    ("Wist", NO_TRUMP, NO_BIDS),
)


def wist_cards(players: int) -> int:
    """13 each with 4 players (52 cards); 10 each with 5 (50 cards: 2♣ and 2♠ removed)."""
    return 52 // players if players == 4 else 10


def wist_schedule(players: int, options: dict) -> list[HandSpec]:
    cards = wist_cards(players)
    specs = []
    for number, (name, trump, bidding) in enumerate(WIST_ROUNDS, start=1):
        if bidding == BLIND and options.get("sealed_buio"):
            bidding = SEALED
        specs.append(HandSpec(number=number, cards=cards, trump=trump, bidding=bidding, name=name,
                              forbidden=bidding in (NORMAL, BLIND)))
    return specs


def wist_score(spec: HandSpec, record: HandRecord, players: int, options: dict) -> HandResult:
    """Bid k ≥ 1: tricks, +10 if exact. Bid 0: +25 (4 players) or +20 (5) if clean, else −5 a trick."""
    zero_bonus = 25 if players == 4 else 20
    scores, failed = [], []
    for bid, tricks in zip(*record.played()):
        if bid == 0:
            scores.append(zero_bonus if tricks == 0 else -5 * tricks)
        else:
            scores.append(tricks + 10 if tricks == bid else tricks)
        failed.append(bid != tricks)
    return HandResult(tuple(scores), tuple(failed))


WIST = PredictionVariant(
    id="wist",
    name="Wist",
    players=(4, 5),
    options=(
        DIRECTION,
        YesNo("sealed_buio"),
        YesNo("trump_may_always_cut"),
    ),
    schedule=wist_schedule,
    score=wist_score,
)


def cagliari_schedule(players: int, options: dict) -> list[HandSpec]:
    """13 → 1 → 13 cards (25 hands, or 26 with the 1-card hand twice); the two 13s are NT."""
    down = list(range(13, 0, -1))
    counts = down + ([1] if options.get("double_one") else []) + list(range(2, 14))
    last = len(counts)
    return [HandSpec(number=i, cards=c, trump=NO_TRUMP if i in (1, last) else None)
            for i, c in enumerate(counts, start=1)]


def cagliari_score(spec: HandSpec, record: HandRecord, players: int, options: dict) -> HandResult:
    """Made: 10 + 2 × bid. Missed: −2 per trick off."""
    bids, tricks = record.played()
    scores = tuple(10 + 2 * b if b == t else -2 * abs(t - b) for b, t in zip(bids, tricks))
    return HandResult(scores, tuple(b != t for b, t in zip(bids, tricks)))


WIST_CAGLIARI = PredictionVariant(
    id="wist-cagliari",
    name="Wist (Cagliari)",
    players=(4,),
    options=(DIRECTION, YesNo("double_one")),
    schedule=cagliari_schedule,
    score=cagliari_score,
)
