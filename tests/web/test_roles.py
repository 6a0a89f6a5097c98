"""The role matrix (the README "Links, roles"; docs/api.md "Authentication"), through the API and the pages.

Every key a phone may hold × every action, with the exact status; a refusal must leave the game
exactly as it was (same version, same JSON) and say nothing about it.

Keys (game with Anna, Bruno, Carla, Dario; Anna deals hand 1, Carla has already bid 1):
  scorer · view · seat0 (Anna's phone) · seat1 (Bruno's phone) · rotated (a view key replaced by
  a new one) · rotated_seat (Anna's replaced seat key) · garbage · other_game (another game's
  scorer key).
Actions: bid for seat 0, bid for seat 1, record the whole hand, undo, rotate the view link, read
the game, the CSV export, the share page (and, on the pages, the hand history and edit form).

Pages and API agree on what is allowed; how a refusal reads differs in one place: a page that
exists only for the scorer (share panel, rotate, edit form) answers 404 to the other roles, as if
it did not exist, where the API answers 403 to a valid key without the right.
"""
from __future__ import annotations

import math
import secrets
from collections import Counter

import pytest

from scorekeeper.store import db as store
from scorekeeper.service import games
import scorekeeper.store.keys as capability_keys

HAND = {"bids": [3, 4, 2, 3], "tricks": [3, 4, 1, 5]}  # dealer Anna: 12 ≠ 13, tricks add up to 13
ROLES = ["scorer", "view", "seat0", "seat1", "rotated", "rotated_seat", "garbage", "other_game"]


class Table:
    """A fresh game in a known state and every key we want to try on it."""

    def __init__(self, api):
        self.api = api
        created = api.game(first_dealer=0)
        self.id = created["id"]
        self.scorer = created["keys"]["scorer"]
        seats = created["keys"]["seats"]
        assert api.bid(self.id, self.scorer, 1, 2, 1).status_code == 200  # something to undo
        old_view, old_seat0 = created["keys"]["view"], seats[0]
        rotated = self.rotate("view")
        rotated_seat = self.rotate("seat", 0)
        other = api.game(first_dealer=1)
        self.keys = {
            "scorer": self.scorer, "view": rotated["key"], "seat0": rotated_seat["key"], "seat1": seats[1],
            "rotated": old_view, "rotated_seat": old_seat0, "garbage": secrets.token_urlsafe(24),
            "other_game": other["keys"]["scorer"],
        }

    def rotate(self, role, seat=None):
        body = {"role": role} if seat is None else {"role": role, "seat": seat}
        response = self.api.client.post(f"/api/v1/games/{self.id}/keys/rotate", json=body,
                                        headers=self.api.headers(self.scorer))
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def snapshot(self):
        """What the game looks like to the scorer, plus its version and live keys."""
        response = self.api.get(self.id, self.scorer)
        assert response.status_code == 200
        return response.get_json(), live_keys(self.api.client.application, self.id)


def live_keys(app, game_id):
    """The keys that open a game now, read straight from the database."""
    db = store.connect(app.config["SCOREKEEPER_DATABASE"])
    try:
        return games.keys_of(db, game_id)
    finally:
        db.conn.close()


# -- API -------------------------------------------------------------------------------------
def api_call(table: Table, key: str, action: str):
    client, base, headers = table.api.client, f"/api/v1/games/{table.id}", table.api.headers(key)
    if action == "bid_seat0":
        return client.put(f"{base}/hands/1/bids/0", json={"bid": 2}, headers=headers)
    if action == "bid_seat1":
        return client.put(f"{base}/hands/1/bids/1", json={"bid": 0}, headers=headers)
    if action == "hand":
        return client.put(f"{base}/hands/1", json=HAND, headers=headers)
    if action == "undo":
        return client.post(f"{base}/undo", headers=headers)
    if action == "rotate":
        return client.post(f"{base}/keys/rotate", json={"role": "view"}, headers=headers)
    if action == "get":
        return client.get(base, headers=headers)
    if action == "csv":
        return client.get(f"{base}/export.csv", headers=headers)
    raise AssertionError(action)


WRITES = ["bid_seat0", "bid_seat1", "hand", "undo", "rotate"]
READS = ["get", "csv"]
NOBODY = {action: 404 for action in WRITES + READS}
API_EXPECTED = {
    "scorer": {"bid_seat0": 200, "bid_seat1": 200, "hand": 200, "undo": 200, "rotate": 200, "get": 200, "csv": 200},
    "view": {"bid_seat0": 403, "bid_seat1": 403, "hand": 403, "undo": 403, "rotate": 403, "get": 200, "csv": 200},
    "seat0": {"bid_seat0": 200, "bid_seat1": 403, "hand": 403, "undo": 403, "rotate": 403, "get": 200, "csv": 200},
    "seat1": {"bid_seat0": 403, "bid_seat1": 200, "hand": 403, "undo": 403, "rotate": 403, "get": 200, "csv": 200},
    "rotated": NOBODY, "rotated_seat": NOBODY, "garbage": NOBODY, "other_game": NOBODY,
}


def check_matrix(api, role, actions, expected, call):
    """Try every action with one role's key; a fresh table after each accepted write."""
    table, failures = Table(api), []
    for action in actions:
        before = table.snapshot()
        key = table.keys[role]
        response = call(table, key, action)
        want = expected[role][action]
        if want == 303 and not response.headers.get("Location", "").endswith(f"/g/{table.id}/{key}"):
            failures.append((action, "redirect elsewhere", response.headers.get("Location")))
        if response.status_code != want:
            failures.append((action, response.status_code, want, response.get_data(as_text=True)[:200]))
        elif want in (200, 303) and action in WRITES:
            if table.snapshot() == before:
                failures.append((action, "accepted but nothing changed"))
            table = Table(api)
        elif want not in (200, 303):
            if table.snapshot() != before:
                failures.append((action, "a refused request changed the game"))
            refusal_leaks_nothing(table, response, want, failures, action)
    assert not failures, failures


def refusal_leaks_nothing(table, response, status, failures, action):
    text = response.get_data(as_text=True)
    if table.scorer in text:
        failures.append((action, "the scorer key leaked"))
    if response.is_json:
        code = response.get_json()["error"]["code"]
        if code != {403: "forbidden", 404: "not_found"}[status]:
            failures.append((action, "error code", code))
        if table.id in text or "Anna" in text:
            failures.append((action, "the refusal names the game"))
    elif status == 404 and "Anna" in text:
        failures.append((action, "a 404 page shows the game"))
    elif status == 403 and 'role="alert"' not in text:  # the sheet again, with the reason
        failures.append((action, "403 page without the reason"))


@pytest.mark.parametrize("role", ROLES)
def test_api_role_matrix(api, role):
    check_matrix(api, role, WRITES + READS, API_EXPECTED, api_call)


def test_api_write_results_are_what_the_role_asked_for(api):
    """The allowed writes really did what they say (and only that)."""
    table = Table(api)
    game = api_call(table, table.keys["seat0"], "bid_seat0").get_json()
    assert game["version"] == 3 and game["hands"][0]["bids"] == [2, None, 1, None]
    game = api_call(table, table.keys["seat1"], "bid_seat1").get_json()
    assert game["hands"][0]["bids"] == [2, 0, 1, None]
    game = api_call(table, table.scorer, "undo").get_json()
    assert game["version"] == 5 and game["hands"][0]["bids"] == [2, None, 1, None]
    game = api_call(table, table.scorer, "hand").get_json()
    assert game["hands"][0]["scores"] == [13, 14, 1, 5] and game["current_hand"] == 2


@pytest.mark.parametrize("header", [
    None, "", "Bearer", "Bearer ", "Basic abc", "bearer x", "Bearer " + "a" * 5000,
    "Bearer \u00e8\u00e8\u00e8", "Token {key}", "{key}", "Bearer {key}x", "Bearer {short}",
])
def test_malformed_authorization_is_404_and_changes_nothing(api, header):
    table = Table(api)
    before = table.snapshot()
    headers = {}
    if header is not None:
        headers["Authorization"] = header.format(key=table.scorer, short=table.scorer[:-1])
    for method, path, body in [("get", "", None), ("put", "/hands/1/bids/0", {"bid": 1}),
                               ("put", "/hands/1", HAND), ("post", "/undo", None),
                               ("post", "/keys/rotate", {"role": "scorer"}), ("get", "/export.csv", None),
                               ("get", "/events", None)]:
        try:
            response = getattr(api.client, method)(f"/api/v1/games/{table.id}{path}", json=body, headers=headers)
        except UnicodeEncodeError:  # the test client cannot even send a non-latin-1 header
            continue
        assert response.status_code == 404, (header, path)
        assert response.get_json()["error"]["code"] == "not_found"
    assert table.snapshot() == before


def test_unknown_game_with_a_valid_key_of_another_is_404(api):
    table = Table(api)
    for game_id in ["nope", table.id + "x", "%00", "a" * 300]:
        response = api.get(game_id, table.scorer)
        assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"


# -- pages -------------------------------------------------------------------------------------
def page_call(table: Table, key: str, action: str):
    client, base = table.api.client, f"/g/{table.id}/{key}"
    if action == "bid_seat0":
        return client.post(f"{base}/bid", data={"hand": "1", "seat": "0", "bid": "2"})
    if action == "bid_seat1":
        return client.post(f"{base}/bid", data={"hand": "1", "seat": "1", "bid": "0"})
    if action == "hand":
        form = {"correction": "1", **{f"bid-{s}": str(b) for s, b in enumerate(HAND["bids"])},
                **{f"tricks-{s}": str(t) for s, t in enumerate(HAND["tricks"])}}
        return client.post(f"{base}/hands/1", data=form)
    if action == "undo":
        return client.post(f"{base}/undo")
    if action == "rotate":
        return client.post(f"{base}/rotate", data={"role": "view"})
    if action == "get":
        return client.get(base)
    if action == "share":
        return client.get(f"{base}/share")
    if action == "history":
        return client.get(f"{base}/hands/1/history")
    if action == "edit":
        return client.get(f"{base}/hands/1")
    raise AssertionError(action)


PAGE_ACTIONS = WRITES + ["get", "share", "history", "edit"]
PAGE_NOBODY = {action: 404 for action in PAGE_ACTIONS}
PAGE_EXPECTED = {
    "scorer": {"bid_seat0": 303, "bid_seat1": 303, "hand": 303, "undo": 303, "rotate": 200, "get": 200,
               "share": 200, "history": 200, "edit": 200},
    "view": {"bid_seat0": 403, "bid_seat1": 403, "hand": 403, "undo": 403, "rotate": 404, "get": 200,
             "share": 404, "history": 200, "edit": 404},
    "seat0": {"bid_seat0": 303, "bid_seat1": 403, "hand": 403, "undo": 403, "rotate": 404, "get": 200,
              "share": 404, "history": 200, "edit": 404},
    "seat1": {"bid_seat0": 403, "bid_seat1": 303, "hand": 403, "undo": 403, "rotate": 404, "get": 200,
              "share": 404, "history": 200, "edit": 404},
    "rotated": PAGE_NOBODY, "rotated_seat": PAGE_NOBODY, "garbage": PAGE_NOBODY, "other_game": PAGE_NOBODY,
}


@pytest.mark.parametrize("role", ROLES)
def test_page_role_matrix(api, role):
    check_matrix(api, role, PAGE_ACTIONS, PAGE_EXPECTED, page_call)


def test_page_refusals_say_why(api):
    table = Table(api)
    text = page_call(table, table.keys["seat1"], "bid_seat0").get_data(as_text=True)
    assert "only enter your own bid" in text
    text = page_call(table, table.keys["view"], "undo").get_data(as_text=True)
    assert "Only the scorer can undo" in text


def test_scorer_key_never_shown_to_other_roles(api):
    """The scorer's key must not appear on any page or JSON a view or seat key can read."""
    table = Table(api)
    for role in ("view", "seat0", "seat1"):
        key = table.keys[role]
        for response in (page_call(table, key, "get"), page_call(table, key, "history"),
                         api_call(table, key, "get"), api_call(table, key, "csv")):
            text = response.get_data(as_text=True)
            assert table.scorer not in text
            others = [k for r, k in table.keys.items() if r != role and r not in ("garbage",)]
            assert not any(k in text for k in others), role


# -- the keys themselves ------------------------------------------------------------------------
URLSAFE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_keys_have_at_least_128_random_bits(api):
    keys = []
    for _ in range(40):
        created = api.game()
        keys += [created["keys"]["scorer"], created["keys"]["view"], *created["keys"]["seats"]]
        assert all(created["links"][role].endswith("/" + created["keys"][role]) for role in ("scorer", "view"))
    keys.append(Table(api).rotate("view")["key"])
    assert len(set(keys)) == len(keys), "a key repeats"
    for key in keys:
        assert set(key) <= URLSAFE, key
        assert len(key) * 6 >= 128, key  # base64url: 6 bits a character
    # The characters look uniformly random: over all keys, every one of the 64 symbols appears, and
    # the empirical entropy per character is close to the 6 bits of a uniform choice.
    counts = Counter("".join(keys))
    total = sum(counts.values())
    entropy = -sum(c / total * math.log2(c / total) for c in counts.values())
    assert len(counts) == 64 and entropy > 5.9, entropy
    # No shared structure: no two keys share a 6-character prefix (that would hint at a counter).
    prefixes = [key[:6] for key in keys]
    assert len(set(prefixes)) == len(prefixes)


def test_keys_are_compared_in_constant_time(api, monkeypatch):
    table = Table(api)
    calls = []
    real = capability_keys.hmac.compare_digest

    def spy(a, b):
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(capability_keys.hmac, "compare_digest", spy)
    assert api.get(table.id, table.keys["garbage"]).status_code == 404
    assert calls and all(isinstance(a, bytes) for a, _ in calls)
    calls.clear()
    assert api.get(table.id, table.keys["view"]).status_code == 200
    assert any(b == table.keys["view"].encode() for _, b in calls)
    calls.clear()
    assert api.client.get(f"/g/{table.id}/{table.keys['seat1']}").status_code == 200
    assert calls


def test_rotated_keys_stop_at_once_everywhere(api):
    table = Table(api)
    old = table.keys["seat1"]
    new = table.rotate("seat", 1)["key"]
    assert api.get(table.id, old).status_code == 404
    assert api.client.get(f"/g/{table.id}/{old}").status_code == 404
    assert api.bid(table.id, old, 1, 1, 0).status_code == 404
    assert api.client.get(f"/api/v1/games/{table.id}/events", headers=api.headers(old)).status_code == 404
    assert api.bid(table.id, new, 1, 1, 0).status_code == 200
    # the scorer can rotate its own key: the old scorer key is then worth nothing
    new_scorer = table.rotate("scorer")["key"]
    assert api.undo(table.id, table.scorer).status_code == 404
    assert api.undo(table.id, new_scorer).status_code == 200


@pytest.mark.parametrize("body", [{"role": "nobody"}, {"role": "seat", "seat": 4}, {"role": "seat"},
                                  {"role": "seat", "seat": True}, {"role": ["view"]}, {}])
def test_rotate_bad_requests_change_nothing(api, body):
    table = Table(api)
    before = table.snapshot()
    response = api.client.post(f"/api/v1/games/{table.id}/keys/rotate", json=body,
                               headers=api.headers(table.scorer))
    assert response.status_code == 422, response.get_json()
    assert table.snapshot() == before
