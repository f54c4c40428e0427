"""The whole edition, loaded once: works, witnesses, reading texts, rendered pages, apparatus.

``load_edition(root)`` reads ``content/`` under *root*, runs every check, and either returns an
``Edition`` or raises ``EditionErrors`` listing every problem with file, line and what to do.
"""
from __future__ import annotations

import gc
import re
from dataclasses import dataclass, field
from functools import cached_property, partial
from pathlib import Path

from ..framework.cache import Cache, from_environment
from ..framework.engine_calls import EngineCalls, start
from ..framework.source import Files, Scope, Source, in_order, planned_calls, read_files
from ..sources import (
    averages,
    claims,
    concordance,
    contents,
    coverage,
    diagrams,
    experiments,
    findings,
    glossary,
    house_rules,
    replays,
    situations,
    synonyms,
)
from ..sources.averages import Averages
from ..sources.claims import Claim, Convention, mark_html, supplied_html
from ..sources.concordance import Commentary, Topic
from ..sources.contents import Chapter, chapter_of
from ..sources.coverage import NotAClaim
from ..sources.diagrams import Diagram, diagram_html
from ..sources.experiments import StoredExperiment
from ..sources.findings import Finding
from ..sources.glossary import Entry
from ..sources.house_rules import HouseRules
from ..sources.replays import Replay
from ..sources.situations import NotAtTheTable, Phase, Situation
from ..sources.synonyms import Synonym
from ..texts.addresses import GLOSSARY, law_anchor, law_short_path, laws_pdf
from ..texts.align import Alignment, Word, align, align_reading, witness_words
from ..texts.datafiles import load_file, read_text
from ..texts.errors import EditionError, EditionErrors, line_of, refusals
from ..texts.files import walk
from ..texts.reading import FILENAME, ReadingText, Span, html_policy_problems, parse_spans, read_text_file
from ..texts.typography import source_problems
from ..texts.witness_parts import Part, split
from ..texts.witnesses import Witness, load_witnesses
from .anchors import LOCK, read_lock, read_redirects
from .cite import Cited, formats, version_link
from .laws import Law, build_laws, law_title
from .markup import Links, Rendered, TermLinker, render
from .records import EditionRecord, WorkRecord, dated, read_edition_record, work_record
from .snapshot import Snapshot, problems, read_all

# The content sources: each module owns its data files, declares the engine calls it needs, what it
# reads of the edition beyond what the loader gave (needs) and what it gives, and builds its part
# (edition/framework/source.py). They are built in this order where what they declare allows, or
# else after what they need (in_order: the claims judge the deals' amounts, so the deals come
# first); the engine worker makes their calls in the same order, so the claims' come early.
SOURCES: list[Source] = in_order([
    contents.SOURCE,
    replays.SOURCE,
    claims.SOURCE,
    experiments.SOURCE,
    diagrams.SOURCE,
    averages.SOURCE,
    glossary.SOURCE,
    concordance.SOURCE,
    concordance.COMMENTARY,
    house_rules.SOURCE,
    coverage.SOURCE,
    findings.SOURCE,
    synonyms.SOURCE,
    situations.SOURCE,
])


@dataclass
class Work:
    slug: str
    author: str  # who sentences say it is by (WorkRecord.creator): "R. F. Foster", "Professor Hoffmann"
    title: str
    year: int | None
    witnesses: list[str]
    complete: bool = True  # False while the work's reading text is being made
    laws: int | None = None  # how many laws the work numbers ({law N}, N from 1 to this), if it numbers laws
    short_name: str = ""  # how the edition's sentences name it: "Foster"
    authority: bool = False  # quoted by the concordance and the glossary (content/works.yml)
    excluded: dict[str, list[tuple[Span, str]]] = field(default_factory=dict)
    record: WorkRecord | None = None  # its bibliographic record (edition/model/records.py): every citation's source
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
    version: str = ""  # the edition's version (content/edition.yml), named in every citation
    record: EditionRecord = field(default_factory=EditionRecord)  # the edition's own record, dated by its snapshot
    cite_formats: dict[int, dict[str, str]] = field(default_factory=dict)  # law -> its citation in every format
    laws: dict[int, Law] = field(default_factory=dict)  # Foster's Laws by number (edition/model/laws.py)
    glossary: list[Entry] = field(default_factory=list)
    synonyms: list[Synonym] = field(default_factory=list)  # content/synonyms.yml: the search's thesaurus
    situations: list[Situation] = field(default_factory=list)  # content/situations.yml: "What is the rule when…"
    situation_phases: list[Phase] = field(default_factory=list)  # content/situations.yml: the phases of play, in order
    not_at_the_table: list[NotAtTheTable] = field(default_factory=list)  # situations.yml: laws that decide no question
    concordance: list[Topic] = field(default_factory=list)
    house_rules: HouseRules | None = None  # content/house-rules.yml, with the engine's rankings
    commentary: list[Commentary] = field(default_factory=list)
    laws_with_a_case: set[int] = field(default_factory=set)  # laws content/law-cases.yml gives a case
    claims: list[Claim] = field(default_factory=list)
    conventions: dict[str, Convention] = field(default_factory=dict)  # content/tables.yml: each table's rounding
    not_claims: list[NotAClaim] = field(default_factory=list)  # content/figures-not-claims.yml
    deals: list[Replay] = field(default_factory=list)
    experiments: list[StoredExperiment] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)  # content/findings.yml: the figures page's opening
    averages: Averages | None = None
    diagrams: list[Diagram] = field(default_factory=list)
    computed_claims: list[dict] = field(default_factory=list)  # claims other sources state (the deals' amounts)
    contents: dict[str, list[Chapter]] = field(default_factory=dict)  # work -> its printed Contents (for its index)
    engine_calls: EngineCalls = field(default_factory=EngineCalls)  # the engine's results (examples, tables)
    snapshots: list[Snapshot] = field(default_factory=list)  # content/versions/: what each version quotes, oldest first

    @property
    def pages(self) -> list[Page]:
        return [p for w in self.works.values() for p in w.texts]

    @property
    def authorities(self) -> dict[str, str]:
        """The works the concordance and the glossary quote, in the order of content/works.yml: slug ->
        short name."""
        return {w.slug: w.short_name for w in self.works.values() if w.authority}

    @cached_property
    def witness_parts(self) -> dict[str, list[Part]]:
        """Each witness's parts (edition/texts/witness_parts.py), cut where a chapter of its reading texts starts."""
        starts: dict[str, dict[int, str]] = {wid: {} for wid in self.witnesses}
        for p in self.pages:
            for wid, spans in ((p.text.witness, p.text.spans), (p.text.collate, p.text.collate_spans)):
                for span in spans if wid in starts else ():
                    starts[wid].setdefault(span.start, p.text.title)
        return {wid: split(wid, w.lines, starts[wid]) for wid, w in self.witnesses.items()}

    def law_anchors(self) -> dict[int, Page]:
        return {n: p for p in self.pages for n, _ in p.rendered.laws}


WORKS_DATA = "content/works.yml"


def _load_works(root: Path, errors: list[EditionError]) -> dict[str, Work]:
    path = root / WORKS_DATA
    data = load_file(root, WORKS_DATA, dict)
    raw = path.read_text(encoding="utf-8")
    works = {}
    # The keys of each work, their types and bounds: content/schemas/works.yml (checked by load_file).
    for slug, entry in data.items():
        line = line_of(raw, f"{slug}:")
        record, error = work_record(slug, entry, raw)
        if error:
            errors.append(error)
            continue
        laws = entry.get("laws")
        short_name, authority = entry.get("short_name") or "", entry.get("authority", False)
        if authority and not short_name:
            errors.append(EditionError(WORKS_DATA, line, f"the work '{slug}' is an authority without a short name",
                                       "give an authority 'short_name:' (how sentences name it: Foster), or leave "
                                       "'authority:' out for a work that is no authority"))
            authority = False
        excluded: dict[str, list[tuple[Span, str]]] = {}
        for wid, items in (entry.get("excluded") or {}).items():
            for item in items:
                try:
                    for span in parse_spans(item["lines"], Path(WORKS_DATA), line):
                        excluded.setdefault(str(wid), []).append((span, item["reason"]))
                except EditionError as e:
                    errors.append(e)
        works[slug] = Work(slug, record.creator, record.title, record.year,
                           [str(w) for w in entry["witnesses"]], entry.get("status", "complete") == "complete",
                           laws, short_name, authority, excluded, record=record)
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


def _check_coverage(edition: Edition, errors: list[EditionError], failed: set[str]) -> None:
    """Every non-blank witness line belongs to exactly one reading text (or is excluded).

    A work with a reading text that failed (or is missing) is not checked: its error says why its
    lines are uncovered, and a second message would only repeat it."""
    for wid, witness in edition.witnesses.items():
        work = edition.works.get(witness.work)
        if work is None or work.slug in failed:
            continue
        owners: dict[int, list[str]] = {}
        lines_at = {str(p.text.path): p.text.lines_at.get(wid) for p in work.texts}
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
        overlaps: dict[tuple[str, ...], list[int]] = {}  # the files that claim a line: the lines they both claim
        for n, line in enumerate(witness.lines, 1):
            who = owners.get(n, [])
            if len(who) > 1:
                overlaps.setdefault(tuple(who), []).append(n)
            elif not who and line.strip():
                missing.append(n)
        for who, lines in overlaps.items():  # one message a pair of files, a stretch of lines at a time
            for first, last in _stretches(lines):
                what = f"line {first} is" if first == last else f"lines {first} to {last} are"
                errors.append(EditionError(who[1], lines_at.get(who[1]), f"witness {wid} {what} claimed by "
                                           f"{' and '.join(who)}", "make the 'lines:' spans not overlap"))
        work.unedited[wid] = missing
        if missing and work.complete:
            errors.append(EditionError(
                f"content/witnesses/{witness.path.name}", missing[0],
                f"{len(missing)} non-blank lines of witness {wid} belong to no reading text "
                f"(first: {missing[0]}, last: {missing[-1]})",
                "extend a reading text's 'lines:' to cover them, or list them under the work's "
                "'excluded:' in content/works.yml with a reason"))


def _stretches(numbers: list[int]) -> list[tuple[int, int]]:
    """Sorted numbers as stretches of consecutive ones.

    >>> _stretches([3, 4, 5, 9, 11, 12])
    [(3, 5), (9, 9), (11, 12)]
    """
    found: list[tuple[int, int]] = []
    for n in numbers:
        if found and found[-1][1] == n - 1:
            found[-1] = (found[-1][0], n)
        else:
            found.append((n, n))
    return found


def _check_anchors(edition: Edition, errors: list[EditionError]) -> None:
    """Each printed page's anchor once in its work (the laws are checked by ``_check_laws``)."""
    seen: dict[str, str] = {}
    for page in edition.pages:
        for n, line in page.rendered.pages:
            anchor = f"{page.text.work}:p-{n}"
            where = f"{page.text.path}:{line}"
            if anchor in seen:
                errors.append(EditionError(page.text.path, line, f"duplicate anchor '{anchor}' "
                                           f"(first at {seen[anchor]})",
                                           "each law and each page number appears once in the edition"))
            else:
                seen[anchor] = where


def _check_laws(edition: Edition, errors: list[EditionError]) -> None:
    """The numbered laws ({law N}): in a work that numbers them (``laws: N`` in works.yml) each number
    from 1 to N stands once, in order. The anchors law-N and the short URLs /laws/N/ are the
    edition's, so once a work numbers laws no other work may. (A project where no work says how
    many laws it numbers, such as a test's fixture, has its laws checked for order and repeats only.)"""
    numbered = [w for w in edition.works.values() if w.laws]
    for work in numbered[1:]:
        errors.append(EditionError(WORKS_DATA, None, f"both '{numbered[0].slug}' and '{work.slug}' number laws",
                                   "give 'laws:' to the one work whose laws have the edition's law anchors"))
    for work in edition.works.values():
        laws = [(n, page.text.path, line) for page in work.texts for n, line in page.rendered.laws]
        if numbered and not work.laws:
            for n, path, line in laws[:1]:
                errors.append(EditionError(path, line, f"{{law {n}}} in a work that numbers no laws ('{work.slug}' "
                                           f"has no 'laws:' in {WORKS_DATA})", "number laws only in the work "
                                           f"that prints them ({numbered[0].slug}); write this one as text"))
            continue
        _check_numbering(work, laws, errors)


def _check_numbering(work: Work, laws: list[tuple[int, Path, int]], errors: list[EditionError]) -> None:
    """One message a cause: a law numbered wrongly where a missing law should stand says so, and the
    missing law is not reported again."""
    total = work.laws
    advice = (f"number the laws 1 to {total}, each once and in order, as the author printed them "
              f"('laws: {total}' in {WORKS_DATA})" if total else "number the laws each once and in order")
    numbers = {n for n, _path, _line in laws}
    seen: dict[int, str] = {}
    explained: set[int] = set()  # missing laws whose place a wrongly numbered law holds
    last = 0
    for n, path, line in laws:
        if total and not 1 <= n <= total:
            problem = f"Law {n} is outside the laws of {work.title}, numbered 1 to {total}"
        elif n in seen:
            problem = f"Law {n} is numbered twice (first at {seen[n]})"
        elif n < last:
            problem = f"Law {n} stands after Law {last}: the laws are not in numerical order"
        else:
            gap = [k for k in range(last + 1, n) if k not in explained] if total else []
            if gap:
                errors.append(EditionError(path, line, f"Law {n} follows Law {last}: {_missing(gap[0], gap[-1])}",
                                           advice))
            seen[n], last = f"{path}:{line}", n
            continue
        expected = last + 1
        if total and expected <= total and expected not in numbers and expected not in explained:
            explained.add(expected)
            problem += f"; Law {expected}, which is missing, would stand here"
        errors.append(EditionError(path, line, problem, advice))
    gap = [k for k in range(last + 1, (total or 0) + 1) if k not in explained]
    if laws and gap:
        _n, path, line = laws[-1]
        errors.append(EditionError(path, line, f"the laws end at Law {last}: {_missing(gap[0], gap[-1])}", advice))


def _missing(first: int, last: int) -> str:
    """The laws from *first* to *last*, missing.

    >>> _missing(40, 40), _missing(76, 77)
    ('Law 40 is missing', 'Laws 76 to 77 are missing')
    """
    return f"Law {first} is missing" if first == last else f"Laws {first} to {last} are missing"


def _check_pages_kept(edition: Edition, texts: dict[str, set[str]], errors: list[EditionError],
                      failed: set[str]) -> None:
    """A reading text's page, once published (content/anchors.lock), stays: a deleted or renamed
    reading text is named here, unless content/redirects.yml moves its page."""
    lock_path = edition.root / "content" / "anchors.lock"
    if not lock_path.exists():
        return
    try:
        redirects = read_redirects(edition.root / "content" / "redirects.yml")
        raw = read_text(lock_path, LOCK)
    except (EditionError, EditionErrors) as e:
        errors.extend(refusals(e))
        return
    for address in read_lock(lock_path):
        work, _, rest = address.partition("/")
        slug = rest.rstrip("/")
        if "#" in address or work not in edition.works or "/" in slug or not slug:
            continue
        if slug not in texts.get(work, set()) and address not in redirects:
            failed.add(work)
            errors.append(EditionError(
                "content/anchors.lock", line_of(raw, address),
                f"the published page {address} has no reading text (content/texts/{work}/NN-{slug}.md)",
                f"restore the reading text (git checkout content/texts/{work}/), or map '{address}' to its "
                "new address in content/redirects.yml"))


def load_edition(root: Path, site_url: str = "http://127.0.0.1:8000/", check_version: bool = True,
                 cache: Cache | None = None) -> Edition:
    """Load and check the whole edition under *root* (the project folder).

    *site_url* is the published address, used in citations and short URLs. Last, the edition is
    compared with the snapshot of its version (edition/model/snapshot.py); ``check_version=False`` skips
    that, for the command that cuts a new snapshot (edition/site/versions.py). The engine's results and
    the chapters' alignments are kept in *cache* (edition/framework/cache.py; by default the one the
    environment names).
    """
    cache = from_environment() if cache is None else cache
    root = Path(root)
    # The load makes hundreds of thousands of short-lived objects and no reference cycles: the cycle
    # collector, which would walk every live object again and again meanwhile, waits till the end.
    collecting = gc.isenabled()
    gc.disable()
    try:
        files = read_files(root, SOURCES, cache)  # each data file once, for the plan and for its source
        # The engine's work: what the cache does not hold is made beside the texts' (engine_calls.py).
        calls = start(lambda: planned_calls(SOURCES, files), cache)
        try:
            return _load(root, site_url, calls, files, check_version)
        except BaseException:
            calls.close()
            raise
    finally:
        if collecting:
            gc.enable()


def _load(root: Path, site_url: str, calls: EngineCalls, files: Files, check_version: bool = True) -> Edition:
    # A data file missing or malformed is reported at once, beside the texts' errors; no source builds.
    errors: list[EditionError] = [e for f in files.values() for e in f.errors]
    try:
        witnesses = load_witnesses(root / "content" / "witnesses")
        works = _load_works(root, errors)
    except (EditionError, EditionErrors) as e:  # without the registry of witnesses or works nothing else can be checked
        raise EditionErrors([*errors, *refusals(e)]) from None
    for w in witnesses.values():
        try:
            w.verify()
        except EditionError as e:
            errors.append(e)
    try:
        record, record_errors = read_edition_record(root)
        errors.extend(record_errors)
    except (EditionError, EditionErrors) as e:
        errors.extend(refusals(e))
        record = EditionRecord()
    edition = Edition(root, witnesses, works, site_url if site_url.endswith("/") else site_url + "/",
                      version=record.version,
                      engine_calls=calls)
    edition.snapshots, snapshot_errors = read_all(root, calls.cache)
    errors.extend(snapshot_errors)
    edition.record = dated(record, edition.snapshots)
    failed: set[str] = set()  # works with a reading text that failed: their coverage is not checked
    slugs: dict[str, set[str]] = {}  # work -> the slugs of its reading-text files, read or not
    # content/ walked by rule (edition/texts/files.py): only NN-slug.md in a work's folder, no link out of
    # the repository, no special file, a schema for every data file.
    found, walk_errors = walk(root)
    errors.extend(walk_errors)
    for e in walk_errors:  # a work with a misplaced file: its lines are not reported again as uncovered
        parts = Path(e.path).parts
        if parts[:2] == ("content", "texts") and len(parts) > 3:
            failed.add(parts[2])
            named = re.match(r"\d\d-([a-z0-9-]+)\.", parts[3])
            if named:  # misnamed, a link to nothing, a pipe: its page is not reported again as lost
                slugs.setdefault(parts[2], set()).add(named[1])
    for work_name, paths in sorted(found.items()):
        if work_name not in works:
            errors.append(EditionError(f"content/texts/{work_name}", None, f"no work '{work_name}' in works.yml",
                                       "add the work to content/works.yml or rename the folder"))
            continue
        for path in paths:
            m = FILENAME.match(path.name)
            slugs.setdefault(work_name, set()).add(m["slug"])
            try:
                text = read_text_file(path, root)
            except (EditionError, EditionErrors) as e:
                errors.extend(refusals(e))
                failed.add(work_name)
                continue
            page = _build_page(text, edition, errors, calls.cache)
            if page:
                works[work_name].texts.append(page)
            else:
                failed.add(work_name)
    _check_pages_kept(edition, slugs, errors, failed)
    _check_coverage(edition, errors, failed)
    _check_anchors(edition, errors)
    _check_laws(edition, errors)
    if not errors:
        for source in SOURCES:
            if source.needs_the_others and errors:
                break
            errors.extend(source.build(Scope(edition, source), files, calls))
    if not errors:
        _link(edition, errors)
    if not errors and check_version:
        errors.extend(problems(edition, edition.snapshots))
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
            if entry not in cited_by.setdefault(ref.law, []) and ref.anchor != law_anchor(ref.law):
                cited_by[ref.law].append(entry)
    cites: dict[int, str] = {}
    sections = {b.number: b.section for p in edition.pages for b in p.rendered.law_blocks}
    for n, page in edition.law_anchors().items():
        cited = Cited(edition.site_url + law_short_path(n), edition.works[page.text.work].record,
                      law_title(n, sections.get(n, "")))
        edition.cite_formats[n] = formats(cited, edition.record)
        cites[n] = edition.cite_formats[n]["plain"]
    commentary: dict[int, list[tuple[str, str, str]]] = {}
    discusses: dict[str, dict[str, list[int]]] = {}  # page uri -> anchor -> laws
    for c in edition.commentary:
        for n in c.laws:
            commentary.setdefault(n, []).append((c.page_uri, c.anchor, f"{c.page_title} {c.label}"))
        discusses.setdefault(c.page_uri, {}).setdefault(c.anchor, []).extend(c.laws)
    # Each law's words (the first pass's), shown when a link to it is hovered.
    law_words = {b.number: b.words for p in edition.pages for b in p.rendered.law_blocks}
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
                      chapter_of=partial(chapter_of, chapters=chapters) if chapters else None,
                      cite_formats=edition.cite_formats, law_words=law_words,
                      cite_version=version_link(edition.record, edition.site_url),
                      laws_pdf=laws_pdf(edition.version) if edition.version else "")
        try:
            page.rendered = render(page.text.body_lines, page.text.body_start, page.text.path, links)
        except EditionError as e:
            errors.append(e)
            continue
        for slug, anchor, label, _line in page.rendered.term_uses:
            entries[slug].uses.append((page.text.page_uri, anchor, label))
    edition.laws = build_laws(edition.pages, cites, commentary, cited_by)




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
    return TermLinker(GLOSSARY, slug_of, max_words, {e.slug: e.short for e in glossary}, first_words)


def _build_page(text: ReadingText, edition: Edition, errors: list[EditionError], cache: Cache) -> Page | None:
    witness = edition.witnesses.get(text.witness)
    if witness is None:
        errors.append(EditionError(text.path, 2, f"unknown witness '{text.witness}'",
                                   f"use one of {', '.join(edition.witnesses)}"))
        return None
    if not _check_spans(text, text.spans, witness, errors):
        return None
    before = len(errors)
    check_source(text, errors)
    # The HTML policy on the author's text: blocks already refused (T8, an attribute list) are not judged again.
    errors.extend(html_policy_problems(text, skip={e.line for e in errors[before:] if e.line}))
    try:
        rendered = cache.call(render, text.body_lines, text.body_start, text.path)
        alignment = cache.call(align_reading, witness.lines, text, witness.id)
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
            variants = collate(witness, text.spans, other, text.collate_spans, str(text.path), cache)
    if len(errors) > before:
        return None
    return Page(text, rendered, alignment, variants)


def collate(base: Witness, base_spans: list[Span], other: Witness, other_spans: list[Span], path: str,
            cache: Cache | None = None) -> Alignment:
    """Where a second witness differs in wording from the base over the stretch it covers.

    The base words outside the other witness's stretch (it is partial) are trimmed first. The
    alignment is kept in *cache* (none by default).
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
    return (cache or Cache(None)).call(align, lower, other_lower, path=path, witness_id=other.id)
