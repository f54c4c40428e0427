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

from .engine_calls import EngineCalls
from .errors import EditionError, line_of
from .sources import DataFile, Files, Source
from .syntax import block_kind, plain_text
from .typography import curl

CONCORDANCE_DATA = "content/concordance.yml"
AUTHORITIES = ["foster", "britannica", "hoyle", "keller"]


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
    differ: str = ""


def _norm(s: str) -> str:
    """Quotations are matched after curling quotes and folding white space."""
    return re.sub(r"\s+", " ", curl(s)).strip()


def blocks_of(page) -> list[tuple[str, str, str]]:
    """(anchor, label, normalised plain text) for every block of a reading text, in order."""
    t = page.text
    result = []
    block: list[str] = []
    para = 0
    for line in t.body_lines + [""]:
        if line.strip():
            block.append(line)
            continue
        if not block:
            continue
        kind = block_kind(block)
        text = _norm(" ".join(plain_text(b) for b in block))
        if kind == "law":
            n = int(re.match(r"\{law (\d+)\}", block[0].lstrip())[1])
            result.append((f"law-{n}", f"Law {n}", text))
        elif kind in ("para", "list", "table"):
            para += 1
            result.append((f"para-{para}", f"¶{para}", text))
        else:
            result.append(("", "", text))
        block = []
    return result


def build_concordance(pages, concordance_file: DataFile) -> tuple[list[Topic], list[EditionError]]:
    if not concordance_file.present:
        return [], []
    raw = concordance_file.raw
    data = concordance_file.data or []
    by_uri = {p.text.page_uri: p for p in pages}
    blocks: dict[str, list[tuple[str, str, str]]] = {}
    errors: list[EditionError] = []
    topics: list[Topic] = []
    seen: set[str] = set()
    for item in data:
        slug = item.get("slug", "")
        if not slug or slug in seen:
            errors.append(EditionError(CONCORDANCE_DATA, line_of(raw, f"slug: {slug}"),
                                       f"topic slug '{slug}' is missing or used twice", "give each topic its own slug"))
            continue
        seen.add(slug)
        topic = Topic(slug, item["topic"], {}, item.get("agree", ""), item.get("differ", ""))
        for work, quotes in (item.get("says") or {}).items():
            if work not in AUTHORITIES:
                errors.append(EditionError(CONCORDANCE_DATA, line_of(raw, f"{work}:"),
                                           f"unknown authority '{work}' in topic '{slug}'",
                                           f"use one of {', '.join(AUTHORITIES)}"))
                continue
            for q in quotes:
                uri = f"{work}/{q['page']}.md"
                if uri not in by_uri:
                    errors.append(EditionError(CONCORDANCE_DATA, line_of(raw, f"page: {q['page']}"),
                                               f"topic '{slug}' quotes the page '{uri}', which the edition lacks",
                                               "use the slug of a reading text of that work"))
                    continue
                if uri not in blocks:
                    blocks[uri] = blocks_of(by_uri[uri])
                want = _norm(q["quote"])
                hit = next(((a, lab) for a, lab, text in blocks[uri] if want in text), None)
                if hit is None:
                    errors.append(EditionError(
                        CONCORDANCE_DATA, line_of(raw, q["quote"], 40),
                        f"topic '{slug}': the quotation \"{q['quote'][:60]}…\" is not in {uri} verbatim",
                        "copy the words exactly from the reading text (one paragraph or law at a time)"))
                    continue
                topic.quotations.setdefault(work, []).append(Quotation(work, uri, hit[0], hit[1], q["quote"].strip()))
        topics.append(topic)
    return topics, errors


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
        uri = f"foster/{item['page']}.md"
        line = line_of(raw, item["quote"], 40)
        if uri not in by_uri:
            errors.append(EditionError(COMMENTARY_DATA, line, f"no reading text '{uri}'", "use a Foster page slug"))
            continue
        want = _norm(item["quote"])
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


def build(edition, files: Files, calls: EngineCalls) -> list[EditionError]:
    edition.concordance, errors = build_concordance(edition.pages, files[CONCORDANCE_DATA])
    return errors


def build_commentary_onto(edition, files: Files, calls: EngineCalls) -> list[EditionError]:
    edition.commentary, errors = build_commentary(edition.pages, files[COMMENTARY_DATA], set(edition.law_anchors()))
    return errors


SOURCE = Source("concordance", (CONCORDANCE_DATA,), build, shapes={CONCORDANCE_DATA: list})
COMMENTARY = Source("Foster's commentary on his laws", (COMMENTARY_DATA,), build_commentary_onto,
                    shapes={COMMENTARY_DATA: list})
