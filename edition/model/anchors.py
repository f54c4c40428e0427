"""Permanent addresses: every anchor and short URL the edition publishes, and the lock on them.

The addresses are the reading texts' pages and their anchors (laws, paragraphs, printed pages,
section headings), the figures and deals pages with every anchor on them, and the laws' short URLs.

The lock file (content/anchors.lock) lists every published address, one a line. An address may
disappear only with a redirect (content/redirects.yml): the build checks the site it made against
the lock (``lost``, called by the hooks after the build), and a test does too.
``python -m edition.model.anchors SITE`` prints the addresses of a built site.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from ..texts.addresses import CHANGES, DEALS, FIGURES, METHOD, SITUATIONS, page_url
from ..texts.datafiles import parse, read_text
from ..texts.errors import EditionError

# Which ids on a page of edition text are published addresses: laws, paragraphs, printed
# pages, and the headings (h1-h3) that carry the book's own section titles.
LOCKED_ID = re.compile(r"^(law-\d+|para-\d+|p-\d+)$")
_ID = re.compile(r'<(h[1-3]|[a-z0-9]+)\b[^>]*\bid="([^"]+)"')
# Generated pages that are not edition text but whose every anchor is published too (a finding, a
# computed table, a deal's hands): the figures page, its method, the deals replayed, the changes
# between versions (a version's heading: edition/changes/#version-1-0) and the situations at the
# table (situations/#card-exposed-in-the-deal). The theme's own ids (__drawer, __nav_3 ...) start
# with "__" and are not addresses.
OTHER_PAGES = tuple(page_url(uri) for uri in (FIGURES, METHOD, DEALS, CHANGES, SITUATIONS))


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
    for url in OTHER_PAGES:
        page = site / url / "index.html"
        if page.exists():
            addresses.add(url)
            addresses.update(f"{url}#{anchor}" for _tag, anchor in _ID.findall(page.read_text(encoding="utf-8"))
                             if not anchor.startswith("__"))
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


def read_redirects(path: Path, name: str = "content/redirects.yml") -> dict[str, str]:
    """content/redirects.yml: {old address: new address} (none when a project has no such file)."""
    if not path.exists():
        return {}
    return {str(k): str(v) for k, v in parse(read_text(path, name), name, dict).items()}


LOCK = "content/anchors.lock"


def lost(site: Path, works: list[str], root: Path) -> list[EditionError]:
    """Each address of the lock that the built *site* no longer publishes and no redirect maps."""
    lock_path = root / LOCK
    if not lock_path.exists():
        return []
    made = set(published(site, works))
    redirects = read_redirects(root / "content" / "redirects.yml")
    errors = []
    for n, line in enumerate(read_text(lock_path, LOCK).splitlines(), 1):
        address = line.strip()
        if address and not address.startswith("#") and address not in made and address not in redirects:
            errors.append(EditionError(LOCK, n, f"the published address {address} is no longer produced",
                                       "restore what made it (a heading's words, a law, a paragraph, a page), "
                                       "or map it to its new address in content/redirects.yml"))
    return errors


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
