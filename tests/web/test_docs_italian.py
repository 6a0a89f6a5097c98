"""The rules in Italian: each rules document has an Italian twin (`x.it.md`) that says the same —
the same headings, tables, numbers, code and links — and an Italian reader is served it."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
ENGLISH = sorted(path for path in RULES.glob("*.md") if not path.name.endswith(".it.md"))
FENCED = re.compile(r"^```.*?^```", re.S | re.M)
CODE = re.compile(r"`[^`\n]+`")
NUMBER = re.compile(r"(?<![\w.])[-+−]?\d+(?:[.,/]\d+)?")
LINK = re.compile(r"\]\(([^)#]+)(?:#[^)]*)?\)")


def shape(text: str) -> dict:
    fenced = FENCED.findall(text)  # code blocks: the same, byte for byte
    text = FENCED.sub("", text)
    lines = text.splitlines()
    table = [line for line in lines if line.lstrip().startswith("|")]
    return {
        "headings": [len(line) - len(line.lstrip("#")) for line in lines if line.startswith("#")],
        "table rows": len(table),
        "numbers in tables": [NUMBER.findall(CODE.sub("", line)) for line in table],
        "code": Counter(CODE.findall(text)),
        "fenced blocks": fenced,
        "links": Counter(LINK.findall(text)),
    }


@pytest.mark.parametrize("english", ENGLISH, ids=lambda path: path.stem)
def test_every_rules_document_has_an_italian_twin_that_says_the_same(english):
    italian = english.with_suffix(".it.md")
    assert italian.is_file(), f"{italian.name} is missing"
    wanted, got = shape(english.read_text(encoding="utf-8")), shape(italian.read_text(encoding="utf-8"))
    for what in wanted:
        assert got[what] == wanted[what], f"{italian.name}: {what} differ"


def test_an_italian_reader_gets_the_italian_rules_and_an_english_one_the_english(client):
    client.set_cookie("lang", "it")
    page = client.get("/docs/rules/solo.md").get_data(as_text=True)
    assert '<div lang="it">' in page
    assert "This page is in English" not in page and "Questa pagina è in inglese" not in page
    client.set_cookie("lang", "en")
    page = client.get("/docs/rules/solo.md").get_data(as_text=True)
    assert '<div lang="en">' in page
    client.set_cookie("lang", "it")
    api = client.get("/docs/api.md").get_data(as_text=True)  # the API reference is for programmers: English
    assert '<div lang="en">' in api and "Questa pagina è in inglese" in api


@pytest.mark.parametrize("language", ["it", "en"])
def test_every_link_within_a_served_document_finds_its_heading(client, language):
    """The app names headings as GitHub does ("#penalità"), so the same links work in both places."""
    client.set_cookie("lang", language)
    for doc in [f"rules/{path.name}" for path in ENGLISH] + ["api.md", "README.md"]:
        page = client.get(f"/docs/{doc}").get_data(as_text=True)
        assert set(re.findall(r'href="#([^"]+)"', page)) <= set(re.findall(r'id="([^"]+)"', page)), doc
