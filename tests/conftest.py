"""Shared fixtures: the built site (once per session) and fixture projects."""
from __future__ import annotations

from pathlib import Path

import pytest

from edition.model.edition import Edition, load_edition
from tests import shared_site
from tests.helpers import FixtureProject

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


def _needs_the_site(item) -> bool:
    return "built_site" in getattr(item, "fixturenames", ())


@pytest.hookimpl(trylast=True)  # after tests/browser/conftest.py has marked its slow tests
def pytest_collection_modifyitems(config, items):
    """The tests that read the built site run last, so that its one build (tests/shared_site.py) runs
    beside the tests that do not need it; in each of the two parts the slow tests first. xdist's
    workers steal queued tests from each other's ends (``--dist worksteal``, pytest.ini): what is left
    to share at the end of a run is short tests, and no worker ends alone on one that started last."""
    items.sort(key=lambda item: (_needs_the_site(item), item.get_closest_marker("slow") is None))


def pytest_collection_finish(session):
    """The site's build starts as soon as a test that needs it is among those to run."""
    if any(_needs_the_site(item) for item in session.items):
        shared_site.start_build()


def pytest_configure(config):
    shared_site.serve()  # in the run's first process only: the browser tests' server


def pytest_unconfigure(config):
    shared_site.end()


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The real edition, built once per test run with --strict (shared by xdist's workers); its log,
    beside it (build.log), is checked too."""
    return shared_site.built()


@pytest.fixture(scope="session")
def real_edition() -> Edition:
    """The repository's own edition, loaded once per test session; tests read it, never change it."""
    return load_edition(ROOT)


@pytest.fixture
def project(tmp_path) -> FixtureProject:
    return FixtureProject(tmp_path)
