"""Absolute addresses of a game's links, reachable from the other phones at the table.

A QR code is useless if it says "localhost": the phone that scans it is another device. So:
PUBLIC_URL when it is set; else, when the page was opened on a loopback address but the server
listens on all interfaces (HOST=0.0.0.0, as `make run` does), this machine's LAN address; else
the address the request came to (which other devices evidently reach).
"""
from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from flask import current_app, request, url_for

from .network import lan_address

ALL_INTERFACES = {"0.0.0.0", "::"}


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def base_url() -> str:
    public = current_app.config.get("PUBLIC_URL")
    if public:
        return public.rstrip("/")
    address = urlsplit(request.host_url)
    listening = current_app.config.get("LISTEN_HOST", "")
    if _is_loopback(address.hostname or "") and listening in ALL_INTERFACES:
        lan = lan_address()
        if lan:
            return f"{address.scheme}://{lan}{f':{address.port}' if address.port else ''}"
    return request.host_url.rstrip("/")


def links(game_id: str, keys: dict) -> dict:
    """The address of each key given (the room's code on a table started already is given its view alone)."""
    base = base_url()  # once for the game's links (a file of a thousand games is answered with all of theirs)

    def link(key: str) -> str:
        return base + url_for("pages.sheet", game_id=game_id, key=key)

    out = {role: link(keys[role]) for role in ("scorer", "view") if role in keys}
    if "seats" in keys:
        out["seats"] = [link(key) for key in keys["seats"]]
    return out
