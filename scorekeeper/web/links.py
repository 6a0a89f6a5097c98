"""Absolute addresses of a game's links, reachable from the other phones at the table."""
from __future__ import annotations

from flask import current_app, request, url_for


def base_url() -> str:
    """PUBLIC_URL when set, else the address this request came to."""
    public = current_app.config.get("PUBLIC_URL")
    return public.rstrip("/") if public else request.host_url.rstrip("/")


def link(game_id: str, key: str) -> str:
    return base_url() + url_for("pages.sheet", game_id=game_id, key=key)


def links(game_id: str, keys: dict) -> dict:
    return {"scorer": link(game_id, keys["scorer"]), "view": link(game_id, keys["view"]),
            "seats": [link(game_id, key) for key in keys["seats"]]}
