"""What a reader does with the laws, the glossary and the apparatus, in a real browser."""
from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from bench.search import WATCH_WORKER
from bench.search import search as results
from edition.framework.templating import day
from tests.helpers import DAY, VERSION

pytestmark = [pytest.mark.browser, pytest.mark.site]


def search(page, query: str) -> list[str]:
    page.click(".md-search__input")
    page.fill(".md-search__input", "")
    page.keyboard.type(query)
    page.wait_for_selector(".md-search-result__link", timeout=10000)
    page.wait_for_timeout(500)
    return page.eval_on_selector_all(".md-search-result__link", "els => els.map(e => e.getAttribute('href'))")


def test_searching_straddle_reaches_law_28_at_its_own_page(visit):
    # Issue 32: the term's glossary entry is a result of its own and comes first (bench/questions.yml
    # answers a term with its entry), then the situation Law 28 answers, naming its law; Law 28 is
    # found at its own page, among the laws that follow.
    visit.page.add_init_script(WATCH_WORKER)
    page = visit.goto("/")
    found = results(page, "straddle")
    assert found[:2] == ["glossary/#straddle", "situations/the-straddle/"]
    assert page.locator(".md-search-result__link").nth(1).locator("h1").inner_text().endswith(" — Law 28")
    assert "laws/28/" in found[:5] and not [r for r in found if r.startswith("foster/laws/")]
    page.click('.md-search-result__link[href*="/laws/28/"]')
    page.wait_for_function("location.pathname === '/laws/28/'")
    assert "straddle this blind" in page.inner_text("p.law")


@pytest.mark.smoke
def test_searching_law_19_finds_law_19_first(visit):
    assert results(visit.goto("/"), "law 19")[0] == "laws/19/"


def test_a_laws_page_leads_to_the_law_in_context_highlighted(visit):
    page = visit.goto("/laws/19/")
    page.get_by_role("link", name="Read it in context").click()
    page.wait_for_function("location.hash === '#law-19' && document.querySelector('#law-19 + p.law') !== null")
    assert page.evaluate("location.pathname") == "/foster/laws/"
    outline = page.evaluate("getComputedStyle(document.querySelector('#law-19 + p.law')).outlineStyle")
    assert outline == "solid"


def test_hovering_a_glossary_term_shows_its_definition(visit):
    page = visit.goto("/foster/betting/")
    term = page.locator('a.term[href$="#age"]').first
    term.hover()
    tip = page.wait_for_selector(".md-tooltip2--active", timeout=10000)
    assert tip.inner_text() == "The player next the dealer on his left."


def test_hovering_a_reference_to_a_law_shows_the_laws_words(visit):
    page = visit.goto("/foster/disputed-rules/")
    page.locator("p.discusses a").first.hover()
    tip = page.wait_for_selector(".md-tooltip2--active", timeout=10000)
    assert tip.inner_text().startswith("Law ")


def test_cite_copies_the_citation_to_the_clipboard(visit):
    page = visit.goto("/foster/laws/#law-19")
    meta = page.locator("#law-19 ~ .law-meta").first
    meta.locator("details.cite > summary").click()
    meta.locator("button.cite-copy").click()
    page.wait_for_function("document.querySelector('#law-19 ~ .law-meta button.cite-copy').textContent === 'Copied'")
    copied = page.evaluate("navigator.clipboard.readText()")  # ends with the reader's day of access
    assert copied == ("R. F. Foster, Practical Poker (1905), Law 19 — Misdealing. In: Draw Poker: The Laws and the "
                      "Literature, edited by The Draw Poker Edition editors, "
                      f"version {VERSION} (The Draw Poker Edition, {DAY}), <{visit.base}laws/19/>, "
                      f"accessed {day(datetime.date.today().isoformat())}.")


def test_a_cite_box_gets_its_chooser_and_button_when_opened_not_as_the_page_loads(visit):
    page = visit.goto("/foster/laws/")
    assert page.locator("details.cite").count() == 77
    assert page.locator("details.cite select.cite-choose, details.cite button.cite-copy").count() == 0
    assert "Accessed [" in page.locator('#law-19 ~ .law-meta pre.cite-text[data-format="chicago"]').first.text_content()
    meta = page.locator("#law-19 ~ .law-meta").first
    meta.locator("details.cite > summary").click()
    # Six formats, in a chooser made when the box opens: wait for it.
    expect(meta.locator("select.cite-choose option")).to_have_count(6)
    assert meta.locator("button.cite-copy").count() == 1
    assert "Accessed [" not in meta.locator('pre.cite-text[data-format="chicago"]').text_content()
    assert page.locator("details.cite button.cite-copy").count() == 1  # the other 76 stay as they were


def test_the_apparatus_opens_and_closes(visit):
    page = visit.goto("/foster/laws/")
    details = page.locator("details.abstract").first
    assert details.get_attribute("open") is None
    details.locator("summary").click()
    assert details.get_attribute("open") is not None
    assert details.locator("table").is_visible()
    details.locator("summary").click()
    assert details.get_attribute("open") is None


def test_without_javascript_the_laws_citations_and_apparatus_are_readable(browser, server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server + "foster/laws/#law-19")
    assert "If any card is faced in dealing it to a player" in page.inner_text("#law-19 + p.law")
    meta = page.locator("#law-19 ~ .law-meta").first
    meta.locator("details.cite > summary").click()
    assert meta.locator("p.citation").inner_text().startswith(
        "R. F. Foster, Practical Poker (1905), Law 19 — Misdealing.")
    meta.locator("details.cite-formats > summary").click()  # every format, readable without script
    assert meta.locator('pre.cite-text[data-format="bibtex"]').inner_text().startswith(
        "@incollection{foster1905:law19,")
    page.locator("details.abstract summary").first.click()
    assert page.locator("details.abstract table").first.is_visible()
    context.close()


def test_the_laws_print_as_a_clean_rule_sheet(visit):
    page = visit.goto("/foster/laws/")
    page.emulate_media(media="print")
    hidden = page.evaluate("""() => ['.md-header', '.md-sidebar--primary', '.md-footer', 'details.abstract']
        .map(s => getComputedStyle(document.querySelector(s)).display)""")
    assert hidden == ["none", "none", "none", "none"]
    assert page.locator("#law-19 + p.law").is_visible()
    pdf = page.pdf(format="A4")
    assert pdf[:5] == b"%PDF-" and len(pdf) > 20000
