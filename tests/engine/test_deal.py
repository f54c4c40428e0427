"""The deal: exact counts of the pat hands in every class, under every rule set, three ways."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from engine.deal import (
    CLASSES,
    bobtails_dealt,
    chance_any_of,
    classify_all,
    count_codes,
    four_card_straights_dealt,
    hands_at_least,
    hands_beating,
    no_pair_by_high_card,
    pat_chance,
    pat_counts,
    pat_total,
    pat_values,
    suit_patterns,
    two_pairs_by_higher_pair,
)
from engine.errors import HandError
from engine.ranking import evaluate, evaluator, table
from engine.rules import HandClass, four_card_straight, rule_names, rule_set
from tests.engine.hands import quick_first

H = HandClass

FOSTER_COUNTS = {
    H.NO_PAIR: 1_302_540, H.ONE_PAIR: 1_098_240, H.TWO_PAIRS: 123_552, H.THREE_OF_A_KIND: 54_912,
    H.STRAIGHT: 10_200, H.FLUSH: 5_108, H.FULL_HAND: 3_744, H.FOUR_OF_A_KIND: 624,
    H.STRAIGHT_FLUSH: 36, H.ROYAL_FLUSH: 4,
}


def test_the_class_counts_of_the_pat_hands_are_the_known_totals():
    assert pat_counts() == FOSTER_COUNTS
    assert sum(FOSTER_COUNTS.values()) == pat_total() == comb(52, 5) == 2_598_960


def test_the_class_counts_are_listed_lowest_class_first():
    assert list(pat_counts()) == list(rule_set("foster").ascending)


# The fast loop counts the standard game and three combinations that take in every variant but
# foster-proper, no-straights and round-the-corner-low; make test counts each rule set alone too.
COMBINED = ["blaze,skip,tiger,big-dog,round-the-corner", "early,mistigris", "blaze,tiger,mistigris"]


@pytest.mark.parametrize("rules", quick_first(["foster", *COMBINED, *(r for r in rule_names() if r != "foster")], 4))
def test_every_rule_set_counts_every_hand_once(rules):
    counts = pat_counts(rules)
    total = comb(53 if "mistigris" in rules else 52, 5)
    assert sum(counts.values()) == pat_total(rules) == total
    assert count_codes(classify_all(rules), rules) == counts


def test_each_extra_hand_counts_as_its_definition_gives():
    counts = pat_counts("blaze,skip,tiger,big-dog,round-the-corner")
    assert counts[H.BLAZE] == 3 * 6 * 6 * 4 == 432            # two court pairs and the third court rank
    assert counts[H.SKIP] == 6 * (4 ** 5 - 4) == 6_120        # six sequences, not of one suit
    assert counts[H.TIGER] == 4 * (4 ** 5 - 4) == 4_080
    assert counts[H.BIG_DOG] == 4 * (4 ** 5 - 4) == 4_080
    assert counts[H.ROUND_THE_CORNER] == 3 * (4 ** 5 - 4) == 3_060
    assert counts[H.TWO_PAIRS] == 123_552 - 432
    assert counts[H.NO_PAIR] == 1_302_540 - 6_120 - 4_080 - 4_080 - 3_060
    assert counts[H.STRAIGHT] == 10_200 and counts[H.FLUSH] == 5_108


def test_fosters_odds_for_the_extra_hands_follow_from_their_counts():
    total = pat_total()
    against = lambda n: (total - n) // n            # noqa: E731 - the whole part of the odds against
    counts = pat_counts("foster-proper")
    assert against(counts[H.SKIP]) == 423           # 000:692
    assert against(counts[H.ROUND_THE_CORNER]) == 848   # 000:694
    assert against(counts[H.TIGER]) == 636          # 000:696
    assert against(counts[H.BLAZE]) == 3_383        # Foster prints 3,008 (000:698): 864 blazes, not 768


def test_fosters_proper_rank_reads_the_blaze_as_any_five_court_cards():
    counts = pat_counts("foster-proper")
    # C(12, 5) = 792 hands of five court cards: 432 two pairs, 192 threes, 144 full hands are
    # blazes; the 24 fours of a kind rank above the blaze and keep their class.
    assert counts[H.BLAZE] == 432 + 3 * 4 * 4 * 4 + 3 * 2 * 4 * 6 == 768
    assert counts[H.THREE_OF_A_KIND] == 54_912 - 192
    assert counts[H.FULL_HAND] == 3_744 - 144
    assert counts[H.FOUR_OF_A_KIND] == 624
    assert counts[H.TWO_PAIRS] == 123_552 - 432
    # under the blaze variant (ranked below threes) only the two pairs of court cards are blazes
    assert pat_counts("blaze")[H.BLAZE] == 432


def test_without_straights_sequences_fall_to_no_pair_and_straight_flushes_to_flushes():
    counts = pat_counts("no-straights")
    assert counts[H.NO_PAIR] == 1_302_540 + 10_200
    assert counts[H.FLUSH] == 5_108 + 40
    assert H.STRAIGHT not in counts


def test_mistigris_deals_from_53_cards():
    counts = pat_counts("mistigris")
    assert pat_total("mistigris") == comb(53, 5) == 2_869_685
    assert counts[H.FIVE_OF_A_KIND] == 13
    # without the joker the 52-card counts stand; with it, each four cards and the joker
    naturals = Counter()
    for v, n in pat_values("mistigris").items():
        if not v.joker:
            naturals[v.hand_class] += n
    assert dict(naturals) == {c: n for c, n in FOSTER_COUNTS.items() if n}
    assert sum(n for v, n in pat_values("mistigris").items() if v.joker) == comb(52, 4)


def test_two_pairs_by_the_higher_pair_is_fosters_table():
    table_ = two_pairs_by_higher_pair()
    assert list(table_) == list(range(14, 2, -1))
    assert table_ == {r: 1_584 * (r - 2) for r in range(3, 15)}          # 000:1859-1863
    assert table_[14] == 19_008 and sum(table_.values()) == 123_552


def test_no_pairs_by_the_high_card_is_fosters_table():
    assert no_pair_by_high_card() == {14: 502_860, 13: 335_580, 12: 213_180, 11: 127_500, 10: 70_380,
                                      9: 34_680, 8: 14_280, 7: 4_080}    # 000:1886-1893
    assert sum(no_pair_by_high_card().values()) == 1_302_540


def test_pat_chance_is_exact():
    assert pat_chance(H.FULL_HAND) == Fraction(3_744, 2_598_960)
    with pytest.raises(HandError, match="not played"):
        pat_chance(H.BLAZE)


def test_hands_at_least_and_hands_beating():
    assert hands_at_least("Jh Jd 4c 3s 2d") == 4 * 84_480 + 123_552 + 54_912 + 10_200 + 5_108 + 3_744 + 624 + 40
    assert hands_at_least("2h 3d 4c 5s 7h") == pat_total()                     # the worst hand
    assert hands_beating("Ah Kh Qh Jh Th") == (0, comb(47, 5))
    count, total = hands_beating("7h 5d 4c 3s 2h")
    assert total == 1_533_939 and count == total - _ties_and_worse("7h 5d 4c 3s 2h")


def _ties_and_worse(hand: str) -> int:
    """Brute force: opponent hands from the 47 unseen that do not beat ``hand``."""
    from engine.cards import DECK, parse_cards
    held = parse_cards(hand)
    f = evaluator()
    mine = f([c.index for c in held])
    unseen = [c.index for c in DECK if c not in held]
    return sum(1 for h in combinations(unseen, 5) if f(h) <= mine)


def test_suit_patterns_and_four_card_flushes():
    patterns = suit_patterns()
    assert sum(patterns.values()) == pat_total()
    assert patterns[(5,)] == 5_148 and patterns[(4, 1)] == 111_540              # 000:1967


def test_chance_any_of_is_the_authors_independent_reckoning():
    p = Fraction(54_912, 2_598_960)
    assert chance_any_of(p, 1) == p
    assert chance_any_of(p, 5) == 1 - (1 - p) ** 5
    assert chance_any_of(p, 0) == 0
    with pytest.raises(ValueError):
        chance_any_of(p, -1)


@pytest.mark.slow  # every hand evaluated one by one: seconds; make test runs it (the class counts stay fast)
def test_classify_all_agrees_with_the_one_by_one_evaluation_of_every_hand():
    """All 2,598,960 hands, one at a time, against the bytes assembled in blocks."""
    f = evaluator("foster")
    classes = {v.order: v.hand_class for v in table("foster").values}
    codes = classify_all("foster")
    assert len(codes) == 2_598_960
    mismatches = sum(1 for i, h in enumerate(combinations(range(52), 5)) if CLASSES[codes[i]] is not classes[f(h)])
    assert mismatches == 0


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["mistigris", "blaze,skip,tiger,big-dog,round-the-corner"])
def test_the_shape_counts_agree_with_enumerating_every_hand(rules):
    f = evaluator(rules)
    classes = {v.order: v.hand_class for v in table(rules).values}
    n = 53 if "mistigris" in rules else 52
    counts = Counter(classes[f(h)] for h in combinations(range(n), 5))
    assert {c: counts.get(c, 0) for c in rule_set(rules).ascending} == pat_counts(rules)


def test_bobtails_dealt_are_fosters_four_card_flushes_and_straights_that_are_not_openers():
    # 000:400; checked hand by hand in the slow test below
    assert bobtails_dealt() == bobtails_dealt("any") == 411_252
    assert bobtails_dealt("open-end") == 172_020
    with pytest.raises(ValueError):
        bobtails_dealt("inside")


@pytest.mark.slow
def test_bobtails_dealt_agree_with_examining_every_hand():
    f = evaluator("foster")
    jacks = evaluate("Jh Jd 4c 3s 2d").order
    kinds: dict[int, object] = {}
    any_kind = open_end = 0
    for h in combinations(range(52), 5):
        if f(h) >= jacks:
            continue
        suits, mask = [0, 0, 0, 0], 0
        for c in h:
            suits[c & 3] += 1
            mask |= 1 << ((c >> 2) + 2)
        if mask not in kinds:
            kinds[mask] = four_card_straight(tuple(r for r in range(2, 15) if mask >> r & 1))
        any_kind += 4 in suits or kinds[mask] is not None
        open_end += 4 in suits or kinds[mask] == "open-end"
    assert (any_kind, open_end) == (bobtails_dealt("any"), bobtails_dealt("open-end"))


@pytest.mark.slow
def test_the_four_card_straights_dealt_pat_counted_hand_by_hand():
    # content/verdicts.yml: foster-odds-open-straight-dealt-count and -interior- give these counts
    # as the readings that do not reach Foster's 103,808 and 395,264; engine.deal counts them by shape.
    from engine.cards import DECK
    from engine.rules import four_card_straight
    counts = {"open-end": 0, "inside": 0, "one-end": 0}
    for hand in combinations(DECK, 5):
        ranks = tuple(c.rank for c in hand)
        kind = four_card_straight(ranks)
        made = len(set(ranks)) == 5 and (max(ranks) - min(ranks) == 4 or set(ranks) == {14, 2, 3, 4, 5})
        if kind and not made:
            counts[kind] += 1
    assert counts == {"open-end": 78_336, "inside": 246_784, "one-end": 19_456}
    assert counts == {k: four_card_straights_dealt(k) for k in counts}
