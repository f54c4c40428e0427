"""Making the downloads after the site is built (called by macros/hooks.py): every file of
``downloads.planned`` written into the site's downloads/ folder, then the page's sizes and checksums.

Each file is kept in the build's one cache (edition/framework/cache.py) under a key made of what
runs (the Python and its packages; the code of the module that makes it; for a PDF, Chromium's
version) and everything it is made from (the edition's files for the TEI and EPUB; the printed pages
and stylesheets for a PDF; every file of the site for the offline copy, named by their place in the
site, not by the folder it is built in), so that a build whose inputs did not change copies it
rather than making it again. What draws in the edition's type (the PDFs, the EPUBs' covers, the
preview images) is keyed on its font files too (exports/fonts.py, ``digest``).
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

from ...framework import atomic
from ...framework.cache import Cache, from_environment
from ...framework.templating import TEMPLATES, render_block
from ...model.edition import Edition
from ...texts.addresses import DOWNLOADS, page_url
from ...texts.errors import EditionError
from . import epub, fonts, offline, pdf, players, previews, tei
from .downloads import SUMS, Download, fill, planned, sha256, sums
from .metadata import book_meta


def version_date(ed: Edition) -> str:
    """The day of the edition's version (content/versions/<v>.json): the date every download carries."""
    for snap in ed.snapshots:
        if snap.version == ed.version:
            return snap.date
    raise EditionError(f"content/versions/{ed.version}.json", None,
                       f"the downloads are dated from the version's day, and version {ed.version} has no snapshot",
                       "run scripts/cut-version to store the version (content/EDITING.md, Cutting a version)")


def files_hash(paths: list[Path], base: Path) -> str:
    """A hash of *paths* (each named relative to *base*, and its bytes)."""
    h = hashlib.sha256()
    for p in paths:
        h.update(str(p.relative_to(base)).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def tree_hash(*folders: Path) -> str:
    """A hash of every file under *folders* (its path and bytes)."""
    return "".join(files_hash(sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts),
                              folder.parent) for folder in folders)


def kept(cache: Cache, key: str | None, out: Path, make: Callable[[], bytes | None]) -> None:
    """*out* written from the cache's entry *key*, or made (and kept)."""
    data = cache.get(key)
    if not isinstance(data, bytes):
        data = make()
        if data is None:
            return
        cache.put(key, data)
    atomic.write(out, data)


EXPORT_TEMPLATES = TEMPLATES / "exports"


def write(ed: Edition, site: Path, cache: Cache | None = None) -> dict[str, tuple[int, str]]:
    """Make every download into *site*/downloads/, fill in the downloads page; returns name -> (size, sha256)."""
    if not ed.version:  # an edition without a version (a test's small project) names no file
        return {}
    date = version_date(ed)
    if not offline.SHIM.exists():  # the offline copy's search (and its cache key) needs it: say so, not a traceback
        raise EditionError(str(offline.SHIM.relative_to(offline.ROOT)), None, "the offline copy of the site needs "
                           "npm's iframe-worker, which is not installed", "install it with scripts/node-packages.sh "
                           "(make build does), or build without the downloads: EDITION_DOWNLOADS=0")
    cache = from_environment() if cache is None else cache
    folder = site / "downloads"
    folder.mkdir(parents=True, exist_ok=True)
    files = planned(ed)
    sources = (tree_hash(ed.root / "content", EXPORT_TEMPLATES), ed.site_url, ed.version, date)
    jobs: list[tuple[Download, pdf.Job]] = []
    for d in files:
        out = folder / d.name
        if d.kind == "tei":
            kept(cache, cache.named("download", d.name, *sources, code=tei.__name__), out,
                 lambda d=d: tei.work_tei(ed, ed.works[d.work], date).encode("utf-8"))
        elif d.kind == "epub":
            works = [ed.works[d.work]] if d.work else list(ed.works.values())
            title = works[0].title if d.work else ed.record.title
            address = ed.site_url + (page_url(works[0].texts[0].text.page_uri) if d.work else "")
            kept(cache, cache.named("download", d.name, *sources, fonts.digest(), code=epub.__name__), out,
                 lambda works=works, title=title, address=address:
                 epub.epub(ed, works, title, address, date))
        elif d.kind in ("pdf", "laws-pdf"):
            jobs.append((d, pdf_job(ed, d, out, date)))
        elif d.kind == "players-pdf":
            jobs.append((d, players.job(ed, out, date)))
    _print(ed, site, jobs, date, cache)
    found = {d.name: ((folder / d.name).stat().st_size, sha256(folder / d.name))
             for d in files if d.kind != "offline" and (folder / d.name).exists()}
    page = site / page_url(DOWNLOADS) / "index.html"
    atomic.write(page, fill(page.read_text(encoding="utf-8"), found))
    zipped = next((d for d in files if d.kind == "offline"), None)
    if zipped:
        out = folder / zipped.name
        inputs = files_hash(sorted(p for p in site.rglob("*") if p.is_file() and p != out), site)
        skip = {d.path for d in files} | {SUMS}
        kept(cache, cache.named("download", zipped.name, inputs, offline.SHIM.read_bytes(), date, ed.site_url,
                                files_hash(sorted(EXPORT_TEMPLATES.glob("offline-*")), EXPORT_TEMPLATES),
                                code=offline.__name__), out,
             lambda: offline.archive(site, ed.site_url, date, skip, f"draw-poker-{ed.version}", ed.version,
                                     ed.record.title, zipped.name))
        found[zipped.name] = (out.stat().st_size, sha256(out))
        atomic.write(page, fill(page.read_text(encoding="utf-8"), found))
    atomic.write(folder / "SHA256SUMS", sums(found))
    return found


def write_previews(ed: Edition, site: Path, cache: Cache | None = None) -> list[str]:
    """The preview images (exports/previews.py) into *site*, each kept in the build's cache."""
    cache = from_environment() if cache is None else cache

    def get(key: str, out: Path, make: Callable[[], bytes]) -> None:
        kept(cache, cache.named("preview", key, fonts.digest(), code=previews.__name__), out, make)
    return previews.write(ed, site, get)


def pdf_job(ed: Edition, d: Download, out: Path, date: str) -> pdf.Job:
    work = ed.works[d.work]
    if d.kind == "laws-pdf":
        pages = {law.page_uri for law in ed.laws.values()}  # the chapter that holds the laws
        chapters = [pdf.Chapter(p.text.page_uri, p.text.title) for p in work.texts if p.text.page_uri in pages]
        terms = [pdf.Chapter(p.text.page_uri, p.text.title, appendix=True) for p in work.texts
                 if p.text.slug == "technical-terms"]
        chapters += terms
        title, holds = "The Laws of Poker", "with the Technical Terms as an appendix"
        address = ed.site_url + page_url(chapters[0].uri)
        meta = book_meta(ed, [work], title, title, address)
    else:
        chapters = [pdf.Chapter(p.text.page_uri, p.text.title) for p in work.texts]
        title, holds = work.title, ""
        address = ed.site_url + page_url(work.texts[0].text.page_uri)
        meta = book_meta(ed, [work], title)
    title_page = render_block("exports/pdf-title.html.j2", title=title, byline=meta.bylines[0], holds=holds,
                              meta=meta, date=date, address=address)
    return pdf.Job(out, title, title_page, tuple(chapters), address, ed.version, meta)


def _print(ed: Edition, site: Path, jobs: list[tuple[Download, pdf.Job]], date: str, cache: Cache) -> None:
    """Print the PDFs not in the cache, in one Chromium."""
    todo = []
    keys = {}
    for d, job in jobs:
        pages = [site / page_url(c.uri) / "index.html" for c in job.chapters]
        sheets = sorted((site / "assets").rglob("*.css")) if job.chapters else []
        keys[d.name] = cache.named("download", d.name, files_hash(pages + sheets, site),
                                   files_hash(sorted(EXPORT_TEMPLATES.glob("pdf*")), EXPORT_TEMPLATES), date,
                                   ed.site_url, job.title_page, repr(job.meta), job.size, job.foot, job.html,
                                   fonts.digest(), code=pdf.__name__, chromium=True)
        data = cache.get(keys[d.name])
        if isinstance(data, bytes):
            atomic.write(job.out, data)
        else:
            todo.append(job)
    if todo:
        if not Path(pdf.CHROMIUM).exists():
            raise EditionError(pdf.CHROMIUM, None, "the PDFs are printed by Debian's chromium, which is not installed",
                               "install it (apt-get install chromium; make build does), or build without the "
                               "downloads: EDITION_DOWNLOADS=0")
        pdf.print_pdfs(site, ed.site_url, todo, date)
        for d, job in jobs:
            if job in todo:
                cache.put(keys[d.name], job.out.read_bytes())
