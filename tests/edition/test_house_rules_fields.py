"""The house-rules page's form is unambiguous as written (edition/site/house_rules_page.py, clashes): no id
twice, no field's name given to two fields. A matter's or a custom's slug is its field's name and the stem
of its controls' ids, so a slug that takes a field's name or an id of the page is refused by the build,
at its line of content/house-rules.yml."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from edition.framework.templating import render_page
from edition.model.edition import EditionErrors
from edition.site.house_rules_page import clashes, house_rules_data
from edition.site.registry import site_pages

ROOT = Path(__file__).resolve().parents[2]
RAW = (ROOT / "content" / "house-rules.yml").read_text(encoding="utf-8")
ADVICE = ("What to do: choose another slug, which no field of the page has (table, date, base, extra, corner, or "
          "another matter's or custom's) and which begins none of its ids")


def with_slug(edition, kind: str, old: str, new: str):
    """A copy of *edition* whose matter or custom *old* is called *new* (and the yml's text to match)."""
    changed = copy.copy(edition)
    changed.house_rules = copy.deepcopy(edition.house_rules)
    group = changed.house_rules.matters if kind == "matter" else changed.house_rules.customs
    next(x for x in group if x.slug == old).slug = new
    return changed, RAW.replace(f"slug: {old}\n", f"slug: {new}\n", 1)


def page_clashes(edition, raw: str) -> list[str]:
    markdown = render_page("house-rules.md.j2", **house_rules_data(edition))
    return [str(e) for e in clashes(markdown, edition.house_rules, raw)]


def line(raw: str, slug: str) -> int:
    return raw.splitlines().index(f"  - slug: {slug}") + 1


def test_the_editions_own_page_has_no_clash(real_edition):
    assert page_clashes(real_edition, RAW) == []


@pytest.mark.parametrize(("kind", "old", "new", "clash"), [
    ("custom", "kitty", "table", "the field 'table'"),  # the table's name, a field of the page's own
    ("custom", "kitty", "base", "the field 'base'"),  # the rank of hands
    ("matter", "blind", "extra", "the field 'extra'"),
    ("matter", "blind", "link", "the id 'hr-link'"),  # the share link's own box
    ("matter", "buck", "corner", "the field 'corner'"),  # the round-the-corner straight
])
def test_a_slug_that_takes_a_field_or_an_id_of_the_page_is_refused_at_its_line(real_edition, kind, old, new, clash):
    edition, raw = with_slug(real_edition, kind, old, new)
    found = page_clashes(edition, raw)
    assert f"content/house-rules.yml:{line(raw, new)}: the {kind} slug '{new}' gives the page's form {clash} twice " \
           f"(a slug is the name of its field, and the start of its controls' ids, hr-<slug>-…). {ADVICE}" in found


def test_the_build_refuses_the_page_with_the_clash(real_edition):
    edition, raw = with_slug(real_edition, "custom", "kitty", "date")
    from edition.site import house_rules_page
    original = house_rules_page.read_text
    try:
        house_rules_page.read_text = lambda path, name: raw
        with pytest.raises(EditionErrors) as refused:
            site_pages(edition)
    finally:
        house_rules_page.read_text = original
    assert [str(e) for e in refused.value.errors][:1] == [
        f"content/house-rules.yml:{line(raw, 'date')}: the custom slug 'date' gives the page's form the field 'date' "
        f"twice (a slug is the name of its field, and the start of its controls' ids, hr-<slug>-…). {ADVICE}"]
