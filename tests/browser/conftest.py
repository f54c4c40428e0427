"""Browser tests: the built site served on 127.0.0.1, driven in Debian's Chromium by Playwright.

Nothing downloads a browser: Playwright launches /usr/bin/chromium (``make test`` installs
Debian's package). Every request the page makes is recorded; tests assert none leaves 127.0.0.1.
"""
from __future__ import annotations

import contextlib
import http.server
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.shared_site import served

CHROMIUM = "/usr/bin/chromium"
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    """The fast loop (make check) keeps a browser smoke: the first case of each test marked
    `smoke`. Every other browser test takes a second or more in Chromium, so it counts as slow and
    make test (CI) runs it."""
    kept: set[str] = set()
    for item in items:
        if Path(item.path).resolve().parent != HERE:
            continue
        name = item.originalname if hasattr(item, "originalname") else item.name
        if item.get_closest_marker("smoke") and (item.path, name) not in kept:
            kept.add((item.path, name))
            continue
        item.add_marker(pytest.mark.slow)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep the test output clean
        pass


@pytest.fixture(scope="session")
def server(built_site: Path) -> str:
    """The built site's address: served at the SITE_URL it was built for, by the run's one server
    (tests/shared_site.py), which every process of the run shares."""
    return served()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run 'make test' (it installs Debian's chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


class Visit:
    """A browser page that records console errors and every request's host."""

    def __init__(self, context, base: str):
        self.base = base
        self.page = context.new_page()
        self.console_errors: list[str] = []
        self.outside: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        self.page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        self.page.on("request", self._request)

    def _request(self, request):
        host = urlparse(request.url).hostname
        if request.url.startswith(("data:", "blob:", "about:")):
            return
        if host not in ("127.0.0.1",):
            self.outside.append(request.url)

    def goto(self, path: str):
        self.page.goto(self.base + path.lstrip("/"), wait_until="networkidle")
        return self.page


DESK, PHONE = {"width": 1280, "height": 900}, {"width": 390, "height": 844}
SIZES = {"desk": DESK, "phone": PHONE}


@contextlib.contextmanager
def page_at(browser, server: str, size: str, **context_options):
    """A function opening a path of the served site at a reader's size ("desk" or "phone"); on
    leaving, no script on the page has failed. context_options go to Playwright's new_context."""
    context = browser.new_context(viewport=SIZES[size], base_url=server, **context_options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.size = size

    def goto(path: str):
        page.goto(server + path.lstrip("/"), wait_until="networkidle")
        return page
    yield goto
    context.close()
    assert errors == []


@pytest.fixture(params=list(SIZES))
def reader(request, browser, server):
    """A page at each size as a reader holds it: the phone a touch screen, the clipboard allowed
    (the cite, paragraph and preview tests tap, copy and paste)."""
    phone = request.param == "phone"
    with page_at(browser, server, request.param, has_touch=phone, is_mobile=phone,
                 permissions=["clipboard-read", "clipboard-write"]) as goto:
        yield goto


@pytest.fixture
def visit(browser, server):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"], base_url=server)
    v = Visit(context, server)
    yield v
    context.close()
    assert v.outside == [], f"requests left 127.0.0.1: {v.outside}"
    assert v.console_errors == [], f"console errors: {v.console_errors}"
