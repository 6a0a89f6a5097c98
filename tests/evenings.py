"""Finished tournaments made through the JSON API, with the results an independent reading of the rules
expects (`torneo_support`): what the print page, the results card and the seasons are tested on. Not a test
module itself."""
from __future__ import annotations

from fractions import Fraction

from tests import torneo_support as ref


def play_hands(client, game_id: str, scorer: str, players: list[str], seed: int, stop: int | None = None) -> dict:
    """A whist-torneo partita played through the API, every hand in one PUT (up to hand `stop`, all of them by
    default): {player: (table points, total)} as the rules give them once it is finished."""
    hands = ref.make_game(len(players), "ridotto", seed)
    for hand in hands[:stop]:
        body = {"bids": hand["bids"], "tricks": hand["tricks"], "penalties": hand["penalties"]}
        if hand["trump"]:
            body["trump"] = hand["trump"]
        answer = client.put(f"/api/v1/games/{game_id}/hands/{hand['number']}", json=body,
                            headers={"Authorization": f"Bearer {scorer}"})
        assert answer.status_code == 200, answer.get_json()
    result = ref.expected(hands, len(players))
    return {name: (result["table_points"][seat], result["totals"][seat]) for seat, name in enumerate(players)}


def play_table(client, tournament_id: str, key: str, players: list[str], seed: int, stop: int | None = None) -> dict:
    """One partita of `players` (3–5, the first deals) added to the tournament and played (`play_hands`)."""
    response = client.post(f"/api/v1/tournaments/{tournament_id}/games", json={"players": players, "first_dealer": 0},
                           headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    return play_hands(client, created["id"], created["keys"]["scorer"], players, seed, stop)


def play_tournament(client, name: str, tables: list[list[str]], seed: int = 1) -> tuple[dict, dict]:
    """A tournament whose partite (one per list of players) are all finished: (its creation answer,
    {player: (table points, raw points)} summed over its partite)."""
    response = client.post("/api/v1/tournaments", json={"name": name})
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    sums: dict[str, tuple[Fraction, int]] = {}
    for number, players in enumerate(tables):
        for player, (points, total) in play_table(client, created["id"], created["keys"]["organiser"], players,
                                                  seed * 100 + number).items():
            before = sums.get(player, (Fraction(0), 0))
            sums[player] = (before[0] + points, before[1] + total)
    return created, sums


ELEVEN = ["Alessandra", "Bartolomeo", "Costanza", "Domenico", "Ermenegilda", "Fabio", "Gina", "Ugo", "Vera",
          "Zeno", "Ines"]


def play_evening(client, name: str = "Serata del circolo") -> tuple[dict, dict]:
    """The evening of issue #35 played through the API: eleven players, three rounds seated by the app, Costanza
    withdrawing after round 1 and Lucrezia arriving for round 2, every table started from the plan and finished.
    (its creation answer, {(round, table): [(seat, player, table points, score), …] in seat order})."""
    created = client.post("/api/v1/tournaments", json={"name": name}).get_json()
    tid, organiser = created["id"], {"Authorization": f"Bearer {created['keys']['organiser']}"}

    def call(path: str, **body) -> dict:
        answer = client.post(f"/api/v1/tournaments/{tid}/{path}", json=body, headers=organiser)
        assert answer.status_code in (200, 201), answer.get_json()
        return answer.get_json()

    seated = client.put(f"/api/v1/tournaments/{tid}/roster", json={"players": ELEVEN, "rounds": 3}, headers=organiser)
    assert seated.status_code == 200, seated.get_json()
    played = {}
    for number in (1, 2, 3):
        plan = client.get(f"/api/v1/tournaments/{tid}", headers=organiser).get_json()["seating"]["plan"]
        started = [call("seating/start", round=number, table=table["table"], first_dealer=0)
                   for table in plan[number - 1]["tables"]]
        if number == 1:
            call("roster/withdraw", player="Costanza")
            call("roster/arrive", player="Lucrezia")
        for index, table in enumerate(started):
            players = table["game"]["players"]
            points = play_hands(client, table["id"], table["keys"]["scorer"], players, seed=10 * number + index)
            played[(number, table["table"])] = [(seat, player, *points[player])
                                                for seat, player in enumerate(players, start=1)]
    return created, played
