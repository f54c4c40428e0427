"""The figures page leads with the answer: content/findings.yml, checked, and the page's order."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from edition.framework.source import DataFile
from edition.sources.findings import FINDINGS_DATA, build_findings
from edition.texts.datafiles import parse, schema_for
from edition.texts.errors import EditionError, EditionErrors, refusals
from tests.helpers import ROOT

SCHEMA = schema_for(ROOT, FINDINGS_DATA)

CLAIMS = [SimpleNamespace(id="foster-hands-blaze", page_uri="foster/poker-hands.md"),
          SimpleNamespace(id="hoyle-sf", page_uri="hoyle/poker.md")]
PAGES = ["foster/poker-hands.md", "hoyle/poker.md"]
GOOD = ("- id: blaze\n  title: Foster counts the blazes twice\n  text: >-\n    There are 432 blazes,\n"
        "    not 864.\n  claims: [foster-hands-blaze]\n  where: foster/poker-hands.md#claim-foster-hands-blaze\n")


def findings(raw: str):
    """The findings of *raw*, read as the build reads it: through its schema first."""
    return build_findings(DataFile(FINDINGS_DATA, raw, True, parse(raw, FINDINGS_DATA, list, schema=SCHEMA)),
                          CLAIMS, PAGES)


def errors_of(raw: str) -> list[str]:
    _found, errors = findings(raw)
    return [str(e) for e in errors]


def test_a_finding_is_read_with_its_claims_and_its_place():
    (f,), errors = findings(GOOD)
    assert errors == []
    assert (f.id, f.title, f.text, f.claims, f.page_uri, f.anchor) == (
        "blaze", "Foster counts the blazes twice", "There are 432 blazes, not 864.", ("foster-hands-blaze",),
        "foster/poker-hands.md", "claim-foster-hands-blaze")


def test_an_absent_file_gives_no_findings_and_no_error():
    assert build_findings(DataFile(FINDINGS_DATA), CLAIMS, PAGES) == ([], [])


@pytest.mark.parametrize("raw, message", [
    ("blaze: 1\n", "content/findings.yml:1: the file holds a mapping, not a list ('- ' items). What to do: see the "
                   "comment at the top of the file (or content/EDITING.md) for what it holds"),
    (GOOD.replace("  claims: [foster-hands-blaze]\n", ""),
     "content/findings.yml:1: a finding 'blaze' has no 'claims'. What to do: add 'claims:'"),
    (GOOD.replace("id: blaze", "id: Blaze Twice"),
     "content/findings.yml:1: 'id' is 'Blaze Twice', not of the form the schema asks. What to do: match "
     "^[a-z0-9][a-z0-9-]*$"),
    (GOOD + "  page: 3\n", "content/findings.yml:8: unknown key 'page' in a finding. What to do: remove it; the keys "
                           "of a finding: id, title, text, claims, where"),
])
def test_a_finding_of_the_wrong_shape_is_refused_by_the_schema_before_the_source_reads_it(raw, message):
    with pytest.raises((EditionError, EditionErrors)) as e:
        findings(raw)
    assert [str(x) for x in refusals(e.value)] == [message]


@pytest.mark.parametrize("raw, message", [
    (GOOD.replace("id: blaze", "id: blaze-"),
     "content/findings.yml:1: the id 'blaze-' is not a slug. What to do: use lower-case letters, digits and "
     "hyphens: its anchor is finding-<id>"),
    (GOOD + GOOD, "content/findings.yml:8: the id 'blaze' is given twice. What to do: give each finding its own id"),
    (GOOD.replace("[foster-hands-blaze]", "[foster-hands-blaze, no-such-claim]"),
     "content/findings.yml:6: the finding 'blaze' names no-such-claim, which content/claims.yml does not hold. "
     "What to do: name claims by their id in content/claims.yml"),
    (GOOD.replace("where: foster/poker-hands.md", "where: foster/poker-handz.md"),
     "content/findings.yml:7: the where of 'blaze' ('foster/poker-handz.md#claim-foster-hands-blaze') names no "
     "page of the edition. What to do: write the page's path and an anchor, e.g. "
     "foster/poker-hands.md#claim-foster-hands-blaze or figures.md#computed-two-pairs"),
    (GOOD.replace("where: foster/poker-hands.md#", "where: hoyle/poker.md#"),
     "content/findings.yml:7: the where of 'blaze' leads to claim-foster-hands-blaze, which is no claim of "
     "hoyle/poker.md. What to do: lead to a claim that the page holds (claim-<id>), or to another anchor of it"),
])
def test_a_bad_finding_stops_the_build_naming_the_line_and_what_to_do(raw, message):
    assert errors_of(raw) == [message]


def test_the_repositorys_findings_rest_on_claims_with_the_verdicts_they_report(real_edition):
    by_id = {c.id: c for c in real_edition.claims}
    verdicts = {f.id: sorted({by_id[c].verdict for c in f.claims}) for f in real_edition.findings}
    assert verdicts == {"odds-for-chances": ["author-error"], "blaze-counted-twice": ["author-error"],
                        "straight-flush-cavendish": ["author-error"], "experiment-holds": ["author-error", "exact"],
                        "four-card-straights": ["author-error"], "forty-five-for-forty-six": ["author-error"],
                        "britannica-copies-foster": ["author-error"], "kicker-as-likely": ["author-error"],
                        "several-players": ["author-error", "fair"], "eights-and-three-drawers": ["author-error"]}


def test_the_figures_page_leads_with_the_answer_then_the_tables_then_the_method(real_edition):
    from edition.site.registry import page_markdown
    md = page_markdown(real_edition, "figures.md")
    claims = real_edition.claims
    n = {v: sum(1 for c in claims if c.verdict == v) for v in ("exact", "fair", "author-error")}
    body = md.split("# How good are the old figures?\n\n", 1)[1]
    assert body.startswith(f"**Mostly good: {n['exact'] + n['fair']} of the {len(claims)} figures the texts print "
                           f"that the edition checks hold.** {n['exact']} are exact and {n['fair']} are fair roundings")
    heads = [line for line in body.splitlines() if line.startswith("## ")]
    assert heads[:3] == ["## What the checking finds { #findings }", "## The figures by source { #by-source }",
                         "## The tables, computed"]
    assert heads[-1] == "## How the checking is done { #how }"
    assert ("**Foster's blazes fit neither reading of \"five court cards\".** Foster puts the odds against being "
            "dealt a blaze at 3,008 to 1") in body
    assert ("leaves out court threes. [See it in *Poker Hands*](foster/poker-hands.md#claim-foster-hands-blaze).\n"
            "{: #finding-blaze-counted-twice }") in body
    assert body.rstrip().endswith("are in [How the figures are checked](figures/method.md).")


def test_command_lines_and_build_talk_are_on_the_method_page_not_the_figures_page(real_edition):
    from edition.site.registry import page_markdown
    md, method = page_markdown(real_edition, "figures.md"), page_markdown(real_edition, "figures/method.md")
    for words in (".venv/bin/python", "the build", "random.Random", "foster-proper", "'foster", "engine/",
                  "The tolerance rule"):
        assert words not in md
    assert ".venv/bin/python -m engine experiment --seed 1905 --trials 1000000\n" in method
    assert "**The tolerance rule**" not in method and "## The tolerance rule { #the-tolerance-rule }" in method
    assert "| Foster's standard game, with the big dog | `big-dog` |" in method


def test_no_list_item_of_the_figures_page_ends_in_stray_emphasis_marks(real_edition):
    from edition.site.registry import page_markdown
    md = page_markdown(real_edition, "figures.md")
    assert [line for line in md.splitlines() if re.search(r"\*\*\s*$|\s\*\*?$", line)] == []
