"""The search index tuned for a reader's questions, and made small.

Material's search (search/search_index.json, fetched when the reader turns to search) holds the
text of every section it indexes; the worker builds its index from them in the browser, stemming
every word (mkdocs.yml: trimmer, stop words, stemmer; site_src/assets/search-worker.js stems the
question alike). After the build, ``tune`` makes of the plugin's index the one the site publishes,
in four steps, each a pure function over the index as plain data (macros/hooks.py applies it):

1. ``with_questions``: each situation of the page "What is the rule when…" is found by the other
   ways players put it, in the field ``questions`` (weighed as ``EDITORIAL_FIELD``).
2. ``laws_at_their_pages``: each of Foster's Laws is indexed once, at its own page (laws/19/, titled
   "Law 19 — Misdealing", with its words), where the reader finds the law with its commentary and
   its Cite box; the Laws chapter's copy of it (foster/laws/#law-19) and the chapter's section
   headings, which hold nothing but laws, leave the index, so that they do not compete with it.
3. ``with_synonyms``: the thesaurus (content/synonyms.yml) adds a reader's words to every section
   that holds the period words they mean (in the field ``synonyms``, weighed as the text), and to
   the laws and glossary entries it names as where they matter (in the field ``aliases``, weighed
   as ``EDITORIAL_FIELD``): fields that the search reads and no preview shows.
4. ``compact``: a section longer than ``LONG`` characters keeps as its text only its opening
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
from ..texts.addresses import GLOSSARY, SITUATIONS, page_url

#: A section whose text (HTML) is longer than this is indexed by its words and previewed by its opening.
LONG = 1000
#: The characters of a long section's opening kept for its preview.
EXCERPT = 300
#: The field of the rest of a long section's words, weighed as its text (Material reads the index's fields).
WORDS_FIELD = {"boost": 1.0}
#: The field of the thesaurus's words, weighed as the text they stand for.
SYNONYMS_FIELD = {"boost": 1.0}
#: The fields the editors write for the reader's words (a situation's other phrasings, the
#: thesaurus's words where they matter): weighed above a title (mkdocs.yml: 3), since they say what
#: the place answers, where a heading only says where it stands.
EDITORIAL_FIELD = {"boost": 10.0}

# The words the search leaves out anyway (lunr's English stop-word filter, which the index's
# pipeline runs): they need not be stored.
STOP_WORDS = frozenset("""a able about across after all almost also am among an and any are as at be because been but
by can cannot could dear did do does either else ever every for from get got had has have he her hers him his how
however i if in into is it its just least let like likely may me might most must my neither no nor not of off often
on only or other our own rather said say says she should since so some than that the their them then there these
they this tis to too twas us wants was we were what when where which while who whom why will with would yet you
your""".split())

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
            doc = {**doc, "synonyms": " ".join(modern)}
        if aliases:
            doc = {**doc, "aliases": " ".join(aliases)}
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


def with_questions(index: dict, situations) -> dict:
    """The index with each situation of the page "What is the rule when…" (*situations*:
    edition.sources.situations.Situation) found by the other ways players ask it, in the field
    ``questions`` (``EDITORIAL_FIELD``)."""
    page = page_url(SITUATIONS)
    asked = {f"{page}#{s.slug}": " ".join(s.asked) for s in situations if s.asked}
    docs = [{**doc, "questions": asked[doc["location"]]} if doc["location"] in asked else doc for doc in index["docs"]]
    fields = index["config"].get("fields", {})
    config = {**index["config"], "fields": {**fields, "questions": EDITORIAL_FIELD}}
    return {**index, "config": config, "docs": docs}


def tune(index: dict, laws: dict[int, Law], synonyms, situations=()) -> dict:
    """The steps of the module's docstring, in order: the index the site publishes, from the
    search plugin's *index*, the edition's *laws*, its thesaurus (*synonyms*) and its *situations*."""
    index = with_questions(index, situations)
    if laws:
        entries = [{**law_entry(law.short_path, law.title, law.text), "replaces": law.url}
                   for _, law in sorted(laws.items())]
        index = laws_at_their_pages(index, entries, next(iter(laws.values())).url.split("#")[0])
    index = with_synonyms(index, synonyms, named_places(synonyms, lambda n: laws[n].short_path if n in laws else ""))
    return compact(index)
