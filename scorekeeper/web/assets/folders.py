"""Where the folders the server serves are: `templates`, `static`, `docs`."""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).parents[2]  # scorekeeper/


def shipped(name: str) -> Path:
    """A folder the server serves (`templates`, `static`, `docs`). The checkout keeps it at its top level, as
    the project's design card draws it; a built wheel maps it into the package (pyproject.toml's
    `package-dir`), so an installed `segnapunti` needs no checkout."""
    inside = PACKAGE / name
    return inside if inside.is_dir() else PACKAGE.parent / name
