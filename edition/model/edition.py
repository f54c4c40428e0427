"""The whole edition, loaded once: works, witnesses, reading texts (each parsed once), apparatus.

``load_edition(root)`` reads ``content/`` under *root*, runs every check, and either returns an
``Edition`` or raises ``EditionErrors`` listing every problem with file, line and what to do.
"""
from __future__ import annotations

import gc
import re
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
from ..texts.addresses import law_anchor, law_short_path
from ..texts.align import Alignment, Word, align, align_reading, witness_words
from ..texts.datafiles import load_file
from ..texts.document import parse
from ..texts.errors import EditionError, EditionErrors, line_of, refusals
from ..texts.files import walk
from ..texts.reading import FILENAME, ReadingText, Span, html_policy_problems, parse_spans, read_text_file
from ..texts.witnesses import Witness, load_witnesses
from .checks import check_anchors, check_coverage, check_laws, check_pages_kept, check_source, check_spans
from .cite import Cited, formats
from .laws import build_laws, law_title
from .records import EditionRecord, dated, read_edition_record, work_record
from .snapshot import problems, read_all
from .types import WORKS_DATA, Edition, Page, Work

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
            named = re.match(r"\d\d-([a-z0-9-]+)\.", re.sub(r"<U\+[0-9A-F]{4,6}>", "", parts[3]))  # (files.shown)
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
    check_pages_kept(edition, slugs, errors, failed)
    check_coverage(edition, errors, failed)
    check_anchors(edition, errors)
    check_laws(edition, errors)
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
    """Once every text is read: each reference to a law checked, and Foster's Laws made, each with its
    citation, Foster's commentary and the places that cite it (edition/model/laws.py). The texts are
    written as pages by the site (edition/site/markdown.py)."""
    law_uri = {n: p.text.page_uri for n, p in edition.law_anchors().items()}
    cited_by: dict[int, list[tuple[str, str, str]]] = {}
    for page in edition.pages:
        unknown = next((ref for ref in page.document.refs if ref.law not in law_uri), None)
        if unknown is not None:
            errors.append(EditionError(page.text.path, unknown.line, f"'{unknown.words}' refers to Law "
                                       f"{unknown.law}, which the edition does not have", "check the number "
                                       "against Foster's Laws 1–77 (content/texts/foster/03-laws.md)"))
            continue
        for ref in page.document.refs:
            label = ref.label if page.text.page_uri == law_uri.get(ref.law) and ref.label.startswith("Law") \
                else f"{page.text.title} {ref.label}".strip()
            entry = (page.text.page_uri, ref.anchor, label)
            if entry not in cited_by.setdefault(ref.law, []) and ref.anchor != law_anchor(ref.law):
                cited_by[ref.law].append(entry)
    cites: dict[int, str] = {}
    sections = {b.number: b.section for p in edition.pages for b in p.document.law_blocks}
    for n, page in edition.law_anchors().items():
        cited = Cited(edition.site_url + law_short_path(n), edition.works[page.text.work].record,
                      law_title(n, sections.get(n, "")))
        edition.cite_formats[n] = formats(cited, edition.record)
        cites[n] = edition.cite_formats[n]["plain"]
    commentary: dict[int, list[tuple[str, str, str]]] = {}
    for c in edition.commentary:
        for n in c.laws:
            commentary.setdefault(n, []).append((c.page_uri, c.anchor, f"{c.page_title} {c.label}"))
    edition.laws = build_laws(edition.pages, cites, commentary, cited_by)


def _build_page(text: ReadingText, edition: Edition, errors: list[EditionError], cache: Cache) -> Page | None:
    witness = edition.witnesses.get(text.witness)
    if witness is None:
        errors.append(EditionError(text.path, 2, f"unknown witness '{text.witness}'",
                                   f"use one of {', '.join(edition.witnesses)}"))
        return None
    if not check_spans(text, text.spans, witness, errors):
        return None
    before = len(errors)
    check_source(text, errors)
    # The HTML policy on the author's text: blocks already refused (T8, an attribute list) are not judged again.
    errors.extend(html_policy_problems(text, skip={e.line for e in errors[before:] if e.line}))
    try:
        document = parse(text.body_lines, text.body_start, text.path)
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
        elif check_spans(text, text.collate_spans, other, errors):
            variants = collate(witness, text.spans, other, text.collate_spans, str(text.path), cache)
    if len(errors) > before:
        return None
    return Page(text, document, alignment, variants)


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
