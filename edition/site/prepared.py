"""The edition and its generated pages, as one build needs them: kept in the cache between builds.

What a build makes before MkDocs renders anything (the checked edition, ``load_edition``, and the
Markdown of every page it generates, ``registry.site_pages``) depends on the files under ``content/``,
the templates of ``templates/pages/``, the site's address and the code. Kept in the disk cache
(edition/framework/cache.py) under a key made of all of them, a build in which none changed reads
it back in a few hundredths of a second; when one changed, the edition is loaded again, and its
own costly steps (the engine's results, each chapter's alignment) still come
from the cache where their own inputs did not change.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from ..framework.cache import MISSING, Cache
from ..framework.engine_calls import EngineCalls
from ..framework.templating import TEMPLATES
from ..model.edition import Edition, load_edition
from ..texts.files import walk
from .registry import Page, site_pages


@dataclass
class Prepared:
    edition: Edition
    pages: list[Page]  # every page of the site (edition/site/registry.py), its Markdown made


def prepare(root: Path, site_url: str, cache: Cache) -> Prepared:
    """The checked edition under *root* and its pages; raises ``EditionErrors`` as ``load_edition`` does.

    One entry a project and address (the last one made), holding the digest of the inputs it was
    made from: an edit under ``make serve`` replaces it rather than adding one of some megabytes."""
    cache.prune()
    # The files walked first, at every build (edition/texts/files.py): a named pipe or a link has no content
    # the key can see; where one breaks a rule, the edition is loaded, which names it among its errors.
    _, refused = walk(root)
    key = None if refused else cache.key(prepare, (str(Path(root).resolve()), site_url))
    inputs = "" if refused else inputs_digest(root)
    kept = cache.get(key)
    if kept is not MISSING and isinstance(kept, tuple) and len(kept) == 2 and kept[0] == inputs \
            and isinstance(kept[1], Prepared):
        made = kept[1]
        made.edition.engine_calls = EngineCalls(cache)  # a call made after the load (none is) is made, or read
        return made
    edition = load_edition(root, site_url, cache=cache)
    made = Prepared(edition, site_pages(edition))
    cache.put(key, (inputs, made))
    return made


def inputs_digest(root: Path) -> str:
    """One digest of every file the edition and its pages are made from, but the code (which the
    cache's key names): the files under *root*/content and templates/pages."""
    digest = hashlib.sha256()
    for folder in (Path(root) / "content", TEMPLATES):
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            data = path.read_bytes()
            digest.update(f"{path.relative_to(folder)}\0{len(data)}\0".encode())
            digest.update(hashlib.sha256(data).digest())
        digest.update(b"\1")
    return digest.hexdigest()
