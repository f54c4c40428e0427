"""Example hands for glossary entries that name a hand or a rank, made and ranked by the engine.

content/glossary.yml gives an entry ``example: {cards: "KS KH QD QC JS", rules: blaze}``; the
engine evaluates the hand under that rule set, says where its class ranks, and counts how often
it is dealt pat. The glossary shows it beside the authors' definitions.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.cards import format_cards, parse_cards
from engine.deal import pat_counts, pat_total
from engine.idiom import Odds
from engine.ranking import describe, evaluate
from engine.rules import rule_set


@dataclass(frozen=True)
class Example:
    cards: str  # with suit symbols
    rules: str
    described: str  # "a blaze, kings and queens"
    hand_class: str
    beats: str  # the class just below it
    loses_to: str  # the class just above it
    dealt: int  # pat hands of its class
    total: int
    odds: str  # "6,015 to 1"


def example(cards: str, rules: str = "foster") -> Example:
    """Make an example hand.

    >>> e = example("KS KH QD QC JS", "blaze")
    >>> e.cards, e.described, e.beats, e.loses_to, e.dealt, e.odds
    ('K♠ K♥ Q♦ Q♣ J♠', 'a blaze, kings and queens', 'Two pairs', 'Three of a kind', 432, '6,015 to 1')
    """
    hand = parse_cards(cards)
    value = evaluate(hand, rules)
    order = [c for c in rule_set(rules).ascending]
    i = order.index(value.hand_class)
    dealt, total = pat_counts(rules)[value.hand_class], pat_total(rules)
    return Example(format_cards(hand, "symbol"), rules, describe(value), value.hand_class.value,
                   order[i - 1].value if i else "nothing", order[i + 1].value if i + 1 < len(order) else "nothing",
                   dealt, total, Odds(Fraction(dealt, total)).to_one())
