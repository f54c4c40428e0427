"""The spelling check: every word of every reading text is in a standard English word list
(Debian's wbritish and wamerican) or in the project's word list of period and poker words
(content/wordlist.txt). A flagged word is either transmission damage left in the text or a
real word of the author's that the project list should hold.

The build checks it (``check``, called by macros/hooks.py): a word in no list stops the build, named
at its first place, so that a new work's names pass or fail the build, not a later test. A project
spell-checks its texts by keeping content/wordlist.txt (a test's small fixture project keeps none).
``scripts/spelling`` prints the flagged words with their places.
"""
from __future__ import annotations

import hashlib
import re
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path

from .errors import EditionError, EditionErrors, refusals
from .reading import read_text_file
from .syntax import plain_text

SYSTEM_LISTS = [Path("/usr/share/dict/british-english"), Path("/usr/share/dict/american-english")]
WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿœŒæÆ]+(?:['’][A-Za-zœæ]+)*(?:-[A-Za-zÀ-ÖØ-öø-ÿœŒæÆ]+(?:['’][A-Za-zœæ]+)*)*")
ROMAN = re.compile(r"^[IVXLCDM]+$")


PROJECT_LIST = "content/wordlist.txt"
INSTALL = "install Debian's word lists: apt-get install wbritish wamerican (make test and make build do)"


def load_words(project_list: Path) -> set[str]:
    words: set[str] = set()
    for path in SYSTEM_LISTS:
        if not path.exists():
            raise FileNotFoundError(f"{path} is missing: {INSTALL}")
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
    texts = [read_text_file(path, root) for path in sorted((root / "content" / "texts").glob("*/*.md"))]
    found = _unknown(((str(t.path), t.body_start, t.body_lines) for t in texts), words)
    return {word: [f"{path}:{line}" for path, line in places] for word, places in found.items()}


def check(texts: Iterable, root: Path, call: Callable = lambda fn, *args: fn(*args)) -> list[EditionError]:
    """The build's spelling check of the reading *texts* (``ReadingText``) of the project under *root*: one
    error a word in no list, at its first place (none when the project keeps no content/wordlist.txt).
    *call* runs the check (``Cache.call``: kept under the texts' lines and the lists' bytes)."""
    project_list = root / PROJECT_LIST
    if not project_list.exists():
        return []
    missing = [path for path in SYSTEM_LISTS if not path.exists()]
    if missing:
        return [EditionError(missing[0], None, "the spelling check of the reading texts needs this word list",
                             INSTALL)]
    lists = hashlib.sha256()
    for path in (*SYSTEM_LISTS, project_list):
        lists.update(hashlib.sha256(path.read_bytes()).digest())
    lines = tuple((str(t.path), t.body_start, tuple(t.body_lines)) for t in texts)
    found = call(flagged_lines, lines, str(project_list), lists.hexdigest())
    causes: dict[str, list[str]] = defaultdict(list)  # a word's forms are one cause: BLACKBRIDGE, Blackbridge’s
    for word in sorted(found, key=lambda w: min(found[w])):
        causes[_stem(word)].append(word)
    errors = []
    for forms in causes.values():
        places = sorted(place for form in forms for place in found[form])
        also = f" (also {', '.join(repr(f) for f in forms[1:])})" if len(forms) > 1 else ""
        n = len(places) - 1
        more = f" (here and in {n} more place{'s' if n > 1 else ''})" if n else ""
        errors.append(EditionError(places[0][0], places[0][1], f"{forms[0]!r}{also} is in no word list{more}",
                                   "correct it if it is damage of the witness (OCR, a split word); if the author "
                                   f"wrote it, add it to {PROJECT_LIST} (in its order)"))
    return errors


def _stem(word: str) -> str:
    """The form a word list would hold: "Blackbridge’s", "BLACKBRIDGE" -> "blackbridge"."""
    w = word.replace("’", "'").lower()
    return w[:-2] if w.endswith("'s") else w[:-1] if w.endswith("s'") else w


def flagged_lines(lines: tuple, project_list: str, lists_digest: str) -> dict[str, list[tuple[str, int]]]:
    """{word: [(file, line), ...]} for every unknown word of *lines*, each a text's (file, first line, body
    lines); *lists_digest* names the word lists' bytes (so that a kept result follows them)."""
    return _unknown(lines, load_words(Path(project_list)))


def _unknown(lines: Iterable, words: set[str]) -> dict[str, list[tuple[str, int]]]:
    found: dict[str, list[tuple[str, int]]] = defaultdict(list)
    judged: dict[str, bool] = {}  # each word looked up once (the texts' some 75,000 tokens are a few thousand words)
    for path, start, body in lines:
        for offset, line in enumerate(body):
            for token in WORD.findall(plain_text(line, Path(path), start + offset)):
                ok = judged.get(token)
                if ok is None:
                    ok = judged[token] = known(token, words)
                if not ok:
                    found[token].append((path, start + offset))
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
