"""How the edition is cited: the formats of the "Cite" boxes, documented on the site.

    R. F. Foster, Practical Poker (1905), Law 19. In: Draw Poker: The Laws and the Literature,
    version 1.0, <SITE/laws/19/>.

and the same in Chicago, MLA, BibTeX and CSL-JSON (``formats``). The edition's version comes from
content/edition.yml (``read_version``).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from .datafiles import parse, read_text

EDITION_TITLE = "Draw Poker: The Laws and the Literature"
FORMAT_NAMES = {"plain": "Plain text", "chicago": "Chicago", "mla": "MLA", "bibtex": "BibTeX", "csl-json": "CSL-JSON"}


def read_version(root: Path) -> str:
    """The edition's version (content/edition.yml), or "" when the project has none."""
    path = Path(root) / "content" / "edition.yml"
    if not path.exists():
        return ""
    return str(parse(read_text(path, "content/edition.yml"), "content/edition.yml", dict).get("version", ""))


def law_short_path(n: int) -> str:
    """The permanent short path of Foster's Law *n*, relative to the site root.

    >>> law_short_path(19)
    'laws/19/'
    """
    return f"laws/{n}/"


def citation(author: str, title: str, year: int | None, locator: str, url: str, version: str = "") -> str:
    """A plain-text citation.

    >>> citation("R. F. Foster", "Practical Poker", 1905, "Law 19", "https://e.org/laws/19/", "1.0")
    'R. F. Foster, Practical Poker (1905), Law 19. In: Draw Poker: The Laws and the Literature, version 1.0, <https://e.org/laws/19/>.'
    """
    when = f" ({year})" if year else ""
    edition = f"{EDITION_TITLE}, version {version}" if version else EDITION_TITLE
    return f"{author}, {title}{when}, {locator}. In: {edition}, <{url}>."


def _inverted(author: str) -> str:
    """The author as bibliographies sort him: "R. F. Foster" -> "Foster, R. F." (a corporate
    author, with a comma already, as it is)."""
    if "," in author or " " not in author:
        return author
    first, last = author.rsplit(" ", 1)
    return f"{last}, {first}"


def formats(author: str, title: str, year: int | None, locator: str, url: str, version: str) -> dict[str, str]:
    """The citation in every format the Cite boxes offer, by key (FORMAT_NAMES): each names the
    permanent URL and the edition's version.

    >>> f = formats("R. F. Foster", "Practical Poker", 1905, "Law 19", "https://e.org/laws/19/", "1.0")
    >>> f["chicago"]
    'Foster, R. F. “Law 19.” In Practical Poker (1905). Draw Poker: The Laws and the Literature, version 1.0. https://e.org/laws/19/.'
    >>> f["mla"]
    'Foster, R. F. “Law 19.” Practical Poker, 1905. Draw Poker: The Laws and the Literature, version 1.0, https://e.org/laws/19/.'
    >>> print(f["bibtex"])
    @incollection{foster1905law19,
      author = {Foster, R. F.},
      title = {Law 19},
      booktitle = {Practical Poker},
      year = {1905},
      edition = {Draw Poker: The Laws and the Literature, version 1.0},
      url = {https://e.org/laws/19/}
    }
    """
    when = f" ({year})" if year else ""
    inv = _inverted(author)
    lead = inv.rstrip(".")
    key = re.sub(r"[^a-z0-9]", "", (author.rsplit(" ", 1)[-1] + str(year or "") + locator).lower())
    bib = [f"  author = {{{inv}}}", f"  title = {{{locator}}}", f"  booktitle = {{{title}}}"]
    bib += [f"  year = {{{year}}}"] if year else []
    bib += [f"  edition = {{{EDITION_TITLE}, version {version}}}", f"  url = {{{url}}}"]
    csl = {"type": "chapter", "title": locator, "author": [_csl_name(author)], "container-title": title,
           "collection-title": EDITION_TITLE, "version": version, "URL": url}
    if year:
        csl["issued"] = {"date-parts": [[year]]}
    return {
        "plain": citation(author, title, year, locator, url, version),
        "chicago": f"{lead}. “{locator}.” In {title}{when}. {EDITION_TITLE}, version {version}. {url}.",
        "mla": f"{lead}. “{locator}.” {title}{', ' + str(year) if year else ''}. {EDITION_TITLE}, "
               f"version {version}, {url}.",
        "bibtex": f"@incollection{{{key},\n" + ",\n".join(bib) + "\n}",
        "csl-json": json.dumps([csl], ensure_ascii=False, indent=2),
    }


def _csl_name(author: str) -> dict:
    if "," in author or " " not in author:
        return {"literal": author}
    given, family = author.rsplit(" ", 1)
    return {"family": family, "given": given}
