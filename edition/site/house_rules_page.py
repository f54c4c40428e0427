"""The house-rules page (house-rules/): its data, for templates/pages/house-rules.md.j2.

The form of choices (the matters of agreement with their laws, the rank of hands, the customs, each
with every authority's words from the concordance) and the rulebook they make: Foster's Laws with
each choice written in after the words of the law that leaves it open, the hands in order of rank
with the engine's count and odds, the customs' rules. The page shows Foster's defaults; its script
(site_src/assets/house-rules.js) applies the choices in the page's address, reading the rankings of
every combination the engine allows from the page's data (``rankings_json``).
"""
from __future__ import annotations

import json
import re
from fractions import Fraction
from html.parser import HTMLParser

from engine.idiom import Odds

from ..model.edition import Edition
from ..sources.concordance import norm
from ..sources.house_rules import HOUSE_DATA, HouseRules, Ranking
from ..texts.addresses import HOUSE_RULES, law_page, page_url, published_link, to_root
from ..texts.datafiles import INVISIBLE, read_text
from ..texts.errors import EditionError
from ..texts.typography import curl
from .concordance_page import authority_names
from .law_pages import section_title

BLANK = "________"  # an amount not yet agreed, printed as a line to write it on


def law_parts(words: str, slots: list[tuple[str, dict]]) -> list[dict]:
    """A law's words cut after each slot's words (*slots*: (after, slot)), in the order they stand:
    [{"text": ...}, {"slot": ...}, {"text": ...}]; the law's own words unchanged around them.

    >>> [p.get("text") or p["slot"]["id"] for p in law_parts("A b. C d.", [("C d.", {"id": 2}), ("A b.", {"id": 1})])]
    ['A b.', 1, ' C d.', 2]
    """
    at = sorted((words.index(norm(after)) + len(norm(after)), n, slot) for n, (after, slot) in enumerate(slots))
    parts, start = [], 0
    for end, _, slot in at:
        if end > start:
            parts.append({"text": words[start:end]})
        parts.append({"slot": slot})
        start = end
    if start < len(words):
        parts.append({"text": words[start:]})
    return parts


def ranking_rows(r: Ranking) -> list[dict]:
    """The hands of a combination, highest first: class, count, odds against being dealt one pat."""
    return [{"cls": c.value, "count": n, "odds": Odds(Fraction(n, r.total)).to_one(), "rank": rank}
            for c, n, rank in r.classes]


def rankings_json(house: HouseRules) -> str:
    """Every allowed combination's hands (name -> [[class, count, odds, rank], ...] highest first), their
    totals and titles, as the page's script reads them (from an attribute: Material's instant
    navigation would run a <script type="application/json"> again as a script)."""
    data = {name: [[row["cls"], row["count"], row["odds"], row["rank"]] for row in ranking_rows(r)]
            for name, r in house.rankings.items()}
    text = json.dumps({"rankings": data, "totals": {n: r.total for n, r in house.rankings.items()},
                       "titles": {n: curl(r.title) for n, r in house.rankings.items()},
                       # the characters a value from the address may not bring in (the edition's one list of them)
                       "invisible": INVISIBLE.pattern},
                      ensure_ascii=True, separators=(",", ":"), sort_keys=True)
    return text


class _Fields(HTMLParser):
    """The ids of a page and its form's controls: (name, type, fieldset) of each."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.controls: list[tuple[str, str, str]] = []
        self.fieldsets: list[str] = []

    def handle_starttag(self, tag: str, attrs) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.append(found["id"])
        if tag == "fieldset":
            self.fieldsets.append(found.get("id") or f"fieldset {len(self.fieldsets)}")
        if tag in ("input", "select", "textarea") and found.get("name"):
            self.controls.append((found["name"], found.get("type", "text"), self.fieldsets[-1] if self.fieldsets
                                  else ""))


def house_rules_clashes(edition: Edition, markdown: str) -> list[EditionError]:
    """``clashes`` of the house-rules page of *edition* (its Markdown as written)."""
    assert edition.house_rules is not None
    return clashes(markdown, edition.house_rules, read_text(edition.root / HOUSE_DATA, HOUSE_DATA))


def clashes(markdown: str, house: HouseRules, raw: str) -> list[EditionError]:
    """What makes the page's form ambiguous, in the page as written: an id given twice, or a field's name
    given to controls of two fields (a text field twice, two groups of choices, or a text field and a
    choice). A matter's or a custom's slug is the name of its field and the stem of its controls' ids
    (``hr-<slug>``, ``hr-<slug>-<value>``), so the clash is named at the line of the slug that makes it in
    content/house-rules.yml; one the page makes by itself is named at its template."""
    page = _Fields()
    page.feed(markdown)
    seen: dict[str, int] = {}
    for i in page.ids:
        seen[i] = seen.get(i, 0) + 1
    twice = [f"the id '{i}'" for i in sorted(i for i, n in seen.items() if n > 1)]
    fields: dict[str, set[tuple[str, str]]] = {}
    texts: dict[str, int] = {}
    for name, kind, fieldset in page.controls:
        group = "text" if kind not in ("radio", "checkbox") else kind
        fields.setdefault(name, set()).add((group, fieldset))
        texts[name] = texts.get(name, 0) + (group == "text")
    twice += [f"the field '{n}'" for n in sorted(n for n, groups in fields.items() if len(groups) > 1 or texts[n] > 1)]
    slugs = [(m.slug, "matter") for m in house.matters] + [(c.slug, "custom") for c in house.customs]
    errors = []
    for what in twice:
        made = what.split("'")[1]
        maker = max((s for s in slugs if made in (s[0], f"hr-{s[0]}", f"matter-{s[0]}", f"custom-{s[0]}")
                     or made.startswith(f"hr-{s[0]}-")), key=lambda s: len(s[0]), default=None)
        if maker is None:
            errors.append(EditionError("templates/pages/house-rules.md.j2", None, f"the page has {what} twice",
                                       "give each control of the form its own id and each field its own name"))
            continue
        at = re.search(rf"^[ -]*slug: *{re.escape(maker[0])} *$", raw, re.M)
        errors.append(EditionError(HOUSE_DATA, raw.count("\n", 0, at.start()) + 1 if at else None,
                                   f"the {maker[1]} slug '{maker[0]}' gives the page's form {what} twice (a slug is "
                                   "the name of its field, and the start of its controls' ids, hr-<slug>-…)",
                                   "choose another slug, which no field of the page has (table, date, base, extra, "
                                   "corner, or another matter's or custom's) and which begins none of its ids"))
    return errors


def house_rules_data(edition: Edition) -> dict:
    house = edition.house_rules
    assert house is not None
    titles = {p.text.page_uri: p.text.title for p in edition.pages}
    names = authority_names(edition)
    topics = {t.slug: t for t in edition.concordance}

    def link(uri: str, anchor: str) -> str:  # the page's HTML is raw: its links are published addresses
        return published_link(HOUSE_RULES, uri) + (f"#{anchor}" if anchor else "")

    def passage(p) -> dict | None:
        return None if p is None else {"text": p.text, "link": link(p.page_uri, p.anchor),
                                       "where": f"{titles[p.page_uri]}, {p.label}" if p.label else titles[p.page_uri]}

    def point(slug: str) -> dict | None:
        """A point of the concordance: every authority's words on it, and where they differ."""
        if not slug:
            return None
        t = topics[slug]
        return {"title": t.title, "agree": t.agree, "differences": t.differences, "coverage": t.coverage,
                "quotes": [dict(passage(q), name=name) for work, name in names.items()
                           for q in t.quotations.get(work, [])]}

    slots: dict[int, list[tuple[str, dict]]] = {}
    matters = []
    for m in house.matters:
        default = next((o for o in m.options if o.value == m.default), None)
        for w in m.writes:
            slots.setdefault(w.law, []).append((w.after, {
                "kind": "matter", "slug": m.slug, "amount": m.amount,
                "text": (default.text if default and default.text else BLANK)}))
        matters.append({
            "slug": m.slug, "question": m.question, "law": m.law, "agreed": m.agreed, "amount": m.amount,
            "law_link": link(law_page(m.law), ""),
            "options": [{"value": o.value, "label": o.label, "text": o.text, "default": o.value == m.default}
                        for o in m.options],
            "foster": passage(m.foster), "point": point(m.topic), "passages": [passage(p) for p in m.passages],
            "written": sorted({w.law for w in m.writes})})
    customs = []
    for c in house.customs:
        for w in c.writes:
            slots.setdefault(w.law, []).append((w.after, {"kind": "custom", "slug": c.slug, "text": w.text,
                                                          "shown": not c.default}))
        customs.append({"slug": c.slug, "label": c.label, "default": c.default, "point": point(c.topic),
                        "rule": [passage(p) for p in c.rule], "written": sorted({w.law for w in c.writes})})

    sections: list[dict] = []
    for n, law in sorted(edition.laws.items()):
        if not sections or sections[-1]["printed"] != law.section:
            sections.append({"printed": law.section, "title": section_title(law.section), "laws": []})
        sections[-1]["laws"].append({"number": n, "parts": law_parts(law.words, slots.get(n, [])),
                                     "chosen": n in slots})

    foster = house.rankings["foster"]
    return {
        "matters": matters, "customs": customs, "sections": sections,
        "bases": [{"name": b.name, "label": b.label, "refuses": b.refuses, "point": point(b.topic)}
                  for b in house.bases],
        "extras": [{"name": x.name, "label": x.label, "point": point(x.topic)} for x in house.extras
                   if x.name not in ("round-the-corner", "round-the-corner-low")],
        "corners": [{"name": x.name, "label": x.label} for x in house.extras
                    if x.name in ("round-the-corner", "round-the-corner-low")],
        "corner_point": point(next(x.topic for x in house.extras if x.name == "round-the-corner")),
        "not_offered": [dict(n, point=point(n["topic"])) for n in house.not_offered],
        "hands": ranking_rows(foster), "hands_title": foster.title, "total": foster.total,
        "combinations": len(house.rankings), "rankings_json": rankings_json(house),
        "laws_count": len(edition.laws), "version": edition.version,
        "address": edition.site_url + page_url(HOUSE_RULES),
        "laws_url": edition.site_url + page_url(edition.law_anchors()[1].text.page_uri),
        "laws_link": link(edition.law_anchors()[1].text.page_uri, ""),
        "script": to_root(HOUSE_RULES) + "assets/house-rules.js",
        "uri": HOUSE_RULES,  # the page's own source: its references to laws are linked from it (law_links_html)
    }
