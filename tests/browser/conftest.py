"""Browser tests: headless Chromium (Debian's, installed by `python3 dev.py test`) driven
by Playwright against a live server on loopback.

Each test gets a fresh browser context; `login` puts a user's session cookie into it.
Every expectation, action and navigation waits up to BROWSER_WAIT_SECONDS (tests/waiting.py)
for its condition; after an htmx request, `htmx_idle` waits until htmx has finished with
the page before the next step clicks on it.
Screenshots go to $SCREENSHOT_DIR (default build/screenshots/) for people to review.
The live server needs committed data, so these tests use transactional databases and
load the shipped catalogue again when an earlier transactional test emptied it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.waiting import BROWSER_WAIT_SECONDS

# Playwright's sync API runs an event loop in this thread; Django's ORM, used by the
# test itself between browser steps, would otherwise refuse to run beside it.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path(os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", ROOT / "build" / "screenshots"))
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync",
]  # fmt: skip
PHONE = {"width": 390, "height": 844}
WAIT_MS = int(BROWSER_WAIT_SECONDS * 1000)
expect.set_options(timeout=WAIT_MS)  # Playwright's default is 5 s
# htmx marks what it is busy with: a request in flight, a swap, new content not yet settled
# (wired up: its hx- attributes work once the class is gone).
HTMX_BUSY = ".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(
            f"Chromium is not installed at {CHROMIUM}: `python3 dev.py test` installs it with "
            "apt-get (or set CHROMIUM_PATH)"
        )
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def catalogue(committed_catalogue: None) -> None:
    """Browser tests read the catalogue through a live server: it must be committed."""


def _tab(browser: Browser, live_server: Any, **options: Any) -> Iterator[Page]:
    context = browser.new_context(base_url=live_server.url, **options)
    context.set_default_timeout(WAIT_MS)  # actions and navigations (Playwright's: 30 s)
    tab = context.new_page()
    yield tab
    context.close()


@pytest.fixture
def page(browser: Browser, live_server: Any, catalogue: None) -> Iterator[Page]:
    yield from _tab(browser, live_server, viewport={"width": 1280, "height": 900})


@pytest.fixture
def phone(browser: Browser, live_server: Any, catalogue: None) -> Iterator[Page]:
    yield from _tab(browser, live_server, viewport=PHONE, is_mobile=True)


@pytest.fixture
def login(client: Any, live_server: Any) -> Any:
    """login(page, username) creates the user and puts their session into the page."""

    def log_in(tab: Page, username: str = "alice") -> Any:
        user = get_user_model().objects.create_user(username, password=f"{username}-password-1")
        client.force_login(user)
        cookie = client.cookies[django_settings.SESSION_COOKIE_NAME].value
        tab.context.add_cookies(
            [{"name": django_settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
        )
        return user

    return log_in


def screenshot(tab: Page, name: str) -> Path:
    """Save a full-page screenshot for review and return its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    tab.screenshot(path=str(path), full_page=True)
    return path


def htmx_idle(tab: Page) -> None:
    """Wait until the page has loaded (its stylesheets, and htmx, which has then wired the
    page up) and htmx has no request, swap or settle under way. Content htmx has just
    swapped in is wired up only when it settles: a click before that would miss htmx and
    submit the plain form instead."""
    tab.wait_for_load_state("load")
    expect(tab.locator(HTMX_BUSY)).to_have_count(0)
