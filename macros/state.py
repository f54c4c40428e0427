"""The edition, loaded once per build and shared by the hooks and the macros.

Reloaded when any file under content/ changes (so ``mkdocs serve`` picks up edits).
"""
from __future__ import annotations

from pathlib import Path

from edition.model.edition import Edition, EditionErrors, load_edition

ROOT = Path(__file__).resolve().parent.parent
_cache: dict[str, tuple[tuple, Edition]] = {}


def _signature(root: Path) -> tuple:
    content = root / "content"
    return tuple(sorted((str(p), p.stat().st_mtime_ns, p.stat().st_size)
                        for p in content.rglob("*") if p.is_file()))


def edition(root: Path = ROOT, site_url: str = "http://127.0.0.1:8000/") -> Edition:
    """The checked edition under *root*; raises EditionErrors listing every problem."""
    sig = _signature(root) + (site_url,)
    cached = _cache.get(str(root))
    if cached and cached[0] == sig:
        return cached[1]
    ed = load_edition(root, site_url)
    _cache[str(root)] = (sig, ed)
    return ed


__all__ = ["edition", "EditionErrors", "ROOT"]
