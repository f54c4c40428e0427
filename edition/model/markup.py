"""Rendering a reading text to Markdown: anchors, notes, law links, term links, figure marks.

The markup's syntax (``{law 12}``, ``{supplied: words | note}`` ...) is parsed by ``syntax``;
this module turns the parsed lines of a whole text into the Markdown of its page.
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..framework.templating import mark, render_block
from ..texts.addresses import DOWNLOADS, file_link, law_anchor, published_link, rel_link
from ..texts.errors import EditionError
from ..texts.syntax import (
    LAW_REF,
    NUMBERED,
    Block,
    blocks,
    figure_place,
    parse_line,
    plain_text,
    slugify,
    split_headword,
)
from ..texts.typography import curl
from .cite import FORMAT_NAMES


@dataclass(frozen=True)
class Ref:
    """A reference to one of Foster's laws ("See Law 74") found in a reading text."""

    law: int
    anchor: str  # the anchor of the block that holds the reference ("law-71", "para-3"), or ""
    label: str  # how a "cited by" list names that block ("Law 71", "¶3")
    line: int


HOVER_LENGTH = 300  # how much of a law a link's hover text shows


def _unmarked(*_args) -> str:
    raise ValueError("a checked figure needs the marks of edition.claims (Links.mark_figure, supply_figure)")


@dataclass
class Links:
    """What the renderer needs to link across the edition (known after every file is read)."""

    page_uri: str  # this page, e.g. "foster/disputed-rules.md"
    law_uri: dict[int, str]  # law number -> the page that holds it
    cited_by: dict[int, list[tuple[str, str, str]]] = field(default_factory=dict)  # law -> [(uri, anchor, label)]
    citation: dict[int, str] = field(default_factory=dict)  # law -> plain-text citation
    cite_formats: dict[int, dict[str, str]] = field(default_factory=dict)  # law -> its citation in every format
    terms: TermLinker | None = None  # the glossary's terms, to link where the texts use them
    commentary: dict[int, list[tuple[str, str, str]]] = field(default_factory=dict)  # law -> commenting paragraphs
    discusses: dict[str, list[int]] = field(default_factory=dict)  # this page's anchor -> laws it discusses
    claims: dict[int, list] = field(default_factory=dict)  # source line -> the figures checked on it
    # The marks other parts of the edition own, handed to the renderer (it imports none of them):
    mark_figure: Callable[[Any, str], str] = _unmarked  # (claim, figure as printed) -> marked (claims.mark_html)
    supply_figure: Callable[[Any], str] = _unmarked  # a lost figure's claim -> supplied (claims.supplied_html)
    diagrams: dict[int, str] = field(default_factory=dict)  # source line -> the edition's example hand (HTML)
    chapter_of: Callable[[int], Any] | None = None  # printed page -> its chapter, for an index (contents.chapter_of)
    law_words: dict[int, str] = field(default_factory=dict)  # law -> its words, the hover text of a link to it
    cite_version: dict | None = None  # the version the Cite boxes name, linked to its page (cite.version_link)
    laws_pdf: str = ""  # the Laws booklet's path in the site (a download), linked from each Cite box; "" for none

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


@dataclass(frozen=True)
class LawBlock:
    """One law as the renderer met it: what edition.laws makes its Law model from."""

    number: int
    section: str  # the ## or ### heading above it, as plain text ("“BLIND” AND “STRADDLE”"), or ""
    lines: tuple[int, int]  # its first and last line in the reading-text file
    source: tuple[str, ...]  # its source lines, edition markup and all
    markdown: str  # its paragraph rendered (with links: term, law and figure links relative to its page)
    text: str = ""  # its plain text, number and all: "19. If any card is faced ..."

    @property
    def words(self) -> str:
        """Its words without its number: "If any card is faced ..." (the one place the number is cut off).

        >>> LawBlock(19, "", (1, 1), (), "", "19. If any card is faced").words
        'If any card is faced'
        """
        return re.sub(r"^\d+\.\s*", "", self.text)

    @property
    def preview(self) -> str:
        """Its words as a link's preview gives them: no editorial brackets (supplied words run in, a
        lacuna an ellipsis), no number: "… re-united before dealing."."""
        text = " ".join(w for w in (plain_text(line, brackets=False) for line in self.source) if w)
        return re.sub(r"^\d+\.\s*", "", text)


@dataclass
class Rendered:
    """A reading text rendered to Markdown, with its editorial notes and anchors."""

    markdown: str
    notes: list[str]
    laws: list[tuple[int, int]]  # (law number, source line)
    pages: list[tuple[int, int]]  # (page number, source line)
    figures: list[tuple[str, int]]  # (description, source line)
    paras: list[tuple[int, int]] = field(default_factory=list)  # (paragraph number, source line)
    law_blocks: list[LawBlock] = field(default_factory=list)  # each law's paragraph, for edition.laws
    refs: list[Ref] = field(default_factory=list)
    term_uses: list[tuple[str, str, str, int]] = field(default_factory=list)  # (slug, anchor, label, line)
    note_places: list[tuple[str, str]] = field(default_factory=list)  # each note's block: (anchor, label)


def _attr(s: str) -> str:
    return html.escape(curl(s), quote=True)


def render(lines: list[str], first_lineno: int, path: str | Path, links: Links | None = None) -> Rendered:
    """Render the body lines of a reading text (starting at *first_lineno*) to Markdown: see Renderer."""
    return Renderer(path, links).render(lines, first_lineno)


class Renderer:
    """Renders the body of one reading text to Markdown, block by block and line by line.

    Each law becomes a (visually hidden) heading "Law N" with the anchor law-N, so that the
    site search and screen readers find it, followed by its paragraph; every other plain
    paragraph gets the anchor para-N. With *links*, "Law N" in the text links to the law, each
    law is followed by its citation and the places that cite it, and the marks the other parts
    of the edition hand over in *links* are applied: glossary terms, checked figures, example
    hands in lost diagrams, page references of an index. Without *links* (the first pass, which
    only collects anchors and references) the text is rendered plain.

    One Renderer renders one text: what it collects (notes, anchors, references, the claims
    already marked) lives on the instance.
    """

    def __init__(self, path: str | Path, links: Links | None = None):
        self.path = path
        self.links = links
        self.result = Rendered("", [], [], [], [], [], [])
        self.marked: set[str] = set()  # the claims already marked (each once on the page)
        self.linked_here: set[str] = set()  # the terms already linked in the current block
        self.block_start = 0  # the source line of the current block
        self.lost_headings = 0  # headings made only of editorial signs, numbered for their anchors
        self.section = ""  # the current section (## or ### heading) as plain text, named with each law
        self.section_level = 1  # its level: each law's heading is one below it (no level skipped)

    # --- the text, block by block -------------------------------------------------------------

    def render(self, lines: list[str], first_lineno: int) -> Rendered:
        out: list[str] = []
        for b in blocks(lines, first_lineno):
            out += self.block(b)
        self.result.markdown = "\n".join(out)
        return self.result

    def block(self, b: Block) -> list[str]:
        """The Markdown of one block (the lines between blank lines), with the blank line after it."""
        start, block, kind, anchor, label = b.start, b.lines, b.kind, b.anchor, b.label
        self.block_start = start
        self.linked_here.clear()
        if kind in NUMBERED:
            self.result.paras.append((b.number, start))
        if kind == "footnote":
            return _footnote_defs([self.line(line, start + i, "footnote-def", "", "")
                                   for i, line in enumerate(block)]) + [""]
        if kind == "heading" and block[0].startswith(("## ", "### ")):
            self.section = plain_text(block[0], self.path, start)
            self.section_level = len(block[0].split(" ", 1)[0])
        if kind == "heading" and any(seg.kind != "text" for seg in parse_line(block[0], self.path, start)):
            return [self.marked_heading(block[0], start), ""]
        if kind == "aside":
            return [self.aside(block[0], start), ""]
        rendered = [self.line(line, start + i, kind, anchor, label) for i, line in enumerate(block)]
        if kind == "list" and self.links is not None and self.links.chapter_of is not None:
            rendered = [_link_page_numbers(line, self.links) for line in rendered]
        if kind == "law":
            return self.law(rendered, block, start) + [""]
        if kind == "para" and not rendered[0].startswith(">"):
            return self.para(rendered, anchor) + [""]
        if kind in ("para", "list", "table"):
            # Lists, tables and quotations (a poem) are numbered with the paragraphs; the anchor (with
            # the number in the margin) stands just before them.
            number = mark("para_number", anchor.removeprefix("para-"))
            return [f'<span class="para-anchor" id="{anchor}">{number}</span>', "", *rendered, ""]
        return [*rendered, ""]

    def marked_heading(self, line: str, start: int) -> str:
        """A heading made partly of editorial signs gets its anchor from its words alone, and the
        contents list it by its words and brackets, without the letter of its note ("[Jack-Pots.]");
        a heading lost altogether (only a lacuna) is anchored "heading-lost-N" and left out of the
        contents (macros/hooks.py), which list what the text's headings say."""
        label = plain_text(line, self.path, start).lstrip("#").strip()
        words = slugify(label.replace("[…]", ""))
        heading = self.line(line, start, "heading", "", "")
        if not words:
            self.lost_headings += 1
            words = f"heading-lost-{self.lost_headings}"
        return f'{heading} {{ #{words} data-toc-label="{_attr(label)}" }}'

    def aside(self, line: str, start: int) -> str:
        """A note standing alone as a paragraph is shown in the text as an editors' note (a long one
        folded under its first words: templates/pages/blocks/aside.md.j2)."""
        seg = parse_line(line.strip(), self.path, start)[0]
        return render_block("blocks/aside.md.j2", note=curl(seg.note))

    def law(self, rendered: list[str], block: list[str], start: int) -> list[str]:
        """A law: its hidden heading (naming the section too, so that a search for "straddle"
        finds Law 28), its paragraph, and with links its citation and who cites it."""
        n = self.result.laws[-1][0]
        self.result.law_blocks.append(LawBlock(n, self.section, (start, start + len(block) - 1), tuple(block),
                                               "\n".join(rendered), plain_text(" ".join(block), self.path, start)))
        # Its heading one level below its section's (no level skipped).
        out = [mark("law_heading", n, self.section.replace("“", "").replace("”", ""), self.section_level + 1),
               "", *rendered, "{: .law }"]
        if self.links is not None:
            out += ["", _law_meta(n, self.links)]
        return out

    def para(self, rendered: list[str], anchor: str) -> list[str]:
        """A paragraph with its anchor, and the laws it discusses (Foster's commentary)."""
        # The number in the margin, first in the paragraph (law_pages.paragraph_markdown drops it
        # where a paragraph is quoted on another page).
        number = mark("para_number", anchor.removeprefix("para-"))
        out = [number + rendered[0], *rendered[1:], f"{{: #{anchor} .para }}"]
        if self.links is not None and anchor in self.links.discusses:
            laws = [{"number": n, "href": f"{rel_link(self.links.page_uri, self.links.law_uri[n])}#{law_anchor(n)}",
                     "hover": self.links.law_hover(n)} for n in self.links.discusses[anchor]]
            out += ["", render_block("blocks/discusses.md.j2", laws=laws)]
        return out

    # --- a line, segment by segment -----------------------------------------------------------

    def line(self, line: str, lineno: int, kind: str, anchor: str, label: str) -> str:
        """One source line of a block of *kind*: its text and its markup, rendered."""
        parts: list[str] = []
        for seg in parse_line(line, self.path, lineno):
            if seg.kind == "text":
                parts.append(self.text(seg.text, line, lineno, kind, anchor, label))
            elif seg.kind == "law":
                parts.append(self.law_number(seg.number, parts, lineno, kind))
            elif seg.kind == "page":
                self.result.pages.append((seg.number, lineno))
                parts.append(mark("page_mark", seg.number))
            elif seg.kind == "supplied":
                # a figure supplied from the author's own words is checked like any other
                supplied = self.mark_claims(seg.text, lineno)
                parts.append(f'<span class="ed-supplied" title="{_attr(seg.note)}">[{supplied}]</span>'
                             + self.note_ref(seg.note, anchor, label))
            elif seg.kind == "sic":
                parts.append(f'<span class="ed-sic" title="{_attr(seg.note)}">{self.mark_claims(seg.text, lineno)}'
                             f'</span>' + self.note_ref(seg.note, anchor, label))
            elif seg.kind == "lacuna":
                parts.append(f'<span class="ed-lacuna" title="{_attr(seg.note)}">[…]</span>'
                             + self.note_ref(seg.note, anchor, label))
                parts += [" " + self.links.supply_figure(claim) for claim in self.lost_figures(lineno)]
            elif seg.kind == "note":
                parts.append(self.note_ref(seg.note, anchor, label))
            elif seg.kind == "figure":
                self.result.figures.append((seg.note, lineno))
                parts.append(mark("lost_figure", curl(seg.note), self.figure_extras(lineno)))
        return "".join(parts)

    def text(self, text: str, line: str, lineno: int, kind: str, anchor: str, label: str) -> str:
        """Plain text of a line: footnote references, figure marks, quotes, law and term links."""
        if kind == "heading":
            return text
        if kind == "deflist":
            # A definition may state a figure (Foster's "Odds"): it is marked like any other.
            return _term_anchor(text) if not line.startswith(":") else self.mark_claims(text, lineno)
        text = _FOOTNOTE_REF.sub(_footnote_ref, text) if "[^" in text else text
        text = self.mark_claims(text, lineno)
        text = _curl_outside_tags(text)
        text = self.link_laws(text, lineno, anchor, label)
        if kind in ("para", "law", "list", "table"):
            text = self.link_terms(text, lineno, anchor, label)
        return text

    def law_number(self, n: int, parts: list[str], lineno: int, kind: str) -> str:
        """A law's number, first in its own paragraph, linking to the law."""
        if parts and "".join(parts).strip():
            raise EditionError(self.path, lineno, f"{{law {n}}} is not at the start of its paragraph",
                               "put each law's marker first in its own paragraph")
        laws = self.result.laws
        if kind != "law" or laws and laws[-1][1] >= self.block_start:
            raise EditionError(self.path, lineno, f"{{law {n}}} starts inside the paragraph of the law before it",
                               "leave a blank line before each law")
        laws.append((n, lineno))
        return law_number_html(n)

    # --- the marks ----------------------------------------------------------------------------

    def note_ref(self, note: str, anchor: str = "", label: str = "") -> str:
        """An editorial note's letter in the text, linking to the note (its words on hover); the
        block it stands in (law-15, "Law 15") is recorded for the list of notes."""
        self.result.notes.append(note)
        self.result.note_places.append((anchor, label))
        n = len(self.result.notes)
        return (f'<sup class="ed-note-ref" id="ed-ref-{n}"><a href="#ed-note-{n}" '
                f'title="{_attr(note)}">{note_letter(n)}</a></sup>')

    def link_laws(self, text: str, lineno: int, anchor: str, label: str) -> str:
        """Each "Law N" (or "Laws N and M" ...) in the text, recorded as a reference and, with
        links, linked to the law."""
        if "Law" not in text:
            return text
        links = self.links

        def repl(m: re.Match) -> str:
            def one(num: re.Match) -> str:
                n = int(num[0])
                self.result.refs.append(Ref(n, anchor, label, lineno))
                if links is None:
                    return num[0]
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
        return text

    def lost_figures(self, lineno: int) -> list:
        """The lost figures of a line (a '{lacuna}' claim) not yet supplied, now marked supplied."""
        if self.links is None:
            return []
        lost = [c for c in self.links.claims.get(lineno, []) if c.figure == "{lacuna}" and c.id not in self.marked]
        self.marked.update(c.id for c in lost)
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


def _footnote_ref(m: re.Match) -> str:
    return mark("footnote_ref", m[1])


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


def _term_anchor(term_line: str) -> str:
    """A printed term of a definition list, with the anchor the glossary links to (def-slug) and a
    link to it in the margin, the definition's address to cite (marks.j2, def_anchor)."""
    headword = split_headword(term_line)[0]
    return mark("def_anchor", slugify(headword), headword.rstrip(".")) + term_line


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
