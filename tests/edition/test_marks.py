"""Golden cases of the edition's marks: for each kind of edition.texts.syntax.MARKS, a reading-text line
in, and out what each writer makes of it: the site's Markdown (edition/site/markdown.py), the EPUB's
XHTML and the TEI (edition/site/exports/), the words the apparatus compares with the witness and the
plain text a quotation is found in. A new mark is one entry of MARKS, one method ``mark_<kind>`` in
each writer, and its case here."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from edition.site import markdown
from edition.site.exports import epub, tei
from edition.texts.document import keyed_line, parse
from edition.texts.syntax import MARKS, compare_pieces, plain_text

NUMBER = '<a class="para-n" href="#para-1" aria-label="Paragraph 1" data-search-exclude>1</a>'


def note_ref(title: str) -> str:
    return f'<sup class="ed-note-ref" id="ed-ref-1"><a href="#ed-note-1" title="{title}">a</a></sup>'


def epub_ref() -> str:
    return '<a class="noteref" epub:type="noteref" role="doc-noteref" id="r1" href="#n1"><sup>1</sup></a>'


#: kind: (the line, the Markdown, the EPUB and its endnote, the TEI, compared with the witness, plain text)
GOLDEN = {
    "law": ("{law 12} The dealer deals.",
            '<a class="law-number" href="#law-12" aria-label="Law 12: link to this law">12.</a> The dealer deals.',
            ('<span class="law-number">12.</span> The dealer deals.', None),
            '<label type="law">12.</label> The dealer deals.',
            [(" 12. ", False), (" The dealer deals.", False)], "12. The dealer deals."),
    "page": ("the pack{page 124} is cut",
             'the pack<span class="page-mark" id="p-124" title="Page 124 of the printed book">p.&nbsp;124</span>'
             " is cut",
             ('the pack<span epub:type="pagebreak" role="doc-pagebreak" id="p-124" aria-label="124"></span> is cut',
              None),
             'the pack<pb n="124"/> is cut',
             [("the pack", False), (" is cut", False)], "the pack is cut"),
    "supplied": ("If {supplied: any | Law 20 says so} player",
                 'If <span class="ed-supplied" title="Law 20 says so">[any]</span>' + note_ref("Law 20 says so")
                 + " player",
                 ('If <span class="supplied">[any]</span>' + epub_ref() + " player",
                  "Supplied by the edition: Law 20 says so"),
                 'If <supplied reason="lost">any</supplied><note type="editorial" subtype="supplied">Law 20 says so'
                 '</note> player',
                 [("If ", False), (" any ", True), (" player", False)], "If [any] player"),
    "sic": ("he {sic: recieves | the author's spelling} five",
            'he <span class="ed-sic" title="the author’s spelling">recieves</span>'
            + note_ref("the author’s spelling") + " five",
            ("he recieves" + epub_ref() + " five", "So printed: the author’s spelling"),
            'he <sic>recieves</sic><note type="editorial" subtype="sic">the author’s spelling</note> five',
            [("he ", False), ("recieves", False), (" five", False)], "he recieves five"),
    "lacuna": ("the ante {lacuna: a line lost} is made",
               'the ante <span class="ed-lacuna" title="a line lost">[…]</span>' + note_ref("a line lost")
               + " is made",
               ('the ante <span class="lacuna">[…]</span>' + epub_ref() + " is made", "Text lost: a line lost"),
               'the ante <gap reason="lost"><desc>a line lost</desc></gap> is made',
               [("the ante ", False), (" is made", False)], "the ante […] is made"),
    "figure": ("{figure: a flush in hearts}",
               '<span class="ed-figure" role="figure" title="Card diagram lost in the witness"><span '
               'class="ed-figure-label">Figure lost in the witness:</span> a flush in hearts</span>',
               ('<span class="figure">[Figure lost from the witness: a flush in hearts]</span>', None),
               "<figure><figDesc>a flush in hearts</figDesc></figure>",
               [], ""),
    "note": ("the age{note: the player on the dealer's left} antes",
             "the age" + note_ref("the player on the dealer’s left") + " antes",
             ("the age" + epub_ref() + " antes", "the player on the dealer’s left"),
             'the age<note type="editorial">the player on the dealer’s left</note> antes',
             [("the age", False), (" antes", False)], "the age antes"),
}


def test_every_mark_has_its_golden_case_and_a_method_in_each_writer():
    assert sorted(GOLDEN) == sorted(MARKS)
    for kind in MARKS:
        for writer in (markdown.Writer, epub.Writer, tei.Writer):
            assert callable(getattr(writer, f"mark_{kind}", None)), (writer, kind)


@pytest.mark.parametrize("kind", sorted(GOLDEN))
def test_each_writer_writes_the_mark_as_its_golden_case(kind):
    line, site, (xhtml, endnote), tei_xml, compared, plain = GOLDEN[kind]
    doc = parse([line], 1, "f.md")
    [block] = doc.blocks
    parsed = block.lines[0]
    written = markdown.Writer(doc, markdown.Links("f.md", {12: "f.md"})).line(parsed, block.kind, block.anchor,
                                                                              block.label)
    assert written == site
    keyed = keyed_line(parsed, "f.md")
    book = epub.Writer(None)
    assert book.line(keyed) == xhtml
    assert [str(n["html"]) for n in book.notes] == ([endnote] if endnote else [])
    assert tei.Writer(SimpleNamespace(words=[]), [], "t.", "u").line(keyed) == tei_xml
    assert compare_pieces(list(parsed.segments)) == compared
    assert plain_text(line) == plain


def test_a_new_page_of_markdown_numbers_the_paragraph_that_holds_a_mark():
    """The golden lines are written inside their block: the page's paragraph number comes first."""
    out = markdown.render([GOLDEN["page"][0]], 1, "f.md", markdown.Links("f.md", {})).markdown
    assert out == NUMBER + GOLDEN["page"][1] + "\n{: #para-1 .para }\n"


def test_the_noted_marks_are_lettered_in_the_order_the_page_shows_them():
    doc = parse(["A {note: one} and {sic: tow | two}.", "", "{lacuna: lost} here {figure: a hand}."], 1, "f.md")
    assert [(n.text, n.anchor) for n in doc.notes] == [("one", "para-1"), ("two", "para-1"), ("lost", "para-2")]
    assert [seg.letter for b in doc.blocks for ln in b.lines for seg in ln.segments if seg.kind != "text"] == \
        [1, 2, 3, 0]
