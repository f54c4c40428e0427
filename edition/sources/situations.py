"""Situations at the table (content/situations.yml), for the page "What is the rule when…".

Each situation is a question a player asks in the middle of a hand ("What if a card is exposed
while the cards are dealt?"), with other ways players put it, the laws that rule it (the first
answers it), the points of the concordance that give the other authorities' rule, and the glossary
entries involved:

    - slug: card-exposed-in-the-deal       # its address: situations/#card-exposed-in-the-deal
      question: What if a card is exposed while the cards are dealt?
      asked: [a card turned face up as it was dealt]   # optional
      laws: [19, 15]
      concordance: [card-exposed-in-the-deal]          # optional
      terms: [exposed-cards]                            # optional

The questions are the editors' words; the answers are the texts', quoted by the page from the
laws and the concordance. Every bad entry stops the build naming the file, the line and what to
do: a missing or unknown field, a slug that is not a slug or is given twice, a question that is no
question, a situation with no answer (neither a law nor a point), a law, point or glossary entry
that does not exist.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..framework.engine_calls import EngineCalls
from ..framework.source import Files, Scope, Source
from ..texts.datafiles import Checked, checked_entries
from ..texts.errors import EditionError

SITUATIONS_DATA = "content/situations.yml"
_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Situation:
    slug: str
    question: str
    asked: tuple[str, ...] = ()
    laws: tuple[int, ...] = ()  # the first answers it
    points: tuple[str, ...] = ()  # slugs of content/concordance.yml
    terms: tuple[str, ...] = ()  # glossary slugs


def check_entry(item: dict, laws: set[int], points: set[str], terms: set[str]) -> Checked:
    """One entry checked, its shape already held by the schema (content/schemas/situations.yml: the
    fields, their types, slug and question present): (the situation, or None with the problem, the
    advice and the field it is in)."""
    name = item["slug"]
    if not _SLUG.match(name):  # the schema's pattern lets "a--b" and "a-" through
        return None, f"the slug '{name}' is not a slug", \
            "use lower-case letters, digits and hyphens: it is the situation's address (situations/#slug)", "slug"
    question = item["question"]
    if not question.strip().endswith("?"):
        return None, f"the question of '{name}' is not a question", "write it as a player asks it, ending with '?'", \
            "question"
    lists = {k: item.get(k) or [] for k in ("asked", "laws", "concordance", "terms")}
    if not all(a.strip() for a in lists["asked"]):
        return None, f"the asked of '{name}' holds something that is not words", \
            "write each way of asking as words", "asked"
    if not lists["laws"] and not lists["concordance"]:
        return None, f"the situation '{name}' has no answer", \
            "name the laws that rule it, or the concordance's points where the authorities do", "laws"
    bad_laws = [x for x in lists["laws"] if x not in laws]
    if bad_laws:
        return None, f"'{name}' names law {bad_laws[0]!r}, which the edition does not have", \
            f"name laws by their number ({min(laws, default=1)} to {max(laws, default=1)})", "laws"
    bad_points = [p for p in lists["concordance"] if p not in points]
    if bad_points:
        return None, f"'{name}' names the point {bad_points[0]!r}, which content/concordance.yml does not hold", \
            "name a point by its slug in content/concordance.yml", "concordance"
    bad_terms = [t for t in lists["terms"] if t not in terms]
    if bad_terms:
        return None, f"'{name}' names the glossary entry {bad_terms[0]!r}, which the glossary does not have", \
            "name an entry by its slug, the anchor of its address (glossary/#exposed-cards)", "terms"
    return Situation(name, " ".join(question.split()), tuple(" ".join(a.split()) for a in lists["asked"]),
                     tuple(lists["laws"]), tuple(lists["concordance"]), tuple(lists["terms"])), "", "", ""


def build_situations(raw: str, data: list, laws: set[int], points: set[str],
                     terms: set[str]) -> tuple[list[Situation], list[EditionError]]:
    """The situations of content/situations.yml (*raw*, parsed as *data*), checked against the laws'
    numbers, the concordance's points and the glossary's slugs; a slug is given once."""
    return checked_entries(SITUATIONS_DATA, raw, data, lambda item: check_entry(item, laws, points, terms),
                           lambda situation: situation.slug,
                           lambda situation, first: (f"the slug '{situation.slug}' is given twice (first at line "
                                                     f"{first})",
                                                     "give each situation its own slug: it is its address"))


def build(edition: Scope, files: Files, calls: EngineCalls) -> list[EditionError]:
    file = files[SITUATIONS_DATA]
    try:
        data = file.data
    except EditionError as e:
        return [e]
    edition.situations, errors = build_situations(file.raw, data, set(edition.law_anchors()),
                                                  {t.slug for t in edition.concordance},
                                                  {e.slug for e in edition.glossary})
    return errors


SOURCE = Source("situations", (SITUATIONS_DATA,), build, shapes={SITUATIONS_DATA: list},
                needs=("glossary", "concordance"), gives=("situations",))
