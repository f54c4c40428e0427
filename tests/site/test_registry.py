"""The one list of pages (edition/site/registry.py): the navigation and the generated pages are both
made from it, titles come from the pages themselves, and every address is composed in one module."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from edition.site import registry
from edition.site.deals_page import deals_data
from edition.site.registry import PAGES, Made, Row, dangling, navigation, site_pages
from tests.corpus_pins import NAVIGATION, WITNESSES_NAVIGATION

ROOT = Path(__file__).resolve().parents[2]


def test_the_navigation_of_the_edition_is_made_from_the_list_in_its_order(real_edition):
    nav = navigation(site_pages(real_edition), ROOT / "site_src")
    assert [next(iter(item)) for item in nav] == NAVIGATION
    sections = {next(iter(item)): next(iter(item.values())) for item in nav}
    assert sections["Figures"] == [{"How good are the old figures?": "figures.md"},
                                   {"The deals replayed": "deals.md"},
                                   {"How the figures are checked": "figures/method.md"}]
    assert sections["The edition"][:7] == [{"Editorial policy": "edition/policy.md"},
                                           {"Citing the edition": "edition/citing.md"},
                                           {"Data (JSON)": "data.md"},
                                           {"Emendations by work": "edition/apparatus.md"},
                                           {"Downloads": "downloads.md"},
                                           {"Changes between versions": "edition/changes.md"},
                                           {"Licence": "edition/licence.md"}]
    assert sections["The edition"][7] == {"Witnesses": WITNESSES_NAVIGATION}
    assert sections["Practical Poker (R. F. Foster, 1905)"][3] == {"The Laws of Poker": "foster/laws.md"}


def test_a_pages_title_in_the_navigation_is_the_title_its_template_gives_it(real_edition):
    pages = {p.address: p for p in site_pages(real_edition)}
    figures = pages["figures.md"]
    retitled = registry.Page("figures.md", figures.markdown.replace("title: How good are the old figures?",
                                                                    "title: The old figures, checked", 1),
                             figures.section)
    nav = navigation([retitled], ROOT / "site_src")
    assert nav == [{"Figures": [{"The old figures, checked": "figures.md"}]}]


def test_the_laws_own_pages_and_the_parts_of_a_long_witness_are_pages_but_not_in_the_navigation(real_edition):
    pages = {p.address: p for p in site_pages(real_edition)}
    assert pages["laws/19.md"].section is None and pages["laws/19.md"].markdown.startswith("---\n")
    assert pages["witnesses/000/lines-1-349.md"].section is None
    assert pages["laws/index.md"].section == () and pages["witnesses/000.md"].section == ("The edition", "Witnesses")


def test_a_page_is_added_by_a_row_its_template_and_its_data(real_edition, monkeypatch):
    """A row added to the list gives a page at its address, words it with its template and lists it
    in its section of the navigation, titled by the template: nothing else is touched."""
    extra = Row("deals again", ("Extra", "More"), "deals.md.j2",
                lambda ed: [Made("extra/deals.md", deals_data(ed))])
    monkeypatch.setattr(registry, "PAGES", [*PAGES, extra])
    pages = site_pages(real_edition, registry.PAGES)
    made = next(p for p in pages if p.address == "extra/deals.md")
    assert made.markdown == next(p.markdown for p in pages if p.address == "deals.md")
    assert navigation(pages, ROOT / "site_src")[-1] == {"Extra": [{"More": [{"The deals replayed": "extra/deals.md"}]}]}


@pytest.mark.slow  # a whole fixture build (make test; make check keeps one: test_build.py)
def test_a_hand_written_page_added_by_a_row_is_built_and_listed(project, monkeypatch):
    """End to end, in a fixture site: a row for a new hand-written page puts it in the navigation
    under its section, titled by its own heading, and the strict build publishes it."""
    import mkdocs.commands.build
    from mkdocs.config import load_config

    project.witness("900", "fixture", "1. Any number can play.\n")
    project.text("fixture", "01-laws.md", "---\ntitle: Laws\nwitness: \"900\"\nlines: 1-1\n---\n"
                 "{law 1} Any number can play.\n")
    (project.path / "site_src" / "house.md").write_text("# House notes\n\nA page of the table's own.\n")
    monkeypatch.setattr(registry, "PAGES", [*PAGES, Row("house", ("The edition",), None,
                                                         lambda ed: [Made("house.md")])])
    monkeypatch.setattr(site_pages, "__defaults__", (registry.PAGES,))
    config = load_config(str(project.path / "mkdocs.yml"), site_dir=str(project.path / "site"))
    mkdocs.commands.build.build(config)
    edition_section = next(item["The edition"] for item in config.nav if "The edition" in item)
    assert {"House notes": "house.md"} in edition_section
    html = (project.path / "site" / "house" / "index.html").read_text(encoding="utf-8")
    assert "A page of the table&rsquo;s own." in html or "A page of the table’s own." in html


def test_a_page_may_link_only_to_pages_whose_rows_exist(real_edition):
    """The build refuses a link to a page no row gives (macros/hooks.py): without the glossary's row,
    every link to a term is named, page by page, and nothing else."""
    from edition.site.exports.downloads import published_files
    from edition.site.files import site_files
    files = [*site_files(real_edition), *published_files(real_edition)]
    assert dangling(site_pages(real_edition), files) == []
    found = dangling(site_pages(real_edition, [row for row in PAGES if row.name != "glossary"]), files)
    assert found and all("glossary" in link for _page, link in found)
    assert {"situations.md", "laws/19.md", "foster/laws.md"} <= {p for p, _ in found}


# --- one place for each address -------------------------------------------------------------------

def page_paths_written(path: Path) -> list[str]:
    """String literals and f-strings in one module that end like a page's source path ("x.md",
    f"{work}/{slug}.md"), docstrings and file patterns ("*.md") apart."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            tail = node.values[-1] if node.values else None
            if isinstance(tail, ast.Constant) and re.search(r"\.md$", str(tail.value)):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            if re.fullmatch(r"[a-z0-9_/-]+\.md", node.value):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value}")
    return found


def test_page_addresses_are_composed_in_one_module_only():
    modules = sorted(p for folder in ("edition", "macros") for p in (ROOT / folder).rglob("*.py"))
    written = [w for p in modules if p != ROOT / "edition" / "texts" / "addresses.py" for w in page_paths_written(p)]
    assert written == []


def test_the_address_check_finds_a_path_written_outside_the_module(tmp_path, monkeypatch):
    module = ROOT / "edition" / "x_probe.py"
    monkeypatch.setattr(Path, "read_text", lambda self, encoding=None: (
        '"""Doc: glossary.md."""\nA = "glossary.md"\nB = f"{work}/{slug}.md"\nC = "*.md"\n'))
    assert page_paths_written(module) == ["edition/x_probe.py:2: glossary.md", "edition/x_probe.py:3"]
