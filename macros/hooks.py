"""MkDocs hooks (mkdocs.yml: hooks): the edition's pages and navigation come from content/.

Everything here is wiring: the engine (edition) does the work and knows nothing of MkDocs.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # MkDocs loads hooks by path; the engine lives beside them.
    sys.path.insert(0, str(ROOT))

import gzip  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import time  # noqa: E402
from html import escape as html_escape  # noqa: E402

from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.structure.files import File, InclusionLevel  # noqa: E402

from edition.framework import atomic  # noqa: E402
from edition.framework.cache import from_environment  # noqa: E402
from edition.framework.templating import bytecode_cache  # noqa: E402
from edition.model.anchors import lost, read_redirects, shadowed  # noqa: E402
from edition.model.cite import edition_head  # noqa: E402
from edition.site import data  # noqa: E402
from edition.site.citations import DOWNLOAD_MARK, without_downloads  # noqa: E402
from edition.site.csp import known_scripts, policy, unknown_scripts, with_csp  # noqa: E402
from edition.site.exports import build as downloads  # noqa: E402
from edition.site.exports.downloads import published_files  # noqa: E402
from edition.site.exports.downloads import sitemap as downloads_sitemap  # noqa: E402
from edition.site.exports.previews import edition_head as preview_head  # noqa: E402
from edition.site.feed import feed_link  # noqa: E402
from edition.site.files import site_files  # noqa: E402
from edition.site.pages import moved_html  # noqa: E402
from edition.site.registry import dangling, navigation, permanent_pages  # noqa: E402
from edition.site.search_index import tune  # noqa: E402
from edition.texts import spelling  # noqa: E402
from edition.texts.addresses import DOWNLOADS_SITEMAP  # noqa: E402
from edition.texts.budgets import search_index_error  # noqa: E402
from edition.texts.errors import EditionError, line_of  # noqa: E402
from edition.texts.files import written_where  # noqa: E402
from edition.texts.html_policy import page_errors  # noqa: E402
from edition.texts.site_url import refusal as site_url_refusal  # noqa: E402
from macros import rendered, serving  # noqa: E402
from macros.state import EditionErrors, prepared  # noqa: E402


def _root(config) -> Path:
    """The project folder: where mkdocs.yml is (so fixture sites in tests load their own content)."""
    return Path(config.config_file_path).resolve().parent


def _prepared(config):
    try:
        return prepared(_root(config), config.site_url or "http://127.0.0.1:8000/")
    except EditionErrors as exc:
        raise PluginError("The edition's content has errors:\n" + "\n".join(f"  {e}" for e in exc.errors)) from None


def _load(config):
    return _prepared(config).edition


def on_config(config):
    """The site's address checked first (edition/texts/site_url.py); the edition's version, in the footer of
    every page (templates/theme/partials/copyright.html), and its record, which the head of every page
    names (templates/theme/main.html). The reading texts' spelling is checked here
    (edition/texts/spelling.py): a word in no word list stops the build."""
    _check_site_url(config)
    ed = _load(config)
    misspelt = spelling.check((page.text for page in ed.pages), _root(config), from_environment().call)
    if misspelt:
        raise PluginError("The edition's content has errors:\n" + "\n".join(f"  {e}" for e in misspelt))
    config["extra"]["edition_version"] = ed.version
    config["extra"]["edition"] = edition_head(ed.record, ed.site_url)
    config["extra"]["feed"] = feed_link(ed)
    config["extra"]["preview"] = preview_head(ed)  # the edition's preview image, for a page without its own
    return config


def _check_site_url(config) -> None:
    """SITE_URL as it was given (MkDocs trims it and adds a '/' before the hooks see it), and the address
    the build uses: one rule, the guard's of make build (scripts/check-site-url) but for publishing's own.
    `mkdocs serve` builds for its own address, whatever SITE_URL says."""
    given = [] if serving.STATE.active else [os.environ["SITE_URL"]] if "SITE_URL" in os.environ else []
    for url in [*given, config.site_url or ""]:
        why = site_url_refusal(url)
        if why:
            raise PluginError(f"The site's address cannot be used:\n  {why}")


def on_files(files, config):
    """Add every page the edition generates, and make the navigation, both from the one list of
    pages (edition/site/registry.py): a page the navigation does not list is reached from another."""
    ready = _prepared(config)
    pages = ready.pages
    for page in pages:
        if page.markdown is not None:
            files.append(File.generated(config, page.address, content=page.markdown,
                                        inclusion=InclusionLevel.UNDEFINED if page.section is not None
                                        else InclusionLevel.NOT_IN_NAV))
    beside = site_files(ready.edition)  # the citation files, the versions' snapshots, robots.txt
    for path, text in beside.items():
        files.append(File.generated(config, path, content=text))
    config["nav"] = navigation(pages, Path(config.docs_dir))
    # A page links only to pages that rows give (or to the files published beside them).
    unknown = dangling(pages, [*beside, *published_files(ready.edition)])
    if unknown:
        raise PluginError("Pages link to pages the list of pages does not give (edition/site/registry.py):\n"
                          + "\n".join(f"  {page}: the link {link} leads to no page of the site. What to do: give that "
                                      "page a row in PAGES, or do not link it" for page, link in unknown))
    # A redirect may neither stand where a page is published nor lead to a page that is not.
    path = _root(config) / "content" / "redirects.yml"
    if path.exists():
        published = {f.url for f in files.documentation_pages()}
        problems = shadowed(read_redirects(path), published, path.read_text(encoding="utf-8"))
        if problems:
            raise PluginError("The edition's content has errors:\n" + "\n".join(f"  {e}" for e in problems))
    # make serve: which pages to render again (macros/serving.py)
    serving.mark(files, config, {p.address: p.markdown for p in pages if p.markdown is not None}, time.time())
    return files


def on_env(env, config, files):
    """The theme's templates, compiled, kept in the build's cache (edition/framework/templating.py) under
    the pinned packages and mkdocs.yml: a warm build and each rebuild of make serve read them back.
    Every page is rendered by now, none written: a page whose HTML the policy refuses stops the build here
    (on_page_content)."""
    judged = dict(_JUDGED)
    _JUDGED.clear()
    problems = page_errors(judged, lambda text, page: written_where(_root(config), text, page))
    if problems:
        raise PluginError("The edition's content has errors:\n" + "\n".join(f"  {e}" for e in problems))
    env.bytecode_cache = bytecode_cache("theme", Path(config.config_file_path).read_bytes())
    return env


def on_nav(nav, config, files):
    """The pages' HTML is kept in the build's cache and reused while nothing it is made from changed
    (macros/rendered.py): this build's site, as every page's rendering sees it."""
    rendered.start(config, files)
    return nav


def on_page_markdown(markdown, page, config, files):
    """A page whose HTML the cache holds for this Markdown is not rendered again (macros/rendered.py)."""
    rendered.reuse(markdown, page, files)
    return markdown


def on_page_content(html, page, config, files):
    """Each law's heading (visually hidden, for search and screen readers) stays out of the page's
    table of contents, which lists the chapter's sections only; a page whose front matter sets
    ``toc_levels`` (the glossary's: its letters, its 147 headwords being reached through the A-Z
    bar) lists its headings to that level only. (What MkDocs rendered is kept first: macros/rendered.py.)
    Each page rendered afresh is judged whole by the HTML policy before anything is written (on_env)."""
    if rendered.fresh(page):
        _JUDGED[page.file.src_uri] = html
    rendered.rendered(page)
    page.toc.items = _without_laws(page.toc.items, page.meta.get("toc_levels"))
    return html


#: The pages rendered in this build, by source, with their HTML: judged whole in on_env.
_JUDGED: dict[str, str] = {}


def _without_laws(items, levels: int | None):
    """The contents without the laws' hidden headings, a lost heading (only a lacuna, anchored
    heading-lost-N by edition/texts/document.py) or headings below *levels*."""
    kept = [item for item in items if not re.fullmatch(r"law-\d+|heading-lost-\d+", item.id)
            and not (levels and item.level > levels)]
    for item in kept:
        item.children = _without_laws(item.children, levels)
    return kept


def on_startup(command, dirty):
    """Once per command (not per build): `mkdocs serve` adds its live-reload script to each page after
    the build, so the pages it serves carry no policy (that script would be refused); every built page
    (make build, the tests) does. `make serve` is dirty: a rebuild renders only the pages that changed
    (macros/serving.py)."""
    serving.start(command, dirty)


def on_serve(server, config, builder):
    """`mkdocs serve`: a refused rebuild is named in the terminal and on every page served (macros/serving.py)."""
    return serving.guard(server)


def on_post_build(config):
    """Write the JSON data, and the redirects of moved addresses."""
    ed = _load(config)
    site = Path(config.site_dir)
    (site / "data").mkdir(exist_ok=True)
    for name, doc in data.documents(ed).items():
        atomic.write(site / "data" / name, json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    _write_redirects(_root(config) / "content" / "redirects.yml", site)
    _reproducible_sitemap(site)
    _tune_search_index(site, ed, config)
    if not serving.STATE.active:
        _with_csp(site, config)
        try:
            downloads.write_previews(ed, site)  # the preview images the pages' heads name (og:image)
        except EditionError as exc:  # set in the edition's own type: its fonts missing, named in one line
            raise PluginError(f"The preview images cannot be made:\n  {exc}") from None
    # The downloads (PDF, EPUB, TEI, the site offline), made from the finished site; `mkdocs serve`
    # leaves them out, and its downloads page says so (as does a build with EDITION_DOWNLOADS=0:
    # bench/downloads.py measures what they add to a build).
    if not serving.STATE.active and os.environ.get("EDITION_DOWNLOADS", "1") != "0":
        try:
            if downloads.write(ed, site):  # an edition without a version names no file, and has no downloads/
                atomic.write(site / DOWNLOADS_SITEMAP, downloads_sitemap(ed))
        except EditionError as exc:
            raise PluginError(f"The downloads cannot be made:\n  {exc}") from None
    else:
        # No files: the pages' heads name none (citation_pdf_url, <link rel="alternate">).
        _without_downloads(site)
    # The permanent addresses: every one in content/anchors.lock is still made, or redirected.
    missing = lost(site, permanent_pages(_prepared(config).pages), _root(config))
    if missing:
        raise PluginError("The edition's content has errors:\n" + "\n".join(f"  {e}" for e in missing))
    serving.built()
    rendered.finished()


def _without_downloads(site: Path) -> None:
    """Every page's head without the links to the downloads, in a build that does not make them."""
    for path in sorted(site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        if DOWNLOAD_MARK in html:
            atomic.write(path, without_downloads(html))


def _with_csp(site: Path, config) -> None:
    """Every page of the built site, the redirect pages and 404.html among them, carries the site's
    Content-Security-Policy (edition/site/csp.py); a page with an inline script that neither the
    theme's templates nor the edition's write stops the build."""
    pages = {path: path.read_text(encoding="utf-8") for path in sorted(site.rglob("*.html"))}
    known = known_scripts([*config.theme.dirs, _root(config) / "templates" / "pages"])
    unknown = unknown_scripts({str(p.relative_to(site)): text for p, text in pages.items()}, known)
    if unknown:
        raise PluginError("The built site has inline scripts no template writes:\n" + "\n".join(
            f"  {page}: an inline script no template writes ({opening}). What to do: remove it; the site runs "
            "only its own files and the theme's scripts (edition/site/csp.py)" for page, opening in unknown))
    site_policy = policy(pages.values())
    for path, page in pages.items():
        atomic.write(path, with_csp(page, site_policy))


def _tune_search_index(site: Path, ed, config) -> None:
    """The search index, written by the search plugin just before (hooks run after the plugins), tuned
    for a reader's questions and made small (edition/site/search_index.py): the laws at their own
    pages, the thesaurus's words added, each long section indexed by its words and weighed by its length.
    Under `make serve`, the pages not rendered again keep their entries (macros/serving.py)."""
    path = site / "search" / "search_index.json"
    if path.exists():
        # Merged before tuning: the tuning weighs each entry against the whole index.
        index = serving.search_index(json.loads(path.read_text(encoding="utf-8")), config)
        index = tune(index, ed.laws, ed.synonyms, ed.situations)
        text = json.dumps(index, separators=(",", ":"), ensure_ascii=False)
        over = search_index_error(text.encode("utf-8"), {"content/synonyms.yml": len(ed.synonyms or ()),
                                                         "content/situations.yml": len(ed.situations or ())})
        if over is not None:  # the budget (edition/texts/budgets.py)
            raise PluginError(f"The edition's content has errors:\n  {over}")
        atomic.write(path, text)


def _reproducible_sitemap(site: Path) -> None:
    """sitemap.xml.gz again, with no time in its gzip header: MkDocs stamps it with the build's date,
    so that builds of the same content differed (the sitemap itself has no <lastmod>: templates/theme)."""
    sitemap = site / "sitemap.xml"
    if sitemap.exists():
        raw = io.BytesIO()
        with gzip.GzipFile(fileobj=raw, filename="sitemap.xml", mode="wb", mtime=0) as gz:
            gz.write(sitemap.read_bytes())
        atomic.write(site / "sitemap.xml.gz", raw.getvalue())


def _write_redirects(path: Path, site: Path) -> None:
    """content/redirects.yml: a moved page gets a redirect page at its old address; a renamed
    anchor stays as an alias just before its new place on the same page."""
    # Every address was checked when read (edition/model/anchors.py: relative site addresses, no '..', no
    # chain or loop, an anchor's alias on its own page) and against the pages (on_files); each file is
    # still resolved and written only if it lies inside the site folder.
    inside = site.resolve()
    for old, new in read_redirects(path).items():
        old_page, _, old_anchor = old.partition("#")
        new_page, _, new_anchor = new.partition("#")
        target = (site / (new_page if old_anchor else old_page) / "index.html").resolve()
        if inside not in target.parents:
            raise PluginError(f"content/redirects.yml: the redirect '{old}' would write {target}, outside the "
                              "site. What to do: write a relative address of this site")
        if old_anchor:
            html = target.read_text(encoding="utf-8")
            if f'<span id="{html_escape(old_anchor)}" class="anchor-alias"></span>' in html:
                continue  # a page `make serve` did not render again keeps its alias
            html, count = re.subn(rf'(<[a-z0-9]+\b[^>]*\bid="{re.escape(new_anchor)}")',
                                  rf'<span id="{html_escape(old_anchor)}" class="anchor-alias"></span>\1', html,
                                  count=1)
            if not count:
                raise PluginError(f"content/redirects.yml:{line_of(path.read_text(encoding='utf-8'), old)}: the "
                                  f"redirect '{old}' leads to #{new_anchor}, which {new_page} does not have. What to "
                                  "do: lead it to an anchor the page publishes")
            atomic.write(target, html)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            rel = "../" * old_page.strip("/").count("/") + "../" + new
            atomic.write(target, moved_html(rel, new))
