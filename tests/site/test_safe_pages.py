"""Every built page, read as a browser would: no event-handler attribute, no javascript: address, no
resource from another host, no address that climbs out of the site folder (issue 23: whatever content
holds, the page a reader opens runs only the site's own code)."""
from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from posixpath import normpath
from urllib.parse import urlparse

import pytest

from tests.helpers import SITE_URL

pytestmark = pytest.mark.site

# The elements whose address the browser fetches and runs or shows while loading the page.
RESOURCES = {"script": "src", "img": "src", "iframe": "src", "embed": "src", "object": "data", "source": "src",
             "audio": "src", "video": "src", "track": "src", "link": "href", "input": "src", "frame": "src"}
FETCHED = {"stylesheet", "icon", "preload", "modulepreload", "prefetch", "manifest", "apple-touch-icon"}
ADDRESSES = ("href", "src", "action", "formaction", "data", "poster", "cite", "background", "xlink:href")


class _Scan(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.addresses: list[tuple[str, str, str]] = []  # (tag, attribute, address)

    def handle_starttag(self, tag, attrs):
        rel = set((dict(attrs).get("rel") or "").lower().split())
        if tag == "link" and not rel & FETCHED:
            tag = "link (not fetched)"  # a canonical or alternate address names the page, it loads nothing
        for name, value in attrs:
            value = value or ""
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=…>: an event handler")
            if name in ADDRESSES or name == "srcset":
                self.addresses.append((tag, name, value.strip()))

    handle_startendtag = handle_starttag


def problems(page: Path, site: Path, base: str = "/") -> list[str]:
    """What is wrong on *page* of the built *site*, published at the path *base* (the 404 page names the
    site's files from there)."""
    scan = _Scan()
    scan.feed(page.read_text(encoding="utf-8"))
    found = list(scan.found)
    folder = page.parent.relative_to(site).as_posix()
    for tag, name, address in scan.addresses:
        url = urlparse(address)
        scheme = url.scheme.lower()
        if scheme == "javascript" or address.lower().replace(" ", "").startswith("javascript:"):
            found.append(f"<{tag} {name}={address[:40]!r}>: a javascript: address")
        is_resource = RESOURCES.get(tag) == name
        if is_resource and (url.netloc or scheme in ("http", "https")):
            found.append(f"<{tag} {name}={address[:60]!r}>: a resource from another host")
        if not scheme and not url.netloc and url.path and not url.path.startswith("/"):
            inside = normpath(f"{folder}/{url.path}" if folder != "." else url.path)
            if inside == ".." or inside.startswith("../"):
                found.append(f"<{tag} {name}={address[:60]!r}>: an address outside the site folder")
        if url.path.startswith("/") and not url.netloc and not url.path.startswith(base):
            found.append(f"<{tag} {name}={address[:60]!r}>: an absolute path, outside the site as published")
    return found


def test_the_scan_finds_each_thing_it_looks_for(tmp_path):
    (tmp_path / "a").mkdir()
    page = tmp_path / "a" / "index.html"
    page.write_text('<p onmouseover="x()">t</p><a href="javascript:alert(1)">j</a>'
                    '<img src="https://evil.example/x.png"><a href="../../x/">up</a><script src="/x.js"></script>'
                    '<a href="../b/#c">fine</a><link rel="canonical" href="https://poker.example.org/a/">')
    assert problems(page, tmp_path, base="/poker/") == [
        "<p onmouseover=…>: an event handler",
        "<a href='javascript:alert(1)'>: a javascript: address",
        "<img src='https://evil.example/x.png'>: a resource from another host",
        "<a href='../../x/'>: an address outside the site folder",
        "<script src='/x.js'>: an absolute path, outside the site as published"]


def test_no_built_page_has_an_event_handler_a_javascript_address_or_an_outside_resource(built_site):
    base = urlparse(SITE_URL).path
    found = {str(p.relative_to(built_site)): problems(p, built_site, base) for p in sorted(built_site.rglob("*.html"))}
    assert len(found) > 100
    assert {page: found_ for page, found_ in found.items() if found_} == {}
