"""No English on an Italian page: every page of the app (tests/tour.py) and the API's refusals, rendered
in Italian, must not show the English text of any catalogue entry that has an Italian translation.

Text the catalogue never sees cannot be caught that way, so the code is also checked for translated
calls `pybabel extract` misses: a `gettext()` inside an f-string, or one given something other than a
plain string.
"""
from __future__ import annotations

import ast
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests import tour
from tests.conftest import make_app

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "scorekeeper" / "translations" / "it" / "LC_MESSAGES" / "messages.po"
PLACEHOLDER = re.compile(r"%\(\w+\)s|%s")
SHOWN_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt"}
TRANSLATING = {"_", "gettext", "ngettext", "lazy_gettext", "_l", "N_", "pgettext"}


class Text(HTMLParser):
    """What a reader sees or hears: text outside <script>/<style>, labelling attributes; a part marked
    lang="en" is left out (a document not translated, the API reference), and so are code (field
    names, JSON) and a document's <title>, its own first heading."""

    def __init__(self, document: bool):
        super().__init__(convert_charrefs=True)
        self.parts, self._skip = [], []
        self.english = {"script", "style", "code"} | ({"title"} if document else set())  # code is code in any language

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if self._skip or tag in self.english or (tag != "html" and attributes.get("lang") == "en"):
            self._skip.append(tag)
        if not self._skip:
            self.parts += [value for name, value in attrs if name in SHOWN_ATTRIBUTES and value]

    def handle_endtag(self, tag):
        if self._skip and self._skip[-1] == tag:
            self._skip.pop()

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def shown(html: str, document: bool = False) -> str:
    parser = Text(document)
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def english_phrases() -> list[tuple[str, str, re.Pattern]]:
    """(msgid, piece, pattern) for every entry whose Italian differs: each piece of its English between the
    placeholders, as whole words (so "Total" is not found in "Totale")."""
    with CATALOGUE.open("rb") as f:
        messages = [m for m in read_po(f, locale="it") if m.id]
    phrases = []
    for message in messages:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in ids:
            if english in strings:
                continue  # the same in both languages ("CSV", "Whist")
            for piece in PLACEHOLDER.split(english):
                piece = " ".join(piece.split()).strip(" .,:;·—-()")
                pattern = re.compile(rf"(?<![\w-]){re.escape(piece)}(?![\w-])")
                if re.search(r"[A-Za-z]{2}", piece) and not any(pattern.search(italian) for italian in strings):
                    phrases.append((english, piece, pattern))  # (not when Italian says it too: "Whist")
    return phrases


def untranslated(text: str, phrases) -> list[str]:
    """The English pieces found in `text`, each with the catalogue entry it comes from (a piece absent as plain text
    cannot match as whole words: the substring test spares most of the regular expressions)."""
    return sorted({f"{piece} ← {english}" for english, piece, pattern in phrases
                   if piece in text and pattern.search(text)})


@pytest.fixture(scope="module")
def toured(tmp_path_factory):
    """The app holding the tour's games and tournament, built once for the module's tests (they only read, each
    with a client of its own): (app, tour)."""
    app = make_app(tmp_path_factory.mktemp("tour"))
    client = app.test_client()

    def call(method, path, key=None, body=None):
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        response = client.open(path, method=method, json=body, headers=headers)
        return response.status_code, response.get_json()

    return app, tour.build(call)


def test_every_page_in_italian_shows_no_english_catalogue_text(toured):
    app, pages = toured
    client = app.test_client()
    client.set_cookie("lang", "it")
    phrases = english_phrases()
    assert len(phrases) > 500  # the catalogue was read
    found = {}
    for name, path in pages.pages:
        response = client.get(path)
        assert response.status_code in (200, 404), (name, response.status_code)
        text = shown(response.get_data(as_text=True), document=name.startswith("docs"))
        assert 'lang="it"' in response.get_data(as_text=True), name
        if problems := untranslated(text, phrases):
            found[name] = problems
    for method, path, body in pages.api_errors:
        response = client.open(path, method=method, json=body, headers={
            "Authorization": f"Bearer {pages.api_key}", "Accept-Language": "it"})
        assert response.status_code >= 400, path
        if problems := untranslated(response.get_json()["error"]["message"], phrases):
            found[f"{method} {path}"] = problems
    assert not found, found


def test_the_check_sees_english(toured):
    """The same pages in English do show catalogue text: the check is not blind."""
    app, pages = toured
    client = app.test_client()
    phrases = english_phrases()
    sheet = dict(pages.pages)["sheet-wist"]
    found = untranslated(shown(client.get(sheet).get_data(as_text=True)), phrases)
    assert "Undo ← Undo: %(what)s" in found and "Total ← Total" in found


def _translated_calls(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in TRANSLATING:
            yield node


def test_no_translated_text_hides_from_extraction():
    """`pybabel extract` sees nothing inside an f-string, nor text built at run time. (A name as the
    argument is fine: it holds a constant marked with N_ or _l where it is defined.)"""
    hidden = []
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fstring in (n for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)):
            hidden += [f"{path.name}:{call.lineno} inside an f-string" for call in _translated_calls(fstring)]
        for call in _translated_calls(tree):
            if call.args and isinstance(call.args[0], (ast.JoinedStr, ast.BinOp)):  # text built at run time
                hidden.append(f"{path.name}:{call.lineno} {ast.unparse(call)[:60]}")
    assert not hidden, hidden
