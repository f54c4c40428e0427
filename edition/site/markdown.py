"""The site's writer: a reading text's document (edition/texts/document.py) as the Markdown of its page.

Each reading text is written once (``written``), block by block and line by line from its parsed
document, never parsed again: each law becomes a (visually hidden) heading "Law N" with the anchor
law-N, so that the site search and screen readers find it, followed by its paragraph; every other
plain paragraph gets the anchor para-N; "Law N" in the text links to the law, each law is followed
by its citation and the places that cite it, and the marks the other parts of the edition hand over
in ``Links`` are applied: glossary terms, checked figures, example hands in lost diagrams, page
references of an index. A mark is written by the method named for its kind (``mark_<kind>``, the
kinds of edition.texts.syntax.MARKS), as the EPUB's and the TEI's writers write it.

A passage of a text quoted on another page (a law on its own page, Foster's commentary under it) is
written from the same document for that page (``law_markdown``, ``paragraph_markdown``): its links
are made from that page, and MkDocs renders it with the page, once.
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..framework.templating import mark, render_block
from ..model.cite import FORMAT_NAMES, version_link
from ..model.types import Edition, Page
from ..sources.claims import Claim, mark_html, supplied_html
from ..sources.contents import chapter_of
from ..sources.diagrams import diagram_html
from ..sources.glossary import Entry
from ..texts.addresses import (
    DOWNLOADS,
    GLOSSARY,
    file_link,
    glossary_entry,
    law_anchor,
    laws_pdf,
    page_url,
    published_link,
    rel_link,
    to_root,
)
from ..texts.document import Block, Document, Line, parse
from ..texts.errors import EditionError
from ..texts.syntax import LAW_REF, NUMBERED, Segment, figure_place, slugify, split_headword
from ..texts.typography import curl

HOVER_LENGTH = 300  # how much of a law a link's hover text shows


def _unmarked(*_args) -> str:
    raise ValueError("a checked figure needs the marks of edition.claims (Links.mark_figure, supply_figure)")


@dataclass
class Links:
    """What the writer needs to link across the edition (known once every text is read)."""

    page_uri: str  # the page written for, e.g. "foster/disputed-rules.md" (or a law's page, quoting a law)
    law_uri: dict[int, str]  # law number -> the page that holds it
    cited_by: dict[int, list[tuple[str, str, str]]] = field(default_factory=dict)  # law -> [(uri, anchor, label)]
    citation: dict[int, str] = field(default_factory=dict)  # law -> plain-text citation
    cite_formats: dict[int, dict[str, str]] = field(default_factory=dict)  # law -> its citation in every format
    terms: TermLinker | None = None  # the glossary's terms, to link where the texts use them
    commentary: dict[int, list[tuple[str, str, str]]] = field(default_factory=dict)  # law -> commenting paragraphs
    discusses: dict[str, list[int]] = field(default_factory=dict)  # this page's anchor -> laws it discusses
    claims: dict[int, list] = field(default_factory=dict)  # source line -> the figures checked on it
    # The marks other parts of the edition own, handed to the writer:
    mark_figure: Callable[[Any, str], str] = _unmarked  # (claim, figure as printed) -> marked (claims.mark_html)
    supply_figure: Callable[[Any], str] = _unmarked  # a lost figure's claim -> supplied (claims.supplied_html)
    diagrams: dict[int, str] = field(default_factory=dict)  # source line -> the edition's example hand (HTML)
    chapter_of: Callable[[int], Any] | None = None  # printed page -> its chapter, for an index (contents.chapter_of)
    law_words: dict[int, str] = field(default_factory=dict)  # law -> its words, the hover text of a link to it
    cite_version: dict | None = None  # the version the Cite boxes name, linked to its page (cite.version_link)
    laws_pdf: str = ""  # the Laws booklet's path in the site (a download), linked from each Cite box; "" for none
    home: str = ""  # for a passage written for another page: the published way from there to the text's page
    # A definition of this page's list of terms that the glossary quotes, by its anchor (def-age), ->
    # the published link to that glossary entry's own page, the definition's address to share.
    entries: dict[str, str] = field(default_factory=dict)

    def law_hover(self, n: int) -> str:
        """The hover text of a link to Law *n* (a Markdown link's title): its words, about 300 characters."""
        words = self.law_words.get(n, "")
        if not words:
            return ""
        if len(words) > HOVER_LENGTH:
            words = words[:HOVER_LENGTH].rsplit(" ", 1)[0].rstrip(",;:") + "…"
        return mark("law_hover", n, curl(words)).replace('"', "”")


@dataclass
class TermLinker:
    """Links a glossary term where a reading text uses it: once per paragraph, with a tooltip."""

    glossary_uri: str
    slug_of: dict[str, str]  # lower-cased surface form -> entry slug
    max_words: int  # the number of words in the longest form
    short: dict[str, str]  # entry slug -> the short definition (the tooltip)
    first_words: frozenset = frozenset()  # the first word of every form, to skip other words fast


@dataclass
class Written:
    """A reading text written as Markdown: its page's body, the kinds of editorial mark it shows (keys
    of syntax.MARKS, "note" for a note's letter, "claim" for a checked figure) and where it uses a
    glossary term."""

    markdown: str
    marks: set[str] = field(default_factory=set)
    term_uses: list[tuple[str, str, str, int]] = field(default_factory=list)  # (slug, anchor, label, line)


def _attr(s: str) -> str:
    return html.escape(curl(s), quote=True)


class Writer:
    """Writes one document to Markdown for one page (``Links.page_uri``), block by block and line by
    line; a mark by the method ``mark_<kind>``. What it records (the claims marked, each once on the
    page; the terms linked in the current block) lives on the instance."""

    def __init__(self, doc: Document, links: Links | None = None):
        self.doc = doc
        self.path = doc.path
        self.links = links
        self.result = Written("")
        self.marked: set[str] = set()  # the claims already marked (each once on the page)
        self.linked_here: set[str] = set()  # the terms already linked in the current block
        self.alone = False  # a law written on its own page: its number is plain

    # --- the text, block by block -------------------------------------------------------------

    def write(self) -> Written:
        out: list[str] = []
        for b in self.doc.blocks:
            out += self.block(b)
        self.result.markdown = "\n".join(out)
        return self.result

    def lines(self, b: Block) -> list[str]:
        """The Markdown of a block's lines, and nothing around them."""
        self.linked_here.clear()
        return [self.line(line, b.kind, b.anchor, b.label) for line in b.lines]

    def block(self, b: Block) -> list[str]:
        """The Markdown of one block (the lines between blank lines), with the blank line after it."""
        kind, anchor = b.kind, b.anchor
        self.linked_here.clear()
        if kind == "footnote":
            return _footnote_defs([self.line(line, "footnote-def", "", "") for line in b.lines]) + [""]
        if kind == "heading" and b.heading_id:
            return [self.marked_heading(b), ""]
        if kind == "aside":
            return [self.aside(b.lines[0]), ""]
        rendered = [self.line(line, kind, anchor, b.label) for line in b.lines]
        if kind == "list" and self.links is not None and self.links.chapter_of is not None:
            rendered = [_link_page_numbers(line, self.links) for line in rendered]
        if kind == "law":
            return self.law(rendered, b) + [""]
        if kind == "para" and not rendered[0].startswith(">"):
            return self.para(rendered, anchor) + [""]
        if kind in NUMBERED:
            # Lists, tables and quotations (a poem) are numbered with the paragraphs; the anchor (with
            # the number in the margin) stands just before them.
            number = mark("para_number", anchor.removeprefix("para-"))
            return [f'<span class="para-anchor" id="{anchor}">{number}</span>', "", *rendered, ""]
        return [*rendered, ""]

    def marked_heading(self, b: Block) -> str:
        """A heading made partly of editorial signs gets its anchor from its words alone, and the
        contents list it by its words and brackets, without the letter of its note ("[Jack-Pots.]");
        a heading lost altogether (only a lacuna) is anchored "heading-lost-N" and left out of the
        contents (macros/hooks.py), which list what the text's headings say."""
        heading = self.line(b.lines[0], "heading", "", "")
        return f'{heading} {{ #{b.heading_id} data-toc-label="{_attr(b.heading_label)}" }}'

    def aside(self, line: Line) -> str:
        """A note standing alone as a paragraph is shown in the text as an editors' note (a long one
        folded under its first words: templates/pages/blocks/aside.md.j2)."""
        seg = line.segments[0]
        return render_block("blocks/aside.md.j2", note=curl(seg.note))

    def law(self, rendered: list[str], b: Block) -> list[str]:
        """A law: its hidden heading (naming the section too, so that a search for "straddle"
        finds Law 28), its paragraph, and with links its citation and who cites it."""
        n = next(seg.number for seg in b.lines[0].segments if seg.kind == "law")
        # Its heading one level below its section's (no level skipped).
        out = [mark("law_heading", n, b.section.replace("“", "").replace("”", ""), b.section_level + 1),
               "", *rendered, "{: .law }"]
        if self.links is not None:
            out += ["", _law_meta(n, self.links)]
        return out

    def para(self, rendered: list[str], anchor: str) -> list[str]:
        """A paragraph with its anchor, and the laws it discusses (Foster's commentary)."""
        # The number in the margin, first in the paragraph (a paragraph quoted on another page has none).
        number = mark("para_number", anchor.removeprefix("para-"))
        out = [number + rendered[0], *rendered[1:], f"{{: #{anchor} .para }}"]
        if self.links is not None and anchor in self.links.discusses:
            laws = [{"number": n, "href": f"{rel_link(self.links.page_uri, self.links.law_uri[n])}#{law_anchor(n)}",
                     "hover": self.links.law_hover(n)} for n in self.links.discusses[anchor]]
            out += ["", render_block("blocks/discusses.md.j2", laws=laws)]
        return out

    # --- a line, segment by segment -----------------------------------------------------------

    def line(self, line: Line, kind: str, anchor: str, label: str) -> str:
        """One source line of a block of *kind*: its text and its marks, written."""
        parts: list[str] = []
        for seg in line.segments:
            if seg.kind == "text":
                parts.append(self.text(seg.text, line, kind, anchor, label))
            else:
                self.result.marks.add(seg.kind)
                parts.append(getattr(self, f"mark_{seg.kind}")(seg, line.number))
        return "".join(parts)

    def text(self, text: str, line: Line, kind: str, anchor: str, label: str) -> str:
        """Plain text of a line: footnote references, figure marks, quotes, law and term links."""
        lineno = line.number
        if kind == "heading":
            return text
        if kind == "deflist":
            # A definition may state a figure (Foster's "Odds"): it is marked like any other.
            if line.source.startswith(":"):
                return self.mark_claims(text, lineno)
            return _term_anchor(text, self.links.entries)
        text = _FOOTNOTE_REF.sub(self.footnote_ref, text) if "[^" in text else text
        text = self.mark_claims(text, lineno)
        text = _curl_outside_tags(text)
        text = self.link_laws(text, lineno)
        if kind in ("para", "law", "list", "table"):
            text = self.link_terms(text, lineno, anchor, label)
        return text

    # --- the marks (syntax.MARKS), one method each ------------------------------------------------

    def mark_law(self, seg: Segment, lineno: int) -> str:
        """A law's number, first in its own paragraph, linking to the law (plain on the law's own page)."""
        return f"{seg.number}\\." if self.alone else law_number_html(seg.number)

    def mark_page(self, seg: Segment, lineno: int) -> str:
        return mark("page_mark", seg.number)

    def mark_supplied(self, seg: Segment, lineno: int) -> str:
        # a figure supplied from the author's own words is checked like any other
        supplied = self.mark_claims(seg.text, lineno)
        return f'<span class="ed-supplied" title="{_attr(seg.note)}">[{supplied}]</span>' + self.note_ref(seg)

    def mark_sic(self, seg: Segment, lineno: int) -> str:
        return (f'<span class="ed-sic" title="{_attr(seg.note)}">{self.mark_claims(seg.text, lineno)}</span>'
                + self.note_ref(seg))

    def mark_lacuna(self, seg: Segment, lineno: int) -> str:
        out = f'<span class="ed-lacuna" title="{_attr(seg.note)}">[…]</span>' + self.note_ref(seg)
        return out + "".join(" " + self.links.supply_figure(claim) for claim in self.lost_figures(lineno))

    def mark_note(self, seg: Segment, lineno: int) -> str:
        return self.note_ref(seg)

    def mark_figure(self, seg: Segment, lineno: int) -> str:
        return mark("lost_figure", curl(seg.note), self.figure_extras(lineno))

    def note_ref(self, seg: Segment) -> str:
        """An editorial note's letter in the text, linking to the note (its words on hover)."""
        n = seg.letter
        self.result.marks.add("note")
        return (f'<sup class="ed-note-ref" id="ed-ref-{n}"><a href="{self.here()}#ed-note-{n}" '
                f'title="{_attr(seg.note)}">{note_letter(n)}</a></sup>')

    def footnote_ref(self, m: re.Match) -> str:
        """The author's footnote's number (Hoyle's 35-39, which Markdown's own would renumber)."""
        out = mark("footnote_ref", m[1])
        return out.replace('href="#', f'href="{self.here()}#', 1) if self.here() else out

    def here(self) -> str:
        """The way to the text's own page from the page written for ("" for itself): raw HTML's links,
        which MkDocs leaves as they are."""
        return self.links.home if self.links is not None else ""

    def link_laws(self, text: str, lineno: int) -> str:
        """Each "Law N" (or "Laws N and M" ...) in the text, with links, linked to the law."""
        links = self.links
        if "Law" not in text or links is None:
            return text

        def repl(m: re.Match) -> str:
            def one(num: re.Match) -> str:
                n = int(num[0])
                if n not in links.law_uri:
                    raise EditionError(self.path, lineno, f"'{m[0]}' refers to Law {n}, which the edition does "
                                       "not have", "check the number against Foster's Laws 1–77 "
                                       "(content/texts/foster/03-laws.md)")
                hover = links.law_hover(n)
                title = f' "{hover}"' if hover else ""
                return f"[{n}]({rel_link(links.page_uri, links.law_uri[n])}#{law_anchor(n)}{title})"
            return m[1] + m[2] + re.sub(r"\d+", one, m[3])
        return LAW_REF.sub(repl, text)

    def mark_claims(self, text: str, lineno: int) -> str:
        """The checked figures printed in the text, each marked with its verdict (once)."""
        if self.links is None:
            return text
        # Find every figure's place in the text as it stands, then mark them all at once, so that
        # one mark's hover text is never searched for the next figure.
        places: list[tuple[int, int, object]] = []
        for claim in self.links.claims.get(lineno, []):
            if claim.id in self.marked or claim.figure == "{lacuna}":
                continue
            at = figure_place(text, claim.figure, getattr(claim, "context", ""), [(a, b) for a, b, _ in places])
            if at >= 0:
                places.append((at, at + len(claim.figure), claim))
                self.marked.add(claim.id)
        for a, b, claim in sorted(places, key=lambda p: -p[0]):
            text = text[:a] + self.links.mark_figure(claim, text[a:b]) + text[b:]
            self.result.marks.add("claim")
        return text

    def lost_figures(self, lineno: int) -> list:
        """The lost figures of a line (a '{lacuna}' claim) not yet supplied, now marked supplied."""
        if self.links is None:
            return []
        lost = [c for c in self.links.claims.get(lineno, []) if c.figure == "{lacuna}" and c.id not in self.marked]
        self.marked.update(c.id for c in lost)
        if lost:
            self.result.marks.add("claim")
        return lost

    def figure_extras(self, lineno: int) -> str:
        """Inside a lost figure's box: the edition's example hand, and the odds that stood
        beneath the figure, lost with it and supplied by computation (a '{lacuna}' claim)."""
        if self.links is None:
            return ""
        extras = [self.links.diagrams[lineno]] if lineno in self.links.diagrams else []
        extras += [mark("lost_odds", self.links.supply_figure(claim)) for claim in self.lost_figures(lineno)]
        return "".join(extras)

    def link_terms(self, text: str, lineno: int, anchor: str, label: str) -> str:
        """The first use in the block of each glossary term, linked to its entry."""
        links = self.links
        linker = links.terms if links else None
        if linker is None:
            return text
        href = rel_link(links.page_uri, linker.glossary_uri)

        def used(slug: str) -> str:
            self.result.term_uses.append((slug, anchor, label, lineno))
            return f"{href}#{slug}"

        out = []
        # Leave existing links and HTML alone: split them out and link only the text between.
        for i, piece in enumerate(re.split(r"(\[[^\]]*\]\([^)]*\)|<[^>]+>)", text)):
            out.append(piece if i % 2 else _link_term_words(piece, linker, self.linked_here, used))
        return "".join(out)


def law_number_html(n: int) -> str:
    """A law's number at the start of its paragraph, a link to the law itself."""
    return mark("law_number", n)


# Footnotes keep the numbers the book prints (Hoyle's 35-39), which Markdown's own would renumber.
_FOOTNOTE_REF = re.compile(r"\[\^([^\]\s]+)\](?!:)")


def _footnote_defs(lines: list[str]) -> list[str]:
    """Footnote definitions ([^35]: text) as numbered notes with a link back to the reference."""
    out: list[str] = []
    for line in lines:
        m = re.match(r"\s*\[\^([^\]\s]+)\]:\s*(.*)", line)
        if m:
            out += ["", f'<div class="ed-footnote" id="fn-{m[1]}" markdown>', "",
                    f'{mark("footnote_back", m[1])} {m[2]}', "",
                    "</div>"]
        elif out:
            out.insert(len(out) - 2, line)  # a continuation line of the same note
    return out


_WORD = re.compile(r"[A-Za-z][\w'’]*(?:-[A-Za-z][\w'’]*)*")  # apostrophes straight or curled


def _curl_outside_tags(text: str) -> str:
    """The typography policy's quotes, applied by the edition itself (Python-Markdown's smarty
    misreads a closing quote before a dash, "bare openers"—that is) but never inside HTML tags."""
    if "<" not in text:
        return curl(text)
    return "".join(part if i % 2 else curl(part) for i, part in enumerate(_TAG.split(text)))


_TAG = re.compile(r"(<[^>]+>)")


def _link_term_words(text: str, linker: TermLinker, linked: set[str], href_for) -> str:
    """Link the first use of each term in *text*: the longest run of words (up to the longest
    term) that is a term's form, with a plural ending allowed on its last word."""
    words = list(_WORD.finditer(text))
    fw = linker.first_words
    # The words that may begin a term (most do not), in order; a term found covers the next ones.
    starts = [i for i, m in enumerate(words)
              if (w := m[0].lower()) in fw or w.rstrip("s") in fw or w[:-2] in fw]
    out, pos, after = [], 0, 0
    for i in starts:
        if i < after:
            continue
        hit = None
        for n in range(min(linker.max_words, len(words) - i), 0, -1):
            run = words[i:i + n]
            # the words must be separated by single spaces only
            if any(text[a.end():b.start()] != " " for a, b in zip(run, run[1:], strict=False)):
                continue
            phrase = text[run[0].start():run[-1].end()]
            key = phrase.lower().replace("’", "'")
            for cut in (0, 1, 2):
                if cut and not key.endswith("es"[-cut:] if cut == 1 else "es"):
                    continue
                form = key[:-cut] if cut else key
                slug = linker.slug_of.get(form)
                if slug:
                    hit = (n, slug)
                    break
            if hit:
                break
        if hit:
            n, slug = hit
            a, b = words[i].start(), words[i + n - 1].end()
            if slug not in linked:
                linked.add(slug)
                title = curl(linker.short[slug]).replace('"', "”")
                out.append(text[pos:a])
                out.append(f'[{text[a:b]}]({href_for(slug)} "{title}"){{ .term }}')
                pos = b
            after = i + n
    out.append(text[pos:])
    return "".join(out)


def _link_page_numbers(line: str, links: Links) -> str:
    """An index entry's page numbers ("Ante and blind 67, 81") link to the chapters that hold them."""
    m = re.search(r"(\d{1,3}(?:,\s*\d{1,3})*)\.?$", line)
    if not m or m.start() == 0:
        return line

    def one(num: re.Match) -> str:
        chapter = links.chapter_of(int(num[0]))
        if chapter is None:
            return num[0]
        href = rel_link(links.page_uri, chapter.page_uri) + (f"#{chapter.anchor}" if chapter.anchor else "")
        return mark("index_page", num[0], href, chapter)
    return line[:m.start()] + re.sub(r"\d+", one, m[0])


def _term_anchor(term_line: str, entries: dict[str, str]) -> str:
    """A printed term of a definition list, with the anchor the glossary links to (def-slug) and a
    link to it in the margin, the definition's address to cite (marks.md.j2, def_anchor); after it,
    where the glossary quotes the definition, a link to that entry's own page (*entries*: anchor ->
    link; marks.md.j2, def_entry), an address to share that unfurls as the term."""
    headword = split_headword(term_line)[0]
    slug = slugify(headword)
    entry = entries.get("def-" + slug)
    return (mark("def_anchor", slug, headword.rstrip(".")) + term_line
            + (mark("def_entry", entry, headword.rstrip(".")) if entry else ""))


def _law_meta(n: int, links: Links) -> str:
    """After each law: its citation, Foster's commentary and who cites it (blocks/law-meta.md.j2)."""
    def places(found: list[tuple[str, str, str]]) -> list[dict]:
        return [{"label": label, "href": rel_link(links.page_uri, uri) + (f"#{anchor}" if anchor else "")}
                for uri, anchor, label in found]
    booklet = ({"laws_pdf": file_link(links.page_uri, links.laws_pdf), "version": links.laws_pdf.split("-")[-1][:-4],
                "downloads_page": published_link(links.page_uri, DOWNLOADS)} if links.laws_pdf else None)
    return render_block("blocks/law-meta.md.j2", number=n, citation=links.citation.get(n, ""), booklet=booklet,
                        formats=cite_formats(links.cite_formats.get(n, {})), cite_version=links.cite_version,
                        commentary=places(links.commentary.get(n, [])), cited_by=places(links.cited_by.get(n, [])))


def cite_formats(found: dict[str, str]) -> list[dict]:
    """A citation's formats as a Cite box lists them: key, name and text (blocks/cite-formats.html.j2)."""
    return [{"key": key, "name": FORMAT_NAMES[key], "text": text} for key, text in found.items()]


def note_letter(n: int) -> str:
    """Editorial notes are lettered (a, b, … z, aa, ab …) so that they are never confused with
    the author's own numbered footnotes.

    >>> note_letter(1), note_letter(26), note_letter(27)
    ('a', 'z', 'aa')
    """
    letters = ""
    while n:
        n, r = divmod(n - 1, 26)
        letters = chr(97 + r) + letters
    return letters


# --- the edition's texts, each written once ----------------------------------------------------

def term_linker(glossary: list[Entry]) -> TermLinker | None:
    """The matcher for every linkable term's surface forms (headwords, variants, aliases)."""
    slug_of: dict[str, str] = {}
    headwords = {e.headword.lower() for e in glossary}
    for e in glossary:
        if not e.link:
            continue
        for form in e.surface_forms:
            key = form.lower()
            # A headword of one entry is never another entry's alias.
            if key in headwords and key != e.headword.lower() and form not in (d.headword for d in e.definitions):
                continue
            slug_of.setdefault(key, e.slug)
    if not slug_of:
        return None
    max_words = max(len(form.split()) for form in slug_of)
    first_words = frozenset(form.split()[0] for form in slug_of)
    return TermLinker(GLOSSARY, slug_of, max_words, {e.slug: e.short for e in glossary}, first_words)


def quoted_definitions(glossary: list[Entry]) -> dict[str, dict[str, str]]:
    """Each definition of a list of terms that the glossary quotes, by its page and anchor, with the
    slug of the entry that quotes it (Keller's Bluff under "bluffing"); a passage of running text is no
    list's definition."""
    found: dict[str, dict[str, str]] = {}
    for e in glossary:
        for d in e.definitions:
            if not d.place:
                found.setdefault(d.page_uri, {}).setdefault(d.anchor, e.slug)
    return found


@dataclass
class _Shared:
    """What every text's links share, made once per edition."""

    law_uri: dict[int, str]
    cited_by: dict[int, list[tuple[str, str, str]]]
    citation: dict[int, str]
    commentary: dict[int, list[tuple[str, str, str]]]
    discusses: dict[str, dict[str, list[int]]]
    law_words: dict[int, str]
    terms: TermLinker | None
    cite_version: dict | None
    laws_pdf: str
    entries: dict[str, dict[str, str]]  # page uri -> a definition's anchor there -> the glossary entry quoting it


def _shared(ed: Edition) -> _Shared:
    found = ed.made.get("links")
    if found is None:
        discusses: dict[str, dict[str, list[int]]] = {}  # page uri -> anchor -> laws
        for c in ed.commentary:
            discusses.setdefault(c.page_uri, {}).setdefault(c.anchor, []).extend(c.laws)
        found = _Shared({n: law.page_uri for n, law in ed.laws.items()},
                        {n: law.cited_by for n, law in ed.laws.items() if law.cited_by},
                        {n: law.citation for n, law in ed.laws.items()},
                        {n: law.commentary for n, law in ed.laws.items() if law.commentary}, discusses,
                        {n: law.words for n, law in ed.laws.items()}, term_linker(ed.glossary),
                        version_link(ed.record, ed.site_url), laws_pdf(ed.version) if ed.version else "",
                        quoted_definitions(ed.glossary))
        ed.made["links"] = found
    return found


def links_for(ed: Edition, page: Page, page_uri: str | None = None) -> Links:
    """The links of reading text *page* written for its own page, or for *page_uri* (a passage quoted there)."""
    shared = _shared(ed)
    uri = page.text.page_uri
    # Lists of references (contents, index, bibliography) name terms without using them.
    page_terms = shared.terms if page.text.meta.get("link_terms", True) else None
    page_claims: dict[int, list[Claim]] = {}
    for claim in ed.claims:
        if claim.page_uri == uri:
            page_claims.setdefault(claim.source_line, []).append(claim)
    chapters = ed.contents.get(page.text.work, []) if page.text.meta.get("page_refs") else []
    page_diagrams = {d.source_line: diagram_html(d) for d in ed.diagrams if d.page_uri == uri}
    target = page_uri or uri
    return Links(target, shared.law_uri, shared.cited_by, shared.citation, ed.cite_formats, terms=page_terms,
                 commentary=shared.commentary, discusses=shared.discusses.get(uri, {}), claims=page_claims,
                 mark_figure=mark_html, supply_figure=supplied_html, diagrams=page_diagrams,
                 chapter_of=partial(chapter_of, chapters=chapters) if chapters else None,
                 law_words=shared.law_words, cite_version=shared.cite_version, laws_pdf=shared.laws_pdf,
                 home=to_root(target) + page_url(uri) if target != uri else "",
                 entries={anchor: published_link(target, glossary_entry(slug))
                          for anchor, slug in shared.entries.get(uri, {}).items()})


def written(ed: Edition) -> dict[str, Written]:
    """Every reading text written as its page's Markdown, once an edition (page source -> Written);
    each glossary entry learns where the texts use it."""
    found = ed.made.get("written")
    if found is None:
        found = {}
        entries = {e.slug: e for e in ed.glossary}
        for page in ed.pages:
            done = Writer(page.document, links_for(ed, page)).write()
            found[page.text.page_uri] = done
            for slug, anchor, label, _line in done.term_uses:
                entries[slug].uses.append((page.text.page_uri, anchor, label))
        ed.made["written"] = found
    return found


def _block(ed: Edition, page_uri: str, anchor: str) -> tuple[Page, Block] | None:
    page = next((p for p in ed.pages if p.text.page_uri == page_uri), None)
    if page is None:
        return None
    block = next((b for b in page.document.blocks if b.anchor == anchor), None)
    return (page, block) if block is not None else None


def law_markdown(ed: Edition, number: int, page_uri: str) -> str:
    """Law *number*'s paragraph as Markdown for page *page_uri* (its own page): its number plain, its
    links made from there."""
    page, block = _block(ed, ed.laws[number].page_uri, law_anchor(number))
    writer = Writer(page.document, links_for(ed, page, page_uri))
    writer.alone = True
    return "\n".join(writer.lines(block))


def paragraph_markdown(ed: Edition, source_uri: str, anchor: str, page_uri: str) -> str:
    """The paragraph *anchor* (para-N) of reading text *source_uri* as Markdown for page *page_uri*,
    without its number in the margin; "" for a block that is no plain paragraph (a list, a table, a
    poem), which is quoted by its link alone."""
    found = _block(ed, source_uri, anchor)
    if found is None:
        return ""
    page, block = found
    lines = Writer(page.document, links_for(ed, page, page_uri)).lines(block)
    return "\n".join(lines) if block.kind == "para" and not lines[0].startswith(">") else ""


def render(lines: list[str], first_lineno: int, path: str, links: Links | None = None) -> Written:
    """The body *lines* of a reading text (its first on line *first_lineno* of *path*) parsed and
    written (for tools and tests: a build writes each text once, ``written``)."""
    return Writer(parse(lines, first_lineno, path), links).write()
