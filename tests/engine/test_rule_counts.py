"""The pat hands of each class under many rule sets at once (engine.rule_counts): the same counts as
``deal.pat_counts``, which classes every hand under one rule set, for every rule set a table may choose."""
from __future__ import annotations

import pytest

from engine.deal import pat_counts, pat_total
from engine.rule_counts import pat_counts_for
from engine.rules import HandClass, combinations

from .hands import quick_first

ALLOWED = [rs.name for rs in combinations()[0]]
# The standard game, one extra hand, the joker, and every extra hand with the joker first: the fast loop
# takes the first.
FIRST = ["foster+blaze+tiger+mistigris", "foster", "foster-proper", "early+mistigris",
         "foster+big-dog+blaze+round-the-corner+skip+tiger+mistigris"]


@pytest.mark.parametrize("name", quick_first(FIRST + [n for n in ALLOWED if n not in FIRST]))
def test_counts_equal_the_whole_classification(name):
    assert pat_counts_for([name])[0] == pat_counts(name)


def test_counts_of_many_rule_sets_come_in_their_order_and_sum_to_the_pack():
    blaze, proper, joker = pat_counts_for(["blaze", "foster-proper", "mistigris"])
    assert (blaze[HandClass.BLAZE], proper[HandClass.BLAZE], joker[HandClass.FIVE_OF_A_KIND]) == (432, 768, 13)
    assert sum(blaze.values()) == pat_total("blaze") == 2598960
    assert sum(joker.values()) == pat_total("mistigris") == 2869685
    assert list(proper)[:4] == [HandClass.NO_PAIR, HandClass.ONE_PAIR, HandClass.TWO_PAIRS, HandClass.THREE_OF_A_KIND]
