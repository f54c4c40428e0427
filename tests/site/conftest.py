"""The site tests' builds beyond the session's one (tests/conftest.py, ``built_site``)."""
from __future__ import annotations

import fcntl
import json
import shutil
from pathlib import Path

import pytest

from tests.helpers import CACHELESS_ENV, ROOT, run_mkdocs_build
from tests.shared_site import RUN


@pytest.fixture(scope="session")
def cacheless_build() -> Path:
    """The real edition built with ``mkdocs build --strict`` and CACHELESS_ENV, for the address the
    session's build is made for, with its downloads: one whole build without the cache, shared by the
    test that compares it with the session's build (tests/site/test_integrity.py) and the one that
    compares it with a build under other settings (tests/site/test_reproducible.py).

    Built once per run, by the first of xdist's workers to ask (the others wait for it, under a lock),
    into the run's folder (tests/shared_site.py); a build of an earlier run there is made again."""
    folder = RUN.folder / "cacheless"
    folder.mkdir(exist_ok=True)
    site, record = folder / "site", folder / "result.json"
    with (folder / "build.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            result = json.loads(record.read_text())
        except (OSError, ValueError):
            result = {}
        if result.get("run") != RUN.id:
            record.unlink(missing_ok=True)
            shutil.rmtree(site, ignore_errors=True)
            proc = run_mkdocs_build(ROOT, site, **CACHELESS_ENV)
            result = {"run": RUN.id, "returncode": proc.returncode, "stderr": proc.stderr[-2000:]}
            record.write_text(json.dumps(result))
    assert result["returncode"] == 0, result["stderr"]
    return site
