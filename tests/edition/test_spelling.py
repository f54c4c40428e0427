"""Every word of every reading text is standard English or in the reviewed project word list: the
build checks it (a word in no list stops it: tests/badinput/cases/wordlist-a-name-removed.yml), so
the real texts pass whenever the tests' build does."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from edition.texts import spelling
from edition.texts.spelling import check, known, load_words

ROOT = Path(__file__).resolve().parents[2]
WORDLIST = ROOT / "content" / "wordlist.txt"


def _text(path: str, *lines: str) -> SimpleNamespace:
    return SimpleNamespace(path=Path(path), body_start=6, body_lines=list(lines))


def test_the_build_check_names_each_unknown_word_once_at_its_first_place_with_its_other_forms(tmp_path):
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "wordlist.txt").write_text("Blackbridge\n", encoding="utf-8")
    texts = [_text("content/texts/a/01-x.md", "The deeler deals.", "Blackbridge’s rule."),
             _text("content/texts/a/02-y.md", "THE DEELER’S HAND", "The {note: a deeler note} pack.")]
    assert [str(e) for e in check(texts, tmp_path)] == [
        "content/texts/a/01-x.md:6: 'deeler' (also 'DEELER’S') is in no word list (here and in 1 more place). What "
        "to do: correct it if it is damage of the witness (OCR, a split word); if the author wrote it, add it to "
        "content/wordlist.txt (in its order)"]


def test_a_project_without_a_word_list_is_not_spell_checked(tmp_path):
    assert check([_text("content/texts/a/01-x.md", "Xyzzy plugh.")], tmp_path) == []


def test_without_debians_word_lists_the_build_says_what_to_install(tmp_path, monkeypatch):
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "wordlist.txt").write_text("", encoding="utf-8")
    monkeypatch.setattr(spelling, "SYSTEM_LISTS", [tmp_path / "british-english"])
    assert [str(e) for e in check([], tmp_path)] == [
        f"{tmp_path}/british-english: the spelling check of the reading texts needs this word list. What to do: "
        "install Debian's word lists: apt-get install wbritish wamerican (make test and make build do)"]


def test_project_word_list_is_sorted_and_without_duplicates():
    entries = [w for w in WORDLIST.read_text().splitlines() if w and not w.startswith("#")]
    assert entries == sorted(set(entries), key=str.lower)


def test_ocr_damage_is_flagged_and_real_words_pass():
    words = load_words(WORDLIST)
    assert [w for w in ["Bonc", "upply", "hirty", "ofa", "openend"] if known(w, words)] == []
    assert [w for w in ["knave", "colour", "Whisky", "treys", "Blackbridge’s", "XIV"] if not known(w, words)] == []
