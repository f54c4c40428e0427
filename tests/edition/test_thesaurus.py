"""The thesaurus (content/synonyms.yml) holds each modern word to its sense (issue 32): a place named
as its sense holds the words quoted and they a period word, every period word is shown in its sense,
the entry leads only to places of its sense, and a law that uses a period word otherwise stops the
build. The old "check", which sent a reader to the pass of Law 51 (dropping out), was accepted
before this rule and is refused by it; the real thesaurus keeps to it."""
from __future__ import annotations

import yaml

from edition.sources.synonyms import Places, build_synonyms

# Three laws as they read (folded), a glossary entry and a page: enough to hold "check" to its sense.
LAWS = {
    30: "30. After the cards are dealt, each player in turn ... must declare to play or pass. If he passes, he must "
        "throw his cards into the discard pile",
    51: "51. After all the cards have been dealt for the draw, the first player on the left of the age must either "
        "bet on his hand or pass out of the pool.",
    65: "65. Players who have passed before the pot was opened may not only come in after it is opened, but may raise "
        "the opener in their proper turn if they wish to; but any player who has once passed cannot afterwards open "
        "it if any player on his left has in the interval declared to pass.",
}
PLACES = Places(LAWS, {"pass": ("Pass", "Pass ¶ To throw up your hand and retire from the game for that deal.")},
                {"foster/jack-pots.md": "If a player has passed once, declining to open, that does not prevent his "
                                        "coming in if someone else opens."})
TEXTS = [*LAWS.values(), PLACES.pages["foster/jack-pots.md"]]

OLD_CHECK = """\
- modern: check
  period: [pass]
  laws: [51]
  terms: [pass]
"""
CHECK = """\
- modern: check
  means: to stay in the hand without betting
  period: [passed before the pot was opened, declining to open]
  sense:
    - {laws: [65], words: "Players who have passed before the pot was opened may not only come in"}
    - {page: foster/jack-pots, words: "If a player has passed once, declining to open"}
  laws: [65]
"""


def _messages(raw: str, places: Places | None = PLACES) -> list[str]:
    _entries, errors = build_synonyms(raw, yaml.safe_load(raw), TEXTS, set(LAWS), {"pass"}, places)
    return [f"{e.line}: {e.problem}" for e in errors]


def test_the_old_check_passed_the_checks_of_existence_but_not_its_sense():
    assert _messages(OLD_CHECK, places=None) == []  # every word occurs, every law and term exists
    assert _messages(OLD_CHECK) == [
        "1: 'check' does not say what the reader means by it, or where the texts use its period words in that sense"]


def test_a_check_whose_sense_is_the_pass_of_law_65_may_not_lead_to_law_51_or_use_the_bare_pass():
    raw = CHECK.replace("period: [passed before the pot was opened, declining to open]", "period: [pass]").replace(
        'Players who have passed before the pot was opened may not only come in', "declared to pass").replace(
        "    - {page: foster/jack-pots, words: \"If a player has passed once, declining to open\"}\n", "").replace(
        "laws: [65]\n", "laws: [51]\n")
    assert _messages(raw) == [
        "5: 'check' leads to Law 51, which its sense does not name",
        "3: Law 30, 51 use the period word 'pass' of 'check' but are not named as a place of its sense"]


def test_the_check_like_pass_of_the_jack_pot_is_accepted():
    assert _messages(CHECK) == []


def test_a_sense_must_quote_the_words_of_its_place_and_they_must_hold_a_period_word():
    assert _messages(CHECK.replace("may not only come in", "may come in")) == [
        "4: the words \"Players who have passed before the pot was opened \" of the sense of 'check' are not in "
        "Law 65"]
    assert _messages(CHECK.replace("If a player has passed once, declining to open", "If a player has passed once")) \
        == ["4: foster/jack-pots, named as the sense of 'check', holds none of its period words in the words quoted"]


def test_a_glossary_entry_shows_its_sense_in_its_definition_with_the_word_in_its_headword():
    raw = """\
- modern: fold
  means: to give up the hand
  period: [pass out, pass]
  sense:
    - {laws: [51], words: "bet on his hand or pass out of the pool"}
    - {laws: [30], words: "must declare to play or pass"}
    - {laws: [65], words: "declared to pass"}
    - {term: pass, words: "To throw up your hand and retire from the game for that deal."}
  terms: [pass]
"""
    assert _messages(raw) == []  # each place names its sense; the reader of the file judges "declared to pass"


def test_an_entry_the_same_as_another_keeps_to_its_words_and_places():
    same = CHECK + "- modern: stay in\n  same_as: check\n  period: [declining to open]\n  laws: [65]\n"
    assert _messages(same) == []
    assert _messages(same.replace("  laws: [65]\n- modern: stay in", "  laws: [65]\n- modern: stay in").replace(
        "period: [declining to open]\n  laws: [65]", "period: [declining to open]\n  laws: [30]")) == [
        "11: 'stay in' leads to Law 30, which the sense of 'check' does not name"]


def test_the_real_thesaurus_keeps_every_entry_to_its_sense(real_edition):
    entries = {s.modern: s for s in real_edition.synonyms}
    assert "burn" not in entries  # the modern burn is not the period's burnt card, the bottom card turned up
    assert entries["check"].period == ("declared to pass", "passed before the pot was opened", "declining to open",
                                       "declines to bet", "refuses to bet")
    assert entries["check"].laws == (65, 74, 75) and entries["check"].terms == ()
    assert "casting vote" not in entries["tiebreaker"].period
    assert entries["top up"].period == ("add to his stake", "make good the deficiency")
    assert all(s.means or s.same_as or s.form for s in entries.values())
