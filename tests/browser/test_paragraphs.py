"""Every paragraph citable (issue 13, item 4), in Debian's Chromium at a desk (1280x900) and on a
phone (390x844): a paragraph's address lands on it highlighted, its number in the margin visible."""
from __future__ import annotations

import pytest

from tests.browser.conftest import SIZES, page_at

pytestmark = [pytest.mark.browser, pytest.mark.site]


@pytest.fixture(params=list(SIZES))
def sized(request, browser, server):
    phone = request.param == "phone"
    with page_at(browser, server, request.param, has_touch=phone, is_mobile=phone,
                 permissions=["clipboard-read", "clipboard-write"]) as goto:
        yield goto


def style(locator, prop: str) -> str:
    return locator.evaluate(f"e => getComputedStyle(e).{prop}")


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    view = page.viewport_size
    return bool(box) and box["x"] >= 0 and box["x"] + box["width"] <= view["width"] \
        and box["y"] >= 0 and box["y"] + box["height"] <= view["height"]


def test_a_paragraph_address_lands_with_the_paragraph_highlighted_and_its_number_visible(sized):
    page = sized("/foster/betting/#para-3")
    para = page.locator("#para-3")
    assert para.inner_text().startswith("3\nThere is one principle in connection with betting")
    assert (style(para, "outlineStyle"), style(para, "outlineWidth")) == ("solid", "2px")
    assert style(page.locator("#para-4"), "outlineStyle") == "none"  # only the paragraph addressed
    number = para.locator("a.para-n")
    assert number.inner_text() == "3"
    assert number.get_attribute("href") == page.url  # its own address (made absolute by Material's navigation)
    assert number.is_visible() and in_view(page, number)
    assert style(number, "fontWeight") == "700"  # the addressed paragraph's number stands out
    assert style(page.locator("#para-4 a.para-n"), "fontWeight") == "400"
    # The number sits in the margin, left of the text, and the page does not scroll sideways.
    assert number.bounding_box()["x"] + number.bounding_box()["width"] <= para.bounding_box()["x"]
    assert page.evaluate("document.documentElement.scrollWidth") == page.viewport_size["width"]


def test_a_list_or_tables_address_highlights_the_block_after_its_number(sized):
    page = sized("/hoyle/poker/#para-30")
    number = page.locator("#para-30 a.para-n")
    assert number.inner_text() == "30" and in_view(page, number)
    table = page.locator("p:has(> #para-30) + .md-typeset__scrollwrap")
    assert style(table, "outlineStyle") == "solid"
    assert "Odds against" in table.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") == page.viewport_size["width"]


def test_a_paragraphs_number_is_a_link_named_for_screen_readers_and_kept_out_of_the_search_index(sized):
    page = sized("/britannica/poker/")
    numbers = page.locator("a.para-n")
    assert numbers.count() == 16
    assert page.get_by_role("link", name="Paragraph 12", exact=True).get_attribute("href") == page.url + "#para-12"
    assert numbers.first.get_attribute("data-search-exclude") == ""
