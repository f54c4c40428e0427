"""Every citation format, for every kind of thing cited in every work, checked against its standard:
BibTeX parsed by bibtexparser with the fields biblatex defines for its entry type and the ones it
requires, and written back the same; CSL-JSON validated against the CSL data schema
(tests/standards/csl-data.json; its rendering by a CSL processor: test_citeproc.py); RIS read by
rispy and written back the same; and the records' facts as each format gives them (the edition the
container, with its editors, publisher, version and date; the work the text comes from its
original; the day of access in every format that has one; nothing unknown stored as data)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import bibtexparser
import jsonschema
import pytest
import rispy

from edition.model.cite import ACCESSED, BIBLATEX_REQUIRED, FORMAT_NAMES, PARA_TOKEN, Cited, formats
from edition.model.records import EditionRecord, Name, RecordError, WorkRecord
from edition.site.pages import chapter_part
from tests.corpus_pins import WORKS
from tests.helpers import DAY, MLA_DAY, US_DAY, VERSION, VERSION_DATE

SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "standards" / "csl-data.json").read_text())
URL = "https://edition.example.org/"
ACCESS_DAY = "2026-12-01"  # a reader's day of access (the page's script writes it in)
ISSUED = [int(n) for n in VERSION_DATE.split("-")]  # the version's day as CSL-JSON's date-parts
#: The fields biblatex defines (The biblatex Package, section 2.2.2) that the entries use.
BIBLATEX_FIELDS = {"author", "editor", "title", "booktitle", "publisher", "date", "version", "origdate",
                   "origpublisher", "origlocation", "url", "urldate", "note"}


def kinds(ed) -> dict[str, Cited]:
    """One citation of each kind for each work (a law, a chapter, a paragraph, the whole work), a page
    of the edition's own, an entry of one and the edition itself, as the site makes them."""
    out = {"law": Cited(f"{URL}laws/19/", ed.works["foster"].record, ed.laws[19].title)}
    for slug, work in ed.works.items():
        page = work.texts[-1]
        part = chapter_part(page, work)
        out[f"{slug} chapter"] = Cited(f"{URL}{slug}/x/", work.record, part)
        out[f"{slug} paragraph"] = Cited(f"{URL}{slug}/x/#para-{PARA_TOKEN}", work.record, part, PARA_TOKEN)
        out[f"{slug} work"] = Cited(f"{URL}#work-{slug}", work.record)
    out["edition page"] = Cited(f"{URL}glossary/", None, "Glossary")
    out["glossary entry"] = Cited(f"{URL}glossary/#ante", None, "Glossary", "", "Ante")
    out["edition"] = Cited(URL)
    return out


@pytest.fixture(scope="module")
def cited(real_edition) -> dict[str, dict[str, str]]:
    return {name: formats(c, real_edition.record) for name, c in kinds(real_edition).items()}


@pytest.fixture(scope="module")
def cited_on(real_edition) -> dict[str, dict[str, str]]:
    """The same, copied on a day (the page's script writes it in)."""
    return {name: formats(c, real_edition.record, ACCESS_DAY) for name, c in kinds(real_edition).items()}


KINDS = ["law"] + [f"{w} {k}" for w in WORKS
                   for k in ("chapter", "paragraph", "work")] + ["edition page", "glossary entry", "edition"]


def fields_of(text: str) -> tuple[str, dict[str, str]]:
    library = bibtexparser.parse_string(text)
    assert library.failed_blocks == [] and len(library.entries) == 1
    entry = library.entries[0]
    return entry.entry_type, {f.key: f.value for f in entry.fields}


def test_every_kind_is_cited_in_six_formats(cited):
    assert sorted(cited) == sorted(KINDS)
    assert all(list(f) == list(FORMAT_NAMES) == ["plain", "chicago", "mla", "bibtex", "csl-json", "ris"]
               for f in cited.values())


@pytest.mark.parametrize("kind", KINDS)
def test_bibtex_has_biblatex_fields_the_ones_its_type_requires_and_reads_back_the_same(cited_on, kind):
    text = cited_on[kind]["bibtex"]
    entry_type, fields = fields_of(text)
    assert entry_type in BIBLATEX_REQUIRED and set(fields) <= BIBLATEX_FIELDS, (entry_type, set(fields))
    for need in BIBLATEX_REQUIRED[entry_type]:
        assert any(fields.get(one, "").strip() for one in need.split("|")), (kind, need, fields)
    assert fields["url"].startswith(URL) and "\\" not in fields["url"] and fields["version"] == VERSION
    assert (fields["date"], fields["urldate"]) == (VERSION_DATE, ACCESS_DAY)
    assert "n.d." not in text and "not identified" not in text
    again = bibtexparser.write_string(bibtexparser.parse_string(text))
    assert fields_of(again) == (entry_type, fields)


@pytest.mark.parametrize("kind", KINDS)
def test_csl_json_is_valid_against_the_csl_data_schema(cited_on, kind):
    items = json.loads(cited_on[kind]["csl-json"])
    errors = [e.message for e in jsonschema.Draft3Validator(SCHEMA).iter_errors(items)]
    assert errors == [] and len(items) == 1
    item = items[0]
    assert item["URL"].startswith(URL) and item["version"] == VERSION
    assert item["issued"] == {"date-parts": [ISSUED]} and item["accessed"] == {"date-parts": [[2026, 12, 1]]}
    assert "literal" not in json.dumps(item.get("issued")) and "n.d." not in json.dumps(item)


@pytest.mark.parametrize("kind", KINDS)
def test_ris_is_read_by_rispy_and_written_back_the_same(cited_on, kind):
    text = cited_on[kind]["ris"]
    lines = text.split("\n")
    assert lines[0].startswith("TY  - ") and lines[-1] == "ER  - "
    assert all(re.fullmatch(r"[A-Z][A-Z0-9]  - .*", line) for line in lines)
    records = rispy.loads(text)
    assert len(records) == 1 and records[0]["type_of_reference"] in ("CHAP", "EDBOOK")
    record = records[0]
    assert record["urls"] == [next(line[6:] for line in lines if line.startswith("UR  - "))]
    assert (record["access_date"], record["date"], record["year"]) == (
        "2026/12/01", VERSION_DATE.replace("-", "/"), VERSION_DATE[:4])
    assert rispy.loads(rispy.dumps(records)) == records


@pytest.mark.parametrize("kind", KINDS)
def test_every_format_names_the_edition_its_version_and_the_address(cited, kind):
    for key, text in cited[kind].items():
        assert "Draw Poker: The Laws and the Literature" in text, key
        assert VERSION in text and URL in text, key
    for key in ("plain", "chicago", "mla"):
        assert "The Draw Poker Edition" in cited[kind][key]  # the publisher
        assert any(day in cited[kind][key] for day in (DAY, US_DAY, MLA_DAY)), key


@pytest.mark.parametrize("kind", KINDS)
def test_the_day_of_access_is_in_every_format_that_has_one(cited, cited_on, kind):
    """On the page, where the reader's day is not known, the formats a reader reads say where it goes
    and the machine formats leave it out (the page's script adds it); copied on a day, every format has it."""
    static, dated = cited[kind], cited_on[kind]
    for key in ("plain", "chicago", "mla"):
        assert static[key].count(ACCESSED[key]) == 1, key
    assert "urldate" not in static["bibtex"] and "accessed" not in static["csl-json"] and "Y2  -" not in static["ris"]
    assert ", accessed 1 December 2026." in dated["plain"]
    assert "Accessed December 1, 2026." in dated["chicago"] and "Accessed 1 Dec. 2026." in dated["mla"]
    assert "  urldate = {2026-12-01}" in dated["bibtex"] and "\nY2  - 2026/12/01\n" in dated["ris"]
    assert json.loads(dated["csl-json"])[0]["accessed"] == {"date-parts": [[2026, 12, 1]]}


def test_the_britannica_is_cited_as_an_article_within_the_encyclopaedia(cited):
    p = cited["britannica paragraph"]
    assert p["plain"].startswith(f"“Poker”, Encyclopædia Britannica, 11th edition, vol. 21 (1911), ¶{PARA_TOKEN}. In: ")
    assert p["chicago"].startswith(
        f"“Poker, ¶{PARA_TOKEN}.” In Encyclopædia Britannica, 11th ed., edited by Hugh Chisholm, vol. 21, 899ff. "
        "Cambridge: Cambridge University Press, 1911. In Draw Poker")
    assert p["mla"].startswith(f"“Poker, ¶{PARA_TOKEN}.” Encyclopædia Britannica, edited by Hugh Chisholm, 11th ed., "
                               "vol. 21, Cambridge UP, 1911, pp. 899ff. Draw Poker")
    entry_type, fields = fields_of(p["bibtex"])
    assert entry_type == "incollection" and "author" not in fields
    assert (fields["title"], fields["booktitle"], fields["editor"], fields["origdate"], fields["origpublisher"],
            fields["origlocation"]) == (
        f"Poker, ¶{PARA_TOKEN}, in Encyclopædia Britannica", "Draw Poker: The Laws and the Literature",
        "{The Draw Poker Edition editors}", "1911", "Cambridge University Press", "Cambridge")
    assert fields["note"].startswith("Source: “Poker”, Encyclopædia Britannica, 11th edition, edited by Hugh "
                                     "Chisholm, vol. 21, pp. 899ff. (Cambridge: Cambridge University Press, 1911). "
                                     "The last page of the article is not established")
    item = json.loads(p["csl-json"])[0]
    assert (item["type"], item["title"], item["container-title"], item["original-date"],
            item["original-publisher"], item["original-publisher-place"]) == (
        "chapter", f"Poker, ¶{PARA_TOKEN}, in Encyclopædia Britannica", "Draw Poker: The Laws and the Literature",
        {"date-parts": [[1911]]}, "Cambridge University Press", "Cambridge")
    assert "author" not in item and "publisher" in item and item["publisher"] == "The Draw Poker Edition"
    record = rispy.loads(p["ris"])[0]
    assert (record["type_of_reference"], record["secondary_title"], record["original_publication"]) == (
        "CHAP", "Draw Poker: The Laws and the Literature", "Encyclopædia Britannica (1911)")
    assert "authors" not in record


def test_hoyle_is_cited_by_its_title_edited_by_a_pen_name_undated(cited):
    p = cited["hoyle paragraph"]
    assert p["plain"].startswith(f"“Poker”, ¶{PARA_TOKEN}, in Hoyle's Games Modernized, edited by Professor Hoffmann "
                                 "[Angelo J. Lewis] (undated). In: ")
    assert "George Routledge and Sons, n.d. In Draw Poker" in p["chicago"]
    item = json.loads(p["csl-json"])[0]
    assert "author" not in item and "original-date" not in item and item["editor"] == [
        {"literal": "The Draw Poker Edition editors"}]
    assert item["note"].startswith("Source: Hoyle's Games Modernized, edited by Professor Hoffmann [Angelo J. Lewis] "
                                   "(George Routledge and Sons). The date and place of the printing")
    entry_type, fields = fields_of(p["bibtex"])
    assert "origdate" not in fields and fields["origpublisher"] == "George Routledge and Sons"
    work = cited["hoyle work"]
    assert work["chicago"].startswith("Professor Hoffmann [Angelo J. Lewis], ed. Hoyle's Games Modernized. George "
                                      "Routledge and Sons, n.d. In Draw Poker")


def test_a_law_is_cited_by_its_number_and_section_in_the_edition(cited):
    law = cited["law"]
    assert law["plain"] == (
        "R. F. Foster, Practical Poker (1905), Law 19 — Misdealing. In: Draw Poker: The Laws and the Literature, "
        f"edited by The Draw Poker Edition editors, version {VERSION} (The Draw Poker Edition, {DAY}), "
        f"<{URL}laws/19/>, accessed [day month year].")
    assert law["chicago"] == (
        "Foster, R. F. “Law 19 — Misdealing.” In Practical Poker. 1905. In Draw Poker: The Laws and the "
        f"Literature, edited by The Draw Poker Edition editors, version {VERSION}. The Draw Poker Edition, {US_DAY}. "
        f"Accessed [month day, year]. {URL}laws/19/.")
    assert law["mla"] == (
        "Foster, R. F. “Law 19 — Misdealing.” Practical Poker, 1905. Draw Poker: The Laws and the Literature, edited "
        f"by The Draw Poker Edition editors, version {VERSION}, The Draw Poker Edition, {MLA_DAY}, "
        f"{URL}laws/19/. Accessed [day month year].")
    assert law["bibtex"] == (
        "@incollection{foster1905:law19,\n  author = {Foster, R. F.},\n"
        "  title = {Law 19 — Misdealing, in Practical Poker},\n"
        "  booktitle = {Draw Poker: The Laws and the Literature},\n  editor = {{The Draw Poker Edition editors}},\n"
        f"  publisher = {{The Draw Poker Edition}},\n  date = {{{VERSION_DATE}}},\n  version = {{{VERSION}}},\n"
        "  origdate = {1905},\n"
        f"  url = {{{URL}laws/19/}},\n"
        "  note = {Source: R. F. Foster, Practical Poker (1905). The publisher and place of publication of Practical "
        f"Poker are not established: the witness's title page has no imprint, and none could be looked up. Version "
        f"{VERSION} of the edition, of {DAY}.}}\n}}")


def test_keller_names_his_publisher_and_place_escaped_for_bibtex(cited):
    work = cited["keller work"]
    assert work["chicago"].startswith("Keller, J. W. The Game of Draw Poker. New York: White, Stokes & Allen, 1887. ")
    _, fields = fields_of(work["bibtex"])
    assert fields["origpublisher"] == "White, Stokes \\& Allen" and fields["origlocation"] == "New York"
    assert fields["url"] == f"{URL}#work-keller"


def test_a_glossary_entry_is_the_editors_text_within_the_edition(cited):
    entry = cited["glossary entry"]
    assert entry["plain"].startswith("Glossary, s.v. Ante. In: Draw Poker: The Laws and the Literature, edited by")
    assert entry["chicago"].startswith("The Draw Poker Edition editors. “Glossary, s.v. Ante.” In Draw Poker")
    item = json.loads(entry["csl-json"])[0]
    assert (item["id"], item["title"], item["author"]) == (
        f"edition{VERSION_DATE[:4]}:glossary:ante", "Glossary: Ante", [{"literal": "The Draw Poker Edition editors"}])


def test_the_edition_itself_is_cited_by_its_editors_with_its_version_date_and_publisher(cited):
    ed = cited["edition"]
    assert ed["chicago"] == ("The Draw Poker Edition editors, ed. Draw Poker: The Laws and the Literature. "
                             f"Version {VERSION}. The Draw Poker Edition, {US_DAY}. Accessed [month day, year]. "
                             f"{URL}.")
    item = json.loads(ed["csl-json"])[0]
    assert (item["type"], item["issued"], item["version"], item["publisher"]) == (
        "book", {"date-parts": [ISSUED]}, VERSION, "The Draw Poker Edition")
    entry_type, fields = fields_of(ed["bibtex"])
    assert entry_type == "collection" and "edition" not in fields  # the version is no "edition" ("1.1 edition")
    assert rispy.loads(ed["ris"])[0]["type_of_reference"] == "EDBOOK"


def test_values_are_escaped_for_bibtex_and_ris():
    work = WorkRecord("w", "book", "100% {Odd} #1 & $5_a\\b", (Name("B", "A."),), year=1900, publisher="P\nQ")
    f = formats(Cited("https://e.org/a b/{x}#p", work, "Ch"), EditionRecord("E", (), "Pub", "1.0", "2026-01-02"))
    _, fields = fields_of(f["bibtex"])
    assert fields["title"] == r"Ch, in 100\% \{Odd\} \#1 \& \$5\_a\textbackslash{}b"
    assert fields["url"] == "https://e.org/a%20b/%7Bx%7D#p"
    assert "OP  - 100% {Odd} #1 & $5_a\\b (1900)" in f["ris"].split("\n")
    assert all(re.fullmatch(r"[A-Z][A-Z0-9]  - .*", line) for line in f["ris"].split("\n"))


def test_the_records_of_the_real_works(real_edition):
    w = {slug: work.record for slug, work in real_edition.works.items()}
    assert (w["foster"].authors[0].full, w["foster"].year, w["foster"].publisher) == (
        "Robert Frederick Foster", 1905, None)
    assert (w["britannica"].container.volume, w["britannica"].container.first_page, w["britannica"].authors) == (
        21, 899, ())
    assert (w["hoyle"].editors[0].literal, w["hoyle"].editors[0].real, w["hoyle"].year) == (
        "Professor Hoffmann", "Angelo J. Lewis", None)
    assert (w["keller"].authors[0].full, w["keller"].year, w["keller"].place) == ("John W. Keller", 1887, "New York")
    record = real_edition.record
    assert (record.title, record.editor_names, record.publisher, record.version, record.date, record.licence.name) == (
        "Draw Poker: The Laws and the Literature", "The Draw Poker Edition editors", "The Draw Poker Edition", VERSION,
        VERSION_DATE, "CC BY 4.0")


@pytest.mark.parametrize("value, problem", [
    ({"given": "R. F."}, "has both or neither of 'family:' and 'literal:'"),
    ({"family": "Foster", "literal": "X"}, "has both or neither"),
    ({"literal": "Professor Hoffmann", "given": "X"}, "mixes a literal name"),
    ({"family": "Foster", "nickname": "Bob"}, "is not a name"),
])
def test_a_name_that_is_not_one_is_refused_with_what_to_do(value, problem):
    with pytest.raises(RecordError) as e:
        Name.parse(value)
    assert problem in e.value.problem and e.value.advice


@pytest.mark.parametrize("entry, problem", [
    ({"title": "T", "type": "pamphlet", "author": "A. B"}, "has 'type: pamphlet'"),
    ({"title": "T", "type": "encyclopedia-article"}, "has no encyclopaedia"),
    ({"title": "T", "container": {"title": "E"}, "author": "A. B"}, "has a 'container:'"),
    ({"title": "T"}, "has neither 'author:' nor 'editors:'"),
    ({"title": "T", "author": "A. B", "year": "1905?"}, "has 'year: 1905?'"),
])
def test_a_record_that_cannot_be_cited_is_refused(entry, problem):
    with pytest.raises(RecordError) as e:
        WorkRecord.parse("x", entry)
    assert problem in e.value.problem


def test_a_bad_record_in_works_yml_stops_the_build_naming_the_line(project):
    project.witness("000", "fixture", "A line.\n")
    project.works["fixture"]["author"] = [{"family": "Lewis", "literal": "Professor Hoffmann"}]
    project._write_registries()
    project.text("fixture", "01-a.md", "---\ntitle: A\nwitness: \"000\"\nlines: 1\n---\nA line.\n")
    result = project.build()
    assert result.returncode != 0
    assert "content/works.yml:1: the name {'family': 'Lewis', 'literal': 'Professor Hoffmann'} has both or " \
           "neither of 'family:' and 'literal:'. What to do: give 'family:'" in result.stderr
    assert "Traceback" not in result.stderr


def test_an_undated_work_and_a_missing_publisher_are_left_out_not_guessed():
    work = WorkRecord("w", "book", "T", (Name("B", "A."),))
    f = formats(Cited("https://e.org/", work, "Ch"), EditionRecord("E"))
    assert f["plain"].startswith("A. B, T (undated), Ch. In: E, <https://e.org/>, accessed")
    _, fields = fields_of(f["bibtex"])
    assert not {"year", "date", "origdate", "publisher", "origpublisher"} & set(fields)
