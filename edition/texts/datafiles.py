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

import os
import re
import stat
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from . import html_policy
from .errors import EditionError, EditionErrors
from .schemas import Schema, Tree, compile_schema, missing_schema, schema_name
from .typography import html_problem

MAX_DIGITS = 18  # a whole number of content is a count, a law, a seed: none needs more digits
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

        def construct_yaml_int(self, node):
            digits = sum(c.isdigit() for c in str(node.value))
            if digits > MAX_DIGITS:  # Python refuses to read an integer of more than 4,300 digits, with a traceback
                raise _Refused(node.start_mark.line,
                               f"a number of {digits:,} digits, more than any count of the edition needs",
                               f"write a number of at most {MAX_DIGITS} digits (quote it if it is text)")
            return super().construct_yaml_int(node)

        def construct_yaml_str(self, node):
            value = super().construct_yaml_str(node)
            problem = html_problem(value)
            if problem:
                raise _Refused(node.start_mark.line, *problem[:2], needle=problem[2])
            return value

    Strict.add_constructor("tag:yaml.org,2002:str", Strict.construct_yaml_str)
    Strict.add_constructor("tag:yaml.org,2002:int", Strict.construct_yaml_int)
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
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        raise EditionError(name, data.count(b"\n", 0, exc.start) + 1,
                           f"byte 0x{data[exc.start]:02X} (column {exc.start - line_start + 1}) is not UTF-8 text",
                           "save the file as UTF-8, retyping the character at that place") from None
    found = INVISIBLE.search(text)
    if found:
        raise invisible(text, found.start(), name)
    return text


#: Characters refused in every file of content/ but the verbatim witnesses: controls (NUL, a carriage
#: return, C1), the bidirectional controls that reorder what a reader sees (U+202E), the invisible
#: ones (zero-width spaces and joiners, the soft hyphen, word joiners, tags) and the byte-order mark.
#: A tab and the line feed are the only controls a content file holds.
INVISIBLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e"
                       "\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2064\u2066-\u206f\u3164\ufeff"
                       "\ufff9-\ufffb\U000e0000-\U000e007f]")


def invisible(text: str, at: int, name: str | Path) -> EditionError:
    """The error of the invisible or control character at *at* of *text*, naming its code point.

    >>> str(invisible("one\\ntw\\u202eo", 6, "content/x.yml"))  # doctest: +ELLIPSIS
    'content/x.yml:2: an invisible character, U+202E RIGHT-TO-LEFT OVERRIDE (column 3). What to do: delete it...'
    """
    char = text[at]
    line_start = text.rfind("\n", 0, at) + 1
    what = "a control character" if unicodedata.category(char) == "Cc" else "an invisible character"
    label = unicodedata.name(char, "") or {"\x00": "NULL", "\r": "CARRIAGE RETURN"}.get(char, "")
    if char == "\ufeff" and at == 0:
        label = "BYTE ORDER MARK"
    if char == "\ufeff" and at == 0:
        advice = "save the file as UTF-8 without a byte-order mark (BOM)"
    elif char == "\r":
        advice = "save the file with Unix line ends (LF only, not CR LF)"
    else:
        advice = ("delete it (retype the words round it if it cannot be selected): such a character changes "
                  "what a reader sees, or how a search or a link reads the text, without showing")
    return EditionError(name, text.count("\n", 0, at) + 1,
                        f"{what}, U+{ord(char):04X}{' ' + label if label else ''} (column {at - line_start + 1})",
                        advice)


def read_text(path: Path, name: str | Path) -> str:
    """A content file's text (UTF-8, no invisible or control character); *name* is how errors call it
    (its path in the project). A folder or a special file (a named pipe ...) where the file belongs is
    named, never opened."""
    path = Path(path)
    problem = not_a_file(path, name)
    if problem:
        raise problem
    return decode(path.read_bytes(), name)


SPECIAL = {stat.S_IFIFO: "a named pipe", stat.S_IFSOCK: "a socket", stat.S_IFCHR: "a device",
           stat.S_IFBLK: "a device"}


def not_a_file(path: Path, name: str | Path, folder_ok: bool = False) -> EditionError | None:
    """Why the file *name* (at *path*) cannot be read as a file of content/, if it cannot: a symbolic link to
    nothing or out of the repository, a folder, a special file (a named pipe would make a reader wait for
    ever). The walk of content/ and site_src/ (edition/texts/files.py) says the same, word for word, of every
    file (naming the folder it stands in)."""
    top = Path(name).parts[0] if Path(name).parts[0] in ("content", "site_src") else "content"
    if path.is_symlink():
        target = Path(os.path.realpath(path))
        root = Path(os.path.realpath(path.parents[len(Path(name).parts) - 1]))  # path = root / name
        if not target.exists():
            return EditionError(name, None, "a symbolic link to nothing", "remove it, or put the file itself in its "
                                "place")
        if root not in target.parents:
            return EditionError(name, None, f"a symbolic link leading outside the repository ({target})",
                                f"put the file itself in {top}/: the edition publishes only what the repository "
                                "holds")
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return EditionError(name, None, "the file is missing", "restore the file (git checkout it)")
    if stat.S_ISDIR(mode):
        if folder_ok:
            return None
        return EditionError(name, None, "a folder where the file belongs", "put the file in its place: move the "
                            "folder away (or its file out of it)")
    kind = SPECIAL.get(stat.S_IFMT(mode))
    if kind:
        return EditionError(name, None, f"{kind}, not a file", f"remove it: {top}/ holds only files and folders")
    return None


def parse(raw: str, name: str | Path, shape: type | None = None, first_line: int = 1, empty_ok: bool = False,
          schema: Schema | None = None):
    """The data of one YAML text; *first_line* is the file line of its first line (front matter).

    *shape* (``dict`` or ``list``) is what the file must hold; an empty text is an error unless
    *empty_ok*; *schema* (``schemas.Schema``) what it may hold: every way the data breaks it is
    reported at once (EditionErrors).
    """
    try:
        _no_anchors(raw)
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
    if schema is not None and data is not None:
        problems = schema.check(data, raw, name, first_line) or html_problems(data, raw, name, first_line)
        if problems:
            raise EditionErrors(problems)
    return data


def html_problems(data, raw: str, name: str | Path, first_line: int = 1) -> list[EditionError]:
    """Every text of a data file that the HTML policy refuses (edition/texts/html_policy.py: the editors'
    prose, which may link to an https: address), at its line."""
    found = []
    for path, text in _texts(data, ()):
        what = html_policy.problem(text, editors=True)
        if what:
            tree = Tree(raw, first_line)
            found.append(EditionError(name, tree.line(tree.nodes(list(path))[1]), f"{what} in the text, which the "
                                      "HTML policy refuses", html_policy.ADVICE[True]))
    return found


def _texts(data, path: tuple):
    """Every string in *data*, with its path."""
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _texts(value, (*path, key))
    elif isinstance(data, list):
        for n, value in enumerate(data):
            yield from _texts(value, (*path, n))


def _no_anchors(raw: str) -> None:
    """A YAML anchor (&name) or alias (*name) is refused where it stands: an alias makes one entry stand
    in several places unseen, and aliases nested a few deep make a small file expand past any memory."""
    if "&" not in raw:  # an alias needs an anchor; most files have no '&' at all
        return
    try:
        for event in yaml.parse(raw, Loader=_FAST):
            anchor = getattr(event, "anchor", None)
            if anchor is not None:
                sign = "*" if isinstance(event, yaml.AliasEvent) else "&"
                raise _Refused(event.start_mark.line, f"a YAML {'alias' if sign == '*' else 'anchor'} "
                               f"({sign}{anchor})", "write the value out in full where it is used: anchors and "
                               "aliases are refused")
    except yaml.YAMLError:
        return  # YAML that does not parse: the loader names the problem as it always does


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


def load_file(root: Path, name: str, shape: type | None = None):
    """Read, parse and check against its schema the data file *name* of the project at *root*; a missing
    file is an error naming it."""
    path = Path(root) / name
    if not path.exists():
        raise EditionError(name, None, "the file is missing", "restore it (git checkout it); every data "
                           "file the edition reads must exist")
    return parse(read_text(path, name), name, shape, schema=schema_for(root, name))


def schema_for(root: Path, name: str | Path) -> Schema:
    """The schema of the data file *name* of the project at *root* (``schemas.schema_name``); a data file
    without one is an error naming it, so that no data file is read unchecked."""
    where = schema_name(name)
    path = Path(root) / where
    if not path.is_file():
        raise missing_schema(name)
    return _schema(where, path.read_bytes())


@lru_cache(maxsize=64)
def _schema(where: str, data: bytes) -> Schema:
    return compile_schema(where, parse(decode(data, where), where, dict))


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


Checked = tuple[Any, str, str, str]  # (the thing made, or None with the problem, the advice and its field)


def checked_entries(name: str, raw: str, data: list, check: Callable[[Any], Checked], key: Callable[[Any], str],
                    twice: Callable[[Any, int], tuple[str, str]]) -> tuple[list, list[EditionError]]:
    """The entries of a list file (*name*, its text *raw* parsed as *data*, its schema kept), each made by
    *check* or refused at the line of the field at fault, and at most one for each *key*: a second is
    refused at its line with *twice*(the thing, the first one's line) -> (problem, advice). The
    thesaurus is read so (edition/sources/synonyms.py); the situations, a mapping of three lists whose
    checks place several problems an entry by the path of each value, place them with the file's
    tree instead (edition/sources/situations.py).

    >>> check = lambda item: (item["slug"], "", "", "") if item["slug"] != "x" else (None, "no x", "not x", "slug")
    >>> made, errors = checked_entries("f.yml", "- slug: a\\n- slug: x\\n- slug: a\\n", [{"slug": "a"}, {"slug": "x"},
    ...     {"slug": "a"}], check, str, lambda a, first: (f"{a} twice", f"see line {first}"))
    >>> made, [str(e) for e in errors]
    (['a'], ['f.yml:2: no x. What to do: not x', 'f.yml:3: a twice. What to do: see line 1'])
    """
    made: list = []
    errors: list[EditionError] = []
    first: dict[str, int] = {}
    cursor = 0
    for item in data:
        at, line = entry_start(raw, cursor)
        cursor = at + 1 if at >= 0 else cursor
        thing, problem, advice, field_name = check(item)
        if thing is None:
            errors.append(EditionError(name, field_line(raw, field_name, at, line), problem, advice))
            continue
        k = key(thing)
        if k in first:
            errors.append(EditionError(name, line, *twice(thing, first[k])))
            continue
        first[k] = line
        made.append(thing)
    return made, errors
