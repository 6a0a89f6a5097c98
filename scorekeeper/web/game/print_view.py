"""The rows of a game's or a tournament's A4 print (#35), made ready for the template, which computes nothing:
the standings, then every round's tables with their seats in order and each partita's table points and score.
Players who came late, withdrew or sat rounds out carry a footnote mark, explained under each section showing one.

An evening the app seats lists its plan's tables, a table never started marked as not played; an evening seated
by hand lists its partite as they were played, round by round."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from flask_babel import gettext, ngettext

from ...formats import results
from ...service import evenings, tournaments


@dataclass(frozen=True)
class Marked:
    """A row of the standings or a seat at a table: the player, their footnote mark (0: none) and their figures
    (None at a table never played)."""
    number: int  # the place in the standings, the seat at a table
    player: str
    mark: int
    table_points: Fraction | None
    score: int | None


@dataclass(frozen=True)
class PrintedTable:
    label: str
    seats: list[Marked]
    played: bool


@dataclass(frozen=True)
class PrintedRound:
    number: int
    tables: list[PrintedTable]
    notes: list[tuple[int, str]]  # (mark, what it means) of the players shown in the round


@dataclass(frozen=True)
class StandingsPage:
    rows: list[Marked]
    notes: list[tuple[int, str]]


@dataclass(frozen=True)
class Printed:
    """What the print page shows: the standings' pages, then (a tournament's) rounds."""
    pages: list[StandingsPage]
    rounds: list[PrintedRound]


@dataclass(frozen=True)
class Marks:
    """Each marked player's footnote number, and what each number says."""
    of: dict[str, int]
    said: dict[int, str]

    def legend(self, rows: list[Marked]) -> list[tuple[int, str]]:
        """The footnotes of the marks these rows carry, in order."""
        shown = {row.mark for row in rows}
        return [(number, text) for number, text in self.said.items() if number in shown]


def marks_of(evening: evenings.Evening | None) -> Marks:
    """A mark for each player who came late, withdrew or sat rounds out; players whose stories read the same share
    one mark."""
    notes = {}
    for entrant in evening.roster if evening is not None else []:
        said = []
        if entrant.from_round > 1:
            said.append(gettext("Arrived late: plays from round %(round)s", round=entrant.from_round))
        if entrant.until_round is not None:
            said.append(gettext("Withdrew after round %(round)s", round=entrant.until_round))
        if missed := evening.absent_rounds(entrant):
            said.append(ngettext("Sat out round %(rounds)s", "Sat out rounds %(rounds)s", len(missed),
                                 rounds=", ".join(map(str, missed))))
        if said:
            notes[entrant.name] = "; ".join(said)
    numbers = {text: number for number, text in enumerate(dict.fromkeys(notes.values()), start=1)}
    return Marks({player: numbers[text] for player, text in notes.items()},
                 {number: text for text, number in numbers.items()})


def paged(found: results.Results, per_page: int, marks: Marks) -> list[StandingsPage]:
    """The standings in pages of `per_page` rows (one A4 sheet each, the header repeated), each with its legend."""
    rows = [Marked(row.place, row.name, marks.of.get(row.name, 0), row.table_points, row.score) for row in found.rows]
    pages = [rows[start:start + per_page] for start in range(0, len(rows), per_page)] or [[]]
    return [StandingsPage(page, marks.legend(page)) for page in pages]


def game_print(found: results.Results, per_page: int) -> Printed:
    return Printed(paged(found, per_page, Marks({}, {})), [])


def tournament_print(t: tournaments.Tournament, evening: evenings.Evening | None, found: results.Results,
                     per_page: int) -> Printed:
    """The print of a finished tournament: the standings of `found`, then every round."""
    marks = marks_of(evening)
    rounds = []
    for number, tables in _rounds(t, evening):
        printed = [_table(label, players, partita, marks.of) for label, players, partita in tables]
        rounds.append(PrintedRound(number, printed, marks.legend([seat for table in printed for seat in table.seats])))
    return Printed(paged(found, per_page, marks), rounds)


def _rounds(t: tournaments.Tournament, evening: evenings.Evening | None):
    """(round, [(table, players in seat order, its partita or None)]) for every round: the plan's tables first,
    then any partita the organiser added by hand at a table the plan does not have."""
    partite = {(table.round, table.table.casefold()): table for table in t.tables}
    plan = evening.plan if evening else []
    last = max([len(plan)] + [table.round for table in t.tables])
    for number in range(1, last + 1):
        planned = [(seated.table, seated.players, partite.pop((number, seated.table.casefold()), None))
                   for seated in (plan[number - 1] if number <= len(plan) else [])]
        by_hand = [(table.table, table.players, table) for (at, _), table in partite.items() if at == number]
        yield number, planned + by_hand


def _table(label: str, players, partita: tournaments.Table | None, mark: dict[str, int]) -> PrintedTable:
    """A table's seats in order; a partita's players as it was played, with their table points and score."""
    if partita is None:
        return PrintedTable(label, [Marked(seat, player, mark.get(player, 0), None, None)
                                    for seat, player in enumerate(players, start=1)], played=False)
    figures = {place.seat: place for place in partita.places}
    return PrintedTable(label, [Marked(seat + 1, player, mark.get(player, 0), figures[seat].table_points,
                                       figures[seat].total) for seat, player in enumerate(partita.players)],
                        played=True)
