"""The site's own search worker over the built index, run in Node (bench/search_fast.py's harness,
whose first three links agree with Chromium's: tests/browser/test_search.py holds a sample): every
situation at the table is found by its own question among the first three results."""
from __future__ import annotations

import pytest

from bench.search import situation_slug
from bench.search_fast import results

pytestmark = [pytest.mark.site, pytest.mark.slow]


def test_every_situation_is_found_among_the_first_three_by_its_own_question(built_site, real_edition):
    situations = list(real_edition.situations)
    found = results(built_site, [s.question for s in situations])
    missed = [(s.slug, [situation_slug(a) or a for a in links[:3]])
              for s, links in zip(situations, found, strict=True) if s.slug not in map(situation_slug, links[:3])]
    assert len(situations) >= 100 and missed == []


def test_the_harness_reads_the_results_as_the_page_shows_them(built_site):
    # A law's page is a result of its own; a section comes under its page's own entry; a glossary
    # entry is a result of its own, without the glossary's landing entry over it.
    law, section, term = results(built_site, ["law 19", "supper", "bobtail"])
    assert law[0] == "laws/19/"
    assert section[:2] == ["foster/jack-pots/", "foster/jack-pots/#the-kitty"]
    assert term[0] == "glossary/#bobtail" and "glossary/" not in term
