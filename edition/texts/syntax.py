"""The edition markup's syntax: a reading-text line parsed into segments, and the words it stands for.

The markup (documented in content/EDITING.md) is written in braces:

    {law 12}                  Foster's Law 12 begins here (anchor law-12)
    {page 124}                page 124 of the printed book begins here (anchor p-124)
    {supplied: words | note}  words lost in the witness, restored from internal evidence
    {sic: words | note}       the author's own error, kept and annotated
    {lacuna: note}            text lost and not restorable
    {figure: description}     a card diagram lost from the witness
    {note: text}              an editorial note

Braces are reserved for this markup; a stray brace is an error that names the line. This module
is the pipeline's lowest layer with ``typography`` and ``align``: it imports nothing above it, so
that the alignment, the sources and the renderer (``markup``) can all build on it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .addresses import law_anchor, para_anchor
from .errors import EditionError
from .typography import curl


@dataclass(frozen=True)
class MarkKind:
    """One kind of edition mark: how it is written, and what it reads as where its words are compared
    or read plain. The writers of the site, the EPUB and the TEI each write it by a method named for
    it (``mark_<kind>``: edition/site/markdown.py, edition/site/exports/epub.py and tei.py), so a new
    mark is an entry here, a method in each writer, and its golden cases (tests/edition/test_marks.py).

    *form*: ``number`` ({law 12}), ``words`` ({sic: words | note}) or ``note`` ({note: text}).
    *compared*: what the alignment compares with the witness, a format of ``number`` and ``words``
    ("" for nothing); *supplied*: its words count as the editors' (the apparatus's "supplied").
    *plain*: what it reads as in plain text (the concordance's quotations, a law's text), *preview*
    the same without the editors' brackets (a link's preview; None: as *plain*). *noted*: its note is
    listed under the text, lettered a, b, c …"""

    form: str
    compared: str = ""
    supplied: bool = False
    plain: str = ""
    preview: str | None = None
    noted: bool = False


#: The edition's marks, by kind (content/EDITING.md documents them).
MARKS: dict[str, MarkKind] = {
    "law": MarkKind("number", compared=" {number}. ", plain="{number}."),
    "page": MarkKind("number"),
    "supplied": MarkKind("words", compared=" {words} ", supplied=True, plain="[{words}]", preview="{words}",
                         noted=True),
    "sic": MarkKind("words", compared="{words}", plain="{words}", noted=True),
    "lacuna": MarkKind("note", plain="[…]", preview="…", noted=True),
    "figure": MarkKind("note"),
    "note": MarkKind("note", noted=True),
}


def _kinds(form: str) -> str:
    return "|".join(k for k, m in MARKS.items() if m.form == form)


# Possessive quantifiers (*+, ++): each character of a note or of supplied words is read once and
# never backtracked, so a note of several megabytes costs time and memory in proportion to its
# length (a lazy *? over an alternation kept a backtracking record per character: 1.3 GB for 5 MB).
# An escaped bar or brace (\| and \}) belongs to the note; any other backslash is itself.
_NOTE_BODY = r"(?:[^{}\\]++|\\[|}]|\\)*+"
_WORDS_BODY = r"(?:[^|{}\\]++|\\\||\\)*+"
MARKUP = re.compile(
    r"\{(?P<numkind>" + _kinds("number") + r") (?P<number>\d+)\}"
    r"|\{(?P<wordkind>" + _kinds("words") + r"):\s*(?P<words>" + _WORDS_BODY + r")\|\s*(?P<wnote>" + _NOTE_BODY
    + r")\}"
    r"|\{(?P<notekind>" + _kinds("note") + r"):\s*(?P<note>" + _NOTE_BODY + r")\}"
)
# "Law 74", "Laws 71 and 74", "Laws 20, 21 and 22", "Laws 20 to 26": Foster's way of citing his laws, and
# the edition's. Every such reference on every page links each of its numbers to that law: in the reading
# texts the renderer (edition/site/markdown.py), elsewhere the templates' filters law_links and
# law_links_html (edition/framework/templating.py), both through link_law_refs.
LAW_REF = re.compile(r"\b(Laws?)(\s+)(\d+(?:(?:,\s*|,?\s+and\s+|\s+or\s+|\s+to\s+)\d+)*)\b")


def link_law_refs(text: str, link) -> str:
    """*text* with each number of each reference to a law ("See Law 74", "Laws 3 to 6") replaced by
    ``link(n, number_as_written)``; the rest of the text as it was.

    >>> link_law_refs("(See Laws 3 to 6.) and Law 19", lambda n, s: f"<{s}>")
    '(See Laws <3> to <6>.) and Law <19>'
    """
    if "Law" not in text:
        return text
    return LAW_REF.sub(lambda m: m[1] + m[2] + re.sub(r"\d+", lambda num: link(int(num[0]), num[0]), m[3]), text)


ADVICE = (
    "braces are reserved for the edition markup: {law N}, {page N}, {supplied: words | note}, "
    "{sic: words | note}, {lacuna: note}, {figure: description}, {note: text} (see content/EDITING.md)"
)


@dataclass(frozen=True)
class Segment:
    """A piece of one source line: plain text, or one mark of the edition markup."""

    kind: str  # "text" or one of the kinds of MARKS
    text: str = ""  # the words (text, supplied, sic)
    note: str = ""  # the note (supplied, sic, lacuna, figure, note)
    number: int = 0  # law and page
    letter: int = 0  # a noted mark's number among its page's notes (1 is "a"), as its document counts them

    def compared(self) -> tuple[str, bool] | None:
        """What the alignment compares of it: (its text, whether supplied), or None for nothing."""
        if self.kind == "text":
            return self.text, False
        mark = MARKS[self.kind]
        if not mark.compared:
            return None
        return mark.compared.format(number=self.number, words=self.text), mark.supplied

    def plain(self, brackets: bool = True) -> str:
        """What it reads as in plain text (without the editors' brackets with ``brackets=False``)."""
        if self.kind == "text":
            return self.text
        mark = MARKS[self.kind]
        shown = mark.plain if brackets or mark.preview is None else mark.preview
        return shown.format(number=self.number, words=self.text)


def _unescape(s: str) -> str:
    return s.replace("\\|", "|").replace("\\}", "}")


def parse_line(line: str, path: str | Path, lineno: int) -> list[Segment]:
    """Split one source line into text and markup segments.

    >>> [s.kind for s in parse_line("{law 3} After the {supplied: first | evidence} dealer", "f", 1)]
    ['law', 'text', 'supplied', 'text']
    >>> parse_line("a {stray brace", "f.md", 9)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    edition.texts.errors.EditionError: f.md:9: unbalanced or unknown brace markup near '{stray brace'. What to do: ...
    """
    segments: list[Segment] = []
    pos = 0
    for m in MARKUP.finditer(line):
        if m.start() > pos:
            segments.append(Segment("text", line[pos:m.start()]))
        if m["numkind"]:
            if len(m["number"]) > 6:  # Python reads no integer of more than 4,300 digits: a traceback
                raise EditionError(path, lineno, f"{{{m['numkind']} N}} with a number of {len(m['number']):,} digits",
                                   f"number the {m['numkind']} as the book does (at most 6 digits)")
            segments.append(Segment(m["numkind"], number=int(m["number"])))
        elif m["wordkind"]:
            words, note = _unescape(m["words"]).strip(), _unescape(m["wnote"]).strip()
            if not words or not note:
                raise EditionError(path, lineno, f"{{{m['wordkind']}: ...}} needs both words and a note",
                                   "write {" + m["wordkind"] + ": the words | the evidence or reason}")
            segments.append(Segment(m["wordkind"], words, note))
        else:
            note = _unescape(m["note"]).strip()
            if not note:
                raise EditionError(path, lineno, f"{{{m['notekind']}: ...}} has an empty note",
                                   "say what is lost, or describe the figure")
            segments.append(Segment(m["notekind"], note=note))
        pos = m.end()
    if pos < len(line):
        segments.append(Segment("text", line[pos:]))
    for seg in segments:
        if seg.kind == "text" and ("{" in seg.text or "}" in seg.text):
            at = seg.text.find("{") if "{" in seg.text else seg.text.find("}")
            near = seg.text[at:at + 20]
            # Python-Markdown's attribute lists ({: #id }) are not for reading texts either.
            raise EditionError(path, lineno, f"unbalanced or unknown brace markup near {near!r}", ADVICE)
    return segments


# --- the compare text: what the apparatus aligns against the witness -------------------------

# Markdown structure in a reading-text line that is not text: heading marks, block quotes,
# bullets, definition-list colons, table pipes and rules, emphasis, footnote syntax, links, HTML.
# The one grammar of a line's Markdown: the folding below, the document's lines (``line_role``) and
# the downloads' units (edition/texts/document.py) all read it.
_MD_LINE_PREFIX = re.compile(r"^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+)")
# A definition list's ":" stands where the printed glossaries set a dash between term and definition.
_MD_DEFINITION = re.compile(r"^\s*:\s{1,4}")
_MD_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_MD_FOOTNOTE_DEF = re.compile(r"^\[\^([^\]]+)\]:\s*")
_MD_FOOTNOTE_REF = re.compile(r"\[\^[^\]]+\]")
_MD_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_MD_HTML = re.compile(r"</?[a-zA-Z][^>]*>")
_MD_HEADING = re.compile(r"^(#{1,6})\s+")
_MD_ITEM = re.compile(r"^\s*[-*+]\s+")
_MD_NUMBERED_ITEM = re.compile(r"^\s*\d+\.\s")
_MD_VERSE = re.compile(r"^\s*>\s?")
#: Inside a line's text: an escaped character, a strong or an emphasis toggle, a footnote's reference.
INLINE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|])|(\*\*)|(\*)|\[\^([^\]]+)\]")


def line_role(raw: str, kind: str) -> tuple[str, int, str, str]:
    """What a source line of a block of *kind* is, read from its Markdown prefix: (its role, a
    heading's level, a footnote's label, its text without the prefix). Roles: "heading", "item",
    "term", "definition", "footnote", "verse", "row", "rule", "text".

    >>> line_role("## BETTING", "heading"), line_role(": A pair.", "deflist"), line_role("[^35]: See", "footnote")
    (('heading', 2, '', 'BETTING'), ('definition', 0, '', 'A pair.'), ('footnote', 0, '35', 'See'))
    """
    if kind == "heading" and (m := _MD_HEADING.match(raw)):
        return "heading", len(m[1]), "", raw[m.end():]
    if kind == "table":
        return ("rule", 0, "", "") if _MD_TABLE_RULE.match(raw) else ("row", 0, "", raw)
    if kind == "footnote" and (m := _MD_FOOTNOTE_DEF.match(raw)):
        return "footnote", 0, m[1], raw[m.end():]
    if kind == "deflist":
        m = _MD_DEFINITION.match(raw)
        return ("definition", 0, "", raw[m.end():]) if m else ("term", 0, "", raw)
    if (m := _MD_VERSE.match(raw)):
        return "verse", 0, "", raw[m.end():]
    if kind == "list" and (m := _MD_ITEM.match(raw)):
        return "item", 0, "", raw[m.end():]
    if kind == "list" and _MD_NUMBERED_ITEM.match(raw):
        return "item", 0, "", raw
    return "text", 0, "", raw


def fold_markdown(text: str, *, line_start: bool) -> str:
    """Remove Markdown syntax from reading text, leaving the words.

    >>> fold_markdown("## *Jack-Pots*", line_start=True)
    'Jack-Pots'
    >>> fold_markdown("| Full | 3,744 |", line_start=True)
    '  Full   3,744  '
    """
    if line_start:
        if _MD_TABLE_RULE.match(text):
            return ""
        if "[^" in text:  # (each pattern is tried only where its characters stand: most lines have none)
            text = _MD_FOOTNOTE_DEF.sub("", text)
        if ":" in text:
            text = _MD_DEFINITION.sub("— ", text)
        text = _MD_LINE_PREFIX.sub("", text)
    if "[^" in text:
        text = _MD_FOOTNOTE_REF.sub("", text)
    if "](" in text:
        text = _MD_LINK.sub(r"\1", text)
    if "<" in text:
        text = _MD_HTML.sub("", text)
    text = text.replace("\\|", "\x01").replace("|", " ").replace("\x01", "|")
    text = text.replace("**", "").replace("*", "")
    if "_" in text:
        text = _MD_UNDERSCORE.sub("", text)
    if "\\" in text:
        text = _MD_ESCAPE.sub(r"\1", text)
    return text


_MD_UNDERSCORE = re.compile(r"(?<!\w)_|_(?!\w)")
_MD_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!])")


def compare_pieces(segments: list[Segment]) -> list[tuple[str, bool]]:
    """The text of a parsed line as it is compared with the witness: [(text, supplied?)].

    Law numbers compare as the printed "12."; supplied and sic words as their words; notes,
    lacunae, figures and page marks as nothing (MARKS).
    """
    return [piece for seg in segments if (piece := seg.compared()) is not None]


# --- terms ----------------------------------------------------------------------------------

def slugify(text: str) -> str:
    """A URL anchor for a term.

    >>> slugify("Round-the-corner Straight.")
    'round-the-corner-straight'
    """
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def split_headword(printed: str) -> tuple[str, list[str]]:
    """The headword and the variants a printed term names ("Widow, or Kitty." → Widow, [Kitty]).

    >>> split_headword("Widow, or Kitty.")
    ('Widow', ['Kitty'])
    >>> split_headword("Big Dog.")
    ('Big Dog', [])
    """
    term = printed.strip().rstrip(".").strip()
    parts = [p.strip() for p in re.split(r",\s+or\s+", term)]
    return parts[0], parts[1:]


# --- blocks and figures -----------------------------------------------------------------------

def block_kind(block: list[str]) -> str:
    first = block[0].lstrip()
    if len(block) == 1 and MARKUP.fullmatch(first.strip()) and first.startswith("{note:"):
        return "aside"
    if first.startswith("#"):
        return "heading"
    if first.startswith("{law "):
        return "law"
    if first.startswith("|"):
        return "table"
    if first.startswith("[^"):
        return "footnote"
    if first.startswith("<"):
        return "html"
    if re.match(r"([-*+]|\d+\.)\s", first):
        return "list"
    if any(line.startswith(":") for line in block[1:]):
        return "deflist"
    return "para"


@dataclass(frozen=True)
class Block:
    """A block of a reading text (its lines between blank lines), numbered as the edition numbers
    them: a law by its number (law-N, "Law N"); paragraphs, lists and tables together, in order
    (para-N, "¶N"); any other block (a heading, a footnote) has no anchor."""

    start: int  # the source line it starts on
    lines: list[str]
    kind: str  # block_kind
    number: int = 0  # the law's number, or the paragraph's
    anchor: str = ""
    label: str = ""


#: The kinds of block numbered as paragraphs (a quoted poem is a "para" that starts with ">").
NUMBERED = ("para", "list", "table")


def blocks(lines: list[str], first_lineno: int) -> list[Block]:
    """The blocks of a text, each with its kind and its anchor: the edition's one rule for numbering
    paragraphs (the page's margin, the concordance's quotations, a version's snapshot all use it).

    >>> [(b.start, b.kind, b.anchor, b.label) for b in blocks(["# T", "", "{law 3} A law.", "", "One.", "two", "",
    ...                                                     "- item"], 1)]
    [(1, 'heading', '', ''), (3, 'law', 'law-3', 'Law 3'), (5, 'para', 'para-1', '¶1'), (8, 'list', 'para-2', '¶2')]
    """
    found: list[Block] = []
    current: list[str] = []
    start = first_lineno
    paras = 0
    for offset, line in enumerate([*lines, ""]):
        if line.strip():
            if not current:
                start = first_lineno + offset
            current.append(line)
            continue
        if not current:
            continue
        kind = block_kind(current)
        number, anchor, label = 0, "", ""
        if kind == "law":
            m = re.match(r"\{law (\d{1,6})\}", current[0].lstrip())
            number = int(m[1]) if m else 0
            anchor, label = law_anchor(number), f"Law {number}"
        elif kind in NUMBERED:
            paras += 1
            number, anchor, label = paras, para_anchor(paras), f"¶{paras}"
        found.append(Block(start, current, kind, number, anchor, label))
        current = []
    return found


def figure_place(text: str, figure: str, context: str, taken: list[tuple[int, int]]) -> int:
    """Where a figure stands in a line: a whole word or number (never "ten" in "beaten"), within
    the words that locate it where they are found, and not where another figure was marked.

    >>> figure_place("two pairs may be beaten. He goes ten better", "ten", "goes ten better", [])
    33
    >>> figure_place("ten, or ten more", "ten", "", [(0, 3)])
    8
    """
    starts = [m.start() for m in re.finditer(r"(?<!\w)" + re.escape(figure) + r"(?!\w)", text)]
    c = text.find(context) if context else -1
    if c >= 0:
        starts.sort(key=lambda s: not c <= s < c + len(context))
    for s in starts:
        if not any(a < s + len(figure) and s < b for a, b in taken):
            return s
    return -1


def plain_text(line: str, path: str | Path = "", lineno: int = 0, brackets: bool = True) -> str:
    """A source line as plain reading text: markup resolved, Markdown removed, quotes curled. The
    editors' words are in brackets; with ``brackets=False`` (a link's preview, where a bracket reads
    as damage) words supplied are run into the text and a lacuna is an ellipsis.

    >>> plain_text('{law 21} {supplied: If, after | evidence} the "cards" are dealt {lacuna: lost}')
    '21. [If, after] the “cards” are dealt […]'
    >>> plain_text('{lacuna: lost} dealt, {supplied: any | evidence} player', brackets=False)
    '… dealt, any player'
    """
    return plain_segments(parse_line(line, path, lineno), brackets)


def plain_segments(segments, brackets: bool = True) -> str:
    """A parsed line (its segments) as plain reading text: see ``plain_text``."""
    text = fold_markdown("".join(seg.plain(brackets) for seg in segments), line_start=True)
    return curl(re.sub(r"\s+", " ", text).strip())
