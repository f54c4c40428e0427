"""Permanent addresses: every page and anchor the edition promises to keep, and the lock on them.

Which pages are permanent, and which of their anchors, is a column of the one list of pages
(``permanent`` in edition/site/registry.py): each row names one of the rules below, or none (a page
that may come and go). ``published`` reads a built site for the addresses those rules make.

The lock file (content/anchors.lock) lists every published address, one a line. An address may
disappear only with a redirect (content/redirects.yml): the build checks the site it made against
the lock (``lost``, called by the hooks after the build), and a test does too. The lock only grows:
``scripts/anchor-lock`` rewrites it from a built site.
"""
from __future__ import annotations

import re
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path

from ..framework import atomic
from ..texts.datafiles import parse, read_text, schema_for
from ..texts.errors import EditionError, EditionErrors, line_of

# Which anchors of a permanent page are permanent addresses too: a rule takes an element's tag and id.
Keeps = Callable[[str, str], bool]

# Ids on a page of edition text that are published addresses: laws, paragraphs, printed pages.
LOCKED_ID = re.compile(r"^(law-\d+|para-\d+|p-\d+)$")
_ID = re.compile(r'<(h[1-3]|[a-z0-9]+)\b[^>]*\bid="([^"]+)"')
_HEADING = ("h1", "h2", "h3")


def no_anchor(tag: str, anchor: str) -> bool:
    """The page's address only (a law's short address, a witness, a situation's own page, the guided
    What happened? pages)."""
    return False


def every_anchor(tag: str, anchor: str) -> bool:
    """Every id on the page (a finding, a computed table, a situation, a glossary entry, a point of the
    concordance) but the theme's own (__drawer, __nav_3 ...).

    >>> every_anchor("p", "finding-odds-for-chances"), every_anchor("input", "__drawer")
    (True, False)
    """
    return not anchor.startswith("__")


def text_anchors(tag: str, anchor: str) -> bool:
    """A page of edition text: its laws, paragraphs and printed pages, and the headings (h1-h3) that carry
    the book's own section titles (not the edition's list of notes).

    >>> text_anchors("h2", "law-19"), text_anchors("p", "para-3"), text_anchors("h2", "editorial-notes")
    (True, True, False)
    """
    return bool(LOCKED_ID.match(anchor)) or tag in _HEADING and anchor != "editorial-notes"


def headings(tag: str, anchor: str) -> bool:
    """The page's headings (h1-h3), not the ids its scripts and forms use (the laws' *Go to law* field)."""
    return tag in _HEADING


def published(site: Path, pages: Iterable[tuple[str, Keeps]]) -> list[str]:
    """Every permanent address in a built *site*: each of *pages* (its address, ``foster/laws/``, and the
    rule of the anchors it keeps) that the site has, and its anchors that the rule keeps."""
    addresses: set[str] = set()
    for url, keeps in pages:
        page = site / url / "index.html"
        if not page.exists():
            continue
        addresses.add(url)
        addresses.update(f"{url}#{anchor}" for tag, anchor in _ID.findall(page.read_text(encoding="utf-8"))
                         if keeps(tag, anchor))
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


def lost(site: Path, pages: Iterable[tuple[str, Keeps]], root: Path) -> list[EditionError]:
    """Each address of the lock that the built *site* no longer publishes (of its permanent *pages*, as
    ``published`` takes them) and no redirect maps; and each address of the lock as last committed (git)
    that was deleted from the lock and is not published either, so that deleting its line does not let
    an address disappear."""
    lock_path = root / LOCK
    if not lock_path.exists():
        return []
    made = set(published(site, pages))
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


LOCK_HEADER = """# Every permanent address the edition has published: each permanent page and the anchors it keeps
# (a column of the list of pages, edition/site/registry.py: laws, paragraphs, printed pages and
# section headings of the texts; glossary entries, points of the concordance, situations, findings,
# house rules ...) and the laws' short URLs. The build fails if one disappears without a redirect in
# content/redirects.yml, and a test if the site publishes an address that is not listed here.
# Regenerate after adding text: scripts/anchor-lock (then review the diff: lines may be added,
# never removed without a redirect).
"""


def write_lock(path: Path, addresses: Iterable[str]) -> None:
    """Write the lock: *addresses* added to those it holds (none is ever taken out: an address that went
    keeps its line, and its redirect), in their natural order."""
    kept = set(addresses) | set(read_lock(path))
    atomic.write(path, LOCK_HEADER + "\n".join(sorted(kept, key=_natural)) + "\n", durable=True)

