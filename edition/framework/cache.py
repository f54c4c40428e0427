"""The build's one cache: what its pure, costly steps made, kept on disk between builds.

Every entry is filed under a key made by one discipline (``Cache.key``): what runs, and what it is
made from. What runs is named in every key: the Python (its version and build) and every installed
distribution with its version (``importlib.metadata``, read once a process: a Python-Markdown or a
Jinja2 changed under the lock, or a stand-in first on ``PYTHONPATH``, makes every entry again), and
for a step of the project's code the source of its module and of every module of the project
(``engine``, ``edition``) it imports, directly or through others, imports inside functions counted
(``code_digest``); for what Chromium makes (the PDFs), Chromium's version. What it is made from is
the rest of the key: a function's arguments (``Cache.call``: an engine's result, a chapter's
alignment), the files a prepared edition is made from, a page's Markdown and address (its HTML), a
download's inputs. So a changed file of ``engine/`` makes again every result whose code imports it
and no other; a changed reading text makes again its own alignment only.

Entries are written whole under another name and renamed (a reader sees the old entry or the new
one), each with the digest of its contents, checked when read; only a regular file inside the
folder is opened (never a link, a pipe or a device).

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
import importlib.metadata
import os
import pickle
import re
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from functools import cache as memoized
from pathlib import Path
from typing import Any

from . import atomic

CODE_ROOT = Path(__file__).resolve().parents[2]  # the folder that holds engine/ and edition/
PACKAGES = ("engine", "edition")  # the project's code: what a result's key names
DEFAULT_FOLDER = CODE_ROOT / ".cache" / "edition"
MAGIC = b"edition cache 2\n"  # the entry format; a new one makes every entry again
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
        try:
            call = pickle.dumps((fn.__qualname__, args, sorted((kwargs or {}).items())), pickle.HIGHEST_PROTOCOL)
        except Exception:  # an argument without a stable form: made each time
            return None
        return self.named("call", call, code=fn.__module__)

    def named(self, kind: str, *made_from: str | bytes, code: str | None = None, chromium: bool = False) -> str | None:
        """The one key discipline: the entry's name for a step of *kind* made from *made_from* (its
        inputs, as text or bytes) by what runs: this Python and its installed distributions, the source
        of the project's module *code* and every module it imports (``code_digest``), Chromium's version
        (*chromium*). None when it may not be kept: no folder, a module that is not the project's or was
        changed since this process started, Chromium not found."""
        if self.folder is None:
            return None
        ran = [environment_digest()]
        if code is not None:
            digest = code_digest(code)
            if digest is None:
                return None
            ran.append(f"{code} {digest}")
        if chromium:
            version = chromium_version()
            if not version:
                return None
            ran.append(version)
        h = hashlib.sha256(MAGIC + kind.encode() + b"\0" + "\n".join(ran).encode())
        for part in made_from:
            data = part if isinstance(part, bytes) else part.encode("utf-8")
            h.update(b"\0" + str(len(data)).encode() + b"\0" + data)
        return h.hexdigest()

    def get(self, key: str | None) -> Any:
        """The result kept under *key*, or ``MISSING`` when there is none that can be read."""
        if key is None:
            return _MISSING
        path = self.path_of(key)
        data = _read_regular(path)
        if data is None:
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
            if path.parent.is_symlink() or not path.parent.is_dir():
                return  # only a folder of the cache's own, never one a link leads elsewhere
            # Written whole under another name, then renamed (edition/framework/atomic.py): a reader
            # sees the old entry or the new one, never half of one, however many builds share the folder.
            atomic.write(path, MAGIC + hashlib.sha256(payload).digest() + payload)
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


def _read_regular(path: Path) -> bytes | None:
    """The bytes of *path* if it is a regular file inside a real folder (no link on the way in its
    last two steps, no pipe, no device: a cache entry is never anything else), else None."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        folder = os.open(path.parent, flags | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return None
    try:
        fd = os.open(path.name, flags, dir_fd=folder)
    except OSError:
        os.close(folder)
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read()
    except OSError:
        return None
    finally:
        os.close(fd)
        os.close(folder)


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


@memoized
def environment_digest() -> str:
    """What runs, as this process first found it: the Python (version and build) and every installed
    distribution on its path, with its version, in the order the path finds them (a stand-in first on
    ``PYTHONPATH`` counts). A new Python-Markdown or Jinja2 may make the same page otherwise, so every
    key names them."""
    found = [f"{d.metadata['Name']}=={d.version}" for d in importlib.metadata.distributions()]
    return hashlib.sha256("\n".join([sys.version, sys.implementation.cache_tag, *found]).encode()).hexdigest()


CHROMIUM = "/usr/bin/chromium"  # Debian's (edition/site/exports/pdf.py prints the PDFs with it)


@memoized
def chromium_version() -> str:
    """Chromium's version ("Chromium 131.0.6778.204 built on Debian …"), or "" where it cannot be asked."""
    try:
        done = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


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
