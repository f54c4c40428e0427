"""Each work as a TEI P5 document: its header from the work's record and its witnesses' checksums, its
reading text encoded (``supplied``, ``sic``, ``gap``, ``pb``, ``note``, ``figure``; laws and paragraphs
with the anchors of the site), and the apparatus in parallel segmentation (``app``/``lem``/``rdg``
with ``wit``) from which each witness's words are regenerated (``witness_text``).

Granularity: an ``app`` holds the smallest stretch of source text that holds the differing words,
a run of units (edition/texts/document.py: the text between two blanks, its markup whole);
neighbouring differing units, and the words a witness has where the edition has none, join one
``app``; the rest is plain text. Why: the alignment compares folded words, and a unit is the
smallest piece of the surface text whose folded words are known exactly, so the ``lem`` shows
the edition's words as printed (quotes curled, emphasis, markup) and the ``rdg`` the witness's
words in the comparison form the apparatus shows (edition/texts/align.py), while every word of
the witness, in its order, is in the document. A witness's words that a line-end hyphen joined
(``jack-`` ``pot``) stand as the edition reads them where the edition keeps the compound (the
apparatus counts no difference there).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from xml.etree import ElementTree

from ...framework.templating import render_block
from ...model.edition import Edition, Page, Work
from ...model.snapshot import history
from ...texts.addresses import CHANGES, page_url
from ...texts.align import opcodes, witness_words
from ...texts.document import SPACE, Atom, Keyed, KeyedBlock, KeyedLine, Unit, curl_source, keyed
from ...texts.typography import fold_text
from ..versions import version_anchor
from .document import EMPHASIS
from .document import attr_escape as _attr
from .document import text_escape as _esc
from .metadata import book_meta

TEI_NS = "http://www.tei-c.org/ns/1.0"


@dataclass
class Reading:
    """One witness's words set against the reading words of a text: the words it has for each
    reading word (a differing stretch's words all at its first reading word), the reading words
    it lacks or reads otherwise, and the words it has where the text has none (before reading word j)."""

    wid: str
    start: int  # the first reading word it covers
    end: int  # one past the last
    at: dict[int, list[str]] = field(default_factory=dict)
    differs: set[int] = field(default_factory=set)
    gaps: dict[int, list[str]] = field(default_factory=dict)


def reading_of(wid: str, wit: list, read: list, start: int, end: int) -> Reading:
    """Set witness words *wit* against reading words *read*[start:end] (edition/texts/align.py's opcodes;
    a witness word joined across a line-end hyphen equals the edition's compound, as in the apparatus)."""
    r = Reading(wid, start, end)
    keys = [w.key for w in read[start:end]]
    for tag, i1, i2, j1, j2 in opcodes([w.key for w in wit], keys):
        j1, j2 = j1 + start, j2 + start
        if tag == "equal":
            for k in range(i2 - i1):
                r.at[j1 + k] = [wit[i1 + k].key]
            continue
        if tag == "replace" and i2 - i1 == j2 - j1:
            pairs = [(wit[i1 + k], read[j1 + k]) for k in range(i2 - i1)]
            if all(w.key == x.key or (w.alt and w.alt == x.key) for w, x in pairs):
                for k, (_w, x) in enumerate(pairs):
                    r.at[j1 + k] = [x.key]  # the compound as the edition keeps it
                continue
        if j2 > j1:
            r.at[j1] = [w.key for w in wit[i1:i2]]
            r.differs.update(range(j1, j2))
        else:
            r.gaps.setdefault(j1, []).extend(w.key for w in wit[i1:i2])
    return r


_NOTE_EMPHASIS = EMPHASIS


def note_xml(text: str) -> str:
    """An editorial note's text (plain text with *emphasis*) as TEI."""
    out, pos = [], 0
    text = curl_source(text)
    for m in _NOTE_EMPHASIS.finditer(text):
        out.append(_esc(text[pos:m.start()]))
        out.append(f'<hi rend="{"bold" if m[1] else "italic"}">{_esc(m[1] or m[2])}</hi>')
        pos = m.end()
    out.append(_esc(text[pos:]))
    return "".join(out)


class Writer:
    """Writes one reading text's blocks as TEI, its apparatus against each witness's Reading."""

    def __init__(self, doc: Keyed, readings: list[Reading], prefix: str, url: str):
        self.doc, self.readings, self.prefix, self.url = doc, readings, prefix, url
        self.total = len(doc.words)

    # --- inline ---
    def atoms(self, atoms: list[Atom], stack: list[str]) -> str:
        """Atoms as TEI; *stack* is the emphasis open at the start, changed in place."""
        out = []
        for a in atoms:
            if a.kind == "text":
                out.append(_esc(a.text))
            elif a.kind in ("em", "strong"):
                rend = "italic" if a.kind == "em" else "bold"
                if rend in stack:
                    while stack:
                        top = stack.pop()
                        out.append("</hi>")
                        if top == rend:
                            break
                else:
                    stack.append(rend)
                    out.append(f'<hi rend="{rend}">')
            elif a.kind == "fnref":
                out.append(f'<ptr type="noteAnchor" target="#{self.prefix}fn-{_attr(a.text)}"/>')
            elif a.kind == "sep":
                out.append(f"<pc>{_esc(a.text)}</pc>")
            else:  # a mark of the edition markup (edition.texts.syntax.MARKS)
                out.append(getattr(self, f"mark_{a.kind}")(a))
        return "".join(out)

    # --- the marks (edition.texts.syntax.MARKS), one method each ---
    def mark_law(self, a: Atom) -> str:
        return f'<label type="law">{a.number}.</label>'

    def mark_page(self, a: Atom) -> str:
        return f'<pb n="{a.number}"/>'

    def mark_supplied(self, a: Atom) -> str:
        return (f'<supplied reason="lost">{_esc(a.text)}</supplied>'
                f'<note type="editorial" subtype="supplied">{note_xml(a.note)}</note>')

    def mark_sic(self, a: Atom) -> str:
        return f'<sic>{_esc(a.text)}</sic><note type="editorial" subtype="sic">{note_xml(a.note)}</note>'

    def mark_lacuna(self, a: Atom) -> str:
        return f'<gap reason="lost"><desc>{note_xml(a.note)}</desc></gap>'

    def mark_figure(self, a: Atom) -> str:
        return f'<figure><figDesc>{note_xml(a.note)}</figDesc></figure>'

    def mark_note(self, a: Atom) -> str:
        return f'<note type="editorial">{note_xml(a.note)}</note>'

    def span(self, items: list, stack: list[str]) -> str:
        """Units and blanks as TEI, the emphasis open before them reopened and closed after them."""
        opened = "".join(f'<hi rend="{r}">' for r in stack)
        inner = []
        for item in items:
            inner.append(" " if item == SPACE else self.atoms(item.atoms, stack))
        return opened + "".join(inner) + "</hi>" * len(stack)

    def _differs(self, u: Unit) -> bool:
        n = len(u.keys)
        return n > 0 and any(r.start <= u.first < r.end and (
            any(j in r.differs for j in range(u.first, u.first + n))
            or any(r.gaps.get(j) for j in range(u.first + 1, u.first + n))) for r in self.readings)

    def _gap(self, j: int) -> bool:
        return any(r.start <= j <= r.end and r.gaps.get(j) for r in self.readings)

    def cell(self, cell: list) -> str:
        """A cell's units, each run of differing units (and the witness words before them) one ``app``."""
        entries: list[tuple[str, object]] = []
        for item in cell:
            if item == SPACE:
                entries.append(("space", item))
                continue
            if item.keys and self._gap(item.first):
                entries.append(("gap", item.first))
            entries.append(("unit", item))
            if item.keys and item.first + len(item.keys) == self.total and self._gap(self.total):
                entries.append(("gap", self.total))
        out, stack, k = [], [], 0
        while k < len(entries):
            kind, item = entries[k]
            if kind == "gap" or (kind == "unit" and self._differs(item)):
                end = k + 1
                while end < len(entries):
                    nxt = end
                    while nxt < len(entries) and entries[nxt][0] == "space":
                        nxt += 1
                    if nxt < len(entries) and (entries[nxt][0] == "gap" or (
                            entries[nxt][0] == "unit" and self._differs(entries[nxt][1]))):
                        end = nxt + 1
                    else:
                        break
                out.append("</hi>" * len(stack))  # an app's lem holds its own emphasis: close it round the app
                out.append(self.marks(entries[k:end], "start"))
                out.append(self.app(entries[k:end], stack))
                out.append(self.marks(entries[k:end], "end"))
                out.append("".join(f'<hi rend="{r}">' for r in stack))
                k = end
                continue
            if kind == "unit":
                out.append(self.marks([entries[k]], "start"))
                out.append(self.atoms(item.atoms, stack))
                out.append(self.marks([entries[k]], "end"))
            elif kind == "space":
                out.append(" ")
            k += 1
        out.append("</hi>" * len(stack))
        return "".join(out)

    def marks(self, entries: list, where: str) -> str:
        """Where a partial witness begins (``witStart``) or ends (``witEnd``) within the text."""
        out = []
        for r in self.readings:
            if r.start == 0 and r.end == self.total:
                continue
            for kind, item in entries:
                if kind != "unit" or not item.keys:
                    continue
                if where == "start" and item.first == r.start:
                    out.append(f'<app><rdg wit="#w{r.wid}"><witStart/></rdg></app>')
                if where == "end" and item.first + len(item.keys) == r.end:
                    out.append(f'<app><rdg wit="#w{r.wid}"><witEnd/></rdg></app>')
        return "".join(out)

    def app(self, entries: list, stack: list[str]) -> str:
        lem_items = [item for kind, item in entries if kind in ("unit", "space")]
        while lem_items and lem_items[-1] == SPACE:
            lem_items.pop()
        keys = [key for kind, item in entries if kind == "unit" for key in item.keys]
        first = next(item if kind == "gap" else item.first for kind, item in entries
                     if kind == "gap" or (kind == "unit" and item.keys))
        readings: dict[str, list[str]] = {}
        agree: list[str] = []
        for r in self.readings:
            if not (r.start <= first < r.end or (r.end == first and any(k == "gap" for k, _ in entries))):
                continue
            words = self._ordered(r, entries)
            if words == keys:
                agree.append(r.wid)
            else:
                readings.setdefault(" ".join(words), []).append(r.wid)
        wit = " ".join(f"#w{w}" for w in agree)
        lem_attr = f' wit="{wit}"' if wit else ""
        lem = self.span(lem_items, stack) if lem_items else ""
        rdgs = "".join(f'<rdg wit="{" ".join("#w" + w for w in wids)}">{_esc(text)}</rdg>' if text
                       else f'<rdg wit="{" ".join("#w" + w for w in wids)}"/>' for text, wids in readings.items())
        return f"<app><lem{lem_attr}>{lem}</lem>{rdgs}</app>" if lem else f"<app><lem{lem_attr}/>{rdgs}</app>"

    @staticmethod
    def _ordered(r: Reading, entries: list) -> list[str]:
        """The witness's words over *entries*, in order: before each reading word, the words it has
        where the text has none; at each, the words it has for it."""
        words: list[str] = []
        for kind, item in entries:
            if kind == "gap":
                words += r.gaps.get(item, [])
            elif kind == "unit":
                for j in range(item.first, item.first + len(item.keys)):
                    if j > item.first:
                        words += r.gaps.get(j, [])
                    words += r.at.get(j, [])
        return words

    # --- blocks ---
    def line(self, line: KeyedLine) -> str:
        return " | ".join(self.cell(c) for c in line.cells) if line.role == "row" else self.cell(line.cells[0])

    def block(self, b: KeyedBlock) -> str:
        blk = b.block
        ident = f' xml:id="{self.prefix}{blk.anchor}"' if blk.anchor and blk.kind != "law" else (
            f' xml:id="{blk.anchor}"' if blk.anchor else "")
        n = f' n="{blk.number}"' if blk.anchor else ""
        corresp = f' corresp="{_attr(self.url + "#" + blk.anchor)}"' if blk.anchor else ""
        lines = [ln for ln in b.lines if ln.role != "rule"]
        if b.kind == "table":
            rows = "".join("<row>" + "".join(f"<cell>{self.cell(c)}</cell>" for c in ln.cells) + "</row>"
                           for ln in lines)
            return f"<table{ident}{n}{corresp}>{rows}</table>"
        if b.kind == "list":
            items: list[list[str]] = []
            for ln in lines:
                if ln.role == "item" or not items:
                    items.append([])
                items[-1].append(self.line(ln))
            return f"<list{ident}{n}{corresp}>" + "".join(f"<item>{chr(10).join(i)}</item>" for i in items) + "</list>"
        if b.kind == "deflist":
            out = []
            for ln in lines:
                out.append(f"<label>{self.line(ln)}</label>" if ln.role == "term" else f"<item>{self.line(ln)}</item>")
            return '<list type="gloss">' + "".join(out) + "</list>"
        if b.kind == "footnote":
            label = lines[0].label
            body = "\n".join(self.line(ln) for ln in lines)
            return f'<note place="foot" xml:id="{self.prefix}fn-{_attr(label)}" n="{_attr(label)}">{body}</note>'
        if b.kind == "aside":
            return self.line(lines[0])
        if lines and lines[0].role == "verse":
            return f"<lg{ident}{n}{corresp}>" + "".join(f"<l>{self.line(ln)}</l>" for ln in lines) + "</lg>"
        return f"<p{ident}{n}{corresp}>" + "\n".join(self.line(ln) for ln in lines) + "</p>"

    def chapter(self, title: str, chapter_id: str) -> str:
        """The reading text as a ``div``, its headings opening nested ``div``s."""
        out = [f'<div type="chapter" xml:id="{chapter_id}" n="{_attr(title)}" corresp="{_attr(self.url)}">']
        levels: list[int] = []  # the levels of the sections open inside the chapter
        headed = False
        for b in self.doc.blocks:
            if b.kind == "heading":
                ln = b.lines[0]
                level = ln.level or 1
                if level == 1 and not headed and not levels:
                    out.append(f"<head>{self.line(ln)}</head>")
                    headed = True
                    continue
                while levels and levels[-1] >= level:
                    levels.pop()
                    out.append("</div>")
                out.append(f'<div type="section"><head>{self.line(ln)}</head>')
                levels.append(level)
                continue
            headed = True
            out.append(self.block(b))
        out.append("</div>" * len(levels))
        out.append("</div>")
        return "\n".join(out)


def readings_of(ed: Edition, page: Page, doc: Keyed) -> list[Reading]:
    """The witnesses set against the text: its base witness over the whole text, and a collated
    witness over the stretch it covers (widened to the units there)."""
    text, words = page.text, doc.words
    base = ed.witnesses[text.witness]
    out = [reading_of(base.id, witness_words(base.lines, text.spans), words, 0, len(words))]
    if text.collate and text.collate_spans:
        other = ed.witnesses[text.collate]
        wit = witness_words(other.lines, text.collate_spans, scraped=True)
        start, end = _covered([w.key for w in words], [w.key for w in wit])
        firsts = sorted({u.first for u in doc.units() if u.keys} | {len(words)})
        start = max(f for f in firsts if f <= start)
        end = min(f for f in firsts if f >= end)
        out.append(reading_of(other.id, wit, words, start, end))
    return out


def _covered(keys: list[str], wit: list[str], probe: int = 6) -> tuple[int, int]:
    """The stretch of reading words a partial witness covers: from where its first words stand to where its
    last words end (compared without capitals: the scraped copy prints small capitals as capitals)."""
    low = [k.lower() for k in keys]

    def find(seq: list[str]) -> int:
        seq = [s.lower() for s in seq]
        for i in range(len(low) - len(seq) + 1):
            if low[i:i + len(seq)] == seq:
                return i
        return -1

    start, end = find(wit[:probe]), find(wit[-probe:])
    return (start if start >= 0 else 0), (end + probe if end >= 0 else len(keys))


def revisions(ed: Edition, slug: str) -> list[dict]:
    """The TEI's revision history: each version of the edition (content/versions/), newest first, with
    how many readings of the work and verdicts on its figures it changed from the one before, and in
    the whole edition; its section of the page of changes."""
    laws_work = next((w.slug for w in ed.works.values() if w.laws), "")

    def work_of_reading(address: str) -> str:
        return laws_work if address.startswith("laws/") else address.split("/", 1)[0]

    claim_works = {c.id: c.work for c in ed.claims}

    def work_of_claim(claim: str) -> str:  # a claim since removed: by its name's first word, the work's
        return claim_works.get(claim) or claim.split("-", 1)[0]
    steps = {c.new.version: c for c in history(ed.snapshots)}
    out = []
    for s in reversed(ed.snapshots):
        step = steps.get(s.version)
        out.append({"version": s.version, "date": s.date, "first": step is None,
                    "url": f"{ed.site_url}{page_url(CHANGES)}#{version_anchor(s.version)}",
                    "previous": step.old.version if step else "",
                    "readings": sum(work_of_reading(r["address"]) == slug for r in step.readings) if step else 0,
                    "verdicts": sum(work_of_claim(v["claim"]) == slug for v in step.verdicts) if step else 0,
                    "all_readings": len(step.readings) if step else 0,
                    "all_verdicts": len(step.verdicts) if step else 0})
    return out


def work_tei(ed: Edition, work: Work, date: str) -> str:
    """The TEI document of *work*: one ``div`` per reading text, in the book's order."""
    chapters = []
    wids: list[str] = []
    for page in work.texts:
        doc = keyed(page.document, page.text)
        readings = readings_of(ed, page, doc)
        wids += [r.wid for r in readings if r.wid not in wids]
        url = ed.site_url + page_url(page.text.page_uri)
        writer = Writer(doc, readings, f"{page.text.slug}.", url)
        chapters.append(writer.chapter(page.text.title, page.text.slug))
    witnesses = [{"id": wid, "file": ed.witnesses[wid].path.name, "sha256": ed.witnesses[wid].sha256,
                  "kind": ed.witnesses[wid].kind} for wid in wids]
    header = render_block("exports/tei-header.xml.j2", record=work.record, meta=book_meta(ed, [work]),
                          edition=ed.record, version=ed.version, date=date, witnesses=witnesses,
                          url=ed.site_url + page_url(work.texts[0].text.page_uri), changes=revisions(ed, work.slug))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<TEI xmlns="{TEI_NS}" xml:lang="en">\n{header}\n<text><body>\n'
            + "\n".join(chapters) + "\n</body></text>\n</TEI>\n")


# --- reading a witness back out of the TEI -----------------------------------------------------

_SKIPPED = {"note", "figure", "gap", "pb", "ptr", "teiHeader", "witStart", "witEnd"}
_BLOCKS = {"p", "head", "cell", "row", "item", "label", "l", "lg", "list", "table", "div", "note"}


def witness_text(tei: str, wid: str) -> list[str]:
    """The words of witness *wid* regenerated from a TEI document: the text outside any ``app``, and in
    each ``app`` the reading that names the witness (the ``lem`` where it agrees), between its
    ``witStart`` and ``witEnd`` where it is partial; the editorial notes, figures' descriptions and
    lost text's descriptions are the edition's, and the author's footnotes are read where they stand.
    Words are folded as the apparatus folds them (edition/texts/typography.py)."""
    root = ElementTree.fromstring(tei.encode("utf-8"))
    q = f"{{{TEI_NS}}}"
    body = root.find(f"{q}text")
    partial = any(rdg.get("wit") == f"#w{wid}" and rdg.find(f"{q}witStart") is not None for rdg in body.iter(f"{q}rdg"))
    state = {"on": not partial}
    out: list[str] = []

    def walk(el):
        tag = el.tag.removeprefix(q)
        if tag in _SKIPPED and not (tag == "note" and el.get("place") == "foot"):
            return
        if tag == "app":
            for child in el:
                if f"#w{wid}" not in (child.get("wit") or "").split():
                    continue
                if child.find(f"{q}witStart") is not None:
                    state["on"] = True
                if child.find(f"{q}witEnd") is not None:
                    state["on"] = False
                if state["on"]:
                    if child.tag == f"{q}rdg":  # a witness's words, in the comparison form already
                        words.extend(fold_text("".join(out)).split())
                        out.clear()
                        words.extend((child.text or "").split())
                    else:
                        out.append(" ")  # a reading holds whole words
                        text_of(child)
                        out.append(" ")
            return
        if el.text and state["on"]:
            out.append(el.text)
        for child in el:
            walk(child)
            if child.tail and state["on"]:
                out.append(child.tail)
        if tag in _BLOCKS:
            out.append(" ")

    def text_of(el):
        if el.text:
            out.append(el.text)
        for child in el:
            if child.tag.removeprefix(q) not in _SKIPPED:
                text_of(child)
            if child.tail:
                out.append(child.tail)

    words: list[str] = []
    for child in body:
        walk(child)
    return words + fold_text("".join(out)).split()
