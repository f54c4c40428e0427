"""The spelling check: every word of every reading text is in a standard English word list
(Debian's wbritish and wamerican) or in the project's word list of period and poker words
(content/wordlist.txt). A flagged word is either transmission damage left in the text or a
real word of the author's that the project list should hold.

``scripts/spelling`` prints the flagged words with their places.
"""
from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

from .errors import EditionError, EditionErrors, refusals
from .reading import read_text_file
from .syntax import plain_text

SYSTEM_LISTS = [Path("/usr/share/dict/british-english"), Path("/usr/share/dict/american-english")]
WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿœŒæÆ]+(?:['’][A-Za-zœæ]+)*(?:-[A-Za-zÀ-ÖØ-öø-ÿœŒæÆ]+(?:['’][A-Za-zœæ]+)*)*")
ROMAN = re.compile(r"^[IVXLCDM]+$")


def load_words(project_list: Path) -> set[str]:
    words: set[str] = set()
    for path in SYSTEM_LISTS:
        if not path.exists():
            raise FileNotFoundError(f"{path} is missing: install Debian's wbritish and wamerican "
                                    "(make test does)")
        words.update(w.strip() for w in path.read_text(encoding="utf-8").splitlines())
    if project_list.exists():
        words.update(w.strip() for w in project_list.read_text(encoding="utf-8").splitlines()
                     if w.strip() and not w.startswith("#"))
    return words


def known(word: str, words: set[str]) -> bool:
    """Is *word* in the lists, in any of its usual forms? A hyphenated compound passes if it is
    listed whole, listed without its hyphens, or made of known parts ("mis-used", "jack-pot").

    >>> known("mis-used", {"misused"}), known("jack-pot", {"jack", "pot"}), known("ofa-kind", {"kind"})
    (True, True, False)
    """
    w = word.replace("’", "'")
    if "-" in w and not _known_one(w, words):
        return _known_one(w.replace("-", ""), words) or all(_known_one(p, words) for p in w.split("-"))
    return _known_one(w, words)


def _known_one(w: str, words: set[str]) -> bool:
    candidates = {w, w.lower(), w.capitalize()}
    for c in list(candidates):
        if c.endswith("'s"):
            candidates.add(c[:-2])
        if c.endswith("s'"):
            candidates.add(c[:-1])
    if any(c in words for c in candidates):
        return True
    return bool(ROMAN.match(w))


def flagged(root: Path, words: set[str]) -> dict[str, list[str]]:
    """{word: [file:line, ...]} for every unknown word in the reading texts."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted((root / "content" / "texts").glob("*/*.md")):
        text = read_text_file(path, root)
        for offset, line in enumerate(text.body_lines):
            lineno = text.body_start + offset
            plain = plain_text(line, text.path, lineno)
            for token in WORD.findall(plain):
                if not known(token, words):
                    found[token].append(f"{text.path}:{lineno}")
    return dict(found)


def main() -> int:
    root = Path(__file__).resolve().parents[2]
    try:
        result = flagged(root, load_words(root / "content" / "wordlist.txt"))
    except (EditionError, EditionErrors) as e:  # a reading text the build refuses: its messages, not a traceback
        for error in refusals(e):
            print(error, file=sys.stderr)
        return 2
    for word, places in sorted(result.items(), key=lambda kv: kv[0].lower()):
        print(f"{word}\t{len(places)}\t{', '.join(places[:3])}")
    print(f"{len(result)} words flagged", file=sys.stderr)
    return 1 if result else 0


if __name__ == "__main__":
    sys.exit(main())
