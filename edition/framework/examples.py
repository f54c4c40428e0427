"""Example hands for glossary entries that name a hand or a rank, made and ranked by the engine.

content/glossary.yml gives an entry ``example: {cards: "KS KH QD QC JS", rules: blaze}``; the
engine evaluates the hand under that rule set, says where its class ranks, and counts how often
it is dealt pat. The glossary shows it beside the authors' definitions.

A class is ranked by its tier: classes that tie as classes (a royal flush is a straight flush in
Foster's standard game; a round-the-corner straight is a straight where it is played) share one,
and the example names both the class of the hand and the tier it is ranked in. The counts are of
the whole class (every no-pair hand, not only those king high), and the page says so.
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
    rules: str  # the rule set's name in the engine ("blaze"); never shown to the reader
    rules_title: str  # the rule set's name for the reader ("Foster's standard game, with the blaze")
    described: str  # "a blaze, kings and queens"
    hand_class: str  # "Royal flush"
    tier_class: str  # the class its tier is named by: "Straight flush" for a royal flush
    below: tuple[str, ...]  # the classes of the tier just below it; () for the lowest
    above: tuple[str, ...]  # the classes of the tier just above it; () for the highest
    dealt: int  # pat hands of its class
    total: int
    odds: str  # "6,015 to 1": against its class
    tier_dealt: int  # pat hands of its tier (= dealt when the class has its own tier)
    tier_odds: str


def example(cards: str, rules: str = "foster") -> Example:
    """Make an example hand.

    >>> e = example("KS KH QD QC JS", "blaze")
    >>> e.cards, e.described, e.rules_title, e.below, e.above, e.dealt, e.odds
    ('K♠ K♥ Q♦ Q♣ J♠', 'a blaze, kings and queens', "Foster's standard game, with the blaze", ('Two pairs',), \
('Three of a kind',), 432, '6,015 to 1')
    >>> r = example("AS KS QS JS TS")
    >>> r.hand_class, r.tier_class, r.below, r.above, r.dealt, r.tier_dealt
    ('Royal flush', 'Straight flush', ('Four of a kind',), (), 4, 40)
    """
    hand = parse_cards(cards)
    rs = rule_set(rules)
    value = evaluate(hand, rules)
    tiers = rs.tiers
    i = rs.tier(value.hand_class)
    counts, total = pat_counts(rules), pat_total(rules)
    tier_dealt = sum(counts[c] for c in tiers[i])
    dealt = counts[value.hand_class]
    return Example(format_cards(hand, "symbol"), rules, rs.title, describe(value), value.hand_class.value,
                   tiers[i][0].value,
                   tuple(c.value for c in tiers[i - 1]) if i else (),
                   tuple(c.value for c in tiers[i + 1]) if i + 1 < len(tiers) else (),
                   dealt, total, Odds(Fraction(dealt, total)).to_one(),
                   tier_dealt, Odds(Fraction(tier_dealt, total)).to_one())
