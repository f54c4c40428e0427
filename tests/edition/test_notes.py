"""Editorial notes name the law they belong to and link the witness lines they cite (on the part of a
long witness that shows the line)."""
from __future__ import annotations

from edition.framework.templating import render_block
from edition.site.registry import page_markdown


def test_a_note_in_a_law_names_the_law_and_links_the_witness_line_it_cites(real_edition):
    page = next(p for p in real_edition.pages if p.text.page_uri == "foster/laws.md")
    md = page_markdown(real_edition, "foster/laws.md")
    assert ('<li id="ed-note-2"><a class="ed-note-place" href="#law-15">Law 15</a>: the witness has “half”; the deal '
            'before the draw gives the “original” hands (<a href="../../witnesses/000/lines-350-611/#L557">'
            'witness line 557</a>, '
            '“These are known as the ‘original’ hands”), as against “dealing for the draw” in Law '
            '<a href="../../laws/42/">42</a> ') in md  # a law the note names is a link (law_links_html)
    places = [note.label for note in page.document.notes]
    assert "Law 21" in places


def test_a_note_outside_a_law_names_no_law_and_a_named_witness_is_linked_as_named():
    out = render_block("blocks/notes.html.j2", notes=[{"text": "see witness 002, line 12 and witness line 3",
                                                       "anchor": "para-4", "label": "¶4"}],
                       witnesses={"000": [[1, 9, "../witnesses/000/"]], "002": [[1, 40, "../witnesses/002/"]]},
                       witness="000")
    assert ('<li id="ed-note-1">see <a href="../witnesses/002/#L12">witness 002, line 12</a> and '
            '<a href="../witnesses/000/#L3">witness line 3</a> <a class="ed-note-back"') in out
