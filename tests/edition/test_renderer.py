"""The site's writer applies the marks it is handed (edition.site.markdown.Writer), and the document it
writes collects what the text holds (edition.texts.document)."""
from __future__ import annotations

from types import SimpleNamespace

from edition.site.markdown import Links, Writer, render
from edition.texts.document import parse


# A paragraph's number in the margin, a link to the paragraph (templates/pages/marks.md.j2).
def number(n: int) -> str:
    return f'<a class="para-n" href="#para-{n}" aria-label="Paragraph {n}" data-search-exclude>{n}</a>'


NUMBER_1 = number(1)


def links(**fields) -> Links:
    return Links("foster/odds.md", {3: "foster/laws.md"}, **fields)


def test_a_checked_figure_gets_the_mark_it_is_handed_once():
    claim = SimpleNamespace(id="c1", figure="47 to 1", context="")
    out = render(["The odds are 47 to 1, not 47 to 1."], 10, "f.md",
                 links(claims={10: [claim]}, mark_figure=lambda c, printed: f"<m id={c.id}>{printed}</m>"))
    assert out.markdown.splitlines()[0] == NUMBER_1 + "The odds are <m id=c1>47 to 1</m>, not 47 to 1."


def test_a_lost_figure_box_holds_the_example_hand_and_the_supplied_odds_it_is_handed():
    lost = SimpleNamespace(id="c2", figure="{lacuna}", context="")
    out = render(["{figure: a flush}"], 5, "f.md",
                 links(claims={5: [lost]}, diagrams={5: "<hand>"}, supply_figure=lambda c: f"[{c.id}]"))
    assert out.markdown.splitlines()[0] == NUMBER_1 + (
        '<span class="ed-figure" role="figure" title="Card diagram lost in the witness"><span '
        'class="ed-figure-label">Figure lost in the witness:</span> a flush<hand><span class="ed-figure-odds">'
        '<span class="ed-diagram-label">The odds printed beneath it, lost with it, supplied by the edition’s '
        "computation:</span> [c2]</span></span>")
    assert parse(["{figure: a flush}"], 5, "f.md").figures == [("a flush", 5)]


def test_an_index_links_its_page_numbers_through_the_chapter_lookup_it_is_handed():
    chapter = SimpleNamespace(page_uri="foster/betting.md", anchor="", title="Betting", first_page=60)
    out = render(["- Ante 67, 9"], 1, "f.md", links(chapter_of=lambda page: chapter if page >= 60 else None))
    assert out.markdown.splitlines()[2] == '- Ante [67](betting.md "p. 67: Betting, which begins on p. 60"), 9'


def test_without_links_a_text_renders_plain_and_still_collects_laws_notes_and_references():
    doc = parse(["{law 3} The dealer {supplied: must | Law 4} deal.", "", "See Law 3."], 1, "f.md")
    assert doc.laws == [(3, 1)]
    assert [(n.text, n.anchor, n.label) for n in doc.notes] == [("Law 4", "law-3", "Law 3")]
    assert [(ref.law, ref.anchor, ref.label, ref.line) for ref in doc.refs] == [(3, "para-1", "¶1", 3)]
    assert NUMBER_1 + "See Law 3.\n{: #para-1 .para }" in Writer(doc).write().markdown


def test_each_law_heading_is_one_level_below_its_section_so_no_level_is_skipped():
    out = render(["# LAWS", "", "{law 1} One.", "", "## DEALING", "", "{law 2} Two.", "",
                  "### JACK-POTS", "", "{law 3} Three.", "", "## BETTING", "", "{law 4} Four."], 1, "f.md")
    heads = [line for line in out.markdown.splitlines() if ".law-head" in line]
    assert heads == ["## Law 1 { #law-1 .law-head }", "### Law 2 — DEALING { #law-2 .law-head }",
                     "#### Law 3 — JACK-POTS { #law-3 .law-head }", "### Law 4 — BETTING { #law-4 .law-head }"]


def test_a_law_is_followed_by_its_cite_box_commentary_and_cited_by_from_the_law_meta_template():
    out = render(["{law 3} The dealer deals."], 1, "foster/laws.md", Links(
        "foster/laws.md", {3: "foster/laws.md"}, citation={3: "Foster, Law 3 <http://x/laws/3/>."},
        commentary={3: [("foster/disputed-rules.md", "para-2", "Disputed Rules ¶2")]},
        cited_by={3: [("foster/laws.md", "law-5", "Law 5"), ("hoyle/poker.md", "", "Poker")]}))
    assert out.markdown.split("{: .law }\n\n", 1)[1] == (
        '<div class="law-meta" data-search-exclude markdown>\n'
        '<details class="cite"><summary>Cite Law 3</summary><p class="citation">Foster, Law 3 &lt;http://x/laws/3/&gt;.'
        "</p></details>\n\n"
        "Foster's commentary: [Disputed Rules ¶2](disputed-rules.md#para-2)\n{: .commentary }\n\n"
        "Cited by: [Law 5](#law-5), [Poker](../hoyle/poker.md)\n{: .cited-by }\n"
        "</div>\n")


def test_a_commentary_paragraph_names_the_laws_it_discusses_and_a_lone_note_is_an_editors_note():
    out = render(["Foster on dealing.", "", "{note: see \"Law 3\"}"], 1, "foster/disputed-rules.md", Links(
        "foster/disputed-rules.md", {3: "foster/laws.md", 4: "foster/laws.md"}, discusses={"para-1": [3, 4]}))
    assert out.markdown == (
        NUMBER_1 + "Foster on dealing.\n{: #para-1 .para }\n\n"
        "Discusses [Law 3](laws.md#law-3), [Law 4](laws.md#law-4)\n{: .discusses }\n\n"
        '<aside class="ed-aside" role="note"><strong>Editors’ note.</strong> see “Law 3”</aside>\n')


def test_each_paragraph_list_and_quoted_poem_shows_its_number_as_a_link_to_itself_and_a_law_does_not():
    out = render(["{law 3} The dealer deals.", "", "A paragraph.", "", "- a list", "", "> A poem,  ", "> in lines.",
                  "", "| a | table |", "| - | - |", "| 1 | 2 |"], 1, "f.md")
    blocks = out.markdown.split("\n\n")
    assert 'class="para-n"' not in blocks[1]  # the law: its own number is the link
    assert blocks[2] == NUMBER_1 + "A paragraph.\n{: #para-1 .para }"
    assert blocks[3:5] == [f'<span class="para-anchor" id="para-2">{number(2)}</span>', "- a list"]
    assert blocks[5:7] == [f'<span class="para-anchor" id="para-3">{number(3)}</span>', "> A poem,  \n> in lines."]
    assert blocks[7] == f'<span class="para-anchor" id="para-4">{number(4)}</span>'


def test_a_paragraph_quoted_on_a_laws_page_is_quoted_without_its_number_its_links_made_from_there(real_edition):
    from edition.site.markdown import paragraph_markdown
    quoted = paragraph_markdown(real_edition, "foster/historical.md", "para-25", "laws/19.md")
    assert quoted.startswith("H. F. Anners, of Philadelphia")
    assert "[whangdoodle](../glossary.md#whangdoodle " in quoted  # from laws/19/, not from the chapter
    assert paragraph_markdown(real_edition, "foster/historical.md", "para-999", "laws/19.md") == ""


def test_the_pages_numbered_paragraphs_are_those_of_the_one_rule_and_the_concordance_reads_the_same(real_edition):
    """One rule numbers paragraphs (edition.texts.syntax.blocks): the margin numbers a page shows,
    the concordance's quotations and a version's snapshot all read it."""
    from edition.sources.concordance import blocks_of
    from edition.texts.syntax import NUMBERED, blocks
    for page in real_edition.pages:
        t = page.text
        ruled = [(b.number, b.start) for b in blocks(t.body_lines, t.body_start) if b.kind in NUMBERED]
        assert page.document.paras == ruled, t.page_uri
        assert [a for a, _label, _text in blocks_of(page) if a.startswith("para-")] == \
            [f"para-{n}" for n, _line in ruled], t.page_uri
