"""A versioned edition in the built site (#13 item 6): the version at the foot of every page,
linking to the changes between versions, which is in the navigation under The edition."""
from __future__ import annotations

import re

import pytest

from tests.helpers import VERSION, VERSIONS

pytestmark = pytest.mark.site


@pytest.mark.parametrize("page, href", [("index.html", "edition/changes/"),
                                        ("laws/19/index.html", "../../edition/changes/"),
                                        ("foster/laws/index.html", "../../edition/changes/"),
                                        ("witnesses/001/index.html", "../../edition/changes/"),
                                        ("404.html", "/edition/changes/")])
def test_every_page_names_the_version_at_its_foot_linking_to_the_changes(built_site, page, href):
    html = (built_site / page).read_text(encoding="utf-8")
    found = re.findall(r'<a class="ed-version" href="([^"]*)">([^<]*)</a>', html)
    assert found == [(href, f"Edition version {VERSION}")]


def test_every_built_page_carries_the_version_at_its_foot(built_site):
    pages = [p for p in built_site.rglob("index.html") if "http-equiv=\"refresh\"" not in p.read_text(encoding="utf-8")]
    missing = [str(p.relative_to(built_site)) for p in pages
               if f"Edition version {VERSION}</a>" not in p.read_text(encoding="utf-8")]
    assert missing == []


def test_the_changes_page_is_in_the_navigation_and_says_1_0_is_the_first_version(built_site):
    html = (built_site / "edition" / "changes" / "index.html").read_text(encoding="utf-8")
    for version in VERSIONS:
        assert f'<h2 id="version-{version.replace(".", "-")}">Version {version}' in html
    assert "is the first version of the edition. It holds the text of 77 laws and" in html
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="edition/changes/" class="md-nav__link">\s*<span class="md-ellipsis">\s*'
                     r'Changes between versions', home)
