"""Answering a form that htmx sent rather than the browser alone (every form works both ways)."""
from __future__ import annotations

from flask import make_response, redirect, request


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def go_to(target: str):
    """The whole page moves to `target` after a POST: a 303 for a plain form; for htmx, which would swap the
    answer into the form, a 204 that tells it where to go (HX-Redirect)."""
    if is_htmx():
        response = make_response("", 204)
        response.headers["HX-Redirect"] = target
        return response
    return redirect(target, 303)
