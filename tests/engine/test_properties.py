"""Properties of the ranking under every rule set (hypothesis): a total preorder, blind to suits,
no hand beaten by a weaker class, and each variant's extra hand exactly where its source puts it."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import DECK, JOKER
from engine.deal import pack
from engine.ranking import compare, evaluate, reason
from engine.rules import HandClass, rule_set
from tests.engine.hands import any_hand, hands_of, permute_suits, quick_first, suit_maps

H = HandClass
RULES = ["foster", "early", "no-straights", "foster-proper", "blaze", "skip", "tiger", "big-dog",
         "round-the-corner", "round-the-corner-low", "mistigris", "blaze,skip,tiger,big-dog,round-the-corner",
         "blaze,tiger,mistigris", "early,mistigris"]
PROPS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def hands(rules: str):
    return any_hand(joker=rule_set(rules).joker)


@pytest.mark.parametrize("rules", quick_first(RULES, 1, ids=RULES))
@PROPS
@given(data=st.data())
def test_the_ranking_is_a_total_preorder(rules, data):
    a, b, c = (evaluate(data.draw(hands(rules)), rules) for _ in range(3))
    assert a == a
    assert a <= b or b <= a                                   # total
    if a <= b and b <= c:
        assert a <= c                                         # transitive
    assert (a < b) + (a == b) + (a > b) == 1                  # exactly one of win, tie, loss
    assert ("tie" in reason(a, b)) == (a == b)


@pytest.mark.parametrize("rules", quick_first(RULES, 1, ids=RULES))
@PROPS
@given(data=st.data())
def test_a_show_down_agrees_with_the_ranking(rules, data):
    cards = data.draw(st.permutations(pack(rules)))
    one, two = tuple(cards[:5]), tuple(cards[5:10])
    s = compare(one, two, rules=rules)
    a, b = evaluate(one, rules), evaluate(two, rules)
    assert s.winners == ((0,) if a > b else (1,) if b > a else (0, 1))


@pytest.mark.parametrize("rules", quick_first(RULES, 1, ids=RULES))
@PROPS
@given(data=st.data())
def test_the_ranking_is_unchanged_by_permuting_suits(rules, data):
    hand = data.draw(hands(rules))
    mapping = data.draw(suit_maps)
    before, after = evaluate(hand, rules), evaluate(permute_suits(hand, mapping), rules)
    assert after == before and after.hand_class is before.hand_class and after.ranks == before.ranks


@pytest.mark.parametrize("rules", quick_first(RULES, 1, ids=RULES))
@PROPS
@given(data=st.data())
def test_a_hand_never_loses_to_a_hand_of_a_strictly_weaker_class(rules, data):
    rs = rule_set(rules)
    a, b = evaluate(data.draw(hands(rules)), rs), evaluate(data.draw(hands(rules)), rs)
    if rs.tier(a.hand_class) > rs.tier(b.hand_class):
        assert a > b
    if rs.tier(a.hand_class) < rs.tier(b.hand_class):
        assert a < b


# Each variant's extra hand against the classes its source says it beats and loses to.
PLACES = [
    # rules, extra hand, beats (every hand of these classes), loses to (every hand of these)
    ("blaze", H.BLAZE, [H.TWO_PAIRS], [H.THREE_OF_A_KIND]),                                  # 000:2082, 004:57
    ("blaze,skip", H.BLAZE, [H.TWO_PAIRS], [H.SKIP, H.THREE_OF_A_KIND]),                      # 000:680
    ("skip", H.SKIP, [H.TWO_PAIRS], [H.THREE_OF_A_KIND]),                                    # 000:680, 2205
    ("blaze,skip", H.SKIP, [H.TWO_PAIRS, H.BLAZE], [H.THREE_OF_A_KIND]),
    ("tiger", H.TIGER, [H.STRAIGHT, H.THREE_OF_A_KIND], [H.FLUSH]),                         # 000:676, 2242
    ("tiger,big-dog", H.TIGER, [H.STRAIGHT], [H.BIG_DOG, H.FLUSH]),                          # 000:2158
    ("big-dog", H.BIG_DOG, [H.STRAIGHT], [H.FLUSH]),                                         # 000:2081
    ("tiger,big-dog", H.BIG_DOG, [H.STRAIGHT, H.TIGER], [H.FLUSH]),
    ("round-the-corner", H.ROUND_THE_CORNER, [H.THREE_OF_A_KIND], [H.FLUSH]),                # 000:684
    ("round-the-corner-low", H.ROUND_THE_CORNER, [H.THREE_OF_A_KIND], [H.STRAIGHT, H.FLUSH]),  # 000:2192
    ("mistigris", H.FIVE_OF_A_KIND, [H.ROYAL_FLUSH, H.STRAIGHT_FLUSH, H.FOUR_OF_A_KIND], []),  # 000:861
    ("early", H.STRAIGHT, [H.TWO_PAIRS], [H.THREE_OF_A_KIND]),                               # 000:163
    ("no-straights", H.FLUSH, [H.THREE_OF_A_KIND, H.NO_PAIR], [H.FULL_HAND]),
    ("foster-proper", H.SKIP, [H.STRAIGHT], [H.FLUSH]),                                      # 000:705-707
    ("foster-proper", H.TIGER, [H.FLUSH], [H.FULL_HAND]),                                    # 000:707-709
    ("foster-proper", H.BIG_DOG, [H.FLUSH], [H.FULL_HAND]),
    ("foster-proper", H.ROUND_THE_CORNER, [H.FULL_HAND], [H.BLAZE]),                         # 000:709-711
    ("foster-proper", H.BLAZE, [H.ROUND_THE_CORNER], [H.FOUR_OF_A_KIND]),                    # 000:710-712
]


@pytest.mark.parametrize("rules,extra,beats,loses_to",
                         quick_first(PLACES, 1, ids=[f"{r}:{e.name}" for r, e, _, _ in PLACES]))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_variants_extra_hand_ranks_exactly_where_its_source_puts_it(rules, extra, beats, loses_to, data):
    hand = evaluate(data.draw(hands_of(rules, extra)), rules)
    assert hand.hand_class is extra
    for cls in beats:
        assert hand > evaluate(data.draw(hands_of(rules, cls)), rules), cls
    for cls in loses_to:
        assert hand < evaluate(data.draw(hands_of(rules, cls)), rules), cls


@pytest.mark.parametrize("rules,beats_wheel", [("round-the-corner", True), ("round-the-corner-low", False)])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_round_the_corner_stands_just_above_or_just_below_the_five_high_straight(rules, beats_wheel, data):
    rtc = evaluate(data.draw(hands_of(rules, H.ROUND_THE_CORNER)), rules)
    straight = evaluate(data.draw(hands_of(rules, H.STRAIGHT)), rules)
    if straight.ranks[0] == 5:
        assert (rtc > straight) is beats_wheel                # 000:684 against 000:2192
    else:
        assert rtc < straight


@settings(max_examples=150, deadline=None)
@given(four=st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True))
def test_with_the_joker_a_hand_beats_the_same_four_cards_with_any_fifth(four):
    best = evaluate(four + [JOKER], "mistigris")                       # 000:861: called anything
    for card in DECK:
        if card not in four:
            assert evaluate(four + [card], "mistigris") < best           # and it wins ties
