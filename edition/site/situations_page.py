"""The page "What is the rule when…" (situations.md): its data, for templates/pages/situations.md.j2.

Each situation of content/situations.yml (edition/sources/situations.py) with the law that answers
it (its words quoted whole, linked to its own page), the other laws that bear on it (their first
words), what the other authorities say on the concordance's points it names (their quotations,
linked), and the glossary's entries. Every sentence of the page is in the template.
"""
from __future__ import annotations

from ..model.edition import Edition
from ..texts.addresses import CONCORDANCE, GLOSSARY, SITUATIONS, law_page, rel_link
from .concordance_page import authority_names, point_data
from .law_pages import first_words


def situation_data(edition: Edition, situation, titles: dict[str, str], names: dict[str, str]) -> dict:
    """One situation as the template reads it."""
    laws = [edition.laws[n] for n in situation.laws]
    law_works = {edition.law_anchors()[n].text.work for n in situation.laws}
    headwords = {e.slug: e.headword for e in edition.glossary}
    topics = {t.slug: t for t in edition.concordance}
    points = []
    for slug in situation.points:
        point = point_data(topics[slug], SITUATIONS, titles, names)
        # The law's own work is quoted above; the others say what they say.
        point["authorities"] = [a for a in point["authorities"] if a["work"] not in law_works]
        point["link"] = rel_link(SITUATIONS, CONCORDANCE) + f"#{slug}"
        points.append(point)
    return {
        "slug": situation.slug, "question": situation.question, "asked": list(situation.asked),
        "law": {"number": laws[0].number, "title": laws[0].title, "words": laws[0].words,
                "link": rel_link(SITUATIONS, law_page(laws[0].number))} if laws else None,
        "more_laws": [{"number": law.number, "opening": first_words(law.words, 10),
                       "link": rel_link(SITUATIONS, law_page(law.number))} for law in laws[1:]],
        "points": points,
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
            "glossary": rel_link(SITUATIONS, GLOSSARY), "uri": SITUATIONS}
