"""The thesaurus of search (content/synonyms.yml): a reader's words and the period's words they mean.

People come to the edition with a modern word ("flipped", "check", "deck", "fold") where the texts
print the period's ("faced", "pass", "pack", "throw up"). Each entry of content/synonyms.yml names
one modern word or phrase, the period words it means, as the texts print them, and, where it
matters, the laws and glossary entries it leads to:

    - modern: check              # as a reader types it
      period: [pass]             # the texts' words; each must occur in the reading texts
      laws: [51]                 # optional: laws where it matters (Foster's numbers)
      terms: [pass]              # optional: glossary entries (their slugs, glossary/#pass)

The search index is expanded with it at build time (edition/site/search_index.py): every section
whose words hold one of the period words, and the pages of the laws and terms named, are found by
the modern word too. Every bad entry stops the build naming the file, the line and what to do: a
missing or unknown field, a modern word given twice or given as its own period word, a period
word the texts never use, a law or a glossary entry that does not exist.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from ..framework.engine_calls import EngineCalls
from ..framework.source import Files, Scope, Source
from ..texts.datafiles import entry_start, field_line
from ..texts.errors import EditionError
from .concordance import blocks_of

SYNONYMS_DATA = "content/synonyms.yml"
FIELDS = ("modern", "period", "laws", "terms")
ADVICE = "give each entry modern (a word or phrase) and period (a list of the texts' words), as the file's header says"
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
class Synonym:
    """One entry of the thesaurus: a reader's word and the period words it means."""

    modern: str
    period: tuple[str, ...]
    laws: tuple[int, ...] = ()
    terms: tuple[str, ...] = ()  # glossary slugs

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


def check_entry(item, texts: list[str], laws: set[int], terms: set[str]) -> tuple[Synonym | None, str, str, str]:
    """One entry checked: (the synonym, or None and the problem, the advice and the field it is in)."""
    name = str(item.get("modern")) if isinstance(item, dict) and item.get("modern") else "an entry"
    if not isinstance(item, dict):
        return None, f"{name} is not a mapping", ADVICE, ""
    missing = [f for f in ("modern", "period") if not item.get(f)]
    unknown = sorted(str(k) for k in item if k not in FIELDS)
    if missing or unknown:
        return None, f"the entry '{name}' " + "; ".join(
            ([f"lacks {', '.join(missing)}"] if missing else [])
            + ([f"has unknown {', '.join(unknown)}"] if unknown else [])), ADVICE, ""
    modern = item["modern"]
    if not isinstance(modern, str) or not _WORDS.match(modern.strip()):
        return None, f"the modern word '{name}' is not a word or phrase", \
            "write the words a reader types: letters, digits, spaces, hyphens, apostrophes", ""
    modern = " ".join(modern.split())
    lists = {k: item.get(k) or [] for k in ("period", "laws", "terms")}
    bad_list = next((k for k, v in lists.items() if not isinstance(v, list)), None)
    if bad_list:
        return None, f"the {bad_list} of '{modern}' is not a list", f"write {bad_list}: [..., ...]", bad_list
    period = lists["period"]
    bad_word = next((p for p in period if not isinstance(p, str) or not _WORDS.match(p.strip())), None)
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
    bad_laws = [x for x in lists["laws"] if not isinstance(x, int) or isinstance(x, bool) or x not in laws]
    if bad_laws:
        return None, f"'{modern}' names law {bad_laws[0]!r}, which the edition does not have", \
            f"name laws by their number ({min(laws, default=1)} to {max(laws, default=1)})", "laws"
    bad_terms = [t for t in lists["terms"] if not isinstance(t, str) or t not in terms]
    if bad_terms:
        return None, f"'{modern}' names the glossary entry {bad_terms[0]!r}, which the glossary does not have", \
            "name an entry by its slug, the anchor of its address (glossary/#exposed-cards)", "terms"
    return Synonym(modern, tuple(" ".join(p.split()) for p in period), tuple(lists["laws"]),
                   tuple(lists["terms"])), "", "", ""


def build_synonyms(raw: str, data, texts: list[str], laws: set[int],
                   terms: set[str]) -> tuple[list[Synonym], list[EditionError]]:
    """The entries of content/synonyms.yml (*raw*, parsed as *data*), each checked against the
    reading texts' blocks (*texts*), the laws' numbers and the glossary's slugs; a modern word is
    given once."""
    if data is None:
        return [], []
    result: list[Synonym] = []
    errors: list[EditionError] = []
    first: dict[str, int] = {}
    cursor = 0
    for item in data:
        at, line = entry_start(raw, cursor)
        cursor = at + 1 if at >= 0 else cursor
        synonym, problem, advice, field_name = check_entry(item, texts, laws, terms)
        if synonym is None:
            errors.append(EditionError(SYNONYMS_DATA, field_line(raw, field_name, at, line), problem, advice))
            continue
        key = synonym.modern.lower()
        if key in first:
            errors.append(EditionError(SYNONYMS_DATA, line, f"the modern word '{synonym.modern}' is given twice",
                                       f"merge this entry with the one of line {first[key]}: one entry a modern "
                                       "word, with all the period words it means"))
            continue
        first[key] = line
        result.append(synonym)
    return result, errors


def build(edition: Scope, files: Files, calls: EngineCalls) -> list[EditionError]:
    file = files[SYNONYMS_DATA]
    try:
        data = file.data
    except EditionError as e:
        return [e]
    texts = [text for page in edition.pages for _anchor, _label, text in blocks_of(page)]
    edition.synonyms, errors = build_synonyms(file.raw, data, texts, set(edition.law_anchors()),
                                              {e.slug for e in edition.glossary})
    return errors


SOURCE = Source("synonyms", (SYNONYMS_DATA,), build, shapes={SYNONYMS_DATA: list}, needs=("glossary",),
                gives=("synonyms",))
