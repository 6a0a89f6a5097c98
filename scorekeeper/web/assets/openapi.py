"""The OpenAPI 3.1 document of API v1, served at /api/v1/openapi.json.

Generated, not written: every body and answer schema comes from the declarations the API checks
bodies with (`scorekeeper.shapes` and each family's `families/<family>/api.py`, pydantic models),
so the document cannot say something the server does not do. What is declared here is what has no
model: the paths, who may call them, their errors and headers, in one table.

A body that depends on the game's variant (`PUT …/hands/<n>`, `PUT …/bids/<seat>`) is `anyOf` the
families' declarations, each saying which variants it is for: `anyOf` rather than `oneOf`, because
some bodies fit several families (`{"trump": "S"}` is a hand of three), and `oneOf` would call them
invalid. A game is `oneOf` the families' games, told apart by `variant`.
"""
from __future__ import annotations

from functools import cache

from pydantic.json_schema import GenerateJsonSchema, models_json_schema

from ...families import FAMILIES
from ...model import club_shapes, season_shapes, shapes
from ...rules import VARIANTS

REF = "#/components/schemas/{model}"
ERROR = {"$ref": "#/components/schemas/Error"}
GAME = {"$ref": "#/components/schemas/Game"}
AUTH = [{"bearer": []}]
NO_AUTH: list = []

# -- errors and headers --------------------------------------------------------------------------------------
ERRORS = {
    400: "`malformed`: not a JSON object in UTF-8, or a string holding a lone surrogate",
    403: "`forbidden`: the key's role may not do this; `cross_site`: a browser sent it from another site",
    404: "`not_found`: unknown game (or tournament, season, club, roster player), or a key that does not open it — "
         "the same answer for both",
    409: "A state conflict: `hand_not_current`, `bidding_closed`, `conflict`, `too_many_changes`, `table_taken`, "
         "`already_in_tournament`, `already_in_season`, `already_in_club`, `same_name`, `hand_confirmed`, "
         "`hand_not_complete`, `stale_hand`, `entry_taken`",
    412: "`version_mismatch`: `If-Match` names a version that is no longer current; the error carries the game",
    413: "`too_large`: the body is over 64 KB (16 MB for a CSV import), chunked or not",
    415: "`unsupported_media_type`: the body is not `text/csv`",
    422: "A rule was broken, or a field has the wrong shape: the code says which, `field` names the field "
         "(`invalid_input`, `bid_out_of_range`, `tricks_sum`, `forbidden_bid`, `missing_bids`, `invalid_players`, "
         "`invalid_option`, `invalid_contract`, `invalid_csv` with `line`, `invalid_game`, `rule`)",
    429: "`rate_limited`: too many requests from this client address; wait `Retry-After` seconds",
    503: "`unavailable`: the storage cannot take the change (full, or read-only): nothing changed; retry after "
         "`Retry-After` seconds",
}
WRITES = (400, 403, 413, 429, 503)  # what any write may get
HEADERS = {
    "ETag": {"description": "The version: `\"<n>\"` for a game, a fingerprint for a tournament.", "required": True,
             "schema": {"type": "string"}},
    "Location": {"description": "The address of what was created.", "required": True, "schema": {"type": "string"}},
    "Retry-After": {"description": "Seconds to wait.", "required": True, "schema": {"type": "string",
                                                                                    "pattern": "^[0-9]+$"}},
    "Cache-Control": {"description": "`no-store`: the answer carries keys or links.", "required": True,
                      "schema": {"type": "string", "const": "no-store"}},
}


def errors(*codes: int) -> dict:
    out = {}
    for code in sorted(set(codes)):
        out[str(code)] = {"description": ERRORS[code], "content": {"application/json": {"schema": ERROR}}}
        if code in (429, 503):
            out[str(code)]["headers"] = {"Retry-After": HEADERS["Retry-After"]}
    return out


def answer(schema: dict, description: str = "OK", *headers: str) -> dict:
    out = {"description": description, "content": {"application/json": {"schema": schema}}}
    if headers:
        out["headers"] = {name: HEADERS[name] for name in headers}
    return out


def body(schema: dict, required: bool = True) -> dict:
    return {"required": required, "content": {"application/json": {"schema": schema}}}


def ref(model) -> dict:
    return {"$ref": REF.format(model=model.__name__)}


# -- parameters --------------------------------------------------------------------------------------------------
GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
TOURNAMENT_ID = {"name": "tournament_id", "in": "path", "required": True, "schema": {"type": "string"}}
SEASON_ID = {"name": "season_id", "in": "path", "required": True, "schema": {"type": "string"}}
CLUB_ID = {"name": "club_id", "in": "path", "required": True, "schema": {"type": "string"}}
NUMBER = {"name": "number", "in": "path", "required": True, "description": "The player's roster number.",
          "schema": {"type": "integer", "minimum": 0}}
SEASON_YEAR = {"name": "season", "in": "query", "required": False, "description": "The ladders of one year (`2026`).",
               "schema": {"type": "string"}}
HAND = {"name": "n", "in": "path", "required": True, "description": "The hand (deal) number, from 1.",
        "schema": {"type": "integer", "minimum": 1}}
SEAT = {"name": "seat", "in": "path", "required": True, "description": "The seat that bids.",
        "schema": {"type": "integer", "minimum": 0, "maximum": shapes.MOST_SEATS - 1}}
IF_MATCH = {"name": "If-Match", "in": "header", "required": False, "schema": {"type": "string"},
            "description": "The version the change is based on (`\"7\"`, `7`, `W/\"7\"` or `*`); 412 when stale."}
ONCE = {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,200}$"}
ENTRY = {"name": "Idempotency-Key", "in": "header", "required": False, "schema": ONCE,
         "description": "The entry's own id, made at random by the client (a UUID): sent again (a retry after a lost "
                        "answer), the change is not applied twice: 200 with the game as it is and "
                        "`Idempotent-Replayed: true`. Sent with another change (another write, hand, seat or "
                        "value): 422 `invalid_input`, nothing applied. Another key's id: 409 `entry_taken`."}


# -- the schemas -------------------------------------------------------------------------------------------------
class Schemas(GenerateJsonSchema):
    """pydantic's JSON Schema (2020-12, as OpenAPI 3.1 takes it) without the titles it makes up for every field."""

    def field_title_should_be_set(self, schema) -> bool:
        return False


def _families(family: str | None) -> list:
    return [FAMILIES[family]] if family else list(FAMILIES.values())


def _for_variants(family) -> str:
    return ", ".join(f"`{v.id}`" for v in VARIANTS.values() if v.family == family.id)


@cache
def components(family: str | None = None) -> dict:
    families = _families(family)
    models = [*shapes.NEW_GAME.values(), shapes.Rotate, shapes.NewTournament, shapes.NewPartita,
              shapes.AttachPartita, shapes.RotateTournament, shapes.Created, shapes.Rotated, shapes.Error,
              shapes.TournamentCreated, shapes.Tournament, shapes.PartitaAdded, shapes.TournamentRotated,
              shapes.Roster, shapes.RosterPlayer, shapes.SwapSeats, shapes.StartTable, shapes.Confirm,
              *season_shapes.MODELS, *club_shapes.MODELS]
    for each in families:
        models += [each.hand_body, each.game_answer] + ([each.bid_body] if each.bid_body else [])
    _, generated = models_json_schema([(model, "validation") for model in models], ref_template=REF,
                                      schema_generator=Schemas)
    schemas = generated["$defs"]
    for each in families:  # which variants each family's declarations are for
        for model in (each.hand_body, each.bid_body, each.game_answer):
            if model is not None:
                schemas[model.__name__]["description"] += f" Variants: {_for_variants(each)}."
    schemas["Game"] = {"oneOf": [ref(each.game_answer) for each in families],
                       "discriminator": {"propertyName": "variant", "mapping": {
                           v.id: REF.format(model=FAMILIES[v.family].game_answer.__name__)
                           for v in VARIANTS.values() if FAMILIES[v.family] in families}},
                       "description": "A game: what every game has, and its family's own fields."}
    schemas["NewGame"] = {"oneOf": [ref(model) for model in shapes.NEW_GAME.values()],
                          "discriminator": {"propertyName": "variant", "mapping": {
                              variant_id: REF.format(model=model.__name__)
                              for variant_id, model in shapes.NEW_GAME.items()}},
                          "description": "A new game: its variant decides the players it takes and its options."}
    schemas["HandBody"] = _one_per_family([each.hand_body for each in families])
    bids = [each.bid_body for each in families if each.bid_body]
    if bids:
        schemas["BidBody"] = _one_per_family(bids)
    for name in ("Created", "PartitaAdded"):
        schemas[name]["properties"]["game"] = GAME
    schemas["ErrorDetail"]["properties"]["game"] = {**GAME, "description": "`version_mismatch`: the game now."}
    schemas["Error"]["properties"]["error"] = schemas.pop("ErrorDetail")  # one schema says what an error is
    return schemas


def _one_per_family(models: list) -> dict:
    if len(models) == 1:
        return ref(models[0])
    return {"anyOf": [ref(model) for model in models],
            "description": "The body depends on the game's variant: the declaration of its family."}


# -- the paths ---------------------------------------------------------------------------------------------------
# Where a created game leads (OpenAPI links: a client, or schemathesis's stateful run, follows them).
FOLLOW = {"readGame": {}, "recordHand": {"n": 1}, "undo": {}, "exportCsv": {}}


def _created() -> dict:
    created = answer(ref(shapes.Created), "Created", "Location")
    created["links"] = {operation: {"operationId": operation, "parameters": {
        "game_id": "$response.body#/id", **extra}} for operation, extra in FOLLOW.items()}
    return created


def _game_paths(family: str | None) -> dict:
    write = {"security": AUTH}
    game = answer(GAME, "The game, as this key sees it", "ETag", "Cache-Control")
    paths = {
        "/api/v1/games": {"post": {
            "summary": "Create a game (no key needed); answers with its keys and links", "security": NO_AUTH,
            "operationId": "createGame", "requestBody": body({"$ref": "#/components/schemas/NewGame"}),
            "responses": {"201": _created(), **errors(*WRITES, 422)}}},
        "/api/v1/games/import": {"post": {
            "summary": "Create a game from a CSV this app exported (no key needed): the same answer as creating one",
            "description": "The whole file as the body. Every row is checked against the rules; a file that is "
                           "malformed, tampered or of an unknown variant answers 422 `invalid_csv` with the `line` at "
                           "fault, and nothing is created. Up to 16 MB (other requests: 64 KB).",
            "security": NO_AUTH,
            "parameters": [{"name": "Idempotency-Key", "in": "header", "required": False, "schema": ONCE,
                            "description": "A key the client made at random (a UUID): sent again with the same "
                                           "file within a day, the answer is the game the first try made "
                                           "(`Idempotent-Replayed: true`), not a second one; with another "
                                           "file, 422 `invalid_input`."}],
            "requestBody": {"required": True, "content": {"text/csv": {"schema": {"type": "string"}}}},
            "responses": {"201": answer(ref(shapes.Created), "Created", "Location"), **errors(*WRITES, 409, 415,
                                                                                               422)}}},
        "/api/v1/games/{game_id}": {"get": {
            "summary": "Read a game (any key; sealed bids hidden)", "parameters": [GAME_ID], **write,
            "operationId": "readGame",
            "responses": {"200": game, **errors(404)}}},
        "/api/v1/games/{game_id}/hands/{n}": {"put": {
            **write, "parameters": [GAME_ID, HAND, IF_MATCH, ENTRY], "operationId": "recordHand",
            "summary": "Record or correct a hand (scorer): the fields of the game's family",
            "requestBody": body({"$ref": "#/components/schemas/HandBody"}),
            "responses": {"200": game, **errors(*WRITES, 404, 409, 412, 422)}}},
        "/api/v1/games/{game_id}/undo": {"post": {
            **write, "parameters": [GAME_ID, IF_MATCH, ENTRY], "operationId": "undo",
            "summary": "Take back the latest change still standing (scorer)",
            "responses": {"200": game, **errors(*WRITES, 404, 409, 412, 422)}}},
        "/api/v1/games/{game_id}/end": {"post": {
            **write, "parameters": [GAME_ID, IF_MATCH, ENTRY],
            "summary": "End a game of open length now (scorer); a game that ends by itself answers 409",
            "responses": {"200": game, **errors(*WRITES, 404, 409, 412, 422)}}},
        "/api/v1/games/{game_id}/keys/rotate": {"post": {
            **write, "parameters": [GAME_ID], "summary": "Replace a link; the old key stops working at once (scorer)",
            "requestBody": body(ref(shapes.Rotate)),
            "responses": {"200": answer(ref(shapes.Rotated), "The new key", "Cache-Control"),
                          **errors(*WRITES, 404, 422)}}},
        "/api/v1/games/{game_id}/export.csv": {"get": {
            "summary": "The game as CSV: one row per scored hand per player (per side)", "parameters": [GAME_ID],
            "operationId": "exportCsv",
            **write, "responses": {"200": {"description": "CSV", "content": {"text/csv": {
                "schema": {"type": "string"}}}}, **errors(404)}}},
        "/api/v1/games/{game_id}/events": {"get": {
            "summary": "Live changes as server-sent events (any key)",
            "description": "`event: hello` first (data: the current version), then `event: change` with id = "
                           "version and data {version, change, by, at, hand, seat}; never a bid value. Resumes after "
                           "`Last-Event-ID` (or `?since=`).",
            "parameters": [GAME_ID, {"name": "Last-Event-ID", "in": "header", "required": False,
                                     "schema": {"type": "string"}}],
            **write, "responses": {"200": {"description": "Event stream", "content": {"text/event-stream": {
                "schema": {"type": "string"}}}}, **errors(404, 429)}}},
        "/api/v1/games/{game_id}/hands/{n}/confirm": {"post": {
            **write, "parameters": [GAME_ID, HAND, ENTRY], "operationId": "confirmHand",
            "summary": "Confirm a complete hand as it was at `version` (a player's seat key; games "
                       "created with `confirmation`)",
            "description": "The hand is then locked: a correction or undo touching it answers 409 `hand_confirmed` "
                           "until a player reopens it. Confirmed already: 200, nothing recorded. The hand changed "
                           "after `version`: 409 `stale_hand`. Not complete (or no such hand): 409 "
                           "`hand_not_complete`. The scorer's and the view key: 403.",
            "requestBody": body(ref(shapes.Confirm)),
            "responses": {"200": game, **errors(*WRITES, 404, 409, 422)}}},
        "/api/v1/games/{game_id}/hands/{n}/reopen": {"post": {
            **write, "parameters": [GAME_ID, HAND, ENTRY], "operationId": "reopenHand",
            "summary": "Reopen a confirmed hand so that the scorer can correct it (a seat key); it then needs a new "
                       "confirmation",
            "description": "A hand that is not confirmed: 409 `conflict`. The scorer's and the view key: 403.",
            "responses": {"200": game, **errors(*WRITES, 404, 409, 422)}}},
    }
    if any(each.bid_body for each in _families(family)):
        paths["/api/v1/games/{game_id}/hands/{n}/bids/{seat}"] = {"put": {
            **write, "parameters": [GAME_ID, HAND, SEAT, IF_MATCH, ENTRY],
            "summary": "Record one bid, in any order (scorer, or the seat's own key)",
            "description": "The games with bidding: " + ", ".join(_for_variants(each) for each in _families(family)
                                                                   if each.bid_body) + "; the others refuse it.",
            "requestBody": body({"$ref": "#/components/schemas/BidBody"}),
            "responses": {"200": game, **errors(*WRITES, 404, 409, 412, 422)}}}
    return paths


def _tournament_paths() -> dict:
    tournament = answer(ref(shapes.Tournament), "The tournament", "ETag", "Cache-Control")
    keys = [TOURNAMENT_ID]
    return {
        "/api/v1/tournaments": {"post": {
            "summary": "Create a tournament (no key needed); answers with its keys (organiser, view, join) and links",
            "security": NO_AUTH, "requestBody": body(ref(shapes.NewTournament)),
            "responses": {"201": answer(ref(shapes.TournamentCreated), "Created", "Location"),
                          **errors(*WRITES, 422)}}},
        "/api/v1/tournaments/{tournament_id}": {"get": {
            "summary": "Read a tournament: its partite and the standings (any of its keys)", "parameters": [
                *keys, {"name": "If-None-Match", "in": "header", "required": False, "schema": {"type": "string"},
                        "description": "The `ETag` a poller holds: 304 while nothing changed."}],
            "security": AUTH,
            "responses": {"200": tournament, "304": {"description": "Not modified", "headers": {
                "ETag": HEADERS["ETag"]}}, **errors(404)}}},
        "/api/v1/tournaments/{tournament_id}/games": {"post": {
            "summary": "Add a partita (organiser or join key): a new whist-torneo game for a table, or an existing "
                       "one proven by its scorer key",
            "parameters": keys, "security": AUTH,
            "requestBody": body({"oneOf": [ref(shapes.NewPartita), ref(shapes.AttachPartita)]}),
            "responses": {"201": answer(ref(shapes.PartitaAdded), "Created", "Location"),
                          **errors(*WRITES, 404, 409, 422)}}},
        "/api/v1/tournaments/{tournament_id}/games/{game_id}": {"delete": {
            "summary": "Take a partita out of the tournament (organiser); the game itself is kept",
            "parameters": [*keys, GAME_ID], "security": AUTH,
            "responses": {"200": tournament, **errors(*WRITES, 404)}}},
        "/api/v1/tournaments/{tournament_id}/keys/rotate": {"post": {
            "summary": "Replace one of the tournament's links; the old key stops working at once (organiser)",
            "parameters": keys, "security": AUTH, "requestBody": body(ref(shapes.RotateTournament)),
            "responses": {"200": answer(ref(shapes.TournamentRotated), "The new key"), **errors(*WRITES, 404, 422)}}},
        "/api/v1/tournaments/{tournament_id}/roster": {"put": {
            "summary": "Seat a club evening (organiser): the roster and the rounds; the app makes every round's "
                       "tables. Before the first partita only",
            "parameters": keys, "security": AUTH, "requestBody": body(ref(shapes.Roster)),
            "responses": {"200": tournament, **errors(*WRITES, 404, 409, 422)}}},
        "/api/v1/tournaments/{tournament_id}/roster/withdraw": {"post": {
            "summary": "A player withdraws (organiser): the rounds not yet begun are seated again without them",
            "parameters": keys, "security": AUTH, "requestBody": body(ref(shapes.RosterPlayer)),
            "responses": {"200": tournament, **errors(*WRITES, 404, 409, 422)}}},
        "/api/v1/tournaments/{tournament_id}/roster/arrive": {"post": {
            "summary": "A late arrival (organiser): the rounds not yet begun are seated again with them",
            "parameters": keys, "security": AUTH, "requestBody": body(ref(shapes.RosterPlayer)),
            "responses": {"200": tournament, **errors(*WRITES, 404, 409, 422)}}},
        "/api/v1/tournaments/{tournament_id}/seating/swap": {"post": {
            "summary": "Swap two players' seats in a round not yet begun (organiser)",
            "parameters": keys, "security": AUTH, "requestBody": body(ref(shapes.SwapSeats)),
            "responses": {"200": tournament, **errors(*WRITES, 404, 409, 422)}}},
        "/api/v1/tournaments/{tournament_id}/seating/start": {"post": {
            "summary": "A seated table starts its partita, with its players in their seats (organiser or join key); "
                       "200 with the partita already started there",
            "parameters": keys, "security": AUTH, "requestBody": body(ref(shapes.StartTable)),
            "responses": {"201": answer(ref(shapes.PartitaAdded), "Created", "Location"),
                          "200": answer(ref(shapes.PartitaAdded), "Started already", "Location"),
                          **errors(*WRITES, 404, 409, 422)}}},
        "/api/v1/tournaments/{tournament_id}/standings.csv": {"get": {
            "summary": "The standings as CSV: place, player, table points (exact and decimal), raw points, partite",
            "parameters": keys, "security": AUTH,
            "responses": {"200": {"description": "CSV", "content": {"text/csv": {"schema": {"type": "string"}}}},
                          **errors(404)}}},
    }


def _season_paths() -> dict:
    season = answer(ref(season_shapes.Season), "The season", "Cache-Control")
    csv = {"200": {"description": "CSV", "content": {"text/csv": {"schema": {"type": "string"}}}}, **errors(404)}
    return {
        "/api/v1/seasons": {"post": {
            "summary": "Create a season (no key needed); answers with its keys (organiser, view) and links",
            "security": NO_AUTH, "requestBody": body(ref(season_shapes.NewSeason)),
            "responses": {"201": answer(ref(season_shapes.SeasonCreated), "Created", "Location"),
                          **errors(*WRITES, 422)}}},
        "/api/v1/seasons/{season_id}": {"get": {
            "summary": "Read a season: its tournaments and the standings summed over the finished ones (any of its "
                       "keys)", "parameters": [SEASON_ID], "security": AUTH,
            "responses": {"200": season, **errors(404)}}},
        "/api/v1/seasons/{season_id}/tournaments": {"post": {
            "summary": "Add a tournament (organiser), proven by one of the tournament's keys; it counts once finished",
            "parameters": [SEASON_ID], "security": AUTH, "requestBody": body(ref(season_shapes.SeasonTournament)),
            "responses": {"201": season, **errors(*WRITES, 404, 409, 422)}}},
        "/api/v1/seasons/{season_id}/tournaments/{tournament_id}": {"delete": {
            "summary": "Take a tournament out of the season (organiser); the tournament itself is kept",
            "parameters": [SEASON_ID, TOURNAMENT_ID], "security": AUTH,
            "responses": {"200": season, **errors(*WRITES, 404)}}},
        "/api/v1/seasons/{season_id}/keys/rotate": {"post": {
            "summary": "Replace one of the season's links; the old key stops working at once (organiser)",
            "parameters": [SEASON_ID], "security": AUTH, "requestBody": body(ref(season_shapes.RotateSeason)),
            "responses": {"200": answer(ref(season_shapes.SeasonRotated), "The new key", "Cache-Control"),
                          **errors(*WRITES, 404, 422)}}},
        "/api/v1/seasons/{season_id}/standings.csv": {"get": {
            "summary": "The season's standings as CSV: place, player, table points (exact and decimal), raw points, "
                       "evenings", "parameters": [SEASON_ID], "security": AUTH, "responses": csv}},
    }


def _club_paths() -> dict:
    club = answer(ref(club_shapes.Club), "The club", "Cache-Control")
    member = answer(ref(club_shapes.ClubMember), "The roster player", "Cache-Control")
    csv = {"200": {"description": "CSV", "content": {"text/csv": {"schema": {"type": "string"}}}}, **errors(403, 404)}
    base, player = "/api/v1/clubs/{club_id}", "/api/v1/clubs/{club_id}/players/{number}"
    files = {f"{base}/{name}.csv": {"get": {"summary": summary, "parameters": [CLUB_ID], "security": AUTH,
                                            "responses": csv}} for name, summary in (
        ("roster", "The roster as CSV: number, name, nickname, hidden, removed, games, last_played"),
        ("ratings", "The ladders as CSV: family, place, number, name, rating, provisional, games, mu, sigma"),
        ("games", "Every rated game as CSV, a line a seat: game_id, family, variant, ended_at, seat, number, name, "
                  "team, place, rating_before, rating_after"))}
    return {
        "/api/v1/clubs": {"post": {
            "summary": "Create a club (no key needed); answers with its keys (organiser, view) and links",
            "security": NO_AUTH, "requestBody": body(ref(club_shapes.NewClub)),
            "responses": {"201": answer(ref(club_shapes.ClubCreated), "Created", "Location"), **errors(*WRITES, 422)}}},
        base: {"get": {
            "summary": "Read a club: its roster and every family's ladder (organiser or the club's link; a member's "
                       "own link: 403)", "parameters": [CLUB_ID, SEASON_YEAR], "security": AUTH,
            "responses": {"200": club, **errors(403, 404)}}},
        f"{base}/players": {"post": {
            "summary": "Add a player to the roster (organiser)", "parameters": [CLUB_ID], "security": AUTH,
            "requestBody": body(ref(club_shapes.NewMember)), "responses": {"201": member,
                                                                            **errors(*WRITES, 404, 409, 422)}}},
        player: {
            "get": {"summary": "A player's page: ratings with their history, head to head, games (the club's links, "
                               "or the player's own)", "parameters": [CLUB_ID, NUMBER], "security": AUTH,
                    "responses": {"200": answer(ref(club_shapes.ClubPlayer), "The player's page", "Cache-Control"),
                                  **errors(404)}},
            "patch": {"summary": "Correct a player's name or nickname (organiser); hide them from the ladder or show "
                                 "them again (organiser, or the player's own link)", "parameters": [CLUB_ID, NUMBER],
                      "security": AUTH, "requestBody": body(ref(club_shapes.EditMember)),
                      "responses": {"200": member, **errors(*WRITES, 404, 409, 422)}},
            "delete": {"summary": "Take a player off the roster: the name is erased, the games stay (organiser)",
                       "parameters": [CLUB_ID, NUMBER], "security": AUTH,
                       "responses": {"200": member, **errors(*WRITES, 404)}}},
        f"{player}/link": {"post": {
            "summary": "A player's own link, to hand them: the one there is, or a new one (organiser)",
            "parameters": [CLUB_ID, NUMBER], "security": AUTH, "requestBody": body(ref(club_shapes.MemberLink), False),
            "responses": {"200": answer(ref(club_shapes.ClubMemberLink), "The link", "Cache-Control"),
                          **errors(*WRITES, 404, 409, 422)}}},
        f"{base}/games": {"post": {
            "summary": "Add a game, proven by its scorer's key, each seat matched to the roster (organiser)",
            "parameters": [CLUB_ID], "security": AUTH, "requestBody": body(ref(club_shapes.ClubGameBody)),
            "responses": {"201": club, **errors(*WRITES, 404, 409, 422)}}},
        f"{base}/games/{{game_id}}": {"delete": {
            "summary": "Take a game out of the club; the game itself is kept (organiser)",
            "parameters": [CLUB_ID, GAME_ID], "security": AUTH, "responses": {"200": club, **errors(*WRITES, 404)}}},
        f"{base}/evenings": {"post": {
            "summary": "Add a club evening, proven by its organiser's key, each of its names matched (organiser)",
            "parameters": [CLUB_ID], "security": AUTH, "requestBody": body(ref(club_shapes.ClubEveningBody)),
            "responses": {"201": club, **errors(*WRITES, 404, 409, 422)}}},
        f"{base}/evenings/{{tournament_id}}": {"delete": {
            "summary": "Take a club evening out of the club; the evening itself is kept (organiser)",
            "parameters": [CLUB_ID, TOURNAMENT_ID], "security": AUTH,
            "responses": {"200": club, **errors(*WRITES, 404)}}},
        f"{base}/keys/rotate": {"post": {
            "summary": "Replace one of the club's links; the old key stops working at once (organiser)",
            "parameters": [CLUB_ID], "security": AUTH, "requestBody": body(ref(club_shapes.RotateClub)),
            "responses": {"200": answer(ref(club_shapes.ClubRotated), "The new key", "Cache-Control"),
                          **errors(*WRITES, 404, 422)}}},
        **files,
    }


@cache
def document(family: str | None = None) -> dict:
    """The document; with `family`, only what a game of that family takes (the tests aim at one game at a time)."""
    return {
        "openapi": "3.1.0",
        "info": {"title": "Segnapunti API", "version": "1",
                 "description": "Score sheets for card games played with a real deck. Seats are 0-based indexes into "
                                "the player list (the order of play). A whole number is written as one: JSON Schema "
                                "calls `2.0` an integer, the API refuses it (422 `invalid_input`). The reference, "
                                "with examples: `/docs/api.md`."},
        "externalDocs": {"description": "The API reference, with examples", "url": "/docs/api.md"},
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer",
                                           "description": "A link key: of the game (scorer, view or seat), of the "
                                                          "tournament (organiser, view or join), of the season "
                                                          "(organiser, view) or of the club (organiser, view, a "
                                                          "member's own)."}},
            "schemas": components(family),
        },
        "paths": {**_game_paths(family), **_tournament_paths(), **_season_paths(), **_club_paths()},
    }
