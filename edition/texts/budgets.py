"""The edition's budgets, in one place: what the build refuses to grow past, naming the file that would.

A value's own bound (a text's length, a number's range, a list's length) is its schema's
(content/schemas/, edition/texts/schemas.py). A budget is what no one value shows: a cost the
edition's readers pay for the whole, which grows entry by entry.

- ``SEARCH_INDEX_GZIPPED``: the search index the site publishes (search/search_index.json), gzipped
  (level 9). A reader's browser loads it whole before it shows the first result, on a phone too;
  every page's sections, each law, each situation and each thesaurus entry add to it. Past it the build
  stops, naming the files that grow it (macros/hooks.py, after the index is tuned).
- ``ENTRIES``: the entries a data file may hold, where each adds to the index and to a page a reader
  scrolls (the situations of *What is the rule when…*, the thesaurus's modern words). Past it the build
  stops at the first entry over the budget (edition/texts/datafiles.py, ``parse``).
- ``RECORD_FIELD``: a text of a bibliographic record (content/works.yml, content/edition.yml: a title, a
  name, a publisher): every citation of every page and every page's head carries it. Each record
  field's ``maxLength`` in its schema is at most this (tests/edition/test_budgets.py holds them so).

Raising a budget is a decision about what readers pay: measure the index (bench/search.py) before and
after, and say why in the commit.
"""
from __future__ import annotations

import gzip

from .errors import EditionError

SEARCH_INDEX_GZIPPED = 120 * 1024  # bytes; 159 KB when every section kept its whole text (issue 14)
ENTRIES = {
    "content/situations.yml": ("the situations", 150),
    "content/synonyms.yml": ("the thesaurus", 300),
}
#: A file whose entries are a list under one key of its mapping (situations.yml: situations, then
#: not_at_the_table): the key whose list is counted.
ENTRIES_UNDER = {"content/situations.yml": "situations"}
RECORD_FIELD = 300  # characters
SEARCH_INDEX = "search/search_index.json"
#: The files of content/ whose entries the search index adds, beside the pages' own text.
INDEX_SOURCES = ("content/synonyms.yml", "content/situations.yml")


def entries_of(name: str, data) -> list | None:
    """The entries of the data file *name* that its budget counts: the file's list, or the list under its
    key (ENTRIES_UNDER); None when it holds no such list.

    >>> entries_of("content/situations.yml", {"situations": [1, 2], "not_at_the_table": []})
    [1, 2]
    >>> entries_of("content/synonyms.yml", [1]), entries_of("content/synonyms.yml", {"x": [1]})
    ([1], None)
    """
    key = ENTRIES_UNDER.get(str(name))
    found = data.get(key) if key and isinstance(data, dict) else data
    return found if isinstance(found, list) else None


def over_entries(name: str, count: int) -> tuple[str, int] | None:
    """(what the file holds, its budget) when *count* entries of the data file *name* break its budget."""
    what, budget = ENTRIES.get(str(name), ("", 0))
    return (what, budget) if budget and count > budget else None


def entries_error(name: str, count: int, line: int | None) -> EditionError | None:
    """The error of a data file holding more entries than its budget, at *line* (its first entry over it).

    >>> print(entries_error("content/situations.yml", 151, 900))  # doctest: +ELLIPSIS
    content/situations.yml:900: 151 entries in the situations, more than the budget of 150 (...). What to do: ...
    """
    over = over_entries(name, count)
    if over is None:
        return None
    what, budget = over
    return EditionError(name, line, f"{count:,} entries in {what}, more than the budget of {budget:,} "
                        "(edition/texts/budgets.py: each entry adds to the search index every reader loads)",
                        "merge entries that say the same thing, or remove the least useful; raise the budget only "
                        "after measuring the search index (bench/search.py), and say why")


def search_index_error(index: bytes, counts: dict[str, int]) -> EditionError | None:
    """The error of a search index past its budget, gzipped, naming the files that grow it (*counts*: each
    file of INDEX_SOURCES with its number of entries); None within it.

    >>> search_index_error(b"{}", {}) is None
    True
    """
    size = len(gzip.compress(index, 9))
    if size <= SEARCH_INDEX_GZIPPED:
        return None
    grown = ", ".join(f"{name} ({n:,} entries)" for name, n in counts.items())
    return EditionError(SEARCH_INDEX, None, f"the search index is {size:,} bytes gzipped, more than its budget of "
                        f"{SEARCH_INDEX_GZIPPED:,} (edition/texts/budgets.py); beside the pages' own text it holds "
                        f"what {grown} add", "take out the thesaurus entries and situations that add least (a "
                        "modern word whose period words are common, a situation another answers), or shorten "
                        "sections kept in the search; raise the budget only after measuring (bench/search.py)")
