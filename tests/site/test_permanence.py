"""Permanent addresses: nothing published disappears without a redirect, nothing unlisted appears."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from edition.model.anchors import published, read_lock, read_redirects
from tests.helpers import VERSIONS

pytestmark = pytest.mark.site
ROOT = Path(__file__).resolve().parents[2]
WORKS = list(yaml.safe_load((ROOT / "content" / "works.yml").read_text()))


def test_every_locked_address_is_still_published_or_redirected(built_site):
    now = set(published(built_site, WORKS))
    redirects = read_redirects(ROOT / "content" / "redirects.yml")
    gone = [a for a in read_lock(ROOT / "content" / "anchors.lock") if a not in now and a not in redirects]
    assert gone == [], "published addresses disappeared: add redirects in content/redirects.yml"


def test_every_redirect_leads_to_a_published_address(built_site):
    now = set(published(built_site, WORKS))
    redirects = read_redirects(ROOT / "content" / "redirects.yml")
    assert {old: new for old, new in redirects.items() if new not in now} == {}


def test_every_published_address_is_in_the_lock(built_site):
    locked = set(read_lock(ROOT / "content" / "anchors.lock"))
    new = [a for a in published(built_site, WORKS) if a not in locked]
    assert new == [], "new addresses are not in content/anchors.lock: run scripts/anchor-lock and commit it"


def test_the_lock_holds_the_anchors_of_the_figures_and_deals_pages():
    locked = read_lock(ROOT / "content" / "anchors.lock")
    assert [a for a in locked if a.startswith("deals/")] == [
        "deals/", "deals/#how-it-ends", "deals/#hoyle-five-players", "deals/#the-counters",
        "deals/#the-deals-replayed", "deals/#the-hands", "deals/#what-the-text-says-that-no-count-decides"]
    assert [a for a in locked if a.startswith("figures/method/")] == [
        "figures/method/", "figures/method/#how-the-figures-are-checked", "figures/method/#principles",
        "figures/method/#running-the-checks", "figures/method/#the-rules", "figures/method/#the-simulation",
        "figures/method/#the-tolerance-rule"]
    figures = [a for a in locked if a.startswith("figures/#")]  # as many as tests/corpus_pins.py says
    assert {"figures/#findings", "figures/#finding-odds-for-chances", "figures/#computed-averages",
            "figures/#experiment-coming-into-jack-pots", "figures/#the-figures-that-do-not-hold"} <= set(figures)


def test_the_lock_holds_the_changes_between_versions_and_each_versions_heading():
    locked = read_lock(ROOT / "content" / "anchors.lock")
    changes = {a for a in locked if a.startswith("edition/changes/")}
    assert {"edition/changes/", "edition/changes/#changes-between-versions"} <= changes
    assert {f"edition/changes/#version-{version.replace('.', '-')}" for version in VERSIONS} <= changes


def test_redirects_keep_an_old_anchor_as_an_alias_and_a_moved_page_as_a_redirect(project):
    project.witness("900", "fixture", "- 1. Any number can play.\n")
    project.text("fixture", "01-laws.md", "---\ntitle: Laws\nwitness: \"900\"\nlines: 1-1\n---\n"
                 "{law 1} Any number can play.\n")
    (project.path / "site_src" / "index.md").write_text("# Fixture\n")
    (project.path / "content" / "redirects.yml").write_text(
        "fixture/laws/#rule-one: fixture/laws/#law-1\nfixture/old-laws/: fixture/laws/\n")
    proc = project.build()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    html = (project.path / "site" / "fixture" / "laws" / "index.html").read_text()
    assert '<span id="rule-one" class="anchor-alias"></span><h2 class="law-head" id="law-1">' in html
    moved = (project.path / "site" / "fixture" / "old-laws" / "index.html").read_text()
    assert '<meta http-equiv="refresh" content="0; url=../../fixture/laws/">' in moved


def test_a_redirect_to_an_anchor_that_does_not_exist_stops_the_build(project):
    project.witness("900", "fixture", "- 1. Any number can play.\n")
    project.text("fixture", "01-laws.md", "---\ntitle: Laws\nwitness: \"900\"\nlines: 1-1\n---\n"
                 "{law 1} Any number can play.\n")
    (project.path / "site_src" / "index.md").write_text("# Fixture\n")
    (project.path / "content" / "redirects.yml").write_text("fixture/laws/#rule-one: fixture/laws/#law-9\n")
    proc = project.build()
    assert proc.returncode != 0
    assert ("content/redirects.yml:1: the redirect 'fixture/laws/#rule-one' leads to #law-9, which fixture/laws/ "
            "does not have. What to do: lead it to an anchor the page publishes") in proc.stdout + proc.stderr
