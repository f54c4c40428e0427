"""Permanent addresses: nothing published disappears without a redirect, nothing unlisted appears."""
from __future__ import annotations

from pathlib import Path

import pytest

from edition.model.anchors import published, read_lock, read_redirects
from edition.site.registry import PAGES, permanent_pages, site_pages
from tests.helpers import VERSIONS

pytestmark = pytest.mark.site
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def now(built_site, real_edition) -> set[str]:
    """Every permanent address the built site publishes: the pages of the registry's permanent rows."""
    return set(published(built_site, permanent_pages(site_pages(real_edition))))


def test_every_locked_address_is_still_published_or_redirected(now):
    redirects = read_redirects(ROOT / "content" / "redirects.yml")
    gone = [a for a in read_lock(ROOT / "content" / "anchors.lock") if a not in now and a not in redirects]
    assert gone == [], "published addresses disappeared: add redirects in content/redirects.yml"


def test_every_redirect_leads_to_a_published_address(now):
    redirects = read_redirects(ROOT / "content" / "redirects.yml")
    assert {old: new for old, new in redirects.items() if new not in now} == {}


def test_every_published_address_is_in_the_lock(now):
    locked = set(read_lock(ROOT / "content" / "anchors.lock"))
    new = sorted(a for a in now if a not in locked)
    assert new == [], "new addresses are not in content/anchors.lock: run scripts/anchor-lock and commit it"


def test_permanence_is_a_column_of_the_list_of_pages():
    """Which pages are permanent is said once, by their rows; the pages that may come and go are named."""
    assert [row.name for row in PAGES if row.permanent is None] == ["home"]
    assert {row.name: row.permanent.__name__ for row in PAGES if row.permanent is not None} == {
        "what happened": "no_anchor", "what happened in a phase": "no_anchor", "laws": "headings",
        "law": "no_anchor", "situations": "every_anchor", "situation": "no_anchor", "reading texts": "text_anchors",
        "concordance": "every_anchor", "disagreements": "every_anchor", "glossary": "every_anchor",
        "glossary entry": "no_anchor", "house rules": "house_rules_anchors", "figures": "every_anchor",
        "deals": "every_anchor",
        "method": "every_anchor", "policy": "no_anchor", "citing": "no_anchor", "data": "no_anchor",
        "apparatus": "no_anchor", "downloads": "every_anchor", "changes": "every_anchor", "licence": "no_anchor",
        "witnesses": "no_anchor", "version": "every_anchor"}


def test_the_lock_holds_every_glossary_entry_concordance_point_situation_house_rule_and_the_downloads(real_edition):
    locked = set(read_lock(ROOT / "content" / "anchors.lock"))
    assert {f"glossary/#{e.slug}" for e in real_edition.glossary} <= locked
    assert {f"concordance/#{t.slug}" for t in real_edition.concordance} <= locked
    assert {f"situations/#{s.slug}" for s in real_edition.situations} <= locked
    # each situation's own page, and the guided way to it: their addresses (situations/too-many-cards/)
    assert {f"situations/{s.slug}/" for s in real_edition.situations} <= locked
    assert {"what-happened/"} | {f"what-happened/{p.slug}/" for p in real_edition.situation_phases} <= locked
    assert not any("#" in a for a in locked if a.startswith(("what-happened/", "situations/"))
                   and not a.startswith("situations/#"))  # their addresses only: the list keeps the anchors
    # each glossary entry's own page: its address only (the glossary keeps the entry's anchor)
    assert {f"glossary/{e.slug}/" for e in real_edition.glossary} <= locked
    assert not any("#" in a for a in locked if a.startswith("glossary/") and not a.startswith("glossary/#"))
    assert {"house-rules/", "house-rules/#matter-blind", "house-rules/#custom-kitty", "house-rules/#matters"} <= locked
    assert not any(a.startswith("house-rules/#hr-") for a in locked)  # the form's fields are not addresses
    assert {"downloads/", "downloads/#what-each-format-holds", "laws/", "laws/#misdealing"} <= locked
    assert {f"edition/versions/{v}/" for v in VERSIONS} | {"witnesses/000/", "witnesses/004/"} <= locked


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


@pytest.mark.slow  # a whole fixture build (make test; make check keeps one: test_build.py)
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


@pytest.mark.slow  # a whole fixture build (make test; make check keeps one: test_build.py)
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
