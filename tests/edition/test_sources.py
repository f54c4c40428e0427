"""The content sources: each data file read once, the engine worker's plan made from the sources."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from edition.framework import source as source_module
from edition.framework.engine_calls import EngineCalls
from edition.framework.source import Source, planned_calls, read_data, read_files
from edition.model import edition as edition_module
from edition.site.registry import generated_pages
from edition.texts.errors import EditionError

ROOT = Path(__file__).resolve().parents[2]


def key(fn, args: tuple) -> tuple:
    return (fn.__module__, fn.__qualname__, args)


# Slow: the whole edition loaded and its pages made in one process (2-7 s); a call the plan misses is made
# in the build's own process all the same, so a fault here costs time, not a wrong page.
@pytest.mark.slow
def test_the_worker_plans_every_engine_call_the_load_and_the_pages_make_and_no_other(monkeypatch):
    planned = [key(fn, args) for fn, args in planned_calls(edition_module.SOURCES,
                                                           read_files(ROOT, edition_module.SOURCES))]
    asked: list[tuple] = []
    made_here = EngineCalls.__call__

    def recorded(self, fn, *args):
        asked.append(key(fn, args))
        return made_here(self, fn, *args)

    monkeypatch.setattr(EngineCalls, "__call__", recorded)
    monkeypatch.setenv("EDITION_SERIAL", "1")  # every call made here, and recorded
    generated_pages(edition_module.load_edition(ROOT))
    assert len(planned) == len(set(planned))
    assert set(asked) == set(planned)
    # The claims' computations come first in the plan, as the load asks for them first.
    assert {m for m, _name, _args in planned[:10]} == {"engine.claims"}


def test_each_data_file_is_read_once_however_many_sources_name_it(monkeypatch):
    read: list[str] = []
    read_once = source_module.read_data
    monkeypatch.setattr(source_module, "read_data",
                        lambda root, name, shape, cache=None: (read.append(name), read_once(root, name, shape))[1])
    files = read_files(ROOT, edition_module.SOURCES)
    names = [n for s in edition_module.SOURCES for n in s.files]
    assert names.count("content/claims.yml") == 2  # the claims own it, the coverage guard asks if it is there
    assert sorted(read) == sorted(set(names)) == sorted(files)
    assert files["content/claims.yml"].present and files["content/claims.yml"].data


def test_a_malformed_data_file_is_kept_for_its_source_and_plans_no_call(tmp_path):
    shutil.copytree(ROOT / "content" / "schemas", tmp_path / "content" / "schemas")
    (tmp_path / "content" / "diagrams.yml").write_text("- page: [unclosed\n")
    f = read_data(tmp_path, "content/diagrams.yml")
    assert (f.present, f.parsed) == (True, None)
    with pytest.raises(EditionError, match=r"^content/diagrams.yml:2: not valid YAML"):
        _ = f.data
    from edition.sources import diagrams
    assert diagrams.plan({"content/diagrams.yml": f}) == []


def test_an_absent_data_file_is_an_error_naming_it():
    f = read_data(Path("no-such-project"), "content/claims.yml", list)
    with pytest.raises(EditionError, match=r"^content/claims.yml: the file is missing. What to do: restore it "
                                           r"\(git checkout it\); if it has nothing to hold, write \[\] in it$"):
        _ = f.data


def test_a_data_file_stating_that_it_holds_nothing_reads_as_an_empty_list(tmp_path):
    shutil.copytree(ROOT / "content" / "schemas", tmp_path / "content" / "schemas")
    (tmp_path / "content" / "claims.yml").write_text("# none yet\n[]\n")
    f = read_data(tmp_path, "content/claims.yml", list)
    assert (f.present, f.data, f.errors) == (True, [], ())
    (tmp_path / "content" / "claims.yml").write_text("# none yet\n")
    with pytest.raises(EditionError, match=r"^content/claims.yml:1: the file holds no data"):
        _ = read_data(tmp_path, "content/claims.yml", list).data


def test_a_source_that_needs_the_others_is_not_built_after_an_error(tmp_path, monkeypatch):
    built: list[str] = []

    def build(name, errors):
        def make(edition, files, calls):
            built.append(name)
            return errors
        return make

    sources = [Source("first", (), build("first", [EditionError("a", 1, "wrong", "mend it")])),
               Source("second", (), build("second", [])),
               Source("guard", (), build("guard", []), needs_the_others=True)]
    monkeypatch.setattr(edition_module, "SOURCES", sources)
    with pytest.raises(edition_module.EditionErrors, match="^a:1: wrong"):
        edition_module.load_edition(ROOT)
    assert built == ["first", "second"]


# --- what each source declares: it reads only what it needs, sets only what it gives ----------------

def _source(name, needs=(), gives=()):
    return Source(name, (), lambda *a: [], needs=needs, gives=gives)


def test_the_sources_are_built_after_what_they_need_in_their_listed_order_otherwise():
    from edition.framework.source import in_order
    deals, claims, glossary = _source("deals", gives=("deals",)), _source("claims", ("deals",), ("claims",)), \
        _source("glossary", gives=("glossary",))
    assert [s.name for s in in_order([claims, glossary, deals])] == ["glossary", "deals", "claims"]
    assert [s.name for s in in_order([deals, claims, glossary])] == ["deals", "claims", "glossary"]


def test_a_field_given_twice_a_need_nobody_gives_or_needs_in_a_circle_are_refused():
    from edition.framework.source import in_order
    with pytest.raises(ValueError, match="^the sources 'a' and 'b' both give the edition's 'x'$"):
        in_order([_source("a", gives=("x",)), _source("b", gives=("x",))])
    with pytest.raises(ValueError, match="^the sources 'the loader' and 'a' both give the edition's 'pages'$"):
        in_order([_source("a", gives=("pages",))])
    with pytest.raises(ValueError, match="^the source 'a' needs y, which no source gives$"):
        in_order([_source("a", needs=("y",))])
    with pytest.raises(ValueError, match="^the sources 'a', 'b' need one another's fields"):
        in_order([_source("a", ("y",), ("x",)), _source("b", ("x",), ("y",))])


def test_a_source_that_sets_what_it_does_not_give_is_stopped_naming_it():
    from edition.framework.source import Scope

    class Edition:
        pages: list = []
    scope = Scope(Edition(), _source("one", gives=("findings",)))
    scope.findings = [1]
    with pytest.raises(AttributeError, match="^the source 'one' sets the edition's 'claims' without declaring it"):
        scope.claims = []


def test_every_source_of_the_edition_declares_what_it_gives_and_follows_what_it_needs():
    from edition.framework.source import LOADED
    given: set[str] = set(LOADED)
    for source in edition_module.SOURCES:
        assert set(source.needs) <= given, source.name
        assert source.gives, source.name
        given |= set(source.gives)
    assert given - set(LOADED) == {"contents", "deals", "computed_claims", "claims", "conventions", "experiments",
                                   "diagrams", "averages", "glossary", "concordance", "commentary",
                                   "laws_with_a_case", "not_claims", "findings", "synonyms", "situations",
                                   "situation_phases", "not_at_the_table",
                                   "house_rules"}
