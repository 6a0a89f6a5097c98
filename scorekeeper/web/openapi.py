"""The OpenAPI 3 document of API v1, served at /api/v1/openapi.json."""
from __future__ import annotations

from ..rules import VARIANTS

ERROR = {"$ref": "#/components/schemas/Error"}
GAME = {"$ref": "#/components/schemas/Game"}
AUTH = [{"bearer": []}]


def _errors(*codes: int) -> dict:
    words = {400: "Malformed: not a JSON object in UTF-8, or a string holding a lone surrogate",
             403: "The key's role may not do this (`forbidden`), or a browser sent it from another site (`cross_site`)",
             404: "Unknown game or key",
             409: "State conflict (bidding closed, hand not current, nothing to undo, `too_many_changes`)",
             412: "If-Match version mismatch (the body carries the current game)",
             413: "The body is too large (64 KB; 16 MB for a CSV import), chunked or not",
             415: "The body is not `text/csv`", 422: "A rule was broken",
             429: "Too many requests from this client address: wait `Retry-After` seconds",
             503: "The storage cannot take the change (full or read-only): nothing changed; retry after "
                  "`Retry-After` seconds (`unavailable`)"}
    out = {str(c): {"description": words[c], "content": {"application/json": {"schema": ERROR}}} for c in codes}
    for waiting in {429, 503} & set(codes):
        out[str(waiting)]["headers"] = {"Retry-After": {"description": "Seconds to wait",
                                                        "schema": {"type": "integer"}}}
    return out


def _writes(*codes: int) -> dict:
    """The errors of a state-changing request: `codes` and those any write may get (400, 403, 413, 429, 503)."""
    return _errors(*sorted({400, 403, 413, 429, 503, *codes}))


def _json(schema: dict, description: str = "OK") -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _body(schema: dict) -> dict:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
HAND = {"name": "n", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}
SEAT = {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 0}}
IF_MATCH = {"name": "If-Match", "in": "header", "required": False, "schema": {"type": "string"},
            "description": "The version the change is based on; 412 when stale."}
NULLABLE_INT = {"type": ["integer", "null"]}
CREATED = _json({"type": "object", "properties": {
    "id": {"type": "string"}, "variant": {"type": "string"}, "version": {"type": "integer"},
    "keys": {"type": "object"}, "links": {"type": "object"}, "game": GAME}}, "Created")


def document(app) -> dict:
    write = {"parameters": [GAME_ID, IF_MATCH], "security": AUTH}
    return {
        "openapi": "3.1.0",
        "externalDocs": {"description": "The API reference, with examples", "url": "/docs/api.md"},
        "info": {"title": "Segnapunti API", "version": "1",
                 "description": "Score sheets for card games played with a real deck. Seats are 0-based "
                                "indexes into the player list (the order of play)."},
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer",
                                           "description": "A link key of the game: scorer, view or seat."}},
            "schemas": {
                "Error": {"type": "object", "required": ["error"], "properties": {"error": {
                    "type": "object", "required": ["code", "message"],
                    "properties": {"code": {"type": "string", "examples": [
                        "forbidden_bid", "bid_out_of_range", "tricks_sum", "missing_bids", "invalid_contract",
                        "invalid_players", "invalid_option", "invalid_input", "hand_not_current",
                        "bidding_closed", "conflict", "too_many_changes", "forbidden", "cross_site", "not_found",
                        "method_not_allowed", "malformed", "version_mismatch", "too_large", "rate_limited", "rule",
                        "table_taken", "already_in_tournament", "invalid_game", "invalid_csv", "unsupported_media_type",
                        "internal"]},
                        "message": {"type": "string"}, "field": {"type": "string"},
                        "line": {"type": "integer", "description": "`invalid_csv`: the line of the file at fault"}}}}},
                "Hand": {"type": "object", "properties": {
                    "number": {"type": "integer"}, "name": {"type": "string"}, "cards": {"type": "integer"},
                    "trump": {"type": ["string", "null"], "enum": ["H", "D", "C", "S", "NT", None]},
                    "dealer": {"type": "integer"}, "order": {"type": "array", "items": {"type": "integer"}},
                    "bids": {"type": "array", "items": NULLABLE_INT}, "forbidden_bid": NULLABLE_INT,
                    "sealed": {"type": "boolean"}, "bids_in": {"type": "array", "items": {"type": "boolean"}},
                    "tricks": {"type": ["array", "null"], "items": {"type": "integer"}},
                    "scores": {"type": ["array", "null"], "items": {"type": "integer"}},
                    "totals": {"type": ["array", "null"], "items": {"type": "integer"}},
                    "honours": {"type": "array", "items": {"type": "integer"},
                                "description": "Partnership whist: honours held per side"},
                    "revokes": {"type": "array", "items": {"type": "integer"},
                                "description": "Partnership whist: the sides that revoked"},
                    "remarks": {"type": "array", "items": {"type": "integer"},
                                "description": "Classic whist: remarks during play per side"},
                    "game": {"type": "integer", "description": "Classic whist: the game of the rubber"},
                    "result": {"type": ["object", "null"], "description":
                               "whist-torneo: {failed}; partnership whist: {points, tricks} and in classic whist "
                               "{game_score, game_won_by, game_value, trick_points, honour_points, remark_points}"}}},
                "Game": {"type": "object", "properties": {
                    "id": {"type": "string"}, "variant": {"type": "string", "enum": sorted(VARIANTS)},
                    "options": {"type": "object"}, "version": {"type": "integer"},
                    "status": {"type": "string", "enum": ["in_progress", "finished"]},
                    "players": {"type": "array", "items": {"type": "string"}},
                    "sides": {"type": ["array", "null"]}, "current_hand": NULLABLE_INT,
                    "hands": {"type": "array", "items": {"$ref": "#/components/schemas/Hand"}},
                    "schedule": {"type": "array"}, "totals": {"type": "array", "items": {"type": "integer"}},
                    "side_names": {"type": "array", "items": {"type": "string"}},
                    "game_score": {"type": "array", "items": {"type": "integer"}},
                    "rubber": {"type": "object", "properties": {
                        "games": {"type": "array", "items": {"type": "object", "properties": {
                            "winner": {"type": "integer"}, "value": {"type": "integer"}}}},
                        "winner": NULLABLE_INT,
                        "points": {"type": ["array", "null"], "items": {"type": "integer"}}}},
                    "standings": {"type": "array", "items": {"type": "object", "properties": {
                        "seat": {"type": "integer"}, "place": {"type": "integer"}, "total": {"type": "integer"},
                        "table_points": {"type": ["string", "null"]}}}}}},
            },
        },
        "paths": {
            "/api/v1/games": {"post": {
                "summary": "Create a game (no key needed); answers with its keys and links",
                "requestBody": _body({"type": "object", "required": ["variant", "players"], "properties": {
                    "variant": {"type": "string", "enum": sorted(VARIANTS)},
                    "players": {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 40}},
                    "first_dealer": {"type": "integer", "minimum": 0}, "options": {"type": "object"}}}),
                "responses": {"201": CREATED, **_writes(422)}}},
            "/api/v1/games/import": {"post": {
                "summary": "Create a game from a CSV this app exported (no key needed): same answer as creating one",
                "description": "The whole file as the body. Every row is checked against the rules; a file that "
                               "is malformed, tampered or of an unknown variant answers 422 `invalid_csv` with "
                               "the `line` at fault, and nothing is created. Up to 16 MB (other requests: 64 KB).",
                "requestBody": {"required": True, "content": {"text/csv": {"schema": {"type": "string"}}}},
                "responses": {"201": CREATED, **_writes(409, 415, 422)}}},
            "/api/v1/games/{game_id}": {"get": {
                "summary": "Read a game (any key; sealed bids hidden)", "parameters": [GAME_ID], "security": AUTH,
                "responses": {"200": _json(GAME), **_errors(404)}}},
            "/api/v1/games/{game_id}/hands/{n}/bids/{seat}": {"put": {
                **write, "parameters": [GAME_ID, HAND, SEAT, IF_MATCH],
                "summary": "Record one bid, in any order (scorer, or the seat's own key)",
                "requestBody": _body({"type": "object", "required": ["bid"],
                                      "properties": {"bid": {"type": "integer"}}}),
                "responses": {"200": _json(GAME), **_writes(404, 409, 412, 422)}}},
            "/api/v1/games/{game_id}/hands/{n}": {"put": {
                **write, "parameters": [GAME_ID, HAND, IF_MATCH],
                "summary": "Record or edit a hand: any subset of the fields (scorer)",
                "description": "Bid-exactly games: trump, bids, tricks (per seat), penalties (whist-torneo). "
                               "Partnership whist: trump, tricks (per side, sum 13), honours, revokes, remarks.",
                "requestBody": _body({"type": "object", "properties": {
                    "trump": {"type": "string", "enum": ["H", "D", "C", "S", "NT"]},
                    "bids": {"type": "array", "items": NULLABLE_INT},
                    "tricks": {"type": "array", "items": {"type": "integer"}},
                    "penalties": {"type": "array", "items": {"type": "integer"}},
                    "honours": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
                    "revokes": {"type": "array", "items": {"type": "integer"}},
                    "remarks": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}}}),
                "responses": {"200": _json(GAME), **_writes(404, 409, 412, 422)}}},
            "/api/v1/games/{game_id}/undo": {"post": {
                **write, "summary": "Revert the last change (scorer)",
                "responses": {"200": _json(GAME), **_writes(404, 409, 412)}}},
            "/api/v1/games/{game_id}/end": {"post": {
                **write, "summary": "End a game of open length now (scorer); a game of fixed length answers 409",
                "responses": {"200": _json(GAME), **_writes(404, 409, 412)}}},
            "/api/v1/games/{game_id}/keys/rotate": {"post": {
                **write, "summary": "Replace a link; the old key stops working at once (scorer)",
                "requestBody": _body({"type": "object", "required": ["role"], "properties": {
                    "role": {"type": "string", "enum": ["scorer", "view", "seat"]}, "seat": {"type": "integer"}}}),
                "responses": {"200": _json({"type": "object"}), **_writes(404, 422)}}},
            "/api/v1/games/{game_id}/export.csv": {"get": {
                "summary": "The game as CSV", "parameters": [GAME_ID], "security": AUTH,
                "responses": {"200": {"description": "CSV", "content": {"text/csv": {}}}, **_errors(404)}}},
            "/api/v1/games/{game_id}/events": {"get": {
                "summary": "Live changes as server-sent events: one `change` event per new version (any key)",
                "description": "`event: hello` first (data: the current version), then `event: change` with id = "
                               "version and data {version, change, by, at, hand, seat}; never a bid value. "
                               "Resumes after `Last-Event-ID` (or `?since=`).",
                "parameters": [GAME_ID, {"name": "Last-Event-ID", "in": "header", "required": False,
                                         "schema": {"type": "string"}}],
                "security": AUTH,
                "responses": {"200": {"description": "Event stream", "content": {"text/event-stream": {}}},
                              **_errors(404)}}},
            **TOURNAMENT_PATHS,
        },
    }


# -- tournaments (docs/rules/bid-exactly.md): keys organiser / view / join; table points as exact strings ----------
TOURNAMENT_ID = {"name": "tournament_id", "in": "path", "required": True, "schema": {"type": "string"}}
TOURNAMENT_AUTH = [{"bearer": []}]
STANDING = {"type": "object", "properties": {
    "player": {"type": "string"}, "place": {"type": "integer"},
    "table_points": {"type": "string", "examples": ["8", "13/3"], "description": "Exact: an integer or a fraction"},
    "raw_points": {"type": "integer"}, "partite": {"type": "integer"}}}
PARTITA = {"type": "object", "properties": {
    "id": {"type": "string"}, "table": {"type": "string"}, "round": {"type": "integer"},
    "variant": {"type": "string", "enum": ["whist-torneo"]}, "options": {"type": "object"},
    "players": {"type": "array", "items": {"type": "string"}},
    "status": {"type": "string", "enum": ["in_progress", "finished"]},
    "counted": {"type": "boolean", "description": "Finished partite count in the standings"},
    "current_hand": NULLABLE_INT, "hands_played": {"type": "integer"}, "hands_total": {"type": "integer"},
    "totals": {"type": "array", "items": {"type": "integer"}},
    "failed_contracts": {"type": "array", "items": {"type": "integer"}},
    "standings": {"type": "array", "items": {"type": "object", "properties": {
        "seat": {"type": "integer"}, "player": {"type": "string"}, "place": {"type": "integer"},
        "total": {"type": "integer"}, "failed_contracts": {"type": "integer"}, "table_points": {"type": "string"}}}},
    "links": {"type": "object"}}}
TOURNAMENT = {"type": "object", "properties": {
    "id": {"type": "string"}, "name": {"type": "string"}, "scheme": {"type": "string", "enum": ["ridotto", "completo"]},
    "version": {"type": "string"}, "games": {"type": "array", "items": PARTITA},
    "standings": {"type": "array", "items": STANDING}}}
TOURNAMENT_ERRORS = {
    "404": {"description": "Unknown tournament or key", "content": {"application/json": {"schema": ERROR}}},
    "409": {"description": "The game is already in a tournament, or the table already has a partita in that round",
            "content": {"application/json": {"schema": ERROR}}}}
TOURNAMENT_PATHS = {
    "/api/v1/tournaments": {"post": {
        "summary": "Create a tournament (no key needed); answers with its keys (organiser, view, join) and links",
        "requestBody": _body({"type": "object", "properties": {
            "name": {"type": "string", "maxLength": 60},
            "scheme": {"type": "string", "enum": ["ridotto", "completo"], "default": "ridotto"}}}),
        "responses": {"201": _json({"type": "object", "properties": {
            "id": {"type": "string"}, "keys": {"type": "object", "properties": {
                "organiser": {"type": "string"}, "view": {"type": "string"}, "join": {"type": "string"}}},
            "links": {"type": "object"}, "tournament": TOURNAMENT}}, "Created"), **_writes(422)}}},
    "/api/v1/tournaments/{tournament_id}": {"get": {
        "summary": "Read a tournament: its partite and the standings (any of its keys)",
        "parameters": [TOURNAMENT_ID], "security": TOURNAMENT_AUTH,
        "responses": {"200": _json(TOURNAMENT), "304": {"description": "Not modified (If-None-Match)"},
                      "404": TOURNAMENT_ERRORS["404"]}}},
    "/api/v1/tournaments/{tournament_id}/games": {"post": {
        "summary": "Add a partita (organiser or join key): create a whist-torneo game for a table, "
                   "or attach an existing one by its scorer key",
        "parameters": [TOURNAMENT_ID], "security": TOURNAMENT_AUTH,
        "requestBody": _body({"oneOf": [
            {"type": "object", "required": ["players"], "properties": {
                "players": {"type": "array", "minItems": 3, "maxItems": 5, "items": {"type": "string"}},
                "options": {"type": "object", "properties": {
                    "scheme": {"type": "string", "enum": ["ridotto", "completo"]}, "direction": {"type": "string"}}},
                "first_dealer": {"type": "integer", "minimum": 0}, "table": {"type": "string", "maxLength": 20},
                "round": {"type": "integer", "minimum": 1}}},
            {"type": "object", "required": ["game_id", "key"], "properties": {
                "game_id": {"type": "string"}, "key": {"type": "string", "description": "The game's scorer key"},
                "table": {"type": "string"}, "round": {"type": "integer", "minimum": 1}}}]}),
        "responses": {"201": _json({"type": "object", "properties": {
            "id": {"type": "string"}, "variant": {"type": "string"}, "version": {"type": "integer"},
            "table": {"type": "string"}, "round": {"type": "integer"}, "keys": {"type": "object"},
            "links": {"type": "object"}, "game": GAME, "tournament": TOURNAMENT}}, "Created"),
            **_writes(422), **TOURNAMENT_ERRORS}}},
    "/api/v1/tournaments/{tournament_id}/games/{game_id}": {"delete": {
        "summary": "Take a partita out of the tournament (organiser); the game itself is kept",
        "parameters": [TOURNAMENT_ID, GAME_ID], "security": TOURNAMENT_AUTH,
        "responses": {"200": _json(TOURNAMENT), **_writes(), "404": TOURNAMENT_ERRORS["404"]}}},
    "/api/v1/tournaments/{tournament_id}/keys/rotate": {"post": {
        "summary": "Replace one of the tournament's links; the old key stops working at once (organiser)",
        "parameters": [TOURNAMENT_ID], "security": TOURNAMENT_AUTH,
        "requestBody": _body({"type": "object", "required": ["role"], "properties": {
            "role": {"type": "string", "enum": ["organiser", "view", "join"]}}}),
        "responses": {"200": _json({"type": "object", "required": ["role", "key", "keys", "links"], "properties": {
            "role": {"type": "string"}, "key": {"type": "string"},
            "keys": {"type": "object", "properties": {
                "organiser": {"type": "string"}, "view": {"type": "string"}, "join": {"type": "string"}}},
            "links": {"type": "object"}}}), **_writes(422), "404": TOURNAMENT_ERRORS["404"]}}},
    "/api/v1/tournaments/{tournament_id}/standings.csv": {"get": {
        "summary": "The standings as CSV: place, player, table points (exact and decimal), raw points, partite",
        "parameters": [TOURNAMENT_ID], "security": TOURNAMENT_AUTH,
        "responses": {"200": {"description": "CSV", "content": {"text/csv": {}}}, "404": TOURNAMENT_ERRORS["404"]}}},
}
