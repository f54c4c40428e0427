"""Cards: codes, suit symbols and the texts' words, in and out; errors that say what was wrong."""
from __future__ import annotations

import pytest

from engine.cards import DECK, JOKER, PACK_WITH_JOKER, Card, format_cards, parse_card, parse_cards
from engine.errors import CardError


def codes(text: str) -> list[str]:
    return [c.code for c in parse_cards(text)]


def test_the_deck_has_52_different_cards_in_index_order():
    assert len(DECK) == len(set(DECK)) == 52
    assert all(DECK[c.index] == c for c in DECK)
    assert PACK_WITH_JOKER[-1] is JOKER and JOKER.index == 52


@pytest.mark.parametrize("text,code", [
    ("AS", "As"), ("as", "As"), ("Th", "Th"), ("10h", "Th"), ("10H", "Th"), ("tH", "Th"),
    ("A♠", "As"), ("10♥", "Th"), ("Q♢", "Qd"), ("2♧", "2c"), ("JK", "JK"), ("joker", "JK"),
])
def test_a_card_code_or_symbol_is_read_in_any_case(text, code):
    assert parse_card(text).code == code


@pytest.mark.parametrize("text,expected", [
    ("ace of hearts", ["Ah"]),
    ("knave of clubs", ["Jc"]),
    ("jack of clubs", ["Jc"]),
    ("ten of spades", ["Ts"]),
    ("the ten of spades", ["Ts"]),
    ("10 of spades", ["Ts"]),
    ("deuce of diamonds", ["2d"]),
    ("trey of hearts", ["3h"]),
    ("queen and three of diamonds", ["Qd", "3d"]),
    ("a king of hearts", ["Kh"]),
    # Hoffmann's Hoyle, 002:49: the hands of B, C, D and E in words
    ("ace of hearts, queen and three of diamonds, queen of clubs, and five of spades",
     ["Ah", "Qd", "3d", "Qc", "5s"]),
    ("ace of clubs, three and four of spades, nine of hearts and two of diamonds",
     ["Ac", "3s", "4s", "9h", "2d"]),
    ("ten and eight of hearts, ten of spades, knave of clubs, and eight of diamonds",
     ["Th", "8h", "Ts", "Jc", "8d"]),
    ("eight and three of clubs, king and four of hearts, and knave of spades",
     ["8c", "3c", "Kh", "4h", "Js"]),
])
def test_cards_in_the_texts_words_are_read(text, expected):
    assert codes(text) == expected


def test_codes_may_run_together_or_be_separated_by_commas():
    assert codes("AsKsQsJsTs") == ["As", "Ks", "Qs", "Js", "Ts"]
    assert codes("As, Ks; Qs") == ["As", "Ks", "Qs"]
    assert codes("ace of hearts, KS") == ["Ah", "Ks"]


@pytest.mark.parametrize("text,message", [
    ("XS", "unknown card or word 'XS'"),
    ("1h", "unknown card or word '1h'"),
    ("prince of hearts", "unknown card or word 'prince'"),
    ("ace of roses", "unknown suit 'roses' after 'ace of'"),
    ("queen", "ambiguous: 'queen' is not followed by a suit"),
    ("ace of hearts and queen", "ambiguous: 'queen' is not followed by a suit"),
    ("ten and eight", "ambiguous: 'eight' is not followed by a suit"),
    ("of hearts", "'of' with no rank before it"),
    ("AS AS", "the ace of spades (As) is given twice"),
    ("ace of spades, As", "the ace of spades (As) is given twice"),
    ("JK joker", "the joker is given twice"),
    ("", "no cards"),
])
def test_unknown_ambiguous_or_duplicated_cards_are_errors_that_say_what(text, message):
    with pytest.raises(CardError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_cards(text)


def test_the_joker_can_be_refused():
    with pytest.raises(CardError, match="joker is not in the pack"):
        parse_cards("As JK", allow_joker=False)


def test_parse_card_wants_exactly_one():
    with pytest.raises(CardError, match="names 2 cards"):
        parse_card("As Ks")


def test_an_impossible_card_cannot_be_made():
    with pytest.raises(CardError):
        Card(15, "s")
    with pytest.raises(CardError):
        Card(10, "x")


def test_every_card_prints_and_reads_back_in_each_style():
    for card in PACK_WITH_JOKER:
        for text in (card.code, card.symbol, card.words(), card.words(jack="knave")):
            assert parse_card(text) == card


def test_cards_print_as_codes_symbols_and_grouped_words():
    hand = parse_cards("Ah Qd 3d Qc 5s")
    assert format_cards(hand) == "Ah Qd 3d Qc 5s"
    assert format_cards(hand, "symbol") == "A♥ Q♦ 3♦ Q♣ 5♠"
    assert format_cards(hand, "words") == ("ace of hearts, queen and three of diamonds, queen of clubs, "
                                           "and five of spades")
    assert format_cards(parse_cards("Jc Jd"), "words", jack="knave") == "knave of clubs and knave of diamonds"
    assert format_cards(parse_cards("Jc JK"), "words") == "jack of clubs and the joker"


def test_printed_words_read_back_as_the_same_cards():
    hand = parse_cards("Th 8h Ts Jc 8d")
    assert parse_cards(format_cards(hand, "words", jack="knave")) == hand
