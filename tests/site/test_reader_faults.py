"""The small reader faults of issue 25 (item 6), in the built site: a citable link for each
definition of Technical Terms, a hint that a paragraph's number cites it, a helpful page for a
wrong address, a licence page linked from every footer, the licence named once."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_each_definition_of_technical_terms_has_a_link_to_its_own_address(built_site):
    html = (built_site / "foster" / "technical-terms" / "index.html").read_text(encoding="utf-8")
    anchors = re.findall(r'<span class="def-anchor" id="def-([a-z0-9-]+)"></span><a class="def-link" '
                         r'href="#def-\1" aria-label="Link to the definition of [^"]+" data-term="[^"]+" '
                         r'data-slug="def-\1" data-search-exclude>#</a>', html)
    assert len(anchors) == html.count('class="def-anchor"') > 100
    assert "age" in anchors and "widow" in anchors
    assert ('<p class="para-hint" data-search-exclude>The # in the margin beside each term is its definition’s '
            "address: follow it to link to or cite the definition.</p>") in html


def test_a_reading_page_says_that_a_paragraphs_number_cites_it(built_site):
    html = (built_site / "foster" / "betting" / "index.html").read_text(encoding="utf-8")
    assert ('<p class="para-hint" data-search-exclude>Each paragraph’s number, in the margin, is its address: '
            "follow it to cite the paragraph.</p>") in html


def test_a_wrong_address_offers_search_the_laws_and_the_home_page(built_site):
    html = (built_site / "404.html").read_text(encoding="utf-8")
    assert "<h1>No page at this address</h1>" in html
    assert '<label class="md-button" for="__search">Search the edition</label>' in html
    assert re.search(r'<a href="/laws/">Foster’s Laws of Poker</a>', html)
    assert re.search(r'<a href="/">The home page</a>', html)
    assert '<a href="/what-happened/">What happened?</a>' in html
    assert '<a href="/situations/">every question</a>' in html
    assert "404 - Not found" not in html


def test_every_footer_links_the_licence_page_which_names_the_configured_licence(built_site):
    pages = [p for p in built_site.rglob("*.html") if 'http-equiv="refresh"' not in p.read_text(encoding="utf-8")]
    missing = [str(p.relative_to(built_site)) for p in pages
               if "the edition’s own matter CC BY 4.0</a>" not in p.read_text(encoding="utf-8")]
    assert missing == []
    html = (built_site / "edition" / "licence" / "index.html").read_text(encoding="utf-8")
    assert "are in the public domain" in html
    assert ("<strong>Creative Commons Attribution 4.0 International</strong> (CC BY 4.0): "
            '<a href="https://creativecommons.org/licenses/by/4.0/">') in html


def test_the_licence_is_named_once_in_the_configuration():
    named = [p for p in (ROOT / "content").rglob("*.yml") if "CC BY" in p.read_text(encoding="utf-8")]
    named += [p for p in (ROOT / "site_src").rglob("*.md") if "CC BY" in p.read_text(encoding="utf-8")]
    named += [p for p in (ROOT / "templates").rglob("*.*") if "CC BY" in p.read_text(encoding="utf-8")]
    assert [str(p.relative_to(ROOT)) for p in named] == ["content/edition.yml"]
