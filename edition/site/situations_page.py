"""The page "What is the rule when…" (situations.md): its data, for templates/pages/situations.md.j2.

Each situation of content/situations.yml (edition/sources/situations.py) with the law that answers
it (its words quoted whole, linked to its own page), the author's own words where they answer or
complete it, which law applies when two answer, the other laws that bear on it (their first words),
each other authority's relation to the question asked with the passages that show it (linked; kept
out of the search index, where those passages are found on their own pages), the concordance's
points for the whole of the matter, and the glossary's entries. Every sentence of the page is in
the template.
"""
from __future__ import annotations

from ..model.edition import Edition
from ..texts.addresses import CONCORDANCE, GLOSSARY, SITUATIONS, law_page, rel_link
from .concordance_page import authority_names
from .law_pages import first_words


def quote_data(q, from_uri: str, titles: dict[str, str]) -> dict:
    """A quotation as the templates read it: where it stands (its page's title and its block), a link, the words."""
    return {"where": f"{titles[q.page_uri]}, {q.label}" if q.label else titles[q.page_uri],
            "link": rel_link(from_uri, q.page_uri) + (f"#{q.anchor}" if q.anchor else ""), "text": q.text}


def situation_data(edition: Edition, situation, titles: dict[str, str], names: dict[str, str]) -> dict:
    """One situation as the template reads it."""
    laws = [edition.laws[n] for n in situation.laws]
    headwords = {e.slug: e.headword for e in edition.glossary}
    topics = {t.slug: t.title for t in edition.concordance}
    return {
        "slug": situation.slug, "question": situation.question, "asked": list(situation.asked),
        "law": {"number": laws[0].number, "title": laws[0].title, "words": laws[0].words,
                "link": rel_link(SITUATIONS, law_page(laws[0].number))} if laws else None,
        "answer": [quote_data(q, SITUATIONS, titles) for q in situation.answer],
        "when": [{"number": w.law, "condition": w.condition, "link": rel_link(SITUATIONS, law_page(w.law))}
                 for w in situation.when],
        "more_laws": [{"number": law.number, "opening": first_words(law.words, 10),
                       "link": rel_link(SITUATIONS, law_page(law.number))}
                      for law in laws[1:] if law.number not in {w.law for w in situation.when}],
        "authorities": [{"name": names[a.work], "relation": a.relation, "note": a.note,
                         "quotes": [quote_data(q, SITUATIONS, titles) for q in a.quotes]}
                        for a in situation.authorities],
        "points": [{"title": topics[p], "link": rel_link(SITUATIONS, CONCORDANCE) + f"#{p}"} for p in situation.points],
        "terms": [{"headword": headwords[t], "link": rel_link(SITUATIONS, GLOSSARY) + f"#{t}"}
                  for t in situation.terms],
    }


def situations_data(edition: Edition) -> dict:
    """The page of situations (templates/pages/situations.md.j2): every situation, in the file's order."""
    titles = {p.text.page_uri: p.text.title for p in edition.pages}
    names = authority_names(edition)
    principal = next((w for w in edition.works.values() if w.laws), None)
    return {"situations": [situation_data(edition, s, titles, names) for s in edition.situations],
            "author": principal.author if principal else "", "title": principal.title if principal else "",
            "year": principal.year if principal else "", "concordance": rel_link(SITUATIONS, CONCORDANCE),
            "glossary": rel_link(SITUATIONS, GLOSSARY)}
