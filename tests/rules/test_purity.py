"""rules/ is pure: no Flask, no SQL, nothing from the rest of the app (the README, "Layout").

Checked on the source with `ast`, so that an import inside a function counts as much as one at
the top of a module.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scorekeeper.rules

RULES = Path(scorekeeper.rules.__file__).resolve().parent
FORBIDDEN_TOP = {"flask", "flask_babel", "werkzeug", "jinja2", "jinja2_fragments", "sqlite3", "sqlite_utils"}


def imported_modules(source: str, module: str) -> list[tuple[int, str]]:
    """Every module `source` imports, as absolute dotted names (relative imports resolved
    against `module`, the dotted name of the file's package)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = module.split(".")
                if node.level - 1 > len(parts) - 1:
                    found.append((node.lineno, "." * node.level + (node.module or "")))  # beyond the top
                    continue
                base = ".".join(parts[: len(parts) - (node.level - 1)])
                name = ".".join(p for p in (base, node.module) if p)
                if node.module is None:
                    found += [(node.lineno, f"{name}.{alias.name}") for alias in node.names]
                else:
                    found.append((node.lineno, name))
            else:
                found.append((node.lineno, node.module))
            # `__import__`/importlib are not used in rules; a dynamic import would show up below.
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            found.append((node.lineno, "__import__(...)"))
    return found


def violations(source: str, module: str) -> list[str]:
    bad = []
    for line, name in imported_modules(source, module):
        top = name.split(".")[0]
        if name == "__import__(...)":
            bad.append(f"line {line}: dynamic import")
        elif top in FORBIDDEN_TOP:
            bad.append(f"line {line}: imports {name}")
        elif top == "scorekeeper" and not (name == "scorekeeper.rules" or name.startswith("scorekeeper.rules.")):
            bad.append(f"line {line}: imports {name} from outside scorekeeper.rules")
        elif name.startswith("."):
            bad.append(f"line {line}: relative import beyond the package")
    return bad


RULE_FILES = sorted(RULES.rglob("*.py"))


def test_there_are_rule_modules_to_check():
    names = {p.name for p in RULE_FILES}
    assert {"__init__.py", "base.py", "predictions.py", "wist.py"} <= names


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: str(p.relative_to(RULES)))
def test_rule_module_is_pure(path):
    package = ".".join(("scorekeeper", "rules", *path.relative_to(RULES).parent.parts))
    assert violations(path.read_text(encoding="utf-8"), package) == []


@pytest.mark.parametrize("source, bad", [
    ("import flask", True),
    ("from flask import g", True),
    ("import sqlite3", True),
    ("import sqlite_utils.db", True),
    ("def f():\n    from flask_babel import gettext", True),
    ("from .. import games", True),             # scorekeeper.games
    ("from ..db import events", True),          # scorekeeper.db
    ("from ...other import x", True),           # beyond the top package
    ("import scorekeeper.games", True),
    ("from scorekeeper import db", True),
    ("from scorekeeper.web.game.api import bp", True),
    ("__import__('flask')", True),
    ("from .base import Option", False),
    ("from . import base", False),
    ("from scorekeeper.rules.base import Option", False),
    ("import scorekeeper.rules", False),
    ("from fractions import Fraction\nimport dataclasses", False),
])
def test_the_checker_itself(source, bad):
    assert bool(violations(source, "scorekeeper.rules")) is bad
