"""The strict build: zero warnings, no macro error on any page, and bad input stops it loudly."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.helpers import SITE_URL

pytestmark = pytest.mark.site

MACRO_ERROR_MARKERS = ["Macro Rendering Error", "Macro Syntax Error", "_Macro", "jinja2.exceptions"]


def html_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_strict_build_logs_no_warning(built_site):
    log = (built_site.parent / "build.log").read_text()
    assert [line for line in log.splitlines() if "WARNING" in line] == []


def test_no_built_page_shows_a_macro_error(built_site):
    offenders = [str(p.relative_to(built_site)) for p in html_pages(built_site)
                 if any(m in p.read_text(encoding="utf-8") for m in MACRO_ERROR_MARKERS)]
    assert offenders == []


def test_every_apparatus_link_points_at_an_existing_witness_line(built_site):
    anchors: dict[str, set[str]] = {}
    for wpage in (built_site / "witnesses").rglob("index.html"):  # a witness, or a part of a long one
        anchors[str(wpage.parent.relative_to(built_site))] = set(
            re.findall(r'id="(L\d+)"', wpage.read_text(encoding="utf-8")))
    checked = 0
    for page in html_pages(built_site):
        for folder, anchor in re.findall(r'href="(?:\.\./)+(witnesses/\d{3}(?:/lines-\d+-\d+)?)/#(L\d+)"',
                                         page.read_text(encoding="utf-8")):
            assert anchor in anchors[folder], f"{page}: {folder} has no line anchor {anchor}"
            checked += 1
    assert checked >= 1 or not list((built_site).glob("foster/*/index.html"))


def test_witness_pages_show_every_line_of_their_witness(built_site):
    from edition.texts.witnesses import load_witnesses
    root = Path(__file__).resolve().parents[2]
    for wid, w in load_witnesses(root / "content" / "witnesses").items():
        pages = [built_site / "witnesses" / wid / "index.html", *(built_site / "witnesses" / wid).glob("*/index.html")]
        shown = [n for page in pages for n in re.findall(r'class="wl" id="L(\d+)"', page.read_text(encoding="utf-8"))]
        assert sorted(map(int, shown)) == list(range(1, len(w.lines) + 1)), wid


# --- fixture sites: bad input stops the build with file, line and what to do ----------------

@pytest.mark.slow  # a whole fixture build (make test; make check keeps one: test_build.py)
def test_malformed_reading_text_stops_the_build_naming_file_and_line(project):
    project.witness("900", "fixture", "One line of witness text.\n")
    project.text("fixture", "01-a.md", "---\ntitle: A\nwitness: \"900\"\nlines: 1-1\n---\nOne line {of witness text.\n")
    (project.path / "site_src" / "index.md").write_text("# Fixture\n")
    proc = project.build()
    assert proc.returncode != 0
    out = proc.stdout + proc.stderr
    assert "content/texts/fixture/01-a.md:6: unbalanced or unknown brace markup near '{of witness text.'" in out
    assert "What to do: braces are reserved for the edition markup" in out


@pytest.mark.slow  # a whole fixture build (make test; make check keeps one: test_build.py)
def test_undefined_macro_name_fails_the_build(project):
    project.witness("900", "fixture", "One line of witness text.\n")
    project.text("fixture", "01-a.md", "---\ntitle: A\nwitness: \"900\"\nlines: 1-1\n---\nOne line of witness text.\n")
    (project.path / "site_src" / "index.md").write_text(
        "---\nrender_macros: true\n---\n# Fixture\n\n{{ no_such_macro() }}\n")
    proc = project.build()
    assert proc.returncode != 0
    assert "no_such_macro" in proc.stdout + proc.stderr


@pytest.mark.slow  # a whole fixture build (make test; make check keeps one: test_build.py)
def test_macros_are_not_rendered_on_pages_that_do_not_ask(project):
    project.witness("900", "fixture", "One line of witness text {{ 1 + 1 }}.\n")
    project.text("fixture", "01-a.md", "---\ntitle: A\nwitness: \"900\"\nlines: 1-1\n---\nOne line of witness text.\n")
    (project.path / "site_src" / "index.md").write_text("# Fixture\n\nLiteral {{ 1 + 1 }} here.\n")
    proc = project.build()
    assert proc.returncode == 0, proc.stderr
    assert "Literal {{ 1 + 1 }} here." in (project.path / "site" / "index.html").read_text()
    # The witness's text is shown as text: its braces written as character references, read as braces.
    assert "{{ 1 + 1 }}" in html.unescape((project.path / "site" / "witnesses" / "900" / "index.html").read_text())


def test_fixture_site_builds_a_page_with_its_apparatus(project):
    project.witness("900", "fixture", "- 1. Any number from two to seven can play.\n- 2c. Any hand is foul.\n")
    project.text("fixture", "01-laws.md", "---\ntitle: Laws\nwitness: \"900\"\nlines: 1-2\n---\n"
                 "{law 1} Any number from two to seven can play.\n\n{law 20} Any hand is foul.\n")
    (project.path / "site_src" / "index.md").write_text("# Fixture\n\n[Laws](fixture/laws.md#law-20)\n")
    proc = project.build()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    html = (project.path / "site" / "fixture" / "laws" / "index.html").read_text()
    assert '<h2 class="law-head" id="law-20">Law 20' in html
    assert '<p class="law"><a class="law-number" href="#law-20"' in html
    assert "Apparatus: 1 emendation against witness 900" in html
    assert '<a href="../../witnesses/900/#L2">900:2</a>' in html


@pytest.mark.slow  # a whole fixture build (make test; make check keeps one: test_build.py)
def test_each_law_gets_a_page_of_its_own_at_its_short_address(project):
    project.witness("900", "fixture", "- 1. Any number can play. (See Law 20.)\n- 2c. Any hand is foul.\n")
    project.text("fixture", "01-laws.md", "---\ntitle: Laws\nwitness: \"900\"\nlines: 1-2\n---\n"
                 "{law 1} Any number can play. (See Law 20.)\n\n{law 20} Any hand is foul.\n")
    (project.path / "site_src" / "index.md").write_text("# Fixture\n")
    proc = project.build()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    html = (project.path / "site" / "laws" / "1" / "index.html").read_text()
    assert ('<p class="law law-alone">1. Any number can play. (See Law <a href="../../fixture/laws/#law-20" '
            'title="Law 20: Any hand is foul.">20</a>.)</p>') in html
    assert '<a href="../../fixture/laws/#law-1">Read it in context</a>' in html
    assert '<a class="law-next" href="../20/">Law 20: Any hand is foul. →</a>' in html and "law-prev" not in html
    assert '<meta property="og:title" content="Law 1 · A. Author’s Laws of Poker (1900)">' in html
    assert '<meta property="og:description" content="Any number can play. (See Law 20.)">' in html
    assert (f'<meta property="og:url" content="{SITE_URL}laws/1/">') in html
    assert "A. Author, The Fixture Book (1900), Law 1." in html
    cited = (project.path / "site" / "laws" / "20" / "index.html").read_text()
    assert '<h2 id="cited-by">Cited by' in cited and '<a href="../../fixture/laws/#law-1">Law 1</a>' in cited


@pytest.mark.slow  # a whole fixture build (make test; make check keeps one: test_build.py)
def test_laws_json_carries_each_law_with_its_urls_citation_and_citers(project):
    import json
    project.witness("900", "fixture", "FIRST\n- 1. Any number can play. (See Law 20.)\n- 2c. Any hand is foul.\n")
    project.text("fixture", "01-laws.md", "---\ntitle: Laws\nwitness: \"900\"\nlines: 1-3\n---\n## FIRST\n\n"
                 "{law 1} Any number can play. (See Law 20.)\n\n{law 20} Any hand is {supplied: foul | evidence}.\n")
    (project.path / "site_src" / "index.md").write_text("# Fixture\n")
    proc = project.build()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    doc = json.loads((project.path / "site" / "data" / "laws.json").read_text())
    assert doc["schema"] == 1
    assert doc["laws"][1] == {
        "number": 20, "section": "FIRST", "text": "20. Any hand is [foul].",
        "url": "fixture/laws/#law-20", "short_url": "laws/20/",
        "citation": "A. Author, The Fixture Book (1900), Law 20 — First. In: Draw Poker: The Laws and the "
                    "Literature, edited by The Fixture Editors (The Fixture Press), "
                    f"<{SITE_URL}laws/20/>, accessed [day month year].",
        "cited_by": [{"page": "fixture/laws/", "anchor": "law-1", "label": "Law 1"}],
    }


def test_the_published_json_documents_match_the_edition(built_site):
    import json
    laws = json.loads((built_site / "data" / "laws.json").read_text())
    glossary = json.loads((built_site / "data" / "glossary.json").read_text())
    figures = json.loads((built_site / "data" / "figures.json").read_text())
    assert [law["number"] for law in laws["laws"]] == list(range(1, 78))
    widow = next(e for e in glossary["entries"] if e["slug"] == "widow")
    assert [d["work"] for d in widow["definitions"]] == ["foster", "britannica", "hoyle", "hoyle", "keller"]
    by_id = {c["id"]: c for c in figures["claims"]}
    assert by_id["hoyle-cavendish-straight-flush"]["verdict"] == "author-error"
    assert by_id["foster-table-hands-flush-odds"]["printed"] is None
    concordance = json.loads((built_site / "data" / "concordance.json").read_text())
    cut = next(p for p in concordance["points"] if p["slug"] == "the-cut")
    assert cut["relations"] == {"foster": "differs", "britannica": "agrees", "hoyle": "silent", "keller": "differs"}
    assert cut["kind"] == "substance" and cut["url"] == "concordance/#the-cut"
    assert cut["quotations"][0] == {"work": "foster", "label": "Law 9", "url": "foster/laws/#law-9",
                                    "text": "The dealer must present the pack to the pone (the player on his right "
                                            "hand) to be cut. The pone can either cut them or let them run. If he "
                                            "declines to cut them, no other player can insist on doing so."}
    assert sum(p["kind"] == "substance" for p in concordance["points"]) == 14   # the straddle limit delisted (#36)


def test_the_search_index_holds_the_reading_texts_not_the_editions_apparatus(built_site):
    import json
    docs = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    pages = {d["location"].split("#")[0] for d in docs}
    assert sorted(p for p in pages if p.startswith(("witnesses/", "figures/", "concordance/", "disagreements/",
                                                    "deals/", "data/", "edition/apparatus/"))) == []
    assert {"foster/laws/", "glossary/", "keller/rules/", "hoyle/poker/", "britannica/poker/"} <= pages
    assert [d["location"] for d in docs if not d["location"].startswith("edition/") and (
        "Apparatus:" in d["text"] or "Figures checked:" in d["text"] or "Cite Law" in d["text"])] == []


def test_the_search_index_is_at_most_120_kb_gzipped_and_still_holds_every_word_of_a_long_section(built_site):
    import gzip
    import json

    from edition.texts.budgets import SEARCH_INDEX_GZIPPED
    raw = (built_site / "search" / "search_index.json").read_bytes()
    assert SEARCH_INDEX_GZIPPED == 120 * 1024  # the build refuses an index past it (issue 34)
    assert len(gzip.compress(raw, 9)) <= 120 * 1024  # issue 14; 159 KB when every section kept its whole text
    docs = {d["location"]: d for d in json.loads(raw)["docs"]}
    kitty = docs["foster/jack-pots/#the-kitty"]
    assert "weekly" in kitty["words"].split() and "weekly" not in kitty["text"]  # 560 characters in
    assert "straddle" in docs["laws/28/"]["text"]  # a law is short: its whole text stays, at its own page
    assert "foster/laws/#law-28" not in docs  # the chapter's copy does not compete with it
    assert [a for a in docs if a.startswith("laws/#")] == []  # nor do the laws' index's lists
    assert docs["laws/"]["text"].endswith("open the Laws of Poker in the book.</p>")  # not its form and its numbers


def test_the_navigation_names_each_witness_by_its_work(built_site):
    import html as html_module
    page = html_module.unescape((built_site / "index.html").read_text(encoding="utf-8"))
    assert re.findall(r"Witness 00\d", page) == []
    for label in ("Practical Poker (000)", "Poker (001)", "Hoyle's Games Modernized (002)",
                  "Hoyle's Games Modernized (003)", "The Game of Draw Poker (004)"):
        assert label in page
