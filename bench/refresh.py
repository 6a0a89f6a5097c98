"""What one live refresh costs a phone (not a test: it asserts nothing, it measures).

Every change makes each open sheet fetch its own view again (`X-Live-Refresh`); a page that says which
version and hand it shows (`X-Sheet-Version`, `X-Sheet-Hand`: live.js since #22) gets only the parts of the
sheet that changed since (htmx partials), a page that does not (an old one) the whole sheet fragment. While
the stream is down the sheet also polls every 5 s. This prints the bytes of those answers, uncompressed and
as sent compressed (br or gzip, as a phone asks), for games mid-way (half the hands scored, the next one with
two bids in) with real names — Cagliari (played by four only) and Wist for five — from the scorer, the table
view and one player's phone: the first full load of the page, a poll when nothing changed, and for each kind
of change (a bid, the tricks of the hand recorded, a correction of hand 3) the whole fragment next to the
parts, with their ratio; and the chart, which a live sheet fetches on its own when it comes into view.

    python bench/refresh.py
"""
from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from replay import legal_bids  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.store import db as store  # noqa: E402
from scorekeeper.service import games  # noqa: E402

NAMES = ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda"]
PHONE = {"Accept-Encoding": "gzip, deflate, br", "Accept-Language": "it"}
REFRESH = {**PHONE, "HX-Request": "true", "X-Live-Refresh": "1"}


def bench_app(folder: str):
    """The app on a new database in `folder`: (the database, a test client)."""
    app = create_app({"SCOREKEEPER_DATABASE": str(Path(folder) / "bench.sqlite3"), "SECRET_KEY": "bench",
                      "PUBLIC_URL": ""})
    db = store.connect(app.config["SCOREKEEPER_DATABASE"])
    store.migrate(db)
    return db, app.test_client()


def half_a_game(db, variant, players, rng):
    """Half the hands scored, the next one with two bids in: the sheet mid-way."""
    loaded, keys = games.create(db, variant, players, 0, {})
    scorer = games.authorize(db, loaded.id, keys["scorer"])
    state = loaded.state
    for spec in state.specs[:len(state.specs) // 2]:
        bids = legal_bids(spec, state.dealer(spec.number), len(players), rng)
        games.change(db, scorer, {"type": "hand", "hand": spec.number, "bids": bids,
                                  "tricks": some_tricks(spec.cards, len(players), rng),
                                  **({"trump": rng.choice("HDCS")} if spec.trump is None else {})})
    current = games.load(db, loaded.id).state
    number = current.current_hand
    if current.hand(number).spec.trump is None:
        games.change(db, scorer, {"type": "hand", "hand": number, "trump": "S"})
    for seat in current.order(number)[:2]:
        games.change(db, scorer, {"type": "bid", "hand": number, "seat": seat, "bid": 0})
    return loaded.id, keys, scorer, f"{variant}, {len(players)} players, hand {number} of {len(state.specs)}"


def some_tricks(cards: int, players: int, rng) -> list[int]:
    tricks = [0] * players
    for _ in range(cards):
        tricks[rng.randrange(players)] += 1
    return tricks


def a_bid(db, scorer, state):
    """The third player of the hand bids (0: never the dealer's forbidden bid, who bids last)."""
    number = state.current_hand
    return [{"type": "bid", "hand": number, "seat": state.order(number)[2], "bid": 0}]


def the_tricks(db, scorer, state):
    """The last bids (0 each: they add up to 0, never to the cards) are in before; the tricks are the change."""
    number = state.current_hand
    for seat in state.order(number)[2:]:
        games.change(db, scorer, {"type": "bid", "hand": number, "seat": seat, "bid": 0})
    return [{"type": "hand", "hand": number, "tricks": some_tricks(state.hand(number).cards, len(state.players),
                                                                   random.Random(3))}]


def a_correction(db, scorer, state):
    """Hand 3's tricks again, one trick moved from its first player to the next (or back)."""
    tricks = list(state.hand(3).tricks)
    giver = next(seat for seat, taken in enumerate(tricks) if taken)
    tricks[giver] -= 1
    tricks[(giver + 1) % len(tricks)] += 1
    return [{"type": "hand", "hand": 3, "tricks": tricks}]


CHANGES = (("a bid", a_bid), ("the tricks", the_tricks), ("a correction", a_correction))


def sizes(client, path, headers):
    """(uncompressed bytes, bytes sent, encoding, status)."""
    plain = client.get(path, headers={k: v for k, v in headers.items() if k != "Accept-Encoding"})
    sent = client.get(path, headers=headers)
    return len(plain.data), len(sent.data), sent.headers.get("Content-Encoding", "none"), sent.status_code


def roles(keys):
    return (("scorer", keys["scorer"]), ("table view", keys["view"]), ("player", keys["seats"][2]))


def main():
    with tempfile.TemporaryDirectory() as folder:
        db, client = bench_app(folder)
        for variant, players in (("wist-cagliari", NAMES[:4]), ("wist", NAMES)):
            game_id, keys, _, title = half_a_game(db, variant, players, random.Random(7))
            version = store.version(db, game_id)
            print(f"\n{title}, two bids in (version {version})")
            print(f"{'':<46} {'uncompressed':>12} {'sent':>8}  encoding")
            for role, key in roles(keys):
                path = f"/g/{game_id}/{key}"
                for label, headers in (("first load (the HTML)", PHONE),
                                       ("poll, nothing changed", {**REFRESH, "X-Sheet-Version": str(version)})):
                    plain, sent, encoding, status = sizes(client, path, headers)
                    print(f"{role + ': ' + label:<46} {plain:>12,} {sent:>8,}  {encoding} ({status})")
            print(f"\n{'a live refresh after':<32} {'whole (plain / sent)':>22} {'parts (plain / sent)':>22}"
                  f" {'sent':>6}")
            for change, make in CHANGES:
                game_id, keys, scorer, _ = half_a_game(db, variant, players, random.Random(7))
                events = make(db, scorer, games.load(db, game_id).state)
                before = store.version(db, game_id)
                for event in events:
                    games.change(db, scorer, event)
                for role, key in roles(keys):
                    path = f"/g/{game_id}/{key}"
                    asked = {**REFRESH, "X-Sheet-Version": str(before)}
                    whole = sizes(client, path, asked)
                    hand = str(games.load(db, game_id).state.current_hand or "")
                    part = sizes(client, path, {**asked, "X-Sheet-Hand": hand})
                    print(f"{change + ', ' + role:<32} {whole[0]:>10,} / {whole[1]:>6,}"
                          f"    {part[0]:>10,} / {part[1]:>6,}  {part[1] / whole[1]:>5.0%}")
            chart = sizes(client, f"/g/{game_id}/{keys['view']}/chart", PHONE)
            print(f"{'the chart, once a sheet shows it':<32} {chart[0]:>10,} / {chart[1]:>6,}")


if __name__ == "__main__":
    main()
