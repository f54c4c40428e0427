"""Every word of every reading text is standard English or in the reviewed project word list."""
from __future__ import annotations

from pathlib import Path

from edition.texts.spelling import flagged, known, load_words

ROOT = Path(__file__).resolve().parents[2]
WORDLIST = ROOT / "content" / "wordlist.txt"


def test_no_word_of_any_reading_text_is_flagged():
    assert flagged(ROOT, load_words(WORDLIST)) == {}


def test_project_word_list_is_sorted_and_without_duplicates():
    entries = [w for w in WORDLIST.read_text().splitlines() if w and not w.startswith("#")]
    assert entries == sorted(set(entries), key=str.lower)


def test_ocr_damage_is_flagged_and_real_words_pass():
    words = load_words(WORDLIST)
    assert [w for w in ["Bonc", "upply", "hirty", "ofa", "openend"] if known(w, words)] == []
    assert [w for w in ["knave", "colour", "Whisky", "treys", "Blackbridge’s", "XIV"] if not known(w, words)] == []
