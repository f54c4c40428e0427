"""The glossary: every printed term has an entry, definitions are quoted verbatim, the editors'
data (content/glossary.yml) is checked, and uses in the texts link to their entry."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from edition.model.edition import EditionErrors, load_edition
from edition.sources.glossary import definitions_in
from edition.texts.syntax import plain_text
from tests.corpus_pins import GLOSSARY_EXAMPLES, PRINTED_DEFINITIONS
from tests.helpers import markdown_of

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def edition(real_edition):
    return real_edition


def test_every_term_of_the_three_source_glossaries_has_an_entry(edition):
    sources = {"foster/technical-terms.md", "britannica/poker.md", "keller/technical-terms.md"}
    printed = [(p.text.page_uri, t) for p in edition.pages if p.text.page_uri in sources
               for t, _, _ in definitions_in(p.text.body_lines, p.text.body_start)]
    in_entries = {(d.page_uri, d.printed) for e in edition.glossary for d in e.definitions}
    assert [x for x in printed if x not in in_entries] == []
    assert len(printed) == sum(PRINTED_DEFINITIONS.values())


def test_each_quoted_definition_is_verbatim_the_reading_texts_words(edition):
    pages = {p.text.page_uri: p for p in edition.pages}
    for entry in edition.glossary:
        for d in entry.definitions:
            source = pages[d.page_uri].text
            if d.place:  # a passage of running text: its words stand in the paragraph it links to
                rest = [*source.body_lines[d.line - source.body_start:], ""]
                paragraph = " ".join(plain_text(line) for line in rest[:rest.index("")])
                assert d.text in " ".join(paragraph.split()), (entry.slug, d.printed)
                assert d.place.startswith("para-")
                continue
            definition_line = source.body_lines[d.line - source.body_start + 1]
            assert plain_text(definition_line) == "— " + d.text, (entry.slug, d.printed)


def test_every_authority_is_quoted_where_it_explains_a_term(edition):
    from collections import Counter
    # Hoyle prints no list of terms; before issue 28 the glossary quoted him nowhere
    assert Counter(d.work for e in edition.glossary for d in e.definitions) == {
        "foster": 140, "britannica": 54, "keller": 35, "hoyle": 33}
    by_slug = {e.slug: e for e in edition.glossary}
    for slug in ("straddle", "jack-pots", "table-stakes", "mistigris", "tiger", "age", "blind", "ante", "widow"):
        assert "hoyle" in [d.work for d in by_slug[slug].definitions], slug
    straddle = next(d for d in by_slug["straddle"].definitions if d.work == "hoyle")
    assert straddle.text.startswith("the “straddle” was invented to accommodate them. This queer term is another")
    assert (straddle.page_uri, straddle.anchor) == ("hoyle/poker.md", "para-37")
    # terms only running text explains have entries of their own
    assert [d.work for d in by_slug["double-header"].definitions] == ["hoyle"]
    assert [d.work for d in by_slug["straight-poker"].definitions] == ["foster", "britannica", "hoyle"]


def test_no_see_also_points_nowhere(edition):
    slugs = {e.slug for e in edition.glossary}
    assert [(e.slug, s) for e in edition.glossary for s in e.see_also if s not in slugs] == []


def test_the_authorities_disagreement_on_the_widow_is_noted(edition):
    widow = next(e for e in edition.glossary if e.slug == "widow")
    assert [d.work for d in widow.definitions] == ["foster", "britannica", "hoyle", "keller"]
    assert "percentage taken out of the pool" in widow.note


def test_variant_spellings_are_one_entry(edition):
    by_slug = {e.slug: e for e in edition.glossary}
    assert [d.printed for d in by_slug["bobtail"].definitions] == ["Bobtail.", "Bobtail.", "Bob-tail Flush."]
    assert [d.printed for d in by_slug["freeze-out"].definitions] == ["Freeze Out.", "Freeze Out.", "Freeze-out."]


def test_a_see_also_to_no_entry_stops_the_build(project):
    project.witness("900", "fixture", "Age.—The player on the left.\n")
    project.text("fixture", "01-terms.md", "---\ntitle: Terms\nwitness: \"900\"\nlines: 1-1\n---\n"
                 "Age.\n:   The player on the left.\n")
    (project.path / "content" / "glossary.yml").write_text("entries:\n  age:\n    terms: [\"fixture:Age\"]\n"
                                                           "    see_also: [eldest]\n")
    with pytest.raises(EditionErrors) as info:
        load_edition(project.path)
    assert [str(e) for e in info.value.errors] == [
        "content/glossary.yml:4: entry 'age' has see-also 'eldest', which is no entry. "
        "What to do: use an entry's slug (the glossary page lists them)"]


def test_a_passage_of_running_text_is_found_verbatim_or_the_build_stops(project):
    project.witness("900", "fixture", "Age.—The player on the left.\nThe stake is known as a blind.\n")
    project.text("fixture", "01-terms.md", "---\ntitle: Terms\nwitness: \"900\"\nlines: 1-2\n---\n"
                 "Age.\n:   The player on the left.\n\nThe stake is known as a blind.\n")
    glossary = project.path / "content" / "glossary.yml"
    glossary.write_text('entries:\n  blind:\n    headword: Blind\n    explained:\n'
                        '      - {work: fixture, page: terms, term: "blind",\n'
                        '         quote: "The stake is known as a blind."}\n')
    [entry] = [e for e in load_edition(project.path).glossary if e.slug == "blind"]
    [d] = entry.definitions
    assert (d.printed, d.text, d.anchor) == ("blind", "The stake is known as a blind.", "para-1")
    glossary.write_text('entries:\n  blind:\n    headword: Blind\n    explained:\n'
                        '      - {work: fixture, page: terms, term: "blind", quote: "The stake is known as a bet."}\n'
                        '      - {work: fixture, page: terms, term: "ante", quote: "is known as a blind."}\n')
    with pytest.raises(EditionErrors) as info:
        load_edition(project.path)
    assert [str(e) for e in info.value.errors] == [
        "content/glossary.yml:5: entry 'blind': the passage \"The stake is known as a bet.…\" is not in "
        "fixture/terms.md verbatim. What to do: copy the words exactly from one paragraph of the reading text",
        "content/glossary.yml:6: entry 'blind': the passage \"is known as a blind.…\" does not hold the term 'ante', "
        "nor does the heading of its section. What to do: give the term as the author prints it in the passage"]


def test_an_entry_naming_an_unprinted_term_stops_the_build(project):
    project.witness("900", "fixture", "Age.—The player on the left.\n")
    project.text("fixture", "01-terms.md", "---\ntitle: Terms\nwitness: \"900\"\nlines: 1-1\n---\n"
                 "Age.\n:   The player on the left.\n")
    (project.path / "content" / "glossary.yml").write_text("entries:\n  age:\n    terms: [\"fixture:Edge\"]\n")
    with pytest.raises(EditionErrors) as info:
        load_edition(project.path)
    assert "content/glossary.yml:3: entry 'age' names the term 'fixture:Edge', which no definition list prints" \
        in str(info.value.errors[0])


def test_uses_link_once_per_paragraph_with_the_short_definition_and_never_in_headings(project):
    project.witness("900", "fixture", "Age.—The player on the left. The eldest hand.\n"
                                      "THE AGE\nThe age may straddle; the age has the last say.\n")
    project.text("fixture", "01-terms.md", "---\ntitle: Terms\nwitness: \"900\"\nlines: 1-1\n---\n"
                 "Age.\n:   The player on the left. The eldest hand.\n")
    project.text("fixture", "02-text.md", "---\ntitle: Text\nwitness: \"900\"\nlines: 2-3\n---\n"
                 "## THE AGE\n\nThe age may straddle; the age has the last say.\n")
    ed = load_edition(project.path)
    md = markdown_of(ed, 1)
    assert md.count("glossary.md#age") == 1
    assert '[age](../glossary.md#age "The player on the left."){ .term }' in md
    assert md.startswith("## THE AGE\n")
    assert ed.glossary[0].uses == [("fixture/text.md", "para-1", "¶1")]


def test_general_index_page_numbers_link_to_the_chapters_that_hold_them(edition):
    index = next(p for p in edition.pages if p.text.page_uri == "foster/general-index.md")
    md = markdown_of(edition, index)
    assert ('- Abandoning hands too soon [40](disputed-rules.md "p. 40: DISPUTED RULES, which begins on p. 35"), '
            '[50](disputed-rules.md "p. 50: DISPUTED RULES, which begins on p. 35")') in md
    assert '[31](laws.md#jack-pot-laws "p. 31: JACK-POT LAWS, which begins on p. 30")' in md
    assert len(re.findall(r'\]\([^)]*"p\. \d+: ', md)) == 519


def test_rank_entries_show_an_engine_made_example_and_the_texts_checked_figures(edition):
    from edition.site.registry import page_markdown
    md = page_markdown(edition, "glossary.md")
    blaze = md[md.index("### Blaze {"):md.index("### Blind {")]
    assert ("**K♠ K♥ Q♦ Q♣ J♠** — a blaze, kings and queens. In Foster's standard game, with the blaze, its class, "
            "*blaze*, ranks above *two pairs* and below *three of a kind*. The whole class *blaze* is dealt 432 times "
            "in 2,598,960 hands (6,015 to 1 against).") in blaze
    assert "[3,008 to 1](foster/poker-hands.md#claim-foster-hands-blaze) ✗ the author's error" in blaze
    with_examples = [e.slug for e in edition.glossary if e.example]
    assert len(with_examples) == GLOSSARY_EXAMPLES


def example_sentences(edition) -> dict[str, str]:
    """Every glossary entry's example, as the page words it: {slug: the sentence}."""
    from edition.site.registry import page_markdown
    md = page_markdown(edition, "glossary.md")
    found = {}
    for e in edition.glossary:
        if e.example:
            entry = md[md.index(f"{{ #{e.slug} .gloss-term }}"):]
            found[e.slug] = next(line.strip() for line in entry.splitlines() if line.startswith("    **"))
    return found


# Words no example may say: a class above or below "nothing", the rule sets' names in the engine,
# a lower-case Foster, a count of the whole class given as the hand's own ("mistigris" is the texts' word).
IMPOSSIBLE = [r"\bnothing\b", r"\bfoster's\b", r"foster’s", r"`", r"\((big-dog|blaze|skip|tiger|"
              r"round-the-corner(-low)?|foster(-proper)?)\)", r"under the rules", r"\bit is dealt\b",
              r"1 to 1 against"]


def test_every_glossary_example_is_worded_right_at_both_ends_of_the_ranking(real_edition):
    said = example_sentences(real_edition)
    assert len(said) == GLOSSARY_EXAMPLES
    wrong = {slug: p for slug, text in said.items() for p in IMPOSSIBLE if re.search(p, text)}
    assert wrong == {}
    assert said["royal-flush"] == (
        "**A♠ K♠ Q♠ J♠ 10♠** — a royal flush. In Foster's standard game, a royal flush counts as a *straight flush*, "
        "and its class, *straight flush*, is the highest: it ranks above *four of a kind*, and no class ranks above "
        "it. The whole class *straight flush* is dealt 40 times in 2,598,960 hands (64,973 to 1 against), the *royal "
        "flush* hands among them 4 times (649,739 to 1 against).")
    assert said["mistigris"] == (
        "**Q♠ Q♥ Q♦ Q♣ 🃏** — five queens (with the joker). In Foster's standard game, with the joker (mistigris), "
        "its class, *five of a kind*, is the highest: it ranks above *straight flush and royal flush*, and no class "
        "ranks above it. The whole class *five of a kind* is dealt 13 times in 2,869,685 hands (220,744 to 1 against).")
    assert said["bobtail"] == (
        "**Q♥ 9♥ 7♥ 4♥ K♠** — king high. In Foster's standard game, its class, *no pair*, is the lowest: it ranks "
        "below *one pair*, and no class ranks below it. The whole class *no pair* is dealt 1,302,540 times in "
        "2,598,960 hands (about an even chance).")
    assert said["big-dog"].startswith("**A♠ K♥ Q♦ 10♣ 9♠** — a big dog. In Foster's standard game, with the big dog, "
                                      "its class, *big dog*, ranks above *straight* and below *flush*.")


def test_an_entry_merging_different_senses_says_how_they_differ(real_edition):
    by_slug = {e.slug: e for e in real_edition.glossary}
    for slug, words in {"ante": "which is what Foster calls the blind", "pot": "for Keller the pot is simply the pool",
                        "make-good": "Keller's is any player's depositing", "widow": "for Keller",
                        "pat-hand": "which is what Foster calls standing pat",
                        "see": "Keller's is making good", "kitty": "a chip from each jack-pot",
                        "bobtail": "any four cards of a suit", "straddle": "which Foster calls the blind"}.items():
        assert len(by_slug[slug].definitions) > 1 and words in by_slug[slug].note, slug


def test_entries_defining_the_same_thing_under_each_authoritys_headword_refer_to_each_other(real_edition):
    by_slug = {e.slug: e for e in real_edition.glossary}
    for a, b in [("splitting", "spilling"), ("sight", "show")]:
        assert b in by_slug[a].see_also and a in by_slug[b].see_also
        assert {d.work for d in by_slug[a].definitions} != {d.work for d in by_slug[b].definitions}


def test_the_kilter_keeps_both_its_cross_reference_and_its_example(real_edition):
    # glossary.yml once named the kilter twice, and the second mapping silently replaced the first
    [kilter] = [e for e in real_edition.glossary if e.slug == "kilter"]
    assert kilter.see_also == ["pelter"] and kilter.example == {"cards": "9S 7H 5D 3C 2S"}
