"""The A–Z glossary page (glossary.md): its data, for templates/pages/glossary.md.j2.

Each entry of content/glossary.yml (edition/sources/glossary.py) with its definitions quoted from the
reading texts, its example hand made by the engine, and the places that use the term. Every
sentence of the page is in the template.
"""
from __future__ import annotations

from ..framework.examples import example
from ..model.edition import Edition
from ..sources.claims import LABEL, SYMBOL
from ..texts.addresses import GLOSSARY, page_url, rel_link
from .citations import entry_cite


def glossary_data(edition: Edition) -> dict:
    """The A–Z glossary page (templates/pages/glossary.md.j2): one entry per term, each author's
    definition quoted and linked; the page's one Cite panel, for any of its entries (pages.entry_cite)."""
    titles = distinct_titles(edition)
    headwords = {e.slug: e.headword for e in edition.glossary}
    letters: dict[str, list] = {}
    for e in edition.glossary:
        letters.setdefault(e.headword[0].upper(), []).append(entry_data(edition, e, titles, headwords))
    return {"count": len(edition.glossary), "multi": sum(1 for e in edition.glossary if len(e.definitions) > 1),
            "letters": [{"letter": letter, "entries": group} for letter, group in letters.items()],
            "symbol": SYMBOL, "label": LABEL, "uri": GLOSSARY,  # uri: the page, for law_links
            "entry_cite": entry_cite(edition.site_url + page_url(GLOSSARY), None, "Glossary", edition.record,
                                     edition.site_url)}


def distinct_titles(edition: Edition) -> dict[str, str]:
    """Each reading-text page's title, with its work where two pages share a title: "Poker (Hoyle's
    Games Modernized)" and "Poker (Encyclopaedia Britannica)", not "Poker" twice."""
    pages = [p.text for p in edition.pages]
    shared = {t.title for t in pages if sum(1 for o in pages if o.title == t.title) > 1}
    titles = {}
    for t in pages:
        work = edition.works[t.work]
        which = work.title if work.title != t.title else work.author.split(",")[0]
        titles[t.page_uri] = f"{t.title} ({which})" if t.title in shared else t.title
    return titles


def entry_data(edition: Edition, e, titles: dict[str, str], headwords: dict[str, str]) -> dict:
    """One glossary entry as the template reads it."""
    return {
        "headword": e.headword, "slug": e.slug, "aliases": e.aliases, "note": e.note, "linked": e.link,
        "definitions": [{"author": edition.works[d.work].author.split(",")[0], "page_title": d.page_title,
                         "printed": d.printed, "text": d.text, "passage": bool(d.place),
                         "link": rel_link(GLOSSARY, d.page_uri) + "#" + d.anchor} for d in e.definitions],
        "example": example_data(edition, e.example) if e.example else None,
        "see_also": [{"slug": s, "headword": headwords[s]} for s in e.see_also],
        "uses": uses_data(e.uses, titles),
    }


def example_data(edition: Edition, spec: dict) -> dict:
    """An entry's example hand, made and ranked by the engine, with the texts' checked figures."""
    ex = edition.engine_calls(example, spec["cards"], spec.get("rules", "foster"))
    by_id = {c.id: c for c in edition.claims}
    return {"hand": ex, "claims": [{"claim": by_id[c], "link": f"{rel_link(GLOSSARY, by_id[c].page_uri)}"
                                                               f"#claim-{c}"}
                                   for c in spec.get("claims", []) if c in by_id]}


def uses_data(uses: list[tuple[str, str, str]], titles: dict[str, str]) -> list[dict]:
    """Where the texts use a term, page by page: a page's laws each linked ({"laws": [...]}), its
    other places as one link to the first with their number ({"first": anchor, "count": n})."""
    by_page: dict[str, list[tuple[str, str]]] = {}
    for uri, anchor, label in uses:
        by_page.setdefault(uri, []).append((anchor, label))
    parts = []
    for uri, places in by_page.items():
        rel = rel_link(GLOSSARY, uri)
        laws = [{"anchor": a, "label": lab} for a, lab in places if a.startswith("law-")]
        if laws:
            parts.append({"title": titles[uri], "link": rel, "laws": laws})
        rest = [a for a, _lab in places if not a.startswith("law-")]
        if rest:
            parts.append({"title": titles[uri], "link": rel + (f"#{rest[0]}" if rest[0] else ""), "laws": [],
                          "count": len(rest)})
    return parts
