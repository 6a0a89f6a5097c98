"""Partnership Whist as the API, the CSV and the history show it: scores per side, games and rubber."""
from __future__ import annotations

from flask_babel import gettext

from ...model import Seen
from ..common import recorded, symbol


def side_names(state) -> list[str]:
    """"Anna & Carla", "Bruno & Dario": a side is named by its players."""
    return [" & ".join(state.players[seat] for seat in side) for side in state.sides]


columns = side_names


def _pair(values) -> list | None:
    return list(values) if values is not None else None


def hand_json(hand, state, seen: Seen) -> dict:
    record, result = hand.record, hand.result
    data = {
        "number": hand.number, "name": "", "cards": 13, "trump": record.trump, "dealer": hand.dealer,
        "tricks": _pair(record.tricks), "honours": list(record.honours), "revokes": list(record.revokes),
        "remarks": list(record.remarks), "scores": _pair(hand.scores), "totals": _pair(hand.totals),
        "game": hand.game, "result": None,
    }
    if state.variant.dummy:
        data["declarer"], data["dummy"] = hand.dealer, (hand.dealer + 2) % 4
    if result is not None:
        data["result"] = {"points": list(result.points), "tricks": list(result.tricks)}
        if not state.variant.dummy:
            data["result"].update({
                "game_score": list(result.game_score), "game_won_by": result.game_won_by,
                "game_value": result.game_value, "trick_points": list(result.trick_points),
                "honour_points": list(result.honour_points), "remark_points": list(result.remark_points)})
    return data


def game_json(state, seen: Seen) -> dict:
    """Classic standings also say what ranks them: the games won and, once decided, the rubber points."""
    standings = []
    for place in state.standings:
        side = _side_of(state, place.seat)
        row = {"seat": place.seat, "player": state.players[place.seat], "side": side, "place": place.place,
               "total": place.total, "table_points": None}
        if not state.variant.dummy:
            points = state.rubber.points
            row.update(games_won=state.games_won[side], rubber_points=points[side] if points else None)
        standings.append(row)
    data = {"side_names": side_names(state), "standings": standings}
    if state.variant.dummy:
        data["deals"] = state.planned_hands
    else:
        rubber = state.rubber
        data["rubber"] = {"games": [{"winner": winner, "value": value} for winner, value in rubber.games],
                          "winner": rubber.winner, "points": _pair(rubber.points)}
        data["game_score"] = list(state.game_score)
    return data


def _side_of(state, seat: int) -> int:
    return next(index for index, side in enumerate(state.sides) if seat in side)


def detail(hand, side: int, dummy: bool) -> str:
    """The CSV's description of one side's deal: `8 tricks, 2 points, honours 2, game won (2)`."""
    result, record = hand.result, hand.record
    words = [f"{result.tricks[side]} tricks"]
    if result.tricks != record.tricks:
        words[0] += f" ({record.tricks[side]} taken)"
    points = result.points[side]
    words.append(f"{points} point" + ("" if abs(points) == 1 else "s"))
    if not dummy:
        if result.honour_points[side]:
            words.append(f"honours {result.honour_points[side]}")
        if result.game_won_by == side:
            words.append(f"game won ({result.game_value})")
    if side in record.revokes:
        words.append("revoke")
    if record.remarks[side]:
        words.append(f"{record.remarks[side]} remark" + ("s" if record.remarks[side] > 1 else ""))
    return ", ".join(words)


def csv_rows(state):
    """One row per scored deal per side: `seat` is the side (0, 1) and `player` its two names."""
    names = side_names(state)
    for hand in state.hands:
        if hand.result is None:
            continue
        for side, name in enumerate(names):
            yield {"hand": hand.number, "hand_name": "", "cards": 13, "trump": hand.record.trump,
                   "dealer": state.players[hand.dealer], "seat": side, "player": name, "bid": None,
                   "tricks": hand.record.tricks[side], "score": hand.result.points[side],
                   "total": hand.totals[side], "detail": detail(hand, side, state.variant.dummy)}


csv_record = recorded  # its record's fields are those of its `hand` event


def history_text(payload: dict, state, seen: Seen, corrected: bool = False) -> str:
    """"recorded the deal · trump ♠ · tricks Anna & Carla 8, Bruno & Dario 5 · honours …"; a correction
    only what it entered ("trump ♠ · tricks …"): the sheet says "corrected" around it."""
    names = side_names(state)
    parts = [] if corrected else [gettext("recorded the deal")]
    if payload.get("trump"):
        parts.append(gettext("trump %(suit)s", suit=symbol(payload["trump"])))
    for field, label in (("tricks", gettext("tricks")), ("honours", gettext("honours")),
                         ("remarks", gettext("remarks"))):
        values = payload.get(field)
        if isinstance(values, list) and len(values) == 2 and (field == "tricks" or any(values)):
            parts.append(f"{label} " + ", ".join(f"{name} {value}" for name, value in zip(names, values)))
    revokes = payload.get("revokes")
    if isinstance(revokes, list) and revokes:
        parts.append(gettext("revoke: %(names)s", names=", ".join(
            names[s] for s in revokes if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < 2)))
    if not parts:  # a correction that only cleared what was recorded
        parts.append(gettext("no honours or penalties"))
    return " · ".join(parts)
