"""The A–Z glossary page (glossary.md) and each entry's own page (glossary/<slug>/): their data, for
templates/pages/glossary.md.j2 and templates/pages/glossary/entry-page.md.j2.

Each entry of content/glossary.yml (edition/sources/glossary.py) with its definitions quoted from the
reading texts, its example hand made by the engine, and the places that use the term; the full
glossary and an entry's own page show it with the same block (templates/pages/glossary/entry.md.j2),
each with its links made from where it stands. An entry's own page is its permanent address to cite
and share: its title is the headword, its description (a pasted link's preview) the entry's short
definition and the authorities that define it, and it has a Cite box of its own. Every sentence of
the pages is in the templates.
"""
from __future__ import annotations

import re

from ..framework.examples import example
from ..model.cite import Cited
from ..model.edition import Edition
from ..sources.claims import LABEL, SYMBOL
from ..texts.addresses import GLOSSARY, glossary_entry, page_url, published_link, rel_link
from .citations import cite_box, entry_cite
from .concordance_page import authority_names


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


def entry_data(edition: Edition, e, titles: dict[str, str], headwords: dict[str, str], uri: str = GLOSSARY) -> dict:
    """One glossary entry as the entry's block reads it (templates/pages/glossary/entry.md.j2), its
    links made from page *uri* (the full glossary, or the entry's own page): a see-also leads to the
    other entry where it stands on the full glossary, and from an entry's own page to that entry's;
    "own": the link to the entry's own page (raw HTML: its published address)."""
    def see(slug: str) -> str:
        return "#" + slug if uri == GLOSSARY else rel_link(uri, glossary_entry(slug))
    return {
        "headword": e.headword, "slug": e.slug, "aliases": e.aliases, "note": e.note, "linked": e.link,
        "definitions": [{"author": edition.works[d.work].author.split(",")[0], "page_title": d.page_title,
                         "printed": d.printed, "text": d.text, "passage": bool(d.place),
                         "link": rel_link(uri, d.page_uri) + "#" + d.anchor} for d in e.definitions],
        "example": example_data(edition, e.example, uri) if e.example else None,
        "see_also": [{"slug": s, "headword": headwords[s], "link": see(s)} for s in e.see_also],
        "uses": uses_data(e.uses, titles, uri),
        "own": published_link(uri, glossary_entry(e.slug)),
    }


def example_data(edition: Edition, spec: dict, uri: str = GLOSSARY) -> dict:
    """An entry's example hand, made and ranked by the engine, with the texts' checked figures (linked
    from page *uri*)."""
    ex = edition.engine_calls(example, spec["cards"], spec.get("rules", "foster"))
    by_id = {c.id: c for c in edition.claims}
    return {"hand": ex, "claims": [{"claim": by_id[c], "link": f"{rel_link(uri, by_id[c].page_uri)}"
                                                               f"#claim-{c}"}
                                   for c in spec.get("claims", []) if c in by_id]}


def uses_data(uses: list[tuple[str, str, str]], titles: dict[str, str], at: str = GLOSSARY) -> list[dict]:
    """Where the texts use a term, page by page (linked from page *at*): a page's laws each linked
    ({"laws": [...]}), its other places as one link to the first with their number ({"first": anchor,
    "count": n})."""
    by_page: dict[str, list[tuple[str, str]]] = {}
    for uri, anchor, label in uses:
        by_page.setdefault(uri, []).append((anchor, label))
    parts = []
    for uri, places in by_page.items():
        rel = rel_link(at, uri)
        laws = [{"anchor": a, "label": lab} for a, lab in places if a.startswith("law-")]
        if laws:
            parts.append({"title": titles[uri], "link": rel, "laws": laws})
        rest = [a for a, _lab in places if not a.startswith("law-")]
        if rest:
            parts.append({"title": titles[uri], "link": rel + (f"#{rest[0]}" if rest[0] else ""), "laws": [],
                          "count": len(rest)})
    return parts


def entry_cite_box(edition: Edition, e) -> dict:
    """An entry's own Cite box (blocks/cite-box.html.j2): the edition's Glossary, under the entry's
    headword (s.v.), at the entry's own page, its permanent address."""
    url = edition.site_url + page_url(glossary_entry(e.slug))
    return cite_box(Cited(url, None, "Glossary", "", e.headword), "Cite this entry", edition.record, edition.site_url)


def entry_authorities(edition: Edition, e, names: dict[str, str]) -> list[str]:
    """The authorities that define an entry's term, each once, in the order of its definitions, as the
    concordance names them (*names*: "Foster (1905)", "Hoyle (Hoffmann)")."""
    found: list[str] = []
    for d in e.definitions:
        name = names.get(d.work) or edition.works[d.work].short_name or edition.works[d.work].author.split(",")[0]
        if name not in found:
            found.append(name)
    return found


def cut_marked(words: str) -> str:
    """An entry's short definition as a preview quotes it: closed by an ellipsis where the first
    sentence was cut at a semicolon or a dash (the glossary's hover text drops the mark).

    >>> cut_marked("Two, four, six, eight, ten"), cut_marked("A card-sharper."), cut_marked("Known as ‘the age.’")
    ('Two, four, six, eight, ten…', 'A card-sharper.', 'Known as ‘the age.’')
    """
    return words if re.search(r"[.!?][”’)\]]*$", words) else words.rstrip(",:—– ") + "…"


def entry_pages_data(edition: Edition) -> list[tuple[str, dict]]:
    """Each glossary entry's own page (templates/pages/glossary/entry-page.md.j2), in the file's order:
    its address and its data (the entry's block, its description's words, its Cite box, the links to
    the entry on the full glossary and to the glossary)."""
    titles = distinct_titles(edition)
    headwords = {e.slug: e.headword for e in edition.glossary}
    names = authority_names(edition)
    out = []
    for e in edition.glossary:
        uri = glossary_entry(e.slug)
        out.append((uri, {"e": entry_data(edition, e, titles, headwords, uri), "uri": uri, "short": cut_marked(e.short),
                          "authorities": entry_authorities(edition, e, names),
                          "symbol": SYMBOL, "label": LABEL, "cite": entry_cite_box(edition, e),
                          "glossary": rel_link(uri, GLOSSARY), "url": edition.site_url + page_url(uri)}))
    return out
