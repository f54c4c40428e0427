"""Silence checked: where the concordance says an authority does not treat a point, its reading
texts are searched for the words that would show it does.

Each point of content/concordance.yml names those words (``treats_if``); a passage of a silent
authority that holds one of them must either be quoted (the authority is then not silent) or be
recorded under ``not_about`` with the reason it is not about the point. Pure functions over the
blocks of the reading texts (edition/sources/concordance.py hands them over).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Passage:
    """A passage recorded as not about a point although it holds one of the point's words."""

    work: str
    page_uri: str
    quote: str  # words of the passage, normalised as the blocks are
    why: str


def pattern(words: list[str]) -> re.Pattern:
    """One pattern for a point's words: each matched case-insensitively from the start of a word,
    so "straddl" finds straddle and straddling, and "ante" does not find "want".

    >>> bool(pattern(["new deal"]).search("there must be a New Deal."))
    True
    >>> bool(pattern(["ante"]).search("I want it"))
    False
    """
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + ")", re.IGNORECASE)


# The letters beyond ASCII that a pattern with IGNORECASE takes for ASCII ones (İ and ı for i, ſ for s,
# the Kelvin sign for k), written as those, so that lowering a passage keeps every match the pattern makes.
_ASCII_TWINS = str.maketrans("\u0130\u0131\u017f\u212a", "iisk")


@lru_cache(maxsize=1 << 15)
def _lowered(text: str) -> str:
    """A passage lowered for the quick test (the same passages are tested for every point and case).

    >>> _lowered("ſtraddle İt")
    'straddle it'
    """
    return text.translate(_ASCII_TWINS).lower()


def unrecorded(words: list[str], texts, recorded: list[Passage]):
    """The passages of *texts* ((page_uri, title, [(anchor, label, text), ...]), ...) holding one
    of *words* and not recorded, as (page_uri, title, label, word, excerpt); and the recorded
    passages that match no such passage (stale records)."""
    find = pattern(words)
    # A passage that holds none of the words in any case is passed over before the pattern is tried
    # (most are: the pattern, tried on every passage, took most of a build's checking time).
    lowered = [w.lower() for w in words] if all(w.isascii() for w in words) else None
    used: set[Passage] = set()
    found = []
    for uri, title, blocks in texts:
        for _anchor, label, text in blocks:
            if lowered is not None and not any(w in _lowered(text) for w in lowered):
                continue
            hit = find.search(text)
            if not hit:
                continue
            known = [p for p in recorded if p.page_uri == uri and p.quote and p.quote in text]
            if known:
                used.update(known)
                continue
            start, end = max(0, hit.start() - 60), hit.end() + len(re.match(r"\w*", text[hit.end():])[0])
            found.append((uri, title, label, text[hit.start():end], text[start:end + 60]))
    return found, [p for p in recorded if p not in used]
