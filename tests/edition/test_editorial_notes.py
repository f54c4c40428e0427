"""Editorial notes where the words need them (issue 16, item 3): a passage that states one rule two
ways, and a sentence run on at a page break, are noted, not passed over in silence."""
from __future__ import annotations

from pathlib import Path

from edition.texts.document import document
from edition.texts.reading import read_text_file

ROOT = Path(__file__).resolve().parents[2]


def notes_of(relative: str) -> list[str]:
    text = read_text_file(ROOT / relative, ROOT)
    return [note.text for note in document(text).notes]


def test_kellers_ante_stated_two_ways_in_one_section_is_noted():
    [note] = [n for n in notes_of("content/texts/keller/04-rules.md") if "two ways" in n]
    assert '"shall not exceed the limit of the game"' in note and '"must not exceed one-half the limit"' in note


def test_hoyles_sentence_run_on_at_the_turn_of_page_127_is_noted():
    [note] = [n for n in notes_of("content/texts/hoyle/01-poker.md") if "turn of the page" in n]
    assert "(127)" in note and "both witnesses" in note
