"""Module-scoped `app`, `client` and `api`: one database per test module.

For modules whose tests each make their own games (a fresh database file costs a migration).
Use with `from tests.module_app import app, client, api  # noqa: F401` to override the
per-test fixtures of conftest.py.
"""
from __future__ import annotations

import pytest

from tests.conftest import Api, make_app


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return make_app(tmp_path_factory.mktemp("module"))


@pytest.fixture(scope="module")
def client(app):
    return app.test_client()


@pytest.fixture(scope="module")
def api(client):
    return Api(client)
