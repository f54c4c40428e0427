"""What ``make serve`` keeps from one build to the next, so that a rebuild renders only what changed.

``make serve`` runs ``mkdocs serve --dirty``: MkDocs then renders a page again only when its file
says it was modified, and leaves the others' HTML, written by an earlier build of the same server,
in place. Which pages are modified is decided here, before MkDocs reads them (``mark``):

- every page, at the first build, and whenever something every page shows may have changed: the
  navigation (a page added or retitled), the config's ``extra`` (the version in the footer),
  ``mkdocs.yml``, the theme's templates (``templates/theme/``), the hooks and macros (``macros/``);
- else, a page the edition generates when its Markdown differs from the last build's (an edited
  chapter, and any other page the edit changes: the glossary's uses of a term, the concordance's
  quotations ...);
- a page of ``site_src/`` when its file is newer than the last build, and always the few that call
  macros (``render_macros: true``), since those show figures of the whole edition.

The search index MkDocs writes then holds only the pages rendered; ``search_index`` sets them among
the other pages' entries of the last build, in the order of a full build. Everything else a build
writes (the JSON data, the redirects, the sitemap) is written whole each time. The state lives in
this module, not in the hooks, because MkDocs loads the hooks file afresh for each build.
``mkdocs build`` is never dirty: every page is rendered, as before.
"""
from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

# MkDocs warns on every dirty build that links may be wrong (it cannot know what a page depends
# on); here a change to anything every page shows renders every page, so the warning, which would
# stop a --strict build, is let through only when the server is not the edition's own.
DIRTY_WARNING = "A 'dirty' build is being performed"
_MACROS = re.compile(r"^render_macros:\s*true\s*$", re.MULTILINE)


@dataclass
class Serving:
    active: bool = False  # mkdocs serve (the hooks add no Content-Security-Policy)
    dirty: bool = False  # mkdocs serve --dirty: a rebuild renders only the pages marked here
    built_at: float = 0.0  # when the last build that succeeded read its pages (site_src pages' times)
    signature: str = ""  # what every page shows, at the last build that succeeded
    digests: dict[str, str] = field(default_factory=dict)  # generated page -> its Markdown's digest, then
    search: dict[str, list[dict]] = field(default_factory=dict)  # page url -> its search entries, then
    pending: tuple = ()  # this build's (built_at, signature, digests), kept when it succeeds
    rendered: set[str] = field(default_factory=set)  # the urls of the pages this build renders
    order: list[str] = field(default_factory=list)  # the urls of every page, in the order MkDocs builds them


STATE = Serving()


class _DirtyNotice(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not (STATE.dirty and STATE.active and str(record.msg).startswith(DIRTY_WARNING))


_NOTICE = _DirtyNotice()


def start(command: str, dirty: bool) -> None:
    """At the server's start (MkDocs' on_startup, called once, not for each build)."""
    STATE.active = command == "serve"
    STATE.dirty = dirty and STATE.active
    STATE.signature, STATE.digests, STATE.search = "", {}, {}
    build_log = logging.getLogger("mkdocs.commands.build")
    if _NOTICE not in build_log.filters:
        build_log.addFilter(_NOTICE)


def mark(files, config, generated: dict[str, str], started: float) -> None:
    """Give each page's file the answer to MkDocs' question "modified?" (see the module's docstring).

    *generated* maps each generated page's path to its Markdown; *started* is when this build began."""
    if not STATE.dirty:
        return
    root = Path(config.config_file_path).resolve().parent
    signature = _signature(root, config)
    everything = signature != STATE.signature
    digests = {uri: hashlib.sha256(text.encode("utf-8")).hexdigest() for uri, text in generated.items()}
    STATE.rendered = set()
    for file in files.documentation_pages():
        if file.src_uri in generated:
            modified = everything or digests[file.src_uri] != STATE.digests.get(file.src_uri)
        else:
            modified = everything or _newer(file.abs_src_path, STATE.built_at) or _calls_macros(file.abs_src_path)
        file.is_modified = (lambda: True) if modified else (lambda: False)
        if modified:
            STATE.rendered.add(_location(file.url))
    STATE.order = [_location(file.url) for file in files.documentation_pages()]
    STATE.pending = (started, signature, digests)


def built() -> None:
    """The build succeeded: what it rendered is what the next build compares with."""
    if STATE.dirty and STATE.pending:
        STATE.built_at, STATE.signature, STATE.digests = STATE.pending
        STATE.pending = ()


def search_index(index: dict, config) -> dict:
    """The search index of a build, as the search plugin wrote it: under a dirty server, the entries of the pages this
    build rendered set among the last build's entries of the others, in the order of a full build."""
    if not STATE.dirty:
        return index
    for plugin in config.plugins.values():
        # Material's search merges the last index in its own way (it expects one page rendered);
        # this merge replaces it, so it is given none.
        if hasattr(plugin, "search_index_prev"):
            plugin.search_index_prev = None
    fresh: dict[str, list[dict]] = {}
    for doc in index["docs"]:
        fresh.setdefault(doc["location"].split("#")[0], []).append(doc)
    kept = {url: docs for url, docs in STATE.search.items() if url not in STATE.rendered}
    merged = {**kept, **fresh}
    STATE.search = {url: merged[url] for url in STATE.order if url in merged}
    return {**index, "docs": [doc for docs in STATE.search.values() for doc in docs]}


def _location(url: str) -> str:
    """A page's url as the search index's locations begin (the home page's "./" is "")."""
    return "" if url == "./" else url


def _signature(root: Path, config) -> str:
    watched = [root / "mkdocs.yml", *sorted((root / "templates" / "theme").rglob("*")),
               *sorted((root / "macros").glob("*.py"))]
    stamps = [(str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in watched if p.is_file()]
    return hashlib.sha256(repr((config["nav"], dict(config["extra"]), stamps)).encode()).hexdigest()


def _newer(path: str | None, than: float) -> bool:
    try:
        return path is None or Path(path).stat().st_mtime > than
    except OSError:
        return True


def _calls_macros(path: str | None) -> bool:
    try:
        return path is not None and bool(_MACROS.search(Path(path).read_text(encoding="utf-8")[:2000]))
    except OSError:
        return True
