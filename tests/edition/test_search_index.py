"""The search index tuned for questions and made small (edition/site/search_index.py): the laws at
their own pages, the chapter's copies gone; the thesaurus's words added where the period words
stand and where the editors say they matter; the situations found by their other phrasings; a long
section keeping its opening to show and each of its other words once to search."""
from __future__ import annotations

import html

from edition.site.search_index import (
    EDITORIAL_FIELD,
    EXCERPT,
    LONG,
    compact,
    law_entry,
    laws_at_their_pages,
    named_places,
    with_questions,
    with_synonyms,
)
from edition.sources.situations import Situation
from edition.sources.synonyms import Synonym

CONFIG = {"lang": ["en"], "separator": "[\\s\\-]+", "pipeline": ["trimmer", "stopWordFilter", "stemmer"],
          "fields": {"title": {"boost": 3.0}, "text": {"boost": 1.0}}}


def test_a_long_section_keeps_its_opening_to_show_and_each_other_word_once_to_search():
    long_text = "<p>The kitty is kept.</p> " + "<p>The banker keeps 47<sup>✓</sup> chips &amp; more.</p> " * 40 + \
        "<p>Weekly supper.</p>"
    assert len(long_text) > LONG
    index = compact({"config": CONFIG, "docs": [{"location": "foster/jack-pots/#the-kitty", "title": "THE KITTY",
                                                 "text": long_text}]})
    doc = index["docs"][0]
    assert doc["title"] == "THE KITTY" and doc["location"] == "foster/jack-pots/#the-kitty"
    assert doc["text"].startswith("<p>The kitty is kept. The banker keeps 47 chips &amp; more. The banker")
    assert doc["text"].endswith(" The …</p>") and len(html.unescape(doc["text"])) <= EXCERPT + len("<p> …</p>")
    assert doc["words"] == "& 47 banker chips keeps more. supper. weekly"  # each once, sorted
    assert index["config"]["fields"] == {**CONFIG["fields"], "words": {"boost": 1.0}}


def test_a_short_section_and_the_order_of_entries_stay_as_they_were():
    docs = [{"location": "glossary/#kitty", "title": "Kitty", "text": "<p>A fund, to pay for cards.</p>"},
            {"location": "glossary/", "title": "Glossary", "text": ""}]
    assert compact({"config": CONFIG, "docs": docs})["docs"] == docs


def test_each_law_is_indexed_at_its_own_page_and_the_chapters_copy_and_headings_leave():
    docs = [{"location": "foster/description/", "title": "DESCRIPTION", "text": "<p>Poker is played.</p>"},
            {"location": "foster/laws/", "title": "THE LAWS OF POKER", "text": ""},
            {"location": "foster/laws/#misdealing", "title": "MISDEALING", "text": ""},
            {"location": "foster/laws/#law-19", "title": "Law 19 — MISDEALING", "text": "<p>19. If any card…</p>"},
            {"location": "foster/laws/#editorial-notes", "title": "Editorial notes", "text": "<p>a. Lost.</p>"},
            {"location": "glossary/#kitty", "title": "Kitty", "text": "<p>A fund.</p>"}]
    law = {**law_entry("laws/19/", "Law 19 — Misdealing", "19. If any card is faced & shown."),
           "replaces": "foster/laws/#law-19"}
    index = laws_at_their_pages({"config": CONFIG, "docs": docs}, [law], "foster/laws/")
    assert [d["location"] for d in index["docs"]] == [
        "foster/description/", "foster/laws/", "laws/19/", "foster/laws/#editorial-notes", "glossary/#kitty"]
    assert index["docs"][2] == {"location": "laws/19/", "title": "Law 19 — Misdealing",
                                "text": "<p>19. If any card is faced &amp; shown.</p>"}


def test_the_thesaurus_adds_a_readers_word_where_the_period_word_stands_and_where_it_matters():
    flip = Synonym("flip", ("faced", "turned over"), laws=(43,), terms=("exposed-cards",))
    deck = Synonym("deck", ("pack",))
    docs = [{"location": "laws/19/", "title": "Law 19 — Misdealing", "text": "<p>If any card is faced in the pack</p>"},
            {"location": "laws/43/", "title": "Law 43", "text": "<p>If a card is exposed…</p>"},
            {"location": "glossary/#exposed-cards", "title": "Exposed Cards", "text": "<p>Cards turned up.</p>"},
            {"location": "glossary/#pass", "title": "Pass", "text": "<p>Refusing to come in; a faceless rule.</p>"}]
    named = named_places([flip, deck], lambda n: f"laws/{n}/")
    assert named == {"laws/43/": {"flip"}, "glossary/#exposed-cards": {"flip"}}
    index = with_synonyms({"config": CONFIG, "docs": docs}, [flip, deck], named)
    assert [(d["location"], d.get("synonyms"), d.get("aliases")) for d in index["docs"]] == [
        ("laws/19/", "flip deck", None), ("laws/43/", None, "flip"), ("glossary/#exposed-cards", None, "flip"),
        ("glossary/#pass", None, None)]  # "faceless" is not "faced"; "turned up" is not "turned over"
    assert index["config"]["fields"] == {**CONFIG["fields"], "synonyms": {"boost": 1.0}, "aliases": EDITORIAL_FIELD}


def test_a_situation_is_found_by_the_other_ways_players_put_it():
    situation = Situation("card-exposed-in-the-deal", "What if a card is exposed while dealing?",
                          asked=("a card flashed in the deal", "the dealer showed a card"), laws=(19,))
    docs = [{"location": "situations/", "title": "What is the rule when…", "text": "<p>Situations.</p>"},
            {"location": "situations/#card-exposed-in-the-deal", "title": situation.question, "text": "<p>Law 19</p>"}]
    index = with_questions({"config": CONFIG, "docs": docs}, [situation])
    assert index["docs"][0] == docs[0]
    assert index["docs"][1]["questions"] == "a card flashed in the deal the dealer showed a card"
    assert index["config"]["fields"]["questions"] == EDITORIAL_FIELD == {"boost": 10.0}
