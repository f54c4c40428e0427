"""The glossary: one entry per technical term, merged from the authors' own definition lists.

Definitions are never retyped: they are read from the definition lists of the reading texts
(Foster's Technical Terms, the Britannica's list, Keller's chapter II), and, where an author explains
a term in his running text (Hoyle, who prints no list; the Britannica's and Keller's accounts of the
game), from the passage ``explained:`` names, which the build finds verbatim in one paragraph of
that reading text. ``content/glossary.yml`` holds only the editors' part: which printed headwords
are one term, the passages that explain a term, aliases, see-also links, notes on disagreements,
and the words too common to link.

Terms whose printed headwords match after folding case, spaces and hyphens ("Freeze Out",
"Freeze-out") are merged without being listed; every other merge is listed in glossary.yml.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..framework.engine_calls import Call, EngineCalls
from ..framework.examples import example
from ..framework.source import DataFile, Files, Scope, Source
from ..texts.addresses import reading_text
from ..texts.errors import EditionError, line_of
from ..texts.syntax import plain_text, slugify, split_headword

GLOSSARY_DATA = "content/glossary.yml"


def fold_key(headword: str) -> str:
    """The key under which printed headwords are the same term.

    >>> fold_key("Freeze-out") == fold_key("Freeze Out.")
    True
    """
    return re.sub(r"[^a-z0-9]", "", headword.lower())


@dataclass(frozen=True)
class Definition:
    """One author's definition of one term, as printed in a reading text."""

    work: str
    page_uri: str
    page_title: str
    printed: str  # the term as printed, e.g. "Widow, or Kitty."
    text: str  # the definition, plain reading text
    path: str  # the reading-text file
    line: int  # the line of the term in that file
    place: str = ""  # a passage of running text: its paragraph's anchor (para-N), where the term is explained

    @property
    def headword(self) -> str:
        return split_headword(self.printed)[0]

    @property
    def anchor(self) -> str:
        return self.place or "def-" + slugify(self.headword)

    @property
    def ref(self) -> str:
        """How glossary.yml names it: work:Headword."""
        return f"{self.work}:{self.headword}"


@dataclass
class Entry:
    slug: str
    headword: str
    definitions: list[Definition]
    aliases: list[str] = field(default_factory=list)
    see_also: list[str] = field(default_factory=list)
    note: str = ""
    link: bool = True
    uses: list[tuple[str, str, str]] = field(default_factory=list)  # (page uri, anchor, label)
    example: dict = field(default_factory=dict)  # {cards, rules, claims}: a hand the engine makes

    @property
    def short(self) -> str:
        """The first sentence of the principal definition: the tooltip."""
        text = self.definitions[0].text
        m = re.match(r"(.+?[.;])(\s|$)", text)
        return (m[1] if m else text).rstrip(";") + ("" if (m and m[1].endswith(".")) else "")

    @property
    def surface_forms(self) -> list[str]:
        """Every form in which the term may appear in the texts: headwords and aliases."""
        forms = {self.headword}
        listed = [d for d in self.definitions if not d.place]  # a passage of running text adds no form
        forms.update(d.headword for d in listed)
        forms.update(self.aliases)
        for d in listed:
            forms.update(split_headword(d.printed)[1])
        return sorted(forms, key=lambda f: (-len(f), f))


def definitions_in(lines: list[str], first_lineno: int) -> list[tuple[str, str, int]]:
    """The (printed term, definition source line, term line) pairs of the definition lists in a text."""
    found = []
    for i in range(len(lines) - 1):
        term, nxt = lines[i], lines[i + 1]
        if term.strip() and not term.startswith((":", "#", "|", "-", "{", "[^")) and nxt.startswith(":"):
            found.append((term.strip(), re.sub(r"^:\s*", "", nxt), first_lineno + i))
    return found


def read_definitions(pages) -> list[Definition]:
    """Every definition in the edition's reading texts, in the edition's order."""
    result = []
    for page in pages:
        t = page.text
        for printed, source, lineno in definitions_in(t.body_lines, t.body_start):
            result.append(Definition(t.work, t.page_uri, t.title, printed,
                                     plain_text(source, t.path, lineno + 1), str(t.path), lineno))
    return result


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def explained(slug: str, spec: dict, by_uri: dict, err, failed: set[str]) -> list[Definition]:
    """The passages of running text that *spec* names under ``explained:`` ({work, page, term,
    quote}), each found verbatim in one paragraph of that reading text, with the term as the author
    prints it there; a passage not found, or without the term, is an error (*err*), and the entry is
    added to *failed*."""
    found = []
    for item in spec.get("explained") or []:
        item = item if isinstance(item, dict) else {}
        work, page, term, quote = (str(item.get(k, "")) for k in ("work", "page", "term", "quote"))
        where = quote[:40] or f"{slug}:"
        uri = reading_text(work, page)
        if uri not in by_uri or not term or not quote:
            problem = (f"names the page '{uri}', which the edition lacks" if uri not in by_uri
                       else "lacks a term or a quote")
            failed.add(slug)
            err(where, f"entry '{slug}': a passage under explained {problem}",
                "give work and page (e.g. hoyle, poker), the term as the author prints it, and the quote")
            continue
        t = by_uri[uri].text
        want = _norm(plain_text(quote))
        hit, heading = None, ""
        for b in by_uri[uri].document.blocks:  # (edition/texts/document.py: each block's words, plain)
            text = b.text
            if b.kind == "heading":
                heading = text
            elif want in text:
                hit = b
                break
        if hit is None:
            failed.add(slug)
            err(where, f"entry '{slug}': the passage \"{quote[:50]}…\" is not in {uri} verbatim",
                "copy the words exactly from one paragraph of the reading text")
            continue
        if term.lower() not in want.lower() and term.lower() not in heading.lower():
            failed.add(slug)
            err(where, f"entry '{slug}': the passage \"{quote[:50]}…\" does not hold the term '{term}', nor does "
                "the heading of its section", "give the term as the author prints it in the passage")
            continue
        found.append(Definition(work, uri, t.title, term, want, str(t.path), hit.start, hit.anchor or "para-1"))
    return found


def build_glossary(pages, glossary_file: DataFile, authorities: list[str]) -> tuple[list[Entry], list[EditionError]]:
    """Merge the definitions into entries, applying content/glossary.yml; return entries and errors.
    Each entry quotes the *authorities* (content/works.yml) in their order, then any other work."""
    raw = glossary_file.raw
    data = glossary_file.data or {}
    errors: list[EditionError] = []
    defs = read_definitions(pages)
    by_ref = {d.ref: d for d in defs}
    by_uri = {p.text.page_uri: p for p in pages}
    placed: dict[str, str] = {}  # definition ref -> entry slug
    entries: dict[str, Entry] = {}

    failed: set[str] = set()  # entries a passage of whose running text was not found

    def err(needle: str, problem: str, advice: str) -> None:
        errors.append(EditionError(GLOSSARY_DATA, line_of(raw, needle), problem, advice))

    # 1. The editors' merges (an entry without terms only annotates the entry of that slug).
    annotations: dict[str, dict] = {}
    for slug, spec in (data.get("entries") or {}).items():
        spec = spec or {}
        if "terms" not in spec:
            annotations[slug] = spec
            continue
        members = []
        for ref in spec.get("terms", []):
            if ref not in by_ref:
                err(ref, f"entry '{slug}' names the term '{ref}', which no definition list prints",
                    "use work:Headword as printed (without the final stop), e.g. keller:Bob-tail Flush")
            elif ref in placed:
                err(ref, f"the term '{ref}' is in two entries ('{placed[ref]}' and '{slug}')",
                    "put each printed term in one entry")
            else:
                members.append(by_ref[ref])
                placed[ref] = slug
        members += explained(slug, spec, by_uri, err, failed)
        entries[slug] = Entry(slug, spec.get("headword", members[0].headword if members else slug), members,
                              list(spec.get("aliases", [])), list(spec.get("see_also", [])),
                              spec.get("note", ""), bool(spec.get("link", True)), example=spec.get("example") or {})
    # 2. Everything else, merged by folded headword.
    by_key = {fold_key(e.headword): e for e in entries.values()}
    for d in defs:
        if d.ref in placed:
            continue
        key = fold_key(d.headword)
        entry = by_key.get(key)
        if entry is None:
            entry = Entry(slugify(d.headword), d.headword, [])
            if entry.slug in entries:
                err(entry.slug, f"two different terms would share the anchor '{entry.slug}'",
                    "list one of them under entries: with its own slug")
                continue
            entries[entry.slug] = entry
            by_key[key] = entry
        entry.definitions.append(d)
        placed[d.ref] = entry.slug
    for slug, spec in annotations.items():
        if slug not in entries and spec.get("explained") and spec.get("headword"):
            entries[slug] = Entry(slug, spec["headword"], [])  # a term only running text explains
        if slug not in entries:
            err(f"{slug}:", f"'{slug}' is no entry", "annotate an existing entry's slug, or give it terms: "
                "(or, for a term only explained in running text, a headword: and explained:)")
            continue
        e = entries[slug]
        e.definitions += explained(slug, spec, by_uri, err, failed)
        e.aliases += list(spec.get("aliases", []))
        e.see_also += list(spec.get("see_also", []))
        e.note = spec.get("note", e.note)
        e.example = spec.get("example") or e.example
    for slug in data.get("nolink") or []:
        if slug in entries:
            entries[slug].link = False
        else:
            err(slug, f"nolink names '{slug}', which is no entry", "use an entry's slug")
    result = []
    for e in entries.values():
        if not e.definitions:
            if e.slug not in failed:  # a passage not found is reported already, one message a cause
                err(e.slug, f"entry '{e.slug}' has no definition", "list at least one printed term under terms:")
            continue
        e.definitions.sort(key=lambda d: authorities.index(d.work) if d.work in authorities else len(authorities))
        for target in e.see_also:
            if target not in entries:
                err(target, f"entry '{e.slug}' has see-also '{target}', which is no entry",
                    "use an entry's slug (the glossary page lists them)")
        result.append(e)
    result.sort(key=lambda e: e.headword.lower())
    return result, errors


def plan(files: Files) -> list[Call]:
    """The engine calls the glossary's page will make: each entry's example hand."""
    data = files[GLOSSARY_DATA].parsed
    entries = data.get("entries") if isinstance(data, dict) else None
    calls: list[Call] = []
    for spec in (entries or {}).values():
        ex = spec.get("example") if isinstance(spec, dict) else None
        if isinstance(ex, dict) and "cards" in ex:
            calls.append((example, (ex["cards"], ex.get("rules", "foster"))))
    return calls


def build(edition: Scope, files: Files, calls: EngineCalls) -> list[EditionError]:
    edition.glossary, errors = build_glossary(edition.pages, files[GLOSSARY_DATA], list(edition.authorities))
    return errors


SOURCE = Source("glossary", (GLOSSARY_DATA,), build, plan, shapes={GLOSSARY_DATA: dict}, gives=("glossary",))
