"""Today's corpus is what tests/corpus_pins.py says it is: each pinned fact against the edition.

When the corpus grows on purpose, the failing test names the fact; change it in tests/corpus_pins.py,
the one file that pins the corpus.
"""
from __future__ import annotations

from collections import Counter

from edition.site.registry import navigation, site_pages
from edition.sources.glossary import definitions_in
from tests import corpus_pins as pins
from tests.helpers import ROOT


def test_the_works_and_their_witnesses_are_as_pinned(real_edition):
    assert tuple(real_edition.works) == pins.WORKS
    assert {wid: w.work for wid, w in real_edition.witnesses.items()} == pins.WITNESSES
    assert list(real_edition.witnesses) == list(pins.WITNESSES)  # in their order
    assert {wid: len(parts) for wid, parts in real_edition.witness_parts.items()} == pins.WITNESS_PARTS


def test_the_navigation_is_as_pinned(real_edition):
    nav = navigation(site_pages(real_edition), ROOT / "site_src")
    assert [next(iter(item)) for item in nav] == pins.NAVIGATION
    edition = next(item["The edition"] for item in nav if "The edition" in item)
    assert next(item["Witnesses"] for item in edition if "Witnesses" in item) == pins.WITNESSES_NAVIGATION


def test_the_situations_are_as_many_as_pinned(real_edition):
    assert len(real_edition.situations) == pins.SITUATIONS


def test_the_glossary_is_as_pinned(real_edition):
    assert len(real_edition.glossary) == pins.GLOSSARY_ENTRIES
    printed = Counter(p.text.page_uri for p in real_edition.pages if p.text.page_uri in pins.PRINTED_DEFINITIONS
                      for _ in definitions_in(p.text.body_lines, p.text.body_start))
    assert dict(printed) == pins.PRINTED_DEFINITIONS
    assert len([e for e in real_edition.glossary if e.example]) == pins.GLOSSARY_EXAMPLES


def test_the_concordance_is_as_pinned(real_edition):
    assert len(real_edition.concordance) == pins.CONCORDANCE_POINTS
    assert len([t for t in real_edition.concordance if t.kind == "substance"]) == pins.DISAGREEMENTS


def test_the_figures_pages_anchors_are_as_many_as_pinned():
    from edition.model.anchors import read_lock
    locked = read_lock(ROOT / "content" / "anchors.lock")
    assert len([a for a in locked if a.startswith("figures/#")]) == pins.FIGURES_ANCHORS
