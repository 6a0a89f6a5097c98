"""One place that turns exceptions into pages or JSON errors: never a bare 500 for bad input."""
from __future__ import annotations

from flask import jsonify, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from ..games import NotFound
from ..rules import RuleError
from ..rules.base import Term


def message(error: RuleError) -> str:
    """The rule's sentence in the player's language (the words of the rules in it too)."""
    params = {name: gettext(value) if isinstance(value, Term) else value for name, value in error.params.items()}
    return gettext(error.template, **params)


def wants_json() -> bool:
    return request.path.startswith("/api/")


def json_error(status: int, code: str, text: str, **extra):
    body = {"error": {"code": code, "message": text, **extra}}
    return jsonify(body), status


def register(app) -> None:
    @app.errorhandler(NotFound)
    def not_found(error):
        text = gettext(error.message)
        if wants_json():
            return json_error(404, "not_found", text)
        return render_template("error.html", status=404, message=text), 404

    @app.errorhandler(RuleError)
    def rule_error(error):
        if wants_json():
            return json_error(error.status, error.code, message(error), **({"field": error.field} if error.field else {}))
        return render_template("error.html", status=error.status, message=message(error)), error.status

    @app.errorhandler(HTTPException)
    def http_error(error):
        texts = {
            400: gettext("The request could not be understood."),
            404: gettext("There is no such page."),
            405: gettext("That action is not possible here."),
            413: gettext("That is far too much text."),
        }
        text = texts.get(error.code, error.description or "")
        if wants_json():
            code = {400: "malformed", 404: "not_found", 405: "method_not_allowed", 413: "too_large"}.get(error.code, "error")
            return json_error(error.code, code, text)
        return render_template("error.html", status=error.code, message=text), error.code

    @app.errorhandler(Exception)
    def unexpected(error):
        app.logger.exception("unexpected error")
        text = gettext("Something went wrong on our side; nothing you entered was lost.")
        if wants_json():
            return json_error(500, "internal", text)
        return render_template("error.html", status=500, message=text), 500
