"""The PDFs, printed from the site's own pages and print stylesheet by Debian's Chromium (Playwright,
headless, ``executable_path``: no browser is downloaded): each work's reading texts in one
document, and the Laws of Poker as a booklet (a title page, the Laws chapter, the Technical Terms
as an appendix). Tagged, with an outline from the headings, links working, fonts embedded.

A PDF is printed from one page put together after the build, beside the site's root (and removed
again): each chapter's article from its built page, its anchors prefixed with the chapter's name
so that the chapters' ¶1 do not collide, a link to a chapter of the same PDF made a link inside
it, any other link made absolute (the published address). Chromium stamps the clock's time into
the file; ``steady`` writes the version's day there instead, so that a build repeats its bytes.
"""
from __future__ import annotations

import asyncio
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin

from markupsafe import Markup

from ...framework import atomic
from ...framework.templating import render_block
from ...texts.addresses import page_url

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


@dataclass(frozen=True)
class Job:
    """One PDF: its file, its title page, the chapters it prints, the line on every page."""

    out: Path
    title: str  # the document's title (its metadata and the line on every page)
    title_page: str  # HTML
    chapters: tuple[Chapter, ...]
    address: str  # the permanent address on every page
    version: str


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
    return f'<section class="{cls}" id="{prefix}--top">{body}</section>'


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
                        chapters=Markup(chapters))


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
                atomic.write(tmp, document_html(site, site_url, job))
                try:
                    page = browser.new_page()
                    page.goto(tmp.resolve().as_uri(), wait_until="load")
                    pdf = page.pdf(format="A4", print_background=False, tagged=True, outline=True,
                                   display_header_footer=True,
                                   header_template=render_block("exports/pdf-header.html.j2", title=job.title),
                                   footer_template=render_block("exports/pdf-footer.html.j2", version=job.version,
                                                                address=job.address),
                                   margin={"top": "1.6cm", "bottom": "1.6cm", "left": "1.8cm", "right": "1.8cm"})
                    page.close()
                finally:
                    tmp.unlink()
                atomic.write(job.out, steady(pdf, date))
        finally:
            browser.close()


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
