"""Building for publication: `make build` needs the address the site is published at (SITE_URL),
and the front door leads to the three tasks (read the laws, look up a term, cite a rule)."""
from __future__ import annotations

import os
import re
import subprocess
from types import SimpleNamespace

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
                                 "http://127.0.0.2/", "http://[::1]:8000/", "http://0.0.0.0/"])
def test_a_missing_or_loopback_site_url_is_refused_in_one_line_naming_site_url(url):
    proc = check(url)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(("SITE_URL is not set", f'SITE_URL "{url}" '))
    assert "What to do: set SITE_URL to the address the site will be published at" in lines[0]


@pytest.mark.parametrize("url", ["https://edition.example.org/", "https://poker.example.org/law/",
                                 "https://poker.example.org:8443/a/b/"])
def test_a_public_site_url_passes(url):
    proc = check(url)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")


# Each way an address was approved and then published broken, or refused for another reason than its own.
BAD_FORMS = {
    " https://poker.example.org/": 'SITE_URL " https://poker.example.org/" holds a space (character 1) around the '
                                   "address. What to do: write the address without it, e.g. "
                                   "SITE_URL=https://poker.example.org/",
    "https://poker.example.org/?utm=x": 'SITE_URL "https://poker.example.org/?utm=x" has a query (?utm=x). What to '
                                        "do: leave it out: every address of the site is SITE_URL followed by a page's "
                                        "path",
    "https://poker.example.org/#top": 'SITE_URL "https://poker.example.org/#top" has a fragment (#top). What to do: '
                                      "leave it out: every address of the site is SITE_URL followed by a page's path",
    'https://poker.example.org/"/': 'SITE_URL "https://poker.example.org/"/" holds a quotation mark (", character '
                                    "27). What to do: write the address without it, e.g. "
                                    "SITE_URL=https://poker.example.org/",
    "https://poker.example.org/poker": "SITE_URL \"https://poker.example.org/poker\" has a path that does not end in "
                                       "'/' (/poker). What to do: end it with '/': "
                                       "SITE_URL=https://poker.example.org/poker/",
    "edition.example.org": 'SITE_URL "edition.example.org" is not an absolute http(s) address. What to do: write '
                           "the whole address, as https://poker.example.org/",
    "https://Poker.example.org/": 'SITE_URL "https://Poker.example.org/" does not name a host as an address writes '
                                  "it. What to do: write the host in lower-case letters, digits, '-' and '.'",
    "https://poker.example.org/a/../": "SITE_URL \"https://poker.example.org/a/../\" has a path with an empty, '.' or "
                                       "'..' step (/a/../). What to do: write the folder's path itself",
}


@pytest.mark.parametrize("url", sorted(BAD_FORMS))
def test_a_site_url_the_build_would_publish_broken_is_refused_by_the_guard_in_one_line(url):
    proc = check(url)
    assert (proc.returncode, proc.stdout, proc.stderr) == (2, "", BAD_FORMS[url] + "\n")


@pytest.mark.parametrize("url", sorted(BAD_FORMS))
def test_the_build_refuses_each_form_the_guard_refuses_with_the_same_words(url, monkeypatch):
    """One rule, edition/texts/site_url.py: the build applies it to SITE_URL as given (MkDocs trims it and
    adds a slash before the hooks see it) and to the address it builds for."""
    from mkdocs.exceptions import PluginError

    from macros import hooks, serving
    monkeypatch.setenv("SITE_URL", url)
    monkeypatch.setattr(serving.STATE, "active", False)
    with pytest.raises(PluginError) as refused:
        hooks.on_config(SimpleNamespace(site_url="https://poker.example.org/",
                                        config_file_path=str(ROOT / "mkdocs.yml")))
    assert str(refused.value) == f"The site's address cannot be used:\n  {BAD_FORMS[url]}"


def test_the_build_takes_http_for_this_machine_and_the_guard_refuses_it():
    from edition.texts.site_url import refusal
    assert refusal("http://127.0.0.1:8000/") == refusal("http://poker.example.org/") == ""
    assert refusal("http://poker.example.org/", published=True) == (
        'SITE_URL "http://poker.example.org/" is not an https address. What to do: publish over https: '
        "SITE_URL=https://…")


def test_make_build_without_site_url_stops_before_building_with_one_line():
    env = {k: v for k, v in os.environ.items() if k not in ("SITE_URL", "MAKEFLAGS", "MAKELEVEL")}
    proc = subprocess.run(["make", "--no-print-directory", "build"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert proc.returncode != 0
    assert proc.stdout == ""
    assert re.fullmatch(r"Makefile:\d+: \*\*\* SITE_URL is not set\. What to do: set SITE_URL to the address the site "
                        r"will be published at, e\.g\. SITE_URL=https://poker\.example\.org/ make build; make serve "
                        r"builds for this machine\.  Stop\.\n", proc.stderr), proc.stderr


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
