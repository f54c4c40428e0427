"""The reading texts' quality bar: order, anchors, and nothing the scrape or OCR left behind."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def edition(real_edition):
    return real_edition


def test_hoyle_page_anchors_124_to_134_exist_once_each(edition):
    pages = [n for p in edition.pages if p.text.work == "hoyle" for n, _ in p.document.pages]
    assert pages == list(range(124, 135))


def test_kellers_chapters_stand_in_the_books_order(edition):
    keller = [p for p in edition.pages if p.text.work == "keller"]
    assert [p.text.body_lines[0] for p in keller] == [
        "# Chapter I. The Question of Stakes.", "# Chapter II. Technical Terms.",
        "# Chapter III. The Order of Hands.", "# Chapter IV. Rules of Draw Poker."]


def test_every_witness_word_is_kept_or_accounted_for_by_an_emendation(edition):
    for page in edition.pages:
        a = page.alignment
        accounted = a.kept_words + sum(len(e.witness.split()) for e in a.emendations)
        assert accounted == a.witness_words, page.text.path


def test_no_reading_text_keeps_scrape_or_ocr_debris():
    debris = re.compile(r"\\frac|\\times|\$(?!\d)|\{\d+\}|\b\w+\.s\.s|(?<![\w\\])_[^_\s][^_]*_|[a-z]-$|BestLightNovel")
    found = []
    for path in sorted((ROOT / "content" / "texts").glob("*/*.md")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if debris.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}")
    assert found == []


def test_no_quotation_on_any_page_closes_or_opens_twice(built_site):
    """A passage quoted inside the edition's double quotes has its own quotes made single (the
    'nested' filter): no page shows ”” or ““ (Hoyle's “… saying, ‘I straddle you.’” in the glossary,
    Law 27's heading “‘Blind’ and ‘Straddle’”)."""
    doubled = {}
    for path in sorted(built_site.rglob("*.html")):
        text = html.unescape(path.read_text(encoding="utf-8"))
        found = re.findall(r".{30}(?:””|““).{0,10}", text)
        if found:
            doubled[str(path.relative_to(built_site))] = found[:2]
    assert doubled == {}
    glossary = html.unescape((built_site / "glossary" / "index.html").read_text(encoding="utf-8"))
    assert "saying, ‘I straddle you.’”" in glossary
