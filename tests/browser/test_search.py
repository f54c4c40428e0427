"""Search finds the reading text: each reader's query leads first to the right place (issue 14).

Material's search lists results page by page: a page's own entry, then its sections. The first
section listed is where the reader lands; the verbatim witnesses, the figures, the concordance and
the apparatus under each text are not in the index (the site test counts what is).
"""
from __future__ import annotations

import pytest

from tests.browser.test_reader import search

pytestmark = [pytest.mark.browser, pytest.mark.site]


def first_place(hrefs: list[str]) -> str:
    """The first result that names a place (page#anchor), without the host and the highlight query."""
    place = next(h for h in hrefs if "#" in h)
    path, anchor = place.split("#")
    return path.split("//", 1)[-1].split("/", 1)[1].split("?")[0] + "#" + anchor


@pytest.mark.parametrize("query, place", [
    ("law 19", "foster/laws/#law-19"),
    ("bobtail", "glossary/#bobtail"),
    ("kitty", "foster/jack-pots/#the-kitty"),
    ("straddle", "foster/laws/#law-28"),
])
def test_a_readers_query_finds_the_right_place_first(visit, query, place):
    assert first_place(search(visit.goto("/"), query)) == place


def test_a_word_deep_in_a_long_section_is_found_though_the_index_keeps_only_its_opening_to_show(visit):
    page = visit.goto("/")
    assert first_place(search(page, "supper")) == "foster/jack-pots/#the-kitty"  # its 560th character or so
    section = page.locator('.md-search-result__link[href*="#the-kitty"]').first.inner_text()
    assert section.startswith("THE KITTY\n") and "It is a common practice" in section and "supper" not in section


def test_misdeal_finds_the_laws_of_misdealing_first(visit):
    place = first_place(search(visit.goto("/"), "misdeal"))
    assert place in {f"foster/laws/#law-{n}" for n in range(15, 20)} | {"foster/laws/#misdealing"}


def test_no_search_result_leads_to_a_witness_or_the_figures(visit):
    page = visit.goto("/")
    for query in ("kitty", "misdeal", "blaze"):
        hrefs = search(page, query)
        assert [h for h in hrefs if "/witnesses/" in h or "/figures/" in h or "/concordance/" in h] == []
