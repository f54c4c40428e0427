"""Witness → reading text → apparatus, on small fixture projects.

Each test writes a tiny witness and reading text, loads the edition, and asserts the exact
apparatus or the exact error (file, line, what to do).
"""
from __future__ import annotations

import pytest

from edition.model.edition import EditionErrors, load_edition
from tests.helpers import markdown_of

WITNESS = """
THE LAWS

THE LAWS

- 1. Any number from two to seven can play. If eight play, the dealer takes no cards.
- 2. After the pack has been properly shuffled and cut, any person may throw round one card to each player, face up, and the first jack deals.
- 2c. Any hand of more or less than five cards is foul, and the odds are $4\\frac{1}{4}$ to 1 against \u201cthe subse-

quent draw.\u201d
"""  # noqa: E501 (the witness's lines, as long as printed)


def reading(body: str, lines: str = "1-9") -> str:
    return f"---\ntitle: The Laws\nwitness: \"900\"\nlines: {lines}\n---\n{body}"


GOOD_BODY = """# THE LAWS

{law 1} Any number from two to seven can play. If eight play, the dealer takes no cards.

{law 2} After the pack has been properly shuffled and cut, any person may throw round one card to each player, face up, and the first jack deals.

{law 20} Any hand of more or less than five cards is foul, and the odds are 4¼ to 1 against "the subsequent draw."
"""  # noqa: E501 (a paragraph is one line)


def load(project):
    return load_edition(project.path)


def errors_of(project) -> list[str]:
    with pytest.raises(EditionErrors) as info:
        load(project)
    return [str(e) for e in info.value.errors]


@pytest.fixture
def laws(project):
    project.witness("900", "fixture", WITNESS)
    return project


def test_apparatus_lists_exactly_the_corrections_made(laws):
    laws.text("fixture", "01-laws.md", reading(GOOD_BODY))
    page = load(laws).pages[0]
    got = [(e.kind, e.witness, e.edition, e.witness_line) for e in page.alignment.emendations]
    assert got == [
        ("omission", "THE LAWS", "", 3),  # the heading the witness prints twice: one copy dropped
        ("correction", "2c.", "20.", 7),
    ]


def test_typography_quotes_latex_fractions_and_line_end_hyphens_are_not_emendations(laws):
    laws.text("fixture", "01-laws.md", reading(GOOD_BODY))
    page = load(laws).pages[0]
    assert all("4" not in e.witness and "subse" not in e.witness for e in page.alignment.emendations)
    assert page.alignment.witness_words == 71
    assert page.alignment.kept_words == 68  # all but "THE LAWS" and "2c."


def test_each_law_gets_its_anchor_and_self_link(laws):
    laws.text("fixture", "01-laws.md", reading(GOOD_BODY))
    ed = load(laws)
    page = ed.pages[0]
    assert [n for n, _ in page.document.laws] == [1, 2, 20]
    md = markdown_of(ed, page)
    assert "## Law 20 { #law-20 .law-head }\n\n" in md  # one level below the chapter's title
    assert '<a class="law-number" href="#law-20" aria-label="Law 20: link to this law">20.</a> Any hand' in md
    assert ("<p class=\"citation\">A. Author, The Fixture Book (1900), Law 20. In: Draw Poker: The Laws "
            "and the Literature, edited by The Fixture Editors (The Fixture Press), "
            "&lt;http://127.0.0.1:8000/laws/20/&gt;, accessed &#91;day month year&#93;.</p>") in md  # [ ] as entities


def test_see_law_references_link_to_the_law_and_are_listed_under_it(project):
    project.witness("900", "fixture", """
        1. The age puts up the blind. (See Law 2.)
        2. The dealer deals. See Laws 1 and 2.
        Discussion of the blind, Law 1.
    """)
    project.text("fixture", "01-laws.md", reading(
        "{law 1} The age puts up the blind. (See Law 2.)\n\n{law 2} The dealer deals. See Laws 1 and 2.\n", "1-2"))
    project.text("fixture", "02-disputes.md", reading("Discussion of the blind, Law 1.\n", "3-3"))
    ed = load(project)
    laws, disputes = ed.pages
    assert '(See Law [2](#law-2 "Law 2: The dealer deals. See Laws 1 and 2.").)' in markdown_of(ed, laws)
    assert ('See Laws [1](#law-1 "Law 1: The age puts up the blind. (See Law 2.)") and '
            '[2](#law-2 "Law 2: The dealer deals. See Laws 1 and 2.").') in markdown_of(ed, laws)
    assert ('Discussion of the blind, Law [1](laws.md#law-1 "Law 1: The age puts up the blind. (See Law 2.)").'
            in markdown_of(ed, disputes))
    assert "Cited by: [Law 2](#law-2), [Laws ¶1](disputes.md#para-1)" not in markdown_of(ed, laws)
    assert "Cited by: [Law 2](#law-2), [The Laws ¶1](disputes.md#para-1)" in markdown_of(ed, laws)
    assert "{: #para-1 .para }" in markdown_of(ed, disputes)


def test_reference_to_a_law_the_edition_lacks_stops_the_build(project):
    project.witness("900", "fixture", "1. The age puts up the blind. (See Law 99.)\n")
    project.text("fixture", "01-laws.md", reading("{law 1} The age puts up the blind. (See Law 99.)\n", "1-1"))
    [err] = errors_of(project)
    assert err.startswith("content/texts/fixture/01-laws.md:6: 'Law 99' refers to Law 99, "
                          "which the edition does not have")


def test_emendation_context_is_the_editions_words_around_it(laws):
    laws.text("fixture", "01-laws.md", reading(GOOD_BODY))
    e = load(laws).pages[0].alignment.emendations[1]
    assert e.before == "and the first jack deals."
    assert e.after == "Any hand of more or"
    assert e.text_line == 12


def test_moved_passages_align_when_spans_are_given_in_the_editions_order(project):
    project.witness("900", "fixture", """
        Chapter 2. The Deal. The cards are dealt one at a time to each player in turn.
        Chapter 1. The Stakes. Players agree the stakes before play begins at the table.
    """)
    project.text("fixture", "01-stakes.md", reading(
        "# Chapter 1. The Stakes.\n\nPlayers agree the stakes before play begins at the table.\n", "2-2"))
    project.text("fixture", "02-deal.md", reading(
        "# Chapter 2. The Deal.\n\nThe cards are dealt one at a time to each player in turn.\n", "1-1"))
    ed = load(project)
    assert [len(p.alignment.emendations) for p in ed.pages] == [0, 0]


def test_reversed_spans_in_one_file_align_without_emendations(project):
    project.witness("900", "fixture", """
        Second part, which the witness puts first by mistake.
        First part, which the book prints first of all.
    """)
    project.text("fixture", "01-all.md", reading(
        "First part, which the book prints first of all.\n\nSecond part, which the witness puts first by mistake.\n",
        "2-2, 1-1"))
    page = load(project).pages[0]
    assert page.alignment.emendations == []
    assert page.alignment.kept_words == 18


def test_text_the_witness_duplicates_is_one_omission(project):
    project.witness("900", "fixture", """
        The age has the last say. The age has the last say. And the deal passes to the left.
    """)
    project.text("fixture", "01-a.md", reading("The age has the last say. And the deal passes to the left.\n", "1-1"))
    got = [(e.kind, e.witness) for e in load(project).pages[0].alignment.emendations]
    assert got == [("omission", "The age has the last say.")]


def test_supplied_words_are_marked_supplied_in_the_apparatus(project):
    project.witness("900", "fixture", "dealt, any player discovers that he has less than five cards.\n")
    project.text("fixture", "01-a.md", reading(
        "{supplied: If, after the cards are | evidence: Law 20 has the same opening} "
        "dealt, any player discovers that he has less than five cards.\n", "1-1"))
    ed = load(project)
    page = ed.pages[0]
    assert [(e.kind, e.edition) for e in page.alignment.emendations] == [("supplied", "If, after the cards are")]
    assert [n.text for n in page.document.notes] == ["evidence: Law 20 has the same opening"]
    assert '<span class="ed-supplied"' in markdown_of(ed, page)


def test_invented_text_cannot_be_aligned_and_stops_the_build(project):
    project.witness("900", "fixture", "A short witness line.\n")
    invented = " ".join(f"word{i}" for i in range(45))
    project.text("fixture", "01-a.md", reading(f"A short witness line. {invented}\n", "1-1"))
    [err] = errors_of(project)
    assert err.startswith("content/texts/fixture/01-a.md:6: cannot align 45 words of the reading text with witness 900")
    assert "What to do: check the 'lines:' spans" in err


def test_missing_front_matter_names_file_and_line(laws):
    laws.text("fixture", "01-laws.md", GOOD_BODY)
    [err] = errors_of(laws)
    assert err.startswith("content/texts/fixture/01-laws.md:1: no front matter. What to do: start the file")


def test_span_outside_the_witness_is_an_error(laws):
    laws.text("fixture", "01-laws.md", reading(GOOD_BODY, "1-99"))
    [err] = errors_of(laws)
    assert err == ("content/texts/fixture/01-laws.md:2: span 1-99 lies outside witness 900, which has 9 lines. "
                   "What to do: correct 'lines:' in the front matter")


def test_unknown_front_matter_key_is_an_error(laws):
    laws.text("fixture", "01-laws.md", reading(GOOD_BODY).replace("lines:", "colour: red\nlines:"))
    [err] = errors_of(laws)
    assert err == ("content/texts/fixture/01-laws.md:4: unknown key 'colour' in the front matter. What to do: remove "
                   "it; the keys of the front matter: title, witness, lines, collate, collate_lines, description, "
                   "link_terms, page_refs, searched")


def test_duplicate_law_anchor_is_an_error(laws):
    laws.text("fixture", "01-laws.md", reading(GOOD_BODY.replace("{law 20}", "{law 2}")))
    errs = errors_of(laws)
    assert errs == ["content/texts/fixture/01-laws.md:12: Law 2 is numbered twice (first at "
                    "content/texts/fixture/01-laws.md:10). What to do: number the laws each once and in order"]


def test_a_law_inside_the_previous_laws_paragraph_is_an_error(laws):
    laws.text("fixture", "01-laws.md", reading(GOOD_BODY.replace("jack deals.\n\n{law 20}", "jack deals.\n{law 20}")))
    [err] = errors_of(laws)
    assert err.startswith("content/texts/fixture/01-laws.md:11: {law 20} starts inside the paragraph "
                          "of the law before it")


def test_unbalanced_bold_markup_is_an_error(laws):
    laws.text("fixture", "01-laws.md", reading(GOOD_BODY.replace("If eight play", "If **eight play")))
    [err] = errors_of(laws)
    assert err.startswith("content/texts/fixture/01-laws.md:8: unbalanced '**' in this paragraph")


def test_stray_brace_is_an_error_naming_the_line(laws):
    laws.text("fixture", "01-laws.md", reading(GOOD_BODY.replace("can play.", "can {play.")))
    [err] = errors_of(laws)
    assert err.startswith("content/texts/fixture/01-laws.md:8: unbalanced or unknown brace markup near '{play.")


@pytest.mark.parametrize("line, code", [
    ("odds of $2\\frac{1}{2}$ to 1", "T1"),
    ("a sum of $ two", "T2"),
    ("the count ^{1,302,540} hands", "T3"),
    ("page {124} here", "T4"),
    ("he may pa.s.s the deal", "T5"),
    ("that is _i.e._ two", "T6"),
    ("the subse-", "T7"),
])
def test_typography_policy_violations_stop_the_build_with_their_code(laws, line, code):
    laws.text("fixture", "01-laws.md", reading(GOOD_BODY + "\n" + line + "\n"))
    errs = errors_of(laws)
    assert any(f"01-laws.md:14: [{code}]" in e for e in errs), errs


def test_uncovered_witness_lines_are_an_error_for_a_complete_work(laws):
    laws.text("fixture", "01-laws.md", reading(GOOD_BODY, "1-6"))
    errs = errors_of(laws)
    assert any("2 non-blank lines of witness 900 belong to no reading text (first: 7, last: 9)" in e for e in errs)


def test_overlapping_spans_are_an_error(laws):
    laws.text("fixture", "01-laws.md", reading(GOOD_BODY))
    laws.text("fixture", "02-more.md", reading("Any number from two to seven can play.\n", "5-5"))
    errs = errors_of(laws)
    assert "content/texts/fixture/02-more.md:4: witness 900 line 5 is claimed by content/texts/fixture/01-laws.md " \
        "and content/texts/fixture/02-more.md. What to do: make the 'lines:' spans not overlap" in errs


def test_a_note_standing_alone_is_shown_as_an_editors_note_in_the_text(project):
    project.witness("900", "fixture", "The age has the last say.\n")
    project.text("fixture", "01-a.md", reading("{note: The order of this chapter is the editors'.}\n\n"
                                                 "The age has the last say.\n", "1-1"))
    ed = load(project)
    page = ed.pages[0]
    assert ('<aside class="ed-aside" role="note"><strong>Editors’ note.</strong> '
            'The order of this chapter is the editors’.</aside>') in markdown_of(ed, page)
    assert page.document.paras == [(1, 8)]


def test_a_long_note_standing_alone_is_folded_under_its_first_words_so_the_text_comes_first(project):
    long_note = " ".join(["word"] * 101)
    project.witness("900", "fixture", "The age has the last say.\n")
    project.text("fixture", "01-a.md", reading("{note: " + long_note + "}\n\nThe age has the last say.\n", "1-1"))
    md = markdown_of(load(project), 0)
    assert md.startswith('<details class="note ed-aside-long"><summary><strong>Editors’ note</strong> (101 words): '
                         + " ".join(["word"] * 12) + ' …</summary>\n<p>' + long_note + '</p>\n</details>')


def test_a_page_printed_in_columns_is_read_column_by_column(project):
    project.witness("900", "fixture", "INDEX\nAces, raising on 176\tAnte 30\nAge, the 52\tAnte and blind 67\n")
    project.text("fixture", "01-index.md", reading(
        "# INDEX\n\n- Aces, raising on 176\n- Age, the 52\n- Ante 30\n- Ante and blind 67\n",
        "1-1, 2-3@1, 2-3@2-"))
    page = load(project).pages[0]
    assert page.alignment.emendations == []
    assert page.alignment.kept_words == 14


def test_footnotes_keep_the_numbers_the_book_prints(project):
    project.witness("900", "fixture", "The Age antes.[35]\n35 ^  Sometimes the dealer antes.\n")
    project.text("fixture", "01-a.md", reading("The Age antes.[^35]\n\n[^35]: Sometimes the dealer antes.\n", "1-2"))
    ed = load(project)
    page = ed.pages[0]
    assert page.alignment.emendations == []
    md = markdown_of(ed, page)
    assert '<sup class="fn-ref" id="fnref-35"><a href="#fn-35" title="Footnote 35">35</a></sup>' in md
    assert ('<div class="ed-footnote" id="fn-35" markdown>\n\n<a class="fn-back" href="#fnref-35" '
            'title="Back to the text">35.</a> Sometimes the dealer antes.\n\n</div>') in md


def test_a_heading_of_editorial_signs_gets_an_anchor_from_its_words(project):
    project.witness("900", "fixture", "Some text.\n\nMore text.\n")
    project.text("fixture", "01-a.md", reading("## {supplied: Jack-Pots. | evidence}\n\nSome text.\n\n"
                                                 "## {lacuna: heading lost}\n\nMore text.\n", "1-3"))
    md = markdown_of(load(project), 0)
    assert '{ #jack-pots data-toc-label="[Jack-Pots.]" }' in md  # the contents list it without its note's letter
    assert '{ #heading-lost-1 data-toc-label="[…]" }' in md  # (left out of the contents: macros/hooks.py)
