"""Search finds the place that answers: law numbers, glossary terms and phrases first (issue 24,
item 5), a word in any of its forms (the index and the question are stemmed alike), the laws at
their own pages, and a reader's modern word through the thesaurus; each glossary entry and each
situation a result of its own (issue 32).

Results are read as bench/search.py reads them: the links a reader sees, in order (a page's own
entry, then its best sections; those folded under "N more on this page" left out). Where Material
sets a page's own entry over its best section, the reader lands on the section: ``first_place``.
"""
from __future__ import annotations

import pytest

from bench.search import search

pytestmark = [pytest.mark.browser, pytest.mark.site]


def first_place(results: list[str]) -> str:
    """The first result, or, where it is a page's own entry with one of its sections under it, that section."""
    first = results[0]
    if "#" not in first and len(results) > 1 and results[1].startswith(first + "#"):
        return results[1]
    return first


@pytest.mark.parametrize("query, place", [
    ("law 19", "laws/19/"),
    ("19", "laws/19/"),
    ("law 4", "laws/4/"),  # "4" is also "four", and a pair of words, "law 4", finds its title
])
def test_a_law_number_finds_its_law_first(visit, query, place):
    assert first_place(search(visit.goto("/"), query)) == place


@pytest.mark.parametrize("query, entry, also", [
    ("straddle", "glossary/#straddle", "laws/28/"),
    ("bobtail", "glossary/#bobtail", None),
    ("kitty", "glossary/#kitty", "foster/jack-pots/#the-kitty"),
    ("freeze out", "glossary/#freeze-out", None),
    ("table stakes", "glossary/#table-stakes", None),
    ("jack pot", "glossary/#jack-pots", None),
])
def test_a_term_or_a_phrase_finds_its_glossary_entry_first_as_a_result_of_its_own(visit, query, entry, also):
    results = search(visit.goto("/"), query)
    assert results[0] == entry and "glossary/" not in results  # not under the glossary's landing entry
    assert also is None or also in results[:3]


def test_a_word_deep_in_a_long_section_is_found_though_the_index_keeps_only_its_opening_to_show(visit):
    page = visit.goto("/")
    assert first_place(search(page, "supper")) == "foster/jack-pots/#the-kitty"  # its 560th character or so
    section = page.locator('.md-search-result__link[href*="#the-kitty"]').first.inner_text()
    assert section.startswith("THE KITTY\n") and "It is a common practice" in section and "supper" not in section


def test_a_plural_finds_the_laws_that_print_the_singular(visit):
    # "misdeals" stands in Law 60 only; the laws of misdealing print "misdeal", as does the glossary's entry.
    assert search(visit.goto("/"), "misdeals")[:4] == ["glossary/#misdeal", "laws/18/", "laws/16/", "laws/15/"]


def test_a_word_no_result_holds_is_named_as_the_reader_wrote_it_not_by_its_stem(visit):
    page = visit.goto("/")
    search(page, "misdeal people")
    missing = page.locator(".md-search-result__terms").first.inner_text()
    assert missing == "Missing: people"  # the index's stem is "peopl"


def test_a_modern_word_finds_the_law_in_the_periods_words(visit):
    # Law 19 says "faced", Law 43 "turned over or exposed": the thesaurus (content/synonyms.yml) has "flip".
    assert set(search(visit.goto("/"), "flipped card")[:3]) & {"laws/19/", "laws/43/"}


def test_no_search_result_leads_to_a_witness_or_the_figures(visit):
    page = visit.goto("/")
    for query in ("kitty", "misdeal", "blaze"):
        results = search(page, query)
        assert [r for r in results if r.startswith(("witnesses/", "figures/", "concordance/"))] == []
