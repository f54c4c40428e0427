"""The whole edition, loaded once: works, witnesses, reading texts, rendered pages, apparatus.

``load_edition(root)`` reads ``content/`` under *root*, runs every check, and either returns an
``Edition`` or raises ``EditionErrors`` listing every problem with file, line and what to do.
"""
from __future__ import annotations

import gc
import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from . import averages, claims, concordance, contents, coverage, diagrams, experiments, findings, glossary, replays
from .align import Alignment, Word, align, reading_words, witness_words
from .averages import Averages
from .cite import citation, law_short_path
from .claims import Claim, mark_html, supplied_html
from .concordance import Commentary, Topic
from .contents import Chapter, chapter_of
from .coverage import NotAClaim
from .diagrams import Diagram, diagram_html
from .engine_calls import EngineCalls, start
from .errors import EditionError
from .experiments import StoredExperiment
from .findings import Finding
from .glossary import Entry
from .laws import Law, build_laws
from .markup import Links, Rendered, TermLinker, render
from .reading import ReadingText, Span, parse_spans, read_text_file
from .replays import Replay
from .sources import Files, Source, planned_calls, read_files
from .typography import source_problems
from .witnesses import Witness, load_witnesses
from .yamltext import safe_load

# The content sources, in the order they are built: each module owns its data files, declares the
# engine calls it needs and builds its part of the edition (sources.py). A source may use what
# the ones before it built (the claims judge the deals' amounts; the experiments replay claims);
# the engine worker makes the calls in this order too, so the claims' come first.
SOURCES: list[Source] = [
    contents.SOURCE,
    replays.SOURCE,
    claims.SOURCE,
    experiments.SOURCE,
    diagrams.SOURCE,
    averages.SOURCE,
    glossary.SOURCE,
    concordance.SOURCE,
    concordance.COMMENTARY,
    coverage.SOURCE,
    findings.SOURCE,
]


class EditionErrors(Exception):
    """Several EditionError at once: the build prints them all, then stops."""

    def __init__(self, errors: list[EditionError]):
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


@dataclass
class Work:
    slug: str
    author: str
    title: str
    year: int | None
    witnesses: list[str]
    complete: bool = True  # False while the work's reading text is being made
    excluded: dict[str, list[tuple[Span, str]]] = field(default_factory=dict)
    texts: list[Page] = field(default_factory=list)
    unedited: dict[str, list[int]] = field(default_factory=dict)  # witness id -> lines not yet edited


@dataclass
class Page:
    """A reading text with everything the site needs to publish it."""

    text: ReadingText
    rendered: Rendered
    alignment: Alignment
    variants: Alignment | None = None  # the collated witness against the base witness


@dataclass
class Edition:
    root: Path
    witnesses: dict[str, Witness]
    works: dict[str, Work]
    site_url: str = ""
    laws: dict[int, Law] = field(default_factory=dict)  # Foster's Laws by number (edition/laws.py)
    glossary: list[Entry] = field(default_factory=list)
    concordance: list[Topic] = field(default_factory=list)
    commentary: list[Commentary] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    not_claims: list[NotAClaim] = field(default_factory=list)  # content/figures-not-claims.yml
    deals: list[Replay] = field(default_factory=list)
    experiments: list[StoredExperiment] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)  # content/findings.yml: the figures page's opening
    averages: Averages | None = None
    diagrams: list[Diagram] = field(default_factory=list)
    computed_claims: list[dict] = field(default_factory=list)  # claims other sources state (the deals' amounts)
    contents: dict[str, list[Chapter]] = field(default_factory=dict)  # work -> its printed Contents (for its index)
    engine_calls: EngineCalls = field(default_factory=EngineCalls)  # the engine's results (examples, tables)

    @property
    def pages(self) -> list[Page]:
        return [p for w in self.works.values() for p in w.texts]

    def law_anchors(self) -> dict[int, Page]:
        return {n: p for p in self.pages for n, _ in p.rendered.laws}


def _load_works(root: Path, errors: list[EditionError]) -> dict[str, Work]:
    path = root / "content" / "works.yml"
    data = safe_load(path.read_text(encoding="utf-8"))
    works = {}
    for slug, entry in data.items():
        excluded: dict[str, list[tuple[Span, str]]] = {}
        for wid, items in (entry.get("excluded") or {}).items():
            for item in items:
                try:
                    for span in parse_spans(item["lines"], path.relative_to(root), 1):
                        excluded.setdefault(str(wid), []).append((span, item["reason"]))
                except EditionError as e:
                    errors.append(e)
        works[slug] = Work(slug, entry["author"], entry["title"], entry.get("year"),
                           [str(w) for w in entry["witnesses"]], entry.get("status", "complete") == "complete",
                           excluded)
    return works


def check_source(text: ReadingText, errors: list[EditionError]) -> None:
    """Typography policy and balanced markup, line by line."""
    para_start = None
    stars = 0
    for offset, line in enumerate(text.body_lines + [""]):
        lineno = text.body_start + offset
        for code, problem, advice in source_problems(line):
            errors.append(EditionError(text.path, lineno, f"[{code}] {problem}", advice))
        if line.strip():
            if para_start is None:
                para_start, stars = lineno, 0
            if "**" in line:
                stars += len(re.findall(r"(?<!\\)\*\*", line))
            if "{" in line and ("{: " in line or re.search(r"\{\s*[#.]", line)):
                errors.append(EditionError(text.path, lineno, "an attribute list in a reading text",
                                           "anchors come from the edition markup ({law N}, {page N}); remove it"))
        elif para_start is not None:
            if stars % 2:
                errors.append(EditionError(text.path, para_start, "unbalanced '**' in this paragraph",
                                           "close the bold text, or remove the stray '**'"))
            para_start = None


def _check_spans(text: ReadingText, spans: list[Span], witness: Witness, errors: list[EditionError]) -> bool:
    n = len(witness.lines)
    for span in spans:
        if span.end > n:
            errors.append(EditionError(text.path, 2, f"span {span} lies outside witness {witness.id}, "
                                       f"which has {n} lines", "correct 'lines:' in the front matter"))
            return False
    return True


def _check_coverage(edition: Edition, errors: list[EditionError]) -> None:
    """Every non-blank witness line belongs to exactly one reading text (or is excluded)."""
    for wid, witness in edition.witnesses.items():
        work = edition.works.get(witness.work)
        if work is None:
            continue
        owners: dict[int, list[str]] = {}
        for page in work.texts:
            t = page.text
            spans = t.spans if t.witness == wid else (t.collate_spans if t.collate == wid else [])
            for span in spans:
                for n in range(span.start, span.end + 1):
                    if str(t.path) not in owners.get(n, []):  # columns of one line, one owner
                        owners.setdefault(n, []).append(str(t.path))
        for span, _reason in work.excluded.get(wid, []):
            for n in range(span.start, span.end + 1):
                owners.setdefault(n, []).append("content/works.yml (excluded)")
        if not work.texts:
            continue  # a work whose reading text is not begun yet
        missing: list[int] = []
        for n, line in enumerate(witness.lines, 1):
            who = owners.get(n, [])
            if len(who) > 1:
                errors.append(EditionError(who[1], None, f"witness {wid} line {n} is claimed by "
                                           f"{' and '.join(who)}", "make the 'lines:' spans not overlap"))
            elif not who and line.strip():
                missing.append(n)
        work.unedited[wid] = missing
        if missing and work.complete:
            errors.append(EditionError(
                f"content/witnesses/{witness.path.name}", missing[0],
                f"{len(missing)} non-blank lines of witness {wid} belong to no reading text "
                f"(first: {missing[0]}, last: {missing[-1]})",
                "extend a reading text's 'lines:' to cover them, or list them under the work's "
                "'excluded:' in content/works.yml with a reason"))


def _check_anchors(edition: Edition, errors: list[EditionError]) -> None:
    seen: dict[str, str] = {}
    for page in edition.pages:
        anchors = [(f"law-{n}", line) for n, line in page.rendered.laws]
        anchors += [(f"{page.text.work}:p-{n}", line) for n, line in page.rendered.pages]
        for anchor, line in anchors:
            where = f"{page.text.path}:{line}"
            if anchor in seen:
                errors.append(EditionError(page.text.path, line, f"duplicate anchor '{anchor}' "
                                           f"(first at {seen[anchor]})",
                                           "each law and each page number appears once in the edition"))
            else:
                seen[anchor] = where
    foster_laws = [n for p in edition.pages for n, _ in p.rendered.laws]
    if foster_laws and foster_laws != sorted(foster_laws):
        page = next(p for p in edition.pages if p.rendered.laws)
        errors.append(EditionError(page.text.path, None, "the laws are not in numerical order",
                                   "keep Foster's numbering and order"))


def load_edition(root: Path, site_url: str = "http://127.0.0.1:8000/") -> Edition:
    """Load and check the whole edition under *root* (the project folder).

    *site_url* is the published address, used in citations and short URLs.
    """
    root = Path(root)
    # The load makes hundreds of thousands of short-lived objects and no reference cycles: the cycle
    # collector, which would walk every live object again and again meanwhile, waits till the end.
    collecting = gc.isenabled()
    gc.disable()
    try:
        files = read_files(root, SOURCES)  # each data file once, for the plan and for its source
        calls = start(lambda: planned_calls(SOURCES, files))  # the engine's work, beside the texts' (engine_calls.py)
        try:
            return _load(root, site_url, calls, files)
        except BaseException:
            calls.close()
            raise
    finally:
        if collecting:
            gc.enable()


def _load(root: Path, site_url: str, calls: EngineCalls, files: Files) -> Edition:
    errors: list[EditionError] = []
    witnesses = load_witnesses(root / "content" / "witnesses")
    for w in witnesses.values():
        try:
            w.verify()
        except EditionError as e:
            errors.append(e)
    works = _load_works(root, errors)
    edition = Edition(root, witnesses, works, site_url if site_url.endswith("/") else site_url + "/",
                      engine_calls=calls)
    texts_dir = root / "content" / "texts"
    for work_dir in sorted(texts_dir.iterdir() if texts_dir.exists() else []):
        if not work_dir.is_dir():
            continue
        if work_dir.name not in works:
            errors.append(EditionError(work_dir.relative_to(root), None, f"no work '{work_dir.name}' in works.yml",
                                       "add the work to content/works.yml or rename the folder"))
            continue
        for path in sorted(work_dir.glob("*.md")):
            try:
                text = read_text_file(path, root)
            except EditionError as e:
                errors.append(e)
                continue
            page = _build_page(text, edition, errors)
            if page:
                works[work_dir.name].texts.append(page)
    _check_coverage(edition, errors)
    _check_anchors(edition, errors)
    if not errors:
        for source in SOURCES:
            if source.needs_the_others and errors:
                break
            errors.extend(source.build(edition, files, calls))
    if not errors:
        _link(edition, errors)
    if errors:
        raise EditionErrors(errors)
    return edition


def _link(edition: Edition, errors: list[EditionError]) -> None:
    """Second pass: render every page again with cross-references, citations and "cited by"."""
    law_uri = {n: p.text.page_uri for n, p in edition.law_anchors().items()}
    cited_by: dict[int, list[tuple[str, str, str]]] = {}
    for page in edition.pages:
        for ref in page.rendered.refs:
            label = ref.label if page.text.page_uri == law_uri.get(ref.law) and ref.label.startswith("Law") \
                else f"{page.text.title} {ref.label}".strip()
            entry = (page.text.page_uri, ref.anchor, label)
            if entry not in cited_by.setdefault(ref.law, []) and ref.anchor != f"law-{ref.law}":
                cited_by[ref.law].append(entry)
    cites: dict[int, str] = {}
    for n, page in edition.law_anchors().items():
        work = edition.works[page.text.work]
        cites[n] = citation(work.author, work.title, work.year, f"Law {n}", edition.site_url + law_short_path(n))
    commentary: dict[int, list[tuple[str, str, str]]] = {}
    discusses: dict[str, dict[str, list[int]]] = {}  # page uri -> anchor -> laws
    for c in edition.commentary:
        for n in c.laws:
            commentary.setdefault(n, []).append((c.page_uri, c.anchor, f"{c.page_title} {c.label}"))
        discusses.setdefault(c.page_uri, {}).setdefault(c.anchor, []).extend(c.laws)
    terms = term_linker(edition.glossary)
    entries = {e.slug: e for e in edition.glossary}
    for page in edition.pages:
        # Lists of references (contents, index, bibliography) name terms without using them.
        page_terms = terms if page.text.meta.get("link_terms", True) else None
        page_claims: dict[int, list[Claim]] = {}
        for claim in edition.claims:
            if claim.page_uri == page.text.page_uri:
                page_claims.setdefault(claim.source_line, []).append(claim)
        chapters = edition.contents.get(page.text.work, []) if page.text.meta.get("page_refs") else []
        page_diagrams = {d.source_line: diagram_html(d) for d in edition.diagrams if d.page_uri == page.text.page_uri}
        links = Links(page.text.page_uri, law_uri, cited_by, cites, terms=page_terms,
                      commentary=commentary, discusses=discusses.get(page.text.page_uri, {}), claims=page_claims,
                      mark_figure=mark_html, supply_figure=supplied_html, diagrams=page_diagrams,
                      chapter_of=partial(chapter_of, chapters=chapters) if chapters else None)
        try:
            page.rendered = render(page.text.body_lines, page.text.body_start, page.text.path, links)
        except EditionError as e:
            errors.append(e)
            continue
        for slug, anchor, label, _line in page.rendered.term_uses:
            entries[slug].uses.append((page.text.page_uri, anchor, label))
    edition.laws = build_laws(edition.pages, edition.witnesses, cites, commentary, cited_by)


GLOSSARY_URI = "glossary.md"


def term_linker(glossary: list[Entry]) -> TermLinker | None:
    """The matcher for every linkable term's surface forms (headwords, variants, aliases)."""
    slug_of: dict[str, str] = {}
    headwords = {e.headword.lower() for e in glossary}
    for e in glossary:
        if not e.link:
            continue
        for form in e.surface_forms:
            key = form.lower()
            # A headword of one entry is never another entry's alias.
            if key in headwords and key != e.headword.lower() and form not in (d.headword for d in e.definitions):
                continue
            slug_of.setdefault(key, e.slug)
    if not slug_of:
        return None
    max_words = max(len(form.split()) for form in slug_of)
    first_words = frozenset(form.split()[0] for form in slug_of)
    return TermLinker(GLOSSARY_URI, slug_of, max_words, {e.slug: e.short for e in glossary}, first_words)


def _build_page(text: ReadingText, edition: Edition, errors: list[EditionError]) -> Page | None:
    witness = edition.witnesses.get(text.witness)
    if witness is None:
        errors.append(EditionError(text.path, 2, f"unknown witness '{text.witness}'",
                                   f"use one of {', '.join(edition.witnesses)}"))
        return None
    if not _check_spans(text, text.spans, witness, errors):
        return None
    before = len(errors)
    check_source(text, errors)
    try:
        rendered = render(text.body_lines, text.body_start, text.path)
        alignment = align(witness_words(witness.lines, text.spans), reading_words(text),
                          path=str(text.path), witness_id=witness.id)
    except EditionError as e:
        errors.append(e)
        return None
    variants = None
    if text.collate:
        other = edition.witnesses.get(text.collate)
        if other is None or not text.collate_spans:
            errors.append(EditionError(text.path, 2, f"collate: '{text.collate}' needs a known witness "
                                       "and 'collate_lines:'", "name the second witness and its lines"))
        elif _check_spans(text, text.collate_spans, other, errors):
            variants = collate(witness, text.spans, other, text.collate_spans, str(text.path))
    if len(errors) > before:
        return None
    return Page(text, rendered, alignment, variants)


def collate(base: Witness, base_spans: list[Span], other: Witness, other_spans: list[Span], path: str) -> Alignment:
    """Where a second witness differs in wording from the base over the stretch it covers.

    The base words outside the other witness's stretch (it is partial) are trimmed first.
    """
    bw = witness_words(base.lines, base_spans)
    ow = witness_words(other.lines, other_spans, scraped=True)
    # Trim the base to the stretch the partial witness covers: its first and last 6 words.
    keys = [w.key for w in bw]

    def find(seq: list[str]) -> int:
        for i in range(len(keys) - len(seq) + 1):
            if keys[i:i + len(seq)] == seq:
                return i
        return -1

    keys = [k.lower() for k in keys]
    start = find([w.key.lower() for w in ow[:6]])
    end = find([w.key.lower() for w in ow[-6:]])
    if start >= 0 and end >= 0:
        bw = bw[start:end + 6]
    # Capitals are not wording: the scraped copy prints the book's small capitals as capitals.
    lower = [Word(w.key.lower(), w.line, w.alt.lower()) for w in bw]
    other_lower = [Word(w.key.lower(), w.line, w.alt.lower()) for w in ow]
    return align(lower, other_lower, path=path, witness_id=other.id)
