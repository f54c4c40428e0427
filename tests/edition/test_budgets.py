"""The edition's budgets (edition/texts/budgets.py): the build refuses what would break one, naming the
file; the records' fields are bounded by their schemas within the record budget."""
from __future__ import annotations

import random

import pytest
import yaml

from edition.texts.budgets import ENTRIES, RECORD_FIELD, SEARCH_INDEX_GZIPPED, search_index_error
from edition.texts.datafiles import parse
from edition.texts.errors import EditionError
from tests.helpers import ROOT


def test_a_data_file_past_its_budget_of_entries_is_refused_at_its_first_entry_over_it():
    _what, budget = ENTRIES["content/synonyms.yml"]
    raw = "".join(f"- modern: word{i}\n  period: [pot]\n" for i in range(budget + 3))
    with pytest.raises(EditionError) as refused:
        parse(raw, "content/synonyms.yml", list)
    assert str(refused.value).startswith(f"content/synonyms.yml:{2 * budget + 1}: {budget + 3} entries in the "
                                         f"thesaurus, more than the budget of {budget} (edition/texts/budgets.py")
    assert parse(raw, "content/other.yml", list)[-1]["modern"] == f"word{budget + 2}"  # no budget: read


def test_the_situations_past_their_budget_are_refused_though_their_list_is_under_a_key():
    _what, budget = ENTRIES["content/situations.yml"]
    entries = "".join(f"  - slug: s{i}\n    question: What if {i}?\n" for i in range(budget + 2))
    raw = f"# the situations\nsituations:\n{entries}\nnot_at_the_table: []\n"
    with pytest.raises(EditionError) as refused:
        parse(raw, "content/situations.yml", dict)
    assert str(refused.value).startswith(f"content/situations.yml:{3 + 2 * budget}: {budget + 2} entries in the "
                                         f"situations, more than the budget of {budget} (edition/texts/budgets.py")
    within = raw.replace(f"  - slug: s{budget}\n", "  - slug: x\n").split("  - slug: x\n")[0] + "not_at_the_table: []\n"
    assert len(parse(within, "content/situations.yml", dict)["situations"]) == budget


def test_a_search_index_past_its_budget_is_refused_naming_what_grows_it():
    rng = random.Random(14)
    noise = bytes(rng.randrange(256) for _ in range(SEARCH_INDEX_GZIPPED + 1000))  # does not compress
    error = search_index_error(noise, {"content/synonyms.yml": 51, "content/situations.yml": 47})
    assert str(error).startswith("search/search_index.json: the search index is ")
    assert "content/synonyms.yml (51 entries), content/situations.yml (47 entries)" in str(error)
    assert search_index_error(b"[]" * 1000, {}) is None


def _max_lengths(schema, path=""):
    if isinstance(schema, dict):
        if "maxLength" in schema:
            yield path, schema["maxLength"]
        for key, sub in schema.items():
            if key in ("properties", "$defs"):
                for name, each in sub.items():
                    yield from _max_lengths(each, f"{path}.{name}")
            elif key in ("items", "additionalProperties", "anyOf", "oneOf"):
                for each in (sub if isinstance(sub, list) else [sub]):
                    yield from _max_lengths(each, path)


@pytest.mark.parametrize("name", ["works.yml", "edition.yml"])
def test_every_record_field_is_bounded_within_the_record_budget(name):
    schema = yaml.safe_load((ROOT / "content" / "schemas" / name).read_text(encoding="utf-8"))
    lengths = dict(_max_lengths(schema))
    not_record = {".excluded", ".lines"}  # which witness lines no reading text covers, and why: no citation's
    over = {p: n for p, n in lengths.items() if n > RECORD_FIELD and not any(p.endswith(x) for x in not_record)
            and ".reason" not in p}
    assert lengths and over == {}
