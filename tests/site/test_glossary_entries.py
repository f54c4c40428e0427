"""Every glossary entry citable on its own (issue 35, item 2): each entry at its own permanent address
(glossary/<slug>/), titled by its headword, with its own preview words (the short definition, whose
it is, who else defines the term), the definitions quoted as the full glossary quotes them, its own
Cite box at that address, and links to the entry on the full glossary and back; each definition of a
list of technical terms that the glossary quotes links to that page; the pages are in the lock and
the sitemap, not in the navigation or the search index."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from lxml import html as lxml_html

from edition.framework.templating import render_page
from edition.model.anchors import read_lock
from tests.corpus_pins import GLOSSARY_ENTRIES, PRINTED_DEFINITIONS
from tests.helpers import SITE_URL

pytestmark = pytest.mark.site

ROOT = Path(__file__).resolve().parents[2]


def tree(site: Path, address: str):
    return lxml_html.fromstring((site / address / "index.html").read_text(encoding="utf-8"))


def meta(doc, prop: str) -> str:
    found = doc.xpath(f'//meta[@property="{prop}" or @name="{prop}"]/@content')
    return found[0] if found else ""


def article(doc):
    return doc.xpath('//article[contains(@class, "md-content__inner")]')[0]


def test_an_entrys_page_is_titled_by_its_headword_with_its_own_preview_and_address(built_site):
    doc = tree(built_site, "glossary/age")
    assert article(doc).xpath(".//h1")[0].text_content().removesuffix("¶") == "Age"
    assert doc.findtext(".//title").startswith("Age — Glossary - ")
    assert meta(doc, "og:title") == "Age — Glossary"
    assert meta(doc, "og:description") == (
        "Age: “The player next the dealer on his left.” — Foster (1905); also defined by Britannica (1911), "
        "Hoyle (Hoffmann) and Keller (1887).")
    assert meta(doc, "twitter:description") == meta(doc, "og:description") == meta(doc, "description")
    assert meta(doc, "og:url") == f"{SITE_URL}glossary/age/"


def test_an_entrys_page_says_under_its_title_what_it_is(built_site):
    def byline(slug: str) -> str:
        return article(tree(built_site, f"glossary/{slug}")).xpath('.//p[contains(@class, "byline")]')[0].text_content()
    assert byline("age") == ("An entry of the edition’s Glossary: each authority’s definition of the term, quoted "
                             "from its text.")
    assert byline("greek") == ("An entry of the edition’s Glossary: the term as Foster (1905) defines it, quoted "
                               "from the text.")


def test_a_preview_of_one_authority_names_it_and_a_cut_definition_ends_with_an_ellipsis(built_site):
    assert meta(tree(built_site, "glossary/greek"), "og:description") == "Greek: “A card-sharper.” — Foster (1905)."
    # Foster's first sentence ends at a semicolon, which the hover text drops
    assert meta(tree(built_site, "glossary/alternate-straight"), "og:description") == (
        "Alternate Straight: “Two, four, six, eight, ten…” — Foster (1905).")


def test_an_entrys_page_has_its_own_cite_box_at_its_own_address(built_site, real_edition):
    box = article(tree(built_site, "glossary/age")).xpath('.//details[@class="cite"]')
    assert len(box) == 1
    assert box[0].findtext("summary") == "Cite this entry"
    citation = box[0].xpath('./p[@class="citation"]')[0].text_content()
    assert citation.startswith("Glossary, s.v. Age. In: Draw Poker: The Laws and the Literature, edited by "
                               f"The Draw Poker Edition editors, version {real_edition.record.version} (")
    assert citation.endswith(f"<{SITE_URL}glossary/age/>, accessed [day month year].")
    bibtex = box[0].xpath('.//pre[@data-format="bibtex"]')[0].text_content()
    assert f"  url = {{{SITE_URL}glossary/age/}},\n" in bibtex


def test_every_entry_has_its_own_page_and_the_lock_holds_them(built_site, real_edition):
    assert len(real_edition.glossary) == GLOSSARY_ENTRIES
    lock = set(read_lock(ROOT / "content" / "anchors.lock"))
    for e in real_edition.glossary:
        doc = tree(built_site, f"glossary/{e.slug}")
        assert meta(doc, "og:url") == f"{SITE_URL}glossary/{e.slug}/", e.slug
        assert meta(doc, "og:title") == f"{e.headword} — Glossary".replace("'", "’"), e.slug
        assert f"glossary/{e.slug}/" in lock, e.slug
        assert f"glossary/#{e.slug}" in lock, e.slug


def test_an_entrys_page_quotes_the_definitions_as_the_glossary_does(built_site, real_edition):
    glossary = article(tree(built_site, "glossary"))
    for slug in ("age", "bobtail", "jack-pots"):
        heading = glossary.xpath(f'.//h3[@id="{slug}"]')[0]
        on_glossary = []
        for sibling in heading.itersiblings():
            if sibling.tag in ("h2", "h3"):
                break
            if sibling.tag == "blockquote":  # (the definitions, one paragraph each, in one quotation)
                on_glossary += [p.text_content().strip() for p in sibling.xpath("./p")]
        own = [p.text_content().strip() for p in article(tree(built_site, f"glossary/{slug}")).xpath("./blockquote/p")]
        entry = next(e for e in real_edition.glossary if e.slug == slug)
        assert own == on_glossary and len(own) == len(entry.definitions), slug


def test_the_glossary_links_each_entry_to_its_page_and_the_page_links_back(built_site, real_edition):
    glossary = article(tree(built_site, "glossary"))
    own = glossary.xpath('.//a[@class="entry-own-link"]')
    headings = glossary.xpath('.//h3[contains(@class, "gloss-term")]/@id')  # the entries, in the page's order
    assert [a.get("href") for a in own] == [f"{slug}/" for slug in headings]
    assert sorted(headings) == sorted(e.slug for e in real_edition.glossary)
    assert {a.text_content() for a in own} == {"Its own page"}
    back = article(tree(built_site, "glossary/age")).xpath('.//p[@class="entry-more"]/a')
    assert [(a.text_content(), a.get("href")) for a in back] == [
        ("This entry in the full glossary", "../#age"), ("The whole glossary, A–Z", "../")]
    see_also = article(tree(built_site, "glossary/age")).xpath('.//p[contains(@class, "gloss-see")]/a/@href')
    assert see_also == ["../edge/", "../blind/", "../straddle/"]


def test_each_definition_the_glossary_quotes_links_to_its_entrys_page(built_site, real_edition):
    quoted = {(d.page_uri, d.anchor): e.slug for e in real_edition.glossary for d in e.definitions if not d.place}
    for uri, count in PRINTED_DEFINITIONS.items():
        doc = tree(built_site, uri.removesuffix(".md"))
        terms = article(doc).xpath(".//dt[span[@class='def-anchor']]")
        assert len(terms) == count, uri
        for dt in terms:
            anchor = dt.xpath("./span[@class='def-anchor']/@id")[0]
            link = dt.xpath("./a[@class='def-entry']")
            slug = quoted[(uri, anchor)]
            assert [(a.text_content(), a.get("href")) for a in link] == [
                ("glossary entry", f"../../glossary/{slug}/")], (uri, anchor)
    # a printed headword merged into an entry of another name leads to that entry: Keller's Bluff
    keller = article(tree(built_site, "keller/technical-terms"))
    assert keller.xpath(".//dt[span[@id='def-bluff']]/a[@class='def-entry']/@href") == ["../../glossary/bluffing/"]


def test_the_entries_pages_are_in_the_sitemap_not_in_the_navigation_or_the_search(built_site, real_edition):
    sitemap = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    nav = tree(built_site, "glossary").xpath('//nav[contains(@class, "md-nav--primary")]//a/@href')
    docs = json.loads((built_site / "search" / "search_index.json").read_bytes())["docs"]
    for e in real_edition.glossary:
        assert f"<loc>{SITE_URL}glossary/{e.slug}/</loc>" in sitemap, e.slug
        assert not any(h.rstrip("/").endswith(f"glossary/{e.slug}") for h in nav), e.slug
    assert [d["location"] for d in docs if d["location"].startswith("glossary/") and "#" not in d["location"]
            and d["location"] != "glossary/"] == []
    # the full glossary's entry stays the result for the term
    assert any(d["location"] == "glossary/#age" for d in docs)


def test_an_entry_pages_front_matter_is_valid_yaml_whatever_its_headword_and_definition_hold():
    entry = {"headword": 'Say "Pat": No.', "slug": "say-pat", "aliases": [], "note": "", "linked": True,
             "definitions": [], "example": None, "see_also": [], "uses": [], "own": "say-pat/"}
    md = render_page("glossary/entry-page.md.j2", e=entry, uri="glossary/say-pat.md", short="It's: \"done\" #1",
                     authorities=["Foster (1905)", "Keller (1887)", "Hoyle (Hoffmann)"], symbol={}, label={},
                     cite={"summary": "Cite this entry", "citation": "x", "formats": [], "cite_version": None},
                     glossary="../../glossary.md", url="https://example.org/glossary/say-pat/")
    front = yaml.safe_load(md.split("---\n")[1])
    assert front["title"] == "Say “Pat”: No. — Glossary"
    assert front["description"] == ("Say “Pat”: No.: “It’s: ‘done’ #1” — Foster (1905); also defined by Keller (1887) "
                                    "and Hoyle (Hoffmann).")
    assert front["search"] == {"exclude": True}
