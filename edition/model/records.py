"""The bibliographic records: each work's (content/works.yml) and the edition's own (content/edition.yml).

Every citation the edition gives, in every format (edition/model/cite.py), and every page's head
(title, byline, Open Graph, citation_*, JSON-LD) are made from these records, so that a fact about
a work (its author, its publisher, its year) is written once, in content, with its source beside it.

A work's record: its ``type`` (``book``, or ``encyclopedia-article``: one article of an
encyclopaedia, whose ``container`` is the encyclopaedia: title, edition, volume, first page,
editors), its authors and editors (``Name``: family and given as printed, with the full name where
established; or a literal name, a pen name printed as one, with the real name where established),
title, year, publisher and place. A fact that could not be established is None, never a stand-in
("n.d.", "[publisher not identified]"): the formats leave it out, and their notes say what is not
established and why (``not_established``).

The edition's record: its title, editors, publisher, licence (of its own matter; with the licence
of its code) and version; the version's date is that of its snapshot
(content/versions/<version>.json), the day it was cut.

>>> Name.parse("R. F. Foster").display, Name.parse({"literal": "Professor Hoffmann", "real": "A. Lewis"}).with_real
('R. F. Foster', 'Professor Hoffmann [A. Lewis]')
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from ..texts.datafiles import load_file
from ..texts.errors import EditionError, key_line, line_of

WORKS = "content/works.yml"
EDITION = "content/edition.yml"
TYPES = ("book", "encyclopedia-article")
NAME_KEYS = {"family", "given", "full", "literal", "real"}
CONTAINER_KEYS = {"title", "edition", "volume", "first_page", "editors"}


class RecordError(ValueError):
    """A record that cannot be read: what is wrong and what to do (the caller names file and line)."""

    def __init__(self, problem: str, advice: str):
        super().__init__(problem)
        self.problem, self.advice = problem, advice


@dataclass(frozen=True)
class Name:
    """A person or a body as a citation names it (see the module)."""

    family: str = ""
    given: str = ""
    literal: str = ""  # a name printed as one ("Professor Hoffmann", a body): never inverted
    full: str = ""  # the full name, where established ("Robert Frederick Foster")
    real: str = ""  # the real name behind a pen name, where established

    @classmethod
    def parse(cls, value) -> Name:
        """A name from a data file: "Given Family" (a string), {family, given, full} or {literal, real}.

        >>> Name.parse({"family": "Chisholm", "given": "Hugh"}).inverted
        'Chisholm, Hugh'
        """
        if isinstance(value, str) and value.strip():
            given, _, family = value.strip().rpartition(" ")
            return cls(family=family, given=given)
        if not isinstance(value, dict) or set(value) - NAME_KEYS:
            raise RecordError(f"the name {value!r} is not a name",
                              "write 'family:' and 'given:' (with 'full:' where known), or 'literal:' "
                              "(with 'real:' where known)")
        text = {k: str(v).strip() for k, v in value.items() if v is not None}
        if bool(text.get("literal")) == bool(text.get("family")):
            raise RecordError(f"the name {value!r} has both or neither of 'family:' and 'literal:'",
                              "give 'family:' (and 'given:') for a person named as printed, or 'literal:' for a "
                              "name printed as one (a pen name, a body)")
        if text.get("literal") and (text.get("given") or text.get("full")) or text.get("family") and text.get("real"):
            raise RecordError(f"the name {value!r} mixes a literal name with a family name's parts",
                              "'real:' goes with 'literal:'; 'given:' and 'full:' with 'family:'")
        return cls(**text)

    @property
    def display(self) -> str:
        """As a sentence names it: "R. F. Foster", "Professor Hoffmann"."""
        return self.literal or f"{self.given} {self.family}".strip()

    @property
    def inverted(self) -> str:
        """As a bibliography sorts it: "Foster, R. F."; a literal name as it is."""
        return self.literal or (f"{self.family}, {self.given}" if self.given else self.family)

    @property
    def with_real(self) -> str:
        """Its display, with the real name behind a pen name in brackets: "Professor Hoffmann [Angelo J. Lewis]"."""
        return f"{self.display} [{self.real}]" if self.real else self.display

    @property
    def key(self) -> str:
        """The word a citation key begins with: the family name, or a literal name's last word."""
        return (self.family or self.literal.split()[-1]).lower()


def names(value, what: str) -> tuple[Name, ...]:
    """A list of names (or one name written alone)."""
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    if not items:
        raise RecordError(f"'{what}:' is an empty list", f"name each {what[:-1] if what.endswith('s') else what}, "
                          f"or leave '{what}:' out")
    return tuple(Name.parse(v) for v in items)


def joined(people: tuple[Name, ...], form: str = "display") -> str:
    """Names as a sentence lists them: "A", "A and B", "A, B and C".

    >>> joined((Name("Foster", "R. F."), Name(literal="X")))
    'R. F. Foster and X'
    """
    shown = [getattr(n, form) for n in people]
    return " and ".join(shown) if len(shown) < 3 else ", ".join(shown[:-1]) + " and " + shown[-1]


@dataclass(frozen=True)
class Container:
    """The encyclopaedia an article is in."""

    title: str
    edition: int | None = None
    volume: int | None = None
    first_page: int | None = None
    editors: tuple[Name, ...] = ()


@dataclass(frozen=True)
class WorkRecord:
    """A work's bibliographic record (see the module)."""

    slug: str
    type: str
    title: str
    authors: tuple[Name, ...] = ()
    editors: tuple[Name, ...] = ()
    year: int | None = None
    publisher: str | None = None
    place: str | None = None
    container: Container | None = None
    short_name: str = ""
    #: What of the record could not be established, and why, as the citations' notes say it
    #: (``not_established:`` in content/works.yml): a fact not known is said, never stored as data.
    not_established: str = ""

    @property
    def article(self) -> bool:
        return self.type == "encyclopedia-article"

    @property
    def creator(self) -> str:
        """Who the edition's sentences say the work is by: its authors, else its editors, else
        (an unsigned article) its encyclopaedia: "R. F. Foster", "Professor Hoffmann", "Encyclopædia Britannica"."""
        if self.authors:
            return joined(self.authors)
        if self.editors:
            return joined(self.editors)
        return self.container.title if self.container else ""

    @property
    def key(self) -> str:
        """The first words of its citation keys: the first author's family name, else the short name."""
        return self.authors[0].key if self.authors else (self.short_name or self.slug).lower()

    @classmethod
    def parse(cls, slug: str, entry: dict) -> WorkRecord:
        """A work's record from its entry in content/works.yml (raises RecordError)."""
        kind = entry.get("type", "book")
        if kind not in TYPES:
            raise RecordError(f"the work '{slug}' has 'type: {kind}'", f"use one of {', '.join(TYPES)}")
        year = entry.get("year")
        if year is not None and (type(year) is not int or not 1000 <= year <= 9999):
            raise RecordError(f"the work '{slug}' has 'year: {year}'",
                              "give the year of publication in four figures, or '~' where it is not established")
        container = None
        if kind == "encyclopedia-article":
            raw = entry.get("container")
            if not isinstance(raw, dict) or not raw.get("title") or set(raw) - CONTAINER_KEYS:
                raise RecordError(f"the article '{slug}' has no encyclopaedia ('container:' with its 'title:')",
                                  f"give 'container:' with {', '.join(sorted(CONTAINER_KEYS))}")
            numbers = {k: raw.get(k) for k in ("edition", "volume", "first_page")}
            for k, v in numbers.items():
                if v is not None and (type(v) is not int or v < 1):
                    raise RecordError(f"the article '{slug}' has '{k}: {v}'",
                                      f"give '{k}:' as a number, or leave it out")
            container = Container(str(raw["title"]), **numbers, editors=names(raw.get("editors"), "editors"))
        elif "container" in entry:
            raise RecordError(f"the book '{slug}' has a 'container:'",
                              "only an encyclopedia-article is in a container; remove it or change 'type:'")
        authors, editors = names(entry.get("author"), "author"), names(entry.get("editors"), "editors")
        if kind == "book" and not authors and not editors:
            raise RecordError(f"the book '{slug}' has neither 'author:' nor 'editors:'",
                              "name its author (or, for a book cited by its title, its editors)")
        text = {k: (str(entry[k]).strip() if entry.get(k) is not None else None) for k in ("publisher", "place")}
        return cls(slug, kind, str(entry["title"]), authors, editors, year, text["publisher"], text["place"],
                   container, str(entry.get("short_name") or ""), str(entry.get("not_established") or "").strip())


def work_record(slug: str, entry: dict, raw: str) -> tuple[WorkRecord | None, EditionError | None]:
    """The record of work *slug* of content/works.yml (its text *raw*), or the error naming its line."""
    try:
        return WorkRecord.parse(slug, entry), None
    except RecordError as e:
        return None, EditionError(WORKS, line_of(raw, f"{slug}:"), e.problem, e.advice)


@dataclass(frozen=True)
class Licence:
    name: str  # "CC BY 4.0"
    title: str  # "Creative Commons Attribution 4.0 International"
    url: str
    spdx: str = ""  # its SPDX identifier ("CC-BY-4.0"), as CITATION.cff names it


@dataclass(frozen=True)
class EditionRecord:
    """The edition's own record (content/edition.yml) and its version's date (from its snapshot)."""

    title: str = ""
    editors: tuple[Name, ...] = ()
    publisher: str = ""
    version: str = ""
    date: str = ""  # YYYY-MM-DD: the day the version was cut ("" before it is)
    licence: Licence | None = None
    code_licence: Licence | None = None  # the licence of the code that builds it (LICENSE, CITATION.cff)

    @property
    def year(self) -> int | None:
        return int(self.date[:4]) if self.date else None

    @property
    def editor_names(self) -> str:
        return joined(self.editors)


def read_edition_record(root: Path) -> tuple[EditionRecord, list[EditionError]]:
    """content/edition.yml as a record (without its date: ``dated`` adds it), and its errors. A
    project without the file (a test's fixture) has an empty record."""
    path = Path(root) / EDITION
    if not path.exists():
        return EditionRecord(), []
    data = load_file(root, EDITION, dict)  # its keys, their types and bounds: content/schemas/edition.yml
    raw = path.read_text(encoding="utf-8")
    errors: list[EditionError] = []
    try:
        editors = names(data.get("editors"), "editors")
    except RecordError as e:
        errors.append(EditionError(EDITION, key_line(raw, "editors"), e.problem, e.advice))
        editors = ()
    licence, code = data.get("licence"), data.get("code_licence")
    record = EditionRecord(str(data.get("title") or ""), editors, str(data.get("publisher") or ""),
                           str(data.get("version", "")), "",
                           Licence(**{k: str(v) for k, v in licence.items()}) if licence else None,
                           Licence(**{k: str(v) for k, v in code.items()}) if code else None)
    return record, errors


def dated(record: EditionRecord, snapshots) -> EditionRecord:
    """The record with its version's date, from the snapshot of its version (if it was cut)."""
    date = next((s.date for s in snapshots if s.version == record.version), "")
    return replace(record, date=date)


@dataclass(frozen=True)
class Records:
    """Every record of the edition: the works' by slug, and the edition's."""

    works: dict[str, WorkRecord] = field(default_factory=dict)
    edition: EditionRecord = field(default_factory=EditionRecord)
