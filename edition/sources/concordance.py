"""The concordance: what each authority says on one point, quoted from its reading text.

``content/concordance.yml`` holds the editors' part: the topics, for each the passages to quote
(a work, a page slug, and the exact words) and a plain statement of where the authorities agree
and where they differ. The build finds each quotation in the reading text, links it to the law or
paragraph that holds it, and stops — naming the line of concordance.yml — if the words are not
there verbatim.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..framework.engine_calls import EngineCalls
from ..framework.source import DataFile, Files, Scope, Source
from ..texts.addresses import reading_text
from ..texts.errors import EditionError, line_of
from ..texts.typography import curl
from .silence import Passage, unrecorded

CONCORDANCE_DATA = "content/concordance.yml"
#: How each authority stands to a point: states the common rule; a different rule, rank or
#: figure; rules on a case the others leave open; says nothing on it.
RELATIONS = ["agrees", "differs", "goes-further", "silent"]


@dataclass(frozen=True)
class Quotation:
    work: str
    page_uri: str
    anchor: str  # law-N, para-N or "" (a heading, list or table)
    label: str  # "Law 28", "¶3"
    text: str  # the quoted words


@dataclass
class Topic:
    slug: str
    title: str
    quotations: dict[str, list[Quotation]] = field(default_factory=dict)  # work -> quotations
    agree: str = ""
    relations: dict[str, str] = field(default_factory=dict)  # work -> one of RELATIONS
    differences: list[str] = field(default_factory=list)  # of substance, one sentence each
    coverage: list[str] = field(default_factory=list)  # of coverage, detail or wording, one sentence each
    treats_if: list[str] = field(default_factory=list)  # words that would show an authority treats the point
    not_about: list[Passage] = field(default_factory=list)  # passages holding those words, and why not

    @property
    def kind(self) -> str:
        """"substance" (a real difference), "coverage" (of coverage or wording only) or "agreement"."""
        return "substance" if self.differences else "coverage" if self.coverage else "agreement"


def norm(s: str) -> str:
    """Quotations are matched after curling quotes and folding white space."""
    return re.sub(r"\s+", " ", curl(s)).strip()


def blocks_of(page) -> list[tuple[str, str, str]]:
    """(anchor, label, normalised plain text) for every block of a reading text, in order, numbered
    by the edition's one rule: its parsed document's (edition/texts/document.py)."""
    return [(b.anchor, b.label, b.text) for b in page.document.blocks]


#: What find_quotation gives when the page is not a reading text of the edition, or the words are
#: not in it word for word.
NO_PAGE, NOT_VERBATIM = "no such page", "not verbatim"


def find_quotation(by_uri: dict, blocks: dict[str, list[tuple[str, str, str]]], work: str, page: str,
                   quote: str) -> Quotation | str:
    """The quotation *quote* of *work*'s reading text *page* (a page slug: "laws", "poker"), found word
    for word in one block of it (a law, a paragraph, a list or a table; quotes curled and white space
    folded on both sides) and linked to that block; or NO_PAGE or NOT_VERBATIM. *by_uri* maps each
    reading text's address to its page; *blocks* keeps each page's blocks once read (the concordance,
    the situations and the glossary's passages share this one finder)."""
    uri = reading_text(work, page)
    if uri not in by_uri:
        return NO_PAGE
    if uri not in blocks:
        blocks[uri] = blocks_of(by_uri[uri])
    want = norm(quote)
    hit = next(((a, lab) for a, lab, text in blocks[uri] if want in text), None) if want else None
    if hit is None:
        return NOT_VERBATIM
    return Quotation(work, uri, hit[0], hit[1], quote.strip())


def build_concordance(pages, concordance_file: DataFile,
                      authorities: dict[str, str]) -> tuple[list[Topic], list[EditionError]]:
    """The points of content/concordance.yml, each quotation found in its reading text; *authorities*
    are the works quoted (slug -> the short name by which sentences name it: content/works.yml)."""
    if not concordance_file.present:
        return [], []
    raw = concordance_file.raw
    data = concordance_file.data or []
    by_uri = {p.text.page_uri: p for p in pages}
    blocks: dict[str, list[tuple[str, str, str]]] = {}
    errors: list[EditionError] = []
    topics: list[Topic] = []
    seen: set[str] = set()
    for item in data:  # each point's fields and their types are its schema's
        slug = item["slug"]
        if slug in seen:
            errors.append(EditionError(CONCORDANCE_DATA, line_of(raw, f"slug: {slug}"),
                                       f"topic slug '{slug}' is used twice", "give each topic its own slug"))
            continue
        seen.add(slug)
        before = len(errors)
        topic = Topic(slug, item["topic"], {}, item.get("agree", ""), dict(item.get("relations") or {}),
                      list(item.get("differences") or []), list(item.get("coverage") or []),
                      list(item.get("treats_if") or []))
        for work, quotes in (item.get("says") or {}).items():
            if work not in authorities:
                errors.append(EditionError(CONCORDANCE_DATA, line_of(raw, f"{work}:"),
                                           f"unknown authority '{work}' in topic '{slug}'",
                                           f"use one of {', '.join(authorities)} (the works marked "
                                           "'authority: true' in content/works.yml)"))
                continue
            for q in quotes:
                found = find_quotation(by_uri, blocks, work, q["page"], q["quote"])
                if found == NO_PAGE:
                    errors.append(EditionError(CONCORDANCE_DATA, line_of(raw, f"page: {q['page']}"),
                                               f"topic '{slug}' quotes the page '{reading_text(work, q['page'])}', "
                                               "which the edition lacks",
                                               "use the slug of a reading text of that work"))
                    continue
                if found == NOT_VERBATIM:
                    errors.append(EditionError(
                        CONCORDANCE_DATA, line_of(raw, q["quote"], 40),
                        f"topic '{slug}': the quotation \"{q['quote'][:60]}…\" is not in "
                        f"{reading_text(work, q['page'])} verbatim",
                        "copy the words exactly from the reading text (one paragraph or law at a time)"))
                    continue
                topic.quotations.setdefault(work, []).append(found)
        if len(errors) > before:  # a quotation not found: its relation cannot be judged yet
            topics.append(topic)
            continue
        errors += relation_errors(topic, raw, authorities)
        for n in item.get("not_about") or []:
            uri = reading_text(n["work"], n["page"])
            if uri not in by_uri:
                errors.append(EditionError(CONCORDANCE_DATA, line_of(raw, f"page: {n['page']}"),
                                           f"topic '{slug}': a not_about entry names the page '{uri}', which the "
                                           "edition lacks", "name the passage by a work and a page of it"))
                continue
            topic.not_about.append(Passage(n["work"], uri, norm(n["quote"]), n["why"]))
        errors += silence_errors(topic, raw, by_uri, blocks, authorities)
        topics.append(topic)
    return topics, errors


def relation_errors(topic: Topic, raw: str, authorities: dict[str, str]) -> list[EditionError]:
    """Each authority's relation is stated, silent exactly where nothing is quoted, and each
    difference is one sentence naming the authorities; an authority that differs is named in one."""
    line = line_of(raw, f"slug: {topic.slug}")
    found = []
    for work in topic.relations:
        if work not in authorities:
            found.append((f"gives a relation to '{work}', which is no authority",
                          f"give relations to the authorities only: {', '.join(authorities)} (the works marked "
                          "'authority: true' in content/works.yml)"))
    for work, name in authorities.items():
        rel = topic.relations.get(work)
        if rel is None:
            found.append((f"gives {name} no relation",
                          f"give {work} one of {', '.join(RELATIONS)} under relations (quoting what it says, "
                          "or, if silent, with the words that would show it treats the point under treats_if)"))
        elif rel not in RELATIONS:
            found.append((f"gives {name} the relation {rel!r}",
                          f"give every authority one of {', '.join(RELATIONS)} under relations"))
        elif (rel == "silent") != (work not in topic.quotations):
            found.append((f"calls {name} {rel} but quotes "
                          f"{'it' if work in topic.quotations else 'nothing of it'}",
                          "quote an authority that is not silent, and call one silent only when nothing is quoted"))
        elif rel == "differs" and not any(name in d for d in topic.differences):
            found.append((f"calls {name} different but no sentence under differences names it",
                          "state the difference, naming the authority, or change the relation"))
    if topic.differences and "differs" not in topic.relations.values():
        found.append(("states differences of substance but calls no authority different",
                      "mark the authorities that differ, or move the sentences to coverage"))
    for sentence in topic.differences + topic.coverage:
        if not any(name in sentence for name in authorities.values()):
            found.append((f"the statement \"{sentence[:50]}…\" names no authority", "name the authorities"))
        elif re.search(r"[.!?][’”']?\s+[A-Z]", sentence):
            found.append((f"the statement \"{sentence[:50]}…\" is more than one sentence",
                          "give each difference its own sentence"))
    return [EditionError(CONCORDANCE_DATA, line, f"topic '{topic.slug}' {what}", todo) for what, todo in found]


def silence_errors(topic: Topic, raw: str, by_uri, blocks, authorities: dict[str, str]) -> list[EditionError]:
    """A silent authority's reading texts hold none of the point's words, except in a passage the
    point records as not about it (edition/sources/silence.py); a record that no longer applies is an error too."""
    line = line_of(raw, f"slug: {topic.slug}")
    silent = [w for w in authorities if topic.relations.get(w) == "silent" and w not in topic.quotations]
    if silent and not topic.treats_if:
        return [EditionError(CONCORDANCE_DATA, line, f"topic '{topic.slug}' calls an authority silent but names "
                             "no words under treats_if", "list the words that would show an authority treats it")]
    errors = []
    for work in silent:
        texts = []
        for uri, page in by_uri.items():
            if uri.startswith(f"{work}/"):
                if uri not in blocks:
                    blocks[uri] = blocks_of(page)
                texts.append((uri, page.text.title, blocks[uri]))
        found, stale = unrecorded(topic.treats_if, texts, [p for p in topic.not_about if p.work == work])
        for uri, title, label, word, excerpt in found:
            errors.append(EditionError(
                CONCORDANCE_DATA, line,
                f"topic '{topic.slug}' calls {authorities[work]} silent, but {uri} ({title}, {label or 'a heading'}) "
                f"has \"{word}\": “…{excerpt}…”",
                "quote the passage under says (and give the relation), or record under not_about "
                "(work, page, quote, why) why it is not about the point"))
        for p in stale:
            errors.append(EditionError(CONCORDANCE_DATA, line,
                                       f"topic '{topic.slug}': the not_about passage “{p.quote[:50]}…” in {p.page_uri} "
                                       "is not there or holds none of the treats_if words",
                                       "copy the words exactly from the passage, or remove the entry"))
    return errors


COMMENTARY_DATA = "content/commentary.yml"


@dataclass(frozen=True)
class Commentary:
    """A paragraph of Foster's own commentary that discusses some of his laws."""

    page_uri: str
    page_title: str
    anchor: str
    label: str
    laws: tuple[int, ...]


def build_commentary(pages, commentary_file: DataFile, laws: set[int]) -> tuple[list[Commentary], list[EditionError]]:
    """Read content/commentary.yml: each entry names a paragraph by a quotation from it."""
    if not commentary_file.present:
        return [], []
    raw = commentary_file.raw
    by_uri = {p.text.page_uri: p for p in pages}
    blocks: dict[str, list[tuple[str, str, str]]] = {}
    result, errors = [], []
    for item in commentary_file.data or []:
        uri = reading_text("foster", item['page'])
        line = line_of(raw, item["quote"], 40)
        if uri not in by_uri:
            errors.append(EditionError(COMMENTARY_DATA, line, f"no reading text '{uri}'", "use a Foster page slug"))
            continue
        want = norm(item["quote"])
        if uri not in blocks:
            blocks[uri] = blocks_of(by_uri[uri])
        hit = next(((a, lab) for a, lab, text in blocks[uri] if a and want in text), None)
        if hit is None:
            errors.append(EditionError(COMMENTARY_DATA, line, f"the quotation \"{item['quote'][:60]}…\" is not in "
                                       f"{uri} verbatim", "copy the words exactly from one paragraph"))
            continue
        unknown = [n for n in item["laws"] if n not in laws]
        if unknown:
            errors.append(EditionError(COMMENTARY_DATA, line, f"unknown law number(s) {unknown}",
                                       "use Foster's law numbers 1-77"))
            continue
        result.append(Commentary(uri, by_uri[uri].text.title, hit[0], hit[1], tuple(item["laws"])))
    return result, errors


def build(edition: Scope, files: Files, calls: EngineCalls) -> list[EditionError]:
    edition.concordance, errors = build_concordance(edition.pages, files[CONCORDANCE_DATA], edition.authorities)
    return errors


LAW_CASES_DATA = "content/law-cases.yml"


def law_case_errors(pages, cases_file: DataFile, commentary: list[Commentary],
                    commentary_file: DataFile, all_laws: set[int]) -> list[EditionError]:
    """Commentary linked both ways: every paragraph of Foster's chapters that names a law's case (by
    the words of content/law-cases.yml) is linked to one of the case's laws in commentary.yml, or
    the case records why it only mentions them (`passing`). Every law of *all_laws* belongs to a
    case (once the file defines any), so that a law left without commentary is one whose case no
    paragraph names."""
    if not cases_file.present or not commentary_file.present:
        return []
    raw, data = cases_file.raw, cases_file.data or {}
    skipped = {reading_text("foster", slug) for slug in data.get("not_searched") or []}
    texts = [(p.text.page_uri, p.text.title, blocks_of(p)) for p in pages
             if p.text.page_uri.startswith("foster/") and p.text.page_uri not in skipped]
    linked_blocks: dict[tuple[str, str], set[int]] = {}  # (page, anchor) -> laws linked to it
    for c in commentary:
        linked_blocks.setdefault((c.page_uri, c.anchor), set()).update(c.laws)
    errors = []
    uncased = set(all_laws) if data.get("cases") else set()
    for case in data.get("cases") or []:  # each with laws and words (its schema)
        line = line_of(raw, f"case: {case['case']}")
        laws = set(case["laws"])
        if laws - all_laws:
            errors.append(EditionError(LAW_CASES_DATA, line, f"the case '{case['case']}' names unknown law number(s) "
                                       f"{sorted(laws - all_laws)}", "use the numbers of Foster's laws"))
            continue
        uncased -= laws
        # A paragraph linked to one of the case's laws is accounted for; so is one recorded as passing.
        recorded = [Passage("foster", uri, text, "linked") for uri, _, blocks in texts for a, _, text in blocks
                    if laws & linked_blocks.get((uri, a), set())]
        passing = [Passage("foster", reading_text("foster", n["page"]), norm(n["quote"]), n["why"])
                   for n in case.get("passing") or []]
        found, stale = unrecorded(case["words"], [(u, t, [b for b in blocks if b[0]]) for u, t, blocks in texts],
                                  recorded + passing)
        for uri, title, label, word, excerpt in found:
            errors.append(EditionError(
                LAW_CASES_DATA, line,
                f"{uri} ({title}, {label}) names the case '{case['case']}' (\"{word}\": “…{excerpt}…”) but "
                f"content/commentary.yml does not link it to Law {' or '.join(str(n) for n in sorted(laws))}",
                "link the paragraph in commentary.yml, or record under the case's passing why it only mentions it"))
        for p in stale:
            if p in passing:
                errors.append(EditionError(LAW_CASES_DATA, line_of(raw, p.quote[:40], 40) or line,
                                           f"the passing record “{p.quote[:50]}…” of the case '{case['case']}' matches "
                                           f"no paragraph of {p.page_uri} holding the case's words",
                                           "copy the words exactly from the paragraph, or remove the record"))
    if uncased:
        at = next((n for n, text in enumerate(raw.splitlines(), 1) if text.startswith("cases:")), None)
        errors.append(EditionError(LAW_CASES_DATA, at,
                                   f"no case names Law {', '.join(str(n) for n in sorted(uncased))}",
                                   "give every law a case, with the words that would show a paragraph discusses it"))
    return errors


def build_commentary_onto(edition: Scope, files: Files, calls: EngineCalls) -> list[EditionError]:
    laws = set(edition.law_anchors())
    edition.commentary, errors = build_commentary(edition.pages, files[COMMENTARY_DATA], laws)
    cases = files[LAW_CASES_DATA].data if files[LAW_CASES_DATA].present else None
    edition.laws_with_a_case = {n for case in (cases or {}).get("cases") or [] for n in case.get("laws") or []} & laws
    return errors + law_case_errors(edition.pages, files[LAW_CASES_DATA], edition.commentary, files[COMMENTARY_DATA],
                                    laws)


SOURCE = Source("concordance", (CONCORDANCE_DATA,), build, shapes={CONCORDANCE_DATA: list}, gives=("concordance",))
COMMENTARY = Source("Foster's commentary on his laws", (COMMENTARY_DATA, LAW_CASES_DATA), build_commentary_onto,
                    shapes={COMMENTARY_DATA: list, LAW_CASES_DATA: dict}, gives=("commentary", "laws_with_a_case"))
