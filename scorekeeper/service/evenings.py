"""A club evening (issue #21): a tournament's roster, its rounds and the tables of every round, seated by the app.

The organiser gives the roster and the number of rounds; `rules.seating` plans every round. A round has
**begun** once one of its partite exists: from then on its tables never move. Arrivals, withdrawals and
the organiser's swaps re-seat only the rounds not yet begun. A table's scorer starts its partita in one
tap from the table's QR code (`start_table`), with the seated players in their seats; the room's QR code
tells each player where to sit (`whereabouts`). That code is in every player's hand (#33): it starts the plan's
partite only, a round's table once its players are done with the round before, and on a table started already
it opens the table's view, never its score.

Players are numbered in the roster (1, 2, …) and keep their number when others come or go; each has the
first round they play and, after a withdrawal, the last.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from ..store.turns import apart
from ..rules import N_
from ..rules import seating as rules
from ..rules.base import InvalidInput, StateConflict, check_int, check_seat, closest_names, same_name, tidy_name
from ..store import db as store
from ..store import table_phones
from ..store.keys import new_key
from . import games, tournaments


@dataclass(frozen=True)
class Entrant:
    number: int
    name: str
    from_round: int
    until_round: int | None  # the last round played, after a withdrawal


@dataclass(frozen=True)
class SeatedTable:
    round: int
    table: str
    players: tuple[str, ...]  # in seat order
    numbers: tuple[int, ...]


@dataclass(frozen=True)
class Evening:
    rounds: int
    roster: list[Entrant]
    plan: list[list[SeatedTable]]  # round by round, tables in order
    begun: int  # the rounds begun (1..begun never move)
    odd_tables: str = rules.STRICT  # the organiser's choice for the tables of 3 and 5 (`rules.ODD_TABLES`)

    @property
    def present(self) -> list[Entrant]:
        return [e for e in self.roster if e.until_round is None]

    def absent_rounds(self, entrant: Entrant) -> list[int]:
        """The rounds from `from_round` to `until_round` (or the last) at no table: a player who withdrew and came
        back sits out the rounds in between, which the pair alone does not say."""
        last = entrant.until_round or self.rounds
        return [number for number, round_ in enumerate(self.plan, start=1) if entrant.from_round <= number <= last
                and all(entrant.number not in table.numbers for table in round_)]

    @property
    def repeated_pairs(self) -> int:
        """Pairs of players seated together once more than the first time, over the whole evening."""
        return rules.repeated_pairs(_numbers(self.plan))

    @property
    def met_again(self) -> list[tuple[str, str, tuple[int, ...]]]:
        """Each pair of players who share a table more than once, by name, with the rounds they share one in."""
        names = {e.number: e.name for e in self.roster}
        return [(names[a], names[b], rounds) for (a, b), rounds in rules.met_again(_numbers(self.plan))]

    def table(self, number: int, label: str) -> SeatedTable | None:
        if not 1 <= number <= len(self.plan):
            return None
        return next((t for t in self.plan[number - 1] if t.table.casefold() == label.casefold()), None)

    def entrant(self, name) -> Entrant:
        """The roster's player of that name (ignoring case and spaces): a clear refusal for anyone else."""
        wanted = same_name(tidy_name(name)) if isinstance(name, str) else None
        found = next((e for e in self.roster if same_name(e.name) == wanted), None)
        if found is None:
            raise InvalidInput(N_("“%(name)s” is not on the evening's roster."), field="player",
                               name=str(name)[:40])
        return found


@dataclass(frozen=True)
class Whereabouts:
    """Where a player sits in one round ("Round 2: table C, seat 3"); table None: not playing that round."""
    round: int
    table: str | None
    seat: int | None
    others: tuple[str, ...]


def _numbers(plan: list[list[SeatedTable]]) -> list[rules.Round]:
    return [tuple(table.numbers for table in round_) for round_ in plan]


def label(index: int) -> str:
    """Tables are lettered in each round: A, B, C… (60 players make 15 tables at most)."""
    return chr(ord("A") + index)


# -- reading --------------------------------------------------------------------------------------------
def load(db, tournament_id: str) -> Evening | None:
    """The evening as stored; None while the organiser has not seated one."""
    row = db.execute("SELECT rounds, odd_tables FROM tournaments WHERE id = ?", [tournament_id]).fetchone()
    if row is None or row[0] is None:
        return None
    roster = [Entrant(*r) for r in db.execute(
        "SELECT number, name, from_round, until_round FROM tournament_players WHERE tournament_id = ? ORDER BY number",
        [tournament_id]).fetchall()]
    names = {e.number: e.name for e in roster}
    seats = db.execute("SELECT round, table_label, number FROM tournament_seats WHERE tournament_id = ? "
                       "ORDER BY round, table_label, seat", [tournament_id]).fetchall()
    plan: list[list[SeatedTable]] = [[] for _ in range(row[0])]
    for (number, table), rows in groupby(seats, key=lambda r: (r[0], r[1])):
        numbers = tuple(r[2] for r in rows)
        plan[number - 1].append(SeatedTable(number, table, tuple(names[n] for n in numbers), numbers))
    return Evening(row[0], roster, plan, _begun(db, tournament_id), row[1] or rules.STRICT)


def _begun(db, tournament_id: str) -> int:
    row = db.execute("SELECT max(round) FROM tournament_games WHERE tournament_id = ?", [tournament_id]).fetchone()
    return row[0] or 0


@dataclass(frozen=True)
class Found:
    """"Where do I sit?" answered: the player the typed name finds and their rounds, or the few names it may
    mean (`closest`), for the player to choose."""
    player: str | None
    rounds: list[Whereabouts]
    closest: list[str]


def whereabouts(evening: Evening, typed) -> Found:
    """Round by round, where the player sits and with whom; the name found forgivingly (`closest_names`): a
    player types theirs in a hurry, without its accents, or only its beginning."""
    names = closest_names(typed, [e.name for e in evening.roster]) if isinstance(typed, str) else []
    if not names:
        raise InvalidInput(N_("No one called “%(name)s” is on tonight's list."), field="player",
                           name=tidy_name(str(typed))[:40])
    if len(names) > 1:
        return Found(None, [], names)
    entrant = evening.entrant(names[0])
    return Found(entrant.name, rounds_of(evening, entrant), [])


def rounds_of(evening: Evening, entrant: Entrant) -> list[Whereabouts]:
    """Round by round, where `entrant` sits and with whom (table None: a round they do not play)."""
    out = []
    for number, round_ in enumerate(evening.plan, start=1):
        at = next((t for t in round_ if entrant.number in t.numbers), None)
        if at is None:
            out.append(Whereabouts(number, None, None, ()))
        else:
            out.append(Whereabouts(number, at.table, at.numbers.index(entrant.number) + 1,
                                   tuple(p for p in at.players if p != entrant.name)))
    return out


# -- seating and re-seating -----------------------------------------------------------------------------
def organiser_only(access: tournaments.Access) -> None:
    if not access.may_manage():
        raise games.Forbidden(N_("Only the organiser can seat the players."))


def seat(db, access: tournaments.Access, names, rounds, odd_tables=None) -> Evening:
    """Seat a new evening: the roster, every round's tables and the organiser's choice for the tables of 3 and 5
    (strict rotation when None). Before the first partita only (then the evening changes by arrivals,
    withdrawals and swaps, which keep what was played, and seat them as chosen). The same roster, rounds and
    choice again change nothing and search nothing."""
    organiser_only(access)
    names, rounds = rules.check_roster(names), rules.check_rounds(rounds)
    odd_tables = rules.check_odd_tables(odd_tables)
    evening = load(db, access.tournament_id)
    _not_begun(evening.begun if evening else 0)
    if evening is not None and (evening.rounds, evening.odd_tables) == (rounds, odd_tables) and evening.roster == [
            Entrant(number, name, 1, None) for number, name in enumerate(names, start=1)]:
        return evening
    plan = _search(rules.roster(len(names)), rounds, (), odd_tables)
    with store.write(db):
        _not_begun(_begun(db, access.tournament_id))
        before = {same_name(name): number for number, name in db.execute(
            "SELECT number, name FROM tournament_players WHERE tournament_id = ?", [access.tournament_id])}
        db.execute("DELETE FROM tournament_seats WHERE tournament_id = ?", [access.tournament_id])
        db.execute("DELETE FROM tournament_players WHERE tournament_id = ?", [access.tournament_id])
        db["tournament_players"].insert_all({"tournament_id": access.tournament_id, "number": i, "name": name,
                                             "from_round": 1, "until_round": None}
                                            for i, name in enumerate(names, start=1))
        db.execute("UPDATE tournaments SET rounds = ?, odd_tables = ? WHERE id = ?",
                   [rounds, odd_tables, access.tournament_id])
        _store_rounds(db, access.tournament_id, 1, plan)
        _renumber_links(db, access.tournament_id, {before[same_name(name)]: number for number, name
                                                   in enumerate(names, start=1) if same_name(name) in before})
        _give_links(db, access.tournament_id)
    return load(db, access.tournament_id)


def _not_begun(begun: int) -> None:
    if begun:
        raise StateConflict(N_("The evening has begun: add late arrivals or withdraw players instead of "
                               "seating it again."), field="players")


def _search(players, rounds: int, played, odd_tables: str) -> list[rules.Round]:
    """The rounds to come (`rules.plan`): up to a second of CPU, so never inside a write (the write lock would
    hold every other write meanwhile), and apart from the worker's other requests."""
    return apart(rules.plan, players, rounds, played, 0, odd_tables)


def _store_rounds(db, tournament_id: str, first: int, plan: list[rules.Round]) -> None:
    db.execute("DELETE FROM tournament_seats WHERE tournament_id = ? AND round >= ?", [tournament_id, first])
    db["tournament_seats"].insert_all(
        {"tournament_id": tournament_id, "round": number, "table_label": label(t), "seat": s, "number": player}
        for number, round_ in enumerate(plan, start=first) for t, table in enumerate(round_)
        for s, player in enumerate(table, start=1))


def _open(db, access: tournaments.Access) -> Evening:
    """The evening with rounds still to seat: else a clear refusal."""
    organiser_only(access)
    evening = load(db, access.tournament_id)
    if evening is None:
        raise StateConflict(N_("Seat the evening first: type the roster and the number of rounds."))
    if evening.begun >= evening.rounds:
        raise StateConflict(N_("Every round has begun: there is no round left to re-seat."))
    return evening


def _reseat(db, access: tournaments.Access, prepare) -> Evening:
    """Seat the rounds not yet begun anew, around those begun, for a change to the roster: `prepare(evening)`
    checks it against the evening as it is and gives the players present after it and `change(db, first)`, which
    writes it (`first`: the first round not begun). The search runs outside any write; the write then checks that
    the evening is still the one searched for (a round begun, another change to the roster meanwhile), else the
    search runs once more around what changed, and after a second change the organiser is told."""
    for _ in range(2):
        evening = _open(db, access)
        present, change = prepare(evening)
        if len(present) < rules.MIN_PLAYERS:
            raise InvalidInput(N_("An evening needs at least %(low)s players."), field="player",
                               low=rules.MIN_PLAYERS)
        first = evening.begun + 1
        plan = _search(present, evening.rounds - evening.begun, _numbers(evening.plan[:evening.begun]),
                       evening.odd_tables)
        with store.write(db):
            unchanged = load(db, access.tournament_id) == evening
            if unchanged:
                change(db, first)
                _store_rounds(db, access.tournament_id, first, plan)
        if unchanged:
            return load(db, access.tournament_id)
    raise StateConflict(N_("The seating changed meanwhile: look at the tables again and retry."))


def withdraw(db, access: tournaments.Access, name) -> Evening:
    """The player leaves after the rounds begun; the rounds to come are seated again without them."""
    def prepare(evening: Evening):
        entrant = evening.entrant(name)
        if entrant.until_round is not None:
            raise StateConflict(N_("%(name)s has already withdrawn."), field="player", name=entrant.name)

        def leave(db, first):
            db.execute("UPDATE tournament_players SET until_round = ? WHERE tournament_id = ? AND number = ?",
                       [first - 1, access.tournament_id, entrant.number])
        return [e.number for e in evening.present if e != entrant], leave
    return _reseat(db, access, prepare)


def arrive(db, access: tournaments.Access, name) -> Evening:
    """A late arrival (or a player who withdrew, coming back) plays from the first round not begun."""
    def prepare(evening: Evening):
        [checked] = rules.check_players([name] if isinstance(name, str) else name, (1,))
        known = next((e for e in evening.roster if same_name(e.name) == same_name(checked)), None)
        if known is not None and known.until_round is None:
            raise StateConflict(N_("%(name)s is already on the roster."), field="player", name=known.name)
        if known is None and len(evening.present) >= rules.MAX_PLAYERS:
            raise InvalidInput(N_("An evening is seated for %(low)s to %(high)s players, not %(count)s."),
                               field="player", low=rules.MIN_PLAYERS, high=rules.MAX_PLAYERS,
                               count=len(evening.present) + 1)
        number = known.number if known is not None else max(e.number for e in evening.roster) + 1

        def come(db, first):
            if known is not None:
                db.execute("UPDATE tournament_players SET until_round = NULL WHERE tournament_id = ? AND number = ?",
                           [access.tournament_id, number])
            else:
                db["tournament_players"].insert({"tournament_id": access.tournament_id, "number": number,
                                                 "name": checked, "from_round": first, "until_round": None})
                _give_links(db, access.tournament_id)
        return [e.number for e in evening.present] + [number], come
    return _reseat(db, access, prepare)


def swap(db, access: tournaments.Access, number, first_name, second_name) -> Evening:
    """The organiser swaps two players' seats in a round not yet begun (a couple who must not meet, say)."""
    evening = _open(db, access)
    number = check_int(number, "round", 1, evening.rounds)
    if number <= evening.begun:
        raise StateConflict(N_("Round %(round)s has begun: its tables stay as they are."), field="round",
                            round=number)
    a, b = evening.entrant(first_name), evening.entrant(second_name)
    seats = {n: (t.table, s) for t in evening.plan[number - 1] for s, n in enumerate(t.numbers, start=1)}
    for entrant in (a, b):
        if entrant.number not in seats:
            raise InvalidInput(N_("%(name)s does not play in round %(round)s."), field="player",
                               name=entrant.name, round=number)
    if seats[a.number][0] == seats[b.number][0]:
        raise InvalidInput(N_("%(first)s and %(second)s already sit at the same table."), field="player",
                           first=a.name, second=b.name)
    with store.write(db):
        if _begun(db, access.tournament_id) >= number:
            raise StateConflict(N_("Round %(round)s has begun: its tables stay as they are."), field="round",
                                round=number)
        for entrant, (table, place) in ((a, seats[b.number]), (b, seats[a.number])):
            db.execute("UPDATE tournament_seats SET table_label = ?, seat = ? WHERE tournament_id = ? AND round = ? "
                       "AND number = ?", [table, -place, access.tournament_id, number, entrant.number])
        db.execute("UPDATE tournament_seats SET seat = -seat WHERE tournament_id = ? AND round = ? AND seat < 0",
                   [access.tournament_id, number])
    return load(db, access.tournament_id)


# -- a table starts its partita ---------------------------------------------------------------------------
def start_table(db, access: tournaments.Access, number, table, first_dealer=None):
    """The seated table's partita, created with its players in their seats (first dealer drawn unless given):
    the phone that starts it keeps the score. When it exists already (another phone scanning the table's card),
    that one, with every key for the organiser and its view alone for the room's code, which every player
    holds (#33). Returns (Table, the game keys given)."""
    evening, seated = _seated(db, access, number, table)
    if access.role == PLAYER and access.player not in seated.numbers:
        raise games.Forbidden(N_("Your own link starts your own table only: table %(table)s of round %(round)s is "
                                 "not yours."), table=seated.table, round=seated.round)
    number = seated.round
    existing = partita_at(db, access.tournament_id, number, seated.table)
    if existing is None:
        if not access.may_manage():
            _check_round_before(db, access.tournament_id, evening, seated)
        try:
            return tournaments.add_new_game(db, access, list(seated.players), None, first_dealer, seated.table,
                                            number, planned=True)
        except (tournaments.AlreadyInTournament, tournaments.TableTaken):  # two phones scanned the table at once
            existing = partita_at(db, access.tournament_id, number, seated.table)
            if existing is None:
                raise
    keys = games.keys_of(db, existing)
    shown = keys if access.may_manage() else {"view": keys["view"]}
    return tournaments.Table(existing, seated.table, number, games.load(db, existing)), shown


def _seated(db, access: tournaments.Access, number, table) -> tuple[Evening, SeatedTable]:
    """The evening and its table `table` of round `number`, or a clear refusal."""
    evening = load(db, access.tournament_id)
    number = check_int(number, "round", 1, evening.rounds if evening else tournaments.MAX_ROUND)
    seated = evening.table(number, table) if evening and isinstance(table, str) else None
    if seated is None:
        raise InvalidInput(N_("There is no table %(table)s in round %(round)s of this evening."), field="table",
                           table=str(table)[:20], round=number)
    return evening, seated


class SeatTaken(StateConflict):
    code = "seat_taken"


def claim_seat(db, access: tournaments.Access, number, table, seat, device: str | None):
    """"I am Bruno" (#35): a phone that scanned a started table's card takes a seated player's seat, and gets that
    seat's link (never more: the room's code is in every hand). Once per seat: the first phone to claim it has it
    (asking again, it gets the same link while that link works); any other phone is refused, and the table's
    scorer shows the seat's QR code from Share, or replaces it. A player who took their own link for the evening
    has their seat on their phone: nobody else claims it. `device`: the phone's id (None: a client without one,
    which can claim but never claim again). Returns (Table, the seat's key)."""
    _, seated = _seated(db, access, number, table)
    game_id = partita_at(db, access.tournament_id, seated.round, seated.table)
    if game_id is None:
        raise StateConflict(N_("Table %(table)s has not started yet: the first phone to tap Start keeps its score, "
                               "then the others take their seats."), field="table", table=seated.table)
    loaded = games.load(db, game_id)
    seat = check_seat(seat, len(loaded.state.players))
    if loaded.state.finished:
        raise StateConflict(N_("Table %(table)s has finished: follow its sheet from the room's page."),
                            field="table", table=seated.table)
    own = links(db, access.tournament_id).get(seated.numbers[seat])
    if own is not None and own.claimed:  # the player's phone holds their own link, which opens this seat
        raise SeatTaken(N_("%(name)s has their own link for the evening on their phone: it opens this seat (My "
                           "seat at table %(table)s)."), field="seat", name=loaded.state.players[seat],
                        table=seated.table)
    device = device or new_key()
    with store.write(db):
        key = games.keys_of(db, game_id)["seats"][seat]
        holder, given = table_phones.claim(db, game_id, seat, device, key)
    if holder != device or given != key:
        raise SeatTaken(N_("%(name)s's seat was taken on another phone. Ask the table's scorer: Share shows the "
                           "seat's QR code, and can give it a new link."), field="seat",
                        name=loaded.state.players[seat])
    return tournaments.Table(game_id, seated.table, seated.round, loaded), key


def _check_round_before(db, tournament_id: str, evening: Evening, seated: SeatedTable) -> None:
    """From the room's code, a table of round 2 on starts once its players have finished the round before: no
    code in a player's hand begins the rounds to come early, which would stop the organiser re-seating them."""
    if seated.round == 1:
        return
    before = [t for t in evening.plan[seated.round - 2] if set(t.numbers) & set(seated.numbers)]
    playing = [t.table for t in before
               if (game_id := partita_at(db, tournament_id, t.round, t.table)) is None
               or not games.load(db, game_id).state.finished]
    if playing:
        raise StateConflict(N_("Table %(table)s of round %(round)s starts once its players have finished round "
                               "%(previous)s. Tables of round %(previous)s not finished yet: %(tables)s."),
                            field="round", table=seated.table, round=seated.round, previous=seated.round - 1,
                            tables=", ".join(playing))


def partita_at(db, tournament_id: str, number: int, table: str) -> str | None:
    row = db.execute("SELECT game_id FROM tournament_games WHERE tournament_id = ? AND round = ? "
                     "AND table_label = ? COLLATE NOCASE", [tournament_id, number, table]).fetchone()
    return row[0] if row else None


# -- each player's own link (#35) -------------------------------------------------------------------------
# A tournament key of role "player" names its player's number in the roster: it opens that player's evening (where
# to sit, the seat of their partita under way, their place), never another's and never the organiser's. The room's
# code hands it out once ("Where do I sit?", `claim`); the organiser sees every one and replaces any (`replace_link`).
PLAYER = "player"


@dataclass(frozen=True)
class Link:
    key: str
    claimed: bool  # the room's code handed it out already


def _give_links(db, tournament_id: str) -> None:
    """Inside a roster change's write unit: a link for every player on the roster without one (a withdrawn player
    keeps theirs, for the evening they may come back to)."""
    missing = [row[0] for row in db.execute(
        "SELECT number FROM tournament_players p WHERE tournament_id = ? AND NOT EXISTS (SELECT 1 FROM "
        "tournament_keys k WHERE k.tournament_id = p.tournament_id AND k.player = p.number AND k.revoked_at IS NULL)",
        [tournament_id])]
    if missing:  # one statement for the whole roster
        db.execute("INSERT INTO tournament_keys (key, tournament_id, role, player, created_at) VALUES "
                   + ", ".join("(?, ?, ?, ?, ?)" for _ in missing),
                   [value for number in missing for value in (new_key(), tournament_id, PLAYER, number, store.now())])


def _renumber_links(db, tournament_id: str, moves: dict[int, int]) -> None:
    """An evening seated again before it began numbers its roster anew: each player's link follows them by name
    (`moves`: old number → new); the links of the players no longer on it stop working. Two statements, whatever
    the roster (each row moves from its old number at once: two players may swap theirs)."""
    pairs = list(moves.items()) or [(0, 0)]  # no player is numbered 0
    moved = "WITH m(old, new) AS (VALUES " + ", ".join("(?, ?)" for _ in pairs) + ") UPDATE tournament_keys SET "
    live = " WHERE tournament_id = ? AND player IS NOT NULL AND revoked_at IS NULL"
    flat = [number for pair in pairs for number in pair]
    db.execute(moved + "revoked_at = ?" + live + " AND player NOT IN (SELECT old FROM m)",
               [*flat, store.now(), tournament_id])
    db.execute(moved + "player = (SELECT new FROM m WHERE old = player)" + live, [*flat, tournament_id])


def links(db, tournament_id: str) -> dict[int, Link]:
    """Each player's own link by their number (an evening seated before links existed gets them at its first
    change of the roster, or its first claim)."""
    return {number: Link(key, claimed is not None) for number, key, claimed in db.execute(
        "SELECT player, key, claimed_at FROM tournament_keys WHERE tournament_id = ? AND player IS NOT NULL "
        "AND revoked_at IS NULL", [tournament_id])}


def _seated_evening(db, access: tournaments.Access) -> Evening:
    evening = load(db, access.tournament_id)
    if evening is None:
        raise StateConflict(N_("The organiser has not seated this evening yet."))
    return evening


def claim(db, access: tournaments.Access, name) -> tuple[Entrant, str | None]:
    """"Where do I sit?" hands the player's own link out once, to the first phone that asks: (the player, their
    link), or (the player, None) when another phone took it already (the organiser replaces it). The room's code
    alone asks: it is what every player holds."""
    if access.role != "join":
        raise games.Forbidden(N_("A player's own link is handed out from the room's code."))
    entrant = _seated_evening(db, access).entrant(name)
    with store.write(db):
        _give_links(db, access.tournament_id)
        row = db.execute("UPDATE tournament_keys SET claimed_at = ? WHERE tournament_id = ? AND player = ? "
                         "AND revoked_at IS NULL AND claimed_at IS NULL RETURNING key",
                         [store.now(), access.tournament_id, entrant.number]).fetchone()
    return entrant, row[0] if row else None


def replace_link(db, access: tournaments.Access, name) -> tuple[Entrant, str]:
    """The organiser gives a player a new link (lost phone, taken by someone else): the old one stops working at
    once, and the new one is the organiser's to hand over (the room's code hands out no second one)."""
    organiser_only(access)
    entrant = _seated_evening(db, access).entrant(name)
    with store.write(db):
        db.execute("UPDATE tournament_keys SET revoked_at = ? WHERE tournament_id = ? AND player = ? "
                   "AND revoked_at IS NULL", [store.now(), access.tournament_id, entrant.number])
        key = new_key()  # the organiser's to hand over: claimed already, the room's code hands out no other
        db.execute("INSERT INTO tournament_keys (key, tournament_id, role, player, created_at, claimed_at) "
                   "VALUES (?, ?, ?, ?, ?, ?)", [key, access.tournament_id, PLAYER, entrant.number, store.now(),
                                                 store.now()])
    return entrant, key
