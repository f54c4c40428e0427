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
    (The Press, 25 November 2026), <https://e.org/laws/19/>.
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
#: The styles that want the date the reader consulted the page (Chicago and MLA, for a web page):
#: a static page cannot know it, so the citation says where it goes, in the style's words, and
#: the page's script (site_src/assets/edition.js) writes the day in when the citation is copied.
ACCESSED = {"chicago": "Accessed [month day, year].", "mla": "Accessed [day month year]."}
#: Stands for the paragraph's number in the one paragraph citation of a reading-text page; the
#: page's script puts the number of the paragraph cited in its place (digits, so that BibTeX's
#: key keeps it).
PARA_TOKEN = "999999"
NO_DATE = "n.d."
NO_PUBLISHER = "[publisher not identified]"
#: BibTeX's entry types the formats use, with the fields each requires (BibTeXing, Patashnik
#: 1988; "a|b": one of them).
BIBTEX_REQUIRED = {
    "book": ("author|editor", "title", "publisher", "year"),
    "inbook": ("author|editor", "title", "chapter|pages", "publisher", "year"),
    "incollection": ("author", "title", "booktitle", "publisher", "year"),
}


@dataclass(frozen=True)
class Cited:
    """What one citation cites, at *url*: a *part* of *work* ("Law 19 — Misdealing", a chapter's
    title; "" for the whole work), or its paragraph *para* ("3"); with no work, a page of the
    edition's own (*part*: "Glossary") or, without a part either, the edition itself."""

    url: str
    work: WorkRecord | None = None
    part: str = ""
    para: str = ""

    @property
    def kind(self) -> str:
        """"part", "work", "edition-page" or "edition"."""
        if self.work is None:
            return "edition-page" if self.part else "edition"
        return "part" if self.part or self.para else "work"

    @property
    def locator(self) -> str:
        """The part cited as a citation names it: "Law 19 — Misdealing", "Betting, ¶3"; an
        article's, after its title: "Poker, ¶3"."""
        words = [self.work.title] if self.work is not None and self.work.article else []
        words += [self.part] if self.part else []
        words += [f"¶{self.para}"] if self.para else []
        return ", ".join(words)


def citation_key(cited: Cited, edition: EditionRecord) -> str:
    """Its BibTeX key (and CSL-JSON id): the work's first author's name (or short name) and year,
    the part's first words, the paragraph: "foster1905:law19", "britannica1911:poker:p3",
    "hoylend:poker"; the edition's pages: "edition2026:glossary"."""
    w = cited.work
    head = f"edition{edition.year or ''}" if w is None else w.key + (str(w.year) if w.year else "nd")
    words = [w.title] if w is not None and w.article else []
    words += [cited.part.split(" — ")[0]] if cited.part else []
    words += [f"p{cited.para}"] if cited.para else []
    return ":".join(re.sub(r"[^a-z0-9]", "", word.lower()) for word in [head, *words])


def formats(cited: Cited, edition: EditionRecord) -> dict[str, str]:
    """The citation of *cited* in every format (FORMAT_NAMES), each naming the edition's version."""
    data = _template_data(cited, edition)
    out = {key: _one_line(render(f"cite/{key}.j2", **data)) for key in ("plain", "chicago", "mla")}
    out["bibtex"] = bibtex(cited, edition)
    out["csl-json"] = json.dumps([csl(cited, edition)], ensure_ascii=False, indent=2)
    out["ris"] = ris(cited, edition)
    return out


def citation(cited: Cited, edition: EditionRecord) -> str:
    """The plain-text citation (the Cite box's first, the one printed)."""
    return formats(cited, edition)["plain"]


def _one_line(text: str) -> str:
    """A template's citation as one line: its line breaks and runs of spaces made one space."""
    return re.sub(r"\s+", " ", text).strip()


def _template_data(cited: Cited, edition: EditionRecord) -> dict:
    """What templates/pages/cite/*.j2 are given: the citation's kind, part, paragraph, locator and
    address; the work (w) and the edition (ed) with their names already written out."""
    return {"kind": cited.kind, "part": cited.part, "para": cited.para, "locator": cited.locator, "url": cited.url,
            "w": work_data(cited.work), "ed": edition_data(edition), "accessed": ACCESSED, "no_date": NO_DATE}


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


# --- BibTeX ---------------------------------------------------------------------------------------

def bibtex(cited: Cited, edition: EditionRecord) -> str:
    """The BibTeX entry: a part of a book with an author is an @incollection; a part of a book cited
    by its title (its editors') and an encyclopaedia article, an @inbook; a whole book and the
    edition, a @book; a page of the edition's own, an @inbook of the edition."""
    w = cited.work
    fields: list[tuple[str, str]] = []
    if w is None:
        kind = "inbook" if cited.part else "book"
        fields += [("editor", _bib_names(edition.editors)), ("title", edition.title)]
        fields += [("chapter", cited.part)] if cited.part else []
        fields += [("publisher", edition.publisher or NO_PUBLISHER), ("year", str(edition.year or NO_DATE))]
        fields += [("note", _edition_note(edition, own=True))]
    else:
        if w.article:
            c = w.container
            kind = "inbook"
            fields += [("editor", _bib_names(c.editors))] if c.editors else []
            fields += [("title", c.title), ("chapter", cited.locator)]
            fields += [("edition", ordinal(c.edition))] if c.edition else []
            fields += [("volume", str(c.volume))] if c.volume else []
            fields += [("pages", f"{c.first_page}ff.")] if c.first_page else []
        elif w.authors and cited.kind == "part":
            kind = "incollection"
            fields += [("author", _bib_names(w.authors)), ("title", cited.locator), ("booktitle", w.title)]
        elif cited.kind == "part":
            kind = "inbook"
            fields += [("editor", _bib_names(w.editors)), ("title", w.title), ("chapter", cited.locator)]
        else:
            kind = "book"
            fields += [("author", _bib_names(w.authors))] if w.authors else [("editor", _bib_names(w.editors))]
            fields += [("title", w.title)]
        fields += [("publisher", w.publisher or NO_PUBLISHER)]
        fields += [("address", w.place)] if w.place else []
        fields += [("year", str(w.year or NO_DATE)), ("note", _work_note(w, edition))]
    fields += [("url", cited.url)]
    fields += [("version", edition.version)] if edition.version else []
    body = ",\n".join(f"  {name} = {{{_bib_escape(value)}}}" for name, value in fields if value)
    return f"@{kind}{{{citation_key(cited, edition)},\n{body}\n}}"


def _bib_names(people: tuple[Name, ...]) -> str:
    """Names for BibTeX: "Foster, R. F."; a literal name braced, so that it is not split."""
    return " and ".join(f"{{{n.literal}}}" if n.literal else n.inverted for n in people)


def _bib_escape(value: str) -> str:
    """A field's text for BibTeX: its special characters escaped (the braces of literal names kept)."""
    return re.sub(r"(?<!\\)([&%#_$])", r"\\\1", value)


def _edition_statement(edition: EditionRecord) -> str:
    """The edition as the machine formats' notes name it: "Draw Poker: The Laws and the Literature,
    edited by X, version 1.1 (The Press, 26 November 2026)"."""
    words = edition.title
    words += f", edited by {edition.editor_names}" if edition.editors else ""
    words += f", version {edition.version}" if edition.version else ""
    tail = ", ".join(p for p in (edition.publisher, _day(edition.date)) if p)
    return words + (f" ({tail})" if tail else "")


def _edition_note(edition: EditionRecord, own: bool = False) -> str:
    return (f"Version {edition.version}" + (f" of {_day(edition.date)}" if edition.date else "")) if own \
        else f"In {_edition_statement(edition)}"


def _work_note(w: WorkRecord, edition: EditionRecord) -> str:
    """A note for a work's passage: the real name behind a pen name, where established, and the edition read."""
    real = [f"{n.display} is the pen name of {n.real}." for n in (*w.authors, *w.editors) if n.literal and n.real]
    return " ".join([*real, f"{_edition_note(edition)}."])


def _day(iso: str) -> str:
    return day(iso) if iso else ""


# --- CSL-JSON -------------------------------------------------------------------------------------

def csl(cited: Cited, edition: EditionRecord) -> dict:
    """The CSL-JSON item (CSL 1.0.1's data schema): the work as printed (a chapter, an encyclopaedia
    entry, a book), the edition it is read in as its collection (title, editors), its version and address."""
    w = cited.work
    item: dict = {"id": citation_key(cited, edition)}
    if w is None:
        item["type"] = "chapter" if cited.part else "book"
        if cited.part:
            item.update({"title": cited.part, "container-title": edition.title})
        else:
            item["title"] = edition.title
        item.update(_csl_names("editor", edition.editors))
        item.update({"publisher": edition.publisher} if edition.publisher else {})
        item.update({"issued": _csl_date(edition.date)} if edition.date else {"issued": {"literal": NO_DATE}})
    else:
        if w.article:
            c = w.container
            item.update({"type": "entry-encyclopedia", "title": cited.locator, "container-title": c.title})
            item.update(_csl_names("editor", c.editors))
            item.update({k: str(v) for k, v in (("edition", c.edition), ("volume", c.volume),
                                                 ("page-first", c.first_page)) if v})
        elif cited.kind == "part":
            item.update({"type": "chapter", "title": cited.locator, "container-title": w.title})
            item.update(_csl_names("author", w.authors))
            item.update(_csl_names("editor", w.editors))
        else:
            item.update({"type": "book", "title": w.title})
            item.update(_csl_names("author", w.authors))
            item.update(_csl_names("editor", w.editors))
        item.update({"publisher": w.publisher} if w.publisher else {})
        item.update({"publisher-place": w.place} if w.place else {})
        item["issued"] = {"date-parts": [[w.year]]} if w.year else {"literal": NO_DATE}
        item["collection-title"] = edition.title
        item.update(_csl_names("collection-editor", edition.editors))
        item["note"] = _work_note(w, edition)
    item.update({"version": edition.version} if edition.version else {})
    item["URL"] = cited.url
    return item


def _csl_names(role: str, people: tuple[Name, ...]) -> dict:
    if not people:
        return {}
    return {role: [{"literal": n.literal} if n.literal else {"family": n.family, "given": n.given} for n in people]}


def _csl_date(iso: str) -> dict:
    return {"date-parts": [[int(p) for p in iso.split("-")]]}


# --- RIS ------------------------------------------------------------------------------------------

#: RIS's reference types the formats use.
RIS_TYPES = {"book": "BOOK", "part": "CHAP", "article": "ENCYC", "edition": "EBOOK"}


def ris(cited: Cited, edition: EditionRecord) -> str:
    """The RIS record: TY first, ER last, each tag "XX  - value" on its own line."""
    w = cited.work
    tags: list[tuple[str, str]] = []
    if w is None:
        if cited.part:
            tags += [("TY", RIS_TYPES["part"]), ("TI", cited.part), ("T2", edition.title)]
        else:
            tags += [("TY", RIS_TYPES["edition"]), ("TI", edition.title)]
        tags += [("A2", n.inverted) for n in edition.editors]
        tags += [("ET", f"Version {edition.version}")] if edition.version else []
        tags += [("PB", edition.publisher)] if edition.publisher else []
        tags += _ris_date(edition.date)
    else:
        if w.article:
            c = w.container
            tags += [("TY", RIS_TYPES["article"]), ("TI", cited.locator), ("T2", c.title)]
            tags += [("A2", n.inverted) for n in c.editors]
            tags += [("ET", ordinal(c.edition))] if c.edition else []
            tags += [("VL", str(c.volume))] if c.volume else []
            tags += [("SP", str(c.first_page))] if c.first_page else []
        elif cited.kind == "part":
            tags += [("TY", RIS_TYPES["part"]), ("TI", cited.locator), ("T2", w.title)]
            tags += [("AU", n.inverted) for n in w.authors] + [("A2", n.inverted) for n in w.editors]
        else:
            tags += [("TY", RIS_TYPES["book"]), ("TI", w.title)]
            tags += [("AU", n.inverted) for n in w.authors] + [("A2", n.inverted) for n in w.editors]
        tags += [("PB", w.publisher)] if w.publisher else []
        tags += [("CY", w.place)] if w.place else []
        tags += [("PY", str(w.year))] if w.year else []
        tags += [("T3", edition.title)] + [("A3", n.inverted) for n in edition.editors]
        tags += [("N1", ("" if w.year else "Undated. ") + _work_note(w, edition))]
    tags += [("UR", cited.url)]
    return "\n".join(f"{tag}  - {value}" for tag, value in tags) + "\nER  - "


def _ris_date(iso: str) -> list[tuple[str, str]]:
    return [("PY", iso[:4]), ("DA", iso.replace("-", "/"))] if iso else []


# --- The page head: citation_* metadata and JSON-LD -----------------------------------------------

def highwire(cited: Cited, edition: EditionRecord) -> list[list[str]]:
    """The citation_* tags of the page *cited* is (Highwire Press's tags, as Zotero and Google
    Scholar read them), as [name, content] pairs: the work as printed and the part the page is;
    the edition it is read in as the series, with the version's date as the date online."""
    w = cited.work
    tags: list[list[str]] = []
    if w is None:
        tags += [["citation_title", cited.part or edition.title]]
        tags += [["citation_inbook_title", edition.title]] if cited.part else []
        tags += [["citation_editor", n.inverted] for n in edition.editors]
        tags += [["citation_publisher", edition.publisher]] if edition.publisher else []
        tags += [["citation_publication_date", edition.date.replace("-", "/")]] if edition.date else []
    else:
        if w.article:
            c = w.container
            tags += [["citation_title", cited.locator], ["citation_inbook_title", c.title]]
            tags += [["citation_editor", n.inverted] for n in c.editors]
            tags += [["citation_volume", str(c.volume)]] if c.volume else []
            tags += [["citation_firstpage", str(c.first_page)]] if c.first_page else []
        elif cited.kind == "part":
            tags += [["citation_title", cited.locator], ["citation_inbook_title", w.title]]
        else:
            tags += [["citation_title", w.title]]
        tags += [["citation_author", n.inverted] for n in w.authors]
        tags += [] if w.article else [["citation_editor", n.inverted] for n in w.editors]
        tags += [["citation_publication_date", str(w.year)]] if w.year else []
        tags += [["citation_publisher", w.publisher]] if w.publisher else []
        tags += [["citation_series_title", edition.title]]
        tags += [["citation_online_date", edition.date.replace("-", "/")]] if edition.date else []
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


def page_head(cited: Cited, edition: EditionRecord, site_url: str) -> dict:
    """What a page's template writes into its front matter for the theme's head (templates/theme/main.html):
    its citation_* tags and its JSON-LD."""
    return {"tags": highwire(cited, edition), "jsonld": jsonld(cited, edition, site_url)}


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
