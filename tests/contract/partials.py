"""Applying a live refresh's parts (htmx 4 partials, #22) to a sheet as the browser would, without a browser.

The sheet and the answer are read into trees (html.parser); each `<template hx type="partial">` replaces its
target (`outerMorph`, `outerHTML`: the result is the new element whatever the way) or goes after it
(`afterend`); the version and hand the answer brings go on `#sheet`, as live.js writes them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

TABLE_PARTS = {"table", "thead", "tbody", "tfoot", "tr"}  # whitespace between their children is no content
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Node:
    tag: str
    attrs: dict
    children: list = field(default_factory=list)

    def html(self) -> str:
        """The node written out again, its attributes in order of name: equal texts are equal DOMs (and a
        difference reads as a diff, one element a line)."""
        inner = "".join(child.html() if isinstance(child, Node) else child for child in self.children)
        if self.tag == "#root":
            return inner
        attrs = "".join(f' {name}="{value}"' for name, value in sorted(self.attrs.items()))
        return f"\n<{self.tag}{attrs}>{inner}</{self.tag}>"


class Tree(HTMLParser):
    def __init__(self, html: str):
        super().__init__()
        self.root = Node("#root", {})
        self.stack = [self.root]
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(Node(tag, dict(attrs)))

    def handle_endtag(self, tag):
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data):
        if data.strip() or self.stack[-1].tag not in TABLE_PARTS:
            self.stack[-1].children.append(data)


def parse(html: str) -> Node:
    return Tree(html).root


def find(node: Node, element_id: str) -> tuple[Node, int] | None:
    """(parent, index) of the element with this id."""
    for index, child in enumerate(node.children):
        if isinstance(child, Node):
            if child.attrs.get("id") == element_id:
                return node, index
            found = find(child, element_id)
            if found:
                return found
    return None


def apply(page: str, answer: str, headers) -> Node:
    """The sheet `page` after the parts of `answer` are swapped in; every part must find its target."""
    sheet, parts = parse(page), parse(answer)
    for part in parts.children:
        if isinstance(part, str):
            assert not part.strip(), f"text outside the partials: {part!r}"
            continue
        assert (part.tag, part.attrs.get("type")) == ("template", "partial"), part.tag
        target, swap = part.attrs["hx-target"], part.attrs["hx-swap"]
        found = find(sheet, target.removeprefix("#"))
        assert found is not None, f"a part for {target}, which the page does not have"
        parent, index = found
        if swap in ("outerMorph", "outerHTML"):
            parent.children[index:index + 1] = part.children
        else:
            assert swap == "afterend", swap
            parent.children[index + 1:index + 1] = part.children
    parent, index = find(sheet, "sheet")
    main = parent.children[index]
    main.attrs["data-version"], main.attrs["data-hand"] = headers["X-Sheet-Version"], headers["X-Sheet-Hand"]
    return sheet
