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
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):
    """A fresh phone-sized browser context (English), closed after the test."""
    context = browser.new_context(viewport=PHONE, locale="en-US", device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    yield context
    context.close()


@pytest.fixture
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
