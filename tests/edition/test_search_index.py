"""The search index tuned for questions and made small (edition/site/search_index.py): the laws at
their own pages, the chapter's copies gone; the thesaurus's words added where the period words
stand and where the editors say they matter; each situation one entry made from its data, found by
its question, its other phrasings and its law's words; the laws weighed above, Foster's advice below
other places; a long section keeping its opening to show and each of its other words once to search."""
from __future__ import annotations

import html

from edition.site.search_index import (
    EDITORIAL_FIELD,
    EXCERPT,
    LONG,
    QUESTIONS_FIELD,
    compact,
    law_entry,
    laws_at_their_pages,
    named_places,
    situation_entry,
    situations_from_data,
    tune,
    weighed_by_kind,
    with_synonyms,
)
from edition.sources.concordance import Quotation
from edition.sources.situations import Situation, When
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
        ("laws/19/", "flip; deck", None), ("laws/43/", None, "flip"), ("glossary/#exposed-cards", None, "flip"),
        ("glossary/#pass", None, None)]  # "faceless" is not "faced"; "turned up" is not "turned over"
    assert index["config"]["fields"] == {**CONFIG["fields"], "synonyms": {"boost": 1.0}, "aliases": EDITORIAL_FIELD}


class _Law:
    def __init__(self, number, words):
        self.number, self.words, self.preview = number, words, words.replace("[", "").replace("]", "")
        self.title, self.short_path, self.url = f"Law {number} — Irregular Hands", f"laws/{number}/", \
            f"foster/laws/#law-{number}"


SIX = Situation("too-many-cards", "What if a player is dealt too many cards?",
                asked=("a hand of six cards", "he got an extra card"), laws=(22, 23))
LAW_22 = _Law(22, "If a player discovers that he has more than five, [he] can demand a new deal.")


def test_a_situation_is_one_entry_found_by_its_question_its_phrasings_and_its_laws_words():
    assert situation_entry("situations/#too-many-cards", SIX, LAW_22) == {
        "location": "situations/#too-many-cards", "title": "What if a player is dealt too many cards?",
        "text": "<p>If a player discovers that he has more than five, he can demand a new deal.</p>",
        "questions": "a hand of six cards; he got an extra card",  # phrases apart: no pair across them
        "law": 22}  # shown beside the title by the worker, searched by nothing


def test_a_situations_answer_is_its_laws_deciding_words_which_law_applies_when_and_the_authors_own_words():
    situation = Situation("too-many-cards", "What if he's dealt too many cards?", asked=("he's got six",),
                          laws=(22, 23), decides="he can demand a new deal",
                          when=(When(23, "if anyone has anted already"),),
                          answer=(Quotation("foster", "foster/disputed-rules.md", "para-3", "¶3", "The rule is…"),))
    entry = situation_entry("situations/too-many-cards/", situation, LAW_22)
    assert (entry["title"], entry["questions"]) == ("What if he’s dealt too many cards?", "he’s got six")  # as printed
    assert entry["text"] == "<p>he can demand a new deal</p><p>if anyone has anted already</p><p>The rule is…</p>"


def test_a_situations_entries_on_the_page_or_on_a_page_of_its_own_give_way_to_its_entry_from_data():
    entry = situation_entry("situations/#too-many-cards", SIX, LAW_22)
    docs = [{"location": "situations/", "title": "What is the rule when…", "text": "<p>Situations.</p>"},
            {"location": "situations/#too-many-cards", "title": SIX.question, "text": "<p>Law 22: Keller differs</p>"},
            {"location": "situations/#misdeal", "title": "What is a misdeal?", "text": "<p>Law 15</p>"}]
    index = situations_from_data({"config": CONFIG, "docs": docs}, [entry])
    assert index["docs"] == [docs[0], entry, docs[2]]
    assert index["config"]["fields"]["questions"] == QUESTIONS_FIELD == {"boost": 5.0}
    # Once each situation has a page: the page's own entry and its sections give way, in the place of the first.
    own = {**entry, "location": "situations/too-many-cards/"}
    docs = [{"location": "situations/too-many-cards/", "title": SIX.question + " — Law 22", "text": "<p>…</p>"},
            {"location": "situations/too-many-cards/#the-other-authorities", "title": "Others", "text": "<p>…</p>"},
            {"location": "situations/too-few-cards/", "title": "What if too few?", "text": "<p>…</p>"}]
    assert situations_from_data({"config": CONFIG, "docs": docs}, [own])["docs"] == [own, docs[2]]


def test_a_laws_page_weighs_more_and_fosters_advice_less_than_other_places():
    docs = [{"location": "laws/33/", "title": "Law 33", "text": "<p>raise</p>"},
            {"location": "foster/raising-the-ante/", "title": "RAISING THE ANTE", "text": "<p>raise</p>"},
            {"location": "foster/raising-the-ante/#the-raise", "title": "THE RAISE", "text": "<p>raise</p>"},
            {"location": "foster/description/#raising-the-ante", "title": "RAISING", "text": "<p>raise</p>"}]
    index = weighed_by_kind({"config": CONFIG, "docs": docs}, {"laws/33/": 1.5, "foster/raising-the-ante/": 0.5})
    assert [d.get("boost") for d in index["docs"]] == [1.5, 0.5, 0.5, None]


def test_the_published_index_names_the_pages_whose_entries_are_results_of_their_own():
    laws = {22: LAW_22}
    docs = [{"location": "foster/laws/", "title": "THE LAWS", "text": ""},
            {"location": "foster/laws/#law-22", "title": "Law 22", "text": "<p>22. If a player…</p>"},
            {"location": "foster/betting/", "title": "BETTING", "text": "<p>Bets.</p>"},
            {"location": "situations/too-many-cards/", "title": SIX.question, "text": "<p>…</p>"}]
    index = tune({"config": CONFIG, "docs": docs}, laws, [], [SIX])
    assert index["config"]["own_results"] == ["glossary/"]  # a situation is a page of its own
    assert [(d["location"], d.get("boost")) for d in index["docs"]] == [
        ("foster/laws/", None), ("laws/22/", 1.5), ("foster/betting/", 0.5), ("situations/too-many-cards/", None)]
    assert index["docs"][1]["text"] == "<p>If a player discovers that he has more than five, [he] can demand a new " \
                                       "deal.</p>"  # the title says its number: "six" does not find Law 6's "6."
