"""Every page (tests/tour.py) at 360×740 (light in English, dark in Italian), and at 1280×800 (Italian) every page
laid out otherwise from 1000 px: no horizontal overflow of the page or of any table with five long names, no
serious or critical axe-core violation at 360 px (see `axe_here`; in dark, of the rules the theme and the language
change), no script error, and a screenshot of each in test-artifacts/ named page-size-theme-language.

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
# the longer language (#20: the dark pass at 1280 px found nothing the others did not), over the pages whose
# layout changes from 1000 px (the table view on a TV, a tournament's standings, the share panel): every other
# page is one column of at most a phone's width, which fits 1280 px when it fits 360 px.
WIDE = ("view-", "tournament-", "share")
PARTS = (0, 1, 2, 3)  # each 360 px combination visits every fourth page of the tour: four tests of about 35 s, so
# that neither worker is left with a long one at the end while the other waits (#36: two halves took 70 s each)
PASSES = ([pytest.param("360", "light", "en", part, id=f"360-light-en-{part}") for part in PARTS]
          + [pytest.param("360", "dark", "it", part, id=f"360-dark-it-{part}", marks=pytest.mark.slow)  # test-slow
             for part in PARTS]  # (Italian is checked at 1280 px in the default tier)
          + [pytest.param("1280", "light", "it", None, id="1280-light-it-None")])
OTHER_LOCALE = {"en": "it-IT", "it": "en-US"}  # the browser asks for the other language; the switch wins

OVERFLOW = """() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    boxes: [...document.querySelectorAll('.grid-wrap, table')]
        .filter(el => !el.closest('.doc'))  // the documents' tables scroll by design (tabindex=0)
        .map(el => [el.className || el.tagName, el.scrollWidth - el.clientWidth])
        .filter(([, extra]) => extra > 1)})"""


# What the theme and the language change: the colours, and the page's language. Names, roles and labels are the
# same words' places in both, and the light pass checks every rule.
THEMED = ("color-contrast", "html-has-lang", "html-lang-valid", "valid-lang")


def axe_here(size: str) -> bool:
    """axe-core at 360 px, in light and in dark: what it finds (contrast, names, roles) does not change
    with the width, and at 1280 px it cost half the matrix's time to find it again (#20)."""
    return size == "360"


@pytest.fixture(scope="module")
def pages(module_live_server):
    """The tour's games, made once for the module's tests (they only read them)."""
    return tour.build(lambda method, path, key=None, body=None: request(module_live_server, method, path, key, body))


def visited(pages, size: str, part: int | None) -> list:
    if part is None:
        return [(name, path) for name, path in pages if name.startswith(WIDE)]
    return pages[part::len(PARTS)]


@pytest.mark.parametrize("size, theme, language, part", PASSES)
def test_every_page_fits_and_passes_axe(module_live_server, browser, artifacts, pages, size, theme, language, part):
    context = browser.new_context(viewport=SIZES[size], color_scheme=theme, locale=OTHER_LOCALE[language],
                                  is_mobile=size != "1280", has_touch=size != "1280")
    page = context.new_page()
    problems = watch(page)
    page.goto(module_live_server)
    page.get_by_role("navigation").get_by_role("link", name=language.upper(), exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", language)
    found = {}
    chosen = visited(pages.pages, size, part)
    assert len(chosen) >= (12 if part is None else 15), [name for name, _ in chosen]
    for name, path in chosen:
        response = page.goto(module_live_server + path)
        assert response.status == (404 if name.startswith("error") else 200), name
        assert page.locator("html").get_attribute("lang") == language, name
        overflow = page.evaluate(OVERFLOW)
        if overflow["page"] > 0 or overflow["boxes"]:
            found[f"{name} overflow"] = overflow
        if axe_here(size) and (violations := serious(page, THEMED if theme == "dark" else ())):
            found[f"{name} axe"] = violations
        page.screenshot(path=artifacts / f"{name}-{size}-{theme}-{language}.png", full_page=not name.startswith("docs"))
    context.close()
    report = "\n".join(f"{k}: {v}" for k, v in found.items())
    (artifacts / f"matrix-{size}-{theme}-{language}-{part}.txt").write_text(report)
    assert not found, found
    assert [p for p in problems if "status of 404" not in p] == []  # the error pages answer 404 on purpose
