"""Making the downloads after the site is built (called by macros/hooks.py): every file of
``downloads.planned`` written into the site's downloads/ folder, then the page's sizes and checksums.

Each file is kept in a cache (``.cache/downloads/``) under a key made of everything it is made
from (the edition's sources and code for the TEI and EPUB; the printed pages and stylesheets for a
PDF; every file of the site for the offline copy), so that a build whose inputs did not change
copies it rather than making it again.
"""
from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable
from pathlib import Path

from ...framework.templating import render_block
from ...model.edition import Edition
from ...texts.addresses import DOWNLOADS, page_url
from ...texts.errors import EditionError
from . import epub, fonts, offline, pdf, players, previews, tei
from .downloads import Download, fill, planned, sha256, sums
from .metadata import book_meta

ROOT = Path(__file__).resolve().parents[3]
CODE = ("edition", "templates/pages/exports")


def version_date(ed: Edition) -> str:
    """The day of the edition's version (content/versions/<v>.json): the date every download carries."""
    for snap in ed.snapshots:
        if snap.version == ed.version:
            return snap.date
    raise EditionError(f"content/versions/{ed.version}.json", None,
                       f"the downloads are dated from the version's day, and version {ed.version} has no snapshot",
                       "run scripts/cut-version to store the version (content/EDITING.md, Cutting a version)")


def tree_hash(*folders: Path) -> str:
    """A hash of every file under *folders* (its path and bytes)."""
    h = hashlib.sha256()
    for folder in folders:
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            h.update(str(path.relative_to(folder.parent)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


class Cache:
    """Files kept by the key of their inputs (``.cache/downloads/<key>``)."""

    def __init__(self, folder: Path | None):
        self.folder = folder

    def get(self, key: str, out: Path, make: Callable[[], bytes | None]) -> None:
        kept = self.folder / key if self.folder else None
        if kept and kept.exists():
            shutil.copyfile(kept, out)
            return
        data = make()
        if data is not None:
            out.write_bytes(data)
        if kept:
            kept.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(out, kept)


def _key(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def _files_hash(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for p in paths:
        h.update(str(p).encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


CACHE = ROOT / ".cache" / "downloads"


def write(ed: Edition, site: Path, cache_folder: Path | None = CACHE) -> dict[str, tuple[int, str]]:
    """Make every download into *site*/downloads/, fill in the downloads page; returns name -> (size, sha256)."""
    if not ed.version:  # an edition without a version (a test's small project) names no file
        return {}
    date = version_date(ed)
    cache = Cache(cache_folder)
    folder = site / "downloads"
    folder.mkdir(parents=True, exist_ok=True)
    files = planned(ed)
    sources = _key(tree_hash(ed.root / "content", *(ROOT / c for c in CODE)), ed.site_url, ed.version, date)
    jobs: list[tuple[Download, pdf.Job]] = []
    for d in files:
        out = folder / d.name
        if d.kind == "tei":
            cache.get(_key(sources, d.name), out,
                      lambda d=d: tei.work_tei(ed, ed.works[d.work], date).encode("utf-8"))
        elif d.kind == "epub":
            works = [ed.works[d.work]] if d.work else list(ed.works.values())
            title = works[0].title if d.work else ed.record.title
            address = ed.site_url + (page_url(works[0].texts[0].text.page_uri) if d.work else "")
            cache.get(_key(sources, d.name), out,
                      lambda works=works, title=title, address=address, d=d:
                      epub.epub(ed, works, title, address, date))
        elif d.kind in ("pdf", "laws-pdf"):
            jobs.append((d, pdf_job(ed, d, out, date)))
        elif d.kind == "players-pdf":
            jobs.append((d, players.job(ed, out, date)))
    _print(ed, site, jobs, date, cache)
    found = {d.name: ((folder / d.name).stat().st_size, sha256(folder / d.name))
             for d in files if d.kind != "offline" and (folder / d.name).exists()}
    page = site / page_url(DOWNLOADS) / "index.html"
    page.write_text(fill(page.read_text(encoding="utf-8"), found), encoding="utf-8")
    zipped = next((d for d in files if d.kind == "offline"), None)
    if zipped:
        out = folder / zipped.name
        inputs = _files_hash(sorted(p for p in site.rglob("*") if p.is_file() and p != out)
                             + [offline.SHIM, ROOT / "edition" / "site" / "exports" / "offline.py",
                                *sorted((ROOT / "templates/pages/exports").glob("offline-*"))])
        skip = {d.path for d in files} | {"downloads/SHA256SUMS"}
        cache.get(_key(inputs, zipped.name, date), out,
                  lambda: offline.archive(site, ed.site_url, date, skip, f"draw-poker-{ed.version}", ed.version,
                                          ed.record.title, zipped.name))
        found[zipped.name] = (out.stat().st_size, sha256(out))
        page.write_text(fill(page.read_text(encoding="utf-8"), found), encoding="utf-8")
    (folder / "SHA256SUMS").write_text(sums(found), encoding="utf-8")
    return found


def write_previews(ed: Edition, site: Path, cache_folder: Path | None = CACHE) -> list[str]:
    """The preview images (exports/previews.py) into *site*, each kept in the downloads' cache."""
    return previews.write(ed, site, Cache(cache_folder).get)


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
        code = [ROOT / "edition" / "site" / "exports" / "pdf.py", ROOT / "edition" / "site" / "exports" / "fonts.py",
                *sorted((ROOT / "templates/pages/exports").glob("pdf*")), *(f.path for f in fonts.faces())]
        keys[d.name] = _key(_files_hash(pages + sheets + code), d.name, date, job.title_page, repr(job.meta), job.foot,
                            job.html, *(str(f.path) for f in fonts.faces()))
        kept = cache.folder / keys[d.name] if cache.folder else None
        if kept and kept.exists():
            shutil.copyfile(kept, job.out)
        else:
            todo.append(job)
    if todo:
        pdf.print_pdfs(site, ed.site_url, todo, date)
        for d, job in jobs:
            if job in todo and cache.folder:
                cache.folder.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(job.out, cache.folder / keys[d.name])
