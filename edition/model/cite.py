"""How the edition is cited: every format of the Cite boxes and of the bulk citation files, made
from the bibliographic records (edition/model/records.py) and documented on the site's page on citing.

What is cited (``Cited``): a part of a work (one of Foster's laws, a chapter, a paragraph of a
chapter), a whole work, a page of the edition's own (its glossary, its figures), or the edition
itself; always with the address it is read at. Each format names the work as it was printed (an
encyclopaedia article by its title within the encyclopaedia, with its edition, volume, editor,
publisher and year; a book edited by a pen name by its title, "edited by", the pen name as printed
and the real name where established) and the edition it is read in: title, editors, version, the
version's date, publisher, address.

The formats (``FORMAT_NAMES``): plain text (the edition's own, the one printed), Chicago and MLA
(their words in templates/pages/cite/), BibTeX (the entry type and required fields of each kind:
``BIBTEX_REQUIRED``), CSL-JSON (the CSL data schema's variables) and RIS. A fact that could not
be established is not guessed: a missing year is "n.d.", a missing publisher that BibTeX requires
is "[publisher not identified]" (the cataloguers' words, RDA 2.8.4.7).

    >>> from .records import EditionRecord, Name, WorkRecord
    >>> foster = WorkRecord("foster", "book", "Practical Poker", (Name("Foster", "R. F."),), year=1905)
    >>> ed = EditionRecord("Draw Poker", (Name(literal="The Editors"),), "The Press", "1.0", "2026-11-25")
    >>> print(formats(Cited("https://e.org/laws/19/", foster, "Law 19"), ed)["plain"])  # doctest: +NORMALIZE_WHITESPACE
    R. F. Foster, Practical Poker (1905), Law 19. In: Draw Poker, edited by The Editors, version 1.0
    (The Press, 25 November 2026), <https://e.org/laws/19/>, accessed [day month year].
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass

from ..framework.templating import day, ordinal, render
from ..texts.addresses import page_url, version_page
from .records import EditionRecord, Name, WorkRecord, joined

FORMAT_NAMES = {"plain": "Plain text", "chicago": "Chicago", "mla": "MLA", "bibtex": "BibTeX", "csl-json": "CSL-JSON",
                "ris": "RIS"}
#: Where the day the reader consulted the page goes, in the formats a reader reads (plain text,
#: Chicago, MLA): a static page cannot know it, so the citation says where it goes, in the style's
#: words, and the page's script (site_src/assets/edition.js) writes the day in when the citation is
#: shown and copied; into the machine formats (BibTeX ``urldate``, CSL-JSON ``accessed``, RIS
#: ``Y2``) it adds the field, as ``formats(..., accessed=day)`` writes it.
ACCESSED = {"plain": "accessed [day month year]", "chicago": "Accessed [month day, year].",
            "mla": "Accessed [day month year]."}
#: Stands for the paragraph's number in the one paragraph citation of a reading-text page; the
#: page's script puts the number of the paragraph cited in its place (digits, so that BibTeX's
#: key keeps it).
PARA_TOKEN = "999999"
#: Stand for an entry's headword and its anchor in the one entry citation of a page of entries (the
#: glossary, a list of technical terms): the page's script puts the entry cited in their place (its
#: headword, the headword's letters in the BibTeX key, its anchor in the address).
ENTRY_TOKEN, ENTRY_KEY_TOKEN, ENTRY_SLUG_TOKEN = "ENTRYTOKEN", "entrytoken", "entry-slug-token"
#: biblatex's entry types the formats use, with the fields each requires (The biblatex Package,
#: section 2.1.1; "a|b": one of them): a text read in the edition is an @incollection (the edition
#: its book, the work it comes from its original: origdate, origpublisher, origlocation), the
#: edition a @collection (a book with editors and no overall author). An unsigned text (the
#: Britannica's article, a chapter of Hoyle) has no author: biblatex's styles then begin with its title.
BIBLATEX_REQUIRED = {
    "collection": ("editor", "title", "date"),
    "incollection": ("title", "booktitle", "date"),
}


@dataclass(frozen=True)
class Cited:
    """What one citation cites, at *url*: a *part* of *work* ("Law 19 — Misdealing", a chapter's
    title; "" for the whole work), its paragraph *para* ("3") or one *entry* of it (a definition of
    its Technical Terms: "Age"); with no work, a page of the edition's own (*part*: "Glossary"), or one
    *entry* of it ("Ante"; a situation, its question, with no part), or, without a part either, the
    edition itself."""

    url: str
    work: WorkRecord | None = None
    part: str = ""
    para: str = ""
    entry: str = ""

    @property
    def kind(self) -> str:
        """"part", "work", "edition-page" or "edition"."""
        if self.work is None:
            return "edition-page" if self.part or self.entry else "edition"
        return "part" if self.part or self.para or self.entry else "work"

    @property
    def locator(self) -> str:
        """The part cited as a citation names it: "Law 19 — Misdealing", "Betting, ¶3"; an
        article's, after its title: "Poker, ¶3"; an entry, under its word (sub verbo): "Glossary,
        s.v. Ante", "Technical Terms, s.v. Age"; a situation, by its question."""
        return self._words(", s.v. ")

    @property
    def heading(self) -> str:
        """The part cited as the data formats' titles name it: as the locator, an entry after a colon
        ("Glossary: Ante"; the styles set a chapter's title in title case, and would print "S.v.")."""
        return self._words(": ")

    def _words(self, before_entry: str) -> str:
        words = [self.work.title] if self.work is not None and self.work.article else []
        words += [self.part + (before_entry + self.entry if self.entry else "")] if self.part else \
            ([self.entry] if self.entry else [])
        words += [f"¶{self.para}"] if self.para else []
        return ", ".join(words)


def source_title(w: WorkRecord) -> str:
    """The work a text comes from, as the data formats' titles name it after the part: its title
    ("Practical Poker"), an article's encyclopaedia ("Encyclopædia Britannica"). Its edition, volume
    and editors are in the note (source_note): the styles set a chapter's title in title case, and
    would print "11th Ed., Edited by …"."""
    return w.container.title if w.article else w.title


def item_title(cited: Cited, edition: EditionRecord) -> str:
    """What the data formats (BibTeX, CSL-JSON, RIS, citation_title) give as the title of what is
    cited, in the edition that is its container: the part and the work it comes from ("Law 19 —
    Misdealing, in Practical Poker"; "Poker, ¶3, in Encyclopædia Britannica, 11th ed., …"), a whole
    book ("Practical Poker"), a page or entry of the edition's own ("Glossary: Ante"), the edition.
    (CSL's original-title is the original's title of the text itself, and the styles print
    "Originally published as": the work a part comes from is named in the title instead.)"""
    w = cited.work
    if w is None:
        return cited.heading or edition.title
    if not cited.heading:
        return source_title(w)
    return f"{cited.heading}, in {source_title(w)}"


def citation_key(cited: Cited, edition: EditionRecord) -> str:
    """Its BibTeX key (and CSL-JSON id): the work's first author's name (or short name) and year,
    the part's first words, the paragraph: "foster1905:law19", "britannica1911:poker:p3",
    "hoyle:poker"; the edition's pages: "edition2026:glossary:ante"."""
    w = cited.work
    head = f"edition{edition.year or ''}" if w is None else w.key + (str(w.year) if w.year else "")
    words = [w.title] if w is not None and w.article else []
    words += [cited.part.split(" — ")[0]] if cited.part else []
    words += [cited.entry] if cited.entry else []
    words += [f"p{cited.para}"] if cited.para else []
    return ":".join(re.sub(r"[^a-z0-9]", "", word.lower()) for word in [head, *words])


def formats(cited: Cited, edition: EditionRecord, accessed: str = "") -> dict[str, str]:
    """The citation of *cited* in every format (FORMAT_NAMES), each naming the edition's version;
    with *accessed* (YYYY-MM-DD), the day the reader consulted it, in every format that has one."""
    data = _template_data(cited, edition, accessed)
    out = {key: _one_line(render(f"cite/{key}.txt.j2", **data)) for key in ("plain", "chicago", "mla")}
    out["bibtex"] = bibtex(cited, edition, accessed)
    out["csl-json"] = json.dumps([csl(cited, edition, accessed)], ensure_ascii=False, indent=2)
    out["ris"] = ris(cited, edition, accessed)
    return out


def citation(cited: Cited, edition: EditionRecord) -> str:
    """The plain-text citation (the Cite box's first, the one printed)."""
    return formats(cited, edition)["plain"]


def _one_line(text: str) -> str:
    """A template's citation as one line: its line breaks and runs of spaces made one space."""
    return re.sub(r"\s+", " ", text).strip()


def _template_data(cited: Cited, edition: EditionRecord, accessed: str = "") -> dict:
    """What templates/pages/cite/*.j2 are given: the citation's kind, part, paragraph, entry, locator
    and address; the work (w) and the edition (ed) with their names already written out; the day
    of access (YYYY-MM-DD, or "": the placeholders of ACCESSED)."""
    return {"kind": cited.kind, "part": cited.part, "para": cited.para, "entry": cited.entry,
            "locator": cited.locator, "url": cited.url, "w": work_data(cited.work), "ed": edition_data(edition),
            "accessed": accessed, "placeholder": ACCESSED}


def edition_data(edition: EditionRecord) -> dict:
    """The edition's record as templates name it: title, editors written out (and as a bibliography
    leads with them), publisher, version and the version's date (YYYY-MM-DD, "" before it is cut)."""
    return {"title": edition.title, "editors": edition.editor_names, "lead": _lead(edition.editors),
            "editor_count": len(edition.editors), "publisher": edition.publisher, "version": edition.version,
            "date": edition.date}


def _lead(people: tuple[Name, ...], form: str = "display") -> str:
    """Names leading a bibliography entry: the first inverted, the others as they are: "Foster, R. F."."""
    if not people:
        return ""
    first = people[0].inverted + (f" [{people[0].real}]" if form == "with_real" and people[0].real else "")
    rest = [getattr(n, form) for n in people[1:]]
    return first if not rest else ", ".join([first, *rest[:-1]]) + ", and " + rest[-1]


def _authors(cited: Cited, edition: EditionRecord) -> tuple[Name, ...]:
    """Who wrote what is cited: the work's authors (none for an unsigned article or a book cited by
    its editors); the edition's editors for a page of the edition's own and for the edition."""
    return edition.editors if cited.work is None and cited.kind == "edition-page" else \
        (cited.work.authors if cited.work is not None else ())


def source_note(w: WorkRecord) -> str:
    """The work a text comes from, as the notes of the data formats state it, with the real name
    behind a pen name and what is not established: "Source: R. F. Foster, Practical Poker (1905).
    The publisher … are not established: …"."""
    if w.article:
        c = w.container
        where = [f"{c.title}"] + ([f"{ordinal(c.edition)} edition"] if c.edition else [])
        where += [f"edited by {joined(c.editors)}"] if c.editors else []
        where += [f"vol. {c.volume}"] if c.volume else []
        where += [f"pp. {c.first_page}ff."] if c.first_page else []
        words = f"“{w.title}”, " + ", ".join(where)
    else:
        words = (f"{joined(w.authors)}, " if w.authors else "") + w.title
        words += f", edited by {joined(w.editors, 'with_real')}" if w.editors else ""
    imprint = ", ".join(p for p in (": ".join(x for x in (w.place, w.publisher) if x), str(w.year or "")) if p)
    words += f" ({imprint})" if imprint else ""
    real = [f"{n.display} is the pen name of {n.real}." for n in (*w.authors, *w.editors) if n.literal and n.real]
    return " ".join([f"Source: {words}.", *([] if w.editors else real), *([w.not_established] if w.not_established
                                                                            else [])])


def _note(cited: Cited, edition: EditionRecord) -> str:
    """The note of the data formats: the source of a work's text (source_note); the version of the edition."""
    words = [source_note(cited.work)] if cited.work is not None else []
    words += [f"Version {edition.version} of the edition" + (f", of {day(edition.date)}." if edition.date else ".")] \
        if edition.version else []
    return " ".join(words)


# --- BibTeX (biblatex) ----------------------------------------------------------------------------

def bibtex(cited: Cited, edition: EditionRecord, accessed: str = "") -> str:
    """The biblatex entry: a text read in the edition (a law, a chapter, a paragraph, a whole work, a
    page or entry of the edition's own) is an @incollection whose book is the edition (its editors,
    publisher, version and the version's date), with the work it comes from as its original
    (origdate, origpublisher, origlocation, and the note); the edition itself a @collection."""
    w = cited.work
    # Each field's value as the record gives it: written by _bib_field (BibTeX's one escape, _bib_escape;
    # the names and the address by their own, _bib_names and _bib_url) where the entry is written.
    fields: list[tuple[str, str | _BibWritten]] = []
    if cited.kind == "edition":
        kind = "collection"
        fields += [("editor", _bib_names(edition.editors)), ("title", edition.title)]
    else:
        kind = "incollection"
        authors = _authors(cited, edition)
        fields += [("author", _bib_names(authors))] if authors else []
        fields += [("title", item_title(cited, edition)), ("booktitle", edition.title),
                   ("editor", _bib_names(edition.editors))]
    fields += [("publisher", edition.publisher), ("date", edition.date), ("version", edition.version)]
    if w is not None:
        fields += [("origdate", str(w.year or "")), ("origpublisher", w.publisher or ""),
                   ("origlocation", w.place or "")]
    fields += [("url", _bib_url(cited.url)), ("urldate", accessed), ("note", _note(cited, edition))]
    body = ",\n".join(f"  {name} = {{{_bib_field(value)}}}" for name, value in fields if value)
    return f"@{kind}{{{citation_key(cited, edition)},\n{body}\n}}"


class _BibWritten(str):
    """A field's value written for BibTeX already (names, an address), which _bib_field leaves as it is."""


def _bib_field(value: str) -> str:
    """A field's value as the entry writes it: escaped (_bib_escape), unless written already."""
    return value if isinstance(value, _BibWritten) else _bib_escape(value)


def _bib_names(people: tuple[Name, ...]) -> _BibWritten:
    """Names for BibTeX: "Foster, R. F."; a literal name braced, so that it is not split (each escaped; a
    name's own " and " braced, so that it is not read as two names)."""
    def one(n: Name) -> str:
        return f"{{{_bib_escape(n.literal)}}}" if n.literal else re.sub(r"\band\b", "{and}", _bib_escape(n.inverted))
    return _BibWritten(" and ".join(one(n) for n in people))


_BIB_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "&": r"\&", "%": r"\%", "#": r"\#", "_": r"\_",
                "$": r"\$", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def _bib_escape(value: str) -> str:
    """BibTeX's one escape, for every text field: LaTeX's special characters escaped (a brace would end the
    field, a backslash begin a command, a % a comment; & # _ $ ~ ^ mean something to LaTeX).

    A line break becomes a space (a value is one line: a BibTeX reader takes an @ at a line's start
    for a new entry); content holds none (edition/texts/datafiles.py).

    >>> _bib_escape("White, Stokes & Allen {50%}")
    'White, Stokes \\\\& Allen \\\\{50\\\\%\\\\}'
    """
    return "".join(_BIB_SPECIAL.get(ch, ch) for ch in _RIS_LINE_END.sub(" ", value))


def _bib_url(url: str) -> _BibWritten:
    """An address for biblatex's url field, which is verbatim (a \\# would stay in it): only what
    would break the field (a brace, a backslash, white space) is percent-encoded.

    >>> _bib_url("https://e.org/foster/betting/#para-3")
    'https://e.org/foster/betting/#para-3'
    """
    return _BibWritten(re.sub(r"[{}\\\s]", lambda m: "".join(f"%{b:02X}" for b in m[0].encode()), url))


# --- CSL-JSON -------------------------------------------------------------------------------------

def csl(cited: Cited, edition: EditionRecord, accessed: str = "") -> dict:
    """The CSL-JSON item (CSL 1.0.1's data schema): a text read in the edition is a chapter whose
    container is the edition (its title, editors, publisher, version and the version's date as
    issued), with the work it comes from as its original (original-date, original-publisher,
    original-publisher-place) and named in its title (item_title), the rest of its record in the
    note (source_note); the edition itself a book."""
    w = cited.work
    item: dict = {"id": citation_key(cited, edition)}
    if cited.kind == "edition":
        item.update({"type": "book", "title": edition.title})
    else:
        item.update({"type": "chapter", "title": item_title(cited, edition)})
        item.update(_csl_names("author", _authors(cited, edition)))
        item["container-title"] = edition.title
    item.update(_csl_names("editor", edition.editors))
    item.update({"publisher": edition.publisher} if edition.publisher else {})
    item.update({"issued": _csl_date(edition.date)} if edition.date else {})
    item.update({"version": edition.version} if edition.version else {})
    if w is not None and w.year:
        # The original's imprint goes with its date: without one the styles print a broken statement
        # (APA: "Original work published George Routledge and Sons"); the note names it.
        item["original-date"] = {"date-parts": [[w.year]]}
        item.update({"original-publisher": w.publisher} if w.publisher else {})
        item.update({"original-publisher-place": w.place} if w.place else {})
    item["URL"] = cited.url
    item.update({"note": _note(cited, edition)} if _note(cited, edition) else {})
    item.update({"accessed": _csl_date(accessed)} if accessed else {})
    return item


def _csl_names(role: str, people: tuple[Name, ...]) -> dict:
    if not people:
        return {}
    return {role: [{"literal": n.literal} if n.literal else {"family": n.family, "given": n.given} for n in people]}


def _csl_date(iso: str) -> dict:
    return {"date-parts": [[int(p) for p in iso.split("-")]]}


# --- RIS ------------------------------------------------------------------------------------------

#: RIS's reference types the formats use: a text read in the edition is a chapter of it, the
#: edition an edited book.
RIS_TYPES = {"text": "CHAP", "edition": "EDBOOK"}


def ris(cited: Cited, edition: EditionRecord, accessed: str = "") -> str:
    """The RIS record: TY first, ER last, each tag "XX  - value" on its own line (a value on one
    line: a line break in it would begin a tag). A text read in the edition: TI its title, AU its
    authors, T2 the edition, A2 the edition's editors, OP the work it comes from; the edition (an
    edited book): TI, AU its editors, ET its version."""
    w = cited.work
    tags: list[tuple[str, str]] = []
    if cited.kind == "edition":
        tags += [("TY", RIS_TYPES["edition"]), ("TI", edition.title)]
        tags += [("AU", n.inverted) for n in edition.editors]  # an edited book's AU are its editors (RIS)
        tags += [("ET", f"Version {edition.version}")] if edition.version else []
    else:
        tags += [("TY", RIS_TYPES["text"]), ("TI", item_title(cited, edition))]
        tags += [("AU", n.inverted) for n in _authors(cited, edition)]
        tags += [("T2", edition.title)] + [("A2", n.inverted) for n in edition.editors]
    tags += [("PB", edition.publisher)] if edition.publisher else []
    tags += [("PY", edition.date[:4]), ("DA", edition.date.replace("-", "/"))] if edition.date else []
    if w is not None:
        tags += [("OP", source_title(w) + (f" ({w.year})" if w.year else ""))]
    tags += [("UR", cited.url)]
    tags += [("Y2", accessed.replace("-", "/"))] if accessed else []
    tags += [("N1", _note(cited, edition))] if _note(cited, edition) else []
    return "\n".join(f"{tag}  - {_ris_value(value)}" for tag, value in tags) + "\nER  - "


#: What ends a line to a reader of RIS (and to Python's splitlines): a value holding one would begin a tag.
_RIS_LINE_END = re.compile(r"\s*[\r\n\v\f\x1c-\x1e\x85\u2028\u2029]+\s*")


def _ris_value(value: str) -> str:
    """RIS's one escape: a value on its one line, every line break made a space (RIS has no escape, and a
    line break would begin a tag: "ER  - " ends the record). Content holds none (edition/texts/datafiles.py,
    the one rule for text); this holds the format whatever it is given.

    >>> _ris_value("Poker\\nER  - \\nTY  - BOOK\\u2028x")
    'Poker ER  - TY  - BOOK x'
    """
    return _RIS_LINE_END.sub(" ", value)


# --- The page head: citation_* metadata and JSON-LD -----------------------------------------------

def highwire(cited: Cited, edition: EditionRecord, pdf_url: str = "") -> list[list[str]]:
    """The citation_* tags of the page *cited* is (Highwire Press's tags, as Zotero and Google
    Scholar read them), as [name, content] pairs: the text the page gives (its title naming the
    work it comes from, as the data formats do: item_title; its authors) within the edition, its
    book (citation_inbook_title, the edition's editors, publisher and the version's date); the
    work's PDF (*pdf_url*), where the site has it."""
    tags: list[list[str]] = []
    if cited.kind == "edition":
        tags += [["citation_title", edition.title]]
    else:
        tags += [["citation_title", item_title(cited, edition)], ["citation_inbook_title", edition.title]]
        tags += [["citation_author", n.inverted] for n in _authors(cited, edition)]
    tags += [["citation_editor", n.inverted] for n in edition.editors]
    tags += [["citation_publisher", edition.publisher]] if edition.publisher else []
    tags += [["citation_publication_date", edition.date.replace("-", "/")]] if edition.date else []
    tags += [["citation_pdf_url", pdf_url]] if pdf_url else []
    return tags + [["citation_public_url", cited.url], ["citation_language", "en"]]


SCHEMA_ORG = "https://schema.org"


def _agent(n: Name) -> dict:
    """A name as schema.org has it: a person (a pen name as the alternate name of the real one,
    where established), or, for a literal name with no person behind it, a body."""
    if n.literal and not n.real:
        return {"@type": "Organization", "name": n.literal}
    if n.literal:
        return {"@type": "Person", "name": n.real, "alternateName": n.literal}
    return {"@type": "Person", "name": n.full or n.display, **({"alternateName": n.display} if n.full else {})}


def edition_node(edition: EditionRecord, site_url: str) -> dict:
    """The edition as schema.org describes it (every page's JSON-LD names it, by its @id)."""
    node = {"@type": "Book", "@id": f"{site_url}#edition", "name": edition.title, "url": site_url,
            "bookFormat": f"{SCHEMA_ORG}/EBook", "inLanguage": "en"}
    node.update({"editor": [_agent(n) for n in edition.editors]} if edition.editors else {})
    node.update({"publisher": {"@type": "Organization", "name": edition.publisher}} if edition.publisher else {})
    node.update({"version": edition.version} if edition.version else {})
    node.update({"datePublished": edition.date} if edition.date else {})
    node.update({"license": edition.licence.url} if edition.licence else {})
    return node


def work_node(w: WorkRecord) -> dict:
    """A work as it was printed, as schema.org describes it: a book, or an article in a volume of an
    encyclopaedia; a fact not established is left out."""
    printed: dict = {}
    printed.update({"datePublished": str(w.year)} if w.year else {})
    printed.update({"publisher": {"@type": "Organization", "name": w.publisher}} if w.publisher else {})
    if w.article:
        c = w.container
        book = {"@type": "Book", "name": c.title, **printed}
        book.update({"bookEdition": ordinal(c.edition)} if c.edition else {})
        book.update({"editor": [_agent(n) for n in c.editors]} if c.editors else {})
        volume = {"@type": "PublicationVolume", "volumeNumber": str(c.volume), "isPartOf": book} if c.volume else book
        node = {"@type": "Article", "name": w.title, "isPartOf": volume}
        return node | ({"pageStart": str(c.first_page)} if c.first_page else {})
    node = {"@type": "Book", "name": w.title, **printed}
    node.update({"author": [_agent(n) for n in w.authors]} if w.authors else {})
    node.update({"editor": [_agent(n) for n in w.editors]} if w.editors else {})
    return node


def jsonld(cited: Cited, edition: EditionRecord, site_url: str) -> dict:
    """The JSON-LD of the page *cited* is: the edition, and the page, part of the edition, whose
    main entity is what it gives of a work (a chapter or a law of a book, an article, a work) with
    the work as printed. (A page of the edition's own has the edition's node only: the theme adds
    the page, named by its title.)"""
    ed = edition_node(edition, site_url)
    page: dict = {"@type": "WebPage", "url": cited.url, "isPartOf": {"@id": ed["@id"]}, "inLanguage": "en"}
    w = cited.work
    if w is not None:
        if cited.kind == "part" and not w.article:
            page["mainEntity"] = {"@type": "Chapter", "name": cited.locator, "isPartOf": work_node(w)}
        else:
            page["mainEntity"] = work_node(w) | ({"name": cited.locator} if cited.para else {})
    return {"@context": SCHEMA_ORG, "@graph": [ed, page]}


def page_head(cited: Cited, edition: EditionRecord, site_url: str, downloads: dict | None = None) -> dict:
    """What a page's template writes into its front matter for the theme's head (templates/theme/main.html):
    its citation_* tags and its JSON-LD; with *downloads* (the work's files: format -> absolute
    address, exports/downloads.py: work_files), the PDF in citation_pdf_url and each file as a
    ``<link rel="alternate">`` (alternates: type, href, title)."""
    downloads = downloads or {}
    head = {"tags": highwire(cited, edition, downloads.get("pdf", {}).get("href", "")),
            "jsonld": jsonld(cited, edition, site_url)}
    if downloads:
        head["alternates"] = list(downloads.values())
    return head


def work_data(w: WorkRecord | None) -> dict | None:
    """A work's record as templates name it (bylines, titles, the citation styles): its type, title,
    year, publisher, place; its authors and editors written out (and as a bibliography leads with
    them); its encyclopaedia."""
    if w is None:
        return None
    c = w.container
    return {
        "type": w.type, "title": w.title, "year": w.year, "publisher": w.publisher, "place": w.place,
        "authors": joined(w.authors), "lead": _lead(w.authors), "editors": joined(w.editors, "with_real"),
        "editors_lead": _lead(w.editors, "with_real"), "editor_count": len(w.editors), "creator": w.creator,
        "container": None if c is None else {
            "title": c.title, "edition": c.edition, "volume": c.volume, "first_page": c.first_page,
            "editors": joined(c.editors)},
    }


def edition_head(edition: EditionRecord, site_url: str) -> dict:
    """The edition's record as the theme's head names it on a page of the edition's own: title,
    editors (as a bibliography inverts them), publisher, the version's date, licence, its JSON-LD node."""
    return {"title": edition.title, "editors": [n.inverted for n in edition.editors], "publisher": edition.publisher,
            "date": edition.date, "version": edition.version, "node": edition_node(edition, site_url),
            "licence": None if edition.licence is None else {
                "name": edition.licence.name, "title": edition.licence.title, "url": edition.licence.url}}


def version_link(edition: EditionRecord, site_url: str) -> dict | None:
    """The version a Cite box's citations name, with the address of its page as it stood (edition/versions/V/):
    number, date (YYYY-MM-DD), href; None before the version is cut."""
    if not edition.version or not edition.date:
        return None
    return {"number": edition.version, "date": edition.date,
            "href": site_url + page_url(version_page(edition.version))}
