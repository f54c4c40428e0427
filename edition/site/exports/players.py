"""The players' printing of the Laws: Foster's 77 laws for a card room, on A5, in clean type.

Made from the reading text of the Laws chapter (its headings and each law's source lines,
edition/texts/syntax.py), not from the built page: no editorial colour, no apparatus, no links; the
edition's few supplied words stand in plain square brackets and a lost passage as "[…]", each with
a note number, and the notes (the editors' evidence, as the reading text gives it) are printed at
the end. The foot of every sheet says how to cite it and where it is published; the title page
names the edition's version. Its words are in templates/pages/exports/players.html.j2, and it is
printed by exports/pdf.py like the other PDFs.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from markupsafe import Markup

from ...framework.templating import render_block
from ...model.edition import Edition
from ...model.laws import section_title
from ...texts.addresses import LAWS_INDEX, law_short_path, page_url
from ...texts.syntax import fold_markdown, parse_line
from ...texts.typography import curl
from . import fonts, pdf
from .metadata import Meta, book_meta

TITLE = "The Laws of Poker"
EXAMPLE_LAW = 19  # the law whose page the title page gives as an example of the laws' addresses
_HEADING = re.compile(r"^(#{2,6})\s+(.*)$")
_REF = re.compile("\ue000(\\d+)\ue001")


@dataclass
class Printing:
    """What the players' printing holds: its sections (each a heading and its laws) and its notes."""

    blocks: list[dict] = field(default_factory=list)  # {"heading": str, "level": int} or {"law": n, "html": …}
    notes: list[dict] = field(default_factory=list)  # {"number", "law", "words", "html"}


def _note_html(text: str) -> str:
    """An editors' note as plain HTML, a sentence: quotes curled, emphasis marks dropped.

    >>> _note_html('the witness has "half"')
    'The witness has “half”.'
    """
    text = curl(fold_markdown(text, line_start=False)).strip()
    text = text[:1].upper() + text[1:] + ("" if text.endswith((".", "?", "!", "”.")) else ".")
    return html.escape(text, quote=False)


def law_html(line: str, path: str, lineno: int, number: int, notes: list[dict]) -> str:
    """A law's source line as clean HTML (without its number): supplied words in brackets, a lost
    passage as "[…]", each followed by the number of its note (appended to *notes*)."""
    out = []
    for seg in parse_line(line, path, lineno):
        if seg.kind == "text":
            out.append(seg.text)
            continue
        if seg.kind in ("law", "page", "figure"):
            continue
        shown = {"supplied": f"[{seg.text}]", "lacuna": "[…]", "sic": seg.text, "note": ""}[seg.kind]
        notes.append({"number": len(notes) + 1, "law": number, "kind": seg.kind,
                      "words": curl(seg.text) if seg.kind in ("supplied", "sic") else "",
                      "html": Markup(_note_html(seg.note))})
        out.append(f"{shown}\ue000{len(notes)}\ue001")
    text = curl(re.sub(r"\s+", " ", fold_markdown("".join(out), line_start=True)).strip())
    return _REF.sub(lambda m: f'<sup class="ref"><a href="#note-{m[1]}" id="ref-{m[1]}">{m[1]}</a></sup>',
                    html.escape(text, quote=False))


def printing(ed: Edition) -> Printing:
    """The laws in the order of their chapter, under its headings (the chapter's own title left to the
    title page), and the notes."""
    law_pages = {law.page_uri for law in ed.laws.values()}
    page = next(p for w in ed.works.values() for p in w.texts if p.text.page_uri in law_pages)
    text = page.text
    starts = {law.lines[0]: law for law in ed.laws.values()}
    out = Printing()
    for i, line in enumerate(text.body_lines):
        lineno = text.body_start + i
        heading = _HEADING.match(line)
        if heading:
            out.blocks.append({"heading": section_title(curl(fold_markdown(heading[2], line_start=False))),
                               "level": len(heading[1])})
        elif lineno in starts:
            law = starts[lineno]
            source = " ".join(text.body_lines[law.lines[0] - text.body_start:law.lines[1] - text.body_start + 1])
            out.blocks.append({"law": law.number, "anchor": f"law-{law.number}",
                               "html": Markup(law_html(source, str(text.path), lineno, law.number, out.notes))})
    return out


def meta(ed: Edition) -> Meta:
    foster = next(w for w in ed.works.values() if w.laws)
    return book_meta(ed, [foster], TITLE, TITLE, ed.site_url + page_url(LAWS_INDEX))


def document(ed: Edition, date: str) -> str:
    """The page the players' printing is printed from (never published)."""
    m = meta(ed)
    p = printing(ed)
    sheet = pdf.SHEETS["A5"]
    return render_block("exports/players.html.j2", meta=m, date=date, blocks=p.blocks, notes=p.notes,
                        count=sum(1 for b in p.blocks if "law" in b), fonts=Markup(fonts.css()),
                        margin=" ".join(sheet["margin"]), foot=pdf.css_string(f"Cite as: {m.cite_as}"),
                        family=Markup(fonts.family_list(fonts.TEXT_FAMILIES)),
                        law_address=ed.site_url + law_short_path(EXAMPLE_LAW), law_number=EXAMPLE_LAW,
                        body_size=sheet["body"],
                        year=next(w for w in ed.works.values() if w.laws).year)


def job(ed: Edition, out, date: str) -> pdf.Job:
    """The players' printing as a PDF to print (exports/pdf.py)."""
    m = meta(ed)
    return pdf.Job(out, TITLE, "", (), m.identifier, ed.version, m, "A5", html=document(ed, date), foot=m.cite_as)
