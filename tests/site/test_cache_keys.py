"""The build's one cache keys its entries on what runs (edition/framework/cache.py): a build after an
installed package changed, the lock unchanged, publishes what a build from an empty cache publishes."""
from __future__ import annotations

import hashlib
import importlib.metadata
import re
import shutil
from pathlib import Path

import markdown
import pytest

from tests.helpers import ROOT, run_mkdocs_build

MARKER = "<p>Converted by the stand-in Python-Markdown.</p>"


def standin_markdown(folder: Path) -> Path:
    """Another Python-Markdown, first on PYTHONPATH: the installed one's code, a version of its own, and a
    paragraph at the end of everything it converts (so that a page it made is known; plain HTML
    the HTML policy lets through, as it judges content by converting it)."""
    package = folder / "markdown"
    shutil.copytree(Path(markdown.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__"))
    core = package / "core.py"
    source = core.read_text(encoding="utf-8")
    assert source.count("        return output.strip()\n") == 1
    core.write_text(source.replace("        return output.strip()\n",
                                   f"        return output.strip() + {MARKER!r}\n"), encoding="utf-8")
    installed = importlib.metadata.distribution("Markdown")
    info = folder / "Markdown-99.0.dist-info"
    info.mkdir()
    # Its record as installed (its entry points name the extensions), but for its version.
    (info / "entry_points.txt").write_text(installed.read_text("entry_points.txt"), encoding="utf-8")
    (info / "METADATA").write_text(re.sub(r"(?m)^Version: .*$", "Version: 99.0", installed.read_text("METADATA")),
                                   encoding="utf-8")
    return folder


def digests(site: Path) -> dict[str, str]:
    return {str(f.relative_to(site)): hashlib.sha256(f.read_bytes()).hexdigest()
            for f in sorted(site.rglob("*")) if f.is_file()}


@pytest.mark.slow
def test_a_package_changed_under_an_unchanged_lock_gives_the_cold_builds_bytes(tmp_path):
    cache, standin = tmp_path / "cache", standin_markdown(tmp_path / "standin")
    built = {}
    for name, setting, path in (("first", cache, ""), ("warm", cache, str(standin)),
                                ("cold", tmp_path / "empty", str(standin))):
        proc = run_mkdocs_build(ROOT, tmp_path / name, EDITION_CACHE=str(setting), EDITION_DOWNLOADS="0",
                                PYTHONPATH=path)
        assert proc.returncode == 0, proc.stderr[-2000:]
        built[name] = digests(tmp_path / name)
    law = (tmp_path / "warm" / "laws" / "19" / "index.html").read_text(encoding="utf-8")
    assert MARKER in law  # the stand-in made the pages
    assert built["warm"] == built["cold"]
    assert built["warm"] != built["first"]
