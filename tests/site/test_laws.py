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


def test_each_law_has_its_own_page_at_its_short_address(built_site):
    for n in range(1, 78):
        page = (built_site / "laws" / str(n) / "index.html").read_text(encoding="utf-8")
        assert re.search(rf'<h1 id="[^"]*">Law {n}( — [^<]+)? <span class="h1-work"><span class="ed-sr-only" '
                         r'data-search-exclude> — </span><span data-search-exclude>Practical Poker \(1905\)</span>'
                         r'</span><a class="headerlink"', page), n
        assert f'<p class="law law-alone">{n}. ' in page
        assert f'<a href="../../foster/laws/#law-{n}">Read it in context</a>' in page


def test_every_see_law_reference_in_the_texts_links_to_that_law(real_edition):
    from edition.texts.syntax import LAW_REF, MARKUP
    from tests.helpers import markdown_of
    ed = real_edition
    refs = 0
    for page in ed.pages:
        md = markdown_of(ed, page)
        for line in page.text.body_lines:
            if line.startswith("#"):
                continue
            for m in LAW_REF.finditer(MARKUP.sub("", line)):  # editorial notes are not linked
                for n in re.findall(r"\d+", m[3]):
                    # the link, with the law's words as its hover text
                    assert re.search(rf'\[{n}\]\([^)\s]*#law-{n} "Law {n}: [^"]+"\)', md), (page.text.path, m[0])
                    refs += 1
    assert refs >= 2  # Laws 71 and 74 cite each other; the Disputed Rules add more


def test_laws_71_and_74_cite_each_other(laws_html):
    meta_71 = laws_html.split('id="law-71"', 1)[1].split('id="law-72"', 1)[0]
    assert 'href="#law-74"' in meta_71
    assert "Cited by:" in meta_71 and 'href="#law-74">Law 74</a>' in meta_71


def test_the_laws_page_has_a_citation_for_every_law(laws_html):
    cited = re.findall(r'<p class="citation">R\. F\. Foster, Practical Poker \(1905\), Law \d+( — [^.]+)?\. In',
                       laws_html)
    assert len(cited) == 77


def test_the_laws_own_page_shows_the_law_as_the_laws_chapter_does(built_site, real_edition, laws_html):
    """A law's own page prints its paragraph as the Laws chapter does, number unlinked, each link leading
    where the chapter's leads (written for each page from the one document: edition/site/markdown.py)."""
    import posixpath

    def resolved(html: str, page: str) -> str:
        def one(m: re.Match) -> str:
            target = posixpath.normpath(posixpath.join(page, m[1])) if m[1] else page
            return f'href="{target}{m[2] or ""}"'
        return re.sub(r'href="([^"#]*)(#[^"]*)?"', one, html)

    for n in real_edition.laws:
        on_page = laws_html.split(f'id="law-{n}"', 1)[1].split('<p class="law">', 1)[1].split("</p>", 1)[0]
        on_page = on_page.replace(f'<a class="law-number" href="#law-{n}" aria-label="Law {n}: link to this law">'
                                  f"{n}.</a>", f"{n}.", 1)
        own = (built_site / "laws" / str(n) / "index.html").read_text(encoding="utf-8")
        alone = own.split('<p class="law law-alone">', 1)[1].split("</p>", 1)[0]
        assert resolved(alone, f"laws/{n}") == resolved(on_page, "foster/laws"), n


def test_the_laws_index_lists_all_77_laws_by_forsters_sections(built_site):
    html = (built_site / "laws" / "index.html").read_text(encoding="utf-8")
    listed = re.findall(r'<li><a href="(\d+)/"><strong>Law (\d+)</strong></a> — ([^<]+)</li>', html)
    assert [int(n) for _, n, _ in listed] == list(range(1, 78))
    assert all(href == n for href, n, _ in listed)
    assert ("19", "19", "If any card is faced in dealing it to a player, the player must…") in listed
    sections = re.findall(r'<h2 (?:data-search-exclude )?id="[^"]*">(.*?)<a class="headerlink"', html)
    assert sections[:4] == ["Formation of Table", "Limits", "Dealing", "Misdealing"] and len(sections) == 21
    assert "“Blind” and “Straddle”" in sections
    numbers = re.search(r'<nav class="law-numbers"[^>]*>(.*?)</nav>', html, re.S)[1]
    assert re.findall(r'<a href="(\d+)/"', numbers) == [str(n) for n in range(1, 78)]


def test_the_navigation_has_a_top_level_laws_entry(built_site):
    html = (built_site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="laws/" class="md-nav__link">\s*<span class="md-ellipsis">\s*Laws\s*</span>', html)


def test_law_19s_page_carries_its_words_in_open_graph_and_citation_metadata(built_site):
    from tests.helpers import SITE_URL, VERSION_DATE
    html = (built_site / "laws" / "19" / "index.html").read_text(encoding="utf-8")
    head = html.split("</head>", 1)[0]
    words = ("If any card is faced in dealing it to a player, the player must accept the faced card, provided it "
             "was not faced in the pack; but if two cards are exposed in the same deal, even to different players, "
             "there must be a new deal.")
    meta = dict(re.findall(r'<meta (?:property|name)="((?:og|twitter|citation)_?[^"]*)" content="([^"]*)">', head))
    assert meta["og:title"] == meta["twitter:title"] == "Law 19 — Misdealing · R. F. Foster’s Laws of Poker (1905)"
    assert meta["og:description"] == meta["twitter:description"] == words
    assert meta["og:url"] == meta["citation_public_url"] == f"{SITE_URL}laws/19/"
    assert f'<link rel="canonical" href="{SITE_URL}laws/19/">' in head
    # Read in the edition: a chapter of it (its date, its publisher), the law's book named in its title.
    assert (meta["citation_title"], meta["citation_author"], meta["citation_publication_date"],
            meta["citation_inbook_title"], meta["citation_publisher"]) == (
        "Law 19 — Misdealing, in Practical Poker", "Foster, R. F.", VERSION_DATE.replace("-", "/"),
        "Draw Poker: The Laws and the Literature", "The Draw Poker Edition")
    assert "citation_series_title" not in meta
    assert "<title>Law 19 — Misdealing — Practical Poker (1905) - " in head
    body = html.split("<article", 1)[1]
    assert f'<p class="law law-alone">19. {words}</p>' in body
    assert '<a class="law-prev" href="../18/">← Law 18: A misdeal on account of an imperfect pack…</a>' in body
    assert '<a class="law-next" href="../20/">Law 20: Any hand of more or less than five… →</a>' in body
    assert "<blockquote class=\"commentary-quote\">\n<p>The objection to compelling a player to take a card" in body
    assert '<a href="../../foster/disputed-rules/#para-10">Disputed Rules ¶10</a>' in body
