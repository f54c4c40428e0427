"""Each citation format has its one escape, applied to every value it writes (edition/model/cite.py):
records of random hostile texts are cited, and each format is read back by its own reader (BibTeX by
bibtexparser, RIS by rispy, CSL-JSON by json) to the values it was given, with no field, tag or record
more: a brace cannot end a BibTeX field, a backslash pass a LaTeX command to whoever cites the edition,
a line break forge a RIS tag or record."""
from __future__ import annotations

import json
import re

import bibtexparser
import rispy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from edition.model.cite import Cited, formats, item_title
from edition.model.records import EditionRecord, Name, WorkRecord

#: Letters, and every character that means something to BibTeX, LaTeX or RIS.
HOSTILE = "aZ \\{}~^&%#_$\"',=@\n\r\u2028\u0085\t-"
texts = st.text(alphabet=HOSTILE, min_size=1, max_size=25).filter(lambda t: t.strip())

#: The escapes _bib_escape writes, undone: what a LaTeX reader makes of the field.
_UNESCAPED = {r"\textbackslash{}": "\\", r"\textasciitilde{}": "~", r"\textasciicircum{}": "^", r"\{": "{",
              r"\}": "}", r"\&": "&", r"\%": "%", r"\#": "#", r"\_": "_", r"\$": "$"}
_ESCAPES = re.compile("|".join(re.escape(k) for k in _UNESCAPED))


def _one_line(text: str) -> str:
    """A value as a format of one line a value writes it: its line breaks (and the spaces round them) a space."""
    return re.sub(r"\s*[\r\n\v\f\x1c-\x1e\x85\u2028\u2029]+\s*", " ", text)


def _latex(field: str) -> str:
    return _ESCAPES.sub(lambda m: _UNESCAPED[m[0]], field)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title=texts, part=texts, family=texts, given_name=texts, publisher=texts, place=texts, edition_title=texts)
def test_every_format_reads_back_the_values_it_was_given(title, part, family, given_name, publisher, place,
                                                         edition_title):
    work = WorkRecord("w", "book", title, (Name(family, given_name),), year=1905, publisher=publisher, place=place)
    edition = EditionRecord(edition_title, (Name(literal=family),), publisher, "1.0", "2026-11-25")
    cited = Cited("https://e.org/a/#para-3", work, part)
    out = formats(cited, edition, "2026-12-01")

    library = bibtexparser.parse_string(out["bibtex"])
    assert library.failed_blocks == [] and len(library.entries) == 1
    fields = {f.key: f.value for f in library.entries[0].fields}
    assert _latex(fields["title"]) == _one_line(item_title(cited, edition))
    assert _latex(fields["booktitle"]) == _one_line(edition_title)
    assert (_latex(fields["origpublisher"]), _latex(fields["origlocation"])) == (_one_line(publisher),
                                                                                 _one_line(place))
    for value in fields.values():  # no command but the escapes: nothing a LaTeX reader would run
        bare = _ESCAPES.sub("", value)
        assert "\\" not in bare and bare.count("{") == bare.count("}")

    lines = out["ris"].split("\n")
    assert lines[0] == "TY  - CHAP" and lines[-1] == "ER  - "
    assert all(re.fullmatch(r"[A-Z][A-Z0-9]  - .*", line) for line in lines)
    records = rispy.loads(out["ris"])
    assert len(records) == 1
    assert records[0]["title"] == _one_line(item_title(cited, edition)).strip()

    item = json.loads(out["csl-json"])[0]
    assert (item["title"], item["original-publisher"], item["container-title"]) == (
        item_title(cited, edition), publisher, edition_title)
