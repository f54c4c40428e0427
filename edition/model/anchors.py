"""Permanent addresses: every anchor and short URL the edition publishes, and the lock on them.

The addresses are the reading texts' pages and their anchors (laws, paragraphs, printed pages,
section headings), the figures and deals pages with every anchor on them, the laws' short URLs, and
each situation's own page with the guided pages that lead to it.

The lock file (content/anchors.lock) lists every published address, one a line. An address may
disappear only with a redirect (content/redirects.yml): the build checks the site it made against
the lock (``lost``, called by the hooks after the build), and a test does too.
``python -m edition.model.anchors SITE`` prints the addresses of a built site.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from ..texts.addresses import CHANGES, DEALS, FIGURES, METHOD, SITUATIONS, WHAT_HAPPENED, page_url
from ..texts.datafiles import parse, read_text, schema_for
from ..texts.errors import EditionError, EditionErrors, line_of

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
    # Each situation's own page (situations/<slug>/: the ruling a player links and shares) and the guided
    # way to them (what-happened/ and its step for each phase of play).
    for folder in (page_url(SITUATIONS), page_url(WHAT_HAPPENED)):
        if (site / folder / "index.html").exists():
            addresses.add(folder)
        addresses.update(f"{folder}{page.parent.name}/" for page in (site / folder).glob("*/index.html"))
    return sorted(addresses, key=_natural)


def _natural(s: str) -> list:
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", s)]


def read_lock(path: Path) -> list[str]:
    if not path.exists():
        return []
    return [line.strip() for line in read_text(path, LOCK).splitlines()
            if line.strip() and not line.startswith("#")]


def read_redirects(path: Path, name: str = "content/redirects.yml") -> dict[str, str]:
    """content/redirects.yml: {old address: new address} (none when a project has no such file), each a
    relative site address (``ADDRESS``), none leading to an address that is itself redirected; every
    redirect that breaks a rule is an error at its line (EditionErrors)."""
    if not path.exists():
        return {}
    schema = schema_for(path.parents[1], name)  # path: <root>/content/redirects.yml
    raw = read_text(path, name)
    redirects = {str(k): str(v) for k, v in parse(raw, name, dict, schema=schema).items()}
    errors = [EditionError(name, line_of(raw, old), problem, advice)
              for old, problem, advice in redirect_problems(redirects)]
    if errors:
        raise EditionErrors(errors)
    return redirects


#: A site address as a redirect writes it: folders of lower-case words, digits and hyphens, each ending
#: in "/", and an anchor after "#" of letters, digits, hyphens and underscores. Nothing else: no "..",
#: no "/" at the start, no scheme or host, no query, no quote or space.
ADDRESS = re.compile(r"(?:[a-z0-9][a-z0-9-]*/)+(?:#[A-Za-z0-9][A-Za-z0-9_-]*)?")
ADDRESS_ADVICE = ("write a relative address of this site, like foster/laws/ or foster/laws/#law-19 (lower-case "
                  "words, digits and hyphens, each folder ending in /)")


def _not_an_address(address: str) -> str:
    """Why *address* is not a site address ("" when it is one).

    >>> for a in ("foster/laws/", "../../x/", "/etc/", "https://e.org/", "a/#x onmouseover=1"):
    ...     print(repr(_not_an_address(a)))
    ''
    "it climbs out of the site ('..')"
    'it is an absolute path'
    'it names a scheme or another host'
    'it is not of the form of a site address'
    """
    if ADDRESS.fullmatch(address):
        return ""
    if ".." in address.split("#")[0]:
        return "it climbs out of the site ('..')"
    if ":" in address or address.startswith("//"):
        return "it names a scheme or another host"
    if address.startswith("/") or address.startswith("\\"):
        return "it is an absolute path"
    return "it is not of the form of a site address"


def redirect_problems(redirects: dict[str, str]) -> list[tuple[str, str, str]]:
    """What is wrong with each redirect: (old address, problem, advice).

    >>> redirect_problems({"a/": "b/", "b/": "a/"})[0][1]
    "the redirect 'a/' leads to 'b/', which is itself redirected (a/ → b/ → a/: a loop)"
    """
    found = []
    in_a_loop: set[str] = set()  # a loop is one cause: named once, at its first redirect
    for old, new in redirects.items():
        if old in in_a_loop:
            continue
        for which, address in (("old", old), ("new", new)):
            why = _not_an_address(address)
            if why:
                found.append((old, f"the redirect's {which} address '{address}' is not a site address: {why}",
                              ADDRESS_ADVICE))
        if any(why for why in (_not_an_address(old), _not_an_address(new))):
            continue
        old_page, _, old_anchor = old.partition("#")
        new_page, _, _ = new.partition("#")
        if old_anchor and old_page != new_page:
            found.append((old, f"the redirect '{old}' moves an anchor to another page ({new_page})",
                          "redirect the anchor to a new anchor on its own page (it stays there as an alias), "
                          "or redirect the whole page"))
        elif new in redirects:
            chain, at = [old], new
            while at in redirects and at not in chain:
                chain.append(at)
                at = redirects[at]
            loop = at in chain
            if loop:
                in_a_loop.update(chain)
            found.append((old, f"the redirect '{old}' leads to '{new}', which is itself redirected "
                          f"({' → '.join([*chain, at])}{': a loop' if loop else ''})",
                          "lead every redirect straight to an address the site publishes"))
    return found


def shadowed(redirects: dict[str, str], pages: set[str], raw: str, name: str = "content/redirects.yml"
             ) -> list[EditionError]:
    """The redirects that would stand where the site publishes a page, or lead to a page it does not
    publish; *pages* are the published pages' addresses ("foster/laws/", "glossary/")."""
    errors = []
    for old, new in redirects.items():
        old_page, _, old_anchor = old.partition("#")
        new_page, _, _ = new.partition("#")
        if not old_anchor and old_page in pages:
            errors.append(EditionError(name, line_of(raw, old), f"the redirect's old address {old} is a page the "
                                       "site publishes: its redirect page would replace it",
                                       "remove the redirect, or give the page that is there another address"))
        if new_page not in pages:
            errors.append(EditionError(name, line_of(raw, old), f"the redirect '{old}' leads to {new_page}, a page "
                                       "the site does not publish", "lead it to an address the site publishes"))
    return errors


LOCK = "content/anchors.lock"


def lost(site: Path, works: list[str], root: Path) -> list[EditionError]:
    """Each address of the lock that the built *site* no longer publishes and no redirect maps; and each
    address of the lock as last committed (git) that was deleted from the lock and is not published
    either, so that deleting its line does not let an address disappear."""
    lock_path = root / LOCK
    if not lock_path.exists():
        return []
    made = set(published(site, works))
    redirects = read_redirects(root / "content" / "redirects.yml")
    errors = []
    lines = read_text(lock_path, LOCK).splitlines()
    for n, line in enumerate(lines, 1):
        address = line.strip()
        if address and not address.startswith("#") and address not in made and address not in redirects:
            errors.append(EditionError(LOCK, n, f"the published address {address} is no longer produced",
                                       "restore what made it (a heading's words, a law, a paragraph, a page), "
                                       "or map it to its new address in content/redirects.yml"))
    kept = {line.strip() for line in lines}
    for n, line in enumerate(committed_lock(root), 1):
        address = line.strip()
        if address and not address.startswith("#") and address not in kept and address not in made \
                and address not in redirects:
            errors.append(EditionError(LOCK, None, f"the published address {address} (line {n} of the lock as "
                                       "last committed) was deleted from the lock, and the site no longer "
                                       "produces it", "put the line back and restore what made the address, or "
                                       "map it to its new address in content/redirects.yml"))
    return errors


def committed_lock(root: Path) -> list[str]:
    """The lines of content/anchors.lock as last committed (git's HEAD), or none where *root* is not a
    git checkout (a copy, a test's fixture) or git is not there."""
    try:
        proc = subprocess.run(["git", "-C", str(root), "show", f"HEAD:./{LOCK}"], capture_output=True, timeout=30,
                              check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    if proc.returncode != 0:
        return []
    try:
        return proc.stdout.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        return []


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
