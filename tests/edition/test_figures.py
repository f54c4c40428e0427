"""Printed figures checked by the engine: verdicts, the register, and loud failure."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.edition.edition import EditionErrors, load_edition

ROOT = Path(__file__).resolve().parents[2]
TEXT = ("---\ntitle: Calculations\nwitness: \"900\"\nlines: 1-3\n---\n"
        "| 3,744 | Full hand | 693 to 1 |\n| 5,108 | Flush | {lacuna: cell lost} |\n\nThe odds are 47 to 1.\n")


@pytest.fixture
def calc(project):
    project.witness("900", "fixture", "3,744 Full hand 693 to 1\n5,108 Flush\nThe odds are 47 to 1.\n")
    project.text("fixture", "01-calc.md", TEXT)
    return project


def claims(project, body: str, verdicts: str = "") -> None:
    (project.path / "content" / "claims.yml").write_text(body)
    (project.path / "content" / "verdicts.yml").write_text(verdicts)


FULL = '- id: full\n  page: fixture/calc\n  line: "| Full hand"\n  figure: "693 to 1"\n  form: odds\n  compute: table("poker-hands", "Full hand")\n'
TRIPS = ('- id: trips\n  page: fixture/calc\n  line: "The odds are"\n  figure: "47 to 1"\n  form: odds\n'
         '  compute: pat("Three of a kind")\n')
FLUSH = ('- id: flush\n  page: fixture/calc\n  line: "| Flush"\n  figure: "{lacuna}"\n  form: odds\n'
         '  compute: table("poker-hands", "Flush")\n')


def test_a_fair_rounding_passes_and_is_marked_on_the_page(calc):
    claims(calc, FULL)
    ed = load_edition(calc.path)
    [c] = ed.claims
    assert (c.verdict, c.exact) == ("fair", "exact: 693.17 to 1 against (693 to 1); chance 6 in 4,165")
    assert '<span class="claim claim-fair" id="claim-full"' in ed.pages[0].rendered.markdown
    assert '693 to 1<sup class="verdict" aria-label="fair rounding">≈</sup></span>' in ed.pages[0].rendered.markdown


def test_a_planted_wrong_figure_fails_the_build_naming_file_and_line(calc):
    claims(calc, TRIPS)
    with pytest.raises(EditionErrors) as info:
        load_edition(calc.path)
    [err] = [str(e) for e in info.value.errors]
    assert err.startswith("content/texts/fixture/01-calc.md:9: the printed figure '47 to 1' (claim 'trips', "
                          "content/claims.yml:1) disagrees with the computation: exact: 46.33 to 1 against")
    assert "acknowledge a verdict (author-error, misprint, missing) with its reason in content/verdicts.yml" in err


def test_an_acknowledged_verdict_lets_the_figure_stand_with_its_reason(calc):
    claims(calc, TRIPS, "trips:\n  verdict: author-error\n  reason: Dr. Pole's miscount of triplets.\n")
    [c] = load_edition(calc.path).claims
    assert (c.verdict, c.reason) == ("author-error", "Dr. Pole's miscount of triplets.")


def test_a_verdict_that_no_longer_matches_is_an_error(calc):
    claims(calc, FULL, "full:\n  verdict: author-error\n  reason: stale.\n")
    with pytest.raises(EditionErrors) as info:
        load_edition(calc.path)
    assert [str(e) for e in info.value.errors] == [
        "content/verdicts.yml:1: the verdict for 'full' no longer matches: the figure now computes as fair. "
        "What to do: remove the entry from the register"]


def test_a_verdict_for_no_claim_is_an_error(calc):
    claims(calc, FULL, "ghost:\n  verdict: misprint\n  reason: none.\n")
    with pytest.raises(EditionErrors) as info:
        load_edition(calc.path)
    assert "content/verdicts.yml:1: the verdict 'ghost' matches no claim" in str(info.value.errors[0])


def test_a_lost_table_cell_is_supplied_by_computation_and_marked_editorial(calc):
    claims(calc, FLUSH, "flush:\n  verdict: missing\n  reason: The cell is lost.\n")
    ed = load_edition(calc.path)
    assert ed.claims[0].short == "508 to 1"
    assert '<span class="claim claim-missing" id="claim-flush"' in ed.pages[0].rendered.markdown
    assert "[508 to 1]<sup" in ed.pages[0].rendered.markdown


def test_known_verdicts_of_the_edition():
    ed = load_edition(ROOT)
    by_id = {c.id: c for c in ed.claims}
    assert by_id["foster-table-hands-flush-odds"].verdict == "missing"          # a cell the OCR lost
    assert by_id["hoyle-cavendish-triplets"].verdict == "author-error"          # follows Dr. Pole's miscount
    assert "Dr. Pole" in by_id["hoyle-cavendish-triplets"].reason
    assert by_id["foster-table-hands-full-hand-odds"].verdict == "fair"
    assert by_id["foster-table-hands-four-of-a-kind-count"].verdict == "exact"
    assert by_id["britannica-chances-08"].verdict == "misprint"


def test_the_claims_are_the_same_whether_the_engine_works_beside_the_texts_or_not(calc, monkeypatch):
    from engine.edition import engine_calls
    # (Threads other tests leave idle, the browser's, would keep the worker from starting; they
    # hold no lock it needs.)
    monkeypatch.setattr(engine_calls.threading, "active_count", lambda: 1)
    claims(calc, FULL + FLUSH, "flush:\n  verdict: missing\n  reason: The cell is lost.\n")
    beside = load_edition(calc.path)
    assert beside.engine_calls._made or not engine_calls._can_fork()
    monkeypatch.setenv("EDITION_SERIAL", "1")
    alone = load_edition(calc.path)
    assert alone.engine_calls._made == {}
    assert repr(beside.claims) == repr(alone.claims)
    assert beside.pages[0].rendered.markdown == alone.pages[0].rendered.markdown
