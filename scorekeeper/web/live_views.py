"""Server-sent events: the page stream that htmx listens to, and the JSON event stream of the API."""
from __future__ import annotations

import json

from flask import Blueprint, Response, current_app, request

from .. import db as store
from .. import games, live
from . import get_db
from .api import access

bp = Blueprint("live", __name__)

HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


def hub() -> live.Hub:
    return live.hub(current_app.config["SCOREKEEPER_DATABASE"])


def heartbeat() -> float:
    """Seconds between keep-alives: they also find the streams of phones that went away. Keep it
    well under 25 s: a sheet page that hears nothing for that long reconnects (static/live.js)."""
    return float(current_app.config.get("LIVE_HEARTBEAT_SECONDS", 10.0))


def _key_still_works(path: str, who: games.Access):
    def check() -> bool:
        db = store.connect(path)
        try:
            games.authorize(db, who.game_id, who.key)
            return True
        except games.NotFound:
            return False
        finally:
            db.conn.close()
    return check


def _start_version(who: games.Access) -> int:
    the_hub = hub()
    the_hub.start()  # before reading the version, so no commit slips between the two
    return store.version(get_db(), who.game_id)


def _last_event_id() -> int | None:
    raw = request.headers.get("Last-Event-ID") or request.args.get("since") or ""
    return int(raw) if raw.isdecimal() and len(raw) < 10 else None


@bp.get("/g/<game_id>/<key>/live")
def page_stream(game_id, key):
    """For the sheet page: a `changed` event carrying the version; the page fetches its own view.

    At each heartbeat a `ping` event repeats the version: a page that hears nothing for a few
    heartbeats knows its connection is dead (live.js) and reconnects."""
    who = games.authorize(get_db(), game_id, key)
    version = _start_version(who)
    path = current_app.config["SCOREKEEPER_DATABASE"]
    the_hub, beat = hub(), heartbeat()

    def events():
        yield f"retry: 1000\nid: {version}\nevent: changed\ndata: {version}\n\n"
        last = version
        for newest in live.stream(the_hub, game_id, version, _key_still_works(path, who), beat):
            if newest is None:  # a named event, not a comment: the page sees it and knows the line is alive
                yield f"event: ping\ndata: {last}\n\n"
            else:
                last = newest
                yield f"id: {newest}\nevent: changed\ndata: {newest}\n\n"

    return Response(events(), mimetype="text/event-stream", headers=HEADERS)


def describe(event: dict) -> dict:
    """One change as the JSON stream tells it: what kind, which hand and seat, by whom; never a value."""
    payload = event["payload"]
    data = {"version": event["seq"], "change": payload.get("type", event["type"]) if event["type"] == "change"
            else event["type"], "by": event["actor_role"], "at": event["created_at"]}
    if event["type"] == "change":
        data["hand"] = payload.get("hand")
        if payload.get("type") == "bid":
            data["seat"] = payload.get("seat")
    if event["actor_role"] == "seat":
        data["by_seat"] = event["actor_seat"]
    return data


@bp.get("/api/v1/games/<game_id>/events")
def json_stream(game_id):
    """One `change` event per new version (id = version); resumes after Last-Event-ID."""
    who = access(game_id)
    current = _start_version(who)
    since = _last_event_id()
    path = current_app.config["SCOREKEEPER_DATABASE"]
    the_hub, beat = hub(), heartbeat()

    def since_version(after: int) -> list[tuple[int, str]]:
        """(version, the event as sent) for each version above `after`, read from the database."""
        db = store.connect(path)
        try:
            return [(e["seq"], f"id: {e['seq']}\nevent: change\ndata: {json.dumps(describe(e))}\n\n")
                    for e in store.events_after(db, game_id, after)]
        finally:
            db.conn.close()

    def events():
        yield f"retry: 1000\nevent: hello\ndata: {json.dumps({'version': current})}\n\n"
        last = current
        if since is not None and since < current:
            for last, text in since_version(since):  # may already reach past `current`: go on from there
                yield text
        for newest in live.stream(the_hub, game_id, last, _key_still_works(path, who), beat):
            if newest is None:
                yield ": keep-alive\n\n"
                continue
            sent = the_hub.since(game_id, last, since_version)  # one read shared by the game's streams
            if sent:
                last = sent[-1][0]
                yield "".join(text for _, text in sent)

    return Response(events(), mimetype="text/event-stream", headers=HEADERS)
