"""The downloads: which files there are (each named with the edition's version, so that a cited
version can be fetched again), what each holds, and the downloads page's data.

The files are written after the site is built (macros/hooks.py): the TEI and EPUB from the model,
the PDFs printed from the built pages (exports/pdf.py), the offline site (exports/offline.py).
Their sizes and checksums, known only then, are written into the downloads page's table
(``fill``) and into ``SHA256SUMS`` beside them.
"""
from __future__ import annotations

import hashlib
import html
import re
from dataclasses import dataclass
from pathlib import Path

from ...model.edition import Edition
from ...texts.addresses import (
    DOWNLOADS,
    download,
    file_link,
    laws_card_room_pdf,
    laws_pdf,
    published_link,
    site_zip,
    work_download,
)


@dataclass(frozen=True)
class Download:
    name: str  # the file's name: foster-1.1.epub
    kind: str  # "tei", "epub", "pdf", "laws-pdf", "players-pdf", "offline"
    format: str  # as the page names it
    work: str = ""  # the work's slug ("" for the whole edition); what the file holds, the page says
    # (templates/pages/downloads.md.j2) by its kind and its work

    @property
    def path(self) -> str:
        return download(self.name)


def planned(ed: Edition) -> list[Download]:
    """Every download of the edition, in the order the page lists them."""
    v = ed.version
    out: list[Download] = []
    if ed.laws:
        out.append(Download(laws_pdf(v).rsplit("/", 1)[1], "laws-pdf", "PDF", "foster"))
        out.append(Download(laws_card_room_pdf(v).rsplit("/", 1)[1], "players-pdf", "PDF (A5)", "foster"))
    for slug in ed.works:
        name = {ext: work_download(slug, v, ext).rsplit("/", 1)[1] for ext in ("pdf", "epub", "tei.xml")}
        out += [Download(name["pdf"], "pdf", "PDF", slug), Download(name["epub"], "epub", "EPUB 3", slug),
                Download(name["tei.xml"], "tei", "TEI P5 (XML)", slug)]
    out.append(Download(f"edition-{v}.epub", "epub", "EPUB 3"))
    out.append(Download(site_zip(v).rsplit("/", 1)[1], "offline", "ZIP"))
    return out


SUMS = download("SHA256SUMS")  # every file's checksum, beside them


def published_files(ed: Edition) -> list[str]:
    """Every file the downloads put in the site, by its path from the site's root (none without a version)."""
    return [*(d.path for d in planned(ed)), SUMS] if ed.version else []


def for_work(ed: Edition, slug: str) -> list[Download]:
    return [d for d in planned(ed) if d.work == slug]


def downloads_data(ed: Edition) -> dict:
    """The downloads page's data: each file with its link, format and version; its size and checksum
    are placeholders ``fill`` writes in once the file exists."""
    return {"version": ed.version, "files": [{"name": d.name, "format": d.format, "kind": d.kind,
                                              "work_title": ed.works[d.work].title if d.work else "",
                                              "href": file_link(DOWNLOADS, d.path)} for d in planned(ed)],
            "sums": file_link(DOWNLOADS, SUMS)}


def work_links(ed: Edition, slug: str, from_uri: str) -> dict:
    """The links a work's page gives to its downloads: {format: href}, and the downloads page."""
    return {"files": [{"format": d.format, "href": file_link(from_uri, d.path)} for d in planned(ed) if d.work == slug
                      and d.kind not in ("laws-pdf", "players-pdf")],
            "page": published_link(from_uri, DOWNLOADS), "version": ed.version}


#: The media types of a work's files, as a page's head names them (<link rel="alternate" type=…>).
MEDIA_TYPES = {"pdf": "application/pdf", "epub": "application/epub+zip", "tei": "application/tei+xml"}


def head_files(ed: Edition, slug: str) -> dict[str, dict]:
    """A work's files as its pages' heads name them (edition/model/cite.py, page_head): by kind ("pdf",
    "epub", "tei"), each with its media type, absolute address and title; {} before a version is cut.
    A build that does not make the downloads takes them out again (citations.without_downloads)."""
    if not ed.version:
        return {}
    return {d.kind: {"type": MEDIA_TYPES[d.kind], "href": ed.site_url + d.path,
                     "title": f"{ed.works[slug].title}, version {ed.version} ({d.format})"}
            for d in planned(ed) if d.work == slug and d.kind in MEDIA_TYPES}


def sitemap(ed: Edition) -> str:
    """The downloads' own sitemap (downloads/sitemap.xml: every file by its address), written beside
    them when they are made: search engines find the files by it, and the theme's instant navigation,
    which fetches a sitemap.xml beside each <link rel="alternate"> of a page, finds it there."""
    urls = "".join(f"<url><loc>{html.escape(ed.site_url + d.path)}</loc></url>\n" for d in planned(ed))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
            f"{urls}</urlset>\n")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def size_text(n: int) -> str:
    """A file's size as the page writes it.

    >>> size_text(512), size_text(48_213), size_text(1_234_567)
    ('512 bytes', '47 KB', '1.2 MB')
    """
    if n < 1024:
        return f"{n} bytes"
    if n < 1024 * 1024:
        return f"{round(n / 1024)} KB"
    return f"{n / 1024 / 1024:.1f} MB"


_CELL = re.compile(r'<span data-download="([^"]+)" data-field="(size|sha256)">[^<]*</span>')
_MISSING = re.compile(r'<div class="downloads-missing[^"]*">.*?</div>\s*', re.S)


def fill(page_html: str, found: dict[str, tuple[int, str]]) -> str:
    """The downloads page with each file's size and checksum written in (*found*: name -> (bytes,
    sha256)); the notice that the files were not made goes once every file is there."""
    def cell(m: re.Match) -> str:
        if m[1] not in found:
            return m[0]
        size, digest = found[m[1]]
        value = size_text(size) if m[2] == "size" else digest
        return f'<span data-download="{html.escape(m[1])}" data-field="{m[2]}">{value}</span>'
    page_html = _CELL.sub(cell, page_html)
    names = {name for name, _field in _CELL.findall(page_html)}
    if names and names <= set(found):
        page_html = _MISSING.sub("", page_html)
    return page_html


def with_notice(page_html: str, notice: str) -> str:
    """The downloads page with the notice that its files were not made replaced by *notice* (the
    offline copy's: where the files are)."""
    return _MISSING.sub(lambda m: notice + "\n", page_html, count=1)


def sums(found: dict[str, tuple[int, str]]) -> str:
    """SHA256SUMS: each file's checksum and name, as sha256sum -c reads them."""
    return "".join(f"{digest}  {name}\n" for name, (_size, digest) in sorted(found.items()))
