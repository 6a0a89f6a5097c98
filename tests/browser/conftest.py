"""Playwright driving Debian's Chromium (it cannot download a browser of its own here)."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="session")
def playwright():
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield browser
    browser.close()


@pytest.fixture
def own_browser(playwright):
    """A Chromium of the test's own, closed whole at its end. For phones that go offline and back with the service
    worker at work: Chromium can fail to close such a context (a test held 17 minutes under load, and once on an
    idle machine, #36); closing its browser ends everything."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield browser
    browser.close()


QUICK_TAPS = "window.segnapuntiTapPauseMs = 20"


def quick_taps(context):
    """A redrawn pad takes taps 20 ms after it appears, not 300 (static/live.js): the tests' taps wait for it (#20:
    the browser tests took 228 s alone, 198 s with this). The double-tap test keeps the phones' pause."""
    context.add_init_script(QUICK_TAPS)
    return context


def phone_context(browser, viewport=PHONE, real_pause=False, **options):
    """A touch phone in English with the given viewport (options override, e.g. JavaScript off). One device
    pixel a CSS pixel: the layout is the same at a phone's 2 or 3, and the browser draws a quarter of the
    pixels (#20: the suite under 5 minutes)."""
    context = browser.new_context(**{"viewport": viewport, "locale": "en-US", "device_scale_factor": 1,
                                     "is_mobile": True, "has_touch": True, **options})
    cut_when_offline(context)
    return context if real_pause else quick_taps(context)


# A POST to no route: from a page under the service worker it passes through the worker (which answers only GETs).
PROBE = ("() => fetch('/offline-probe', {method: 'POST'}).then(() => 'reached', () => 'refused')")


def cut_when_offline(context) -> None:
    """Offline means offline, before the test taps. A tap reached the server in CI while the phone was offline (twice
    in ten runs), with the page's own requests refused too: most likely through the service worker, which a page's
    POST passes through and which Playwright's offline may reach a moment late (microsoft/playwright#2311; not
    reproduced by stopping the worker). So, once offline, each open page sends a probe the same way until the network
    refuses it, and the test fails saying so if it never does."""
    emulate = context.set_offline

    def set_offline(offline: bool) -> None:
        emulate(offline)
        for page in context.pages if offline else ():
            if page.url.startswith("http"):
                for _ in range(50):
                    if page.evaluate(PROBE) == "refused":
                        break
                    page.wait_for_timeout(100)
                else:
                    raise AssertionError("the phone's requests still reach the server while it is offline")

    context.set_offline = set_offline


@pytest.fixture
def phone(browser):
    """A fresh phone-sized browser context (English), closed after the test."""
    context = phone_context(browser)
    yield context
    context.close()


@pytest.fixture
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
