"""The corpus of bad input (tests/badinput/cases/, one malformed change a file; corpus.py runs them).

Each case must be refused with exactly the lines it names: file, line, what is wrong and what to
do, one line a cause, no traceback, nothing accepted. A command line exits with status 2.
"""
from __future__ import annotations

import pytest

from tests.badinput.corpus import cases, read_case, run
from tests.helpers import SITE_URL

# A few content cases stay in the fast loop (each loads the whole edition), chosen where an edit of
# the content moves no line they name; the commands are quick. When an edit of the content moves
# the lines a case names, `python tests/badinput/corpus.py --update CASE ...` rewrites its messages
# (read the diff: only the line numbers may change).
QUICK = {"law-999", "html-img-in-law", "claims-deleted", "glossary-empty", "versions-raised-not-cut"}


def _param(path):
    case = read_case(path)
    quick = "argv" in case or "script" in case or path.stem in QUICK
    return pytest.param(path, id=path.stem, marks=() if quick else pytest.mark.slow)


def _whole_build(path) -> bool:
    return bool(read_case(path).get("build"))


@pytest.mark.parametrize("path", [_param(p) for p in cases() if not _whole_build(p)])
def test_bad_input_is_refused_with_exactly_its_messages(path):
    case = read_case(path)
    outcome = run(path)
    assert (outcome.kind, outcome.lines) == ("refused", case["messages"])
    if "argv" in case or "script" in case:
        assert outcome.status == case.get("status", 2)


@pytest.mark.parametrize("path", [_param(p) for p in cases() if _whole_build(p)])
def test_bad_input_is_refused_by_a_whole_build_with_exactly_its_messages(path, built_site, monkeypatch):
    """A case whose change only a whole ``mkdocs build --strict`` shows. It runs after the session's build,
    for the same address (SITE_URL, unless the case sets its own): the build's cache in the checkout,
    which both use, then holds the downloads of the unchanged pages (the PDFs printed in Chromium), so
    that a case's build makes again only what its change touches."""
    case = read_case(path)
    monkeypatch.setenv("SITE_URL", SITE_URL)
    outcome = run(path)
    assert (outcome.kind, outcome.lines) == ("refused", case["messages"])


def test_the_corpus_holds_at_least_120_cases_each_saying_what_it_is():
    paths = cases()
    assert len(paths) >= 120
    for path in paths:
        case = read_case(path)
        assert path.read_text(encoding="utf-8").startswith("# "), f"{path.name}: say what the case is on line 1"
        assert case["messages"] and all(isinstance(m, str) and m for m in case["messages"]), path.name
