"""Ranking: Foster's standard game, each variant in its place, and the reason in plain words."""
from __future__ import annotations

import pytest

from engine.errors import HandError
from engine.ranking import beats, compare, describe, evaluate, shape_class, table, useless_cards
from engine.rules import HandClass

H = HandClass


@pytest.mark.parametrize("hand,cls", [
    ("Ah Kd 9c 5s 3h", H.NO_PAIR),
    ("Ah Ad 9c 5s 3h", H.ONE_PAIR),
    ("Ah Ad 9c 9s 3h", H.TWO_PAIRS),
    ("9h 9d 9c 5s 3h", H.THREE_OF_A_KIND),
    ("9h Td Jc Qs Kh", H.STRAIGHT),
    ("Ah 2d 3c 4s 5h", H.STRAIGHT),
    ("Ah Kd Qc Js Th", H.STRAIGHT),
    ("Ah Jh 9h 5h 3h", H.FLUSH),
    ("9h 9d 9c 5s 5h", H.FULL_HAND),
    ("9h 9d 9c 9s 5h", H.FOUR_OF_A_KIND),
    ("5h 6h 7h 8h 9h", H.STRAIGHT_FLUSH),
    ("Ah 2h 3h 4h 5h", H.STRAIGHT_FLUSH),
    ("Ah Kh Qh Jh Th", H.ROYAL_FLUSH),
])
def test_each_standard_class_is_recognised(hand, cls):
    assert evaluate(hand).hand_class is cls


def test_the_ace_is_high_or_low_in_a_sequence_but_never_in_the_middle():
    assert evaluate("Ah 2d 3c 4s 5h").ranks == (5, 0)                # five high (000:734)
    assert beats("2h 3d 4c 5s 6h", "Ah 2d 3c 4s 5h")                  # a six-high straight beats it
    assert evaluate("3h 2d Ac Ks Qh").hand_class is H.NO_PAIR          # 001:6, 004:83
    assert evaluate("3h 2h Ah Kh Qh").hand_class is H.FLUSH


def test_a_wheel_straight_flush_is_five_high_and_loses_to_eight_high():
    assert compare("8h 7h 6h 5h 4h", "5s 4s 3s 2s As").reason == \
        "a straight flush, eight high, beats a straight flush, five high"          # 000:744


def test_suits_have_no_rank_and_exact_ties_divide_the_pool():
    s = compare("Ah Kh Jh 8h 3h", "As Ks Js 8s 3s")
    assert s.winners == (0, 1)
    assert s.reason == "the hands tie, a flush, ace high, each; they divide the pool"


@pytest.mark.parametrize("winner,loser,text", [
    ("QS QH QD 4C 2D", "TS TH 5D 5C AS", "three queens beat two pairs, tens up"),
    ("Qh Qd 2c 2s 5h", "Jh Jd Tc Ts Ah", "two pairs, queens up, beat two pairs, jacks up"),          # 000:730
    ("Th Td 8c 8s 2h", "Ts Tc 6d 6s Ah", "two pairs, tens and eights, beat two pairs, tens and sixes"),
    ("Th Td 8c 8s Kh", "Ts Tc 8d 8h 9h",
     "two pairs, tens and eights, with a king, beat two pairs, tens and eights, with a nine: "
     "the king is higher than the nine"),
    ("6h 6d 6c 2s 3h", "5h 5d 5c As Kh", "three sixes beat three fives"),                           # 000:732
    ("5h 5d 5c 2s 2h", "4h 4d 4c As Ah",
     "a full hand, three fives and a pair of deuces, beats a full hand, three fours and a pair of aces"),  # 000:740
    ("Ah Kh Jh 8h 3h", "As Ks Js 6s 3s",
     "a flush, ace, king, jack, eight, three, beats a flush, ace, king, jack, six, three: "
     "the eight is higher than the six"),  # 000:736
    ("Ah Ad 9c 5s 3h", "Ac As 9d 5h 2h",
     "a pair of aces, with a nine, a five and a three, beats a pair of aces, with a nine, a five and a two: "
     "the three is higher than the two"),
    ("Qh Qd Qc Qs 2h", "Jh Jd Jc Js Ah", "four queens beat four jacks"),                              # 001:9
    ("Ah Kh Qh Jh Th", "9s 9h 9d 9c 2d", "a royal flush beats four nines"),
    ("Ah 9d 7c 5s 3h", "Kh Qd Jc 9s 8h", "ace high beats king high"),
    ("2h 3d 4c 5s 6h", "Ah 2d 3c 4s 5h", "a straight, six high, beats a straight, five high"),
])
def test_the_winner_and_the_reason_in_plain_words(winner, loser, text):
    s = compare(winner, loser)
    assert s.winners == (0,)
    assert s.reason == text
    assert compare(loser, winner).winners == (1,)
    assert compare(loser, winner).reason == text


def test_a_show_down_of_several_hands_names_every_winner():
    s = compare("2c 3c 4d 5d 7s", "Ah Kh Jh 8h 3h", "As Ks Js 8s 3s")
    assert s.winners == (1, 2)
    assert s.reason.startswith("hands 2 and 3 tie, a flush, ace high, each, and divide the pool; ")
    s = compare("Ah Kh Jh 8h 3h", "As Ks Js 8s 3s", "Ad Kd Jd 8d 3d")
    assert s.reason == "all the hands tie, a flush, ace high, each; they divide the pool"


def test_hands_must_be_five_distinct_cards_from_one_pack():
    with pytest.raises(HandError, match="five cards"):
        evaluate("As Ks Qs Js")
    with pytest.raises(HandError, match="in hand 1 and hand 2"):
        compare("As Ks Qs Js Ts", "As 2d 3d 4d 5d")
    with pytest.raises(HandError, match="joker is not in the pack"):
        evaluate("As Ks Qs Js JK")
    with pytest.raises(HandError, match="two hands or more"):
        compare("As Ks Qs Js Ts")


def test_words_can_use_the_knave():
    assert describe(evaluate("Jh Jd 4c 3s 2d"), jack="knave") == "a pair of knaves"
    assert compare("Jh Jd 4c 3s 2d", "Th Td 4s 3c 2h", jack="knave").reason == \
        "a pair of knaves beats a pair of tens"


def test_a_value_is_the_same_object_for_hands_of_one_shape_and_compares_within_its_rules():
    assert evaluate("Ah Kh Jh 8h 3h") is evaluate("As Ks Js 8s 3s")
    with pytest.raises(ValueError, match="different rules"):
        _ = evaluate("Ah Kh Jh 8h 3h") < evaluate("As Ks Js 8s 3s", "blaze")


def test_the_tables_hold_7462_values_under_fosters_rules():
    assert len(table("foster").values) == 7462
    assert len(table("no-straights").values) == 7462
    assert [v.strength for v in table("foster").values] == list(range(7462))


# --- The variants --------------------------------------------------------------------------

def test_early_game_straights_beat_two_pairs_and_lose_to_threes():
    assert compare("9h Td Jc Qs Kh", "Ah Ad Kc Ks Qh", rules="early").reason == \
        "a straight, king high, beats two pairs, aces up"
    assert compare("2h 2d 2c 5s 7h", "9h Td Jc Qs Kh", rules="early").reason == \
        "three deuces beat a straight, king high"
    assert beats("Ah Kh Qh Jh Th", "Ad Ac As Ah Kd", "early")         # the straight flush still beats fours


def test_when_straights_are_not_played_a_sequence_is_nothing_and_a_straight_flush_a_flush():
    assert evaluate("9h Td Jc Qs Kh", "no-straights").hand_class is H.NO_PAIR
    assert evaluate("Ah Kh Qh Jh Th", "no-straights").hand_class is H.FLUSH
    assert beats("2h 2d 7c 5s 3h", "9h Td Jc Qs Kh", "no-straights")
    assert beats("2h 2d 2c 5s 5h", "Ah Kh Qh Jh Th", "no-straights")


def test_the_blaze_beats_any_two_pairs_and_loses_to_a_skip_and_to_threes():
    assert evaluate("Kh Kd Qc Qs Jh", "blaze").hand_class is H.BLAZE
    assert evaluate("Kh Kd Kc Qs Jh", "blaze").hand_class is H.THREE_OF_A_KIND   # threes keep their class
    assert evaluate("Ah Ad Kc Ks Qh", "blaze").hand_class is H.TWO_PAIRS         # the ace is no court card
    assert beats("Jh Jd Qc Qs Kh", "Ah Ad Kc Ks Qh", "blaze")
    assert beats("2h 2d 2c 5s 7h", "Kh Kd Qc Qs Jh", "blaze")
    assert beats("Kh Kd Qc Qs Jh", "Kc Ks Jd Jc Qh", "blaze")                     # a higher blaze
    assert beats("Th 8d 6c 4s 2h", "Kh Kd Qc Qs Jh", "blaze,skip")


def test_under_fosters_proper_rank_every_five_court_cards_rank_as_a_blaze():
    # 000:698: the blaze "must be all court cards"; it ranks above threes, straights and full hands
    assert evaluate("Kh Kd Kc Qs Jh", "foster-proper").hand_class is H.BLAZE
    assert evaluate("Kh Kd Kc Qs Qh", "foster-proper").hand_class is H.BLAZE
    assert evaluate("Kh Kd Kc Ks Qh", "foster-proper").hand_class is H.FOUR_OF_A_KIND
    assert beats("Kh Kd Kc Qs Jh", "Ah Kd Qc Js Th", "foster-proper")       # no longer loses to a straight
    assert beats("Kh Kd Kc Qs Qh", "Jh Jd Qc Qs Kh", "foster-proper")       # a court full above a two-pair blaze
    assert beats("Jh Jd Jc Qs Kh", "Kh Kd Qc Qs Jh", "foster-proper")       # blazes compare as in the standard game
    assert beats("Jh Jd Qc Qs Kh", "Ah Ad Ac Ks Kh", "foster-proper")       # an ace full is no blaze: it loses
    assert describe(evaluate("Kh Kd Kc Qs Qh", "foster-proper")) == "a blaze, three kings and a pair of queens"
    assert describe(evaluate("Kh Kd Kc Qs Jh", "foster-proper"), full=True) == \
        "a blaze, three kings, with a queen and a jack"
    assert not beats("Kh Kd Qc Qs Jh", "Ah Ad Kc Ks Qh")                           # not played: two pairs


def test_the_skip_is_alternate_cards_of_various_suits_ace_high_or_low():
    for hand, top in (("2h 4d 6c 8s Th", 10), ("4h 6d 8c Ts Qh", 12), ("Ah 3d 5c 7s 9h", 9), ("6h 8d Tc Qs Ah", 14)):
        v = evaluate(hand, "skip")
        assert (v.hand_class, v.ranks) == (H.SKIP, (top,))
    assert evaluate("2h 4h 6h 8h Th", "skip").hand_class is H.FLUSH
    assert evaluate("Kh Ad 3c 5s 7h", "skip").hand_class is H.NO_PAIR            # never round the corner
    assert beats("2h 4d 6c 8s Th", "Ah Ad Kc Ks Qh", "skip")
    assert beats("2h 2d 2c 5s 7h", "6h 8d Tc Qs Ah", "skip")


def test_the_tiger_or_little_dog_beats_a_straight_and_loses_to_a_flush_and_a_big_dog():
    for hand in ("7h 6d 5c 4s 2h", "7h 6d 5c 3s 2h", "7h 6d 4c 3s 2h", "7h 5d 4c 3s 2h"):
        assert evaluate(hand, "tiger").hand_class is H.TIGER
    assert evaluate("7h 6h 5h 4h 2h", "tiger").hand_class is H.FLUSH
    assert evaluate("8h 6d 5c 4s 2h", "tiger").hand_class is H.NO_PAIR
    assert beats("7h 5d 4c 3s 2h", "Ah Kd Qc Js Th", "tiger")
    assert beats("7h 5h 4h 3h 2h", "7c 6d 5c 4s 2d", "tiger")
    assert beats("Ah Kd Qc Ts 9h", "7c 6d 5c 4s 2d", "tiger,big-dog")
    assert compare("Ah Kd Qc Ts 9h", "7c 6d 5c 4s 2d", rules="tiger,big-dog").reason == "a big dog beats a tiger"


def test_the_big_dog_beats_a_straight_and_loses_to_a_flush():
    for hand in ("Ah Kd Qc Ts 9h", "Ah Kd Jc Ts 9h", "Ah Qd Jc Ts 9h", "Ah Kd Qc Js 9h"):
        assert evaluate(hand, "big-dog").hand_class is H.BIG_DOG
    assert evaluate("Ah Kh Qh Th 9h", "big-dog").hand_class is H.FLUSH
    assert beats("Ah Kd Qc Ts 9h", "Ah Kd Qc Js Th", "big-dog")
    assert beats("9h 7h 5h 3h 2h", "Ah Kd Qc Ts 9h", "big-dog")


def test_round_the_corner_straights_and_their_two_places():
    for hand in ("Jh Qd Kc As 2h", "Qh Kd Ac 2s 3h", "Kh Ad 2c 3s 4h"):
        assert evaluate(hand, "round-the-corner").hand_class is H.ROUND_THE_CORNER
        assert evaluate(hand).hand_class is H.NO_PAIR
    rtc, wheel, six = "Qh Kd Ac 2s 3h", "Ah 2d 3c 4s 5h", "2h 3d 4c 5s 6h"
    # 000:684: it outranks the lowest possible straight
    assert beats(rtc, wheel, "round-the-corner") and beats(six, rtc, "round-the-corner")
    # 000:2192: it ranks as the lowest possible straight, but beats three of a kind
    assert beats(wheel, rtc, "round-the-corner-low") and beats(rtc, "Ah Ad Ac Ks Qh", "round-the-corner-low")
    assert compare(rtc, "Kh Ad 2c 3s 4d", rules="round-the-corner").winners == (0, 1)
    assert evaluate("Qh Kh Ah 2h 3h", "round-the-corner").hand_class is H.FLUSH


def test_mistigris_the_joker_is_any_card():
    m = "mistigris"
    assert str(evaluate("Kh Kd JK 7c 2s", m)) == "three kings (with the joker)"                # 000:861
    assert evaluate("Qc 9c 7c 4c JK", m).hand_class is H.FLUSH                                # 000:2165
    assert evaluate("5h 6h 7h 8h JK", m).hand_class is H.STRAIGHT_FLUSH                       # 002:130
    assert evaluate("Kh Kd Qc Qs JK", m).ranks == (13, 12)                                  # two pairs make a full
    assert evaluate("Kh Kd Qc Qs JK", m).hand_class is H.FULL_HAND
    assert evaluate("Kh Kd Kc Ks JK", m).hand_class is H.FIVE_OF_A_KIND
    assert beats("Kh Kd Kc Ks JK", "As Qs Js Ts 9s", m)                                      # beats a straight flush
    assert beats("2h 2d 2c 2s JK", "Ad Kd Qd Jd Td", m)                  # and a royal flush
    assert evaluate("Th Jd Qc Ks JK", m).hand_class is H.STRAIGHT                           # fills the straight
    assert evaluate("Ah Kh Qh Jh JK", m).hand_class is H.ROYAL_FLUSH


def test_mistigris_the_joker_wins_a_tie():
    m = "mistigris"
    s = compare("Qh JK 9d 6c 3s", "Qd Qc 9h 6d 3h", rules=m)                                 # 000:861
    assert s.winners == (0,)
    assert s.reason == ("a pair of queens (with the joker) beats a pair of queens: on equal cards the hand with "
                        "the joker wins (000:861)")
    assert beats("JK Kd Jd 8d 3d", "Ah Kh Jh 8h 3h", m)                                      # a flush, joker high
    assert beats("Ah Kh Jh 8h 3h", "JK Kd Jd 8d 2d", m)


def test_shape_class_checks_its_input():
    assert shape_class((13, 12, 13, 12, 11), False, "blaze") == (H.BLAZE, (0, 13, 12, 11))   # a two-pair blaze
    with pytest.raises(HandError, match="five different ranks"):
        shape_class((2, 2, 3, 4, 5), True)
    with pytest.raises(HandError, match="needs the joker"):
        shape_class((2, 2, 2, 2, 2), False)


@pytest.mark.parametrize("hand,rules,useless", [
    ("Kh Kc 9d 5s 2h", "foster", "9d 5s 2h"),          # one pair: "three useless cards" (000:632)
    ("Qs Qd 8h 8c 4s", "foster", "4s"),                # two pairs: "one useless card"
    ("7s 7h 7d Kc 2s", "foster", "Kc 2s"),             # threes: "two useless cards"
    ("8s 8h 8d 8c 3h", "foster", "3h"),                # fours: "one useless card"
    ("6s 6h 6c Jd Js", "foster", ""),                  # full hand: "No useless cards"
    ("9c 8d 7s 6h 5c", "foster", ""),
    ("Kh Jh 9h 6h 3h", "foster", ""),
    ("Ah Kh Qh Jh Th", "foster", ""),
    ("As Jd 8c 6h 3s", "foster", "Jd 8c 6h 3s"),       # no pair: all but the highest card
    ("3s As 8c 6h Jd", "foster", "3s 8c 6h Jd"),       # in the order held
    ("Ks Kh Qd Qc Js", "foster", "Js"),                # two pairs where the blaze is not played
    ("Ks Kh Qd Qc Js", "blaze", ""),                   # a blaze: the fifth court card counts
    ("7c 6d 4s 3h 2c", "tiger", ""),
    ("7c 6d 4s 3h 2c", "foster", "6d 4s 3h 2c"),       # the same cards, no pair where tigers are not played
    ("Qs Th 8d 6c 4s", "skip", ""),
    ("3d 2s Ah Kc Qd", "round-the-corner", ""),
])
def test_useless_cards_add_nothing_to_the_class_of_the_hand(hand, rules, useless):
    assert " ".join(c.code for c in useless_cards(hand, rules)) == useless
