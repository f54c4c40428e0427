"""The data of the reading texts' pages (with their apparatus) and of the witnesses' pages.

Generator-neutral: the templates they fill (edition/site/registry.py names each) make
Python-Markdown with the extensions named in mkdocs.yml (attr_list, def_list, md_in_html, tables,
admonition, pymdownx.details; no footnotes extension: the authors' footnotes are written by the
edition's markup, edition/model/markup.py); links are relative .md paths.
"""
from __future__ import annotations

import html
import re

from markdown.extensions.toc import slugify as toc_slug

from ..framework.templating import render
from ..model.cite import (
    PARA_TOKEN,
    Cited,
    edition_data,
    formats,
    page_head,
    version_link,
    work_data,
)
from ..model.edition import Edition, Page, Work
from ..model.records import EditionRecord
from ..sources.claims import LABEL, SYMBOL
from ..texts import addresses
from ..texts.addresses import DEALS, FIGURES, POLICY, page_url, para_anchor, published_link, rel_link
from ..texts.syntax import plain_text
from ..texts.typography import curl
from ..texts.witness_parts import Part, part_of
from ..texts.witnesses import Witness
from .citations import entry_cite
from .exports.previews import head as preview_head
from .exports.previews import work_preview
from .figures_page import RECOMPUTED, verdict_counts
from .markdown import Written, cite_formats


def witness_line_link(from_uri: str, parts: list[Part], line: int) -> str:
    """A Markdown link from page *from_uri* to a line of a witness, on the part that shows it.

    >>> witness_line_link("foster/laws.md", [Part("000", 1, 2, 1, 349), Part("000", 2, 2, 350, 755)], 557)
    '../witnesses/000/lines-350-755.md#L557'
    """
    return f"{rel_link(from_uri, part_of(parts, line).uri)}#L{line}"


def witness_parts_from(from_uri: str, parts: dict[str, list[Part]]) -> dict[str, list]:
    """Each witness's parts as the notes' filter takes them (templating.witness_lines): [first line,
    last line, the part's published address from page *from_uri*]."""
    return {wid: [[p.first, p.last, published_link(from_uri, p.uri)] for p in ps] for wid, ps in parts.items()}


#: The editorial marks the key under a reading page's title explains (blocks/marks-key.md.j2), in its
#: order: the marks of edition.texts.syntax.MARKS it names, "note" for any note's letter, "claim" for a
#: checked figure (edition/sources/claims.py).
KEYED_MARKS = ("supplied", "lacuna", "sic", "note", "claim")


def marks_on(written: Written) -> list[str]:
    """The kinds of editorial mark a written text carries that its key explains (KEYED_MARKS)."""
    return [kind for kind in KEYED_MARKS if kind in written.marks]


def work_citation(work: Work) -> str:
    """The work as a printed sheet names it: "R. F. Foster, Practical Poker (1905)"."""
    return f"{work.author}, {work.title}" + (f" ({work.year})" if work.year else "")


def chapter_part(page: Page, work: Work) -> str:
    """The part of *work* a reading-text page is, as citations name it: its title ("Betting"); ""
    for an encyclopaedia article's one page, which is the whole article."""
    return "" if work.record is not None and work.record.article else page.text.title


def para_cite(page: Page, work: Work, site_url: str, record: EditionRecord) -> dict | None:
    """The one Cite panel of a page's paragraphs (blocks/para-cite.html.j2): the citation of
    paragraph PARA_TOKEN in every format, for the script to fill in; none on a page without
    numbered paragraphs."""
    if not page.document.paras:
        return None
    address = site_url + page_url(page.text.page_uri)
    found = formats(Cited(f"{address}#{para_anchor(PARA_TOKEN)}", work.record, chapter_part(page, work), PARA_TOKEN),
                    record)
    return {"token": PARA_TOKEN, "address": address, "citation": found["plain"], "formats": cite_formats(found),
            "cite_version": version_link(record, site_url)}


def definitions_cite(page: Page, work: Work, site_url: str, record: EditionRecord) -> dict | None:
    """A list of technical terms' Cite panel for its definitions (entry_cite): each definition is
    cited under its term, at its anchor (def-slug); none on a page without such a list."""
    if not any(block.kind == "deflist" for block in page.document.blocks):
        return None
    return entry_cite(site_url + page_url(page.text.page_uri), work.record, chapter_part(page, work), record, site_url)


DESCRIPTION = 200  # how many characters of a page's own words its description (a link's preview) gives, at most


def opening(text: str, limit: int = DESCRIPTION) -> str:
    """The opening of *text*, cut at a word within *limit* characters and closed by an ellipsis.

    >>> opening("There are several varieties of Poker, distinguished by the names", 30)
    'There are several varieties…'
    """
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;:—") + "…"


def description(page: Page) -> str:
    """A page's description from its own words: the opening of its first block of a dozen words or
    more that is prose or a definition (not a heading, a table, a list of the author's books, an
    editors' note; not a law, whose own page its words describe); "" for a page with none."""
    for block in page.document.blocks:
        if block.kind in ("heading", "table", "aside", "law") or block.lines[0].source.startswith(("|", "#", "{note")):
            continue
        words = " ".join(w for w in (line.plain(brackets=False) for line in block.lines) if w)
        if len(words.split()) >= 12:
            return opening(words)
    return ""


def heading_parts(heading: str) -> dict | None:
    """A page's printed heading ("# BETTING", "# [Jack-Pots.] { #jack-pots }") as its words and its
    anchor (the one the table of contents would give it), for the template to add the work's name."""
    m = re.fullmatch(r"# (?P<words>.*?)(?: \{ #(?P<id>[\w-]+) \})?", heading)
    if not m:
        return None
    label = plain_text(m["words"])
    return {"words": m["words"], "label": html.escape(label, quote=True), "id": m["id"] or toc_slug(label, "-")}


def reading_data(page: Page, written: Written, work: Work, parts: dict[str, list[Part]], claims=(), recomputed=(),
                 deals=(), cite: dict | None = None, record: EditionRecord | None = None, site_url: str = "",
                 files: dict | None = None, entries: dict | None = None) -> dict:
    """What a reading-text page shows (templates/pages/reading.md.j2): the written
    text, its editorial notes, the deals it plays through (replayed on the deals page), the
    figures checked on it (``claims``), the recomputations of what it prints (``recomputed``: keys
    of figures_page.RECOMPUTED), its apparatus and the Cite panel of its paragraphs (``cite``:
    para_cite); *parts* are the witnesses' parts (each line's link points at the part that shows it);
    *files*, the work's downloads its head names (exports/downloads.py, head_files); *entries*, the
    Cite panel of its definitions (definitions_cite)."""
    t = page.text
    body = written.markdown.strip("\n")
    heading, rest = body.split("\n", 1) if body.startswith("# ") else ("", body)  # the key goes under the title
    record = record or EditionRecord()
    address = site_url + page_url(t.page_uri)
    return dict(title=t.title, work=work.slug, work_citation=work_citation(work), record=work_data(work.record),
                  description=description(page), heading_parts=heading_parts(heading) if heading else None,
                  printed_h1=bool(re.search(r"^# ", rest, re.M)), title_id=toc_slug(t.title, "-"),
                  head=dict(page_head(Cited(address, work.record, chapter_part(page, work)), record, site_url, files),
                            preview=preview_head(work_preview(work, record), site_url) if work.record else None),
                  edition=edition_data(record),
                  searched=t.meta.get("searched", True) is not False,
                  heading=heading, body=rest.strip("\n"), marks=marks_on(written),
                  policy_link=rel_link(t.page_uri, POLICY), uri=t.page_uri,
                  notes=[{"text": curl(note.text), "anchor": note.anchor, "label": note.label}
                         for note in page.document.notes],
                  witnesses=witness_parts_from(t.page_uri, parts), witness=t.witness,
                  deals=deals, deals_link=rel_link(t.page_uri, DEALS),
                  claims=claims, verdicts=verdict_counts(claims), figures_link=rel_link(t.page_uri, FIGURES),
                  sections=list(recomputed), anchors=RECOMPUTED, apparatus=apparatus_data(page, parts),
                  symbol=SYMBOL, label=LABEL, para_cite=cite, entry_cite=entries)


def apparatus_data(page: Page, parts: dict[str, list[Part]]) -> dict:
    """What the apparatus block of a reading-text page shows: the spans of the witness the text is
    made from, the words kept, every emendation, and the collation with a second witness; ``lines``
    links each witness line it names to the part of the witness that shows it."""
    t = page.text
    a = page.alignment
    emendations = a.emendations + (page.variants.emendations if page.variants else [])
    data = {
        "witness": t.witness, "link": rel_link(t.page_uri, addresses.witness(t.witness)),
        "lines": {e.witness_line: witness_line_link(t.page_uri, parts[t.witness], e.witness_line)
                  for e in emendations},
        "spans": [{"start": s.start, "end": s.end, "column": str(s).split("@")[1] if s.first_field else ""}
                  for s in t.spans],
        "moved": any(b.start < a.start for a, b in zip(t.spans, t.spans[1:], strict=False)),
        "witness_words": a.witness_words, "kept_words": a.kept_words, "kept_share": a.kept_share,
        "emendations": a.emendations, "collation": None,
    }
    if page.variants is not None:
        other = t.collate or ""
        data["collation"] = {"witness": other, "link": rel_link(t.page_uri, addresses.witness(other)),
                             "lines": {e.text_line: witness_line_link(t.page_uri, parts[other], e.text_line)
                                       for e in page.variants.emendations},
                             "words": page.variants.witness_words, "variants": page.variants.emendations}
    return data


def witness_data(witness: Witness, work: Work, part: Part | None = None, parts: list[Part] = ()) -> dict:
    """A witness shown verbatim, every line numbered and anchored (#L1, #L2 …): the whole of it, or
    the lines of *part*, one of its *parts* (templates/pages/witness.md.j2)."""
    first, last = (part.first, part.last) if part else (1, len(witness.lines))
    about = None
    if part:
        def near(i: int) -> dict | None:
            return ({"first": parts[i].first, "last": parts[i].last, "link": rel_link(part.uri, parts[i].uri)}
                    if 0 <= i < len(parts) else None)
        about = {"number": part.number, "of": part.of, "chapters": list(part.chapters),
                 "parts_link": rel_link(part.uri, addresses.witness(witness.id)),
                 "previous": near(part.number - 2), "next": near(part.number)}
    return dict(witness=witness, author=work.author, title=work.title, name=witness.path.name,
                count=len(witness.lines), first=first, lines=witness.lines[first - 1:last], part=about)


def witness_parts_data(witness: Witness, work: Work, parts: list[Part]) -> dict:
    """A long witness's page: what it is, and the list of its parts with their lines
    (templates/pages/witness-parts.md.j2); an old address of a line on it opens its part."""
    uri = addresses.witness(witness.id)
    return dict(witness=witness, author=work.author, title=work.title,
                name=witness.path.name, count=len(witness.lines),
                parts=[{"first": p.first, "last": p.last, "chapters": list(p.chapters),
                        "href": published_link(uri, p.uri)} for p in parts])


def totals(edition: Edition) -> list[dict]:
    """Emendations per work and per page, for the apparatus overview."""
    result = []
    for work in edition.works.values():
        pages = []
        for p in work.texts:
            by_kind: dict[str, int] = {}
            for e in p.alignment.emendations:
                by_kind[e.kind] = by_kind.get(e.kind, 0) + 1
            pages.append({
                "title": p.text.title, "uri": p.text.page_uri, "emendations": len(p.alignment.emendations),
                "by_kind": by_kind, "witness_words": p.alignment.witness_words,
                "kept_share": p.alignment.kept_share,
                "variants": len(p.variants.emendations) if p.variants else 0,
                "notes": len(p.document.notes),
            })
        result.append({"work": work, "pages": pages,
                       "emendations": sum(p["emendations"] for p in pages)})
    return result


def moved_html(target: str, new: str) -> str:
    """The page left at a moved page's old address (templates/pages/moved.html.j2): *target* is the
    new address relative to the old, *new* the new address from the site root."""
    return render("moved.html.j2", target=target, new=new)
