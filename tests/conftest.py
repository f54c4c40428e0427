"""Shared fixtures: the project root, a fixture-project factory, and the built site."""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


def run_mkdocs_build(project: Path, site_dir: Path) -> subprocess.CompletedProcess:
    """Run ``mkdocs build --strict`` in *project*; return the finished process (never raises)."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.run([PYTHON, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)],
                          cwd=project, capture_output=True, text=True, env=env)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The real edition, built once per test session with --strict; the log is checked too."""
    out = tmp_path_factory.mktemp("built") / "site"
    proc = run_mkdocs_build(ROOT, out)
    assert proc.returncode == 0, f"mkdocs build --strict failed:\n{proc.stdout}\n{proc.stderr}"
    (out.parent / "build.log").write_text(proc.stdout + proc.stderr)
    return out


class FixtureProject:
    """A small copy of the project (mkdocs.yml, site_src, macros) with its own content/.

    Used like mkdocs-macros' own tests: write a witness and reading texts, build, inspect.
    """

    def __init__(self, path: Path):
        self.path = path
        for name in ("mkdocs.yml", "site_src", "macros"):
            src = ROOT / name
            (shutil.copytree if src.is_dir() else shutil.copy)(src, path / name)
        (path / "engine").symlink_to(ROOT / "engine")
        # The real policy page links to the real witnesses; a fixture has its own.
        (path / "site_src" / "edition" / "policy.md").write_text("# Editorial policy\n")
        self.witness_dir = path / "content" / "witnesses"
        self.witness_dir.mkdir(parents=True)
        (path / "content" / "texts").mkdir()
        self.works: dict[str, dict] = {}
        self.registry: dict[str, dict] = {}

    def witness(self, wid: str, work: str, text: str) -> Path:
        name = f"{wid}_fixture.txt"
        data = textwrap.dedent(text).lstrip("\n").encode()
        (self.witness_dir / name).write_bytes(data)
        self.registry[wid] = {"file": name, "sha256": hashlib.sha256(data).hexdigest(),
                              "work": work, "kind": "fixture witness"}
        self.works.setdefault(work, {"author": "A. Author", "title": f"The {work.title()} Book",
                                     "year": 1900, "witnesses": []})["witnesses"].append(wid)
        self._write_registries()
        return self.witness_dir / name

    def _write_registries(self) -> None:
        import yaml
        (self.witness_dir / "witnesses.yml").write_text(yaml.safe_dump(self.registry))
        (self.path / "content" / "works.yml").write_text(yaml.safe_dump(self.works, sort_keys=False))

    def text(self, work: str, name: str, source: str) -> Path:
        folder = self.path / "content" / "texts" / work
        folder.mkdir(parents=True, exist_ok=True)
        p = folder / name
        p.write_text(textwrap.dedent(source).lstrip("\n"))
        return p

    def build(self) -> subprocess.CompletedProcess:
        return run_mkdocs_build(self.path, self.path / "site")


@pytest.fixture
def project(tmp_path) -> FixtureProject:
    return FixtureProject(tmp_path)
