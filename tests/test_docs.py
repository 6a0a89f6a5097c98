"""The project carries its own documentation: nothing may point outside the repository.

- No tracked file of README.md, app.py, docs/, scorekeeper/, templates/ or static/ mentions the old out-of-tree
  documents (`../shared`, `shared/RULES.md`, `shared/API.md`).
- Every relative Markdown link in README.md and docs/**/*.md leads to a file of this repository,
  and, when it names a heading of a Markdown page (`page.md#heading`), to a heading that exists.
"""
from __future__ import annotations

import re
import subprocess
import unicodedata
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("README.md", "app.py", "docs", "scorekeeper", "templates", "static")
OUTSIDE = ("../shared", "shared/RULES.md", "shared/API.md")


def tracked(*paths: str) -> list[Path]:
    """The files git tracks under `paths` (every file there when this is not a git checkout)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--", *paths], cwd=ROOT, capture_output=True,
                             check=True).stdout.decode()
        files = [ROOT / name for name in out.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for path in paths:
            target = ROOT / path
            files += [target] if target.is_file() else [p for p in target.rglob("*") if p.is_file()]
    return [f for f in files if f.is_file()]


def text_of(path: Path) -> str | None:
    data = path.read_bytes()
    if b"\0" in data:  # images and other binary files
        return None
    return data.decode("utf-8", errors="replace")


def markdown_pages() -> list[Path]:
    return [p for p in tracked("README.md", "docs") if p.suffix == ".md"]


def test_the_checked_places_exist():
    assert (ROOT / "README.md").is_file()
    assert markdown_pages(), "no Markdown page found under docs/"
    assert any(p.name == "api.md" for p in markdown_pages())


@pytest.mark.parametrize("path", tracked(*CHECKED), ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_points_to_the_shared_folder(path):
    text = text_of(path)
    if text is None:
        return
    for line_number, line in enumerate(text.splitlines(), start=1):
        for needle in OUTSIDE:
            assert needle not in line, f"{path.relative_to(ROOT)}:{line_number} mentions {needle!r}: {line.strip()}"


# -- Markdown links --------------------------------------------------------------------------------
FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")


def prose_lines(text: str, keep_code: bool = False):
    """(line number, line) outside fenced code blocks; inline code spans blanked unless `keep_code`."""
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line if keep_code else INLINE_CODE.sub("", line)


def links(text: str) -> list[tuple[int, str]]:
    found = []
    for number, line in prose_lines(text):
        found += [(number, m.group(1)) for m in INLINE_LINK.finditer(line)]
        reference = REFERENCE.match(line)
        if reference:
            found.append((number, reference.group(1)))
    return found


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = re.sub(r"<[^>]+>", "", text).replace("`", "").strip().lower()
    kept = []
    for char in text:
        if char in (" ", "-", "_") or unicodedata.category(char)[0] in ("L", "N", "M"):
            kept.append(char)
    return "".join(kept).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for _, line in prose_lines(path.read_text(encoding="utf-8"), keep_code=True):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        out.add(base if count == 0 else f"{base}-{count}")
    return out


def test_slugs_follow_github():
    assert slug("The dealer's forbidden bid") == "the-dealers-forbidden-bid"
    assert slug("Wist, Cagliari variant (`wist-cagliari`)") == "wist-cagliari-variant-wist-cagliari"
    assert slug("Versions: `ETag` and `If-Match`") == "versions-etag-and-if-match"
    assert slug("A whole short rubber (target 5, honours counted)") == "a-whole-short-rubber-target-5-honours-counted"


def test_links_are_found_outside_code_only():
    text = "[a](x.md) `[b](y.md)` [c][r]\n```\n[d](z.md)\n```\n[r]: w.md \"title\"\n"
    assert [target for _, target in links(text)] == ["x.md", "w.md"]


@pytest.mark.parametrize("page", markdown_pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_lead_to_files_of_the_repository(page):
    problems = []
    for line_number, target in links(page.read_text(encoding="utf-8")):
        parts = urlsplit(target)
        if parts.scheme or parts.netloc:  # http:, https:, mailto: …: not a file of ours
            continue
        where = f"{page.relative_to(ROOT)}:{line_number} → {target}"
        path = unquote(parts.path)
        if not path:  # "#heading" in the same page
            destination = page
        else:
            if path.startswith("/"):
                problems.append(f"{where}: use a relative link")
                continue
            destination = (page.parent / path).resolve()
            if ROOT != destination and ROOT not in destination.parents:
                problems.append(f"{where}: points outside the repository")
                continue
            if not destination.exists():
                problems.append(f"{where}: no such file")
                continue
        if parts.fragment and destination.is_file() and destination.suffix == ".md":
            if unquote(parts.fragment).lower() not in anchors(destination):
                problems.append(f"{where}: no heading #{parts.fragment} in {destination.relative_to(ROOT)}")
    assert not problems, "\n".join(problems)
