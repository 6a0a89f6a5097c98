"""The layers of the README's drawing ("How the code is laid out"), read from the imports (#20).

Each module belongs to one layer; an import may point to its own layer or one below, never up. Below
`web` nothing speaks HTTP (Flask, Werkzeug, gunicorn); the families' presenters may translate (Flask-Babel's
gettext: they draw text in the reader's language). The modules' imports at load time go in no circle.
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import scorekeeper

PACKAGE = Path(scorekeeper.__file__).parent
# Lowest first. A module's layer is its folder (#20); the package's own `__init__` (the app factory) and
# `__main__` are the web's, as is the server that runs it.
LAYERS = {
    "rules": ["scorekeeper.rules"],
    "model": ["scorekeeper.model"],
    "store": ["scorekeeper.store"],
    "service": ["scorekeeper.service"],
    "families": ["scorekeeper.families"],
    "formats": ["scorekeeper.formats"],
    "web": ["scorekeeper.web", "scorekeeper.server", "scorekeeper", "scorekeeper.__main__"],
}
ORDER = list(LAYERS)
WEB_ONLY = ("flask", "werkzeug", "gunicorn")  # flask_babel is another top-level name: translation is allowed


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> str:
    found = max(((prefix, layer) for layer, prefixes in LAYERS.items() for prefix in prefixes
                 if module == prefix or module.startswith(prefix + ".")), key=lambda found: len(found[0]))
    return found[1]


def imports() -> list[tuple[str, str, bool]]:
    """(importer, imported, at load time) for every import of the package, ours and others'."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top_level = {id(node) for node in tree.body}
        for node in ast.walk(tree):
            at_load = id(node) in top_level
            if isinstance(node, ast.Import):
                found += [(module, alias.name, at_load) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                names = [f"{target}.{alias.name}" for alias in node.names] if node.module is None else [target]
                found += [(module, name, at_load) for name in names]
    return found


def ours(name: str) -> bool:
    return name == "scorekeeper" or name.startswith("scorekeeper.")


def test_every_module_has_a_layer():
    for path in PACKAGE.rglob("*.py"):
        assert layer_of(module_name(path)) in ORDER


def test_the_folders_show_the_layers():
    """No loose module at the package's root: each lives in its layer's folder."""
    loose = sorted(path.name for path in PACKAGE.glob("*.py") if path.name not in ("__init__.py", "__main__.py"))
    assert loose == []


def test_no_import_points_up():
    upward = [(a, b) for a, b, _ in imports() if ours(b) and ORDER.index(layer_of(b)) > ORDER.index(layer_of(a))]
    assert upward == []


def test_nothing_below_the_web_speaks_http():
    below = [(a, b) for a, b, _ in imports() if layer_of(a) != "web" and b.split(".")[0] in WEB_ONLY]
    assert below == []


def unit(module: str) -> str:
    """rules, families and web each count as one; the other modules as themselves."""
    for folder in ("rules", "families", "web"):
        if module.startswith(f"scorekeeper.{folder}"):
            return folder
    return module


def test_no_circle_at_load_time():
    graph: dict[str, set[str]] = {}
    for a, b, at_load in imports():
        if at_load and ours(b) and unit(a) != unit(b):
            graph.setdefault(unit(a), set()).add(unit(b))
    seen, on_path, circles = set(), [], []

    def visit(node):
        if node in on_path:
            circles.append(on_path[on_path.index(node):] + [node])
            return
        if node in seen:
            return
        seen.add(node)
        on_path.append(node)
        for nxt in sorted(graph.get(node, ())):
            visit(nxt)
        on_path.pop()

    for node in sorted(graph):
        visit(node)
    assert circles == []


def test_the_readme_draws_these_layers():
    readme = (PACKAGE.parent / "README.md").read_text(encoding="utf-8")
    assert " < ".join(ORDER) in readme


VALUE_TYPES = {"pydantic"}  # the API's shapes (model/shapes.py): declared values, no I/O, no waiting
ARITHMETIC = {"openskill"}  # the club's ratings (rules/ratings.py, #37): numbers in, numbers out


def test_the_model_is_pure():
    """`model/` imports the standard library, the rules, itself and the library its value types are declared with,
    and the rules openskill's arithmetic, nothing else (#36: it held gevent's turns and `limits`' rates): what may
    wait or read the environment lives a floor up."""
    allowed = set(sys.stdlib_module_names) | {"__future__"} | VALUE_TYPES
    impure = [(a, b) for a, b, _ in imports() if layer_of(a) in ("rules", "model")
              and not (ours(b) and layer_of(b) in ("rules", "model")) and b.split(".")[0] not in allowed
              and not (layer_of(a) == "rules" and b.split(".")[0] in ARITHMETIC)]
    assert impure == []


# a statement's first word (not a door's "DELETE /api/...")
SQL = re.compile(r"\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE|PRAGMA|CREATE|DROP|ALTER|BEGIN|WITH)\s(?!/)")
QUERYING = {"execute", "executemany", "executescript", "query"}  # sqlite3's and sqlite-utils' ways to run SQL


def sql_outside_the_store() -> list[tuple[str, int, str]]:
    """(module, line, what) for each statement written, or run, outside `store/` and `service/`."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        if layer_of(module) in ("store", "service"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and SQL.match(node.value):
                found.append((module, node.lineno, node.value[:40]))
            elif isinstance(node, ast.Attribute) and node.attr in QUERYING:
                found.append((module, node.lineno, node.attr))
    return found


def test_sql_lives_in_the_store_and_the_service():
    """No SQL above the service (#36: `formats/archive.py` and the `backup` command wrote theirs)."""
    assert sql_outside_the_store() == []
