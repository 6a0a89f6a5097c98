"""Server-sent events: the page stream that htmx listens to, and the JSON event stream of the API.

Each open stream takes a slot in the process's hub: at most `STREAMS_PER_KEY` streams of one
link and `STREAMS_PER_ADDRESS` from one client address (per worker process); one more is answered
429 with Retry-After. `/healthz` says how many streams this process holds (no keys, no games).
"""
from __future__ import annotations

import json
import os
import random

from flask import Blueprint, Response, current_app, jsonify, request
from flask_babel import gettext

from ...model import whole_or_none
from ...model.confirmation import SCORERS_PHONE
from ...service import games
from ...store import db as store
from ...store import live
from ..gate.errors import error_response
from ..gate.per_request import get_db
from .api import access

bp = Blueprint("live", __name__)

HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
RETRY_AFTER_SECONDS = 30


def hub() -> live.Hub:
    return live.hub(current_app.config["SCOREKEEPER_DATABASE"])


def heartbeat() -> float:
    """Seconds between keep-alives (`HEARTBEAT_SECONDS`): they also find the streams of phones that went away."""
    return float(current_app.config["LIVE_HEARTBEAT_SECONDS"])


def _cap(name: str) -> int:
    """A stream cap of the app's config (scorekeeper/store/settings.py); 0: no cap."""
    return max(0, int(current_app.config[name]))


def _admit(who: games.Access):
    """(slot, None) for one more stream of this key from this address, or (None, a 429 response)."""
    slot = hub().admit(who.key, request.remote_addr or "", _cap("STREAMS_PER_KEY"),
                       _cap("STREAMS_PER_ADDRESS"))
    if slot is not None:
        return slot, None
    text = gettext("Too many live sheets are open from here; this one will try again shortly.")
    refused = current_app.make_response(error_response(429, "too_many_streams", text, {
        "Retry-After": str(RETRY_AFTER_SECONDS), "Cache-Control": "no-store"}, retry_after=RETRY_AFTER_SECONDS))
    return None, refused


class Held:
    """A stream's body that gives its slot back when the server closes it (the phone hung up, the
    key was rotated, the worker stops) — even if it never started."""

    def __init__(self, events, slot):
        self.events, self.slot = events, slot

    def __iter__(self):
        return self

    def __next__(self):
        return next(self.events)

    def close(self) -> None:
        try:
            self.events.close()
        finally:
            self.slot.release()


def _key_still_works(the_hub: live.Hub, who: games.Access):
    def check() -> bool:
        def authorized(db) -> bool:
            try:
                games.authorize(db, who.game_id, who.key)
                return True
            except games.NotFound:
                return False
        return the_hub.read(authorized)
    return check


def _first_beat(beat: float) -> float:
    """Spread the first heartbeat: streams opened together (a room arriving, a server restart) then
    beat spread over time, not all in the same instant."""
    return beat * random.uniform(0.5, 1.0)


def _start_version(who: games.Access, slot: live.Slot) -> int:
    the_hub = hub()
    try:
        the_hub.start()  # before reading the version, so no commit slips between the two
        return store.version(get_db(), who.game_id)
    except BaseException:
        slot.release()
        raise


def _last_event_id() -> int | None:
    return whole_or_none(request.headers.get("Last-Event-ID") or request.args.get("since"), digits=9)


@bp.get("/g/<game_id>/<key>/live")
def page_stream(game_id, key):
    """For the sheet page: a `changed` event carrying the version; the page fetches its own view.

    At each heartbeat a `ping` event repeats the version: a page that hears nothing for a few
    heartbeats knows its connection is dead (live.js) and reconnects."""
    who = games.authorize(get_db(), game_id, key)
    slot, refused = _admit(who)
    if refused is not None:
        return refused
    version = _start_version(who, slot)
    the_hub, beat = hub(), heartbeat()

    def events():
        yield f"retry: 1000\nid: {version}\nevent: changed\ndata: {version}\n\n"
        last = version
        for newest in live.stream(the_hub, game_id, version, _key_still_works(the_hub, who), beat, _first_beat(beat)):
            if newest is None:  # a named event, not a comment: the page sees it and knows the line is alive
                yield f"event: ping\ndata: {last}\n\n"
            else:
                last = newest
                yield f"id: {newest}\nevent: changed\ndata: {newest}\n\n"

    return Response(Held(events(), slot), mimetype="text/event-stream", headers=HEADERS)


def describe(event: dict) -> dict:
    """One change as the JSON stream tells it: what kind, which hand and seat, by whom; never a value."""
    payload = event["payload"]
    data = {"version": event["seq"], "change": payload.get("type", event["type"]) if event["type"] == "change"
            else event["type"], "by": event["actor_role"], "at": event["created_at"]}
    if event["type"] in ("change", *games.MARKS):  # a mark: the hand confirmed or reopened
        data["hand"] = payload.get("hand")
        if "seat" in payload:  # a player's own entry (a bid)
            data["seat"] = payload["seat"]
        if event["type"] == "confirm" and payload.get("where") == SCORERS_PHONE:
            data["on_scorers_phone"] = True
    if event["actor_role"] == "seat":
        data["by_seat"] = event["actor_seat"]
    return data


@bp.get("/api/v1/games/<game_id>/events")
def json_stream(game_id):
    """One `change` event per new version (id = version); resumes after Last-Event-ID."""
    who = access(game_id)
    slot, refused = _admit(who)
    if refused is not None:
        return refused
    current = _start_version(who, slot)
    since = _last_event_id()
    the_hub, beat = hub(), heartbeat()

    def since_version(after: int) -> list[tuple[int, str]]:
        """(version, the event as sent) for each version above `after`, read from the database."""
        return the_hub.read(lambda db: [
            (e["seq"], f"id: {e['seq']}\nevent: change\ndata: {json.dumps(describe(e))}\n\n")
            for e in store.events_after(db, game_id, after)])

    def events():
        yield f"retry: 1000\nevent: hello\ndata: {json.dumps({'version': current})}\n\n"
        last = current
        if since is not None and since < current:
            for version, text in since_version(since):  # may already reach past `current`: go on from there
                last = version
                yield text
        for newest in live.stream(the_hub, game_id, last, _key_still_works(the_hub, who), beat, _first_beat(beat)):
            if newest is None:
                yield ": keep-alive\n\n"
                continue
            sent = the_hub.since(game_id, last, since_version)  # one read shared by the game's streams
            if sent:
                last = sent[-1][0]
                yield "".join(text for _, text in sent)

    return Response(Held(events(), slot), mimetype="text/event-stream", headers=HEADERS)


@bp.get("/healthz")
def healthz():
    """For a load balancer and the tests: this worker process is up, and how many streams it holds
    (counts only: no game, key or address)."""
    response = jsonify({"ok": True, "pid": os.getpid(), "streams": hub().status()})
    response.headers["Cache-Control"] = "no-store"
    return response
