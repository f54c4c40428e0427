"""The disk cache of pure, costly steps (edition/framework/cache.py): a result is made once and read
back while its computation and its code are the same; anything wrong with an entry or the folder
makes the result again, never an error or a wrong value."""
from __future__ import annotations

import ast
import importlib.metadata
import os
import time
from pathlib import Path

import pytest

from edition.framework import cache as cache_module
from edition.framework.cache import KEEP_SECONDS, MISSING, Cache, code_digest, from_environment, imported_modules

ROOT = Path(__file__).resolve().parents[2]


class Counted:
    """A function of the project that counts its calls (the cache keeps only the project's functions)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, n: int) -> list[int]:
        self.calls += 1
        return list(range(n))


@pytest.fixture
def counted(monkeypatch) -> Counted:
    made = Counted()

    def square_range(n: int) -> list[int]:
        return made(n)

    # Named as a function of this module: edition.framework.cache, whose code the key reads.
    square_range.__module__ = "edition.framework.cache"
    square_range.__qualname__ = "square_range_for_the_tests"
    made.fn = square_range
    return made


def entries(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("??/*") if not p.name.startswith("."))


def test_a_result_is_made_once_and_read_back_by_the_next_build(tmp_path, counted):
    assert Cache(tmp_path).call(counted.fn, 5) == [0, 1, 2, 3, 4]
    again = Cache(tmp_path)  # another build, the same folder
    assert again.call(counted.fn, 5) == [0, 1, 2, 3, 4]
    assert (counted.calls, again.hits) == (1, 1)
    assert again.call(counted.fn, 6) == [0, 1, 2, 3, 4, 5]  # other arguments: another entry
    assert counted.calls == 2 and len(entries(tmp_path)) == 2


def test_without_a_folder_every_call_is_made_and_nothing_is_written(tmp_path, counted):
    off = Cache(None)
    assert off.call(counted.fn, 3) == off.call(counted.fn, 3) == [0, 1, 2]
    assert counted.calls == 2 and off.key(counted.fn, (3,)) is None


def test_a_function_that_is_not_the_projects_is_made_each_time(tmp_path):
    cache = Cache(tmp_path)
    assert cache.key(sorted, ("cab",)) is None
    assert cache.call(sorted, "cab") == ["a", "b", "c"]
    assert entries(tmp_path) == []


@pytest.mark.parametrize("damage", ["cut short", "a byte changed", "empty", "not an entry", "not a pickle"])
def test_a_damaged_entry_is_made_again_and_written_over(tmp_path, counted, damage):
    Cache(tmp_path).call(counted.fn, 4)
    [entry] = entries(tmp_path)
    data = entry.read_bytes()
    damaged = {
        "cut short": data[:-3],
        "a byte changed": data[:-1] + bytes([data[-1] ^ 1]),
        "empty": b"",
        "not an entry": b"garbage\n" * 10,
        # The right header and checksum over a payload that does not unpickle.
        "not a pickle": cache_module.MAGIC + __import__("hashlib").sha256(b"\x80\x05junk").digest() + b"\x80\x05junk",
    }[damage]
    entry.write_bytes(damaged)
    cache = Cache(tmp_path)
    assert cache.call(counted.fn, 4) == [0, 1, 2, 3]
    assert (counted.calls, cache.hits, cache.writes) == (2, 0, 1)
    assert Cache(tmp_path).get(cache.key(counted.fn, (4,))) == [0, 1, 2, 3]  # written over, whole


def test_an_entry_that_cannot_be_read_is_made_again(tmp_path, counted):
    Cache(tmp_path).call(counted.fn, 2)
    [entry] = entries(tmp_path)
    entry.unlink()
    entry.mkdir()  # a folder where the entry was: neither read nor written, and no error
    cache = Cache(tmp_path)
    assert cache.call(counted.fn, 2) == [0, 1]
    assert (counted.calls, cache.hits, cache.writes) == (2, 0, 0)


def test_a_folder_that_cannot_be_written_is_passed_over(tmp_path, counted):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    cache = Cache(blocked)
    assert cache.call(counted.fn, 3) == cache.call(counted.fn, 3) == [0, 1, 2]
    assert (counted.calls, cache.writes) == (2, 0)
    assert blocked.read_text() == "not a folder"


def test_a_result_that_cannot_be_pickled_is_returned_and_not_kept(tmp_path):
    def a_generator(n):
        return (i for i in range(n))
    a_generator.__module__ = "edition.framework.cache"
    cache = Cache(tmp_path)
    assert list(cache.call(a_generator, 3)) == [0, 1, 2]
    assert cache.writes == 0 and entries(tmp_path) == []


def test_the_environment_names_the_folder_or_turns_the_cache_off(monkeypatch, tmp_path):
    monkeypatch.delenv("EDITION_CACHE", raising=False)
    assert from_environment().folder == ROOT / ".cache" / "edition"
    monkeypatch.setenv("EDITION_CACHE", str(tmp_path))
    assert from_environment().folder == tmp_path
    for off in ("off", "OFF", "0", "no"):
        monkeypatch.setenv("EDITION_CACHE", off)
        assert from_environment().folder is None


def test_entries_no_build_used_for_two_weeks_are_removed_once_a_day(tmp_path, counted):
    cache = Cache(tmp_path)
    cache.call(counted.fn, 1)
    cache.call(counted.fn, 2)
    old, recent = entries(tmp_path)
    now = time.time()
    os.utime(old, (now - KEEP_SECONDS - 60, now - KEEP_SECONDS - 60))
    assert cache.prune(now) == 1
    assert entries(tmp_path) == [recent]
    os.utime(recent, (now - KEEP_SECONDS - 60, now - KEEP_SECONDS - 60))
    assert cache.prune(now + 3600) == 0  # pruned an hour ago: not again today
    assert cache.prune(now + 25 * 3600) == 1


# --- the code a result depends on ------------------------------------------------------------

def fake_project(tmp_path: Path, monkeypatch, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    monkeypatch.setattr(cache_module, "CODE_ROOT", tmp_path)
    monkeypatch.setattr(cache_module, "_STARTED_NS", time.time_ns() + 10**12)
    new_process()


def new_process() -> None:
    """What a new build's process knows: no file read yet."""
    for memo in (cache_module._source, cache_module._imports, cache_module._is_module, cache_module.code_digest):
        getattr(memo, "cache_clear", lambda: None)()  # (a test may have put a plain function in its place)


@pytest.fixture
def fresh_digests():
    new_process()
    yield
    new_process()


def test_a_changed_file_changes_the_key_of_every_result_whose_code_imports_it_and_no_other(
        tmp_path, monkeypatch, fresh_digests):
    fake_project(tmp_path, monkeypatch, {
        "engine/__init__.py": "",
        "engine/cards.py": "SUITS = 'cdhs'\n",
        "engine/deal.py": "from .cards import SUITS\n",
        "engine/claims.py": "def compute(text):\n    # imported where it is used\n    from . import deal\n",
        "engine/odds.py": "import math\n",
        "edition/__init__.py": "",
        "edition/align.py": "from engine.odds import math\n",
    })
    modules = ["engine.claims", "engine.deal", "engine.cards", "engine.odds", "edition.align"]
    before = {m: code_digest(m) for m in modules}
    assert None not in before.values()
    (tmp_path / "engine" / "cards.py").write_text("SUITS = 'shdc'\n")
    new_process()
    after = {m: code_digest(m) for m in modules}
    assert [m for m in modules if before[m] != after[m]] == ["engine.claims", "engine.deal", "engine.cards"]
    (tmp_path / "engine" / "__init__.py").write_text("# the package's own file runs before any of its modules\n")
    new_process()
    assert all(code_digest(m) != after[m] for m in modules if m.startswith("engine"))
    assert code_digest("edition.align") != after["edition.align"]  # it imports engine.odds, so engine too
    assert code_digest("json") is None  # not the project's: not kept


def test_code_changed_after_the_process_started_keeps_nothing(tmp_path, monkeypatch, fresh_digests, counted):
    """Under `make serve` the running code is what was imported: a result made by it must not be filed
    under the digest of a file edited since (the next build would read a stale value)."""
    fake_project(tmp_path, monkeypatch, {"edition/__init__.py": "", "edition/framework/__init__.py": "",
                                         "edition/framework/cache.py": "x = 1\n"})
    monkeypatch.setattr(cache_module, "_STARTED_NS", time.time_ns() - 10**9)
    new_process()
    folder = tmp_path / "cache"
    assert Cache(folder).call(counted.fn, 2) == [0, 1]
    assert entries(folder) == [] and code_digest("edition.framework.cache") is None


def test_the_imports_read_from_the_text_take_in_every_import_the_parser_finds():
    """The key's reading of imports (a pattern over the text) misses none that Python's own parser
    finds in the project's modules, imports inside functions counted."""
    missed = []
    for path in sorted([*ROOT.glob("engine/**/*.py"), *ROOT.glob("edition/**/*.py")]):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        module = ".".join(parts)
        source = path.read_text(encoding="utf-8")
        found = imported_modules(module, source)
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                package = module if path.name == "__init__.py" else module.rpartition(".")[0]
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1] + [node.module or ""]
                                ) if node.level else node.module
                base = base.strip(".")
                names = [base] + [f"{base}.{a.name}" for a in node.names]
            else:
                continue
            for name in names:
                if name.split(".")[0] in ("engine", "edition") and cache_module._module_file(name).exists() \
                        and name not in found:
                    missed.append(f"{module}: {name}")
    assert missed == []


def test_an_engine_file_changed_makes_the_engines_results_again_and_not_the_chapters_alignments(
        monkeypatch, fresh_digests):
    from edition.sources.averages import draw_facts
    from edition.texts.align import align_reading
    from engine.claims import compute
    monkeypatch.setattr(cache_module, "_STARTED_NS", time.time_ns() + 10**12)  # (a file just saved counts too)
    new_process()
    cache = Cache(Path("/nonexistent"))
    before = {f: cache.key(f, ("x",)) for f in (compute, draw_facts, align_reading)}
    real = cache_module._source

    def deal_edited(module: str):
        text, digest = real(module)
        return (text, "edited") if module == "engine.deal" else (text, digest)

    new_process()
    monkeypatch.setattr(cache_module, "_source", deal_edited)
    after = {f: cache.key(f, ("x",)) for f in (compute, draw_facts, align_reading)}
    assert after[compute] != before[compute] and after[draw_facts] != before[draw_facts]
    assert after[align_reading] == before[align_reading]
    assert MISSING is cache_module.MISSING


def test_a_compiled_template_cut_short_damaged_or_unwritable_is_compiled_again(tmp_path):
    import jinja2
    import jinja2.bccache

    from edition.framework.templating import _KeptBytecode
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "page.j2").write_text("Hello {{ name }}")

    def render(folder) -> str:
        kept = _KeptBytecode(Cache(folder), "test")
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(tmp_path / "t"), bytecode_cache=kept)
        return env.get_template("page.j2").render(name="Foster")

    kept = tmp_path / "compiled"
    assert render(kept) == "Hello Foster"
    [compiled] = entries(kept)  # kept in the one cache, as any entry
    good = Cache(kept).get(compiled.parent.name + compiled.name)
    assert isinstance(good, bytes)
    # Cut short; empty; an entry whose bytes are Jinja's header before what is no code.
    for damaged in (compiled.read_bytes()[:-7], b""):
        compiled.write_bytes(damaged)
        assert render(kept) == "Hello Foster"
    Cache(kept).put(compiled.parent.name + compiled.name, jinja2.bccache.bc_magic + b"\x80\x05 not a pickle")
    assert render(kept) == "Hello Foster"
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    assert render(blocked / "compiled") == "Hello Foster"  # a folder that cannot be made: compiled each time


def test_every_key_names_the_installed_distributions_and_their_versions(tmp_path, monkeypatch, counted):
    """A package's version changed under an unchanged lock (or a stand-in first on PYTHONPATH) makes
    every entry again: the key names what is installed, not what the lock file says."""
    cache = Cache(tmp_path)
    before = cache.key(counted.fn, (3,)), cache.named("page", "# Law 19", "laws/19/")
    cache_module.environment_digest.cache_clear()
    real = importlib.metadata.distributions

    def with_other_markdown():
        yield from real()
        yield importlib.metadata.PathDistribution(standin(tmp_path, "Markdown", "99.0"))

    monkeypatch.setattr(importlib.metadata, "distributions", with_other_markdown)
    try:
        after = cache.key(counted.fn, (3,)), cache.named("page", "# Law 19", "laws/19/")
    finally:
        monkeypatch.undo()
        cache_module.environment_digest.cache_clear()
    assert None not in before and after[0] != before[0] and after[1] != before[1]
    assert (cache.key(counted.fn, (3,)), cache.named("page", "# Law 19", "laws/19/")) == before


def standin(folder: Path, name: str, version: str) -> Path:
    """A distribution's record (NAME-VERSION.dist-info), as an installer leaves it."""
    info = folder / f"{name}-{version}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    return info


@pytest.mark.parametrize("what", ["a link to another file", "a link for its folder", "a named pipe"])
def test_only_a_regular_file_inside_the_folder_is_read_as_an_entry(tmp_path, counted, what):
    """An entry is opened only as a regular file of the cache's own folder: a link to a file elsewhere,
    a folder that is a link, or a pipe (which would block the build) is no entry, and is made again."""
    folder = tmp_path / "cache"
    Cache(folder).call(counted.fn, 2)
    [entry] = entries(folder)
    if what == "a link to another file":
        elsewhere = tmp_path / "elsewhere"
        elsewhere.write_bytes(entry.read_bytes())
        entry.unlink()
        entry.symlink_to(elsewhere)
    elif what == "a link for its folder":
        moved = tmp_path / "moved"
        entry.parent.rename(moved)
        entry.parent.symlink_to(moved)
    else:
        entry.unlink()
        os.mkfifo(entry)
    cache = Cache(folder)
    assert cache.call(counted.fn, 2) == [0, 1]
    assert (counted.calls, cache.hits) == (2, 0)
