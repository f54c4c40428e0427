"""Every page identifies itself: a title and an h1 that name its work, a byline, Open Graph, Twitter,
citation_* and JSON-LD (the edition, and what the page is), a description from its own words, none
shared with another page; a paragraph's address is its page's, so it shares the page's head."""
from __future__ import annotations

import html as html_module
import json
import re
from pathlib import Path

import pytest

from tests.helpers import VERSION, VERSION_DATE


def pages(site: Path) -> dict[str, str]:
    """Every page of the built site but the redirects left at moved addresses, by address."""
    out = {}
    for f in sorted(site.rglob("index.html")):
        html = f.read_text(encoding="utf-8")
        if 'http-equiv="refresh"' not in html:
            out[str(f.parent.relative_to(site)).replace(".", "") + "/"] = html
    return out


def head_of(html: str) -> tuple[dict[str, list[str]], list[dict]]:
    head = html.split("</head>", 1)[0]
    meta: dict[str, list[str]] = {}
    tag = r'<meta (?:property|name)="((?:og|twitter|citation)[^"]*)" content="([^"]*)">'
    for name, content in re.findall(tag, head):
        meta.setdefault(name, []).append(content)
    ld = [json.loads(m) for m in re.findall(r'<script type="application/ld\+json">(.*?)</script>', head, re.S)]
    return meta, ld


@pytest.fixture(scope="module")
def site_pages(built_site):
    return pages(built_site)


def test_every_page_has_open_graph_twitter_citation_metadata_and_json_ld(site_pages):
    from tests.helpers import SITE_URL
    assert len(site_pages) > 130
    for address, html in site_pages.items():
        meta, ld = head_of(html)
        for name in ("og:title", "og:description", "og:url", "twitter:card", "twitter:title", "citation_title",
                     "citation_public_url"):
            assert meta.get(name, [""])[0], (address, name)
        assert len(ld) == 1, address
        graph = ld[0]["@graph"]
        assert graph[0]["@id"] == f"{SITE_URL}#edition"
        assert graph[0]["name"] == "Draw Poker: The Laws and the Literature"
        assert graph[0]["version"] == VERSION and graph[0]["datePublished"] == VERSION_DATE, address
        assert graph[1]["@type"] == "WebPage" and graph[1]["isPartOf"] == {"@id": f"{SITE_URL}#edition"}


def test_no_two_pages_share_a_description(site_pages):
    seen: dict[str, str] = {}
    for address, html in site_pages.items():
        description = head_of(html)[0]["og:description"][0]
        assert description not in seen, (address, seen.get(description))
        seen[description] = address
    assert "An annotated edition of the classic laws and literature of draw poker" not in seen


@pytest.mark.parametrize("address, title, h1", [
    ("britannica/poker/", "Poker — Encyclopædia Britannica (1911)", "Poker — Encyclopædia Britannica (1911)"),
    ("hoyle/poker/", "Poker — Hoyle's Games Modernized", "Poker — Hoyle's Games Modernized"),
    ("foster/technical-terms/", "Technical Terms — Practical Poker (1905)", "TECHNICAL TERMS — Practical Poker (1905)"),
    ("keller/technical-terms/", "Technical Terms — The Game of Draw Poker (1887)",
     "Chapter II. Technical Terms. — The Game of Draw Poker (1887)"),
    ("foster/laws/", "The Laws of Poker — Practical Poker (1905)", "THE LAWS OF POKER — Practical Poker (1905)"),
    ("laws/", "R. F. Foster's Laws of Poker, law by law", "R. F. Foster's Laws of Poker, law by law"),
    ("laws/19/", "Law 19 — Misdealing — Practical Poker (1905)", "Law 19 — Misdealing — Practical Poker (1905)"),
])
def test_a_pages_title_and_h1_name_its_work(site_pages, address, title, h1):
    html = site_pages[address]
    assert f"<title>{title} - " in html
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S)[1]
    heading = re.sub(r'<a class="headerlink".*?</a>', "", heading)
    shown = html_module.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", heading)).strip())
    assert shown.replace("’", "'") == h1  # (the page's typography curls the apostrophe)


@pytest.mark.parametrize("address, byline", [
    ("foster/betting/", "From <em>Practical Poker</em> by R. F. Foster (1905)."),
    ("britannica/poker/", "The article “Poker” of the <em>Encyclopædia Britannica</em>, 11th edition, volume 21 "
                          "(1911), unsigned."),
    ("hoyle/poker/", "From <em>Hoyle&rsquo;s Games Modernized</em>, edited by Professor Hoffmann [Angelo J. Lewis] "
                     "(undated)."),
    ("keller/rules/", "From <em>The Game of Draw Poker</em> by J. W. Keller (1887)."),
])
def test_every_reading_page_has_a_byline_naming_its_work(site_pages, address, byline):
    assert f'<p class="byline" data-search-exclude>{byline}</p>' in site_pages[address]


def test_a_work_page_describes_the_work_as_printed_in_json_ld_and_citation_tags(site_pages):
    meta, ld = head_of(site_pages["britannica/poker/"])
    article = ld[0]["@graph"][1]["mainEntity"]
    assert article["@type"] == "Article" and article["name"] == "Poker" and article["pageStart"] == "899"
    volume = article["isPartOf"]
    assert (volume["@type"], volume["volumeNumber"], volume["isPartOf"]["name"], volume["isPartOf"]["bookEdition"],
            volume["isPartOf"]["editor"], volume["isPartOf"]["datePublished"]) == (
        "PublicationVolume", "21", "Encyclopædia Britannica", "11th", [{"@type": "Person", "name": "Hugh Chisholm"}],
        "1911")
    # Read in the edition: the edition is the book the page is a chapter of, the encyclopaedia the original.
    assert meta["citation_inbook_title"] == ["Draw Poker: The Laws and the Literature"]
    assert meta["citation_title"] == ["Poker, in Encyclopædia Britannica"] and "citation_author" not in meta
    assert meta["citation_publication_date"] == [VERSION_DATE.replace("-", "/")]
    assert meta["citation_publisher"] == ["The Draw Poker Edition"]
    meta, ld = head_of(site_pages["hoyle/poker/"])
    chapter = ld[0]["@graph"][1]["mainEntity"]
    assert chapter["@type"] == "Chapter" and chapter["isPartOf"]["editor"] == [
        {"@type": "Person", "name": "Angelo J. Lewis", "alternateName": "Professor Hoffmann"}]
    assert "datePublished" not in chapter["isPartOf"]
    assert meta["citation_publication_date"] == [VERSION_DATE.replace("-", "/")]
    meta, ld = head_of(site_pages["foster/betting/"])
    assert meta["citation_author"] == ["Foster, R. F."] and meta["citation_title"] == ["Betting, in Practical Poker"]
    assert meta["citation_inbook_title"] == ["Draw Poker: The Laws and the Literature"]
    assert ld[0]["@graph"][1]["mainEntity"]["isPartOf"]["author"] == [
        {"@type": "Person", "name": "Robert Frederick Foster", "alternateName": "R. F. Foster"}]


def test_a_page_of_the_editions_own_is_described_as_part_of_the_edition(site_pages):
    meta, ld = head_of(site_pages["glossary/"])
    assert meta["citation_title"] == ["Glossary"] and meta["citation_inbook_title"] == [
        "Draw Poker: The Laws and the Literature"]
    assert meta["citation_editor"] == meta["citation_author"] == ["The Draw Poker Edition editors"]
    assert meta["citation_publication_date"] == [VERSION_DATE.replace("-", "/")]
    assert ld[0]["@graph"][1]["name"] == "Glossary"
    meta, _ = head_of(site_pages["/"])
    assert meta["citation_title"] == ["Draw Poker: The Laws and the Literature"] and meta["og:title"]


def test_hoyles_contents_list_its_headings_without_note_letters_or_a_lost_heading(site_pages):
    html = site_pages["hoyle/poker/"]
    toc = html[html.index("md-nav--secondary"):]
    toc = toc[:toc.index("</nav>")]
    labels = re.findall(r'href="#([^"]+)"[^>]*>\s*<span class="md-ellipsis">\s*([^<]*?)\s*</span>', toc)
    assert labels == [("the-straddle", "The Straddle."), ("jack-pots", "[Jack-Pots.]"),
                      ("table-stakes", "Table Stakes."), ("straight-poker", "Straight Poker."),
                      ("stud-poker", "Stud Poker."), ("whiskey-poker", "Whiskey Poker."),
                      ("mistigris", "[Mistigris.]"), ("the-tiger", "The Tiger.")]
    assert 'id="heading-lost-1"' in html  # the lost heading keeps its place and its address in the text
