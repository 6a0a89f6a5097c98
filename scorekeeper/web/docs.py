"""The project's own documents (`docs/*.md`) as pages: the rules of every game, the API reference.

Served from the Markdown files the repository carries, so a sheet's "Rules" link and the README
point at the same text, and the links between the documents work in both places.
"""
from __future__ import annotations

import re
from pathlib import Path

import markdown
from flask import Blueprint, abort, render_template
from markupsafe import Markup
from werkzeug.security import safe_join

ALIGNED = re.compile(r'style="text-align: (left|right|center);"')
DOCS = Path(__file__).resolve().parents[2] / "docs"

bp = Blueprint("docs", __name__)


@bp.get("/docs/<path:name>")
def page(name: str):
    path = safe_join(str(DOCS), name)
    if path is None or not name.endswith(".md") or not Path(path).is_file():
        abort(404)
    text = Path(path).read_text(encoding="utf-8")
    html = markdown.markdown(text, extensions=["tables", "toc", "fenced_code"])
    html = html.replace("<table>", '<table tabindex="0">').replace("<pre>", '<pre tabindex="0">')  # scrollable: reachable by keyboard
    html = ALIGNED.sub(r'class="align-\1"', html)  # column alignment as a class: the CSP allows no inline style
    title = next((line.lstrip("# ").strip() for line in text.splitlines() if line.startswith("# ")), name)
    response = render_template("doc.html", title=title, body=Markup(html))
    return response, 200, {"Cache-Control": "no-cache"}
