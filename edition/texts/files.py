"""The files of content/ and site_src/, walked by rule before anything is read.

- ``content/texts/`` holds one folder a work, and a work's folder holds only reading texts named
  ``NN-slug.md``: any other file (``03-laws.markdown``, ``notes.txt``, a stray file beside the work
  folders) or a folder inside a work's folder is named and refused, never skipped in silence.
- A data file (``*.yml``, ``*.json``) has a schema (``content/schemas/``, edition/texts/schemas.py);
  a ``*.yaml`` file is named (the edition's data files end in ``.yml``).
- No symbolic link leads outside the repository, or to nothing; no special file (a named pipe, a
  socket, a device) stands anywhere: it is named, never opened (reading a named pipe would wait for
  ever).

- No file or folder name holds an invisible or a control character (a tab, a line break, a
  zero-width space, a right-to-left override ...): it is named by its code point, and the name is
  shown with the character written as ``<U+200B>``, never raw (a line break would split the message,
  an escape sequence reach the terminal).

``site_src/`` (the hand-written pages and the site's own scripts and styles, which MkDocs publishes
as they are) is walked by the same rules but the placing of reading texts and data files: a link
out of the repository would publish a file from elsewhere, a named pipe would hang the build.

The walk does not follow a link to a folder, and it reads no file's content: ``datafiles.read_text``
refuses a folder or a special file where a file is read, and every character that is invisible or a
control (``datafiles.decode``). It is quick (no file is opened), and runs at every build, before the
cache is asked for a prepared edition (edition/site/prepared.py): a pipe or a link has no content
for the cache's key to see.
"""
from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

from .datafiles import INVISIBLE, not_a_file
from .errors import EditionError
from .reading import FILENAME
from .schemas import SCHEMA_DIR, missing_schema, schema_name

TEXTS = "content/texts"
SITE_SRC = "site_src"  # mkdocs.yml's docs_dir
#: What no file name may hold: the characters no content file may hold, and the tab and line feed.
NAME_REFUSED = re.compile(f"{INVISIBLE.pattern[:-1]}\t\n]")


def walk(root: Path) -> tuple[dict[str, list[Path]], list[EditionError]]:
    """The reading texts of each work folder (sorted), and every file of content/ and site_src/ that
    breaks a rule."""
    root = Path(root)
    errors: list[EditionError] = []
    texts: dict[str, list[Path]] = {}
    for folder in ("content", SITE_SRC):
        for path in sorted(_every(root / folder)):
            rel = path.relative_to(root).as_posix()
            named = badly_named(rel)
            if named:
                errors.append(named)
                if not path.is_dir() or path.is_symlink():
                    continue
                # A folder badly named: what it holds is walked as if its name were typed without the
                # character, so that its files are not reported again (as missing, or misplaced).
            problem = not_a_file(path, shown(rel), folder_ok=True)
            if problem:
                errors.append(problem)
                continue
            if folder == "content" and not named:
                errors.extend(_placed(NAME_REFUSED.sub("", rel), path.is_dir(), texts, path, root))
    for paths in texts.values():
        paths.sort()
    return texts, errors


# The names of the controls a name is likeliest to hold (Unicode gives a control no name of its own).
CONTROLS = {"\0": "NULL", "\t": "CHARACTER TABULATION", "\n": "LINE FEED", "\r": "CARRIAGE RETURN",
            "\x1b": "ESCAPE", "\x7f": "DELETE"}


def shown(name: str) -> str:
    """A file's name as a message prints it: every character no name may hold written as its code point.

    >>> shown("content/texts/foster/03-la\u200bws.md")
    'content/texts/foster/03-la<U+200B>ws.md'
    """
    return NAME_REFUSED.sub(lambda m: f"<U+{ord(m[0]):04X}>", name)


def badly_named(rel: str) -> EditionError | None:
    """The error of a name holding an invisible or control character (its first), or None.

    >>> print(badly_named("site_src/assets/edition\u202e.js"))
    site_src/assets/edition<U+202E>.js: the name holds an invisible character, U+202E RIGHT-TO-LEFT OVERRIDE \
(character 8 of 'edition<U+202E>.js'). What to do: rename it without the character (type the name again)
    """
    name = rel.rsplit("/", 1)[-1]
    found = NAME_REFUSED.search(name)
    if not found:
        return None
    char = found[0]
    what = "a control character" if unicodedata.category(char) == "Cc" else "an invisible character"
    label = unicodedata.name(char, "") or CONTROLS.get(char, "")
    return EditionError(shown(rel), None, f"the name holds {what}, U+{ord(char):04X}{' ' + label if label else ''} "
                        f"(character {found.start() + 1} of '{shown(name)}')",
                        "rename it without the character (type the name again)")


def _every(folder: Path):
    """Every entry under *folder*, without following a link to a folder."""
    if not folder.is_dir():
        return
    for entry in os.scandir(folder):
        path = Path(entry.path)
        yield path
        if entry.is_dir(follow_symlinks=False):
            yield from _every(path)


def _placed(rel: str, is_dir: bool, texts: dict[str, list[Path]], path: Path, root: Path) -> list[EditionError]:
    """What is wrong with a file or folder where it stands (nothing, mostly)."""
    parts = rel.split("/")
    if rel.startswith(TEXTS + "/"):
        inner = parts[2:]
        if len(inner) == 1:
            if is_dir:
                texts.setdefault(inner[0], [])
                return []
            return [EditionError(rel, None, "a file among the works' folders of content/texts/",
                                 "put a reading text in its work's folder (content/texts/<work>/NN-slug.md), or "
                                 "remove the file")]
        if len(inner) == 2:
            if is_dir:
                return [EditionError(rel, None, "a folder where a reading text belongs", "a work's folder holds "
                                     "only reading texts, NN-slug.md: move what it holds there, or remove it")]
            if FILENAME.match(inner[1]):
                texts.setdefault(inner[0], []).append(path)
                return []
            return [EditionError(rel, None, f"'{inner[1]}' in a work's folder is not a reading text (named NN-slug.md)",
                                 "name a reading text like 03-laws.md (two digits for the book's order, a "
                                 "lower-case slug, .md), or move the file out of content/texts/")]
        return []  # inside a folder already refused
    if is_dir or rel.startswith(SCHEMA_DIR + "/") or rel.startswith("content/witnesses/") and rel.endswith(".txt"):
        return []
    if rel.endswith(".yaml"):
        return [EditionError(rel, None, "a data file named .yaml", "name it .yml, as every data file of the "
                             f"edition, and give it a schema ({schema_name(rel[:-5] + '.yml')})")]
    if rel.endswith((".yml", ".json")) and not (root / schema_name(rel)).is_file():
        return [missing_schema(rel)]
    return []
