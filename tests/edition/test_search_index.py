"""The search index made small: a long section keeps its opening to show and the rest of its words,
sorted, to search; a short one keeps its whole text (edition/site/search_index.py)."""
from __future__ import annotations

import html

from edition.site.search_index import EXCERPT, LONG, compact

CONFIG = {"lang": ["en"], "separator": "[\\s\\-]+", "pipeline": ["stopWordFilter"],
          "fields": {"title": {"boost": 1000.0}, "text": {"boost": 1.0}}}


def test_a_long_section_keeps_its_opening_to_show_and_every_word_once_to_search():
    long_text = "<p>The kitty is kept.</p> " + "<p>The banker keeps 47<sup>✓</sup> chips &amp; more.</p> " * 40 + \
        "<p>Weekly supper.</p>"
    assert len(long_text) > LONG
    index = compact({"config": CONFIG, "docs": [{"location": "foster/jack-pots/#the-kitty", "title": "THE KITTY",
                                                 "text": long_text}]})
    doc = index["docs"][0]
    assert doc["title"] == "THE KITTY" and doc["location"] == "foster/jack-pots/#the-kitty"
    assert doc["text"].startswith("<p>The kitty is kept. The banker keeps 47 chips &amp; more. The banker")
    assert doc["text"].endswith(" The …</p>") and len(html.unescape(doc["text"])) <= EXCERPT + len("<p> …</p>")
    rest = doc["words"].split()  # the words after the opening, as often as they come
    assert rest.count("banker") == 40 - doc["text"].count("banker") and rest == sorted(rest)
    assert set(rest) == {"&", "47", "banker", "chips", "keeps", "more.", "supper.", "weekly"}
    assert index["config"]["fields"] == {**CONFIG["fields"], "words": {"boost": 1.0}}


def test_a_short_section_and_the_order_of_entries_stay_as_they_were():
    docs = [{"location": "foster/laws/#law-28", "title": "Law 28", "text": "<p>28. The age may straddle.</p>",
             "boost": 3}, {"location": "glossary/", "title": "Glossary", "text": ""}]
    assert compact({"config": CONFIG, "docs": docs})["docs"] == docs
