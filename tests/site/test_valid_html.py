"""Valid pages: the Nu Html Checker (npm ``vnu-jar``, run on Debian's Java) reports no error on any
built page, the theme's markup included (templates/theme/ overrides what Material gets wrong)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = [pytest.mark.site, pytest.mark.slow]

VNU = Path(__file__).resolve().parents[2] / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"


def vnu_errors(site: Path) -> list[str]:
    """Every error the checker reports on the HTML pages under *site*, as "page:line: message"."""
    proc = subprocess.run(["java", "-jar", str(VNU), "--errors-only", "--skip-non-html", "--format", "json",
                           str(site)], capture_output=True, text=True)
    messages = json.loads(proc.stderr or '{"messages": []}')["messages"]
    return [f"{Path(m['url'].removeprefix('file:')).relative_to(site)}:{m.get('lastLine', '?')}: {m['message']}"
            for m in messages]


def test_the_html_checker_reports_no_error_on_any_built_page(built_site):
    if shutil.which("java") is None or not VNU.exists():
        pytest.fail("java or node_modules/vnu-jar is missing: run 'make test' (it installs both)")
    pages = len(list(built_site.rglob("*.html")))
    assert pages > 100  # the whole site is checked, not an empty folder
    errors = vnu_errors(built_site)
    assert errors == [], f"{len(errors)} errors, the first:\n" + "\n".join(errors[:20])


def test_the_checker_run_would_see_an_error(tmp_path):
    """The run itself is not blind: a page with the kind of error the edition once had is reported."""
    if shutil.which("java") is None or not VNU.exists():
        pytest.fail("java or node_modules/vnu-jar is missing: run 'make test' (it installs both)")
    (tmp_path / "index.html").write_text('<!doctype html><html lang="en"><head><title>t</title></head>'
                                         '<body><h2>A</h2><h4>B</h4><p>x<sup aria-label="y">1</sup></p>'
                                         '</body></html>')
    errors = vnu_errors(tmp_path)
    assert len(errors) == 2
    assert any("skipping 1 heading level" in e for e in errors) and any("aria-label" in e for e in errors)
