"""How each door is called at its largest input in the worst world (#33, `worst_world.py`): what
`tests/web/test_bounded.py` counts and `bench/doors.py` times. Not a test module itself."""
from __future__ import annotations

import io
import secrets
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from tests.web.worst_world import CAP, FAMILIES, FILE_GAMES, Worst, bearer


@dataclass(frozen=True)
class Knock:
    """One request: method, path, headers, body (the world's links filled in)."""

    label: str
    method: str
    path: str
    headers: dict
    body: dict
    games: int = 0  # the games it writes (an import's)
    items: int = 0  # the events it writes
    prepare: Callable | None = None  # run with the test client before the request, not counted (a write's world)


def written(sql: str, params: list) -> Callable:
    """Before the request: one statement run on the app's database, behind its back (a world no request makes)."""
    def prepare(client):
        conn = sqlite3.connect(client.application.config["SCOREKEEPER_DATABASE"])
        try:
            with conn:
                conn.execute(sql, params)
        finally:
            conn.close()
    return prepare


def taken_off(game_id: str, count: int = 1) -> Callable:
    """Before the request: the game's last `count` events taken off (a game at the cap, one below it)."""
    return written("DELETE FROM events WHERE game_id = ? AND seq > (SELECT max(seq) FROM events WHERE game_id = ?) - ?",
                   [game_id, game_id, count])


def withdrawn(tournament_id: str, organiser: str) -> Callable:
    """Before the request: a player of the full evening withdrawn (room for one arrival, every round re-seated)."""
    def prepare(client):
        response = client.post(f"/api/v1/tournaments/{tournament_id}/roster/withdraw", headers=bearer(organiser),
                               json={"player": "Giocatore 07"})
        assert response.status_code == 200, response.get_json()
    return prepare


def confirmed(game_id: str, seat_key: str) -> Callable:
    """Before the request: the game's first hand confirmed by that seat (something to reopen)."""
    def prepare(client):
        response = client.post(f"/api/v1/games/{game_id}/hands/1/confirm", headers=bearer(seat_key),
                               json={"version": CAP})
        assert response.status_code == 200, response.get_json()
    return prepare


def offered(game_id: str, scorer: str, token: str) -> Callable:
    """Before the request: a handover of the game's scoring offered by its scorer link, not taken yet (#35)."""
    return written("INSERT OR IGNORE INTO handovers (token, game_id, scorer_key, created_at) VALUES (?, ?, ?, "
                   "'2026-01-01')", [token, game_id, scorer])


def calls(world: Worst) -> dict[str, list[Knock]]:
    """endpoint → its requests at the worst input; a door missing here has no input that grows (its budget says
    why it is constant)."""
    out: dict[str, list[Knock]] = {}

    def add(endpoint, label, path, key=None, method="GET", cookie=None, games=0, items=0, prepare=None, **body):
        headers = {**(bearer(key) if key else {}), **({"Cookie": f"device={cookie}"} if cookie else {})}
        out.setdefault(endpoint, []).append(Knock(label, method, path, headers, body, games, items, prepare))

    phone = world.phone
    add("pages.home", "1,000 games", "/", cookie=phone)
    add("pages.export_all", "1,000 games", "/games.csv", cookie=phone)
    add("stats.phone", "1,000 games", "/stats", cookie=phone)
    for family in FAMILIES:
        game = world.games[family]
        gid, view, scorer = game["id"], game["keys"]["view"], game["keys"]["scorer"]
        page = f"/g/{gid}/{view}"
        add("pages.sheet", family, page)
        add("pages.chart", family, page + "/chart")
        add("pages.history", family, page + "/hands/1/history")
        add("pages.export_csv", family, page + "/export.csv")
        add("results.game_print", family, page + "/print")
        add("pages.edit_hand", family, f"/g/{gid}/{scorer}/hands/1")
        add("pages.share", family, f"/g/{gid}/{scorer}/share")
        add("house_rules.save_from_game", family, f"/g/{gid}/{scorer}/house-rules")
        add("api.read_game", family, f"/api/v1/games/{gid}", view)
        add("api.export_csv", family, f"/api/v1/games/{gid}/export.csv", view)
        add("api.undo", family + ", at the cap", f"/api/v1/games/{gid}/undo", scorer, "POST")
        add("pages.undo", family + ", at the cap", f"/g/{gid}/{scorer}/undo", method="POST")
    add("results.game_card", "a partita", f"/g/{world.partita['id']}/{world.partita['keys']['view']}/card.png")
    evening, keys = world.evening["id"], world.evening["keys"]
    tournament = f"/t/{evening}/{keys['organiser']}"
    add("tournaments.open", "120 partite", tournament)
    add("tournaments.open", "120 partite, the TV", f"/t/{evening}/{keys['view']}")
    add("tournaments.standings", "120 partite", tournament + "/standings")
    add("tournaments.standings_csv", "120 partite", tournament + "/standings.csv")
    add("stats.tournament", "120 partite", tournament + "/stats")
    add("results.tournament_print", "120 partite", tournament + "/print")
    add("results.tournament_card", "120 partite", tournament + "/card.png")
    add("tournaments.games_csv", "120 partite", tournament + "/games.csv")
    add("evenings.cards", "120 partite", tournament + "/seating/cards")
    add("evenings.links", "120 partite, 60 players", tournament + "/seating/links")
    add("tournaments.open", "120 partite, a player's own link", f"/t/{evening}/{world.player}")
    add("tournament_api.read_tournament", "120 partite", f"/api/v1/tournaments/{evening}", keys["organiser"])
    add("tournament_api.standings_csv", "120 partite", f"/api/v1/tournaments/{evening}/standings.csv",
        keys["organiser"])
    season, season_keys = world.season["id"], world.season["keys"]
    add("seasons.open", "120 partite", f"/s/{season}/{season_keys['organiser']}")
    add("seasons.standings_csv", "120 partite", f"/s/{season}/{season_keys['organiser']}/standings.csv")
    add("season_api.read_season", "120 partite", f"/api/v1/seasons/{season}", season_keys["organiser"])
    add("season_api.standings_csv", "120 partite", f"/api/v1/seasons/{season}/standings.csv",
        season_keys["organiser"])
    club, club_keys = world.club["id"], world.club["keys"]
    for label, key in (("the club's link", club_keys["view"]), ("her own link", world.club["member"])):
        add("club_player.page", "120 partite, 8 of hers, " + label, f"/c/{club}/{key}/players/1")
    add("club_player.hide", "120 partite, 8 of hers", f"/c/{club}/{world.club['member']}/players/1/hide",
        method="POST", data={"hidden": "1"})
    for label, text, games, items in (("1,000 games", world.csv_many, FILE_GAMES, 2 * FILE_GAMES),
                                      ("a game at the cap", world.csv_cap, 1, CAP)):
        add("api.import_game", label, "/api/v1/games/import", method="POST", games=games, items=items, data=text,
            content_type="text/csv")
        add("pages.import_game", label, "/import", method="POST", cookie=phone, games=games, items=items,
            content_type="multipart/form-data",
            data=lambda text=text: {"file": (io.BytesIO(text), "games.csv"), "once": secrets.token_urlsafe(18)})
    game_writes(world, add)
    evening_writes(world, add)
    club_doors(world, add)
    return out


def game_writes(world: Worst, add) -> None:
    """The writes on a game, at the cap (refused by it where a change would pass it) and one below (recorded)."""
    for family in FAMILIES:
        game = world.games[family]
        gid, scorer = game["id"], game["keys"]["scorer"]
        add("pages.rotate", family, f"/g/{gid}/{scorer}/rotate", method="POST", data={"role": "view"})
        add("api.rotate", family, f"/api/v1/games/{gid}/keys/rotate", scorer, "POST", json={"role": "view"})
        add("pages.hand_over", family, f"/g/{gid}/{scorer}/handover", method="POST")
        token = secrets.token_urlsafe(24)
        for method in ("GET", "POST"):
            add("pages.take_over", family, f"/g/{gid}/take/{token}", method=method,
                prepare=offered(gid, scorer, token))
    sealed = world.games["sealed"]
    gid, scorer, seat = sealed["id"], sealed["keys"]["scorer"], sealed["keys"]["seats"][2]
    page, api = f"/g/{gid}/{scorer}", f"/api/v1/games/{gid}"
    form = {"correction": "1", **{f"bid-{n}": str(bid) for n, bid in enumerate(sealed["hand"]["bids"])},
            **{f"tricks-{n}": str(tricks) for n, tricks in enumerate(sealed["hand"]["tricks"])}}
    bid = 1 - sealed["hand"]["bids"][1]
    for where, prepare in (("at the cap", None), ("one below the cap", taken_off(gid))):
        add("pages.bid", where, page + "/bid", method="POST", prepare=prepare,
            data={"hand": "1", "seat": "1", "bid": str(bid)})
        add("api.put_bid", where, api + "/hands/1/bids/1", scorer, "PUT", prepare=prepare, json={"bid": bid})
        add("pages.save_hand", where, page + "/hands/1", method="POST", prepare=prepare, data=form)
        add("api.put_hand", where, api + "/hands/1", scorer, "PUT", prepare=prepare, json=sealed["hand"])
        solo = world.games["solo"]
        add("pages.end", "solo, " + where, f"/g/{solo['id']}/{solo['keys']['scorer']}/end", method="POST",
            prepare=prepare and taken_off(solo["id"]))
        add("api.end", "solo, " + where, f"/api/v1/games/{solo['id']}/end", solo["keys"]["scorer"], "POST",
            prepare=prepare and taken_off(solo["id"]))
    # The undos one below the cap (at the cap: with the reads above); each replays the game once, without it.
    add("pages.undo", "one below the cap", page + "/undo", method="POST", prepare=taken_off(gid))
    add("api.undo", "one below the cap", api + "/undo", scorer, "POST", prepare=taken_off(gid))
    # Marks have a room of their own: a confirmation at the cap of changes is recorded.
    seat_page = f"/g/{gid}/{seat}/hands/1"
    add("pages.confirm", "at the cap", seat_page + "/confirm", method="POST", data={"version": str(CAP)})
    add("api.confirm", "at the cap", api + "/hands/1/confirm", seat, "POST", json={"version": CAP})
    add("pages.reopen", "at the cap", seat_page + "/reopen", method="POST", prepare=confirmed(gid, seat))
    add("pages.confirm_for", "at the cap", f"{page}/hands/1/confirm-for", method="POST",
        data={"version": str(CAP), "seat": "2"})
    add("api.reopen", "at the cap", api + "/hands/1/reopen", seat, "POST", prepare=confirmed(gid, seat))
    add("pages.rematch", "sealed, at the cap", page + "/rematch", method="POST")


def evening_writes(world: Worst, add) -> None:
    """The writes on the evenings and the season: the finished 60 × 8 one (120 partite read), the one not begun
    (every round seated again), the empty one (seated)."""
    done, fresh, empty = world.evening, world.fresh, world.empty
    roster = [f"Giocatore {n:02d}" for n in range(1, 61)]
    partita = world.partita["id"]
    for label, evening in (("120 partite", done), ("60 × 8 not begun", fresh)):
        tid, organiser = evening["id"], evening["keys"]["organiser"]
        page, api = f"/t/{tid}/{organiser}", f"/api/v1/tournaments/{tid}"
        table = {"player": ["Giocatore 01", "Giocatore 02", "Giocatore 03", "Zeno"], "table": "Z", "round": "1"}
        add("tournaments.add_game", label, page + "/games", method="POST", data=table)
        add("tournaments.join", label, page + "/join", method="POST", data=table)
        add("tournament_api.add_game", label, api + "/games", organiser, "POST",
            json={"players": table["player"], "table": "Z", "round": 1})
        add("tournaments.rotate", label, page + "/rotate", method="POST", data={"role": "view"})
        add("tournament_api.rotate", label, api + "/keys/rotate", organiser, "POST", json={"role": "view"})
        add("evenings.withdraw", label, page + "/seating/withdraw", method="POST", data={"player": "Giocatore 07"})
        add("tournament_api.withdraw", label, api + "/roster/withdraw", organiser, "POST",
            json={"player": "Giocatore 07"})
        add("evenings.start", label, page + "/seating/start", method="POST", data={"round": "1", "table": "A"})
        add("evenings.claim_seat", label, page + "/seating/claim", method="POST",
            data={"round": "1", "table": "A", "seat": "0"})
        add("tournament_api.start_table", label, api + "/seating/start", organiser, "POST",
            json={"round": 1, "table": "A", "first_dealer": 0})
    tid, organiser = done["id"], done["keys"]["organiser"]
    add("evenings.claim", "120 partite", f"/t/{tid}/{done['keys']['join']}/seating/mine", method="POST",
        data={"player": "Giocatore 07"})
    add("evenings.replace_link", "120 partite", f"/t/{tid}/{organiser}/seating/links", method="POST",
        data={"player": "Giocatore 07"})
    add("tournaments.remove_game", "120 partite", f"/t/{tid}/{organiser}/games/{partita}/remove", method="POST")
    add("tournament_api.remove_game", "120 partite", f"/api/v1/tournaments/{tid}/games/{partita}", organiser,
        "DELETE")
    add("tournaments.reopen_hand", "120 partite", f"/t/{tid}/{organiser}/games/{partita}/hands/1/reopen",
        method="POST")
    tid, organiser = fresh["id"], fresh["keys"]["organiser"]
    add("evenings.arrive", "120 partite", f"/t/{done['id']}/{done['keys']['organiser']}/seating/arrive",
        method="POST", data={"player": "Zeno"})
    label = "60 × 8 not begun, one withdrawn"  # full, it refuses a 61st
    add("evenings.arrive", label, f"/t/{tid}/{organiser}/seating/arrive", method="POST", data={"player": "Zeno"},
        prepare=withdrawn(tid, organiser))
    add("tournament_api.arrive", label, f"/api/v1/tournaments/{tid}/roster/arrive", organiser, "POST",
        json={"player": "Zeno"}, prepare=withdrawn(tid, organiser))
    first, second = fresh["swap"]
    add("evenings.swap", "60 × 8 not begun", f"/t/{tid}/{organiser}/seating/swap", method="POST",
        data={"round": "2", "first": first, "second": second})
    add("tournament_api.swap", "60 × 8 not begun", f"/api/v1/tournaments/{tid}/seating/swap", organiser, "POST",
        json={"round": 2, "players": [first, second]})
    tid, organiser = empty["id"], empty["keys"]["organiser"]
    add("evenings.seat", "60 × 8", f"/t/{tid}/{organiser}/seating", method="POST",
        data={"players": "\n".join(roster), "rounds": "8"})
    add("tournament_api.seat_evening", "60 × 8", f"/api/v1/tournaments/{tid}/roster", organiser, "PUT",
        json={"players": roster, "rounds": 8})
    season, key = world.season["id"], world.season["keys"]["organiser"]
    page, api = f"/s/{season}/{key}", f"/api/v1/seasons/{season}"
    add("seasons.add_tournament", "60 × 8 not begun", page + "/tournaments", method="POST",
        data={"link": f"http://localhost/t/{fresh['id']}/{fresh['keys']['view']}"})
    add("season_api.add_tournament", "60 × 8 not begun", api + "/tournaments", key, "POST",
        json={"tournament": fresh["id"], "key": fresh["keys"]["view"]})
    add("seasons.remove_tournament", "120 partite", f"{page}/tournaments/{done['id']}/remove", method="POST")
    add("season_api.remove_tournament", "120 partite", f"{api}/tournaments/{done['id']}", key, "DELETE")
    add("seasons.rotate", "120 partite", page + "/rotate", method="POST", data={"role": "view"})
    add("season_api.rotate", "120 partite", api + "/keys/rotate", key, "POST", json={"role": "view"})


def taken_out(tournament_id: str) -> Callable:
    """Before the request: the evening taken out of its club (to be added again)."""
    def prepare(client):
        conn = sqlite3.connect(client.application.config["SCOREKEEPER_DATABASE"])
        try:
            with conn:
                conn.execute("DELETE FROM club_evening_names WHERE tournament_id = ?", [tournament_id])
                conn.execute("DELETE FROM club_evenings WHERE tournament_id = ?", [tournament_id])
        finally:
            conn.close()
    return prepare


def club_doors(world: Worst, add) -> None:
    """The club of 500 members with the evening's 120 partite and three games at the cap (#37)."""
    club, keys = world.club["id"], world.club["keys"]
    label = "500 members, 123 games"
    api, page, own = f"/api/v1/clubs/{club}", f"/c/{club}/{keys['view']}", world.club["member"]
    add("club_api.read_club", label, api, keys["view"])
    add("club_api.read_player", label, api + "/players/1", own)
    for which in ("roster", "ratings", "games"):
        add(f"club_api.{which}_csv", label, f"{api}/{which}.csv", keys["view"])
        add(f"club_csv.{which}_csv", label, f"{page}/{which}.csv")
    add("club_card.ladder_png", label, page + "/ladder.png")
    organiser = keys["organiser"]
    add("club_api.add_player", label + " (full: refused)", api + "/players", organiser, "POST", json={"name": "Zeno"})
    add("club_api.edit_player", label, api + "/players/1", own, "PATCH", json={"hidden": True})
    add("club_api.remove_player", label, api + "/players/2", organiser, "DELETE")
    add("club_api.player_link", label, api + "/players/1/link", organiser, "POST", json={"new": True})
    sealed = world.games["sealed"]
    add("club_api.add_game", label + ", a game at the cap", api + "/games", organiser, "POST",
        json={"game": sealed["id"], "key": sealed["keys"]["scorer"], "players": [61, 62, 63, 64]})
    add("club_api.remove_game", label, f"{api}/games/{world.games['solo']['id']}", organiser, "DELETE")
    evening = world.evening
    names = {f"Giocatore {n:02d}": n for n in range(1, 61)}
    add("club_api.add_evening", label + ", the evening of 120 partite", api + "/evenings", organiser, "POST",
        json={"tournament": evening["id"], "key": evening["keys"]["organiser"], "players": names},
        prepare=taken_out(evening["id"]))
    add("club_api.remove_evening", label, f"{api}/evenings/{evening['id']}", organiser, "DELETE")
    add("club_api.rotate", label, api + "/keys/rotate", organiser, "POST", json={"role": "view"})
    page = f"/c/{club}/{organiser}"
    add("clubs.open", label, page)
    add("clubs.open", label + ", the club's link", f"/c/{club}/{keys['view']}")
    add("clubs.tv", label, f"/c/{club}/{keys['view']}/tv")
    add("clubs.add_player", label + " (full: refused)", page + "/players", method="POST", data={"name": "Zeno"})
    add("clubs.edit_player", label, page + "/players/1/edit")
    add("clubs.save_player", label, page + "/players/1/edit", method="POST", data={"name": "Giocatrice 01"})
    add("clubs.remove_player", label, page + "/players/2/remove", method="POST")
    add("clubs.player_link", label, page + "/players/1/link")
    add("clubs.new_player_link", label, page + "/players/1/link", method="POST")
    add("clubs.rotate", label, page + "/rotate", method="POST", data={"role": "view"})
    link = f"http://localhost/g/{sealed['id']}/{sealed['keys']['scorer']}"
    add("club_games.add_game", label + ", a game at the cap", page + "/games", method="POST", data={"link": link})
    add("club_games.match_game", label + ", a game at the cap", page + "/games/match", method="POST",
        data={"link": link, "player": ["61", "62", "63", "64"]})
    add("club_games.remove_game", label, f"{page}/games/{world.games['solo']['id']}/remove", method="POST")
    evening_link = f"http://localhost/t/{evening['id']}/{evening['keys']['organiser']}"
    add("club_games.add_evening", label + ", the evening of 120 partite", page + "/evenings", method="POST",
        data={"link": evening_link}, prepare=taken_out(evening["id"]))
    add("club_games.match_evening", label + ", the evening of 120 partite", page + "/evenings/match", method="POST",
        data={"link": evening_link, "player": [str(n) for n in range(1, 61)]}, prepare=taken_out(evening["id"]))
    add("club_games.remove_evening", label, f"{page}/evenings/{evening['id']}/remove", method="POST")
    add("club_games.new_game", label, page + "/new")
    add("club_games.create_game", label, page + "/new", method="POST",
        data={"variant": "wist", "player": ["1", "2", "3", "4"], "order": "4 3 2 1", "first_dealer": "0"})
    add("club_games.from_game", label + ", a game at the cap", f"/g/{sealed['id']}/{sealed['keys']['scorer']}/club",
        method="POST", data={"club": f"http://localhost{page}"})
