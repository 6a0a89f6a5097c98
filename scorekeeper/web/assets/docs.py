"""The project's own documents (`docs/*.md`) as pages: the rules of every game, the API reference.

Served from the Markdown files the repository carries, so a sheet's "Rules" link and the README
point at the same text, and the links between the documents work in both places. A document may
have a translation beside it (`rules/solo.it.md` for `rules/solo.md`): a reader in that language
gets it, and its links lead to the other translated documents; otherwise the English text, said so.
"""
from __future__ import annotations

import re
from pathlib import Path

import markdown
from flask import Blueprint, abort, render_template
from flask_babel import get_locale
from markdown.extensions.toc import slugify_unicode
from markupsafe import Markup
from werkzeug.security import safe_join

from ..gate.per_request import LANGUAGES
from .folders import shipped

ALIGNED = re.compile(r'style="text-align: (left|right|center);"')
DOCS = shipped("docs")  # the repository's docs/, carried by an installed package

bp = Blueprint("docs", __name__)


@bp.get("/docs/<path:name>")
def page(name: str):
    path = safe_join(str(DOCS), name)
    if path is None or not name.endswith(".md") or not Path(path).is_file():
        abort(404)
    path, language = translated(Path(path), get_locale().language)
    text = path.read_text(encoding="utf-8")
    html = markdown.markdown(text, extensions=["tables", "toc", "fenced_code"],
                             extension_configs={"toc": {"slugify": slugify_unicode}})  # "#penalità", as GitHub
    # scrollable, so reachable by keyboard
    html = html.replace("<table>", '<table tabindex="0">').replace("<pre>", '<pre tabindex="0">')
    html = ALIGNED.sub(r'class="align-\1"', html)  # column alignment as a class: the CSP allows no inline style
    title = next((line.lstrip("# ").strip() for line in text.splitlines() if line.startswith("# ")), name)
    response = render_template("doc.html", title=title, body=Markup(html), language=language)
    return response, 200, {"Cache-Control": "no-cache"}


def translated(path: Path, language: str) -> tuple[Path, str]:
    """The document in the reader's language when it has been translated, else the English one (a
    translation asked for by its own name is what it is)."""
    for other in LANGUAGES:
        if path.name.endswith(f".{other}.md"):
            return path, other
    twin = path.with_suffix(f".{language}.md")
    if language != "en" and twin.is_file():
        return twin, language
    return path, "en"
