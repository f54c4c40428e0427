"""Shared fixtures: the built site (once per session) and fixture projects."""
from __future__ import annotations

from pathlib import Path

import pytest

from edition.model.edition import Edition, load_edition
from tests.helpers import FixtureProject, run_mkdocs_build

# Property tests explore at random when run by hand; under CI they replay a fixed set of
# examples, so that a red CI always names a failure that a re-run reproduces.
try:
    import os

    from hypothesis import settings
    settings.register_profile("ci", derandomize=True, print_blob=True)
    if os.environ.get("CI"):
        settings.load_profile("ci")
except ImportError:  # pragma: no cover
    pass


ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The real edition, built once per test session with --strict; the log is checked too."""
    out = tmp_path_factory.mktemp("built") / "site"
    proc = run_mkdocs_build(ROOT, out)
    assert proc.returncode == 0, f"mkdocs build --strict failed:\n{proc.stdout}\n{proc.stderr}"
    (out.parent / "build.log").write_text(proc.stdout + proc.stderr)
    return out


@pytest.fixture(scope="session")
def real_edition() -> Edition:
    """The repository's own edition, loaded once per test session; tests read it, never change it."""
    return load_edition(ROOT)


@pytest.fixture
def project(tmp_path) -> FixtureProject:
    return FixtureProject(tmp_path)
