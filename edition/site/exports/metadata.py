"""What every download says of itself, made from the records (edition/model/records.py) and the
citation formats (edition/model/cite.py), so that an EPUB's package, a TEI header, a PDF's XMP and
a printed booklet's foot give the same facts as the Cite boxes:

- its **identifier**: the address of the whole work (the home page's line for it: the same in
  every version, as the citation files name the work) or, for the whole edition, the site's
  address; the **version** and its day stand beside it;
- its **agents**, each with the MARC relator code of its role: the work's authors ``aut``; the
  editors of the work (Hoffmann) and of the encyclopaedia an article is in (Chisholm) ``edt`` of
  the source, never its authors; the edition's editors ``edt``, its publisher ``pbl``;
- the **source** it is made from (cite.source_note: the work as printed, with what is not
  established), the **rights** (the works in the public domain, the edition's matter under its
  licence) and the plain **citation** ("Cite as").
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...framework.templating import ordinal, render_block
from ...model.cite import Cited, citation, source_note, source_title
from ...model.edition import Edition, Work
from ...model.records import Name, WorkRecord, joined
from ...texts.addresses import work_address


@dataclass(frozen=True)
class Agent:
    """A person or body named by a download, with its role (a MARC relator code)."""

    name: str  # as a title page names it: "R. F. Foster"
    file_as: str  # as a catalogue sorts it: "Foster, R. F."
    role: str  # "aut", "edt", "pbl"
    scope: str = "edition"  # whose editor: "work" (Hoffmann), "container" (the encyclopaedia's: Chisholm), "edition"

    @property
    def of_source(self) -> bool:
        """An editor of the work as printed (or of its encyclopaedia), not of this edition."""
        return self.scope != "edition"


@dataclass(frozen=True)
class Meta:
    identifier: str
    title: str
    version: str
    date: str  # YYYY-MM-DD, the version's day
    authors: tuple[Agent, ...]
    editors: tuple[Agent, ...]  # the source's editors first, then the edition's
    publisher: Agent | None
    sources: tuple[str, ...]  # each work's source note ("Source: R. F. Foster, Practical Poker (1905). …")
    source_titles: tuple[str, ...]  # each work as printed, by its title: "Practical Poker"
    bylines: tuple[str, ...]  # who each work is by, as a title page says it: "R. F. Foster, 1905"
    rights: str
    licence_url: str
    licence_name: str
    cite_as: str
    not_established: tuple[str, ...]
    edition_title: str
    language: str = "en"

    @property
    def author_line(self) -> str:
        """Who a document's metadata names as its author: the works' authors; a work with none, its
        editors ("Professor Hoffmann (editor)"); an unsigned article, nobody (its encyclopaedia's
        editor is not the article's)."""
        if self.authors:
            return _joined([a.name for a in self.authors])
        source_editors = [a.name for a in self.editors if a.scope == "work"]
        return f"{_joined(source_editors)} ({'editors' if len(source_editors) > 1 else 'editor'})" \
            if source_editors else ""

    @property
    def creator_tool(self) -> str:
        """What made the file, as a PDF's Creator names it: the edition and its version."""
        return f"{self.edition_title}, version {self.version}"


def _joined(names: list[str]) -> str:
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]


def _agent(n: Name, role: str, scope: str = "edition") -> Agent:
    return Agent(n.display, n.inverted, role, scope)


def book_meta(ed: Edition, works: list[Work], title: str = "", part: str = "", address: str = "") -> Meta:
    """The metadata of a download of *works* (one work, or every work of the edition); of one *part*
    of a work (the Laws of Poker), at its *address*."""
    records = [w.record for w in works if w.record is not None]
    whole = len(works) != 1
    identifier = address or (ed.site_url if whole else ed.site_url + work_address(works[0].slug))
    authors, editors = [], []
    for r in records:
        authors += [_agent(n, "aut") for n in r.authors]
        editors += [_agent(n, "edt", "work") for n in r.editors]
        editors += [_agent(n, "edt", "container") for n in (r.container.editors if r.container else ())]
    editors += [_agent(n, "edt") for n in ed.record.editors]
    publisher = Agent(ed.record.publisher, ed.record.publisher, "pbl") if ed.record.publisher else None
    cited = Cited(identifier) if whole else Cited(identifier, records[0], part)
    licence = ed.record.licence
    rights = render_block("exports/rights.txt.j2", works=[_printed(r) for r in records],
                          licence=licence).strip()
    return Meta(identifier, title or (ed.record.title if whole else works[0].title), ed.version, ed.record.date,
                tuple(_unique(authors)), tuple(_unique(editors)), publisher,
                tuple(source_note(r) for r in records), tuple(source_title(r) for r in records),
                tuple(byline(r) for r in records),
                _sentence(re.sub(r"\s+", " ", rights)), licence.url if licence else "", licence.name if licence else "",
                cite_as(citation(cited, ed.record)), tuple(r.not_established for r in records if r.not_established),
                ed.record.title)


def byline(r: WorkRecord) -> str:
    """Who a work is by, as a title page says it: its authors, or "Edited by" its editors, or (an
    unsigned article) its encyclopaedia and edition; with its year where established.

    >>> byline(WorkRecord("k", "book", "T", (Name("Keller", "J. W."),), year=1887))
    'J. W. Keller, 1887'
    >>> byline(WorkRecord("h", "book", "T", editors=(Name(literal="Professor Hoffmann"),)))
    'Edited by Professor Hoffmann'
    """
    if r.authors:
        who = joined(r.authors)
    elif r.editors:
        who = f"Edited by {joined(r.editors)}"
    else:
        c = r.container
        who = f"{c.title}" + (f", {ordinal(c.edition)} edition" if c and c.edition else "")
    return f"{who}, {r.year}" if r.year else who


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _unique(agents: list[Agent]) -> list[Agent]:
    seen, out = set(), []
    for a in agents:
        if (a.name, a.role) not in seen:
            seen.add((a.name, a.role))
            out.append(a)
    return out


def _printed(r) -> dict:
    """A work as the rights sentence names it: its title, its encyclopaedia, its year."""
    return {"title": r.title, "article": r.article, "container": r.container.title if r.container else "",
            "year": r.year}


def cite_as(plain: str) -> str:
    """A plain citation as a download prints it: without the day of access, which a printed or
    downloaded copy cannot know (the version it names identifies the text).

    >>> cite_as("R. F. Foster, Practical Poker (1905). In: X, <https://e.org/>, accessed [day month year].")
    'R. F. Foster, Practical Poker (1905). In: X, <https://e.org/>.'
    """
    return re.sub(r",\s*accessed \[[^\]]*\]\.?$", ".", plain)
