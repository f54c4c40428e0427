"""Permanent addresses: every anchor and short URL the edition publishes, and the lock on them.

The lock file (content/anchors.lock) lists every published address, one a line. An address may
disappear only with a redirect (content/redirects.yml): a test compares the built site with the
lock. ``python -m edition.anchors SITE`` prints the addresses of a built site.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from .yamltext import safe_load

# Which ids on a page of edition text are published addresses: laws, paragraphs, printed
# pages, and the headings (h1-h3) that carry the book's own section titles.
LOCKED_ID = re.compile(r"^(law-\d+|para-\d+|p-\d+)$")
_ID = re.compile(r'<(h[1-3]|[a-z0-9]+)\b[^>]*\bid="([^"]+)"')


def published(site: Path, works: list[str]) -> list[str]:
    """Every permanent address in a built site: page#anchor lines, and the short URLs."""
    addresses: set[str] = set()
    for work in works:
        for page in sorted((site / work).glob("*/index.html")):
            url = f"{work}/{page.parent.name}/"
            addresses.add(url)
            for tag, anchor in _ID.findall(page.read_text(encoding="utf-8")):
                if LOCKED_ID.match(anchor) or tag in ("h1", "h2", "h3") and anchor != "editorial-notes":
                    addresses.add(f"{url}#{anchor}")
    for short in sorted((site / "laws").glob("*/index.html")):
        addresses.add(f"laws/{short.parent.name}/")
    return sorted(addresses, key=_natural)


def _natural(s: str) -> list:
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", s)]


def read_lock(path: Path) -> list[str]:
    if not path.exists():
        return []
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def read_redirects(path: Path) -> dict[str, str]:
    """content/redirects.yml: {old address: new address}."""
    if not path.exists():
        return {}
    return {str(k): str(v) for k, v in (safe_load(path.read_text(encoding="utf-8")) or {}).items()}


LOCK_HEADER = """# Every permanent address the edition has published: pages, anchors (laws, paragraphs, printed
# pages, section headings) and short URLs. A test fails if one disappears without a redirect in
# content/redirects.yml, or if the site publishes an address that is not listed here.
# Regenerate after adding text: scripts/anchor-lock (then review the diff: lines may be added,
# never removed without a redirect).
"""


def write_lock(path: Path, addresses: list[str]) -> None:
    path.write_text(LOCK_HEADER + "\n".join(addresses) + "\n", encoding="utf-8")


if __name__ == "__main__":
    print("\n".join(published(Path(sys.argv[1]), sys.argv[2:])))
