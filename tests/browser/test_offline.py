"""The whole site offline (issue 26): the zip of the build, unpacked, opens from the file system in
Chromium, and a reader moves through it and searches it there, with no request leaving the files."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from tests.helpers import VERSION


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


@pytest.mark.xfail(strict=True, reason="known fault, open: from file: the search worker, started through the "
                   "iframe-worker shim, loads and receives the index but returns no result (issue 26's "
                   "closing note); strict, so that this test fails once search works again and the mark goes")
def test_the_offline_site_is_searched_from_the_file_system(browser, built_site, tmp_path):
    root, context, page, outside, errors = _open(browser, built_site, tmp_path)
    page.goto((root / "laws" / "19" / "index.html").as_uri())
    page.locator(".md-search__input").click()  # at a desk's width the box itself (a phone has a button)
    page.locator(".md-search__input").fill("bobtail")
    page.wait_for_selector(".md-search-result__item", timeout=15000)
    link = page.locator(".md-search-result__link").first
    assert "/index.html" in link.get_attribute("href")
    with page.expect_navigation():
        link.click()
    assert page.url.startswith(root.as_uri()) and "bobtail" in page.content().lower()
    assert (outside, errors) == ([], [])
    context.close()
