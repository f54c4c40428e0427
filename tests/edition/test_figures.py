"""Printed figures checked by the engine: verdicts, the register, and loud failure."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from edition.model.edition import EditionErrors, load_edition
from tests.helpers import markdown_of

ROOT = Path(__file__).resolve().parents[2]
TEXT = ("---\ntitle: Calculations\nwitness: \"900\"\nlines: 1-3\n---\n"
        "| 3,744 | Full hand | 693 to 1 |\n| 5,108 | Flush | {lacuna: cell lost} |\n\nThe odds are 47 to 1.\n")


@pytest.fixture
def calc(project):
    project.witness("900", "fixture", "3,744 Full hand 693 to 1\n5,108 Flush\nThe odds are 47 to 1.\n")
    project.text("fixture", "01-calc.md", TEXT)
    return project


# The fixtures' checkable statements (odds, counts, the results of arithmetic), and words of their
# lines: each test claims some of them, and registers the rest as not claims, since every checkable
# statement must be one or the other.
FIGURES = {"calc": {"693 to 1": "| Full hand", "47 to 1": "The odds are", "3,744": "| Full hand",
                    "5,108": "| Flush"},
           "pool": {"= 4": "| C's Nines"}}


def claims(project, body: str, verdicts: str = "{}") -> None:
    (project.path / "content" / "claims.yml").write_text(body)
    (project.path / "content" / "verdicts.yml").write_text(verdicts)
    (project.path / "content" / "figures-not-claims.yml").write_text("".join(
        f'- page: fixture/{page}\n  line: "{words}"\n  figure: "{figure}"\n  kind: illustration\n'
        f'  reason: Not under test here.\n' for page, figures in FIGURES.items() for figure, words in figures.items()
        if f'figure: "{figure}"' not in body and f"figure: '{figure}'" not in body
        and (project.path / "content" / "texts" / "fixture" / f"01-{page}.md").exists()) or "[]\n")


FULL = ('- id: full\n  page: fixture/calc\n  line: "| Full hand"\n  figure: "693 to 1"\n  form: odds\n'
        '  compute: table("poker-hands", "Full hand")\n')
TRIPS = ('- id: trips\n  page: fixture/calc\n  line: "The odds are"\n  figure: "47 to 1"\n  form: odds\n'
         '  compute: pat("Three of a kind")\n')
FLUSH = ('- id: flush\n  page: fixture/calc\n  line: "| Flush"\n  figure: "{lacuna}"\n  form: odds\n'
         '  compute: table("poker-hands", "Flush")\n')


def test_a_fair_rounding_passes_and_is_marked_on_the_page(calc):
    claims(calc, FULL)
    ed = load_edition(calc.path)
    [c] = ed.claims
    assert (c.verdict, c.exact) == ("fair", "exact: 693.17 to 1 against (693 to 1); chance 6 in 4,165")
    assert '<span class="claim claim-fair" id="claim-full"' in markdown_of(ed, 0)
    mark = '693 to 1<sup class="verdict" role="img" aria-label="fair rounding">≈</sup></span>'
    assert mark in markdown_of(ed, 0)


def test_a_planted_wrong_figure_fails_the_build_naming_file_and_line(calc):
    claims(calc, TRIPS)
    with pytest.raises(EditionErrors) as info:
        load_edition(calc.path)
    [err] = [str(e) for e in info.value.errors]
    assert err.startswith("content/texts/fixture/01-calc.md:9: the printed figure '47 to 1' (claim 'trips', "
                          "content/claims.yml:1) disagrees with the computation: exact: 46.33 to 1 against")
    assert "acknowledge a verdict (author-error, slip, misprint, missing) with its reason in content/verdicts.yml" \
        in err


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


def test_a_fair_figure_worked_from_a_wrong_one_is_the_authors_error_naming_its_root(calc):
    # the full hand's 693 to 1 is a fair rounding; say it were worked from the wrong 47 to 1
    rests = ("full:\n  verdict: author-error\n  rests_on: [trips]\n  reason: Worked from his wrong count.\n"
             "trips:\n  verdict: author-error\n  reason: A miscount.\n")
    claims(calc, FULL + TRIPS, rests)
    by_id = {c.id: c for c in load_edition(calc.path).claims}
    assert (by_id["full"].verdict, by_id["full"].rests_on, by_id["full"].reason) == \
        ("author-error", ("trips",), "Worked from his wrong count.")
    page = markdown_of(load_edition(calc.path), 0)
    assert '<span class="claim claim-author-error" id="claim-full"' in page


def test_a_root_that_is_not_wrong_is_an_error_so_the_verdict_cannot_outlive_its_cause(calc):
    claims(calc, FULL + FLUSH, "full:\n  verdict: author-error\n  rests_on: [flush, nothing]\n  reason: r.\n"
                               "flush:\n  verdict: missing\n  reason: The cell is lost.\n")
    with pytest.raises(EditionErrors) as info:
        load_edition(calc.path)
    assert [str(e) for e in info.value.errors] == [
        "content/verdicts.yml:1: the verdict for 'full' rests on 'flush', which is missing, not wrong. What to do: "
        "name under rests_on only claims whose figures are wrong, or remove the verdict if the figure is now exact "
        "or fair",
        "content/verdicts.yml:1: the verdict for 'full' rests on 'nothing', which is no claim. What to do: "
        "name under rests_on only claims whose figures are wrong, or remove the verdict if the figure is now exact "
        "or fair"]


def test_a_slip_is_a_verdict_of_its_own_marked_on_the_page(calc):
    claims(calc, TRIPS, "trips:\n  verdict: slip\n  reason: The author's or the printer's, not known which.\n")
    ed = load_edition(calc.path)
    assert ed.claims[0].verdict == "slip"
    # (the label escaped for its attribute: a reader's screen reader hears "the author's")
    assert ('47 to 1<sup class="verdict" role="img" aria-label="a slip, the author&#x27;s or the printer&#x27;s">'
            '‡</sup>'
            in markdown_of(ed, 0))


def test_a_verdict_for_no_claim_is_an_error(calc):
    claims(calc, FULL, "ghost:\n  verdict: misprint\n  reason: none.\n")
    with pytest.raises(EditionErrors) as info:
        load_edition(calc.path)
    assert "content/verdicts.yml:1: the verdict 'ghost' matches no claim" in str(info.value.errors[0])


def test_a_lost_table_cell_is_supplied_by_computation_and_marked_editorial(calc):
    claims(calc, FLUSH, "flush:\n  verdict: missing\n  reason: The cell is lost.\n")
    ed = load_edition(calc.path)
    assert ed.claims[0].short == "508 to 1"
    assert '<span class="claim claim-missing" id="claim-flush"' in markdown_of(ed, 0)
    assert "[508 to 1]<sup" in markdown_of(ed, 0)


def test_known_verdicts_of_the_edition(real_edition):
    ed = real_edition
    by_id = {c.id: c for c in ed.claims}
    assert by_id["foster-table-hands-flush-odds"].verdict == "missing"          # a cell the OCR lost
    assert by_id["hoyle-cavendish-triplets"].verdict == "author-error"          # follows Dr. Pole's miscount
    assert "Dr. Pole" in by_id["hoyle-cavendish-triplets"].reason
    assert by_id["foster-table-hands-full-hand-odds"].verdict == "fair"
    assert by_id["foster-table-hands-four-of-a-kind-count"].verdict == "exact"
    # not misprints: the Britannica repeats Foster's figures (issue 16, item 2c)
    assert by_id["britannica-chances-08"].verdict == "author-error"      # 1 in 9⅖ = Foster's 5 in 47
    assert "Foster's \"very nearly 5 in 47\"" in by_id["britannica-chances-08"].reason
    assert by_id["britannica-chances-09"].verdict == "author-error"      # 1 in 15⅓ = Foster's 3 in 46
    assert "Britannica" in by_id["foster-odds-threes-one-card-pair"].reason


# --- Foster's arithmetic, list of draws and averages -------------------------------------------

POOL = ("---\ntitle: Pool\nwitness: \"901\"\nlines: 1-2\n---\n"
        "To find what he takes out, multiply his 18 by 7, and 127 limits is what he takes out.\n\n"
        "| C's Nines | 1 | {lacuna: cell empty} | 3 | = 4 |\n")
TAKES_OUT = ("- id: takes-out\n  page: fixture/pool\n  line: multiply his 18 by 7\n  figure: '127'\n  form: number\n"
             "  compute: 18 * 7\n")
LOST_NIL = ("- id: lost-nil\n  page: fixture/pool\n  line: \"| C's Nines |\"\n  figure: '{lacuna}'\n  form: number\n"
            "  compute: 4 - (1 + 3)\n")


@pytest.fixture
def pool(project):
    project.witness("901", "fixture", "To find what he takes out, multiply his 18 by 7, and 127 limits is "
                    "what he takes out.\nC's Nines 1 3 = 4\n")
    project.text("fixture", "01-pool.md", POOL)
    return project


def test_a_planted_wrong_figure_in_the_experiment_arithmetic_fails_the_build_naming_file_and_line(pool):
    claims(pool, TAKES_OUT)
    with pytest.raises(EditionErrors) as info:
        load_edition(pool.path)
    [err] = [str(e) for e in info.value.errors]
    assert err.startswith("content/texts/fixture/01-pool.md:6: the printed figure '127' (claim 'takes-out', "
                          "content/claims.yml:1) disagrees with the computation: 126. What to do: correct the claim")


def test_a_lost_nil_in_a_score_table_is_supplied_in_brackets(pool):
    claims(pool, LOST_NIL, "lost-nil:\n  verdict: missing\n  reason: The row's other scores make its total.\n")
    ed = load_edition(pool.path)
    assert (ed.claims[0].verdict, ed.claims[0].short) == ("missing", "0")
    assert "[0]<sup" in markdown_of(ed, 0)


def test_fosters_experiment_arithmetic_is_checked_from_his_own_counts(real_edition):
    ed = real_edition
    mine = [c for c in ed.claims if c.id.startswith("foster-jackpots-")]
    assert len(mine) == 54
    # his arithmetic holds; two morals he draws from the experiment do not (issue 28)
    morals = {"foster-jackpots-majority", "foster-jackpots-eights-as-good"}
    assert {c.verdict for c in mine if c.id in morals} == {"author-error"}
    assert {c.verdict for c in mine if c.id not in morals | {"foster-jackpots-nines-fifty"}} == {"exact"}
    by_id = {c.id: c for c in mine}
    assert by_id["foster-jackpots-a-wins-bets"].value == Fraction(161, 2)          # 46 hundredths of 175: 80½
    assert by_id["foster-jackpots-average-loss"].exact == "17½"                     # (0 + 35 + 17½) ÷ 3
    nines = by_id["foster-jackpots-nines-fifty"]
    assert (nines.verdict, nines.short) == ("missing", "0")


def test_the_list_of_draws_has_one_row_per_claim_of_the_page_in_the_order_of_the_text(real_edition):
    from edition.sources.claims import draw_list
    ed = real_edition
    page = "foster/drawing-to-improve.md"
    rows = draw_list(ed.claims, page)
    # one row a chance; the page's comparisons ("more likely", "easier"), counts ("five different
    # straights") and numbers ("cut in half", "one-eighth of what is in the pot") are claims but not draws
    assert sorted(r.claim.id for r in rows) == sorted(c.id for c in ed.claims if c.page_uri == page
                                                      and c.form not in ("comparison", "count", "number"))
    # every figure of a draw has an example hand; the figures of several players (no draw stated) have none
    assert len(rows) == 42
    assert [r.claim.id for r in rows if not r.cards] == [
        "foster-drawing-eights-one-opponent", "foster-drawing-eights-six-opponents", "foster-drawing-even-money",
        "foster-drawing-threes-not-beaten"]
    assert [(r.claim.source_line, r.claim.offset) for r in rows] == sorted((r.claim.source_line, r.claim.offset)
                                                                           for r in rows)
    first = rows[0]
    assert (first.claim.figure, " ".join(c.code for c in first.cards), " ".join(c.code for c in first.discard),
            first.drawn_for) == ("2½ to 1", "Js Jh 7d 4c 2s", "7d 4c 2s", "any improvement")
    from edition.site.registry import page_markdown
    md = page_markdown(ed, "figures.md")
    section = md.split("{ #computed-drawing-to-improve }")[1].split("### ")[0]
    assert sum(1 for line in section.splitlines() if line.startswith("| [")) == 42
    assert ("| [12 to 1](foster/drawing-to-improve.md#claim-foster-drawing-ace-four-cards-aces-up" in section
            and "| A♥ J♦\\* 8♣\\* 5♠\\* 3♥\\* | 4 | two pairs, aces up, or better | 13.45 to 1 (166,022 to 12,343) "
                "| ✗ the author's error |" in section)


def test_fosters_averages_are_read_from_his_table_and_set_beside_the_middle_hand(real_edition):
    from engine.ranking import describe
    ed = real_edition
    rows = {r.drawing: r for r in ed.averages.rows}
    assert len(rows) == 10
    assert rows["A four-card flush"].printed == "Pair of jacks."
    assert rows["Pair of aces"].printed is None                            # the lost cell stays lost
    flush = rows["A four-card flush"].holdings[0]
    assert describe(flush.median) == "ace high" and rows["A four-card flush"].agreement(flush) == "higher"
    deuces = rows["Any pair below sixes"].holdings[0]
    assert describe(deuces.median, full=True) == "a pair of deuces, with a king, a queen and a five"
    assert deuces.against_low == Fraction(4_656, 16_215)                   # against a pat pair of jacks
    assert [len(r.holdings) for r in ed.averages.rows] == [2, 2, 1, 1, 1, 4, 3, 3, 2, 1]


def test_an_averages_row_the_text_lacks_stops_the_build_naming_the_line(project):
    project.witness("900", "fixture", "Drawing to Worth\nA four-card flush Pair of jacks.\n")
    project.text("fixture", "01-avg.md", "---\ntitle: Avg\nwitness: \"900\"\nlines: 1-2\n---\n"
                 "| Drawing to | Worth |\n| --- | --- |\n| A four-card flush | Pair of jacks. |\n")
    (project.path / "content" / "averages.yml").write_text(
        "page: fixture/avg\nrows:\n  - drawing: A four card flush\n    holdings:\n"
        "      - {cards: Ah Kh 9h 5h 2c, discard: 2c}\n    band: [Js Jh 4d 3c 2s, Js Jh Ad Kc Qs]\n")
    with pytest.raises(EditionErrors) as info:
        load_edition(project.path)
    assert [str(e) for e in info.value.errors] == [
        "content/averages.yml:3: the row 'A four card flush' is not in the table of content/texts/fixture/01-avg.md. "
        "What to do: give the first cell of the row exactly as the reading text prints it"]
def test_the_six_figures_once_unchecked_are_computed_and_judged(real_edition):
    ed = real_edition
    by_id = {c.id: c for c in ed.claims}
    got = {cid: (by_id[cid].verdict, by_id[cid].exact) for cid in (
        "foster-jack-pots-openers", "foster-raising-aces", "foster-raising-two-pairs",
        "foster-drawing-ace-four-cards-aces-up", "foster-disputed-bobtails-count", "foster-disputed-bobtails-odds")}
    assert got == {
        # "nearly four to one" against jacks or better: 536,100 hands in 2,598,960
        "foster-jack-pots-openers": ("fair", "exact: 3.85 to 1 against (3¾ to 1); chance 8,935 in 43,316"),
        # "eleven to one that no one player can beat" the lowest pair of aces: 130,685 of 1,533,939
        "foster-raising-aces": ("fair", "exact: 10.74 to 1 against (10¾ to 1); chance 130,685 in 1,533,939"),
        # "thirty-four to one" against a pat hand better than two pairs: 74,628 in 2,598,960
        "foster-raising-two-pairs": ("fair", "exact: 33.83 to 1 against (34 to 1); chance 6,219 in 216,580"),
        "foster-drawing-ace-four-cards-aces-up": (
            "author-error", "exact: 13.45 to 1 against (13½ to 1); chance 12,343 in 178,365"),
        "foster-disputed-bobtails-count": ("author-error", "411,252"),
        "foster-disputed-bobtails-odds": ("author-error",
                                          "exact: 5.32 to 1 against (5¼ to 1); chance 34,271 in 216,580"),
    }
    assert "172,020" in by_id["foster-disputed-bobtails-count"].reason     # the open-end reading, stated
    # what stays unchecked says why (the coverage guard's interpretive figures)
    assert all(c.reason and c.reason != "no computation given" for c in ed.claims if c.verdict == "unchecked")


def test_a_figure_printed_in_words_is_read_and_judged(calc):
    calc.witness("901", "words", "It is nearly four to one against it.\n")
    calc.text("words", "01-words.md", "---\ntitle: Words\nwitness: \"901\"\nlines: 1-1\n---\n"
              "It is nearly four to one against it.\n")
    claims(calc, '- id: words\n  page: words/words\n  line: "nearly"\n  figure: "four to one"\n  form: odds\n'
                 '  compute: pat_as_good_as("Jh Jd 4c 3s 2d")\n')
    ed = load_edition(calc.path)
    [c] = ed.claims
    assert (c.verdict, c.figure) == ("fair", "four to one")
    page = next(p for p in ed.pages if p.text.work == "words")
    assert '<span class="claim claim-fair" id="claim-words"' in markdown_of(ed, page)


def test_the_claims_are_the_same_whether_the_engine_works_beside_the_texts_or_not(calc, monkeypatch):
    from edition.framework import engine_calls
    # (Threads other tests leave idle, the browser's, would keep the worker from starting; they
    # hold no lock it needs.)
    monkeypatch.setattr(engine_calls.threading, "active_count", lambda: 1)
    monkeypatch.setenv("EDITION_CACHE", "off")  # every result made, by the worker or here
    claims(calc, FULL + FLUSH, "flush:\n  verdict: missing\n  reason: The cell is lost.\n")
    beside = load_edition(calc.path)
    assert beside.engine_calls._made or not engine_calls._can_fork()
    monkeypatch.setenv("EDITION_SERIAL", "1")
    alone = load_edition(calc.path)
    assert alone.engine_calls._made == {}
    assert repr(beside.claims) == repr(alone.claims)
    assert markdown_of(beside, 0) == markdown_of(alone, 0)


def test_each_figure_that_does_not_hold_is_an_item_of_its_own(real_edition):
    from edition.site.registry import generated_pages
    page = dict(generated_pages(real_edition))["figures.md"]
    section = page[page.index("## The figures that do not hold"):page.index("## Figures that are not claims")]
    items = [line for line in section.splitlines() if line.startswith("- **")]
    assert len(items) == sum(c.verdict in ("author-error", "slip", "misprint", "missing", "unchecked")
                             for c in real_edition.claims) == 130
    assert all(line.count("- **") == 1 for line in items)
