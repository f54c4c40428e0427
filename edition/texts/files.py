"""The files of content/, walked by rule before anything is read.

- ``content/texts/`` holds one folder a work, and a work's folder holds only reading texts named
  ``NN-slug.md``: any other file (``03-laws.markdown``, ``notes.txt``, a stray file beside the work
  folders) or a folder inside a work's folder is named and refused, never skipped in silence.
- A data file (``*.yml``, ``*.json``) has a schema (``content/schemas/``, edition/texts/schemas.py);
  a ``*.yaml`` file is named (the edition's data files end in ``.yml``).
- No symbolic link leads outside the repository, or to nothing; no special file (a named pipe, a
  socket, a device) stands anywhere: it is named, never opened (reading a named pipe would wait for
  ever).

The walk does not follow a link to a folder, and it reads no file's content: ``datafiles.read_text``
refuses a folder or a special file where a file is read, and every character that is invisible or a
control (``datafiles.decode``).
"""
from __future__ import annotations

import os
from pathlib import Path

from .datafiles import not_a_file
from .errors import EditionError
from .reading import FILENAME
from .schemas import SCHEMA_DIR, missing_schema, schema_name

TEXTS = "content/texts"


def walk(root: Path) -> tuple[dict[str, list[Path]], list[EditionError]]:
    """The reading texts of each work folder (sorted), and every file of content/ that breaks a rule."""
    root = Path(root)
    errors: list[EditionError] = []
    texts: dict[str, list[Path]] = {}
    content = root / "content"
    for path in sorted(_every(content)):
        rel = path.relative_to(root).as_posix()
        problem = not_a_file(path, rel, folder_ok=True)
        if problem:
            errors.append(problem)
            continue
        errors.extend(_placed(rel, path.is_dir(), texts, path, root))
    for paths in texts.values():
        paths.sort()
    return texts, errors


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


#: The editors' guide: it documents what content may hold (examples of what is refused among them), and
#: no page is made from it.
EDITORS_GUIDE = "content/EDITING.md"


def written_where(root: Path, text: str, page: str | None = None) -> tuple[str, int] | None:
    """The first file and line that hold *text*: the hand-written page *page* (its address, under
    site_src/) first, then content/ (the reading texts and the data files, in the walk's order; not the
    verbatim witnesses, the schemas nor the editors' guide): where a refusal found in a built page came
    from. None if none holds it, or *text* is blank."""
    if not text.strip():
        return None
    own = Path(root) / "site_src" / page if page else None
    if own is not None and own.is_file() and not own.is_symlink():
        try:
            for n, line in enumerate(own.read_text(encoding="utf-8").split("\n"), 1):
                if text in line:
                    return f"site_src/{page}", n
        except (OSError, UnicodeDecodeError):
            pass
    content = Path(root) / "content"
    for path in sorted(_every(content)):
        rel = path.relative_to(root).as_posix()
        if not rel.endswith((".md", ".yml", ".json")) or rel.startswith((SCHEMA_DIR + "/", "content/witnesses/")) \
                or rel == EDITORS_GUIDE or not path.is_file() or path.is_symlink():
            continue
        try:
            lines = path.read_text(encoding="utf-8").split("\n")
        except (OSError, UnicodeDecodeError):
            continue
        for n, line in enumerate(lines, 1):
            if text in line:
                return rel, n
    return None
