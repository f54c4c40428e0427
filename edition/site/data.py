"""The edition's data for others to build on: JSON documents made from the same content data
as the pages. Their shapes are documented on the site (site_src/data.md)."""
from __future__ import annotations

from ..model.edition import Edition
from ..sources.concordance import RELATIONS
from ..texts.addresses import page_url

SCHEMA_VERSION = 1


def laws(edition: Edition) -> dict:
    """Foster's Laws: number, section, text, URLs, citation, and who cites each (edition/model/laws.py)."""
    items = [{
        "number": law.number,
        "section": law.section,
        "text": law.text,
        "url": law.url,
        "short_url": law.short_path,
        "citation": law.citation,
        "cited_by": [{"page": page_url(uri), "anchor": anchor, "label": label} for uri, anchor, label in law.cited_by],
    } for _, law in sorted(edition.laws.items())]
    return {"schema": SCHEMA_VERSION, "source": _source_of_the_laws(edition), "laws": items}


def _source_of_the_laws(edition: Edition) -> str:
    """The work that prints the laws, as its record in content/works.yml names it: "R. F. Foster,
    Practical Poker (1905)"."""
    work = next((edition.works[uri.split("/")[0]] for uri in (law.page_uri for law in edition.laws.values())), None)
    if work is None:
        return ""
    return f"{work.author}, {work.title}" + (f" ({work.year})" if work.year else "")


def glossary(edition: Edition) -> dict:
    """The glossary: every entry with each source's definition, aliases, see-also and uses."""
    entries = []
    for e in edition.glossary:
        entries.append({
            "slug": e.slug,
            "headword": e.headword,
            "url": f"glossary/#{e.slug}",
            "aliases": e.aliases,
            "definitions": [{"work": d.work, "printed": d.printed, "text": d.text,
                             "url": f"{page_url(d.page_uri)}#{d.anchor}"} for d in e.definitions],
            "see_also": e.see_also,
            "note": e.note,
            "uses": [f"{page_url(uri)}#{anchor}" if anchor else page_url(uri) for uri, anchor, _ in e.uses],
        })
    return {"schema": SCHEMA_VERSION, "entries": entries}


def figures(edition: Edition) -> dict:
    """The checked figures: each printed figure, its computation, the exact value and the verdict."""
    claims = [{
        "id": c.id, "work": c.work, "url": f"{page_url(c.page_uri)}#claim-{c.id}",
        "printed": None if c.figure == "{lacuna}" else c.figure, "form": c.form, "compute": c.computation,
        "exact": c.exact, "verdict": c.verdict, "reason": c.reason, "restored": c.restored or None,
    } for c in edition.claims]
    return {"schema": SCHEMA_VERSION,
            "verdicts": ["exact", "fair", "author-error", "slip", "misprint", "missing", "unchecked"],
            "claims": claims}


def concordance(edition: Edition) -> dict:
    """The concordance: each point, each authority's relation to it and its quotations (with their
    addresses), the agreement and the differences (of substance; of coverage or wording)."""
    authorities = list(edition.authorities)
    points = [{
        "slug": t.slug, "topic": t.title, "url": f"concordance/#{t.slug}", "kind": t.kind,
        "relations": {work: t.relations[work] for work in authorities},
        "quotations": [{"work": q.work, "text": q.text, "label": q.label,
                        "url": f"{page_url(q.page_uri)}#{q.anchor}" if q.anchor else page_url(q.page_uri)}
                       for work in authorities for q in t.quotations.get(work, [])],
        "agree": t.agree, "differences": t.differences, "coverage": t.coverage, "treats_if": t.treats_if,
    } for t in edition.concordance]
    return {"schema": SCHEMA_VERSION, "authorities": authorities, "relations": RELATIONS,
            "kinds": ["substance", "coverage", "agreement"], "points": points}


def documents(edition: Edition) -> dict[str, dict]:
    """Every JSON document the site publishes under data/, by file name: each names the edition's
    version and the version's date (what a citation of it names), after its schema number."""
    made = {"laws.json": laws(edition), "glossary.json": glossary(edition), "figures.json": figures(edition),
            "concordance.json": concordance(edition)}
    stamp = {"version": edition.version, "version_date": edition.record.date}
    return {name: {"schema": doc["schema"], **stamp, **{k: v for k, v in doc.items() if k != "schema"}}
            for name, doc in made.items()}
