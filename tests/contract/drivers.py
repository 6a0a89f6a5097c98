"""How the contract test plays each game family: one driver per family, found by `variant.family`.

A family without a driver fails the contract test (test_every_family_has_a_driver), so a new
family cannot be registered without being put through the whole contract.
"""
from __future__ import annotations

NAMES = ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda"]


class Predictions:
    """Every player bids, then the tricks: hand 1 of every variant of the family has bidding."""

    def first_hand(self, hand: dict, players: int) -> dict:
        cards = hand["cards"]
        trump = hand["trump"] or "S"  # a turned card where the variant has one
        # Seat 0 bids 1 and takes every trick (missed), the rest bid 0: the bids add up to 1, never to the cards.
        return {"trump": trump, "bids": [1] + [0] * (players - 1), "tricks": [cards] + [0] * (players - 1)}

    def correction(self, hand: dict, players: int) -> dict:
        cards = hand["cards"]
        return {"tricks": [1, cards - 1] + [0] * (players - 2)}  # seat 0 now made its bid

    def csv_rows_per_hand(self, game: dict) -> int:
        return len(game["players"])


class Partnership:
    def first_hand(self, hand: dict, players: int) -> dict:
        return {"trump": "S", "tricks": [8, 5]}

    def correction(self, hand: dict, players: int) -> dict:
        return {"tricks": [4, 9]}

    def csv_rows_per_hand(self, game: dict) -> int:
        return len(game["sides"])


class Solo:
    """A solo by the first player, made with 7 tricks; corrected to 4 (failed by one)."""

    def first_hand(self, hand: dict, players: int) -> dict:
        return {"contract": "solo", "declarer": 0, "trump": "H", "tricks": 7}

    def correction(self, hand: dict, players: int) -> dict:
        return {"tricks": 4}

    def csv_rows_per_hand(self, game: dict) -> int:
        return len(game["players"])


class Piquet:
    """The elder (seat 1: seat 0 deals first) scores the point; seat 0 wins the first 7 tricks."""

    def first_hand(self, hand: dict, players: int) -> dict:
        return {"carte_blanche": [False, False], "point": [0, 5], "sequences": [0, 0], "sets": [0, 0],
                "trick_winners": [0] * 7 + [1] * 5}

    def correction(self, hand: dict, players: int) -> dict:
        return {"point": [0, 6]}

    def csv_rows_per_hand(self, game: dict) -> int:
        return len(game["players"])


DRIVERS = {"predictions": Predictions(), "partnership": Partnership(), "solo": Solo(), "piquet": Piquet()}
