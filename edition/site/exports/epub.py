"""Each work, and the whole edition, as an EPUB 3: a title page naming the edition's version and
permanent address, a navigation document, one XHTML file per reading text with its notes (the
editorial notes, the evidence of supplied words, the author's footnotes) as endnotes and its
apparatus (every emendation, linked to its paragraph) at its end; every link inside the book is
to the book. Read from the text's parsed document (edition/texts/document.py), never from the built site.

The archive is written with the standard library (``zipfile``), its entries dated from the
version's day and in a fixed order, so that the same edition gives the same bytes.
"""
from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass, field
from io import BytesIO

from markupsafe import Markup

from ...framework.templating import day, render_block
from ...model.edition import Edition, Page, Work
from ...texts.addresses import page_url
from ...texts.document import SPACE, Atom, KeyedBlock, KeyedLine, curl_source, keyed
from .document import EMPHASIS
from .document import attr_escape as _attr
from .document import text_escape as _esc
from .images import cover
from .metadata import Meta, book_meta

CSS = """body { font-family: serif; line-height: 1.45; margin: 0 4%; }
h1, h2, h3 { font-family: sans-serif; line-height: 1.2; }
h1 { font-size: 1.5em; } h2 { font-size: 1.25em; } h3 { font-size: 1.1em; }
.title-page { text-align: center; margin-top: 3em; }
.law-number { font-weight: bold; }
.supplied, .lacuna { color: #444; }
.note { font-size: 0.92em; border-left: 3px solid #999; padding-left: 0.8em; }
.figure { font-style: italic; }
table { border-collapse: collapse; } td { padding: 0 0.6em; vertical-align: top; }
dt { font-weight: bold; margin-top: 0.6em; } dd { margin-left: 1.5em; }
ul.plain { list-style: none; padding-left: 0; }
section.endnotes, section.apparatus { font-size: 0.9em; }
.reading { font-style: italic; }
"""


_EMPHASIS = EMPHASIS


def note_html(text: str) -> Markup:
    """A note's text (plain text with *emphasis*) as XHTML, marked as such for the templates'
    autoescape."""
    text = curl_source(text)
    out, pos = [], 0
    for m in _EMPHASIS.finditer(text):
        out.append(_esc(text[pos:m.start()]))
        out.append(f"<strong>{_esc(m[1])}</strong>" if m[1] else f"<em>{_esc(m[2])}</em>")
        pos = m.end()
    out.append(_esc(text[pos:]))
    return Markup("".join(out))


@dataclass
class Chapter:
    """One reading text as an XHTML file of the book."""

    file: str
    title: str
    body: str
    notes: list[dict] = field(default_factory=list)  # {id, ref, label, html}
    apparatus: list[dict] = field(default_factory=list)
    url: str = ""

    @property
    def pages(self) -> list[tuple[str, str]]:
        """The printed pages whose beginning the chapter marks ({page N}): (anchor, number), in order."""
        return _PAGEBREAK.findall(self.body)


_PAGEBREAK = re.compile(r'<span epub:type="pagebreak" role="doc-pagebreak" id="(p-\d+)" aria-label="(\d+)">')


class Writer:
    def __init__(self, page: Page):
        self.page = page
        self.notes: list[dict] = []
        self.footnotes: dict[str, dict] = {}  # the author's footnotes by label

    def note(self, html_text: str, label: str = "") -> str:
        n = len(self.notes) + 1
        entry = {"id": f"n{n}", "ref": f"r{n}", "label": label or str(n), "html": html_text}
        self.notes.append(entry)
        return (f'<a class="noteref" epub:type="noteref" role="doc-noteref" id="r{n}" href="#n{n}">'
                f'<sup>{_esc(entry["label"])}</sup></a>')

    def footnote_ref(self, label: str) -> str:
        entry = self.footnotes.setdefault(label, {"id": f"fn-{label}", "ref": f"fnref-{label}",
                                                  "label": label, "html": ""})
        return (f'<a class="noteref" epub:type="noteref" role="doc-noteref" id="{_attr(entry["ref"])}" '
                f'href="#{_attr(entry["id"])}"><sup>{_esc(label)}</sup></a>')

    def atoms(self, atoms: list[Atom], stack: list[str]) -> str:
        out = []
        for a in atoms:
            if a.kind == "text":
                out.append(_esc(a.text))
            elif a.kind in ("em", "strong"):
                if a.kind in stack:
                    while stack:
                        top = stack.pop()
                        out.append(f"</{top}>")
                        if top == a.kind:
                            break
                else:
                    stack.append(a.kind)
                    out.append(f"<{a.kind}>")
            elif a.kind == "fnref":
                out.append(self.footnote_ref(a.text))
            elif a.kind != "sep":  # a mark of the edition markup (edition.texts.syntax.MARKS)
                out.append(getattr(self, f"mark_{a.kind}")(a))
        return "".join(out)

    # --- the marks (edition.texts.syntax.MARKS), one method each ---
    def mark_law(self, a: Atom) -> str:
        return f'<span class="law-number">{a.number}.</span>'

    def mark_page(self, a: Atom) -> str:
        return f'<span epub:type="pagebreak" role="doc-pagebreak" id="p-{a.number}" aria-label="{a.number}"></span>'

    def mark_supplied(self, a: Atom) -> str:
        return (f'<span class="supplied">[{_esc(a.text)}]</span>'
                + self.note(render_block("exports/epub/supplied-note.html.j2", note=note_html(a.note))))

    def mark_sic(self, a: Atom) -> str:
        return _esc(a.text) + self.note(render_block("exports/epub/sic-note.html.j2", note=note_html(a.note)))

    def mark_lacuna(self, a: Atom) -> str:
        return ('<span class="lacuna">[…]</span>'
                + self.note(render_block("exports/epub/lacuna-note.html.j2", note=note_html(a.note))))

    def mark_figure(self, a: Atom) -> str:
        return render_block("exports/epub/figure.html.j2", description=note_html(a.note))

    def mark_note(self, a: Atom) -> str:
        return self.note(note_html(a.note))

    def line(self, line: KeyedLine) -> str:
        stack: list[str] = []
        cells = []
        for cell in line.cells:
            parts = [" " if item == SPACE else self.atoms(item.atoms, stack) for item in cell]
            cells.append("".join(parts) + "".join(f"</{t}>" for t in reversed(stack)))
            stack.clear()
        return cells[0] if line.role != "row" else cells  # type: ignore[return-value]

    def block(self, b: KeyedBlock) -> str:
        blk = b.block
        ident = f' id="{blk.anchor}"' if blk.anchor else ""
        lines = [ln for ln in b.lines if ln.role != "rule"]
        if b.kind == "heading":
            level = min(3, max(1, lines[0].level))
            return f"<h{level}>{self.line(lines[0])}</h{level}>"
        if b.kind == "table":
            rows = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in self.line(ln)) + "</tr>" for ln in lines)
            return f"<table{ident}>{rows}</table>"
        if b.kind == "list":
            items: list[list[str]] = []
            for ln in lines:
                if ln.role == "item" or not items:
                    items.append([])
                items[-1].append(self.line(ln))
            plain = ' class="plain"' if not any(ln.role == "item" and b.block.lines[0].source.lstrip()[:1] in "-*+"
                                               for ln in lines[:1]) else ""
            return f"<ul{ident}{plain}>" + "".join(f"<li>{' '.join(i)}</li>" for i in items) + "</ul>"
        if b.kind == "deflist":
            return "<dl>" + "".join(f"<dt>{self.line(ln)}</dt>" if ln.role == "term" else f"<dd>{self.line(ln)}</dd>"
                                    for ln in lines) + "</dl>"
        if b.kind == "footnote":
            label = lines[0].label
            entry = self.footnotes.setdefault(label, {"id": f"fn-{label}", "ref": f"fnref-{label}",
                                                      "label": label, "html": ""})
            entry["html"] = " ".join(self.line(ln) for ln in lines)
            return ""
        if b.kind == "aside":  # a note standing alone: its text in place
            note = next(a.note for cell in lines[0].cells for u in cell if u != SPACE
                        for a in u.atoms if a.kind == "note")
            return f'<div class="note">{render_block("exports/epub/aside.html.j2", note=note_html(note))}</div>'
        if lines and lines[0].role == "verse":
            return f"<blockquote{ident}><p>" + "<br/>".join(self.line(ln) for ln in lines) + "</p></blockquote>"
        return f"<p{ident}>" + "\n".join(self.line(ln) for ln in lines) + "</p>"


def chapter(page: Page, file: str, site_url: str) -> Chapter:
    """A reading text as a chapter: its blocks, its notes, its apparatus linked to its paragraphs."""
    doc = keyed(page.document, page.text)
    w = Writer(page)
    body = [w.block(b) for b in doc.blocks]
    if not any(b.kind == "heading" for b in doc.blocks[:1]):
        body.insert(0, f"<h1>{_esc(page.text.title)}</h1>")
    starts = [(b.block.start, b.block.anchor, b.block.label) for b in doc.blocks]

    def place(line: int) -> tuple[str, str]:
        anchor, label = "", ""
        for start, a, lab in starts:
            if start > line:
                break
            if a:
                anchor, label = a, lab
        return anchor, label

    apparatus = []
    for kind, entries in (("base", page.alignment.emendations),
                          ("collated", page.variants.emendations if page.variants else [])):
        for e in entries:
            anchor, label = place(e.text_line)
            apparatus.append({"anchor": anchor, "label": label, "kind": e.kind, "witness": e.witness,
                              "edition": e.edition, "line": e.witness_line, "which": kind})
    notes = w.notes + [f for f in w.footnotes.values() if f["html"]]
    return Chapter(file, page.text.title, "\n".join(x for x in body if x), notes, apparatus,
                   site_url + page_url(page.text.page_uri))


@dataclass
class Book:
    meta: Meta
    works: list[Work]
    chapters: list[tuple[Work, list[Chapter]]]

    @property
    def title(self) -> str:
        return self.meta.title

    @property
    def pages(self) -> list[tuple[str, str, str]]:
        """Every printed page the book marks: (file, anchor, number), for its page list."""
        return [(ch.file, anchor, n) for _work, chapters in self.chapters for ch in chapters for anchor, n in ch.pages]

    @property
    def page_source(self) -> str:
        """The printed book whose pages the page list gives (the works that mark pages, by title)."""
        return "; ".join(w.title for w, chapters in self.chapters if any(c.pages for c in chapters))


def _book(ed: Edition, works: list[Work], title: str) -> Book:
    chapters = []
    for work in works:
        chapters.append((work, [chapter(p, f"{work.slug}-{p.text.slug}.xhtml", ed.site_url) for p in work.texts]))
    return Book(book_meta(ed, works, title), works, chapters)


def _zip(files: list[tuple[str, str]], date: str, binary: dict[str, bytes] | None = None) -> bytes:
    """The EPUB container: mimetype first and stored, every entry dated from *date* (YYYY-MM-DD); the
    *binary* files (the cover) stored as they are, after the text files."""
    y, m, d = (int(x) for x in date.split("-"))
    buf = BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        info = zipfile.ZipInfo("mimetype", (y, m, d, 0, 0, 0))
        info.compress_type = zipfile.ZIP_STORED
        z.writestr(info, "application/epub+zip")
        for name, text in files:
            info = zipfile.ZipInfo(name, (y, m, d, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, text.encode("utf-8"), compresslevel=9)
        for name, data in (binary or {}).items():
            info = zipfile.ZipInfo(name, (y, m, d, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED  # a PNG is compressed already
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return buf.getvalue()


def epub(ed: Edition, works: list[Work], title: str, address: str, date: str) -> bytes:
    """The EPUB of *works* (one work, or all), titled *title*, for the edition's version of *date*;
    *address*: where its text is read online (the first chapter's page, or the site)."""
    book = _book(ed, works, title)
    common = {"edition_title": ed.record.title, "version": ed.version, "date": date, "address": address,
              "book": book, "meta": book.meta}
    words = {"summary": render_block("exports/epub/summary.txt.j2", **common).strip(),
             "accessibility": render_block("exports/epub/accessibility.txt.j2", **common).strip(),
             "cover_alt": render_block("exports/epub/cover-alt.txt.j2", **common).strip()}
    common.update({k: re.sub(r"\s+", " ", v) for k, v in words.items()})
    files = [("META-INF/container.xml", render_block("exports/epub/container.xml.j2")),
             ("EPUB/style.css", CSS),
             ("EPUB/cover.xhtml", render_block("exports/epub/cover.xhtml.j2", **common)),
             ("EPUB/title.xhtml", render_block("exports/epub/title.xhtml.j2", **common)),
             ("EPUB/nav.xhtml", render_block("exports/epub/nav.xhtml.j2", **common))]
    for _work, chapters in book.chapters:
        for ch in chapters:
            files.append((f"EPUB/{ch.file}", render_block("exports/epub/chapter.xhtml.j2", chapter=ch, **common)))
    files.insert(1, ("EPUB/package.opf", render_block("exports/epub/package.opf.j2", **common)))
    return _zip(files, date, {"EPUB/cover.png": cover_png(book, date)})


def cover_png(book: Book, date: str) -> bytes:
    """The cover: the title page's words (title, who wrote or edited it, the edition and its version)."""
    m = book.meta
    lines = [f"{w.title}: {by.replace('Edited by', 'edited by')}" if len(book.works) > 1 else by
             for w, by in zip(book.works, m.bylines, strict=True)]
    kicker = "An annotated edition" if m.title == m.edition_title else m.edition_title
    return cover(m.title, lines, "", kicker, f"Version {m.version} · {day(date)}")
