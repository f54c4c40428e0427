"""The edition markup in reading texts: parsing, rendering to Markdown, and the compare text.

The markup (documented in content/EDITING.md) is written in braces:

    {law 12}                  Foster's Law 12 begins here (anchor law-12)
    {page 124}                page 124 of the printed book begins here (anchor p-124)
    {supplied: words | note}  words lost in the witness, restored from internal evidence
    {sic: words | note}       the author's own error, kept and annotated
    {lacuna: note}            text lost and not restorable
    {figure: description}     a card diagram lost from the witness
    {note: text}              an editorial note

Braces are reserved for this markup; a stray brace is an error that names the line.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .errors import EditionError
from .typography import curl

KINDS_WITH_NUMBER = ("law", "page")
KINDS_WITH_WORDS = ("supplied", "sic")
KINDS_WITH_NOTE = ("lacuna", "figure", "note")

# Possessive quantifiers (*+, ++): each character of a note or of supplied words is read once and
# never backtracked, so a note of several megabytes costs time and memory in proportion to its
# length (a lazy *? over an alternation kept a backtracking record per character: 1.3 GB for 5 MB).
# An escaped bar or brace (\| and \}) belongs to the note; any other backslash is itself.
_NOTE_BODY = r"(?:[^{}\\]++|\\[|}]|\\)*+"
_WORDS_BODY = r"(?:[^|{}\\]++|\\\||\\)*+"
MARKUP = re.compile(
    r"\{(?P<numkind>law|page) (?P<number>\d+)\}"
    r"|\{(?P<wordkind>supplied|sic):\s*(?P<words>" + _WORDS_BODY + r")\|\s*(?P<wnote>" + _NOTE_BODY + r")\}"
    r"|\{(?P<notekind>lacuna|figure|note):\s*(?P<note>" + _NOTE_BODY + r")\}"
)
ADVICE = (
    "braces are reserved for the edition markup: {law N}, {page N}, {supplied: words | note}, "
    "{sic: words | note}, {lacuna: note}, {figure: description}, {note: text} (see content/EDITING.md)"
)


@dataclass(frozen=True)
class Segment:
    """A piece of one source line: plain text, or one markup item."""

    kind: str  # "text" or one of the markup kinds
    text: str = ""  # the words (text, supplied, sic)
    note: str = ""  # the note (supplied, sic, lacuna, figure, note)
    number: int = 0  # law and page


def _unescape(s: str) -> str:
    return s.replace("\\|", "|").replace("\\}", "}")


def parse_line(line: str, path: str | Path, lineno: int) -> list[Segment]:
    """Split one source line into text and markup segments.

    >>> [s.kind for s in parse_line("{law 3} After the {supplied: first | evidence} dealer", "f", 1)]
    ['law', 'text', 'supplied', 'text']
    >>> parse_line("a {stray brace", "f.md", 9)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    edition.errors.EditionError: f.md:9: unbalanced or unknown brace markup near '{stray brace'. What to do: ...
    """
    segments: list[Segment] = []
    pos = 0
    for m in MARKUP.finditer(line):
        if m.start() > pos:
            segments.append(Segment("text", line[pos:m.start()]))
        if m["numkind"]:
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
_MD_LINE_PREFIX = re.compile(r"^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+)")
# A definition list's ":" stands where the printed glossaries set a dash between term and definition.
_MD_DEFINITION = re.compile(r"^\s*:\s{1,4}")
_MD_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_MD_FOOTNOTE_DEF = re.compile(r"^\[\^[^\]]+\]:\s*")
_MD_FOOTNOTE_REF = re.compile(r"\[\^[^\]]+\]")
_MD_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_MD_HTML = re.compile(r"</?[a-zA-Z][^>]*>")


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
    lacunae, figures and page marks as nothing.
    """
    pieces: list[tuple[str, bool]] = []
    for seg in segments:
        if seg.kind == "text":
            pieces.append((seg.text, False))
        elif seg.kind == "law":
            pieces.append((f" {seg.number}. ", False))
        elif seg.kind == "supplied":
            pieces.append((f" {seg.text} ", True))
        elif seg.kind == "sic":
            pieces.append((seg.text, False))
    return pieces


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



# --- rendering to Markdown -------------------------------------------------------------------

@dataclass(frozen=True)
class Ref:
    """A reference to one of Foster's laws ("See Law 74") found in a reading text."""

    law: int
    anchor: str  # the anchor of the block that holds the reference ("law-71", "para-3"), or ""
    label: str  # how a "cited by" list names that block ("Law 71", "¶3")
    line: int


@dataclass
class Links:
    """What the renderer needs to link across the edition (known after every file is read)."""

    page_uri: str  # this page, e.g. "foster/disputed-rules.md"
    law_uri: dict[int, str]  # law number -> the page that holds it
    cited_by: dict[int, list[tuple[str, str, str]]] = field(default_factory=dict)  # law -> [(uri, anchor, label)]
    citation: dict[int, str] = field(default_factory=dict)  # law -> plain-text citation
    short_url: dict[int, str] = field(default_factory=dict)  # law -> permanent short URL
    terms: "TermLinker | None" = None  # the glossary's terms, to link where the texts use them
    commentary: dict[int, list[tuple[str, str, str]]] = field(default_factory=dict)  # law -> commenting paragraphs
    discusses: dict[str, list[int]] = field(default_factory=dict)  # this page's anchor -> laws it discusses
    claims: dict[int, list] = field(default_factory=dict)  # source line -> the figures checked on it
    chapters: list = field(default_factory=list)  # printed page -> chapter (edition.printed_pages)
    diagrams: dict[int, object] = field(default_factory=dict)  # source line -> the edition's example hand


@dataclass
class TermLinker:
    """Links a glossary term where a reading text uses it: once per paragraph, with a tooltip."""

    glossary_uri: str
    slug_of: dict[str, str]  # lower-cased surface form -> entry slug
    max_words: int  # the number of words in the longest form
    short: dict[str, str]  # entry slug -> the short definition (the tooltip)
    first_words: frozenset = frozenset()  # the first word of every form, to skip other words fast


@dataclass
class Rendered:
    """A reading text rendered to Markdown, with its editorial notes and anchors."""

    markdown: str
    notes: list[str]
    laws: list[tuple[int, int]]  # (law number, source line)
    pages: list[tuple[int, int]]  # (page number, source line)
    figures: list[tuple[str, int]]  # (description, source line)
    paras: list[tuple[int, int]] = field(default_factory=list)  # (paragraph number, source line)
    refs: list[Ref] = field(default_factory=list)
    term_uses: list[tuple[str, str, str, int]] = field(default_factory=list)  # (slug, anchor, label, line)


def _attr(s: str) -> str:
    return html.escape(curl(s), quote=True)


# "Law 74", "Laws 71 and 74", "Laws 20, 21 and 22", "Laws 20 to 26": Foster's way of citing.
LAW_REF = re.compile(r"\b(Laws?)(\s+)(\d+(?:(?:,\s*|,?\s+and\s+|\s+or\s+|\s+to\s+)\d+)*)\b")


@lru_cache(maxsize=None)  # a few hundred pairs of pages, asked thousands of times
def rel_link(from_uri: str, to_uri: str) -> str:
    """The relative link from one page source to another ("" for the same page).

    >>> rel_link("foster/laws.md", "glossary.md"), rel_link("foster/laws.md", "foster/laws.md")
    ('../glossary.md', '')
    """
    import posixpath
    if from_uri == to_uri:
        return ""
    return posixpath.relpath(to_uri, posixpath.dirname(from_uri) or ".")


def _block_kind(block: list[str]) -> str:
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


def render(lines: list[str], first_lineno: int, path: str | Path, links: Links | None = None) -> Rendered:
    """Render the body lines of a reading text (starting at *first_lineno*) to Markdown.

    Each law becomes a (visually hidden) heading "Law N" with the anchor law-N, so that the
    site search and screen readers find it, followed by its paragraph; every other plain
    paragraph gets the anchor para-N. With *links*, "Law N" in the text links to the law, and
    each law is followed by its citation and the places that cite it.
    """
    out: list[str] = []
    notes: list[str] = []
    result = Rendered("", notes, [], [], [], [], [])

    def note_ref(note: str) -> str:
        notes.append(note)
        n = len(notes)
        return (f'<sup class="ed-note-ref" id="ed-ref-{n}"><a href="#ed-note-{n}" '
                f'title="{_attr(note)}">{note_letter(n)}</a></sup>')

    def link_laws(text: str, lineno: int, anchor: str, label: str) -> str:
        def repl(m: re.Match) -> str:
            def one(num: re.Match) -> str:
                n = int(num[0])
                result.refs.append(Ref(n, anchor, label, lineno))
                if links is None:
                    return num[0]
                if n not in links.law_uri:
                    raise EditionError(path, lineno, f"'{m[0]}' refers to Law {n}, which the edition does not have",
                                       "check the number against Foster's Laws 1–77 (content/texts/foster/03-laws.md)")
                return f"[{n}]({rel_link(links.page_uri, links.law_uri[n])}#law-{n})"
            return m[1] + m[2] + re.sub(r"\d+", one, m[3])
        return LAW_REF.sub(repl, text) if "Law" in text else text

    linked_here: set[str] = set()  # the terms already linked in the current block
    marked: set[str] = set()  # the claims already marked

    def mark_claims(text: str, lineno: int) -> str:
        if links is None:
            return text
        from .figures import mark_html
        # Find every figure's place in the text as it stands, then mark them all at once, so that
        # one mark's hover text is never searched for the next figure.
        places: list[tuple[int, int, object]] = []
        for claim in links.claims.get(lineno, []):
            if claim.id in marked or claim.figure == "{lacuna}":
                continue
            at = _figure_place(text, claim.figure, getattr(claim, "context", ""),
                               [(a, b) for a, b, _ in places])
            if at >= 0:
                places.append((at, at + len(claim.figure), claim))
                marked.add(claim.id)
        for a, b, claim in sorted(places, key=lambda p: -p[0]):
            text = text[:a] + mark_html(claim, text[a:b]) + text[b:]
        return text

    def figure_extras(lineno: int) -> str:
        """Inside a lost figure's box: the edition's example hand, and the odds that stood
        beneath the figure, lost with it and supplied by computation (a '{lacuna}' claim)."""
        if links is None:
            return ""
        from .diagrams import diagram_html
        from .figures import supplied_html
        extras = []
        if lineno in links.diagrams:
            extras.append(diagram_html(links.diagrams[lineno]))
        for claim in links.claims.get(lineno, []):
            if claim.figure == "{lacuna}" and claim.id not in marked:
                extras.append('<span class="ed-figure-odds"><span class="ed-diagram-label">The odds printed '
                              'beneath it, lost with it, supplied by the edition’s computation:</span> '
                              f'{supplied_html(claim)}</span>')
                marked.add(claim.id)
        return "".join(extras)

    def link_terms(text: str, lineno: int, anchor: str, label: str) -> str:
        linker = links.terms if links else None
        if linker is None:
            return text
        out = []
        # Leave existing links and HTML alone: split them out and link only the text between.
        for i, piece in enumerate(re.split(r"(\[[^\]]*\]\([^)]*\)|<[^>]+>)", text)):
            if i % 2:
                out.append(piece)
                continue

            out.append(_link_term_words(piece, linker, linked_here, lambda slug: (
                result.term_uses.append((slug, anchor, label, lineno)),
                f"{rel_link(links.page_uri, linker.glossary_uri)}#{slug}")[1]))
        return "".join(out)

    def render_line(line: str, lineno: int, kind: str, anchor: str, label: str) -> str:
        parts: list[str] = []
        for seg in parse_line(line, path, lineno):
            if seg.kind == "text":
                if kind == "heading":
                    parts.append(seg.text)
                elif kind == "deflist":
                    # A definition may state a figure (Foster's "Odds"): it is marked like any other.
                    parts.append(_term_anchor(seg.text) if not line.startswith(":") else mark_claims(seg.text, lineno))
                else:
                    text = _FOOTNOTE_REF.sub(_footnote_ref, seg.text) if "[^" in seg.text else seg.text
                    text = mark_claims(text, lineno)
                    text = _curl_outside_tags(text)
                    text = link_laws(text, lineno, anchor, label)
                    if kind in ("para", "law", "list", "table"):
                        text = link_terms(text, lineno, anchor, label)
                    parts.append(text)
            elif seg.kind == "law":
                if parts and "".join(parts).strip():
                    raise EditionError(path, lineno, f"{{law {seg.number}}} is not at the start of its paragraph",
                                       "put each law's marker first in its own paragraph")
                if kind != "law" or result.laws and result.laws[-1][1] >= first_block_line[0]:
                    raise EditionError(path, lineno, f"{{law {seg.number}}} starts inside the paragraph of "
                                       f"the law before it", "leave a blank line before each law")
                result.laws.append((seg.number, lineno))
                parts.append(f'<a class="law-number" href="#law-{seg.number}" '
                             f'title="Law {seg.number}: link to this law">{seg.number}.</a>')
            elif seg.kind == "page":
                result.pages.append((seg.number, lineno))
                parts.append(f'<span class="page-mark" id="p-{seg.number}" '
                             f'title="Page {seg.number} of the printed book">p.&nbsp;{seg.number}</span>')
            elif seg.kind == "supplied":
                parts.append(f'<span class="ed-supplied" title="{_attr(seg.note)}">[{seg.text}]</span>'
                             + note_ref(seg.note))
            elif seg.kind == "sic":
                parts.append(f'<span class="ed-sic" title="{_attr(seg.note)}">{mark_claims(seg.text, lineno)}</span>'
                             + note_ref(seg.note))
            elif seg.kind == "lacuna":
                parts.append(f'<span class="ed-lacuna" title="{_attr(seg.note)}">[…]</span>'
                             + note_ref(seg.note))
                for claim in (links.claims.get(lineno, []) if links else []):
                    if claim.figure == "{lacuna}" and claim.id not in marked:
                        from .figures import supplied_html
                        parts.append(" " + supplied_html(claim))
                        marked.add(claim.id)
            elif seg.kind == "note":
                parts.append(note_ref(seg.note))
            elif seg.kind == "figure":
                result.figures.append((seg.note, lineno))
                parts.append(f'<span class="ed-figure" role="figure" title="Card diagram lost in the witness">'
                             f'<span class="ed-figure-label">Figure lost in the witness:</span> '
                             f'{html.escape(curl(seg.note))}{figure_extras(lineno)}</span>')
        return "".join(parts)

    # Split into blocks separated by blank lines, keeping line numbers.
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = first_lineno
    for offset, line in enumerate(lines + [""]):
        if line.strip():
            if not current:
                start = first_lineno + offset
            current.append(line)
        elif current:
            blocks.append((start, current))
            current = []
    first_block_line = [0]
    lost_headings = [0]
    current_section = [""]
    for start, block in blocks:
        first_block_line[0] = start
        linked_here.clear()
        kind = _block_kind(block)
        anchor, label = "", ""
        if kind == "law":
            m = re.match(r"\{law (\d+)\}", block[0].lstrip())
            n = int(m[1]) if m else 0
            anchor, label = f"law-{n}", f"Law {n}"
        elif kind in ("para", "list", "table"):
            anchor = f"para-{len(result.paras) + 1}"
            label = f"¶{len(result.paras) + 1}"
            result.paras.append((len(result.paras) + 1, start))
        if kind == "footnote":
            out.extend(_footnote_defs([render_line(line, start + i, "footnote-def", "", "")
                                       for i, line in enumerate(block)]))
            out.append("")
            continue
        if kind == "heading" and block[0].startswith(("## ", "### ")):
            current_section[0] = plain_text(block[0], path, start).replace("“", "").replace("”", "")
        if kind == "heading" and any(seg.kind != "text" for seg in parse_line(block[0], path, start)):
            # A heading made partly of editorial signs gets its anchor from its words alone.
            words = slugify(plain_text(block[0], path, start).replace("[…]", ""))
            heading = render_line(block[0], start, kind, "", "")
            if not words:
                lost_headings[0] += 1
                words = f"heading-lost-{lost_headings[0]}"
            out.append(f"{heading} {{ #{words} }}")
            out.append("")
            continue
        if kind == "aside":
            # A note standing alone as a paragraph is shown in the text as an editors' note.
            seg = parse_line(block[0].strip(), path, start)[0]
            out.append(f'<aside class="ed-aside" role="note"><strong>Editors’ note.</strong> '
                       f'{html.escape(curl(seg.note))}</aside>')
            out.append("")
            continue
        rendered = [render_line(line, start + i, kind, anchor, label) for i, line in enumerate(block)]
        if kind == "list" and links is not None and links.chapters:
            rendered = [_link_page_numbers(line, links) for line in rendered]
        if kind == "law":
            n = result.laws[-1][0]
            # The hidden heading names the section too, so that a search for "straddle" finds Law 28.
            section = f" — {current_section[0]}" if current_section[0] else ""
            out.append(f'#### Law {n}{section} {{ #law-{n} .law-head }}')
            out.append("")
            out.extend(rendered)
            out.append("{: .law }")
            if links is not None:
                out.append("")
                out.append(_law_meta(n, links))
        elif kind == "para":
            out.extend(rendered)
            out.append(f"{{: #{anchor} .para }}")
            if links is not None and anchor in links.discusses:
                laws = ", ".join(f"[Law {n}]({rel_link(links.page_uri, links.law_uri[n])}#law-{n})"
                                 for n in links.discusses[anchor])
                out += ["", f"Discusses {laws}", "{: .discusses }"]
        elif kind in ("list", "table"):
            # Lists and tables are numbered with the paragraphs; the anchor stands just before them.
            out.append(f'<span class="para-anchor" id="{anchor}"></span>')
            out.append("")
            out.extend(rendered)
        else:
            out.extend(rendered)
        out.append("")
    result.markdown = "\n".join(out)
    return result


# Footnotes keep the numbers the book prints (Hoyle's 35-39), which Markdown's own would renumber.
_FOOTNOTE_REF = re.compile(r"\[\^([^\]\s]+)\](?!:)")


def _figure_place(text: str, figure: str, context: str, taken: list[tuple[int, int]]) -> int:
    """Where a figure stands in a line: a whole word or number (never "ten" in "beaten"), within
    the words that locate it where they are found, and not where another figure was marked.

    >>> _figure_place("two pairs may be beaten. He goes ten better", "ten", "goes ten better", [])
    33
    >>> _figure_place("ten, or ten more", "ten", "", [(0, 3)])
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


def _footnote_ref(m: re.Match) -> str:
    label = m[1]
    return f'<sup class="fn-ref" id="fnref-{label}"><a href="#fn-{label}" title="Footnote {label}">{label}</a></sup>'


def _footnote_defs(lines: list[str]) -> list[str]:
    """Footnote definitions ([^35]: text) as numbered notes with a link back to the reference."""
    out: list[str] = []
    for line in lines:
        m = re.match(r"\s*\[\^([^\]\s]+)\]:\s*(.*)", line)
        if m:
            out += ["", f'<div class="ed-footnote" id="fn-{m[1]}" markdown>', "",
                    f'<a class="fn-back" href="#fnref-{m[1]}" title="Back to the text">{m[1]}.</a> {m[2]}', "", "</div>"]
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
            if any(text[a.end():b.start()] != " " for a, b in zip(run, run[1:])):
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
    from .printed_pages import chapter_of
    m = re.search(r"(\d{1,3}(?:,\s*\d{1,3})*)\.?$", line)
    if not m or m.start() == 0:
        return line

    def one(num: re.Match) -> str:
        chapter = chapter_of(int(num[0]), links.chapters)
        if chapter is None:
            return num[0]
        href = rel_link(links.page_uri, chapter.page_uri) + (f"#{chapter.anchor}" if chapter.anchor else "")
        return f'[{num[0]}]({href} "p. {num[0]}: {chapter.title}, which begins on p. {chapter.first_page}")'
    return line[:m.start()] + re.sub(r"\d+", one, m[0])


def _term_anchor(term_line: str) -> str:
    """A printed term of a definition list, with the anchor the glossary links to (def-slug)."""
    headword = split_headword(term_line)[0]
    return f'<span class="def-anchor" id="def-{slugify(headword)}"></span>{term_line}'


def _law_meta(n: int, links: Links) -> str:
    """After each law: its citation (plain text; a copy button is added by script) and who cites it."""
    parts = ['<div class="law-meta" markdown>']
    if n in links.citation:
        parts.append(f'<details class="cite"><summary>Cite Law {n}</summary>'
                     f'<p class="citation">{html.escape(links.citation[n])}</p></details>')
    comments = links.commentary.get(n, [])
    if comments:
        items = ", ".join(f"[{label}]({rel_link(links.page_uri, uri)}#{anchor})" for uri, anchor, label in comments)
        parts += ["", f"Foster's commentary: {items}", "{: .commentary }"]
    cited = links.cited_by.get(n, [])
    if cited:
        items = ", ".join(f"[{label}]({rel_link(links.page_uri, uri)}#{anchor})" if anchor
                          else f"[{label}]({rel_link(links.page_uri, uri)})" for uri, anchor, label in cited)
        parts.append("")
        parts.append(f"Cited by: {items}")
        parts.append("{: .cited-by }")
    parts.append("</div>")
    return "\n".join(parts)


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


def notes_html(notes: list[str]) -> str:
    """The page's editorial notes as an ordered list with back-links (readable without JS)."""
    if not notes:
        return ""
    items = "\n".join(
        f'<li id="ed-note-{n}">{html.escape(curl(note))} '
        f'<a class="ed-note-back" href="#ed-ref-{n}" title="Back to the text">↩</a></li>'
        for n, note in enumerate(notes, 1)
    )
    return f'<section class="ed-notes" aria-label="Editorial notes">\n<h2 id="editorial-notes">Editorial notes</h2>\n<ol type="a">\n{items}\n</ol>\n</section>'


def plain_text(line: str, path: str | Path = "", lineno: int = 0) -> str:
    """A source line as plain reading text: markup resolved, Markdown removed, quotes curled.

    >>> plain_text('{law 21} {supplied: If, after | evidence} the "cards" are dealt {lacuna: lost}')
    '21. [If, after] the “cards” are dealt […]'
    """
    out = []
    for seg in parse_line(line, path, lineno):
        if seg.kind == "text":
            out.append(seg.text)
        elif seg.kind == "law":
            out.append(f"{seg.number}.")
        elif seg.kind == "supplied":
            out.append(f"[{seg.text}]")
        elif seg.kind == "sic":
            out.append(seg.text)
        elif seg.kind == "lacuna":
            out.append("[…]")
    text = fold_markdown("".join(out), line_start=True)
    return curl(re.sub(r"\s+", " ", text).strip())
