"""Every page (tests/tour.py) at 360×740 (light in English, dark in Italian) and 1280×800 (Italian): no
horizontal overflow of the page or of any table with five long names, no serious or critical axe-core
violation at 360 px (see `axe_here`), no script error, and a screenshot of each in test-artifacts/ named
page-size-theme-language.

One browser context per combination visits every page (a context each would cost more than the pages).
Each size is seen in both themes and both languages; the language is chosen with the site's own switch,
against the browser's locale, so the switch is what is tested.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests import tour
from tests.web.sse import request

from .axe import serious
from .sheet import watch

SIZES = {"360": {"width": 360, "height": 740}, "1280": {"width": 1280, "height": 800}}
# 390 px phones are seen by the other browser tests; a 360 px page that fits fits them too.
# At 1280 px only the overflow is checked (axe runs at 360 px), and it does not depend on the theme: one pass, in
# the longer language (#20: the dark pass at 1280 px found nothing the others did not).
COMBINATIONS = [("360", "light", "en"), ("360", "dark", "it"), ("1280", "light", "it")]
OTHER_LOCALE = {"en": "it-IT", "it": "en-US"}  # the browser asks for the other language; the switch wins

OVERFLOW = """() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    boxes: [...document.querySelectorAll('.grid-wrap, table')]
        .filter(el => !el.closest('.doc'))  // the documents' tables scroll by design (tabindex=0)
        .map(el => [el.className || el.tagName, el.scrollWidth - el.clientWidth])
        .filter(([, extra]) => extra > 1)})"""


def axe_here(size: str) -> bool:
    """axe-core at 360 px, in light and in dark: what it finds (contrast, names, roles) does not change
    with the width, and at 1280 px it cost half the matrix's time to find it again (#20)."""
    return size == "360"


@pytest.fixture(scope="module")
def pages(module_live_server):
    """The tour's games, made once for the module's tests (they only read them)."""
    return tour.build(lambda method, path, key=None, body=None: request(module_live_server, method, path, key, body))


HALVES = (0, 1)  # each combination visits every other page of the tour: two tests that share out over the workers


@pytest.mark.parametrize("half", HALVES)
@pytest.mark.parametrize("size, theme, language", COMBINATIONS, ids=["-".join(c) for c in COMBINATIONS])
def test_every_page_fits_and_passes_axe(module_live_server, browser, artifacts, pages, size, theme, language, half):
    context = browser.new_context(viewport=SIZES[size], color_scheme=theme, locale=OTHER_LOCALE[language],
                                  is_mobile=size != "1280", has_touch=size != "1280")
    page = context.new_page()
    problems = watch(page)
    page.goto(module_live_server)
    page.get_by_role("navigation").get_by_role("link", name=language.upper(), exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", language)
    found = {}
    for name, path in pages.pages[half::len(HALVES)]:
        response = page.goto(module_live_server + path)
        assert response.status == (404 if name.startswith("error") else 200), name
        assert page.locator("html").get_attribute("lang") == language, name
        overflow = page.evaluate(OVERFLOW)
        if overflow["page"] > 0 or overflow["boxes"]:
            found[f"{name} overflow"] = overflow
        if axe_here(size) and (violations := serious(page)):
            found[f"{name} axe"] = violations
        page.screenshot(path=artifacts / f"{name}-{size}-{theme}-{language}.png", full_page=not name.startswith("docs"))
    context.close()
    report = "\n".join(f"{k}: {v}" for k, v in found.items())
    (artifacts / f"matrix-{size}-{theme}-{language}-{half}.txt").write_text(report)
    assert not found, found
    assert [p for p in problems if "status of 404" not in p] == []  # the error pages answer 404 on purpose
