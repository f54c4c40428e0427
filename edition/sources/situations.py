"""Situations at the table (content/situations.yml): the questions players ask in the middle of a hand,
each answered by the law that decides it, for the page "What is the rule when…", the guided page
"What happened?" and each situation's own page.

The file is a mapping of three parts (its header gives every field):

    phases:                      # the phases of play, in order: the guided page's first choice
      - {slug: draw, title: The draw, intro: "..."}
    situations:                  # the questions, each in one phase
      - slug: card-exposed-in-the-draw        # its permanent address
        phase: draw
        question: What if a card is exposed in the draw?
        happened: A card was turned up in the draw        # the guided page's label
        asked: [the dealer flipped my draw card, ...]     # a player's other words for it (searched)
        laws: [43, 42]                        # Foster's laws, the one that answers it first
        decides: "the player cannot take it"  # the first law's deciding words, word for word in it
        when: [{law: 20, if: "..."}, ...]     # optional: which of two answering laws applies when
        answer: [{page: disputed-rules, quote: "..."}]   # optional: Foster's own words beyond his laws
        authorities:                          # every other authority's relation to this question
          britannica: {relation: agrees, quotes: [{page: poker, quote: "..."}]}
          hoyle: {relation: silent}
          keller: {relation: silent}
        concordance: [card-exposed-in-the-draw]   # optional: the concordance's points, for a link
        terms: [exposed-cards]                    # optional: glossary entries
    not_at_the_table:            # the laws that decide no question at the table, each with why
      - {law: 8, reason: "..."}

The questions, the labels and the phrasings are the editors' words; the answers are the texts',
and the build finds each of them word for word (the concordance's one quotation finder). It stops,
naming the file, the line and what to do, on: a missing or unknown field; a slug given twice; a
question that is no question; a phase the file does not list; a law, point or glossary entry that
does not exist; deciding words that are not in the law; a `when` naming a law the situation does
not; an authority missing, unknown, or the law's own work; a relation other than `silent` without a
quotation, or `silent` with one, or `silent` where a point the situation names quotes that authority
and no note says why that passage does not answer this question; a quotation not in that
authority's reading text word for word; and, over the file, a law that answers no situation and is
not listed under not_at_the_table, or one that is both (every law of the work that numbers laws:
`laws:` in content/works.yml).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..framework.engine_calls import EngineCalls
from ..framework.source import Files, Scope, Source
from ..texts.errors import EditionError
from ..texts.schemas import Tree
from .concordance import NO_PAGE, NOT_VERBATIM, RELATIONS, Quotation, blocks_of, find_quotation, norm

SITUATIONS_DATA = "content/situations.yml"
_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Phase:
    """A phase of play: the guided page's first choice ("The draw")."""

    slug: str
    title: str
    intro: str  # one plain line under the title


@dataclass(frozen=True)
class When:
    """Which of a situation's answering laws applies, and when ("if the hand was lifted or looked at")."""

    law: int
    condition: str  # the file's `if`


@dataclass(frozen=True)
class Stance:
    """One other authority on the question asked: its relation to the answer, and the words that show it."""

    work: str  # its slug in content/works.yml
    name: str  # its short name: "Britannica"
    relation: str  # one of concordance.RELATIONS: agrees, differs, goes-further, silent
    quotes: tuple[Quotation, ...] = ()  # none when silent
    note: str = ""  # one sentence, where the quotation needs it


@dataclass(frozen=True)
class Situation:
    slug: str
    question: str
    asked: tuple[str, ...] = ()
    laws: tuple[int, ...] = ()  # the first answers it
    points: tuple[str, ...] = ()  # slugs of content/concordance.yml (the file's `concordance`)
    terms: tuple[str, ...] = ()  # glossary slugs
    phase: str = ""  # a Phase's slug
    happened: str = ""  # what happened, as the guided page lists it
    decides: str = ""  # the words of the first law that decide it, as the law prints them
    when: tuple[When, ...] = ()  # which answering law applies when, for a question two laws answer
    # The author's own words outside his laws (his Disputed Rules, his Description) that answer the
    # question where no law does, or complete the laws' answer (the uncontested opener shows his whole hand).
    answer: tuple[Quotation, ...] = ()
    authorities: tuple[Stance, ...] = ()  # every other authority, in the order of content/works.yml

    @property
    def answering(self) -> tuple[int, ...]:
        """The laws that answer it: the first law, and each law a `when` names."""
        return tuple(dict.fromkeys(self.laws[:1] + tuple(w.law for w in self.when)))


@dataclass(frozen=True)
class NotAtTheTable:
    """A law that decides no question at the table, and why (a definition, a matter of agreement …)."""

    law: int
    reason: str


@dataclass
class _Context:
    """What the checks read: the file's text and tree, the edition's laws, points, terms and texts."""

    raw: str
    laws: set[int]
    law_blocks: dict[int, str]  # law -> its plain text, as the quotation finder reads it
    principal: str  # the work whose laws answer (the one that numbers laws)
    principal_name: str  # its short name: "Foster"
    others: dict[str, str]  # the other authorities: slug -> short name, in the order of works.yml
    points: dict[str, set[str]]  # concordance point -> the works it quotes
    terms: set[str]
    by_uri: dict
    blocks: dict
    _tree: Tree | None = None

    def line(self, *path) -> int | None:
        """The line of the value at *path* in the file (composed only when a problem is to be placed)."""
        if self._tree is None:
            self._tree = Tree(self.raw, 1)
        key, node = self._tree.nodes(path)
        return self._tree.line(key if key is not None and not isinstance(path[-1], int) else node)

    def error(self, path: tuple, problem: str, advice: str) -> EditionError:
        return EditionError(SITUATIONS_DATA, self.line(*path), problem, advice)


def _text(value) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def _is_law(x: int, laws: set[int]) -> bool:
    return x in laws  # the schema has made it a whole number (true and false are not)


def check_phases(data, ctx: _Context) -> tuple[list[Phase], list[EditionError]]:
    phases, errors, seen = [], [], set()
    for i, item in enumerate(data or []):
        slug = item["slug"]
        if slug in seen:
            errors.append(ctx.error(("phases", i, "slug"), f"the phase '{slug}' is given twice",
                                    "give each phase its own slug"))
            continue
        seen.add(slug)
        phases.append(Phase(slug, _text(item["title"]), _text(item["intro"])))
    return phases, errors


def _quotations(quotes, work: str, ctx: _Context, path: tuple,
                whose: str) -> tuple[list[Quotation], list[EditionError]]:
    found, errors = [], []
    for j, q in enumerate(quotes or []):
        hit = find_quotation(ctx.by_uri, ctx.blocks, work, q["page"], q["quote"])
        if hit == NO_PAGE:
            errors.append(ctx.error(path + (j, "page"), f"{whose} quotes the page '{work}/{q['page']}', which "
                                    "the edition lacks", f"name a reading text of {work} by its slug (the file name "
                                    "without its number and .md)"))
        elif hit == NOT_VERBATIM:
            errors.append(ctx.error(path + (j, "quote"), f"{whose}: the quotation \"{_text(q['quote'])[:60]}…\" "
                                    f"is not in {work}/{q['page']}/ word for word",
                                    "copy the words exactly from the reading text (one paragraph or law at a time)"))
        else:
            found.append(hit)
    return found, errors


def _stances(item, name: str, ctx: _Context, at: tuple) -> tuple[list[Stance], list[EditionError]]:
    given = item.get("authorities") or {}
    errors: list[EditionError] = []
    for work in given:
        if work not in ctx.others:
            why = ("its law answers the question" if work == ctx.principal else "it is no other authority")
            errors.append(ctx.error(at + ("authorities", work), f"'{name}' gives a relation to '{work}': {why}",
                                    f"give the relation of each other authority only: {', '.join(ctx.others)} "
                                    "(the works marked 'authority: true' in content/works.yml)"))
    missing = [w for w in ctx.others if w not in given]
    if missing:
        errors.append(ctx.error(at + ("authorities",) if given else at + ("slug",),
                                f"'{name}' gives {', '.join(ctx.others[w] for w in missing)} no relation to the "
                                "question", f"give each of {', '.join(ctx.others)} its relation "
                                f"({', '.join(RELATIONS)}) to the question asked, with the passage that shows it"))
    stances = []
    for work, short in ctx.others.items():
        entry = given.get(work)
        if entry is None:  # said above
            continue
        path = at + ("authorities", work)
        relation, quotes, note = entry["relation"], entry.get("quotes") or [], _text(entry.get("note"))
        if relation != "silent" and not quotes:
            errors.append(ctx.error(path + ("relation",), f"'{name}' calls {short} '{relation}' on the question but "
                                    "quotes nothing", f"quote the passage of {short} that shows it {relation} (page "
                                    "and words), or call it silent"))
            continue
        if relation == "silent" and quotes:
            errors.append(ctx.error(path + ("quotes",), f"'{name}' calls {short} silent on the question but quotes it",
                                    "give the relation the quotation shows (agrees, differs, goes-further), or "
                                    "drop the quotation"))
            continue
        quoted_by = [p for p in (item.get("concordance") or []) if work in ctx.points.get(p, set())]
        if relation == "silent" and quoted_by and not note:
            errors.append(ctx.error(path + ("relation",), f"'{name}' calls {short} silent, but the concordance's point "
                                    f"'{quoted_by[0]}' it names quotes {short}", "quote the passage with its relation "
                                    "to this question, or say in a note why it does not answer this question"))
            continue
        found, problems = _quotations(quotes, work, ctx, path + ("quotes",), f"'{name}', {short}")
        errors += problems
        if not problems:
            stances.append(Stance(work, short, relation, tuple(found), note))
    return stances, errors


def check_situation(item, phases: set[str], ctx: _Context, i: int) -> tuple[Situation | None, list[EditionError]]:
    """One situation checked: the situation, or None and what is wrong with it (its shape is the schema's)."""
    at = ("situations", i)
    name = item["slug"]
    errors: list[EditionError] = []

    def wrong(field: str, problem: str, advice: str, *deeper) -> None:
        errors.append(ctx.error(at + (field,) + deeper, problem, advice))

    if not _SLUG.match(name):
        wrong("slug", f"the slug '{name}' is not a slug",
              "use lower-case letters, digits and single hyphens: it is the situation's address")
    if not _text(item["question"]).endswith("?"):
        wrong("question", f"the question of '{name}' is not a question",
              "write it as a player asks it, ending with '?'")
    if item["phase"] not in phases:
        wrong("phase", f"'{name}' is in the phase '{item['phase']}', which the file's phases do not list",
              f"name one of the phases: {', '.join(sorted(phases))}")
    laws = item.get("laws") or []
    for k, n in enumerate(laws):
        if not _is_law(n, ctx.laws):
            wrong("laws", f"'{name}' names law {n!r}, which the edition does not have",
                  f"name laws by their number ({min(ctx.laws, default=1)} to {max(ctx.laws, default=1)})", k)
    if len(set(laws)) != len(laws):
        wrong("laws", f"'{name}' names a law twice", "name each law once, the one that answers first")
    answer: list[Quotation] = []
    if not laws and not item.get("answer"):
        wrong("slug", f"the situation '{name}' has no answer",
              f"name the laws that decide it, or quote under answer the words of {ctx.principal_name} that do")
    elif item.get("answer"):
        answer, problems = _quotations(item["answer"], ctx.principal, ctx, at + ("answer",), f"'{name}', its answer")
        errors += problems
    decides = _text(item.get("decides"))
    if laws and not decides:
        wrong("slug", f"'{name}' does not say which words of Law {laws[0]} decide it",
              f"quote under decides the words of Law {laws[0]} that decide the question (the whole law if need be)")
    elif laws and _is_law(laws[0], ctx.laws) and norm(decides) not in ctx.law_blocks.get(laws[0], ""):
        wrong("decides", f"the deciding words of '{name}' are not in Law {laws[0]} word for word",
              f"copy them exactly from Law {laws[0]}")
    elif decides and not laws:
        wrong("decides", f"'{name}' quotes deciding words but names no law", "drop decides, or name the law")
    when = [When(w["law"], _text(w["if"])) for w in item.get("when") or []]
    for k, w in enumerate(when):
        if w.law not in laws:
            wrong("when", f"'{name}' says when Law {w.law} applies, but does not name it among its laws",
                  "add the law to laws, or correct the number", k, "law")
    if when and (len({w.law for w in when}) != len(when) or len(when) < 2):
        wrong("when", f"'{name}' gives a when for fewer than two laws, or for one law twice",
              "give when only for a question two or more laws answer: each law once, with when it applies")
    for k, p in enumerate(item.get("concordance") or []):
        if p not in ctx.points:
            wrong("concordance", f"'{name}' names the point '{p}', which content/concordance.yml does not hold",
                  "name a point by its slug in content/concordance.yml", k)
    for k, t in enumerate(item.get("terms") or []):
        if t not in ctx.terms:
            wrong("terms", f"'{name}' names the glossary entry '{t}', which the glossary does not have",
                  "name an entry by its slug, the anchor of its address (glossary/#exposed-cards)", k)
    stances, problems = _stances(item, name, ctx, at)
    errors += problems
    if errors:
        return None, errors
    return Situation(name, _text(item["question"]), tuple(_text(a) for a in item.get("asked") or []), tuple(laws),
                     tuple(item.get("concordance") or []), tuple(item.get("terms") or []), item["phase"],
                     _text(item["happened"]), decides, tuple(when), tuple(answer), tuple(stances)), []


def check_not_at_the_table(data, ctx: _Context) -> tuple[list[NotAtTheTable], list[EditionError]]:
    result, errors, seen = [], [], set()
    for i, item in enumerate(data or []):
        law = item["law"]
        if not _is_law(law, ctx.laws):
            errors.append(ctx.error(("not_at_the_table", i, "law"), f"not_at_the_table names law {law!r}, which the "
                                    "edition does not have", f"name laws by their number ({min(ctx.laws, default=1)} "
                                    f"to {max(ctx.laws, default=1)})"))
            continue
        if law in seen:
            errors.append(ctx.error(("not_at_the_table", i, "law"), f"not_at_the_table names Law {law} twice",
                                    "give each law once, with its reason"))
            continue
        seen.add(law)
        result.append(NotAtTheTable(law, _text(item["reason"])))
    return result, errors


def coverage_errors(situations: list[Situation], aside: list[NotAtTheTable], count: int | None,
                    ctx: _Context) -> list[EditionError]:
    """Every law of the work that numbers them (1 to *count*) answers a situation or is set aside, not both."""
    answering = {n for s in situations for n in s.answering}
    errors = []
    for i, entry in enumerate(aside):
        if entry.law in answering:
            first = next(s.slug for s in situations if entry.law in s.answering)
            errors.append(ctx.error(("not_at_the_table", i, "law"), f"Law {entry.law} is said to decide no question "
                                    f"at the table, but it answers the situation '{first}'",
                                    "remove it from not_at_the_table, or give that situation another answering law"))
    uncovered = [n for n in range(1, (count or 0) + 1) if n not in answering and n not in {e.law for e in aside}]
    if uncovered:
        errors.append(ctx.error(("not_at_the_table",), f"Law {', '.join(map(str, uncovered))} "
                                f"{'answers' if len(uncovered) == 1 else 'answer'} no situation and "
                                f"{'is' if len(uncovered) == 1 else 'are'} not listed under not_at_the_table",
                                "write the situation the law decides (its answering law first), or list the law "
                                "under not_at_the_table with the reason it decides no question at the table"))
    return errors


def build_situations(raw: str, data, ctx: _Context,
                     count: int | None) -> tuple[list[Phase], list[Situation], list[NotAtTheTable], list[EditionError]]:
    """The phases, situations and laws set aside of content/situations.yml (*raw*, parsed as *data*),
    checked against the edition (*ctx*); *count* is how many laws the principal work numbers."""
    if not data:
        return [], [], [], []
    phases, errors = check_phases(data.get("phases"), ctx)
    situations: list[Situation] = []
    first: dict[str, int] = {}
    for i, item in enumerate(data.get("situations") or []):
        situation, problems = check_situation(item, {p.slug for p in phases}, ctx, i)
        if item["slug"] in first:
            at = ctx.line("situations", first[item["slug"]], "slug")
            problems = [ctx.error(("situations", i, "slug"), f"the slug '{item['slug']}' is given twice (first at "
                                  f"line {at})", "give each situation its own slug: it is its address")]
            situation = None
        first.setdefault(item["slug"], i)
        errors += problems
        if situation is not None:
            situations.append(situation)
    aside, problems = check_not_at_the_table(data.get("not_at_the_table"), ctx)
    errors += problems
    if not errors:
        errors += coverage_errors(situations, aside, count, ctx)
    return phases, situations, aside, errors


def build(edition: Scope, files: Files, calls: EngineCalls) -> list[EditionError]:
    file = files[SITUATIONS_DATA]
    try:
        data = file.data
    except EditionError as e:
        return [e]
    anchors = edition.law_anchors()
    principal = next((w for w in edition.works.values() if w.laws), None)
    law_blocks = {n: text for n, page in anchors.items() for a, _l, text in blocks_of(page) if a == f"law-{n}"}
    ctx = _Context(file.raw, set(anchors), law_blocks, principal.slug if principal else "",
                   principal.short_name if principal else "",
                   {w: n for w, n in edition.authorities.items() if not principal or w != principal.slug},
                   {t.slug: set(t.quotations) for t in edition.concordance}, {e.slug for e in edition.glossary},
                   {p.text.page_uri: p for p in edition.pages}, {})
    (edition.situation_phases, edition.situations, edition.not_at_the_table,
     errors) = build_situations(file.raw, data, ctx, principal.laws if principal else None)
    return errors


SOURCE = Source("situations", (SITUATIONS_DATA,), build, shapes={SITUATIONS_DATA: dict},
                needs=("glossary", "concordance"), gives=("situations", "situation_phases", "not_at_the_table"))
