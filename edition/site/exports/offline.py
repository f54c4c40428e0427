"""The whole site offline: the built site in one zip that opens from the file system.

What Material's ``offline`` plugin does in a second build, done here to the finished site (so that
no second build is needed, and the files are the published ones): every link to a page's folder
is made a link to its ``index.html`` (a browser shows a folder, not its page, from the file
system), the search index is also written as a script (``search/search_index.js``: Material reads
it so from ``file:``), and the search's worker is started through the ``iframe-worker`` shim
(npm, pinned in package.json: a browser starts no worker from ``file:``), loaded before Material's
script. The Content-Security-Policy is left out of the offline pages: the shim writes the worker's
frame with an inline script, which the policy would refuse, and the pages are the reader's own
files. The downloads are not in the archive (it would hold itself); its downloads page links them
at the published address, and says so. Every page says, at its head, what the copy is: the
edition's version and day, and where the live edition and the page itself are published
(templates/pages/exports/offline-note.html.j2).
"""
from __future__ import annotations

import json
import re
import zipfile
from io import BytesIO
from pathlib import Path

from markupsafe import Markup

from ...framework.templating import render_block
from ...texts.addresses import PREVIEWS
from ...texts.errors import EditionError
from ..citations import without_downloads
from .downloads import with_notice

ROOT = Path(__file__).resolve().parents[3]
SHIM = ROOT / "node_modules" / "iframe-worker" / "shim" / "index.js"
SHIM_PATH = "assets/iframe-worker-shim.js"  # where the archive holds it
_LINK = re.compile(r'\b(href|src)="([^"]*)"')
_INSTANT = re.compile(r'"navigation\.instant",\s*|,\s*"navigation\.instant"(?=\s*\])')
_CSP = re.compile(r'<meta http-equiv="Content-Security-Policy"[^>]*>\s*')
_BUNDLE = re.compile(r'<script src="([^"]*)assets/javascripts/bundle\.[0-9a-f]+\.min\.js"')
_HEADER = re.compile(r'(?=<header class="md-header)')


def file_link(url: str) -> str:
    """A relative link as it opens from the file system: a folder's page is its index.html.

    >>> file_link("../laws/19/"), file_link("../../foster/laws/#law-19"), file_link(".."), file_link("#top")
    ('../laws/19/index.html', '../../foster/laws/index.html#law-19', '../index.html', '#top')
    >>> file_link("assets/edition.css"), file_link("https://example.org/"), file_link(".")
    ('assets/edition.css', 'https://example.org/', './index.html')
    """
    if not url or url.startswith(("#", "/", "mailto:", "data:")) or re.match(r"^[a-z][a-z0-9+.-]*:", url):
        return url
    m = re.match(r"([^#?]*)(.*)", url, re.S)
    path, rest = m[1], m[2]
    if path in (".", ".."):
        path += "/"
    if path.endswith("/"):
        path += "index.html"
    elif "." not in path.rsplit("/", 1)[-1]:
        path += "/index.html"
    return path + rest


def offline_page(page: str, depth: int, downloads: dict[str, str], note: str = "") -> str:
    """A built page as it opens from the file system (*depth*: its folder's depth below the root;
    *downloads*: a download's link from this page -> its published address; *note*: the words at its
    head that say what the copy is)."""
    page = _CSP.sub("", page)
    # The downloads are not in the copy: its heads name none (the theme would fetch a sitemap.xml
    # beside each file's <link rel="alternate">, on the published site).
    page = without_downloads(page)
    if note:
        page = _HEADER.sub(lambda m: note, page, count=1)
    # Material's instant navigation does nothing from file: and completes the page's document$ before
    # it emits, so no script subscribed to it (Material's own components, edition.js) would ever run:
    # the offline pages go without it, as Material's own offline plugin does.
    page = _INSTANT.sub("", page)
    page = _LINK.sub(lambda m: f'{m[1]}="{downloads.get(m[2]) or file_link(m[2])}"', page)
    return _BUNDLE.sub(lambda m: f'<script src="{m[1]}{SHIM_PATH}"></script>\n    {m[0]}', page, count=1)


def offline_index(index: dict) -> dict:
    """The search index, each page's location made a file's (foster/laws/#x -> foster/laws/index.html#x)."""
    docs = [dict(d, location=file_link(d["location"]) if d["location"] and not d["location"].startswith("#")
                 else "index.html" + d["location"]) for d in index["docs"]]
    return dict(index, docs=docs)


def published_address(site_url: str, rel: str) -> str:
    """A built page's published address, from its path in the site.

    >>> published_address("https://e.org/", "laws/19/index.html"), published_address("https://e.org/", "index.html")
    ('https://e.org/laws/19/', 'https://e.org/')
    """
    return site_url + (rel[:-len("index.html")] if rel.endswith("index.html") else rel)


def offline_downloads_page(page: str, zipped: str) -> str:
    """The offline copy's downloads page: the notice of a copy built without its files replaced by what
    this copy is (the files are on the published edition, each linked there), and the row of the
    archive itself, which cannot hold its own size and checksum, saying so."""
    page = with_notice(page, render_block("exports/offline-downloads.html.j2"))
    return re.sub(rf'(<span data-download="{re.escape(zipped)}" data-field="(?:size|sha256)">)not made(</span>)',
                  r"\1this copy\2", page)


def archive(site: Path, site_url: str, date: str, skip: set[str], folder: str, version: str = "",
            edition_title: str = "", zipped: str = "") -> bytes:
    """The zip of *site* (but the files *skip*, relative paths) under *folder*/, every entry dated *date*;
    each page noting that it is the offline copy of *version* (*zipped*: the archive's own name)."""
    if not SHIM.exists():
        raise EditionError(str(SHIM.relative_to(ROOT)), None, "the offline site needs the iframe-worker shim (npm)",
                           "run scripts/node-packages.sh (make build runs it)")
    y, m, d = (int(x) for x in date.split("-"))
    files: dict[str, bytes] = {}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        if rel in skip or rel.startswith((".", PREVIEWS)):  # the preview images are for links shared online
            continue
        if rel.endswith(".html"):
            depth = rel.count("/")
            downloads = {("../" * depth) + s if depth else s: site_url + s for s in skip}
            downloads.update({s.split("/", 1)[1]: site_url + s for s in skip if rel.startswith("downloads/")})
            note = render_block("exports/offline-note.html.j2", title=edition_title, version=version, date=date,
                                site_url=site_url, address=published_address(site_url, rel)) if version else ""
            page = path.read_text(encoding="utf-8")
            if rel == "downloads/index.html" and zipped:
                page = offline_downloads_page(page, zipped)
            files[rel] = offline_page(page, depth, downloads, Markup(note)).encode("utf-8")
        elif rel == "search/search_index.json":
            index = offline_index(json.loads(path.read_text(encoding="utf-8")))
            text = json.dumps(index, separators=(",", ":"))
            files[rel] = text.encode("utf-8")
            files["search/search_index.js"] = f"var __index = {text}".encode()
        else:
            files[rel] = path.read_bytes()
    files[SHIM_PATH] = SHIM.read_bytes()
    buf = BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for rel in sorted(files):
            info = zipfile.ZipInfo(f"{folder}/{rel}", (y, m, d, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, files[rel], compresslevel=9)
    return buf.getvalue()
