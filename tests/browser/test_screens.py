"""Nothing hidden, on a desk and on a phone: the marks, the laws' headings, the focus order.

Each test opens the built site in Debian's Chromium at the sizes a reader uses (1280x900, 390x844).
"""
from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE, SIZES, page_at

pytestmark = [pytest.mark.browser, pytest.mark.site]



@pytest.fixture(params=list(SIZES))
def sized(request, browser, server):
    """A page at each size; every request stays on 127.0.0.1 and no script fails."""
    with page_at(browser, server, request.param) as goto:
        yield goto


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


# --- the glossary's addresses land with the headword visible ------------------------------------

HEADWORD_SEEN = """id => { const h = document.getElementById(id), bar = document.querySelector('.az-bar');
  const r = h.getBoundingClientRect(), b = bar.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
  return {top: r.top, bottom: r.bottom, barBottom: b.bottom, height: innerHeight,
          onTop: !!hit && (hit === h || h.contains(hit))}; }"""


@pytest.mark.smoke
@pytest.mark.parametrize("slug", ["kitty", "bobtail", "straddle", "misdeal", "widow"])
def test_a_glossary_address_lands_with_its_headword_below_the_a_to_z_bar(sized, slug):
    page = sized(f"/glossary/#{slug}")
    # The bar's height measured, the address scrolled to again: polled from here for up to 15 s
    # (page.wait_for_function would evaluate a string in the page, which its CSP refuses while polling).
    for _ in range(75):
        seen = page.evaluate(HEADWORD_SEEN, slug)
        if seen["onTop"]:
            break
        page.wait_for_timeout(200)
    assert seen["onTop"], f"#{slug}: the headword is covered ({seen})"
    assert seen["barBottom"] <= seen["top"] < seen["bottom"] <= seen["height"]


# --- phones: nothing sideways, targets big enough --------------------------------------------------

PAGE_TYPES = {"home": "/", "Laws chapter": "/foster/laws/", "law page": "/laws/19/",
              "glossary": "/glossary/", "figures": "/figures/", "witness": "/witnesses/004/",
              "reading chapter": "/foster/drawing-to-improve/", "concordance": "/concordance/",
              "emendations by work": "/edition/apparatus/"}


@pytest.mark.parametrize("kind", [k if k == "Laws chapter" else pytest.param(k, marks=pytest.mark.slow)
                                  for k in PAGE_TYPES])
def test_no_page_is_wider_than_a_phone(browser, server, kind):
    context = browser.new_context(viewport=PHONE, base_url=server)
    page = context.new_page()
    page.goto(server + PAGE_TYPES[kind].lstrip("/"), wait_until="networkidle")
    for summary in page.locator("details.abstract > summary").all():  # the apparatus opened too
        summary.click()
    wide = page.evaluate("""() => [...document.querySelectorAll('.md-content *')]
        .filter(el => { const r = el.getBoundingClientRect();
                        return r.width > 0 && (r.right > innerWidth + 1 || r.left < -1)
                               && !el.closest('.md-typeset__scrollwrap, pre'); })
        .slice(0, 5).map(el => el.tagName + '.' + el.className + ': ' + el.textContent.slice(0, 40))""")
    width = page.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert (width, wide) == (390, [])


def test_on_a_phone_the_apparatus_is_a_stacked_list_each_cell_named(browser, server):
    context = browser.new_context(viewport=PHONE, base_url=server)
    page = context.new_page()
    page.goto(server + "foster/laws/", wait_until="networkidle")
    page.locator("details.abstract > summary").first.click()
    row = page.locator(".ed-emendations tbody tr").first
    cells = row.locator("td")
    assert cells.nth(3).evaluate("td => getComputedStyle(td, '::before').content") == '"Kind: "'
    assert row.evaluate("tr => getComputedStyle(tr).display") == "block"
    assert row.bounding_box()["height"] < 200 and row.bounding_box()["width"] <= 390
    context.close()


def test_cite_and_copy_are_touch_targets_of_24_px_inside_the_text(browser, server):
    context = browser.new_context(viewport=PHONE, base_url=server)
    page = context.new_page()
    page.goto(server + "foster/laws/#law-19", wait_until="networkidle")
    meta = page.locator("#law-19 ~ .law-meta").first
    summary = meta.locator("details.cite > summary")
    summary.click()
    text_left = page.locator("#law-19 + p.law").bounding_box()["x"]
    for target in (summary, meta.locator("button.cite-copy")):
        box = target.bounding_box()
        assert box["height"] >= 24 and box["x"] >= text_left
    context.close()


# --- the editorial marks: a key, and readable in both schemes -----------------------------------

def test_a_text_with_editorial_marks_has_a_key_under_its_title(sized):
    page = sized("/foster/laws/")
    key = page.locator("p.ed-key")
    assert key.count() == 1
    assert key.inner_text() == ("Marks: [words] supplied by the editors · […] lost in the source · "
                                "a editors’ note, below")
    # Under the title: the byline (who printed the work, when), then the key.
    assert page.evaluate("(() => { let e = document.querySelector('h1'); const out = [];"
                         " for (let i = 0; i < 2; i++) { e = e.nextElementSibling; out.push(e.className); }"
                         " return out; })()") == ["byline", "ed-key"]
    assert page.locator("p.law .ed-lacuna").first.get_attribute("title")  # each mark explains itself on hover


@pytest.mark.parametrize(("path", "mark"), [
    ("/foster/laws/", "p.law .ed-supplied"), ("/foster/laws/", "p.law .ed-lacuna"),
    ("/foster/chronology/", ".ed-sic[title]"), ("/foster/betting/", ".claim[title]")])
def test_tapping_a_mark_on_a_phone_shows_what_it_means(browser, server, path, mark):
    """A mark explains itself on hover (its title, Material's tooltip) and on a tap: a phone's tap
    brings the same tooltip, with the same words."""
    with page_at(browser, server, "phone", has_touch=True, is_mobile=True) as goto:
        page = goto(path)
        target = page.locator(mark).first
        meaning = target.get_attribute("title")
        assert meaning
        target.scroll_into_view_if_needed()
        target.tap()
        tip = page.locator(".md-tooltip2--active")
        tip.wait_for(timeout=5000)
        assert tip.inner_text().strip() == meaning.strip()
        assert tip.bounding_box()["x"] >= 0 and tip.bounding_box()["x"] + tip.bounding_box()["width"] <= 390


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_marks_have_a_contrast_of_at_least_4_5_to_1_in_both_schemes(browser, server, scheme):
    from tests.browser.test_accessibility import AXE
    context = browser.new_context(viewport=PHONE, color_scheme=scheme, base_url=server)
    page = context.new_page()
    page.goto(server + "foster/laws/", wait_until="networkidle")
    assert page.evaluate("document.body.dataset.mdColorScheme") == ("slate" if scheme == "dark" else "default")
    page.evaluate(AXE.read_text(encoding="utf-8"))  # not a <script>: the page's CSP would refuse it
    failing = page.evaluate("""async () => (await axe.run(
        {include: [['.ed-supplied'], ['.ed-lacuna'], ['.ed-key'], ['.claim']]},
        {runOnly: ['color-contrast']})).violations.flatMap(v => v.nodes.map(n => n.target.join(' ')))""")
    context.close()
    assert failing == []


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["Laws chapter", "glossary", "reading chapter", "witness", "figures"])
def test_axe_finds_nothing_serious_in_the_dark_scheme(browser, server, kind):
    from tests.browser.test_accessibility import AXE
    context = browser.new_context(viewport=PHONE, color_scheme="dark", base_url=server)
    page = context.new_page()
    page.goto(server + PAGE_TYPES[kind].lstrip("/"), wait_until="networkidle")
    page.evaluate(AXE.read_text(encoding="utf-8"))  # not a <script>: the page's CSP would refuse it
    found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
        .filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))""")
    context.close()
    assert found == []


# --- print -----------------------------------------------------------------------------------------

def test_print_keeps_the_note_letters_and_names_the_work_the_page_and_its_address(visit):
    page = visit.goto("/foster/laws/")
    page.emulate_media(media="print")
    letters = page.locator("sup.ed-note-ref")
    assert letters.count() >= 10
    assert all(letters.nth(i).is_visible() for i in range(letters.count()))
    head = page.locator(".ed-print-head")
    assert head.is_visible() and head.evaluate("h => getComputedStyle(h).position") == "fixed"
    assert head.inner_text() == ("Draw Poker — The Laws and the Literature · R. F. Foster, Practical Poker (1905) · "
                                 f"The Laws of Poker · {visit.base}foster/laws/")
    page.emulate_media(media="screen")
    assert not head.is_visible()


def test_the_glossarys_contents_list_its_letters_not_its_140_headwords(visit):
    page = visit.goto("/glossary/")
    toc = page.eval_on_selector_all(".md-sidebar--secondary .md-nav--secondary a", "els => els.map(a => a.hash)")
    letters = page.eval_on_selector_all(".az-bar a", "els => els.map(a => a.hash)")
    assert len(letters) == 21 and set(letters) <= set(toc) and len(toc) <= 22
    assert page.locator('.md-sidebar--secondary a[href$="#kitty"]').count() == 0


# --- speed: the search index only when searching --------------------------------------------------

def test_the_search_index_is_loaded_only_when_the_reader_turns_to_search(visit):
    asked: list[str] = []
    visit.page.on("request", lambda r: "search_index" in r.url and asked.append(r.url))
    page = visit.goto("/foster/laws/")
    page.wait_for_timeout(500)
    assert asked == []
    with page.expect_response(lambda r: r.url.endswith("/search/search_index.json")):
        page.click(".md-search__input")
    page.keyboard.type("kitty")
    page.wait_for_selector(".md-search-result__link", timeout=10000)
    assert len(asked) == 1
