"""The service layer: every page and API call goes through here.

A command is load → validate with the rules → append one event, all in one BEGIN IMMEDIATE
transaction. A game's state is always the replay of its events through the pure rules.

**Replayed once, then kept.** Replaying a game costs time in proportion to its events (every
family's `apply` costs about the same at the 5 000th change as at the first), and under gevent that
time is taken from every other request and stream of the worker. So each process keeps the games
it replayed (`Replayed`, least recently used first out, at most `CACHED_EVENTS` events in all), and
`load` reads only the events after the version it holds, applying them to the kept state: a read of
an unchanged game replays nothing, a write applies its one event, a game written by another worker
catches up by the events it missed. An undo among them (it takes a change back) replays the game
whole, once. Only what a committed transaction wrote is kept (`:memory:` databases are never kept),
and a kept game whose last event is no longer in the file as it was (a restored backup) is replayed
again. Several requests asking at once for a game not yet kept wait for one replay (`Replayed.turn`),
so four simultaneous reads of a long game cost one replay, not four. Long loops give the other
greenlets of the worker a turn (`turns.taking_turns`).
"""
from __future__ import annotations

import hashlib
import json
import secrets
import threading
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Collection

from ..store import db as store
from ..store import live, once, table_phones
from ..store.turns import EVERY, give_way, taking_turns
from ..store.keys import find_key, new_id, new_key
from ..model import (EVERYTHING, MARKS, ROLES, Access, Loaded, NotFound, Seen, sort_out,  # noqa: F401
                     visibility)
from ..model.log import Events, Log
from ..model.confirmation import (CONFIRMATIONS_PER_HAND, SCORERS_PHONE, HandNotComplete, StaleHand,
                                  check_scores_kept, check_unlocked, complete, confirmation, scores_of)
from ..rules import N_, VARIANTS, RuleError, new_game
from ..rules.base import InvalidInput, StateConflict, TooManyChanges, check_seat

class Forbidden(RuleError):
    code = "forbidden"


class VersionMismatch(RuleError):
    code = "version_mismatch"


class EntryTaken(StateConflict):
    code = "entry_taken"


class AlreadyApplied(Exception):
    """The entry of that id was applied before (#22: a retry after a lost answer, two tabs replaying one queue):
    nothing is applied again. Not a refusal: its answer is the game as it is now, saying so."""

    def __init__(self, loaded: Loaded, access: Access):
        super().__init__(loaded.id)
        self.loaded, self.access = loaded, access


def _recorded(kind: str, payload: dict) -> str:
    """What an entry records (a change, an undo, a confirmation, a reopening of a hand), as a digest: the same
    whether it came from the API or a form, and whatever the order of its fields."""
    text = json.dumps([kind, payload], sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _check_entry(db, access: Access, loaded_now, digest: str) -> None:
    """First thing inside a write unit: an entry whose id was applied already is acknowledged, not applied (before
    any other check: the first try's change would make a replay look stale). Another phone's id is refused, and so
    is the id sent with another change than the one it recorded (`digest`, of `_recorded`)."""
    if access.entry is None:
        return
    taken = EntryTaken(N_("That entry's id is another phone's: nothing was recorded."), field="Idempotency-Key")
    if once.first_answer(db, "change", access.game_id, access.entry, digest, access.key, taken=taken) is not None:
        raise AlreadyApplied(loaded_now(), access)


def _note_entry(db, access: Access, seq: int, digest: str) -> None:
    """Inside the write unit that applied the entry: its id and what it recorded, so that it is applied once."""
    if access.entry is not None:
        once.keep(db, "change", access.game_id, access.entry, digest, str(seq), store.now(), access.key)


def create(db, variant, players, first_dealer=None, options=None, also=None,
           confirmation: bool = False, rules_name: str | None = None) -> tuple[Loaded, dict]:
    """Create a game and its keys; returns the game and {'scorer', 'view', 'seats'}.

    `also(db, game_id)` runs in the same transaction (a tournament attaching its new partita):
    when it refuses, no game is left behind. `confirmation`: another player confirms each complete hand on
    their own phone (kept in the `created` event, as the game's other settings). `rules_name`: the saved house
    rules it starts from ("Casa Rossi"), kept there too: its print and results card are titled with it (#35)."""
    created = {**({"confirmation": True} if confirmation else {}), **({"rules_name": rules_name} if rules_name else {})}
    prepared = _prepared(New(variant, players, first_dealer, options, also, created or None))
    with store.write(db):
        made = _stored(db, *prepared)
    remember(db, made[0])
    return made


@dataclass(frozen=True)
class New:
    """A game to create: what `create` takes, and what its creation records besides (an import's origin)."""
    variant: object
    players: object
    first_dealer: object = None
    options: object = None
    also: object = None  # `also(db, game_id)`, run in the transaction
    created: dict | None = None  # more facts for the `created` event
    events: int = 1  # the events its creation writes, `also`'s included: what a write unit's share is counted in


def _prepared(new: New) -> tuple:
    """A game checked by the rules and given its id and keys, before any write: (new, state, id, keys, payload)."""
    drawn = new.first_dealer is None and isinstance(new.players, list) and bool(new.players)
    first_dealer = secrets.randbelow(len(new.players)) if drawn else new.first_dealer
    state = new_game(new.variant, new.players, first_dealer, new.options)
    keys = {"scorer": new_key(), "view": new_key(), "seats": [new_key() for _ in state.players]}
    payload = {"variant": state.variant.id, "players": list(state.players), "first_dealer": state.first_dealer,
               "options": state.options, **(new.created or {})}
    if drawn:
        payload["dealer_drawn"] = True  # the sheet says so until the first hand is in
    return new, state, new_id(), keys, payload


def _stored(db, new: New, state, game_id: str, keys: dict, payload: dict) -> tuple[Loaded, dict]:
    """Inside a write unit: a prepared game's row, keys and `created` event, then its `also`."""
    at = store.now()
    db.execute("INSERT INTO games (id, variant, created_at) VALUES (?, ?, ?)", [game_id, state.variant.id, at])
    rows = [("scorer", None, keys["scorer"]), ("view", None, keys["view"])]
    rows += [("seat", seat, key) for seat, key in enumerate(keys["seats"])]
    db.conn.executemany("INSERT INTO keys (key, game_id, role, seat, created_at) VALUES (?, ?, ?, ?, ?)",
                        [(key, game_id, role, seat, at) for role, seat, key in rows])
    created = store.append_event(db, game_id, 1, "created", payload, "scorer", None)
    if new.also is not None:
        new.also(db, game_id)
    return Loaded(game_id, state, 1, [created]), keys


UNIT_EVENTS = EVERY  # the events a write unit of `create_in_turns` gathers (a game at the cap: its own unit)


def create_in_turns(db, wanted: list[New], last=None) -> list[tuple[Loaded, dict]]:
    """Many games (a file of a thousand imported), all stored or none, yet never in one long transaction: the
    games go in short write units of about `UNIT_EVENTS` events each, and between two units the other requests
    of the worker get a turn, their writes too (one transaction of them all held the worker and the file's
    write lock for seconds). `last(db, game_ids)` runs in the last unit: what must appear with the last game
    (an import's idempotency key). When a unit fails (a full disk, the same import's other try finishing
    first), the games of the units before it are deleted again: their keys were never given to anyone."""
    prepared = [_prepared(new) for new in taking_turns(wanted)]
    made: list[tuple[Loaded, dict]] = []
    try:
        for start, end in _units([new.events for new, *_ in prepared]):
            give_way()
            with store.write(db):
                stored = [_stored(db, *game) for game in prepared[start:end]]
                if end == len(prepared) and last is not None:
                    last(db, [loaded.id for loaded, _ in made + stored])
            made += stored
    except BaseException:
        discard(db, [loaded.id for loaded, _ in made])
        raise
    for loaded, _ in made:
        remember(db, loaded)
    return made


def _units(sizes: list[int]):
    """(start, end) of each write unit: games in order, a unit closed once it holds `UNIT_EVENTS` events."""
    start, events = 0, 0
    for end, size in enumerate(sizes, start=1):
        events += size
        if events >= UNIT_EVENTS or end == len(sizes):
            yield start, end
            start, events = end, 0


def discard(db, game_ids: list[str]) -> None:
    """Delete games nobody was given a key to (an import that could not finish), in one write unit."""
    if not game_ids:
        return
    with store.write(db):
        for table, column in (("events", "game_id"), ("keys", "game_id"), ("games", "id")):
            db.conn.executemany(f"DELETE FROM {table} WHERE {column} = ?", [[game_id] for game_id in game_ids])


def variant_of(db, game_id: str):
    """The variant of a game (without replaying it): what the shape of a change to it depends on. A game kept
    says it (a game's variant never changes): no statement."""
    key = _kept_as(db, game_id)
    kept = REPLAYED.get(key) if key is not None else None
    if kept is not None:
        return kept.variant
    row = db.execute("SELECT variant FROM games WHERE id = ?", [game_id]).fetchone()
    if row is None:
        raise NotFound()
    return VARIANTS[row[0]]


def players_of(db, game_id: str) -> list:
    """The names a game was created with, read from its first event (no replay)."""
    row = db.execute("SELECT payload FROM events WHERE game_id = ? AND seq = 1", [game_id]).fetchone()
    return json.loads(row[0]).get("players", []) if row else []


def keys_of(db, game_id: str) -> dict:
    rows = db.execute("SELECT role, seat, key FROM keys WHERE game_id = ? AND revoked_at IS NULL",
                      [game_id]).fetchall()
    keys = {"seats": {}}
    for role, seat, key in rows:
        if role == "seat":
            keys["seats"][seat] = key
        else:
            keys[role] = key
    keys["seats"] = [keys["seats"][s] for s in sorted(keys["seats"])]
    return keys


def replaced(db, game_id: str, role: str) -> bool:
    """Whether the game's link of `role` was ever replaced: the key first given for it no longer opens the game."""
    return db.execute("SELECT 1 FROM keys WHERE game_id = ? AND role = ? AND revoked_at IS NOT NULL LIMIT 1",
                      [game_id, role]).fetchone() is not None


def authorize(db, game_id: str, key: str | None) -> Access:
    """The access a key gives to a game; NotFound for anything else (compared in constant time)."""
    if not isinstance(game_id, str):
        raise NotFound()
    rows = db.execute("SELECT role, seat, key FROM keys WHERE game_id = ? AND revoked_at IS NULL",
                      [game_id]).fetchall()
    found = find_key(rows, key)
    if found is None:
        raise NotFound()
    return Access(game_id, key=found[2], role=found[0], seat=found[1])


def replay(rows):
    """Fold the events through the rules: undo pops the latest change still standing (`Events`: as their log's
    index says, which this pass builds)."""
    if not rows or rows[0]["type"] != "created":
        raise NotFound()
    created = rows[0]["payload"]
    state = new_game(created["variant"], created["players"], created["first_dealer"], created["options"])
    for row in taking_turns(rows.standing() if isinstance(rows, Events) else sort_out(rows)[0]):
        state = state.apply(row["payload"])
    return state


def load(db, game_id: str) -> Loaded:
    """The game as its events make it now: kept from an earlier request and brought up to date, or replayed."""
    key = _kept_as(db, game_id)
    if key is None:
        return _replayed(db, game_id)
    with REPLAYED.turn(key):
        kept = REPLAYED.get(key)
        loaded = _caught_up(db, kept) if kept is not None else None
        if loaded is None:
            loaded = _replayed(db, game_id)
        if loaded is not kept:
            REPLAYED.put(key, loaded)
        return loaded


def _replayed(db, game_id: str) -> Loaded:
    events = Log(store.events(db, game_id)).view()
    state = replay(events)  # NotFound without events
    return Loaded(game_id, state, events[-1]["seq"], events)


def _caught_up(db, kept: Loaded) -> Loaded | None:
    """`kept` with the events written since applied to it; None when only a whole replay will do: an undo
    among them, or the kept game's last event no longer in the file as it was."""
    rows = store.events_after(db, kept.id, kept.version - 1)
    last = kept.events[-1]
    if not rows or (rows[0]["seq"], rows[0]["type"], rows[0]["created_at"]) != (
            last["seq"], last["type"], last["created_at"]):
        return None
    newer = rows[1:]
    if not newer:
        return kept
    if any(row["type"] not in ("change", *MARKS) for row in newer):
        return None
    state = kept.state
    for row in taking_turns(newer):
        if row["type"] == "change":
            state = state.apply(row["payload"])
    return Loaded(kept.id, state, newer[-1]["seq"], kept.events.plus(newer))


# -- the games this process replayed -----------------------------------------------------------------
CACHED_EVENTS = 40_000  # about 50 MB at the most: eight games at the cap of 5,000 changes (four with as many
# confirmations and reopenings besides, #33), or hundreds of usual ones


class Replayed:
    """The games this process replayed, by (database file, game): least recently used out first, at most
    `budget` events in all (a game bigger than that is not kept)."""

    def __init__(self, budget: int = CACHED_EVENTS):
        self.budget = budget
        self.lock = threading.Lock()
        self.games: OrderedDict[tuple[str, str], Loaded] = OrderedDict()
        self.events = 0
        self.turns: dict[tuple[str, str], list] = {}  # key → [lock, requests waiting or holding it]

    def get(self, key) -> Loaded | None:
        with self.lock:
            loaded = self.games.get(key)
            if loaded is not None:
                self.games.move_to_end(key)
            return loaded

    def put(self, key, loaded: Loaded) -> None:
        """Keep `loaded` unless a newer version of the game is kept already."""
        with self.lock:
            old = self.games.get(key)
            if old is not None:
                if old.version > loaded.version:
                    return
                self.events -= len(old.events)
                del self.games[key]
            if len(loaded.events) > self.budget:
                return
            self.games[key] = loaded
            self.events += len(loaded.events)
            while self.events > self.budget:
                _, evicted = self.games.popitem(last=False)
                self.events -= len(evicted.events)

    def clear(self) -> None:
        with self.lock:
            self.games.clear()
            self.events = 0

    @contextmanager
    def turn(self, key):
        """One request at a time replays or updates a game (the others then find it kept)."""
        with self.lock:
            entry = self.turns.setdefault(key, [threading.RLock(), 0])
            entry[1] += 1
        try:
            with entry[0]:
                yield
        finally:
            with self.lock:
                entry[1] -= 1
                if not entry[1]:
                    del self.turns[key]


REPLAYED = Replayed()


def _kept_as(db, game_id: str) -> tuple[str, str] | None:
    path = getattr(db, "path", ":memory:")
    return None if path == ":memory:" or not isinstance(game_id, str) else (path, game_id)


def remember(db, loaded: Loaded) -> None:
    """Keep a game as a committed write left it (never call this inside a write unit)."""
    key = _kept_as(db, loaded.id)
    if key is not None and loaded.events:
        REPLAYED.put(key, loaded)


def _check_version(loaded: Loaded, versions: Collection[str] | None) -> None:
    """`versions`: the versions the client would change (an If-Match header's, a form's); None: any."""
    if versions is not None and str(loaded.version) not in versions:
        raise VersionMismatch(N_("Someone else changed this game meanwhile (now at version %(version)s): "
                                 "look at the sheet again and retry."), version=loaded.version)


def change(db, access: Access, event: dict, versions: Collection[str] | None = None, hand_seen=None) -> Loaded:
    """Validate one change against the current state and append it.

    `versions`: the whole game must still be at one of them (the API's If-Match).
    `hand_seen`: the version a form was drawn at (None: not said); refused only if the same hand changed since
    (a bid in another hand meanwhile is no reason to throw away a correction being typed)."""
    if not access.may_write():
        authorize_change(access, event, variant_of(db, access.game_id))
    key = _kept_as(db, access.game_id)
    if key is not None and REPLAYED.get(key) is None:
        load(db, access.game_id)  # a replay, if one is needed, before the write lock: inside, only what is new
    digest = _recorded("change", event)
    with store.write(db):
        loaded = load(db, access.game_id)
        _check_entry(db, access, lambda: loaded, digest)
        _check_version(loaded, versions)
        _check_hand_unchanged(loaded, event, hand_seen)
        if access.role == "seat":
            _seat_may_enter(loaded, event)
        check_unlocked(loaded.events, event.get("hand"))
        state = loaded.state.apply(event)  # the rules' refusal first (all slips in: bidding closed)
        if access.role != "seat":
            _scorer_leaves_own_entries(loaded, event)
        check_scores_kept(loaded.events, state)
        seq = loaded.version + 1
        appended = store.append_event(db, access.game_id, seq, "change", event, access.role, access.seat)
        _note_entry(db, access, seq, digest)
    return _published(db, Loaded(access.game_id, state, seq, loaded.events.plus([appended])))


def _check_hand_unchanged(loaded: Loaded, event: dict, seen) -> None:
    """A form's change is refused when what it concerns changed after the form was drawn: its hand, or
    for a bid only that seat's bid (other players bidding meanwhile on their phones is no reason) —
    which is also what turns a second tap on the same pad into nothing."""
    if seen is None:
        return
    hand, own = event.get("hand"), loaded.variant.own_entry(event)
    players = len(loaded.state.players)
    for payload in _changes_since(loaded, hand, seen):
        if own is None:
            raise VersionMismatch(N_("Someone else changed hand %(hand)s meanwhile: look at it again and retry."),
                                  hand=hand)
        if own in loaded.variant.entries_set(payload, players):
            raise VersionMismatch(N_("That bid was already recorded (a second tap, or another phone): nothing "
                                     "more was recorded. Look at the sheet, and tap again if it is not what you "
                                     "meant."))


def _changes_since(loaded: Loaded, hand, seen: int):
    """The changes to `hand` made (or taken back) after version `seen`; marks (a confirmation) change nothing."""
    for row, payload in loaded.events.touching(hand):
        if row["seq"] > seen and row["type"] not in MARKS:
            yield payload


def undo(db, access: Access, versions: Collection[str] | None = None) -> Loaded:
    """Take back the latest change still standing: the game is replayed once, without it."""
    if not access.may_write():
        raise Forbidden(N_("Only the scorer can undo."))
    digest = _recorded("undo", {})
    with store.write(db):
        _check_entry(db, access, lambda: load(db, access.game_id), digest)
        store.check_room(db, access.game_id, "undo")
        rows = store.events(db, access.game_id)
        if not rows:
            raise NotFound()
        version = rows[-1]["seq"]
        before = Log(rows).view()  # a log of its own, the game replayed: no kept log ever has an undo appended
        _check_version(Loaded(access.game_id, None, version, before), versions)
        last = before.last_standing()
        if last is None:
            raise StateConflict(N_("There is nothing to undo."))
        check_unlocked(before, last["payload"].get("hand"))
        seq = version + 1
        events = before.plus([store.append_event(db, access.game_id, seq, "undo", {}, access.role, access.seat)])
        _note_entry(db, access, seq, digest)
        state = replay(events)
        check_scores_kept(events, state)
    return _published(db, Loaded(access.game_id, state, seq, events))


def authorize_change(access: Access, event: dict, variant) -> None:
    """The scorer makes any change; a player's own phone only their own entries (the variant says which)."""
    if access.role == "scorer":
        return
    if access.role == "seat" and variant.own_entry(event) == access.seat:
        return
    if access.role == "seat":
        raise Forbidden(N_("From your own phone you can only enter your own bid."))
    raise Forbidden(N_("This link can only look at the game, not change it."))


SEAT_CHANGES_PER_HAND = 10  # a player's own phone: enough to change one's mind, never enough to fill a game


def _seat_may_enter(loaded: Loaded, event: dict) -> None:
    """A player's own phone bids only in the current hand, before its tricks are recorded, and at most
    SEAT_CHANGES_PER_HAND times a hand: the changes a game holds (`db.MAX_EVENTS`) are the table's, and
    one seat rewriting its slip must not use them up (the scorer can always finish and undo)."""
    hand, seat = event.get("hand"), event.get("seat")
    if hand != loaded.state.current_hand:
        raise StateConflict(N_("Bidding for that hand is closed."))
    made = sum(1 for row, _ in loaded.events.touching(hand) if row["type"] == "change" and row["actor_role"] == "seat"
               and row["actor_seat"] == seat)
    if made >= SEAT_CHANGES_PER_HAND:
        raise TooManyChanges(N_("From your own phone a bid can be changed %(count)s times a hand: ask the scorer "
                                "to enter it."), count=SEAT_CHANGES_PER_HAND)


def _scorer_leaves_own_entries(loaded: Loaded, event: dict) -> None:
    """A sealed bid a player made on their own phone is theirs: until the hand's secrets are out the scorer
    can neither replace nor clear it (and learns nothing of it from the refusal, whatever the value sent).
    The scorer still enters the sealed bids of players without a phone."""
    hand, players = event.get("hand"), len(loaded.state.players)
    seats = loaded.variant.entries_set(event, players)
    if not seats:
        return
    sealed = loaded.state.secrets()
    standing = loaded.events.standing_in(hand)
    for seat in seats:
        if (hand, seat) in sealed and _made_by(standing, seat, players, loaded.variant) == "seat":
            raise StateConflict(N_("%(name)s made that sealed bid on their own phone: it is theirs until the "
                                   "tricks are in. Ask them to change it there."),
                                field=loaded.variant.own_field, name=loaded.state.players[seat])


def _made_by(standing: list[dict], seat, players: int, variant) -> str | None:
    """Who set the own entry of `seat` as it stands (the role of the latest change `standing` in its hand that did)."""
    for row in reversed(standing):
        payload = row["payload"]
        if seat in variant.entries_set(payload, players):
            return row["actor_role"]
    return None


# -- the opponents confirm (#21) ---------------------------------------------------------------------------
def confirm(db, access: Access, hand, seen: int, on_scorers_phone: bool = False) -> Loaded:
    """Another player confirms a complete hand with one tap on their own phone, as it was shown at version `seen`
    (changed since: `StaleHand`, nothing recorded). Confirmed already: the game as it is, nothing recorded — the
    second tap of a double tap, or two players tapping at once, are no error. `on_scorers_phone`: the tap came
    from the phone that holds the scorer's link, and the confirmation says so wherever it is shown (#33)."""
    if access.role != "seat":
        raise Forbidden(N_("The hand must be confirmed by another player, on their own phone."))
    digest = _recorded("confirm", {"hand": hand})
    with store.write(db):
        loaded = load(db, access.game_id)
        _check_entry(db, access, lambda: loaded, digest)
        marks = _confirmable(loaded, hand)
        if seen > loaded.version:  # no page showed the game at a version it never had: "later than all" it is not
            raise InvalidInput(N_("The game is at version %(version)s, not %(seen)s: look at the hand again before "
                                  "confirming it."), field="version", version=loaded.version, seen=seen)
        if any(True for _ in _changes_since(loaded, hand, seen)):
            raise StaleHand(N_("Hand %(hand)s changed after your page showed it: look at it again before "
                               "confirming."), hand=hand)
        if hand in marks.confirmed:
            return loaded
        if hand in marks.closed:
            raise TooManyChanges(N_("Hand %(hand)s was confirmed %(count)s times already, and reopened each time: "
                                    "it stays open, the scorer can still correct it, but it can no longer be "
                                    "confirmed."), hand=hand, count=CONFIRMATIONS_PER_HAND)
        where = {"where": SCORERS_PHONE} if on_scorers_phone else {}
        marked = _marked(db, loaded, "confirm", hand, access.role, access.seat, where)
        _note_entry(db, access, marked.version, digest)
    return _published(db, marked)


def reopen(db, game_id: str, hand, by: Access | str = "organiser") -> Loaded:
    """Reopen a confirmed hand so that it can be corrected (it then needs a new confirmation): from a player's
    own phone (`by` their seat's Access), or by the tournament's organiser (`by="organiser"`, whose page checked
    the tournament's key)."""
    organiser = by == "organiser"
    if not organiser and not (isinstance(by, Access) and by.role == "seat" and by.game_id == game_id):
        raise Forbidden(N_("A confirmed hand can be reopened by a player on their own phone, or by the "
                           "tournament's organiser."))
    digest = _recorded("reopen", {"hand": hand})
    with store.write(db):
        loaded = load(db, game_id)
        if not organiser:
            _check_entry(db, by, lambda: loaded, digest)
        if hand not in _confirmable(loaded, hand).confirmed:
            raise StateConflict(N_("Hand %(hand)s is not confirmed: there is nothing to reopen."), hand=hand)
        role, seat = ("organiser", None) if organiser else (by.role, by.seat)
        marked = _marked(db, loaded, "reopen", hand, role, seat)
        if not organiser:
            _note_entry(db, by, marked.version, digest)
    return _published(db, marked)


def _confirmable(loaded: Loaded, hand):
    marks = confirmation(loaded)
    if not marks.on:
        raise StateConflict(N_("This game does not ask the players to confirm its hands."))
    if not complete(loaded.state, hand):
        raise HandNotComplete(N_("Hand %(hand)s is not complete: it can be confirmed once its result is in."),
                              hand=str(hand)[:20])
    return marks


def _marked(db, loaded: Loaded, kind: str, hand: int, role: str, seat: int | None, more: dict | None = None) -> Loaded:
    """Append a mark inside the caller's write unit (the game's state stays as it was); a confirmation keeps
    the scores it confirmed, which no later change may then alter (and `more`: where it was made)."""
    seq = loaded.version + 1
    mark: dict = {"hand": hand}
    if kind == "confirm":
        mark.update(scores=scores_of(loaded.state, hand), **(more or {}))
    appended = store.append_event(db, loaded.id, seq, kind, mark, role, seat)
    return Loaded(loaded.id, loaded.state, seq, loaded.events.plus([appended]))


def _published(db, loaded: Loaded) -> Loaded:
    """After the commit: kept, and every open view told (the version moved on, so every phone refreshes)."""
    remember(db, loaded)
    live.hub(db.path).published(loaded.id, loaded.version)
    return loaded


def rotate(db, access: Access, role: str, seat=None) -> str:
    """Replace a link with a new one; the old one stops working at once."""
    if not access.may_write():
        raise Forbidden(N_("Only the scorer can change the links."))
    if role not in ROLES:
        raise RuleError(N_("There is no link called “%(role)s”."), role=str(role)[:20])
    with store.write(db):
        loaded = load(db, access.game_id)
        if role == "seat" and (isinstance(seat, bool) or not isinstance(seat, int)
                               or not 0 <= seat < len(loaded.state.players)):
            raise RuleError(N_("There is no seat %(seat)s at this table."), seat=str(seat)[:20])
        key = _new_link(db, access.game_id, role, seat if role == "seat" else None)
    live.hub(db.path).poke(access.game_id)  # open streams of the old key close now
    return key


def _new_link(db, game_id: str, role: str, seat: int | None) -> str:
    """Inside the caller's write unit: the game's link of `role` (a seat's) revoked and a new one made."""
    where, params = ("role = 'seat' AND seat = ?", [seat]) if role == "seat" else ("role = ?", [role])
    db.execute(f"UPDATE keys SET revoked_at = ? WHERE game_id = ? AND revoked_at IS NULL AND {where}",
               [store.now(), game_id, *params])
    key = new_key()
    db["keys"].insert({"key": key, "game_id": game_id, "role": role, "seat": seat, "created_at": store.now()})
    return key


# -- the table's phones (#35) --------------------------------------------------------------------------------
class HandoverGone(NotFound):
    """A handover link taken already, or made by a scorer link replaced since: it gives nothing, as an unknown one."""

    message = N_("This link to take over the scoring no longer works (it works once, and only while the phone "
                 "that made it keeps the score): ask the scorer for a new one.")


def hand_over(db, access: Access) -> str:
    """The scorer offers the scoring to another phone: a one-time token, which replaces this very scorer link
    with a new one when another phone takes it (`take_over`): the old phone is then no longer the scorer."""
    if not access.may_write():
        raise Forbidden(N_("Only the scorer can hand the scoring over."))
    token = new_key()
    with store.write(db):
        table_phones.offer(db, access.game_id, access.key, token)
    return token


def _offered(db, game_id: str, token) -> tuple | None:
    """The handover of that token not taken yet, whose scorer link still opens the game: (its scorer key, token)."""
    return find_key(table_phones.offered(db, game_id), token)


def handover_open(db, game_id: str, token) -> bool:
    """Whether a handover link would still give the scoring (the page that asks to take it)."""
    return _offered(db, game_id, token) is not None


def take_over(db, game_id: str, token) -> str:
    """The phone that opened a handover link takes the scoring: the scorer link is replaced, the new one is this
    phone's, the old one no longer opens the game (its page says it was handed over). Once: a second take is
    refused (`HandoverGone`)."""
    with store.write(db):
        found = _offered(db, game_id, token)
        if found is None:
            raise HandoverGone()
        table_phones.taken(db, found[1])
        key = _new_link(db, game_id, "scorer", None)
    live.hub(db.path).poke(game_id)  # the old phone's live sheet closes now
    return key


def handed_over(db, game_id: str, key) -> bool:
    """Whether `key` is a scorer link replaced by a handover another phone took."""
    return isinstance(game_id, str) and find_key(table_phones.handed_over(db, game_id), key) is not None


def confirm_for(db, access: Access, seat, hand, seen: int) -> Loaded:
    """The table's phone passed to a player ("Bruno, is hand 3 right?"), Bridgemate-style: the scorer's link
    confirms for the player named, and the confirmation is theirs, marked as made on the scorer's phone."""
    if not access.may_write():
        raise Forbidden(N_("Only the scorer's phone can be passed round to confirm a hand."))
    seat = check_seat(seat, len(players_of(db, access.game_id)))
    return confirm(db, replace(access, role="seat", seat=seat), hand, seen, on_scorers_phone=True)
