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


@pytest.mark.smoke
@pytest.mark.parametrize(("line", "part"), [(227, "lines-1-349"), (1, "lines-1-349"), (349, "lines-1-349"),
                                             (350, "lines-350-611"), (2756, "lines-2608-2756")])
def test_an_old_address_of_a_line_of_the_long_witness_lands_on_its_line_in_its_part(visit, line, part):
    page = visit.goto(f"/witnesses/000/#L{line}")
    page.wait_for_url(f"**/witnesses/000/{part}/#L{line}")
    assert page.evaluate("location.pathname + location.hash") == f"/witnesses/000/{part}/#L{line}"
    target = page.locator(f"#L{line}")
    target.wait_for()
    assert target.is_visible() and target.locator("a.ln").inner_text() == str(line)
    box = target.bounding_box()
    assert box is not None and 0 <= box["y"] < page.viewport_size["height"]
    assert visit.console_errors == []
