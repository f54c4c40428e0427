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
from ..texts.datafiles import entry_start, field_line
from ..texts.errors import EditionError

SITUATIONS_DATA = "content/situations.yml"
FIELDS = ("slug", "question", "asked", "laws", "concordance", "terms")
ADVICE = "give each situation slug, question, laws (or concordance) and, if it has them, asked and terms, as the " \
         "file's header says"
_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Situation:
    slug: str
    question: str
    asked: tuple[str, ...] = ()
    laws: tuple[int, ...] = ()  # the first answers it
    points: tuple[str, ...] = ()  # slugs of content/concordance.yml
    terms: tuple[str, ...] = ()  # glossary slugs


def check_entry(item, laws: set[int], points: set[str], terms: set[str]) -> tuple[Situation | None, str, str, str]:
    """One entry checked: (the situation, or None with the problem, the advice and the field it is in)."""
    name = str(item.get("slug")) if isinstance(item, dict) and item.get("slug") else "a situation"
    if not isinstance(item, dict):
        return None, f"{name} is not a mapping", ADVICE, ""
    missing = [f for f in ("slug", "question") if not item.get(f)]
    unknown = sorted(str(k) for k in item if k not in FIELDS)
    if missing or unknown:
        return None, f"the situation '{name}' " + "; ".join(
            ([f"lacks {', '.join(missing)}"] if missing else [])
            + ([f"has unknown {', '.join(unknown)}"] if unknown else [])), ADVICE, ""
    if not isinstance(item["slug"], str) or not _SLUG.match(item["slug"]):
        return None, f"the slug '{name}' is not a slug", \
            "use lower-case letters, digits and hyphens: it is the situation's address (situations/#slug)", "slug"
    question = item["question"]
    if not isinstance(question, str) or not question.strip().endswith("?"):
        return None, f"the question of '{name}' is not a question", "write it as a player asks it, ending with '?'", \
            "question"
    lists = {k: item.get(k) or [] for k in ("asked", "laws", "concordance", "terms")}
    bad_list = next((k for k, v in lists.items() if not isinstance(v, list)), None)
    if bad_list:
        return None, f"the {bad_list} of '{name}' is not a list", f"write {bad_list}: [..., ...]", bad_list
    if not all(isinstance(a, str) and a.strip() for a in lists["asked"]):
        return None, f"the asked of '{name}' holds something that is not words", \
            "write each way of asking as words", "asked"
    if not lists["laws"] and not lists["concordance"]:
        return None, f"the situation '{name}' has no answer", \
            "name the laws that rule it, or the concordance's points where the authorities do", "laws"
    bad_laws = [x for x in lists["laws"] if not isinstance(x, int) or isinstance(x, bool) or x not in laws]
    if bad_laws:
        return None, f"'{name}' names law {bad_laws[0]!r}, which the edition does not have", \
            f"name laws by their number ({min(laws, default=1)} to {max(laws, default=1)})", "laws"
    bad_points = [p for p in lists["concordance"] if not isinstance(p, str) or p not in points]
    if bad_points:
        return None, f"'{name}' names the point {bad_points[0]!r}, which content/concordance.yml does not hold", \
            "name a point by its slug in content/concordance.yml", "concordance"
    bad_terms = [t for t in lists["terms"] if not isinstance(t, str) or t not in terms]
    if bad_terms:
        return None, f"'{name}' names the glossary entry {bad_terms[0]!r}, which the glossary does not have", \
            "name an entry by its slug, the anchor of its address (glossary/#exposed-cards)", "terms"
    return Situation(item["slug"], " ".join(question.split()), tuple(" ".join(a.split()) for a in lists["asked"]),
                     tuple(lists["laws"]), tuple(lists["concordance"]), tuple(lists["terms"])), "", "", ""


def build_situations(raw: str, data, laws: set[int], points: set[str],
                     terms: set[str]) -> tuple[list[Situation], list[EditionError]]:
    """The situations of content/situations.yml (*raw*, parsed as *data*), checked against the laws'
    numbers, the concordance's points and the glossary's slugs; a slug is given once."""
    if data is None:
        return [], []
    result: list[Situation] = []
    errors: list[EditionError] = []
    first: dict[str, int] = {}
    cursor = 0
    for item in data:
        at, line = entry_start(raw, cursor)
        cursor = at + 1 if at >= 0 else cursor
        situation, problem, advice, field_name = check_entry(item, laws, points, terms)
        if situation is None:
            errors.append(EditionError(SITUATIONS_DATA, field_line(raw, field_name, at, line), problem, advice))
            continue
        if situation.slug in first:
            errors.append(EditionError(SITUATIONS_DATA, line, f"the slug '{situation.slug}' is given twice "
                                       f"(first at line {first[situation.slug]})",
                                       "give each situation its own slug: it is its address"))
            continue
        first[situation.slug] = line
        result.append(situation)
    return result, errors


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
