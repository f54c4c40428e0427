"""Building for publication: `make build` needs the address the site is published at (SITE_URL),
and the front door leads to the three tasks (read the laws, look up a term, cite a rule)."""
from __future__ import annotations

import os
import re
import subprocess

import pytest

from tests.corpus_pins import GLOSSARY_ENTRIES, WITNESSES, WORKS
from tests.helpers import DAY, ROOT, VERSION

pytestmark = pytest.mark.site


def check(url: str | None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "SITE_URL"}
    if url is not None:
        env["SITE_URL"] = url
    return subprocess.run([str(ROOT / "scripts" / "check-site-url")], env=env, capture_output=True, text=True)


@pytest.mark.parametrize("url", [None, "", "http://127.0.0.1:8000/", "http://localhost:8000/",
                                 "http://127.0.0.2/", "http://[::1]:8000/", "http://0.0.0.0/", "edition.example.org"])
def test_a_missing_or_loopback_site_url_is_refused_in_one_line_naming_site_url(url):
    proc = check(url)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(("SITE_URL is not set", f"SITE_URL={url} "))
    assert "set SITE_URL to the address the site will be published at" in lines[0]


@pytest.mark.parametrize("url", ["https://edition.example.org/", "http://poker.example.org/law/"])
def test_a_public_site_url_passes(url):
    proc = check(url)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")


def test_make_build_without_site_url_stops_before_building_with_one_line():
    env = {k: v for k, v in os.environ.items() if k not in ("SITE_URL", "MAKEFLAGS", "MAKELEVEL")}
    proc = subprocess.run(["make", "--no-print-directory", "build"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert proc.returncode != 0
    assert proc.stdout == ""
    assert re.fullmatch(r"Makefile:\d+: \*\*\* SITE_URL is not set: set SITE_URL to the address the site will be "
                        r"published at, e\.g\. SITE_URL=https://poker\.example\.org/ make build; make serve builds "
                        r"for this machine\.  Stop\.\n", proc.stderr), proc.stderr


def test_the_home_page_leads_to_the_laws_a_term_and_citing_before_the_works(built_site):
    html = (built_site / "index.html").read_text(encoding="utf-8")
    body = html.split('<article', 1)[1]
    tasks = re.findall(r'<a href="([^"]+)">(Read the laws|Look up a term|Cite a rule)</a>', body)
    assert tasks == [("laws/", "Read the laws"), ("glossary/", "Look up a term"), ("edition/citing/", "Cite a rule")]
    assert body.index("Cite a rule") < body.index("The works")
    assert f"{len(WORKS)} works in {len(WITNESSES)} witnesses" in body
    assert "77 Laws of Poker" in body and f"{GLOSSARY_ENTRIES} terms" in body


def test_the_citing_page_example_names_the_address_the_site_was_built_for(built_site):
    from tests.helpers import SITE_URL
    html = (built_site / "edition" / "citing" / "index.html").read_text(encoding="utf-8")
    assert (f"Law 19 — Misdealing. In: Draw Poker: The Laws and the Literature, edited by The Draw Poker Edition "
            f"editors, version {VERSION} (The Draw Poker Edition, {DAY}), &lt;{SITE_URL}laws/19/&gt;, accessed "
            "[day month year].") in html


@pytest.mark.slow
def test_a_publication_build_holds_no_loopback_address_anywhere(tmp_path):
    """Built with SITE_URL=https://edition.example.org/: pages, data, sitemap, search index and the
    edition's own assets name that address and never this machine (Material's own source maps,
    *.map, quote a comment about its development server and are left out)."""
    from tests.helpers import PYTHON
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL="https://edition.example.org/")
    site = tmp_path / "site"
    proc = subprocess.run([PYTHON, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)], cwd=ROOT,
                          env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    loopback = re.compile(r"127\.0\.0\.1|localhost|\[::1\]")
    found = [str(p.relative_to(site)) for p in site.rglob("*") if p.is_file() and p.suffix != ".map"
             and p.suffix in (".html", ".json", ".xml", ".js", ".css", ".txt")
             and loopback.search(p.read_text(encoding="utf-8", errors="replace"))]
    assert found == []
    assert "https://edition.example.org/laws/19/" in (site / "sitemap.xml").read_text(encoding="utf-8")
    assert f"{DAY}), <https://edition.example.org/laws/19/>" in (site / "data" / "laws.json").read_text()
