"""The downloads are kept in the build's one cache (edition/framework/cache.py), read by its rules: an
entry cut short, a symbolic link to a file elsewhere or a named pipe in its place is no entry, and the
file is made again and published whole (so SHA256SUMS vouches only for what was made)."""
from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from edition.framework.cache import Cache
from edition.site.exports import build

ROOT = Path(__file__).resolve().parents[2]
MADE = b"PK\x03\x04 a whole EPUB " * 200


@pytest.mark.parametrize("what", ["cut short", "a link to a file elsewhere", "a named pipe"])
def test_a_downloads_entry_cut_short_linked_or_a_pipe_is_made_again_and_published_whole(tmp_path, what):
    cache = Cache(tmp_path / "cache")
    key = cache.named("download", "foster-1.1.epub", "the edition's files", code=build.epub.__name__)
    site = tmp_path / "site"
    site.mkdir()
    build.kept(cache, key, site / "first.epub", lambda: MADE)
    entry = cache.path_of(key)
    if what == "cut short":
        entry.write_bytes(entry.read_bytes()[:-100])
    elif what == "a link to a file elsewhere":
        elsewhere = tmp_path / "elsewhere"
        elsewhere.write_bytes(b"a file from outside the project")
        entry.unlink()
        entry.symlink_to(elsewhere)
    else:
        entry.unlink()
        os.mkfifo(entry)  # read as an entry, it would wait for ever
    made = []
    build.kept(cache, key, site / "foster-1.1.epub", lambda: made.append(1) or MADE)
    assert made == [1]
    assert (site / "foster-1.1.epub").read_bytes() == MADE
    again = Cache(tmp_path / "cache")
    assert again.get(key) == MADE and again.hits == 1  # written over, whole, as a regular file


def test_the_only_cache_folder_the_code_names_is_the_build_caches():
    """No second cache (the downloads had .cache/downloads/, written and read by rules of its own)."""
    named = []
    for path in sorted(p for folder in ("edition", "macros", "engine") for p in (ROOT / folder).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                      if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef)) and n.body
                      and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and ".cache" in node.value \
                    and id(node) not in docstrings:
                named.append((path.relative_to(ROOT).as_posix(), node.value))
    assert named == [("edition/framework/cache.py", ".cache")]
