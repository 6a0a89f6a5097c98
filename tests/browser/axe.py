"""axe-core for the browser tests, and games made through the API to look at.

axe-core is vendored from the npm registry (tests/browser/vendor, `make vendor`) and injected into a
page after it loaded.
"""
from __future__ import annotations

from pathlib import Path

from tests.web.sse import request

AXE = (Path(__file__).parent / "vendor" / "axe-4.14.1.min.js").read_text(encoding="utf-8")
NARROW = {"width": 360, "height": 740}
PLAYERS = ["Alessandra", "Bartolomeo", "Costanza", "Domenico"]


def game(base: str, variant: str, hands: list[dict], players=PLAYERS) -> tuple[str, str, str]:
    """A game with `hands` recorded: (scorer page, table view page, game id)."""
    status, created = request(base, "POST", "/api/v1/games", body={"variant": variant, "players": players,
                                                                   "first_dealer": 0})
    assert status == 201, created
    game_id, key = created["id"], created["keys"]["scorer"]
    for number, body in enumerate(hands, start=1):
        status, answer = request(base, "PUT", f"/api/v1/games/{game_id}/hands/{number}", key, body)
        assert status == 200, answer
    return f"/g/{game_id}/{key}", f"/g/{game_id}/{created['keys']['view']}", game_id


def serious(page, rules: tuple[str, ...] = ()) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now (of `rules` alone, if given)."""
    page.evaluate(AXE)  # not a <script> tag: the page's CSP allows no inline script (tests/browser/test_csp.py)
    only = f", runOnly: {list(rules)}" if rules else ""
    result = page.evaluate(f"axe.run(document, {{resultTypes: ['violations']{only}}})")
    return [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
            for v in result["violations"] if v["impact"] in ("serious", "critical")]
