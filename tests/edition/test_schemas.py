"""Every data file against its schema (content/schemas/, edition/texts/schemas.py): messages in the
edition's words at the file's line, both the unknown and the missing key, the words allowed, bounded
numbers and texts, YAML anchors refused, a data file or a schema that breaks the rules refused."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from edition.texts.datafiles import parse, schema_for
from edition.texts.errors import EditionError, EditionErrors, refusals
from edition.texts.schemas import schema_name
from tests.helpers import VERSIONS

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "content" / "schemas"


def messages(name: str, raw: str, shape: type | None = dict) -> list[str]:
    try:
        parse(raw, name, shape, schema=schema_for(ROOT, name))
    except (EditionError, EditionErrors) as e:
        return [str(x) for x in refusals(e)]
    return []


def test_every_data_file_of_content_has_a_schema_and_keeps_to_it():
    names = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "content").rglob("*")
                   if p.suffix in (".yml", ".json") and SCHEMAS not in p.parents)
    assert len(names) == 20 + len(VERSIONS)  # the data files, and each version's snapshot
    for name in names:
        if name.endswith(".json"):
            continue  # the snapshots are checked when read (test_versions.py)
        raw = (ROOT / name).read_text(encoding="utf-8")
        assert messages(name, raw, None) == [], name


def test_a_misspelt_required_key_is_named_both_as_unknown_and_as_missing():
    assert messages("content/works.yml", "foster:\n  titel: B\n  author: A\n  witnesses: ['000']\n") == [
        "content/works.yml:1: a work has no 'title'. What to do: add 'title:' (the work's title, or an article's "
        "headword)",
        "content/works.yml:2: unknown key 'titel' in a work. What to do: did you mean 'title'? (the keys of a "
        "work: type, author, editors, title, publisher, place, container, year, witnesses, status, laws, "
        "short_name, authority, excluded, not_established)"]


def test_a_status_not_among_the_words_allowed_is_refused_with_the_word_meant():
    [message] = messages("content/works.yml", "foster:\n  author: A\n  title: B\n  witnesses: ['000']\n"
                                              "  status: complet\n")
    assert message == ("content/works.yml:5: 'foster.status' is 'complet', not one of the words allowed (complete, "
                       "in progress). What to do: did you mean 'complete'? complete (every witness line covered by a "
                       "reading text: the default) or in progress (the uncovered lines are counted, not refused)")


def test_a_number_out_of_bounds_and_one_of_5000_digits_are_refused_at_their_line():
    [large] = messages("content/works.yml", "foster:\n  author: A\n  title: B\n  witnesses: ['000']\n"
                                            "  laws: 10000000000\n")
    assert large == ("content/works.yml:5: 'foster.laws' is 10000000000, more than the largest allowed, 1,000. "
                     "What to do: how many laws the work numbers ({law 1} to {law N}), at most 1,000")
    [huge] = messages("content/glossary.yml", "entries:\n  x:\n    note: 1" + "0" * 5000 + "\n")
    assert huge == ("content/glossary.yml:3: a number of 5,001 digits, more than any count of the edition needs. "
                    "What to do: write a number of at most 18 digits (quote it if it is text)")


def test_a_number_where_text_belongs_is_shown_as_written_with_the_advice_to_quote_it():
    [message] = messages("content/texts/foster/03-laws.md", "title: Laws\nwitness: 000\nlines: 1-2\n")
    assert message == ('content/texts/foster/03-laws.md:2: \'witness\' is a whole number (000), not text. What to '
                       'do: quote it, "000", for YAML reads 000 as a whole number (the witness\'s id, quoted: "000")')


def test_a_value_of_the_wrong_type_names_the_type_it_should_be():
    assert messages("content/glossary.yml", "entries:\n  x:\n    see_also: 5\n    aliases: bob\n") == [
        "content/glossary.yml:3: 'entries.x.see_also' is a whole number (5), not a list ('- ' items). What to do: "
        "the slugs of related entries",
        "content/glossary.yml:4: 'entries.x.aliases' is text (bob), not a list ('- ' items). What to do: other "
        "words for the term, each linked to the entry"]


def test_a_text_longer_than_its_bound_is_refused():
    [message] = messages("content/glossary.yml", f"entries:\n  x:\n    note: {'word ' * 1000}\n")
    assert message == ("content/glossary.yml:3: 'entries.x.note' is 4,999 characters long, more than the 4,000 "
                       "allowed. What to do: the editors' note on the entry")


@pytest.mark.parametrize("raw, line, what", [
    ("a: &x [1, 2]\nb: *x\n", 1, "anchor (&x)"),
    ("a: 1\nb: &big\n  c: 2\n", 2, "anchor (&big)"),
])
def test_yaml_anchors_and_aliases_are_refused_where_they_stand(raw, line, what):
    [message] = messages("content/glossary.yml", raw)
    assert message == (f"content/glossary.yml:{line}: a YAML {what}. What to do: write the value out in full where "
                       "it is used: anchors and aliases are refused")


def test_nine_nested_aliases_are_refused_before_anything_is_expanded():
    raw = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9)}]\n" for n in range(1, 10))
    [message] = messages("content/glossary.yml", raw)
    assert message.startswith("content/glossary.yml:1: a YAML anchor (&a0)")


def test_a_data_file_without_a_schema_is_refused_naming_where_to_write_it(tmp_path):
    with pytest.raises(EditionError) as info:
        schema_for(tmp_path, "content/synonyms.yml")
    assert str(info.value) == (
        "content/synonyms.yml: the data file has no schema (content/schemas/synonyms.yml). What to do: write its "
        "schema in content/schemas/synonyms.yml: the keys it holds, their types and bounds (content/EDITING.md, "
        "'Writing a schema'); every data file has one")


@pytest.mark.parametrize("schema, problem", [
    ({"type": "object", "properties": {}}, "a mapping without additionalProperties at the top"),
    ({"type": "array", "maxItems": 9, "items": {"type": "string"}}, "a text without a maxLength at items"),
    ({"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
     "a whole number without a maximum at additionalProperties"),
    ({"type": "array", "items": {"type": "boolean"}}, "a list without a maxItems at the top"),
])
def test_a_schema_that_leaves_a_value_unbounded_is_refused(tmp_path, schema, problem):
    (tmp_path / "content" / "schemas").mkdir(parents=True)
    (tmp_path / "content" / "schemas" / "new.yml").write_text(yaml.safe_dump(schema))
    with pytest.raises(EditionError) as info:
        schema_for(tmp_path, "content/new.yml")
    assert str(info.value).startswith(f"content/schemas/new.yml: {problem}. What to do: bound every value")


def test_a_schema_that_is_no_json_schema_is_refused(tmp_path):
    (tmp_path / "content" / "schemas").mkdir(parents=True)
    (tmp_path / "content" / "schemas" / "new.yml").write_text("type: mapping\n")
    with pytest.raises(EditionError) as info:
        schema_for(tmp_path, "content/new.yml")
    assert str(info.value).startswith("content/schemas/new.yml: not a valid JSON Schema at type")


def test_a_data_file_written_in_a_fixture_project_is_checked_by_the_projects_schemas(tmp_path):
    shutil.copytree(SCHEMAS, tmp_path / "content" / "schemas")
    assert schema_for(tmp_path, "content/claims.yml").name == schema_name("content/claims.yml")


# The words a schema allows are those the code knows: one list, checked here against the other.
@pytest.mark.parametrize("schema, at, words", [
    ("tables.yml", ["additionalProperties", "properties", "convention", "enum"], "engine.claims:ROUNDINGS"),
    ("verdicts.yml", ["additionalProperties", "properties", "verdict", "enum"],
     "edition.sources.claims:ACKNOWLEDGED"),
    ("figures-not-claims.yml", ["items", "properties", "kind", "enum"], "edition.sources.coverage:KINDS"),
    ("concordance.yml", ["items", "properties", "relations", "additionalProperties", "enum"],
     "edition.sources.concordance:RELATIONS"),
    ("situations.yml", ["properties", "situations", "items", "properties", "authorities", "additionalProperties",
                        "properties", "relation", "enum"], "edition.sources.concordance:RELATIONS"),
    ("deals.yml", ["items", "properties", "betting", "items", "properties", "act", "enum"], "engine.pool:ACTS"),
    ("works.yml", ["additionalProperties", "properties", "type", "enum"], "edition.model.records:TYPES"),
])
def test_the_words_a_schema_allows_are_the_words_the_code_knows(schema, at, words):
    import importlib
    node = yaml.safe_load((SCHEMAS / schema).read_text(encoding="utf-8"))
    for step in at:
        node = node[step]
    module, name = words.split(":")
    assert list(node) == list(getattr(importlib.import_module(module), name))


def test_the_experiments_trials_are_bounded_as_the_command_line_bounds_them():
    from engine.experiments import MAX_TRIALS, MIN_TRIALS
    trials = yaml.safe_load((SCHEMAS / "experiments.yml").read_text(encoding="utf-8"))[
        "additionalProperties"]["properties"]["trials"]
    assert (trials["minimum"], trials["maximum"]) == (MIN_TRIALS, MAX_TRIALS)
