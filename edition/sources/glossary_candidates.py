"""The glossary's two rules beyond its merges: every term an authority explains is named, and every
cross-reference runs both ways.

*Candidates.* The texts mark a term they explain: they put it in quotation marks ("drops out",
"progressive jacks"), or follow it with "i.e." or "that is" ("trails, i.e. puts up the amount bet by
C"; "a whangdoodle—that is, a round of jack-pots"). Each such term in a reading text is a candidate
for the glossary, and the build stops on one that no entry names (as its headword, an alias, a
printed term, or the term of a passage under ``explained:``) until an editor decides: give it an
entry or a passage, or record it under ``not_terms:`` in content/glossary.yml with why it is no term
(words a player says, a title, a word in its ordinary sense). A record that matches no candidate
stops the build too, so the register cannot go stale.

*Cross-references.* An entry that names another under ``see_also:`` is named by it in turn: the
build adds the reference back, so that no reference is one-way.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..framework.source import DataFile
from ..texts.errors import EditionError, line_of
from ..texts.syntax import plain_text

GLOSSARY_DATA = "content/glossary.yml"

_WORD = r"[A-Za-z][\w’'-]*"
#: A term of one to three words in quotation marks: “drops out”, “progressive jacks”.
QUOTED = re.compile(r"“\s*([^“”]{1,60}?)[\s,.;:!?]*”")
#: The words before "i.e." or "that is" (after a comma, a dash or a semicolon): the term explained.
EXPLAINED = re.compile(rf"((?:{_WORD}\s+){{0,3}}{_WORD})(?:([,;]?”)?\s*[,;]?\s*i\.\s?e\.|\s*[,—]\s*that is\b)")
#: What every match of EXPLAINED holds.
_EXPLAINING = re.compile(r"i\.\s?e\.|that is")
#: What a line that sets a term apart holds: a quotation mark, "i.e." (or "i. e."), "that is".
_MARKS = ('"', "“", "i.e", "i. e", "that is")
#: A noun phrase begins with one of these; the words after it, up to the explaining words, are the term.
_DETERMINERS = {"a", "an", "the", "his", "her", "their", "its", "this"}


@dataclass(frozen=True)
class Candidate:
    work: str
    term: str  # as the text prints it
    path: str
    line: int
    before: str = ""  # the words before an explaining "i.e." or "that is", of which the term ends them


def words_of(text: str) -> list[str]:
    """The words of a term, lower case, each stripped of a plural's or a participle's ending.

    >>> words_of("the Drops Out"), words_of("trails"), words_of("progressive jacks")
    (['drop', 'out'], ['trail'], ['progressive', 'jack'])
    """
    words = re.findall(r"[a-z0-9]+", text.lower().replace("’", "'").replace("'", ""))
    while words and words[0] in _DETERMINERS:
        words = words[1:]
    return [_stem(w) for w in words]


def _stem(word: str) -> str:
    """A word without a plural's or a participle's ending, a doubled consonant undoubled.

    >>> [_stem(w) for w in ("splitting", "split", "passes", "trails", "faced", "dropped")]
    ['split', 'split', 'pass', 'trail', 'fac', 'drop']
    """
    stem = re.sub(r"(?<=\w\w\w)(?:ing|ed)$", "", word)
    if stem != word and re.search(r"([b-df-hj-np-tv-z])\1$", stem):
        return stem[:-1]  # splitting, dropped
    return stem if stem != word else re.sub(r"(?<=\w\w\w)(?:es|s)$", "", word)


def key(text: str) -> str:
    """The form under which a candidate and a glossary's name are the same term.

    >>> key("trails") == key("Trail"), key("The age") == key("Age"), key("“Drops out”") == key("drop out")
    (True, True, True)
    """
    return " ".join(words_of(text))


def candidates(pages) -> list[Candidate]:
    """Every term the reading texts put in quotation marks (one to three words) or explain with
    "i.e." or "that is" (a noun phrase), in the edition's order; the pages kept out of the search
    (Foster's General Index) are not read."""
    found = []
    for page in pages:
        t = page.text
        if t.meta.get("searched", True) is False:
            continue
        for i, line in enumerate(t.body_lines):
            if not any(mark in line for mark in _MARKS):  # nothing set apart: the costly plain text not made
                continue
            text = plain_text(line, t.path, t.body_start + i, brackets=False)
            for term, before in _terms_in(text):
                found.append(Candidate(t.work, term, str(t.path), t.body_start + i, before))
    return found


def _terms_in(text: str) -> list[tuple[str, str]]:
    """The candidate terms of one line of plain text, each with the words before it where "i.e."
    or "that is" explains it (so that "eight counters, i.e." is the glossary's "counters").

    >>> [t for t, _ in _terms_in('he may “pass,” i.e. go out; D either drops out, trails, i.e. puts up')]
    ['pass', 'trails']
    >>> _terms_in("there must be a whangdoodle—that is, a round of jack-pots")
    [('whangdoodle', 'must be a whangdoodle')]
    >>> _terms_in("if a bet has been made—that is, if any player; the last player to say—that is, the dealer")
    []
    """
    terms = [(m[1], "") for m in QUOTED.finditer(text) if 1 <= len(m[1].split()) <= 3]
    if not _EXPLAINING.search(text):  # most lines quote and explain nothing: EXPLAINED not tried at every word
        return terms
    for m in EXPLAINED.finditer(text):
        if m[2]:  # a quoted term before "i.e.": found above
            continue
        words = m[1].split()
        if "i.e" in m[0].lower() or "i. e" in m[0].lower():
            terms.append((" ".join(words[-2:]), m[1]))
            continue
        det = max((n for n, w in enumerate(words) if w.lower() in _DETERMINERS), default=None)
        if det is not None and det < len(words) - 1:  # "that is" after a noun phrase only
            terms.append((" ".join(words[det + 1:]), m[1]))
    return terms


def named(entries) -> set[str]:
    """The keys of every name the glossary gives a term: headwords, aliases, printed terms, and the
    terms of the passages under explained:."""
    names = set()
    for e in entries:
        names.update(key(f) for f in [e.headword, *e.surface_forms, *(d.printed for d in e.definitions)])
    return names


def undecided(pages, entries, glossary_file: DataFile) -> list[EditionError]:
    """A candidate no entry names and no ``not_terms:`` record decides (one error each, at its first
    place); a record that decides no candidate (at its line in glossary.yml). An edition whose
    glossary is empty (``{}``) is not checked, as one without claims is not covered."""
    raw = glossary_file.raw
    data = glossary_file.data or {}
    if not data:  # an edition without a glossary ({}) has nothing to name terms in
        return []
    known = named(entries)
    decided: dict[tuple[str, str], str] = {}  # (work, key) -> the record as written
    for group in data.get("not_terms") or []:
        for ref in group.get("terms") or []:
            work, _, term = str(ref).partition(":")
            decided[(work, key(term))] = str(ref)
    errors, seen, used = [], set(), set()
    for c in candidates(pages):
        k = (c.work, key(c.term))
        before = c.before.split()
        if not k[1] or k[1] in known or k in seen or any(key(" ".join(before[n:])) in known
                                                         for n in range(len(before))):
            continue
        seen.add(k)
        if k in decided:
            used.add(k)
            continue
        errors.append(EditionError(
            c.path, c.line, f"“{c.term}” is set apart as a term (quoted, or explained by “i.e.” or “that is”), but no "
            "glossary entry names it",
            f"give it an entry, or name the passage under an entry's explained: in {GLOSSARY_DATA}; if it is no "
            f"term (words a player says, a title), record it under not_terms: with why"))
    for k, ref in decided.items():
        if k not in used:
            errors.append(EditionError(GLOSSARY_DATA, line_of(raw, ref), f"the not_terms record '{ref}' matches no "
                                       "term set apart in the texts, or one an entry now names",
                                       "remove it, or correct its work and words"))
    return errors


def see_also_both_ways(entries) -> None:
    """Each entry named under another's see_also names that one in turn (added after its own, in the
    order of the glossary): no cross-reference is one-way."""
    by_slug = {e.slug: e for e in entries}
    for e in entries:
        for target in list(e.see_also):
            other = by_slug.get(target)
            if other is not None and e.slug not in other.see_also and other is not e:
                other.see_also.append(e.slug)
