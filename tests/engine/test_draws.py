"""The draw: exact distributions over the cards the drawer has not seen, checked by enumeration."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from engine.cards import DECK, JOKER, PACK_WITH_JOKER, parse_cards
from engine.draws import draw, draw_as_good_as, draw_counts
from engine.errors import HandError
from engine.ranking import evaluate
from engine.rules import HandClass, rule_set
from tests.engine.hands import quick_first

H = HandClass


def test_drawing_three_to_a_pair_is_fosters_table_of_improvement_in_pairs():
    d = draw("JS JH 7D 4C 2S", discard="7D 4C 2S")                 # 000:1975-1983
    assert d.total == 16_215
    assert (d.counts[H.FOUR_OF_A_KIND], d.counts[H.FULL_HAND], d.counts[H.THREE_OF_A_KIND],
            d.counts[H.TWO_PAIRS], d.counts[H.ONE_PAIR]) == (45, 165, 1_854, 2_592, 11_559)
    assert d.improved == 4_656 and d.start.hand_class is H.ONE_PAIR
    assert d.improvement().to_one() == "2½ to 1"                   # 000:1985


def test_keep_and_discard_say_the_same_thing():
    a = draw("JS JH 7D 4C 2S", discard="7D 4C 2S")
    b = draw("JS JH 7D 4C 2S", keep="JS JH")
    assert a == b


def test_the_discards_are_not_in_the_pack():
    # a pair of jacks with a jack discarded cannot make fours
    d = draw("Js Jh Jd 4c 2s", discard="Jd 4c 2s")
    assert d.counts[H.FOUR_OF_A_KIND] == 0
    assert d.total == 16_215


@pytest.mark.parametrize("dealt,discard,cls,favourable,total", [
    ("Ah Kh 9h 5h 2c", "2c", H.FLUSH, 9, 47),                       # 000:1911: 9 in 47
    ("6s 6h 2d 2c Ks", "Ks", H.FULL_HAND, 4, 47),                   # 000:1932-1935: 4 in 47
    ("Ts Td Tc 8h 3s", "8h 3s", H.FOUR_OF_A_KIND, 46, 1_081),      # 000:1939: 2 in 47
    ("4h 5d 6c 7s Kd", "Kd", H.STRAIGHT, 8, 47),                    # 000:1951-1953: 8 in 47
    ("3h 4d 6c 7s Kd", "Kd", H.STRAIGHT, 4, 47),                    # 000:1957
    ("Ah Kh 9h 5c 2d", "5c 2d", H.FLUSH, 45, 1_081),                # 000:1917-1922: 10/47 x 9/46
])
def test_the_chances_foster_works_out(dealt, discard, cls, favourable, total):
    d = draw(dealt, discard=discard)
    assert (d.counts[cls], d.total) == (favourable, total)


def test_standing_pat_and_drawing_five():
    pat = draw("Ah Kh 9h 5h 2c", discard="")
    assert pat.total == 1 and pat.counts[H.NO_PAIR] == 1 and pat.drawn == 0
    five = draw("Ah Kh 9h 5h 2c", discard="Ah Kh 9h 5h 2c")
    assert five.total == 1_533_939 and sum(five.counts.values()) == five.total


def test_odds_and_chances_of_a_distribution_are_exact():
    d = draw("Ah Kh 9h 5h 2c", discard="2c")
    assert d.chance(H.FLUSH) == Fraction(9, 47)
    assert d.odds(H.FLUSH).ratio() == "38 to 9"
    assert d.odds(H.FLUSH).to_one() == "4¼ to 1"                    # 000:1913
    assert d.at_least(H.ONE_PAIR) == 9 + 12
    assert d.beating("Kd Kc 7s 6s 2d") == 9 + 3 + 3                  # flushes, pairs of aces, kings with an ace


def test_mistigris_draws_from_48_cards_with_the_joker():
    d = draw("Js Jh 7d 4c 2s", discard="7d 4c 2s", rules="mistigris")
    assert d.total == 17_296                                          # C(48, 3)
    assert d.counts[H.FIVE_OF_A_KIND] == 1
    held = draw("Js Jh JK 4c 2s", discard="4c 2s", rules="mistigris")
    assert held.total == 1_128 and held.counts[H.ONE_PAIR] == 0       # C(48, 2): the joker is held


def test_bad_draws_are_errors_that_say_why():
    with pytest.raises(HandError, match="discarded but not held"):
        draw("JS JH 7D 4C 2S", discard="AS")
    with pytest.raises(HandError, match="kept but not held"):
        draw("JS JH 7D 4C 2S", keep="AS")
    with pytest.raises(HandError, match="one of the two"):
        draw("JS JH 7D 4C 2S")
    with pytest.raises(HandError, match="one of the two"):
        draw("JS JH 7D 4C 2S", discard="7D", keep="JS")


def _brute(dealt, kept, rules):
    rs = rule_set(rules)
    pack = PACK_WITH_JOKER if rs.joker else DECK
    unseen = [c for c in pack if c not in dealt]
    counts = Counter()
    for drawn in combinations(unseen, 5 - len(kept)):
        counts[evaluate(tuple(kept) + drawn, rs).hand_class] += 1
    return {c: counts.get(c, 0) for c in rs.ascending}


DEALT_OUT = ["foster", "mistigris", "blaze,skip,tiger,big-dog,round-the-corner", "early", "no-straights",
             "round-the-corner-low,mistigris"]


@pytest.mark.parametrize("rules", quick_first(DEALT_OUT, 1, ids=DEALT_OUT))
def test_the_counted_distribution_agrees_with_dealing_out_every_draw(rules):
    rng = random.Random(f"draws {rules}")
    pack = PACK_WITH_JOKER if rule_set(rules).joker else DECK
    for _ in range(12):
        dealt = tuple(rng.sample(pack, 5))
        if rules.endswith("mistigris") and JOKER not in dealt and rng.random() < 0.5:
            dealt = dealt[:4] + (JOKER,)
        kept = tuple(c for c in dealt if rng.random() < 0.6)
        if len(kept) < 2:
            kept = dealt[:2]
        d = draw(dealt, keep=kept, rules=rules)
        assert d.counts == _brute(dealt, kept, rules), (dealt, kept)


def test_draw_counts_for_a_drawer_who_has_seen_other_cards():
    kept = parse_cards("5h 6d 7c 8s")
    seen = parse_cards("Kd 4h 4c")                   # two of the fours are known to be out
    unseen = [c for c in DECK if c not in kept + seen]
    assert draw_counts(kept, unseen, 1)[H.STRAIGHT] == 6


# --- The middle hand of a draw: Foster's "average" value (000:1282) -----------------------------

def _below_at_above(d, value):
    return (sum(n for v, n in d.values.items() if v < value), d.values[value],
            sum(n for v, n in d.values.items() if v > value))


def test_the_middle_hand_of_deuces_drawing_three_is_a_pair_of_deuces_with_king_queen_five():
    from engine.ranking import describe
    d = draw("2s 2h 7d 4c 3s", discard="7d 4c 3s")
    m = d.median()
    assert describe(m, full=True) == "a pair of deuces, with a king, a queen and a five"
    assert _below_at_above(d, m) == (8_075, 64, 8_076)               # of 16,215: neither side has more than half
    assert d.share_against(m) == Fraction(2 * 8_076 + 64, 2 * 16_215)


def test_the_middle_hand_of_a_four_card_flush_is_ace_king_queen_high():
    from engine.ranking import describe
    d = draw("Ah Kh 9h 5h 2c", discard="2c")
    m = d.median()
    assert describe(m, full=True) == "ace, king, queen, nine, five"
    assert _below_at_above(d, m) == (23, 3, 21)                     # of 47 cards: the three queens tie


def test_against_any_higher_pair_a_pair_drawing_three_wins_only_by_improving():
    d = draw("2s 2h 7d 4c 3s", discard="7d 4c 3s")
    assert d.share_against("Jc Jd 4s 3d 2c") == Fraction(4_656, 16_215)
    assert d.share_against("Ac Ad Ks Qd Jc") == Fraction(4_656, 16_215)


def test_a_mate_is_any_card_drawn_of_a_rank_kept():
    assert draw("Ah Jd 8c 5s 3h", discard="Jd 8c 5s 3h").mate() == Fraction(3_874, 16_215)
    assert draw("Ah Kd 8c 5s 3h", discard="8c 5s 3h").mate() == Fraction(1_111, 3_243)
    # two aces left
    assert draw("Ah Ad 8c 5s 3h", discard="8c 5s 3h").mate() == 1 - Fraction(45 * 44 * 43, 47 * 46 * 45)
def test_drawing_four_to_an_ace_ends_aces_up_or_better_12343_times_in_178365():
    # 000:1220 "12 to 1 against getting aces up or better"
    d = draw("As Kd 8c 5h 2s", discard="Kd 8c 5h 2s")
    assert d.as_good_as("Ah Ad 2c 2d 3h") == 12_343 and d.total == 178_365
    assert draw_as_good_as("As Kd 8c 5h 2s", "Kd 8c 5h 2s", "Ah Ad 2c 2d 3h") == Fraction(12_343, 178_365)


def test_as_good_as_counts_a_tie_and_beating_does_not():
    d = draw("Ts Td Tc 8h 3s", discard="8h 3s")
    assert d.as_good_as("Th Td Tc 9h 4s") - d.beating("Th Td Tc 9h 4s") == d.values[evaluate("Th Td Tc 9h 4s")]
    assert d.as_good_as("Js Jd Jc 2h 3d") == d.beating("Js Jd Jc 2h 3d") == 112
