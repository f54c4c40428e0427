"""Foster's Laws on the built site: 77 laws, one anchor each, short URLs, cross-references."""
from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.site


@pytest.fixture(scope="module")
def laws_html(built_site):
    return (built_site / "foster" / "laws" / "index.html").read_text(encoding="utf-8")


def test_each_of_laws_1_to_77_has_exactly_one_anchor_in_order(laws_html):
    anchors = re.findall(r'id="law-(\d+)"', laws_html)
    assert anchors == [str(n) for n in range(1, 78)]


def test_each_law_has_a_working_short_url(built_site):
    for n in range(1, 78):
        page = (built_site / "laws" / str(n) / "index.html").read_text(encoding="utf-8")
        assert f'url=../../foster/laws/#law-{n}"' in page
        assert f"Law {n}." in page


def test_every_see_law_reference_in_the_texts_links_to_that_law(real_edition):
    from edition.markup import LAW_REF
    from edition.syntax import MARKUP
    ed = real_edition
    refs = 0
    for page in ed.pages:
        md = page.rendered.markdown
        for line in page.text.body_lines:
            if line.startswith("#"):
                continue
            for m in LAW_REF.finditer(MARKUP.sub("", line)):  # editorial notes are not linked
                for n in re.findall(r"\d+", m[3]):
                    assert re.search(rf"\[{n}\]\([^)]*#law-{n}\)", md), (page.text.path, m[0])
                    refs += 1
    assert refs >= 2  # Laws 71 and 74 cite each other; the Disputed Rules add more


def test_laws_71_and_74_cite_each_other(laws_html):
    meta_71 = laws_html.split('id="law-71"', 1)[1].split('id="law-72"', 1)[0]
    assert 'href="#law-74"' in meta_71
    assert "Cited by:" in meta_71 and 'href="#law-74">Law 74</a>' in meta_71


def test_the_laws_page_has_a_citation_for_every_law(laws_html):
    assert len(re.findall(r'<p class="citation">R\. F\. Foster, Practical Poker \(1905\), Law \d+\.', laws_html)) == 77


def test_the_short_address_shows_the_law_as_its_page_does(built_site, real_edition, laws_html):
    """The Law model's HTML (edition.laws) is what the law's own page prints, number unlinked."""
    for n, law in real_edition.laws.items():
        on_page = laws_html.split(f'id="law-{n}"', 1)[1].split('<p class="law">', 1)[1].split("</p>", 1)[0]
        assert on_page.replace(f'<a class="law-number" href="#law-{n}" title="Law {n}: link to this law">{n}.</a>',
                               f"{n}.", 1) == law.html(), n
        short = (built_site / "laws" / str(n) / "index.html").read_text(encoding="utf-8")
        assert f"<blockquote>{law.html(base='../../foster/laws/')}</blockquote>" in short


def test_the_laws_index_lists_all_77_laws_by_forsters_sections(built_site):
    html = (built_site / "laws" / "index.html").read_text(encoding="utf-8")
    listed = re.findall(r'<li><a href="(\d+)/"><strong>Law (\d+)</strong></a> — ([^<]+)</li>', html)
    assert [int(n) for _, n, _ in listed] == list(range(1, 78))
    assert all(href == n for href, n, _ in listed)
    assert ("19", "19", "If any card is faced in dealing it to a player, the player must…") in listed
    sections = re.findall(r'<h2 id="[^"]*">(.*?)<a class="headerlink"', html)
    assert sections[:4] == ["Formation of Table", "Limits", "Dealing", "Misdealing"] and len(sections) == 21
    assert "“Blind” and “Straddle”" in sections
    numbers = re.search(r'<nav class="law-numbers"[^>]*>(.*?)</nav>', html, re.S)[1]
    assert re.findall(r'<a href="(\d+)/"', numbers) == [str(n) for n in range(1, 78)]


def test_the_navigation_has_a_top_level_laws_entry(built_site):
    html = (built_site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="laws/" class="md-nav__link">\s*<span class="md-ellipsis">\s*Laws\s*</span>', html)
