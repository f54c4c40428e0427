"""The concordance page (concordance.md) and the disagreements page (disagreements.md): their data,
for templates/pages/concordance.md.j2 and templates/pages/disagreements.md.j2.

Each point of content/concordance.yml (edition/sources/concordance.py) with every authority's relation to
it and its quotations, linked to their laws or paragraphs. Every sentence of the pages is in the
templates.
"""
from __future__ import annotations

from ..model.edition import Edition
from ..texts.addresses import CONCORDANCE, DISAGREEMENTS, rel_link


def authority_names(edition: Edition) -> dict[str, str]:
    """Each authority as the concordance's columns name it, in the edition's order: its short name
    with its year, or, undated, its author's surname ("Foster (1905)", "Hoyle (Hoffmann)")."""
    return {slug: f"{w.short_name} ({w.year or w.author.rsplit(' ', 1)[-1]})"
            for slug, w in edition.works.items() if w.authority}


def point_data(topic, from_uri: str, titles: dict[str, str], names: dict[str, str]) -> dict:
    """One point as the templates read it: each authority in the edition's order (*names*:
    authority_names), with its relation to the point and its quotations (where, link, words)."""
    return {
        "uri": from_uri,  # the page it is shown on: its references to laws are linked from there (law_links)
        "slug": topic.slug, "title": topic.title, "agree": topic.agree, "kind": topic.kind,
        "differences": topic.differences, "coverage": topic.coverage,
        "authorities": [{
            "work": work, "name": name, "relation": topic.relations.get(work, "silent"),
            "quotes": [{"where": f"{titles[q.page_uri]}, {q.label}" if q.label else titles[q.page_uri],
                        "link": rel_link(from_uri, q.page_uri) + (f"#{q.anchor}" if q.anchor else ""),
                        "text": q.text} for q in topic.quotations.get(work, [])],
        } for work, name in names.items()],
    }


def concordance_data(edition: Edition) -> dict:
    """The concordance (templates/pages/concordance.md.j2): every point, every authority's relation
    and words, agreement and differences."""
    titles = {p.text.page_uri: p.text.title for p in edition.pages}
    names = authority_names(edition)
    points = [point_data(t, CONCORDANCE, titles, names) for t in edition.concordance]
    counts = {k: sum(1 for p in points if p["kind"] == k) for k in ("substance", "coverage", "agreement")}
    return {"points": points, "counts": counts, "authorities": len(names)}


def disagreements_data(edition: Edition) -> dict:
    """Where the authorities disagree (templates/pages/disagreements.md.j2): the points with a
    difference of substance, quotations side by side; then, shorter, the points that differ only in
    coverage or wording."""
    titles = {p.text.page_uri: p.text.title for p in edition.pages}
    points = [point_data(t, DISAGREEMENTS, titles, authority_names(edition)) for t in edition.concordance]
    return {"total": len(points), "real": [p for p in points if p["kind"] == "substance"],
            "coverage": [p for p in points if p["kind"] == "coverage"],
            "agreement": [p for p in points if p["kind"] == "agreement"]}
