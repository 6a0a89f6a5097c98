"""The checkout's top level is the design card's (#32): `app.py`, `scorekeeper/`, `templates/`, `static/`, `tests/`,
`README.md` — real folders, no symlinks, no second copy inside the package — and a wheel still carries every
file the server serves (pyproject.toml maps the top-level folders into the package)."""
from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

from flask import Flask
from flask.cli import ScriptInfo

import scorekeeper

ROOT = Path(scorekeeper.__file__).resolve().parents[1]
DESIGN_CARD = ["app.py", "scorekeeper", "templates", "static", "tests", "README.md"]
MAPPED = {"scorekeeper.templates": "templates", "scorekeeper.static": "static", "scorekeeper.docs": "docs"}


def tracked() -> list[str]:
    listing = subprocess.run(["git", "ls-files", "-s"], cwd=ROOT, capture_output=True, text=True, check=True)
    return listing.stdout.splitlines()


def test_the_top_level_is_the_design_cards():
    for name in DESIGN_CARD:
        assert (ROOT / name).exists(), f"{name} is missing from the top of the checkout"
        assert not (ROOT / name).is_symlink(), f"{name} is a symlink"
    assert (ROOT / "templates" / "sheet.html").is_file() and (ROOT / "static" / "app.css").is_file()
    assert (ROOT / "templates" / "predictions" / "entry.html").is_file()


def test_no_folder_is_kept_twice_or_linked():
    """The served folders live at the top alone: no copy inside the package to keep in sync, no symlink."""
    for name in MAPPED.values():
        assert not (ROOT / "scorekeeper" / name).exists(), f"scorekeeper/{name} would shadow the top-level {name}/"
    links = [line.split("\t")[1] for line in tracked() if line.startswith("120000 ")]
    assert links == []


def test_app_py_is_the_factorys_app_and_flask_run_finds_it(tmp_path, monkeypatch):
    """`flask run` (no --app) finds app.py in the folder it starts in; the app serves the top-level folders."""
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(tmp_path / "flask-run.sqlite3"))
    monkeypatch.setenv("SECRET_KEY", "test")
    monkeypatch.delenv("FLASK_APP", raising=False)
    monkeypatch.chdir(ROOT)
    source = (ROOT / "app.py").read_text(encoding="utf-8")
    assert "create_app()" in source and len(source.splitlines()) <= 10
    app = ScriptInfo().load_app()
    assert isinstance(app, Flask)
    assert Path(app.template_folder) == ROOT / "templates"
    assert Path(app.static_folder) == ROOT / "static"
    client = app.test_client()
    assert client.get("/static/app.css").status_code == 200
    assert "Segnapunti" in client.get("/").get_data(as_text=True)
    assert client.get("/docs/rules/solo.md").status_code == 200


def test_every_folder_of_the_package_is_packaged():
    """pyproject.toml lists the packages (setuptools finds none outside a package's folder): each folder of
    scorekeeper/ and of the mapped top-level folders must be there, or the wheel leaves its files out."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert config["package-dir"] == MAPPED
    folders = {"scorekeeper"}
    roots = [(ROOT / "scorekeeper", "scorekeeper"), *[(ROOT / path, package) for package, path in MAPPED.items()]]
    for base, name in roots:
        for folder in [base, *base.rglob("*")]:
            if folder.is_dir() and "__pycache__" not in folder.parts:
                folders.add(".".join([name, *folder.relative_to(base).parts]))
    assert sorted(config["packages"]) == sorted(folders)
    patterns = {pattern.removeprefix("*") for pattern in config["package-data"]["*"]}
    shipped = [Path(line.split("\t")[1]) for line in tracked()]
    served = {path.suffix for path in shipped if path.parts[0] in [*MAPPED.values(), "scorekeeper"]}
    served -= {".py", ".pot"}  # modules are packaged as such; the catalogues' template is for translators
    assert served <= patterns, f"files of these kinds would be left out of the wheel: {served - patterns}"
