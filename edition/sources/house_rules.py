"""The house rules: the choices a table makes before play, and how each is written into Foster's Laws.

``content/house-rules.yml`` holds the editors' part (its header says each field): the matters of
agreement the Laws name, each with the law that says it is one and its words saying so; where each
choice is written into the laws; the rank of hands a table may choose (the engine's bases and
variants); the customs beyond the laws, with Foster's words for each. The build checks every law
named exists and every quotation stands in it (or in the reading text named) word for word, every
point of the concordance named exists, and asks the engine for the count of every class of hand under
every combination it allows (``engine.rules.combinations``, ``engine.rule_counts``); every
combination it refuses must be explained here (a base's ``refuses``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.rule_counts import pat_counts_for
from engine.rules import BASES, VARIANTS, HandClass, RuleSet, combinations

from ..framework.engine_calls import Call, EngineCalls
from ..framework.source import Files, Scope, Source
from ..texts.addresses import reading_text
from ..texts.errors import EditionError, line_of
from .concordance import blocks_of, norm

HOUSE_DATA = "content/house-rules.yml"


@dataclass(frozen=True)
class Write:
    """A choice written into a law: after these words of it (verbatim), the table's words."""

    law: int
    after: str
    text: str = ""  # a custom's words when it is not played; a matter's come from its option or amount


@dataclass(frozen=True)
class Option:
    value: str
    label: str  # the form's words
    text: str  # the words written into the laws ("" : to be agreed)


@dataclass(frozen=True)
class Passage:
    """Words quoted verbatim from a reading text, and where they stand."""

    page_uri: str
    anchor: str
    label: str
    text: str


@dataclass
class Matter:
    slug: str
    question: str
    law: int
    agreed: str
    amount: bool
    options: list[Option]
    writes: list[Write]
    topic: str = ""
    default: str = ""  # the default option's value ("" for an amount)
    foster: Passage | None = None  # Foster's own rule, where he gives one: the default
    passages: list[Passage] = field(default_factory=list)  # his other words on the matter


@dataclass
class Custom:
    slug: str
    label: str
    topic: str
    default: bool
    rule: list[Passage]
    writes: list[Write]


@dataclass(frozen=True)
class Choice:
    """A base or an extra hand of the rank of hands, as the form offers it."""

    name: str
    label: str
    topic: str
    refuses: str = ""  # a base that takes no extra hand: why


@dataclass(frozen=True)
class Ranking:
    """The classes of one combination, highest first, with the pat hands of each and its rank (1 the
    highest; classes of one tier, compared by their cards, share a rank: a royal flush is the highest
    straight flush)."""

    name: str
    title: str
    classes: tuple[tuple[HandClass, int, int], ...]
    total: int


@dataclass
class HouseRules:
    matters: list[Matter] = field(default_factory=list)
    bases: list[Choice] = field(default_factory=list)
    extras: list[Choice] = field(default_factory=list)
    not_offered: list[dict] = field(default_factory=list)  # {slug, label, topic, why}
    customs: list[Custom] = field(default_factory=list)
    rankings: dict[str, Ranking] = field(default_factory=dict)  # by the engine's name: "foster+blaze"
    refused: list[tuple[str, str]] = field(default_factory=list)  # (combination, the engine's reason)


def plan(files: Files) -> list[Call]:
    if files[HOUSE_DATA].errors or not files[HOUSE_DATA].data:
        return []
    return [(combinations, ()), (pat_counts_for, (tuple(rs.name for rs in combinations()[0]),))]


def rankings(allowed: list[RuleSet], counts: list[dict[HandClass, int]]) -> dict[str, Ranking]:
    """Each allowed rule set's classes, highest first, with their counts of pat hands."""
    return {rs.name: Ranking(rs.name, rs.title,
                             tuple((c, n[c], len(rs.tiers) - rs.tier(c)) for c in reversed(rs.ascending)),
                             sum(n.values()))
            for rs, n in zip(allowed, counts, strict=True)}


class _Reader:
    """Finds quotations in the reading texts, and each law's words, reporting at the yml's lines."""

    def __init__(self, pages, raw: str):
        self.by_uri = {p.text.page_uri: p for p in pages}
        self.raw = raw
        self.blocks: dict[str, list[tuple[str, str, str]]] = {}
        self.errors: list[EditionError] = []

    def error(self, near: str, what: str, todo: str) -> None:
        self.errors.append(EditionError(HOUSE_DATA, line_of(self.raw, near, 40) if near else None, what, todo))

    def find(self, page: str, quote: str, anchor: str | None = None) -> Passage | None:
        """The block of Foster's reading text *page* holding *quote* verbatim (the law *anchor*, if given)."""
        uri = reading_text("foster", page)
        if uri not in self.by_uri:
            self.error(f"page: {page}", f"no reading text '{uri}'", "name a page of Foster's (its slug)")
            return None
        if uri not in self.blocks:
            self.blocks[uri] = blocks_of(self.by_uri[uri])
        want = norm(quote)
        hit = next(((a, lab) for a, lab, text in self.blocks[uri] if want in text and (anchor is None or a == anchor)),
                   None)
        if hit is None:
            where = f"Law {anchor.split('-')[1]}" if anchor else uri
            self.error(quote, f"the words \"{quote[:60]}\" are not in {where} verbatim",
                       "copy the words exactly from the reading text (one paragraph or law)")
            return None
        return Passage(uri, hit[0], hit[1], quote)

    def law(self, number: int, words: str, laws: set[int]) -> bool:
        if number not in laws:
            self.error(words, f"there is no Law {number}", f"name one of Foster's laws, {min(laws)}-{max(laws)}")
            return False
        return self.find("laws", words, f"law-{number}") is not None


def _writes(reader: _Reader, items, laws: set[int], custom: bool) -> list[Write]:
    """Where a choice is written into the laws: each law named exists and holds the words it follows. A
    custom's writes carry their own words (the schema cannot tell a custom's write from a matter's)."""
    out = []
    for w in items or []:
        if custom and not w.get("text"):
            reader.error(w["after"], "a custom's write needs its text, the words written into the law",
                         "write {law: N, after: \"words of the law\", text: ...}")
            continue
        if reader.law(w["law"], w["after"], laws):
            out.append(Write(w["law"], w["after"], w.get("text", "")))
    return out


def _matters(reader: _Reader, data: dict, laws: set[int], topic, seen: set[str]) -> list[Matter]:
    """The matters of agreement: each law's words saying so, its options or amount, where it is written,
    Foster's own rule among its options."""
    matters = []
    for m in data.get("matters") or []:
        slug = m["slug"]
        if slug in seen:
            reader.error(f"slug: {slug}", f"the matter slug '{slug}' is used twice",
                         "give each matter its own slug: lower-case words joined by hyphens")
            continue
        seen.add(slug)
        reader.law(m["law"], m["agreed"], laws)
        amount = bool(m.get("amount"))
        options = [Option(o["value"], o["label"], o["text"]) for o in m.get("options") or []]
        if amount == bool(options):
            reader.error(f"slug: {slug}", f"the matter '{slug}' must be an amount or give options, not "
                         f"{'both' if amount else 'neither'}", "write amount: true, or list the options")
            continue
        writes = _writes(reader, m["writes"], laws, custom=False)
        if not writes:
            reader.error(f"slug: {slug}", f"the matter '{slug}' is written into no law", "list where under writes")
        matter = Matter(slug, m["question"], m["law"], m["agreed"], amount, options, writes,
                        topic(m.get("topic"), f"topic: {m.get('topic')}"),
                        default=options[0].value if options else "")
        if m.get("foster"):
            f = m["foster"]
            if f["value"] not in {o.value for o in options}:
                reader.error(f"slug: {slug}", f"the matter '{slug}' names Foster's rule '{f['value']}', "
                             "which is none of its options", "name the value of one of its options")
            else:
                matter.foster = reader.find(f["page"], f["quote"])
                matter.default = f["value"]
        matter.passages = [p for p in (reader.find(q["page"], q["quote"]) for q in m.get("passages") or []) if p]
        matters.append(matter)
    return matters


def _hands(reader: _Reader, house: HouseRules, hands: dict, refused: list[tuple[str, str]], topic) -> None:
    """The rank of hands a table may choose: every base and variant of the engine offered, each refusal of
    the engine explained, the hands not offered said why."""
    for b in hands.get("bases") or []:
        if b["name"] not in BASES:
            reader.error(f"name: {b['name']}", f"'{b['name']}' is no base of the engine",
                         f"name one of {', '.join(BASES)} (engine/rules.py)")
            continue
        house.bases.append(Choice(b["name"], b["label"], topic(b.get("topic"), f"name: {b['name']}"),
                                  b.get("refuses", "")))
    for x in hands.get("extras") or []:
        if x["name"] not in VARIANTS:
            reader.error(f"name: {x['name']}", f"'{x['name']}' is no variant of the engine",
                         f"name one of {', '.join(VARIANTS)} (engine/rules.py)")
            continue
        house.extras.append(Choice(x["name"], x["label"], topic(x.get("topic"), f"name: {x['name']}")))
    missing = [n for n in BASES if n not in {b.name for b in house.bases}] + \
              [n for n in VARIANTS if n not in {x.name for x in house.extras}]
    if missing:
        reader.error("hands:", f"the rank of hands offers no choice of {', '.join(missing)}",
                     "list every base and variant of engine/rules.py under hands")
    for base in house.bases:
        # Both placings of the round-the-corner at once is refused too; the form offers one of them only.
        refused_here = [spec for spec, _ in refused
                        if spec.split("+")[0] == base.name and spec.count("round-the-corner") < 2]
        if refused_here and not base.refuses:
            reader.error(f"name: {base.name}", f"the engine refuses {refused_here[0]}, but the base '{base.name}' "
                         "says nothing of it", "say under refuses why the base takes no such hand")
        if base.refuses and not refused_here:
            reader.error(f"name: {base.name}", f"the base '{base.name}' says it refuses hands, but the engine "
                         "combines it with every extra hand", "remove its refuses")
    house.not_offered = [{"slug": n["slug"], "label": n["label"],
                          "topic": topic(n.get("topic"), f"slug: {n['slug']}"), "why": n["why"]}
                         for n in hands.get("not_offered") or []]


def _customs(reader: _Reader, data: dict, laws: set[int], topic, seen: set[str]) -> list[Custom]:
    """The customs beyond the laws, each with Foster's words for it, its slug none of a matter's."""
    customs = []
    for c in data.get("customs") or []:
        slug = c["slug"]
        if slug in seen:
            reader.error(f"slug: {slug}", f"the custom slug '{slug}' is used twice",
                         "give each custom its own slug, none a matter's")
            continue
        seen.add(slug)
        rule = [p for p in (reader.find(r["page"], r["quote"]) for r in c["rule"]) if p]
        customs.append(Custom(slug, c["label"], topic(c.get("topic"), f"slug: {slug}"), c["default"], rule,
                              _writes(reader, c.get("writes"), laws, True)))
    return customs


def build_house_rules(pages, data: dict, raw: str, laws: set[int], topics: set[str],
                      allowed: list[RuleSet], refused: list[tuple[str, str]],
                      counts: list[dict[HandClass, int]]) -> tuple[HouseRules, list[EditionError]]:
    """The house rules of content/house-rules.yml, checked against the laws, the reading texts, the
    concordance's points (*topics*) and the engine's combinations. The file's shape (every field
    required, of its type, not empty) is held by its schema (content/schemas/house-rules.yml)."""
    reader = _Reader(pages, raw)
    house = HouseRules()
    seen: set[str] = set()  # the matters' and the customs' slugs: one address each

    def topic(slug: str | None, near: str) -> str:
        if slug and slug not in topics:
            reader.error(near, f"no point '{slug}' in content/concordance.yml", "name a point's slug")
            return ""
        return slug or ""

    house.matters = _matters(reader, data, laws, topic, seen)
    _hands(reader, house, data.get("hands") or {}, refused, topic)
    house.customs = _customs(reader, data, laws, topic, seen)
    house.rankings = rankings(allowed, counts)
    house.refused = refused
    return house, reader.errors


def build(edition: Scope, files: Files, calls: EngineCalls) -> list[EditionError]:
    f = files[HOUSE_DATA]
    if not f.data:  # {}: an edition without the page (a fixture)
        return []
    allowed, refused = calls(combinations)
    counts = calls(pat_counts_for, tuple(rs.name for rs in allowed))
    laws = set(edition.law_anchors())
    edition.house_rules, errors = build_house_rules(edition.pages, f.data, f.raw, laws,
                                                    {t.slug for t in edition.concordance}, allowed, refused, counts)
    return errors


SOURCE = Source("house rules", (HOUSE_DATA,), build, plan, shapes={HOUSE_DATA: dict}, needs=("concordance",),
                gives=("house_rules",))
