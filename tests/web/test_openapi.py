"""/api/v1/openapi.json: an OpenAPI 3 document that covers every API route the app serves."""
from __future__ import annotations

import re

import pytest

from tests.module_app import app  # noqa: F401  (one database per module)

IGNORED_METHODS = {"HEAD", "OPTIONS"}
HTTP_METHODS = {"get", "put", "post", "delete", "patch"}




@pytest.fixture(scope="module")
def document(app):
    response = app.test_client().get("/api/v1/openapi.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    return response.get_json()


def shape(path: str) -> str:
    """A path with its parameters blanked: Flask's `<int:n>` and OpenAPI's `{n}` both become `{}`."""
    return re.sub(r"<[^>]*>|\{[^}]*\}", "{}", path)


def api_routes(app) -> set[tuple[str, str]]:
    routes = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/v1") or rule.rule == "/api/v1/openapi.json":
            continue
        for method in rule.methods - IGNORED_METHODS:
            routes.add((shape(rule.rule), method.lower()))
    return routes


def test_document_is_openapi_3(document):
    assert re.fullmatch(r"3\.\d+\.\d+", document["openapi"])
    assert document["info"]["title"]
    assert document["info"]["version"]
    assert isinstance(document["paths"], dict) and document["paths"]
    for path, operations in document["paths"].items():
        assert path.startswith("/api/v1/")
        assert operations and set(operations) - {"parameters", "summary", "description"} <= HTTP_METHODS
        for method, operation in operations.items():
            if method not in HTTP_METHODS:
                continue
            assert operation.get("summary"), (path, method)
            assert operation["responses"], (path, method)
            assert all(re.fullmatch(r"[1-5]\d\d|default", code) for code in operation["responses"])
            # Every {parameter} of the path is declared.
            declared = {p["name"] for p in operation.get("parameters", []) + operations.get("parameters", [])
                        if p["in"] == "path"}
            assert set(re.findall(r"\{([^}]*)\}", path)) <= declared, (path, method)


def test_every_api_route_is_documented(app, document):
    routes = api_routes(app)
    assert ("/api/v1/games", "post") in routes  # the check sees the real url_map
    assert len(routes) >= 7
    documented = {(shape(path), method) for path, operations in document["paths"].items()
                  for method in operations if method in HTTP_METHODS}
    missing = sorted(routes - documented)
    assert missing == []


def test_api_md_endpoints_are_documented(document):
    paths = {shape(p): set(ops) for p, ops in document["paths"].items()}
    for path, method in [
        ("/api/v1/games", "post"),
        ("/api/v1/games/{}", "get"),
        ("/api/v1/games/{}/hands/{}/bids/{}", "put"),
        ("/api/v1/games/{}/hands/{}", "put"),
        ("/api/v1/games/{}/undo", "post"),
        ("/api/v1/games/{}/keys/rotate", "post"),
        ("/api/v1/games/{}/export.csv", "get"),
        ("/api/v1/games/{}/events", "get"),
    ]:
        assert method in paths.get(path, set()), (path, method)


def test_refs_resolve(document):
    refs = set()

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "$ref":
                    refs.add(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(document)
    assert refs
    for ref in refs:
        assert ref.startswith("#/")
        node = document
        for part in ref[2:].split("/"):
            assert part in node, ref
            node = node[part]


def test_error_codes_of_api_md_are_listed(document):
    codes = document["components"]["schemas"]["Error"]["properties"]["error"]["properties"]["code"]["examples"]
    for code in ("forbidden_bid", "bid_out_of_range", "tricks_sum", "missing_bids", "invalid_contract",
                 "invalid_players", "invalid_option"):
        assert code in codes
