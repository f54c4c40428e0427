"""The situations at the table (content/situations.yml, edition/sources/situations.py) as pages: each
situation's own page (situations/<slug>/, its permanent address: the ruling to link and share), the
list of them all by phase of play (situations/, where each keeps its old anchor #<slug>), and what a
law's page lists of them ("Questions this law answers").

Each situation's page quotes the deciding words of the law that answers it, linked to the law's page;
says which law applies when two answer it; names the other laws that bear on it; gives each other
authority's relation to the question asked, with its passage; links the terms, the concordance's
point, the guided page and the list; and holds the ruling as a short text to paste into a chat
(the question, the deciding words, the law cited, the permanent address). Every sentence of these
pages is in their templates (templates/pages/situations/).
"""
from __future__ import annotations

import re

from ..model.cite import Cited
from ..model.edition import Edition
from ..texts.addresses import (
    CONCORDANCE,
    GLOSSARY,
    SITUATIONS,
    WHAT_HAPPENED,
    law_page,
    page_url,
    phase_page,
    rel_link,
    situation_page,
)
from .citations import cite_box
from .concordance_page import authority_names
from .law_pages import first_words

OPENING = 12  # how many words of a law that bears on a situation its page shows
DESCRIBED = 40  # how many of the deciding words a page's description (a pasted link's preview) holds


def principal_work(edition: Edition):
    """The work whose laws answer the situations (the one that numbers laws: Foster's), or None."""
    return next((w for w in edition.works.values() if w.laws), None)


def laws_source(edition: Edition) -> dict:
    """How a ruling names where its law is from, as the records give it: the author's short name, the
    title of the chapter that holds the laws without its article, the year ("Foster’s Laws of Poker
    (1905)" in the template)."""
    work = principal_work(edition)
    if work is None or not edition.laws:
        return {"author": "", "title": "", "year": ""}
    chapter = edition.law_anchors()[min(edition.laws)].text.title
    return {"author": work.short_name or work.author, "title": re.sub(r"^(The|A|An)\s+", "", chapter),
            "year": work.year or ""}


def _quote(q, uri: str, titles: dict[str, str]) -> dict:
    """A quotation (edition.sources.concordance.Quotation) as a page at *uri* shows it: its words, where
    it stands ("Poker, ¶2"), a link there."""
    where = f"{titles[q.page_uri]}, {q.label}" if q.label else titles[q.page_uri]
    return {"text": q.text, "where": where,
            "link": rel_link(uri, q.page_uri) + (f"#{q.anchor}" if q.anchor else "")}


def _cut(words: str, law: str) -> dict:
    """Where the deciding *words* stand in the *law*'s words: the whole law, or words cut before or after
    (a quotation marks the cut with "…"): not where the words are whole sentences of the law, nor for a
    full stop left over.

    >>> _cut("the player must accept it", "If a card is faced, the player must accept it.")
    {'whole': False, 'cut_before': True, 'cut_after': False}
    >>> _cut("If a card is faced, the player must accept it.", "If a card is faced, the player must accept it.")
    {'whole': True, 'cut_before': False, 'cut_after': False}
    >>> _cut("He can ask for a card.", "He can ask for a card. The card is placed at the bottom.")
    {'whole': False, 'cut_before': False, 'cut_after': False}
    >>> _cut("he can ask for a card", "Or he can ask for a card; the card is placed at the bottom.")
    {'whole': False, 'cut_before': True, 'cut_after': True}
    """
    want, have = " ".join(words.split()), " ".join(law.split())
    at = have.find(want)
    if at < 0:  # not found as it stands (the source checks the words against the law): no mark of a cut
        return {"whole": want == have, "cut_before": False, "cut_after": False}
    before, after = have[:at].strip(), have[at + len(want):].strip()
    sentence_before = bool(re.search(r"[.!?][”’)\]]*$", before)) and want[:1].isupper()
    sentence_ends = bool(re.search(r"[.!?][”’)\]]*$", want))
    more_after = bool(re.sub(r"[\W_]", "", after))
    return {"whole": not before and not more_after, "cut_before": bool(before) and not sentence_before,
            "cut_after": more_after and not sentence_ends}


def _law(edition: Edition, n: int, uri: str, words: int = OPENING) -> dict:
    law = edition.laws[n]
    return {"number": n, "title": law.title, "opening": first_words(law.words, words),
            "link": rel_link(uri, law_page(n))}


def situation_cite(edition: Edition, situation, address: str = "") -> dict:
    """A situation's Cite box (blocks/cite-box.html.j2): the edition's own text, cited by its question,
    at its address (*address*: its own page's permanent address; by default that of its page)."""
    url = address or edition.site_url + page_url(situation_page(situation.slug))
    return cite_box(Cited(url, None, "", "", situation.question), "Cite this situation", edition.record,
                    edition.site_url)


def situation_page_data(edition: Edition, situation, phases: dict, titles: dict[str, str],
                        names: dict[str, str]) -> dict:
    """One situation's own page (templates/pages/situations/situation.md.j2)."""
    s = situation
    uri = situation_page(s.slug)
    phase = phases.get(s.phase)
    answering = s.answering
    law = None
    if s.laws:
        first = edition.laws[s.laws[0]]
        decides = s.decides or first.words
        law = {**_law(edition, first.number, uri), "words": first.words, "decides": decides,
               **_cut(decides, first.words), "described": first_words(decides, DESCRIBED)}
    answer = [_quote(q, uri, titles) for q in s.answer]
    headwords = {e.slug: e.headword for e in edition.glossary}
    topics = {t.slug: t for t in edition.concordance}
    work = principal_work(edition)
    return {
        "uri": uri, "slug": s.slug, "question": s.question, "happened": s.happened, "asked": list(s.asked),
        "url": edition.site_url + page_url(uri),
        "phase": {"title": phase.title, "link": rel_link(uri, phase_page(phase.slug))} if phase else None,
        "guide": rel_link(uri, WHAT_HAPPENED), "list": rel_link(uri, SITUATIONS) + f"#{s.slug}",
        "law": law,
        "answer": answer,
        "answer_source": {"author": work.short_name or work.author, "title": work.title, "year": work.year or "",
                          "chapter": titles[s.answer[0].page_uri]} if answer and work else None,
        "when": [{**_law(edition, w.law, uri), "condition": w.condition} for w in s.when],
        "more_laws": [_law(edition, n, uri) for n in s.laws if n not in answering],
        "authorities": [{"name": names.get(a.work, a.name), "relation": a.relation, "note": a.note,
                         "quotes": [_quote(q, uri, titles) for q in a.quotes]} for a in s.authorities],
        "points": [{"title": topics[p].title, "link": rel_link(uri, CONCORDANCE) + f"#{p}"}
                   for p in s.points if p in topics],
        "concordance": rel_link(uri, CONCORDANCE),
        "terms": [{"headword": headwords[t], "link": rel_link(uri, GLOSSARY) + f"#{t}"} for t in s.terms],
        "source": laws_source(edition),
        "cite": situation_cite(edition, s),
    }


def situation_pages_data(edition: Edition) -> list[tuple[str, dict]]:
    """Every situation's own page: its address and its data, in the file's order."""
    titles = {p.text.page_uri: p.text.title for p in edition.pages}
    names = authority_names(edition)
    phases = {p.slug: p for p in edition.situation_phases}
    return [(situation_page(s.slug), situation_page_data(edition, s, phases, titles, names))
            for s in edition.situations]


def by_phase(edition: Edition) -> list[tuple[object, list]]:
    """The phases of play in their order, each with its situations in the file's order (a phase
    without any left out)."""
    return [(p, group) for p in edition.situation_phases
            if (group := [s for s in edition.situations if s.phase == p.slug])]


def _listed(s, uri: str) -> dict:
    """A situation as a list on page *uri* names it: its question, what happened, its link, its law."""
    return {"slug": s.slug, "question": s.question, "happened": s.happened,
            "link": rel_link(uri, situation_page(s.slug)),
            "law": {"number": s.laws[0], "link": rel_link(uri, law_page(s.laws[0]))} if s.laws else None}


def situations_data(edition: Edition) -> dict:
    """The list of every situation, by phase of play (templates/pages/situations.md.j2): each under
    its old anchor (situations/#slug), linked to its own page, with the law that answers it."""
    work = principal_work(edition)
    return {"phases": [{"slug": p.slug, "title": p.title, "intro": p.intro,
                        "situations": [_listed(s, SITUATIONS) for s in group]} for p, group in by_phase(edition)],
            "count": len(edition.situations), "guide": rel_link(SITUATIONS, WHAT_HAPPENED),
            "author": work.author if work else "", "title": work.title if work else "",
            "year": work.year if work else "", "concordance": rel_link(SITUATIONS, CONCORDANCE),
            "glossary": rel_link(SITUATIONS, GLOSSARY), "uri": SITUATIONS}


def what_happened_data(edition: Edition) -> dict:
    """The guided way in (templates/pages/what-happened.md.j2): the phases of play, each linked to its
    step, with how many situations it holds."""
    return {"phases": [{"title": p.title, "intro": p.intro, "count": len(group),
                        "link": rel_link(WHAT_HAPPENED, phase_page(p.slug))} for p, group in by_phase(edition)],
            "count": len(edition.situations), "list": rel_link(WHAT_HAPPENED, SITUATIONS),
            "source": laws_source(edition)}


def phase_pages_data(edition: Edition) -> list[tuple[str, dict]]:
    """The guided page's second step, one page a phase (templates/pages/what-happened-phase.md.j2): what
    happened in it, each linked to its situation's page."""
    out = []
    for p, group in by_phase(edition):
        uri = phase_page(p.slug)
        out.append((uri, {"title": p.title, "intro": p.intro, "guide": rel_link(uri, WHAT_HAPPENED),
                          "list": rel_link(uri, SITUATIONS),
                          "situations": [_listed(s, uri) for s in group]}))
    return out


def law_situations(edition: Edition, n: int) -> dict:
    """What Law *n*'s page lists: the situations it answers (the first law, or one a `when` names) and
    those it bears on, each as a link from the law's page."""
    uri = law_page(n)
    answers = [s for s in edition.situations if n in s.answering]
    bears = [s for s in edition.situations if n in s.laws and n not in s.answering]
    return {"answers": [_listed(s, uri) for s in answers], "bears": [_listed(s, uri) for s in bears]}
