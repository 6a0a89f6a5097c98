"""How each door is called at its largest input in the worst world (#33, `worst_world.py`): what
`tests/web/test_bounded.py` counts and `bench/doors.py` times. Not a test module itself."""
from __future__ import annotations

import io
import secrets
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


def calls(world: Worst) -> dict[str, list[Knock]]:
    """endpoint → its requests at the worst input; a door missing here has no input that grows (its budget says
    why it is constant)."""
    out: dict[str, list[Knock]] = {}

    def add(endpoint, label, path, key=None, method="GET", cookie=None, games=0, items=0, **body):
        headers = {**(bearer(key) if key else {}), **({"Cookie": f"device={cookie}"} if cookie else {})}
        out.setdefault(endpoint, []).append(Knock(label, method, path, headers, body, games, items))

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
    add("tournament_api.read_tournament", "120 partite", f"/api/v1/tournaments/{evening}", keys["organiser"])
    add("tournament_api.standings_csv", "120 partite", f"/api/v1/tournaments/{evening}/standings.csv",
        keys["organiser"])
    season, season_keys = world.season["id"], world.season["keys"]
    add("seasons.open", "120 partite", f"/s/{season}/{season_keys['organiser']}")
    add("seasons.standings_csv", "120 partite", f"/s/{season}/{season_keys['organiser']}/standings.csv")
    add("season_api.read_season", "120 partite", f"/api/v1/seasons/{season}", season_keys["organiser"])
    add("season_api.standings_csv", "120 partite", f"/api/v1/seasons/{season}/standings.csv",
        season_keys["organiser"])
    for label, text, games, items in (("1,000 games", world.csv_many, FILE_GAMES, 2 * FILE_GAMES),
                                      ("a game at the cap", world.csv_cap, 1, CAP)):
        add("api.import_game", label, "/api/v1/games/import", method="POST", games=games, items=items, data=text,
            content_type="text/csv")
        add("pages.import_game", label, "/import", method="POST", cookie=phone, games=games, items=items,
            content_type="multipart/form-data",
            data=lambda text=text: {"file": (io.BytesIO(text), "games.csv"), "once": secrets.token_urlsafe(18)})
    return out
