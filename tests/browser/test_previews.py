"""Previews that work everywhere (issue 13, item 8): hovering a term or a law link shows its
definition or the law's words at any address the site is served at, not only the SITE_URL it was
built for (Material's instant previews needed the sitemap's address and took the hover text away
everywhere else); on a touch screen a tap on a term shows the definition first, with a link to the
entry."""
from __future__ import annotations

import functools
import http.server
import threading

import pytest

from tests.browser.conftest import QuietHandler, page_at
from tests.helpers import SITE_URL, free_port

pytestmark = [pytest.mark.browser, pytest.mark.site]

INSIDE_STRAIGHT = "Sequences which require an intermediate card to fill them—such as two, four, six, seven"
LAW_8 = ("Law 8: Any player at the table shall have the right to shuffle the cards, the dealer last. When two packs "
         "are used, the second player from the dealer on his left shall make up the still pack for the next deal.")


@pytest.fixture(scope="module")
def elsewhere(built_site):
    """The built site served at another address than the SITE_URL it was built for."""
    handler = functools.partial(QuietHandler, directory=str(built_site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    assert url != SITE_URL
    yield url
    httpd.shutdown()


def test_hovering_a_term_shows_its_definition_where_the_site_is_not_its_site_url(browser, elsewhere):
    with page_at(browser, elsewhere, "desk") as goto:
        page = goto("/foster/betting/")
        page.locator('a.term[href$="#inside-straight"]').first.hover()
        tip = page.wait_for_selector(".md-tooltip2--active", timeout=10000)
        assert tip.inner_text() == INSIDE_STRAIGHT


def test_hovering_a_law_link_shows_the_laws_words_where_the_site_is_not_its_site_url(browser, elsewhere):
    with page_at(browser, elsewhere, "desk") as goto:
        page = goto("/foster/disputed-rules/")
        page.locator('p.discusses a[href$="#law-8"]').first.hover()
        tip = page.wait_for_selector(".md-tooltip2--active", timeout=10000)
        assert tip.inner_text() == LAW_8


def test_a_tap_on_a_term_on_a_phone_shows_the_definition_with_a_link_to_the_entry(browser, server):
    with page_at(browser, server, "phone", has_touch=True, is_mobile=True) as goto:
        page = goto("/foster/betting/")
        term = page.locator('a.term[href$="#inside-straight"]').first
        term.scroll_into_view_if_needed()
        term.tap()
        pop = page.locator(".term-pop")
        pop.wait_for(state="visible")
        assert page.url == f"{SITE_URL}foster/betting/"  # the tap did not leave the page
        assert pop.locator(".term-pop-def").inner_text() == INSIDE_STRAIGHT
        link = pop.get_by_role("link", name="Glossary: inside straight →")
        assert link.get_attribute("href") == f"{SITE_URL}glossary/#inside-straight"
        box = pop.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert page.evaluate("document.documentElement.scrollWidth") == 390
        link.tap()
        page.wait_for_url(f"{SITE_URL}glossary/#inside-straight")


def test_a_second_tap_on_the_term_goes_to_its_entry(browser, server):
    with page_at(browser, server, "phone", has_touch=True, is_mobile=True) as goto:
        page = goto("/foster/betting/")
        term = page.locator('a.term[href$="#inside-straight"]').first
        term.scroll_into_view_if_needed()
        term.tap()
        page.locator(".term-pop").wait_for(state="visible")
        term.tap()
        page.wait_for_url(f"{SITE_URL}glossary/#inside-straight")


def test_a_tap_on_a_law_link_on_a_phone_shows_the_laws_words_with_a_link_to_the_law(browser, server):
    with page_at(browser, server, "phone", has_touch=True, is_mobile=True) as goto:
        page = goto("/foster/disputed-rules/")
        law = page.locator('p.discusses a[href$="#law-8"]').first
        law.scroll_into_view_if_needed()
        law.tap()
        pop = page.locator(".term-pop")
        pop.wait_for(state="visible")
        assert pop.locator(".term-pop-def").inner_text() == LAW_8
        link = pop.get_by_role("link", name="Read Law 8 →")
        assert link.get_attribute("href") == f"{SITE_URL}foster/laws/#law-8"
        link.tap()
        page.wait_for_url(f"{SITE_URL}foster/laws/#law-8")
