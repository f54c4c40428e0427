"""Errors in the edition's input. Each names the file, the line and what to do about it.

A message shows what is there, whatever it quotes: it is one line, every character that does not print
written as its escape (a line break in a file's name does not split it, an escape sequence in a value
does not reach the terminal, a bidirectional control reverses nothing); a file's name that is not plain
is quoted; and a letter of another script inside a Latin word (a Cyrillic а in a slug) is named by its
code point (edition/texts/shown.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .shown import code_points, lookalikes, printable


@dataclass
class EditionError(Exception):
    """Bad input in content/: stops the build with a message naming file, line and the fix.

    >>> str(EditionError("content/texts/foster/03-laws.md", 12, "unknown markup {foo}", "use one of ..."))
    'content/texts/foster/03-laws.md:12: unknown markup {foo}. What to do: use one of ...'
    """

    path: str | Path
    line: int | None
    problem: str
    advice: str

    def __str__(self) -> str:
        path = shown_path(self.path)
        where = f"{path}:{self.line}" if self.line else path
        problem = self.problem + lookalikes(f"{path} {self.problem}")
        return printable(f"{where}: {problem}. What to do: {self.advice}")


#: A name shown as it is: printable ASCII without a space or a quotation mark (a character no name may
#: hold is named already as <U+XXXX> by files.shown); any other is quoted, what does not print escaped.
PLAIN_PATH = re.compile(r"[!-~]+")


def shown_path(path: str | Path) -> str:
    r"""A file's name as a message shows it: as it is when plain (letters, digits, - _ . /), else quoted,
    what does not print escaped and every character beyond ASCII named by its code point.

    >>> shown_path("content/texts/foster/03-laws.md"), shown_path("site_src/edition<U+202E>.js")
    ('content/texts/foster/03-laws.md', 'site_src/edition<U+202E>.js')
    >>> print(shown_path("content/texts/foster/03-laws\n.md"), shown_path("content/texts/foster/03-lаws.md"))
    'content/texts/foster/03-laws\n.md' 'content/texts/foster/03-lаws.md' (U+0430 CYRILLIC SMALL LETTER A)
    """
    text = str(path)
    if PLAIN_PATH.fullmatch(text) and not re.search("[\"']", text):
        return text
    named = code_points(text)
    return f"'{printable(text)}'" + (f" ({named})" if named else "")


class EditionErrors(Exception):
    """Several EditionError at once: the build prints them all, then stops (sorted by file and line,
    each once)."""

    def __init__(self, errors: list[EditionError]):
        unique = {str(e): e for e in errors}
        self.errors = sorted(unique.values(), key=lambda e: (str(e.path), e.line or 0))
        super().__init__("\n".join(str(e) for e in self.errors))


def refusals(exc: EditionError | EditionErrors) -> list[EditionError]:
    """The errors one exception carries (one, or several from one file)."""
    return list(exc.errors) if isinstance(exc, EditionErrors) else [exc]


def line_of(raw: str, needle: str, limit: int | None = None) -> int | None:
    """The first line of a data file's text that holds *needle* (its first *limit* characters,
    for long quotations that a YAML file may fold), for error messages that name the line.

    >>> line_of("a: 1\\nb: 2\\n", "b:")
    2
    """
    needle = needle.strip()[:limit]
    at = raw.find(needle) if needle else -1
    if at < 0:
        return None
    if "\n" not in needle and _newline_only(raw):  # the first place it stands is on the first line that holds it
        return raw.count("\n", 0, at) + 1
    for n, line in enumerate(_lines(raw), 1):
        if needle in line:
            return n
    return None


def key_line(raw: str, key: str) -> int | None:
    """The line of a data file's text where the top-level *key* is given (not a comment that names it).

    >>> key_line("# version: raised when ...\\nversion: '1.1'\\n", "version")
    2
    """
    return next((n for n, line in enumerate(_lines(raw), 1) if line.startswith(f"{key}:")), None)


@lru_cache(maxsize=8)
def _newline_only(raw: str) -> bool:
    """Whether only "\\n" ends lines in *raw* (str.splitlines knows eight other line ends)."""
    return not any(end in raw for end in "\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")


@lru_cache(maxsize=8)
def _lines(raw: str) -> tuple[str, ...]:
    """A data file's lines, split once however many errors and claims ask."""
    return tuple(raw.splitlines())
