"""The period's idiom: odds as the authors print them, with the exact value beside them."""
from __future__ import annotations

from fractions import Fraction

import pytest

from engine.idiom import Odds, approximate, mixed, number_word, parse_number, parse_odds


@pytest.mark.parametrize("chance,text", [
    (Fraction(9, 47), "4¼ to 1"),                    # 000:1913
    (Fraction(40, 2_598_960), "64,973 to 1"),        # 000:1732
    (Fraction(624, 2_598_960), "4,164 to 1"),        # 000:1740
    (Fraction(3_744, 2_598_960), "693 to 1"),        # 000:1750
    (Fraction(5_108, 2_598_960), "508 to 1"),        # 000:1765
    (Fraction(10_200, 2_598_960), "254 to 1"),       # 000:1776
    (Fraction(54_912, 2_598_960), "46 to 1"),        # 000:1789
    (Fraction(123_552, 2_598_960), "20 to 1"),       # 000:1806
    (Fraction(1_098_240, 2_598_960), "1¼ to 1"),     # 000:1822
    (Fraction(4, 2_598_960), "649,739 to 1"),        # 000:713
    (Fraction(1, 2), "1 to 1"),
    (Fraction(3, 4), "3 to 1 on"),
])
def test_odds_against_read_n_to_1(chance, text):
    assert Odds(chance).to_one() == text


def test_the_other_ways_of_stating_a_chance():
    assert Odds(Fraction(2, 47)).one_in() == "1 in 23½"                       # 000:2011
    assert Odds(Fraction(2, 47)).n_in() == "2 in 47"
    assert Odds(Fraction(1_098_240, 2_598_960)).to(10, rounding="down") == "13 to 10"   # 002:64
    assert Odds(Fraction(1_098_240, 2_598_960)).to(10) == "14 to 10"
    assert Odds(Fraction(9, 47)).ratio() == "38 to 9"
    assert Odds.of(9, 47) == Odds(Fraction(9, 47))
    assert str(Odds(Fraction(9, 47))) == "4¼ to 1"


def test_the_exact_value_is_always_beside_the_words():
    o = Odds(Fraction(9, 47))
    assert o.chance == Fraction(9, 47) and o.against == Fraction(38, 9)


def test_impossible_and_certain():
    assert Odds(Fraction(0)).to_one() == "impossible" and Odds(Fraction(0)).one_in() == "impossible"
    assert Odds(Fraction(1)).to_one() == "certain"
    with pytest.raises(ZeroDivisionError):
        _ = Odds(Fraction(0)).against
    with pytest.raises(ValueError):
        Odds(Fraction(3, 2))


def test_rounding_to_the_fractions_the_authors_use():
    assert approximate(Fraction(38, 9)) == Fraction(17, 4)
    assert approximate(Fraction(38, 9), (3,)) == Fraction(13, 3)
    assert approximate(Fraction(1281, 10), ()) == 128
    assert approximate(Fraction(1289, 10), rounding="down") == 128
    assert approximate(Fraction(29, 10), rounding="down") == Fraction(11, 4)
    assert mixed(Fraction(47, 2)) == "23½" and mixed(Fraction(1, 4)) == "¼" and mixed(Fraction(1000)) == "1,000"


@pytest.mark.parametrize("text,chance", [
    ("4¼ to 1", Fraction(4, 21)), ("13 to 10", Fraction(10, 23)), ("1 in 23½", Fraction(2, 47)),
    ("64,973 to 1", Fraction(1, 64_974)), ("2 to 1 on", Fraction(2, 3)), ("38 to 9", Fraction(9, 47)),
    ("12 1/2 to 10", Fraction(4, 9)), ("2 in 47", Fraction(2, 47)),
])
def test_printed_odds_read_back_as_chances(text, chance):
    assert parse_odds(text) == chance


def test_every_formatted_statement_reads_back_as_its_rounded_value():
    for n in (1, 2, 3, 5, 9, 17, 45, 165, 1_854):
        o = Odds(Fraction(n, 16_215))
        assert parse_odds(o.ratio()) == o.chance
        assert parse_odds(o.n_in()) == o.chance


def test_nonsense_is_not_odds():
    with pytest.raises(ValueError):
        parse_odds("even money")
    with pytest.raises(ValueError):
        parse_number("lots")


@pytest.mark.parametrize("text,value", [
    ("one", 1), ("four", 4), ("eleven", 11), ("nineteen", 19), ("twenty", 20), ("thirty-four", 34),
    ("Ninety-nine", 99), ("forty", 40),
])
def test_figures_printed_in_words_are_read(text, value):
    assert number_word(text) == value
    assert parse_number(text) == Fraction(value)


@pytest.mark.parametrize("text", ["thirty four", "twenty-ten", "twenty-", "-four", "hundred", "zero", "fourty"])
def test_words_that_are_not_a_number_of_one_to_ninety_nine_are_refused(text):
    assert number_word(text) is None
    with pytest.raises(ValueError):
        parse_number(text)


def test_odds_printed_in_words_read_as_the_same_odds_in_figures():
    assert parse_odds("eleven to one") == parse_odds("11 to 1") == Fraction(1, 12)
    assert parse_odds("thirty-four to one") == Fraction(1, 35)
