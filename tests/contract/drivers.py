"""How the contract test plays each game family: one driver per family, found by `variant.family`.

A family without a driver fails the contract test (test_every_family_has_a_driver), so a new
family cannot be registered without being put through the whole contract.
"""
from __future__ import annotations

from hypothesis import strategies as st

from scorekeeper.rules.base import RuleError
from tests.strategies import partnership_deal, piquet_deal, solo_deal, wist_tricks

SUITS = ["H", "D", "C", "S"]

NAMES = ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda"]


def representatives() -> list[str]:
    """One variant id for each set of rules: presets that differ only in their options' defaults (the house rules
    of #23) play the same game, so the slow tests that draw random options run one of them for all."""
    from scorekeeper.rules import VARIANTS
    seen, ids = set(), []
    for variant_id in sorted(VARIANTS):
        variant = VARIANTS[variant_id]
        same = (variant.family, getattr(variant, "schedule", None), getattr(variant, "score", None),
                tuple(option.name for option in variant.options))
        if variant.family == "predictions" and same in seen:
            continue
        seen.add(same)
        ids.append(variant_id)
    return ids


class Predictions:
    """Every player bids (where the hand has bidding), then the tricks; what a hand allows comes from the
    hand itself (its cards, its bidding), not from today's schedules (#20)."""

    def long_change(self, state, step: int):
        """A long game's next change (None: an undo): the whole game bid by bid, then corrections of hand 1
        (a bid, the tricks) with an undo every third change."""
        number = state.current_hand
        if number is None:
            cards = state.specs[0].cards
            kind = step % 3
            if kind == 2:
                return None
            if kind == 0:
                bid = 1 - state.hand(1).bids[1]
                if cards == 1:  # a hand of one card (house rules, #23): two bids of 1 never add up to the card
                    return {"type": "hand", "hand": 1, "bids": [bid, bid] + [0] * (len(state.players) - 2)}
                return {"type": "bid", "hand": 1, "seat": 1, "bid": bid}
            tricks = [cards] + [0] * (len(state.players) - 1)
            if state.hand(1).tricks[0] == cards:
                tricks[0], tricks[1] = cards - 1, 1
            return {"type": "hand", "hand": 1, "tricks": tricks}
        spec, hand = state.specs[number - 1], state.hand(number)
        if spec.bidding != "none" and None in hand.bids:  # bids of 0 add up to 0: never the dealer's forbidden bid
            return {"type": "bid", "hand": number, "seat": hand.bids.index(None), "bid": 0}
        return {"type": "hand", "hand": number, "trump": spec.trump or "S",
                "tricks": [spec.cards] + [0] * (len(state.players) - 1)}

    def first_hand(self, hand: dict, players: int) -> dict:
        """Seat 0 takes every trick and misses its bid: it bids 1 (0 in a hand of one card, so that the bids
        never add up to the cards), the others 0; a hand without bidding records the tricks alone."""
        cards = hand["cards"]
        change = {"trump": hand["trump"] or "S",  # a turned card where the variant has one
                  "tricks": [cards] + [0] * (players - 1)}
        if hand.get("bidding", "open") != "none":
            change["bids"] = [0 if cards == 1 else 1] + [0] * (players - 1)
        return change

    def correction(self, hand: dict, players: int) -> dict:
        """The tricks again, so that seat 0 now made its bid (1 trick, or none in a hand of one card)."""
        cards = hand["cards"]
        made = 0 if cards == 1 else 1
        return {"tricks": [made, cards - made] + [0] * (players - 2)}

    def csv_rows_per_hand(self, game: dict) -> int:
        return len(game["players"])

    def a_bid(self, state) -> dict | None:
        """The next bid of the hand being entered (0: bids of 0 never add up to the cards), when it has bidding."""
        number = state.current_hand
        hand = state.hand(number)
        if hand.spec.bidding == "none" or None not in hand.bids:
            return None
        seat = hand.next_bidder if hand.next_bidder is not None else hand.bids.index(None)
        return {"type": "bid", "hand": number, "seat": seat, "bid": 0}

    def random_change(self, data, state):
        """The current hand, random and legal, in one change: trump, bids (the dealer's forbidden bid
        avoided), tricks and, where the variant has them, illegal plays."""
        number = state.current_hand
        spec, seats = state.specs[number - 1], len(state.players)
        bids = [0] * seats
        if spec.bidding != "none":
            dealer = state.dealer(number)
            for seat in range(seats):
                if seat != dealer:
                    bids[seat] = data.draw(st.integers(0, spec.cards))
            others = sum(bids)
            bids[dealer] = data.draw(st.sampled_from(
                [b for b in range(spec.cards + 1) if not (spec.forbidden and others + b == spec.cards)]))
        change = {"type": "hand", "hand": number, "trump": spec.trump or data.draw(st.sampled_from(SUITS)),
                  "bids": bids, "tricks": wist_tricks(data, seats, spec.cards)}
        if state.variant.penalties:
            change["penalties"] = data.draw(st.lists(st.integers(0, seats - 1), max_size=2))
        return state.apply(change), change


class ScorerOnly:
    """A family whose players enter nothing themselves: no bids."""

    def a_bid(self, state) -> dict | None:
        return None


class Partnership(ScorerOnly):
    def long_change(self, state, step: int):
        """A long game's next change (None: an undo). Classic: a rubber that never ends (after deal 1 each deal
        the first side pays a remark and takes seven tricks: its game score stays put) for half the changes,
        then corrections of deal 1 that move that score for every later deal; with dummy, its four deals, then
        corrections. An undo every third correction."""
        if not state.records:
            return {"type": "hand", "hand": 1, "trump": "S", "tricks": [8, 5]}
        dummy = state.variant.dummy
        if not state.finished and (dummy or len(state.records) < step // 2 + 1):
            deal = {"trump": "S", "tricks": [7, 6]} if dummy else {"trump": "S", "tricks": [7, 6], "remarks": [1, 0]}
            return {"type": "hand", "hand": state.current_hand, **deal}
        if step % 3 == 2:
            return None
        return {"type": "hand", "hand": 1, "tricks": [9, 4] if state.records[0].tricks == (8, 5) else [8, 5]}

    def first_hand(self, hand: dict, players: int) -> dict:
        return {"trump": "S", "tricks": [8, 5]}

    def correction(self, hand: dict, players: int) -> dict:
        return {"tricks": [4, 9]}

    def random_change(self, data, state):
        fields = data.draw(partnership_deal(state.options, dummy=state.variant.dummy))
        change = {"type": "hand", "hand": state.current_hand, **fields}
        return state.apply(change), change

    def csv_rows_per_hand(self, game: dict) -> int:
        return len(game["sides"])


class Solo(ScorerOnly):
    """A solo by the first player, made with 7 tricks; corrected to 4 (failed by one)."""

    CONTRACTS = [{"contract": "solo", "declarer": 1, "trump": "H", "tricks": 6}, {"contract": "pass"},
                 {"contract": "misere", "declarer": 2, "tricks": 0},
                 {"contract": "proposal", "declarer": 0, "partner": 2, "trump": "S", "tricks": 9}]

    def long_change(self, state, step: int):
        """A long game's next change (None: an undo): new deals for half the changes, then corrections of deal 1
        between a solo and a pass, an undo every third."""
        if len(state.records) < step // 2 + 1:
            return {"type": "hand", "hand": state.current_hand, **self.CONTRACTS[step % len(self.CONTRACTS)]}
        if step % 3 == 2:
            return None
        return {"type": "hand", "hand": 1, **self.CONTRACTS[1 if state.records[0].contract == "solo" else 0]}

    def first_hand(self, hand: dict, players: int) -> dict:
        return {"contract": "solo", "declarer": 0, "trump": "H", "tricks": 7}

    def correction(self, hand: dict, players: int) -> dict:
        return {"tricks": 4}

    def random_change(self, data, state):
        """A deal, or now and then (once one is recorded) the end of the game."""
        if state.records and data.draw(st.integers(0, 5)) == 0:
            change = {"type": "end"}
        else:
            change = {"type": "hand", "hand": state.current_hand, **data.draw(solo_deal())}
        return state.apply(change), change

    def csv_rows_per_hand(self, game: dict) -> int:
        return len(game["players"])


class Piquet(ScorerOnly):
    """The elder (seat 1: seat 0 deals first) scores the point; seat 0 wins the first 7 tricks."""

    def long_change(self, state, step: int):
        """A long game's next change (None: an undo): the partie's deals, then corrections of deal 1, an undo
        every third."""
        if not state.finished:
            return {"type": "hand", "hand": state.current_hand, **self.first_hand({}, 2)}
        if step % 3 == 2:
            return None
        return {"type": "hand", "hand": 1, "point": [0, 6] if state.records[0].point == (0, 5) else [0, 5]}

    def first_hand(self, hand: dict, players: int) -> dict:
        return {"carte_blanche": [False, False], "point": [0, 5], "sequences": [0, 0], "sets": [0, 0],
                "trick_winners": [0] * 7 + [1] * 5}

    def correction(self, hand: dict, players: int) -> dict:
        return {"point": [0, 6]}

    def random_change(self, data, state):
        """A legal deal; a pique its totals cannot allow is recorded without it."""
        number = state.current_hand
        change = {"type": "hand", "hand": number,
                  **data.draw(piquet_deal(state.options["point_count"], state.elder(number)))}
        try:
            return state.apply(change), change
        except RuleError:
            change["pique"] = None
            return state.apply(change), change

    def csv_rows_per_hand(self, game: dict) -> int:
        return len(game["players"])


DRIVERS = {"predictions": Predictions(), "partnership": Partnership(), "solo": Solo(), "piquet": Piquet()}
