"""Solo Whist as the API, the CSV and the history show it: contracts, declarers, stakes and money."""
from __future__ import annotations

from flask_babel import force_locale, gettext, ngettext

from ...model import Seen
from ...rules.solo import CONTRACTS, PASS, STAKES, money
from ..common import recorded, symbol


def columns(state) -> list[str]:
    return list(state.players)


def contract_name(contract_id: str | None) -> str:
    """A contract's name in the reader's language ("" for none yet)."""
    if contract_id == PASS:
        return gettext("All passed")
    contract = CONTRACTS.get(contract_id) if contract_id else None
    return gettext(contract.name) if contract else ""


def hand_json(hand, state, seen: Seen) -> dict:
    record, result = hand.record, hand.result
    data = {
        "number": hand.number, "name": "", "cards": 13, "dealer": hand.dealer, "trump": record.trump,
        "contract": record.contract, "declarer": record.declarer, "partner": record.partner,
        "tricks": record.tricks, "counted": hand.counted,
        "scores": list(hand.scores) if hand.scores is not None else None,
        "totals": list(hand.totals) if hand.totals is not None else None, "result": None,
    }
    if result is not None:
        data["result"] = {"made": result.made, "difference": result.difference, "scores": list(result.scores)}
    return data


def game_json(state, seen: Seen) -> dict:
    data = {"deals_played": state.counted_hands, "deals": state.planned_hands, "ended": state.ended,
            "settlement": settlement_json(state)}
    if state.money_totals is not None:
        data["money_totals"] = list(state.money_totals)
    return data


def settlement_json(state) -> list[dict]:
    stake = state.options.get("stake")
    return [{"payer": p.payer, "payee": p.payee, "amount": p.amount,
             **({"money": money(p.amount, stake)} if stake is not None else {})} for p in state.settlement()]


def tricks_said(hand, state, said: dict | None = None) -> tuple[str, int | None]:
    """The deal's tricks as the sheet says them ("7 tricks"), and those over or under the contract where they
    score: by points; by stakes they do not, nor in a misère, so they are not said (None). `said` keeps the words
    already translated (a long game's rows say the same few things thousands of times)."""
    record, result = hand.record, hand.result
    said = {} if said is None else said
    tricks = said.get(record.tricks)
    if tricks is None:
        tricks = said[record.tricks] = ngettext("%(num)s trick", "%(num)s tricks", record.tricks)
    if CONTRACTS[record.contract].misere or state.options["system"] == STAKES:
        return tricks, None
    return tricks, result.difference


def describe(hand, state, said: dict) -> str:
    """`solo by Bruno, 7 tricks (+2)`; by stakes `solo by Bruno, 7 tricks (made)`; `misère by Dario, 1 trick
    (failed)`; `all passed` — the CSV's detail: the sheet's words (`tricks_said`), in English like the rest."""
    record, result = hand.record, hand.result
    if record.contract == PASS:
        return "all passed"
    who = state.players[record.declarer]
    if record.partner is not None:
        who += f" with {state.players[record.partner]}"
    with force_locale("en"):
        tricks, difference = tricks_said(hand, state, said)
    outcome = ("made" if result.made else "failed") if difference is None else f"{difference:+d}"
    name = CONTRACTS[record.contract].name.lower() if record.contract != "misere-ouverte" else "misère ouverte"
    return f"{name} by {who}, {tricks} ({outcome})"


def csv_rows(state):
    """One row per seat per recorded deal: the contract's tricks on the takers' rows."""
    said = {}  # the English words of each count of tricks
    for hand in state.hands:
        if hand.result is None:
            continue
        record = hand.record
        takers = {record.declarer, record.partner} - {None}
        detail = describe(hand, state, said)
        for seat, player in enumerate(state.players):
            yield {"hand": hand.number, "hand_name": record.contract,
                   "cards": 13, "trump": record.trump, "dealer": state.players[hand.dealer], "seat": seat,
                   "player": player, "bid": None, "tricks": record.tricks if seat in takers else None,
                   "score": hand.scores[seat], "total": hand.totals[seat], "detail": detail}


csv_record = recorded  # its record's fields are those of its `hand` event


def history_text(payload: dict, state, seen: Seen, corrected: bool = False) -> str:
    """"recorded the deal · Solo · Anna · 7 tricks": the same parts for a correction (`corrected`), without
    "recorded": the sheet says "corrected" around it (#35)."""
    parts = [] if corrected else [gettext("recorded the deal")]
    contract = payload.get("contract")
    if contract is not None:
        parts.append(contract_name(contract) or str(contract))
    for field, label in (("declarer", gettext("declarer")), ("partner", gettext("partner"))):
        seat = payload.get(field)
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.players):
            parts.append(f"{label} {state.players[seat]}")
    if payload.get("trump"):
        parts.append(gettext("trump %(suit)s", suit=symbol(payload["trump"])))
    if isinstance(payload.get("tricks"), int):  # "1 trick", never "tricks 1" (#35)
        parts.append(ngettext("%(num)s trick", "%(num)s tricks", payload["tricks"]))
    return " · ".join(parts)
