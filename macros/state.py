"""The edition and its generated pages, prepared once per build and shared by the hooks and the macros.

Prepared again when any file under content/ or templates/pages/ changes (so ``mkdocs serve`` picks up edits); between
builds, and between ``make build`` and ``make serve``, they are kept in the disk cache
(edition/site/prepared.py, edition/framework/cache.py).
"""
from __future__ import annotations

import gc
from pathlib import Path

from edition.framework.cache import from_environment
from edition.framework.templating import TEMPLATES
from edition.model.edition import Edition, EditionErrors
from edition.site.prepared import Prepared, prepare
from edition.texts.files import walk

ROOT = Path(__file__).resolve().parent.parent
_cache: dict[str, tuple[tuple, Prepared]] = {}
_frozen = False  # whether this process froze a prepared edition (below)


def _signature(root: Path) -> tuple:
    return tuple(sorted((str(p), p.stat().st_mtime_ns, p.stat().st_size)
                        for folder in (root / "content", TEMPLATES) for p in folder.rglob("*") if p.is_file()))


def prepared(root: Path = ROOT, site_url: str = "http://127.0.0.1:8000/") -> Prepared:
    """The checked edition under *root* and its pages; raises EditionErrors listing every problem."""
    sig = _signature(root) + (site_url,)
    cached = _cache.get(str(root))
    # content/ and site_src/ are walked at every build (edition/texts/files.py): the signature does not see a
    # named pipe, a link out of the repository or a name with an invisible character; the load names them.
    if cached and cached[0] == sig and not walk(root)[1]:
        return cached[1]
    global _frozen
    if _frozen:
        # `make serve`, after an edit: what the first build froze is thawed (its garbage collected as
        # usual), and the edition made again as any other objects are.
        gc.unfreeze()
        made = prepare(root, site_url, from_environment())
    else:
        # The first edition a process prepares is some 120,000 objects (and their strings) that live as
        # long as the build: made with the cycle collector off and then frozen out of its reach
        # (gc.freeze), it is never walked again while MkDocs renders the pages. (What little garbage
        # its making left is kept with it: frozen once a process, never again, so that a server does
        # not pile it up.)
        collecting = gc.isenabled()
        gc.disable()
        try:
            made = prepare(root, site_url, from_environment())
        finally:
            if collecting:
                gc.enable()
        gc.freeze()
        _frozen = True
    _cache[str(root)] = (sig, made)
    return made


def edition(root: Path = ROOT, site_url: str = "http://127.0.0.1:8000/") -> Edition:
    """The checked edition under *root*; raises EditionErrors listing every problem."""
    return prepared(root, site_url).edition


__all__ = ["edition", "prepared", "EditionErrors", "ROOT"]
