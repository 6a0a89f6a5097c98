"""Solo Whist's score sheet: a row per deal (contract, declarer, what each player won or lost), the
deal's entry in a few taps, and at the end who pays whom.

Entry: the contract (one tap), the declarer (one tap; the partner too for a proposal), the trump
where the contract has one (one tap), the tricks on a 0–13 pad (one tap records the deal). Which
groups apply follows the chosen contract with CSS alone (no script needed); the form parser drops
a partner or a trump the chosen contract has no place for, as the page hides them.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext, ngettext
from flask_babel import lazy_gettext as _l

from ...games import Access, Loaded, Seen
from ...rules.solo import CONTRACTS, NONE, PASS, STAKES, money
from ...turns import taking_turns
from ..common import RED, form_number, symbol
from .present import contract_name

SUITS = ("H", "D", "C", "S")
CONDITIONS = {  # the special conditions a table must be reminded of
    "misere-ouverte": _l("cards shown after the first trick"),
    "abondance-declaree": _l("no trump; the declarer leads"),
}


@dataclass
class Row:
    number: int
    dealer: str
    contract: str
    declarer: str
    outcome: str  # "made", "failed" or "" (a pass)
    detail: str  # "7 tricks (+2)"
    scores: list
    totals: list
    editable: bool


@dataclass
class Choice:
    value: str
    label: str
    chosen: bool = False
    note: str = ""
    red: bool = False
    partner: bool = False  # a contract with a partner (the page then asks for one)
    no_trump: bool = False  # a contract without trump (the page then hides the suits)


@dataclass
class Fields:
    """The chips of a deal: contract, declarer, partner, trump (with what is chosen)."""

    contracts: list
    seats: list  # Choice per player (declarer)
    partners: list  # Choice per player (partner, for a proposal)
    trumps: list


@dataclass
class Entry:
    number: int
    dealer: str
    fields: Fields
    pad: list
    last: str  # what the last deal did, in words
    deals_left: int | None


def _outcome(hand, state, said: dict | None = None) -> tuple[str, str]:
    """Made or failed, and the tricks: with the tricks over or under the contract where they score (by
    points); by stakes they do not, so they are not shown. `said` keeps the words already translated for
    this page."""
    record, result = hand.record, hand.result
    if record.contract == PASS:
        return "", ""
    said = {} if said is None else said
    tricks = said.get(record.tricks)
    if tricks is None:
        tricks = said[record.tricks] = ngettext("%(num)s trick", "%(num)s tricks", record.tricks)
    if CONTRACTS[record.contract].misere or state.options["system"] == STAKES:
        return ("made" if result.made else "failed"), tricks
    return ("made" if result.made else "failed"), f"{tricks} ({result.difference:+d})"


def rows(loaded: Loaded, who: Access) -> list[Row]:
    state = loaded.state
    out, said, names = [], {}, {}  # each contract's name and each count of tricks translated once a page
    for hand in taking_turns(state.hands):
        if hand.result is None:
            continue
        record = hand.record
        outcome, detail = _outcome(hand, state, said)
        if record.contract not in names:
            names[record.contract] = contract_name(record.contract)
        declarer = ""
        if record.declarer is not None:
            declarer = state.players[record.declarer]
            if record.partner is not None:
                declarer += " & " + state.players[record.partner]
        out.append(Row(number=hand.number, dealer=state.players[hand.dealer], contract=names[record.contract],
                       declarer=declarer, outcome=outcome, detail=detail, scores=list(hand.scores),
                       totals=list(hand.totals), editable=who.role == "scorer"))
    return out


def _last(state) -> str:
    """"Solo by Bruno: made, 7 tricks (+2). Bruno +18, each of the others −6." for the deal just recorded."""
    scored = [hand for hand in state.hands if hand.result is not None]
    if not scored:
        return ""
    hand = scored[-1]
    if hand.record.contract == PASS:
        return gettext("Deal %(n)s: all passed, nobody scores.", n=hand.number)
    outcome, detail = _outcome(hand, state)
    won = ", ".join(f"{name} {score:+d}" for name, score in zip(state.players, hand.scores))
    return gettext("Deal %(n)s: %(contract)s by %(name)s, %(outcome)s, %(detail)s — %(won)s.", n=hand.number,
                   contract=contract_name(hand.record.contract), name=state.players[hand.record.declarer],
                   outcome=gettext("made") if outcome == "made" else gettext("failed"), detail=detail, won=won)


def fields(state, chosen) -> Fields:
    contracts = [Choice(c.id, gettext(c.name), c.id == chosen.get("contract"), str(CONDITIONS.get(c.id, "")),
                        partner=c.partner, no_trump=c.trump == NONE) for c in CONTRACTS.values()]
    seats = [Choice(str(s), name, str(s) == chosen.get("declarer")) for s, name in enumerate(state.players)]
    partners = [Choice(str(s), name, str(s) == chosen.get("partner")) for s, name in enumerate(state.players)]
    trumps = [Choice(code, symbol(code), code == chosen.get("trump"), red=code in RED) for code in SUITS]
    return Fields(contracts=contracts, seats=seats, partners=partners, trumps=trumps)


def entry(loaded: Loaded) -> Entry | None:
    state = loaded.state
    number = state.current_hand
    if number is None:
        return None
    left = None if state.planned_hands is None else state.planned_hands - state.counted_hands
    return Entry(number=number, dealer=state.players[state.dealer(number)], fields=fields(state, {}),
                 pad=list(range(14)), last=_last(state), deals_left=left)


@dataclass
class Settlement:
    payments: list  # (payer, payee, amount, money or "")
    totals: list  # (name, total, money or "")


def settlement(state) -> Settlement:
    stake = state.options.get("stake")
    payments = [(state.players[p.payer], state.players[p.payee], p.amount,
                 money(p.amount, stake) if stake is not None else "") for p in state.settlement()]
    money_totals = state.money_totals or [""] * len(state.players)
    return Settlement(payments=payments, totals=list(zip(state.players, state.totals, money_totals)))


def sheet(loaded: Loaded, who: Access, seen: Seen, view) -> dict:
    state = loaded.state
    return {"rows": rows(loaded, who), "entry": entry(loaded), "settlement": settlement(state),
            "can_end": who.role == "scorer" and not state.finished and bool(state.records)}


FIELDS = ("contract", "declarer", "partner", "trump", "tricks")


def error_place(field: str | None, sheet: dict, edit, access: Access) -> str:
    if edit is not None and field in FIELDS:
        return "edit"
    if sheet.get("entry") is not None and access.role == "scorer" and field in FIELDS:
        return "entry"
    return "top"


@dataclass
class EditForm:
    number: int
    fields: Fields
    tricks: object


def edit_form(loaded: Loaded, number: int, seen: Seen, form=None) -> EditForm:
    """A recorded deal laid out like the entry, with what was recorded (or typed) chosen."""
    record = loaded.state.hand(number).record
    recorded = {"contract": record.contract or "", "declarer": str(record.declarer) if record.declarer is not None
                else "", "partner": str(record.partner) if record.partner is not None else "",
                "trump": record.trump or ""}
    values = form if form else recorded
    shown = fields(loaded.state, values)
    shown.contracts.insert(0, Choice(PASS, contract_name(PASS), values.get("contract") == PASS, no_trump=True))
    tricks = form.get("tricks", "") if form else ("" if record.tricks is None else record.tricks)
    return EditForm(number=number, fields=shown, tricks=tricks)


def hand_event(form, state, number: int) -> dict:
    """The deal as posted: a pass, or the contract with its declarer, partner, trump and tricks. A partner or
    a trump the chosen contract has no place for was hidden on the page: it is not sent on."""
    if form.get("pass") or form.get("contract") == PASS:
        return {"contract": PASS}
    contract_id = form.get("contract") or None
    contract = CONTRACTS.get(contract_id)
    event = {"contract": contract_id, "declarer": form_number(form.get("declarer")),
             "tricks": form_number(form.get("tricks"))}
    if contract is None or contract.partner:
        event["partner"] = form_number(form.get("partner"))
    if contract is None or contract.trump != NONE:
        event["trump"] = form.get("trump") or None
    return event


