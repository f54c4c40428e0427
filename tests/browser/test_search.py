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

from bench.search import WATCH_WORKER, search, situation_slug
from bench.search_fast import results

pytestmark = [pytest.mark.browser, pytest.mark.site]


@pytest.fixture
def home(visit):
    """The home page, its search worker's questions and answers counted (bench.search.WATCH_WORKER): the
    results are read once the last question typed is answered, as bench/search.py reads them."""
    visit.page.add_init_script(WATCH_WORKER)
    return visit.goto("/")


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
def test_a_law_number_finds_its_law_first(home, query, place):
    assert first_place(search(home, query)) == place


@pytest.mark.parametrize("query, entry, also", [
    ("straddle", "glossary/#straddle", "situations/#the-straddle"),
    ("bobtail", "glossary/#bobtail", None),
    ("kitty", "glossary/#kitty", "foster/jack-pots/#the-kitty"),
    ("freeze out", "glossary/#freeze-out", None),
    ("table stakes", "glossary/#table-stakes", None),
    ("jack pot", "glossary/#jack-pots", None),
])
def test_a_term_or_a_phrase_finds_its_glossary_entry_first_as_a_result_of_its_own(home, query, entry, also):
    results = search(home, query)
    assert results[0] == entry and "glossary/" not in results  # not under the glossary's landing entry
    assert also is None or also in results[:3] or situation_slug(also) in map(situation_slug, results[:3])


def test_a_word_deep_in_a_long_section_is_found_though_the_index_keeps_only_its_opening_to_show(home):
    page = home
    assert first_place(search(page, "supper")) == "foster/jack-pots/#the-kitty"  # its 560th character or so
    section = page.locator('.md-search-result__link[href*="#the-kitty"]').first.inner_text()
    assert section.startswith("THE KITTY\n") and "It is a common practice" in section and "supper" not in section


def test_a_plural_finds_the_laws_that_print_the_singular(home):
    # "misdeals" stands in Law 60 only; the laws of misdealing print "misdeal", as do the glossary's
    # entry (which the question names) and the situation's question ("What is a misdeal?").
    results = search(home, "misdeals")
    assert results[0] == "glossary/#misdeal" and "misdeal" in map(situation_slug, results[1:3])
    assert {"laws/15/", "laws/16/", "laws/18/"} <= set(results[:8])


def test_a_word_no_result_holds_is_named_as_the_reader_wrote_it_not_by_its_stem(home):
    page = home
    search(page, "misdeal people")
    missing = page.locator(".md-search-result__terms").first.inner_text()
    assert missing == "Missing: people"  # the index's stem is "peopl"


def test_a_modern_word_finds_the_law_in_the_periods_words(home, real_edition):
    # Law 19 says "faced", Law 43 "turned over or exposed": the thesaurus (content/synonyms.yml) has
    # "flip", and so do players' phrasings of the situations these laws answer.
    first_law = {s.slug: s.laws[0] for s in real_edition.situations if s.laws}
    answered = {first_law.get(situation_slug(a)) or a for a in search(home, "flipped card")[:3]}
    assert answered & {19, 43, "laws/19/", "laws/43/"}


def test_no_search_result_leads_to_a_witness_or_the_figures(home):
    page = home
    for query in ("kitty", "misdeal", "blaze"):
        results = search(page, query)
        assert [r for r in results if r.startswith(("witnesses/", "figures/", "concordance/"))] == []


def test_a_situation_is_found_first_by_its_question_and_by_a_players_words_and_names_its_law(home, real_edition):
    situation = next(s for s in real_edition.situations if s.slug == "card-exposed-in-the-deal")
    page = home
    for words in (situation.question, situation.asked[0]):
        first = search(page, words)[0]
        assert situation_slug(first) == situation.slug, words
    result = page.locator(".md-search-result__link").first
    assert result.locator("h1").inner_text() == situation.question + " — Law 19"
    assert result.locator("article > p").first.inner_text().startswith("the player must accept the faced card")


def test_a_glossary_entry_is_a_result_of_its_own_with_its_definition(home):
    page = home
    assert search(page, "bobtail")[0] == "glossary/#bobtail"
    result = page.locator(".md-search-result__item").first
    assert result.locator(".md-search-result__link").count() == 1  # no landing entry "Glossary" over it
    assert "R. F. Foster, Technical Terms (Bobtail.): “Four cards of a straight or flush" in \
        result.locator(".ed-search-text").inner_text()


def test_a_number_is_the_same_written_out_or_as_a_figure_and_four_cards_are_not_fours(home):
    page = home
    assert search(page, "6 cards") == search(page, "six cards")
    assert "glossary/#fours" not in search(page, "four cards")[:3]  # Fours, a hand, is a word of its own
    assert search(page, "fours")[0] == "glossary/#fours"
    assert "laws/4/" not in search(page, "4 cards")[:3]  # "4" is four, not only a law's number


def test_a_negation_is_kept_and_every_way_of_saying_it_is_the_same(home):
    page = home
    assert search(page, "didn't draw") == search(page, "did not draw") == search(page, "without drawing")
    assert search(page, "no openers") != search(page, "openers")
    # Law 35: "If any player raises the ante, and no other will meet the raise, ..."
    assert "laws/35/" in search(page, "nobody will meet the raise")[:3]


def test_the_fast_harness_reads_the_same_first_three_links_as_chromium(home, built_site):
    # bench/search_fast.py runs the site's worker in Node for tuning; bench/search.py (Chromium) is the reference.
    queries = ["law 19", "kitty", "he has six cards", "nobody will meet the raise", "a card exposed in the cut",
               "what if the pack is imperfect"]
    page = home
    for query, links in zip(queries, results(built_site, queries), strict=True):
        assert search(page, query)[:3] == links[:3], query
