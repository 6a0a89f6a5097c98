"""What the evening's pages show of the seating (#21): the plan round by round, each table with its card and
its partita, and where one player sits. Prepared here so that the templates compute nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask import url_for

from ...service import evenings, tournaments
from ..gate.links import base_url


@dataclass
class PlanTable:
    round: int
    table: str
    players: list[str]  # in seat order
    game_id: str | None
    finished: bool
    card: str  # the table's own address: the join page with the table chosen (its QR code)


@dataclass
class PlanRound:
    round: int
    begun: bool
    tables: list[PlanTable]


@dataclass
class SeatingView:
    rounds: int
    begun: int
    repeated_pairs: int
    met_again: list[tuple[str, str]]  # (the two players, the rounds they share a table in), for the organiser
    present: list[str]
    withdrawn: list[str]
    plan: list[PlanRound]
    next_round: PlanRound | None  # the round whose tables are starting (or next to start); None when all are
    may_reseat: bool  # no partita yet: the whole evening may be seated again
    open_rounds: list[int]  # the rounds not begun: swaps, arrivals and withdrawals change these
    odd_tables: str  # the organiser's choice for the tables of 3 and 5 (`rules.seating.ODD_TABLES`)

    def at(self, number: int, table: str) -> PlanTable | None:
        if not 1 <= number <= len(self.plan):
            return None
        return next((t for t in self.plan[number - 1].tables if t.table.casefold() == table.casefold()), None)


def seating_view(evening: evenings.Evening | None, t: tournaments.Tournament, join_key: str) -> SeatingView | None:
    if evening is None:
        return None
    started = {(table.round, table.table.casefold()): table for table in t.tables}

    def card(number: int, table: str) -> str:
        return base_url() + url_for("tournaments.open", tournament_id=t.id, key=join_key, round=number, table=table)

    plan = []
    for number, round_ in enumerate(evening.plan, start=1):
        tables = []
        for seated in round_:
            partita = started.get((number, seated.table.casefold()))
            tables.append(PlanTable(number, seated.table, list(seated.players), partita and partita.game_id,
                                    bool(partita and partita.finished), card(number, seated.table)))
        plan.append(PlanRound(number, number <= evening.begun, tables))
    waiting = [r for r in plan if any(table.game_id is None or not table.finished for table in r.tables)]
    return SeatingView(
        evening.rounds, evening.begun, evening.repeated_pairs,
        [(f"{first} · {second}", ", ".join(map(str, rounds))) for first, second, rounds in evening.met_again],
        [e.name for e in evening.present],
        [e.name for e in evening.roster if e.until_round is not None], plan, waiting[0] if waiting else None,
        evening.begun == 0, list(range(evening.begun + 1, evening.rounds + 1)), evening.odd_tables)
