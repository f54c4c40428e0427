"""Each page's HTML kept in the build's one cache (edition/framework/cache.py), and reused while nothing
it is made from changed.

MkDocs renders a page's Markdown to HTML (``Page.render``): its content, its table of contents, its
title and the anchors it holds and links to. What that depends on is named in the entry's key, by
the cache's one discipline: the page's Markdown (after the macros), its source and address, the
site's files (every page and file a link may resolve to, and where each is published), the Markdown
extensions and their settings, how links are checked (``validation``), and what runs (the Python and
every installed distribution with its version: a new Python-Markdown makes every page again). When
the cache holds the entry, the page is not rendered: what ``render`` would have set is set from it.

Entries are written only after a build that logged no warning (a strict build stops on one, and
a page that warned must warn again next time), and the state of a build lives here, not in the hooks,
which MkDocs loads afresh for each build.
"""
from __future__ import annotations

import hashlib
import logging
import pickle
from dataclasses import dataclass, field

from edition.framework.cache import Cache, from_environment


class _Warnings(logging.Handler):
    """Counts the warnings MkDocs and its plugins log during a build."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


@dataclass
class _Build:
    cache: Cache = field(default_factory=lambda: Cache(None))
    site: str = ""  # the digest of what every page's rendering depends on beside its own Markdown
    keys: dict[str, str] = field(default_factory=dict)  # page source -> its entry's key, for the pages rendered
    made: dict[str, bytes] = field(default_factory=dict)  # entry key -> what render set, pickled
    warnings: _Warnings = field(default_factory=_Warnings)
    reused: int = 0  # pages whose HTML came from the cache (for the tests and the benchmarks)
    reused_pages: set[str] = field(default_factory=set)  # their sources: judged when they were rendered


STATE = _Build()


def start(config, files) -> None:
    """At the start of a build's pages (MkDocs' on_nav): the cache, and the digest of the site."""
    logger = logging.getLogger("mkdocs")
    logger.removeHandler(STATE.warnings)
    STATE.__init__(from_environment())
    logger.addHandler(STATE.warnings)
    published = sorted((f.src_uri, f.dest_uri, f.url, str(f.inclusion)) for f in files)
    settings = (config["markdown_extensions"], config["mdx_configs"], config["use_directory_urls"],
                dict(config["validation"]))
    STATE.site = hashlib.sha256(repr((published, settings)).encode()).hexdigest()


def reuse(markdown: str, page, files) -> None:
    """Before MkDocs renders *page* (on_page_markdown): from the cache when it holds what rendering
    *markdown* would make, so the page is not rendered again."""
    key = STATE.cache.named("page", markdown, page.file.src_uri, page.file.dest_uri, page.url, STATE.site)
    if key is None:
        return
    kept = STATE.cache.get(key)
    if isinstance(kept, bytes):
        try:
            content, toc, title, anchors, links = pickle.loads(kept)
        except Exception:  # written by other code: rendered again
            content = None
        if content is not None:
            def render(config, files) -> None:
                page.content, page.toc, page._title_from_render = content, toc, title
                page.present_anchor_ids = anchors
                if links is not None:
                    page.links_to_anchors = {files.get_file_from_path(uri): found for uri, found in links.items()}
            page.render = render
            STATE.reused += 1
            STATE.reused_pages.add(page.file.src_uri)
            return
    STATE.keys[page.file.src_uri] = key


def fresh(page) -> bool:
    """Whether MkDocs rendered *page* in this build (its HTML not reused from the cache, which keeps only
    what a build that ended well rendered, and so judged: macros/hooks.py, on_page_content)."""
    return page.file.src_uri not in STATE.reused_pages


def rendered(page) -> None:
    """Right after MkDocs rendered *page* (on_page_content, before any hook changes it): what render set,
    to be kept when the build ends well."""
    key = STATE.keys.pop(page.file.src_uri, None)
    if key is None:
        return
    links = getattr(page, "links_to_anchors", None)
    try:
        STATE.made[key] = pickle.dumps((page.content, page.toc, getattr(page, "_title_from_render", None),
                                        page.present_anchor_ids,
                                        None if links is None else {f.src_uri: v for f, v in links.items()}),
                                       pickle.HIGHEST_PROTOCOL)
    except Exception:  # a page whose rendering cannot be kept is rendered each time
        pass


def finished() -> None:
    """The build is done (on_post_build): its pages kept, if it logged no warning."""
    logging.getLogger("mkdocs").removeHandler(STATE.warnings)
    if not STATE.warnings.count:
        for key, value in STATE.made.items():
            STATE.cache.put(key, value)
    STATE.made = {}
