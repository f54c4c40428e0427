"""Every file the build writes is written whole or not at all, by one helper (edition/framework/atomic.py):
the code holds no other write, and the helper leaves the old file or the new one, never half of one,
readable by a web server, and never writes through a symbolic link."""
from __future__ import annotations

import ast
import os
import stat
from pathlib import Path

import pytest

from edition.framework import atomic

ROOT = Path(__file__).resolve().parents[1]
# The code of the build and its commands: the edition, the hooks, the engine and the Python scripts (the
# benchmarks, like the tests, write only their own scratch copies of the project).
FOLDERS = ("edition", "engine", "macros")
# What may write otherwise, and why.
ALLOWED = {
    ("edition/framework/atomic.py", "fdopen"): "the helper itself",
    ("edition/framework/engine_calls.py", "fdopen"): "the pipe to the engine's worker, not a file",
}
WRITES = {"write_text", "write_bytes", "copy", "copy2", "copyfile", "copytree", "move"}


def python_files() -> list[Path]:
    files = [p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py")]
    files += [p for p in (ROOT / "scripts").iterdir() if p.is_file()
              and p.read_bytes().startswith(b"#!/usr/bin/env python")]
    return sorted(files)


def _mode(node: ast.Call, position: int) -> str:
    arg = node.args[position] if len(node.args) > position else next(
        (k.value for k in node.keywords if k.arg == "mode"), None)
    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else ""


def writes_in(path: Path, root: Path = ROOT) -> list[str]:
    """Each call in *path* that writes a file other than through ``atomic.write``: "line: call"."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        # open(path, mode) and os.fdopen(fd, mode); a path's .open(mode)
        is_path_open = name == "open" and isinstance(func, ast.Attribute) and \
            not (isinstance(func.value, ast.Name) and func.value.id in ("os", "io", "gzip", "codecs"))
        mode = _mode(node, 0 if is_path_open else 1) if name in ("open", "fdopen") else ""
        if name in WRITES or set(mode) & set("wax+"):
            rel = path.relative_to(root).as_posix()
            if (rel, name) not in ALLOWED:
                found.append(f"{rel}:{node.lineno}: {name}({mode or '...'})")
    return found


def test_the_check_finds_each_kind_of_write(tmp_path):
    code = tmp_path / "edition" / "writer.py"
    code.parent.mkdir()
    code.write_text("import os, shutil\n"
                    "p.write_text('x')\n"
                    "p.write_bytes(b'x')\n"
                    "open(p, 'w')\n"
                    "open(p, mode='ab')\n"
                    "p.open('w')\n"
                    "os.fdopen(fd, 'wb')\n"
                    "shutil.copy(a, b)\n"
                    "open(p).read()\n"
                    "p.open().read()\n"
                    "os.open(p, os.O_RDONLY)\n"
                    "atomic.write(p, 'x')\n")
    assert writes_in(code, tmp_path) == [
        "edition/writer.py:2: write_text(...)", "edition/writer.py:3: write_bytes(...)",
        "edition/writer.py:4: open(w)", "edition/writer.py:5: open(ab)", "edition/writer.py:6: open(w)",
        "edition/writer.py:7: fdopen(wb)", "edition/writer.py:8: copy(...)"]


def test_the_code_writes_every_file_through_the_one_atomic_helper():
    assert [w for p in python_files() for w in writes_in(p)] == []


def test_a_file_is_written_whole_with_the_permissions_of_a_new_file(tmp_path):
    target = tmp_path / "page.html"
    atomic.write(target, "<p>é</p>")
    assert target.read_bytes() == "<p>é</p>".encode()
    mask = os.umask(0o022)
    os.umask(mask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~mask
    atomic.write(target, b"new", durable=True)
    assert target.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.html"]  # no temporary file left


def test_a_write_that_fails_leaves_the_old_file_and_no_temporary_one(tmp_path, monkeypatch):
    target = tmp_path / "SHA256SUMS"
    target.write_text("the old sums\n")

    def full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", full)
    with pytest.raises(OSError):
        atomic.write(target, "the new sums\n")
    assert target.read_text() == "the old sums\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["SHA256SUMS"]


def test_a_symbolic_link_is_replaced_never_written_through(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("a file outside the site\n")
    site = tmp_path / "site"
    site.mkdir()
    (site / "robots.txt").symlink_to(outside)
    atomic.write(site / "robots.txt", "User-agent: *\n")
    assert outside.read_text() == "a file outside the site\n"
    assert not (site / "robots.txt").is_symlink() and (site / "robots.txt").read_text() == "User-agent: *\n"
