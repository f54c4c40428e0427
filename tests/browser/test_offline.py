"""The whole site offline (issue 26): the zip of the build, unpacked, opens from the file system in
Chromium, and a reader moves through it and searches it there, with no request leaving the files."""
from __future__ import annotations

import zipfile
from pathlib import Path

from tests.helpers import DAY, SITE_URL, VERSION


def _open(browser, built_site, tmp_path):
    with zipfile.ZipFile(built_site / "downloads" / f"site-{VERSION}.zip") as z:
        z.extractall(tmp_path)
    root = Path(tmp_path / f"draw-poker-{VERSION}")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    outside, errors = [], []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(("file:", "data:", "about:"))
            else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return root, context, page, outside, errors


def test_the_offline_site_opens_from_the_file_system_and_its_navigation_and_go_to_law_work(browser, built_site,
                                                                                         tmp_path):
    root, context, page, outside, errors = _open(browser, built_site, tmp_path)
    page.goto((root / "index.html").as_uri())
    assert page.title() == "Draw Poker — The Laws and the Literature"
    # Navigation: the menu's link to the laws opens the page, not a folder.
    page.locator("a.md-nav__link", has_text="Laws").first.click()
    page.wait_for_load_state()
    assert page.url == (root / "laws" / "index.html").as_uri()
    assert page.title().startswith("R. F. Foster's Laws of Poker")
    # The Go-to-law field (shown by edition.js, which runs only if Material's document$ emits).
    page.fill("form input[type=number]", "19")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url == (root / "laws" / "19" / "index.html").as_uri()
    assert (outside, errors) == ([], [])
    context.close()


def _search(page, words: str):
    """Search as a reader does: the box clicked and the words typed, key by key (Material reads the
    box on each key; a box filled without typing is never searched from file:)."""
    page.locator(".md-search__input").click()  # at a desk's width the box itself (a phone has a button)
    page.locator(".md-search__input").press_sequentially(words, delay=40)
    page.wait_for_selector(".md-search-result__item", timeout=15000)


def test_the_offline_site_is_searched_from_the_file_system_as_a_reader_types(browser, built_site, tmp_path):
    root, context, page, outside, errors = _open(browser, built_site, tmp_path)
    page.goto((root / "laws" / "19" / "index.html").as_uri())
    _search(page, "bobtail")
    link = page.locator(".md-search-result__link").first
    assert "/index.html" in link.get_attribute("href")
    with page.expect_navigation():
        link.click()
    assert page.url.startswith(root.as_uri()) and "bobtail" in page.content().lower()
    assert (outside, errors) == ([], [])
    context.close()


def test_an_offline_search_result_for_a_section_of_the_home_page_opens_the_home_page_there(browser, built_site,
                                                                                            tmp_path):
    """The home page's sections are indexed by their anchor alone ("#take-it-with-you"): offline, the
    result opens index.html at the section (it opened the anchor on the page the reader searched from)."""
    import json
    import re
    with zipfile.ZipFile(built_site / "downloads" / f"site-{VERSION}.zip") as z:
        index = json.loads(z.read(f"draw-poker-{VERSION}/search/search_index.json"))
    assert "index.html#take-it-with-you" in [d["location"] for d in index["docs"]]
    assert not any(d["location"].startswith("#") for d in index["docs"])
    root, context, page, outside, errors = _open(browser, built_site, tmp_path)
    page.goto((root / "laws" / "index.html").as_uri())
    _search(page, "unpack")
    links = [a.get_attribute("href") for a in page.locator(".md-search-result__link").all()]
    home = re.escape((root / "index.html").as_uri())
    found = [h for h in links if re.fullmatch(home + r"(\?h=[^#]*)?#take-it-with-you", h)]
    assert found, links
    page.goto(found[0])
    assert page.locator("#take-it-with-you").count() == 1
    assert (outside, errors) == ([], [])
    context.close()


def test_every_offline_page_says_what_the_copy_is_and_where_the_live_edition_is(browser, built_site, tmp_path):
    root, context, page, outside, errors = _open(browser, built_site, tmp_path)
    page.goto((root / "laws" / "19" / "index.html").as_uri())
    note = page.locator("aside.md-banner").inner_text()
    assert note == (f"This is the offline copy of Draw Poker: The Laws and the Literature, version {VERSION} of {DAY}, "
                    f"opened from your own files. The live edition, which may have a newer version, is at "
                    f"{SITE_URL}; this page there: {SITE_URL}laws/19/.")
    page.goto((root / "downloads" / "index.html").as_uri())
    text = page.locator("article").inner_text()
    assert "Not made in this copy" not in text and "make serve" not in text and "not made" not in text
    assert "The files are on the published edition" in text
    assert page.locator(f'a.download-name[href$="laws-{VERSION}.pdf"]').get_attribute("href") == \
        f"{SITE_URL}downloads/laws-{VERSION}.pdf"
    assert (outside, errors) == ([], [])
    context.close()


def test_the_house_rules_share_link_in_the_offline_copy_gives_the_published_address(browser, built_site, tmp_path):
    root, context, page, outside, errors = _open(browser, built_site, tmp_path)
    page.goto((root / "house-rules" / "index.html").as_uri())
    page.locator("#hr-form input[type=checkbox]").first.check()
    shared = page.locator("#hr-link").input_value()
    assert shared.startswith(f"{SITE_URL}house-rules/?") and "file:" not in shared
    assert page.locator("#hr-book-link").inner_text() == shared
    assert page.url.startswith((root / "house-rules" / "index.html").as_uri() + "?")  # the copy's own address
    assert (outside, errors) == ([], [])
    context.close()
