"""What a reader does in a real browser (Debian's Chromium, headless)."""
from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.site]


def test_home_page_opens_with_the_editions_title(visit):
    page = visit.goto("/")
    assert page.title().startswith("Draw Poker")
    title = page.locator("h1").first.evaluate("h => h.firstChild.textContent")
    assert title == "Draw Poker: The Laws and the Literature"


def test_witness_line_link_lands_on_the_line(visit):
    page = visit.goto("/witnesses/001/#L5")
    assert page.evaluate("location.hash") == "#L5"
    assert page.locator("#L5").is_visible()
