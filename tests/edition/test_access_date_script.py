"""The page's script writes the reader's day of access into a Cite box's citations exactly as the
edition writes it (edition/model/cite.py, formats(..., accessed=day)): the function of
site_src/assets/edition.js run in Node on a fixed day gives, from each format as the page holds it,
the same text as the edition's formats for that day: plain text, Chicago and MLA (the placeholder
replaced), BibTeX (urldate), RIS (Y2) and CSL-JSON (accessed) added."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from edition.model.cite import FORMAT_NAMES, Cited, formats

ROOT = Path(__file__).resolve().parents[2]


def script_function() -> str:
    src = (ROOT / "site_src" / "assets" / "edition.js").read_text(encoding="utf-8")
    return src[src.index("  var MONTHS = ["):src.index("  function fillAccessDates")]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the site's script (make test installs it)")
@pytest.mark.parametrize("which", ["law", "britannica paragraph", "edition"])
def test_the_script_writes_the_day_of_access_as_the_edition_does(real_edition, which):
    cited = {"law": Cited("https://e.org/laws/19/", real_edition.works["foster"].record, real_edition.laws[19].title),
             "britannica paragraph": Cited("https://e.org/britannica/poker/#para-3",
                                           real_edition.works["britannica"].record, "", "3"),
             "edition": Cited("https://e.org/")}[which]
    static, dated = formats(cited, real_edition.record), formats(cited, real_edition.record, "2026-12-01")
    calls = "".join(f"out[{json.dumps(key)}] = accessed({json.dumps(static[key])}, {json.dumps(key)});\n"
                    for key in FORMAT_NAMES)
    js = ("var RealDate = Date; Date = function () { return new RealDate(2026, 11, 1); };\n" + script_function()
          + "var out = {};\n" + calls + "process.stdout.write(JSON.stringify(out));")
    proc = subprocess.run(["node", "-e", js], capture_output=True, text=True, check=True)
    assert json.loads(proc.stdout) == dated
