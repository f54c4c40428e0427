"""Rendering a reading text to Markdown: anchors, notes, law links, term links, figure marks.

The markup's syntax (``{law 12}``, ``{supplied: words | note}`` ...) is parsed by ``syntax``;
this module turns the parsed lines of a whole text into the Markdown of its page.
"""
from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .diagrams import diagram_html
from .errors import EditionError
from .figures import mark_html, supplied_html
from .printed_pages import chapter_of
from .syntax import block_kind, figure_place, parse_line, plain_text, slugify, split_headword
from .typography import curl


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
    terms: TermLinker | None = None  # the glossary's terms, to link where the texts use them
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


@cache  # a few hundred pairs of pages, asked thousands of times
def rel_link(from_uri: str, to_uri: str) -> str:
    """The relative link from one page source to another ("" for the same page).

    >>> rel_link("foster/laws.md", "glossary.md"), rel_link("foster/laws.md", "foster/laws.md")
    ('../glossary.md', '')
    """
    if from_uri == to_uri:
        return ""
    return posixpath.relpath(to_uri, posixpath.dirname(from_uri) or ".")


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
        # Find every figure's place in the text as it stands, then mark them all at once, so that
        # one mark's hover text is never searched for the next figure.
        places: list[tuple[int, int, object]] = []
        for claim in links.claims.get(lineno, []):
            if claim.id in marked or claim.figure == "{lacuna}":
                continue
            at = figure_place(text, claim.figure, getattr(claim, "context", ""),
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
        kind = block_kind(block)
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
                    f'<a class="fn-back" href="#fnref-{m[1]}" title="Back to the text">{m[1]}.</a> {m[2]}', "",
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
    return (f'<section class="ed-notes" aria-label="Editorial notes">\n'
            f'<h2 id="editorial-notes">Editorial notes</h2>\n<ol type="a">\n{items}\n</ol>\n</section>')
