"""One parsed document per reading text: Document → Block → Line → Segment (its text and its marks).

A reading text is parsed once (``parse``), by the grammar of ``syntax`` (the edition markup, each
mark's kind in ``syntax.MARKS``; the Markdown of a line's prefix, ``syntax.line_role``), into:

- ``Block``: the lines between blank lines, numbered by the edition's one rule (``syntax.blocks``:
  a law by its number, paragraphs, lists and tables together), with the section it stands under
  and its words as plain text (the concordance's, the glossary's and the thesaurus's quotations);
- ``Line``: one source line, its role (a heading, a list's item, a term, a table's row …) and its
  segments, text and marks (``syntax.Segment``), each noted mark lettered as the page letters its
  notes;
- and what the whole text holds, collected as it is read: its laws (``LawBlock``: number, section,
  lines, plain text), printed pages, paragraphs, "See Law N" references (``Ref``), lost figures,
  footnotes and editorial notes (``Note``).

Every writer reads it: the site's Markdown (edition/site/markdown.py), the EPUB and the TEI
(edition/site/exports/), which also cut each line into ``Unit``s, the smallest stretches of source
text holding whole words of the alignment (``keyed``). A malformed text stops here, at its line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from .align import Word, reading_words
from .errors import EditionError
from .reading import ReadingText
from .syntax import (
    INLINE,
    LAW_REF,
    MARKS,
    NUMBERED,
    Segment,
    blocks,
    line_role,
    parse_line,
    plain_segments,
    slugify,
)
from .typography import fold_text


@dataclass(frozen=True)
class Ref:
    """A reference to one of Foster's laws ("See Law 74") found in a reading text."""

    law: int
    anchor: str  # the anchor of the block that holds the reference ("law-71", "para-3"), or ""
    label: str  # how a "cited by" list names that block ("Law 71", "¶3")
    line: int
    words: str = ""  # the words that cite it: "Laws 20 and 22"


@dataclass(frozen=True)
class Note:
    """An editorial note of the text (a supplied word's evidence, a sic's, a lacuna's, a note), in the
    order the page letters them, with the block it stands in (law-15, "Law 15"; "" outside one)."""

    text: str
    anchor: str
    label: str


@dataclass(frozen=True)
class Line:
    """One source line: its number in the file, its text as written, its role (``syntax.line_role``)
    and its segments."""

    number: int
    source: str
    segments: tuple[Segment, ...]
    role: str = "text"
    level: int = 0  # a heading's level
    label: str = ""  # a footnote's label
    content: str = ""  # the text without its Markdown prefix

    def plain(self, brackets: bool = True) -> str:
        """The line as plain reading text (``syntax.plain_text``)."""
        return plain_segments(self.segments, brackets)


@dataclass(frozen=True)
class Block:
    """A block of the text: its kind, number, anchor and label (``syntax.blocks``), its lines, the
    section (## or ### heading, plain) it stands under and that heading's level, and for a heading
    made partly of marks the anchor and label its words give it."""

    start: int
    kind: str
    lines: tuple[Line, ...]
    number: int = 0
    anchor: str = ""
    label: str = ""
    section: str = ""
    section_level: int = 1
    heading_id: str = ""  # a marked heading's anchor: its words', or heading-lost-N
    heading_label: str = ""  # a marked heading's words and brackets ("[Jack-Pots.]")

    @cached_property
    def text(self) -> str:
        """Its words as plain text, white space folded: what a quotation of it is found in."""
        return re.sub(r"\s+", " ", " ".join(line.plain() for line in self.lines)).strip()


@dataclass(frozen=True)
class LawBlock:
    """One law as the text gives it: what edition.model.laws makes its Law model from."""

    number: int
    section: str  # the ## or ### heading above it, as plain text ("“BLIND” AND “STRADDLE”"), or ""
    lines: tuple[int, int]  # its first and last line in the reading-text file
    source: tuple[str, ...]  # its source lines, edition markup and all
    text: str = ""  # its plain text, number and all: "19. If any card is faced ..."
    preview: str = ""  # its words as a link's preview gives them: no editorial brackets, no number

    @property
    def words(self) -> str:
        """Its words without its number: "If any card is faced ..." (the one place the number is cut off).

        >>> LawBlock(19, "", (1, 1), (), "19. If any card is faced").words
        'If any card is faced'
        """
        return re.sub(r"^\d+\.\s*", "", self.text)


@dataclass
class Document:
    """A reading text parsed: its blocks and what they hold (see the module's docstring)."""

    path: str
    blocks: list[Block]
    laws: list[tuple[int, int]] = field(default_factory=list)  # (law number, source line)
    pages: list[tuple[int, int]] = field(default_factory=list)  # (page number, source line)
    figures: list[tuple[str, int]] = field(default_factory=list)  # (description, source line)
    paras: list[tuple[int, int]] = field(default_factory=list)  # (paragraph number, source line)
    refs: list[Ref] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    footnotes: list[tuple[str, int]] = field(default_factory=list)  # (label, source line) of each footnote
    law_blocks: list[LawBlock] = field(default_factory=list)

    def marks(self) -> set[str]:
        """The kinds of mark the text holds."""
        return {seg.kind for b in self.blocks for line in b.lines for seg in line.segments if seg.kind != "text"}


def parse(lines: list[str], first_lineno: int, path: str | Path) -> Document:
    """The body *lines* of a reading text (its first on line *first_lineno* of *path*) as a Document;
    a stray brace, a law not first in its own paragraph and the like stop it (EditionError)."""
    return _Parser(str(path)).parse(lines, first_lineno)


def document(text: ReadingText) -> Document:
    """The reading text *text* parsed (``parse``)."""
    return parse(text.body_lines, text.body_start, text.path)


class _Parser:
    """Reads the blocks in order, as a page shows them: the notes are lettered, and the laws, pages,
    figures and references collected, in the order they stand."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.doc = Document(path, [])
        self.section, self.section_level = "", 1
        self.lost_headings = 0

    def parse(self, lines: list[str], first_lineno: int) -> Document:
        for b in blocks(lines, first_lineno):
            self.doc.blocks.append(self.block(b))
        return self.doc

    def block(self, b) -> Block:
        kind, start = b.kind, b.start
        if kind in NUMBERED:
            self.doc.paras.append((b.number, start))
        heading_id = heading_label = ""
        shown = len(b.lines)  # the lines a page shows: a heading made of marks, and a lone note, their first
        anchor, label = (b.anchor, b.label) if kind not in ("footnote", "heading") else ("", "")
        first = parse_line(b.lines[0], self.path, start)
        if kind == "heading" and b.lines[0].startswith(("## ", "### ")):
            self.section = plain_segments(first)
            self.section_level = len(b.lines[0].split(" ", 1)[0])
        if kind == "heading" and any(seg.kind != "text" for seg in first):
            shown = 1
            heading_label = plain_segments(first).lstrip("#").strip()
            heading_id = slugify(heading_label.replace("[…]", ""))
            if not heading_id:
                self.lost_headings += 1
                heading_id = f"heading-lost-{self.lost_headings}"
        if kind == "aside":
            shown = 0
        law_lines = len(self.doc.laws)
        parsed = []
        for i, raw in enumerate(b.lines):
            lineno = start + i
            segments = first if i == 0 else parse_line(raw, self.path, lineno)
            if i < shown:
                segments = self.collect(segments, raw, lineno, kind, start, anchor, label)
            role, level, footnote, content = line_role(raw, kind)
            if role == "footnote":
                self.doc.footnotes.append((footnote, lineno))
            parsed.append(Line(lineno, raw, tuple(segments), role, level, footnote, content))
        block = Block(start, kind, tuple(parsed), b.number, b.anchor, b.label, self.section, self.section_level,
                      heading_id, heading_label)
        if kind == "law" and len(self.doc.laws) > law_lines:
            joined: list[Segment] = []
            for line in parsed:
                joined += [*([Segment("text", " ")] if joined else []), *line.segments]
            preview = " ".join(w for w in (line.plain(brackets=False) for line in parsed) if w)
            self.doc.law_blocks.append(LawBlock(
                self.doc.laws[-1][0], self.section, (start, start + len(parsed) - 1), tuple(b.lines),
                plain_segments(joined), re.sub(r"^\d+\.\s*", "", preview)))
        return block

    def collect(self, segments: list[Segment], raw: str, lineno: int, kind: str, block_start: int,
                anchor: str, label: str) -> list[Segment]:
        """One line a page shows: its laws checked and collected, its noted marks lettered, its pages,
        figures and references collected."""
        out: list[Segment] = []
        for seg in segments:
            if seg.kind == "text":
                if kind not in ("heading", "deflist", "aside") and "Law" in seg.text:
                    for m in LAW_REF.finditer(seg.text):
                        self.doc.refs += [Ref(int(n), anchor, label, lineno, m[0]) for n in re.findall(r"\d+", m[3])]
            elif seg.kind == "law":
                self.law(seg.number, out, raw, lineno, kind, block_start)
            elif seg.kind == "page":
                self.doc.pages.append((seg.number, lineno))
            elif seg.kind == "figure":
                self.doc.figures.append((seg.note, lineno))
            if seg.kind != "text" and MARKS[seg.kind].noted:
                self.doc.notes.append(Note(seg.note, anchor, label))
                seg = Segment(seg.kind, seg.text, seg.note, seg.number, len(self.doc.notes))
            out.append(seg)
        return out

    def law(self, n: int, before: list[Segment], raw: str, lineno: int, kind: str, block_start: int) -> None:
        """A law's mark: first in its own paragraph, after the law before it."""
        # What a page shows before it on the line: a mark, or words (a definition list's term shows its anchor).
        shown = any(seg.kind != "text" or seg.text.strip() or (kind == "deflist" and not raw.startswith(":"))
                    for seg in before)
        if shown:
            raise EditionError(self.path, lineno, f"{{law {n}}} is not at the start of its paragraph",
                               "put each law's marker first in its own paragraph")
        laws = self.doc.laws
        if kind != "law" or laws and laws[-1][1] >= block_start:
            raise EditionError(self.path, lineno, f"{{law {n}}} starts inside the paragraph of the law before it",
                               "leave a blank line before each law")
        laws.append((n, lineno))


# --- the downloads' units: each line cut into the stretches that hold whole reading words -------

@dataclass(frozen=True)
class Atom:
    """The smallest piece of a line: text, an emphasis toggle ("em", "strong"), a footnote's
    reference ("fnref", its label in ``text``), the dash a definition list stands for ("sep") or a
    mark (its Segment's kind)."""

    kind: str
    text: str = ""
    note: str = ""
    number: int = 0
    seg: int = -1  # the index of the segment of the line it came from (-1: none)


@dataclass
class Unit:
    """A stretch of source text between blanks and the reading words (folded keys) it holds."""

    atoms: list[Atom]
    keys: list[str] = field(default_factory=list)
    first: int = 0  # the index of its first word among the text's reading words


SPACE = " "  # a blank between units


@dataclass
class KeyedLine:
    """One source line for a download: its cells (one, or a table row's), each a list of units and blanks."""

    lineno: int
    cells: list[list[Unit | str]]
    role: str = ""
    level: int = 0
    label: str = ""


@dataclass
class KeyedBlock:
    """A block of the document with its lines cut into units."""

    block: Block
    lines: list[KeyedLine]

    @property
    def kind(self) -> str:
        return self.block.kind


@dataclass
class Keyed:
    """A document as the downloads write it: its blocks' lines cut into units holding its reading words."""

    document: Document
    blocks: list[KeyedBlock]
    words: list[Word]  # the reading words (edition/texts/align.py), which the units' keys cut up

    def units(self) -> list[Unit]:
        return [u for b in self.blocks for line in b.lines for cell in line.cells for u in cell
                if isinstance(u, Unit)]


def curl_source(text: str) -> str:
    """Curl the straight quotes of a source line as the policy prints them, reading an emphasis mark
    before a quote as transparent (``*"Age"*`` opens); a lone quote between blanks is a ditto mark.

    >>> curl_source('He said *"I pass,"* and \\'twas so; 254 " 1')
    'He said *“I pass,”* and ‘twas so; 254 ″ 1'
    """
    out = []
    for i, ch in enumerate(text):
        if ch not in "\"'":
            out.append(ch)
            continue
        k = i - 1
        while k >= 0 and text[k] == "*":
            k -= 1
        before = text[k] if k >= 0 else " "
        after = text[i + 1] if i + 1 < len(text) else " "
        opening = before.isspace() or before in "([—{|:"
        if ch == '"':
            out.append("″" if before.isspace() and after.isspace() and k == i - 1 else "“" if opening else "”")
        else:
            out.append("‘" if opening else "’")
    return "".join(out)


def _atoms(segments: list[Segment]) -> list[Atom]:
    """The atoms of a parsed line: Markdown's emphasis, escapes and footnote references read out of its text."""
    atoms: list[Atom] = []
    for n, seg in enumerate(segments):
        if seg.kind != "text":
            atoms.append(Atom(seg.kind, seg.text, seg.note, seg.number, n))
            continue
        pos = 0
        for m in INLINE.finditer(seg.text):
            if m.start() > pos:
                atoms.append(Atom("text", seg.text[pos:m.start()], seg=n))
            if m[1] is not None:
                atoms.append(Atom("text", m[1], seg=n))
            elif m[2]:
                atoms.append(Atom("strong", seg=n))
            elif m[3]:
                atoms.append(Atom("em", seg=n))
            else:
                atoms.append(Atom("fnref", m[4], seg=n))
            pos = m.end()
        if pos < len(seg.text):
            atoms.append(Atom("text", seg.text[pos:], seg=n))
    merged: list[Atom] = []
    for a in atoms:  # an escape splits a text in two: join it again
        if a.kind == "text" and merged and merged[-1].kind == "text" and merged[-1].seg == a.seg:
            merged[-1] = Atom("text", merged[-1].text + a.text, seg=a.seg)
        else:
            merged.append(a)
    return merged


def _units(atoms: list[Atom]) -> list[Unit | str]:
    """Cut a cell's atoms at its blanks into units."""
    out: list[Unit | str] = []
    current: list[Atom] = []

    def close():
        nonlocal current
        if current:
            out.append(Unit(current))
            current = []

    for a in atoms:
        if a.kind != "text":
            current.append(a)
            continue
        for part in re.split(r"(\s+)", a.text):
            if not part:
                continue
            if part.isspace():
                close()
                if out and out[-1] != SPACE:
                    out.append(SPACE)
            else:
                current.append(Atom("text", part, seg=a.seg))
    close()
    while out and out[-1] == SPACE:
        out.pop()
    return out


def compare_text(atoms: list[Atom]) -> str:
    """What the atoms are compared as (``Segment.compared``): a law's number as the printed "12.",
    supplied words set apart, sic words as they stand, notes and marks as nothing."""
    out = []
    for a in atoms:
        if a.kind in ("text", "sep"):
            out.append(a.text)
        elif a.kind in MARKS and (piece := Segment(a.kind, a.text, a.note, a.number).compared()) is not None:
            out.append(piece[0])
    return "".join(out)


def unit_keys(atoms: list[Atom]) -> list[str]:
    """The folded words of *atoms*, folded piece by piece as ``reading_words`` folds a line's markup
    segments (each alone, a blank at either end kept), so that the two agree word for word."""
    out: list[str] = []
    start = 0
    for i in range(1, len(atoms) + 1):
        if i < len(atoms) and atoms[i].seg == atoms[start].seg:
            continue
        piece = compare_text(atoms[start:i])
        folded = fold_text(piece)
        out.append((" " if piece[:1].isspace() else "") + folded + (" " if piece[-1:].isspace() else ""))
        start = i
    return "".join(out).split()


def keyed_line(line: Line, path: str) -> KeyedLine:
    """One line of the document for a download: its role's text, its quotes curled, cut into units."""
    if line.role == "rule":
        return KeyedLine(line.number, [], "rule")
    text = curl_source(line.content.rstrip())
    if line.role == "row":  # cells cut at the pipes of its text (a note's pipe is the markup's)
        cells: list[list[Segment]] = [[]]
        for seg in parse_line(text.strip(), path, line.number):
            if seg.kind != "text":
                cells[-1].append(seg)
                continue
            for i, part in enumerate(re.split(r"(?<!\\)\|", seg.text)):
                if i:
                    cells.append([])
                if part.strip():
                    cells[-1].append(Segment("text", part))
        if cells and not cells[0]:
            cells = cells[1:]
        if cells and not cells[-1]:
            cells = cells[:-1]
        return KeyedLine(line.number, [_units(_atoms(c)) for c in cells], "row")
    atoms = _atoms(parse_line(text.strip(), path, line.number))
    if line.role == "definition":  # the dash the printed glossaries set between term and definition
        atoms = [Atom("sep", "—", seg=-3), Atom("text", " ", seg=-2), *atoms]
    return KeyedLine(line.number, [_units(atoms)], line.role, line.level, line.label)


def _assign_keys(lines: list[KeyedLine], words: list[Word]) -> None:
    """Give each unit its words: the line's reading words, cut unit by unit. A unit whose words alone
    are not the next words of the line is joined with the units after it (in its cell) until they are."""
    by_line: dict[int, list[int]] = {}
    for i, w in enumerate(words):
        by_line.setdefault(w.line, []).append(i)
    for line in lines:
        idx = by_line.get(line.lineno, [])
        keys = [words[i].key for i in idx]
        pos = 0
        for c, cell in enumerate(line.cells):
            out: list[Unit | str] = []
            k = 0
            while k < len(cell):
                if cell[k] == SPACE:
                    out.append(SPACE)
                    k += 1
                    continue
                end = k + 1
                atoms = list(cell[k].atoms)
                got = unit_keys(atoms)
                while got != keys[pos:pos + len(got)] and end < len(cell):
                    atoms += [Atom("text", " ", seg=-2)] if cell[end] == SPACE else cell[end].atoms
                    end += 1
                    got = unit_keys(atoms)
                if got != keys[pos:pos + len(got)]:
                    raise ValueError(f"{line.lineno}: cannot cut the line into units holding its words")
                out.append(Unit(atoms, got, idx[pos] if pos < len(idx) else (idx[-1] + 1 if idx else 0)))
                pos += len(got)
                k = end
            line.cells[c] = out
        if pos != len(keys):
            raise ValueError(f"{line.lineno}: the units hold {pos} of the line's {len(keys)} words")


def keyed(doc: Document, text: ReadingText) -> Keyed:
    """The document of *text* with each line cut into units holding its reading words (the downloads')."""
    words = reading_words(text)
    out = [KeyedBlock(b, [keyed_line(line, doc.path) for line in b.lines]) for b in doc.blocks]
    _assign_keys([line for b in out for line in b.lines], words)
    return Keyed(doc, out, words)
