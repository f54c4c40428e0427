"""`make build` (scripts/build-site) builds into a fresh folder and swaps it with site/ only when every check
has passed: a build refused after its pages were written leaves the last good site byte for byte."""
from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import stat
import subprocess
from pathlib import Path

import pytest

from tests.helpers import PYTHON, ROOT, SITE_URL

SCRIPT = ROOT / "scripts" / "build-site"


def _script():
    loader = importlib.machinery.SourceFileLoader("build_site", str(SCRIPT))
    spec = importlib.util.spec_from_loader("build_site", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def files(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def build_site(project) -> subprocess.CompletedProcess:
    return subprocess.run([PYTHON, str(SCRIPT), "--project", str(project.path)], capture_output=True, text=True,
                          env=dict(os.environ, SITE_URL=SITE_URL))


def test_two_folders_are_exchanged_in_one_step(tmp_path):
    old, new = tmp_path / "site", tmp_path / ".site-building-x"
    old.mkdir()
    new.mkdir()
    (old / "index.html").write_text("the last good site")
    (new / "index.html").write_text("the new site")
    _script().exchange(new, old)
    assert (old / "index.html").read_text() == "the new site"
    assert (new / "index.html").read_text() == "the last good site"


@pytest.mark.slow
def test_a_build_refused_after_its_pages_are_written_leaves_the_last_good_site_and_a_good_build_replaces_it(project):
    project.witness("900", "fixture", "One line of witness text.\n\nAnother line.\n")
    project.text("fixture", "01-a.md", "---\ntitle: A\nwitness: \"900\"\nlines: 1-3\n---\nOne line of witness "
                 "text.\n\nAnother line.\n")
    (project.path / "site_src" / "index.md").write_text("# Fixture\n")
    first = build_site(project)
    assert first.returncode == 0, first.stderr
    site = project.path / "site"
    good = files(site)
    assert "fixture/a/index.html" in good
    assert stat.S_IMODE(site.stat().st_mode) == 0o777 & ~_umask()  # not a temporary folder's 0700

    # The lock of permanent addresses is checked after every page is written (macros/hooks.py, on_post_build).
    lock = project.path / "content" / "anchors.lock"
    lock.write_text("fixture/a/#para-9\n")
    refused = build_site(project)
    assert refused.returncode != 0
    assert "content/anchors.lock:1: the published address fixture/a/#para-9 is no longer produced" in refused.stderr
    assert refused.stderr.splitlines()[-1] == (
        "scripts/build-site: the build was refused, and nothing was published: site/ still holds the last good "
        "build, unchanged. What to do: correct what the messages above name, and build again")
    assert files(site) == good
    assert sorted(p.name for p in project.path.iterdir() if p.name.startswith(".site")) == []

    lock.unlink()
    (project.path / "site_src" / "index.md").write_text("# Fixture, again\n")
    again = build_site(project)
    assert again.returncode == 0, again.stderr
    assert "Fixture, again" in (site / "index.html").read_text(encoding="utf-8")
    assert sorted(p.name for p in project.path.iterdir() if p.name.startswith(".site")) == []


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_make_build_publishes_through_the_swap():
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL")}
    proc = subprocess.run(["make", "--no-print-directory", "-n", "build"], cwd=ROOT, capture_output=True, text=True,
                          env=dict(env, SITE_URL="https://poker.example.org/"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == ".venv/bin/python scripts/build-site"
