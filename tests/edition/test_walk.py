"""content/ and site_src/ are walked by one rule at every build (edition/texts/files.py), before the cache
is asked for a prepared edition: a link out of the repository, a named pipe or a name with an invisible
character is refused even when nothing the cache's key reads has changed."""
from __future__ import annotations

import os

import pytest

from edition.framework.cache import Cache
from edition.model.edition import EditionErrors
from edition.site.prepared import prepare
from edition.texts.files import walk


@pytest.fixture
def warm(project, tmp_path):
    """A small project, prepared once into a cache."""
    project.witness("900", "keller", "The age antes.\nNobody may straddle after the deal.\n")
    project.text("keller", "01-rules.md", "---\ntitle: Rules\nwitness: \"900\"\nlines: 1-2\n---\nThe age antes.\n\n"
                 "Nobody may straddle after the deal.\n")
    cache = Cache(tmp_path / "cache")
    prepare(project.path, "https://edition.example.org/", cache)
    assert prepare(project.path, "https://edition.example.org/", cache).edition.works["keller"].texts
    assert cache.hits == 1
    return project, cache


def refusals(project, cache) -> list[str]:
    with pytest.raises(EditionErrors) as info:
        prepare(project.path, "https://edition.example.org/", cache)
    return [str(e) for e in info.value.errors]


def test_a_link_out_of_the_repository_put_in_site_src_is_refused_though_the_cache_holds_the_edition(
        warm, tmp_path_factory):
    project, cache = warm
    secret = tmp_path_factory.mktemp("elsewhere") / "secret.txt"
    secret.write_text("not the edition's\n")
    (project.path / "site_src" / "assets" / "notes.txt").symlink_to(secret)
    assert refusals(project, cache) == [
        f"site_src/assets/notes.txt: a symbolic link leading outside the repository ({secret}). What to do: put the "
        "file itself in site_src/: the edition publishes only what the repository holds"]


def test_a_named_pipe_put_in_content_is_refused_though_the_cache_holds_the_edition(warm):
    project, cache = warm
    os.mkfifo(project.path / "content" / "notes.yml")
    assert refusals(project, cache) == [
        "content/notes.yml: a named pipe, not a file. What to do: remove it: content/ holds only files and folders"]


def test_a_link_inside_the_repository_and_the_sites_own_files_pass(project):
    (project.path / "site_src" / "assets" / "copy.css").symlink_to(project.path / "site_src" / "assets" /
                                                                    "edition.css")
    assert walk(project.path)[1] == []
