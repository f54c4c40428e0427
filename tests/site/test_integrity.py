"""The built site as a whole: no broken internal link or anchor, no outside request, and two
builds of the same commit are byte-identical."""
from __future__ import annotations

import hashlib
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest

from tests.helpers import ROOT, SITE_URL, run_mkdocs_build

pytestmark = pytest.mark.site


class LinkParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[tuple[str, str]] = []  # (tag, url)
        self.resources: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        if tag == "a" and a.get("href"):
            self.links.append((tag, a["href"]))
        if tag in ("link", "script", "img", "iframe", "source", "audio", "video") and (a.get("href") or a.get("src")):
            self.resources.append(a.get("href") or a.get("src"))


def parse_site(site: Path) -> dict[str, LinkParser]:
    pages = {}
    for f in site.rglob("*.html"):
        p = LinkParser()
        p.feed(f.read_text(encoding="utf-8"))
        pages["/" + str(f.relative_to(site))] = p
    return pages


def resolve(site: Path, page: str, href: str) -> tuple[str, str] | None:
    """(file path under the site, fragment) for an internal link, None for an outside one."""
    url = urlparse(urljoin("http://site" + page, href))
    if url.scheme not in ("http", "https") or url.netloc != "site":
        return None
    path = unquote(url.path)
    if path.endswith("/"):
        path += "index.html"
    return path, url.fragment


@pytest.fixture(scope="module")
def parsed_site(built_site) -> dict[str, LinkParser]:
    """The built site's pages parsed once for the tests of this module (each parsed them all)."""
    return parse_site(built_site)


def test_no_internal_link_or_anchor_is_broken(built_site, parsed_site):
    pages = parsed_site
    broken, checked = [], 0
    for page, parsed in pages.items():
        for _tag, href in parsed.links:
            if href.startswith(SITE_URL):
                href = "/" + href[len(SITE_URL):]
            target = resolve(built_site, page, href)
            if target is None:
                continue
            path, fragment = target
            checked += 1
            if not (built_site / path.lstrip("/")).exists():
                broken.append(f"{page}: {href} (no file {path})")
            elif fragment and path in pages and fragment not in pages[path].ids:
                broken.append(f"{page}: {href} (no anchor #{fragment})")
    assert broken == []
    assert checked > 100
    (built_site.parent / "crawl.txt").write_text(f"{checked} internal links checked\n")


def test_no_page_loads_anything_from_another_host(parsed_site):
    outside = []
    for page, parsed in parsed_site.items():
        for url in parsed.resources:
            host = urlparse(url).netloc
            if host and host != urlparse(SITE_URL).netloc:
                outside.append(f"{page}: {url}")
    assert outside == []


@pytest.mark.slow
def test_the_site_is_the_same_built_with_a_cold_cache_a_warm_one_a_cache_of_steps_only_and_none(
        built_site, cacheless_build, tmp_path):
    """The build's cache (edition/framework/cache.py) changes nothing a reader gets: a build that fills
    an empty cache, one that reads the whole prepared edition back, one that reads back only the
    steps (the engine's results, the alignments: what a build after an edit finds) and one without a
    cache publish the same files as the session's build, byte for byte. The build without a cache is
    the run's one (tests/site/conftest.py: also made under another date, zone, locale and hash seed,
    which must change nothing either)."""
    from edition.framework.cache import Cache
    from edition.site.prepared import prepare
    cache = tmp_path / "cache"

    def digests(site: Path) -> dict[str, str]:
        return {str(f.relative_to(site)): hashlib.sha256(f.read_bytes()).hexdigest()
                for f in sorted(site.rglob("*")) if f.is_file()}

    expected = digests(built_site)
    prepared_entry = Cache(cache).path_of(Cache(cache).key(prepare, (str(ROOT.resolve()), SITE_URL)))
    for name in ("cold", "warm", "steps", "none"):
        if name == "steps":
            assert prepared_entry.exists()
            prepared_entry.unlink()
        if name == "none":
            site = cacheless_build
        else:
            site = tmp_path / name
            proc = run_mkdocs_build(ROOT, site, EDITION_CACHE=str(cache))
            assert proc.returncode == 0, proc.stderr[-2000:]
        got = digests(site)
        assert sorted(got) == sorted(expected), name
        assert [f for f in got if got[f] != expected[f]] == [], name
