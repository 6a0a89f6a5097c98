"""What one live refresh costs a phone (not a test: it asserts nothing, it measures).

Every change makes each open sheet fetch its own view again (the htmx fragment, `X-Live-Refresh`);
while the stream is down, the sheet also polls every 5 s. This prints the bytes of those answers,
uncompressed and as sent compressed (br or gzip, as a phone asks), for games mid-way (half the hands
scored, the next one with two bids in) with real names — Cagliari (played by four only) and Wist for
five — from the scorer, the table view and one player's phone, next to the first full load of the
page and to a poll when nothing changed.

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


def half_a_game(db, variant, players, rng):
    """Half the hands scored, the next one with two bids in: the sheet mid-way."""
    loaded, keys = games.create(db, variant, players, 0, {})
    scorer = games.authorize(db, loaded.id, keys["scorer"])
    state = loaded.state
    for spec in state.specs[:len(state.specs) // 2]:
        bids = legal_bids(spec, state.dealer(spec.number), len(players), rng)
        tricks = [0] * len(players)
        for _ in range(spec.cards):
            tricks[rng.randrange(len(players))] += 1
        fields = {"trump": rng.choice("HDCS")} if spec.trump is None else {}
        games.change(db, scorer, {"type": "hand", "hand": spec.number, "bids": bids, "tricks": tricks, **fields})
    current = games.load(db, loaded.id).state
    number = current.current_hand
    if current.hand(number).spec.trump is None:
        games.change(db, scorer, {"type": "hand", "hand": number, "trump": "S"})
    for seat in current.order(number)[:2]:
        games.change(db, scorer, {"type": "bid", "hand": number, "seat": seat, "bid": 0})
    return loaded.id, keys, f"{variant}, {len(players)} players, hand {number} of {len(state.specs)}"


def sizes(client, path, headers):
    """(uncompressed bytes, bytes sent, encoding, status)."""
    plain = client.get(path, headers={k: v for k, v in headers.items() if k != "Accept-Encoding"})
    sent = client.get(path, headers=headers)
    return len(plain.data), len(sent.data), sent.headers.get("Content-Encoding", "none"), sent.status_code


def main():
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SCOREKEEPER_DATABASE": str(Path(folder) / "bench.sqlite3"), "SECRET_KEY": "bench",
                          "PUBLIC_URL": ""})
        db = store.connect(app.config["SCOREKEEPER_DATABASE"])
        store.migrate(db)
        client = app.test_client()
        for variant, players in (("wist-cagliari", NAMES[:4]), ("wist", NAMES)):
            game_id, keys, title = half_a_game(db, variant, players, random.Random(7))
            version = store.version(db, game_id)
            print(f"\n{title}, two bids in (version {version})")
            print(f"{'':<46} {'uncompressed':>12} {'sent':>8}  encoding")
            for role, key in (("scorer", keys["scorer"]), ("table view", keys["view"]), ("player", keys["seats"][2])):
                path = f"/g/{game_id}/{key}"
                rows = [("first load (the HTML)", PHONE), ("live refresh after a change", REFRESH),
                        ("poll, nothing changed", {**REFRESH, "X-Sheet-Version": str(version)})]
                for label, headers in rows:
                    plain, sent, encoding, status = sizes(client, path, headers)
                    print(f"{role + ': ' + label:<46} {plain:>12,} {sent:>8,}  {encoding} ({status})")

if __name__ == "__main__":
    main()
