"""One place that turns exceptions into pages or JSON errors: never a bare 500 for bad input.

Error responses are written so that they cannot fail themselves: every text they carry is made
encodable first (a lone surrogate sent in a JSON string becomes `\\ud800`), and if rendering the
page still fails, a plain text answer goes out instead.
"""
from __future__ import annotations

import math
import re
import sqlite3

from flask import Response, jsonify, render_template, request
from flask_babel import gettext, ngettext
from werkzeug.exceptions import HTTPException

from ...formats.csvimport import CsvRefused
from ...rules import RuleError
from ...rules.base import StateConflict, Term
from ...service.games import Forbidden, NotFound, VersionMismatch
from ...store.db import unavailable
from .guard import TooManyCreations, retry_after

RETRY_SECONDS = 30  # after a storage failure (a full disk, a read-only file): what to tell clients to wait
HTTP_CODES = {400: "malformed", 403: "cross_site", 404: "not_found", 405: "method_not_allowed", 413: "too_large",
              415: "unsupported_media_type", 429: "rate_limited"}


# The HTTP status of a refusal: the rules and the service say what is wrong, only the web says it in HTTP
# (a refusal of the web layer's own, such as a malformed body, carries its `status`).
STATUSES = ((Forbidden, 403), (VersionMismatch, 412), (StateConflict, 409), (RuleError, 422))


def status_of(error: RuleError) -> int:
    return getattr(error, "status", None) or next(status for kind, status in STATUSES if isinstance(error, kind))


def encodable(text) -> str:
    """`text` with anything UTF-8 cannot carry (lone surrogates) written as an escape."""
    text = str(text)
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def message(error: RuleError) -> str:
    """The rule's sentence in the player's language (the words of the rules in it too); never text UTF-8
    cannot carry."""
    params = {name: _param(value) for name, value in error.params.items()}
    if isinstance(error.template, tuple):
        return encodable(ngettext(*error.template, params.pop("num"), **params))
    return encodable(gettext(error.template, **params))


def _param(value):
    """A value for a message: a word of the rules or a whole reason (a RuleError) in the reader's language."""
    if isinstance(value, Term):
        return gettext(value)
    if isinstance(value, RuleError):
        return message(value)
    return encodable(value) if isinstance(value, str) else value


def wants_json() -> bool:
    return request.path.startswith("/api/")


def json_error(status: int, code: str, text: str, **extra):
    body = {"error": {"code": code, "message": encodable(text), **extra}}
    return jsonify(body), status


GAME_LINK = re.compile(r"/g/[A-Za-z0-9_-]{1,64}/[A-Za-z0-9_-]{1,64}(?=/|$)")


def game_link() -> str | None:
    """The game link a page was asked under (`/g/<game>/<key>`), if it is one: its error page sends (and so
    names, refused) the entries this phone still keeps for that link (#22: a replaced link)."""
    found = GAME_LINK.match(request.path) if request.method == "GET" else None
    return found.group(0) if found else None


def page_error(status: int, text: str, headers=None):
    try:
        return (render_template("error.html", status=status, message=encodable(text), outbox_base=game_link()),
                status, headers or {})
    except Exception:  # the page itself failed: a plain answer rather than none
        return Response(encodable(text), status, headers or {}, mimetype="text/plain")


def error_response(status: int, code: str, text: str, headers=None, **extra):
    """The one answer to a refusal or a failure: JSON under /api/ (`code`, `extra`), else the error page;
    the same status and headers either way."""
    if not wants_json():
        return page_error(status, text, headers)
    response, _ = json_error(status, code, text, **extra)
    response.headers.update(headers or {})
    return response, status


def refusal_headers(error: RuleError) -> dict:
    """What a refusal says besides its message: when to try again, for a rate limit."""
    return {"Retry-After": str(error.wait)} if isinstance(error, TooManyCreations) else {}


def _details(error: RuleError) -> dict:
    """What the JSON adds to a refusal: a file's line (the import form shows it itself), else the field."""
    if isinstance(error, CsvRefused):
        return {"line": error.line}
    return {"field": error.field} if error.field else {}


def register(app) -> None:
    @app.errorhandler(NotFound)
    def not_found(error):
        return error_response(404, "not_found", gettext(error.message))

    @app.errorhandler(RuleError)
    def rule_error(error):
        return error_response(status_of(error), error.code, message(error), refusal_headers(error), **_details(error))

    @app.errorhandler(HTTPException)
    def http_error(error):
        texts = {
            400: gettext("The request could not be understood."),
            403: gettext("This form was sent from a page of another site, so it was refused. "
                         "Open Segnapunti directly and try again."),
            404: gettext("There is no such page."),
            405: gettext("That action is not possible here."),
            413: gettext("That is far too much text."),
            415: gettext("Send the file as CSV text (Content-Type: text/csv)."),
        }
        headers = {}
        if error.code == 429:  # a rate limit (the streams' own 429 is made where they are counted)
            wait = retry_after()
            texts[429] = (gettext("Too many requests from this device in a short time: wait %(seconds)s seconds "
                                  "and try again.", seconds=wait) if wait < 120 else
                          gettext("Too many requests from this device in a short time: wait %(minutes)s minutes "
                                  "and try again.", minutes=math.ceil(wait / 60)))
            headers["Retry-After"] = str(wait)
        text = texts.get(error.code, error.description or "")
        code = HTTP_CODES.get(error.code, "error")
        if error.code == 403 and error.description != "cross_site":
            text, code = error.description or "", "forbidden"
        return error_response(error.code, code, text, headers)

    @app.errorhandler(sqlite3.Error)
    def storage(error):
        """The database cannot take the change (its disk is full, it is read-only...): nothing was recorded,
        the client is asked to try again later (a phone's outbox keeps the entry), the log says why."""
        trouble = unavailable(error)
        if trouble is None:
            return unexpected(error)
        app.logger.error("storage unavailable: %s (%s) on %s %s", trouble, encodable(error), request.method,
                         request.path.split("/")[1])
        text = gettext("The scores cannot be saved right now: the server's storage is full or read-only. Nothing "
                       "was changed; try again in a little while.")
        return error_response(503, "unavailable", text, {"Retry-After": str(RETRY_SECONDS)})

    @app.errorhandler(Exception)
    def unexpected(error):
        app.logger.error("unexpected error: %s", encodable(repr(error)), exc_info=True)
        return error_response(500, "internal", gettext("Something went wrong on our side; nothing you entered "
                                                         "was lost."))
