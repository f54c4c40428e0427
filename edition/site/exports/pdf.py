"""The PDFs, printed from the site's own pages and print stylesheet by Debian's Chromium (Playwright,
headless, ``executable_path``: no browser is downloaded): each work's reading texts in one
document, and the Laws of Poker as a booklet (a title page, the Laws chapter, the Technical Terms
as an appendix); and any page made elsewhere (the players' printing of the Laws, exports/players.py).
Tagged, with an outline from the headings, links working, fonts embedded.

Set in the edition's own type (exports/fonts.py: font files from pinned npm packages, never the
machine's), at full size: a page wider than the sheet would make Chromium print the whole document
smaller, so every page is laid out at the sheet's width first, and one that overflows it stops the
build, naming the element (``overflow``). The line at the head and foot of every sheet is a CSS
page-margin box, in the same type. Each heading's note letter is drawn by CSS, so that the PDF's
bookmarks, made from the headings' text, are their titles alone.

A PDF is printed from one page put together after the build, beside the site's root (and removed
again): each chapter's article from its built page, its anchors prefixed with the chapter's name
so that the chapters' ¶1 do not collide, a link to a chapter of the same PDF made a link inside
it, any other link made absolute (the published address). Chromium stamps the clock's time into
the file; ``steady`` writes the version's day there instead, so that a build repeats its bytes.
Then ``with_metadata`` adds the document's record as an incremental update (pypdf): its title,
author, language, subject, rights and the edition as its Creator, in the document information and
in XMP (templates/pages/exports/pdf-xmp.xml.j2).
"""
from __future__ import annotations

import asyncio
import re
import threading
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from urllib.parse import urljoin

from markupsafe import Markup

from ...framework import atomic
from ...framework.templating import render_block
from ...texts.addresses import page_url
from ...texts.errors import EditionError
from . import fonts
from .metadata import Meta

CHROMIUM = "/usr/bin/chromium"
_ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*?)</article>', re.S)
_STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)"')
_ID = re.compile(r'\bid="([^"]+)"')
_HREF = re.compile(r'\bhref="([^"]*)"')


@dataclass(frozen=True)
class Chapter:
    uri: str  # the page's source path: foster/laws.md
    title: str
    appendix: bool = False


#: The sheets and their margins (top, right, bottom, left), and the body text's size on each.
SHEETS = {"A4": {"margin": ("1.8cm", "1.9cm", "1.8cm", "1.9cm"), "width_mm": 210 - 38, "body": "11pt"},
          "A5": {"margin": ("1.3cm", "1.4cm", "1.5cm", "1.4cm"), "width_mm": 148 - 28, "body": "10pt"}}


@dataclass(frozen=True)
class Job:
    """One PDF: its file, its title page, the chapters it prints, the lines on every sheet, its record."""

    out: Path
    title: str  # the document's title (its metadata and the line at the head of every sheet)
    title_page: str  # HTML
    chapters: tuple[Chapter, ...]
    address: str  # the permanent address on every sheet
    version: str
    meta: Meta | None = None  # what the file's metadata says of it (exports/metadata.py)
    size: str = "A4"  # a key of SHEETS
    html: str = ""  # a whole page made elsewhere, printed as it is (the players' printing)
    foot: str = ""  # the line at the foot of every sheet (default: the version and the address)


def page_rules(job: Job) -> Markup:
    """The @page rules of a PDF: its sheet, margins, and the lines at the head and foot of each sheet
    (none on the title page), in the edition's type."""
    return Markup(render_block("exports/pdf-page.css.j2", sheet=Markup(job.size),
                               margin=Markup(" ".join(SHEETS[job.size]["margin"])),
                               title=job.title, foot=job.foot or f"Version {job.version} · {job.address}",
                               family=Markup(fonts.family_list(fonts.TEXT_FAMILIES))))


_HEADING = re.compile(r"<(h[1-6])\b([^>]*)>(.*?)</\1>", re.S)
_NOTE_REF = re.compile(r'<sup class="ed-note-ref"([^>]*)><a ([^>]*)>([^<]*)</a></sup>')


def clean_headings(body: str) -> str:
    """Each heading's note letters drawn by CSS (``data-ref``), so that the outline Chromium makes from
    the headings' text is their titles alone ("[Jack-Pots.]", not "[Jack-Pots.]d").

    >>> clean_headings('<h2>[Jack-Pots.]<sup class="ed-note-ref"><a href="#n">d</a></sup></h2>')
    '<h2>[Jack-Pots.]<sup class="ed-note-ref"><a href="#n" data-ref="d" aria-label="note d"></a></sup></h2>'
    """
    def heading(m: re.Match) -> str:
        inner = _NOTE_REF.sub(lambda r: f'<sup class="ed-note-ref"{r[1]}><a {r[2]} data-ref="{r[3]}" '
                                        f'aria-label="note {r[3]}"></a></sup>', m[3])
        return f"<{m[1]}{m[2]}>{inner}</{m[1]}>"
    return _HEADING.sub(heading, body)


def _prefix(uri: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", page_url(uri).lower()).strip("-") or "home"


def chapter_html(site: Path, site_url: str, chapter: Chapter, inside: dict[str, str]) -> str:
    """A chapter's article from its built page, its anchors prefixed and its links rewritten:
    *inside* maps each included page's published URL to its prefix."""
    page = (site / page_url(chapter.uri) / "index.html").read_text(encoding="utf-8")
    m = _ARTICLE.search(page)
    body = m[1] if m else ""
    prefix = _prefix(chapter.uri)
    base = site_url + page_url(chapter.uri)
    body = _ID.sub(lambda i: f'id="{prefix}--{i[1]}"', body)

    def href(h: re.Match) -> str:
        target = urljoin(base, h[1])
        page_part, _, anchor = target.partition("#")
        if page_part in inside:
            return f'href="#{inside[page_part]}--{anchor}"' if anchor else f'href="#{inside[page_part]}--top"'
        return f'href="{target}"'
    body = _HREF.sub(href, body)
    cls = "pdf-chapter pdf-appendix" if chapter.appendix else "pdf-chapter"
    return f'<section class="{cls}" id="{prefix}--top">{clean_headings(body)}</section>'


def document_html(site: Path, site_url: str, job: Job) -> str:
    """The one page a PDF is printed from: the site's stylesheets, the title page, the chapters."""
    first = (site / page_url(job.chapters[0].uri) / "index.html").read_text(encoding="utf-8")
    base = site_url + page_url(job.chapters[0].uri)
    sheets = [urljoin(base, h)[len(site_url):] for h in _STYLESHEET.findall(first)]
    inside = {site_url + page_url(c.uri): _prefix(c.uri) for c in job.chapters}
    chapters = "\n".join(chapter_html(site, site_url, c, inside) for c in job.chapters)
    # The title page and the chapters are HTML already (the built site's, the title page's template):
    # marked so, the template's autoescape leaves them as they are.
    return render_block("exports/pdf.html.j2", title=job.title, sheets=sheets, title_page=Markup(job.title_page),
                        chapters=Markup(chapters), fonts=Markup(fonts.css()), page=page_rules(job),
                        body_size=SHEETS[job.size]["body"])


def print_pdfs(site: Path, site_url: str, jobs: list[Job], date: str) -> None:
    """Print every job in one Chromium; each PDF's dates are the version's day. Playwright's
    synchronous API refuses to run where an event loop runs (a caller inside one, such as a test
    session that drives a browser): there the printing runs in a thread of its own."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return _print_pdfs(site, site_url, jobs, date)
    failed: list[BaseException] = []

    def run() -> None:
        try:
            _print_pdfs(site, site_url, jobs, date)
        except BaseException as e:  # raised again in the caller's thread
            failed.append(e)
    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if failed:
        raise failed[0]


def _print_pdfs(site: Path, site_url: str, jobs: list[Job], date: str) -> None:
    from playwright.sync_api import sync_playwright  # (a build needs it only when it prints)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            for job in jobs:
                tmp = site / f".print-{job.out.stem}.html"
                atomic.write(tmp, job.html or document_html(site, site_url, job))
                try:
                    # Laid out at the sheet's width (96 CSS pixels an inch) to find what would not fit.
                    width = round(SHEETS[job.size]["width_mm"] / 25.4 * 96)
                    page = browser.new_page(viewport={"width": width, "height": 1000})
                    page.emulate_media(media="print")
                    page.goto(tmp.resolve().as_uri(), wait_until="load")
                    page.evaluate("document.fonts.ready")
                    wide = page.evaluate(OVERFLOW)
                    if wide:
                        raise EditionError(job.out.name, None, f"'{wide}' is wider than the {job.size} sheet's text, "
                                           "and Chromium would print the whole document smaller to fit it",
                                           "let it break across the line (templates/pages/exports/pdf.html.j2)")
                    pdf = page.pdf(prefer_css_page_size=True, print_background=False, tagged=True, outline=True)
                    page.close()
                finally:
                    tmp.unlink()
                atomic.write(job.out, with_metadata(steady(pdf, date), job, date))
        finally:
            browser.close()


#: The widest element that runs past the sheet's text (its tag, class and first words), or "".
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width + 1) return "";
  let widest = null;
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.right > width + 1 && r.width > 0 && (!widest || r.width >= widest[0])) widest = [r.width, el];
  }
  if (!widest) return "";
  const el = widest[1];
  const cls = el.className ? ` class=${el.className}` : "";
  return `<${el.tagName.toLowerCase()}${cls}> ${(el.textContent || "").trim().slice(0, 60)}`;
}"""


def with_metadata(pdf: bytes, job: Job, date: str) -> bytes:
    """The PDF with its record added as an incremental update (the bytes Chromium wrote kept as they
    are): the document information (Title, Author, Subject, Creator: the edition and its version) and
    XMP (title, creators, language, rights and licence, the edition, the dates)."""
    if job.meta is None:
        return pdf
    from pypdf import PdfReader, PdfWriter  # (a build needs it only when it prints, as playwright)
    from pypdf.generic import NameObject, StreamObject  # (likewise)

    m = job.meta
    reader = PdfReader(BytesIO(pdf))
    producer = (reader.metadata or {}).get("/Producer", "")
    writer = PdfWriter(reader, incremental=True)
    info = {"/Title": job.title, "/Creator": m.creator_tool, "/Subject": _subject(job)}
    info.update({"/Author": m.author_line} if m.author_line else {})
    writer.add_metadata(info)
    xmp = StreamObject()
    xmp.set_data(render_block("exports/pdf-xmp.xml.j2", meta=m, title=job.title, subject=_subject(job), date=date,
                              producer=producer).encode("utf-8"))
    xmp.update({NameObject("/Type"): NameObject("/Metadata"), NameObject("/Subtype"): NameObject("/XML")})
    writer._root_object[NameObject("/Metadata")] = writer._add_object(xmp)
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def _subject(job: Job) -> str:
    return f"{job.title}: from {job.meta.edition_title}, version {job.version}, {job.address}" if job.meta else ""


_DATE = re.compile(rb"/(CreationDate|ModDate) \(D:\d{14}[^)]*\)")


def steady(pdf: bytes, date: str) -> bytes:
    """The PDF with the clock's dates replaced by *date* (YYYY-MM-DD), each in a string of the same
    length, so that the cross-reference offsets hold.

    >>> steady(b"<< /CreationDate (D:20261127101500+00'00') >>", "2026-11-26")
    b"<< /CreationDate (D:20261126000000+00'00') >>"
    """
    def one(m: re.Match) -> bytes:
        old = m[0]
        new = f"/{m[1].decode()} (D:{date.replace('-', '')}000000".encode()
        rest = old[len(new):]
        return new + re.sub(rb"\d", b"0", rest[:-1]) + b")" if len(rest) > 0 else old
    return _steady_nodes(_DATE.sub(one, pdf))


_NODE = re.compile(rb"\(node(\d+)\)")


def _steady_nodes(pdf: bytes) -> bytes:
    """The tagged PDF's structure element IDs ("(node00000042)") renumbered 1, 2, 3 … in their own order,
    each in as many digits as before: Chromium numbers them from a counter of its renderer, which
    stands higher when it printed another PDF before this one (a build whose cache held that one
    prints the next with other numbers). The order is kept, so the ID tree stays sorted, and so are
    the offsets.

    >>> _steady_nodes(b"/ID (node00000042) /ID (node00000045) /Names [(node00000042) 1 0 R]")
    b'/ID (node00000001) /ID (node00000002) /Names [(node00000001) 1 0 R]'
    """
    numbers = sorted({int(n) for n in _NODE.findall(pdf)})
    rank = {n: i for i, n in enumerate(numbers, start=1)}

    def one(m: re.Match) -> bytes:
        width = len(m[1])
        new = str(rank[int(m[1])]).zfill(width)
        return b"(node" + new.encode() + b")" if len(new) == width else m[0]
    return _NODE.sub(one, pdf)
