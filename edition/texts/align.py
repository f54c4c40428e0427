"""Word alignment of a witness span and a reading text: the apparatus.

Both sides are folded (typography.fold_text; Markdown and edition markup on the reading side;
OCR bullets, footnote markers and line-end hyphens on the witness side) and split into words.
``difflib.SequenceMatcher`` aligns the two word sequences; every stretch where they differ is
an emendation, recorded with the witness line, both readings and the edition's context.

An alignment that cannot be trusted — a long stretch of reading text with no counterpart in the
witness, or a long stretch replaced wholesale — is an error: it means the front matter names the
wrong lines, or the reading text holds words the witness does not have.
"""
from __future__ import annotations

import bisect
import re
from collections import Counter
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import NamedTuple

from .errors import EditionError
from .reading import ReadingText, Span
from .syntax import compare_pieces, fold_markdown, parse_line
from .typography import fold_text

# Longest stretch of words that may be replaced or added in one emendation. Longer ones mean
# the alignment went wrong (or text was invented): the build stops.
MAX_BLOCK = 40
CONTEXT_WORDS = 5

# Witness-side structure that is not text: OCR bullets, footnote markers of the transcriptions.
_W_BULLET = re.compile(r"^\s*[-•]\s+")
_W_FOOTNOTE_DEF = re.compile(r"^\s*(?:-\s*)?(?:\d+\s+\^|↑)\s*")
_W_FOOTNOTE_REF = re.compile(r"\[(\d+)\]|↑")
# The scraped Hoyle witness (003): brace page numbers, underscore italics, and the site's
# dots round single letters inside words (pa.s.s, a.s.sume, c.o.o.n, circ.u.mstances, n.o.body).
_W_TABLE_RULE = re.compile(r"^\s*\|?[\s:|-]*-{3,}[\s:|-]*$")
_SCRAPE_PAGE = re.compile(r"\{\d+\}")
_SCRAPE_DOTTED = re.compile(r"\b[A-Za-z]+(?:\.[A-Za-z]+)+\b(?!\.)")  # not "i.e.", which ends in a stop


class Word(NamedTuple):  # a tuple: the alignment makes some 150,000 of them
    key: str  # the compared form
    line: int  # witness line, or reading-text file line
    alt: str = ""  # witness word joined across a line-end hyphen: the form with the hyphen kept
    supplied: bool = False


def fold_witness_line(line: str, *, scraped: bool = False) -> str:
    """Fold one witness line for comparison.

    >>> fold_witness_line("- 12. The cards must be dealt[35] one at a time")
    '12. The cards must be dealt one at a time'
    >>> fold_witness_line("a pa.s.s {124} (_i.e._ two) c.o.o.n circ.u.mstances", scraped=True)
    'a pass (i.e. two) coon circumstances'
    """
    line = _W_BULLET.sub("", line)
    # Table rules and cell pipes of a transcription's tables are markup, as in the reading text.
    if _W_TABLE_RULE.match(line):
        return ""
    line = line.replace("|", " ")
    # Asterisks are the Markdown-like OCR's emphasis marks, as in the reading text.
    line = line.replace("*", "")
    if "^" in line or "↑" in line:
        line = _W_FOOTNOTE_DEF.sub("", line)
    if "[" in line or "↑" in line:
        line = _W_FOOTNOTE_REF.sub("", line)
    if scraped:
        line = _SCRAPE_PAGE.sub("", line)
        line = _SCRAPE_DOTTED.sub(lambda m: m[0].replace(".", "") if re.search(r"\.[A-Za-z]\.", m[0] + ".")
                                  else m[0], line)
        line = re.sub(r"(?<!\w)_|_(?!\w)", "", line)
    return fold_text(line)


def witness_words(lines: list[str], spans: list[Span], *, scraped: bool = False) -> list[Word]:
    """The words of witness *lines* (1-based spans), with line-end hyphens joined."""
    words: list[Word] = []
    for span in spans:
        for n in range(span.start, span.end + 1):
            folded = fold_witness_line(span.select(lines[n - 1]), scraped=scraped)
            words.extend([Word(token, n) for token in folded.split()])
    # A word ending in a hyphen at a line end joins the next line's first word if that is in
    # lower case (the candidates are few: find them first).
    joined: list[Word] = []
    done = 0  # words[:done] are in joined
    for i in [i for i, w in enumerate(words) if w.key.endswith("-")]:
        if i < done or i + 1 == len(words):
            continue
        w, nxt = words[i], words[i + 1]
        if len(w.key) > 1 and w.key[-2].isalpha() and nxt.line > w.line and nxt.key[:1].islower():
            joined.extend(words[done:i])
            joined.append(Word(w.key[:-1] + nxt.key, w.line, alt=w.key + nxt.key))
            done = i + 2
    joined.extend(words[done:])
    return joined


_NON_BLANK = re.compile(r"\S+")  # a word, as str.split() finds them


def reading_words(text: ReadingText) -> list[Word]:
    """The words of a reading text as compared with its witness."""
    words: list[Word] = []
    for offset, line in enumerate(text.body_lines):
        lineno = text.body_start + offset
        # Fold each piece, then join them before splitting into words, so that punctuation right
        # after a markup item ("{sic: ...},") stays with its word; a word is supplied if any of
        # its letters came from {supplied: ...}.
        parts: list[str] = []
        supplied_spans: list[tuple[int, int]] = []  # where the letters from {supplied: ...} stand
        at = 0
        for i, (piece, supplied) in enumerate(compare_pieces(parse_line(line, text.path, lineno))):
            folded = fold_text(fold_markdown(piece, line_start=i == 0))
            if piece[:1].isspace():
                folded = " " + folded
            if piece[-1:].isspace():
                folded += " "
            parts.append(folded)
            if supplied and folded:
                supplied_spans.append((at, at + len(folded)))
            at += len(folded)
        joined = "".join(parts)
        if not supplied_spans:
            words.extend(Word(token, lineno) for token in joined.split())
            continue
        for m in _NON_BLANK.finditer(joined):
            a, b = m.span()
            words.append(Word(m[0], lineno, supplied=any(s < b and a < e for s, e in supplied_spans)))
    return words


@dataclass(frozen=True)
class Emendation:
    """One difference between witness and reading text."""

    kind: str  # correction | omission | addition | supplied
    witness: str  # the witness reading (folded words), "" for an addition
    edition: str  # the edition reading, "" for an omission
    witness_line: int  # the witness line where it stands (for an addition: the line before)
    text_line: int  # the reading-text file line where it stands
    before: str  # edition words before it
    after: str  # edition words after it


@dataclass
class Alignment:
    emendations: list[Emendation]
    witness_words: int
    kept_words: int  # witness words that stand unchanged in the edition
    # Reading-text line -> the witness lines its words are aligned with: the words the two share pair
    # one to one, and a changed stretch belongs to the reading line it starts on.
    witness_lines: dict[int, set[int]] = field(default_factory=dict)

    @property
    def kept_share(self) -> float:
        return self.kept_words / self.witness_words if self.witness_words else 1.0


def _soft_equal(w: Word, r: Word) -> bool:
    # A word hyphenated at a line end in the witness may be a real compound: "jack-" / "pot".
    return w.key == r.key or (w.alt != "" and w.alt == r.key)


def _lis(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest run of pairs increasing in both coordinates (pairs come sorted by the first)."""
    tails: list[int] = []  # tails[k]: index in pairs of the smallest end of a run of length k+1
    ends: list[int] = []  # ends[k] = pairs[tails[k]][1]
    prev: list[int] = [-1] * len(pairs)
    for idx, (_, j) in enumerate(pairs):
        k = bisect.bisect_left(ends, j)
        if k > 0:
            prev[idx] = tails[k - 1]
        if k == len(tails):
            tails.append(idx)
            ends.append(j)
        else:
            tails[k] = idx
            ends[k] = j
    run, idx = [], tails[-1] if tails else -1
    while idx >= 0:
        run.append(pairs[idx])
        idx = prev[idx]
    return run[::-1]


def opcodes(a: list[str], b: list[str]) -> list[tuple[str, int, int, int, int]]:
    """difflib-style opcodes for two word lists, computed the "patience" way: words that occur
    once on each side anchor the alignment, and difflib aligns only the short stretches between
    anchors. Much faster than difflib over a whole chapter, and as good on texts this alike.

    >>> opcodes("a b c d".split(), "a x c d".split())
    [('equal', 0, 1, 0, 1), ('replace', 1, 2, 1, 2), ('equal', 2, 4, 2, 4)]
    """
    ca, cb = Counter(a), Counter(b)
    where_b = {t: j for j, t in enumerate(b) if cb[t] == 1}
    anchors = _lis([(i, where_b[t]) for i, t in enumerate(a) if ca[t] == 1 and t in where_b])
    ops: list[list] = []

    def add(tag, i1, i2, j1, j2):
        if i1 == i2 and j1 == j2:
            return
        if ops and ops[-1][0] == tag == "equal":
            ops[-1][2], ops[-1][4] = i2, j2
        else:
            ops.append([tag, i1, i2, j1, j2])

    i0 = j0 = 0
    for ai, bj in anchors + [(len(a), len(b))]:
        if ai > i0 or bj > j0:
            sa, sb = a[i0:ai], b[j0:bj]
            if sa == sb:  # most stretches between anchors are the same words: difflib's answer
                add("equal", i0, ai, j0, bj)
            else:
                for tag, i1, i2, j1, j2 in SequenceMatcher(None, sa, sb, autojunk=False).get_opcodes():
                    add(tag, i0 + i1, i0 + i2, j0 + j1, j0 + j2)
        if ai < len(a):
            add("equal", ai, ai + 1, bj, bj + 1)
        i0, j0 = ai + 1, bj + 1
    return [tuple(op) for op in ops]


def align_reading(witness_lines: list[str], text: ReadingText, witness_id: str) -> Alignment:
    """A reading text aligned with its witness's lines (``text.spans`` of them): a chapter's apparatus,
    which the build keeps in its cache (edition/framework/cache.py) keyed by these arguments."""
    return align(witness_words(witness_lines, text.spans), reading_words(text), path=str(text.path),
                 witness_id=witness_id)


def align(wit: list[Word], read: list[Word], *, path: str, witness_id: str) -> Alignment:
    """Align witness and reading words; raise EditionError where the alignment fails."""
    entries: list[Emendation] = []
    kept = 0

    def context(j1: int, j2: int) -> tuple[str, str]:
        before = " ".join(r.key for r in read[max(0, j1 - CONTEXT_WORDS):j1])
        after = " ".join(r.key for r in read[j2:j2 + CONTEXT_WORDS])
        return before, after

    def emit(i1: int, i2: int, j1: int, j2: int) -> None:
        nonlocal kept
        if i2 - i1 == j2 - j1 and all(_soft_equal(wit[i1 + k], read[j1 + k]) for k in range(i2 - i1)):
            kept += i2 - i1
            return
        # A stretch counts as supplied when editorial brackets stand in it (the alignment may pair a
        # supplied word with its witness twin and leave its neighbour unbracketed, or vice versa).
        supplied = j2 > j1 and any(r.supplied for r in read[j1:j2])
        if i1 == i2:
            kind = "supplied" if supplied else "addition"
        elif j1 == j2:
            kind = "omission"
        else:
            kind = "supplied" if supplied else "correction"
        too_long = j2 - j1 > MAX_BLOCK or (kind == "correction" and i2 - i1 > MAX_BLOCK)
        if kind in ("addition", "correction") and too_long:
            where = read[j1].line if j1 < len(read) else 0
            wline = wit[i1].line if i1 < len(wit) else (wit[-1].line if wit else 0)
            raise EditionError(
                path, where,
                f"cannot align {j2 - j1} words of the reading text with witness {witness_id} "
                f"(near witness line {wline}): "
                f"edition '{' '.join(r.key for r in read[j1:j1 + 8])} …' against "
                f"witness '{' '.join(w.key for w in wit[i1:i1 + 8])} …'",
                "check the 'lines:' spans in the front matter; words the witness lacks must be "
                "marked {supplied: words | evidence}",
            )
        wline = wit[i1].line if i1 < i2 else (wit[i1 - 1].line if i1 > 0 else (wit[0].line if wit else 0))
        tline = read[j1].line if j1 < j2 else (read[j1 - 1].line if j1 > 0 else (read[0].line if read else 0))
        before, after = context(j1, j2)
        entries.append(Emendation(kind, " ".join(w.key for w in wit[i1:i2]),
                                  " ".join(r.key for r in read[j1:j2]), wline, tline, before, after))

    lines: dict[int, set[int]] = {}
    for tag, i1, i2, j1, j2 in opcodes([w.key for w in wit], [r.key for r in read]):
        if tag == "equal":
            for k in range(i2 - i1):
                lines.setdefault(read[j1 + k].line, set()).add(wit[i1 + k].line)
        elif i2 > i1 and read:
            at = read[j1].line if j1 < len(read) else read[-1].line
            lines.setdefault(at, set()).update(w.line for w in wit[i1:i2])
        if tag == "equal":
            kept += i2 - i1
        elif tag == "replace" and i2 - i1 == j2 - j1:
            # Refine word by word, so that soft-equal words (line-end compounds) drop out.
            start = None
            for k in range(i2 - i1):
                same = _soft_equal(wit[i1 + k], read[j1 + k])
                if same:
                    kept += 1
                    if start is not None:
                        emit(i1 + start, i1 + k, j1 + start, j1 + k)
                        start = None
                elif start is None:
                    start = k
            if start is not None:
                emit(i1 + start, i2, j1 + start, j2)
        else:
            emit(i1, i2, j1, j2)
    return Alignment(entries, len(wit), kept, lines)
