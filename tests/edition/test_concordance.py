"""The concordance: every quotation is found verbatim in the reading text it cites, and linked."""
from __future__ import annotations

import pytest

from edition.model.edition import EditionErrors, load_edition
from tests.corpus_pins import CONCORDANCE_POINTS, DISAGREEMENTS
from tests.helpers import markdown_of

LAWS = ("---\ntitle: Laws\nwitness: \"900\"\nlines: 1-2\n---\n"
        "{law 28} The player on the left of the age may straddle.\n\nA note.\n")


@pytest.fixture
def foster(project):
    project.witness("900", "foster", "28. The player on the left of the age may straddle.\nA note.\n")
    project.text("foster", "03-laws.md", LAWS)
    return project


def concordance(project, quote: str, relations: str = "", more: str = "") -> None:
    """A point quoting Foster; by default Foster agrees and every other authority of *project* is silent."""
    relations = relations or "{" + ", ".join(f"{w}: {'agrees' if w == 'foster' else 'silent'}"
                                             for w in project.works) + "}"
    (project.path / "content" / "concordance.yml").write_text(
        "- slug: straddle\n  topic: The straddle\n  says:\n    foster:\n      - page: laws\n"
        f"        quote: \"{quote}\"\n  agree: All allow it.\n  relations: {relations}\n"
        "  treats_if: [straddl]\n" + more)


@pytest.fixture
def keller(foster):
    """Foster's law, and a Keller whose rules mention the straddle in passing."""
    foster.witness("901", "keller", "The age antes.\nNobody may straddle after the deal.\n")
    foster.text("keller", "04-rules.md", "---\ntitle: Rules\nwitness: \"901\"\nlines: 1-2\n---\nThe age antes.\n\n"
                "Nobody may straddle after the deal.\n")
    return foster


def errors_of(project) -> list[str]:
    with pytest.raises(EditionErrors) as info:
        load_edition(project.path)
    return [str(e) for e in info.value.errors]


def test_a_silent_authority_whose_text_holds_the_points_words_stops_the_build_naming_the_passage(keller):
    concordance(keller, "may straddle")
    assert errors_of(keller) == [
        "content/concordance.yml:1: topic 'straddle' calls Keller silent, but keller/rules.md (Rules, ¶2) has "
        "\"straddle\": “…Nobody may straddle after the deal.…”. What to do: quote the passage under says (and give "
        "the relation), or record under not_about (work, page, quote, why) why it is not about the point"]


def test_a_passage_recorded_as_not_about_the_point_lets_the_silence_stand(keller):
    concordance(keller, "may straddle", more="  not_about:\n    - work: keller\n      page: rules\n"
                "      quote: \"Nobody may straddle\"\n      why: A fixture.\n")
    [topic] = load_edition(keller.path).concordance
    assert (topic.relations["keller"], topic.kind) == ("silent", "agreement")


def test_a_not_about_record_that_matches_no_passage_is_an_error(keller):
    concordance(keller, "may straddle", more="  not_about:\n    - work: keller\n      page: rules\n"
                "      quote: \"The age antes.\"\n      why: A fixture.\n")
    assert errors_of(keller)[-1].startswith("content/concordance.yml:1: topic 'straddle': the not_about passage "
                                            "“The age antes.…” in keller/rules.md is not there or holds none of "
                                            "the treats_if words.")


def test_an_authority_called_silent_but_quoted_or_different_but_unnamed_stops_the_build(keller):
    concordance(keller, "may straddle", "{foster: silent, keller: differs}",
                "  differences:\n    - \"Foster differs.\"\n")
    assert errors_of(keller) == [
        "content/concordance.yml:1: topic 'straddle' calls Foster silent but quotes it. What to do: quote an "
        "authority that is not silent, and call one silent only when nothing is quoted",
        "content/concordance.yml:1: topic 'straddle' calls Keller differs but quotes nothing of it. What to do: "
        "quote an authority that is not silent, and call one silent only when nothing is quoted"]


def test_a_relation_missing_or_given_to_a_work_that_is_no_authority_is_named(keller):
    concordance(keller, "may straddle", "{foster: agrees, britannica: silent}")
    assert errors_of(keller) == [
        "content/concordance.yml:1: topic 'straddle' gives a relation to 'britannica', which is no authority. What "
        "to do: give relations to the authorities only: foster, keller (the works marked 'authority: true' in "
        "content/works.yml)",
        "content/concordance.yml:1: topic 'straddle' gives Keller no relation. What to do: give keller one of agrees, "
        "differs, goes-further, silent under relations (quoting what it says, or, if silent, with the words that "
        "would show it treats the point under treats_if)"]


def test_a_difference_is_one_sentence_naming_an_authority(foster):
    concordance(foster, "may straddle", "{foster: differs}",
                "  differences:\n    - \"Foster allows it. Nobody else does.\"\n"
                "  coverage:\n    - \"Only one rules.\"\n")
    assert [e.split(". What to do")[0] for e in errors_of(foster)] == [
        "content/concordance.yml:1: topic 'straddle' the statement \"Foster allows it. Nobody else does.…\" is "
        "more than one sentence",
        "content/concordance.yml:1: topic 'straddle' the statement \"Only one rules.…\" names no authority"]


def test_a_quotation_is_linked_to_the_law_that_holds_it(foster):
    concordance(foster, "may straddle")
    [topic] = load_edition(foster.path).concordance
    [q] = topic.quotations["foster"]
    assert (q.page_uri, q.anchor, q.label, q.text) == ("foster/laws.md", "law-28", "Law 28", "may straddle")


def test_a_quotation_not_in_the_text_verbatim_stops_the_build_naming_its_line(foster):
    concordance(foster, "may straddle the blind")
    assert errors_of(foster) == [
        "content/concordance.yml:6: topic 'straddle': the quotation \"may straddle the blind…\" is not in "
        "foster/laws.md verbatim. What to do: copy the words exactly from the reading text (one paragraph "
        "or law at a time)"]


def test_commentary_links_a_paragraph_to_the_laws_it_discusses_and_back(project):
    project.witness("900", "foster", "28. The player on the left of the age may straddle.\nA note.\n"
                                     "The straddle is often misunderstood by players.\n")
    project.text("foster", "03-laws.md", LAWS)
    project.text("foster", "04-disputed-rules.md", "---\ntitle: Disputed Rules\nwitness: \"900\"\nlines: 3-3\n---\n"
                 "The straddle is often misunderstood by players.\n")
    (project.path / "content" / "commentary.yml").write_text(
        "- page: disputed-rules\n  quote: \"often misunderstood\"\n  laws: [28]\n")
    ed = load_edition(project.path)
    laws, disputes = ed.pages
    assert "Foster's commentary: [Disputed Rules ¶1](disputed-rules.md#para-1)" in markdown_of(ed, laws)
    assert ('Discusses [Law 28](laws.md#law-28 "Law 28: The player on the left of the age may straddle.")\n'
            "{: .discusses }") in markdown_of(ed, disputes)


def test_the_disagreements_page_lists_only_differences_of_substance_and_counts_them(real_edition):
    from edition.site.registry import page_markdown
    md = page_markdown(real_edition, "disagreements.md")
    real = [t.slug for t in real_edition.concordance if t.kind == "substance"]
    assert len(real_edition.concordance) == CONCORDANCE_POINTS and len(real) == DISAGREEMENTS
    assert (f"Of the {CONCORDANCE_POINTS} points in the [concordance](concordance.md), the authorities differ in "
            "substance") in md
    assert f"a different rule, rank or figure — on {DISAGREEMENTS}." in md
    headed = [line.split("{ #")[1].rstrip(" }") for line in md.splitlines() if line.startswith("## ") and "{ #" in line]
    assert headed == real + ["coverage-and-wording"]
    # a difference of wording only is listed below, not as a disagreement
    assert "## Showing the whole hand in a call" not in md
    assert "[Showing the whole hand in a call](concordance.md#showing-hands-in-the-call)" in md


def test_the_third_pass_holds_each_difference_to_two_authorities_ruling_differently_on_one_case(real_edition):
    by_slug = {t.slug: t for t in real_edition.concordance}
    # listed before as differences of substance, but not (issue 28)
    for slug in ("number-of-players", "the-limit", "misdeal", "showing-openers", "round-the-corner-straight",
                 "widow-and-kitty"):
        assert by_slug[slug].differences == [], slug
    assert [q.text[:30] for q in by_slug["the-limit"].quotations["keller"]][1] == "If he plays he must deposit in"
    assert by_slug["misdeal"].relations["hoyle"] == "silent"          # his rule is Straight Poker's
    # differences of substance not listed before
    assert by_slug["straight-poker"].kind == by_slug["straddle-who-may"].kind == "substance"
    assert any("holder of the buck, not the dealer" in d for d in by_slug["straight-poker"].differences)
    assert any(d.startswith("Hoyle's straddler puts up four counters") for d in by_slug["straddle-who-may"].differences)
    assert by_slug["first-bet-after-the-draw"].relations["hoyle"] == "differs"   # "holding the age"
    # relations
    assert by_slug["freeze-out"].relations["keller"] == "silent"      # he only names the game
    assert by_slug["straddle-last-say"].relations["hoyle"] == "silent"
    assert by_slug["calling-a-sight"].relations["hoyle"] == "agrees"  # "cannot be 'raised' to any greater amount"
    # coverage sentences: the calling, losing hand; Hoyle's opener must show openers too
    assert not any("called hand" in c for c in by_slug["showing-hands-in-the-call"].coverage)
    assert any(c.startswith("Foster and Hoyle make an exception for the opener")
               for c in by_slug["winner-need-not-show"].coverage)


def test_the_corrected_points_hold_the_relations_the_texts_support(real_edition):
    by_slug = {t.slug: t for t in real_edition.concordance}
    # the Britannica treats the misdeal (two cards exposed: a new deal) and the deal's rotation
    assert by_slug["misdeal"].relations["britannica"] == "agrees"
    assert by_slug["rotation-of-the-deal"].relations["britannica"] == "agrees"
    # Foster shares the last straddler's last say: no difference of Keller's on the age's privilege
    assert by_slug["age-never-passes"].kind == "coverage"
    # the Britannica, like Foster, ranks the little dog below the big dog: only Hoyle's tiger differs
    assert [w for w, r in by_slug["tiger-little-dog"].relations.items() if r == "differs"] == ["hoyle"]


@pytest.fixture
def commented(project):
    """Law 28 and a chapter whose one paragraph names the straddle."""
    project.witness("900", "foster", "28. The player on the left of the age may straddle.\nA note.\n"
                                     "The straddle is often misunderstood by players.\n")
    project.text("foster", "03-laws.md", LAWS)
    project.text("foster", "04-disputed-rules.md", "---\ntitle: Disputed Rules\nwitness: \"900\"\nlines: 3-3\n---\n"
                 "The straddle is often misunderstood by players.\n")
    (project.path / "content" / "law-cases.yml").write_text(
        "not_searched: [laws]\ncases:\n  - case: the straddle\n    laws: [28]\n    words: [straddl]\n")
    return project


def test_a_paragraph_that_names_a_laws_case_without_a_link_to_it_stops_the_build(commented):
    (commented.path / "content" / "commentary.yml").write_text("[]\n")
    assert errors_of(commented) == [
        "content/law-cases.yml:3: foster/disputed-rules.md (Disputed Rules, ¶1) names the case 'the straddle' "
        "(\"straddle\": “…The straddle is often misunderstood by players.…”) but content/commentary.yml does not "
        "link it to Law 28. What to do: link the paragraph in commentary.yml, or record under the case's passing "
        "why it only mentions it"]


def test_a_paragraph_linked_to_the_case_or_recorded_as_passing_is_accounted_for(commented):
    (commented.path / "content" / "commentary.yml").write_text(
        "- page: disputed-rules\n  quote: \"often misunderstood\"\n  laws: [28]\n")
    assert [c.laws for c in load_edition(commented.path).commentary] == [(28,)]
    (commented.path / "content" / "commentary.yml").write_text("[]\n")
    with (commented.path / "content" / "law-cases.yml").open("a") as f:
        f.write("    passing:\n      - page: disputed-rules\n        quote: \"often misunderstood\"\n"
                "        why: A fixture.\n")
    assert load_edition(commented.path).commentary == []


def test_the_chapters_restating_the_laws_are_linked_to_them(real_edition):
    laws = {n for c in real_edition.commentary for n in c.laws}
    pages = {c.page_uri for c in real_edition.commentary}
    assert {"foster/jack-pots.md", "foster/watching-the-draw.md", "foster/disputed-rules.md",
            "foster/description.md"} <= pages
    assert {41, 72} <= laws and set(range(59, 77)) <= laws
    assert len(real_edition.commentary) == 126 and len(laws) == 63
    [draw] = [c for c in real_edition.commentary if c.page_uri == "foster/watching-the-draw.md"]
    assert (draw.anchor, draw.laws) == ("para-1", (41,))
    # Coming In on the straddle and the man under the gun, Raising the Ante on raising (issue 28)
    linked = {(c.page_uri, c.laws) for c in real_edition.commentary}
    assert {("foster/coming-in.md", (28, 30, 52)), ("foster/coming-in.md", (30, 52)),
            ("foster/raising-the-ante.md", (32, 33))} <= linked


def test_a_law_that_no_case_names_stops_the_build(commented):
    (commented.path / "content" / "commentary.yml").write_text(
        "- page: disputed-rules\n  quote: \"often misunderstood\"\n  laws: [28]\n")
    cases = commented.path / "content" / "law-cases.yml"
    cases.write_text(cases.read_text().replace("laws: [28]", "laws: [29]"))
    assert errors_of(commented) == [
        "content/law-cases.yml:2: no case names Law 28. What to do: give every law a case, with the words that "
        "would show a paragraph discusses it",
        "content/law-cases.yml:3: the case 'the straddle' names unknown law number(s) [29]. What to do: use the "
        "numbers of Foster's laws"]


def test_every_law_has_a_case_and_the_laws_without_commentary_are_those_whose_case_no_paragraph_names(real_edition):
    import yaml
    cases = yaml.safe_load(open("content/law-cases.yml"))["cases"]
    assert set().union(*(c["laws"] for c in cases)) == set(range(1, 78))
    commented = {n for c in real_edition.commentary for n in c.laws}
    assert sorted(set(range(1, 78)) - commented) == [4, 10, 11, 13, 16, 34, 42, 46, 48, 49, 50, 53, 55, 77]
    # found by the cases added for every law: the blind, the pone and the age; an imperfect pack a misdeal
    by_para = {(c.page_uri, c.label): c.laws for c in real_edition.commentary}
    assert by_para[("foster/description.md", "¶16")] == (9, 27)
    assert by_para[("foster/disputed-rules.md", "¶57")] == (15, 17)


def test_the_points_re_read_against_fosters_other_chapters(real_edition):
    by_slug = {t.slug: t for t in real_edition.concordance}
    quoted = {slug: {q.page_uri for q in t.quotations.get("foster", [])} for slug, t in by_slug.items()}
    # Raising the Ante: "There is no limit to the number of times that the ante may be raised."; not Foster's alone:
    # the Britannica's raising "goes on until ... no one cares to raise further", Hoyle's player may go better "again"
    raising = by_slug["raising-before-the-draw"]
    assert raising.relations["foster"] == "agrees" and "foster/raising-the-ante.md" in quoted["raising-before-the-draw"]
    assert len(raising.quotations["britannica"]) == 2 and len(raising.quotations["hoyle"]) == 3
    # Varieties: "The deal passes to the left when no one has made a bet", Hoyle's "the elder hand deals": no difference
    # there (the third pass finds one in who antes: the Britannica's dealer, Foster's and Hoyle's buck-holder)
    assert not any("double pool" in d for d in by_slug["straight-poker"].differences)
    # a silence corrected: Hoyle too reads a player's one-card draw as a clue ("a sign of a pretty strong hand")
    assert by_slug["asking-how-many-drawn"].relations["hoyle"] == "agrees"
    assert "foster/watching-the-draw.md" in quoted["asking-how-many-drawn"]
    assert len(by_slug["blind-and-ante"].coverage) == 4 and by_slug["blind-and-ante"].relations["keller"] == "differs"
    assert [q.text[:16] for q in by_slug["misdeal"].quotations["keller"]][1] == "it is a misdeal."
    # Coming In: the straddler has the last say about making good his ante only; the Britannica still differs
    assert "foster/coming-in.md" in quoted["straddle-last-say"]
    assert by_slug["straddle-last-say"].kind == "substance"
    # Bluffing: Foster too ties the unshown winning hand to bluffing
    assert "foster/bluffing.md" in quoted["winner-need-not-show"]
    assert any(s.startswith("Foster, Hoyle and the Britannica tie the rule to bluffing")
               for s in by_slug["winner-need-not-show"].coverage)
    assert "foster/varieties.md" in quoted["mistigris"] and "foster/varieties.md" in quoted["calling-a-sight"]


def test_a_laws_page_says_when_foster_has_no_commentary_on_it_as_the_check_proves(real_edition):
    from edition.site.registry import generated_pages
    pages = {address: md for address, md in generated_pages(real_edition) if address.startswith("laws/")}
    none = "Foster does not comment on this law in his other chapters"
    assert none in pages["laws/16.md"] and "## Foster’s commentary" in pages["laws/16.md"]
    assert none not in pages["laws/15.md"] and "commentary-quote" in pages["laws/15.md"]
    assert sum(none in md for md in pages.values()) == 14 and len(pages) == 78


def test_a_sixth_work_made_an_authority_by_content_alone_is_asked_for_its_relation_on_every_point(tmp_path):
    """A new rulebook made an authority through content files only (its witness, a reading text, and
    'authority: true' in works.yml) stops the build with one message per point of the concordance,
    each naming the point and what to give; no traceback, and nothing else is wrong."""
    import hashlib
    import shutil

    import yaml

    from tests.badinput.corpus import copy_project
    from tests.helpers import ROOT
    copy_project(ROOT, tmp_path, whole=False)
    content = tmp_path / "content"
    witness = b"RULES OF THE GAME.\nThe dealer shuffles.\n"
    (content / "witnesses" / "990_rules.txt").write_bytes(witness)
    with (content / "witnesses" / "witnesses.yml").open("a", encoding="utf-8") as f:
        f.write(f'"990":\n  file: 990_rules.txt\n  sha256: {hashlib.sha256(witness).hexdigest()}\n'
                "  work: rulebook\n  kind: a fixture rulebook\n")
    with (content / "works.yml").open("a", encoding="utf-8") as f:
        f.write('rulebook:\n  author: A. Rulemaker\n  title: The Rules\n  year: 1910\n  witnesses: ["990"]\n'
                "  short_name: Rulemaker\n  authority: true\n")
    (content / "texts" / "rulebook").mkdir()
    (content / "texts" / "rulebook" / "01-rules.md").write_text(
        '---\ntitle: Rules of the Game\nwitness: "990"\nlines: 1-2\n---\n# Rules of the Game\n\n'
        "The dealer shuffles.\n", encoding="utf-8")
    shutil.rmtree(content / "versions")  # the snapshot of the real version would differ, rightly
    (content / "edition.yml").unlink()  # an edition not yet versioned
    points = yaml.safe_load((ROOT / "content" / "concordance.yml").read_text(encoding="utf-8"))
    errors = errors_of(type("P", (), {"path": tmp_path})())
    assert len(errors) == len(points) == CONCORDANCE_POINTS
    assert errors[0] == (
        f"content/concordance.yml:{errors[0].split(':')[1]}: topic '{points[0]['slug']}' gives Rulemaker no "
        "relation. What to do: give rulebook one of agrees, differs, goes-further, silent under relations (quoting "
        "what it says, or, if silent, with the words that would show it treats the point under treats_if)")
    assert all("gives Rulemaker no relation" in e for e in errors)
