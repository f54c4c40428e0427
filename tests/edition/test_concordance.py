"""The concordance: every quotation is found verbatim in the reading text it cites, and linked."""
from __future__ import annotations

import pytest

from edition.edition import EditionErrors, load_edition

LAWS = ("---\ntitle: Laws\nwitness: \"900\"\nlines: 1-2\n---\n"
        "{law 28} The player on the left of the age may straddle.\n\nA note.\n")


@pytest.fixture
def foster(project):
    project.witness("900", "foster", "28. The player on the left of the age may straddle.\nA note.\n")
    project.text("foster", "03-laws.md", LAWS)
    return project


def concordance(project, quote: str) -> None:
    (project.path / "content" / "concordance.yml").write_text(
        "- slug: straddle\n  topic: The straddle\n  says:\n    foster:\n      - page: laws\n"
        f"        quote: \"{quote}\"\n  agree: All allow it.\n  differ: They differ on the limit.\n")


def test_a_quotation_is_linked_to_the_law_that_holds_it(foster):
    concordance(foster, "may straddle")
    [topic] = load_edition(foster.path).concordance
    [q] = topic.quotations["foster"]
    assert (q.page_uri, q.anchor, q.label, q.text) == ("foster/laws.md", "law-28", "Law 28", "may straddle")


def test_a_quotation_not_in_the_text_verbatim_stops_the_build_naming_its_line(foster):
    concordance(foster, "may straddle the blind")
    with pytest.raises(EditionErrors) as info:
        load_edition(foster.path)
    assert [str(e) for e in info.value.errors] == [
        "content/concordance.yml:6: topic 'straddle': the quotation \"may straddle the blind…\" is not in "
        "foster/laws.md verbatim. What to do: copy the words exactly from the reading text (one paragraph "
        "or law at a time)"]


def test_commentary_links_a_paragraph_to_the_laws_it_discusses_and_back(project):
    project.witness("900", "foster", "28. The player on the left of the age may straddle.\nA note.\n"
                                     "The straddle is often misunderstood by players.\n")
    project.text("foster", "03-laws.md", LAWS)
    project.text("foster", "04-disputed-rules.md", "---\ntitle: Disputed Rules\nwitness: \"900\"\nlines: 3-3\n---\n"
                 "The straddle is often misunderstood by players.\n")
    (project.path / "content" / "commentary.yml").write_text(
        "- page: disputed-rules\n  quote: \"often misunderstood\"\n  laws: [28]\n")
    ed = load_edition(project.path)
    laws, disputes = ed.pages
    assert "Foster's commentary: [Disputed Rules ¶1](disputed-rules.md#para-1)" in laws.rendered.markdown
    assert "Discusses [Law 28](laws.md#law-28)\n{: .discusses }" in disputes.rendered.markdown
