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

from ...model import Access, Loaded, Seen
from ...rules.base import N_
from ...rules.solo import CHOICE, CONTRACTS, NONE, PASS, STAKES, SoloGame, money
from ...store.turns import taking_turns
from .. import own
from ..common import RED, form_number, money_text, symbol
from .present import contract_name, tricks_said

SUITS = ("H", "D", "C", "S")
CONDITIONS = {  # what the contracts without trump are played with: shown where the suits would be
    "misere": _l("played without trumps"),
    "misere-ouverte": _l("played without trumps; the cards are shown after the first trick"),
    "abondance-declaree": _l("no trump; the declarer leads"),
}


@dataclass
class Row:
    number: int
    dealer: str
    contract: str
    meta: str  # who played and what came of it: "Anna & Carla: made, 9 tricks (+1)"; "" for a pass
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
    own_trump: bool = False  # the declarer names the trump (the page then says so rather than "the turned card")
    records: bool = False  # a button that records the deal at once ("All passed" on the entry), not a chip to choose


@dataclass
class Fields:
    """The chips of a deal: contract, declarer, partner, trump (with what is chosen). The contracts come in two
    rows, the pass ending the first: the three lowest contracts and the pass, then the four highest."""

    contracts: list
    seats: list  # Choice per player (declarer)
    partners: list  # Choice per player (partner, for a proposal)
    trumps: list

    @property
    def contract_rows(self) -> list[list]:
        return [self.contracts[:4], self.contracts[4:]]


@dataclass
class Entry:
    number: int
    dealer: str
    fields: Fields
    pad: list
    last: str  # what the last deal did, in words
    deals_left: int | None


def _detail(hand, state, said: dict | None = None) -> str:
    """The tricks, with those over or under the contract where they score: "7 tricks (+2)", "1 trick"."""
    tricks, difference = tricks_said(hand, state, said)
    return tricks if difference is None else f"{tricks} ({difference:+d})"


def _takers(hand, state) -> str:
    record = hand.record
    if record.partner is None:
        return state.players[record.declarer]
    return gettext("%(name)s & %(partner)s", name=state.players[record.declarer], partner=state.players[record.partner])


def rows(loaded: Loaded, who: Access) -> list[Row]:
    state = own(loaded, SoloGame)
    out, said, names = [], {}, {}  # each contract's name and each count of tricks translated once a page
    for hand in taking_turns(state.hands):
        if hand.result is None or hand.totals is None:  # the deal in progress
            continue
        meta = ""
        if hand.record.contract != PASS:
            template = (N_("%(takers)s: made, %(detail)s") if hand.result.made else
                        N_("%(takers)s: failed, %(detail)s"))
            if template not in said:
                said[template] = gettext(template)
            meta = said[template] % {"takers": _takers(hand, state), "detail": _detail(hand, state, said)}
        if hand.record.contract not in names:
            names[hand.record.contract] = contract_name(hand.record.contract)
        out.append(Row(number=hand.number, dealer=state.players[hand.dealer], contract=names[hand.record.contract],
                       meta=meta, scores=list(hand.result.scores), totals=list(hand.totals),
                       editable=who.role == "scorer"))
    return out


LAST = {  # (made, with a partner): what the deal just recorded did, said whole so that each language agrees
    (True, False): N_("Deal %(n)s: %(contract)s by %(name)s: made, %(detail)s — %(won)s."),
    (False, False): N_("Deal %(n)s: %(contract)s by %(name)s: failed, %(detail)s — %(won)s."),
    (True, True): N_("Deal %(n)s: %(contract)s by %(name)s with %(partner)s: made, %(detail)s — %(won)s."),
    (False, True): N_("Deal %(n)s: %(contract)s by %(name)s with %(partner)s: failed, %(detail)s — %(won)s."),
}


def _last(state) -> str:
    """"Deal 1: Solo by Bruno: made, 7 tricks (+2) — Anna -6, Bruno +18, …" for the deal just recorded; a
    proposal names both partners."""
    scored = [hand for hand in state.hands if hand.result is not None]
    if not scored:
        return ""
    hand = scored[-1]
    record = hand.record
    if record.contract == PASS:
        return gettext("Deal %(n)s: all passed, nobody scores.", n=hand.number)
    won = ", ".join(f"{name} {score:+d}" for name, score in zip(state.players, hand.scores))
    partner = state.players[record.partner] if record.partner is not None else None
    return gettext(LAST[hand.result.made, partner is not None], n=hand.number,
                   contract=contract_name(record.contract), name=state.players[record.declarer], partner=partner,
                   detail=_detail(hand, state), won=won)


def fields(state, chosen, passed: Choice) -> Fields:
    """The chips with what `chosen` holds (a form's values) chosen; `passed`: the pass, after the three lowest."""
    contracts = [Choice(c.id, gettext(c.name), c.id == chosen.get("contract"), str(CONDITIONS.get(c.id, "")),
                        partner=c.partner, no_trump=c.trump == NONE, own_trump=c.trump == CHOICE)
                 for c in CONTRACTS.values()]
    contracts.insert(3, passed)
    seats = [Choice(str(s), name, str(s) == chosen.get("declarer")) for s, name in enumerate(state.players)]
    partners = [Choice(str(s), name, str(s) == chosen.get("partner")) for s, name in enumerate(state.players)]
    trumps = [Choice(code, symbol(code), code == chosen.get("trump"), red=code in RED) for code in SUITS]
    return Fields(contracts=contracts, seats=seats, partners=partners, trumps=trumps)


def entry(loaded: Loaded) -> Entry | None:
    state = own(loaded, SoloGame)
    number = state.current_hand
    if number is None:
        return None
    left = None if state.planned_hands is None else state.planned_hands - state.counted_hands
    passed = Choice(PASS, contract_name(PASS), records=True)
    return Entry(number=number, dealer=state.players[state.dealer(number)], fields=fields(state, {}, passed),
                 pad=list(range(14)), last=_last(state), deals_left=left)


@dataclass
class Settlement:
    payments: list  # what each payment says: "Domenico pays Costanza €8.10 (81 points)"
    totals: list  # (name, total, money or "")
    money: list | None  # each total as money in the reader's locale and the game's currency; None without a stake


def _amount(state, amount: int) -> str:
    """Points or stakes, as many as `amount`, in words ("81 points", "1 stake")."""
    if state.options["system"] == STAKES:
        return ngettext("%(num)s stake", "%(num)s stakes", amount)
    return ngettext("%(num)s point", "%(num)s points", amount)


def settlement(state) -> Settlement:
    """Who pays whom, and every total as money, as the reader writes amounts (with a stake)."""
    stake, currency = state.options.get("stake"), state.options.get("currency")
    payments = []
    for p in state.settlement():
        payer, payee = state.players[p.payer], state.players[p.payee]
        if stake is None:
            payments.append(gettext("%(payer)s pays %(payee)s %(amount)s", payer=payer, payee=payee,
                                    amount=_amount(state, p.amount)))
        else:
            payments.append(gettext("%(payer)s pays %(payee)s %(money)s (%(amount)s)", payer=payer, payee=payee,
                                    money=money_text(money(p.amount, stake), currency),
                                    amount=_amount(state, p.amount)))
    cash = None if state.money_totals is None else [money_text(m, currency) for m in state.money_totals]
    shown = cash or [""] * len(state.players)
    return Settlement(payments=payments, totals=list(zip(state.players, state.totals, shown)), money=cash)


def sheet(loaded: Loaded, who: Access, seen: Seen, view) -> dict:
    state = own(loaded, SoloGame)
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
    state = own(loaded, SoloGame)
    record = state.hand(number).record
    recorded = {"contract": record.contract or "", "declarer": str(record.declarer) if record.declarer is not None
                else "", "partner": str(record.partner) if record.partner is not None else "",
                "trump": record.trump or ""}
    values = form if form else recorded
    passed = Choice(PASS, contract_name(PASS), values.get("contract") == PASS, no_trump=True)
    shown = fields(state, values, passed)
    tricks = form.get("tricks", "") if form else ("" if record.tricks is None else record.tricks)
    return EditForm(number=number, fields=shown, tricks=tricks)


def hand_event(form, state, number: int) -> dict:
    """The deal as posted: a pass, or the contract with its declarer, partner, trump and tricks. A partner or
    a trump the chosen contract has no place for was hidden on the page: it is not sent on."""
    if form.get("pass") or form.get("contract") == PASS:
        return {"contract": PASS}
    contract_id = form.get("contract") or None
    contract = CONTRACTS.get(contract_id) if contract_id else None
    event = {"contract": contract_id, "declarer": form_number(form.get("declarer")),
             "tricks": form_number(form.get("tricks"))}
    if contract is None or contract.partner:
        event["partner"] = form_number(form.get("partner"))
    if contract is None or contract.trump != NONE:
        event["trump"] = form.get("trump") or None
    return event


