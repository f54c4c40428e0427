"""A reading text as a structured document, for the downloads (TEI, EPUB): blocks of lines, each line
cut into *units*, the smallest stretches of source text that hold whole words of the alignment.

The apparatus is computed on folded word keys (edition/texts/align.py: ``reading_words``); a
download needs the surface text of those words. A unit is a run of the source line between blanks
(the edition markup and the emphasis marks in it kept whole), together with the folded words it
stands for: the words of all a line's units, in order, are exactly the line's ``reading_words``
(where folding one unit alone would not give its words, as a dash typed " - " between blanks, the
unit is widened to the next blank until it does). So a difference of the witness is placed on the
units that hold the differing words, and the rest of the line is plain text.

Emphasis (``*``, ``**``) is kept as toggles inside the units, so that a serializer may close and
reopen it where an ``app`` cuts across it.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from ...texts.align import Word, reading_words
from ...texts.reading import ReadingText
from ...texts.syntax import Block, Segment, blocks, parse_line
from ...texts.typography import fold_text


def text_escape(text: str) -> str:
    """Text for an XML or XHTML element's content (the exports' one escape)."""
    return html.escape(text, quote=False)


def attr_escape(text: str) -> str:
    """Text for an attribute's value."""
    return html.escape(text, quote=True)


#: A note's **strong** or *emphasised* words, as the editors write them (EPUB and TEI alike).
EMPHASIS = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*")


@dataclass(frozen=True)
class Atom:
    """The smallest piece of a line: text, an emphasis toggle ("em", "strong"), a footnote's
    reference ("fnref", its label in ``text``), the dash a definition list stands for ("sep") or an
    item of the edition markup (its Segment's kind)."""

    kind: str
    text: str = ""
    note: str = ""
    number: int = 0
    seg: int = -1  # the index of the markup segment of the line it came from (-1: none)


@dataclass
class Unit:
    """A stretch of source text between blanks and the reading words (folded keys) it holds."""

    atoms: list[Atom]
    keys: list[str] = field(default_factory=list)
    first: int = 0  # the index of its first word among the text's reading words


SPACE = " "  # a blank between units


@dataclass
class Line:
    """One source line: its cells (one, or a table row's), each a list of units and blanks."""

    lineno: int
    cells: list[list[Unit | str]]
    role: str = ""  # "heading", "item", "term", "definition", "footnote", "verse", "row", "rule", "text"
    level: int = 0  # a heading's level
    label: str = ""  # a footnote's label


@dataclass
class DocBlock:
    """A block of the reading text (edition.texts.syntax.blocks): its kind, anchor and number, and its lines."""

    block: Block
    lines: list[Line]

    @property
    def kind(self) -> str:
        return self.block.kind


@dataclass
class Document:
    text: ReadingText
    blocks: list[DocBlock]
    words: list[Word]  # the reading words (edition/texts/align.py), which the units' keys cut up

    def units(self) -> list[Unit]:
        return [u for b in self.blocks for line in b.lines for cell in line.cells for u in cell
                if isinstance(u, Unit)]


_HEADING = re.compile(r"^(#{1,6})\s+")
_ITEM = re.compile(r"^\s*[-*+]\s+")
_DEFINITION = re.compile(r"^\s*:\s{1,4}")
_FOOTNOTE_DEF = re.compile(r"^\[\^([^\]]+)\]:\s*")
_VERSE = re.compile(r"^\s*>\s?")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_INLINE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|])|(\*\*)|(\*)|\[\^([^\]]+)\]")


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
        for m in _INLINE.finditer(seg.text):
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
    """What the atoms are compared as (edition/texts/syntax.py ``compare_pieces``): a law's number as
    the printed "12.", supplied words set apart, sic words as they stand, notes and marks as nothing."""
    out = []
    for a in atoms:
        if a.kind == "text":
            out.append(a.text)
        elif a.kind == "law":
            out.append(f" {a.number}. ")
        elif a.kind == "supplied":
            out.append(f" {a.text} ")
        elif a.kind in ("sic", "sep"):
            out.append(a.text)
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


def _line(raw: str, lineno: int, kind: str, path) -> Line:
    """One source line of a block of *kind*, its Markdown prefix read as its role."""
    role, level, label, text = "text", 0, "", raw
    if kind == "heading" and (m := _HEADING.match(raw)):
        role, level, text = "heading", len(m[1]), raw[m.end():]
    elif kind == "table":
        if _TABLE_RULE.match(raw):
            return Line(lineno, [], "rule")
        role = "row"
    elif kind == "footnote" and (m := _FOOTNOTE_DEF.match(raw)):
        role, label, text = "footnote", m[1], raw[m.end():]
    elif kind == "deflist":
        m = _DEFINITION.match(raw)
        role, text = ("definition", raw[m.end():]) if m else ("term", raw)
    elif (m := _VERSE.match(raw)):
        role, text = "verse", raw[m.end():]
    elif kind == "list" and (m := _ITEM.match(raw)):
        role, text = "item", raw[m.end():]
    elif kind == "list" and re.match(r"^\s*\d+\.\s", raw):
        role = "item"
    text = curl_source(text.rstrip())
    if text.endswith("  "):  # a Markdown hard break: the blanks are not text
        text = text.rstrip()
    if role == "row":  # cells cut at the pipes of its text (a note's pipe is the markup's)
        cells: list[list[Segment]] = [[]]
        for seg in parse_line(text.strip(), path, lineno):
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
        return Line(lineno, [_units(_atoms(c)) for c in cells], role)
    atoms = _atoms(parse_line(text.strip(), path, lineno))
    if role == "definition":  # the dash the printed glossaries set between term and definition (syntax.fold_markdown)
        atoms = [Atom("sep", "—", seg=-3), Atom("text", " ", seg=-2), *atoms]
    return Line(lineno, [_units(atoms)], role, level, label)


def _assign_keys(lines: list[Line], words: list[Word]) -> None:
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


def document(text: ReadingText) -> Document:
    """The reading text *text* as a document: its blocks, each line cut into units holding its words."""
    words = reading_words(text)
    out: list[DocBlock] = []
    for b in blocks(text.body_lines, text.body_start):
        lines = [_line(raw, b.start + i, b.kind, text.path) for i, raw in enumerate(b.lines)]
        out.append(DocBlock(b, lines))
    _assign_keys([line for b in out for line in b.lines], words)
    return Document(text, out, words)
