"""What a content source is: a module that owns data files of content/ and builds a model from them.

Each source module (``replays``, ``claims``, ``experiments``, ``diagrams``, ``averages``,
``glossary``, ``concordance`` with the commentary, ``coverage``) ends with its ``SOURCE``: the files it
owns, the engine calls its model will need (``plan``, so that a worker process can make them
while the texts are read, see ``engine_calls``) and how it builds its model onto the edition
(``build``). The edition (``edition.model.edition.load_edition``) reads every source's files once, starts the
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
from typing import Any, Protocol

from ..texts.align import Alignment
from ..texts.datafiles import parse, read_text, schema_for
from ..texts.errors import EditionError, EditionErrors, refusals
from ..texts.reading import ReadingText
from ..texts.witnesses import Witness
from .cache import Cache
from .engine_calls import Call, EngineCalls


@dataclass(frozen=True)
class DataFile:
    """One data file of content/, read once: its text for error lines, its data for the model."""

    name: str  # its path in the project, as errors name it: "content/claims.yml"
    raw: str = ""  # "" when the file is absent
    present: bool = False
    parsed: Any = None
    # Missing, malformed or against its schema: the edition reports them before any source builds.
    errors: tuple[EditionError, ...] = ()

    @property
    def data(self) -> Any:
        """The parsed YAML (None for an absent or empty file); raises the file's errors."""
        if len(self.errors) == 1:
            raise self.errors[0]
        if self.errors:
            raise EditionErrors(list(self.errors))
        return self.parsed


def read_data(root: Path, name: str, shape: type | None = None, cache: Cache | None = None) -> DataFile:
    """Read *name* under *root* once and check it against its schema; a missing or malformed file keeps
    its errors. Its data is kept in *cache* (none by default) under its text and its schema: parsing
    the YAML took a tenth of a build's load."""
    path = Path(root) / name
    if not path.exists():
        return DataFile(name, present=True, errors=(EditionError(
            name, None, "the file is missing", "restore it (git checkout it); if it has nothing to hold, "
            f"write {'{}' if shape is dict else '[]'} in it"),))
    raw = ""
    try:
        raw = read_text(path, name)
        schema = schema_for(root, name)
        data = (parse(raw, name, shape, schema=schema) if cache is None
                else cache.call(parse, raw, name, shape, schema=schema))
    except (EditionError, EditionErrors) as e:
        return DataFile(name, raw, True, errors=tuple(refusals(e)))
    return DataFile(name, raw, True, data)


Files = dict[str, DataFile]


def no_calls(files: Files) -> list[Call]:
    """The plan of a source that asks the engine for nothing ahead."""
    return []


class PageLike(Protocol):
    """A reading text's page as a source reads it (edition.model.edition.Page)."""

    text: ReadingText
    alignment: Alignment
    document: Any  # the text parsed (edition.texts.document.Document): laws, pages, paragraphs, references


class Loaded(Protocol):
    """What the loader gives every source before any of them builds: the project, its witnesses, its
    works and the authorities among them (content/works.yml) and every reading text's page, read,
    parsed and aligned."""

    root: Path
    site_url: str
    version: str
    witnesses: dict[str, Witness]
    works: dict[str, Any]  # slug -> edition.model.edition.Work: its record, its laws' count, its short name

    @property
    def pages(self) -> list[PageLike]: ...

    @property
    def authorities(self) -> dict[str, str]: ...

    def law_anchors(self) -> dict[int, PageLike]: ...


#: The names of Loaded: what every source may read without declaring it.
LOADED = frozenset(("root", "site_url", "version", "witnesses", "works", "pages", "authorities", "law_anchors"))


@dataclass(frozen=True)
class Source:
    """A content source: the files it owns, the engine calls it needs, what it reads of the edition
    beyond what the loader gave (``needs``: fields that sources give), and what it gives."""

    name: str
    files: tuple[str, ...]
    # Builds its model from the files read and the engine's results taken through the calls: it reads
    # the edition through a Scope (Loaded, and its needs), sets each field of its gives, and returns
    # the errors found.
    build: Callable[[Scope, Files, EngineCalls], list[EditionError]]
    # The engine calls the build will make, in the order it makes them: a guess from the data alone
    # (a malformed file plans none); a call it misses is made when it is asked for.
    plan: Callable[[Files], list[Call]] = no_calls
    # Built only when every source before it built without error (a check over all the others).
    needs_the_others: bool = False
    # What each file holds: {name: dict or list} (datafiles.parse refuses another shape).
    shapes: dict[str, type] = field(default_factory=dict)
    needs: tuple[str, ...] = ()  # fields of the edition that other sources give, which it reads
    gives: tuple[str, ...] = ()  # fields of the edition it sets


class Scope:
    """The edition as one source sees it while it builds: what the loader gave (Loaded), the fields it
    declares it needs, and the fields it declares it gives (the only ones it may set). Reading or
    setting any other is a mistake in the source's code, named at once.

    >>> class Edition: pages, claims, secret = [], [1], 2
    >>> scope = Scope(Edition(), Source("one", (), lambda *a: [], needs=("claims",), gives=("findings",)))
    >>> scope.claims, scope.pages
    ([1], [])
    >>> scope.secret
    Traceback (most recent call last):
    ...
    AttributeError: the source 'one' reads the edition's 'secret' without declaring it: add it to the source's needs
    """

    def __init__(self, edition: Any, source: Source):
        object.__setattr__(self, "_edition", edition)
        object.__setattr__(self, "_source", source)

    def __getattr__(self, name: str) -> Any:
        source = self._source
        if name in LOADED or name in source.needs or name in source.gives:
            return getattr(self._edition, name)
        raise AttributeError(f"the source '{source.name}' reads the edition's '{name}' without declaring it: "
                             "add it to the source's needs")

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in self._source.gives:
            raise AttributeError(f"the source '{self._source.name}' sets the edition's '{name}' without "
                                 "declaring it: add it to the source's gives")
        setattr(self._edition, name, value)


def in_order(sources: list[Source]) -> list[Source]:
    """The sources in an order in which each builds after every source that gives what it needs: their
    listed order wherever that allows (a stable topological sort). A field two sources give, a need no
    source gives, or sources that need each other's fields, is a ValueError naming them.

    >>> a = Source("a", (), lambda *x: [], needs=("y",), gives=("x",))
    >>> b = Source("b", (), lambda *x: [], gives=("y",))
    >>> [s.name for s in in_order([a, b])]
    ['b', 'a']
    """
    giver: dict[str, Source] = {}
    for source in sources:
        for name in source.gives:
            if name in giver or name in LOADED:
                raise ValueError(f"the sources '{giver[name].name if name in giver else 'the loader'}' and "
                                 f"'{source.name}' both give the edition's '{name}'")
            giver[name] = source
    for source in sources:
        missing = [n for n in source.needs if n not in giver]
        if missing:
            raise ValueError(f"the source '{source.name}' needs {', '.join(missing)}, which no source gives")
    ordered: list[Source] = []
    waiting = list(sources)
    while waiting:
        ready = next((s for s in waiting if all(giver[n] in ordered or giver[n] is s for n in s.needs)), None)
        if ready is None:
            raise ValueError("the sources " + ", ".join(f"'{s.name}'" for s in waiting) + " need one another's "
                             "fields: no order builds each after what it needs")
        ordered.append(ready)
        waiting.remove(ready)
    return ordered


def read_files(root: Path, sources: list[Source], cache: Cache | None = None) -> Files:
    """Every file the sources own, each read once (their data kept in *cache*, if one is given)."""
    names = dict.fromkeys(name for source in sources for name in source.files)  # in order, each once
    shapes = {name: shape for source in sources for name, shape in source.shapes.items()}
    return {name: read_data(root, name, shapes.get(name), cache) for name in names}


def planned_calls(sources: list[Source], files: Files) -> list[Call]:
    """The union of the sources' plans, in the sources' order, each call once.

    >>> import math
    >>> one = Source("one", (), lambda *a: [], lambda files: [(math.comb, (52, 5))])
    >>> two = Source("two", (), lambda *a: [], lambda files: [(math.comb, (52, 5)), (math.comb, (4, 2))])
    >>> [args for _fn, args in planned_calls([one, two], {})]
    [(52, 5), (4, 2)]
    """
    return list(dict.fromkeys(call for source in sources for call in source.plan(files)))
