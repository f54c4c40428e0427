"""Nothing hidden, on a desk and on a phone: the marks, the laws' headings, the focus order.

Each test opens the built site in Debian's Chromium at the sizes a reader uses (1280x900, 390x844).
"""
from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.site]

DESK, PHONE = {"width": 1280, "height": 900}, {"width": 390, "height": 844}
SIZES = {"desk": DESK, "phone": PHONE}


@pytest.fixture(params=list(SIZES))
def sized(request, browser, server):
    """A page at each size; every request stays on 127.0.0.1 and no script fails."""
    context = browser.new_context(viewport=SIZES[request.param], base_url=server)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def goto(path: str):
        page.goto(server + path.lstrip("/"), wait_until="networkidle")
        return page
    yield goto
    context.close()
    assert errors == []


# Every element the Tab key can reach in the text, with its size: an element that takes the focus
# but shows nothing (a link in a visually hidden heading) is an invisible stop.
FOCUS_STOPS = """() => [...document.querySelectorAll(
    '.md-content a[href], .md-content button, .md-content summary, .md-content [tabindex]')]
  .filter(el => el.tabIndex >= 0 && getComputedStyle(el).visibility !== 'hidden'
                && el.getClientRects().length > 0 && !el.closest('details:not([open]) > :not(summary)'))
  .map(el => { let box = el.getBoundingClientRect(), w = box.width, h = box.height;
               for (let up = el.parentElement; up; up = up.parentElement) {  // clipped by a tiny box?
                 const r = up.getBoundingClientRect();
                 if (getComputedStyle(up).overflow !== 'visible') {
                   w = Math.min(w, r.width); h = Math.min(h, r.height);
                 }
               }
               return {text: el.textContent.trim().slice(0, 30), w: w, h: h}; })"""


def test_the_laws_chapter_has_no_invisible_focus_stop(sized):
    page = sized("/foster/laws/")
    stops = page.evaluate(FOCUS_STOPS)
    assert len(stops) > 77 * 2  # each law's number and its Cite at least
    invisible = [s for s in stops if s["w"] < 2 or s["h"] < 2]
    assert invisible == []


def test_the_laws_headings_are_read_by_screen_readers_but_kept_out_of_the_contents(sized):
    page = sized("/foster/laws/")
    assert page.locator(".law-head").count() == 77
    assert page.locator("h3#law-19").inner_text() == "Law 19 — MISDEALING"
    assert page.locator("h4#law-60").count() == 1  # under "### MAKING JACK-POTS"
    assert page.locator('.md-nav--secondary a[href$="#law-19"]').count() == 0
    assert page.locator('.md-nav--secondary a[href$="#misdealing"]').count() >= 1
