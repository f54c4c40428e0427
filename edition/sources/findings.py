"""What the checking of the figures finds, in plain words (content/findings.yml).

*How good are the old figures?* opens with the answer: the verdicts counted, then the main
findings, each a short paragraph linked to the place where the reader sees it. The findings are
the editors' words, so they live in content/findings.yml; this module reads and checks them:

    - id: blaze                      # a slug: the finding's anchor on the page is finding-<id>
      title: Foster counts the blazes twice
      text: One paragraph of Markdown, the reader's words.
      claims: [foster-hands-blaze]   # the claims (content/claims.yml) it rests on, at least one
      where: foster/poker-hands.md#claim-foster-hands-blaze   # the page and anchor it leads to

Every bad entry stops the build naming the file, the line and what to do: a missing or unknown
field (the schema, content/schemas/findings.yml), an id that is not a slug or is given twice, a
claim that is not in claims.yml, a ``where`` that names no page of the edition (or a claim's anchor
on a page that does not hold that claim).
An anchor other than a claim's is checked by the strict build (MkDocs validates every link).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..framework.engine_calls import EngineCalls
from ..framework.source import DataFile, Files, Scope, Source
from ..texts.addresses import CONCORDANCE, DEALS, FIGURES, GLOSSARY, METHOD
from ..texts.errors import EditionError, line_of

FINDINGS_DATA = "content/findings.yml"
#: The generated pages a finding may lead to, besides the reading texts.
GENERATED_PAGES = (FIGURES, METHOD, DEALS, GLOSSARY, CONCORDANCE)
_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_WHERE = re.compile(r"^(?P<page>[a-z0-9/-]+\.md)(#(?P<anchor>[A-Za-z0-9_-]+))?$")


@dataclass(frozen=True)
class Finding:
    id: str  # a slug; the anchor finding-<id>
    title: str
    text: str  # Markdown
    claims: tuple[str, ...]  # ids of content/claims.yml
    page_uri: str  # "foster/poker-hands.md"
    anchor: str  # "claim-foster-hands-blaze", or "" for the top of the page


def build_findings(findings_file: DataFile, claims, page_uris) -> tuple[list[Finding], list[EditionError]]:
    """The findings of *findings_file*, checked against the claims and the edition's pages."""
    if not findings_file.present:
        return [], []
    raw = findings_file.raw
    try:
        data = findings_file.data
    except EditionError as e:
        return [], [e]
    claim_page = {c.id: c.page_uri for c in claims}
    pages = set(page_uris) | set(GENERATED_PAGES)
    result: list[Finding] = []
    errors: list[EditionError] = []
    seen: set[str] = set()
    cursor = 0  # where the previous finding's id stands in the file: a repeated id is found again after it
    # Each finding's shape (its fields, each of its type and not empty) is held by the schema
    # (content/schemas/findings.yml): what is checked here is what a schema cannot say.
    for item in data:
        name = item["id"]
        at = raw.find(f"id: {name}", cursor)
        cursor = at + 1 if at >= 0 else cursor
        where = raw.count("\n", 0, at) + 1 if at >= 0 else line_of(raw, "- ")

        def err(problem: str, advice: str, needle: str | None = None, where: int | None = where) -> None:
            errors.append(EditionError(FINDINGS_DATA, (needle and line_of(raw, needle)) or where, problem, advice))

        if not _SLUG.match(name):  # the schema's pattern lets "a--b" and "a-" through
            err(f"the id '{name}' is not a slug", "use lower-case letters, digits and hyphens: its anchor is "
                "finding-<id>")
            continue
        if name in seen:
            err(f"the id '{name}' is given twice", "give each finding its own id")
            continue
        seen.add(name)
        ids = item["claims"]
        unknown_claims = [c for c in ids if c not in claim_page]
        if unknown_claims:
            err(f"the finding '{name}' names {', '.join(unknown_claims)}, which content/claims.yml does not hold",
                "name claims by their id in content/claims.yml", unknown_claims[0])
            continue
        m = _WHERE.match(item["where"].strip())
        if not m or m["page"] not in pages:
            err(f"the where of '{name}' ('{item['where']}') names no page of the edition",
                "write the page's path and an anchor, e.g. foster/poker-hands.md#claim-foster-hands-blaze or "
                "figures.md#computed-two-pairs", item["where"])
            continue
        anchor = m["anchor"] or ""
        if anchor.startswith("claim-") and claim_page.get(anchor[len("claim-"):]) != m["page"]:
            err(f"the where of '{name}' leads to {anchor}, which is no claim of {m['page']}",
                "lead to a claim that the page holds (claim-<id>), or to another anchor of it", item["where"])
            continue
        result.append(Finding(name, item["title"].strip(), " ".join(item["text"].split()), tuple(ids),
                              m["page"], anchor))
    return result, errors


def build(edition: Scope, files: Files, calls: EngineCalls) -> list[EditionError]:
    edition.findings, errors = build_findings(files[FINDINGS_DATA], edition.claims,
                                              [p.text.page_uri for p in edition.pages])
    return errors


SOURCE = Source("findings", (FINDINGS_DATA,), build, shapes={FINDINGS_DATA: list}, needs=("claims",),
                gives=("findings",))
