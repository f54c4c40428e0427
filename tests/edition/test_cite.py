"""Every citation format, for every kind of thing cited in every work, checked against its standard:
BibTeX parsed by bibtexparser with the fields its entry type requires, CSL-JSON validated against
the CSL data schema (tests/standards/csl-data.json), RIS parsed by rispy; and the records' facts
as each format gives them (the Britannica an article within the encyclopaedia, Hoyle by its title
and its editor's pen name, the edition's editors, publisher, version and date everywhere)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import bibtexparser
import jsonschema
import pytest
import rispy

from edition.model.cite import BIBTEX_REQUIRED, FORMAT_NAMES, PARA_TOKEN, Cited, formats
from edition.model.records import EditionRecord, Name, RecordError, WorkRecord
from edition.site.pages import chapter_part
from tests.corpus_pins import WORKS
from tests.helpers import DAY, MLA_DAY, US_DAY, VERSION, VERSION_DATE

SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "standards" / "csl-data.json").read_text())
URL = "https://edition.example.org/"


def kinds(ed) -> dict[str, Cited]:
    """One citation of each kind for each work (a law, a chapter, a paragraph, the whole work), a page
    of the edition's own and the edition itself, as the site makes them."""
    out = {"law": Cited(f"{URL}laws/19/", ed.works["foster"].record, ed.laws[19].title)}
    for slug, work in ed.works.items():
        page = work.texts[-1]
        part = chapter_part(page, work)
        out[f"{slug} chapter"] = Cited(f"{URL}{slug}/x/", work.record, part)
        out[f"{slug} paragraph"] = Cited(f"{URL}{slug}/x/#para-{PARA_TOKEN}", work.record, part, PARA_TOKEN)
        out[f"{slug} work"] = Cited(f"{URL}{slug}/", work.record)
    out["edition page"] = Cited(f"{URL}glossary/", None, "Glossary")
    out["edition"] = Cited(URL)
    return out


@pytest.fixture(scope="module")
def cited(real_edition) -> dict[str, dict[str, str]]:
    return {name: formats(c, real_edition.record) for name, c in kinds(real_edition).items()}


KINDS = ["law"] + [f"{w} {k}" for w in WORKS
                   for k in ("chapter", "paragraph", "work")] + ["edition page", "edition"]


def test_every_kind_is_cited_in_six_formats(cited):
    assert sorted(cited) == sorted(KINDS)
    assert all(list(f) == list(FORMAT_NAMES) == ["plain", "chicago", "mla", "bibtex", "csl-json", "ris"]
               for f in cited.values())


@pytest.mark.parametrize("kind", KINDS)
def test_bibtex_parses_with_the_fields_its_entry_type_requires(cited, kind):
    library = bibtexparser.parse_string(cited[kind]["bibtex"])
    assert library.failed_blocks == [] and len(library.entries) == 1
    entry = library.entries[0]
    fields = {f.key: f.value for f in entry.fields}
    assert entry.entry_type in BIBTEX_REQUIRED
    for need in BIBTEX_REQUIRED[entry.entry_type]:
        assert any(fields.get(one, "").strip() for one in need.split("|")), (kind, need, fields)
    assert fields["url"].startswith(URL) and fields["version"] == VERSION


@pytest.mark.parametrize("kind", KINDS)
def test_csl_json_is_valid_against_the_csl_data_schema(cited, kind):
    items = json.loads(cited[kind]["csl-json"])
    errors = [e.message for e in jsonschema.Draft3Validator(SCHEMA).iter_errors(items)]
    assert errors == [] and len(items) == 1
    assert items[0]["URL"].startswith(URL) and items[0]["version"] == VERSION


@pytest.mark.parametrize("kind", KINDS)
def test_ris_parses_one_record_tagged_line_by_line(cited, kind):
    text = cited[kind]["ris"]
    lines = text.split("\n")
    assert lines[0].startswith("TY  - ") and lines[-1] == "ER  - "
    assert all(re.fullmatch(r"[A-Z][A-Z0-9]  - .*", line) for line in lines)
    records = rispy.loads(text)
    assert len(records) == 1 and records[0]["type_of_reference"] in ("BOOK", "CHAP", "ENCYC", "EBOOK")
    assert records[0]["urls"] == [next(line[6:] for line in lines if line.startswith("UR  - "))]


@pytest.mark.parametrize("kind", KINDS)
def test_every_format_names_the_edition_its_version_and_the_address(cited, kind):
    for key, text in cited[kind].items():
        assert "Draw Poker: The Laws and the Literature" in text, key
        assert VERSION in text and URL in text, key
    for key in ("plain", "chicago", "mla"):
        assert "The Draw Poker Edition" in cited[kind][key]  # the publisher
        assert any(day in cited[kind][key] for day in (DAY, US_DAY, MLA_DAY)), key


def test_the_britannica_is_cited_as_an_article_within_the_encyclopaedia(cited):
    p = cited["britannica paragraph"]
    assert p["plain"].startswith(f"“Poker”, Encyclopædia Britannica, 11th edition, vol. 21 (1911), ¶{PARA_TOKEN}. In: ")
    assert p["chicago"].startswith(
        f"“Poker, ¶{PARA_TOKEN}.” In Encyclopædia Britannica, 11th ed., edited by Hugh Chisholm, vol. 21, 899ff. "
        "Cambridge: Cambridge University Press, 1911. In Draw Poker")
    assert p["mla"].startswith(f"“Poker, ¶{PARA_TOKEN}.” Encyclopædia Britannica, edited by Hugh Chisholm, 11th ed., "
                               "vol. 21, Cambridge UP, 1911, pp. 899ff. Draw Poker")
    entry = bibtexparser.parse_string(p["bibtex"]).entries[0]
    fields = {f.key: f.value for f in entry.fields}
    assert entry.entry_type == "inbook" and "author" not in fields
    assert (fields["title"], fields["chapter"], fields["editor"], fields["edition"], fields["volume"], fields["pages"],
            fields["publisher"], fields["address"], fields["year"]) == (
        "Encyclopædia Britannica", f"Poker, ¶{PARA_TOKEN}", "Chisholm, Hugh", "11th", "21", "899ff.",
        "Cambridge University Press", "Cambridge", "1911")
    item = json.loads(p["csl-json"])[0]
    assert (item["type"], item["title"], item["container-title"], item["edition"], item["volume"],
            item["page-first"], item["editor"], item["issued"]) == (
        "entry-encyclopedia", f"Poker, ¶{PARA_TOKEN}", "Encyclopædia Britannica", "11", "21", "899",
        [{"family": "Chisholm", "given": "Hugh"}], {"date-parts": [[1911]]})
    assert "author" not in item
    record = rispy.loads(p["ris"])[0]
    assert (record["type_of_reference"], record["secondary_title"], record["volume"], record["start_page"]) == (
        "ENCYC", "Encyclopædia Britannica", "21", "899")


def test_hoyle_is_cited_by_its_title_edited_by_a_pen_name_undated(cited):
    p = cited["hoyle paragraph"]
    assert p["plain"].startswith(f"“Poker”, ¶{PARA_TOKEN}, in Hoyle's Games Modernized, edited by Professor Hoffmann "
                                 "[Angelo J. Lewis] (n.d.). In: ")
    assert "George Routledge and Sons, n.d. In Draw Poker" in p["chicago"]
    item = json.loads(p["csl-json"])[0]
    assert item["editor"] == [{"literal": "Professor Hoffmann"}] and "author" not in item
    assert item["issued"] == {"literal": "n.d."} and item["publisher"] == "George Routledge and Sons"
    assert "Professor Hoffmann is the pen name of Angelo J. Lewis." in item["note"]
    fields = {f.key: f.value for f in bibtexparser.parse_string(p["bibtex"]).entries[0].fields}
    assert fields["editor"] == "{Professor Hoffmann}" and fields["year"] == "n.d."
    work = cited["hoyle work"]
    assert work["chicago"].startswith("Professor Hoffmann [Angelo J. Lewis], ed. Hoyle's Games Modernized. George "
                                      "Routledge and Sons, n.d. In Draw Poker")


def test_a_law_is_cited_by_its_number_and_section(cited):
    law = cited["law"]
    assert law["plain"] == (
        "R. F. Foster, Practical Poker (1905), Law 19 — Misdealing. In: Draw Poker: The Laws and the Literature, "
        f"edited by The Draw Poker Edition editors, version {VERSION} (The Draw Poker Edition, {DAY}), "
        f"<{URL}laws/19/>.")
    assert law["chicago"] == (
        "Foster, R. F. “Law 19 — Misdealing.” In Practical Poker. N.p., 1905. In Draw Poker: The Laws and the "
        f"Literature, edited by The Draw Poker Edition editors, version {VERSION}. The Draw Poker Edition, {US_DAY}. "
        f"Accessed [month day, year]. {URL}laws/19/.")
    assert law["mla"] == (
        "Foster, R. F. “Law 19 — Misdealing.” Practical Poker, 1905. Draw Poker: The Laws and the Literature, edited "
        f"by The Draw Poker Edition editors, version {VERSION}, The Draw Poker Edition, {MLA_DAY}, "
        f"{URL}laws/19/. Accessed [day month year].")
    assert law["bibtex"].startswith("@incollection{foster1905:law19,\n  author = {Foster, R. F.},\n"
                                    "  title = {Law 19 — Misdealing},\n  booktitle = {Practical Poker},\n"
                                    "  publisher = {[publisher not identified]},\n  year = {1905},\n")


def test_keller_names_his_publisher_and_place_escaped_for_bibtex(cited):
    work = cited["keller work"]
    assert work["chicago"].startswith("Keller, J. W. The Game of Draw Poker. New York: White, Stokes & Allen, 1887. ")
    fields = {f.key: f.value for f in bibtexparser.parse_string(work["bibtex"]).entries[0].fields}
    assert fields["publisher"] == "White, Stokes \\& Allen" and fields["address"] == "New York"


def test_the_edition_itself_is_cited_by_its_editors_with_its_version_date_and_publisher(cited):
    ed = cited["edition"]
    assert ed["chicago"] == ("The Draw Poker Edition editors, ed. Draw Poker: The Laws and the Literature. "
                             f"Version {VERSION}. The Draw Poker Edition, {US_DAY}. Accessed [month day, year]. "
                             f"{URL}.")
    item = json.loads(ed["csl-json"])[0]
    assert (item["type"], item["issued"], item["version"], item["publisher"]) == (
        "book", {"date-parts": [[int(n) for n in VERSION_DATE.split("-")]]}, VERSION, "The Draw Poker Edition")
    assert "edition =" not in ed["bibtex"]  # the version is no "edition" (styles print "… version 1.1 edition")


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


def test_an_undated_edition_and_a_missing_publisher_are_said_not_guessed():
    work = WorkRecord("w", "book", "T", (Name("B", "A."),))
    f = formats(Cited("https://e.org/", work, "Ch"), EditionRecord("E"))
    assert f["plain"].startswith("A. B, T (n.d.), Ch. In: E, <https://e.org/>.")
    fields = {x.key: x.value for x in bibtexparser.parse_string(f["bibtex"]).entries[0].fields}
    assert (fields["publisher"], fields["year"]) == ("[publisher not identified]", "n.d.")
