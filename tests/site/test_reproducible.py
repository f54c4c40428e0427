"""The build is reproducible, and publishes nothing that is not meant for readers."""
from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from tests.helpers import CACHELESS_ENV, ROOT, run_mkdocs_build

THEME = ROOT / "templates" / "theme"


def _build(site: Path, **env: str) -> None:
    """A strict build into *site* with *env* added, for the address the session's build is made for (as the
    cacheless build it is compared with)."""
    proc = run_mkdocs_build(ROOT, site, **env)
    assert proc.returncode == 0, proc.stderr


def _files(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.mark.slow
def test_two_builds_under_other_dates_zones_locales_and_hash_seeds_are_byte_identical(cacheless_build, tmp_path):
    # Without the build's cache, so that each build makes the edition under its own hash seed: the
    # run's cacheless build (tests/site/conftest.py: 1 January 1970, UTC, C.UTF-8, seed 1) and this one.
    other = {"SOURCE_DATE_EPOCH": "1700000000", "TZ": "Pacific/Kiritimati", "LANG": "en_GB.UTF-8",
             "PYTHONHASHSEED": "4242", "EDITION_CACHE": "off"}
    assert CACHELESS_ENV["EDITION_CACHE"] == "off"
    assert [k for k in other if k != "EDITION_CACHE" and other[k] == CACHELESS_ENV[k]] == []  # every one other
    _build(tmp_path / "b", **other)
    a, b = _files(cacheless_build), _files(tmp_path / "b")
    assert sorted(a) == sorted(b)
    assert [name for name in a if a[name] != b[name]] == []
    assert b"<lastmod>" not in a["sitemap.xml"]
    assert gzip.decompress(a["sitemap.xml.gz"]) == a["sitemap.xml"]


def test_the_theme_templates_are_not_published(built_site):
    """templates/theme holds Jinja sources (the overrides): none of them, nor raw Jinja, is in the site."""
    for template in THEME.rglob("*"):
        if template.is_file():
            published = built_site / template.relative_to(THEME)
            assert not published.exists() or b"{%" not in published.read_bytes(), published
    raw = [str(p.relative_to(built_site)) for p in built_site.rglob("*.html")
           if b"{% extends" in p.read_bytes() or b"{%- " in p.read_bytes()]
    assert raw == []
