"""Find a rule, cite it, share it (issue 13), in Debian's Chromium at a desk (1280x900) and on a
phone (390x844): the front door to Law 19, the laws' index and a law's own page."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.helpers import VERSION, VERSION_DATE

pytestmark = [pytest.mark.browser, pytest.mark.site]

LAW_19 = "If any card is faced in dealing it to a player, the player must accept the faced card"


def press(page, locator) -> None:
    """A tap on a phone, a click at a desk."""
    locator.tap() if page.size == "phone" else locator.click()


def on_screen(page, locator) -> bool:
    box = locator.bounding_box()
    return bool(box) and box["y"] >= 0 and box["y"] + 20 <= page.viewport_size["height"]


@pytest.mark.smoke
def test_from_the_home_page_law_19_is_on_screen_within_two_clicks_or_taps(reader):
    page = reader("/")
    press(page, page.locator(".md-content").get_by_role("link", name="Read the laws"))
    page.wait_for_url("**/laws/")
    press(page, page.locator("nav.law-numbers").get_by_role("link", name="19", exact=True))
    page.wait_for_url("**/laws/19/")
    law = page.locator("p.law-alone")
    assert LAW_19 in law.inner_text()
    expect(law).to_be_in_viewport()  # waits while the new page settles (it failed once under load without)
    assert on_screen(page, law)


def test_the_go_to_law_field_opens_the_law(reader):
    page = reader("/laws/")
    field = page.get_by_label("Go to law")
    assert field.is_visible()  # shown by the script (the list of numbers serves without it)
    field.fill("19")
    field.press("Enter")
    page.wait_for_url("**/laws/19/")


def test_the_laws_index_lists_77_laws(reader):
    page = reader("/laws/")
    assert page.locator(".md-content li a strong").all_inner_texts() == [f"Law {n}" for n in range(1, 78)]


def test_law_19s_page_shows_the_law_its_neighbours_and_its_commentary(reader):
    page = reader("/laws/19/")
    assert page.locator("h1").first.evaluate("h => h.firstChild.textContent.trim()") == "Law 19 — Misdealing"
    assert page.locator("p.law-alone").inner_text().startswith("19. " + LAW_19)
    assert page.locator("a.law-prev").inner_text().startswith("← Law 18")
    assert page.locator("a.law-next").inner_text().startswith("Law 20")
    assert page.locator(".commentary-quote").first.inner_text().startswith(
        "The objection to compelling a player to take a card faced in the draw")
    press(page, page.locator("a.law-next"))
    page.wait_for_url("**/laws/20/")


@pytest.mark.parametrize("fmt", ["plain", "chicago", "mla", "bibtex", "csl-json", "ris"])
def test_the_copied_citation_in_each_format_holds_the_sites_address_and_version(visit, fmt):
    page = visit.goto("/laws/19/")
    page.locator("details.cite > summary").click()
    page.locator("select.cite-choose").select_option(fmt)
    page.locator("button.cite-copy").click()
    page.wait_for_function("document.querySelector('button.cite-copy').textContent === 'Copied'")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert f"{visit.base}laws/19/" in copied
    assert re.search(rf'version(?: = \{{|": "| ){re.escape(VERSION)}', copied, re.I), copied
    assert "Law 19" in copied and "Foster" in copied


def test_without_script_every_format_is_in_the_cite_box(built_site):
    html = (built_site / "laws" / "19" / "index.html").read_text(encoding="utf-8")
    box = html.split('<details class="cite">', 1)[1].split('<p class="cite-version">', 1)[0]
    assert [f for f in ("chicago", "mla", "bibtex", "csl-json", "ris") if f'data-format="{f}"' in box] == [
        "chicago", "mla", "bibtex", "csl-json", "ris"]
    assert "Foster, R. F. “Law 19 — Misdealing.” In Practical Poker. 1905. In Draw Poker: The Laws and the " \
        f"Literature, edited by The Draw Poker Edition editors, version {VERSION}." in box


def test_the_format_chosen_is_the_one_the_box_shows(reader):
    page = reader("/laws/19/")
    press(page, page.locator("details.cite > summary"))
    choose = page.locator("select.cite-choose")
    expect(choose).to_be_visible()
    choose.select_option("bibtex")
    shown = page.locator("pre.cite-chosen")
    expect(shown).to_be_visible()
    assert shown.inner_text().startswith("@incollection{foster1905:law19,")
    assert not page.locator("details.cite p.citation").is_visible()
    choose.select_option("plain")
    expect(page.locator("details.cite p.citation")).to_be_visible()
    assert not shown.is_visible()


def test_a_paragraphs_cite_panel_is_readable_on_a_phone_and_shows_the_format_chosen(reader):
    page = reader("/hoyle/poker/")
    if page.size != "phone":
        pytest.skip("the phone's sizes")
    assert page.locator("p.para-hint").is_visible()
    press(page, page.locator("a.para-n", has_text="3").first)
    panel = page.locator(".para-cite")
    expect(panel).to_be_visible()
    sizes = panel.evaluate("""p => [...p.querySelectorAll('p.citation, pre.cite-text, p.para-cite-head')]
                               .map(e => parseFloat(getComputedStyle(e).fontSize))""")
    assert min(sizes) >= 12, sizes
    panel.locator("select.cite-choose").select_option("ris")
    assert panel.locator("pre.cite-chosen").inner_text().startswith("TY  - CHAP\nTI  - Poker, ¶3")
    press(page, page.locator("a.para-n", has_text="5").first)  # another paragraph: the format stays, its number follows
    assert panel.locator("pre.cite-chosen").inner_text().startswith("TY  - CHAP\nTI  - Poker, ¶5")


def test_every_law_prints_on_one_a4_sheet_with_its_plain_citation_only(visit):
    page = visit.goto("/laws/19/")
    sheets = {}
    for n in range(1, 78):
        page.goto(f"{visit.base}laws/{n}/", wait_until="networkidle")
        pdf = page.pdf(format="A4")
        sheets[n] = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert {n: count for n, count in sheets.items() if count != 1} == {}
    page.emulate_media(media="print")
    assert page.locator("details.cite p.citation").is_visible()
    hidden = page.evaluate("""[...document.querySelectorAll('.cite-formats, .law-more, nav.law-pager, p.cite-download')]
                              .map(e => getComputedStyle(e).display)""")
    assert set(hidden) == {"none"}
    assert "Accessed" not in page.locator("article").inner_text()


def test_a_glossary_entry_is_cited_from_its_cite_this_entry(reader):
    from tests.helpers import SITE_URL
    page = reader("/glossary/")
    link = page.locator('a.entry-cite-link[data-slug="ante"]')
    link.scroll_into_view_if_needed()
    press(page, link)
    panel = page.locator(".entry-cite")
    panel.wait_for(state="visible")
    assert page.url == f"{SITE_URL}glossary/#ante"
    assert panel.locator("p.citation").inner_text().startswith(
        "Glossary, s.v. Ante. In: Draw Poker: The Laws and the Literature, edited by The Draw Poker Edition editors")
    assert panel.locator("a.para-cite-address").get_attribute("href") == f"{SITE_URL}glossary/#ante"
    bibtex = panel.locator('pre.cite-text[data-format="bibtex"]').text_content()
    assert bibtex.startswith(f"@incollection{{edition{VERSION_DATE[:4]}:glossary:ante,\n"
                             "  author = {{The Draw Poker Edition editors}},\n  title = {Glossary: Ante},")
    assert re.search(r"\n  urldate = \{\d{4}-\d\d-\d\d\},\n", bibtex) and "ENTRYTOKEN" not in bibtex


def test_a_definition_of_fosters_technical_terms_is_cited_from_its_number_in_the_margin(reader):
    from tests.helpers import SITE_URL
    page = reader("/foster/technical-terms/")
    press(page, page.locator('a.def-link[data-slug="def-age"]'))
    panel = page.locator(".entry-cite")
    panel.wait_for(state="visible")
    assert panel.evaluate("e => e.parentElement.tagName") == "DD"
    assert panel.locator("p.citation").inner_text().startswith(
        "R. F. Foster, Practical Poker (1905), Technical Terms, s.v. Age. In: Draw Poker")
    ris = panel.locator('pre.cite-text[data-format="ris"]').text_content()
    assert "\nTI  - Technical Terms: Age, in Practical Poker\n" in ris
    assert f"\nUR  - {SITE_URL}foster/technical-terms/#def-age\n" in ris
