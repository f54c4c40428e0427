"""The search index tuned for a reader's questions, and made small.

Material's search (search/search_index.json, fetched when the reader turns to search) holds the
text of every section it indexes; the worker builds its index from them in the browser, stemming
every word (mkdocs.yml: trimmer, stop words, stemmer; site_src/assets/search-worker.js reads the
index's words and the question's alike: numbers, negations, pairs of words). After the build,
``tune`` makes of the plugin's index the one the site publishes, in these steps, each a pure
function over the index as plain data (macros/hooks.py applies it):

1. ``situations_from_data``: each situation at the table is one entry, at its own page
   (situations/<slug>/), made from the data (``situation_entry``): found by its question, the other
   ways players put it (the field ``questions``, weighed as ``QUESTIONS_FIELD``) and its answer (the
   words of the law that answers it), and named by that law; what its page says besides (the other
   laws, the other authorities' words, the ruling to share) is not searched there, so that a
   situation is found for what it is about.
2. ``laws_at_their_pages``: each of Foster's Laws is indexed once, at its own page (laws/19/, titled
   "Law 19 — Misdealing", with its words), where the reader finds the law with its commentary and
   its Cite box; the Laws chapter's copy of it (foster/laws/#law-19) and the chapter's section
   headings, which hold nothing but laws, leave the index, so that they do not compete with it.
3. ``with_synonyms``: the thesaurus (content/synonyms.yml) adds a reader's words to every section
   that holds the period words they mean (in the field ``synonyms``, weighed as the text), and to
   the laws and glossary entries it names as where they matter (in the field ``aliases``, weighed
   as ``EDITORIAL_FIELD``): fields that the search reads and no preview shows.
4. ``weighed_by_kind``: a law's page weighs more than other places (``LAW_WEIGHT``), Foster's
   chapters of advice less (``ADVICE_WEIGHT``), so that for a question about a rule a law or a
   situation outranks an advice chapter that merely shares its words; and ``entries_of_their_own``:
   the glossary's entries are each a result of their own (the config's ``own_results``, which the
   worker reads), not sections under the glossary's landing entry, and its letters no result.
5. ``compact``: a section longer than ``LONG`` characters keeps as its text only its opening
   (``EXCERPT`` characters, the preview Material shows under a result) and the rest of its words,
   each once, sorted, in a field of its own (``words``): every word of the texts is still found.
   That made the reading texts' index 101 KB gzipped rather than 159 (issue 14 asks at most 120).
   A word comes once whatever the length of the section, and the worker weighs each field by its
   length (site_src/assets/search-worker.js), so that the law, the paragraph or the entry that
   answers a question is not drowned by the long chapters that merely hold its words.

Short sections (a law, a glossary entry) keep their whole text.
"""
from __future__ import annotations

import html
import re
from collections.abc import Iterable

from ..model.laws import Law
from ..sources.synonyms import folded
from ..texts.addresses import GLOSSARY, page_url, situation_page
from ..texts.typography import curl

#: A section whose text (HTML) is longer than this is indexed by its words and previewed by its opening.
LONG = 1000
#: The characters of a long section's opening kept for its preview.
EXCERPT = 300
#: The field of the rest of a long section's words, weighed as its text (Material reads the index's fields).
WORDS_FIELD = {"boost": 1.0}
#: The field of the thesaurus's words, weighed as the text they stand for.
SYNONYMS_FIELD = {"boost": 1.0}
#: A law's page weighs more than any other place holding the same words: it is what a question
#: about a rule wants first (every entry of a page weighs 1 but for these two kinds).
LAW_WEIGHT = 1.5
#: Foster's chapters of advice on play (Practical Poker, from "Coming In" to "Luck and
#: Superstition") weigh less: their long pages share the words of every rule ("raise", "bet",
#: "opener", "draw") without deciding one, so that a law or a situation outranks them.
ADVICE_WEIGHT = 0.5
FOSTERS_ADVICE = ("coming-in", "opening-jack-pots", "coming-into-jack-pots", "raising-the-ante", "drawing-to-improve",
                  "betting", "watching-the-draw", "calling-and-raising", "mannerisms-and-talk", "position-play",
                  "bluffing", "limits", "poker-calculations", "odds-against-improving", "luck-and-superstition")
#: The fields the editors write for the reader's words: weighed above a title (mkdocs.yml: 3), since
#: they say what the place answers, where a heading only says where it stands. The thesaurus's
#: words where they matter (a word or two naming a law or a term) weigh ten words of the text; a
#: situation's other phrasings (four or so sentences, 400 in all) five: at ten, a phrase of one
#: situation ("changed my mind about how many cards") outweighed the law another question wants
#: ("I fold, can I change my mind": Law 31) (bench/questions.yml: 93 right in the first three and
#: 85 first at five, 91 and 80 at ten).
EDITORIAL_FIELD = {"boost": 10.0}
QUESTIONS_FIELD = {"boost": 5.0}

# The words the search leaves out anyway (lunr's English stop-word filter, which the index's
# pipeline runs, but for the negations, which the worker keeps as "not"): they need not be stored.
STOP_WORDS = frozenset("""a able about across after all almost also am among an and any are as at be because been but
by can could dear did do does either else ever every for from get got had has have he her hers him his how
however i if in into is it its just least let like likely may me might most must my of off often
on only or other our own rather said say says she should since so some than that the their them then there these
they this tis to too twas us wants was we were what when where which while who whom why will with would yet you
your""".split())

#: Between the phrases of an editors' field (a situation's other phrasings, the thesaurus's words):
#: the search worker pairs neighbouring words ("four cards") within a phrase, not across.
PHRASES = "; "

_SEPARATOR = re.compile(r"[\s\-]+")  # the index's own separator (mkdocs.yml search: the default)


def plain_text(text: str) -> str:
    """A section's HTML as the words a reader sees, without the edition's marks set in superscript
    (a note's letter, a checked figure's ✓).

    >>> plain_text("<p>47<sup>✓</sup> cards &amp; a <em>kitty</em>.</p> <p>Then</p>")
    '47 cards & a kitty. Then'
    """
    text = re.sub(r"<sup\b[^>]*>.*?</sup>", "", text)
    text = re.sub(r"</?(?:p|li|ul|ol|dl|dt|dd|div|br|table|tr|td|th|h\d)\b[^>]*>", " ", text)  # blocks part words
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())


def words(text: str) -> list[str]:
    """The words of a plain text as the search splits a section's text (where the index's separator
    says, in lower case, punctuation kept: the browser trims it), stop words left out, each once, sorted.

    >>> words("The “Kitty,” the kitty and jack-pots: 16,215 ways.")
    ['16,215', 'jack', 'kitty', 'pots:', 'ways.', '“kitty,”']
    """
    return sorted({w for w in _SEPARATOR.split(text.lower()) if w and w not in STOP_WORDS})


def opening(text: str, size: int = EXCERPT) -> tuple[str, str]:
    """A plain text cut between words after at most *size* characters: (its opening, the rest).

    >>> opening("Bluffing is rapidly becoming a relic", 20)
    ('Bluffing is rapidly', 'becoming a relic')
    """
    if len(text) <= size:
        return text, ""
    head = text[:size + 1].rsplit(" ", 1)[0]
    return head, text[len(head):].lstrip()


def law_entry(location: str, title: str, text: str) -> dict:
    """A law's entry in the index, at its own page (a page of its own, which Material ranks above a
    section with the same words: the laws are what readers search for most).

    >>> law_entry("laws/19/", "Law 19 — Misdealing", "19. If any card is faced & ...")["text"]
    '<p>19. If any card is faced &amp; ...</p>'
    """
    return {"location": location, "title": title, "text": f"<p>{html.escape(text, quote=False)}</p>"}


def laws_at_their_pages(index: dict, laws: Iterable[dict], chapter: str) -> dict:
    """The index with each law of *laws* ({location, title, text, replaces}: its entry, see
    ``law_entry``, and the address of its copy in the chapter) indexed at its own page: the
    chapter's copies and the chapter's sections that hold no text (the headings over the laws)
    leave; the chapter's own entry (its title) stays. The laws come after the entries before the
    chapter's first law, in their order."""
    laws = list(laws)
    copies = {law["replaces"] for law in laws}
    entries = [{k: v for k, v in law.items() if k != "replaces"} for law in laws]
    docs: list[dict] = []
    placed = False
    for doc in index["docs"]:
        location = doc["location"]
        if location in copies or (location.startswith(chapter + "#") and not doc.get("text")):
            if location in copies and not placed:
                docs += entries
                placed = True
            continue
        docs.append(doc)
    if not placed:
        docs += entries
    return {**index, "docs": docs}


def weighed_by_kind(index: dict, weights: dict[str, float]) -> dict:
    """The index with each entry of a page that *weights* names ({page's address: weight}) given
    that weight as its ``boost``, which Material hands to lunr and lunr multiplies its every score
    by: the page's own entry and its sections alike.

    >>> docs = [{"location": "laws/19/"}, {"location": "foster/betting/#bluffing"}, {"location": "glossary/#ante"}]
    >>> [d.get("boost") for d in weighed_by_kind({"docs": docs}, {"laws/19/": 1.5, "foster/betting/": 0.5})["docs"]]
    [1.5, 0.5, None]
    """
    docs = []
    for doc in index["docs"]:
        weight = weights.get(doc["location"].split("#")[0])
        docs.append({**doc, "boost": weight} if weight is not None and weight != 1 else doc)
    return {**index, "docs": docs}


def entries_of_their_own(index: dict, pages: list[str]) -> dict:
    """The index with each entry of *pages* (the glossary's terms) a result of its own: the pages
    named in the config's ``own_results``, which the search worker reads; their sections that hold
    no text (the glossary's letters, headings over its entries) leave, as no result of their own.

    >>> docs = [{"location": "glossary/", "text": "<p>Terms</p>"}, {"location": "glossary/#letter-a", "text": ""},
    ...         {"location": "glossary/#ante", "text": "<p>A stake.</p>"}, {"location": "laws/#x", "text": ""}]
    >>> index = entries_of_their_own({"config": {}, "docs": docs}, ["glossary/"])
    >>> index["config"], [d["location"] for d in index["docs"]]
    ({'own_results': ['glossary/']}, ['glossary/', 'glossary/#ante', 'laws/#x'])
    """
    docs = [doc for doc in index["docs"] if doc.get("text") or doc["location"].split("#")[0] not in pages
            or "#" not in doc["location"]]
    return {**index, "config": {**index["config"], "own_results": list(pages)}, "docs": docs}


def with_synonyms(index: dict, synonyms, named: dict[str, set[str]]) -> dict:
    """The index with each section found by the modern words of the thesaurus (*synonyms*:
    edition.sources.synonyms.Synonym) whose period words it holds, in the field ``synonyms``,
    weighed as its text; and each entry at an address of *named* ({address: the modern words that
    name it}: the laws' pages and glossary entries where the thesaurus says a word matters) found
    by them as by its title, in the field ``aliases``."""
    docs = []
    for doc in index["docs"]:
        text = plain_text(doc.get("title", "") + " " + doc.get("text", ""))
        lower = folded(text)
        modern = [s.modern for s in synonyms if s.in_text(text, lower)]
        aliases = sorted(named.get(doc["location"], set()))
        if modern:
            doc = {**doc, "synonyms": PHRASES.join(modern)}
        if aliases:
            doc = {**doc, "aliases": PHRASES.join(aliases)}
        docs.append(doc)
    fields = index["config"].get("fields", {})
    config = {**index["config"], "fields": {**fields, "synonyms": SYNONYMS_FIELD,
                                            "aliases": EDITORIAL_FIELD}}
    return {**index, "config": config, "docs": docs}


def named_places(synonyms, law_location) -> dict[str, set[str]]:
    """The addresses the thesaurus names (a law's page, a glossary entry), each with its modern words.

    *law_location* gives a law's address in the index from its number."""
    named: dict[str, set[str]] = {}
    for s in synonyms:
        for n in s.laws:
            named.setdefault(law_location(n), set()).add(s.modern)
        for slug in s.terms:
            named.setdefault(f"{page_url(GLOSSARY)}#{slug}", set()).add(s.modern)
    return named


def compact(index: dict) -> dict:
    """Material's search index with each long section's text cut to its opening (the preview) and
    the rest of its words in the ``words`` field; every other entry, and the order, as they were."""
    docs = []
    for doc in index["docs"]:
        if len(doc.get("text", "")) > LONG:
            head, rest = opening(plain_text(doc["text"]))
            doc = {**doc, "text": f"<p>{html.escape(head, quote=False)} …</p>", "words": " ".join(words(rest))}
        docs.append(doc)
    config = {**index["config"], "fields": {**index["config"].get("fields", {}), "words": WORDS_FIELD}}
    return {**index, "config": config, "docs": docs}


def situation_entry(location: str, situation, law: Law | None) -> dict:
    """A situation's entry in the index: found by its question (its title), the other ways players
    put it (``questions``, weighed as ``QUESTIONS_FIELD``) and its answer (its text, which Material
    shows under the title): the words of the law that decide it (the law's whole text where the data
    names none), which of its laws applies when, and the author's own words that answer it where no
    law does or that complete the law; named by
    that law's number (``law``, which the search worker shows beside the title and no search reads,
    so that "law 22" finds Law 22's page first). The other laws it names, what the other
    authorities say and the guided page's label of it are not searched here: each law has its own
    entry, the authorities their texts, and a label ("A card was found face up") shares the words
    of too many situations.

    >>> from edition.sources.situations import Situation
    >>> situation_entry("situations/#six", Situation("six", "What if he has six cards?", asked=("a hand of six",
    ...                 "six cards & no more"), laws=(22,)), None)["questions"]
    'a hand of six; six cards & no more'
    """
    answer = [(situation.decides or law.preview) if law else "", *(w.condition for w in situation.when),
              *(q.text for q in situation.answer)]
    entry = {"location": location, "title": html.escape(curl(situation.question), quote=False),
             "text": "".join(f"<p>{html.escape(curl(words), quote=False)}</p>" for words in answer if words)}
    if situation.asked:
        entry["questions"] = PHRASES.join(curl(words) for words in situation.asked)
    if situation.laws:
        entry["law"] = situation.laws[0]
    return entry


def situations_from_data(index: dict, entries: Iterable[dict]) -> dict:
    """The index with each situation's entries (its section of the situations page, or its page and
    that page's sections) replaced by its one entry from the data (*entries*: see ``situation_entry``),
    in the place of the first; the ``questions`` field weighed as ``QUESTIONS_FIELD``."""
    entries = {e["location"]: e for e in entries}
    docs: list[dict] = []
    placed: set[str] = set()
    for doc in index["docs"]:
        location = doc["location"]
        own = location if location in entries else next(
            (e for e in entries if e.endswith("/") and location.startswith(e + "#")), None)
        if own is None:
            docs.append(doc)
        elif own not in placed:
            docs.append(entries[own])
            placed.add(own)
    fields = index["config"].get("fields", {})
    config = {**index["config"], "fields": {**fields, "questions": QUESTIONS_FIELD}}
    return {**index, "config": config, "docs": docs}


def tune(index: dict, laws: dict[int, Law], synonyms, situations=()) -> dict:
    """The steps of the module's docstring, in order: the index the site publishes, from the
    search plugin's *index*, the edition's *laws*, its thesaurus (*synonyms*) and its *situations*."""
    index = situations_from_data(index, [situation_entry(page_url(situation_page(s.slug)), s,
                                                         laws.get(s.laws[0]) if s.laws else None) for s in situations])
    if laws:
        entries = [{**law_entry(law.short_path, law.title, law.words), "replaces": law.url}
                   for _, law in sorted(laws.items())]
        index = laws_at_their_pages(index, entries, next(iter(laws.values())).url.split("#")[0])
    index = with_synonyms(index, synonyms, named_places(synonyms, lambda n: laws[n].short_path if n in laws else ""))
    index = weighed_by_kind(index, {law.short_path: LAW_WEIGHT for law in laws.values()}
                            | {f"foster/{chapter}/": ADVICE_WEIGHT for chapter in FOSTERS_ADVICE})
    index = entries_of_their_own(index, [page_url(GLOSSARY)])
    return compact(index)
