"""The thesaurus of search (content/synonyms.yml): a reader's words and the period words they mean.

People come to the edition with a modern word ("flipped", "check", "deck", "fold") where the texts
print the period's ("faced", "pass", "pack", "throw up"). Each entry of content/synonyms.yml names
one modern word or phrase, what the reader means by it, the period words that carry that sense, and
where the texts use them in that sense; and, where it matters, the laws and glossary entries it
leads to:

    - modern: check                         # as a reader types it
      means: "to stay in without betting"   # the reader's sense, in plain words
      period: [passed before the pot was opened, declines to bet]   # the texts' words for it
      sense:                                # where the texts use the period words in that sense
        - {laws: [65], words: "Players who have passed before the pot was opened may not only come in"}
        - {laws: [74], words: "If he declines to bet, he must show openers"}
      laws: [65, 74]                        # optional: laws it leads to, among its sense's places
      terms: []                             # optional: glossary entries it leads to, the same

The search index is expanded with it at build time (edition/site/search_index.py): every section
whose words hold one of the period words, and the pages of the laws and terms named, are found by
the modern word too. So a period word that the texts use in another sense somewhere would carry the
modern word there (the casting vote is a dispute's, not a tied hand's; the pass of Law 51 drops the
player out, it does not check), and **the build holds each entry to its sense**: a place named
under `sense` must hold the words quoted, and they a period word; every period word must be shown
in its sense somewhere; the entry may lead only to laws and terms shown in its sense; and every one
of Foster's laws whose text holds a period word must be named as a place of that sense, so that a
law using the word otherwise stops the build until the period word is made specific to the sense
("dispute as to", not "dispute", which Law 58 uses for contesting the pool). An entry `same_as`
another means what that one means and leads only where it does; an entry `form: true` lists the
irregular forms of its own verb (dealt for deal), which the search's stemmer does not join.

Every bad entry stops the build naming the file, the line and what to do: a missing or unknown
field, a modern word given twice or given as its own period word, a period word the texts never
use, a law or a glossary entry that does not exist, and each of the rules of sense above.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from ..framework.engine_calls import EngineCalls
from ..framework.source import Files, Scope, Source
from ..texts.addresses import reading_text
from ..texts.datafiles import Checked, checked_entries, entry_start, field_line
from ..texts.errors import EditionError
from .concordance import blocks_of, norm

SYNONYMS_DATA = "content/synonyms.yml"
_WORDS = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 '’-]*$")


def pattern(phrase: str) -> re.Pattern:
    """A word or phrase as a whole, in any case, a space matching a hyphen or several spaces and a
    straight apostrophe a curled one.

    >>> bool(pattern("jack pot").search("A Jack-Pot is opened")), bool(pattern("pass").search("passed"))
    (True, False)
    >>> bool(pattern("dealer's left").search("on the dealer’s left"))
    True
    """
    parts = [re.escape(w).replace("'", "['’]") for w in re.split(r"[\s-]+", phrase.strip())]
    return re.compile(r"(?<![\w’'])" + r"[\s-]+".join(parts) + r"(?![\w’'])", re.IGNORECASE)


# Letters a case-insensitive pattern reads as an ASCII letter though lower() keeps them apart
# (Python's re: the dotless i, the long s).
_CASELESS = str.maketrans({"ı": "i", "ſ": "s"})


def folded(text: str) -> str:
    """*text* in lower case, as the thesaurus looks for a period word's first letters in it
    (``Synonym.in_text``): every letter a pattern would match in any case is there in lower case.

    >>> folded("A Jack-Pot, ſo")
    'a jack-pot, so'
    """
    return text.lower().translate(_CASELESS)


def letters_of(phrase: str) -> tuple[str, ...]:
    """The runs of letters and digits of a period word or phrase, in lower case: a text that does not
    hold each of them (``folded``) cannot hold the phrase, and its pattern is not run over it.

    >>> letters_of("Jack pot"), letters_of("dealer's left"), letters_of("ante")
    (('jack', 'pot'), ('dealer', 's', 'left'), ('ante',))
    """
    return tuple(re.findall(r"[a-z0-9]+", phrase.lower()))


@dataclass(frozen=True)
class Sense:
    """Where the texts use an entry's period words in the sense it means: some of Foster's laws, a
    glossary entry or a reading text, with the words that show it (optional for laws and terms: the
    period word itself must then stand in each)."""

    laws: tuple[int, ...] = ()
    term: str = ""  # a glossary slug
    page: str = ""  # a reading text's address: "foster/varieties"
    words: str = ""


@dataclass(frozen=True)
class Synonym:
    """One entry of the thesaurus: a reader's word and the period words it means."""

    modern: str
    period: tuple[str, ...]
    laws: tuple[int, ...] = ()
    terms: tuple[str, ...] = ()  # glossary slugs
    means: str = ""  # the reader's sense of the modern word
    senses: tuple[Sense, ...] = ()  # where the texts use the period words in that sense
    same_as: str = ""  # the modern word of an entry of the same sense (this one then names none of its own)
    form: bool = False  # the period words are forms of the modern word itself (dealt: deal)

    @cached_property
    def _patterns(self) -> tuple[tuple[str, re.Pattern], ...]:
        return tuple((letters_of(p), pattern(p)) for p in self.period)

    def in_text(self, text: str, lower: str | None = None) -> bool:
        """Whether *text* holds one of the period words; *lower* is ``folded(text)``, made once by a
        caller that asks of many synonyms. Each word's pattern is run only where its letters occur (most
        texts hold few of the words: a tenth of the time over the search index).

        >>> Synonym("flipped", ("faced", "exposed")).in_text("If any card is FACED in dealing")
        True
        """
        lower = folded(text) if lower is None else lower
        return any(all(run in lower for run in letters) and p.search(text) for letters, p in self._patterns)


def check_entry(item: dict, texts: list[str], laws: set[int], terms: set[str]) -> Checked:
    """One entry checked, its shape already held by the schema (content/schemas/synonyms.yml: the
    fields, their types, modern and period present): (the synonym, or None and the problem, the advice
    and the field it is in)."""
    name = item["modern"]
    if not _WORDS.match(name.strip()):
        return None, f"the modern word '{name}' is not a word or phrase", \
            "write the words a reader types: letters, digits, spaces, hyphens, apostrophes", ""
    modern = " ".join(name.split())
    period, laws_named, terms_named = item["period"], item.get("laws") or [], item.get("terms") or []
    bad_word = next((p for p in period if not _WORDS.match(p.strip())), None)
    if bad_word is not None:
        return None, f"the period word {bad_word!r} of '{modern}' is not a word or phrase", \
            "write the words as the texts print them", "period"
    if any(p.strip().lower() == modern.lower() for p in period):
        return None, f"'{modern}' is given as its own period word", \
            "list only the texts' other words for it; the search finds the word itself", "period"
    # One search of the blocks joined by a mark no phrase crosses (a pilcrow is neither space, hyphen
    # nor part of a word), not one per block: the same answer, in a fiftieth of the time.
    whole = "\n¶\n".join(texts)
    absent = [p for p in period if not pattern(p).search(whole)]
    if absent:
        return None, f"the period word '{absent[0]}' of '{modern}' does not occur in the reading texts", \
            "give the word as the texts print it (search content/texts/), or drop it", "period"
    bad_laws = [x for x in laws_named if x not in laws]
    if bad_laws:
        return None, f"'{modern}' names law {bad_laws[0]!r}, which the edition does not have", \
            f"name laws by their number ({min(laws, default=1)} to {max(laws, default=1)})", "laws"
    bad_terms = [t for t in terms_named if t not in terms]
    if bad_terms:
        return None, f"'{modern}' names the glossary entry {bad_terms[0]!r}, which the glossary does not have", \
            "name an entry by its slug, the anchor of its address (glossary/#exposed-cards)", "terms"
    return Synonym(modern, tuple(" ".join(p.split()) for p in period), tuple(laws_named), tuple(terms_named),
                   " ".join(item.get("means", "").split()),
                   tuple(Sense(tuple(x.get("laws", ())), x.get("term", ""), x.get("page", ""),
                               " ".join(x.get("words", "").split())) for x in item.get("sense", ())),
                   " ".join(item.get("same_as", "").split()), item.get("form", False)), "", "", ""


@dataclass(frozen=True)
class Places:
    """The texts an entry's sense is checked against: each law's plain text, each glossary entry's
    forms and definitions, each reading text's blocks (all folded as the quotation finder folds them)."""

    laws: dict[int, str]
    terms: dict[str, tuple[str, str]]  # slug -> (its headword and aliases, its whole text with its definitions)
    pages: dict[str, str]  # a reading text's address (foster/laws.md) -> its blocks' text


def _holds(text: str, period: tuple[str, ...]) -> list[str]:
    return [p for p in period if pattern(p).search(text)]


def sense_problems(synonym: Synonym, places: Places,
                   entries: dict[str, Synonym]) -> list[tuple[str, str, str]]:
    """What keeps *synonym* from its sense (edition.sources.synonyms' docstring): (problem, advice, field)."""
    name, found = synonym.modern, []
    if synonym.form:
        if synonym.senses or synonym.same_as or any(" " in p or "-" in p for p in synonym.period):
            found.append((f"'{name}' lists forms of its own word but names a sense, or a phrase",
                          "give a form entry single words only (dealt, drawn), without sense or same_as", "form"))
        return found
    if synonym.same_as:
        other = entries.get(synonym.same_as.lower())
        if other is None or other.same_as or other.form:
            return [(f"'{name}' is the same as '{synonym.same_as}', which is no entry with a sense of its own",
                     "name the modern word of an entry that gives its sense", "same_as")]
        shown_laws = {n for x in other.senses for n in x.laws}
        shown_terms = {x.term for x in other.senses if x.term}
        extra = [p for p in synonym.period if p not in other.period]
        if extra or synonym.senses or synonym.means:
            found.append((f"'{name}' is the same as '{other.modern}' but gives its own sense or the period word "
                          f"'{(extra or [''])[0]}'", f"give only period words of '{other.modern}', and no means "
                          "or sense: they are that entry's", "same_as"))
        found += _leads(synonym, shown_laws, shown_terms, f"the sense of '{other.modern}'")
        return found
    if not synonym.means or not synonym.senses:
        return [(f"'{name}' does not say what the reader means by it, or where the texts use its period words "
                 "in that sense", "write means: (the sense, in plain words) and sense: (the laws, glossary entries "
                 "or pages where the period words carry it, with the words that show it)", "means")]
    shown: set[str] = set()
    for sense in synonym.senses:
        kinds = [k for k in ("laws", "term", "page") if getattr(sense, k)]
        if len(kinds) != 1:
            found.append((f"a sense of '{name}' names {'no place' if not kinds else ' and '.join(kinds)}",
                          "name each place of the sense by laws: [N], term: slug or page: work/slug", "sense"))
            continue
        # (where, its text, what of it must hold the period word): a glossary entry's headword and aliases
        # name the word it defines, so the word may stand there rather than in the words quoted.
        if sense.laws:
            texts = [(f"Law {n}", places.laws.get(n), "") for n in sense.laws]
        elif sense.term:
            entry = places.terms.get(sense.term)
            texts = [(f"the glossary's '{sense.term}'", entry and entry[1], entry and entry[0])]
        else:
            work, _, slug = sense.page.partition("/")
            texts = [(sense.page, places.pages.get(reading_text(work, slug)), "")]
        for where, text, forms in texts:
            if text is None:
                found.append((f"a sense of '{name}' names {where}, which the edition does not have",
                              "name a law by its number, a glossary entry by its slug, a page as work/slug", "sense"))
            elif sense.words and norm(sense.words) not in text:
                found.append((f"the words \"{sense.words[:50]}\" of the sense of '{name}' are not in {where}",
                              "copy the words exactly from the place", "sense"))
            elif not _holds(f"{forms} ¶ {norm(sense.words) if sense.words else text}", synonym.period):
                found.append((f"{where}, named as the sense of '{name}', holds none of its period words"
                              + (" in the words quoted" if sense.words else ""),
                              "quote the words in which the period word stands in that sense", "sense"))
            else:
                shown.update(_holds(f"{forms} ¶ {norm(sense.words) if sense.words else text}", synonym.period))
    if found:
        return found
    unshown = [p for p in synonym.period if p not in shown]
    if unshown:
        found.append((f"the period word '{unshown[0]}' of '{name}' is shown in no place of its sense",
                      "name a place where the texts use it in that sense, or drop it", "period"))
    shown_laws = {n for x in synonym.senses for n in x.laws}
    found += _leads(synonym, shown_laws, {x.term for x in synonym.senses if x.term}, "its sense")
    other_laws = sorted(n for n, text in places.laws.items() if n not in shown_laws and _holds(text, synonym.period))
    if other_laws:
        word = _holds(places.laws[other_laws[0]], synonym.period)[0]
        found.append((f"Law {', '.join(map(str, other_laws))} "
                      f"{'uses' if len(other_laws) == 1 else 'use'} the period word '{word}' of '{name}' "
                      f"but {'is' if len(other_laws) == 1 else 'are'} not named as a place of its sense",
                      "if the law uses it in this sense, add it under sense; if in another sense, give a period "
                      "word or phrase that only this sense uses", "period"))
    return found


def _leads(synonym: Synonym, laws: set[int], terms: set[str], whose: str) -> list[tuple[str, str, str]]:
    """A modern word leads only to the laws and glossary entries where its sense is shown."""
    found = []
    stray = [n for n in synonym.laws if n not in laws]
    if stray:
        found.append((f"'{synonym.modern}' leads to Law {stray[0]}, which {whose} does not name",
                      "lead only to laws shown in its sense, or show the sense there", "laws"))
    stray_terms = [t for t in synonym.terms if t not in terms]
    if stray_terms:
        found.append((f"'{synonym.modern}' leads to the glossary's '{stray_terms[0]}', which {whose} does not name",
                      "lead only to glossary entries shown in its sense, or show the sense there", "terms"))
    return found


def build_synonyms(raw: str, data: list, texts: list[str], laws: set[int], terms: set[str],
                   places: Places | None = None) -> tuple[list[Synonym], list[EditionError]]:
    """The entries of content/synonyms.yml (*raw*, parsed as *data*), each checked against the
    reading texts' blocks (*texts*), the laws' numbers and the glossary's slugs; a modern word is
    given once; and, given the *places* of the texts, each held to its sense (sense_problems)."""
    result, errors = checked_entries(SYNONYMS_DATA, raw, data, lambda item: check_entry(item, texts, laws, terms),
                                     lambda synonym: synonym.modern.lower(),
                                     lambda synonym, first: (f"the modern word '{synonym.modern}' is given twice",
                                                             f"merge this entry with the one of line {first}: one "
                                                             "entry a modern word, with all the period words it "
                                                             "means"))
    if places is not None and not errors:  # every entry made: the file's entries, in its order
        entries = {s.modern.lower(): s for s in result}
        cursor = 0
        for synonym in result:
            at, line = entry_start(raw, cursor)
            cursor = at + 1
            for problem, advice, field_name in sense_problems(synonym, places, entries):
                errors.append(EditionError(SYNONYMS_DATA, field_line(raw, field_name, at, line), problem, advice))
    return result, errors


def build(edition: Scope, files: Files, calls: EngineCalls) -> list[EditionError]:
    file = files[SYNONYMS_DATA]
    try:
        data = file.data
    except EditionError as e:
        return [e]
    blocks = {page.text.page_uri: blocks_of(page) for page in edition.pages}
    texts = [text for page_blocks in blocks.values() for _anchor, _label, text in page_blocks]
    anchors = edition.law_anchors()
    places = Places(
        {n: text for n, page in anchors.items() for a, _l, text in blocks[page.text.page_uri] if a == f"law-{n}"},
        {e.slug: (" ¶ ".join(e.surface_forms), norm(" ¶ ".join([*e.surface_forms, *(d.text for d in e.definitions)])))
         for e in edition.glossary},
        {uri: " ¶ ".join(text for _a, _l, text in page_blocks) for uri, page_blocks in blocks.items()})
    edition.synonyms, errors = build_synonyms(file.raw, data, texts, set(anchors), {e.slug for e in edition.glossary},
                                              places)
    return errors


SOURCE = Source("synonyms", (SYNONYMS_DATA,), build, shapes={SYNONYMS_DATA: list}, needs=("glossary",),
                gives=("synonyms",))
