"""Discovery: the Atom feed of the edition's versions and changes is valid Atom (RFC 4287's RELAX NG
schema, tests/standards/atom.rnc, checked by Jing) and says each version's day and changes; every
page names it in its head; a work's pages name its PDF, EPUB and TEI (citation_pdf_url, <link
rel="alternate">), and a build without the downloads names none."""
from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from edition.site.citations import without_downloads
from edition.site.feed import feed
from tests.helpers import VERSION, VERSION_DATE, VERSIONS

ROOT = Path(__file__).resolve().parents[2]
RNC = ROOT / "tests" / "standards" / "atom.rnc"
JING = ROOT / ".venv" / "bin" / "pyjing"
ATOM = "{http://www.w3.org/2005/Atom}"


def jing(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(JING), "-c", str(RNC), str(path)], capture_output=True, text=True)


@pytest.fixture(scope="module")
def atom(real_edition) -> str:
    (path, text), = feed(real_edition).items()
    assert path == "changes.atom"
    return text


@pytest.mark.slow
def test_the_feed_is_valid_atom_against_rfc_4287s_schema(tmp_path, atom):
    (tmp_path / "changes.atom").write_text(atom, encoding="utf-8")
    proc = jing(tmp_path / "changes.atom")
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.slow
def test_jing_refuses_a_feed_without_its_id(tmp_path, atom):
    (tmp_path / "bad.atom").write_text(re.sub(r"<id>[^<]*</id>\n", "", atom, count=1), encoding="utf-8")
    proc = jing(tmp_path / "bad.atom")
    assert proc.returncode != 0 and 'missing required element "id"' in proc.stdout + proc.stderr


def test_the_feed_has_one_entry_a_version_newest_first_with_its_day_and_changes(atom):
    root = ET.fromstring(atom.encode())
    entries = root.findall(f"{ATOM}entry")
    assert [e.findtext(f"{ATOM}title") for e in entries] == [f"Version {v}" for v in reversed(VERSIONS)]
    assert root.findtext(f"{ATOM}updated") == entries[0].findtext(f"{ATOM}updated") == f"{VERSION_DATE}T00:00:00Z"
    assert entries[0].find(f"{ATOM}link[@rel='alternate']").get("href").endswith(
        f"edition/changes/#version-{VERSION.replace('.', '-')}")
    assert entries[0].findtext(f"{ATOM}id").endswith(f"edition/versions/{VERSION}/")
    # A version cut stays as it was cut: 1.1's entry says its day and its changes whatever comes after it.
    stored = {e.findtext(f"{ATOM}title"): e for e in entries}
    assert [stored[t].findtext(f"{ATOM}updated") for t in ("Version 1.1", "Version 1.0")] == [
        "2026-11-26T00:00:00Z", "2026-11-25T00:00:00Z"]
    assert stored["Version 1.1"].findtext(f"{ATOM}summary") == (
        "Version 1.1, of 26 November 2026, changes 2 readings and 37 verdicts of version 1.0.")
    assert root.find(f"{ATOM}author").findtext(f"{ATOM}name") == "The Draw Poker Edition editors"


def test_a_build_without_the_downloads_names_none_in_a_pages_head():
    head = ('<head>\n  <link rel="alternate" type="application/atom+xml" href="x.atom" title="t">\n'
            '  <meta name="citation_pdf_url" content="https://e.org/downloads/foster-1.1.pdf" data-download>\n'
            '  <link rel="alternate" type="application/epub+zip" href="https://e.org/downloads/foster-1.1.epub" '
            'title="Practical Poker, version 1.1 (EPUB 3)" data-download>\n</head>')
    assert without_downloads(head) == (
        '<head>\n  <link rel="alternate" type="application/atom+xml" href="x.atom" title="t">\n</head>')


def test_a_works_page_names_its_files_and_every_page_the_feed(built_site):
    from tests.helpers import SITE_URL
    for address in ("foster/betting/", "laws/19/", "britannica/poker/"):
        html = (built_site / address / "index.html").read_text(encoding="utf-8")
        head = html.split("</head>", 1)[0]
        work = "foster" if address != "britannica/poker/" else "britannica"
        pdf = f"{SITE_URL}downloads/{work}-{VERSION}.pdf"
        assert f'<meta name="citation_pdf_url" content="{pdf}" data-download>' in head
        for kind, ext in (("application/pdf", "pdf"), ("application/epub+zip", "epub"),
                          ("application/tei+xml", "tei.xml")):
            assert f'<link rel="alternate" type="{kind}" href="{SITE_URL}downloads/{work}-{VERSION}.{ext}"' in head
            assert (built_site / "downloads" / f"{work}-{VERSION}.{ext}").exists()
    for page in (built_site / "index.html", built_site / "glossary" / "index.html", built_site / "404.html"):
        assert '<link rel="alternate" type="application/atom+xml" href="' in page.read_text(encoding="utf-8")
    assert (built_site / "changes.atom").exists()
    # The theme fetches a sitemap beside each <link rel="alternate">: the downloads have theirs.
    sitemap = (built_site / "downloads" / "sitemap.xml").read_text(encoding="utf-8")
    assert f"<loc>{SITE_URL}downloads/foster-{VERSION}.pdf</loc>" in sitemap


def test_the_404_page_says_only_that_the_page_is_missing(built_site):
    head = (built_site / "404.html").read_text(encoding="utf-8").split("</head>", 1)[0]
    assert "citation_" not in head and "application/ld+json" not in head and "og:url" not in head
    assert '<meta property="og:title" content="No page at this address">' in head
    assert '<meta name="robots" content="noindex">' in head


def test_the_home_pages_preview_title_is_the_editions(built_site):
    head = (built_site / "index.html").read_text(encoding="utf-8").split("</head>", 1)[0]
    assert '<meta property="og:title" content="Draw Poker: The Laws and the Literature">' in head
    assert '<meta name="twitter:title" content="Draw Poker: The Laws and the Literature">' in head
