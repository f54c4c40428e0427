"""Versions a reader can open, and the citation files (#25 items 3 and 4): each cut version's page
as it stood and its snapshot published as stored, linked from the page of changes and from every
Cite box; data/*.json naming the version; the citation files of every law, work and the edition,
valid BibTeX, CSL-JSON and RIS, linked from the page on citing; robots.txt."""
from __future__ import annotations

import json
import re
from pathlib import Path

import bibtexparser
import jsonschema
import rispy

from tests.corpus_pins import WORK_CITATION_KEYS
from tests.helpers import DAY, VERSION, VERSION_DATE, VERSIONS

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "tests" / "standards" / "csl-data.json").read_text())


def test_each_cut_version_is_published_as_stored_beside_its_page(built_site):
    for version in VERSIONS:
        stored = (ROOT / "content" / "versions" / f"{version}.json").read_bytes()
        assert (built_site / "edition" / "versions" / f"{version}.json").read_bytes() == stored


def test_a_versions_page_gives_its_laws_and_verdicts_as_they_stood(built_site):
    from tests.helpers import SITE_URL
    stored = json.loads((ROOT / "content" / "versions" / "1.0.json").read_text())
    html = (built_site / "edition" / "versions" / "1.0" / "index.html").read_text(encoding="utf-8")
    assert f"Version 1.0, of 25 November 2026, as it stood: the site now shows version {VERSION}" in html
    laws = re.findall(r'<p class="version-law" id="law-(\d+)"><strong><a href="../../../laws/\d+/">Law \d+</a>\.'
                      r'</strong> (.*?)</p>', html)  # each law's number a link to its page now
    assert [int(n) for n, _ in laws] == list(range(1, 78))
    law_19 = dict(laws)["19"]
    assert law_19 == stored["readings"]["laws/19/"].removeprefix("19. ")
    rows = re.findall(r"<tr>\s*<td><code>([^<]+)</code></td>", html)
    assert rows == list(stored["verdicts"])
    assert 'href="../1.0.json">1.0.json</a>' in html
    assert f'<link rel="canonical" href="{SITE_URL}edition/versions/1.0/">' in html


def test_the_changes_page_links_each_version_as_it_stood(built_site):
    html = (built_site / "edition" / "changes" / "index.html").read_text(encoding="utf-8")
    for version in VERSIONS:
        assert f'<a href="../versions/{version}/">Version {version} as it stood</a>' in html
        assert f'<a href="../versions/{version}.json">the whole of it</a>' in html


def test_every_cite_box_links_the_version_it_names(built_site):
    from tests.helpers import SITE_URL
    line = (f'<p class="cite-version">These citations name version {VERSION} of the edition, of {DAY}: '
            f'<a href="{SITE_URL}edition/versions/{VERSION}/">the text as it stood in version {VERSION}</a>.</p>')
    assert (built_site / "laws" / "19" / "index.html").read_text(encoding="utf-8").count(line) == 1
    assert (built_site / "foster" / "laws" / "index.html").read_text(encoding="utf-8").count(line) == 77
    assert (built_site / "hoyle" / "poker" / "index.html").read_text(encoding="utf-8").count(line) == 1  # ¶ panel


def test_every_data_document_names_the_version_and_its_date(built_site):
    for name in ("laws.json", "glossary.json", "figures.json", "concordance.json"):
        doc = json.loads((built_site / "data" / name).read_text(encoding="utf-8"))
        assert list(doc)[:3] == ["schema", "version", "version_date"]
        assert (doc["version"], doc["version_date"]) == (VERSION, VERSION_DATE)


def test_the_citation_files_cite_every_law_every_work_and_the_edition(built_site):
    bib = bibtexparser.parse_string((built_site / "cite" / "edition.bib").read_text(encoding="utf-8"))
    assert bib.failed_blocks == []
    keys = [e.key for e in bib.entries]
    assert len(keys) == len(set(keys)) == 77 + len(WORK_CITATION_KEYS) + 1
    assert keys[:2] == ["foster1905:law1", "foster1905:law2"]
    assert keys[77:] == [*WORK_CITATION_KEYS, f"edition{VERSION_DATE[:4]}"]
    urls = {e.key: e.fields_dict["url"].value for e in bib.entries}
    assert urls["keller1887"].endswith("/#work-keller") and urls["foster1905"].endswith("/#work-foster")
    items = json.loads((built_site / "cite" / "edition.json").read_text(encoding="utf-8"))
    assert [e.message for e in jsonschema.Draft3Validator(SCHEMA).iter_errors(items)] == []
    assert [i["id"] for i in items] == keys
    records = rispy.loads((built_site / "cite" / "edition.ris").read_text(encoding="utf-8"))
    assert len(records) == len(keys) and records[18]["title"] == "Law 19 — Misdealing, in Practical Poker"
    assert all("access_date" not in r for r in records)  # a file cannot know the day it is read


def test_the_page_on_citing_links_the_citation_files(built_site):
    html = (built_site / "edition" / "citing" / "index.html").read_text(encoding="utf-8")
    for name in ("edition.bib", "edition.json", "edition.ris"):
        assert f'<a href="../../cite/{name}">{name}</a>' in html


def test_robots_may_read_every_page_and_are_shown_the_sitemap(built_site):
    from tests.helpers import SITE_URL
    assert (built_site / "robots.txt").read_text() == f"User-agent: *\nAllow: /\nSitemap: {SITE_URL}sitemap.xml\n"
