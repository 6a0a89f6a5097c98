"""Piquet as the API, the CSV and the history show it: declarations, play, the cards, repique, pique, the partie."""
from __future__ import annotations

from flask_babel import gettext

from ...model import Seen
from ..common import recorded


def columns(state) -> list[str]:
    return list(state.players)


def _pair(values) -> list | None:
    return list(values) if values is not None else None


def hand_json(hand, state, seen: Seen) -> dict:
    record, result = hand.record, hand.result
    data = {
        "number": hand.number, "name": "", "cards": 12, "trump": None, "dealer": hand.dealer, "elder": hand.elder,
        "carte_blanche": list(record.carte_blanche), "point": list(record.point),
        "sequences": list(record.sequences), "sets": list(record.sets),
        "trick_winners": _pair(record.trick_winners), "play_points": _pair(record.play_points),
        "tricks_won": _pair(record.tricks_won), "tricks": _pair(hand.tricks),
        "scores": _pair(hand.scores), "totals": _pair(hand.totals), "result": None,
    }
    if result is not None:
        data["result"] = {"declarations": list(result.declarations), "play": list(result.play),
                          "cards_bonus": list(result.cards_bonus), "repique": result.repique,
                          "pique": result.pique, "tricks_won": list(result.tricks_won)}
    return data


def game_json(state, seen: Seen) -> dict:
    partie = state.partie
    return {"partie": {"winner": partie.winner if partie else None, "value": partie.value if partie else None,
                       "rubicon": partie.rubicon if partie else False, "draw": partie.draw if partie else False},
            "deals": state.planned_hands}


def detail(hand, seat: int) -> str:
    """`point 5, sequences 15, sets 3, play 12, 8 tricks, cards 10, pique` for one player's deal (English, as
    the rest of the CSV file)."""
    record, result = hand.record, hand.result
    words = []
    if record.carte_blanche[seat]:
        words.append("carte blanche 10")
    for name in ("point", "sequences", "sets"):
        if getattr(record, name)[seat]:
            words.append(f"{name} {getattr(record, name)[seat]}")
    words.append(f"play {result.play[seat]}")
    words.append(f"{result.tricks_won[seat]} trick" + ("" if result.tricks_won[seat] == 1 else "s"))
    if result.cards_bonus[seat]:
        words.append("capot 40" if result.cards_bonus[seat] == 40 else "cards 10")
    if result.repique == seat:
        words.append("repique 60")
    if result.pique == seat:
        words.append("pique 30")
    return ", ".join(words)


def csv_rows(state):
    """One row per player per recorded deal; `tricks` are the tricks won."""
    for hand in state.hands:
        if hand.result is None:
            continue
        for seat, player in enumerate(state.players):
            yield {"hand": hand.number, "hand_name": "", "cards": 12, "trump": None,
                   "dealer": state.players[hand.dealer], "seat": seat, "player": player, "bid": None,
                   "tricks": hand.result.tricks_won[seat], "score": hand.scores[seat], "total": hand.totals[seat],
                   "detail": detail(hand, seat)}


csv_record = recorded  # its record's fields are those of its `hand` event


def history_text(payload: dict, state, seen: Seen, corrected: bool = False) -> str:
    """"recorded the deal · point Anna 5 · sequences Bruno 7 · tricks Anna 7, Bruno 5": one short line, also on
    the Undo button (the 12 winners one by one made it 13 lines, #18; the correction form shows the strip).
    The same parts for a correction (`corrected`), without "recorded": the sheet says "corrected" (#35)."""
    parts = [] if corrected else [gettext("recorded the deal")]
    names = state.players

    def by_name(values) -> str:
        return ", ".join(f"{name} {value}" for name, value in zip(names, values) if value)

    for field, label in (("point", gettext("point")), ("sequences", gettext("sequences")), ("sets", gettext("sets")),
                         ("play_points", gettext("play")), ("tricks_won", gettext("tricks"))):
        values = payload.get(field)
        if isinstance(values, list) and len(values) == 2 and any(values):
            parts.append(f"{label} {by_name(values)}")
    blanche = payload.get("carte_blanche")
    if isinstance(blanche, list) and len(blanche) == 2 and any(blanche):
        parts.append(gettext("carte blanche: %(names)s", names=", ".join(n for n, b in zip(names, blanche) if b)))
    winners = payload.get("trick_winners")
    if isinstance(winners, list):
        tricks = gettext("tricks")
        parts.append(f"{tricks} {by_name([winners.count(0), winners.count(1)])}")
    return " · ".join(parts)
