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

A rebuild may be refused after it has written some pages (the lock of permanent addresses, the
redirects and the downloads are checked after the pages are rendered). What the next build compares
with stays the last build that succeeded; and every page a refused build began to render is
*unsettled*: the next build renders it again, whatever its Markdown, so that a fix that restores the
last good text does not leave the refused page served (the server was stuck until restarted). The
refusal itself is named (``guard``, on the server MkDocs gives the hooks): in the terminal, in one
line after MkDocs' own message (no traceback), and at the foot of every page the server serves until
a rebuild succeeds, with the messages the refused build logged (file, line and what to do). Nothing
is written into the site for it: the server adds it to each page as it adds its live-reload script.
(Unlike ``make build``, which publishes only a whole build, the server's folder may hold pages the
refused build wrote until the next build renders them again: the notice says so.)
"""
from __future__ import annotations

import hashlib
import logging
import re
import traceback
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from mkdocs.exceptions import MkDocsException

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
    unsettled: set[str] = field(default_factory=set)  # pages a build began to render and did not finish well
    refusal: list[str] = field(default_factory=list)  # what the last rebuild, refused, logged ([]: it succeeded)


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
    STATE.unsettled, STATE.refusal = set(), []
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
        if file.src_uri in STATE.unsettled:
            modified = True  # a refused build may have written it
        elif file.src_uri in generated:
            modified = everything or digests[file.src_uri] != STATE.digests.get(file.src_uri)
        else:
            modified = everything or _newer(file.abs_src_path, STATE.built_at) or _calls_macros(file.abs_src_path)
        file.is_modified = (lambda: True) if modified else (lambda: False)
        if modified:
            STATE.rendered.add(_location(file.url))
            STATE.unsettled.add(file.src_uri)  # until this build succeeds
    STATE.order = [_location(file.url) for file in files.documentation_pages()]
    STATE.pending = (started, signature, digests)


def built() -> None:
    """The build succeeded: what it rendered is what the next build compares with."""
    if STATE.dirty and STATE.pending:
        STATE.built_at, STATE.signature, STATE.digests = STATE.pending
        STATE.pending = ()
    STATE.unsettled = set()


class _Logged(logging.Handler):
    """What a build logs as a warning or an error: the messages a refusal shows."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if _NOTICE.filter(record):
            self.lines.extend(line.strip() for line in record.getMessage().splitlines() if line.strip())


log = logging.getLogger("mkdocs.serving")  # (the edition's line, among MkDocs' own)
_REFUSALS = (MkDocsException,)  # a build refused (its messages logged), not a fault of the code


def guard(server):
    """The server's rebuilds (MkDocs' on_serve): a refused rebuild is named in the terminal and on every page
    served until one succeeds; the server goes on serving the last good build (see the module's docstring)."""
    builder = server.builder

    def rebuild(*args, **kwargs) -> None:
        logged = _Logged()
        logger = logging.getLogger("mkdocs")
        logger.addHandler(logged)
        try:
            builder(*args, **kwargs)
            STATE.refusal = []
            return
        except Exception as exc:  # noqa: BLE001 (a refusal, or a fault of the code: both are shown, the server goes on)
            if not isinstance(exc, _REFUSALS):
                traceback.print_exc()  # a fault of the code, not of the content: its traceback helps whoever fixes it
            STATE.refusal = logged.lines or [f"{type(exc).__name__}: {exc}"]
        finally:
            logger.removeHandler(logged)
        log.error("The rebuild was refused (the messages above say why); the server goes on, and shows the refusal "
                  "at the foot of every page until a rebuild succeeds. What to do: correct what the messages name "
                  "and save: the next build renders again every page the refused one began")
        # (returning, the server reloads the browsers, which show the refusal)

    inject = server._inject_js_into_html

    def with_refusal(content: bytes, epoch: int) -> bytes:
        page = inject(content, epoch)
        if not STATE.refusal:
            return page
        end = page.rfind(b"</body>")
        end = len(page) if end < 0 else end
        return page[:end] + refusal_html(STATE.refusal).encode("utf-8") + page[end:]

    server.builder = rebuild
    server._inject_js_into_html = with_refusal
    return server


def refusal_html(lines: list[str]) -> str:
    """The notice of a refused rebuild, as the server adds it to each page (no policy applies under the server)."""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return ('<aside role="alert" id="ed-refused" style="position:fixed;left:0;right:0;bottom:0;z-index:100;'
            "max-height:45vh;overflow:auto;margin:0;padding:.8em 1.2em;background:#8b0000;color:#fff;"
            'font:14px/1.45 system-ui,sans-serif"><p style="margin:0 0 .4em;font-weight:700">The last save was '
            "refused, and the site was not rebuilt: correct what is named below and save again (until then, a page "
            "may be the last good build's or one the refused build wrote)."
            f'</p><ul style="margin:0;padding-left:1.2em;font-family:monospace">{items}</ul></aside>')


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
