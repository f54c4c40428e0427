"""Every paragraph citable (issue 13, item 4), in Debian's Chromium at a desk (1280x900) and on a
phone (390x844): a paragraph's address lands on it highlighted, its number in the margin visible."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import page_at
from tests.helpers import DAY, MLA_DAY, SITE_URL, US_DAY, VERSION

pytestmark = [pytest.mark.browser, pytest.mark.site]


def style(locator, prop: str) -> str:
    return locator.evaluate(f"e => getComputedStyle(e).{prop}")


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    view = page.viewport_size
    return bool(box) and box["x"] >= 0 and box["x"] + box["width"] <= view["width"] \
        and box["y"] >= 0 and box["y"] + box["height"] <= view["height"]


def test_a_paragraph_address_lands_with_the_paragraph_highlighted_and_its_number_visible(reader):
    page = reader("/foster/betting/#para-3")
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


def test_a_list_or_tables_address_highlights_the_block_after_its_number(reader):
    page = reader("/hoyle/poker/#para-30")
    number = page.locator("#para-30 a.para-n")
    assert number.inner_text() == "30" and in_view(page, number)
    table = page.locator("p:has(> #para-30) + .md-typeset__scrollwrap")
    assert style(table, "outlineStyle") == "solid"
    assert "Odds against" in table.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") == page.viewport_size["width"]


def test_a_paragraphs_number_is_a_link_named_for_screen_readers_and_kept_out_of_the_search_index(reader):
    page = reader("/britannica/poker/")
    numbers = page.locator("a.para-n")
    assert numbers.count() == 16
    assert page.get_by_role("link", name="Paragraph 12", exact=True).get_attribute("href") == page.url + "#para-12"
    assert numbers.first.get_attribute("data-search-exclude") == ""


MLA_MONTHS = ["Jan.", "Feb.", "Mar.", "Apr.", "May", "June", "July", "Aug.", "Sept.", "Oct.", "Nov.", "Dec."]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def today(page) -> tuple[int, int, int]:
    """The browser's day, month (0-11) and year: the day a citation copied now is accessed."""
    return tuple(page.evaluate("(() => { const d = new Date(); return [d.getDate(), d.getMonth(), "
                               "d.getFullYear()]; })()"))


def today_words(page) -> str:
    """The browser's day as the plain-text citation writes it: "7 December 2026"."""
    day, month, year = today(page)
    return f"{day} {MONTHS[month]} {year}"


def press(page, locator) -> None:
    locator.tap() if page.size == "phone" else locator.click()


def copy(page, fmt: str) -> str:
    panel = page.locator(".para-cite")
    panel.locator("select.cite-choose").select_option(fmt)
    press(page, panel.locator("button.cite-copy"))
    expect(panel.locator("button.cite-copy")).to_have_text("Copied")  # (a polled function: the CSP refuses eval)
    return page.evaluate("navigator.clipboard.readText()")


def test_a_paragraphs_number_opens_the_cite_panel_under_it_and_copies_its_citation(reader):
    page = reader("/foster/betting/#para-5")
    press(page, page.locator("#para-3 a.para-n"))
    panel = page.locator(".para-cite")
    panel.wait_for(state="visible")
    assert page.url == f"{SITE_URL}foster/betting/#para-3"  # the address, set without reloading the page
    assert panel.evaluate("e => e.previousElementSibling.id") == "para-3"
    assert panel.locator(".para-cite-head").inner_text() == (
        f"Cite ¶3 — its permanent address: {SITE_URL}foster/betting/#para-3")
    # Only the paragraph cited is highlighted now, not the one the page was opened at.
    assert page.evaluate("[...document.querySelectorAll('p.para')].filter(p => getComputedStyle(p).outlineStyle"
                         " === 'solid').map(p => p.id)") == ["para-3"]
    assert copy(page, "plain") == ("R. F. Foster, Practical Poker (1905), Betting, ¶3. In: Draw Poker: The Laws and "
                                   "the Literature, edited by The Draw Poker Edition editors, "
                                   f"version {VERSION} (The Draw Poker Edition, {DAY}), "
                                   f"<{SITE_URL}foster/betting/#para-3>, accessed {today_words(page)}.")
    day, month, year = today(page)
    assert copy(page, "mla") == ("Foster, R. F. “Betting, ¶3.” Practical Poker, 1905. Draw Poker: The Laws and the "
                                 "Literature, edited by The Draw Poker Edition editors, "
                                 f"version {VERSION}, The Draw Poker Edition, {MLA_DAY}, "
                                 f"{SITE_URL}foster/betting/#para-3. "
                                 f"Accessed {day} {MLA_MONTHS[month]} {year}.")
    assert "@incollection{foster1905:betting:p3," in copy(page, "bibtex")
    page.keyboard.press("Escape")
    assert panel.is_hidden()
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Paragraph 3"


def test_a_tables_number_opens_the_cite_panel_under_the_table(reader):
    page = reader("/hoyle/poker/")
    press(page, page.locator("#para-30 a.para-n"))
    panel = page.locator(".para-cite")
    panel.wait_for(state="visible")
    assert panel.evaluate("e => e.previousElementSibling.classList.contains('md-typeset__scrollwrap')")
    assert panel.locator("p.citation").inner_text() == (
        "“Poker”, ¶30, in Hoyle's Games Modernized, edited by Professor Hoffmann [Angelo J. Lewis] (undated). In: "
        f"Draw Poker: The Laws and the Literature, edited by The Draw Poker Edition editors, version {VERSION} (The "
        f"Draw Poker Edition, {DAY}), <{SITE_URL}hoyle/poker/#para-30>, accessed {today_words(page)}.")


def test_the_chicago_citation_of_a_law_is_copied_with_todays_date(visit):
    page = visit.goto("/laws/19/")
    page.locator("details.cite > summary").click()
    page.locator("select.cite-choose").select_option("chicago")
    page.locator("button.cite-copy").click()
    expect(page.locator("button.cite-copy")).to_have_text("Copied")
    day, month, year = today(page)
    assert page.evaluate("navigator.clipboard.readText()") == (
        "Foster, R. F. “Law 19 — Misdealing.” In Practical Poker. 1905. In Draw Poker: The Laws and the "
        f"Literature, edited by The Draw Poker Edition editors, version {VERSION}. The Draw Poker Edition, {US_DAY}. "
        f"Accessed {MONTHS[month]} {day}, {year}. {visit.base}laws/19/.")


def test_without_script_a_paragraphs_number_is_its_address_and_the_access_date_a_placeholder(browser, server):
    with page_at(browser, server, "desk", java_script_enabled=False) as goto:
        page = goto("/foster/betting/")
        assert page.locator(".para-cite").is_hidden()
        page.locator("#para-3 a.para-n").click()
        page.wait_for_url("**/foster/betting/#para-3")
        assert style(page.locator("#para-3"), "outlineStyle") == "solid"
        page = goto("/laws/19/")
        assert page.locator('pre.cite-text[data-format="mla"]').text_content().endswith(
            "laws/19/. Accessed [day month year].")
