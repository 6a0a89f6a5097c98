"""Saved house rules (#23): a table names its rules ("Casa Rossi") and starts the next game from them in one tap.

A saved set is a game's variant and options as the rules resolved them (only a set a game accepted is kept),
with the players and the first dealer of the game it was saved from, and whether opponents confirm each hand.
It belongs to the phone that saved it (its device id, `web/phone/devices.py`): another phone neither sees nor opens it.

- **One name once per phone.** Names are tidied as players' names are (1–40 characters, no control characters)
  and compared as they are ("casa rossi" is "Casa Rossi"); saving under a name in use replaces that set only
  when the table confirmed replacing that very name (`replace`: the name the question showed, so that a form
  sent again with another name in use asks again), or when it is the very set being changed (`editing`).
- **The next game.** A set remembers who dealt first in the last game started from it: the next game starts
  with the same players, the next player dealing (as a rematch does); a set whose dealer was drawn has the
  dealer drawn again each time. Each start counts as a use: the sets a phone uses most recently come first.
- **Started once.** A list's Start buttons carry a key of that list (`once`): the same key sent again (a double
  tap, a retry) opens the game it started instead of starting another; once that game's scorer link was
  replaced, it opens nothing (`StartReplaced`): a Start sent again never hands out the new link (#33).
- At most `MAX_SETS` per phone: one more is refused with a message, nothing is replaced behind the table's back.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..model import Loaded, NotFound, check_once
from ..rules.base import (N_, MAX_NAME, InvalidInput, StateConflict, has_control_characters, has_something_to_read,
                          same_name, tidy_name)
from ..store import db as store
from ..store import once as kept_once
from ..store.keys import new_id
from . import games

MAX_SETS = 50


class UnknownSet(NotFound):
    """No saved rules of that id on this phone (another phone's are as unknown as none)."""

    message = N_("There are no such saved rules on this phone.")


class StartReplaced(NotFound):
    """A Start sent again whose game has had its scorer link replaced since: as a replaced link, it opens nothing."""

    message = N_("The game this Start opened no longer opens with this link: its scorer made a new link.")


class InvalidSetName(InvalidInput):
    code = "invalid_name"
    field = "rules_name"


class NameTaken(StateConflict):
    """A set of that name is on this phone already: the caller asks the table before replacing it."""

    code = "name_taken"
    field = "rules_name"

    def __init__(self, name: str):
        super().__init__(N_("“%(name)s” already exists on this phone: replace it?"), name=name)
        self.name = name


class TooManySets(StateConflict):
    code = "too_many_house_rules"
    field = "rules_name"


@dataclass(frozen=True)
class HouseRules:
    id: str
    name: str
    variant: str
    options: dict
    players: list
    first_dealer: int | None  # who dealt first in the last game started from it; None: drawn
    confirmation: bool

    @property
    def next_dealer(self) -> int | None:
        """Who deals first in the next game started from the set: the next player, or None (drawn)."""
        if self.first_dealer is None:
            return None
        return (self.first_dealer + 1) % len(self.players)


def check_name(text) -> str:
    """A set's name as the table sees it: tidied; 1–40 characters with something to read, no control characters."""
    name = tidy_name(text) if isinstance(text, str) else ""
    if not has_something_to_read(name):
        raise InvalidSetName(N_("Give the rules a name."))
    if len(name) > MAX_NAME:
        raise InvalidSetName(N_("A name may be at most %(max)s characters long."), max=MAX_NAME)
    if has_control_characters(name):
        raise InvalidSetName(N_("A name may not contain control characters."))
    return name


COLUMNS = "id, name, variant, options, players, first_dealer, confirmation"


def _set(row) -> HouseRules:
    set_id, name, variant, options, players, first_dealer, confirmation = row
    return HouseRules(set_id, name, variant, json.loads(options), json.loads(players), first_dealer, bool(confirmation))


def listed(db, device: str | None) -> list[HouseRules]:
    """A phone's saved sets, the one used (or saved) most recently first."""
    if device is None:
        return []
    return [_set(row) for row in db.execute(f"SELECT {COLUMNS} FROM house_rules WHERE device = ? "
                                            "ORDER BY used_at DESC, rowid DESC", [device]).fetchall()]


def find(db, device: str | None, set_id) -> HouseRules:
    """One of the phone's sets; `UnknownSet` for any other id, another phone's included."""
    row = db.execute(f"SELECT {COLUMNS} FROM house_rules WHERE id = ? AND device = ?",
                     [set_id, device]).fetchone() if isinstance(set_id, str) and device else None
    if row is None:
        raise UnknownSet()
    return _set(row)


def saving(device: str | None, name, replace: str | None = None, editing: str | None = None):
    """What `games.create` runs in its transaction (`also`) to save the new game's rules as `name`: the name is
    checked now, before anything is created; a name in use or a phone at its limit leaves no game behind."""
    if device is None:
        raise InvalidSetName(N_("This phone keeps no cookies, so it cannot keep rules: allow cookies and try again."))
    checked = check_name(name)
    confirmed = isinstance(replace, str) and same_name(tidy_name(replace)) == same_name(checked)
    return lambda db, game_id: _keep(db, device, checked, game_id, confirmed, editing)


def save(db, device: str | None, name, loaded: Loaded, replace: str | None = None) -> HouseRules:
    """Save the rules of a game already under way (the sheet's "Save these rules") as `name`."""
    keep = saving(device, name, replace)
    with store.write(db):
        set_id = keep(db, loaded.id)
    return find(db, device, set_id)


def _keep(db, device: str, name: str, game_id: str, replace: bool, editing: str | None) -> str:
    """Inside a write unit: the rules of game `game_id` (as its creation recorded them) kept under `name`."""
    created = store.created(db, game_id)
    taken = db.execute("SELECT id FROM house_rules WHERE device = ? AND folded = ?",
                       [device, same_name(name)]).fetchone()
    if taken is not None and not replace and taken[0] != editing:
        raise NameTaken(name)
    if taken is None and db.execute("SELECT count(*) FROM house_rules WHERE device = ?",
                                    [device]).fetchone()[0] >= MAX_SETS:
        raise TooManySets(N_("This phone keeps at most %(max)s sets of rules: delete one first."), max=MAX_SETS)
    set_id = taken[0] if taken is not None else new_id()
    db.execute("INSERT OR REPLACE INTO house_rules (id, device, name, folded, variant, options, players, "
               "first_dealer, confirmation, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [set_id, device, name, same_name(name), created["variant"],
                json.dumps(created["options"], ensure_ascii=False), json.dumps(created["players"], ensure_ascii=False),
                None if created.get("dealer_drawn") else created["first_dealer"],
                int(bool(created.get("confirmation"))), store.now()])
    return set_id


class _StartedAlready(Exception):
    """Inside the write unit of a start: the list's key started `game_id` already (the new game is rolled back)."""

    def __init__(self, game_id: str):
        super().__init__(game_id)
        self.game_id = game_id


def start(db, device: str | None, set_id, once: str | None = None) -> tuple[Loaded, dict]:
    """The next game from a saved set: its players, the next dealer (or a draw), its options; the set remembers
    the new dealer and is used now. Options are checked again (the game may have changed since): a set no longer
    valid is refused with the rules' own message and nothing is created. `once`, the key of the Start button tapped
    (`check_once`; each listed set has its own): sent again, the game it started is the answer, with its keys as
    they are now (`StartReplaced` once its scorer link was replaced: whoever replays the form must not get the new
    one); sent with another of the phone's sets than the one it started, refused and nothing is created (#33)."""
    rules = find(db, device, set_id)
    once = check_once(once)
    dealer = rules.next_dealer

    def used(db, game_id):
        if once is not None:
            started = kept_once.first_answer(db, "start", device, once, rules.id)
            if started is not None:
                raise _StartedAlready(started)
            kept_once.keep(db, "start", device, once, rules.id, game_id, store.now())
        db.execute("UPDATE house_rules SET first_dealer = ?, used_at = ? WHERE id = ?", [dealer, store.now(), rules.id])

    try:
        return games.create(db, rules.variant, list(rules.players), dealer, dict(rules.options), also=used,
                            confirmation=rules.confirmation, rules_name=rules.name)
    except _StartedAlready as started:
        if games.replaced(db, started.game_id, "scorer"):
            raise StartReplaced() from None
        return games.load(db, started.game_id), games.keys_of(db, started.game_id)


def delete(db, device: str | None, set_id) -> None:
    """Delete one of the phone's sets (`UnknownSet` for any other id); the games started from it stay as they are."""
    rules = find(db, device, set_id)
    with store.write(db):
        db.execute("DELETE FROM house_rules WHERE id = ? AND device = ?", [rules.id, device])
