"""The repository's LICENSE and CITATION.cff say what the edition's record says (content/edition.yml,
and the version's date from its snapshot): the licences by their titles, addresses and SPDX
identifiers, the title, the editors, the publisher, the version and its date; CITATION.cff is valid
Citation File Format 1.2.0 (its JSON Schema, tests/standards/citation-cff-1.2.0.json)."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
CFF_SCHEMA = json.loads((ROOT / "tests" / "standards" / "citation-cff-1.2.0.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def cff() -> dict:
    return yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))


def test_citation_cff_is_valid_citation_file_format(cff):
    errors = [e.message for e in jsonschema.Draft7Validator(CFF_SCHEMA).iter_errors(cff)]
    assert errors == [] and cff["cff-version"] == "1.2.0"


def test_citation_cff_gives_the_editions_record(cff, real_edition):
    record = real_edition.record
    names = [{"name": n.literal} if n.literal else {"family-names": n.family, "given-names": n.given}
             for n in record.editors]
    assert (cff["title"], cff["authors"], cff["version"], cff["date-released"]) == (
        record.title, names, record.version, record.date)
    assert cff["license"] == [record.licence.spdx, record.code_licence.spdx] == ["CC-BY-4.0", "MIT"]
    cited = cff["preferred-citation"]
    assert (cited["title"], cited["editors"], cited["publisher"], cited["version"], cited["date-published"],
            cited["year"]) == (record.title, names, {"name": record.publisher}, record.version, record.date,
                               int(record.date[:4]))


def test_license_names_the_public_domain_and_both_licences_of_the_record(real_edition):
    text = " ".join((ROOT / "LICENSE").read_text(encoding="utf-8").split())
    record = real_edition.record
    assert "are in the public domain" in text
    for licence in (record.licence, record.code_licence):
        assert f"{licence.title} ({licence.name})" in text or f"the {licence.title} ({licence.url})" in text
        assert licence.url in text
    assert "Permission is hereby granted, free of charge" in text  # the MIT License's own words, whole
    assert f"Copyright (c) {record.date[:4]} {record.editor_names}" in text
