"""`make serve` renders again only what an edit changed (macros/serving.py), and what it then serves
is the site a server started afresh would serve, byte for byte."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.helpers import PYTHON, ROOT

SCRIPT = Path(__file__).with_name("serve_builds.py")
# The pages that show figures or facts of the whole edition (site_src pages calling macros,
# "render_macros: true" in their front matter): rendered each time.
MACRO_PAGES = ["", "edition/apparatus/", "edition/citing/", "edition/licence/"]


def test_the_pages_rendered_each_time_are_those_of_site_src_that_call_macros():
    found = sorted("" if p.name == "index.md" and p.parent == ROOT / "site_src" else
                   f"{p.relative_to(ROOT / 'site_src').with_suffix('')}/".replace("/index/", "/")
                   for p in (ROOT / "site_src").rglob("*.md")
                   if "render_macros: true" in p.read_text(encoding="utf-8")[:2000])
    assert found == sorted(MACRO_PAGES)


def copy_project(dest: Path) -> Path:
    """The project's build inputs: content and site_src copied (the edits change them), the rest linked."""
    dest.mkdir()
    for name in os.listdir(ROOT):
        if name in {".git", ".venv", "site", "node_modules", "tests", "bench", ".cache"}:
            continue
        src = ROOT / name
        if name in ("content", "site_src"):
            shutil.copytree(src, dest / name)
        elif src.is_dir():
            (dest / name).symlink_to(src)
        else:
            shutil.copy(src, dest / name)
    return dest


def serve(tmp_path: Path, edit: str) -> list[str]:
    project = copy_project(tmp_path / "project")
    proc = subprocess.run([PYTHON, str(SCRIPT), str(project), str(tmp_path), edit], capture_output=True, text=True,
                          env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert [ln for ln in proc.stderr.splitlines() if "WARNING" in ln] == []
    return json.loads(proc.stdout.strip().splitlines()[-1])


def files(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def assert_same_site(dirty: Path, clean: Path) -> None:
    a, b = files(dirty), files(clean)
    assert sorted(a) == sorted(b)
    assert [name for name in a if a[name] != b[name]] == []


@pytest.mark.slow
def test_a_note_added_under_make_serve_renders_its_chapter_and_the_macro_pages_and_serves_the_fresh_site(tmp_path):
    assert serve(tmp_path, "note") == sorted(MACRO_PAGES + ["keller/stakes/"])
    assert_same_site(tmp_path / "dirty", tmp_path / "clean")
    page = (tmp_path / "dirty" / "keller" / "stakes" / "index.html").read_text(encoding="utf-8")
    assert "A note written while the server runs." in page
    assert 'http-equiv="Content-Security-Policy"' not in page  # the live-reload script must run
    index = json.loads((tmp_path / "dirty" / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert len({d["location"] for d in index["docs"]}) == len(index["docs"])  # each section once


@pytest.mark.slow
def test_a_chapter_retitled_under_make_serve_renders_every_page(tmp_path):
    rendered = serve(tmp_path, "title")
    clean = tmp_path / "clean"
    pages = {"" if p.parent == clean else f"{p.parent.relative_to(clean)}/" for p in clean.rglob("index.html")
             if b'http-equiv="refresh"' not in p.read_bytes()}  # every page but the redirects
    assert set(rendered) == pages
    assert_same_site(tmp_path / "dirty", tmp_path / "clean")


@pytest.mark.slow
def test_a_page_of_site_src_edited_under_make_serve_renders_it_and_the_macro_pages(tmp_path):
    assert serve(tmp_path, "policy") == sorted(MACRO_PAGES + ["edition/policy/"])
    assert_same_site(tmp_path / "dirty", tmp_path / "clean")
