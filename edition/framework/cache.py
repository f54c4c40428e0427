"""Results of pure, costly steps kept on disk between builds: the engine's results, a chapter's alignment.

A result is filed under a key made of the computation (the function's module and name, and its
arguments) and of the code it runs: the source of the function's module and of every module of
the project (``engine``, ``edition``) that module imports, directly or through others, imports
inside functions counted, with the Python and the pinned packages (``requirements/lock.txt``).
So a changed file of ``engine/`` makes again every result whose code imports it and no other; a
changed reading text makes again its own alignment only.

The folder is ``.cache/edition/`` beside the code (git-ignored), shared by ``make build``,
``make serve`` and the tests; ``EDITION_CACHE=/some/folder`` names another and ``EDITION_CACHE=off``
turns the cache off. A clone has none, and builds without it. An entry that cannot be read (cut
short, altered, written by another Python) is made again and written over; a folder that cannot
be written is left alone; neither ever stops a build, and the build is the same with or without
the cache (tests/edition/test_cache.py).

>>> cache = Cache(None)                      # off: every call is made
>>> cache.call(sorted, "cab")
['a', 'b', 'c']
"""
from __future__ import annotations

import hashlib
import os
import pickle
import re
import sys
import tempfile
import time
from collections.abc import Callable
from functools import cache as memoized
from pathlib import Path
from typing import Any

CODE_ROOT = Path(__file__).resolve().parents[2]  # the folder that holds engine/ and edition/
PACKAGES = ("engine", "edition")  # the project's code: what a result's key names
DEFAULT_FOLDER = CODE_ROOT / ".cache" / "edition"
MAGIC = b"edition cache 1\n"  # the entry format; a new one makes every entry again
_DIGEST = 32  # bytes of SHA-256
# Results not used for this long are removed (looked for at most once a day).
KEEP_SECONDS = 14 * 24 * 3600
_MISSING = object()


class Cache:
    """The results of pure functions of the project, on disk under *folder* (None: no cache)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.hits = 0  # results read (for the tests and the benchmarks)
        self.writes = 0

    def key(self, fn: Callable[..., Any], args: tuple, kwargs: dict[str, Any] | None = None) -> str | None:
        """The entry's name for ``fn(*args, **kwargs)``; None when it may not be kept: no folder, a function
        that is not the project's, arguments that cannot be pickled, code changed since this
        process started (what runs may not be what the files hold)."""
        if self.folder is None:
            return None
        code = code_digest(fn.__module__)
        if code is None:
            return None
        try:
            call = pickle.dumps((fn.__module__, fn.__qualname__, args, sorted((kwargs or {}).items())),
                                pickle.HIGHEST_PROTOCOL)
        except Exception:  # an argument without a stable form: made each time
            return None
        return hashlib.sha256(MAGIC + sys.implementation.cache_tag.encode() + b"\0" + dependencies_digest().encode()
                              + b"\0" + code.encode() + b"\0" + call).hexdigest()

    def get(self, key: str | None) -> Any:
        """The result kept under *key*, or ``MISSING`` when there is none that can be read."""
        if key is None:
            return _MISSING
        path = self.path_of(key)
        try:
            data = path.read_bytes()
        except OSError:
            return _MISSING
        head = len(MAGIC)
        payload = data[head + _DIGEST:]
        if data[:head] != MAGIC or hashlib.sha256(payload).digest() != data[head:head + _DIGEST]:
            return _MISSING  # cut short or altered: made again and written over
        try:
            value = pickle.loads(payload)
        except Exception:  # written by code that no longer reads back: made again
            return _MISSING
        self.hits += 1
        _touch(path)
        return value

    def put(self, key: str | None, value: Any) -> None:
        """Keep *value* under *key*; a folder that cannot be written, or a value that cannot be
        pickled, is passed over (the next build makes it again)."""
        if key is None:
            return
        path = self.path_of(key)
        try:
            payload = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
            path.parent.mkdir(parents=True, exist_ok=True)
            # Written whole under another name, then renamed: a reader sees the old entry or the new
            # one, never half of one, however many builds share the folder.
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(MAGIC + hashlib.sha256(payload).digest() + payload)
                os.replace(tmp, path)
            except BaseException:
                os.unlink(tmp)
                raise
        except Exception:
            return
        self.writes += 1

    def call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``fn(*args, **kwargs)``, from the cache when it holds it, else made and kept."""
        key = self.key(fn, args, kwargs)
        value = self.get(key)
        if value is _MISSING:
            value = fn(*args, **kwargs)
            self.put(key, value)
        return value

    def prune(self, now: float | None = None) -> int:
        """Remove the entries no build has used for ``KEEP_SECONDS``, at most once a day; returns how
        many were removed."""
        if self.folder is None:
            return 0
        now = time.time() if now is None else now
        stamp = self.folder / ".pruned"
        try:
            if now - stamp.stat().st_mtime < 24 * 3600:
                return 0
        except OSError:
            pass
        removed = 0
        try:
            for path in self.folder.glob("??/*"):
                if now - path.stat().st_mtime > KEEP_SECONDS:
                    path.unlink()
                    removed += 1
            self.folder.mkdir(parents=True, exist_ok=True)
            stamp.touch()
            os.utime(stamp, (now, now))
        except OSError:
            pass
        return removed

    def path_of(self, key: str) -> Path:
        """Where the entry of *key* is kept (whether or not it is there)."""
        assert self.folder is not None
        return self.folder / key[:2] / key[2:]


MISSING = _MISSING


def _touch(path: Path) -> None:
    """Mark an entry used (its time is what ``prune`` reads), at most once an hour."""
    try:
        now = time.time()
        if now - path.stat().st_mtime > 3600:
            os.utime(path, (now, now))
    except OSError:
        pass


def from_environment() -> Cache:
    """The cache the environment asks for: ``EDITION_CACHE`` (a folder, or ``off``), else the default."""
    setting = os.environ.get("EDITION_CACHE", "").strip()
    if setting.lower() in ("off", "0", "no", "false", "none"):
        return Cache(None)
    return Cache(Path(setting).resolve() if setting else DEFAULT_FOLDER)


# --- the code a result depends on ------------------------------------------------------------

_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+([.\w]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)|import[ \t]+([^\n]+))",
                     re.MULTILINE)


def imported_modules(module: str, source: str) -> set[str]:
    """The modules of the project that *module*'s *source* imports (at any depth of the file: inside
    functions too), each with the packages above it, which an import runs first.

    Read from the text, not parsed: a line that only looks like an import (in a string) adds a
    module, which can only make a result again needlessly, never keep a stale one.

    >>> sorted(imported_modules("edition.texts.align", "from .typography import fold\\n"
    ...                         "def f():\\n    from engine import (deal,\\n        cards)\\n"))
    ['edition', 'edition.texts', 'edition.texts.typography', 'engine', 'engine.cards', 'engine.deal']
    """
    package = module if _module_file(module).name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for m in _IMPORT.finditer(source):
        base, names, plain = m.groups()
        if plain is not None:
            found.update(part.split()[0] for part in plain.split("#")[0].split(",") if part.strip())
            continue
        if base.startswith("."):
            level = len(base) - len(base.lstrip("."))
            parts = package.split(".")
            base = ".".join(parts[:len(parts) - (level - 1)] + ([base.lstrip(".")] if base.lstrip(".") else []))
        found.add(base)
        for name in re.findall(r"\w+", names.split("#")[0] if "(" not in names else names):
            found.add(f"{base}.{name}")  # "from engine import deal": a module, when there is one
    result: set[str] = set()
    for name in found:
        parts = name.split(".")
        if parts[0] not in PACKAGES:
            continue
        for i in range(1, len(parts) + 1):
            sub = ".".join(parts[:i])
            if _is_module(sub):
                result.add(sub)
    return result


@memoized
def _is_module(module: str) -> bool:
    return _module_file(module).exists()


LOCK_FILE = CODE_ROOT / "requirements" / "lock.txt"


@memoized
def dependencies_digest() -> str:
    """The digest of the pinned packages (requirements/lock.txt), as this process first read it: a new
    Python-Markdown or Jinja2 may make the same page otherwise, so every key names them."""
    try:
        return hashlib.sha256(LOCK_FILE.read_bytes()).hexdigest()
    except OSError:
        return ""


def _module_file(module: str) -> Path:
    path = CODE_ROOT.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


@memoized
def _source(module: str) -> tuple[str, str] | None:
    """The module's source and its digest as this process first read it; None when the file was
    changed after this process started (the code that runs may not be the file's)."""
    path = _module_file(module)
    try:
        if path.stat().st_mtime_ns > _STARTED_NS:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    return data.decode("utf-8", "replace"), hashlib.sha256(data).hexdigest()


@memoized
def _imports(module: str) -> tuple[str, frozenset[str]] | None:
    """A module's digest and the project's modules it imports (read once a process); None as ``_source``."""
    read = _source(module)
    if read is None:
        return None
    text, digest = read
    return digest, frozenset(imported_modules(module, text))


@memoized
def code_digest(module: str) -> str | None:
    """One digest of the source of *module* and of every module of the project it imports,
    transitively; None for a module that is not the project's, or whose code changed since this
    process started."""
    if module.split(".")[0] not in PACKAGES or not _is_module(module):
        return None
    seen: dict[str, str] = {}
    parts = module.split(".")
    todo = [".".join(parts[:i]) for i in range(1, len(parts) + 1)]  # its packages' files run first
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        read = _imports(name)
        if read is None:
            return None
        seen[name], imported = read
        todo.extend(imported - seen.keys())
    return hashlib.sha256("".join(f"{name} {digest}\n" for name, digest in sorted(seen.items())).encode()).hexdigest()


def _process_start_ns() -> int:
    """When this process started (a second early, to be safe), else now: a file of code changed
    after it may differ from the code that runs."""
    try:
        ticks = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])
        boot = next(int(line.split()[1]) for line in Path("/proc/stat").read_text().splitlines()
                    if line.startswith("btime"))
        return (boot - 1) * 10**9 + ticks * 10**9 // os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return time.time_ns()


_STARTED_NS = _process_start_ns()
