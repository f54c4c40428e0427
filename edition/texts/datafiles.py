"""Reading the edition's data files: the one loader of every YAML file of content/ and of front matter.

Every way a data file can be malformed is an EditionError naming the file, the line and what to do:
a byte that is not UTF-8, YAML that does not parse, a key given twice in one mapping (both lines
named: YAML would keep the second silently), an empty file (a file with nothing to say states it:
``[]`` or ``{}``), a file of the wrong shape (a list where a mapping is read), and raw HTML in any
text of it (T8 of the typography policy: content is text, never markup a browser would run).

>>> parse("a: 1\\nb: [x, y]\\n", "content/x.yml", dict)
{'a': 1, 'b': ['x', 'y']}
>>> parse("a: 1\\nb: 2\\na: 3\\n", "content/x.yml")
Traceback (most recent call last):
...
edition.texts.errors.EditionError: content/x.yml:3: the key 'a' is given twice (first at line 1). What to do: ...
"""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from .errors import EditionError
from .typography import html_problem

_BASES = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])
SHAPES = {dict: "a mapping (key: value lines)", list: "a list ('- ' items)"}


class _Refused(Exception):
    """A problem found while the YAML is constructed: its line (0-based) and the message."""

    def __init__(self, line: int, problem: str, advice: str, first: int | None = None, needle: str = ""):
        # first: the line of the key's first place; needle: the text found, on this line or a later one
        # of a string written over several lines
        self.line, self.problem, self.advice, self.first, self.needle = line, problem, advice, first, needle


def _strict(base: type) -> type:
    """A loader over *base* that refuses a key given twice and raw HTML in a string."""

    class Strict(base):  # type: ignore[misc, valid-type]
        def construct_mapping(self, node, deep=False):
            if isinstance(node, yaml.MappingNode):
                seen: dict[object, int] = {}
                for key_node, _value in node.value:
                    if key_node.tag == "tag:yaml.org,2002:merge":
                        continue
                    key = self.construct_object(key_node, deep=True)
                    try:
                        first = seen.setdefault(key, key_node.start_mark.line)
                    except TypeError:  # an unhashable key: YAML itself refuses it below
                        continue
                    if first != key_node.start_mark.line:
                        raise _Refused(key_node.start_mark.line, f"the key '{key}' is given twice",
                                       "keep one of the two (merge them if both hold something)", first)
            return super().construct_mapping(node, deep=deep)

        def construct_yaml_str(self, node):
            value = super().construct_yaml_str(node)
            problem = html_problem(value)
            if problem:
                raise _Refused(node.start_mark.line, *problem[:2], needle=problem[2])
            return value

    Strict.add_constructor("tag:yaml.org,2002:str", Strict.construct_yaml_str)
    return Strict


_LOADERS = [_strict(base) for base in _BASES]  # the pure-Python one first: it names errors best
_FAST = _LOADERS[-1]


def decode(data: bytes, name: str | Path) -> str:
    """The text of a file's bytes; a byte that is not UTF-8 is an error naming its line.

    >>> decode(b"one\\ntw\\xff\\n", "content/x.yml")
    Traceback (most recent call last):
    ...
    edition.texts.errors.EditionError: content/x.yml:2: byte 0xFF (column 3) is not UTF-8 text. What to do: ...
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        raise EditionError(name, data.count(b"\n", 0, exc.start) + 1,
                           f"byte 0x{data[exc.start]:02X} (column {exc.start - line_start + 1}) is not UTF-8 text",
                           "save the file as UTF-8, retyping the character at that place") from None


def read_text(path: Path, name: str | Path) -> str:
    """A content file's text (UTF-8); *name* is how errors call it (its path in the project)."""
    return decode(Path(path).read_bytes(), name)


def parse(raw: str, name: str | Path, shape: type | None = None, first_line: int = 1, empty_ok: bool = False):
    """The data of one YAML text; *first_line* is the file line of its first line (front matter).

    *shape* (``dict`` or ``list``) is what the file must hold; an empty text is an error unless
    *empty_ok*.
    """
    try:
        data = _load(raw)
    except _Refused as exc:
        problem = exc.problem if exc.first is None else f"{exc.problem} (first at line {exc.first + first_line})"
        lines = raw.split("\n")
        line = next((n for n in range(exc.line, len(lines)) if exc.needle and exc.needle in lines[n]), exc.line)
        raise EditionError(name, line + first_line, problem, exc.advice) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        what = " ".join(str(p) for p in (getattr(exc, "context", None), getattr(exc, "problem", None)) if p) or str(exc)
        raise EditionError(name, (mark.line + first_line) if mark else None, f"not valid YAML ({what})",
                           "fix the YAML at that line (quote a value that holds ': ' or starts with a quote, "
                           "indent the lines of one entry alike)") from None
    if data is None and not empty_ok:
        expected = f" ({'{}' if shape is dict else '[]'} if there are none)" if shape else ""
        raise EditionError(name, first_line, "the file holds no data", f"write its entries{expected}; "
                           "an empty file is refused so that a lost file never passes as an empty one")
    if shape is not None and data is not None and not isinstance(data, shape):
        raise EditionError(name, _first_data_line(raw) + first_line - 1, f"the file holds "
                           f"{_kind(data)}, not {SHAPES[shape]}", "see the comment at the top of the file "
                           "(or content/EDITING.md) for what it holds")
    return data


def _load(raw: str):
    try:
        return yaml.load(raw, Loader=_FAST)  # noqa: S506 (a safe loader)
    except _Refused:
        raise
    except yaml.YAMLError:
        if _FAST is _LOADERS[0]:
            raise
    return yaml.load(raw, Loader=_LOADERS[0])  # noqa: S506 (the pure-Python parser names the problem)


def _kind(data: object) -> str:
    if isinstance(data, dict):
        return "a mapping"
    if isinstance(data, list):
        return "a list"
    return f"a single value ({str(data)[:40]!r})"


def _first_data_line(raw: str) -> int:
    for n, line in enumerate(raw.splitlines(), 1):
        if line.strip() and not line.lstrip().startswith("#"):
            return n
    return 1


def load_file(path: Path, name: str | Path, shape: type | None = None):
    """Read and parse one data file; a missing file is an error naming it."""
    path = Path(path)
    if not path.exists():
        raise EditionError(name, None, "the file is missing", "restore it (git checkout it); every data "
                           "file the edition reads must exist")
    return parse(read_text(path, name), name, shape)


def entry_start(raw: str, cursor: int = 0) -> tuple[int, int]:
    """Where the next entry of a list file begins at or after *cursor* (a "- " at the start of a
    line, comments skipped): (its offset, or -1, and its line).

    >>> entry_start("# - not: this\\n- slug: a\\n  laws: [1]\\n- slug: b\\n", 0)
    (14, 2)
    """
    for m in re.finditer(r"^- ", raw[cursor:], flags=re.M):
        at = cursor + m.start()
        return at, raw.count("\n", 0, at) + 1
    return -1, 1


def field_line(raw: str, name: str, at: int, line: int) -> int:
    """The line of the field *name* of the entry that begins at *at* (line *line*); the entry's own
    line when the field is absent (or *name* is empty).

    >>> field_line("- slug: a\\n  laws: [1]\\n- slug: b\\n  laws: [2]\\n", "laws", 22, 3)
    4
    >>> field_line("- slug: a\\n- slug: b\\n  laws: [2]\\n", "laws", 0, 1)
    1
    """
    if not name or at < 0:
        return line
    end = raw.find("\n- ", at + 1)
    found = raw.find(f"{name}:", at, end if end >= 0 else len(raw))
    return raw.count("\n", 0, found) + 1 if found >= 0 else line
