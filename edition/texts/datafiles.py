"""Reading the edition's data files: the one loader of every YAML file of content/ and of front matter.

Every way a data file can be malformed is an EditionError naming the file, the line and what to do:
a byte that is not UTF-8, YAML that does not parse, a key given twice in one mapping (both lines
named: YAML would keep the second silently), an empty file (a file with nothing to say states it:
``[]`` or ``{}``), a file of the wrong shape (a list where a mapping is read), and raw HTML in any
text of it (T8 of the typography policy: content is text, never markup a browser would run).

**One rule for text, wherever it comes from** (``text_problem``): every string YAML (or a snapshot's
JSON) decodes is held to the rule the file's own characters are (``decode``), since an escape writes a
character the file does not show (``"\\e"``, ``"\\u202e"``, ``"\\ud800"``): no invisible or control character,
no lone surrogate; no line break (a text of content is one line: a ``|`` block or a ``"\\n"`` would
begin a block of the page it is set in, or a tag of a citation file); no character reference
(``&eacute;``, ``&#x202E;``: typed as the character itself, since a reference is shown as its letters
wherever the text is not HTML). Each is named by its code point, at the line that writes it.

>>> parse("a: 1\\nb: [x, y]\\n", "content/x.yml", dict)
{'a': 1, 'b': ['x', 'y']}
>>> parse("a: 1\\nb: 2\\na: 3\\n", "content/x.yml")
Traceback (most recent call last):
...
edition.texts.errors.EditionError: content/x.yml:3: the key 'a' is given twice (first at line 1). What to do: ...

A file whose entries are budgeted (edition/texts/budgets.py, ENTRIES: the situations, the thesaurus) is
refused past its budget, at its first entry over it.
"""
from __future__ import annotations

import html
import os
import re
import stat
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from . import budgets, html_policy
from .errors import EditionError, EditionErrors
from .schemas import Schema, Tree, compile_schema, missing_schema, schema_name
from .typography import html_problem

MAX_DIGITS = 18  # a whole number of content is a count, a law, a seed: none needs more digits
_BASES = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])
SHAPES = {dict: "a mapping (key: value lines)", list: "a list ('- ' items)"}


class _Refused(Exception):
    """A problem found while the YAML is constructed: its line (0-based) and the message."""

    def __init__(self, line: int, problem: str, advice: str, first: int | None = None,
                 needle: str | re.Pattern = "", last: int | None = None):
        # first: the line of the key's first place; needle: the text found (or a pattern of how the file
        # writes it), on this line or a later one of a string written over several lines, up to *last*
        self.line, self.problem, self.advice, self.first, self.needle = line, problem, advice, first, needle
        self.last = last


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
            problem = text_problem(value) or html_problem(value)
            if problem:
                raise _Refused(node.start_mark.line, *problem[:2], needle=problem[2], last=node.end_mark.line)
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


INVISIBLE_ADVICE = ("delete it (retype the words round it if it cannot be selected): such a character changes "
                    "what a reader sees, or how a search or a link reads the text, without showing")

#: The controls' names (Unicode gives them none): the C0 set, DELETE and the C1 set's commonest.
_CONTROL_NAMES = dict(zip(
    [*map(chr, range(0x20)), "\x7f", "\x85"],
    "NULL,START OF HEADING,START OF TEXT,END OF TEXT,END OF TRANSMISSION,ENQUIRY,ACKNOWLEDGE,BELL,BACKSPACE,"
    "CHARACTER TABULATION,LINE FEED,LINE TABULATION,FORM FEED,CARRIAGE RETURN,SHIFT OUT,SHIFT IN,DATA LINK ESCAPE,"
    "DEVICE CONTROL ONE,DEVICE CONTROL TWO,DEVICE CONTROL THREE,DEVICE CONTROL FOUR,NEGATIVE ACKNOWLEDGE,"
    "SYNCHRONOUS IDLE,END OF TRANSMISSION BLOCK,CANCEL,END OF MEDIUM,SUBSTITUTE,ESCAPE,INFORMATION SEPARATOR FOUR,"
    "INFORMATION SEPARATOR THREE,INFORMATION SEPARATOR TWO,INFORMATION SEPARATOR ONE,DELETE,NEXT LINE".split(","),
    strict=True))


def code_point(char: str) -> str:
    """A character as a message names it: its code point and its Unicode name.

    >>> code_point("\\u202e"), code_point("\\x1b"), code_point("\\u0430")
    ('U+202E RIGHT-TO-LEFT OVERRIDE', 'U+001B ESCAPE', 'U+0430 CYRILLIC SMALL LETTER A')
    """
    code = ord(char)
    label = _CONTROL_NAMES.get(char) or unicodedata.name(char, "")
    return f"U+{code:04X}{' ' + label if label else ''}"


def _what(char: str) -> str:
    """What kind of character the rule refuses *char* as."""
    if 0xD800 <= ord(char) <= 0xDFFF:
        return "a lone surrogate (half of a character, which no UTF-8 file can hold)"
    return "a control character" if unicodedata.category(char) == "Cc" else "an invisible character"


def invisible(text: str, at: int, name: str | Path) -> EditionError:
    """The error of the invisible or control character at *at* of *text*, naming its code point.

    >>> str(invisible("one\\ntw\\u202eo", 6, "content/x.yml"))  # doctest: +ELLIPSIS
    'content/x.yml:2: an invisible character, U+202E RIGHT-TO-LEFT OVERRIDE (column 3). What to do: delete it...'
    """
    char = text[at]
    line_start = text.rfind("\n", 0, at) + 1
    label = code_point(char)
    if char == "\ufeff" and at == 0:
        label = "U+FEFF BYTE ORDER MARK"
    if char == "\ufeff" and at == 0:
        advice = "save the file as UTF-8 without a byte-order mark (BOM)"
    elif char == "\r":
        advice = "save the file with Unix line ends (LF only, not CR LF)"
    else:
        advice = INVISIBLE_ADVICE
    return EditionError(name, text.count("\n", 0, at) + 1, f"{_what(char)}, {label} (column {at - line_start + 1})",
                        advice)


#: What the one rule for text refuses in a decoded string (beside INVISIBLE): a lone surrogate (an
#: escape "\\ud800" writes one; no UTF-8 file can), and the line feed (a text of content is one line).
_DECODED = re.compile(INVISIBLE.pattern[:-1] + "\ud800-\udfff\n]")
#: A character reference of HTML: named (&eacute;), decimal (&#233;) or hexadecimal (&#xE9;).
CHARACTER_REFERENCE = re.compile(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")
#: The escapes of YAML's double-quoted strings (and JSON's) that name a character by a letter.
_NAMED_ESCAPES = {"\x00": "0", "\x07": "a", "\x08": "b", "\x0b": "v", "\x0c": "f", "\r": "r", "\x1b": "e",
                  "\x85": "N", "\u2028": "L", "\u2029": "P", "\n": "n"}


def _escapes(char: str) -> re.Pattern:
    """How a data file may write *char* with an escape (YAML's double-quoted "\\x1b", "\\u202e", "\\U0000202e",
    "\\e"; JSON's "\\u202e"): to find the line that writes it."""
    code = ord(char)
    forms = [rf"\\U{code:08x}"] + ([rf"\\u{code:04x}"] if code <= 0xFFFF else []) + \
        ([rf"\\x{code:02x}"] if code <= 0xFF else [])
    named = [rf"\\{re.escape(_NAMED_ESCAPES[char])}"] if char in _NAMED_ESCAPES else []
    return re.compile("|".join([f"(?i:{form})" for form in forms] + named))


def text_problem(value: str, lines: bool = False) -> tuple[str, str, re.Pattern] | None:
    """What the one rule for text refuses in *value*, a string of content as YAML or JSON decoded it
    (the file's own characters were held to it already: ``decode``): (the problem, what to do, a
    pattern of how the file writes it, to find its line), or None. With *lines*, a line break is allowed
    (a version's snapshot stores a list's or a table's text on its lines).

    >>> for text in ("a\\u202eb", "x\\n", "caf&eacute;", "a&#8238;b"):
    ...     print(text_problem(text)[0])
    an invisible character, U+202E RIGHT-TO-LEFT OVERRIDE
    a line break in the text
    a character reference (&eacute;) in the text
    a character reference (&#8238;) to an invisible character, U+202E RIGHT-TO-LEFT OVERRIDE
    >>> text_problem("Caf\\u00e9 & Co; 2 < 3") is None
    True
    """
    found = (INVISIBLE if lines else _DECODED).search(value)
    if found and found[0] == "\n":
        return ("a line break in the text", "write the text on one line (a folded block, >-, keeps none): a line "
                "break would begin a new block of the page it is set in, or a new tag of a citation file",
                _escapes("\n"))
    if found:
        return f"{_what(found[0])}, {code_point(found[0])}", INVISIBLE_ADVICE, _escapes(found[0])
    ref = CHARACTER_REFERENCE.search(value)
    if ref:
        char = html.unescape(ref[0])
        if len(char) == 1 and (_DECODED.search(char) or not char.isprintable()):  # a reference to what is refused
            return (f"a character reference ({ref[0]}) to {_what(char)}, {code_point(char)}", INVISIBLE_ADVICE,
                    re.compile(re.escape(ref[0])))
        shown = f" ({char})" if char != ref[0] and not _DECODED.search(char) and char.isprintable() else ""
        return (f"a character reference ({ref[0]}) in the text",
                f"type the character itself{shown}: content is text, and a reference would be shown as its "
                "letters wherever the text is not HTML (the downloads, the citations)", re.compile(re.escape(ref[0])))
    return None


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
        line, written = written_at(raw.split("\n"), exc.needle, exc.line, exc.last)
        if written and written.group(0).startswith("\\"):  # an escape: as the file writes it, and where
            problem += f", written {written.group(0)} (column {written.start() + 1})"
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
    entries = budgets.entries_of(str(name), data)
    if entries is not None and budgets.over_entries(str(name), len(entries)):
        _what, budget = budgets.over_entries(str(name), len(entries))
        if entries is data:
            at, line = -1, None
            for _ in range(budget + 1):  # the first entry over the budget
                at, line = entry_start(raw, at + 1)
            line = line if at >= 0 else None
        else:  # a list under a key: its first entry over the budget, where the YAML puts it
            node = next(v for k, v in yaml.compose(raw).value if k.value == budgets.ENTRIES_UNDER[str(name)])
            line = node.value[budget].start_mark.line + first_line
        raise budgets.entries_error(str(name), len(entries), line)
    return data


def written_at(lines: list[str], needle: str | re.Pattern, first: int, last: int | None = None
               ) -> tuple[int, re.Match | None]:
    """Where *needle* (text, or a pattern of how a file writes it) stands among *lines* (0-based), from line
    *first* to *last* (the lines of one YAML value: a text written over several lines names the line
    that holds the fault, not its first); *first* and no match where it stands on none of them."""
    if not needle:
        return first, None
    pattern = needle if isinstance(needle, re.Pattern) else re.compile(re.escape(needle))
    end = len(lines) - 1 if last is None else min(last, len(lines) - 1)
    for n in range(first, end + 1):
        found = pattern.search(lines[n])
        if found:
            return n, found
    return first, None


def html_problems(data, raw: str, name: str | Path, first_line: int = 1) -> list[EditionError]:
    """Every text of a data file that the HTML policy refuses (edition/texts/html_policy.py: the editors'
    prose, which may link to an https: address), at the line of the value that holds what it refuses."""
    found = []
    for path, text in _texts(data, ()):
        what = html_policy.problem(text, editors=True)
        if what:
            tree = Tree(raw, first_line)
            node = tree.nodes(list(path))[1]
            line = tree.line(node)
            if node is not None:
                at, _ = written_at(raw.split("\n"), html_policy.needle(what), node.start_mark.line,
                                   node.end_mark.line)
                line = at + first_line
            found.append(EditionError(name, line, f"{what} in the text, which the HTML policy refuses",
                                      html_policy.ADVICE[True]))
    return found


def text_problems(data, raw: str, name: str | Path) -> list[EditionError]:
    """Every text of a file that JSON decoded (a version's snapshot: its texts may hold lines) that the one
    rule for text refuses (``text_problem``), keys too, at the line that writes it."""
    found = []
    lines = raw.split("\n")
    for path, text in _texts(data, ()):
        for each in (*(str(p) for p in path if isinstance(p, str)), text):
            problem = text_problem(each, lines=True)
            if problem:
                line, written = written_at(lines, problem[2], 0)
                where = f", written {written.group(0)} (column {written.start() + 1})" if written and \
                    written.group(0).startswith("\\") else ""
                found.append(EditionError(name, line + 1 if written else None, problem[0] + where, problem[1]))
                break
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
