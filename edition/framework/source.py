"""What a content source is: a module that owns data files of content/ and builds a model from them.

Each source module (``replays``, ``claims``, ``experiments``, ``diagrams``, ``averages``,
``glossary``, ``concordance`` with the commentary, ``coverage``) ends with its ``SOURCE``: the files it
owns, the engine calls its model will need (``plan``, so that a worker process can make them
while the texts are read, see ``engine_calls``) and how it builds its model onto the edition
(``build``). The edition (``edition.load_edition``) reads every source's files once, starts the
worker on the union of the plans, reads the texts, then walks the sources in order.

>>> DataFile("content/none.yml").data is None
True

Every file a source owns must exist and hold data of its shape (``datafiles``); a file with
nothing to hold says so with an empty list or mapping (``[]``, ``{}``).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..texts.datafiles import parse, read_text
from ..texts.errors import EditionError
from .engine_calls import Call, EngineCalls


@dataclass(frozen=True)
class DataFile:
    """One data file of content/, read once: its text for error lines, its data for the model."""

    name: str  # its path in the project, as errors name it: "content/claims.yml"
    raw: str = ""  # "" when the file is absent
    present: bool = False
    parsed: Any = None
    error: EditionError | None = None  # missing or malformed: the edition reports it before any source builds

    @property
    def data(self) -> Any:
        """The parsed YAML (None for an absent or empty file); raises the file's EditionError."""
        if self.error is not None:
            raise self.error
        return self.parsed


def read_data(root: Path, name: str, shape: type | None = None) -> DataFile:
    """Read *name* under *root* once; a missing or malformed file keeps its EditionError."""
    path = Path(root) / name
    if not path.exists():
        return DataFile(name, present=True, error=EditionError(
            name, None, "the file is missing", "restore it (git checkout it); if it has nothing to hold, "
            f"write {'{}' if shape is dict else '[]'} in it"))
    raw = ""
    try:
        raw = read_text(path, name)
        data = parse(raw, name, shape)
    except EditionError as e:
        return DataFile(name, raw, True, error=e)
    return DataFile(name, raw, True, data)


Files = dict[str, DataFile]


def no_calls(files: Files) -> list[Call]:
    """The plan of a source that asks the engine for nothing ahead."""
    return []


@dataclass(frozen=True)
class Source:
    """A content source: the files it owns, the engine calls it needs, the model it builds."""

    name: str
    files: tuple[str, ...]
    # Builds the model onto the edition (an ``edition.Edition``) from the files read, the engine's
    # results taken through the calls; returns the errors found.
    build: Callable[[Any, Files, EngineCalls], list[EditionError]]
    # The engine calls the build will make, in the order it makes them: a guess from the data alone
    # (a malformed file plans none); a call it misses is made when it is asked for.
    plan: Callable[[Files], list[Call]] = no_calls
    # Built only when every source before it built without error (a check over all the others).
    needs_the_others: bool = False
    # What each file holds: {name: dict or list} (datafiles.parse refuses another shape).
    shapes: dict[str, type] = field(default_factory=dict)


def read_files(root: Path, sources: list[Source]) -> Files:
    """Every file the sources own, each read once."""
    names = dict.fromkeys(name for source in sources for name in source.files)  # in order, each once
    shapes = {name: shape for source in sources for name, shape in source.shapes.items()}
    return {name: read_data(root, name, shapes.get(name)) for name in names}


def planned_calls(sources: list[Source], files: Files) -> list[Call]:
    """The union of the sources' plans, in the sources' order, each call once.

    >>> import math
    >>> one = Source("one", (), lambda *a: [], lambda files: [(math.comb, (52, 5))])
    >>> two = Source("two", (), lambda *a: [], lambda files: [(math.comb, (52, 5)), (math.comb, (4, 2))])
    >>> [args for _fn, args in planned_calls([one, two], {})]
    [(52, 5), (4, 2)]
    """
    return list(dict.fromkeys(call for source in sources for call in source.plan(files)))
