"""Every page of the app with something on it: a game of each variant with hands played (scorer, table
view, a player), its correction form and a hand's history, the share panel, a finished game, the docs,
a tournament's pages, the statistics and the error pages. Used by the Italian check
(tests/web/test_every_page_italian.py)
and the browser matrix (tests/browser/test_matrix.py); not a test module itself.

`call(method, path, key=None, body=None) -> (status, JSON)` is the API client: the Flask test client
or HTTP against a live server.
"""
from __future__ import annotations

from dataclasses import dataclass, field

FIVE = ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda"]  # the real, long names

# Legal hands played through the API, by variant: a bid-exactly hand is made from the game's schedule.
PARTNERSHIP = [{"trump": "S", "tricks": [9, 4]}, {"trump": "H", "tricks": [7, 6]}]
DEALS = {
    # honours, a revoke and a remark, and a game won: the classic sheet's marks and lines on every page
    "whist-classico": [{"trump": "S", "tricks": [9, 4], "honours": [0, 3]},
                       {"trump": "H", "tricks": [7, 6], "revokes": [1], "remarks": [1, 0]}],
    "whist-morto": PARTNERSHIP,
    "solo-whist": [{"contract": "solo", "declarer": 1, "trump": "H", "tricks": 7},
                   {"contract": "misere", "declarer": 3, "tricks": 1}],
    "piquet": [{"point": [5, 0], "sequences": [0, 3], "play_points": [10, 7], "tricks_won": [7, 5]},
               {"point": [0, 4], "sequences": [0, 4], "sets": [3, 0], "play_points": [6, 9], "tricks_won": [5, 7]}],
}
# A whole rubber of classic whist (target 5) with honours, a revoke and remarks, won 2–1 by the side with
# fewer deal points (10 against 13), as tests/browser/test_partnership.py plays it by tapping (its sheet:
# tests/web/test_sheet_partnership.py, which also reads it in Italian).
WHIST_RUBBER = [
    {"trump": "S", "tricks": [6, 7], "honours": [0, 4]},                      # 0–4
    {"trump": "H", "tricks": [3, 10]},                                        # game 1 to side 1, worth 3
    {"trump": "D", "tricks": [7, 6], "honours": [0, 3], "revokes": [1]},      # 9–4 counted: 3–2
    {"trump": "C", "tricks": [5, 8], "remarks": [2, 0]},                      # 1–4
    {"trump": "S", "tricks": [12, 1]},                                        # game 2 to side 0, worth 1
    {"trump": "H", "tricks": [6, 7], "honours": [4, 0]},                      # 3–1
    {"trump": "D", "tricks": [4, 9]},                                         # 3–4
    {"trump": "C", "tricks": [8, 5]},                                         # game 3 and the rubber to side 0
]
PLAYERS = {"wist-cagliari": FIVE[:4], "whist-classico": FIVE[:4], "whist-morto": FIVE[:4], "solo-whist": FIVE[:4],
           "piquet": FIVE[:2]}


@dataclass
class Tour:
    pages: list[tuple[str, str]] = field(default_factory=list)  # (name for screenshots, path)
    api_errors: list[tuple[str, str, dict | None]] = field(default_factory=list)  # (method, path, body)

    def add(self, name: str, path: str) -> None:
        self.pages.append((name, path))


def _check(answer: tuple[int, dict], *expected: int) -> dict:
    status, body = answer
    assert status in (expected or (200, 201)), body
    return body


def _predictions_hand(game: dict, number: int) -> dict:
    """A hand of the bid-exactly family: the first to play takes every trick, nobody bids (legal for any
    dealer, the total of bids 0 is never the number of cards); a turned card where the schedule wants one."""
    hand = game["hands"][number - 1]
    players = len(game["players"])
    tricks = [0] * players
    tricks[hand["order"][0]] = hand["cards"]
    body = {"tricks": tricks}
    if hand.get("bidding") != "none":
        body["bids"] = [0] * players
    if hand.get("trump") is None:
        body["trump"] = "S"
    return body


def play(call, variant: str, hands: int, players=None) -> dict:
    """A new game of `variant` with `hands` hands scored; its API answer (id, keys, game)."""
    created = _check(call("POST", "/api/v1/games", body={"variant": variant, "players": players or
                                                         PLAYERS.get(variant, FIVE), "first_dealer": 1}))
    key = created["keys"]["scorer"]
    game = created["game"]
    for number in range(1, hands + 1):
        body = DEALS[variant][number - 1] if variant in DEALS else _predictions_hand(game, number)
        game = _check(call("PUT", f"/api/v1/games/{created['id']}/hands/{number}", key, body))
    created["game"] = game
    return created


def build(call) -> Tour:
    """Creates the games and the tournament, and lists their pages."""
    from tests.contract.drivers import representatives

    tour = Tour()
    tour.add("home", "/")
    tour.add("new", "/new")
    for variant in representatives():  # the house-rules presets (#23) differ in their defaults only: one for all
        tour.add(f"new-{variant}", f"/new?variant={variant}")
        game = play(call, variant, 2)
        sheet, keys = f"/g/{game['id']}", game["keys"]
        tour.add(f"sheet-{variant}", f"{sheet}/{keys['scorer']}")
        tour.add(f"view-{variant}", f"{sheet}/{keys['view']}")
        tour.add(f"seat-{variant}", f"{sheet}/{keys['seats'][1]}")
        tour.add(f"edit-{variant}", f"{sheet}/{keys['scorer']}/hands/1")
        tour.add(f"history-{variant}", f"{sheet}/{keys['scorer']}/hands/1/history")
    tour.add("share", f"{sheet}/{keys['scorer']}/share")
    tour.add("save-rules", f"{sheet}/{keys['scorer']}/house-rules")  # the sheet's "Save these rules" (#23)
    wist = play(call, "wist", 2)
    for seat in wist["game"]["hands"][2]["order"][:-1]:  # all but the dealer: the pad says what they may not bid
        _check(call("PUT", f"/api/v1/games/{wist['id']}/hands/3/bids/{seat}", wist["keys"]["scorer"], {"bid": 0}))
    tour.add("forbidden-wist", f"/g/{wist['id']}/{wist['keys']['scorer']}")
    finished = play(call, "wist", 8)
    tour.add("finished-wist", f"/g/{finished['id']}/{finished['keys']['view']}")
    tour.add("print-finished-wist", f"/g/{finished['id']}/{finished['keys']['view']}/print")
    solo = play(call, "solo-whist", 2)
    _check(call("POST", f"/api/v1/games/{solo['id']}/end", solo["keys"]["scorer"]))
    tour.add("finished-solo-whist", f"/g/{solo['id']}/{solo['keys']['scorer']}")
    for doc in ("README.md", "api.md", "rules/bid-exactly.md", "rules/partnership.md", "rules/solo.md",
                "rules/piquet.md", "rules/house-rules.md", "rules/ratings.md"):
        tour.add("docs-" + doc.replace("/", "-").removesuffix(".md"), f"/docs/{doc}")
    _tournament(call, tour)
    _evening(call, tour)
    tour.add("home-with-games", "/")  # the games and the tournament just opened are listed
    tour.add("stats", "/stats")  # the statistics of those games
    tour.add("error-404", "/g/nothing/here")
    tour.add("error-docs", "/docs/missing.md")
    tour.add("offline", "/offline")  # the page the service worker answers for a sheet it has no copy of (#35)
    wist = play(call, "wist", 1, FIVE)
    tour.api_errors += [
        ("PUT", f"/api/v1/games/{wist['id']}/hands/2/bids/9", {"bid": "many"}),
        ("PUT", f"/api/v1/games/{wist['id']}/hands/7/bids/0", {"bid": 1}),
        ("POST", "/api/v1/games", {"variant": "wist", "players": ["A"]}),
        ("POST", "/api/v1/games", {"variant": "tressette", "players": FIVE}),
        ("POST", f"/api/v1/games/{wist['id']}/end", None),
    ]
    tour.api_key = wist["keys"]["scorer"]
    return tour


def _tournament(call, tour: Tour) -> None:
    """A tournament with a partita played to the end (standings, table points) and one under way: its
    organiser, join and TV pages."""
    created = _check(call("POST", "/api/v1/tournaments", body={"name": "Torneo di Natale", "scheme": "ridotto"}))
    tid, keys = created["id"], created["keys"]
    for players, hands in ((FIVE, 14), (FIVE[:3], 3)):  # ridotto: 14 hands
        partita = _check(call("POST", f"/api/v1/tournaments/{tid}/games", keys["organiser"],
                              {"players": players, "first_dealer": 0}))
        game = _check(call("GET", f"/api/v1/games/{partita['id']}", partita["keys"]["scorer"]))
        for number in range(1, hands + 1):
            game = _check(call("PUT", f"/api/v1/games/{partita['id']}/hands/{number}", partita["keys"]["scorer"],
                               _predictions_hand(game, number)))
    tour.add("tournament-new", "/tournaments/new")
    for role, key in keys.items():
        tour.add(f"tournament-{role}", f"/t/{tid}/{key}")
    tour.add("tournament-partita", f"/g/{partita['id']}/{partita['keys']['scorer']}")
    tour.add("tournament-stats", f"/t/{tid}/{keys['view']}/stats")
    season = _check(call("POST", "/api/v1/seasons", body={"name": "Stagione 2026–27"}))
    _check(call("POST", f"/api/v1/seasons/{season['id']}/tournaments", season["keys"]["organiser"],
                {"tournament": tid, "key": keys["view"]}))
    tour.add("season-new", "/seasons/new")
    for role, key in season["keys"].items():
        tour.add(f"season-{role}", f"/s/{season['id']}/{key}")


def _evening(call, tour: Tour) -> None:
    """A club evening seated by the app (#21), its first table started and a player withdrawn: the organiser's
    seating, the table cards, a table's card on the scorer's phone, a started one's "I am …", the started partita's
    scorer sheet with hand 1 to confirm (its "Pass the phone") and "Where do I sit?" on the room's page."""
    created = _check(call("POST", "/api/v1/tournaments", body={"name": "Serata del circolo", "confirmation": True}))
    tid, keys = created["id"], created["keys"]
    _check(call("PUT", f"/api/v1/tournaments/{tid}/roster", keys["organiser"],
                {"players": [*FIVE, "Fabio", "Gina", "Ugo", "Vera", "Zeno", "Ines"], "rounds": 3}))
    table = _check(call("POST", f"/api/v1/tournaments/{tid}/seating/start", keys["organiser"],
                        {"round": 1, "table": "A"}))
    game = _check(call("GET", f"/api/v1/games/{table['id']}", table["keys"]["scorer"]))
    _check(call("PUT", f"/api/v1/games/{table['id']}/hands/1", table["keys"]["scorer"], _predictions_hand(game, 1)))
    _check(call("POST", f"/api/v1/tournaments/{tid}/roster/withdraw", keys["organiser"], {"player": "Ugo"}))
    tour.add("evening-organiser", f"/t/{tid}/{keys['organiser']}")
    tour.add("evening-cards", f"/t/{tid}/{keys['organiser']}/seating/cards?round=2")
    tour.add("evening-table", f"/t/{tid}/{keys['join']}?round=2&table=B")
    tour.add("evening-table-started", f"/t/{tid}/{keys['join']}?round=1&table=A")  # "I am …" (#35)
    tour.add("evening-pass-the-phone", f"/g/{table['id']}/{table['keys']['scorer']}")  # hand 1 to confirm (#35)
    tour.add("evening-where", f"/t/{tid}/{keys['join']}?player=Costanza")
