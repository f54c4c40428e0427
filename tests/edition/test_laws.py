"""Foster's Laws as a model (edition.model.laws.Law): made once when the edition loads, from what the
text's document holds; the JSON data and the short addresses read it, and the site writes its paragraph."""
from __future__ import annotations

from edition.model.laws import Law
from edition.site import data
from edition.site.markdown import law_markdown
from tests.helpers import DAY, VERSION


def test_the_edition_has_laws_1_to_77_each_made_once_from_the_laws_page(real_edition):
    laws = real_edition.laws
    assert sorted(laws) == list(range(1, 78))
    assert {law.page_uri for law in laws.values()} == {"foster/laws.md"}
    assert all(isinstance(law, Law) and law.number == n for n, law in laws.items())


def test_a_law_knows_its_section_text_and_where_it_comes_from(real_edition):
    law = real_edition.laws[28]
    assert law.section == "“BLIND” AND “STRADDLE”"
    assert law.text.startswith("28. The player immediately on the left of the age may straddle this blind by "
                               "[putting up] double the amount,")
    assert law.words == law.text.removeprefix("28. ")
    assert (law.source, law.lines) == ("content/texts/foster/03-laws.md", (74, 74))
    assert (law.witness, law.witness_lines) == ("000", (237, 237))
    assert real_edition.witnesses["000"].lines[236].startswith("- 28. The player immediately on the left")
    assert (law.anchor, law.url, law.short_path) == ("law-28", "foster/laws/#law-28", "laws/28/")


def test_a_law_carries_its_citation_commentary_and_who_cites_it(real_edition):
    law = real_edition.laws[71]
    assert law.citation == ("R. F. Foster, Practical Poker (1905), Law 71 — Showing Openers Only. In: Draw Poker: "
                            "The Laws and the Literature, edited by The Draw Poker Edition editors, "
                            f"version {VERSION} (The Draw Poker Edition, {DAY}), <http://127.0.0.1:8000/laws/71/>, "
                            "accessed [day month year].")
    assert law.cited_by == [("foster/laws.md", "law-74", "Law 74")]
    assert law.commentary[:2] == [("foster/disputed-rules.md", "para-38", "Disputed Rules ¶38"),
                                  ("foster/disputed-rules.md", "para-39", "Disputed Rules ¶39")]


def test_a_law_written_for_its_own_page_has_its_number_plain_and_its_links_made_from_there(real_edition):
    assert law_markdown(real_edition, 28, "laws/28.md").startswith(
        '28\\. The player immediately on the left of the [age](../glossary.md#age "The player next the dealer on '
        'his left."){ .term }')
    own = law_markdown(real_edition, 11, "laws/11.md")
    assert '<a href="../../foster/laws/#ed-note-1" title=' in own  # the editorial note's letter, on the chapter
    assert "](../glossary.md#misdeal " in own


def test_the_json_data_reads_the_laws_model(real_edition):
    doc = data.laws(real_edition)
    item = doc["laws"][73]
    law = real_edition.laws[74]
    assert item == {"number": 74, "section": law.section, "text": law.text, "url": "foster/laws/#law-74",
                    "short_url": "laws/74/", "citation": law.citation,
                    "cited_by": [{"page": "foster/laws/", "anchor": "law-71", "label": "Law 71"}]}


def test_a_laws_witness_lines_are_its_pages_alignments_made_once(real_edition):
    """The Laws chapter is aligned once: a law's witness lines are read from its page's alignment,
    which maps each reading-text line to the witness lines its words are aligned with."""
    page = next(p for p in real_edition.pages if p.text.page_uri == "foster/laws.md")
    law = real_edition.laws[28]
    assert page.alignment.witness_lines[74] == {237}
    lines = sorted(set().union(*(page.alignment.witness_lines.get(n, set())
                                 for n in range(law.lines[0], law.lines[1] + 1))))
    assert (lines[0], lines[-1]) == law.witness_lines == (237, 237)


def test_the_tables_conventions_are_read_once_a_build(monkeypatch):
    from pathlib import Path

    from edition.model.edition import load_edition
    from edition.sources import claims
    calls = []
    read = claims.read_conventions
    monkeypatch.setattr(claims, "read_conventions", lambda f: (calls.append(f.name), read(f))[1])
    load_edition(Path(__file__).resolve().parents[2], check_version=False)
    assert calls == ["content/tables.yml"]
