"""A full disk with no live sheet open (#33, finding 10): every page that only reads still answers 200.

The disk is made full for this process alone: no file may grow by a byte (RLIMIT_FSIZE 0, SIGXFSZ ignored,
so a write fails with EFBIG as it would with ENOSPC). Whatever SQLite must create or grow to read (the
`-shm` index of a WAL database it opens afresh) then fails, as it did on a tmpfs filled with `dd`.
"""
from __future__ import annotations

import resource
import signal
from contextlib import contextmanager

import pytest

from tests.conftest import Api

NAMES = ["Alessandra", "Bartolomeo", "Costanza", "Domenico"]


@contextmanager
def full_disk():
    """No regular file may grow while inside (the process's own limit: lowered, then given back)."""
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, limits[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
        signal.signal(signal.SIGXFSZ, handler)


@pytest.fixture
def evening(client):
    """A tournament whose partita has a hand scored, opened once on this phone (it is on its list)."""
    made = client.post("/api/v1/tournaments", json={"name": "Torneo del circolo"}).get_json()
    partita = client.post(f"/api/v1/tournaments/{made['id']}/games", json={"players": NAMES, "table": "A"},
                          headers={"Authorization": f"Bearer {made['keys']['organiser']}"}).get_json()
    api = Api(client)
    api.recorded(partita["id"], partita["keys"]["scorer"], 1,
                 {"trump": "H", "bids": [1, 0, 0, 1], "tricks": [1, 1, 0, 1]})
    assert client.get(f"/g/{partita['id']}/{partita['keys']['view']}").status_code == 200
    return made, partita


READS = {
    "home": lambda t, g: ("/", {}),
    "sheet": lambda t, g: (f"/g/{g['id']}/{g['keys']['view']}", {}),
    "scorer's sheet": lambda t, g: (f"/g/{g['id']}/{g['keys']['scorer']}", {}),
    "json": lambda t, g: (f"/api/v1/games/{g['id']}", {"Authorization": f"Bearer {g['keys']['view']}"}),
    "csv": lambda t, g: (f"/g/{g['id']}/{g['keys']['view']}/export.csv", {}),
    "rules": lambda t, g: ("/docs/rules/bid-exactly.md", {}),
    "tournament's tv": lambda t, g: (f"/t/{t['id']}/{t['keys']['view']}/standings", {}),
}


@pytest.mark.parametrize("page", READS)
def test_a_full_disk_still_shows_every_page_that_only_reads(app, client, evening, page, caplog):
    tournament, partita = evening
    url, headers = READS[page](tournament, partita)
    fresh = app.test_client()  # a phone that never came: its first visit would be written down
    with full_disk():
        answers = [client.get(url, headers=headers), fresh.get(url, headers=headers)]
    assert [answer.status_code for answer in answers] == [200, 200], caplog.text
    text = "The dealer's forbidden bid" if page == "rules" else "Bartolomeo"
    shown = [text in answer.get_data(as_text=True) for answer in answers]
    assert shown == ([True, False] if page == "home" else [True, True])  # a new phone's list is empty
    assert "storage unavailable" not in caplog.text


def test_a_full_disk_refuses_a_change_and_loses_nothing(app, client, evening):
    _tournament, partita = evening
    api = Api(client)
    before = api.get(partita["id"], partita["keys"]["scorer"]).get_json()
    with full_disk():
        refused = api.bid(partita["id"], partita["keys"]["scorer"], 2, 1, 1)
        still = api.get(partita["id"], partita["keys"]["scorer"])
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "30"
    assert refused.get_json()["error"]["code"] == "unavailable"
    assert still.status_code == 200 and still.get_json() == before
    assert api.get(partita["id"], partita["keys"]["scorer"]).get_json() == before
