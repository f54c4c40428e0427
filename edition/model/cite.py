"""How the edition is cited: the formats of the "Cite" boxes, documented on the site.

    R. F. Foster, Practical Poker (1905), Law 19. In: Draw Poker: The Laws and the Literature,
    version 1.0, <SITE/laws/19/>.

and the same in Chicago, MLA, BibTeX and CSL-JSON (``formats``); a paragraph of any reading text is
cited the same way, "chapter, ¶N", at its address (``paragraph_formats``). The edition's version
comes from content/edition.yml (``read_version``).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from ..texts.datafiles import parse, read_text, schema_for

EDITION_TITLE = "Draw Poker: The Laws and the Literature"
FORMAT_NAMES = {"plain": "Plain text", "chicago": "Chicago", "mla": "MLA", "bibtex": "BibTeX", "csl-json": "CSL-JSON"}
#: The styles that want the date the reader consulted the page (Chicago and MLA, for a web page):
#: a static page cannot know it, so the citation says where it goes, in the style's words, and
#: the page's script (site_src/assets/edition.js) writes the day in when the citation is copied.
ACCESSED = {"chicago": "Accessed [month day, year].", "mla": "Accessed [day month year]."}
#: Stands for the paragraph's number in the one paragraph citation of a reading-text page; the
#: page's script puts the number of the paragraph cited in its place (digits, so that BibTeX's
#: key keeps it).
PARA_TOKEN = "999999"


def read_version(root: Path) -> str:
    """The edition's version (content/edition.yml), or "" when the project has none."""
    path = Path(root) / "content" / "edition.yml"
    if not path.exists():
        return ""
    name = "content/edition.yml"
    return str(parse(read_text(path, name), name, dict, schema=schema_for(root, name)).get("version", ""))


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
    >>> f["chicago"]  # doctest: +NORMALIZE_WHITESPACE
    'Foster, R. F. “Law 19.” In Practical Poker (1905). Draw Poker: The Laws and the Literature, version 1.0.
     Accessed [month day, year]. https://e.org/laws/19/.'
    >>> f["mla"]  # doctest: +NORMALIZE_WHITESPACE
    'Foster, R. F. “Law 19.” Practical Poker, 1905. Draw Poker: The Laws and the Literature, version 1.0,
     https://e.org/laws/19/. Accessed [day month year].'
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
        "chicago": f"{lead}. “{locator}.” In {title}{when}. {EDITION_TITLE}, version {version}. "
                   f"{ACCESSED['chicago']} {url}.",
        "mla": f"{lead}. “{locator}.” {title}{', ' + str(year) if year else ''}. {EDITION_TITLE}, "
               f"version {version}, {url}. {ACCESSED['mla']}",
        "bibtex": f"@incollection{{{key},\n" + ",\n".join(bib) + "\n}",
        "csl-json": json.dumps([csl], ensure_ascii=False, indent=2),
    }


def paragraph_formats(author: str, title: str, year: int | None, chapter: str, page_address: str,
                      version: str) -> dict[str, str]:
    """The citation of a paragraph of a reading text's page, in every format, its number PARA_TOKEN
    (the page's script writes in the number of the paragraph cited): "chapter, ¶N" and the
    paragraph's address.

    >>> paragraph_formats("R. F. Foster", "Practical Poker", 1905, "Betting", "https://e.org/foster/betting/",
    ...                   "1.0")["plain"].replace(PARA_TOKEN, "3")
    'R. F. Foster, Practical Poker (1905), Betting, ¶3. In: Draw Poker: The Laws and the Literature, version 1.0, <https://e.org/foster/betting/#para-3>.'
    """
    return formats(author, title, year, f"{chapter}, ¶{PARA_TOKEN}", f"{page_address}#para-{PARA_TOKEN}", version)


def _csl_name(author: str) -> dict:
    if "," in author or " " not in author:
        return {"literal": author}
    given, family = author.rsplit(" ", 1)
    return {"family": family, "given": given}
