"""The search index made small: a long section is indexed by its words, shown by its opening.

Material's search (search/search_index.json, fetched when the reader turns to search) holds the
text of every section it indexes, for the search and for the preview under each result, which
shows only the section's first lines. The reading texts alone made it 159 KB gzipped (issue 14
asks at most 120). So a section longer than ``LONG`` characters keeps as its text only its opening
(``EXCERPT`` characters, the preview), and the rest of its words, sorted, in a field of its own
(``words``) that the search reads and the preview does not show: every word of the reading texts
is still found, as often as the section has it, so sections are ranked much as before (a title
counts most).
Short sections (a law, a glossary entry) keep their whole text. Pure functions over the index as
plain data; macros/hooks.py applies ``compact`` to the built index.
"""
from __future__ import annotations

import html
import re

#: A section whose text (HTML) is longer than this is indexed by its words and previewed by its opening.
LONG = 1000
#: The characters of a long section's opening kept for its preview.
EXCERPT = 300
#: The field of the rest of a long section's words, weighed as its text (Material reads the index's fields).
WORDS_FIELD = {"boost": 1.0}

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
    """The words of a plain text as the search makes them of a section's text (split where the
    index's separator says, in lower case, punctuation kept), stop words left out, sorted; a word
    comes as often as the text has it, since the search ranks a section by how often it has it.

    >>> words("The “Kitty,” the kitty and jack-pots: 16,215 ways.")
    ['16,215', 'jack', 'kitty', 'pots:', 'ways.', '“kitty,”']
    """
    return sorted(w for w in _SEPARATOR.split(text.lower()) if w and w not in STOP_WORDS)


def opening(text: str, size: int = EXCERPT) -> tuple[str, str]:
    """A plain text cut between words after at most *size* characters: (its opening, the rest).

    >>> opening("Bluffing is rapidly becoming a relic", 20)
    ('Bluffing is rapidly', 'becoming a relic')
    """
    if len(text) <= size:
        return text, ""
    head = text[:size + 1].rsplit(" ", 1)[0]
    return head, text[len(head):].lstrip()


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
