"""Test helpers: the project root, the port the built site is served on, fixture projects."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from edition.framework.templating import day, mla_day, us_day
from tests.shared_site import RUN

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


def _version() -> tuple[str, str, tuple[str, ...]]:
    import yaml
    version = str(yaml.safe_load((ROOT / "content" / "edition.yml").read_text(encoding="utf-8"))["version"])
    snapshot = json.loads((ROOT / "content" / "versions" / f"{version}.json").read_text(encoding="utf-8"))
    cut = sorted((p.stem for p in (ROOT / "content" / "versions").glob("*.json")),
                 key=lambda v: tuple(int(n) for n in v.split(".")))
    return version, snapshot["date"], tuple(cut)


# The edition's version and its day, read as the build reads them (content/edition.yml, and the date of
# the version's snapshot in content/versions/), never written into a test: cutting a version changes
# no test. VERSIONS: every version cut, oldest first. The day as each citation style writes it comes
# from the edition's filters, whose own examples pin the style (edition/framework/templating.py).
VERSION, VERSION_DATE, VERSIONS = _version()
DAY, US_DAY, MLA_DAY = day(VERSION_DATE), us_day(VERSION_DATE), mla_day(VERSION_DATE)  # 26 November 2026 ...


def free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# The built site is served on this port in browser tests, the SITE_URL it is built for (citations
# and canonical links name it): the same on every run of this checkout (tests/shared_site.py);
# tests/browser/test_previews.py serves it at another address too.
PORT = RUN.port
SITE_URL = RUN.site_url


#: The settings of the cacheless build: the cache off, so that every step is made in it (nothing read
#: back), under a date, a time zone, a locale and a hash seed of its own.
CACHELESS_ENV = {"EDITION_CACHE": "off", "SOURCE_DATE_EPOCH": "86400", "TZ": "UTC", "LANG": "C.UTF-8",
                 "PYTHONHASHSEED": "1"}


def run_mkdocs_build(project: Path, site_dir: Path, **env: str) -> subprocess.CompletedProcess:
    """Run ``mkdocs build --strict`` in *project* (with *env* added to the environment); return the
    finished process (never raises)."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL=SITE_URL, **env)
    return subprocess.run([PYTHON, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)],
                          cwd=project, capture_output=True, text=True, env=env)


class FixtureProject:
    """A small copy of the project (mkdocs.yml, site_src, macros; code, templates linked), own content/.

    Used like mkdocs-macros' own tests: write a witness and reading texts, build, inspect.
    """

    def __init__(self, path: Path):
        self.path = path
        for name in ("mkdocs.yml", "site_src", "macros"):
            src = ROOT / name
            (shutil.copytree if src.is_dir() else shutil.copy)(src, path / name)
        for package in ("engine", "edition", "templates"):
            (path / package).symlink_to(ROOT / package)
        # The real policy page links to the real witnesses; a fixture has its own.
        (path / "site_src" / "edition" / "policy.md").write_text("# Editorial policy\n")
        # The real page on citing links to the page of changes, which only an edition with a version has.
        (path / "site_src" / "edition" / "citing.md").write_text("# Citing the edition\n")
        self.witness_dir = path / "content" / "witnesses"
        self.witness_dir.mkdir(parents=True)
        # The schemas of the data files are the project's rules, not a fixture's content.
        shutil.copytree(ROOT / "content" / "schemas", path / "content" / "schemas")
        # The edition's own record, as citations name it (a test writes another where it needs one).
        (path / "content" / "edition.yml").write_text(
            'title: "Draw Poker: The Laws and the Literature"\neditors:\n  - literal: The Fixture Editors\n'
            "publisher: The Fixture Press\nlicence:\n  name: CC BY 4.0\n"
            "  title: Creative Commons Attribution 4.0 International\n"
            "  url: https://creativecommons.org/licenses/by/4.0/\n")
        (path / "content" / "texts").mkdir()
        # Every data file a content source owns exists (a missing one is an error), stating that
        # it holds nothing until a test writes it.
        from edition.model.edition import SOURCES
        for source in SOURCES:
            for name, shape in source.shapes.items():
                (path / name).write_text("{}\n" if shape is dict else "[]\n")
        self.works: dict[str, dict] = {}
        self.registry: dict[str, dict] = {}

    def witness(self, wid: str, work: str, text: str) -> Path:
        name = f"{wid}_fixture.txt"
        data = textwrap.dedent(text).lstrip("\n").encode()
        (self.witness_dir / name).write_bytes(data)
        self.registry[wid] = {"file": name, "sha256": hashlib.sha256(data).hexdigest(),
                              "work": work, "kind": "fixture witness"}
        self.works.setdefault(work, {"author": "A. Author", "title": f"The {work.title()} Book", "year": 1900,
                                     "witnesses": [], "short_name": work.title(),
                                     "authority": True})["witnesses"].append(wid)
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




def markdown_of(ed, page=0) -> str:
    """A reading text's page (or its index in ``ed.pages``) as the site writes it (edition/site/markdown.py)."""
    from edition.site.markdown import written
    p = ed.pages[page] if isinstance(page, int) else page
    return written(ed)[p.text.page_uri].markdown
